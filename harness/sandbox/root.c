/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <dirent.h>
#include <ftw.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/sha256.h"
#include "model/confpath.h"
#include "sandbox/box.h"
#include "sandbox/cache.h"
#include "sandbox/executor/boxproto.h"
#include "sandbox/root.h"
#include "sandbox/step.h"

#define STAMP ".diagmatrix-root"
#define STAMP_MAGIC "diagmatrix-root 1\n"

/* The PATH of a Debian system, inside the root. */
#define ROOT_PATH "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

/* The system directories a compiler needs; the rest of / stays an empty
 * tmpfs where bwrap can make mount points (a read-only root could not
 * hold /home/you/cases). */
static const char *const system_dirs[] = {
	"usr", "etc", "opt", "bin", "sbin", "lib", "lib32", "lib64", "libx32",
};

char *
root_dir(void)
{
	return cache_place("DIAGMATRIX_ROOTS", "roots");
}

/* Does the space-separated list hold word? */
static int
has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; *p; p += strcspn(p, " "), p += *p == ' ') {
		if (!strncmp(p, word, n) && (p[n] == ' ' || !p[n]))
			return 1;
	}
	return 0;
}

/* What compilers read of the host's /etc (the dynamic loader's cache,
 * Debian's alternatives, what Clang reads to know the distribution): the
 * rest of the host's /etc (shadow, keys, credentials) stays out of the
 * sandbox, where a case could #include it into an error message. */
static const char *const host_etc[] = {
	"alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "debian_version", "os-release",
	"lsb-release", "env.d", "passwd", "group", "nsswitch.conf", "localtime", "gcc", "clang",
};

static void
lay_out(struct rootinfo *ri, int is_host)
{
	for (size_t i = 0; i < LEN(system_dirs); i++) {
		char *host = xasprintf("%s/%s", ri->dir, system_dirs[i]);
		char target[PATH_MAX];
		struct stat st;
		ssize_t n;

		if (is_host && !strcmp(system_dirs[i], "etc")) {
			/* made by bwrap, crossable by the jobs' user (0700 else) */
			strvec_push(&ri->mounts, "--perms");
			strvec_push(&ri->mounts, "0755");
			strvec_push(&ri->mounts, "--dir");
			strvec_push(&ri->mounts, "/etc");
			for (size_t k = 0; k < LEN(host_etc); k++) {
				strvec_push(&ri->mounts, "--ro-bind-try");
				strvec_push_nocopy(&ri->mounts, xasprintf("/etc/%s", host_etc[k]));
				strvec_push_nocopy(&ri->mounts, xasprintf("/etc/%s", host_etc[k]));
			}
			free(host);
			continue;
		}

		if (lstat(host, &st) < 0) {
			free(host);
			continue;
		}
		if (S_ISLNK(st.st_mode) &&
		    (n = readlink(host, target, sizeof(target) - 1)) > 0) {
			target[n] = 0;
			strvec_push(&ri->mounts, "--symlink");
			strvec_push(&ri->mounts, target);
			strvec_push_nocopy(&ri->mounts, xasprintf("/%s", system_dirs[i]));
		} else if (S_ISDIR(st.st_mode)) {
			strvec_push(&ri->mounts, "--ro-bind");
			strvec_push(&ri->mounts, host);
			strvec_push_nocopy(&ri->mounts, xasprintf("/%s", system_dirs[i]));
		}
		free(host);
	}
}

