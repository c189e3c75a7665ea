/* SPDX-License-Identifier: MIT */
/* box: sandboxes kept for many jobs.
 *
 * A job's sandbox (root.h, root_enter) is the words of bwrap's command up
 * to its "--". A box is that sandbox started once with an executor
 * (executor.c, boxproto.h) as its PID 1 in place of the job's command, and
 * kept: every later job whose command begins with the same words (and
 * mode) runs in it, one at a time, as the executor's child. A job sees
 * what it would see in a sandbox of its own: the executor kills what a job
 * leaves running, empties every writable place and checks that nothing
 * else changed before the next one, and retires the sandbox where it
 * cannot (the next job then gets a new box).
 *
 * Every sandboxed process runs in a box, a tree job's build too (mode
 * BOX_TREE): the executor is what gives a job its identity, its bounds and
 * its system-call filter. Where the harness runs as root, box.c writes the
 * map of each sandbox's user namespace itself (root.h: bwrap waits for it).
 *
 * Boxes are started when a job first needs one, at most BOX_KEEP at once
 * (the one used longest ago is ended to make room), and all are ended by
 * box_close_all, or when the harness ends (bwrap --die-with-parent). Where
 * no box can run a job, box_start says why, and nothing ran: there is no
 * running without one (fail closed).
 */
#ifndef BOX_H
#define BOX_H

#include <stddef.h>

#include "lib/util.h"

enum { BOX_KEEP = 64 };

enum box_mode {
	BOX_COMPILE = 1,        /* a compile or a probe */
	BOX_TREE,               /* a tree job's build (seccomp.h) */
};

struct box;

/* Run argv's command (argv->v[at...]) in a box of argv's first at words
 * (a sandbox as root_enter makes it, ending in "--", behind prlimit or
 * not) and mode, with out and err as its stdout and stderr (the caller
 * keeps and closes its own descriptors). Returns the box, busy until
 * box_done or box_drop; NULL when no box could start the command (nothing
 * ran), with *why (allocated): what bwrap or the executor said, or why
 * the command cannot be sent. */
struct box *box_start(const struct strvec *argv, size_t at, enum box_mode mode, int out, int err, char **why);
/* Readable when the job has ended or the box died: then box_poll. */
int box_fd(const struct box *b);
/* 1: the job ended, *status as wait(2)'s, *cpu its processes' CPU
 * seconds, *bound (unless NULL) the bound the executor ended it for
 * (BOX_BOUND_MEMORY) or 0; 0: not yet; -1: the box died (the job is
 * lost). */
int box_poll(struct box *b, int *status, double *cpu, int *bound);
/* End the job now: every process it started. Its end follows (box_poll). */
void box_kill(struct box *b);
/* The job has ended (box_poll said 1): the box is kept for another. */
void box_done(struct box *b);
/* End the box, and the job it runs if any. */
void box_drop(struct box *b);
/* End every box. */
void box_close_all(void);

/* Where the command of argv, a sandboxed job as root.h writes it (behind
 * prlimit or not), begins: after bwrap's "--"; 0 when argv is no such
 * job. *mode: the sandbox's, a tree job's where it binds a directory
 * writable. */
size_t box_command_at(const struct strvec *argv, enum box_mode *mode);
/* Run argv (at: box_command_at's) in a box of its own, to its end, its
 * output on this process's: what `diagmatrix sandbox` does with a command
 * a results file records. Returns its wait status, or -1 with *why. */
int box_run(const struct strvec *argv, size_t at, enum box_mode mode, char **why);

struct box_stats {
	size_t started;         /* boxes started */
	size_t jobs;            /* jobs run in a box */
	size_t refused;         /* jobs no box could run (each an error) */
};
void box_stats(struct box_stats *st);

#endif
