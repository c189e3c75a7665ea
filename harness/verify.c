/* Clang's -verify dialect: "// expected-warning {{text}}" comments, read
 * as clang/lib/Frontend/VerifyDiagnosticConsumer.cpp reads them, with the
 * prefixes and flags of the file's RUN line, and judged as it judges. */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "comments.h"
#include "dialect.h"

struct vparser {
	struct casefile *cf;
	struct errlist *errs;
	int nerr;
	int pass;                 /* 0 reads the RUN lines, 1 the directives */
	struct strvec prefixes;   /* expected, or those of -verify=a,b */
	int variant;              /* which -verify RUN command to read, from 0 */
	int nverify;              /* the -verify RUN commands seen */
	int nrun;                 /* the RUN commands seen */
	struct strbuf run;        /* a RUN command continued with a backslash */
};

static void perr(struct vparser *p, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
perr(struct vparser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errlist_vadd(p->errs, p->cf->path, line, col, fmt, ap);
	va_end(ap);
	p->nerr++;
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

/* @LOC at l->s[*i] (just after the '@'): @*, @+N, @-N or @N, into d->line.
 * Returns -1 (after reporting an error, or marking cf unsupported). */
static int
parse_location(struct vparser *p, const struct cline *l, size_t *ip, struct directive *d)
{
	size_t i = *ip, ds;
	int sign = 0;
	long n = 0;

	if (i < l->len && l->s[i] == '*') {
		d->line = LINE_ANY;
		*ip = i + 1;
		return 0;
	}
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
		return -1;
	}
	n = sign ? l->vline + sign * n : n;
	if (n < 1 || n > p->cf->nlines) {
		perr(p, l->line, cline_col(l, ds), "line %ld is outside the file (1-%d)", n, p->cf->nlines);
		return -1;
	}
	d->line = (int)n;
	*ip = i;
	return 0;
}

/* COUNT at l->s[*i]: N, N+, + or N-M, into d->min and d->max. Returns -1
 * after reporting. */
static int
parse_count(struct vparser *p, const struct cline *l, size_t *ip, size_t start, struct directive *d)
{
	size_t i = *ip;
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
		perr(p, l->line, cline_col(l, start), "bad -verify count");
		return -1;
	}
	d->min = (unsigned)lo;
	d->max = (unsigned)(hi > UINT_MAX ? UINT_MAX : hi);
	*ip = cline_skip_ws(l, i);
	return 0;
}

/* expected-no-diagnostics at l->s[i]. Returns the index after it. */
static size_t
no_diagnostics(struct vparser *p, const struct cline *l, size_t i)
{
	struct directive d = { .kind = D_NO_DIAGNOSTICS, .line = LINE_ANY, .min = 1, .max = UINT_MAX };

	d.src_line = l->line;
	d.src_col = cline_col(l, i);
	case_add_directive(p->cf, &d);
	return i + 14;
}

/* PREFIX-KIND[-re][@LOC] [COUNT] {{...}} at l->s[i] (after "PREFIX-").
 * Returns the index after it, or 0 after reporting. */
static size_t
verify_directive(struct vparser *p, const struct cline *l, size_t i)
{
	static const struct { const char *word; enum dkind kind; } kinds[] = {
		{ "warning", D_WARNING }, { "error", D_ERROR }, { "note", D_NOTE },
		{ "remark", D_NOTE },     /* remarks are read as notes (see diag.c) */
	};
	/* -verify counts from the directive's own line; one directive, one diagnostic */
	struct directive d = { .src_line = l->line, .src_col = cline_col(l, i), .line = l->vline, .min = 1, .max = 1 };
	struct strbuf re = {0};
	size_t start = i, k, n = 0;
	char *err = NULL;
	int is_re = 0;

	if (l->len - i >= 14 && !memcmp(l->s + i, "no-diagnostics", 14))
		return no_diagnostics(p, l, i);
	for (k = 0; k < LEN(kinds); k++) {
		n = strlen(kinds[k].word);
		if (l->len - i >= n && !memcmp(l->s + i, kinds[k].word, n) &&
		    (i + n == l->len || !isalnum((unsigned char)l->s[i + n])))
			break;
	}
	if (k == LEN(kinds))
		return 0;       /* prose such as "expected-to-fail" */
	d.kind = kinds[k].kind;
	i += n;
	if (l->len - i >= 3 && !memcmp(l->s + i, "-re", 3)) {
		is_re = 1;
		i += 3;
	}
	if (i < l->len && l->s[i] == '@' && (++i, parse_location(p, l, &i, &d) < 0))
		return 0;
	i = cline_skip_ws(l, i);
	if (i < l->len && (isdigit((unsigned char)l->s[i]) || l->s[i] == '+') && parse_count(p, l, &i, start, &d) < 0)
		return 0;
	if (!(k = verify_text(l, i, is_re, &re))) {
		perr(p, l->line, cline_col(l, i), "expected {{text}} after the -verify directive");
		sb_release(&re);
		return 0;
	}
	d.regex = sb_detach(&re);
	if (!(d.re = rx_compile(d.regex, strlen(d.regex), RX_PCRE2, &err, &n))) {
		perr(p, l->line, cline_col(l, i + 1 + n), "invalid pattern: %s", err);
		free(err);
		directive_release(&d);
		return 0;
	}
	case_add_directive(p->cf, &d);
	return k;
}

/* A RUN: line of a -verify file. A command continued with a trailing
 * backslash is read once whole; the variant-th that runs -verify gives
 * the prefixes and the flags that change diagnostics. */
