/* SPDX-License-Identifier: MIT */
/* diagmatrix-exec: the program a kept sandbox runs as its PID 1 (box.h),
 * which runs the jobs sent to it (boxproto.h) one at a time, each as its
 * child in a process group of its own.
 *
 * It is linked statically, to run in any Debian root whatever its C
 * library, and embedded in the harness (execbin.S), which passes it to
 * bwrap as a descriptor: nothing of it is installed or bound.
 *
 * Set up once, before the first job:
 * - the device nodes bwrap bound into /dev are made read-only (a job can
 *   write to /dev/null but not change the host's node), which is what it
 *   keeps CAP_SYS_ADMIN for, in the sandbox's namespaces only; then it
 *   gives it up and keeps CAP_SETUID, CAP_SETGID and CAP_KILL;
 * - the system-call filter (seccomp.h) is loaded: every job inherits it;
 * - what a job must not change is noted: its own limits, priority,
 *   scheduling, I/O priority and OOM score, and every writable place as
 *   the sandbox made it (what it holds, with modes and owners).
 *
 * Each job runs as BOX_JOB_ID (boxproto.h), without capabilities, with
 * the bounds the executor was started under set again in its own process
 * and a bound on its processes; the memory all its processes hold is
 * watched, and the job killed past the bound.
 *
 * What a job leaves, the next job must not see. When a job's first
 * process has ended, or the harness asks, every process in the sandbox
 * but this one is killed and reaped: as PID 1 it outlives them all and
 * every orphan is its child. A cleaner, as the job's user, empties every
 * writable place (down to what the sandbox made) and removes the SysV IPC
 * objects. Then everything noted is checked: a difference, or anything the
 * cleaner could not remove, ends the executor, and the sandbox with it,
 * before any other job runs there. The executor refuses to start where it
 * could not keep that promise: not PID 1, or a writable mount it cannot
 * empty ("/", a bound directory but a tree job's build directories).
 * It makes itself non-dumpable, so that a job cannot trace it or read its
 * memory or descriptors; as PID 1 it gets no signal it has no handler for,
 * and it has none.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/seccomp.h>

#include "sandbox/executor/boxproto.h"
#include "sandbox/executor/seccomp.h"

enum {
	MAX_PLACES = 32,        /* writable mounts */
	MAX_KEPT = 256,         /* what the sandbox made in them (mount points, /dev's nodes) */
	MAX_DEPTH = 64,         /* directories a cleaner or a check goes down */
	MAX_ENTRIES = 100000,   /* entries a check reads */
	MAX_DEVICES = 16,
	WATCH_MS = 50,          /* how often a running job's memory is summed */
};

static int sock = -1;
static int tree_mode;
static int as_root;             /* PID 1 is the namespace's root: jobs take BOX_JOB_ID */
static char *places[MAX_PLACES];        /* writable mounts, emptied between jobs */
static size_t nplaces;
static char *kept[MAX_KEPT];    /* "PLACE/NAME" the sandbox made: kept */
static size_t nkept;
static char *devices[MAX_DEVICES];      /* device nodes bound into /dev */
static size_t ndevices;
static unsigned long long fingerprint;  /* of the places, as the sandbox made them */
static struct rlimit limits[RLIM_NLIMITS];
static int nice_, policy, ioprio;
static char oom[32];
static unsigned long long memory_bound; /* bytes all of a job's processes may hold */

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

static char *
xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		fail("strdup");
	return d;
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

