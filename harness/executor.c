/* SPDX-License-Identifier: MIT */
/* diagmatrix-exec: the program a kept sandbox runs as its PID 1 (box.h),
 * which runs the jobs sent to it (boxproto.h) one at a time, each as its
 * child in a process group of its own.
 *
 * It is linked statically, to run in any Debian root whatever its C
 * library, and embedded in the harness (execbin.S), which passes it to
 * bwrap as a descriptor: nothing of it is installed or bound.
 *
 * What a job leaves, the next job must not see. When a job's first
 * process has ended, or the harness asks, every process in the sandbox
 * but this one is killed and reaped: as PID 1 it outlives them all and
 * every orphan is its child, so when wait reports no child is left, no
 * process of the job is. Then every writable mount (tmpfs, mqueue) is
 * emptied, and the SysV IPC objects removed; /dev is put back as it was
 * (dev_restore). The executor refuses to start where it could not keep
 * that promise: when it is not PID 1, or a mount it cannot empty ("/", a
 * bound directory) is writable.
 * It makes itself non-dumpable, so that a job, running as the same user,
 * can neither trace it nor read its memory or descriptors; as PID 1 it
 * gets no signal it has no handler for, and it has none.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boxproto.h"

enum { MAX_WIPE = 32 };

static int sock = -1;
static char *wipe_dirs[MAX_WIPE];
static size_t nwipe;
static int dev_rw;              /* /dev is a writable tmpfs: kept as noted (dev_restore) */

static void
fail(const char *what)
{
	dprintf(2, "diagmatrix-exec: %s: %s\n", what, strerror(errno));
	_exit(3);
}

static void
refuse(const char *what, const char *where)
{
	dprintf(2, "diagmatrix-exec: %s: %s\n", what, where);
	_exit(3);
}

/* mountinfo's escapes (\040 for a space) decoded in place */
static void
unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*d++ = *s;
		}
	}
	*d = 0;
}

/* A device bound as a file (/dev/null): writing to it leaves nothing. */
static int
device_node(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

/* One line of /proc/self/mountinfo: a writable mount is emptied between
 * jobs (tmpfs, mqueue), harmless (proc, devpts: a process's own; a
 * device node), or a reason to refuse. */
static void
mount_line(char *line)
{
	char *f[6], *sep = strstr(line, " - "), *type, *save = NULL;
	int rw;

	if (!sep)
		refuse("cannot read the mount table", line);
	*sep = 0;
	type = strtok_r(sep + 3, " ", &save);
	f[0] = strtok_r(line, " ", &save);
	for (int i = 1; i < 6; i++)
		f[i] = f[i - 1] ? strtok_r(NULL, " ", &save) : NULL;
	if (!f[5] || !type)
		refuse("cannot read the mount table", line);
	unescape(f[4]);
	rw = !strncmp(f[5], "rw", 2) && (f[5][2] == ',' || !f[5][2]);
	if (!rw || !strcmp(type, "proc") || !strcmp(type, "devpts") || device_node(f[4]))
		return;
	if (!strcmp(f[4], "/dev") && !strcmp(type, "tmpfs")) {
		dev_rw = 1;
		return;
	}
	if (!strcmp(f[4], "/") || (strcmp(type, "tmpfs") && strcmp(type, "mqueue")))
		refuse("a writable place it cannot empty", f[4]);
	if (nwipe == MAX_WIPE)
		refuse("too many writable places", f[4]);
	if (!(wipe_dirs[nwipe++] = strdup(f[4])))
		fail("strdup");
}

static void
read_mounts(void)
{
	FILE *fp = fopen("/proc/self/mountinfo", "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!fp)
		fail("/proc/self/mountinfo");
	while ((n = getline(&line, &cap, fp)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = 0;
		mount_line(line);
	}
	free(line);
	fclose(fp);
}

static void empty_dir(int fd, dev_t dev);

/* Remove name (st, its lstat) in directory dir, a directory with what it
 * holds: never following a link, never entering another mount (a
 * directory bound into this one). */
static void
remove_entry(int dir, const char *name, const struct stat *st)
{
	int sub;

	if (!S_ISDIR(st->st_mode)) {
		unlinkat(dir, name, 0);
		return;
	}
	sub = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sub >= 0) {
		empty_dir(sub, st->st_dev);
		/* fails, and is kept, where a mount point lies inside */
		unlinkat(dir, name, AT_REMOVEDIR);
	}
}

/* Remove everything in directory fd (closed) that is on device dev. */
static void
empty_dir(int fd, dev_t dev)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_dev == dev)
			remove_entry(dirfd(d), e->d_name, &st);
	}
	closedir(d);
}

