/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/sha256.h"
#include "sandbox/box.h"
#include "sandbox/cache.h"
#include "sandbox/step.h"
#include "tree/kbuild.h"
#include "tree/treesrc.h"

#define STAMP ".diagmatrix-tree"
#define STAMP_MAGIC "diagmatrix-tree 1\n"
#define KEYRING "/usr/share/keyrings/debian-archive-keyring.gpg"

char *
trees_dir(void)
{
	return cache_place("DIAGMATRIX_TREES", "trees");
}

/* Read the stamp of the unpacked source at dir into src; 0, or -1 when
 * dir holds no complete source of package. */
static int
read_stamp(const char *dir, const char *package, struct treesrc *src, time_t *when)
{
	struct strbuf sb = {0};
	char *path = xasprintf("%s/" STAMP, dir), *pkg = NULL;
	struct stat st;
	int r = -1;

	if (read_file(path, 4096, &sb, NULL) == 0 && !strncmp(sb_str(&sb), STAMP_MAGIC, strlen(STAMP_MAGIC)) &&
	    (pkg = line_field(sb_str(&sb), "package")) && !strcmp(pkg, package) && stat(path, &st) == 0) {
		src->version = line_field(sb_str(&sb), "version");
		src->sha256 = line_field(sb_str(&sb), "sha256");
		src->dir = xasprintf("%s/%s", dir, package);
		*when = st.st_mtime;
		r = src->version && src->sha256 ? 0 : -1;
		if (r < 0)
			treesrc_release(src);
	}
	free(pkg);
	free(path);
	sb_release(&sb);
	return r;
}

/* The newest complete source of package under TREES/src, if any. */
static int
find_unpacked(const char *srcdir, const char *package, struct treesrc *src)
{
	DIR *d = opendir(srcdir);
	struct dirent *de;
	size_t n = strlen(package);
	time_t best = 0;

	while (d && (de = readdir(d))) {
		struct treesrc cand = {0};
		time_t when;
		char *dir;
		if (strncmp(de->d_name, package, n) || de->d_name[n] != '_')
			continue;
		dir = xasprintf("%s/%s", srcdir, de->d_name);
		if (read_stamp(dir, package, &cand, &when) == 0 && (!src->dir || when > best)) {
			treesrc_release(src);
			*src = cand;
			best = when;
		} else {
			treesrc_release(&cand);
		}
		free(dir);
	}
	if (d)
		closedir(d);
	return src->dir ? 0 : -1;
}

void
treesrc_release(struct treesrc *src)
{
	free(src->dir);
	free(src->version);
	free(src->sha256);
	memset(src, 0, sizeof(*src));
}

/* One download or unpacking: what it needs to run its tools. */
struct fetch {
	const struct tree *t;
	char *apt;              /* TREES/apt/SUITE */
	char *build;            /* TREES/src/.PACKAGE.build */
	int log;
	void (*line)(void *, const char *);
	void *ctx;
};

/* The last line of text, or "" (allocated, printable). */
static char *
last_line(const struct strbuf *text)
{
	struct strbuf sb = {0};
	size_t end = text->len, start;

	while (end && (text->buf[end - 1] == '\n' || text->buf[end - 1] == '\r'))
		end--;
	for (start = end; start && text->buf[start - 1] != '\n'; start--)
		;
	if (end > start) {
		char *l = xstrndup(text->buf + start, end - start);
		sb_addstr(&sb, ": ");
		sb_add_printable(&sb, l);
		free(l);
	}
	return sb_detach(&sb);
}

/* Run argv in cwd (what: its name, for messages); argv[0..command_at),
 * when command_at is not 0, a tree job's sandbox (root_enter_tree). 0, a
 * signal, or -1 with *err, which ends with the last line it printed. */
static int
tool(struct fetch *f, const struct strvec *argv, size_t command_at, const char *cwd, const char *what, char **err)
{
	static const char *const env[] = {
		"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C", "DEBIAN_FRONTEND=noninteractive", "HOME=/nonexistent", NULL,
	};
	struct step s = { .envp = (char **)env, .cwd = cwd, .log = f->log, .line = f->line, .ctx = f->ctx, .keep = 1 << 14 };
	struct proc_result r;
	char *said;
	int ret;

	strvec_append(&s.argv, argv);
	s.command_at = command_at;
	s.box = command_at ? BOX_TREE : 0;
	ret = step_run(&s, &r);
	said = last_line(r.err.len ? &r.err : &r.out);
	if (ret < 0)
		*err = xasprintf("cannot run %s: %s", what, strerror(-ret));
	else if (!ret && (r.spawn_errno || r.signal || r.exit_code))
		*err = r.spawn_errno ? xasprintf("cannot run %s: %s", what, strerror(r.spawn_errno)) :
		       r.signal ? xasprintf("%s was killed by signal %d%s", what, r.signal, said) :
		       xasprintf("%s failed with status %d%s", what, r.exit_code, said);
	free(said);
	strvec_release(&s.argv);
	sb_release(&r.out);
	sb_release(&r.err);
	return ret > 0 ? ret : *err ? -1 : 0;
}

