/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cache.h"
#include "confpath.h"
#include "root.h"
#include "step.h"
#include "sha256.h"

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

/* What bwrap said on fd (up to 4 KiB), its first line. Allocated. */
static char *
first_words(int fd)
{
	char buf[4096];
	size_t n = 0;
	ssize_t r;

	while (n < sizeof(buf) - 1 && ((r = read(fd, buf + n, sizeof(buf) - 1 - n)) > 0 || (r < 0 && errno == EINTR)))
		n += r > 0 ? (size_t)r : 0;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return xstrdup(*buf ? buf : "no message");
}

int
root_sandbox_probe(char **why)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	struct rootinfo host;
	struct strvec av = {0};
	char **argv, *bwrap = path_lookup("bwrap");
	pid_t pid;
	int st, r, fds[2];

	*why = NULL;
	if (!bwrap)
		return *why = xstrdup("bwrap is not installed"), 0;
	free(bwrap);
	if (pipe(fds) < 0)
		return *why = xasprintf("cannot start bwrap: %s", strerror(errno)), -1;
	/* the very command a host job runs in: a container that masks parts
	 * of its /proc lets bwrap start, but not mount a /proc of its own */
	root_host(&host);
	root_enter(&host, NULL, NULL, "/tmp", NULL, &av);
	strvec_push(&av, "true");
	rootinfo_release(&host);
	argv = strvec_argv(&av);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	/* a group of its own: what bwrap leaves behind when it fails (its
	 * child, waiting forever for a parent that ran out of files) is killed */
	posix_spawnattr_init(&at);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&at, 0);
	r = posix_spawnp(&pid, "bwrap", &fa, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	free(argv);
	strvec_release(&av);
	close(fds[1]);
	if (r != 0) {
		close(fds[0]);
		return *why = xasprintf("cannot start bwrap: %s", strerror(r)), -1;
	}
	while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	kill(-pid, SIGKILL);
	*why = first_words(fds[0]);
	close(fds[0]);
	if (r < 0)
		return -1;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return free(*why), *why = NULL, 1;
	/* "No permissions to create new namespace", "Creating new namespace
	 * failed", "setting up uid map": the kernel gives no user namespaces */
	return strstr(*why, "namespace") || strstr(*why, "uid map") ? 0 : -1;
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

/* A tmpfs at dir of the bound a job may write (JOB_DISK_MIB). */
static void
bounded_tmpfs(struct strvec *av, const char *dir)
{
	strvec_push(av, "--size");
	strvec_push_nocopy(av, xasprintf("%d", JOB_DISK_MIB << 20));
	strvec_push(av, "--tmpfs");
	strvec_push(av, dir);
}

/* --ro-bind (or --bind) each of dirs at its own path; over's pairs. */
static void
binds(struct strvec *av, const char *how, const struct strvec *dirs)
{
	for (size_t i = 0; dirs && i < dirs->n; i++) {
		strvec_push(av, how);
		strvec_push(av, dirs->v[i]);
		strvec_push(av, dirs->v[i]);
	}
}

static void
overs(struct strvec *av, const struct strvec *over)
{
	for (size_t i = 0; over && i + 1 < over->n; i += 2) {
		strvec_push(av, "--ro-bind");
		strvec_push(av, over->v[i]);
		strvec_push(av, over->v[i + 1]);
	}
}

/* A sandbox's start: a session of its own (no controlling terminal to
 * type into: TIOCSTI), an environment of its own (nothing of the
 * harness's but what is passed on purpose), the root's system, /dev and
 * /proc; as_pid_1: the program is PID 1 (a compile), else bwrap reaps. */
static void
sandbox_start(struct strvec *av, const struct rootinfo *ri, int as_pid_1)
{
	static const char *const head[] = { "bwrap", "--unshare-all", "--die-with-parent" };
	static const char *const tail[] = { "--dev", "/dev", "--proc", "/proc" };

	for (size_t i = 0; i < LEN(head); i++)
		strvec_push(av, head[i]);
	if (as_pid_1)
		strvec_push(av, "--as-pid-1");
	strvec_push(av, "--new-session");
	strvec_push(av, "--clearenv");
	strvec_append(av, &ri->mounts);
	for (size_t i = 0; i < LEN(tail); i++)
		strvec_push(av, tail[i]);
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


/* The end of a job's sandbox: no capability left, even to root (bwrap
 * leaves root its own in the namespace, with which it could make a
 * read-only binding writable); POSIX shared memory on a bounded tmpfs of
 * its own, and POSIX message queues where they can be seen (and emptied);
 * nothing else writable but the tmpfs mounts made for the job
 * and /dev (where GCC writes -MD's /dev/null.d), which is what lets one
 * sandbox serve many jobs (box.h): the executor empties those, and
 * refuses a sandbox where anything else is writable. */
static void
sandbox_seal(struct strvec *av)
{
	static const char *const tail[] = { "--mqueue", "/dev/mqueue", "--remount-ro", "/", "--cap-drop", "ALL" };

	bounded_tmpfs(av, "/dev/shm");
	for (size_t i = 0; i < LEN(tail); i++)
		strvec_push(av, tail[i]);
}

void
root_enter(const struct rootinfo *ri, const struct strvec *ro, const char *rw, const char *cwd,
           const struct strvec *pass, struct strvec *av)
{
	sandbox_start(av, ri, 1);
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
	sandbox_start(av, ri, 0);
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
	strvec_push(av, "--");
}

void
root_enter_inner(const struct rootinfo *ri, const struct strvec *ro, const struct strvec *rw, struct strvec *av)
{
	static const char *const head[] = { "bwrap", "--die-with-parent" };
	static const char *const tail[] = { "--dev", "/dev", "--bind", "/tmp", "/tmp" };

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

static int
lock_root(const char *roots, const char *name)
{
	char *path = xasprintf("%s/%s.lock", roots, name);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	struct flock fl = {0};

	free(path);
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	if (fd >= 0 && fcntl(fd, F_SETLKW, &fl) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

int
root_build(const struct root *r, void (*line)(void *, const char *), void *ctx, char **err)
{
	char *roots = root_dir(), *dir = NULL, *build = NULL, *old = NULL, *log = NULL;
	struct proc_result res = {0};
	int lock = -1, sig = 0, result = -1, logfd = -1;

	*err = NULL;
	if (!roots) {
		*err = xstrdup("no directory for roots: set DIAGMATRIX_ROOTS, DIAGMATRIX_CACHE or HOME");
		return -1;
	}
	make_dirs(roots, 0755);     /* DIAGMATRIX_ROOTS may name a directory not made yet (or the lock says why not) */
	if ((lock = lock_root(roots, r->name)) < 0) {
		*err = xasprintf("cannot lock %s/%s.lock: %s", roots, r->name, strerror(errno));
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
		*err = xasprintf("cannot run debootstrap: %s", strerror(-sig));
		goto out;
	}
	if (sig) {
		remove_partial(build);
		result = sig;
		goto out;
	}
	if (res.spawn_errno || res.signal || res.exit_code) {
		*err = res.spawn_errno ? xasprintf("cannot run setpriv, unshare and debootstrap: %s", strerror(res.spawn_errno)) :
		       xasprintf("debootstrap %s %d (its output: %s)", res.signal ? "was killed by signal" : "failed with status",
		                 res.signal ? res.signal : res.exit_code, log);
		remove_tree(build);
		goto out;
	}
	drop_debs(build);
	if (write_stamp(r, build) < 0 || install(build, dir, old) < 0) {
		*err = xasprintf("cannot put %s in place: %s", dir, strerror(errno));
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
