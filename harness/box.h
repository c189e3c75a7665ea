/* SPDX-License-Identifier: MIT */
/* box: sandboxes kept for many jobs.
 *
 * A job's sandbox (root.h, root_enter) is made by bwrap for the job and
 * torn down after it: namespaces, mounts and three programs started, 3 to
 * 8 ms a job, a fifth of a run's CPU. A box is the same sandbox, the very
 * words of the job's command up to bwrap's "--", started once with an
 * executor (executor.c, boxproto.h) as its PID 1 in place of the job's
 * command, and kept: every later job whose command begins with the same
 * words runs in it, one at a time, as the executor's child. A job sees
 * what it would see in a sandbox of its own: the executor kills what a job
 * leaves running and empties every writable place before the next one.
 *
 * Boxes are started when a job first needs one, at most BOX_KEEP at once
 * (the one used longest ago is ended to make room), and all are ended by
 * box_close_all, or when the harness ends (bwrap --die-with-parent). Where
 * no box can run a job (the executor could not start in that sandbox, a
 * command too long for a request), box_start says so and the caller runs
 * the job's own command, in a sandbox of its own, as before.
 */
#ifndef BOX_H
#define BOX_H

#include <stddef.h>

#include "util.h"

enum { BOX_KEEP = 64 };

struct box;

/* Run argv's command (argv->v[at...]) in a box of argv's first at words
 * (a sandbox as root_enter makes it, ending in "--", behind prlimit or
 * not), with out and err as its stdout and stderr (the caller keeps and
 * closes its own descriptors). Returns the box, busy until box_done or
 * box_drop; NULL when no box could start the command (nothing ran). */
struct box *box_start(const struct strvec *argv, size_t at, int out, int err);
/* Readable when the job has ended or the box died: then box_poll. */
int box_fd(const struct box *b);
/* 1: the job ended, *status as wait(2)'s, *cpu its processes' CPU
 * seconds; 0: not yet; -1: the box died (the job is lost). */
int box_poll(struct box *b, int *status, double *cpu);
/* End the job now: every process it started. Its end follows (box_poll). */
void box_kill(struct box *b);
/* The job has ended (box_poll said 1): the box is kept for another. */
void box_done(struct box *b);
/* End the box, and the job it runs if any. */
void box_drop(struct box *b);
/* End every box. */
void box_close_all(void);

struct box_stats {
	size_t started;         /* boxes started */
	size_t jobs;            /* jobs run in a box */
	size_t refused;         /* jobs a box could not run, run in a sandbox of their own */
};
void box_stats(struct box_stats *st);

#endif