static int
is_device(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

/* One line of /proc/self/mountinfo: a writable mount is emptied between
 * jobs (tmpfs, mqueue), made read-only (a device node), harmless (proc:
 * a process's own files; its /proc/sys is bound read-only), a tree job's
 * build directory, or a reason to refuse. */
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
	/* a mount on the same path hides the one before (the case's own
	 * directory, the host's /tmp, bound over the private /tmp): what is
	 * hidden no job reaches */
	for (size_t i = 0; i < nplaces; i++)
		if (!strcmp(places[i], f[4])) {
			free(places[i]);
			places[i--] = places[--nplaces];
		}
	rw = !strncmp(f[5], "rw", 2) && (f[5][2] == ',' || !f[5][2]);
	if (!rw || !strcmp(type, "proc"))
		return;
	if (is_device(f[4])) {
		if (ndevices == MAX_DEVICES)
			refuse("too many devices", f[4]);
		devices[ndevices++] = xstrdup(f[4]);
		return;
	}
	if (!strcmp(f[4], "/"))
		refuse("a writable place it cannot empty", f[4]);
	if (strcmp(type, "tmpfs") && strcmp(type, "mqueue")) {
		if (tree_mode)
			return;         /* the build directory, kept by design */
		refuse("a writable place it cannot empty", f[4]);
	}
	if (nplaces == MAX_PLACES)
		refuse("too many writable places", f[4]);
	places[nplaces++] = xstrdup(f[4]);
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

/* The device nodes read-only, their other flags as they are (those a
 * mount from another namespace holds cannot be changed) */
static void
devices_read_only(void)
{
	static const struct { unsigned long st, ms; } flags[] = {
		{ ST_NOSUID, MS_NOSUID }, { ST_NODEV, MS_NODEV }, { ST_NOEXEC, MS_NOEXEC },
		{ ST_NOATIME, MS_NOATIME }, { ST_NODIRATIME, MS_NODIRATIME }, { ST_RELATIME, MS_RELATIME },
	};

	for (size_t i = 0; i < ndevices; i++) {
		struct statvfs sv;
		unsigned long ms = MS_REMOUNT | MS_BIND | MS_RDONLY;
		if (statvfs(devices[i], &sv) < 0)
			fail(devices[i]);
		for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); k++)
			if (sv.f_flag & flags[k].st)
				ms |= flags[k].ms;
		if (mount(NULL, devices[i], NULL, ms, NULL) < 0)
			fail(devices[i]);
	}
}

/* ---- what the sandbox made, and what a job left ---- */

static int
is_kept(const char *path)
{
	for (size_t i = 0; i < nkept; i++)
		if (!strcmp(kept[i], path))
			return 1;
	return 0;
}

/* Note what place (on device dev) holds as the sandbox made it (mount
 * points and the directories that lead to them, /dev's nodes and links),
 * every level but inside other mounts. */
static void
note_kept(const char *path, dev_t dev, int depth)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (!d || depth > MAX_DEPTH)
		refuse("a writable place it cannot read", path);
	while ((e = readdir(d))) {
		char sub[4096];
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (nkept == MAX_KEPT || snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= (int)sizeof(sub) ||
		    lstat(sub, &st) < 0)
			refuse("a writable place it cannot keep", path);
		kept[nkept++] = xstrdup(sub);
		if (S_ISDIR(st.st_mode) && st.st_dev == dev)
			note_kept(sub, dev, depth + 1);
	}
	closedir(d);
}

static void remove_tree(int dir, const char *name, int depth, int *left);

/* Remove what directory fd (closed here; path, its path) holds but what
 * the sandbox made, never following a link or entering another mount.
 * *left counts what could not be removed. */
static void
clean_dir(int fd, const char *path, int depth, int *left)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	struct stat top;

	if (!d || fstat(fd, &top) < 0 || depth > MAX_DEPTH) {
		if (d)
			closedir(d);
		else
			close(fd);
		(*left)++;
		return;
	}
	while ((e = readdir(d))) {
		char sub[4096];
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= (int)sizeof(sub) ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			(*left)++;
			continue;
		}
		if (is_kept(sub)) {
			int sfd;
			if (S_ISDIR(st.st_mode) && st.st_dev == top.st_dev &&
			    (sfd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0)
				clean_dir(sfd, sub, depth + 1, left);
			continue;
		}
		if (st.st_dev != top.st_dev) {
			(*left)++;      /* a mount the sandbox did not make */
			continue;
		}
		remove_tree(dirfd(d), e->d_name, depth + 1, left);
	}
	closedir(d);
}

/* Remove name in dir, a directory with all it holds: made writable first
 * (the job's user owns what the job made, whatever modes it gave it). */
