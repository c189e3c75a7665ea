#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dejagnu.h"
#include "rx.h"

/* ---- Tcl regular expressions ---- */

/* Tcl's advanced regular expressions, as PCRE2 reads them: the escapes
 * that differ are rewritten; '.' matching a newline and '$' matching only
 * at the end are compile options. */
static void
are_to_pcre(struct strbuf *out, const char *s)
{
	int in_class = 0;

	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			if (in_class) {
				sb_addc(out, '\\');
				sb_addc(out, *s);
				continue;
			}
			switch (*s) {
			case 'm': sb_addstr(out, "\\b(?=\\w)"); break;
			case 'M': sb_addstr(out, "\\b(?<=\\w)"); break;
			case 'y': sb_addstr(out, "\\b"); break;
			case 'Y': sb_addstr(out, "\\B"); break;
			case 'Z': sb_addstr(out, "\\z"); break;
			case 'B': sb_addstr(out, "\\\\"); break;
			case 'b': sb_addstr(out, "\\x08"); break;
			case 'e': sb_addstr(out, "\\x1b"); break;
			case 'u':
				sb_addstr(out, "\\x{");
				for (int k = 0; k < 4 && isxdigit((unsigned char)s[1]); k++)
					sb_addc(out, *++s);
				sb_addc(out, '}');
				break;
			default:
				sb_addc(out, '\\');
				sb_addc(out, *s);
			}
			continue;
		}
		if (!in_class && *s == '[') {
			in_class = 1;
			sb_addc(out, *s);
			if (s[1] == '^')
				sb_addc(out, *++s);
			if (s[1] == ']')        /* a ']' first is literal */
				sb_addc(out, *++s);
			continue;
		}
		if (in_class && *s == '[' && (s[1] == ':' || s[1] == '.' || s[1] == '=')) {
			char close = s[1];
			sb_addc(out, *s++);
			while (*s && !(s[0] == close && s[1] == ']'))
				sb_addc(out, *s++);
			if (*s) {
				sb_addc(out, *s++);
				sb_addc(out, *s);
			}
			continue;
		}
		if (in_class && *s == ']')
			in_class = 0;
		sb_addc(out, *s);
	}
}

static pcre2_code *
compile_tcl(const char *pattern, char **err)
{
	int errcode;
	PCRE2_SIZE erroff;
	PCRE2_UCHAR msg[256];
	pcre2_code *re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
	                               PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY, &errcode, &erroff, NULL);

	if (!re) {
		pcre2_get_error_message(errcode, msg, sizeof(msg));
		*err = xasprintf("expression does not compile: %s", (char *)msg);
		return NULL;
	}
	/* no JIT: its code reads past the end of the subject, into the unset
	 * spare room of a strbuf, which valgrind rightly cannot tell apart
	 * from a bug; the interpreter is fast enough for a few KiB of output */
	return re;
}

/* ---- reading ---- */

struct dgreader {
	struct casefile *cf;
	const char *vars[3];            /* srcdir and its value, NULL */
	char *srcdir;
	struct strvec linenames;        /* dg-line NAME */
	int *lines;
	struct selector *do_target;     /* the last dg-do's { target SEL } */
	char *do_text;
	struct strbuf why_na;           /* what cf->requires says, for reports */
};

/* An effective-target keyword, remembered so that it is probed. */
static int
keyword(void *vr, const char *name)
{
	struct dgreader *r = vr;
	int k = etarget_index(name);

	if (k >= 0)
		etarget_add(&r->cf->etargets, k);
	return k;
}

/* The file runs only where sel holds (or, negated, where it does not). */
static void
require(struct dgreader *r, struct selector *sel, int negate, const char *why)
{
	r->cf->requires = selector_and(r->cf->requires, sel, negate);
	sb_addf(&r->why_na, "%s%s", r->why_na.len ? "; " : "", why);
}

/* s without leading and trailing blanks, in place. */
static char *
trimmed(char *s)
{
	size_t n;

	while (isspace((unsigned char)*s))
		s++;
	for (n = strlen(s); n && isspace((unsigned char)s[n - 1]); n--)
		s[n - 1] = '\0';
	return s;
}

/* { target SEL } or { xfail SEL }: 't' or 'x' in *what, or -1. An empty
 * selector is none (*sel NULL). */
static int
read_selector(struct dgreader *r, int line, const char *spec, struct selector **sel, char *what)
{
	struct strvec w = {0};
	char *err = NULL;
	const char *rest;
	int ok;

	*sel = NULL;
	*what = 't';
	if (tcl_split(spec, strlen(spec), 0, NULL, &w, &err) < 0) {
		case_unsupported(r->cf, line, "selector '%s': %s", spec, err);
		free(err);
		return -1;
	}
	ok = !w.n || !strcmp(w.v[0], "target") || !strcmp(w.v[0], "xfail");
	if (w.n && ok)
		*what = w.v[0][0];
	strvec_release(&w);
	if (!ok) {
		case_unsupported(r->cf, line, "selector '{ %s }' (only target and xfail)", spec);
		return -1;
	}
	while (isspace((unsigned char)*spec))
		spec++;
	if (!*spec)
		return 0;
	rest = spec + strcspn(spec, " \t\n");
	if (!(*sel = selector_dejagnu(rest, keyword, r, &err))) {
		case_unsupported(r->cf, line, "%s", err);
		free(err);
		return -1;
	}
	return 0;
}

/* A line argument: ".", ".+N", ".-N", "0" (any line: 0 here), a number
 * or a dg-line name. -1 when it is none of those. */
