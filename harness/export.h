/* export: results as machine-readable text (interface.md).
 *
 *   tsv: header + one row per distinct diagnostic per configuration
 *   tap: TAP version 13, one test point per case and configuration
 */
#ifndef EXPORT_H
#define EXPORT_H

#include <stdio.h>

#include "results.h"

void export_tsv(FILE *fp, const struct results *r);
void export_tap(FILE *fp, const struct results *r);

/* A directive as a one-line description: "line 8: expect-warning \"re\" [-Wfoo] {sel}". */
void describe_rdirective(struct strbuf *sb, const struct rdirective *d);

#endif
