/* SPDX-License-Identifier: MIT */
/* overview: the answer at a glance, as rows of a grid (grid.h).
 *
 * One row per thing the library checks: each case-overview line of a case
 * (its directives on that line), or the whole case when it names none.
 * Rows are grouped by topic (the case's directory), in case order. A
 * row's value in a configuration says in a few words what happened
 * there: the options that satisfied its expectations ("-Wfoo"), "FP
 * -Wfoo", "silent", "✗ missing", "⚠ -Wfoo" (unexpected), "compiler
 * failed", "n/a", "skip"; and its class, for colour.
 *
 * Also what table.c shares with it: the jobs of each case, and the
 * options of the diagnostics that satisfied a directive.
 */
#ifndef OVERVIEW_H
#define OVERVIEW_H

#include "report/grid.h"

enum oclass { OC_NONE, OC_SILENT, OC_FIRES, OC_FP, OC_FAIL, OC_ERROR, OC_COUNT };

struct orow {
	char *topic;
	char *title;
	size_t caseidx;
	int line;               /* 0: the whole case */
	struct grid_row values;
	unsigned char *cls;     /* enum oclass, per configuration */
};

struct overview {
	struct orow *v;
	size_t n;
};

/* The jobs of each case (r sorted by case): case i's are first[i] to
 * end[i] - 1. Both allocated. */
void case_jobs(const struct results *r, size_t **first, size_t **end);

/* Add to out, each once, the options of the diagnostics of j that
 * satisfied directive d of c: "-Wfoo", "-Wfoo (error)" for an error, the
 * severity for a diagnostic without an option. Without a record of what
 * satisfied what (older results, DejaGnu), those of status st on d's
 * line. */
void satisfied_options(struct strvec *out, const struct rcase *c, const struct rjob *j, size_t d, enum dstatus st);

void overview_build(struct overview *o, const struct results *r, const struct grid *g);
void overview_release(struct overview *o, const struct grid *g);
/* What a class means, for legends. */
const char *oclass_label(enum oclass c);

#endif
