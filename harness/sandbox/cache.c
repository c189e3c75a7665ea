/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <limits.h>
#include <unistd.h>

#include "sandbox/cache.h"

#include "lib/version.h"
#define MAGIC "diagmatrix-cache 2\n"
/* an entry holds at most two outputs of the 8 MiB a job keeps */
#define MAX_ENTRY_BYTES (20 << 20)
/* the include scan of a case stops there: its key then covers fewer
 * headers, never more time or memory */
#define MAX_SOURCES 256

char *
cache_dir(void)
{
	const char *env;

	if ((env = getenv("DIAGMATRIX_CACHE")) && *env)
		return xstrdup(env);
	if ((env = getenv("XDG_CACHE_HOME")) && *env)
		return xasprintf("%s/diagmatrix", env);
	if ((env = getenv("HOME")) && *env)
		return xasprintf("%s/.cache/diagmatrix", env);
	return NULL;
}

char *
cache_place(const char *env, const char *sub)
{
	const char *e = getenv(env);
	char *cache, *dir, cwd[PATH_MAX];

	if (e && *e)
		dir = xstrdup(e);
	else if ((cache = cache_dir()))
		dir = xasprintf("%s/%s", cache, sub), free(cache);
	else
		return NULL;
	if (dir[0] != '/' && getcwd(cwd, sizeof(cwd))) {
		char *abs = xasprintf("%s/%s", cwd, dir);
		free(dir);
		dir = abs;
	}
	return dir;
}

void
cache_open(struct cache *c, int enabled)
{
	char *dir;

	memset(c, 0, sizeof(*c));
	if (!enabled || !(dir = cache_dir()))
		return;
	if (make_dirs(dir, 0700) < 0) {
		free(dir);
		return;
	}
	c->dir = dir;
}

void
cache_close(struct cache *c)
{
	free(c->dir);
	c->dir = NULL;
}

void
cache_entry_release(struct cache_entry *e)
{
	sb_release(&e->out);
	sb_release(&e->err);
}

static char *
entry_path(const struct cache *c, const char *key)
{
	return xasprintf("%s/%.2s/%s", c->dir, key, key + 2);
}

/* Read "NAME VALUE\n" at *p. */
static int
field(const char **p, const char *end, const char *name, char *val, size_t n)
{
	size_t l = strlen(name);
	const char *nl;

	if ((size_t)(end - *p) <= l || memcmp(*p, name, l) || (*p)[l] != ' ')
		return -1;
	*p += l + 1;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	if (!nl || (size_t)(nl - *p) >= n)
		return -1;
	memcpy(val, *p, (size_t)(nl - *p));
	val[nl - *p] = 0;
	*p = nl + 1;
	return 0;
}

static int
blob(const char **p, const char *end, const char *name, struct strbuf *sb)
{
	char v[32];
	char *e;
	unsigned long long n;

	if (field(p, end, name, v, sizeof(v)) < 0)
		return -1;
	n = strtoull(v, &e, 10);
	if (*e || n > (unsigned long long)(end - *p))
		return -1;
	sb_add(sb, *p, (size_t)n);
	*p += n;
	if (*p >= end || **p != '\n')
		return -1;
	(*p)++;
	return 0;
}

int
cache_get(struct cache *c, const char *key, struct cache_entry *e)
{
	struct strbuf sb = {0};
	char *path, v[80], sum[65];
	const char *p, *end, *body_end;
	struct sha256 s;

	memset(e, 0, sizeof(*e));
	if (!c->dir)
		return 0;
	path = entry_path(c, key);
	if (read_file(path, MAX_ENTRY_BYTES, &sb, NULL) < 0 || sb.len < sizeof(MAGIC) + 69)
		goto miss;
	p = sb.buf;
	end = sb.buf + sb.len;
	/* the last line is "sum HEX\n", the checksum of everything before it */
	body_end = end - 69;
	if (memcmp(body_end, "sum ", 4) || end[-1] != '\n' ||
	    memcmp(p, MAGIC, sizeof(MAGIC) - 1))
		goto miss;
	memcpy(sum, body_end + 4, 64);
	sum[64] = 0;
	sha256_init(&s);
	sha256_update(&s, p, (size_t)(body_end - p));
	sha256_hex(&s, v);
	if (strcmp(v, sum))
		goto miss;
	p += sizeof(MAGIC) - 1;
	/* an entry names its key: a file copied under another name is a miss */
	if (field(&p, body_end, "key", v, sizeof(v)) < 0 || strcmp(v, key))
		goto miss;
	if (field(&p, body_end, "exit", v, sizeof(v)) < 0)
		goto miss;
	e->exit_code = atoi(v);
	if (field(&p, body_end, "seconds", v, sizeof(v)) < 0)
		goto miss;
	e->seconds = strtod(v, NULL);
	if (field(&p, body_end, "cpu", v, sizeof(v)) < 0)
		goto miss;
	e->cpu = strtod(v, NULL);
	if (field(&p, body_end, "dropped", v, sizeof(v)) < 0)
		goto miss;
	e->err_dropped = (size_t)strtoull(v, NULL, 10);
	if (blob(&p, body_end, "out", &e->out) < 0 || blob(&p, body_end, "err", &e->err) < 0 || p != body_end)
		goto miss;
	free(path);
	sb_release(&sb);
	c->hits++;
	return 1;
miss:
	cache_entry_release(e);
	free(path);
	sb_release(&sb);
	c->misses++;
	return 0;
}