void
root_inspect(const struct root *r, struct rootinfo *ri)
{
	struct strbuf sb = {0};
	char *roots = root_dir(), *path, *suite, *mirror, *packages;

	memset(ri, 0, sizeof(*ri));
	ri->state = ROOT_MISSING;
	if (!roots)
		return;
	ri->dir = xasprintf("%s/%s", roots, r->name);
	free(roots);
	path = xasprintf("%s/" STAMP, ri->dir);
	if (read_file(path, 1 << 20, &sb, NULL) < 0 || strncmp(sb_str(&sb), STAMP_MAGIC, strlen(STAMP_MAGIC)) ||
	    !(ri->id = line_field(sb.buf, "id"))) {
		free(path);
		sb_release(&sb);
		return;
	}
	free(path);
	ri->built = line_field(sb.buf, "built");
	suite = line_field(sb.buf, "suite");
	mirror = line_field(sb.buf, "mirror");
	packages = line_field(sb.buf, "packages");
	ri->state = ROOT_READY;
	if (!suite || strcmp(suite, r->suite) || !mirror || strcmp(mirror, r->mirror) || !packages)
		ri->state = ROOT_STALE;
	for (size_t i = 0; i < r->packages.n && ri->state == ROOT_READY; i++)
		if (!has_word(packages, r->packages.v[i]))
			ri->state = ROOT_STALE;
	free(suite);
	free(mirror);
	free(packages);
	sb_release(&sb);
	lay_out(ri, 0);
}

void
root_host(struct rootinfo *ri)
{
	const char *path = getenv("PATH");

	memset(ri, 0, sizeof(*ri));
	ri->dir = xstrdup("");
	ri->state = ROOT_READY;
	ri->path = xstrdup(path && *path ? path : ROOT_PATH);
	lay_out(ri, 1);
}

int
root_sandbox_probe(char **why)
{
	struct rootinfo host;
	struct strvec av = {0};
	char *bwrap = path_lookup("bwrap");
	struct box *b;
	size_t at;
	int null, said[2], st = 0, ended = 0;
	double cpu;

	*why = NULL;
	if (!bwrap)
		return *why = xstrdup("bwrap is not installed"), -1;
	free(bwrap);
	if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) < 0 || pipe2(said, O_CLOEXEC) < 0) {
		*why = xasprintf("cannot start bwrap: %s", strerror(errno));
		if (null >= 0)
			close(null);
		return -1;
	}
	/* the very sandbox a host job runs in: a container that masks parts
	 * of its /proc lets bwrap start, but not mount a /proc of its own */
	root_host(&host);
	root_enter(&host, NULL, NULL, "/tmp", NULL, &av);
	at = av.n;
	strvec_push(&av, "true");
	rootinfo_release(&host);
	b = box_start(&av, at, BOX_COMPILE, null, said[1], why);
	strvec_release(&av);
	close(null);
	close(said[1]);
	if (!b) {
		close(said[0]);
		return -1;
	}
	while (!ended) {
		struct pollfd pf = { .fd = box_fd(b), .events = POLLIN };
		int k = poll(&pf, 1, -1);
		if (k < 0 && errno != EINTR)
			break;
		if (k > 0 && (ended = box_poll(b, &st, &cpu, NULL)) < 0)
			break;
	}
	if (ended > 0)
		box_done(b);
	else
		box_drop(b);
	if (ended > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		close(said[0]);
		return 0;
	}
	/* what the sandbox's first job said of it, as bwrap or the executor */
	*why = fd_first_line(said[0]);
	close(said[0]);
	if (!*why)
		*why = xstrdup(ended > 0 ? "its first job failed" : "the sandbox ended before its first job");
	return -1;
}

void
rootinfo_release(struct rootinfo *ri)
{
	free(ri->dir);
	free(ri->path);
	free(ri->id);
	free(ri->built);
	strvec_release(&ri->mounts);
	memset(ri, 0, sizeof(*ri));
}

/* path (absolute, inside the root) resolved as the root would see it:
 * every symbolic link followed inside the root, ".." never above it.
 * Returns the host path of the result, or NULL when a part is missing. */
