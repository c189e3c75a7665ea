/* SPDX-License-Identifier: MIT */
/* record: the one path from a finished compile to the results being
 * written, for every command that compiles (run and the atlas through
 * exec.c, tree through cmd/tree.c): a compile's verdict, reason,
 * command, end and diagnostics become one job record, counted by
 * verdict; a fail or an error is also kept as a line for the terminal,
 * which the caller prints when it suits its output (a run at its end,
 * under its progress line; a tree build as each unit ends).
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdio.h>

#include "lib/util.h"
#include "model/diag.h"
#include "model/kinds.h"
#include "report/results.h"

struct recorder {
	struct results_writer w;        /* the file being written (results_writer_begin) */
	struct results res;             /* its cases, toolchains, profiles and meta */
	size_t counts[5];               /* by verdict */
	struct strvec failures;         /* "VERDICT: CASE COMPILER@TARGET PROFILE: REASON",
	                                   printable, not yet printed */
};

/* One compile, as recorded (every pointer borrowed). */
struct record {
	size_t caseidx;                 /* into res.cases */
	const char *compiler, *version, *target, *profile;
	enum verdict verdict;
	const char *reason;             /* NULL: none */
	const struct strvec *argv;      /* the command it ran, or NULL */
	const enum outcome *outcomes;   /* per expectation of the case, or NULL */
	const struct diaglist *dl;      /* what it printed, parsed, or NULL */
	int exit_code, signal;
	double seconds;
};

void record_job(struct recorder *rc, const struct record *r);
/* Print the failures kept (sorted first when sorted), and forget them. */
void record_print_failures(struct recorder *rc, FILE *fp, int sorted);
/* The results' own diagnostics of dl (allocated, dl->n of them, borrowing
 * dl's strings). */
struct rdiag *record_diags(const struct diaglist *dl);
/* Release res and the failures (not the writer: results_writer_end). */
void recorder_release(struct recorder *rc);

#endif