/* The same, the words given (NULL-terminated). */
static int
toolv(struct fetch *f, const char *cwd, char **err, ...)
{
	struct strvec av = {0};
	const char *w;
	va_list ap;
	int r;

	va_start(ap, err);
	while ((w = va_arg(ap, const char *)))
		strvec_push(&av, w);
	va_end(ap);
	r = tool(f, &av, 0, cwd, av.v[0], err);
	strvec_release(&av);
	return r;
}

/* apt-get with the harness's own sources list and state, for t's suite. */
static int
apt(struct fetch *f, const char *what, const char *cwd, char **err)
{
	char *o[7] = {
		xasprintf("Dir::Etc::SourceList=%s/sources.list", f->apt), xasprintf("Dir::Etc::SourceParts=%s/empty", f->apt),
		xasprintf("Dir::State=%s/state", f->apt), xasprintf("Dir::Cache=%s/cache", f->apt),
		xasprintf("Dir::Etc::PreferencesParts=%s/empty", f->apt), xasprintf("Dir::State::status=%s/status", f->apt), NULL,
	};
	int r = toolv(f, cwd, err, "apt-get", "-q", "-o", o[0], "-o", o[1], "-o", o[2], "-o", o[3], "-o", o[4], "-o", o[5],
	              "-o", "Dir::Etc::Preferences=/dev/null", "-o", "APT::Sandbox::User=root", "-o", "Debug::NoLocking=true",
	              "-o", "Acquire::Languages=none", what, what[0] == 'd' ? f->t->package : NULL, (char *)NULL);

	for (size_t i = 0; o[i]; i++)
		free(o[i]);
	return r;
}

/* TREES/apt/SUITE, with a sources list for t's suite and mirror. */
static int
apt_setup(struct fetch *f, char **err)
{
	static const char *const sub[] = { "empty", "state/lists/partial", "cache/archives/partial" };
	char *list = xasprintf("%s/sources.list", f->apt), *text;
	FILE *fp;
	int ok;

	for (size_t i = 0; i < LEN(sub); i++) {
		char *d = xasprintf("%s/%s", f->apt, sub[i]);
		make_dirs(d, 0755);
		free(d);
	}
	text = xasprintf("deb [signed-by=" KEYRING "] %s %s main\n", f->t->mirror, f->t->suite);
	fp = fopen(list, "w");
	ok = fp && fputs(text, fp) >= 0;
	if (fp && fclose(fp) != 0)
		ok = 0;
	/* no packages installed: apt offers the mirror's version, not the host's */
	if (ok) {
		char *status = xasprintf("%s/status", f->apt);
		FILE *sp = fopen(status, "a");
		ok = sp && fclose(sp) == 0;
		free(status);
	}
	if (!ok)
		*err = xasprintf("cannot write %s: %s", list, strerror(errno));
	free(text);
	free(list);
	return ok ? 0 : -1;
}

/* The one PACKAGE_VERSION_ARCH.deb apt-get downloaded into dir: its name
 * (allocated) and version; NULL when there is none. */
static char *
downloaded(const char *dir, const char *package, char **version)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = strlen(package);
	char *found = NULL;

	while (d && (de = readdir(d)) && !found) {
		size_t len = strlen(de->d_name);
		const char *v = de->d_name + n + 1, *end;
		char *p;
		if (strncmp(de->d_name, package, n) || de->d_name[n] != '_' || len < n + 6 ||
		    strcmp(de->d_name + len - 4, ".deb") || !(end = strchr(v, '_')))
			continue;
		found = xstrdup(de->d_name);
		*version = xstrndup(v, (size_t)(end - v));
		if ((p = strstr(*version, "%3a"))) {   /* apt writes an epoch's ':' so */
			*p = ':';
			memmove(p + 1, p + 3, strlen(p + 3) + 1);
		}
	}
	if (d)
		closedir(d);
	return found;
}

