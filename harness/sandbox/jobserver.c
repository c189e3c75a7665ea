/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util.h"
#include "sandbox/jobserver.h"

/* A new, non-blocking file description on the pipe behind fd. */
static int
reopen(int fd, int mode)
{
	char path[64];

	if (fcntl(fd, F_GETFD) < 0)
		return -1;      /* make did not pass it to us (no '+' on the recipe) */
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return open(path, mode | O_NONBLOCK | O_CLOEXEC);
}

/* Both ends are one pipe or FIFO: descriptors inherited under those
 * numbers may be anything (a file written with tokens would be damaged). */
static int
same_pipe(int r, int w)
{
	struct stat a, b;

	return fstat(r, &a) == 0 && fstat(w, &b) == 0 && S_ISFIFO(a.st_mode) && S_ISFIFO(b.st_mode) &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int
jobserver_open(struct jobserver *js)
{
	const char *flags = getenv("MAKEFLAGS"), *p;
	const char *opts[] = { "--jobserver-auth=", "--jobserver-fds=" };

	js->rfd = js->wfd = -1;
	if (!flags)
		return 0;
	for (size_t i = 0; i < LEN(opts); i++) {
		const char *last = NULL;
		/* the last occurrence wins, as in make */
		for (p = flags; (p = strstr(p, opts[i])); p++)
			last = p;
		if (!last)
			continue;
		p = last + strlen(opts[i]);
		if (!strncmp(p, "fifo:", 5)) {
			size_t n = strcspn(p + 5, " ");
			char *path = xstrndup(p + 5, n);
			js->rfd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
			js->wfd = js->rfd >= 0 ? dup(js->rfd) : -1;
			free(path);
		} else {
			int r, w;
			if (sscanf(p, "%d,%d", &r, &w) != 2 || r < 0 || w < 0)
				return 0;
			js->rfd = reopen(r, O_RDONLY);
			js->wfd = js->rfd >= 0 ? reopen(w, O_WRONLY) : -1;
		}
		if (js->rfd < 0 || js->wfd < 0 || !same_pipe(js->rfd, js->wfd)) {
			jobserver_close(js);
			return 0;
		}
		return 1;
	}
	return 0;
}

int
jobserver_take(struct jobserver *js)
{
	unsigned char c;
	ssize_t n;

	if (js->rfd < 0)
		return -1;
	do
		n = read(js->rfd, &c, 1);
	while (n < 0 && errno == EINTR);
	return n == 1 ? c : -1;
}

void
jobserver_give(struct jobserver *js, int token)
{
	unsigned char c = (unsigned char)token;
	ssize_t n;

	if (js->wfd < 0 || token < 0)
		return;
	do
		n = write(js->wfd, &c, 1);
	while (n < 0 && errno == EINTR);
}

void
jobserver_close(struct jobserver *js)
{
	if (js->rfd >= 0)
		close(js->rfd);
	if (js->wfd >= 0)
		close(js->wfd);
	js->rfd = js->wfd = -1;
}