static char *
resolve_in(const char *root, const char *path)
{
	struct strbuf cur = {0};
	char *pending = xstrdup(path), *rest, *found = NULL;
	int links = 0;

	for (rest = pending; *rest;) {
		size_t n;
		char *host, *next, target[PATH_MAX];
		struct stat st;
		ssize_t tn;

		while (*rest == '/')
			rest++;
		n = strcspn(rest, "/");
		if (!n)
			break;
		if (n == 1 && *rest == '.') {
			rest += n;
			continue;
		}
		if (n == 2 && !strncmp(rest, "..", 2)) {
			char *slash = cur.len ? strrchr(cur.buf, '/') : NULL;
			if (slash)
				cur.len = (size_t)(slash - cur.buf), cur.buf[cur.len] = 0;
			rest += n;
			continue;
		}
		host = xasprintf("%s%s/%.*s", root, sb_str(&cur), (int)n, rest);
		if (lstat(host, &st) < 0) {
			free(host);
			goto out;
		}
		if (!S_ISLNK(st.st_mode)) {
			free(host);
			sb_addf(&cur, "/%.*s", (int)n, rest);
			rest += n;
			continue;
		}
		tn = readlink(host, target, sizeof(target) - 1);
		free(host);
		if (tn <= 0 || ++links > 40)
			goto out;
		target[tn] = 0;
		if (target[0] == '/')
			sb_reset(&cur);
		next = xasprintf("%s/%s", target, rest + n);
		free(pending);
		pending = rest = next;
	}
	found = xasprintf("%s%s", root, sb_str(&cur));
out:
	free(pending);
	sb_release(&cur);
	return found;
}

char *
root_lookup(const struct rootinfo *ri, const char *cmd)
{
	if (ri->state == ROOT_MISSING || !*cmd)
		return NULL;
	for (const char *d = ROOT_PATH; *d; d += strcspn(d, ":"), d += *d == ':') {
		char *inside = cmd[0] == '/' ? xstrdup(cmd) : xasprintf("%.*s/%s", (int)strcspn(d, ":"), d, cmd);
		char *host = resolve_in(ri->dir, inside);
		struct stat st;
		free(inside);
		if (host && stat(host, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111))
			return host;
		free(host);
		if (cmd[0] == '/')
			break;
	}
	return NULL;
}

/* The directories that lead to path, made where they are not (bwrap
 * would make them 0700, which a job's user cannot cross): --dir leaves
 * one that is there as it is. */
static void
parents(struct strvec *av, const char *path)
{
	for (const char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		strvec_push(av, "--perms");
		strvec_push(av, "0755");
		strvec_push(av, "--dir");
		strvec_push_nocopy(av, xstrndup(path, (size_t)(p - path)));
	}
}

/* A tmpfs at dir of the bound a job may write (JOB_DISK_MIB), with mode
 * (a job's own user writes in it). */
static void
sized_tmpfs(struct strvec *av, const char *dir, const char *mode)
{
	parents(av, dir);
	strvec_push(av, "--perms");
	strvec_push(av, mode);
	strvec_push(av, "--size");
	strvec_push_nocopy(av, xasprintf("%d", JOB_DISK_MIB << 20));
	strvec_push(av, "--tmpfs");
	strvec_push(av, dir);
}

/* A place a job writes: everyone's, sticky, as /tmp is */
static void
bounded_tmpfs(struct strvec *av, const char *dir)
{
	sized_tmpfs(av, dir, "1777");
}

/* --ro-bind (or --bind) each of dirs at its own path; over's pairs. */
static void
binds(struct strvec *av, const char *how, const struct strvec *dirs)
{
	for (size_t i = 0; dirs && i < dirs->n; i++) {
		parents(av, dirs->v[i]);
		strvec_push(av, how);
		strvec_push(av, dirs->v[i]);
		strvec_push(av, dirs->v[i]);
	}
}

static void
overs(struct strvec *av, const struct strvec *over)
{
	for (size_t i = 0; over && i + 1 < over->n; i += 2) {
		parents(av, over->v[i + 1]);
		strvec_push(av, "--ro-bind");
		strvec_push(av, over->v[i]);
		strvec_push(av, over->v[i + 1]);
	}
}

/* Who a job is (boxproto.h): where the harness is root, the map of the
 * sandbox's user namespace is written by the harness itself (box.c), so
 * that it can hold BOX_JOB_ID beside root; otherwise bwrap maps the user
 * to BOX_JOB_ID, and the executor runs as it too. */
