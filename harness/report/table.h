/* SPDX-License-Identifier: MIT */
/* table: results as a GitHub-flavoured markdown compatibility table.
 *
 * One section per case (title, references, file), one column per compiler,
 * one row per expectation and per line where something unexpected fired,
 * and a verdict row. A cell shows what fired (the option) and whether it
 * was expected, missing, unexpected or a known false positive; where the
 * compiler's targets and profiles disagree, each distinct value is listed
 * with the targets or profiles it holds for.
 */
#ifndef TABLE_H
#define TABLE_H

#include <stdio.h>

#include "report/results.h"

void table_write(FILE *fp, const struct results *r);
/* Only the counts and the overview (for FINDINGS.md, which embeds it). */
void table_write_overview(FILE *fp, const struct results *r);

#endif
