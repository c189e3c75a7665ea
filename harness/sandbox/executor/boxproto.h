/* SPDX-License-Identifier: MIT */
/* boxproto: what the harness (box.c) and the executor inside a kept
 * sandbox (executor.c) say to each other, over a SOCK_SEQPACKET socket
 * that is the executor's standard input. One job at a time:
 *
 *   harness -> executor  BOX_RUN: the command's words, each ended by a
 *                        NUL, with two descriptors (SCM_RIGHTS): its
 *                        stdout and stderr
 *   executor -> harness  BOX_STARTED, once the job is forked (err: 0, or
 *                        fork's errno: the job did not run and nothing
 *                        follows); a command that cannot be executed
 *                        fails as under bwrap, with its message and
 *                        exit status 1
 *   harness -> executor  BOX_KILL, any number of times: end the job now
 *   executor -> harness  BOX_ENDED (status as wait(2) gives it; cpu_us:
 *                        the user and system time of every process of
 *                        the job; bound: BOX_BOUND_MEMORY when the
 *                        executor killed the job for the memory all its
 *                        processes held), once every process of the job
 *                        is gone
 *
 * The executor then empties the sandbox's writable places and checks
 * that nothing the job could change is changed before it reads the next
 * request; where something is, it ends (the sandbox is retired, and the
 * harness starts another for the next job). At end of file it ends, and
 * the sandbox with it.
 *
 * The executor is started as "/proc/self/fd/3 MODE" (BOX_FD_EXEC): MODE
 * "compile" (a compile or a probe) or "tree" (a tree job's build, whose
 * writable bindings are its build directories and whose filter lets it
 * start sandboxes of its own: seccomp.h).
 */
#ifndef BOXPROTO_H
#define BOXPROTO_H

#include <stdint.h>

enum {
	BOX_RUN = 'R',
	BOX_KILL = 'K',
	BOX_STARTED = 'S',
	BOX_ENDED = 'E',
	/* a request's size, words included: a longer command cannot run */
	BOX_MAX_REQUEST = 60 * 1024,
	BOX_MAX_WORDS = 4096,
	BOX_BOUND_MEMORY = 1,
};

/* The identity of every job (docs/trust.md): user and group 2000000000
 * inside the sandbox. Where the harness runs as root it maps them to the
 * same ids on the host, which no account of Debian's has, so that a job is
 * never the host's root; for an ordinary user, the kernel maps them to
 * that user, the only id it may map. */
#define BOX_JOB_ID 2000000000u

/* The descriptors the harness gives bwrap: the executor's program, and,
 * where it runs as root, the two ends of the handshake in which it writes
 * the sandbox's user namespace's map itself (bwrap --userns-block-fd,
 * --info-fd). */
enum {
	BOX_FD_EXEC = 3,
	BOX_FD_USERNS_BLOCK = 4,
	BOX_FD_INFO = 5,
};

/* The processes one job may have at once (RLIMIT_NPROC, counted in the
 * sandbox's own user namespace), a compile's and a tree build's. */
enum {
	BOX_PROCS_COMPILE = 256,
	BOX_PROCS_TREE = 2048,
};

struct box_reply {
	int32_t type;           /* BOX_STARTED or BOX_ENDED */
	int32_t err;
	int32_t status;
	int32_t bound;          /* BOX_ENDED: BOX_BOUND_MEMORY, or 0 */
	int64_t cpu_us;
};

#endif