void
cache_put(struct cache *c, const char *key, const struct cache_entry *e)
{
	struct strbuf sb = {0};
	struct sha256 s;
	char sum[65], *path, *tmp, *slash;
	int fd;

	if (!c->dir)
		return;
	sb_addstr(&sb, MAGIC);
	sb_addf(&sb, "key %s\n", key);
	sb_addf(&sb, "exit %d\nseconds %.6f\ncpu %.6f\ndropped %zu\n", e->exit_code, e->seconds, e->cpu, e->err_dropped);
	sb_addf(&sb, "out %zu\n", e->out.len);
	sb_add(&sb, sb_str(&e->out), e->out.len);
	sb_addf(&sb, "\nerr %zu\n", e->err.len);
	sb_add(&sb, sb_str(&e->err), e->err.len);
	sb_addc(&sb, '\n');
	sha256_init(&s);
	sha256_update(&s, sb.buf, sb.len);
	sha256_hex(&s, sum);
	sb_addf(&sb, "sum %s\n", sum);

	path = entry_path(c, key);
	slash = strrchr(path, '/');
	*slash = 0;
	mkdir(path, 0700);
	*slash = '/';
	tmp = xasprintf("%s.tmp.XXXXXX", path);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd >= 0) {
		size_t off = 0;
		while (off < sb.len) {
			ssize_t n = write(fd, sb.buf + off, sb.len - off);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			off += (size_t)n;
		}
		if (close(fd) == 0 && off == sb.len && rename(tmp, path) == 0)
			c->stores++;
		else
			unlink(tmp);
	}
	free(tmp);
	free(path);
	sb_release(&sb);
}

void
cache_key_init(struct cache_key *k, const char *kind)
{
	sha256_init(&k->sha);
	cache_key_str(k, "diagmatrix " DIAGMATRIX_VERSION);
	cache_key_str(k, diagmatrix_revision);
	cache_key_str(k, kind);
}

void
cache_key_init_versioned(struct cache_key *k, const char *kind, int version)
{
	char v[32];

	sha256_init(&k->sha);
	cache_key_str(k, "diagmatrix " DIAGMATRIX_VERSION);
	snprintf(v, sizeof(v), "%d", version);
	cache_key_str(k, v);
	cache_key_str(k, kind);
}

void
cache_key_str(struct cache_key *k, const char *s)
{
	size_t n = strlen(s), m = n;
	char len[32], *p = len + sizeof(len);

	/* length-prefixed, so that ("ab", "c") and ("a", "bc") differ: "N:"
	 * (written by hand: snprintf was most of a warm run's key) */
	*--p = ':';
	do
		*--p = (char)('0' + m % 10);
	while (m /= 10);
	sha256_update(&k->sha, p, (size_t)(len + sizeof(len) - p));
	sha256_update(&k->sha, s, n);
}