static void
remove_tree(int dir, const char *name, int depth, int *left)
{
	int sub;

	if (!unlinkat(dir, name, 0))
		return;
	if (errno != EISDIR && errno != EPERM) {
		(*left)++;
		return;
	}
	fchmodat(dir, name, 0700, 0);
	sub = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (sub < 0 || depth > MAX_DEPTH) {
		if (sub >= 0)
			close(sub);
		(*left)++;
		return;
	}
	{
		DIR *d = fdopendir(sub);
		struct dirent *e;
		if (!d) {
			close(sub);
			(*left)++;
			return;
		}
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				remove_tree(dirfd(d), e->d_name, depth + 1, left);
		closedir(d);
	}
	if (unlinkat(dir, name, AT_REMOVEDIR) < 0)
		(*left)++;
}

/* The SysV IPC objects of the sandbox's IPC namespace, removed (remove:
 * the cleaner, as their owner) or counted. */
static int
ipc_objects(int remove)
{
	static const char *const files[] = { "/proc/sysvipc/shm", "/proc/sysvipc/sem", "/proc/sysvipc/msg" };
	char buf[512];
	int n = 0;

	for (int k = 0; k < 3; k++) {
		FILE *fp = fopen(files[k], "re");
		if (!fp)
			continue;
		if (fgets(buf, sizeof(buf), fp))         /* the heading */
			while (fgets(buf, sizeof(buf), fp)) {
				int key, id;
				if (sscanf(buf, "%d %d", &key, &id) != 2)
					continue;
				n++;
				if (!remove)
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
	return n;
}

/* FNV-1a over what the places hold: names, types, modes, owners, and the
 * inode of what the sandbox made; ~0 where a place cannot be read whole */
static void
fnv(unsigned long long *h, const void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		*h = (*h ^ ((const unsigned char *)p)[i]) * 1099511628211ULL;
}

static int
print_dir(unsigned long long *h, const char *path, dev_t dev, int depth, size_t *entries)
{
	DIR *d;
	struct dirent *e;
	int r = 0;

	if (depth > MAX_DEPTH || !(d = opendir(path)))
		return -1;
	while ((e = readdir(d)) && !r) {
		char sub[4096];
		struct stat st;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (++*entries > MAX_ENTRIES || snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name) >= (int)sizeof(sub) ||
		    lstat(sub, &st) < 0) {
			r = -1;
			break;
		}
		fnv(h, sub, strlen(sub) + 1);
		fnv(h, &st.st_mode, sizeof(st.st_mode));
		fnv(h, &st.st_uid, sizeof(st.st_uid));
		fnv(h, &st.st_gid, sizeof(st.st_gid));
		fnv(h, &st.st_ino, sizeof(st.st_ino));
		if (S_ISDIR(st.st_mode) && st.st_dev == dev)
			r = print_dir(h, sub, dev, depth + 1, entries);
	}
	closedir(d);
	return r;
}

static unsigned long long
places_print(void)
{
	unsigned long long h = 14695981039346656037ULL;
	size_t entries = 0;

	for (size_t i = 0; i < nplaces; i++) {
		struct stat st;
		if (lstat(places[i], &st) < 0)
			return ~0ULL;
		fnv(&h, places[i], strlen(places[i]) + 1);
		fnv(&h, &st.st_mode, sizeof(st.st_mode));
		fnv(&h, &st.st_uid, sizeof(st.st_uid));
		fnv(&h, &st.st_gid, sizeof(st.st_gid));
		if (print_dir(&h, places[i], st.st_dev, 0, &entries) < 0)
			return ~0ULL;
	}
	return h;
}

/* ---- this process's own state, which a job must not change ---- */

static void
read_oom(char *out, size_t n)
{
	int fd = open("/proc/self/oom_score_adj", O_RDONLY | O_CLOEXEC);
	ssize_t r = fd >= 0 ? read(fd, out, n - 1) : -1;

	out[r > 0 ? r : 0] = 0;
	if (fd >= 0)
		close(fd);
}

static void
note_self(void)
{
	for (int r = 0; r < RLIM_NLIMITS; r++)
		getrlimit(r, &limits[r]);
	errno = 0;
	nice_ = getpriority(PRIO_PROCESS, 0);
	policy = sched_getscheduler(0);
	ioprio = (int)syscall(SYS_ioprio_get, 1, 0);
	read_oom(oom, sizeof(oom));
	memory_bound = limits[RLIMIT_AS].rlim_cur == RLIM_INFINITY ? 0 : limits[RLIMIT_AS].rlim_cur;
}

/* Is this process as noted? */
static int
self_unchanged(void)
{
	char now[32];

	for (int r = 0; r < RLIM_NLIMITS; r++) {
		struct rlimit l;
		if (getrlimit(r, &l) < 0 || l.rlim_cur != limits[r].rlim_cur || l.rlim_max != limits[r].rlim_max)
			return 0;
	}
	read_oom(now, sizeof(now));
	return getpriority(PRIO_PROCESS, 0) == nice_ && sched_getscheduler(0) == policy &&
	       (int)syscall(SYS_ioprio_get, 1, 0) == ioprio && !strcmp(now, oom);
}

/* ---- capabilities and the filter ---- */

static void
set_caps(unsigned long long keep)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2] = {
		{ (unsigned)keep, (unsigned)keep, 0 }, { (unsigned)(keep >> 32), (unsigned)(keep >> 32), 0 },
	};

	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	if (syscall(SYS_capset, &h, d) < 0)
		fail("capset");
}

