/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "model/compdb.h"

#define MAX_DEPTH 64

struct jp {
	const char *name, *s, *end, *line_start;
	int line, depth;
	struct errlist *errs;
	int failed;
};

static int
fail(struct jp *p, const char *what)
{
	if (!p->failed)
		errlist_add(p->errs, p->name, p->line, (int)(p->s - p->line_start) + 1, "%s", what);
	p->failed = 1;
	return -1;
}

/* An entry's own fault, at the entry (line, col). */
static int
fail_at(struct jp *p, int line, int col, const char *what)
{
	if (!p->failed)
		errlist_add(p->errs, p->name, line, col, "%s", what);
	p->failed = 1;
	return -1;
}

static void
skip_space(struct jp *p)
{
	for (; p->s < p->end && strchr(" \t\r\n", *p->s) && *p->s; p->s++)
		if (*p->s == '\n') {
			p->line++;
			p->line_start = p->s + 1;
		}
}

static int
hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Four hex digits at p->s into *u. */
static int
hex4(struct jp *p, unsigned *u)
{
	*u = 0;
	for (int i = 0; i < 4; i++) {
		int h = p->s < p->end ? hexval((unsigned char)*p->s) : -1;
		if (h < 0)
			return fail(p, "bad \\u escape");
		*u = *u << 4 | (unsigned)h;
		p->s++;
	}
	return 0;
}

static void
add_utf8(struct strbuf *sb, unsigned u)
{
	if (u < 0x80) {
		sb_addc(sb, (int)u);
	} else if (u < 0x800) {
		sb_addc(sb, (int)(0xc0 | u >> 6));
		sb_addc(sb, (int)(0x80 | (u & 0x3f)));
	} else if (u < 0x10000) {
		sb_addc(sb, (int)(0xe0 | u >> 12));
		sb_addc(sb, (int)(0x80 | (u >> 6 & 0x3f)));
		sb_addc(sb, (int)(0x80 | (u & 0x3f)));
	} else {
		sb_addc(sb, (int)(0xf0 | u >> 18));
		sb_addc(sb, (int)(0x80 | (u >> 12 & 0x3f)));
		sb_addc(sb, (int)(0x80 | (u >> 6 & 0x3f)));
		sb_addc(sb, (int)(0x80 | (u & 0x3f)));
	}
}

