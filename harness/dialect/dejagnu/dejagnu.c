/* SPDX-License-Identifier: MIT */
/* GCC's DejaGnu dialect (gcc.dg and the like), read and judged the way
 * GCC's testsuite does it (DejaGnu's dg.exp, with GCC 12's gcc-dg.exp
 * and prune.exp on top).
 *
 * Reading: every line that holds "{ dg-NAME ARGS }" is a directive (in a
 * comment or not), its arguments read as a Tcl command. What this harness
 * cannot do the way runtest would makes the file n/a (cf->unsupported).
 * The flags come from the directory's driver (dgdriver.h).
 *
 * Judging works on the compiler's text output, as runtest does: each
 * dg-warning, dg-error, dg-message, dg-note and dg-bogus, in file order,
 * removes every output line its expression matches; what is left after
 * pruning (context lines, notes, dg-prune-output) is "excess errors".
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dejagnu/dgdriver.h"
#include "dialect/dgselector.h"
#include "dialect/dialect.h"
#include "dialect/tcl.h"
#include "lib/rx.h"

/* A dg-options (replaces the flags so far) or dg-additional-options
 * (adds to them), where its selector holds (NULL: everywhere). */
struct dgopt {
	int additional;
	struct selector *sel;
	struct strvec flags;
};

/* What a DejaGnu file keeps of its own (casefile.dialect_data). */
struct dgcase {
	struct dgopt *opts;     /* dg-options and dg-additional-options, in file order */
	size_t nopts, capopts;
	int keep_notes;         /* dg-note: notes no directive matched are excess */
	int allow_blank;        /* dg-allow-blank-lines-in-output */
	int nn_lines;           /* dg-enable-nn-line-numbers: source margins read "NN" */
	int multiline_first;    /* its testsuite matches multiline blocks before pruning (GCC 14 on) */
	struct strvec always;   /* flags its driver gives every file */
	struct strvec defaults; /* flags its driver gives when there is no dg-options */
	struct selector **xfails;   /* by directive index: { xfail SEL } of a message or a
	                              multiline block, where it is expected to fail (or NULL) */
	size_t nxfails, capxfails;
};

static struct dgcase *
dgc(const struct casefile *cf)
{
	return cf->dialect_data;
}

/* Append o to cf's options (cf takes what o owns). */
static void
add_opt(struct casefile *cf, const struct dgopt *o)
{
	struct dgcase *d = dgc(cf);

	xgrow((void **)&d->opts, &d->capopts, d->nopts + 1, sizeof(*d->opts));
	d->opts[d->nopts++] = *o;
}

/* Add d to cf (cf takes what d owns), with its { xfail SEL } (taken too,
 * NULL for none). */
static void
add_dir(struct casefile *cf, struct directive *d, struct selector *xfail)
{
	struct dgcase *g = dgc(cf);
	size_t i = cf->ndirs;

	case_add_directive(cf, d);
	xgrow((void **)&g->xfails, &g->capxfails, i + 1, sizeof(*g->xfails));
	while (g->nxfails <= i)
		g->xfails[g->nxfails++] = NULL;
	g->xfails[i] = xfail;
}

/* Directive i's { xfail SEL }, or NULL. */
static const struct selector *
xfail_of(const struct casefile *cf, size_t i)
{
	const struct dgcase *g = dgc(cf);

	return i < g->nxfails ? g->xfails[i] : NULL;
}

static void
dejagnu_release(void *data)
{
	struct dgcase *d = data;

	for (size_t i = 0; i < d->nopts; i++) {
		selector_free(d->opts[i].sel);
		strvec_release(&d->opts[i].flags);
	}
	free(d->opts);
	strvec_release(&d->always);
	for (size_t i = 0; i < d->nxfails; i++)
		selector_free(d->xfails[i]);
	free(d->xfails);
	strvec_release(&d->defaults);
	free(d);
}

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