static void
sandbox_identity(struct strvec *av)
{
	if (geteuid() == 0) {
		strvec_push(av, "--userns-block-fd");
		strvec_push_nocopy(av, xasprintf("%d", BOX_FD_USERNS_BLOCK));
		strvec_push(av, "--info-fd");
		strvec_push_nocopy(av, xasprintf("%d", BOX_FD_INFO));
		return;
	}
	strvec_push(av, "--uid");
	strvec_push_nocopy(av, xasprintf("%u", BOX_JOB_ID));
	strvec_push(av, "--gid");
	strvec_push_nocopy(av, xasprintf("%u", BOX_JOB_ID));
}

/* /proc with its host-wide files out of reach: /proc/sys read-only (a
 * sysctl checks only who writes, and a job running as the host's root
 * could set kernel.core_pattern), and the files that show the kernel's
 * keyrings and its magic keys masked. */
static void
sandbox_proc(struct strvec *av)
{
	static const char *const words[] = {
		"--proc", "/proc",
		"--ro-bind", "/proc/sys", "/proc/sys",
		"--ro-bind-try", "/proc/sysrq-trigger", "/proc/sysrq-trigger",
		"--ro-bind-try", "/dev/null", "/proc/keys",
		"--ro-bind-try", "/dev/null", "/proc/key-users",
	};

	for (size_t i = 0; i < LEN(words); i++)
		strvec_push(av, words[i]);
}

/* /dev: a bounded tmpfs that everyone may write in (GCC writes -MD's
 * /dev/null.d beside -o /dev/null), the host's five harmless devices
 * bound in (the executor makes them read-only: a job writes to /dev/null
 * but cannot change the host's node), and the links to a process's own
 * descriptors; no terminal. */
static void
sandbox_dev(struct strvec *av)
{
	static const char *const devices[] = { "null", "zero", "full", "random", "urandom" };
	static const char *const links[] = {
		"/proc/self/fd", "/dev/fd", "/proc/self/fd/0", "/dev/stdin",
		"/proc/self/fd/1", "/dev/stdout", "/proc/self/fd/2", "/dev/stderr",
	};

	sized_tmpfs(av, "/dev", "0777");
	for (size_t i = 0; i < LEN(devices); i++) {
		strvec_push(av, "--dev-bind");
		strvec_push_nocopy(av, xasprintf("/dev/%s", devices[i]));
		strvec_push_nocopy(av, xasprintf("/dev/%s", devices[i]));
	}
	for (size_t i = 0; i < LEN(links); i += 2) {
		strvec_push(av, "--symlink");
		strvec_push(av, links[i]);
		strvec_push(av, links[i + 1]);
	}
}

/* A sandbox's start: every namespace, the user's included, a session of
 * its own (no controlling terminal to type into: TIOCSTI), an
 * environment of its own (nothing of the harness's but what is passed on
 * purpose), the job's identity, the root's system, /proc and /dev. The
 * executor (box.h) is its PID 1. */
static void
sandbox_start(struct strvec *av, const struct rootinfo *ri)
{
	static const char *const head[] = {
		"bwrap", "--unshare-all", "--unshare-user", "--die-with-parent", "--as-pid-1", "--new-session", "--clearenv",
	};

	for (size_t i = 0; i < LEN(head); i++)
		strvec_push(av, head[i]);
	sandbox_identity(av);
	strvec_append(av, &ri->mounts);
	sandbox_proc(av);
	sandbox_dev(av);
}

/* The environment inside: the root's PATH (the host's means nothing
 * there) and LC_ALL=C. */
static void
sandbox_env(struct strvec *av, const struct rootinfo *ri)
{
	strvec_push(av, "--setenv");
	strvec_push(av, "PATH");
	strvec_push(av, ri->path ? ri->path : ROOT_PATH);
	strvec_push(av, "--setenv");
	strvec_push(av, "LC_ALL");
	strvec_push(av, "C");
}

