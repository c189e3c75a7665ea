/* SPDX-License-Identifier: MIT */
/* step: one command run to its end the way the harness runs every job
 * (sched.h: no shell, its own process group, killed with all it started
 * at its deadline or when the harness is interrupted), its output
 * appended to a log as it comes, passed on line by line if asked, and
 * kept (up to a bound) for the caller to read: the building of roots, and
 * the downloads and builds of trees.
 */
#ifndef STEP_H
#define STEP_H

#include "lib/util.h"
#include "sandbox/sched.h"

struct step {
	struct strvec argv;     /* the command (the caller's: step_run copies it) */
	char **envp;            /* NULL: the harness's environment (borrowed) */
	const char *cwd;        /* NULL: the harness's directory */
	double timeout;         /* seconds; 0: none */
	size_t command_at;      /* as struct proc's: argv[0] is a wrapper (bwrap) */
	int box;                /* as struct proc's reuse: the sandbox runs in a box (box.h) */
	int log;                /* a descriptor its output is appended to, or -1 */
	int copy[2];            /* > 0: a descriptor its standard output ([0]) or error ([1])
	                           alone is appended to as well, as it comes; 0: none */
	size_t keep;            /* bytes of each stream kept in the result; 0: none */
	void (*line)(void *ctx, const char *line);  /* each whole line of output, or NULL */
	void *ctx;
};

/* Run s. Returns what sched_run does: 0 when it ran (r says how it
 * ended), the signal that interrupted it, or -errno when the scheduler
 * failed. r->out and r->err hold what was kept: sb_release them. */
int step_run(const struct step *s, struct proc_result *r);

#endif