static int
file_sha256(const char *path, char out[65])
{
	char buf[1 << 16];
	struct sha256 s;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	sha256_init(&s);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		sha256_update(&s, buf, (size_t)n);
	close(fd);
	sha256_hex(&s, out);
	return n < 0 ? -1 : 0;
}

/* The stamp that makes dir complete, written last: what it was made from
 * (origin: "suite SUITE\nmirror URL" for a source, "patches" for an overlay). */
static int
write_stamp(const char *dir, const char *package, const char *version, const char *origin, const char *sha)
{
	char *path = xasprintf("%s/" STAMP, dir);
	FILE *fp = fopen(path, "w");
	int ok = fp && fprintf(fp, STAMP_MAGIC "package %s\nversion %s\n%s\nsha256 %s\n", package, version, origin, sha) > 0;

	if (fp && fclose(fp) != 0)
		ok = 0;
	free(path);
	return ok ? 0 : -1;
}

/* The one tarball of the package unpacked in debdir that t names
 * (tarball:, a glob; usr/src/PACKAGE.tar.xz by default), allocated; NULL
 * with *err when none or several match. */
static char *
find_tarball(const struct tree *t, const char *debdir, char **err)
{
	char *pattern = t->tarball ? xasprintf("%s/%s", debdir, t->tarball) :
	                xasprintf("%s/usr/src/%s.tar.xz", debdir, t->package), *found = NULL;
	glob_t g = {0};
	struct stat st;

	if (glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc == 1 && lstat(g.gl_pathv[0], &st) == 0 &&
	    S_ISREG(st.st_mode))
		found = xstrdup(g.gl_pathv[0]);
	else
		*err = xasprintf("%s: %zu regular files match %s in the package, not one", t->package, g.gl_pathc,
		                 pattern + strlen(debdir) + 1);
	globfree(&g);
	free(pattern);
	return found;
}

/* tar's command: the tarball into tree, only t's extract: directories
 * (under the tarball's top directory) when it names any. */
static void
tar_argv(const struct tree *t, const char *tarball, const char *tree, struct strvec *av)
{
	strvec_push(av, "tar");
	strvec_push(av, "-xf");
	strvec_push(av, tarball);
	strvec_push(av, "-C");
	strvec_push(av, tree);
	strvec_push(av, "--no-same-owner");
	if (t->extract.n)
		strvec_push(av, "--wildcards");
	for (size_t i = 0; i < t->extract.n; i++)
		strvec_push_nocopy(av, xasprintf("*/%s/*", t->extract.v[i]));
}

/* The source is tree/PACKAGE: the tarball's one top directory, renamed
 * when it has another name (gcc-16.2.0 in gcc-16-source). */
static int
top_dir(const struct tree *t, const char *tree, char **err)
{
	char *want = xasprintf("%s/%s", tree, t->package), *only = NULL;
	DIR *d;
	struct dirent *de;
	size_t n = 0;
	struct stat st;
	int r = 0;

	if (stat(want, &st) == 0 && S_ISDIR(st.st_mode)) {
		free(want);
		return 0;
	}
	if ((d = opendir(tree))) {
		while ((de = readdir(d)))
			if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") && n++ == 0)
				only = xasprintf("%s/%s", tree, de->d_name);
		closedir(d);
	}
	if (n != 1 || lstat(only, &st) < 0 || !S_ISDIR(st.st_mode) || rename(only, want) < 0) {
		*err = xasprintf("%s: the tarball has %zu top entries, not one directory", t->package, n);
		r = -1;
	}
	free(only);
	free(want);
	return r;
}