/* The end of a sandbox: POSIX shared memory on a bounded tmpfs of its
 * own, and POSIX message queues where they can be seen (and emptied);
 * nothing else writable but the tmpfs mounts made for the job and a tree
 * job's build directories, which is what lets one sandbox serve many jobs
 * (box.h): the executor empties those, and refuses a sandbox where
 * anything else is writable. No capability is left but those the
 * executor needs to make the devices read-only and to run each job as
 * its user (it gives up the first before any job, and every job has
 * none): bwrap would leave root its own in the namespace, with which a
 * job could make a read-only binding writable. */
static void
sandbox_seal(struct strvec *av)
{
	static const char *const tail[] = {
		"--mqueue", "/dev/mqueue", "--remount-ro", "/", "--cap-drop", "ALL",
		"--cap-add", "CAP_SYS_ADMIN", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
		"--cap-add", "CAP_KILL",
	};

	bounded_tmpfs(av, "/dev/shm");
	for (size_t i = 0; i < LEN(tail); i++)
		strvec_push(av, tail[i]);
}

void
root_enter(const struct rootinfo *ri, const struct strvec *ro, const char *rw, const char *cwd,
           const struct strvec *pass, struct strvec *av)
{
	sandbox_start(av, ri);
	/* every writable place a tmpfs of its own, bounded; the working
	 * directory's first, so that the case's directory, if inside it, is
	 * bound over it */
	bounded_tmpfs(av, "/tmp");
	if (strcmp(cwd, "/") && (!rw || strcmp(cwd, rw)))
		bounded_tmpfs(av, cwd);
	binds(av, "--ro-bind", ro);
	if (rw)
		bounded_tmpfs(av, rw);
	strvec_push(av, "--dir");
	strvec_push(av, cwd);
	strvec_push(av, "--chdir");
	strvec_push(av, cwd);
	sandbox_env(av, ri);
	for (size_t i = 0; pass && i < pass->n; i++) {
		const char *v = getenv(pass->v[i]);
		if (!v)
			continue;
		strvec_push(av, "--setenv");
		strvec_push(av, pass->v[i]);
		strvec_push(av, v);
	}
	if (ro && name_index((const char *const *)ro->v, ro->n, "/tmp") >= 0) {
		/* the case lives in the host's /tmp, bound read-only over the
		 * private one: the compiler's temporary files go elsewhere */
		const char *const scratch[] = { "--setenv", "TMPDIR", "/var/tmp" };
		bounded_tmpfs(av, "/var/tmp");
		for (size_t i = 0; i < LEN(scratch); i++)
			strvec_push(av, scratch[i]);
	}
	sandbox_seal(av);
	strvec_push(av, "--");
}

void
root_enter_tree(const struct rootinfo *ri, const struct strvec *ro, const struct strvec *over,
                const struct strvec *rw, const char *cwd, struct strvec *av)
{
	sandbox_start(av, ri);
	bounded_tmpfs(av, "/tmp");
	binds(av, "--ro-bind", ro);
	overs(av, over);
	binds(av, "--bind", rw);
	strvec_push(av, "--chdir");
	strvec_push(av, cwd);
	sandbox_env(av, ri);
	strvec_push(av, "--setenv");
	strvec_push(av, "HOME");
	strvec_push(av, "/tmp");
	sandbox_seal(av);
	strvec_push(av, "--");
}

void
root_enter_inner(const struct rootinfo *ri, const struct strvec *ro, const struct strvec *rw, struct strvec *av)
{
	static const char *const head[] = { "bwrap", "--die-with-parent" };
	/* the outer sandbox's /dev as it is (its devices read-only, no terminal) */
	static const char *const tail[] = { "--dev-bind", "/dev", "/dev", "--bind", "/tmp", "/tmp" };

	for (size_t i = 0; i < LEN(head); i++)
		strvec_push(av, head[i]);
	strvec_append(av, &ri->mounts);
	for (size_t i = 0; i < LEN(tail); i++)
		strvec_push(av, tail[i]);
	binds(av, "--ro-bind", ro);     /* recursively: the patched files bound over them come too */
	binds(av, "--bind", rw);
	strvec_push(av, "--chdir");
	strvec_push(av, "@PWD@");
	strvec_push(av, "--setenv");
	strvec_push(av, "PATH");
	strvec_push(av, ri->path ? ri->path : ROOT_PATH);
	strvec_push(av, "--");
}

