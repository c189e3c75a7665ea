/* SPDX-License-Identifier: MIT */
/* jobserver: a GNU make job server client, so that `make -jN` and the
 * harness share N.
 *
 * Under make, MAKEFLAGS holds --jobserver-auth=R,W (a pipe) or
 * --jobserver-auth=fifo:PATH. The harness, like any recipe, owns one
 * implicit token; every job it runs beyond the first takes a token (one
 * byte read from the job server) and gives it back when it ends. The
 * descriptors are reopened non-blocking, on a file description of our own,
 * so make's own descriptors keep their flags.
 */
#ifndef JOBSERVER_H
#define JOBSERVER_H

struct jobserver {
	int rfd, wfd;           /* -1 when there is none */
};

/* Find the job server in MAKEFLAGS. Returns 1 when there is one; 0 when
 * there is none or its descriptors are not both ends of one pipe or FIFO
 * (inherited numbers may name anything, a file that tokens would damage). */
int jobserver_open(struct jobserver *js);
/* Take a token: its byte, or -1 when none is free now (poll rfd). */
int jobserver_take(struct jobserver *js);
void jobserver_give(struct jobserver *js, int token);
void jobserver_close(struct jobserver *js);

#endif
