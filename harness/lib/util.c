/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700     /* nftw */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/util.h"

static void
oom(void)
{
	static const char msg[] = "diagmatrix: out of memory\n";
	(void)!write(2, msg, sizeof(msg) - 1);
	abort();
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

void
xgrow(void **p, size_t *cap, size_t want, size_t size)
{
	size_t n;

	if (want <= *cap)
		return;
	n = *cap ? *cap : 8;
	while (n < want) {
		if (n > SIZE_MAX / 2)
			oom();
		n *= 2;
	}
	if (n > SIZE_MAX / size)
		oom();
	*p = xrealloc(*p, n * size);
	*cap = n;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char *p;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		oom();
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void
sb_add(struct strbuf *sb, const void *data, size_t n)
{
	xgrow((void **)&sb->buf, &sb->cap, sb->len + n + 1, 1);
	if (n)
		memcpy(sb->buf + sb->len, data, n);
	sb->len += n;
	sb->buf[sb->len] = 0;
}

void
sb_addstr(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void
sb_addc(struct strbuf *sb, int c)
{
	char ch = (char)c;
	sb_add(sb, &ch, 1);
}

void
sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	xgrow((void **)&sb->buf, &sb->cap, sb->len + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void
sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = 0;
}

char *
sb_detach(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return p;
}

const char *
sb_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

void
sb_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

void
strvec_push(struct strvec *sv, const char *s)
{
	strvec_push_nocopy(sv, xstrdup(s));
}

void
strvec_push_nocopy(struct strvec *sv, char *s)
{
	VEC_PUSH(*sv, s);
}

void
strvec_append(struct strvec *sv, const struct strvec *from)
{
	for (size_t i = 0; i < from->n; i++)
		strvec_push(sv, from->v[i]);
}

char **
strvec_argv(const struct strvec *sv)
{
	char **argv = xmalloc((sv->n + 1) * sizeof(*argv));
	for (size_t i = 0; i < sv->n; i++)
		argv[i] = sv->v[i];
	argv[sv->n] = NULL;
	return argv;
}

void
strvec_release(struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

static int
read_bounded(const char *path, size_t max, int pipes, struct strbuf *out, char **why)
{
	char toolarge[64];
	char buf[65536];
	struct stat st;
	ssize_t n;
	const char *w = NULL;
	int fd;

	sb_reset(out);
	sb_add(out, "", 0);
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0) {
		w = strerror(errno);
		goto out;
	}
	if (fstat(fd, &st) < 0) {
		w = strerror(errno);
	} else if (!S_ISREG(st.st_mode) && !(pipes && S_ISFIFO(st.st_mode))) {
		w = S_ISDIR(st.st_mode) ? "is a directory" : pipes ? "neither a regular file nor a pipe" : "not a regular file";
	} else {
		/* a pipe: wait for its writer, as a shell's reader does */
		if (S_ISFIFO(st.st_mode) && fcntl(fd, F_SETFL, 0) < 0)
			w = strerror(errno);
		snprintf(toolarge, sizeof(toolarge), "larger than %zu MiB", max >> 20);
		if ((size_t)st.st_size > max)
			w = toolarge;
		while (!w) {
			n = read(fd, buf, sizeof(buf));
			if (n < 0 && errno != EINTR)
				w = strerror(errno);
			if (n <= 0)
				break;
			if (out->len + (size_t)n > max)
				w = toolarge;      /* it grew while being read */
			else
				sb_add(out, buf, (size_t)n);
		}
	}
	close(fd);
out:
	if (why)
		*why = w ? xstrdup(w) : NULL;
	if (w) {
		sb_reset(out);
		sb_add(out, "", 0);
	}
	return w ? -1 : 0;
}

int
read_file(const char *path, size_t max, struct strbuf *out, char **why)
{
	return read_bounded(path, max, 0, out, why);
}

int
read_input(const char *path, size_t max, struct strbuf *out, char **why)
{
	return read_bounded(path, max, 1, out, why);
}

char *
output_target(const char *path, char **why)
{
	struct stat st;
	char *real;

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? xstrdup(path) : (*why = xstrdup(strerror(errno)), NULL);
	if (S_ISREG(st.st_mode))
		return xstrdup(path);
	if (!S_ISLNK(st.st_mode)) {
		*why = xstrdup(S_ISDIR(st.st_mode) ? "is a directory" : "exists and is not a regular file");
		return NULL;
	}
	/* a link is followed: its target is what the user means */
	if (!(real = realpath(path, NULL)) || stat(real, &st) < 0 || !S_ISREG(st.st_mode)) {
		*why = xstrdup(real ? "links to something that is not a regular file" : "is a dangling symbolic link");
		free(real);
		return NULL;
	}
	return real;
}

int
shell_split(const char *s, size_t len, struct strvec *out, char **why, size_t *errpos)
{
	struct strbuf w = {0};
	int inword = 0;
	size_t i = 0, start;

	while (i < len) {
		char c = s[i];
		if (c == ' ' || c == '\t' || c == '\n') {
			if (inword) {
				strvec_push_nocopy(out, sb_detach(&w));
				inword = 0;
			}
			i++;
		} else if (c == '\'' || c == '"') {
			/* nothing is special inside single quotes; inside double
			 * quotes a backslash escapes " \ $ ` and newline, as in sh */
			start = i++;
			while (i < len && s[i] != c) {
				if (c == '"' && s[i] == '\\' && i + 1 < len && strchr("\"\\$`\n", s[i + 1]))
					i++;
				sb_addc(&w, s[i++]);
			}
			if (i == len) {
				*why = xstrdup(c == '"' ? "unterminated double quote" : "unterminated single quote");
				*errpos = start;
				goto fail;
			}
			sb_add(&w, "", 0);
			inword = 1;
			i++;
		} else if (c == '\\') {
			if (i + 1 == len) {
				*why = xstrdup("backslash at end of flags");
				*errpos = i;
				goto fail;
			}
			sb_addc(&w, s[i + 1]);
			inword = 1;
			i += 2;
		} else {
			sb_addc(&w, c);
			inword = 1;
			i++;
		}
	}
	if (inword)
		strvec_push_nocopy(out, sb_detach(&w));
	sb_release(&w);
	return 0;
fail:
	sb_release(&w);
	return -1;
}

void
sb_add_printable(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			sb_addf(sb, "\\x%02x", c);
		else if (c == '\\')
			sb_addstr(sb, "\\\\");
		else
			sb_addc(sb, (char)c);
	}
}

void
sb_add_code_span(struct strbuf *sb, const char *s, int in_table)
{
	size_t run = 0, longest = 0;

	for (const char *p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (size_t i = 0; i <= longest; i++)
		sb_addc(sb, '`');
	if (longest)
		sb_addc(sb, ' ');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '|' && in_table)
			sb_addc(sb, '\\');
		sb_addc(sb, c < 0x20 || c == 0x7f ? ' ' : (char)c);
	}
	if (longest)
		sb_addc(sb, ' ');
	for (size_t i = 0; i <= longest; i++)
		sb_addc(sb, '`');
}

void
sb_add_md_text(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c && strchr("|\\*_<>[]`#&!~", c))
			sb_addc(sb, '\\');
		sb_addc(sb, c < 0x20 || c == 0x7f ? ' ' : (char)c);
	}
}