static int
read_line(struct dgreader *r, int line, const char *s, long *out)
{
	char *end;

	if (!strcmp(s, ".")) {
		*out = line;
		return 0;
	}
	if (s[0] == '.' && (s[1] == '+' || s[1] == '-') && isdigit((unsigned char)s[2])) {
		long n = strtol(s + 2, &end, 10);
		if (!*end && n < INT_MAX / 2) {
			*out = line + (s[1] == '-' ? -n : n);
			return 0;
		}
	}
	if (isdigit((unsigned char)s[0])) {
		long n = strtol(s, &end, 10);
		if (!*end && n < INT_MAX) {
			*out = n;
			return 0;
		}
	}
	for (size_t i = 0; i < r->linenames.n; i++) {
		if (!strcmp(r->linenames.v[i], s)) {
			*out = r->lines[i];
			return 0;
		}
	}
	return -1;
}

static enum dkind
message_kind(const char *name, const char **prefix)
{
	static const struct { const char *name; enum dkind kind; const char *prefix; } map[] = {
		{ "dg-warning", D_WARNING, "warning:" },
		{ "dg-error", D_ERROR, "(fatal )?error:" },
		{ "dg-message", D_MESSAGE, "" },
		{ "dg-note", D_NOTE, "note:" },
		{ "dg-bogus", D_BOGUS, "" },
	};

	*prefix = "";
	for (size_t i = 0; i < LEN(map); i++) {
		if (!strcmp(map[i].name, name)) {
			*prefix = map[i].prefix;
			return map[i].kind;
		}
	}
	return (enum dkind)-1;
}

static void
push(struct casefile *cf, struct directive *d)
{
	xgrow((void **)&cf->dirs, &cf->capdirs, cf->ndirs + 1, sizeof(*cf->dirs));
	cf->dirs[cf->ndirs++] = *d;
	memset(d, 0, sizeof(*d));
}

/* Compile expr into d (no match data: dg_judge brings one) and add d to
 * the file; an expression PCRE2 cannot read makes the file n/a. */
static void
push_compiled(struct dgreader *r, int line, const char *name, struct directive *d, const char *expr)
{
	char *err = NULL;

	if (!(d->re = compile_tcl(expr, &err))) {
		case_unsupported(r->cf, line, "%s \"%s\": %s", name, d->regex, err);
		free(err);
		directive_release(d);
		return;
	}
	push(r->cf, d);
}

/* dg-warning and its kin: REGEXP [COMMENT [SELECTOR [LINE]]], turned into
 * the expression dg.exp matches the output with (process-message). */
static void
read_message(struct dgreader *r, int line, const char *name, const struct strvec *w)
{
	struct directive d = {0};
	struct strbuf re = {0};
	const char *prefix, *pat, *column;
	char what = 't', colbuf[32];
	long at = line;

	d.kind = message_kind(name, &prefix);
	d.min = 1;
	d.max = UINT_MAX;
	d.src_line = line;
	d.src_col = 1;
	if (w->n < 1 || w->n > 4) {
		case_unsupported(r->cf, line, "%s with %zu arguments", name, w->n);
		return;
	}
	if (w->n >= 3 && read_selector(r, line, w->v[2], &d.sel, &what) < 0)
		return;
	if (what == 'x') {
		d.xfail = d.sel;
		d.sel = NULL;
	}
	if (w->n >= 3 && *w->v[2])
		d.sel_text = xstrdup(trimmed(w->v[2]));
	if (w->n == 4 && read_line(r, line, w->v[3], &at) < 0) {
		case_unsupported(r->cf, line, "line '%s'", w->v[3]);
		directive_release(&d);
		return;
	}
	d.line = w->n == 4 && !strcmp(w->v[3], "0") ? LINE_ANY : (int)at;

	pat = w->v[0];
	if (!strncmp(pat, "-:", 2)) {
		pat += 2;
		column = "";            /* no column may be printed */
	} else if (isdigit((unsigned char)pat[0]) && pat[strspn(pat, "0123456789")] == ':') {
		size_t n = strspn(pat, "0123456789");
		snprintf(colbuf, sizeof(colbuf), "%.*s: ", (int)(n < 20 ? n : 20), pat);
		d.col = atoi(pat);
		pat += n + 1;
		column = colbuf;
	} else {
		column = d.line == LINE_ANY ? "" : "[0-9]+: ";
	}
	d.regex = xstrdup(pat);
	sb_addstr(&re, "(^|\\n)([^\\n]+");
	if (d.line != LINE_ANY)
		sb_addf(&re, ":%d:", d.line);
	sb_addf(&re, "[^\\n]*(%s%s[^\\n]*", column, prefix);
	are_to_pcre(&re, pat);
	sb_addstr(&re, ")[^\\n]*\\n?)+");
	push_compiled(r, line, name, &d, sb_str(&re));
	sb_release(&re);
}

static void
read_options(struct dgreader *r, int line, const char *name, const struct strvec *w)
{
	struct dgopt o = {0};
	char what, *err = NULL;

	if (w->n < 1 || w->n > 2) {
		case_unsupported(r->cf, line, "%s with %zu arguments", name, w->n);
		return;
	}
	if (w->n == 2 && read_selector(r, line, w->v[1], &o.sel, &what) < 0)
		return;
	if (w->n == 2 && what == 'x') {
		case_unsupported(r->cf, line, "%s: xfail is not allowed here", name);
		selector_free(o.sel);
		return;
	}
	if (tcl_split(w->v[0], strlen(w->v[0]), 0, NULL, &o.flags, &err) < 0) {
		case_unsupported(r->cf, line, "%s: %s", name, err);
		free(err);
		selector_free(o.sel);
		strvec_release(&o.flags);
		return;
	}
	o.additional = !strcmp(name, "dg-additional-options");
	xgrow((void **)&r->cf->dgopts, &r->cf->capdgopts, r->cf->ndgopts + 1, sizeof(*r->cf->dgopts));
	r->cf->dgopts[r->cf->ndgopts++] = o;
}

