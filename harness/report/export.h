/* SPDX-License-Identifier: MIT */
/* export: results as machine-readable text (docs/interface.md).
 *
 *   tsv: header + one row per distinct diagnostic per configuration
 *   tap: TAP version 13, one test point per case and configuration
 *   junit: JUnit XML for CI dashboards
 *   jsonl: one JSON object per diagnostic
 */
#ifndef EXPORT_H
#define EXPORT_H

#include <stdio.h>

#include "report/results.h"

void export_tsv(FILE *fp, const struct results *r);
void export_tap(FILE *fp, const struct results *r);
/* JUnit XML: a testsuite per case, a testcase per configuration. */
void export_junit(FILE *fp, const struct results *r);
/* JSON Lines: one object per diagnostic, the fields of the tsv export. */
void export_jsonl(FILE *fp, const struct results *r);

/* s as a JSON string: escaped, invalid UTF-8 replaced by U+FFFD. */
void export_json_str(FILE *fp, const char *s);

/* A directive as a one-line description: "line 8: expect-warning \"re\" [-Wfoo] {sel}". */
void describe_rdirective(struct strbuf *sb, const struct rdirective *d);

#endif