void
shell_quote(struct strbuf *sb, const char *word)
{
	static unsigned char safe[256];
	const char *p;
	int eq = 0;

	if (!safe['a'])
		for (p = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-"; *p; p++)
			safe[(unsigned char)*p] = 1;
	/* A word of safe characters goes as it is; one with '=' only when it
	 * starts with '-', since NAME=VALUE before a command is an assignment. */
	for (p = word; safe[(unsigned char)*p]; p++)
		eq |= *p == '=';
	if (*word && !*p && (word[0] == '-' || !eq)) {
		sb_addstr(sb, word);
		return;
	}
	sb_addc(sb, '\'');
	for (p = word; *p; p++) {
		if (*p == '\'')
			sb_addstr(sb, "'\\''");
		else
			sb_addc(sb, *p);
	}
	sb_addc(sb, '\'');
}

void
spawnattr_own_group(posix_spawnattr_t *attr)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGCHLD, SIGPIPE, SIGHUP };
	sigset_t mask;

	posix_spawnattr_init(attr);
	posix_spawnattr_setpgroup(attr, 0);
	sigemptyset(&mask);
	posix_spawnattr_setsigmask(attr, &mask);
	for (size_t i = 0; i < LEN(sigs); i++)
		sigaddset(&mask, sigs[i]);
	posix_spawnattr_setsigdefault(attr, &mask);
	posix_spawnattr_setflags(attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

double
now_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

extern char **environ;

char **
env_with(char *const *base, const char *assignment)
{
	size_t n = 0, k = 0, nl = strcspn(assignment, "=") + 1;
	char **env;

	while (base[n])
		n++;
	env = xmalloc((n + 2) * sizeof(*env));
	for (size_t i = 0; i < n; i++)
		if (strncmp(base[i], assignment, nl))
			env[k++] = base[i];
	env[k++] = (char *)assignment;
	env[k] = NULL;
	return env;
}

char **
environ_with(const char *assignment)
{
	return env_with(environ, assignment);
}

void
shell_quote_all(struct strbuf *sb, const struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++) {
		if (sb->len)
			sb_addc(sb, ' ');
		shell_quote(sb, sv->v[i]);
	}
}

