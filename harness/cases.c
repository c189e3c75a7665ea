#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "rx.h"
#include "dejagnu.h"
#include "diag.h"

static const char *const dkind_names[] = {
	[D_WARNING] = "expect-warning",
	[D_ERROR] = "expect-error",
	[D_NOTE] = "expect-note",
	[D_DIAG] = "expect-diag",
	[D_KNOWN_FP] = "known-fp",
	[D_CLEAN] = "expect-clean",
	[D_NO_DIAGNOSTICS] = "expect-no-diagnostics",
	[D_MESSAGE] = "dg-message",
	[D_BOGUS] = "dg-bogus",
	[D_PRUNE] = "dg-prune-output",
	[D_EXCESS] = "dg-excess-errors",
};

const char *
dkind_name(enum dkind k)
{
	return dkind_names[k];
}

int
dkind_parse(const char *s)
{
	return name_index(dkind_names, LEN(dkind_names), s);
}

/* One physical line of a comment, with the comment's own markers removed. */
struct cline {
	const char *s;
	size_t len;
	int line;         /* physical line in the file */
	int col;          /* column of s[0] */
	int vline;        /* the line a -verify directive here is on: a // comment
	                     continued by backslash-newline counts as its first line */
	int spliced;         /* it ended with a backslash: the next line goes on with it */
};

struct mark {
	char *name;
	int line;
	int src_line, src_col;
};

struct pending {             /* a directive whose @NAME is resolved at the end */
	size_t dir;
	char *name;
};

struct cparser {
	struct casefile *cf;
	const char *path;
	const struct sel_vocab *vocab;
	struct errlist *errs;
	int nerr;
	int have_std, have_title, have_requires;
	struct mark *marks;
	size_t nmarks, capmarks;
	struct pending *pend;
	size_t npend, cappend;
	enum dialect dialect;
	int pass;                 /* -verify: 0 reads the RUN lines, 1 the directives */
	struct strvec prefixes;   /* -verify: expected, or those of -verify=a,b */
	int variant;              /* -verify: which -verify RUN command to read, from 0 */
	int nverify;              /* -verify: the -verify RUN commands seen */
	int nrun;                 /* -verify: the RUN commands seen */
	struct strbuf run;        /* -verify: a RUN command continued with a backslash */
};

