/* SPDX-License-Identifier: MIT */
/* match: the verdict of one compile (docs/case-format.md, "Meaning of a run"):
 * how the compiler ended, then its diagnostics against the case's
 * directives, judged by the case's dialect (dialect.h).
 *
 * Pure: no I/O. The caller owns every argument.
 */
#ifndef MATCH_H
#define MATCH_H

#include "model/casefile.h"
#include "model/diag.h"
#include "model/kinds.h"
#include "model/selector.h"

/* How the compiler process ended. */
struct exit_info {
	int spawn_errno;   /* the compiler could not be started (errno), else 0 */
	int timed_out;     /* killed at its deadline */
	double timeout;    /* the deadline, seconds, for the message */
	int signal;        /* killed by this signal, else 0 */
	int exit_code;     /* when it exited */
	int over_memory;   /* killed for the memory all its processes held (sched.h) */
	int no_sandbox;    /* no sandbox could run it (sched.h): why is the first line of its output */
};

/* Match the output of one compile (text, len bytes; dl, the same parsed)
 * against the directives of cf that apply in env; sets each diagnostic's
 * status, writes one outcome per directive to out (cf->ndirs entries) and
 * returns the verdict. For fail and error, *reason is set to an allocated
 * one-line explanation, else to NULL. A pattern that cannot be matched
 * within the limits of rx.h makes the verdict an error that names it. */
enum verdict match_job(const struct casefile *cf, const struct sel_env *env,
                       const char *text, size_t len, struct diaglist *dl, const struct exit_info *ei,
                       enum outcome *out, char **reason);

#endif
