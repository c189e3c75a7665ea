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
 *                        the job), once every process of the job is gone
 *
 * The executor then empties the sandbox's writable places before it reads
 * the next request; at end of file it ends, and the sandbox with it.
 */
#ifndef BOXPROTO_H
#define BOXPROTO_H

#include <stdint.h>

enum {
	BOX_RUN = 'R',
	BOX_KILL = 'K',
	BOX_STARTED = 'S',
	BOX_ENDED = 'E',
	/* a request's size, words included: a command longer than this is
	 * run in a sandbox of its own */
	BOX_MAX_REQUEST = 60 * 1024,
	BOX_MAX_WORDS = 4096,
};

struct box_reply {
	int32_t type;           /* BOX_STARTED or BOX_ENDED */
	int32_t err;
	int32_t status;
	int32_t pad;
	int64_t cpu_us;
};

#endif
