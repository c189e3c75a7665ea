/* SPDX-License-Identifier: MIT */
/* exec: carry out a plan (plan.h): decided jobs are recorded as they are,
 * the cache answers what it can, the rest is compiled through sched, each
 * job is judged (match.h) as it ends and written to the results file at
 * once (results.h). Longest jobs go first, by the durations of the
 * previous results at the same path.
 */
#ifndef EXEC_H
#define EXEC_H

#include "model/diag.h"
#include "pipeline/plan.h"
#include "report/results.h"

struct exec_opts {
	const char *out;            /* the results file */
	double timeout;             /* > 0: overrides the configuration */
	int quiet;                  /* no progress, no failure lines, no summary */
	int progress_only;          /* progress (a status line, or lines piped), but no failure lines, no summary */
	const char *config;         /* for the results' meta */
};

/* Returns the exit status of `run`: 0 (every job passed or was skipped,
 * n/a), 1 (a job failed or was an error), 2 (the results could not be
 * written, or the scheduler failed), 128 + N (interrupted by signal N:
 * the results say so). */
int exec_plan(struct plan *p, const struct exec_opts *o);

/* The time n compilers' jobs still to run will take (the progress
 * line's estimate): each compiler's left[c] jobs at what its ran[c] so
 * far spent[c] (one that has run none: at all compilers' mean), over the
 * jobs run at once. A compiler is often ten times another (a root's Clang
 * beside GCC 9): the rate of all jobs so far says less. 0: none ran. */
double exec_time_left(const size_t *left, const size_t *ran, const double *spent, size_t n, int parallel);
/* The results' record of the toolchain pr probed (the tree runs' too). */
void exec_add_toolchain(struct results *res, const struct config *cfg, const struct probe *pr);
/* The records every run's results begin with: date, host, harness,
 * revision, config. */
void exec_run_meta(struct results *res, const char *config);

#endif