/* The escape after a backslash, appended to sb. */
static int
escape(struct jp *p, struct strbuf *sb)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k;
	unsigned u, lo;

	if (p->s >= p->end)
		return fail(p, "unterminated string");
	if (*p->s != 'u') {
		if (!*p->s || !(k = strchr(from, *p->s)))
			return fail(p, "bad escape in string");
		sb_addc(sb, to[k - from]);
		p->s++;
		return 0;
	}
	p->s++;
	if (hex4(p, &u) < 0)
		return -1;
	if (u >= 0xd800 && u < 0xdc00) {        /* a surrogate pair */
		if (p->end - p->s < 2 || p->s[0] != '\\' || p->s[1] != 'u')
			return fail(p, "lone surrogate in string");
		p->s += 2;
		if (hex4(p, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
			return fail(p, "bad surrogate pair in string");
		u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
	} else if (u >= 0xdc00 && u < 0xe000) {
		return fail(p, "lone surrogate in string");
	}
	if (!u)
		return fail(p, "NUL in string");
	add_utf8(sb, u);
	return 0;
}

/* A string at p->s (its opening quote), into out (allocated; NULL: skipped). */
static int
string(struct jp *p, char **out)
{
	struct strbuf sb = {0};

	p->s++;
	while (p->s < p->end && *p->s != '"') {
		unsigned char c = (unsigned char)*p->s;
		if (c < 0x20) {
			sb_release(&sb);
			return fail(p, "control character in string");
		}
		p->s++;
		if (c == '\\') {
			if (escape(p, &sb) < 0) {
				sb_release(&sb);
				return -1;
			}
		} else {
			sb_addc(&sb, c);
		}
	}
	if (p->s >= p->end) {
		sb_release(&sb);
		return fail(p, "unterminated string");
	}
	p->s++;
	if (out)
		*out = sb_detach(&sb);
	sb_release(&sb);
	return 0;
}

static int value(struct jp *p);

/* A literal or a number: read past it. */
static int
scalar(struct jp *p)
{
	static const char *const words[] = { "true", "false", "null" };
	const char *start = p->s;

	for (size_t i = 0; i < LEN(words); i++) {
		size_t n = strlen(words[i]);
		if ((size_t)(p->end - p->s) >= n && !strncmp(p->s, words[i], n)) {
			p->s += n;
			return 0;
		}
	}
	while (p->s < p->end && *p->s && strchr("+-0123456789.eE", *p->s))
		p->s++;
	return p->s > start ? 0 : fail(p, "expected a value");
}

/* The members of an array or object after its opening bracket, each read
 * by value(); close is ']' or '}'. */
static int
members(struct jp *p, char close)
{
	if (++p->depth > MAX_DEPTH)
		return fail(p, "nested too deeply");
	p->s++;
	skip_space(p);
	if (p->s < p->end && *p->s == close) {
		p->s++;
		p->depth--;
		return 0;
	}
	for (;;) {
		skip_space(p);
		if (close == '}') {
			if (p->s >= p->end || *p->s != '"')
				return fail(p, "expected a key");
			if (string(p, NULL) < 0)
				return -1;
			skip_space(p);
			if (p->s >= p->end || *p->s != ':')
				return fail(p, "expected ':'");
			p->s++;
		}
		if (value(p) < 0)
			return -1;
		skip_space(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == close) {
			p->s++;
			p->depth--;
			return 0;
		}
		return fail(p, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
	}
}

static int
value(struct jp *p)
{
	skip_space(p);
	if (p->s >= p->end)
		return fail(p, "expected a value");
	if (*p->s == '"')
		return string(p, NULL);
	if (*p->s == '[' || *p->s == '{')
		return members(p, *p->s == '[' ? ']' : '}');
	return scalar(p);
}

/* "arguments": an array of strings, into argv. */
static int
words(struct jp *p, struct strvec *argv)
{
	skip_space(p);
	if (p->s >= p->end || *p->s != '[')
		return fail(p, "\"arguments\" is not an array");
	p->s++;
	for (skip_space(p); p->s < p->end && *p->s != ']';) {
		char *w;
		if (*p->s != '"' || string(p, &w) < 0)
			return fail(p, "\"arguments\" holds a word that is not a string");
		strvec_push_nocopy(argv, w);
		skip_space(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			skip_space(p);
		} else if (p->s >= p->end || *p->s != ']') {
			return fail(p, "expected ',' or ']'");
		}
	}
	if (p->s >= p->end)
		return fail(p, "unterminated array");
	p->s++;
	return 0;
}

/* One member of an entry: key, ':', and its value. */
static int
member(struct jp *p, struct compdb_entry *e, char **command)
{
	char *key, **field = NULL;
	int r;

	if (p->s >= p->end || *p->s != '"' || string(p, &key) < 0)
		return fail(p, "expected a key");
	skip_space(p);
	if (p->s >= p->end || *p->s != ':') {
		free(key);
		return fail(p, "expected ':'");
	}
	p->s++;
	skip_space(p);
	field = !strcmp(key, "directory") ? &e->directory : !strcmp(key, "file") ? &e->file :
	        !strcmp(key, "command") ? command : NULL;
	if (!strcmp(key, "arguments")) {
		r = words(p, &e->argv);
	} else if (field) {
		free(*field);
		*field = NULL;
		r = p->s < p->end && *p->s == '"' ? string(p, field) : fail(p, "expected a string");
	} else {
		r = value(p);
	}
	free(key);
	return r;
}

/* One entry: an object at p->s. */
static int
entry(struct jp *p, struct compdb_entry *e)
{
	char *command = NULL;
	char *err = NULL;
	size_t pos;
	int col = (int)(p->s - p->line_start) + 1;

	e->line = p->line;
	if (p->s >= p->end || *p->s != '{')
		return fail(p, "an entry is not an object");
	for (p->s++, skip_space(p); p->s < p->end && *p->s != '}';) {
		if (member(p, e, &command) < 0) {
			free(command);
			return -1;
		}
		skip_space(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			skip_space(p);
		} else if (p->s >= p->end || *p->s != '}') {
			free(command);
			return fail(p, "expected ',' or '}'");
		}
	}
	if (p->s >= p->end) {
		free(command);
		return fail(p, "unterminated object");
	}
	p->s++;
	if (!e->argv.n && command && shell_split(command, strlen(command), &e->argv, &err, &pos) < 0) {
		free(command);
		free(err);
		return fail_at(p, e->line, col, "\"command\" cannot be split into words");
	}
	free(command);
	if (!e->argv.n)
		return fail_at(p, e->line, col, "an entry has neither \"arguments\" nor \"command\"");
	if (!e->directory)
		e->directory = xstrdup("");
	if (!e->file)
		return fail_at(p, e->line, col, "an entry has no \"file\"");
	return 0;
}

int
compdb_parse(struct compdb *db, const char *name, const char *buf, size_t len, struct errlist *errs)
{
	struct jp p = { .name = name, .s = buf, .end = buf + len, .line_start = buf, .line = 1, .errs = errs };

	skip_space(&p);
	if (p.s >= p.end || *p.s != '[')
		return fail(&p, "not a compilation database: expected a JSON array");
	for (p.s++, skip_space(&p); p.s < p.end && *p.s != ']';) {
		struct compdb_entry e = {0};
		if (entry(&p, &e) < 0) {
			free(e.directory);
			free(e.file);
			strvec_release(&e.argv);
			return -1;
		}
		xgrow((void **)&db->v, &db->cap, db->n + 1, sizeof(*db->v));
		db->v[db->n++] = e;
		skip_space(&p);
		if (p.s < p.end && *p.s == ',') {
			p.s++;
			skip_space(&p);
		} else if (p.s >= p.end || *p.s != ']') {
			return fail(&p, p.s >= p.end ? "unterminated array" : "expected ',' or ']'");
		}
	}
	if (p.s >= p.end)
		return fail(&p, "unterminated array");
	p.s++;
	skip_space(&p);
	return p.s < p.end ? fail(&p, "text after the array") : 0;
}

char *
compdb_dir(const struct compdb_entry *e, const char *base)
{
	const char *d = e->directory;

	while (d[0] == '.' && d[1] == '/')
		d += 2;
	if (d[0] == '/' || !base)
		return xstrdup(e->directory);
	return !*d || !strcmp(d, ".") ? xstrdup(base) : xasprintf("%s/%s", base, d);
}

const struct compdb_entry *
compdb_find(const struct compdb *db, const char *base, const char *source, size_t nth, size_t *count)
{
	const struct compdb_entry *found = NULL;

	*count = 0;

	for (size_t i = 0; i < db->n; i++) {
		const struct compdb_entry *e = &db->v[i];
		char *dir = compdb_dir(e, base);
		char *path = e->file[0] == '/' ? xstrdup(e->file) : xasprintf("%s/%s", dir, e->file);
		char *real = realpath(path, NULL);
		if (!strcmp(real ? real : path, source) && (++*count == nth || !nth))
			found = e;
		free(real);
		free(path);
		free(dir);
	}
	return found;
}

void
compdb_release(struct compdb *db)
{
	for (size_t i = 0; i < db->n; i++) {
		free(db->v[i].directory);
		free(db->v[i].file);
		strvec_release(&db->v[i].argv);
	}
	free(db->v);
	memset(db, 0, sizeof(*db));
}
