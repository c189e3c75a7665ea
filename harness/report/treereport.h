/* SPDX-License-Identifier: MIT */
/* treereport: the results of tree jobs (cmd/tree.c) as the markdown report
 * results/kernel.md publishes: per tree and configuration, how many
 * -Wstringop-overflow and -Warray-bounds warnings each compiler printed
 * on each target; every one of them, where it fired, and the case that
 * explains it (or "unexplained"); every other diagnostic no expectation
 * explains; the units that did not build; the time per compiler and
 * target. Pure: results in, text out.
 */
#ifndef TREEREPORT_H
#define TREEREPORT_H

#include <stdio.h>

#include "report/results.h"

/* The options of value tracking whose rules the kernel survey is about. */
extern const char *const tree_report_options[];
extern const size_t tree_report_noptions;

void tree_report(FILE *fp, const struct results *r);

#endif
