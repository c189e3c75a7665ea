/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/box.h"
#include "sandbox/executor/boxproto.h"

extern const char diagmatrix_exec_bin[], diagmatrix_exec_bin_end[];

#ifndef MFD_EXEC
#define MFD_EXEC 0x0010U
#endif

/* how long a box may take to start a job: a new one must set up its
 * sandbox first */
#define START_MS 30000

struct box {
	char *key;              /* the mode, then the sandbox's words, each ended by a NUL */
	size_t keylen;
	pid_t pid;              /* bwrap (or prlimit, which became bwrap) */
	int sock;
	int err;                /* what bwrap and the executor say on stderr */
	int busy;
	unsigned long used;     /* when it last took a job, for the least recently used */
};

static struct box *boxes[BOX_KEEP];
static size_t nboxes;
static unsigned long clock_;
static int exec_fd = -1;        /* the executor, as a memory file; -2: none can be made */
/* keys whose box could not start, and how often: one that failed twice in
 * a row is not tried again (a transient failure, a fork refused under
 * load, gets a second chance) */
static struct failed { char *key; size_t len; char *why; int times; } *failed;
static size_t nfailed, capfailed;
static struct box_stats stats;

/* The executor's bytes in a memory file, made once. */
static int
executor_fd(void)
{
	size_t n = (size_t)(diagmatrix_exec_bin_end - diagmatrix_exec_bin), off = 0;
	int fd;

	if (exec_fd != -1)
		return exec_fd;
	/* kernels that know MFD_EXEC want it said; older ones refuse it */
	if ((fd = memfd_create("diagmatrix-exec", MFD_CLOEXEC | MFD_EXEC)) < 0)
		fd = memfd_create("diagmatrix-exec", MFD_CLOEXEC);
	while (fd >= 0 && off < n) {
		ssize_t w = write(fd, diagmatrix_exec_bin + off, n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			close(fd);
			fd = -1;
			break;
		}
		off += (size_t)w;
	}
	return exec_fd = fd >= 0 ? fd : -2;
}

static struct failed *
find_failed(const char *key, size_t len)
{
	for (size_t i = 0; i < nfailed; i++)
		if (failed[i].len == len && !memcmp(failed[i].key, key, len))
			return &failed[i];
	return NULL;
}

static const char *
has_failed(const char *key, size_t len)
{
	struct failed *f = find_failed(key, len);

	return f && f->times >= 2 ? f->why : NULL;
}

static void
note_failed(const char *key, size_t len, const char *why)
{
	struct failed *f = find_failed(key, len);
	char *k;

	if (f) {
		free(f->why);
		f->why = xstrdup(why);
		f->times++;
		return;
	}
	k = xcalloc(len + 1, 1);
	memcpy(k, key, len);
	xgrow((void **)&failed, &capfailed, nfailed + 1, sizeof(*failed));
	failed[nfailed++] = (struct failed){ k, len, xstrdup(why), 1 };
}

/* A box of key ran its first job: its failures before are forgotten. */
static void
forget_failed(const char *key, size_t len)
{
	struct failed *f = find_failed(key, len);

	if (f)
		f->times = 0;
}

static int
write_map(pid_t pid, const char *file, const char *map)
{
	char path[64];
	int fd, ok;

	snprintf(path, sizeof(path), "/proc/%ld/%s", (long)pid, file);
	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
		return -1;
	ok = write(fd, map, strlen(map)) == (ssize_t)strlen(map);
	close(fd);
	return ok ? 0 : -1;
}

/* The harness is root: read the sandbox's first process from bwrap's
 * --info-fd, give its user namespace root (the executor) and BOX_JOB_ID
 * (every job), each as itself on the host, and let bwrap go on
 * (--userns-block-fd). Returns 0 or -1. */
static int
map_userns(int info, int block)
{
	struct pollfd pf = { .fd = info, .events = POLLIN };
	char buf[256], map[64];
	const char *at;
	size_t n = 0;
	ssize_t r;
	long pid;

	while (n < sizeof(buf) - 1 && !memchr(buf, '}', n)) {
		if (poll(&pf, 1, START_MS) <= 0 || (r = read(info, buf + n, sizeof(buf) - 1 - n)) <= 0)
			return -1;
		n += (size_t)r;
	}
	buf[n] = 0;
	if (!(at = strstr(buf, "\"child-pid\":")) || (pid = strtol(at + 12, NULL, 10)) <= 0)
		return -1;
	snprintf(map, sizeof(map), "0 0 1\n%u %u 1\n", BOX_JOB_ID, BOX_JOB_ID);
	if (write_map((pid_t)pid, "uid_map", map) < 0 || write_map((pid_t)pid, "gid_map", map) < 0)
		return -1;
	return write(block, "1", 1) == 1 ? 0 : -1;
}