static void
read_do(struct dgreader *r, int line, const struct strvec *w)
{
	static const struct { const char *what; enum compile_mode mode; } modes[] = {
		{ "preprocess", MODE_PREPROCESS }, { "compile", MODE_ASSEMBLY },
		{ "assemble", MODE_OBJECT }, { "link", MODE_LINK }, { "run", MODE_LINK },
	};
	struct selector *sel = NULL;
	size_t k;
	char what;

	for (k = 0; w->n && k < LEN(modes) && strcmp(modes[k].what, w->v[0]); k++)
		;
	if (!w->n || w->n > 2 || k == LEN(modes)) {
		case_unsupported(r->cf, line, "dg-do %s", w->n ? w->v[0] : "");
		return;
	}
	r->cf->mode = modes[k].mode;
	if (w->n == 2 && read_selector(r, line, w->v[1], &sel, &what) < 0)
		return;
	selector_free(r->do_target);
	free(r->do_text);
	r->do_target = NULL;
	r->do_text = NULL;
	if (sel && what == 't') {       /* an xfail here is about running it */
		r->do_target = sel;
		r->do_text = xasprintf("dg-do %s { %s }", w->v[0], trimmed(w->v[1]));
	} else {
		selector_free(sel);
	}
}

static void
read_excess(struct dgreader *r, int line, const struct strvec *w)
{
	struct directive d = {0};
	char what = 't';

	if (w->n > 2) {
		case_unsupported(r->cf, line, "dg-excess-errors with %zu arguments", w->n);
		return;
	}
	/* target and xfail both mean: here, excess errors are expected */
	if (w->n == 2 && read_selector(r, line, w->v[1], &d.sel, &what) < 0)
		return;
	d.kind = D_EXCESS;
	d.line = LINE_ANY;
	d.src_line = line;
	d.src_col = 1;
	if (w->n == 2)
		d.sel_text = xstrdup(trimmed(w->v[1]));
	push(r->cf, &d);
}

static void
read_prune(struct dgreader *r, int line, const struct strvec *w)
{
	struct directive d = {0};
	struct strbuf re = {0};

	if (w->n != 1) {
		case_unsupported(r->cf, line, "dg-prune-output with %zu arguments", w->n);
		return;
	}
	/* gcc-dg-prune pastes the expression in as it is: a '|' in it splits
	 * the whole expression, and that is what runtest does too */
	sb_addstr(&re, "(^|\\n)[^\\n]*");
	are_to_pcre(&re, w->v[0]);
	sb_addstr(&re, "[^\\n]*");
	d.kind = D_PRUNE;
	d.line = LINE_ANY;
	d.src_line = line;
	d.src_col = 1;
	d.regex = xstrdup(w->v[0]);
	push_compiled(r, line, "dg-prune-output", &d, sb_str(&re));
	sb_release(&re);
}

/* dg-require-effective-target KEYWORD [{ target SEL }]: n/a where SEL holds
 * (everywhere, without one) and KEYWORD does not. */
static void
read_require_et(struct dgreader *r, int line, const struct strvec *w)
{
	struct strbuf e = {0}, why = {0};
	struct selector *sel;
	char *err = NULL;

	if (w->n < 1 || w->n > 2) {
		case_unsupported(r->cf, line, "dg-require-effective-target with %zu arguments", w->n);
		return;
	}
	if (etarget_index(w->v[0]) < 0) {
		case_unsupported(r->cf, line, "effective target '%s'", w->v[0]);
		return;
	}
	sb_addf(&why, "dg-require-effective-target %s", w->v[0]);
	if (w->n == 2) {
		char *spec = trimmed(w->v[1]);
		if (strncmp(spec, "target", 6) || !isspace((unsigned char)spec[6])) {
			case_unsupported(r->cf, line, "dg-require-effective-target selector '{ %s }'", spec);
			sb_release(&why);
			return;
		}
		sb_addf(&e, "{ { ! { %s } } || %s }", trimmed(spec + 6), w->v[0]);
		sb_addf(&why, " { %s }", spec);
	} else {
		sb_addstr(&e, w->v[0]);
	}
	if (!(sel = selector_dejagnu(sb_str(&e), keyword, r, &err))) {
		case_unsupported(r->cf, line, "%s", err);
		free(err);
	} else {
		require(r, sel, 0, sb_str(&why));
	}
	sb_release(&e);
	sb_release(&why);
}

/* dg-skip-if COMMENT SEL [INCLUDE [EXCLUDE]]: n/a where SEL holds. Only
 * the default option lists ("*", "") are read: the others ask about the
 * test's flags, which differ by configuration. */
static void
read_skip_if(struct dgreader *r, int line, const struct strvec *w)
{
	struct strvec opts = {0};
	struct selector *sel;
	char *err = NULL, *spec;
	int plain = 1;

	if (w->n < 2 || w->n > 4) {
		case_unsupported(r->cf, line, "dg-skip-if with %zu arguments", w->n);
		return;
	}
	for (size_t i = 2; i < w->n && plain; i++) {
		if (tcl_split(w->v[i], strlen(w->v[i]), 0, NULL, &opts, &err) < 0)
			plain = 0;
		for (size_t k = 0; k < opts.n && plain; k++)
			plain = !strcmp(opts.v[k], i == 2 ? "*" : "");
		strvec_release(&opts);
		free(err);
		err = NULL;
	}
	if (!plain) {
		case_unsupported(r->cf, line, "dg-skip-if with option lists");
		return;
	}
	spec = trimmed(w->v[1]);
	{
		/* dg-skip-if hands "target SEL" on: a group keeps its braces */
		char *rest = strpbrk(spec, " \t\n") ? xasprintf("{ %s }", spec) : xstrdup(spec);
		sel = selector_dejagnu(rest, keyword, r, &err);
		free(rest);
	}
	if (!sel) {
		case_unsupported(r->cf, line, "%s", err);
		free(err);
		return;
	}
	{
		char *why = xasprintf("dg-skip-if { %s }", spec);
		require(r, sel, 1, why);
		free(why);
	}
}