/* /dev stays writable, as in a sandbox of a job's own (GCC writes -MD's
 * dependency file beside -o /dev/null, as /dev/null.d): what bwrap put
 * there is noted once; after each job what was added is removed, and a
 * job that removed or replaced what was there retires the sandbox (the
 * executor cannot make a device node again). */
enum { MAX_DEV = 64 };
static struct { char name[64]; mode_t type; ino_t ino; } devs[MAX_DEV];
static size_t ndevs;

static void
dev_note(void)
{
	DIR *d = opendir("/dev");
	struct dirent *e;
	struct stat st;

	if (!d)
		fail("/dev");
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (ndevs == MAX_DEV || strlen(e->d_name) >= sizeof(devs[0].name))
			refuse("a /dev it cannot keep", e->d_name);
		strcpy(devs[ndevs].name, e->d_name);
		devs[ndevs].type = st.st_mode & S_IFMT;
		devs[ndevs++].ino = st.st_ino;
	}
	closedir(d);
}

/* 0: /dev is as it was noted; -1: a job changed what was there. */
static int
dev_restore(void)
{
	int fd = open("/dev", O_RDONLY | O_DIRECTORY | O_CLOEXEC), seen = 0, changed = 0;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	struct stat top, st;

	if (!d || fstat(fd, &top) < 0)
		return -1;
	while ((e = readdir(d))) {
		size_t i;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		for (i = 0; i < ndevs && strcmp(devs[i].name, e->d_name); i++)
			;
		if (i < ndevs) {
			if (devs[i].type != (st.st_mode & S_IFMT) || devs[i].ino != st.st_ino) {
				changed = 1;
				break;
			}
			seen++;
			continue;
		}
		if (st.st_dev == top.st_dev)
			remove_entry(fd, e->d_name, &st);
	}
	closedir(d);
	return changed || (size_t)seen != ndevs ? -1 : 0;
}

/* The SysV IPC objects the job made, in the sandbox's IPC namespace. */
static void
wipe_ipc(void)
{
	static const char *const files[] = { "/proc/sysvipc/shm", "/proc/sysvipc/sem", "/proc/sysvipc/msg" };
	char buf[512];

	for (int k = 0; k < 3; k++) {
		FILE *fp = fopen(files[k], "re");
		if (!fp)
			continue;
		if (fgets(buf, sizeof(buf), fp))         /* the heading */
			while (fgets(buf, sizeof(buf), fp)) {
				int key, id;
				if (sscanf(buf, "%d %d", &key, &id) != 2)
					continue;
				if (k == 0)
					shmctl(id, IPC_RMID, NULL);
				else if (k == 1)
					semctl(id, 0, IPC_RMID);
				else
					msgctl(id, IPC_RMID, NULL);
			}
		fclose(fp);
	}
}

static void
wipe(void)
{
	for (size_t i = 0; i < nwipe; i++) {
		int fd = open(wipe_dirs[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		struct stat st;
		if (fd < 0)
			continue;
		if (fstat(fd, &st) < 0) {
			close(fd);
			continue;
		}
		empty_dir(fd, st.st_dev);
	}
	wipe_ipc();
}

static void
reply(int type, int err, int status, int64_t cpu_us)
{
	struct box_reply r = { .type = type, .err = err, .status = status, .cpu_us = cpu_us };

	while (send(sock, &r, sizeof(r), MSG_NOSIGNAL) < 0)
		if (errno != EINTR)
			_exit(0);       /* the harness is gone */
}

static int64_t
usage_us(const struct rusage *ru)
{
	return (int64_t)ru->ru_utime.tv_sec * 1000000 + ru->ru_utime.tv_usec +
	       (int64_t)ru->ru_stime.tv_sec * 1000000 + ru->ru_stime.tv_usec;
}

/* Kill every process but this one and reap them all; their CPU time is
 * added to *cpu. */
static void
kill_all(int64_t *cpu)
{
	struct rusage ru;
	pid_t w;

	kill(-1, SIGKILL);
	while ((w = wait4(-1, NULL, 0, &ru)) > 0 || (w < 0 && errno == EINTR)) {
		if (w > 0)
			*cpu += usage_us(&ru);
		kill(-1, SIGKILL);      /* one forked before the first kill landed */
	}
}

/* The job's first process. A command that cannot be run fails as it
 * would in a sandbox of its own, where bwrap runs it: the same message on
 * its stderr, exit status 1. */
static void
child(char **argv, int out, int err)
{
	sigset_t none;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setpgid(0, 0);
	if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(1);
	execvp(argv[0], argv);
	dprintf(2, "bwrap: execvp %s: %s\n", argv[0], strerror(errno));
	_exit(1);
}

/* A request: wait for a kill or for the job's first process to end. */
static void
await(pid_t pid, int pidfd, int64_t *cpu, int *status)
{
	struct pollfd pf[2] = { { .fd = sock, .events = POLLIN }, { .fd = pidfd, .events = POLLIN } };
	struct rusage ru;
	char m;

	for (;;) {
		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			fail("poll");
		}
		if (pf[1].revents)
			break;
		if (pf[0].revents) {
			ssize_t n = recv(sock, &m, 1, 0);
			if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
				kill_all(cpu);
				_exit(0);
			}
			if (n == 1 && m == BOX_KILL)
				kill(-1, SIGKILL);
		}
	}
	while (wait4(pid, status, 0, &ru) < 0)
		if (errno != EINTR)
			fail("wait4");
	*cpu += usage_us(&ru);
}