static void
load_filter(void)
{
	static struct sock_filter insns[SECCOMP_MAX_INSNS];
	struct sock_fprog prog;

	prog.len = (unsigned short)seccomp_program(tree_mode ? SECCOMP_TREE : SECCOMP_COMPILE, insns);
	prog.filter = insns;
	if (!prog.len)
		refuse("no system-call filter for", "this architecture");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0)
		fail("seccomp");
}

/* Become the job's user, without capabilities (in a child). Returns 0,
 * or -1 with errno. */
static int
take_identity(void)
{
	if (as_root && (setgroups(0, NULL) < 0 || setresgid(BOX_JOB_ID, BOX_JOB_ID, BOX_JOB_ID) < 0 ||
	                setresuid(BOX_JOB_ID, BOX_JOB_ID, BOX_JOB_ID) < 0))
		return -1;
	set_caps(0);
	return 0;
}

/* ---- running a job ---- */

static void
reply(int type, int err, int status, int bound, int64_t cpu_us)
{
	struct box_reply r = { .type = type, .err = err, .status = status, .bound = bound, .cpu_us = cpu_us };

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
	rlim_t most = tree_mode ? BOX_PROCS_TREE : BOX_PROCS_COMPILE;
	/* no more than the sandbox was given (which a job cannot raise) */
	struct rlimit procs = { most < limits[RLIMIT_NPROC].rlim_max ? most : limits[RLIMIT_NPROC].rlim_max, 0 };
	sigset_t none;

	procs.rlim_max = procs.rlim_cur;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setpgid(0, 0);
	if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(1);
	/* the job's own bounds, as the sandbox was started with them */
	for (int r = 0; r < RLIM_NLIMITS; r++)
		setrlimit(r, &limits[r]);
	if (setrlimit(RLIMIT_NPROC, &procs) < 0 || take_identity() < 0) {
		dprintf(2, "diagmatrix-exec: cannot take the job's identity: %s\n", strerror(errno));
		_exit(126);
	}
	execvp(argv[0], argv);
	dprintf(2, "bwrap: execvp %s: %s\n", argv[0], strerror(errno));
	_exit(1);
}

/* The memory every process but this one holds, in bytes. */
static unsigned long long
resident(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	unsigned long long sum = 0;
	long page = sysconf(_SC_PAGESIZE);

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		char path[300], buf[128];
		unsigned long long size, rss;
		int fd;
		ssize_t n;
		if (e->d_name[0] < '0' || e->d_name[0] > '9' || !strcmp(e->d_name, "1"))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/statm", e->d_name);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		buf[n > 0 ? n : 0] = 0;
		if (sscanf(buf, "%llu %llu", &size, &rss) == 2)
			sum += rss * (unsigned long long)page;
	}
	closedir(d);
	return sum;
}

/* A request: wait for a kill, for the job's first process to end, or
 * for its processes to hold more memory than the bound (*bound set). */