/* dg-require-alias and the like: a keyword under another name. */
static void
read_require(struct dgreader *r, int line, const char *name)
{
	static const struct { const char *directive, *keyword; } map[] = {
		{ "dg-require-alias", "alias" }, { "dg-require-weak", "weak" },
		{ "dg-require-visibility", "visibility" }, { "dg-require-named-sections", "named_sections" },
		{ "dg-require-ifunc", "ifunc" },
	};
	struct strvec w = {0};

	for (size_t i = 0; i < LEN(map); i++) {
		if (!strcmp(map[i].directive, name)) {
			strvec_push(&w, map[i].keyword);
			read_require_et(r, line, &w);
			strvec_release(&w);
			return;
		}
	}
	case_unsupported(r->cf, line, "%s", name);
}

/* dg-add-options NAME...: the flags GCC's add_options_for_NAME adds, on
 * the targets that need any (none of them on most). */
static void
read_add_options(struct dgreader *r, int line, const struct strvec *w)
{
	static const struct { const char *name, *triples, *flags; } map[] = {
		{ "ieee", "alpha*-*-* sh*-*-*", "-mieee" },
		{ "ieee", "rx-*-*", "-mnofpu" },
		{ "float16", "arm*-*-*", "-mfp16-format=ieee" },
		{ "float128", "powerpc*-*-*", "-mfloat128 -mvsx" },
		{ "__float128", "powerpc*-*-*", "-mfloat128 -mvsx" },
		{ "float64x", "powerpc*-*-*", "-mfloat128 -mvsx" },
		{ "float32", NULL, NULL }, { "float64", NULL, NULL },
		{ "float32x", NULL, NULL }, { "float128x", NULL, NULL },
	};

	for (size_t a = 0; a < w->n; a++) {
		int found = 0;
		for (size_t i = 0; i < LEN(map); i++) {
			struct dgopt o = {0};
			char *err = NULL;
			if (strcmp(map[i].name, w->v[a]))
				continue;
			found = 1;
			if (!map[i].triples)
				continue;
			o.additional = 1;
			o.sel = selector_dejagnu(map[i].triples, NULL, NULL, &err);
			free(err);
			tcl_split(map[i].flags, strlen(map[i].flags), 0, NULL, &o.flags, &err);
			xgrow((void **)&r->cf->dgopts, &r->cf->capdgopts, r->cf->ndgopts + 1, sizeof(*r->cf->dgopts));
			r->cf->dgopts[r->cf->ndgopts++] = o;
		}
		if (!found) {
			case_unsupported(r->cf, line, "dg-add-options %s", w->v[a]);
			return;
		}
	}
}

static void
directive(struct dgreader *r, int line, const char *name, const char *args, size_t len)
{
	struct strvec w = {0};
	char *err = NULL;
	const char *prefix;

	if (tcl_split(args, len, 1, r->vars, &w, &err) < 0) {
		case_unsupported(r->cf, line, "%s: %s", name, err);
		free(err);
		return;
	}
	if ((int)message_kind(name, &prefix) >= 0) {
		if (!strcmp(name, "dg-note"))
			r->cf->dg_keep_notes = 1;
		read_message(r, line, name, &w);
	} else if (!strcmp(name, "dg-do")) {
		read_do(r, line, &w);
	} else if (!strcmp(name, "dg-options") || !strcmp(name, "dg-additional-options")) {
		read_options(r, line, name, &w);
	} else if (!strcmp(name, "dg-excess-errors")) {
		read_excess(r, line, &w);
	} else if (!strcmp(name, "dg-prune-output")) {
		read_prune(r, line, &w);
	} else if (!strcmp(name, "dg-allow-blank-lines-in-output")) {
		r->cf->dg_allow_blank = 1;
	} else if (!strcmp(name, "dg-require-effective-target")) {
		read_require_et(r, line, &w);
	} else if (!strcmp(name, "dg-add-options")) {
		read_add_options(r, line, &w);
	} else if (!strcmp(name, "dg-skip-if")) {
		read_skip_if(r, line, &w);
	} else if (!strncmp(name, "dg-require-", 11)) {
		read_require(r, line, name);
	} else if (!strcmp(name, "dg-line") && w.n == 1) {
		strvec_push(&r->linenames, w.v[0]);
		r->lines = xrealloc(r->lines, r->linenames.n * sizeof(*r->lines));
		r->lines[r->linenames.n - 1] = line;
	} else {
		case_unsupported(r->cf, line, "%s", name);
	}
	strvec_release(&w);
}

/* dg-get-options: "{[ \t]+(dg-[-a-z]+)[ \t]+(.*)[ \t]+}[^}]*$" on one line;
 * the leftmost '{' that starts a directive, up to the line's last '}'. */