char *
root_build_command(const char *config, const char *name, int rebuild)
{
	struct confpath found;
	int dflt;

	/* the configuration found without --config needs none */
	confpath_find(&found, NULL);
	dflt = !config || (found.path && !strcmp(config, found.path)) || !strcmp(config, "compilers.yaml");
	confpath_release(&found);
	return xasprintf("diagmatrix root%s%s%s %s", dflt ? "" : " --config ", dflt ? "" : config,
	                 rebuild ? " --rebuild" : "", name);
}

/* ---- building ---- */

/* Run debootstrap for r into dir, its output to log and line. Returns
 * what step_run does; *res says how it ended. */
static int
debootstrap(const struct root *r, const char *dir, int log, void (*line)(void *, const char *), void *ctx,
            struct proc_result *res)
{
	static const char *const env[] = {
		"PATH=" ROOT_PATH, "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive", "HOME=/root", NULL,
	};
	struct step s = { .log = log, .line = line, .ctx = ctx, .envp = (char **)env };
	struct strbuf inc = {0};
	int ret;

	/* it dies with us (pdeathsig), in a mount and PID namespace of its
	 * own: what it mounts in the new root, and every process it starts,
	 * are gone when it ends, however it ends */
	const char *const head[] = {
		"setpriv", "--pdeathsig", "KILL", "--",
		"unshare", "--mount", "--propagation", "private", "--pid", "--fork", "--kill-child", "--mount-proc", "--",
		"debootstrap", "--variant=minbase", "--components=main",
	};
	for (size_t i = 0; i < LEN(head); i++)
		strvec_push(&s.argv, head[i]);
	for (size_t i = 0; i < r->packages.n; i++)
		sb_addf(&inc, "%s%s", i ? "," : "--include=", r->packages.v[i]);
	if (inc.len)
		strvec_push_nocopy(&s.argv, sb_detach(&inc));
	strvec_push(&s.argv, r->suite);
	strvec_push(&s.argv, dir);
	strvec_push(&s.argv, r->mirror);
	ret = step_run(&s, res);
	strvec_release(&s.argv);
	return ret;
}

/* Delete the downloaded packages (a third of a small root's size). */
static void
drop_debs(const char *dir)
{
	char *archives = xasprintf("%s/var/cache/apt/archives", dir);
	DIR *d = opendir(archives);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		if (n > 4 && !strcmp(de->d_name + n - 4, ".deb")) {
			char *f = xasprintf("%s/%s", archives, de->d_name);
			unlink(f);
			free(f);
		}
	}
	if (d)
		closedir(d);
	free(archives);
}

/* The stamp that makes dir a root: what it was built from, and an
 * identity (the installed packages' status and the time). */
static int
write_stamp(const struct root *r, const char *dir)
{
	struct strbuf status = {0}, sb = {0};
	struct sha256 s;
	char *path = xasprintf("%s/var/lib/dpkg/status", dir), id[65], date[64];
	time_t t = time(NULL);
	struct tm tm;
	FILE *fp;
	int ok;

	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	read_file(path, MAX_RESULTS_BYTES, &status, NULL);
	free(path);
	sha256_init(&s);
	sha256_update(&s, sb_str(&status), status.len);
	sha256_update(&s, date, strlen(date));
	sha256_hex(&s, id);
	sb_release(&status);
	sb_addf(&sb, STAMP_MAGIC "suite %s\nmirror %s\npackages", r->suite, r->mirror);
	for (size_t i = 0; i < r->packages.n; i++)
		sb_addf(&sb, " %s", r->packages.v[i]);
	sb_addf(&sb, "\nbuilt %s\nid %s\n", date, id);
	path = xasprintf("%s/" STAMP, dir);
	fp = fopen(path, "w");
	ok = fp && fputs(sb.buf, fp) >= 0;
	if (fp && fclose(fp) != 0)
		ok = 0;
	free(path);
	sb_release(&sb);
	return ok ? 0 : -1;
}