/* The descriptors bwrap gets, at their numbers (boxproto.h): from[i]
 * becomes i. Each is first moved above them, so that no dup2 overwrites
 * one still to be given. */
static void
give_fds(posix_spawn_file_actions_t *fa, const int *from, int n, int *moved)
{
	for (int i = 0; i < n; i++)
		moved[i] = from[i] < 0 ? -1 : fcntl(from[i], F_DUPFD_CLOEXEC, 16);
	for (int i = 0; i < n; i++)
		if (moved[i] >= 0)
			posix_spawn_file_actions_adddup2(fa, moved[i], i);
}

/* Start a box of key's sandbox: its words, then the executor in mode.
 * NULL, *why set, when bwrap cannot be started or its user namespace
 * cannot be mapped. */
static struct box *
box_new(const struct strvec *argv, size_t at, enum box_mode mode, char *key, size_t keylen, char **why)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	char **av;
	int sv[2], errp[2], info[2] = { -1, -1 }, block[2] = { -1, -1 }, from[6], moved[6], e;
	int root = geteuid() == 0, fd = executor_fd();
	struct box *b;
	pid_t pid;

	if (fd < 0 || socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return *why = xasprintf("cannot make the executor: %s", strerror(errno)), NULL;
	if (pipe2(errp, O_CLOEXEC) < 0 || (root && (pipe2(info, O_CLOEXEC) < 0 || pipe2(block, O_CLOEXEC) < 0))) {
		*why = xasprintf("cannot start the sandbox: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return NULL;
	}
	av = xcalloc(at + 3, sizeof(*av));
	memcpy(av, argv->v, at * sizeof(*av));
	av[at] = "/proc/self/fd/3";
	av[at + 1] = mode == BOX_TREE ? "tree" : "compile";
	posix_spawn_file_actions_init(&fa);
	from[0] = sv[1], from[1] = -1, from[2] = errp[1], from[BOX_FD_EXEC] = fd;
	from[BOX_FD_USERNS_BLOCK] = block[0], from[BOX_FD_INFO] = info[1];
	give_fds(&fa, from, 6, moved);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	spawnattr_own_group(&attr);
	e = posix_spawnp(&pid, av[0], &fa, &attr, av, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	free(av);
	for (int i = 0; i < 6; i++)
		if (moved[i] >= 0)
			close(moved[i]);
	close(sv[1]);
	close(errp[1]);
	if (root) {
		close(block[0]);
		close(info[1]);
	}
	if (!e && root && map_userns(info[0], block[1]) < 0) {
		char *said;
		kill(-pid, SIGKILL);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		said = fd_first_line(errp[0]);
		*why = said ? said : xstrdup("cannot map the sandbox's user namespace");
		e = -1;
	}
	if (root) {
		close(info[0]);
		close(block[1]);
	}
	stats.started++;
	if (e) {
		if (e > 0)
			*why = xasprintf("cannot start bwrap: %s", strerror(e));
		close(sv[0]);
		close(errp[0]);
		return NULL;
	}
	b = xcalloc(1, sizeof(*b));
	b->key = xcalloc(keylen + 1, 1);
	memcpy(b->key, key, keylen);
	b->keylen = keylen;
	b->pid = pid;
	b->sock = sv[0];
	b->err = errp[0];
	return b;
}

/* An idle box of key, or a new one where there is room (the idle box used
 * longest ago is ended to make it). *fresh: it is new. */
static struct box *
box_get(const struct strvec *argv, size_t at, enum box_mode mode, char *key, size_t keylen, int *fresh, char **why)
{
	struct box *lru = NULL, *b;

	*fresh = 0;
	for (size_t i = 0; i < nboxes; i++) {
		b = boxes[i];
		if (b->busy)
			continue;
		if (b->keylen == keylen && !memcmp(b->key, key, keylen))
			return b;
		if (!lru || b->used < lru->used)
			lru = b;
	}
	if (nboxes == BOX_KEEP) {
		if (!lru)
			return *why = xstrdup("every kept sandbox is busy"), NULL;
		box_drop(lru);
	}
	*fresh = 1;
	if (!(b = box_new(argv, at, mode, key, keylen, why)))
		return NULL;
	boxes[nboxes++] = b;
	return b;
}
/* The request: 'R', then the command's words. Returns its length, or 0
 * when it is too long. */
static size_t
request(const struct strvec *argv, size_t at, char *buf)
{
	size_t n = 1;

	buf[0] = BOX_RUN;
	if (argv->n - at > BOX_MAX_WORDS)
		return 0;
	for (size_t i = at; i < argv->n; i++) {
		size_t len = strlen(argv->v[i]) + 1;
		if (n + len > BOX_MAX_REQUEST)
			return 0;
		memcpy(buf + n, argv->v[i], len);
		n += len;
	}
	return n;
}

static int
send_request(struct box *b, const char *buf, size_t n, int out, int err)
{
	char cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct iovec iov = { (void *)buf, n };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);
	int fds[2] = { out, err };

	memset(cbuf, 0, sizeof(cbuf));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(cm), fds, sizeof(fds));
	while (sendmsg(b->sock, &mh, MSG_NOSIGNAL) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* The box's reply to a request, waited for. Returns 0: the job started;
 * 1: it could not be forked (the box is idle again); -1: the box
 * died, or said nothing in START_MS. */
static int
await_start(struct box *b)
{
	struct pollfd pf = { .fd = b->sock, .events = POLLIN };
	struct box_reply r;
	ssize_t n;

	for (;;) {
		int k = poll(&pf, 1, START_MS);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		n = recv(b->sock, &r, sizeof(r), 0);
		if (n < 0 && errno == EINTR)
			continue;
		break;
	}
	if (n != (ssize_t)sizeof(r) || r.type != BOX_STARTED)
		return -1;
	return r.err ? 1 : 0;
}

struct box *
box_start(const struct strvec *argv, size_t at, enum box_mode mode, int out, int err, char **why)
{
	static char buf[BOX_MAX_REQUEST];
	struct strbuf key = {0};
	struct box *b = NULL;
	const char *known;
	size_t n;
	int fresh, r;

	*why = NULL;
	if (!at || at >= argv->n || strcmp(argv->v[at - 1], "--")) {
		*why = xstrdup("not a sandbox's command");
		goto refused;
	}
	if (!(n = request(argv, at, buf))) {
		*why = xasprintf("a command of more than %d words or %d bytes cannot run in the sandbox",
		                 BOX_MAX_WORDS, BOX_MAX_REQUEST);
		goto refused;
	}
	sb_addc(&key, mode);
	for (size_t i = 0; i < at; i++)
		sb_add(&key, argv->v[i], strlen(argv->v[i]) + 1);
	/* a kept box may have ended after its last job (one that changed
	 * its sandbox retires it): then a new one is started */
	for (;;) {
		if ((known = has_failed(key.buf, key.len))) {
			*why = xstrdup(known);
			goto refused;
		}
		if (!(b = box_get(argv, at, mode, key.buf, key.len, &fresh, why))) {
			if (!fresh)
				goto refused;
			note_failed(key.buf, key.len, *why);
			free(*why);
			*why = NULL;
			continue;
		}
		if (send_request(b, buf, n, out, err) == 0 && (r = await_start(b)) >= 0)
			break;
		if (fresh) {
			/* a box that died before its first job: tried once more */
			char *said = fd_first_line(b->err);
			note_failed(key.buf, key.len, said ? said : "the sandbox ended before its first job");
			free(said);
		}
		box_drop(b);
	}
	if (fresh)
		forget_failed(key.buf, key.len);
	if (r > 0) {
		*why = xstrdup("the sandbox cannot start a process");
		goto refused;   /* not forked: the box is idle again */
	}
	b->busy = 1;
	b->used = ++clock_;
	stats.jobs++;
	sb_release(&key);
	return b;
refused:
	stats.refused++;
	sb_release(&key);
	return NULL;
}

int
box_fd(const struct box *b)
{
	return b->sock;
}

int
box_poll(struct box *b, int *status, double *cpu, int *bound)
{
	struct box_reply r;
	ssize_t n = recv(b->sock, &r, sizeof(r), MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return 0;
	if (n != (ssize_t)sizeof(r) || r.type != BOX_ENDED)
		return -1;
	*status = r.status;
	*cpu = (double)r.cpu_us / 1e6;
	if (bound)
		*bound = r.bound;
	return 1;
}

void
box_kill(struct box *b)
{
	char m = BOX_KILL;

	(void)!send(b->sock, &m, 1, MSG_NOSIGNAL | MSG_DONTWAIT);
}

void
box_done(struct box *b)
{
	/* a tree job's steps each get a sandbox of their own: the build
	 * directory bound into one may be made anew before the next */
	if (b->key[0] == BOX_TREE) {
		box_drop(b);
		return;
	}
	b->busy = 0;
}

void
box_drop(struct box *b)
{
	int st;

	for (size_t i = 0; i < nboxes; i++)
		if (boxes[i] == b) {
			boxes[i] = boxes[--nboxes];
			break;
		}
	/* bwrap's group: its sandbox dies with it (--die-with-parent) */
	kill(-b->pid, SIGKILL);
	close(b->sock);
	close(b->err);
	while (waitpid(b->pid, &st, 0) < 0 && errno == EINTR)
		;
	free(b->key);
	free(b);
}

void
box_close_all(void)
{
	/* all killed first: their sandboxes are torn down together */
	for (size_t i = 0; i < nboxes; i++)
		kill(-boxes[i]->pid, SIGKILL);
	while (nboxes)
		box_drop(boxes[nboxes - 1]);
	for (size_t i = 0; i < nfailed; i++) {
		free(failed[i].key);
		free(failed[i].why);
	}
	free(failed);
	failed = NULL;
	nfailed = capfailed = 0;
}

void
box_stats(struct box_stats *st)
{
	*st = stats;
}

/* bwrap's options as root.h writes them, with how many words each takes */
static const struct { const char *name; int args; } bwrap_opts[] = {
	{ "--unshare-all", 0 }, { "--unshare-user", 0 }, { "--die-with-parent", 0 }, { "--as-pid-1", 0 },
	{ "--new-session", 0 }, { "--clearenv", 0 }, { "--userns-block-fd", 1 }, { "--info-fd", 1 },
	{ "--uid", 1 }, { "--gid", 1 }, { "--proc", 1 }, { "--dev", 1 }, { "--perms", 1 }, { "--size", 1 },
	{ "--tmpfs", 1 }, { "--dir", 1 }, { "--chdir", 1 }, { "--mqueue", 1 }, { "--remount-ro", 1 },
	{ "--cap-drop", 1 }, { "--cap-add", 1 }, { "--ro-bind", 2 }, { "--ro-bind-try", 2 }, { "--bind", 2 },
	{ "--dev-bind", 2 }, { "--symlink", 2 }, { "--setenv", 2 },
};

size_t
box_command_at(const struct strvec *argv, enum box_mode *mode)
{
	size_t i = 0;

	*mode = BOX_COMPILE;
	if (i < argv->n && !strcmp(argv->v[i], "prlimit"))
		while (++i < argv->n && strcmp(argv->v[i], "--"))
			;
	if (i < argv->n && !strcmp(argv->v[i], "--"))
		i++;
	if (i >= argv->n || strcmp(argv->v[i], "bwrap"))
		return 0;
	for (i++; i < argv->n; ) {
		size_t k;
		if (!strcmp(argv->v[i], "--"))
			return i + 1 < argv->n ? i + 1 : 0;
		for (k = 0; k < LEN(bwrap_opts) && strcmp(argv->v[i], bwrap_opts[k].name); k++)
			;
		if (k == LEN(bwrap_opts))
			return 0;
		/* a tree job's sandbox is the one that binds a directory writable */
		if (!strcmp(argv->v[i], "--bind"))
			*mode = BOX_TREE;
		i += 1 + (size_t)bwrap_opts[k].args;
	}
	return 0;
}

int
box_run(const struct strvec *argv, size_t at, enum box_mode mode, char **why)
{
	struct box *b = box_start(argv, at, mode, 1, 2, why);
	int st = 0, k = 0;
	double cpu;

	if (!b)
		return -1;
	while (!k) {
		struct pollfd pf = { .fd = box_fd(b), .events = POLLIN };
		if (poll(&pf, 1, -1) < 0 && errno != EINTR)
			break;
		k = box_poll(b, &st, &cpu, NULL);
	}
	if (k > 0)
		box_done(b);
	box_close_all();
	if (k <= 0)
		return *why = xstrdup("the sandbox ended before its job"), -1;
	return st;
}