static void
scan_line(struct dgreader *r, int line, const char *s, size_t len)
{
	const char *close = NULL;

	for (size_t i = 0; i < len; i++)
		if (s[i] == '}')
			close = s + i;
	if (!close || close == s || (close[-1] != ' ' && close[-1] != '\t'))
		return;
	for (const char *o = s; o < close; o++) {
		const char *n, *e, *a;
		if (*o != '{' || (o[1] != ' ' && o[1] != '\t'))
			continue;
		for (n = o + 1; n < close && (*n == ' ' || *n == '\t'); n++)
			;
		if (close - n < 4 || memcmp(n, "dg-", 3))
			continue;
		for (e = n + 3; e < close && (islower((unsigned char)*e) || *e == '-'); e++)
			;
		if (e == n + 3 || e >= close || (*e != ' ' && *e != '\t'))
			continue;
		for (a = e; a < close && (*a == ' ' || *a == '\t'); a++)
			;
		if (a > close - 1)      /* "[ \t]+(.*)[ \t]+}" needs two blanks */
			a = close - 1;
		if (a == e)
			continue;
		{
			char *name = xstrndup(n, (size_t)(e - n));
			const char *inner = memchr(a, '{', (size_t)(close - a));
			/* a second directive on the line: runtest reads one
			 * directive with the rest as its arguments, and fails */
			if (inner && inner + 4 < close && !memcmp(inner + strspn(inner + 1, " \t") + 1, "dg-", 3))
				case_unsupported(r->cf, line, "two dg- directives on one line");
			else
				directive(r, line, name, a, (size_t)(close - 1 - a));
			free(name);
		}
		return;
	}
}

/* $srcdir: the testsuite directory above the file, as runtest sets it. */
static char *
find_srcdir(const char *path)
{
	char *real = realpath(path, NULL), *p;

	if (!real)
		return NULL;
	while ((p = strrchr(real, '/')) && p != real) {
		*p = '\0';
		if ((p = strrchr(real, '/')) && !strcmp(p + 1, "testsuite"))
			return real;
	}
	free(real);
	return NULL;
}

/* ---- the directory's driver ---- */

/* The value a driver gives variable name before position upto: the last
 * "set NAME VALUE" with a literal value. NULL when there is none. */
static char *
driver_variable(const char *text, size_t upto, const char *name)
{
	char *value = NULL;
	size_t n = strlen(name);

	for (const char *p = text; (p = strstr(p, "set ")) && (size_t)(p - text) < upto; p += 4) {
		struct strvec w = {0};
		char *err = NULL;
		const char *e = p + strcspn(p, "\n");
		if ((p != text && !isspace((unsigned char)p[-1])) || strncmp(p + 4, name, n) || !isspace((unsigned char)p[4 + n]))
			continue;
		if (tcl_split(p + 4 + n, (size_t)(e - (p + 4 + n)), 0, NULL, &w, &err) == 0 && w.n == 1 &&
		    !strpbrk(w.v[0], "$[")) {
			free(value);
			value = xstrdup(w.v[0]);
		}
		free(err);
		strvec_release(&w);
	}
	return value;
}

/* One word of a driver's dg-runtest call as the flags it stands for:
 * a literal, or a variable the driver sets. -1 when it is neither. */
static int
driver_word(const char *text, size_t at, const char *word, struct strvec *flags)
{
	char *value = NULL, *err = NULL;
	int r;

	if (word[0] == '$') {
		const char *name = word + 1 + (word[1] == '{');
		char buf[64];
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(name, "}"), name);
		if (!(value = driver_variable(text, at, buf)))
			return -1;
		word = value;
	} else if (strpbrk(word, "$[")) {
		return -1;
	}
	r = tcl_split(word, strlen(word), 0, NULL, flags, &err);
	free(err);
	free(value);
	return r;
}

/* Does the glob a driver hands dg-runtest ("...$subdir/PATTERN]...", Tcl
 * quoting and {a,b} alternatives in it) take the file called name? */
static int
driver_glob_takes(const char *call, size_t n, const char *name)
{
	const char *p = memmem(call, n, "$subdir/", 8), *end = call + n;
	struct strbuf pat = {0};
	const char *open, *close;
	int takes = 0;

	if (!p)
		return 0;
	for (p += 8; p < end && !isspace((unsigned char)*p) && *p != ']' && *p != '"'; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		sb_addc(&pat, *p);
	}
	sb_add(&pat, "", 0);
	open = strchr(pat.buf, '{');
	close = open ? strchr(open, '}') : NULL;
	if (!open || !close) {
		takes = fnmatch(pat.buf, name, 0) == 0;
	} else {
		for (const char *a = open + 1; a < close && !takes; ) {
			size_t k = strcspn(a, ",}");
			char *one = xasprintf("%.*s%.*s%s", (int)(open - pat.buf), pat.buf, (int)k, a, close + 1);
			takes = fnmatch(one, name, 0) == 0;
			free(one);
			a += k + 1;
		}
	}
	sb_release(&pat);
	return takes;
}

/* The name of the first DejaGnu driver (*.exp) in dir, or NULL. */
static char *
first_exp(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *found = NULL;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n > 4 && !strcmp(e->d_name + n - 4, ".exp") && (!found || strcmp(e->d_name, found) < 0)) {
			free(found);
			found = xstrdup(e->d_name);
		}
	}
	if (d)
		closedir(d);
	return found;
}

/* Keywords a driver checks before it runs anything, in the form
 * "if { ![check_effective_target_NAME] } { return }": required. */
static void
driver_requirements(struct dgreader *r, const char *text, size_t upto)
{
	static const char probe[] = "![check_effective_target_";

	for (const char *p = text; (p = strstr(p, probe)) && (size_t)(p - text) < upto; p++) {
		const char *name = p + sizeof(probe) - 1, *close = strchr(name, ']');
		const char *body = close ? strchr(close, '{') : NULL;
		if (!close || !body || strncmp(body + 1 + strspn(body + 1, " \t\n"), "return", 6))
			continue;
		{
			struct strvec w = {0};
			strvec_push_nocopy(&w, xstrndup(name, (size_t)(close - name)));
			read_require_et(r, 1, &w);
			strvec_release(&w);
		}
	}
}