static void
verify_run_line(struct vparser *p, const struct cline *l, size_t i)
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
verify_line(struct vparser *p, const struct cline *l)
{
	size_t i = cline_skip_ws(l, 0);

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


/* A line of a comment: RUN lines in the first pass, directives in the
 * second. */
static void
verify_comment_line(void *vp, const struct cline *l, int base)
{
	struct vparser *p = vp;
	size_t r = cline_skip_ws(l, 0);

	(void)base;
	/* a // comment ending in a backslash goes on over the next line,
	 * which is how a continued RUN command reads */
	if (l->len - r >= 2 && !memcmp(l->s + r, "//", 2))
		r = cline_skip_ws(l, r + 2);
	if (p->pass)
		verify_line(p, l);
	else if (l->len - r >= 4 && !memcmp(l->s + r, "RUN:", 4))
		verify_run_line(p, l, r + 4);
}

static int
verify_read(struct casefile *cf, const char *buf, size_t len, const struct read_ctx *ctx, struct errlist *errs)
{
	struct vparser p = { .cf = cf, .errs = errs, .variant = ctx->variant };

	strvec_push(&p.prefixes, "expected");
	comments_scan(buf, len, verify_comment_line, &p);     /* RUN lines first: they name the prefixes */
	p.pass = 1;
	comments_scan(buf, len, verify_comment_line, &p);
	cf->run_variants = p.nverify;
	if (p.nrun && !p.nverify)
		case_unsupported(cf, 1, "no RUN command runs -verify (a FileCheck or other lit test)");
	sb_release(&p.run);
	strvec_release(&p.prefixes);
	return p.nerr ? -1 : 0;
}

static int
word_at(const char *s, const char *end, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(end - s) >= n && !memcmp(s, w, n);
}

/* The first expected-KIND or -verify in buf; else, for a lit test (a "//
 * RUN:" line) that checks its output some other way, len, so that it is
 * read here and found n/a, with why. */
static long
verify_claims(const char *buf, size_t len)
{
	const char *end = buf + len;
	int lit = 0;

	for (const char *s = buf; s < end; s++) {
		if (*s == 'e' && end - s > 9 && !memcmp(s, "expected-", 9) && (s == buf || !isalnum((unsigned char)s[-1]))) {
			const char *k = s + 9;
			if (word_at(k, end, "warning") || word_at(k, end, "error") || word_at(k, end, "note") ||
			    word_at(k, end, "remark") || word_at(k, end, "no-diagnostics"))
				return (long)(s - buf);
		}
		if (*s == '-' && end - s > 8 && !memcmp(s, "-verify", 7) && (s[7] == '=' || isspace((unsigned char)s[7])))
			return (long)(s - buf);
		if (*s == 'R' && end - s > 4 && !memcmp(s, "RUN:", 4)) {
			const char *b = s;
			while (b > buf && (b[-1] == ' ' || b[-1] == '\t'))
				b--;
			lit |= b - buf >= 2 && b[-1] == '/' && b[-2] == '/';
		}
	}
	return lit ? (long)len : -1;
}

/* Clang's -verify, as VerifyDiagnosticConsumer checks it: in file order,
 * each directive takes up to its count of matching diagnostics, each
 * diagnostic once; what no directive took, notes included, is unexpected.
 * Returns the failures, described in why. */
static int
verify_judge(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
             struct diaglist *dl, enum outcome *out, struct strbuf *why)
{
	unsigned *left = xcalloc(dl->n + 1, sizeof(*left));
	int failed = 0, nodiag = 0;

	(void)text;
	(void)len;
	for (size_t j = 0; j < dl->n; j++)
		left[j] = dl->v[j].count;
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		unsigned taken = 0;

		out[i] = OUT_NA;
		if (!selector_eval(d->sel, env))
			continue;
		if (d->kind == D_NO_DIAGNOSTICS) {
			nodiag = 1;
			out[i] = OUT_CLEAN;
			continue;
		}
		while (taken < d->max) {
			size_t j;
			for (j = 0; j < dl->n; j++)
				if (left[j] && directive_fits(cf, d, &dl->v[j]))
					break;
			if (j == dl->n)
				break;
			left[j]--;
			dl->v[j].status = ST_EXPECTED;
			diag_add_fit(&dl->v[j], i);
			taken++;
		}
		out[i] = taken >= d->min ? OUT_HELD : OUT_MISSING;
		if (out[i] == OUT_MISSING) {
			sb_addstr(why, failed++ ? "; " : "");
			sb_addstr(why, "missing ");
			describe_directive(why, d);
		}
	}
	for (size_t j = 0; j < dl->n; j++) {
		struct diag *g = &dl->v[j];
		if (!left[j])
			continue;
		g->status = ST_UNEXPECTED;
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, "unexpected ");
		describe_diag(why, g);
	}
	/* what fired is a failure already, listed above */
	if (nodiag && dl->n)
		for (size_t i = 0; i < cf->ndirs; i++)
			if (cf->dirs[i].kind == D_NO_DIAGNOSTICS && out[i] == OUT_CLEAN)
				out[i] = OUT_DIRTY;
	free(left);
	return failed;
}


const struct dialect_ops dialect_verify = {
	.name = "verify",
	.claims = verify_claims,
	.read = verify_read,
	.flags = case_plain_flags,
	.judge = verify_judge,
	.requires_reason = "case-requires {%s}",
};