/* Put the finished tree build in place of dir. */
static int
install(const char *build, const char *dir, const char *old)
{
	struct stat st;

	remove_tree(old);
	if (lstat(dir, &st) == 0 && rename(dir, old) < 0)
		return -1;
	if (rename(build, dir) < 0)
		return -1;
	remove_tree(old);
	return 0;
}

/* Remove what an interrupted debootstrap left; its last processes may
 * still be ending (they die with their PID namespace), so look twice. */
static void
remove_partial(const char *build)
{
	struct stat st;

	for (int i = 0; i < 10; i++) {
		remove_tree(build);
		if (lstat(build, &st) < 0)
			return;
		nanosleep(&(struct timespec){ 0, 200000000 }, NULL);
	}
}

int
root_build(const struct root *r, void (*line)(void *, const char *), void *ctx, char **why)
{
	char *roots = root_dir(), *dir = NULL, *build = NULL, *old = NULL, *log = NULL, *lockpath;
	struct proc_result res = {0};
	int lock = -1, sig = 0, result = -1, logfd = -1;

	*why = NULL;
	if (!roots) {
		*why = xstrdup("no directory for roots: set DIAGMATRIX_ROOTS, DIAGMATRIX_CACHE or HOME");
		return -1;
	}
	make_dirs(roots, 0755);     /* DIAGMATRIX_ROOTS may name a directory not made yet (or the lock says why not) */
	lockpath = xasprintf("%s/%s.lock", roots, r->name);
	lock = lock_file(lockpath);
	free(lockpath);
	if (lock < 0) {
		*why = xasprintf("cannot lock %s/%s.lock: %s", roots, r->name, strerror(errno));
		goto out;
	}
	dir = xasprintf("%s/%s", roots, r->name);
	build = xasprintf("%s/.%s.build", roots, r->name);
	old = xasprintf("%s/.%s.old", roots, r->name);
	log = xasprintf("%s/%s.log", roots, r->name);
	remove_tree(build);     /* what an interrupted build left */
	logfd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	sig = debootstrap(r, build, logfd, line, ctx, &res);
	if (sig < 0) {
		remove_partial(build);
		*why = xasprintf("cannot run debootstrap: %s", strerror(-sig));
		goto out;
	}
	if (sig) {
		remove_partial(build);
		result = sig;
		goto out;
	}
	if (res.spawn_errno || res.signal || res.exit_code) {
		*why = res.spawn_errno ? xasprintf("cannot run setpriv, unshare and debootstrap: %s", strerror(res.spawn_errno)) :
		       xasprintf("debootstrap %s %d (its output: %s)", res.signal ? "was killed by signal" : "failed with status",
		                 res.signal ? res.signal : res.exit_code, log);
		remove_tree(build);
		goto out;
	}
	drop_debs(build);
	if (write_stamp(r, build) < 0 || install(build, dir, old) < 0) {
		*why = xasprintf("cannot put %s in place: %s", dir, strerror(errno));
		remove_tree(build);
		goto out;
	}
	result = 0;
out:
	if (logfd >= 0)
		close(logfd);
	sb_release(&res.out);
	sb_release(&res.err);
	if (lock >= 0)
		close(lock);
	free(roots);
	free(dir);
	free(build);
	free(old);
	free(log);
	return result;
}

static int
give_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)flag;
	(void)ftw;
	if (st->st_uid == BOX_JOB_ID && st->st_gid == BOX_JOB_ID)
		return 0;
	return lchown(path, BOX_JOB_ID, BOX_JOB_ID) < 0 ? -1 : 0;
}

int
root_give_to_jobs(const char *dir)
{
	if (geteuid() != 0)
		return 0;
	return nftw(dir, give_one, 64, FTW_PHYS | FTW_MOUNT) < 0 ? -1 : 0;
}