/* The flags the driver (*.exp) next to the file gives it: runtest runs
 * dg-runtest FILES FLAGS DEFAULT-FLAGS, where DEFAULT-FLAGS are what
 * dg-options replaces. Without a driver, gcc.dg's. A driver that cannot
 * be read this way (torture options, computed flags) makes the file n/a. */
static void
read_driver(struct dgreader *r)
{
	const char *path = r->cf->dg_path, *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path) + (slash == path)) : xstrdup(".");
	struct strvec exps = {0};
	struct strbuf text = {0};
	DIR *d = opendir(dir);
	struct dirent *e;
	const char *call = NULL;
	char *why = NULL;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n > 4 && !strcmp(e->d_name + n - 4, ".exp"))
			strvec_push(&exps, e->d_name);
	}
	if (d)
		closedir(d);
	strvec_sort(&exps);
	for (size_t i = 0; i < exps.n && !call && !why; i++) {
		char *path = xasprintf("%s/%s", dir, exps.v[i]);
		struct strbuf raw = {0};
		sb_reset(&text);
		if (read_file(path, MAX_CASE_BYTES, &raw, NULL) == 0) {
			/* without comment lines, continued lines joined */
			for (const char *p = raw.buf; *p; ) {
				size_t n = strcspn(p, "\n");
				const char *q = p + strspn(p, " \t");
				if (*q != '#') {
					if (n && p[n - 1] == '\\') {
						sb_add(&text, p, n - 1);
						sb_addc(&text, ' ');
					} else {
						sb_add(&text, p, n);
						sb_addc(&text, '\n');
					}
				}
				p += n + (p[n] == '\n');
			}
			sb_add(&text, "", 0);
			for (const char *p = text.buf; (p = strstr(p, "dg-runtest")); p += 10) {
				const char *eol = p + strcspn(p, "\n");
				size_t n = (size_t)(eol - p);
				if (!driver_glob_takes(p, n, slash ? slash + 1 : path))
					continue;       /* other files */
				if (p >= text.buf + 4 && !memcmp(p - 4, "gcc-", 4))
					why = xasprintf("its driver %s runs each file with several option sets (GCC's torture options)", exps.v[i]);
				else
					call = p + 10;
				break;
			}
		}
		sb_release(&raw);
		free(path);
		if (!call && !why)
			continue;
		if (call) {
			/* dg-runtest [FILES] FLAGS DEFAULT-FLAGS: FILES is skipped */
			const char *eol = call + strcspn(call, "\n");
			int depth = 0;
			call += strspn(call, " \t");
			do {
				depth += *call == '[' || *call == '{';
				depth -= *call == ']' || *call == '}';
				call++;
			} while (call < eol && (depth > 0 || !isspace((unsigned char)*call)));
			struct strvec w = {0};
			char *err = NULL;
			driver_requirements(r, text.buf, (size_t)(call - text.buf));
			if (tcl_split(call, (size_t)(eol - call), 0, NULL, &w, &err) < 0 || w.n != 2 ||
			    driver_word(text.buf, (size_t)(call - text.buf), w.v[0], &r->cf->dg_always) < 0 ||
			    driver_word(text.buf, (size_t)(call - text.buf), w.v[1], &r->cf->dg_defaults) < 0)
				why = xasprintf("the flags its driver %s gives are not read here", exps.v[i]);
			free(err);
			strvec_release(&w);
		}
	}
	if (!call && !why && exps.n) {
		why = xasprintf("its driver %s does not run the files of its directory with dg-runtest", exps.v[0]);
	} else if (!call && !why) {
		/* no driver here: one further up runs the files its own way */
		char *up = xstrdup(dir), *s, *exp = NULL;
		while (!exp && (s = strrchr(up, '/')) && s != up && strcmp(s + 1, "testsuite")) {
			*s = '\0';
			if ((exp = first_exp(up)))
				why = xasprintf("no driver in its directory; %s/%s runs it its own way", strrchr(up, '/') + 1, exp);
		}
		free(exp);
		free(up);
	}
	if (why) {
		case_unsupported(r->cf, 1, "%s", why);
		free(why);
	} else if (!call) {
		strvec_push(&r->cf->dg_defaults, "-ansi");
		strvec_push(&r->cf->dg_defaults, "-pedantic-errors");
	}
	sb_release(&text);
	strvec_release(&exps);
	free(dir);
}

void
dg_read(struct casefile *cf, const char *buf, size_t len)
{
	struct dgreader r = {0};
	const char *s = buf, *end = buf + len;
	int line = 1;

	r.cf = cf;
	cf->mode = MODE_ASSEMBLY;       /* dg.exp's default: dg-do compile */
	/* compiled in a scratch directory, as runtest compiles in its own */
	if (!(cf->dg_path = realpath(cf->path, NULL)))
		cf->dg_path = xstrdup(cf->path);
	if ((r.srcdir = find_srcdir(cf->dg_path))) {
		r.vars[0] = "srcdir";
		r.vars[1] = r.srcdir;
	}
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
		if (memchr(s, '{', n))
			scan_line(&r, line, s, n);
		s += n + 1;
		line++;
	}
	if (r.do_target)
		require(&r, r.do_target, 0, r.do_text);
	free(r.do_text);
	if (r.why_na.len)
		cf->requires_text = sb_detach(&r.why_na);
	sb_release(&r.why_na);
	read_driver(&r);
	/* what the file asks for where no selector holds: for reports */
	strvec_append(&cf->flags, &cf->dg_always);
	strvec_append(&cf->flags, &cf->dg_defaults);
	for (size_t i = 0; i < cf->ndgopts; i++) {
		if (cf->dgopts[i].sel)
			continue;
		if (!cf->dgopts[i].additional) {
			strvec_release(&cf->flags);
			strvec_append(&cf->flags, &cf->dg_always);
		}
		strvec_append(&cf->flags, &cf->dgopts[i].flags);
	}
	free(r.srcdir);
	free(r.lines);
	strvec_release(&r.linenames);
}