void
cache_key_command(struct cache_key *k, const char *cmd)
{
	char *found = path_lookup(cmd), *path = found ? found : xstrdup(cmd);
	char *real = realpath(path, NULL), buf[256];
	struct stat st;

	cache_key_str(k, path);
	if (real && stat(real, &st) == 0) {
		cache_key_str(k, real);
		snprintf(buf, sizeof(buf), "%llu %llu %lld %lld.%09ld %lld.%09ld",
		         (unsigned long long)st.st_dev, (unsigned long long)st.st_ino, (long long)st.st_size,
		         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
		         (long long)st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
		cache_key_str(k, buf);
	} else {
		cache_key_str(k, "(not found)");
	}
	free(real);
	free(path);
}

/* Does the text at p (after "#include" and blanks) name its file in a
 * way the key cannot follow: a macro? */
static int
opaque_include(const char *q)
{
	return *q != '"' && *q != '<';
}

/* Does buf use what the compiler reads that a textual scan cannot name:
 * #embed data, __has_include / __has_embed targets? */
static int
opaque_text(const char *buf)
{
	if (strstr(buf, "__has_include") || strstr(buf, "__has_embed"))
		return 1;
	for (const char *p = buf; (p = strstr(p, "embed")); p++) {
		const char *h = p;
		while (h > buf && (h[-1] == ' ' || h[-1] == '\t'))
			h--;
		if (h > buf && h[-1] == '#')
			return 1;
	}
	return 0;
}

static void
source(struct cache_key *k, const char *path, int depth, struct strvec *seen, int *complete)
{
	struct strbuf sb = {0};
	char *why;
	char *dir, *slash;

	if (seen->n >= MAX_SOURCES)
		return;
	for (size_t i = 0; i < seen->n; i++)
		if (!strcmp(seen->v[i], path))
			return;
	strvec_push(seen, path);
	cache_key_str(k, path);
	if (read_file(path, MAX_CASE_BYTES, &sb, &why) < 0) {
		/* not beside its includer: found through a directory the key
		 * does not follow, or a system header (depth > 0) */
		if (depth)
			*complete = 0;
		cache_key_str(k, why);
		free(why);
		sb_release(&sb);
		return;
	}
	sha256_update(&k->sha, sb_str(&sb), sb.len);
	if (opaque_text(sb_str(&sb)))
		*complete = 0;
	if (depth > 8) {
		sb_release(&sb);
		return;
	}
	dir = xstrdup(path);
	slash = strrchr(dir, '/');
	if (slash)
		slash[1] = 0;
	else
		dir[0] = 0;
	/* #include "x.h": relative to the including file, as compilers do first */
	for (const char *p = sb_str(&sb); (p = strstr(p, "include"));) {
		const char *q = p + 7, *e, *h = p;
		while (h > sb.buf && (h[-1] == ' ' || h[-1] == '\t'))
			h--;
		p = q;
		if (h == sb.buf || h[-1] != '#')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (opaque_include(q))
			*complete = 0;
		if (*q != '"' || !(e = strchr(q + 1, '"')) || memchr(q + 1, '\n', (size_t)(e - q - 1)))
			continue;
		{
			char *inc = xasprintf("%s%.*s", q[1] == '/' ? "" : dir, (int)(e - q - 1), q + 1);
			source(k, inc, depth + 1, seen, complete);
			free(inc);
		}
	}
	free(dir);
	sb_release(&sb);
}

int
cache_key_source(struct cache_key *k, const char *path)
{
	struct strvec seen = {0};
	int complete = 1;

	source(k, path, 0, &seen, &complete);
	complete &= seen.n < MAX_SOURCES;
	strvec_release(&seen);
	return complete;
}

void
cache_key_env(struct cache_key *k, char *const *envp)
{
	static const char *const prefixes[] = {
		"PATH=", "LC_", "LANG=", "LANGUAGE=", "GCC_", "COMPILER_PATH=", "LIBRARY_PATH=", "CPATH=",
		"C_INCLUDE_PATH=", "CPLUS_INCLUDE_PATH=", "OBJC_INCLUDE_PATH=", "DEPENDENCIES_OUTPUT=",
		"SUNPRO_DEPENDENCIES=", "SOURCE_DATE_EPOCH=", "CCC_", "CLANG_", "TMPDIR=", "QEMU_",
	};
	for (; envp && *envp; envp++)
		for (size_t i = 0; i < LEN(prefixes); i++)
			if (!strncmp(*envp, prefixes[i], strlen(prefixes[i]))) {
				cache_key_str(k, *envp);
				break;
			}
}

void
cache_key_final(struct cache_key *k, char hex[65])
{
	sha256_hex(&k->sha, hex);
}

static double
timespec_seconds(const struct timespec *ts)
{
	return (double)ts->tv_sec + (double)ts->tv_nsec / 1e9;
}

/* Is path one of the kernel's (/proc, /sys, /dev), whose "files" may block
 * or change as they are read? A compile's rule names them only when its
 * output is forged: no key follows them. */
static int
kernel_file(const char *path)
{
	return !strncmp(path, "/proc/", 6) || !strncmp(path, "/sys/", 5) || !strncmp(path, "/dev/", 5);
}

/* Hash what fd holds, at most MAX_CASE_BYTES. Returns -1 past that, or on
 * a read that fails (a non-blocking one that would block included). */
static int
hash_fd(struct cache_key *k, int fd)
{
	char buf[65536];
	size_t total = 0;
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || (total += (size_t)n) > MAX_CASE_BYTES)
			return -1;
		sha256_update(&k->sha, buf, (size_t)n);
	}
	return 0;
}

int
cache_key_file(struct cache_key *k, const char *path, double since)
{
	struct stat st;
	int fd, r = -1;

	cache_key_str(k, path);
	if (kernel_file(path) || (fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)) < 0)
		return -1;
	/* a regular file only: a FIFO or a device a case includes is no input a key can name */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    !(since && (timespec_seconds(&st.st_mtim) >= since || timespec_seconds(&st.st_ctim) >= since)) &&
	    hash_fd(k, fd) == 0) {
		sha256_update(&k->sha, "", 1);   /* the end of one file's bytes */
		r = 0;
	}
	close(fd);
	return r;
}