static void
perr(struct cparser *p, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
perr(struct cparser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	errlist_add(p->errs, p->path, line, col, "%s", msg);
	free(msg);
	p->nerr++;
}

static size_t
skip_ws(const struct cline *l, size_t i)
{
	while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t' || l->s[i] == '\r' || l->s[i] == '\f' || l->s[i] == '\v'))
		i++;
	return i;
}

static int
colof(const struct cline *l, size_t i)
{
	return l->col + (int)i;
}

/* The rest of the line from i, trimmed, as an allocated string. */
static char *
rest_trimmed(const struct cline *l, size_t i)
{
	size_t e = l->len;
	i = skip_ws(l, i);
	while (e > i && isspace((unsigned char)l->s[e - 1]))
		e--;
	return xstrndup(l->s + i, e - i);
}

/* Expect ':' at i (after optional blanks); returns the index after it, or
 * 0 with an error. */
static size_t
want_colon(struct cparser *p, const struct cline *l, size_t i, const char *kw)
{
	i = skip_ws(l, i);
	if (i >= l->len || l->s[i] != ':') {
		perr(p, l->line, colof(l, i), "expected ':' after '%s'", kw);
		return 0;
	}
	return i + 1;
}

/* Parse {SELECTOR} at i. Returns the index after '}', or 0 on error. */
static size_t
parse_selector(struct cparser *p, const struct cline *l, size_t i, struct selector **sel, char **text)
{
	size_t start = i + 1, end;
	char *err = NULL;
	size_t errpos = 0;

	end = start;
	while (end < l->len && l->s[end] != '}')
		end++;
	if (end >= l->len) {
		perr(p, l->line, colof(l, i), "unterminated selector: missing '}'");
		return 0;
	}
	*sel = selector_parse(l->s + start, end - start, p->vocab, &err, &errpos);
	if (!*sel) {
		perr(p, l->line, colof(l, start + errpos), "bad selector: %s", err);
		free(err);
		return 0;
	}
	*text = xstrndup(l->s + start, end - start);
	return end + 1;
}

static int
is_name_start(int c)
{
	return isalpha(c);
}

static int
is_name_char(int c)
{
	return isalnum(c) || c == '-' || c == '_';
}

void
directive_release(struct directive *d)
{
	selector_free(d->sel);
	selector_free(d->xfail);
	free(d->sel_text);
	free(d->regex);
	pcre2_match_data_free(d->md);
	pcre2_code_free(d->re);
	free(d->flag);
	free(d->ref);
}

static int
compile_regex(struct cparser *p, struct directive *d, const struct cline *l, size_t qpos)
{
	int errcode;
	PCRE2_SIZE erroff;
	PCRE2_UCHAR msg[256];

	d->re = pcre2_compile((PCRE2_SPTR)d->regex, strlen(d->regex),
	                      PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &errcode, &erroff, NULL);
	if (!d->re) {
		pcre2_get_error_message(errcode, msg, sizeof(msg));
		perr(p, l->line, colof(l, qpos + 1 + erroff), "invalid pattern: %s", (char *)msg);
		return -1;
	}
	pcre2_jit_compile(d->re, PCRE2_JIT_COMPLETE);  /* failure only costs speed */
	d->md = pcre2_match_data_create_from_pattern(d->re, NULL);
	return 0;
}

/* A line-level directive: KIND[@LINE] [{SELECTOR}] "REGEX" [[-Wflag]] [ref: TEXT] */
static void
parse_line_directive(struct cparser *p, const struct cline *l, size_t i, enum dkind kind,
                     int base, const char *kw)
{
	struct casefile *cf = p->cf;
	struct directive d = {0};
	char *markname = NULL;

	d.kind = kind;
	d.min = 1;
	d.max = UINT_MAX;
	d.src_line = l->line;
	d.src_col = colof(l, i - strlen(kw));
	d.line = kind == D_NO_DIAGNOSTICS ? LINE_ANY : base;

	if (i < l->len && l->s[i] == '@') {
		size_t at = i++;
		if (kind == D_NO_DIAGNOSTICS) {
			perr(p, l->line, colof(l, at), "'%s' takes no line", kw);
			goto bad;
		}
		if (i < l->len && l->s[i] == '*') {
			d.line = LINE_ANY;
			i++;
		} else if (i < l->len && (l->s[i] == '+' || l->s[i] == '-' || isdigit((unsigned char)l->s[i]))) {
			int sign = l->s[i] == '-' ? -1 : 1, rel = !isdigit((unsigned char)l->s[i]);
			long n = 0;
			size_t ds;
			if (rel)
				i++;
			ds = i;
			while (i < l->len && isdigit((unsigned char)l->s[i]) && n < 100000000)
				n = n * 10 + (l->s[i++] - '0');
			if (i == ds || (i < l->len && isdigit((unsigned char)l->s[i]))) {
				perr(p, l->line, colof(l, at), "bad line reference after '@'");
				goto bad;
			}
			n = rel ? base + sign * n : n;
			if (n < 1 || n > cf->nlines) {
				perr(p, l->line, colof(l, at), "line %ld is outside the file (1-%d)", n, cf->nlines);
				goto bad;
			}
			d.line = (int)n;
		} else if (i < l->len && is_name_start((unsigned char)l->s[i])) {
			size_t ns = i;
			while (i < l->len && is_name_char((unsigned char)l->s[i]))
				i++;
			markname = xstrndup(l->s + ns, i - ns);
		} else {
			perr(p, l->line, colof(l, at), "bad line reference after '@' (+N, -N, N, * or a mark name)");
			goto bad;
		}
	}
	if (i < l->len && !isspace((unsigned char)l->s[i]) && l->s[i] != '{' && l->s[i] != '"') {
		perr(p, l->line, colof(l, i), "unexpected '%c' after '%s'", l->s[i], kw);
		goto bad;
	}
	i = skip_ws(l, i);
	if (i < l->len && l->s[i] == '{') {
		i = parse_selector(p, l, i, &d.sel, &d.sel_text);
		if (!i)
			goto bad;
		i = skip_ws(l, i);
	}
	if (kind != D_CLEAN && kind != D_NO_DIAGNOSTICS) {
		struct strbuf re = {0};
		size_t q = i;
		if (i >= l->len || l->s[i] != '"') {
			perr(p, l->line, colof(l, i), "expected a quoted pattern after '%s'", kw);
			goto bad;
		}
		for (i++; i < l->len && l->s[i] != '"'; i++) {
			if (l->s[i] == '\\' && i + 1 < l->len) {
				if (l->s[i + 1] != '"')
					sb_addc(&re, '\\');
				i++;
			}
			sb_addc(&re, l->s[i]);
		}
		if (i >= l->len) {
			perr(p, l->line, colof(l, q), "unterminated pattern: missing '\"'");
			sb_release(&re);
			goto bad;
		}
		i++;
		d.regex = sb_detach(&re);
		if (compile_regex(p, &d, l, q) < 0)
			goto bad;
		i = skip_ws(l, i);
		if (kind != D_NOTE && i < l->len && l->s[i] == '[' &&
		    !(l->len - i >= 4 && !memcmp(l->s + i, "[ref", 4))) {
			size_t b = i, e;
			for (e = b + 1; e < l->len && l->s[e] != ']'; e++)
				;
			if (e >= l->len) {
				perr(p, l->line, colof(l, b), "unterminated option: missing ']'");
				goto bad;
			}
			if (e - b < 3 || l->s[b + 1] != '-' || memchr(l->s + b, ' ', e - b)) {
				perr(p, l->line, colof(l, b), "expected an option such as [-Wstringop-overflow]");
				goto bad;
			}
			d.flag = option_normalise(l->s + b + 1, e - b - 1);
			i = skip_ws(l, e + 1);
		}
		if (kind == D_KNOWN_FP && i < l->len && l->s[i] == '[') {
			size_t b = i, e = l->len;
			while (e > b && l->s[e - 1] != ']')
				e--;
			if (e <= b + 1 || l->len - b < 5 || memcmp(l->s + b, "[ref:", 5)) {
				perr(p, l->line, colof(l, b), "expected [ref: TEXT]");
				goto bad;
			}
			d.ref = xstrndup(l->s + b + 5, e - 1 - (b + 5));
			{
				char *t = rest_trimmed(&(struct cline){ d.ref, strlen(d.ref), 0, 0, 0, 0 }, 0);
				free(d.ref);
				d.ref = t;
			}
			if (!*d.ref) {
				perr(p, l->line, colof(l, b), "empty reference in [ref: TEXT]");
				goto bad;
			}
			i = skip_ws(l, e);
		}
	}
	if (i < l->len) {
		perr(p, l->line, colof(l, i), "unexpected text after '%s' directive", kw);
		goto bad;
	}
	if (markname) {
		struct pending pe = { cf->ndirs, markname };
		xgrow((void **)&p->pend, &p->cappend, p->npend + 1, sizeof(*p->pend));
		p->pend[p->npend++] = pe;
		markname = NULL;
	}
	xgrow((void **)&cf->dirs, &cf->capdirs, cf->ndirs + 1, sizeof(*cf->dirs));
	cf->dirs[cf->ndirs++] = d;
	return;
bad:
	free(markname);
	directive_release(&d);
}

static void
parse_case_directive(struct cparser *p, const struct cline *l, size_t i, const char *kw)
{
	struct casefile *cf = p->cf;
	size_t kwcol = i - strlen(kw);

	if (!strcmp(kw, "case-title")) {
		if (!(i = want_colon(p, l, i, kw)))
			return;
		if (p->have_title++) {
			perr(p, l->line, colof(l, kwcol), "case-title given twice");
			return;
		}
		free(cf->title);
		cf->title = rest_trimmed(l, i);
		if (!*cf->title)
			perr(p, l->line, colof(l, i), "empty case-title");
	} else if (!strcmp(kw, "case-ref")) {
		char *t;
		if (!(i = want_colon(p, l, i, kw)))
			return;
		t = rest_trimmed(l, i);
		if (!*t) {
			perr(p, l->line, colof(l, i), "empty case-ref");
			free(t);
			return;
		}
		strvec_push_nocopy(&cf->refs, t);
	} else if (!strcmp(kw, "case-flags")) {
		const char *err;
		size_t pos;
		if (!(i = want_colon(p, l, i, kw)))
			return;
		if (shell_split(l->s + i, l->len - i, &cf->flags, &err, &pos) < 0)
			perr(p, l->line, colof(l, i + pos), "bad case-flags: %s", err);
	} else if (!strcmp(kw, "case-std")) {
		char *t;
		if (!(i = want_colon(p, l, i, kw)))
			return;
		if (p->have_std++) {
			perr(p, l->line, colof(l, kwcol), "case-std given twice");
			return;
		}
		t = rest_trimmed(l, i);
		if (!*t || strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789+") != strlen(t)) {
			perr(p, l->line, colof(l, skip_ws(l, i)), "bad case-std '%s' (c89, c99, c11, c17, c2x, gnu11, ...)", t);
			free(t);
			return;
		}
		cf->std = t;
	} else if (!strcmp(kw, "case-requires")) {
		i = skip_ws(l, i);
		if (i >= l->len || l->s[i] != '{') {
			perr(p, l->line, colof(l, i), "expected {SELECTOR} after 'case-requires'");
			return;
		}
		if (p->have_requires++) {
			perr(p, l->line, colof(l, kwcol), "case-requires given twice");
			return;
		}
		i = parse_selector(p, l, i, &cf->requires, &cf->requires_text);
		if (i && skip_ws(l, i) < l->len)
			perr(p, l->line, colof(l, skip_ws(l, i)), "unexpected text after 'case-requires' selector");
	} else {
		perr(p, l->line, colof(l, kwcol), "unknown directive '%s'", kw);
	}
}

static void
parse_mark(struct cparser *p, const struct cline *l, size_t i, int base)
{
	size_t ns;
	struct mark m;

	if (!(i = want_colon(p, l, i, "mark")))
		return;
	i = skip_ws(l, i);
	ns = i;
	if (i >= l->len || !is_name_start((unsigned char)l->s[i])) {
		perr(p, l->line, colof(l, i), "expected a mark name (a letter, then letters, digits, '-', '_')");
		return;
	}
	while (i < l->len && is_name_char((unsigned char)l->s[i]))
		i++;
	if (skip_ws(l, i) < l->len) {
		perr(p, l->line, colof(l, skip_ws(l, i)), "unexpected text after mark name");
		return;
	}
	m.name = xstrndup(l->s + ns, i - ns);
	m.line = base;
	m.src_line = l->line;
	m.src_col = colof(l, ns);
	/* a name given twice is found once all are read (resolve_marks) */
	xgrow((void **)&p->marks, &p->capmarks, p->nmarks + 1, sizeof(*p->marks));
	p->marks[p->nmarks++] = m;
}

static int
cmp_mark(const void *a, const void *b)
{
	const struct mark *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if (x->src_line != y->src_line)
		return x->src_line < y->src_line ? -1 : 1;
	return (x->src_col > y->src_col) - (x->src_col < y->src_col);
}

/* Give each @NAME directive its mark's line, with the marks sorted (a
 * case may hold many): a name given twice and a name never given are
 * errors. Frees the marks and the pending directives. */
static void
resolve_marks(struct cparser *p)
{
	if (p->nmarks)
		qsort(p->marks, p->nmarks, sizeof(*p->marks), cmp_mark);
	for (size_t k = 1; k < p->nmarks; k++)
		if (!strcmp(p->marks[k].name, p->marks[k - 1].name))
			perr(p, p->marks[k].src_line, p->marks[k].src_col, "mark '%s' already names line %d",
			     p->marks[k].name, p->marks[k - 1].line);
	for (size_t i = 0; i < p->npend; i++) {
		struct directive *d = &p->cf->dirs[p->pend[i].dir];
		struct mark key = { p->pend[i].name, 0, 0, 0 }, *m;
		/* the first definition: the lowest of the equal names */
		size_t lo = 0, hi = p->nmarks;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (strcmp(p->marks[mid].name, key.name) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		m = lo < p->nmarks && !strcmp(p->marks[lo].name, key.name) ? &p->marks[lo] : NULL;
		if (!m)
			perr(p, d->src_line, d->src_col, "unknown mark '%s'", p->pend[i].name);
		else
			d->line = m->line;
		free(p->pend[i].name);
	}
	free(p->pend);
	for (size_t i = 0; i < p->nmarks; i++)
		free(p->marks[i].name);
	free(p->marks);
}

/* ---- Clang -verify ---- */

void
case_unsupported(struct casefile *cf, int line, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (cf->unsupported)
		return;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	cf->unsupported = xasprintf("line %d: %s", line, msg);
	free(msg);
}

/* The decimal number at s[*i] (len bytes, not NUL-terminated), moving *i
 * past it; it saturates at 1e9 rather than overflow. */
static unsigned long
digits(const char *s, size_t len, size_t *i)
{
	unsigned long v = 0;

	for (; *i < len && isdigit((unsigned char)s[*i]); (*i)++)
		v = v < 1000000000 ? v * 10 + (unsigned long)(s[*i] - '0') : v;
	return v;
}

/* Append s (n bytes) to re with PCRE2 metacharacters escaped. */
static void
re_quote(struct strbuf *re, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (strchr("\\^$.|?*+()[]{}", s[i]))
			sb_addc(re, '\\');
		sb_addc(re, s[i]);
	}
}

/* "{{text}}" at l->s[i]; for -re, literal text with {{regex}} pieces.
 * Returns the index after the closing braces, or 0. */
static size_t
verify_text(const struct cline *l, size_t i, int is_re, struct strbuf *re)
{
	size_t e;

	if (l->len - i < 4 || memcmp(l->s + i, "{{", 2))
		return 0;
	i += 2;
	if (!is_re) {
		for (e = i; e + 1 < l->len && memcmp(l->s + e, "}}", 2); e++)
			;
		if (e + 1 >= l->len)
			return 0;
		/* Clang takes the last "}}" when the text itself ends in braces */
		while (e + 2 < l->len && l->s[e + 2] == '}')
			e++;
		re_quote(re, l->s + i, e - i);
		return e + 2;
	}
	while (i + 1 < l->len && memcmp(l->s + i, "}}", 2)) {
		if (!memcmp(l->s + i, "{{", 2)) {
			for (e = i + 2; e + 1 < l->len && memcmp(l->s + e, "}}", 2); e++)
				;
			if (e + 1 >= l->len)
				return 0;
			sb_addstr(re, "(?:");
			sb_add(re, l->s + i + 2, e - i - 2);
			sb_addc(re, ')');
			i = e + 2;
		} else {
			re_quote(re, l->s + i, 1);
			i++;
		}
	}
	return i + 1 < l->len ? i + 2 : 0;
}

/* PREFIX-KIND[-re][@LOC] [COUNT] {{...}} at l->s[i] (after "PREFIX-").
 * Returns the index after it, or 0 after reporting. */
static size_t
verify_directive(struct cparser *p, const struct cline *l, size_t i)
{
	static const struct { const char *word; enum dkind kind; } kinds[] = {
		{ "warning", D_WARNING }, { "error", D_ERROR }, { "note", D_NOTE },
		{ "remark", D_NOTE },     /* remarks are read as notes (see diag.c) */
	};
	struct directive d = {0};
	struct strbuf re = {0};
	size_t start = i, k;
	int is_re = 0;

	if (l->len - i >= 14 && !memcmp(l->s + i, "no-diagnostics", 14)) {
		d.kind = D_NO_DIAGNOSTICS;
		d.line = LINE_ANY;
		d.src_line = l->line;
		d.src_col = colof(l, start);
		d.min = 1;
		d.max = UINT_MAX;
		xgrow((void **)&p->cf->dirs, &p->cf->capdirs, p->cf->ndirs + 1, sizeof(*p->cf->dirs));
		p->cf->dirs[p->cf->ndirs++] = d;
		return i + 14;
	}
	for (k = 0; k < LEN(kinds); k++) {
		size_t n = strlen(kinds[k].word);
		if (l->len - i >= n && !memcmp(l->s + i, kinds[k].word, n) &&
		    (i + n == l->len || !isalnum((unsigned char)l->s[i + n]))) {
			i += n;
			break;
		}
	}
	if (k == LEN(kinds))
		return 0;       /* prose such as "expected-to-fail" */
	d.kind = kinds[k].kind;
	d.src_line = l->line;
	d.src_col = colof(l, start);
	d.line = l->vline;      /* -verify counts from the directive's own line */
	d.min = 1;
	d.max = 1;              /* as Clang: one directive, one diagnostic */
	if (l->len - i >= 3 && !memcmp(l->s + i, "-re", 3)) {
		is_re = 1;
		i += 3;
	}
	if (i < l->len && l->s[i] == '@') {
		i++;
		if (i < l->len && l->s[i] == '*') {
			d.line = LINE_ANY;
			i++;
		} else {
			int sign = 0;
			long n = 0;
			size_t ds;
			if (i < l->len && (l->s[i] == '+' || l->s[i] == '-'))
				sign = l->s[i++] == '-' ? -1 : 1;
			ds = i;
			while (i < l->len && isdigit((unsigned char)l->s[i]) && n < 100000000)
				n = n * 10 + (l->s[i++] - '0');
			if (i == ds || (i < l->len && l->s[i] == ':')) {
				/* the line is not NUL-terminated: measure within it */
				size_t e = ds;
				while (e < l->len && !strchr(" \t{", l->s[e]))
					e++;
				case_unsupported(p->cf, l->line, "-verify location '@%.*s' (only @+N, @-N, @N and @*)",
				            (int)(e - ds), l->s + ds);
				return 0;
			}
			n = sign ? l->vline + sign * n : n;
			if (n < 1 || n > p->cf->nlines) {
				perr(p, l->line, colof(l, ds), "line %ld is outside the file (1-%d)", n, p->cf->nlines);
				return 0;
			}
			d.line = (int)n;
		}
	}
	i = skip_ws(l, i);
	/* COUNT: N, N+, +, N-M */
	if (i < l->len && (isdigit((unsigned char)l->s[i]) || l->s[i] == '+')) {
		unsigned long lo = 1, hi;
		if (l->s[i] != '+')
			lo = digits(l->s, l->len, &i);
		hi = lo;
		if (i < l->len && l->s[i] == '+') {
			hi = UINT_MAX;
			i++;
		} else if (i < l->len && l->s[i] == '-') {
			i++;
			hi = digits(l->s, l->len, &i);
		}
		if (hi < lo || lo > 1000000) {
			perr(p, l->line, colof(l, start), "bad -verify count");
			return 0;
		}
		d.min = (unsigned)lo;
		d.max = (unsigned)(hi > UINT_MAX ? UINT_MAX : hi);
		i = skip_ws(l, i);
	}
	if (!(k = verify_text(l, i, is_re, &re))) {
		perr(p, l->line, colof(l, i), "expected {{text}} after the -verify directive");
		sb_release(&re);
		return 0;
	}
	d.regex = sb_detach(&re);
	if (compile_regex(p, &d, l, i) < 0) {
		directive_release(&d);
		return 0;
	}
	xgrow((void **)&p->cf->dirs, &p->cf->capdirs, p->cf->ndirs + 1, sizeof(*p->cf->dirs));
	p->cf->dirs[p->cf->ndirs++] = d;
	return k;
}

/* A RUN line: the flags of the first %clang_cc1 ... -verify command. */
/* A RUN: line of a -verify file. A command continued with a trailing
 * backslash is read once whole; the variant-th that runs -verify gives
 * the prefixes and the flags that change diagnostics. */
static void
verify_run_line(struct cparser *p, const struct cline *l, size_t i)
{
	struct strvec words = {0};
	const char *err;
	size_t pos;
	int is_verify = 0;

	sb_add(&p->run, l->s + i, l->len - i);
	if (l->spliced) {
		sb_addc(&p->run, ' ');
		return;
	}
	if (shell_split(sb_str(&p->run), p->run.len, &words, &err, &pos) < 0) {
		strvec_release(&words);
		sb_reset(&p->run);
		return;
	}
	for (size_t k = 0; k < words.n && !is_verify; k++)
		is_verify = !strncmp(words.v[k], "-verify", 7) && (!words.v[k][7] || words.v[k][7] == '=');
	p->nrun++;
	if (is_verify && p->nverify++ == p->variant) {
		for (size_t m = 0; m < words.n; m++) {
			const char *f = words.v[m];
			if (!strncmp(f, "-verify-ignore-unexpected", 25))
				case_unsupported(p->cf, l->line, "%s (unexpected diagnostics are failures here)", f);
			if (!strncmp(f, "-verify=", 8)) {
				strvec_release(&p->prefixes);
				for (const char *s = f + 8; *s;) {
					size_t n = strcspn(s, ",");
					strvec_push_nocopy(&p->prefixes, xstrndup(s, n));
					s += n + (s[n] == ',');
				}
			} else if ((!strncmp(f, "-W", 2) || !strncmp(f, "-R", 2) || !strncmp(f, "-std=", 5) || !strncmp(f, "-D", 2) ||
			            !strncmp(f, "-U", 2) || !strncmp(f, "-O", 2) || !strcmp(f, "-pedantic") ||
			            !strcmp(f, "-ansi") || (!strncmp(f, "-f", 2) && strcmp(f, "-fsyntax-only"))) &&
			           strlen(f) > 2) {
				strvec_push(&p->cf->flags, f);
			}
		}
	}
	strvec_release(&words);
	sb_reset(&p->run);
}

static void
verify_line(struct cparser *p, const struct cline *l)
{
	size_t i = skip_ws(l, 0);

	if (l->len - i >= 4 && !memcmp(l->s + i, "RUN:", 4))
		return;         /* read in the first pass */
	for (i = 0; i < l->len; i++) {
		if (i && (isalnum((unsigned char)l->s[i - 1]) || l->s[i - 1] == '-' || l->s[i - 1] == '_'))
			continue;
		for (size_t k = 0; k < p->prefixes.n; k++) {
			size_t n = strlen(p->prefixes.v[k]);
			if (l->len - i > n && !memcmp(l->s + i, p->prefixes.v[k], n) && l->s[i + n] == '-') {
				size_t e = verify_directive(p, l, i + n + 1);
				if (e)
					i = e - 1;
				break;
			}
		}
	}
}

/* Which language a file is written in, from what it contains. */
static enum dialect
detect(const char *buf, size_t len)
{
	const char *s = buf, *end = buf + len;
	int lit = 0;

	for (; s < end; s++) {
		if (*s == '{' && end - s > 5 && !memcmp(s, "{ dg-", 5))
			return DIALECT_DEJAGNU;
		if (*s == 'e' && end - s > 9 && !memcmp(s, "expected-", 9) && (s == buf || !isalnum((unsigned char)s[-1]))) {
			const char *k = s + 9;
			if ((end - k >= 7 && !memcmp(k, "warning", 7)) || (end - k >= 5 && !memcmp(k, "error", 5)) ||
			    (end - k >= 4 && !memcmp(k, "note", 4)) || (end - k >= 6 && !memcmp(k, "remark", 6)) || (end - k >= 14 && !memcmp(k, "no-diagnostics", 14)))
				return DIALECT_VERIFY;
		}
		if (*s == '-' && end - s > 8 && !memcmp(s, "-verify", 7) && (s[7] == '=' || isspace((unsigned char)s[7])))
			return DIALECT_VERIFY;
		if (*s == 'R' && end - s > 4 && !memcmp(s, "RUN:", 4)) {
			const char *b = s;
			while (b > buf && (b[-1] == ' ' || b[-1] == '\t'))
				b--;
			lit |= b - buf >= 2 && b[-1] == '/' && b[-2] == '/';
		}
	}
	/* a lit test that checks its output some other way: n/a, with why */
	return lit ? DIALECT_VERIFY : DIALECT_NATIVE;
}

/* A DejaGnu driver (*.exp) next to the file: the directory is a DejaGnu
 * test directory, where a file with no directive is a test too (it must
 * compile without excess errors). The last directory asked is remembered. */
static int
in_dejagnu_dir(const char *path)
{
	static char last[4096];
	static int last_answer;
	const char *slash = strrchr(path, '/');
	char dir[sizeof(last)];
	DIR *d;
	struct dirent *e;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
	if (*last && !strcmp(last, dir))
		return last_answer;
	last_answer = 0;
	if ((d = opendir(dir))) {
		while (!last_answer && (e = readdir(d))) {
			size_t n = strlen(e->d_name);
			last_answer = n > 4 && !strcmp(e->d_name + n - 4, ".exp");
		}
		closedir(d);
	}
	memcpy(last, dir, sizeof(last));
	return last_answer;
}

int
dialect_parse(const char *s)
{
	static const char *const names[] = { "auto", "native", "verify", "dejagnu" };
	return name_index(names, LEN(names), s);
}

/* One line of a comment: a directive when its first word says so. */
static void
comment_line(struct cparser *p, const struct cline *l, int base)
{
	size_t i = skip_ws(l, 0), ws;
	char kw[64];
	int k;

	if (p->dialect == DIALECT_VERIFY) {
		size_t r = skip_ws(l, 0);
		/* a // comment ending in a backslash goes on over the next line,
		 * which is how a continued RUN command reads */
		if (l->len - r >= 2 && !memcmp(l->s + r, "//", 2))
			r = skip_ws(l, r + 2);
		if (p->pass)
			verify_line(p, l);
		else if (l->len - r >= 4 && !memcmp(l->s + r, "RUN:", 4))
			verify_run_line(p, l, r + 4);
		return;
	}
	ws = i;
	while (i < l->len && is_name_char((unsigned char)l->s[i]))
		i++;
	if (i == ws)
		return;
	if (!(i - ws >= 7 && !memcmp(l->s + ws, "expect-", 7)) &&
	    !(i - ws >= 5 && !memcmp(l->s + ws, "case-", 5)) &&
	    !(i - ws >= 6 && !memcmp(l->s + ws, "known-", 6)) &&
	    !(i - ws >= 4 && !memcmp(l->s + ws, "mark", 4)))
		return;
	if (i - ws >= sizeof(kw)) {
		perr(p, l->line, colof(l, ws), "unknown directive '%.*s'", (int)(i - ws), l->s + ws);
		return;
	}
	memcpy(kw, l->s + ws, i - ws);
	kw[i - ws] = 0;
	if ((k = dkind_parse(kw)) >= 0)
		parse_line_directive(p, l, i, (enum dkind)k, base, kw);
	else if (!strcmp(kw, "mark"))
		parse_mark(p, l, i, base);
	else
		parse_case_directive(p, l, i, kw);
}

/* Split a comment's text (without its opener and closer) into lines and
 * strip each line's leading blanks and '*'. */
static void
comment(struct cparser *p, const char *s, size_t len, int line, int col, int block)
{
	size_t i = 0;
	int base = line;

	while (i <= len) {
		size_t e = i;
		struct cline l;
		while (e < len && s[e] != '\n')
			e++;
		l.s = s + i;
		l.len = e - i;
		l.line = line;
		l.col = col;
		l.vline = block ? line : base;
		/* a trailing backslash (a line splice) is not part of the text */
		l.spliced = l.len && l.s[l.len - 1] == '\\';
		if (l.spliced)
			l.len--;
		{
			size_t k = skip_ws(&l, 0);
			if (k < l.len && l.s[k] == '*') {
				while (k < l.len && l.s[k] == '*')
					k++;
				l.s += k;
				l.len -= k;
				l.col += (int)k;
			}
		}
		comment_line(p, &l, base);
		if (e >= len)
			break;
		i = e + 1;
		line++;
		col = 1;
	}
}

/* Find the comments of a C file, outside string and character literals. */
static void
scan(struct cparser *p, const char *b, size_t len)
{
	size_t i = 0;
	int line = 1, col = 1;
	int prev_ident = 0;     /* previous byte continues an identifier or number */

#define ADVANCE() do { if (b[i] == '\n') { line++; col = 1; } else col++; i++; } while (0)
	while (i < len) {
		char c = b[i];
		if (c == '/' && i + 1 < len && (b[i + 1] == '*' || b[i + 1] == '/')) {
			int sline = line, scol = col, block = b[i + 1] == '*';
			size_t start;
			ADVANCE();
			ADVANCE();
			start = i;
			if (block) {
				while (i < len && !(b[i] == '*' && i + 1 < len && b[i + 1] == '/'))
					ADVANCE();
				comment(p, b + start, i - start, sline, scol + 2, block);
				if (i < len) {
					ADVANCE();
					ADVANCE();
				}
			} else {
				/* a // comment ends at a newline not preceded by a splice */
				while (i < len && !(b[i] == '\n' && !(i > start && b[i - 1] == '\\') &&
				                    !(i > start + 1 && b[i - 1] == '\r' && b[i - 2] == '\\')))
					ADVANCE();
				comment(p, b + start, i - start, sline, scol + 2, block);
			}
			prev_ident = 0;
			continue;
		}
		if (c == '"' || (c == '\'' && !prev_ident)) {
			char q = c;
			ADVANCE();
			while (i < len && b[i] != q && b[i] != '\n') {
				if (b[i] == '\\' && i + 1 < len)
					ADVANCE();
				ADVANCE();
			}
			if (i < len && b[i] == q)
				ADVANCE();
			prev_ident = 0;
			continue;
		}
		if (c == '\'' && prev_ident) {
			/* a C23 digit separator, or a u'x' / L'x' prefix */
			size_t k = i;
			while (k > 0 && (isalnum((unsigned char)b[k - 1]) || b[k - 1] == '_' || b[k - 1] == '\''))
				k--;
			if (isdigit((unsigned char)b[k])) {
				ADVANCE();
				continue;
			}
			prev_ident = 0;
			continue;       /* handled as a literal on the next round */
		}
		prev_ident = isalnum((unsigned char)c) || c == '_';
		ADVANCE();
	}
#undef ADVANCE
}

int
case_parse(struct casefile *cf, const char *path, const char *name,
           const char *buf, size_t len, const struct sel_vocab *vocab, struct errlist *errs)
{
	return case_parse_as(cf, path, name, buf, len, vocab, DIALECT_NATIVE, errs);
}

static int
parse(struct casefile *cf, const char *path, const char *name, const char *buf, size_t len,
      const struct sel_vocab *vocab, enum dialect dialect, int variant, struct errlist *errs)
{
	struct cparser p = {0};
	const char *base;

	memset(cf, 0, sizeof(*cf));
	cf->path = xstrdup(path);
	cf->name = xstrdup(name);
	cf->nlines = 1;
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\n' && i + 1 < len)
			cf->nlines++;
	p.cf = cf;
	p.path = path;
	p.vocab = vocab;
	p.errs = errs;
	p.variant = variant;
	if (dialect == DIALECT_AUTO && (dialect = detect(buf, len)) == DIALECT_NATIVE && in_dejagnu_dir(path))
		dialect = DIALECT_DEJAGNU;
	p.dialect = cf->dialect = dialect;
	if (p.dialect == DIALECT_DEJAGNU) {
		dg_read(cf, buf, len);
	} else if (p.dialect == DIALECT_VERIFY) {
		strvec_push(&p.prefixes, "expected");
		scan(&p, buf, len);     /* RUN lines first: they name the prefixes */
		p.pass = 1;
		scan(&p, buf, len);
		cf->run_variants = p.nverify;
		if (p.nrun && !p.nverify)
			case_unsupported(p.cf, 1, "no RUN command runs -verify (a FileCheck or other lit test)");
		sb_release(&p.run);
	} else {
		scan(&p, buf, len);
	}
	strvec_release(&p.prefixes);
	resolve_marks(&p);
	if (!cf->title) {
		base = strrchr(name, '/');
		cf->title = xstrdup(base ? base + 1 : name);
	}
	if (p.nerr) {
		case_release(cf);
		return -1;
	}
	return 0;
}

int
case_parse_as(struct casefile *cf, const char *path, const char *name, const char *buf, size_t len,
              const struct sel_vocab *vocab, enum dialect dialect, struct errlist *errs)
{
	return parse(cf, path, name, buf, len, vocab, dialect, 0, errs);
}

int
case_load(struct casefile *cf, const char *path, const char *name,
          const struct sel_vocab *vocab, enum dialect dialect, int variant, struct errlist *errs)
{
	struct strbuf sb = {0};
	const char *why;
	int r;

	if (read_file(path, MAX_CASE_BYTES, &sb, &why) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", why);
		sb_release(&sb);
		memset(cf, 0, sizeof(*cf));
		return -1;
	}
	r = parse(cf, path, name, sb_str(&sb), sb.len, vocab, dialect, variant, errs);
	sb_release(&sb);
	return r;
}

void
case_release(struct casefile *cf)
{
	for (size_t i = 0; i < cf->ndirs; i++)
		directive_release(&cf->dirs[i]);
	free(cf->dirs);
	free(cf->path);
	free(cf->name);
	free(cf->title);
	free(cf->std);
	strvec_release(&cf->flags);
	for (size_t i = 0; i < cf->ndgopts; i++) {
		selector_free(cf->dgopts[i].sel);
		strvec_release(&cf->dgopts[i].flags);
	}
	free(cf->dgopts);
	strvec_release(&cf->dg_always);
	strvec_release(&cf->dg_defaults);
	free(cf->dg_path);
	selector_free(cf->requires);
	free(cf->requires_text);
	free(cf->unsupported);
	strvec_release(&cf->refs);
	memset(cf, 0, sizeof(*cf));
}

int
directive_matches(const struct directive *d, const char *msg, size_t len)
{
	if (!d->re)
		return 1;
	rx_pattern(d->regex);
	return rx_match(d->re, d->md, msg, len, 0) > 0;      /* an error is the job's (rx_error) */
}