void
dg_flags(const struct casefile *cf, const struct sel_env *env, struct strvec *out)
{
	struct strvec cur = {0};

	strvec_append(&cur, &cf->dg_defaults);
	for (size_t i = 0; i < cf->ndgopts; i++) {
		if (!selector_eval(cf->dgopts[i].sel, env))
			continue;
		if (!cf->dgopts[i].additional)
			strvec_release(&cur);
		strvec_append(&cur, &cf->dgopts[i].flags);
	}
	strvec_append(out, &cf->dg_always);
	strvec_append(out, &cur);
	strvec_release(&cur);
}

/* ---- judging ---- */

/* prune_gcc_output (GCC 12's prune.exp): context lines and messages that
 * are never excess errors. */
static const char *const gcc_prunes[] = {
	"(^|\\n)([^\\n]*: [iI]|I)n ((static member |lambda )?function|member|method|(copy )?constructor|destructor|instantiation|substitution|program|subroutine|block-data)[^\\n]*",
	"(^|\\n)[^\\n]*(: )?At (top level|global scope):[^\\n]*",
	"(^|\\n)[^\\n]*:   (recursively )?required [^\\n]*",
	"(^|\\n)[^\\n]*:   . skipping [0-9]* instantiation contexts [^\\n]*",
	"(^|\\n)[^\\n]*:   in .constexpr. expansion [^\\n]*",
	"(^|\\n)[^\\n]*:   in requirements [^\\n]*",
	"(^|\\n)    inlined from [^\\n]*",
	"(^|\\n)[^\\n]*: error: ld returned [^\\n]*",
	"(^|\\n)[^\\n]*: re(compiling|linking)[^\\n]*",
	"(^|\\n)Please submit.*instructions[^\\n]*",
	"(^|\\n)[0-9][0-9]* errors\\.",
	"(^|\\n)(In file)?[ ]+included from [^\\n]*",
	"(^|\\n)[ ]+from [^\\n]*",
	"(^|\\n)(In|of) module( [^\\n ]*,)? imported at [^\\n]*",
	"(^|\\n)[^\\n]*: warning: -f(pic|PIC) ignored for target[^\\n]*",
	"(^|\\n)[^\\n]*: warning: -f(pic|PIC)( and -fpic are| is)? not supported[^\\n]*",
	"(^|\\n)[^\\n*]*: Assembler messages:[^\\n]*",
	"(^|\\n)[^\\n]*: note: variable tracking size limit exceeded with -fvar-tracking-assignments, retrying without[^\\n]*",
	"(^|\\n)[^\\n]*file path prefix [^\\n]* never used",
	"(^|\\n)[^\\n]*linker input file unused since linking not done",
	"(^|\\n)[^\\n]*lto[^\\n]*: warning: using serial compilation of [^\\n]*",
	/* not GCC's: Clang's closing count, so that Clang can run these files */
	"(^|\\n)[0-9]+ (warning|error)s? (and [0-9]+ (warning|error)s? )?generated\\.",
};
static const char note_prune[] = "(^|\\n)[^\\n]*: note: [^\\n]*";

static struct {
	pcre2_code *re[LEN(gcc_prunes) + 1];
	int ready;
} prunes;

static void
prunes_release(void)
{
	for (size_t i = 0; i < LEN(prunes.re); i++)
		pcre2_code_free(prunes.re[i]);
}

static void
prunes_init(void)
{
	char *err = NULL;

	if (prunes.ready)
		return;
	for (size_t i = 0; i < LEN(prunes.re); i++) {
		prunes.re[i] = compile_tcl(i < LEN(gcc_prunes) ? gcc_prunes[i] : note_prune, &err);
		if (!prunes.re[i])
			abort();        /* the table is ours: a bad entry is a bug */
	}
	prunes.ready = 1;
	atexit(prunes_release);
}

/* Tcl's regsub -all RE text "": every match replaced by repl; what was
 * replaced is appended to gone (when not NULL). Returns the count. */
static int
regsub_all(const pcre2_code *re, const char *text, pcre2_match_data *md, struct strbuf *t, const char *repl,
           struct strbuf *gone)
{
	struct strbuf out = {0};
	size_t pos = 0;
	int n = 0;

	rx_pattern(text);
	while (pos <= t->len) {
		PCRE2_SIZE *ov;
		if (rx_match(re, md, sb_str(t), t->len, pos) <= 0)
			break;          /* an error is the job's (rx_error) */
		ov = pcre2_get_ovector_pointer(md);
		sb_add(&out, t->buf + pos, ov[0] - pos);
		sb_addstr(&out, repl);
		if (gone) {
			sb_add(gone, t->buf + ov[0], ov[1] - ov[0]);
			sb_addc(gone, '\n');
		}
		n++;
		if (ov[1] == ov[0]) {
			if (ov[0] < t->len)
				sb_addc(&out, t->buf[ov[0]]);
			pos = ov[0] + 1;
		} else {
			pos = ov[1];
		}
	}
	if (!n) {
		sb_release(&out);
		return 0;
	}
	if (pos < t->len)
		sb_add(&out, t->buf + pos, t->len - pos);
	sb_release(t);
	*t = out;
	if (!t->buf)
		sb_add(t, "", 0);
	return n;
}

static void
trimleft(struct strbuf *t)
{
	size_t k = 0;

	while (k < t->len && isspace((unsigned char)t->buf[k]))
		k++;
	memmove(t->buf, t->buf + k, t->len - k);
	t->len -= k;
	sb_add(t, "", 0);
}