static void
await(pid_t pid, int pidfd, int64_t *cpu, int *status, int *bound)
{
	struct pollfd pf[2] = { { .fd = sock, .events = POLLIN }, { .fd = pidfd, .events = POLLIN } };
	struct rusage ru;
	char m;

	for (;;) {
		int k = poll(pf, 2, memory_bound ? WATCH_MS : -1);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			fail("poll");
		}
		if (k == 0) {
			if (resident() > memory_bound) {
				*bound = BOX_BOUND_MEMORY;
				kill(-1, SIGKILL);
			}
			continue;
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

/* Empty the writable places and remove the IPC objects, as the job's
 * user (who owns all a job made). Returns 0 when nothing was left, -1
 * when something was, -2 when no cleaner could start. */
static int
clean(void)
{
	int st, left = 0;
	pid_t pid = fork();

	if (pid < 0)
		return -2;
	if (pid == 0) {
		if (take_identity() < 0)
			_exit(2);
		for (size_t i = 0; i < nplaces; i++) {
			int fd = open(places[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (fd < 0)
				left++;
			else
				clean_dir(fd, places[i], 0, &left);
		}
		ipc_objects(1);
		_exit(left ? 1 : 0);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* After a job: is the sandbox as the first job found it? */
static int
sandbox_unchanged(void)
{
	if (!self_unchanged())
		return 0;
	/* most compiles leave nothing (GCC removes its temporary files): no
	 * cleaner is started then */
	if (places_print() == fingerprint && ipc_objects(0) == 0)
		return 1;
	return clean() == 0 && ipc_objects(0) == 0 && places_print() == fingerprint;
}

static void
run(char **argv, int out, int err)
{
	int e = 0, status = 0, bound = 0, pidfd;
	int64_t cpu = 0;
	pid_t pid = fork();

	if (pid == 0)
		child(argv, out, err);
	if (pid < 0)
		e = errno;
	close(out);
	close(err);
	/* at once: the harness waits for this, not for the exec */
	reply(BOX_STARTED, e, 0, 0, 0);
	if (!e) {
		if ((pidfd = (int)syscall(SYS_pidfd_open, pid, 0)) < 0)
			fail("pidfd_open");
		await(pid, pidfd, &cpu, &status, &bound);
		close(pidfd);
	}
	kill_all(&cpu);
	if (!e)
		reply(BOX_ENDED, 0, status, bound, cpu);
	if (!sandbox_unchanged())
		_exit(0);       /* retired: the harness starts another sandbox */
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

/* Everything before the first job (above). */
static void
set_up(void)
{
	int r;

	read_mounts();
	devices_read_only();
	note_self();
	set_caps(1ULL << CAP_SETUID | 1ULL << CAP_SETGID | 1ULL << CAP_KILL);
	load_filter();
	for (size_t i = 0; i < nplaces; i++) {
		struct stat st;
		if (lstat(places[i], &st) < 0)
			fail(places[i]);
		note_kept(places[i], st.st_dev, 0);
	}
	if ((r = clean()) == -2)
		fail("cannot start its cleaner: fork");
	if (r < 0)
		refuse("a writable place it cannot empty", "at the start");
	fingerprint = places_print();
	if (fingerprint == ~0ULL)
		refuse("a writable place it cannot read", "at the start");
}

int
main(int argc, char **argv)
{
	int null;

	/* the binary's own descriptor (bwrap ran /proc/self/fd/3), and
	 * anything else inherited but the three standard ones */
	close_range(3, ~0U, 0);
	if (prctl(PR_SET_DUMPABLE, 0) < 0)
		fail("prctl");
	if (argc != 2 || (strcmp(argv[1], "compile") && strcmp(argv[1], "tree")))
		refuse("usage", "diagmatrix-exec compile|tree");
	tree_mode = !strcmp(argv[1], "tree");
	as_root = getuid() == 0;
	if (getpid() != 1)
		refuse("not the sandbox's first process", "it could not end what a job leaves");
	if ((null = (int)syscall(SYS_pidfd_open, 1, 0)) < 0)
		fail("pidfd_open");
	close(null);
	if ((sock = fcntl(0, F_DUPFD_CLOEXEC, 3)) < 0 || (null = open("/dev/null", O_RDONLY)) < 0 || dup2(null, 0) < 0)
		fail("descriptors");
	if (null != 0)
		close(null);
	set_up();
	while (serve())
		;
	kill_all(&(int64_t){0});
	return 0;
}
