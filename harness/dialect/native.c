/* SPDX-License-Identifier: MIT */
/* The native dialect (docs/case-format.md): directives in comments,
 * judged diagnostic by diagnostic. */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dialect.h"
#include "lib/comments.h"


struct mark {
	char *name;
	int line;
	int src_line, src_col;
};

struct pending {             /* a directive whose @NAME is resolved at the end */
	size_t dir;
	char *name;
};
struct nparser {
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
};

static void
perr(struct nparser *p, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
perr(struct nparser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errlist_vadd(p->errs, p->path, line, col, fmt, ap);
	va_end(ap);
	p->nerr++;
}

/* Expect ':' at i (after optional blanks); returns the index after it, or
 * 0 with an error. */
static size_t
want_colon(struct nparser *p, const struct cline *l, size_t i, const char *kw)
{
	i = cline_skip_ws(l, i);
	if (i >= l->len || l->s[i] != ':') {
		perr(p, l->line, cline_col(l, i), "expected ':' after '%s'", kw);
		return 0;
	}
	return i + 1;
}

/* Parse {SELECTOR} at i. Returns the index after '}', or 0 on error. */
static size_t
parse_selector(struct nparser *p, const struct cline *l, size_t i, struct selector **sel, char **text)
{
	size_t start = i + 1, end;
	char *err = NULL;
	size_t errpos = 0;

	end = start;
	while (end < l->len && l->s[end] != '}')
		end++;
	if (end >= l->len) {
		perr(p, l->line, cline_col(l, i), "unterminated selector: missing '}'");
		return 0;
	}
	*sel = selector_parse(l->s + start, end - start, p->vocab, &err, &errpos);
	if (!*sel) {
		perr(p, l->line, cline_col(l, start + errpos), "bad selector: %s", err);
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

static int
compile_regex(struct nparser *p, struct directive *d, const struct cline *l, size_t qpos)
{
	char *err = NULL;
	size_t erroff = 0;

	if (!(d->re = rx_compile(d->regex, strlen(d->regex), RX_PCRE2, &err, &erroff))) {
		perr(p, l->line, cline_col(l, qpos + 1 + erroff), "invalid pattern: %s", err);
		free(err);
		return -1;
	}
	return 0;
}

/* @LINE after a directive's keyword, at l->s[*i]: @+N, @-N, @N, @* or
 * @NAME (a mark, *markname, resolved at the end). Returns -1 after
 * reporting. */
static int
parse_at(struct nparser *p, const struct cline *l, size_t *ip, int base, const char *kw,
         struct directive *d, char **markname)
{
	size_t i = *ip, at = i++;

	if (d->kind == D_NO_DIAGNOSTICS) {
		perr(p, l->line, cline_col(l, at), "'%s' takes no line", kw);
		return -1;
	}
	if (i < l->len && l->s[i] == '*') {
		d->line = LINE_ANY;
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
			perr(p, l->line, cline_col(l, at), "bad line reference after '@'");
			return -1;
		}
		n = rel ? base + sign * n : n;
		if (n < 1 || n > p->cf->nlines) {
			perr(p, l->line, cline_col(l, at), "line %ld is outside the file (1-%d)", n, p->cf->nlines);
			return -1;
		}
		d->line = (int)n;
	} else if (i < l->len && is_name_start((unsigned char)l->s[i])) {
		size_t ns = i;
		while (i < l->len && is_name_char((unsigned char)l->s[i]))
			i++;
		*markname = xstrndup(l->s + ns, i - ns);
	} else {
		perr(p, l->line, cline_col(l, at), "bad line reference after '@' (+N, -N, N, * or a mark name)");
		return -1;
	}
	*ip = i;
	return 0;
}

/* "PATTERN" at l->s[*i], compiled into d. Returns -1 after reporting. */
static int
parse_pattern(struct nparser *p, const struct cline *l, size_t *ip, const char *kw, struct directive *d)
{
	struct strbuf re = {0};
	size_t i = *ip, q = i;

	if (i >= l->len || l->s[i] != '"') {
		perr(p, l->line, cline_col(l, i), "expected a quoted pattern after '%s'", kw);
		return -1;
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
		perr(p, l->line, cline_col(l, q), "unterminated pattern: missing '\"'");
		sb_release(&re);
		return -1;
	}
	d->regex = sb_detach(&re);
	*ip = i + 1;
	return compile_regex(p, d, l, q);
}

/* [-Wflag] at l->s[*i], into d->flag. Returns -1 after reporting. */
static int
parse_option(struct nparser *p, const struct cline *l, size_t *ip, struct directive *d)
{
	size_t b = *ip, e;

	for (e = b + 1; e < l->len && l->s[e] != ']'; e++)
		;
	if (e >= l->len) {
		perr(p, l->line, cline_col(l, b), "unterminated option: missing ']'");
		return -1;
	}
	if (e - b < 3 || l->s[b + 1] != '-' || memchr(l->s + b, ' ', e - b)) {
		perr(p, l->line, cline_col(l, b), "expected an option such as [-Wstringop-overflow]");
		return -1;
	}
	d->flag = option_normalise(l->s + b + 1, e - b - 1);
	*ip = cline_skip_ws(l, e + 1);
	return 0;
}

/* [ref: TEXT] at l->s[*i], to the last ']' of the line, into d->ref.
 * Returns -1 after reporting. */
static int
parse_ref(struct nparser *p, const struct cline *l, size_t *ip, struct directive *d)
{
	size_t b = *ip, e = l->len;
	struct cline text;

	while (e > b && l->s[e - 1] != ']')
		e--;
	if (e <= b + 1 || l->len - b < 5 || memcmp(l->s + b, "[ref:", 5)) {
		perr(p, l->line, cline_col(l, b), "expected [ref: TEXT]");
		return -1;
	}
	text = (struct cline){ .s = l->s + b + 5, .len = e - 1 - (b + 5) };
	d->ref = cline_rest(&text, 0);
	if (!*d->ref) {
		perr(p, l->line, cline_col(l, b), "empty reference in [ref: TEXT]");
		return -1;
	}
	*ip = cline_skip_ws(l, e);
	return 0;
}

/* A line-level directive: KIND[@LINE] [{SELECTOR}] "REGEX" [[-Wflag]] [ref: TEXT] */
static void
parse_line_directive(struct nparser *p, const struct cline *l, size_t i, enum dkind kind,
                     int base, const char *kw)
{
	struct directive d = { .kind = kind, .min = 1, .max = UINT_MAX, .src_line = l->line };
	char *markname = NULL;

	d.src_col = cline_col(l, i - strlen(kw));
	d.line = kind == D_NO_DIAGNOSTICS ? LINE_ANY : base;
	if (i < l->len && l->s[i] == '@' && parse_at(p, l, &i, base, kw, &d, &markname) < 0)
		goto bad;
	if (i < l->len && !isspace((unsigned char)l->s[i]) && l->s[i] != '{' && l->s[i] != '"') {
		perr(p, l->line, cline_col(l, i), "unexpected '%c' after '%s'", l->s[i], kw);
		goto bad;
	}
	i = cline_skip_ws(l, i);
	if (i < l->len && l->s[i] == '{') {
		if (!(i = parse_selector(p, l, i, &d.sel, &d.sel_text)))
			goto bad;
		i = cline_skip_ws(l, i);
	}
	if (kind != D_CLEAN && kind != D_NO_DIAGNOSTICS) {
		if (parse_pattern(p, l, &i, kw, &d) < 0)
			goto bad;
		i = cline_skip_ws(l, i);
		if (kind != D_NOTE && i < l->len && l->s[i] == '[' && !(l->len - i >= 4 && !memcmp(l->s + i, "[ref", 4)) &&
		    parse_option(p, l, &i, &d) < 0)
			goto bad;
		if (kind == D_KNOWN_FP && i < l->len && l->s[i] == '[' && parse_ref(p, l, &i, &d) < 0)
			goto bad;
	}
	if (i < l->len) {
		perr(p, l->line, cline_col(l, i), "unexpected text after '%s' directive", kw);
		goto bad;
	}
	if (markname) {
		struct pending pe = { p->cf->ndirs, markname };
		xgrow((void **)&p->pend, &p->cappend, p->npend + 1, sizeof(*p->pend));
		p->pend[p->npend++] = pe;
		markname = NULL;
	}
	case_add_directive(p->cf, &d);
	return;
bad:
	free(markname);
	directive_release(&d);
}


/* case-overview[@LINE]: TITLE, a row of the overview: the directives
 * about a line (@N, @+N, @-N as for theirs; marks and @* are not for this). */
static void
parse_overview(struct nparser *p, const struct cline *l, size_t i, const char *kw, int base)
{
	struct case_overview o = { .line = base };
	struct directive at = { .kind = D_CLEAN, .line = base };
	char *mark = NULL;

	if (i < l->len && l->s[i] == '@') {
		size_t atpos = i;
		if (parse_at(p, l, &i, base, kw, &at, &mark) < 0)
			return;
		if (mark || at.line == LINE_ANY) {
			perr(p, l->line, cline_col(l, atpos), "case-overview takes @N, @+N or @-N");
			free(mark);
			return;
		}
		o.line = at.line;
	}
	if (!(i = want_colon(p, l, i, kw)))
		return;
	o.title = cline_rest(l, i);
	if (!*o.title) {
		perr(p, l->line, cline_col(l, i), "empty case-overview");
		free(o.title);
		return;
	}
	xgrow((void **)&p->cf->overview, &p->cf->capoverview, p->cf->noverview + 1, sizeof(*p->cf->overview));
	p->cf->overview[p->cf->noverview++] = o;
}

static void
parse_case_directive(struct nparser *p, const struct cline *l, size_t i, const char *kw, int base)
{
	struct casefile *cf = p->cf;
	size_t kwcol = i - strlen(kw);

	if (!strcmp(kw, "case-title")) {
		if (!(i = want_colon(p, l, i, kw)))
			return;
		if (p->have_title++) {
			perr(p, l->line, cline_col(l, kwcol), "case-title given twice");
			return;
		}
		free(cf->title);
		cf->title = cline_rest(l, i);
		if (!*cf->title)
			perr(p, l->line, cline_col(l, i), "empty case-title");
	} else if (!strcmp(kw, "case-ref")) {
		char *t;
		if (!(i = want_colon(p, l, i, kw)))
			return;
		t = cline_rest(l, i);
		if (!*t) {
			perr(p, l->line, cline_col(l, i), "empty case-ref");
			free(t);
			return;
		}
		strvec_push_nocopy(&cf->refs, t);
	} else if (!strcmp(kw, "case-overview")) {
		parse_overview(p, l, i, kw, base);
	} else if (!strcmp(kw, "case-flags")) {
		char *err;
		size_t pos;
		if (!(i = want_colon(p, l, i, kw)))
			return;
		if (shell_split(l->s + i, l->len - i, &cf->flags, &err, &pos) < 0) {
			perr(p, l->line, cline_col(l, i + pos), "bad case-flags: %s", err);
			free(err);
		}
	} else if (!strcmp(kw, "case-std")) {
		char *t;
		if (!(i = want_colon(p, l, i, kw)))
			return;
		if (p->have_std++) {
			perr(p, l->line, cline_col(l, kwcol), "case-std given twice");
			return;
		}
		t = cline_rest(l, i);
		if (!*t || strspn(t, "abcdefghijklmnopqrstuvwxyz0123456789+") != strlen(t)) {
			perr(p, l->line, cline_col(l, cline_skip_ws(l, i)), "bad case-std '%s' (c89, c99, c11, c17, c2x, gnu11, ...)", t);
			free(t);
			return;
		}
		cf->std = t;
	} else if (!strcmp(kw, "case-requires")) {
		i = cline_skip_ws(l, i);
		if (i >= l->len || l->s[i] != '{') {
			perr(p, l->line, cline_col(l, i), "expected {SELECTOR} after 'case-requires'");
			return;
		}
		if (p->have_requires++) {
			perr(p, l->line, cline_col(l, kwcol), "case-requires given twice");
			return;
		}
		i = parse_selector(p, l, i, &cf->requires, &cf->requires_text);
		if (i && cline_skip_ws(l, i) < l->len)
			perr(p, l->line, cline_col(l, cline_skip_ws(l, i)), "unexpected text after 'case-requires' selector");
	} else {
		perr(p, l->line, cline_col(l, kwcol), "unknown directive '%s'", kw);
	}
}

static void
parse_mark(struct nparser *p, const struct cline *l, size_t i, int base)
{
	size_t ns;
	struct mark m;

	if (!(i = want_colon(p, l, i, "mark")))
		return;
	i = cline_skip_ws(l, i);
	ns = i;
	if (i >= l->len || !is_name_start((unsigned char)l->s[i])) {
		perr(p, l->line, cline_col(l, i), "expected a mark name (a letter, then letters, digits, '-', '_')");
		return;
	}
	while (i < l->len && is_name_char((unsigned char)l->s[i]))
		i++;
	if (cline_skip_ws(l, i) < l->len) {
		perr(p, l->line, cline_col(l, cline_skip_ws(l, i)), "unexpected text after mark name");
		return;
	}
	m.name = xstrndup(l->s + ns, i - ns);
	m.line = base;
	m.src_line = l->line;
	m.src_col = cline_col(l, ns);
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
resolve_marks(struct nparser *p)
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

/* One line of a comment: a directive when its first word says so. */
static void
native_line(void *vp, const struct cline *l, int base)
{
	struct nparser *p = vp;
	size_t i = cline_skip_ws(l, 0), ws = i;
	char kw[64];
	int k;

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
		perr(p, l->line, cline_col(l, ws), "unknown directive '%.*s'", (int)(i - ws), l->s + ws);
		return;
	}
	memcpy(kw, l->s + ws, i - ws);
	kw[i - ws] = 0;
	/* only the native kinds: dg-* names are DejaGnu's */
	if ((k = dkind_parse(kw)) >= 0 && k <= D_NO_DIAGNOSTICS)
		parse_line_directive(p, l, i, (enum dkind)k, base, kw);
	else if (!strcmp(kw, "mark"))
		parse_mark(p, l, i, base);
	else
		parse_case_directive(p, l, i, kw, base);
}

static int
native_read(struct casefile *cf, const char *buf, size_t len, const struct read_ctx *ctx, struct errlist *errs)
{
	struct nparser p = { .cf = cf, .path = cf->path, .vocab = ctx->vocab, .errs = errs };

	comments_scan(buf, len, native_line, &p);
	resolve_marks(&p);
	return p.nerr ? -1 : 0;
}

/* Mark what each expect-* and known-fp directive that applies matched;
 * its outcome into out. */
static void
match_directives(const struct casefile *cf, const struct sel_env *env, struct diaglist *dl, enum outcome *out)
{
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		unsigned long hit = 0;

		out[i] = OUT_NA;
		if (!selector_eval(d->sel, env) || d->kind == D_CLEAN || d->kind == D_NO_DIAGNOSTICS)
			continue;       /* clean ones are decided once every diagnostic has its status */
		for (size_t j = 0; j < dl->n; j++) {
			struct diag *g = &dl->v[j];
			if (!directive_fits(cf, d, g))
				continue;
			hit += g->count;
			diag_add_fit(g, i);
			if (d->kind != D_KNOWN_FP)
				g->status = ST_EXPECTED;
			else if (g->status != ST_EXPECTED)
				g->status = ST_KNOWN_FP;
		}
		if (d->kind == D_KNOWN_FP)
			out[i] = hit ? OUT_FP : OUT_FP_GONE;
		else
			out[i] = hit >= d->min && hit <= d->max ? OUT_HELD : OUT_MISSING;
	}
	for (size_t j = 0; j < dl->n; j++) {
		struct diag *g = &dl->v[j];
		if (g->status == ST_NONE)
			g->status = g->sev == SEV_NOTE ? ST_NOTE : ST_UNEXPECTED;
	}
}

/* The outcome of each expect-clean and expect-no-diagnostics that applies. */
static void
match_clean(const struct casefile *cf, const struct sel_env *env, const struct diaglist *dl, enum outcome *out)
{
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		int dirty = 0;

		if ((d->kind != D_CLEAN && d->kind != D_NO_DIAGNOSTICS) || !selector_eval(d->sel, env))
			continue;
		for (size_t j = 0; j < dl->n && !dirty; j++) {
			const struct diag *g = &dl->v[j];
			if (g->sev == SEV_NOTE)
				continue;
			dirty = d->kind == D_NO_DIAGNOSTICS || (g->status == ST_UNEXPECTED && directive_place_fits(cf, d, g));
		}
		out[i] = dirty ? OUT_DIRTY : OUT_CLEAN;
	}
}

/* docs/case-format.md's "Meaning of a run". */
static int
native_judge(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
             struct diaglist *dl, enum outcome *out, struct strbuf *why)
{
	int failed = 0;

	(void)text;
	(void)len;
	match_directives(cf, env, dl, out);
	match_clean(cf, env, dl, out);
	for (size_t i = 0; i < cf->ndirs; i++) {
		if (out[i] != OUT_MISSING && out[i] != OUT_DIRTY)
			continue;
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, out[i] == OUT_MISSING ? "missing " : "not clean ");
		describe_directive(why, &cf->dirs[i]);
	}
	for (size_t j = 0; j < dl->n; j++) {
		if (dl->v[j].status != ST_UNEXPECTED)
			continue;
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, "unexpected ");
		describe_diag(why, &dl->v[j]);
	}
	return failed;
}

const struct dialect_ops dialect_native = {
	.name = "native",
	.claims = NULL,         /* what no other dialect claims */
	.read = native_read,
	.flags = case_plain_flags,
	.judge = native_judge,
	.requires_reason = "case-requires {%s}",
};