static int
same_diag(const struct diag *a, const struct diag *b)
{
	return a->sev == b->sev && a->line == b->line && a->col == b->col &&
	       !strcmp(a->file ? a->file : "", b->file ? b->file : "") && !strcmp(a->message, b->message);
}

static int
listed(const struct diaglist *l, const struct diag *g)
{
	for (size_t i = 0; i < l->n; i++)
		if (same_diag(&l->v[i], g))
			return 1;
	return 0;
}

static void
describe(struct strbuf *why, const char *what, const struct directive *d)
{
	sb_addf(why, "%s%s %s", why->len ? "; " : "", what, dkind_name(d->kind));
	if (d->line != LINE_ANY)
		sb_addf(why, " line %d", d->line);
	if (d->regex)
		sb_addf(why, " \"%s\"", d->regex);
}

int
dg_judge(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
         struct diaglist *dl, enum outcome *out, struct strbuf *why)
{
	struct strbuf t = {0}, bad = {0}, fp = {0};
	struct diaglist excess = {0}, bads = {0}, fps = {0};
	/* one match data for every expression: PCRE2 keeps its backtracking
	 * memory there, which per directive would add up over a large tree */
	pcre2_match_data *md = pcre2_match_data_create(16, NULL);
	int failures = 0, excess_ok = 0;
	size_t blank = 0;

	prunes_init();
	/* prune_warnings: no carriage returns */
	for (size_t i = 0; i < len; i++)
		if (text[i] != '\r')
			sb_addc(&t, text[i]);
	sb_add(&t, "", 0);

	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		int xfail = d->xfail && selector_eval(d->xfail, env), hit;

		out[i] = OUT_NA;
		if (!selector_eval(d->sel, env))
			continue;
		if (d->kind == D_EXCESS) {
			excess_ok = 1;
			continue;
		}
		if (d->kind == D_PRUNE)
			continue;
		hit = regsub_all(d->re, d->regex, md, &t, "\n", d->kind != D_BOGUS ? NULL : xfail ? &fp : &bad) > 0;
		if (hit)
			trimleft(&t);
		if (d->kind == D_BOGUS)
			out[i] = xfail ? (hit ? OUT_FP : OUT_XPASS) : (hit ? OUT_DIRTY : OUT_CLEAN);
		else
			out[i] = xfail ? (hit ? OUT_XPASS : OUT_XFAIL) : (hit ? OUT_HELD : OUT_MISSING);
		if (out[i] == OUT_MISSING || out[i] == OUT_DIRTY || out[i] == OUT_XPASS) {
			describe(why, out[i] == OUT_MISSING ? "missing" : out[i] == OUT_DIRTY ? "bogus message for" : "XPASS of", d);
			failures++;
		}
	}

	/* gcc-dg-prune */
	for (size_t i = 0; i + 1 < t.len; i++)
		if (t.buf[i] == '\n' && t.buf[i + 1] == '\n')
			blank++, i++;
	if (blank && !cf->dg_allow_blank) {
		sb_addf(why, "%s%zu blank line(s) in output", why->len ? "; " : "", blank);
		failures++;
	}
	for (size_t i = 0; i < LEN(gcc_prunes); i++)
		regsub_all(prunes.re[i], gcc_prunes[i], md, &t, "", NULL);
	if (!cf->dg_keep_notes)
		regsub_all(prunes.re[LEN(gcc_prunes)], note_prune, md, &t, "", NULL);
	for (size_t i = 0; i < cf->ndirs; i++) {
		if (cf->dirs[i].kind == D_PRUNE) {
			regsub_all(cf->dirs[i].re, cf->dirs[i].regex, md, &t, "", NULL);
			out[i] = OUT_HELD;
		}
	}
	/* dg-test: what is left, without empty lines, is excess errors */
	{
		struct strbuf k = {0};
		for (size_t i = 0; i < t.len; i++)
			if (t.buf[i] != '\n' || (k.len && k.buf[k.len - 1] != '\n'))
				sb_addc(&k, t.buf[i]);
		sb_release(&t);
		t = k;
		sb_add(&t, "", 0);
	}
	for (size_t i = 0; i < cf->ndirs; i++)
		if (cf->dirs[i].kind == D_EXCESS && out[i] == OUT_NA && selector_eval(cf->dirs[i].sel, env))
			out[i] = t.len ? OUT_XFAIL : OUT_XPASS;
	if (t.len && !excess_ok) {
		size_t n = strcspn(t.buf, "\n");
		sb_addf(why, "%sexcess errors: %.*s%s", why->len ? "; " : "", (int)(n > 300 ? 300 : n), t.buf,
		        n < t.len - 1 ? " ..." : "");
		failures++;
	} else if (!t.len && excess_ok) {
		sb_addf(why, "%sXPASS of dg-excess-errors: no excess errors", why->len ? "; " : "");
		failures++;
	}

	/* the parsed diagnostics, for reports: what stayed is unexpected */
	diag_parse(&excess, sb_str(&t), t.len);
	diag_parse(&bads, sb_str(&bad), bad.len);
	diag_parse(&fps, sb_str(&fp), fp.len);
	for (size_t j = 0; j < dl->n; j++) {
		struct diag *g = &dl->v[j];
		if (listed(&bads, g) || (!excess_ok && listed(&excess, g)))
			g->status = ST_UNEXPECTED;
		else if (listed(&fps, g) || (excess_ok && listed(&excess, g)))
			g->status = ST_KNOWN_FP;
		else
			g->status = g->sev == SEV_NOTE ? ST_NOTE : ST_EXPECTED;
	}
	diaglist_release(&excess);
	diaglist_release(&bads);
	diaglist_release(&fps);
	sb_release(&t);
	pcre2_match_data_free(md);
	sb_release(&bad);
	sb_release(&fp);
	return failures;
}