int
name_index(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], s))
			return (int)i;
	return -1;
}

char *
path_lookup(const char *cmd)
{
	const char *path;
	char *copy, *dir, *save = NULL, *found = NULL;

	if (strchr(cmd, '/'))
		return access(cmd, X_OK) == 0 ? xstrdup(cmd) : NULL;
	path = getenv("PATH");
	copy = xstrdup(path ? path : "/usr/local/bin:/usr/bin:/bin");
	for (dir = strtok_r(copy, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
		char *full = xasprintf("%s/%s", *dir ? dir : ".", cmd);
		if (access(full, X_OK) == 0)
			found = full;
		else
			free(full);
	}
	free(copy);
	return found;
}


static int
remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

int
make_dirs(const char *path, unsigned mode)
{
	char *p = xstrdup(path);
	int r = 0;

	for (char *s = p + 1; *s && !r; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		r = mkdir(p, (mode_t)mode) < 0 && errno != EEXIST ? -1 : 0;
		*s = '/';
	}
	if (!r)
		r = mkdir(p, (mode_t)mode) < 0 && errno != EEXIST ? -1 : 0;
	free(p);
	return r;
}

void
remove_tree(const char *dir)
{
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);   /* never into a mounted file system */
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
strvec_sort(struct strvec *sv)
{
	if (sv->n)
		qsort(sv->v, sv->n, sizeof(*sv->v), cmp_str);
}

void
strvec_sort_unique(struct strvec *sv)
{
	size_t k = 0;

	strvec_sort(sv);
	for (size_t i = 0; i < sv->n; i++) {
		if (k && !strcmp(sv->v[k - 1], sv->v[i]))
			free(sv->v[i]);
		else
			sv->v[k++] = sv->v[i];
	}
	sv->n = k;
}

long
strvec_find(const struct strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return (long)i;
	return -1;
}

void
fput_printable(FILE *fp, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			fprintf(fp, "\\x%02x", *p);
		else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			fprintf(fp, "\\u%04x", *++p);
		else
			fputc(*p, fp);
	}
}

char *
line_field(const char *text, const char *key)
{
	size_t n = strlen(key);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, key, n) && p[n] == ' ')
			return xstrndup(p + n + 1, strcspn(p + n + 1, "\n"));
	return NULL;
}

unsigned long long
job_bound(int resource, unsigned long long want, unsigned long long unit)
{
	struct rlimit l;

	if (getrlimit(resource, &l) < 0 || l.rlim_max == RLIM_INFINITY || l.rlim_max / unit >= want)
		return want;
	return l.rlim_max / unit;
}

const char *
self_path(void)
{
	static char path[PATH_MAX];

	if (!*path) {
		ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
		if (n <= 0)
			snprintf(path, sizeof(path), "diagmatrix");
		else
			path[n] = 0;
	}
	return path;
}

char *
fd_first_line(int fd)
{
	char buf[4096];
	size_t n = 0;
	ssize_t r;

	fcntl(fd, F_SETFL, O_NONBLOCK);
	while (n < sizeof(buf) - 1 && ((r = read(fd, buf + n, sizeof(buf) - 1 - n)) > 0 || (r < 0 && errno == EINTR)))
		n += r > 0 ? (size_t)r : 0;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return *buf ? xstrdup(buf) : NULL;
}

size_t
terminal_width(int fd)
{
	struct winsize ws;

	if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) < 0)
		return 0;
	return ws.ws_col;
}

void
say_error(const char *fmt, ...)
{
	va_list ap;

	fputs("diagmatrix: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int
lock_file(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

	if (fd >= 0 && fcntl(fd, F_SETLKW, &fl) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}