/* Download and unpack into f->build, stamped; the caller renames it. */
static int
fetch(struct fetch *f, char **version, char **sha, char **err)
{
	char *deb = NULL, *debdir = xasprintf("%s/deb", f->build), *tree = xasprintf("%s/tree", f->build);
	char *tarball = NULL, *debpath = NULL, hex[65];
	struct strvec tar = {0};
	int r;

	make_dirs(tree, 0755);
	if ((r = apt_setup(f, err)) || (r = apt(f, "update", f->build, err)) || (r = apt(f, "download", f->build, err)))
		goto out;
	if (!(deb = downloaded(f->build, f->t->package, version))) {
		*err = xasprintf("apt-get download %s left no package in %s", f->t->package, f->build);
		r = -1;
		goto out;
	}
	debpath = xasprintf("%s/%s", f->build, deb);
	if (file_sha256(debpath, hex) < 0) {
		*err = xasprintf("cannot read %s: %s", debpath, strerror(errno));
		r = -1;
		goto out;
	}
	*sha = xstrdup(hex);
	if ((r = toolv(f, f->build, err, "dpkg-deb", "-x", debpath, debdir, (char *)NULL)))
		goto out;
	if (!(tarball = find_tarball(f->t, debdir, err))) {
		r = -1;
		goto out;
	}
	tar_argv(f->t, tarball, tree, &tar);
	if ((r = tool(f, &tar, 0, f->build, "tar", err)) || (r = top_dir(f->t, tree, err)))
		goto out;
	{
		char *origin = xasprintf("suite %s\nmirror %s", f->t->suite, f->t->mirror);
		r = write_stamp(tree, f->t->package, *version, origin, *sha);
		free(origin);
	}
	if (r < 0)
		*err = xasprintf("cannot write the stamp in %s: %s", tree, strerror(errno));
out:
	free(deb);
	free(debpath);
	free(debdir);
	free(tree);
	free(tarball);
	strvec_release(&tar);
	return r;
}

int
treesrc_ensure(const struct tree *t, int refresh, void (*line)(void *, const char *), void *ctx,
               struct treesrc *src, char **why)
{
	char *trees = trees_dir(), *srcdir = NULL, *lock = NULL, *log = NULL, *built = NULL, *version = NULL, *sha = NULL;
	struct fetch f = { .t = t, .line = line, .ctx = ctx, .log = -1 };
	int fd = -1, r = -1;

	*why = NULL;
	memset(src, 0, sizeof(*src));
	if (!trees) {
		*why = xstrdup("no directory for trees: set DIAGMATRIX_TREES, DIAGMATRIX_CACHE or HOME");
		return -1;
	}
	srcdir = xasprintf("%s/src", trees);
	make_dirs(srcdir, 0755);
	lock = xasprintf("%s/%s.lock", srcdir, t->package);
	if ((fd = lock_file(lock)) < 0) {
		*why = xasprintf("cannot lock %s: %s", lock, strerror(errno));
		goto out;
	}
	if (!refresh && find_unpacked(srcdir, t->package, src) == 0) {
		r = 0;
		goto out;
	}
	f.apt = xasprintf("%s/apt/%s", trees, t->suite);
	f.build = xasprintf("%s/.%s.build", srcdir, t->package);
	log = xasprintf("%s/%s.log", srcdir, t->package);
	remove_tree(f.build);   /* what an interrupted unpacking left */
	f.log = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if ((r = fetch(&f, &version, &sha, why)) == 0) {
		char *from = xasprintf("%s/tree", f.build);
		built = xasprintf("%s/%s_%s", srcdir, t->package, version);
		remove_tree(built);
		if (rename(from, built) < 0) {
			*why = xasprintf("cannot put %s in place: %s", built, strerror(errno));
			r = -1;
		} else if (find_unpacked(srcdir, t->package, src) < 0 || strcmp(src->version, version)) {
			*why = xasprintf("%s: no source %s/%s after unpacking", built, built, t->package);
			r = -1;
		}
		free(from);
	}
	remove_tree(f.build);
out:
	if (f.log >= 0)
		close(f.log);
	if (fd >= 0)
		close(fd);
	if (r)
		treesrc_release(src);
	free(f.apt);
	free(f.build);
	free(version);
	free(sha);
	free(built);
	free(log);
	free(lock);
	free(srcdir);
	free(trees);
	return r;
}

/* The files c's patches change, and the key of the overlay. */
static int
overlay_plan(const struct tree_config *c, const struct treesrc *src, struct strvec *files, char hex[65], char **err)
{
	struct cache_key k;

	cache_key_init_versioned(&k, "tree overlay", KBUILD_KEY_VERSION);
	cache_key_str(&k, src->sha256);
	for (size_t i = 0; i < c->patches.n; i++) {
		struct strbuf sb = {0};
		char *why = NULL;
		if (read_file(c->patches.v[i], MAX_CONFIG_BYTES, &sb, &why) < 0 ||
		    kbuild_patch_files(sb_str(&sb), sb.len, files, &why) < 0) {
			*err = xasprintf("patch %s: %s", c->patches.v[i], why);
			free(why);
			sb_release(&sb);
			return -1;
		}
		cache_key_str(&k, sb_str(&sb));
		sb_release(&sb);
	}
	cache_key_final(&k, hex);
	return 0;
}