static struct rx *
compile_tcl(const char *pattern, enum rx_syntax syntax, char **err)
{
	char *msg = NULL;
	size_t off;
	struct rx *re = rx_compile(pattern, strlen(pattern), syntax, &msg, &off);

	if (!re) {
		*err = xasprintf("expression does not compile: %s", msg);
		free(msg);
	}
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
	const char *buf;                /* the file */
	size_t len;
	long last_pr;                   /* the last bug report named so far ("PR 98266"), 0: none */
	int ml_begin;                   /* the first line of a multiline output, 0 for none */
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
	if (!(*sel = dg_selector(rest, keyword, r, &err))) {
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

/* Compile expr (in Tcl's syntax, -line or not) into d and add d (with its
 * xfail, or NULL) to the file; an expression PCRE2 cannot read makes the
 * file n/a. */
static void
push_compiled(struct dgreader *r, int line, const char *name, struct directive *d, struct selector *xfail,
              const char *expr, enum rx_syntax syntax)
{
	char *err = NULL;

	if (!(d->re = compile_tcl(expr, syntax, &err))) {
		case_unsupported(r->cf, line, "%s \"%s\": %s", name, d->regex, err);
		free(err);
		directive_release(d);
		selector_free(xfail);
		return;
	}
	add_dir(r->cf, d, xfail);
}

/* The number of the first bug report s names as GCC's tests do ("PR
 * middle-end/98266", "PR 98266", "pr98266": PR, a component and a slash
 * or a blank, then at least three digits), or 0. */
static long
find_pr(const char *s, size_t n)
{
	for (size_t i = 0; i + 2 < n; i++) {
		size_t j = i + 2, d;
		if ((i && isalnum((unsigned char)s[i - 1])) || tolower((unsigned char)s[i]) != 'p' ||
		    tolower((unsigned char)s[i + 1]) != 'r')
			continue;
		if (j < n && s[j] == ' ')
			j++;
		d = j;
		while (d < n && (isalnum((unsigned char)s[d]) || s[d] == '-' || s[d] == '+'))
			d++;
		if (d < n && s[d] == '/' && d > j && !isdigit((unsigned char)s[j]))
			j = d + 1;
		for (d = j; d < n && isdigit((unsigned char)s[d]); d++)
			;
		if (d - j >= 3 && d - j <= 9 && (d == n || !isalnum((unsigned char)s[d])))
			return strtol(s + j, NULL, 10);
	}
	return 0;
}

/* dg-warning and its kin: REGEXP [COMMENT [SELECTOR [LINE]]], turned into
 * the expression dg.exp matches the output with (process-message). */
static void
read_message(struct dgreader *r, int line, const char *name, const struct strvec *w)
{
	struct directive d = {0};
	struct strbuf re = {0};
	const char *prefix, *pat, *column;
	struct selector *xfail = NULL;
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
		xfail = d.sel;
		d.sel = NULL;
	}
	if (w->n >= 3 && *w->v[2])
		d.sel_text = xstrdup(trimmed(w->v[2]));
	if (w->n == 4 && read_line(r, line, w->v[3], &at) < 0) {
		case_unsupported(r->cf, line, "line '%s'", w->v[3]);
		directive_release(&d);
		selector_free(xfail);
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
	/* a dg-bogus is a false positive someone reported: its report, from
	 * its comment or the nearest line at or above it that names one */
	if (d.kind == D_BOGUS) {
		long pr = w->n >= 2 ? find_pr(w->v[1], strlen(w->v[1])) : 0;
		if (pr || r->last_pr)
			d.ref = xasprintf("PR %ld", pr ? pr : r->last_pr);
	}
	sb_addstr(&re, "(^|\\n)([^\\n]+");
	if (d.line != LINE_ANY)
		sb_addf(&re, ":%d:", d.line);
	sb_addf(&re, "[^\\n]*(%s%s[^\\n]*", column, prefix);
	are_to_pcre(&re, pat);
	sb_addstr(&re, ")[^\\n]*\\n?)+");
	push_compiled(r, line, name, &d, xfail, sb_str(&re), RX_TCL);
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
	add_opt(r->cf, &o);
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
	add_dir(r->cf, &d, NULL);
}

/* dg-final (a scan of a dump or the assembly) and dg-output (what the
 * program prints): not about diagnostics, and never run here. They are
 * kept, as "not run", so that the file's diagnostics are judged and the
 * report still says what was left out. */
static void
read_final(struct dgreader *r, int line, const char *name, const struct strvec *w)
{
	struct directive d = {0};
	struct strbuf text = {0};

	for (size_t i = 0; i < w->n; i++)
		sb_addf(&text, "%s%s", i ? " " : "", trimmed(w->v[i]));
	d.kind = !strcmp(name, "dg-final") ? D_FINAL : D_OUTPUT;
	d.line = line;
	d.src_line = line;
	d.src_col = 1;
	d.regex = sb_detach(&text);
	add_dir(r->cf, &d, NULL);
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
	push_compiled(r, line, "dg-prune-output", &d, NULL, sb_str(&re), RX_TCL);
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
	if (!(sel = dg_selector(sb_str(&e), keyword, r, &err))) {
		case_unsupported(r->cf, line, "%s", err);
		free(err);
	} else {
		require(r, sel, 0, sb_str(&why));
	}
	sb_release(&e);
	sb_release(&why);
}

/* The flags a dg-skip-if or dg-xfail-if at this point of the file asks
 * about, as check-flags gathers them (" toolname ", the test's flags so
 * far, the driver's, TEST_ALWAYS_FLAGS), padded with blanks; NULL when
 * they depend on the configuration (a dg-options with a selector). */
static char *
flags_so_far(const struct dgreader *r)
{
	const struct dgcase *d = dgc(r->cf);
	struct strvec cur = {0};
	struct strbuf sb = {0};

	strvec_append(&cur, &d->defaults);
	for (size_t i = 0; i < d->nopts; i++) {
		if (d->opts[i].sel) {
			strvec_release(&cur);
			return NULL;
		}
		if (!d->opts[i].additional)
			strvec_release(&cur);
		strvec_append(&cur, &d->opts[i].flags);
	}
	sb_addstr(&sb, " toolname ");
	for (size_t i = 0; i < cur.n; i++)
		sb_addf(&sb, "%s ", cur.v[i]);
	for (size_t i = 0; i < d->always.n; i++)
		sb_addf(&sb, "%s ", d->always.v[i]);
	sb_addstr(&sb, "-fdiagnostics-plain-output ");
	strvec_release(&cur);
	return sb_detach(&sb);
}

/* DejaGnu's check_conditional_xfail over an option list: does some
 * element (itself a list, all of whose words must be there) match flags?
 * An empty list matches, for includes (empty_hit). -1: not a list. */
static int
options_hit(const char *list, const char *flags, int empty_hit)
{
	struct strvec opts = {0}, words = {0};
	char *err = NULL;
	int hit = empty_hit;

	if (tcl_split(list, strlen(list), 0, NULL, &opts, &err) < 0) {
		free(err);
		return -1;
	}
	for (size_t i = 0; i < opts.n; i++) {
		size_t n = 0;
		if (tcl_split(opts.v[i], strlen(opts.v[i]), 0, NULL, &words, &err) < 0) {
			free(err);
			hit = -1;
			break;
		}
		for (size_t k = 0; k < words.n; k++) {
			char *pat = xasprintf("* %s *", words.v[k]);
			n += fnmatch(pat, flags, 0) == 0;
			free(pat);
		}
		/* a list whose words all match ends the search (an empty one, with no hit) */
		hit = n == words.n && n;
		if (n == words.n) {
			strvec_release(&words);
			break;
		}
		strvec_release(&words);
	}
	strvec_release(&words);
	strvec_release(&opts);
	return hit;
}

/* The option lists of a dg-skip-if or dg-xfail-if (w->v[2], w->v[3],
 * when given): 1 when the test's flags so far are included and not
 * excluded, 0 when not, -1 when that depends on the configuration. */
static int
options_hold(const struct dgreader *r, const struct strvec *w)
{
	char *flags;
	int inc, exc;

	if (w->n < 3)
		return 1;
	if (!(flags = flags_so_far(r)))
		return -1;
	inc = options_hit(w->v[2], flags, 1);
	exc = w->n > 3 ? options_hit(w->v[3], flags, 0) : 0;
	free(flags);
	return inc < 0 || exc < 0 ? -1 : inc && !exc;
}

/* dg-regexp RE: a free-form expression (regsub -line, once), taken out
 * of the output before anything is pruned (handle-dg-regexps). */
static void
read_regexp(struct dgreader *r, int line, const struct strvec *w)
{
	struct directive d = {0};
	struct strbuf re = {0};

	if (w->n < 1) {
		case_unsupported(r->cf, line, "dg-regexp with no expression");
		return;
	}
	/* its comment, selector and line are there for show: runtest reads none */
	are_to_pcre(&re, w->v[0]);
	d.kind = D_REGEXP;
	d.line = LINE_ANY;
	d.src_line = line;
	d.src_col = 1;
	d.regex = xstrdup(w->v[0]);
	push_compiled(r, line, "dg-regexp", &d, NULL, sb_str(&re), RX_TCL_LINE);
	sb_release(&re);
}

/* dg-skip-if and dg-xfail-if: COMMENT SEL [INCLUDE [EXCLUDE]]. The
 * selector where SEL holds and the test's flags so far are included and
 * not excluded (*spec: SEL as written); NULL when the option lists rule
 * it out, or (with the file made n/a) when it cannot be read. */
static struct selector *
conditional(struct dgreader *r, int line, const char *name, const struct strvec *w, char **spec)
{
	struct selector *sel;
	char *err = NULL, *rest;
	int opts;

	if (w->n < 2 || w->n > 4) {
		case_unsupported(r->cf, line, "%s with %zu arguments", name, w->n);
		return NULL;
	}
	if ((opts = options_hold(r, w)) < 0)
		case_unsupported(r->cf, line, "%s with option lists, before a dg-options with a selector", name);
	if (opts <= 0)
		return NULL;
	*spec = trimmed(w->v[1]);
	/* "target SEL" is handed on: a group keeps its braces */
	rest = strpbrk(*spec, " \t\n") ? xasprintf("{ %s }", *spec) : xstrdup(*spec);
	sel = dg_selector(rest, keyword, r, &err);
	free(rest);
	if (!sel) {
		case_unsupported(r->cf, line, "%s", err);
		free(err);
	}
	return sel;
}

/* dg-xfail-if COMMENT SEL [INCLUDE [EXCLUDE]]: where SEL holds and the
 * test's flags so far are included and not excluded, the first check
 * runtest reports after it (a message, a multiline pattern, the excess
 * errors) is expected to fail: XFAIL when it fails, XPASS when it holds. */
static void
read_xfail_if(struct dgreader *r, int line, const struct strvec *w)
{
	struct directive d = {0};
	char *spec;

	if (!(d.sel = conditional(r, line, "dg-xfail-if", w, &spec)))
		return;
	d.kind = D_XFAIL_IF;
	d.line = LINE_ANY;
	d.src_line = line;
	d.src_col = 1;
	d.sel_text = xstrdup(spec);
	d.regex = xstrdup(trimmed(w->v[0]));     /* its comment, for reports */
	add_dir(r->cf, &d, NULL);
}

/* dg-additional-sources "A B": compiled with the file, named from its
 * directory, after its flags, with -dumpbase "" (gcc-defs.exp). */
static void
read_sources(struct dgreader *r, int line, const struct strvec *w)
{
	struct strvec names = {0};
	const char *slash = strrchr(r->cf->abspath, '/');
	char *err = NULL;

	if (w->n != 1 || !slash || tcl_split(w->v[0], strlen(w->v[0]), 0, NULL, &names, &err) < 0) {
		case_unsupported(r->cf, line, "dg-additional-sources with %zu arguments", w->n);
		free(err);
		return;
	}
	for (size_t i = 0; i < names.n; i++)
		strvec_push_nocopy(&r->cf->sources, xasprintf("%.*s/%s", (int)(slash - r->cf->abspath),
		                                                 r->cf->abspath, names.v[i]));
	if (names.n) {
		strvec_push(&r->cf->sources, "-dumpbase");
		strvec_push(&r->cf->sources, "");
	}
	strvec_release(&names);
}

/* dg-end-multiline-output: the lines since dg-begin-multiline-output must
 * appear in the output as a block, as multiline.exp's expression reads
 * them: metacharacters escaped, a line that ends in '^' or '~' exactly, a
 * source line with anything after it. Judged while pruning. */
static void
read_multiline(struct dgreader *r, int line, const struct strvec *w)
{
	struct directive d = {0};
	struct strbuf re = {0};
	const char *s = r->buf;
	struct selector *xfail = NULL;
	char what = 't';
	int l = 1;

	if (r->ml_begin <= 0 || w->n > 2) {
		case_unsupported(r->cf, line, "dg-end-multiline-output %s", r->ml_begin <= 0 ? "without a beginning" : "with more than 2 arguments");
		return;
	}
	if (w->n == 2 && read_selector(r, line, w->v[1], &d.sel, &what) < 0)
		return;
	for (; s < r->buf + r->len && l < line; l++) {
		const char *nl = memchr(s, '\n', (size_t)(r->buf + r->len - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(r->buf + r->len - s);
		if (l >= r->ml_begin) {
			for (size_t k = 0; k < n; k++) {
				if (strchr("^()[]{}.\\?+*|", s[k]))
					sb_addc(&re, '\\');
				sb_addc(&re, s[k]);
			}
			if (n && s[n - 1] != '^' && s[n - 1] != '~')
				sb_addstr(&re, "[^\\n\\r]*");
			sb_addc(&re, '\n');
		}
		s += n + 1;
	}
	if (what == 'x') {
		xfail = d.sel;
		d.sel = NULL;
	}
	d.kind = D_MULTILINE;
	d.line = r->ml_begin;
	d.src_line = line;
	d.src_col = 1;
	d.regex = sb_detach(&re);
	r->ml_begin = 0;
	add_dir(r->cf, &d, xfail);
}

/* dg-skip-if COMMENT SEL [INCLUDE [EXCLUDE]]: n/a where SEL holds and the
 * test's flags so far are included and not excluded. */
static void
read_skip_if(struct dgreader *r, int line, const struct strvec *w)
{
	struct selector *sel;
	char *spec, *why;

	if (!(sel = conditional(r, line, "dg-skip-if", w, &spec)))
		return;
	why = xasprintf("dg-skip-if { %s }", spec);
	require(r, sel, 1, why);
	free(why);
}

/* dg-require-alias and the like: a keyword under another name. */
static void
read_require(struct dgreader *r, int line, const char *name)
{
	static const struct { const char *directive, *keyword; } map[] = {
		{ "dg-require-alias", "alias" }, { "dg-require-weak", "weak" },
		{ "dg-require-visibility", "visibility" }, { "dg-require-named-sections", "named_sections" },
		{ "dg-require-ifunc", "ifunc" }, { "dg-require-profiling", "profiling" },
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
			o.sel = dg_selector(map[i].triples, NULL, NULL, &err);
			free(err);
			tcl_split(map[i].flags, strlen(map[i].flags), 0, NULL, &o.flags, &err);
			add_opt(r->cf, &o);
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
			dgc(r->cf)->keep_notes = 1;
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
		dgc(r->cf)->allow_blank = 1;
	} else if (!strcmp(name, "dg-require-effective-target")) {
		read_require_et(r, line, &w);
	} else if (!strcmp(name, "dg-add-options")) {
		read_add_options(r, line, &w);
	} else if (!strcmp(name, "dg-skip-if")) {
		read_skip_if(r, line, &w);
	} else if (!strcmp(name, "dg-final") || !strcmp(name, "dg-output")) {
		read_final(r, line, name, &w);
	} else if (!strcmp(name, "dg-xfail-run-if") || !strcmp(name, "dg-shouldfail") || !strcmp(name, "dg-timeout") ||
	           !strcmp(name, "dg-timeout-factor") || !strcmp(name, "dg-require-ascii-locale")) {
		;       /* about running the program, how long runtest waits, or always true */
	} else if (!strcmp(name, "dg-regexp")) {
		read_regexp(r, line, &w);
	} else if (!strcmp(name, "dg-enable-nn-line-numbers")) {
		dgc(r->cf)->nn_lines = 1;
	} else if (!strcmp(name, "dg-xfail-if")) {
		read_xfail_if(r, line, &w);
	} else if (!strcmp(name, "dg-additional-sources")) {
		read_sources(r, line, &w);
	} else if (!strcmp(name, "dg-begin-multiline-output")) {
		r->ml_begin = line + 1;
	} else if (!strcmp(name, "dg-end-multiline-output")) {
		read_multiline(r, line, &w);
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

/* $srcdir: the testsuite directory above the file (abspath, a real
 * path), as runtest sets it. Allocated, or NULL. */
static char *
find_srcdir(const char *abspath)
{
	char *dir = xstrdup(abspath), *p;

	while ((p = strrchr(dir, '/')) && p != dir) {
		*p = '\0';
		if ((p = strrchr(dir, '/')) && !strcmp(p + 1, "testsuite"))
			return dir;
	}
	free(dir);
	return NULL;
}

/* The flags the driver (*.exp) next to the file gives it (dgdriver.h). */
static void
read_driver(struct dgreader *r, const struct dg_dir *dd)
{
	const char *slash = strrchr(r->cf->abspath, '/');
	struct dg_driver drv;

	dg_driver_for(dd, slash ? slash + 1 : r->cf->abspath, &drv);
	for (size_t i = 0; i < drv.required.n; i++) {
		struct strvec w = {0};
		strvec_push(&w, drv.required.v[i]);
		read_require_et(r, 1, &w);
		strvec_release(&w);
	}
	if (drv.unsupported)
		case_unsupported(r->cf, 1, "%s", drv.unsupported);
	strvec_append(&dgc(r->cf)->always, &drv.always);
	strvec_append(&dgc(r->cf)->defaults, &drv.defaults);
	dg_driver_release(&drv);
}

/* What the file asks for where no selector holds, for reports. */
static void
report_flags(struct casefile *cf)
{
	const struct dgcase *d = dgc(cf);

	strvec_append(&cf->flags, &d->always);
	strvec_append(&cf->flags, &d->defaults);
	for (size_t i = 0; i < d->nopts; i++) {
		if (d->opts[i].sel)
			continue;
		if (!d->opts[i].additional) {
			strvec_release(&cf->flags);
			strvec_append(&cf->flags, &d->always);
		}
		strvec_append(&cf->flags, &d->opts[i].flags);
	}
}

extern const struct dialect_ops dialect_dejagnu;

static int
dejagnu_read(struct casefile *cf, const char *buf, size_t len, const struct read_ctx *ctx, struct errlist *errs)
{
	struct dgreader r = { .cf = cf, .buf = buf, .len = len };
	const char *s = buf, *end = buf + len;
	int line = 1;
	const char *base = strrchr(cf->name, '/') ? strrchr(cf->name, '/') + 1 : cf->name;
	const struct dg_dir *dd;

	(void)errs;     /* what cannot be read makes the file n/a */
	cf->dialect_data = xcalloc(1, sizeof(struct dgcase));
	cf->dialect_free = dejagnu_release;
	cf->mode = MODE_ASSEMBLY;       /* dg.exp's default: dg-do compile */
	/* a reproducer named after its report (pr116481.c) is about it */
	r.last_pr = find_pr(base, strlen(base));
	if ((r.srcdir = find_srcdir(cf->abspath))) {
		r.vars[0] = "srcdir";
		r.vars[1] = r.srcdir;
	}
	dd = dialect_dir_data(ctx->dir, &dialect_dejagnu);
	read_driver(&r, dd);    /* first: dg-skip-if asks about its flags */
	dgc(cf)->multiline_first = dd && dd->multiline_first;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
		/* a directive's own comment names its report, not the lines below */
		const char *dg = memmem(s, n, "{ dg-", 5);
		long pr = find_pr(s, dg ? (size_t)(dg - s) : n);
		if (pr)
			r.last_pr = pr;
		if (memchr(s, '{', n))
			scan_line(&r, line, s, n);
		s += n + 1;
		line++;
	}
	if (r.do_target)
		require(&r, r.do_target, 0, r.do_text);
	free(r.do_text);
	if (r.ml_begin > 0)
		case_unsupported(cf, r.ml_begin - 1, "dg-begin-multiline-output without an end");
	if (r.why_na.len)
		cf->requires_text = sb_detach(&r.why_na);
	sb_release(&r.why_na);
	report_flags(cf);
	free(r.srcdir);
	free(r.lines);
	strvec_release(&r.linenames);
	return 0;
}

static void
dejagnu_flags(const struct casefile *cf, const struct sel_env *env, struct strvec *out)
{
	const struct dgcase *d = dgc(cf);
	struct strvec cur = {0};

	strvec_append(&cur, &d->defaults);
	for (size_t i = 0; i < d->nopts; i++) {
		if (!selector_eval(d->opts[i].sel, env))
			continue;
		if (!d->opts[i].additional)
			strvec_release(&cur);
		strvec_append(&cur, &d->opts[i].flags);
	}
	strvec_append(out, &d->always);
	strvec_append(out, &cur);
	strvec_append(out, &cf->sources);
	strvec_release(&cur);
}

/* The first "{ dg-" of buf. */
static long
dejagnu_claims(const char *buf, size_t len)
{
	const char *p = len > 5 ? memmem(buf, len - 1, "{ dg-", 5) : NULL;

	return p ? (long)(p - buf) : -1;
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
/* after gcc_prunes: notes (unless dg-note), then dg-enable-nn-line-numbers'
 * two source margins (the first line's, and the others') */
static const char *const other_prunes[] = {
	"(^|\\n)[^\\n]*: note: [^\\n]*", "^[0-9]+ \\|", "[ ]+[0-9]+ \\|",
};

/* What the first line of every match of gcc_prunes[i] (and then of the
 * note prune) holds, so that only such lines are tried (match_from_lines);
 * NULL: every start is tried. */
static const char *const prune_needs[] = {
	"n ", "At ", ":   ", ":   ", ":   in ", ":   in requirements ", "    inlined from ",
	": error: ld returned ", ": re", "Please submit", " errors.", "included from ", "from ",
	" imported at ", ": warning: -f", ": warning: -f", ": Assembler messages:",
	": note: variable tracking size limit exceeded", "file path prefix ",
	"linker input file unused since linking not done", ": warning: using serial compilation of ",
	" generated.", ": note: ",
};
_Static_assert(LEN(prune_needs) == LEN(gcc_prunes) + 1, "a need for each prune, and the notes'");

static struct rx *prunes[LEN(gcc_prunes) + LEN(other_prunes)];

static void
prunes_release(void)
{
	for (size_t i = 0; i < LEN(prunes); i++)
		rx_free(prunes[i]);
}

static void
prunes_init(void)
{
	char *err = NULL;

	if (prunes[0])
		return;
	for (size_t i = 0; i < LEN(prunes); i++)
		if (!(prunes[i] = compile_tcl(i < LEN(gcc_prunes) ? gcc_prunes[i] : other_prunes[i - LEN(gcc_prunes)],
		                              RX_TCL, &err)))
			abort();        /* the table is ours: a bad entry is a bug */
	atexit(prunes_release);
}

/* The next match of a message expression at or after pos, searched only
 * where one can begin: its first line holds need (":LINE:"), and it begins
 * at the newline before that line (or at 0). Each such start is tried
 * anchored, as the unanchored search would try it, so the leftmost match
 * found is the same; the lines between are never backtracked through.
 * Returns what rx_match returns. */
static int
match_from_lines(const struct rx *re, const struct strbuf *t, size_t pos, const char *need)
{
	size_t scan = pos, nlen = strlen(need);
	const char *hit, *nl;

	while (scan < t->len && (hit = memmem(t->buf + scan, t->len - scan, need, nlen))) {
		size_t ls = (size_t)(hit - t->buf), start;
		int r;

		while (ls > 0 && t->buf[ls - 1] != '\n')
			ls--;
		start = ls ? ls - 1 : 0;
		if (start >= pos && (r = rx_match_at(re, sb_str(t), t->len, start)) != 0)
			return r;
		if (!(nl = memchr(hit, '\n', t->len - (size_t)(hit - t->buf))))
			break;
		scan = (size_t)(nl - t->buf);
	}
	return 0;
}

/* Tcl's regsub RE text "": the first max matches (0: -all, every match)
 * replaced by repl; what was replaced is appended to gone (when not
 * NULL). need: a string the first line of every match holds, or NULL.
 * Returns the count. */
static int
regsub_n(const struct rx *re, struct strbuf *t, const char *repl, struct strbuf *gone, int max, const char *need)
{
	struct strbuf out = {0};
	size_t pos = 0, b, e;
	int n = 0;

	while (pos <= t->len && (!max || n < max)) {
		if ((need ? match_from_lines(re, t, pos, need) : rx_match(re, sb_str(t), t->len, pos)) <= 0)
			break;          /* an error is the job's (rx_error) */
		rx_span(&b, &e);
		sb_add(&out, t->buf + pos, b - pos);
		sb_addstr(&out, repl);
		if (gone) {
			sb_add(gone, t->buf + b, e - b);
			sb_addc(gone, '\n');
		}
		n++;
		if (e == b) {
			if (b < t->len)
				sb_addc(&out, t->buf[b]);
			pos = b + 1;
		} else {
			pos = e;
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

static int
regsub_all(const struct rx *re, struct strbuf *t, const char *repl, struct strbuf *gone)
{
	return regsub_n(re, t, repl, gone, 0, NULL);
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

/* One judging of a file: what runtest's dg-test and gcc-dg-prune keep as
 * they go. */
struct dgjudge {
	const struct casefile *cf;
	const struct sel_env *env;
	struct diaglist *dl;    /* the output parsed: what each message directive took is its fit */
	enum outcome *out;
	struct strbuf *why;
	struct strbuf t;        /* the output, as directives and prunes take from it */
	struct strbuf bad, fp;  /* what dg-bogus matched: where it is not xfail, and where it is */
	size_t xfail_if;        /* 1 + the dg-xfail-if that waits for the next check; 0: none */
	int failures;
};

/* A check runtest reports with pass or fail (not xpass or xfail): the
 * dg-xfail-if waiting, if any, turns it into an expected failure. Returns
 * 1 when it did; ok is whether the check held. */
static int
xfail_if_takes(struct dgjudge *j, int ok)
{
	size_t i = j->xfail_if;

	if (!i)
		return 0;
	j->out[i - 1] = ok ? OUT_XPASS : OUT_XFAIL;
	if (ok) {
		describe(j->why, "XPASS of", &j->cf->dirs[i - 1]);
		j->failures++;
	}
	j->xfail_if = 0;
	return 1;
}

static int
is_message(enum dkind k)
{
	return k == D_WARNING || k == D_ERROR || k == D_NOTE || k == D_MESSAGE || k == D_BOGUS;
}

/* Directive i took the text gone: each diagnostic of it is one i fits
 * (FITS in the results: which dg-bogus fired, on what). */
static void
add_fits(struct dgjudge *j, size_t i, const struct strbuf *gone)
{
	struct diaglist took = {0};

	diag_parse(&took, sb_str(gone), gone->len);
	for (size_t k = 0; k < j->dl->n; k++)
		if (listed(&took, &j->dl->v[k]))
			diag_add_fit(&j->dl->v[k], i);
	diaglist_release(&took);
}

/* dg-test's message loop: each dg-warning, dg-error, dg-message, dg-note
 * and dg-bogus that applies, in file order, removes what it matches. */
static void
match_messages(struct dgjudge *j)
{
	for (size_t i = 0; i < j->cf->ndirs; i++) {
		const struct directive *d = &j->cf->dirs[i];
		const struct selector *xs = xfail_of(j->cf, i);
		int xfail = xs && selector_eval(xs, j->env), hit;
		struct strbuf gone = {0};
		char need[32];     /* what the first line of each match holds (read_message) */

		if (!is_message(d->kind) || !selector_eval(d->sel, j->env))
			continue;
		snprintf(need, sizeof(need), ":%d:", d->line);
		hit = regsub_n(d->re, &j->t, "\n", &gone, 0, d->line == LINE_ANY ? NULL : need) > 0;
		if (hit) {
			trimleft(&j->t);
			add_fits(j, i, &gone);
		}
		/* for dg-bogus, a hit is the failure */
		if (!xfail && xfail_if_takes(j, d->kind == D_BOGUS ? !hit : hit))
			xfail = 1;
		if (d->kind == D_BOGUS) {
			sb_add(xfail ? &j->fp : &j->bad, gone.buf, gone.len);
			j->out[i] = xfail ? (hit ? OUT_FP : OUT_XPASS) : (hit ? OUT_DIRTY : OUT_CLEAN);
		} else {
			j->out[i] = xfail ? (hit ? OUT_XPASS : OUT_XFAIL) : (hit ? OUT_HELD : OUT_MISSING);
		}
		sb_release(&gone);
		if (j->out[i] == OUT_MISSING || j->out[i] == OUT_DIRTY || j->out[i] == OUT_XPASS) {
			describe(j->why, j->out[i] == OUT_MISSING ? "missing" : j->out[i] == OUT_DIRTY ? "bogus message for" : "XPASS of", d);
			j->failures++;
		}
	}
}

/* handle-multiline-outputs: each block that applies is taken out of the
 * output once; the first may start after any blanks, as dg-test trimmed
 * them. */
static void
match_multiline(struct dgjudge *j)
{
	size_t index = 0;

	if (dgc(j->cf)->nn_lines) {
		/* dg-enable-nn-line-numbers: source margins read "NN" */
		regsub_all(prunes[LEN(gcc_prunes) + 1], &j->t, "   NN |", NULL);
		regsub_all(prunes[LEN(gcc_prunes) + 2], &j->t, "   NN |", NULL);
	}
	for (size_t i = 0; i < j->cf->ndirs; i++) {
		const struct directive *d = &j->cf->dirs[i];
		const struct selector *xs = xfail_of(j->cf, i);
		int xfail = xs && selector_eval(xs, j->env), hit;
		char *err = NULL, *pat;
		const char *re = d->regex;
		struct rx *rx;
		size_t pos;

		if (d->kind != D_MULTILINE || !selector_eval(d->sel, j->env))
			continue;
		if (!index++) {
			re += strspn(re, " \t\n");
			pat = xasprintf("\\s*%s", re);
		} else {
			pat = xstrdup(re);
		}
		rx = rx_compile(pat, strlen(pat), RX_PCRE2, &err, &pos);
		hit = rx && regsub_n(rx, &j->t, "", NULL, 1, NULL) > 0;
		rx_free(rx);
		free(pat);
		free(err);
		if (!xfail && xfail_if_takes(j, hit))
			xfail = 1;
		j->out[i] = xfail ? (hit ? OUT_XPASS : OUT_XFAIL) : (hit ? OUT_HELD : OUT_MISSING);
		if (j->out[i] == OUT_MISSING || j->out[i] == OUT_XPASS) {
			describe(j->why, j->out[i] == OUT_MISSING ? "missing" : "XPASS of", d);
			j->failures++;
		}
	}
}

/* handle-dg-regexps: each dg-regexp, once, before any pruning. */
static void
match_regexps(struct dgjudge *j)
{
	for (size_t i = 0; i < j->cf->ndirs; i++) {
		const struct directive *d = &j->cf->dirs[i];
		int hit;

		if (d->kind != D_REGEXP || !selector_eval(d->sel, j->env))
			continue;
		hit = regsub_n(d->re, &j->t, "", NULL, 1, NULL) > 0;
		j->out[i] = xfail_if_takes(j, hit) ? (hit ? OUT_XPASS : OUT_XFAIL) : hit ? OUT_HELD : OUT_MISSING;
		if (j->out[i] == OUT_MISSING) {
			describe(j->why, "missing", d);
			j->failures++;
		}
	}
}

/* gcc-dg-prune, prune_gcc_output (with the multiline blocks) and
 * dg-prune-output over the output; then, as dg-test does, empty lines go. */
static void
prune(struct dgjudge *j)
{
	struct strbuf k = {0}, *t = &j->t;
	size_t blank = 0;

	/* GCC 14's gcc-dg-prune matches the blocks first, GCC 12's last */
	if (dgc(j->cf)->multiline_first)
		match_multiline(j);
	for (size_t i = 0; i + 1 < t->len; i++)
		if (t->buf[i] == '\n' && t->buf[i + 1] == '\n')
			blank++, i++;
	if (blank && !dgc(j->cf)->allow_blank && !xfail_if_takes(j, 0)) {
		sb_addf(j->why, "%s%zu blank line(s) in output", j->why->len ? "; " : "", blank);
		j->failures++;
	}
	match_regexps(j);
	for (size_t i = 0; i < LEN(gcc_prunes); i++)
		regsub_n(prunes[i], t, "", NULL, 0, prune_needs[i]);
	if (!dgc(j->cf)->keep_notes)
		regsub_n(prunes[LEN(gcc_prunes)], t, "", NULL, 0, prune_needs[LEN(gcc_prunes)]);
	if (!dgc(j->cf)->multiline_first)
		match_multiline(j);
	for (size_t i = 0; i < j->cf->ndirs; i++) {
		if (j->cf->dirs[i].kind == D_PRUNE) {
			regsub_all(j->cf->dirs[i].re, t, "", NULL);
			j->out[i] = OUT_HELD;
		}
	}
	for (size_t i = 0; i < t->len; i++)
		if (t->buf[i] != '\n' || (k.len && k.buf[k.len - 1] != '\n'))
			sb_addc(&k, t->buf[i]);
	sb_release(t);
	*t = k;
	sb_add(t, "", 0);
}

/* What is left is excess errors, unless dg-excess-errors (or a waiting
 * dg-xfail-if) expects them. */
static void
excess_errors(struct dgjudge *j, int excess_ok)
{
	const struct strbuf *t = &j->t;

	for (size_t i = 0; i < j->cf->ndirs; i++)
		if (j->cf->dirs[i].kind == D_EXCESS && j->out[i] == OUT_NA && selector_eval(j->cf->dirs[i].sel, j->env))
			j->out[i] = t->len ? OUT_XFAIL : OUT_XPASS;
	if (!excess_ok && xfail_if_takes(j, !t->len))
		return;
	if (t->len && !excess_ok) {
		size_t n = strcspn(t->buf, "\n");
		sb_addf(j->why, "%sexcess errors: %.*s%s", j->why->len ? "; " : "", (int)(n > 300 ? 300 : n), t->buf,
		        n < t->len - 1 ? " ..." : "");
		j->failures++;
	} else if (!t->len && excess_ok) {
		sb_addf(j->why, "%sXPASS of dg-excess-errors: no excess errors", j->why->len ? "; " : "");
		j->failures++;
	}
}

/* The parsed diagnostics, for reports: what stayed (excess) or what
 * dg-bogus matched (bad) is unexpected; what an xfail dg-bogus matched
 * (fp) or expected excess errors are known false positives. */
static void
set_status(struct diaglist *dl, const struct strbuf *excess_text, const struct strbuf *bad_text,
           const struct strbuf *fp_text, int excess_ok)
{
	struct diaglist excess = {0}, bads = {0}, fps = {0};

	diag_parse(&excess, sb_str(excess_text), excess_text->len);
	diag_parse(&bads, sb_str(bad_text), bad_text->len);
	diag_parse(&fps, sb_str(fp_text), fp_text->len);
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
}

/* Judged on the compiler's text output, as runtest judges: directives
 * remove what they match, prunes remove context and notes, and what is
 * left is excess errors. */
static int
dejagnu_judge(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
              struct diaglist *dl, enum outcome *out, struct strbuf *why)
{
	struct dgjudge j = { .cf = cf, .env = env, .dl = dl, .out = out, .why = why };
	int excess_ok = 0;

	prunes_init();
	/* prune_warnings: no carriage returns */
	for (size_t i = 0; i < len; i++)
		if (text[i] != '\r')
			sb_addc(&j.t, text[i]);
	sb_add(&j.t, "", 0);
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		int here = selector_eval(d->sel, env);
		out[i] = d->kind == D_FINAL || d->kind == D_OUTPUT ? OUT_NOTRUN : OUT_NA;
		excess_ok |= d->kind == D_EXCESS && here;
		if (d->kind == D_XFAIL_IF && here)
			j.xfail_if = i + 1;     /* the last one read is the one dg-test keeps */
	}
	match_messages(&j);
	prune(&j);
	excess_errors(&j, excess_ok);
	set_status(dl, &j.t, &j.bad, &j.fp, excess_ok);
	sb_release(&j.t);
	sb_release(&j.bad);
	sb_release(&j.fp);
	return j.failures;
}

/* The drivers of a directory, read once for its files: a directory with
 * one runs every file in it. */
static void *
dejagnu_dir_load(const char *dir, int *runs_all)
{
	struct dg_dir *dd = xcalloc(1, sizeof(*dd));

	dg_dir_load(dd, dir);
	*runs_all = dd->nexps > 0;
	return dd;
}

static void
dejagnu_dir_free(void *data)
{
	dg_dir_release(data);
	free(data);
}

const struct dialect_ops dialect_dejagnu = {
	.name = "dejagnu",
	.dir_load = dejagnu_dir_load,
	.dir_free = dejagnu_dir_free,
	.claims = dejagnu_claims,
	.read = dejagnu_read,
	.flags = dejagnu_flags,
	.judge = dejagnu_judge,
	.requires_reason = "%s",
	.in_scratch = 1,
	.file_first = 1,
	.reads_stdout = 1,
	.exit_unjudged = 1,
	.peer = 1,
	.path_notes = 1,
};