static void
run(char **argv, int out, int err)
{
	int e = 0, status = 0, pidfd;
	int64_t cpu = 0;
	pid_t pid = fork();

	if (pid == 0)
		child(argv, out, err);
	if (pid < 0)
		e = errno;
	close(out);
	close(err);
	/* at once: the harness waits for this, not for the exec */
	reply(BOX_STARTED, e, 0, 0);
	if (!e) {
		if ((pidfd = (int)syscall(SYS_pidfd_open, pid, 0)) < 0)
			fail("pidfd_open");
		await(pid, pidfd, &cpu, &status);
		close(pidfd);
	}
	kill_all(&cpu);
	if (!e)
		reply(BOX_ENDED, 0, status, cpu);
	wipe();
	if (dev_rw && dev_restore() < 0)
		_exit(0);       /* the harness starts another sandbox */
}

/* One request: its words, and the two descriptors. Returns 0 at end of
 * file. */
static int
serve(void)
{
	static char buf[BOX_MAX_REQUEST + 1];
	char *argv[BOX_MAX_WORDS + 1], cbuf[CMSG_SPACE(2 * sizeof(int))];
	struct iovec iov = { buf, BOX_MAX_REQUEST };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cm;
	size_t argc = 0;
	ssize_t n;
	int fds[2];

	while ((n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC)) < 0)
		if (errno != EINTR)
			fail("recvmsg");
	if (n == 0)
		return 0;
	cm = CMSG_FIRSTHDR(&mh);
	if (!cm || cm->cmsg_type != SCM_RIGHTS || cm->cmsg_len != CMSG_LEN(2 * sizeof(int)) ||
	    (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) || n < 2 || buf[0] != BOX_RUN || buf[n - 1])
		refuse("a request it cannot read", "from the harness");
	memcpy(fds, CMSG_DATA(cm), sizeof(fds));
	for (char *p = buf + 1; p < buf + n; p += strlen(p) + 1) {
		if (argc == BOX_MAX_WORDS)
			refuse("a request it cannot read", "too many words");
		argv[argc++] = p;
	}
	argv[argc] = NULL;
	run(argv, fds[0], fds[1]);
	return 1;
}

int
main(void)
{
	int null;

	/* the binary's own descriptor (bwrap ran /proc/self/fd/3), and
	 * anything else inherited but the three standard ones */
	close_range(3, ~0U, 0);
	if (prctl(PR_SET_DUMPABLE, 0) < 0)
		fail("prctl");
	if (getpid() != 1)
		refuse("not the sandbox's first process", "it could not end what a job leaves");
	if ((null = (int)syscall(SYS_pidfd_open, 1, 0)) < 0)
		fail("pidfd_open");
	close(null);
	if ((sock = fcntl(0, F_DUPFD_CLOEXEC, 3)) < 0 || (null = open("/dev/null", O_RDONLY)) < 0 || dup2(null, 0) < 0)
		fail("descriptors");
	if (null != 0)
		close(null);
	read_mounts();
	if (dev_rw)
		dev_note();
	wipe();
	while (serve())
		;
	kill_all(&(int64_t){0});
	return 0;
}