/* Copy the source's file rel into dir (its directories made). */
static int
copy_in(const struct treesrc *src, const char *rel, const char *dir)
{
	char *from = xasprintf("%s/%s", src->dir, rel), *to = xasprintf("%s/%s", dir, rel), *slash;
	struct strbuf sb = {0};
	FILE *fp = NULL;
	int ok;

	slash = strrchr(to, '/');
	*slash = 0;
	make_dirs(to, 0755);
	*slash = '/';
	ok = read_file(from, 64 << 20, &sb, NULL) == 0 && (fp = fopen(to, "w")) && fwrite(sb.buf, 1, sb.len, fp) == sb.len;
	if (fp && fclose(fp) != 0)
		ok = 0;
	sb_release(&sb);
	free(from);
	free(to);
	return ok ? 0 : -1;
}

/* Apply the patches in dir, in the sandbox. */
static int
apply(const struct tree_config *c, const struct rootinfo *host, const char *dir, char **err)
{
	struct fetch f = { .log = -1 };
	struct strvec ro = {0}, rw = {0}, av = {0};
	char cwd[PATH_MAX];
	size_t at;
	int r = 0;

	if (root_give_to_jobs(dir) < 0)
		return *err = xasprintf("cannot give %s to the jobs' user: %s", dir, strerror(errno)), -1;
	strvec_push(&rw, dir);
	for (size_t i = 0; i < c->patches.n && !r; i++) {
		char *abs = c->patches.v[i][0] == '/' || !getcwd(cwd, sizeof(cwd)) ? xstrdup(c->patches.v[i]) :
		            xasprintf("%s/%s", cwd, c->patches.v[i]);
		strvec_release(&ro);
		strvec_release(&av);
		strvec_push(&ro, abs);
		root_enter_tree(host, &ro, NULL, &rw, dir, &av);
		at = av.n;
		strvec_push(&av, "patch");
		strvec_push(&av, "-p1");
		strvec_push(&av, "--batch");
		strvec_push(&av, "--no-backup-if-mismatch");
		strvec_push(&av, "-i");
		strvec_push(&av, abs);
		r = tool(&f, &av, at, dir, "patch", err);
		if (r < 0) {
			char *why = *err;
			*err = xasprintf("patch %s does not apply: %s", c->patches.v[i], why);
			free(why);
		}
		free(abs);
	}
	strvec_release(&ro);
	strvec_release(&rw);
	strvec_release(&av);
	return r;
}

int
treesrc_overlay(const struct tree_config *c, const struct treesrc *src, const struct rootinfo *host,
                struct strvec *over, char **why)
{
	struct strvec files = {0};
	char hex[65], *trees = trees_dir(), *dir = NULL, *build = NULL, *stamp = NULL;
	struct stat st;
	int r = -1;

	*why = NULL;
	if (!c->patches.n) {
		free(trees);
		return 0;
	}
	if (!trees) {
		*why = xstrdup("no directory for trees: set DIAGMATRIX_TREES, DIAGMATRIX_CACHE or HOME");
		return -1;
	}
	if (overlay_plan(c, src, &files, hex, why) < 0)
		goto out;
	dir = xasprintf("%s/overlay/%.16s", trees, hex);
	stamp = xasprintf("%s/" STAMP, dir);
	if (stat(stamp, &st) < 0) {
		/* another harness may be making it too: the rename decides */
		build = xasprintf("%s/overlay/.%.16s.%ld", trees, hex, (long)getpid());
		remove_tree(build);
		make_dirs(build, 0755);
		for (size_t i = 0; i < files.n; i++)
			if (copy_in(src, files.v[i], build) < 0) {
				*why = xasprintf("the patches change %s, which the source does not have", files.v[i]);
				goto out;
			}
		if ((r = apply(c, host, build, why)) != 0)
			goto out;
		r = -1;
		if (write_stamp(build, "overlay", src->version, "patches", hex) < 0 ||
		    (rename(build, dir) < 0 && stat(stamp, &st) < 0)) {
			*why = xasprintf("cannot put %s in place: %s", dir, strerror(errno));
			goto out;
		}
	}
	for (size_t i = 0; i < files.n; i++) {
		strvec_push_nocopy(over, xasprintf("%s/%s", dir, files.v[i]));
		strvec_push_nocopy(over, xasprintf("%s/%s", src->dir, files.v[i]));
	}
	r = 0;
out:
	if (build)
		remove_tree(build);
	strvec_release(&files);
	free(trees);
	free(dir);
	free(build);
	free(stamp);
	return r;
}
