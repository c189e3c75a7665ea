/* SPDX-License-Identifier: MIT */
/* diff: what changed between two runs, per case and configuration
 * (case, compiler, target, profile): verdicts that changed, diagnostics
 * that appeared or disappeared, configurations that came or went.
 */
#ifndef DIFF_H
#define DIFF_H

#include <stdio.h>

#include "report/results.h"

enum diff_format { DIFF_TEXT, DIFF_MARKDOWN };

/* Write the differences of new against old to fp. Returns the number of
 * configurations that fail or err in new and did not in old (a
 * configuration new in new counts when it fails). When no verdict and no
 * diagnostic changed (durations and the header do not count), it says
 * "nothing changed" first. */
size_t results_diff(FILE *fp, const struct results *old, const struct results *new, enum diff_format fmt);

#endif
