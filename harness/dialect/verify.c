/* SPDX-License-Identifier: MIT */
/* Clang's -verify dialect: "// expected-warning {{text}}" comments, read
 * as clang/lib/Frontend/VerifyDiagnosticConsumer.cpp reads them, with the
 * prefixes and flags of the file's RUN line, and judged as it judges. */
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dgselector.h"
#include "dialect/dialect.h"
#include "dialect/ppcond.h"
#include "lib/comments.h"

/* What a -verify file keeps of its own (casefile.dialect_data). */
struct vcase {
	struct strvec clang_flags;  /* what Clang jobs get instead of the file's flags (the RUN
	                               line's own, for cc1 through -Xclang) */
	struct strvec headers;      /* "LINE:NAME\tPATH", where the #include NAME on LINE may be
	                               found, in search order (the loader looks there) */
	char *broken;               /* "line N:C: what" of the first directive Clang's verifier
	                               cannot read either: the file fails everywhere */
	struct selector *broken_sel;    /* or only where this holds (NULL: everywhere) */
	int variants;               /* the RUN commands that run -verify (each read as a case) */
	char *triple;               /* the target the RUN command names, or NULL */
	int triple_cc1;             /* named to cc1 (-triple), not to the driver (--target=) */
};

/* The host's column: where Clang's job of a RUN command with a target of
 * its own is judged, as lit runs it on the host. */
#if defined(__aarch64__)
#define HOST_ARCH "arm64"
#define HOST_ISA "aarch64"
#elif defined(__s390x__)
#define HOST_ARCH "s390x"
#define HOST_ISA "s390x"
#elif defined(__powerpc64__)
#define HOST_ARCH "ppc64le"
#define HOST_ISA "powerpc64le"
#elif defined(__riscv)
#define HOST_ARCH "riscv64"
#define HOST_ISA "riscv64"
#else
#define HOST_ARCH "x86-64"
#define HOST_ISA "x86_64"
#endif

/* lit's triples for a Clang built for the host (Debian's: ISA-pc-linux-gnu):
 * %itanium_abi_triple is that triple, %ms_abi_triple its Windows twin
 * (llvm/utils/lit/lit/llvm/config.py, make_itanium_abi_triple and
 * make_msabi_triple). Anything else is as written. */
static char *
lit_triple(const char *t)
{
	if (!strcmp(t, "%itanium_abi_triple"))
		return xstrdup(HOST_ISA "-pc-linux-gnu");
	if (!strcmp(t, "%ms_abi_triple"))
		return xstrdup(HOST_ISA "-pc-windows-msvc");
	return xstrdup(t);
}

static struct vcase *
vc(const struct casefile *cf)
{
	return cf->dialect_data;
}

static void
verify_release(void *data)
{
	struct vcase *v = data;

	strvec_release(&v->clang_flags);
	strvec_release(&v->headers);
	free(v->broken);
	selector_free(v->broken_sel);
	free(v->triple);
	free(v);
}

static int
verify_variants(const struct casefile *cf)
{
	return vc(cf)->variants;
}

static const struct strvec *
verify_headers(const struct casefile *cf)
{
	return &vc(cf)->headers;
}

struct vparser {
	struct casefile *cf;
	int pass;                 /* 0 reads the RUN lines, 1 the directives */
	struct strvec prefixes;   /* expected, or those of -verify=a,b */
	int variant;              /* which -verify RUN command to read, from 0 */
	int nverify;              /* the -verify RUN commands seen */
	int nrun;                 /* the RUN commands seen */
	struct strbuf run;        /* a RUN command continued with a backslash */
	enum compile_mode mode;   /* what the RUN command asks of the compiler */
	struct ppscan pp;         /* which lines the preprocessor skips, or skips where */
	struct strvec incdirs;    /* the RUN command's -I, -iquote, -isystem */
	struct strvec markers;    /* "LINE NAME" of each marker a comment defines */
	const struct language *lang;    /* the RUN command's -x, or NULL */
	struct strbuf joined;     /* a comment's lines joined at backslash-newlines */
	struct cline first;       /* the first of them */
};

static void perr(struct vparser *p, int line, int col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A directive Clang's verifier cannot read either: it fails the file, so
 * the file fails here too, everywhere, with the first such reason. */
static void
perr(struct vparser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (vc(p->cf)->broken)
		return;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	vc(p->cf)->broken = xasprintf("line %d:%d: %s (clang -verify fails the file too)", line, col, msg);
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
		/* the first "}}" closes it, as in Clang 13 to 22, even before a third '}' */
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

/* Does l->s[i] start a word, as Clang's verifier reads one: after a blank,
 * or just after the two characters that open the comment? */
static int
starts_word(const struct cline *l, size_t i)
{
	return !i || isspace((unsigned char)l->s[i - 1]) ||
	       (i >= 2 && (l->s[i - 1] == '/' || l->s[i - 1] == '*') && l->s[i - 2] == '/');
}

static int
marker_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-';
}

/* More markers than this make the file n/a: a file of nothing else must
 * not make the reader hold millions. */
enum { MAX_MARKERS = 1 << 16 };

/* "LINE NAME": the name */
static const char *
marker_name(const char *m)
{
	return strchr(m, ' ') + 1;
}

static int
cmp_marker(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	int c = strcmp(marker_name(x), marker_name(y));

	return c ? c : atoi(x) - atoi(y);
}

/* The first of the sorted markers named name[0..n), or markers->n. */
static size_t
find_marker(const struct strvec *markers, const char *name, size_t n)
{
	size_t lo = 0, hi = markers->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *m = marker_name(markers->v[mid]);
		int c = strncmp(m, name, n);
		if (!c && m[n])
			c = 1;          /* name is a prefix of m: m sorts after it */
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The markers a comment line defines ("n = 1; // #one"): a '#' that
 * starts a word, then [A-Za-z0-9_-]+, at the comment's first line, as
 * Clang's verifier reads them. Where they count is decided at their use,
 * once the lines the preprocessor skips are known. */
static void
collect_markers(struct vparser *p, const struct cline *l)
{
	for (size_t i = 0; i < l->len; i++) {
		size_t e = i + 1;
		if (l->s[i] != '#' || !starts_word(l, i))
			continue;
		while (e < l->len && marker_char(l->s[e]))
			e++;
		if (e == i + 1)
			continue;
		if (p->markers.n == MAX_MARKERS) {
			case_unsupported(p->cf, l->line, "more than %d -verify markers", MAX_MARKERS);
			return;
		}
		strvec_push_nocopy(&p->markers, xasprintf("%d %.*s", l->vline, (int)(e - i - 1), l->s + i + 1));
		i = e - 1;
	}
}

/* @#NAME at l->s[i] (just after the '#'): the line of the comment that
 * defines the marker. Used but not defined, or defined twice, is Clang's
 * error (the file fails); defined on a line only some configurations
 * compile is n/a. Returns -1 (after reporting) or 0. */
static int
marker_line(struct vparser *p, const struct cline *l, size_t *ip, struct directive *d)
{
	size_t i = *ip, e = i;
	int found = 0, line = 0;

	while (e < l->len && marker_char(l->s[e]))
		e++;
	for (size_t k = find_marker(&p->markers, l->s + i, e - i); k < p->markers.n; k++) {
		const char *name = marker_name(p->markers.v[k]);
		int at = atoi(p->markers.v[k]);
		if (strlen(name) != e - i || memcmp(name, l->s + i, e - i))
			break;
		if (p->pp.lines[at].state == PP_SKIPPED)
			continue;
		if (p->pp.lines[at].state != PP_ACTIVE) {
			case_unsupported(p->cf, l->line, "-verify marker '#%.*s' on a line only some configurations compile",
			                 (int)(e - i), l->s + i);
			return -1;
		}
		found++;
		line = at;
	}
	if (found != 1) {
		perr(p, l->line, cline_col(l, i - 1), "%s marker '#%.*s'", found ? "ambiguous" : "use of undefined",
		     (int)(e - i), l->s + i);
		return -1;
	}
	d->line = line;
	*ip = e;
	return 0;
}

/* @LOC at l->s[*i] (just after the '@'): @*, @+N, @-N, @N or @#MARKER, into d->line.
 * Returns -1 (after reporting an error, or marking cf unsupported). */
static int
parse_location(struct vparser *p, const struct cline *l, size_t *ip, struct directive *d)
{
	size_t i = *ip, ds;
	int sign = 0;
	long n = 0;

	if (i < l->len && l->s[i] == '#') {
		*ip = i + 1;
		return marker_line(p, l, ip, d);
	}
	if (i < l->len && l->s[i] == '*') {
		/* @* and @*:* (any file, any line) */
		d->line = LINE_ANY;
		*ip = i + 1 + (l->len - i >= 3 && !memcmp(l->s + i + 1, ":*", 2) ? 2 : 0);
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
		case_unsupported(p->cf, l->line, "-verify location '@%.*s' (only @+N, @-N, @N, @#MARKER and @*)",
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

/* Clang's verifier reads comments through the preprocessor: a directive
 * on a line it skips is not there, one on a line it skips in some
 * configurations holds only in the others. Returns -1 to drop d. */
static int
pp_place(struct vparser *p, const struct cline *l, struct directive *d)
{
	const struct ppline *pl = &p->pp.lines[l->line];

	switch (pl->state) {
	case PP_SKIPPED:
		return -1;
	case PP_UNDECIDED:
		case_unsupported(p->cf, l->line, "a -verify directive under '%s', which the harness cannot decide",
		                 p->pp.why[pl->region]);
		return -1;
	case PP_COND:
		d->sel = selector_and(d->sel, ppcond_selector(p->pp.conds[pl->region]), 0);
		free(d->sel_text);
		d->sel_text = ppcond_text(p->pp.conds[pl->region]);
		return 0;
	case PP_ACTIVE:
		break;
	}
	return 0;
}

/* expected-no-diagnostics at l->s[i]. Returns the index after it. */
static size_t
no_diagnostics(struct vparser *p, const struct cline *l, size_t i)
{
	struct directive d = { .kind = D_NO_DIAGNOSTICS, .line = LINE_ANY, .min = 1, .max = UINT_MAX };

	d.src_line = l->line;
	d.src_col = cline_col(l, i);
	if (pp_place(p, l, &d) < 0)
		directive_release(&d);
	else
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
		/* a count may follow the kind at once: expected-note3 */
		if (l->len - i >= n && !memcmp(l->s + i, kinds[k].word, n) &&
		    (i + n == l->len || !isalpha((unsigned char)l->s[i + n])))
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
	if (pp_place(p, l, &d) < 0)
		directive_release(&d);
	else
		case_add_directive(p->cf, &d);
	return k;
}

/* -verify=a,b adds the prefixes a and b, -verify "expected". */
static void
add_prefixes(struct vparser *p, const char *list)
{
	for (const char *s = list; *s;) {
		size_t n = strcspn(s, ",");
		strvec_push_nocopy(&p->prefixes, xstrndup(s, n));
		s += n + (s[n] == ',');
	}
}

/* cc1 options whose value is the next word. */
static const char *const cc1_pairs[] = {
	"-triple", "-target", "-x", "-o", "-D", "-U", "-I", "-iquote", "-isystem", "-include", "-internal-isystem",
	"-internal-externc-isystem", "-target-feature", "-target-cpu", "-target-abi", "-aux-triple", "-mllvm",
	"-ferror-limit", "-main-file-name", "-mrelocation-model", "-pic-level", "-fvisibility", "-mcode-model",
	"-MF", "-MT", "-dependency-file", "-resource-dir", "-analyzer-checker",
};

/* What a word of the RUN command asks for the compile as a whole: the
 * mode it sets (1, and *mode), nothing to pass on (2), or 0. */
static int
run_action(const char *w, enum compile_mode *mode)
{
	static const char *const code[] = { "-emit-codegen-only", "-emit-obj", "-S", "-c" };
	static const char *const dropped[] = { "-cc1", "-nostdsysteminc", "-nobuiltininc", "-fcolor-diagnostics",
	                                       "-fno-color-diagnostics", "-fcaret-diagnostics", "-fno-caret-diagnostics" };

	for (size_t k = 0; k < LEN(code); k++)
		if (!strcmp(w, code[k]))
			return *mode = MODE_OBJECT, 1;
	if (!strcmp(w, "-fsyntax-only") || !strncmp(w, "-ast-", 5))
		return *mode = MODE_SYNTAX, 1;
	/* IR and no further: -S -emit-llvm (see take_run) */
	if (!strncmp(w, "-emit-llvm", 10))
		return *mode = MODE_ASSEMBLY, 1;
	if (!strcmp(w, "-E"))
		return *mode = MODE_PREPROCESS, 1;
	for (size_t k = 0; k < LEN(dropped); k++)
		if (!strcmp(w, dropped[k]))
			return 2;
	return !strncmp(w, "-verify", 7) || !strncmp(w, "--target=", 9) || !strncmp(w, "-triple=", 8) ||
	       !strcmp(w, "%s") ? 2 : 0;
}

/* GCC jobs get the RUN line's flags that both compilers read the same way. */
static int
portable_flag(const char *f)
{
	return strlen(f) > 2 &&
	       (!strncmp(f, "-W", 2) || !strncmp(f, "-R", 2) || !strncmp(f, "-std=", 5) || !strncmp(f, "-D", 2) ||
	        !strncmp(f, "-U", 2) || !strncmp(f, "-O", 2) || !strcmp(f, "-pedantic") || !strcmp(f, "-pedantic-errors") ||
	        !strcmp(f, "-ansi") || !strncmp(f, "-f", 2));
}

/* Where a file whose RUN command names a target is judged: Clang's job,
 * given the target, under the host's column only (lit runs it on any host:
 * Clang is a cross compiler, and -fsyntax-only needs no target libraries);
 * GCC's, which lit never runs, where the configuration's triple has the
 * target's architecture and, unless it says "unknown", its system (ctx). */
static int
target_holds(const void *ctx, const struct sel_env *env)
{
	return env->family == FAMILY_CLANG ? env->arch && !strcmp(env->arch, HOST_ARCH) : selector_eval(ctx, env);
}

static void
target_release(void *ctx)
{
	selector_free(ctx);
}

/* The target a RUN line names (-triple T, -target T, --target=T): Clang
 * compiles for it, GCC is judged where the configuration is like it. */
static void
run_triple(struct vparser *p, const char *as_written, int line, int cc1)
{
	struct selector *like;
	char *t = lit_triple(as_written);
	char arch[64], *os;
	const char *dash = strchr(t, '-'), *rest;
	char *glob, *err = NULL;
	size_t n = dash ? (size_t)(dash - t) : strlen(t);

	snprintf(arch, sizeof(arch), "%.*s", (int)(n < 63 ? n : 63), t);
	if (!strcmp(arch, "i386") || !strcmp(arch, "i486") || !strcmp(arch, "i586") || !strcmp(arch, "i686"))
		strcpy(arch, "i?86");
	else if (!strcmp(arch, "arm64"))
		strcpy(arch, "aarch64");
	/* the system: the third part of a four-part triple, else the second */
	rest = dash ? dash + 1 : "";
	if (strchr(rest, '-') && (!strncmp(rest, "unknown-", 8) || !strncmp(rest, "pc-", 3) || !strncmp(rest, "apple-", 6) ||
	                          !strncmp(rest, "scei-", 5) || !strncmp(rest, "none-", 5) || !strncmp(rest, "w64-", 4) ||
	                          !strncmp(rest, "ibm-", 4) || !strncmp(rest, "suse-", 5) || !strncmp(rest, "redhat-", 7)))
		rest = strchr(rest, '-') + 1;
	os = xstrndup(rest, strcspn(rest, "-0123456789"));
	glob = !*os || !strcmp(os, "unknown") || !strcmp(os, "none") || !strcmp(os, "elf")
	               ? xasprintf("%s-*-*", arch) : xasprintf("%s-*-%s*", arch, os);
	selector_free(p->cf->requires);
	p->cf->requires = NULL;
	if (!(like = dg_selector(glob, NULL, NULL, &err))) {
		case_unsupported(p->cf, line, "target %s: %s", t, err ? err : "?");
	} else {
		p->cf->requires = selector_fn(target_holds, target_release, like);
		free(vc(p->cf)->triple);
		vc(p->cf)->triple = xstrdup(t);
		vc(p->cf)->triple_cc1 = cc1;
	}
	free(p->cf->requires_text);
	p->cf->requires_text = xasprintf("the RUN line's target is %s: Clang's job is judged under %s, GCC's"
	                                 " where the configuration's target is like it", t, HOST_ARCH);
	free(err);
	free(glob);
	free(os);
	free(t);
}

/* %s, %S (the file and its directory) in a RUN word; NULL for what the
 * harness cannot give (%t, the temporary files of lit). */
static char *
run_subst(const struct vparser *p, const char *w)
{
	struct strbuf sb = {0};
	const char *slash = strrchr(p->cf->abspath, '/');

	for (; *w; w++) {
		if (*w != '%') {
			sb_addc(&sb, *w);
		} else if (w[1] == 's') {
			sb_addstr(&sb, p->cf->abspath);
			w++;
		} else if (w[1] == 'S' && slash) {
			sb_add(&sb, p->cf->abspath, (size_t)(slash - p->cf->abspath));
			w++;
		} else {
			sb_release(&sb);
			return NULL;
		}
	}
	return sb_detach(&sb);
}

/* Pass on one flag (and its value, for a cc1 pair): to Clang as written,
 * through -Xclang when the RUN line runs cc1; to GCC when portable. */
static void
run_flag(struct vparser *p, const char *f, const char *value, int cc1)
{
	const char *v[2] = { f, value };

	for (size_t k = 0; k < (value ? 2u : 1u); k++) {
		if (cc1)
			strvec_push(&vc(p->cf)->clang_flags, "-Xclang");
		strvec_push(&vc(p->cf)->clang_flags, v[k]);
	}
	if (value && (!strcmp(f, "-D") || !strcmp(f, "-U")))
		strvec_push_nocopy(&p->cf->flags, xasprintf("%s%s", f, value));
	else if (!value && portable_flag(f))
		strvec_push(&p->cf->flags, f);
}

/* Note where -I DIR, -iquote DIR, -isystem DIR (or joined) send #include. */
static void
include_dir(struct vparser *p, const char *f, const char *value)
{
	static const char *const opts[] = { "-I", "-iquote", "-isystem" };

	for (size_t k = 0; k < LEN(opts); k++) {
		size_t n = strlen(opts[k]);
		if (!strncmp(f, opts[k], n) && (f[n] || value)) {
			strvec_push(&p->incdirs, f[n] ? f + n : value);
			return;
		}
	}
}

/* Where each #include the preprocessor reads may be found, for the loader
 * to look there for directives this reader does not read. */
static void
include_candidates(struct vparser *p)
{
	const char *slash = strrchr(p->cf->abspath, '/');

	for (size_t i = 0; i < p->pp.includes.n; i++) {
		char *name;
		int line = (int)strtol(p->pp.includes.v[i], &name, 10);
		name++;
		if (*name++ == '"' && slash)
			strvec_push_nocopy(&vc(p->cf)->headers, xasprintf("%d:%s\t%.*s/%s", line, name,
			                                              (int)(slash - p->cf->abspath), p->cf->abspath, name));
		for (size_t k = 0; k < p->incdirs.n; k++)
			strvec_push_nocopy(&vc(p->cf)->headers, xasprintf("%d:%s\t%s/%s", line, name, p->incdirs.v[k], name));
	}
}

/* A second action in a cc1 command (even the same one again, but for an
 * -ast-* after -fsyntax-only or itself): Clang 19 and later refuse it
 * ("'-fsyntax-only' action ignored"), which fails the file; earlier ones
 * take the last. The driver the harness runs says nothing, so the
 * failure is the reader's to state. */
static void
two_actions(struct vparser *p, int line, const char *f)
{
	char *err = NULL;
	size_t pos;

	if (vc(p->cf)->broken)
		return;
	vc(p->cf)->broken = xasprintf("line %d: a second action, %s, which clang -cc1 refuses from Clang 19 on", line, f);
	vc(p->cf)->broken_sel = selector_parse("clang>=19", 9, NULL, &err, &pos);
	free(err);
}

/* Is f a redirection (<, >, 2>&1, >>FILE, ...)? */
static int
redirection(const char *f)
{
	return f[0] == '<' || f[0] == '>' || (isdigit((unsigned char)f[0]) && (f[1] == '<' || f[1] == '>'));
}

/* Is f a word that ends the command (a pipe or a list)? */
static int
ends_command(const char *f)
{
	return !strcmp(f, "|") || !strcmp(f, "||") || !strcmp(f, "&&") || !strcmp(f, ";");
}

/* What take_run has seen of the command so far. */
struct runstate {
	int line, cc1, limit, maths, nactions, llvm;
	const char *last;         /* the last action */
};

/* The command's compiler word, at w->v[*k] (moved there): cc1 or the
 * driver. */
static void
run_compiler(struct vparser *p, const struct strvec *w, size_t *k, struct runstate *st)
{
	while (*k < w->n && strncmp(w->v[*k], "%clang", 6) && strcmp(w->v[*k], "-cc1"))
		(*k)++;
	if (*k == w->n)
		return;
	st->cc1 = !strcmp(w->v[*k], "%clang_cc1") || !strcmp(w->v[*k], "-cc1");
	if (*k > 0 && !strcmp(w->v[*k - 1], "not"))
		case_unsupported(p->cf, st->line, "'not %s' (a RUN command that is to fail)", w->v[*k]);
	if (!st->cc1 && strcmp(w->v[*k], "%clang"))
		case_unsupported(p->cf, st->line, "RUN command %s (only %%clang_cc1 and %%clang)", w->v[*k]);
}

/* A word that says how to verify, where, or what to make, not what to
 * pass on. Returns 1 when f is that, and was taken. */
static int
run_control(struct vparser *p, struct runstate *st, const char *f)
{
	enum compile_mode mode;
	int action;

	if (!strncmp(f, "-verify-ignore-unexpected", 25) || !strcmp(f, "-analyze"))
		case_unsupported(p->cf, st->line, "%s (%s)", f, f[2] == 'e' ? "unexpected diagnostics are failures here"
		                                                          : "the static analyzer is not run");
	if (!strncmp(f, "-verify=", 8) || !strcmp(f, "-verify"))
		add_prefixes(p, f[7] ? f + 8 : "expected");
	if (!strncmp(f, "--target=", 9) || !strncmp(f, "-triple=", 8))
		run_triple(p, strchr(f, '=') + 1, st->line, st->cc1);
	/* the last action is the mode, as in cc1 up to Clang 18 */
	if ((action = run_action(f, &mode)) == 1 && st->nactions++ &&
	    !(!strncmp(f, "-ast-", 5) && (!strcmp(st->last, "-fsyntax-only") || !strcmp(st->last, f))))
		two_actions(p, st->line, f);
	if (action == 1) {
		st->last = f;
		p->mode = mode;
		st->llvm = !strncmp(f, "-emit-llvm", 10);
	}
	return action != 0;
}

/* The languages a RUN command may compile (-x): the name of one GCC's C
 * compiler does not take (NULL: C), and whether it is C++. */
static const struct language {
	const char *x, *name;
	int cxx;
} languages[] = {
	{ "c", NULL, 0 }, { "c-header", NULL, 0 }, { "c++", "C++", 1 }, { "c++-header", "C++", 1 },
	{ "objective-c", "Objective-C", 0 },
};

/* -x LANG (or -xLANG): C and C++, with their headers, and Objective-C are
 * compiled as given. The driver is told the language (and, for cc1's C++,
 * that it has no exceptions: cc1 has none unless asked), and the
 * preprocessor's reader which it is (__cplusplus, __OBJC__). Another
 * language is n/a; so is GCC's job of a C++ or Objective-C command
 * (clang_only). */
static void
run_language(struct vparser *p, struct runstate *st, const char *lang)
{
	size_t k = 0;

	while (k < LEN(languages) && strcmp(lang, languages[k].x))
		k++;
	if (k == LEN(languages)) {
		case_unsupported(p->cf, st->line, "-x %s (the harness compiles C, C++ and Objective-C)", lang);
		return;
	}
	strvec_push(&vc(p->cf)->clang_flags, "-x");
	strvec_push(&vc(p->cf)->clang_flags, lang);
	p->lang = &languages[k];
	if (p->lang->cxx && st->cc1)
		strvec_push(&vc(p->cf)->clang_flags, "-fno-exceptions");
}

/* An option (f, with its value for a cc1 pair) to pass on, unless it is
 * -x, -o, the target or lit's own include paths. */
static void
run_option(struct vparser *p, struct runstate *st, const char *f, const char *value)
{
	char *fs, *vs = NULL;

	st->limit |= !strncmp(f, "-ferror-limit", 13);
	st->maths |= !strcmp(f, "-fmath-errno") || !strcmp(f, "-fno-math-errno");
	if (!strncmp(f, "-x", 2) && (f[2] || value)) {
		run_language(p, st, f[2] ? f + 2 : value);
		return;
	}
	if (value && (!strcmp(f, "-triple") || !strcmp(f, "-target")))
		run_triple(p, value, st->line, st->cc1);
	if (value && (!strcmp(f, "-triple") || !strcmp(f, "-target") || !strcmp(f, "-x") || !strcmp(f, "-o") ||
	              !strncmp(f, "-internal", 9)))
		return;
	if (!(fs = run_subst(p, f)) || (value && !(vs = run_subst(p, value)))) {
		case_unsupported(p->cf, st->line, "RUN word '%s' (lit's temporary files)", fs ? value : f);
	} else {
		run_flag(p, fs, vs, st->cc1);
		include_dir(p, fs, vs);
	}
	free(fs);
	free(vs);
}

/* A C++ or Objective-C RUN command is Clang's: GCC's job (which would
 * need another of its compilers) is n/a, wherever the target puts it. */
static void
clang_only(struct vparser *p)
{
	char *err = NULL, *text;
	size_t pos;
	struct selector *clang = selector_parse("clang", 5, NULL, &err, &pos);

	free(err);
	p->cf->requires = p->cf->requires ? selector_and(p->cf->requires, clang, 0) : clang;
	text = xasprintf("%s%sthe RUN command compiles %s: Clang's job only", p->cf->requires_text ? p->cf->requires_text : "",
	                 p->cf->requires_text ? "; " : "", p->lang->name);
	free(p->cf->requires_text);
	p->cf->requires_text = text;
}

/* The RUN command this case is: its prefixes, target, mode and flags. */
static void
take_run(struct vparser *p, const struct strvec *w, int line)
{
	struct runstate st = { .line = line, .last = "" };
	size_t k = 0;

	run_compiler(p, w, &k, &st);
	p->mode = st.cc1 ? MODE_SYNTAX : MODE_OBJECT;
	strvec_release(&p->prefixes);
	for (k++; k < w->n && !ends_command(w->v[k]); k++) {
		const char *f = w->v[k], *value = NULL;
		/* a redirection and its file: lit's business, not the compiler's */
		if (redirection(f)) {
			k += f[strlen(f) - 1] == '<' || f[strlen(f) - 1] == '>';
			continue;
		}
		/* the driver's -Xclang -verify[=P]: the -verify is the harness's, and
		 * so is the -Xclang before it */
		if (!st.cc1 && !strcmp(f, "-Xclang") && k + 1 < w->n && !strncmp(w->v[k + 1], "-verify", 7))
			f = w->v[++k];
		if (run_control(p, &st, f))
			continue;
		for (size_t m = 0; m < LEN(cc1_pairs) && k + 1 < w->n; m++)
			if (!strcmp(f, cc1_pairs[m]))
				value = w->v[++k];
		run_option(p, &st, f, value);
	}
	if (!p->prefixes.n)     /* -verify only after a pipe */
		add_prefixes(p, "expected");
	/* what the driver does that cc1 does not: stop at 20 errors, and make
	 * the math functions set errno (so that they are not const) */
	if (st.llvm)
		strvec_push(&vc(p->cf)->clang_flags, "-emit-llvm");
	if (st.cc1 && !st.limit)
		strvec_push(&vc(p->cf)->clang_flags, "-ferror-limit=0");
	if (st.cc1 && !st.maths)
		strvec_push(&vc(p->cf)->clang_flags, "-fno-math-errno");
	if (p->lang && p->lang->name)
		clang_only(p);
}


/* A RUN: line of a -verify file. A command continued with a trailing
 * backslash is read once whole; the variant-th that runs -verify gives
 * the prefixes and the flags that change diagnostics. */
static void
verify_run_line(struct vparser *p, const struct cline *l, size_t i)
{
	struct strvec words = {0};
	char *err;
	size_t pos;
	int is_verify = 0;

	sb_add(&p->run, l->s + i, l->len - i);
	if (l->spliced) {
		sb_addc(&p->run, ' ');
		return;
	}
	if (shell_split(sb_str(&p->run), p->run.len, &words, &err, &pos) < 0) {
		free(err);
		strvec_release(&words);
		sb_reset(&p->run);
		return;
	}
	for (size_t k = 0; k < words.n && !is_verify; k++)
		is_verify = !strncmp(words.v[k], "-verify", 7) && (!words.v[k][7] || words.v[k][7] == '=');
	p->nrun++;
	if (is_verify && p->nverify++ == p->variant)
		take_run(p, &words, l->line);
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
		if (!starts_word(l, i))
			continue;       /* a directive starts a word */
		for (size_t k = 0; k < p->prefixes.n; k++) {
			size_t n = strlen(p->prefixes.v[k]);
			if (l->len - i > n && !memcmp(l->s + i, p->prefixes.v[k], n) && l->s[i + n] == '-') {
				/* "u-s-warning" is no directive of the prefix u, but may be
				 * one of u-s */
				size_t e = verify_directive(p, l, i + n + 1);
				if (e) {
					i = e - 1;
					break;
				}
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
	if (!p->pass) {
		collect_markers(p, l);
		if (l->len - r >= 4 && !memcmp(l->s + r, "RUN:", 4))
			verify_run_line(p, l, r + 4);
		return;
	}
	/* Clang reads a comment with its backslash-newlines folded away: a
	 * directive may go on over the next line */
	if (l->spliced || p->joined.len) {
		struct cline j;
		if (!p->joined.len)
			p->first = *l;
		sb_add(&p->joined, l->s, l->len);
		if (l->spliced)
			return;
		j = p->first;
		j.s = p->joined.buf;
		j.len = p->joined.len;
		j.spliced = 0;
		verify_line(p, &j);
		sb_reset(&p->joined);
		return;
	}
	verify_line(p, l);
}

static int
verify_read(struct casefile *cf, const char *buf, size_t len, const struct read_ctx *ctx, struct errlist *errs)
{
	struct vparser p = { .cf = cf, .variant = ctx->variant, .mode = MODE_OBJECT };
	struct strvec ppflags = {0};     /* the flags, and the language */

	cf->dialect_data = xcalloc(1, sizeof(struct vcase));
	cf->dialect_free = verify_release;
	strvec_push(&p.prefixes, "expected");
	comments_scan(buf, len, verify_comment_line, &p);     /* RUN lines first: they name the prefixes */
	if (p.markers.n > 1)
		qsort(p.markers.v, p.markers.n, sizeof(*p.markers.v), cmp_marker);
	strvec_append(&ppflags, &cf->flags);
	if (p.lang)
		strvec_push_nocopy(&ppflags, xasprintf("-x%s", p.lang->x));
	ppscan(buf, len, cf->nlines, &ppflags, &p.pp);         /* and the macros the #ifs see */
	strvec_release(&ppflags);
	include_candidates(&p);
	p.pass = 1;
	comments_scan(buf, len, verify_comment_line, &p);
	ppscan_release(&p.pp);
	sb_release(&p.joined);
	strvec_release(&p.incdirs);
	strvec_release(&p.markers);
	vc(cf)->variants = p.nverify;
	cf->mode = p.mode;
	if (vc(cf)->triple) {   /* the cell says for which target Clang's job compiled */
		const char *base = strrchr(cf->name, '/');
		free(cf->title);
		cf->title = xasprintf("%s, for %s", base ? base + 1 : cf->name, vc(cf)->triple);
	}
	if (p.nrun && !p.nverify)
		case_unsupported(cf, 1, "no RUN command runs -verify (a FileCheck or other lit test)");
	sb_release(&p.run);
	strvec_release(&p.prefixes);
	(void)errs;     /* nothing here is an input error: see perr */
	return 0;
}

static void
push_cc1(struct strvec *out, const char *flag, const char *value)
{
	strvec_push(out, "-Xclang");
	strvec_push(out, flag);
	strvec_push(out, "-Xclang");
	strvec_push(out, value);
}

/* Clang gets the RUN line's flags as it wrote them, and its target: the
 * driver's --target=, or cc1's -triple as lit gives it, with cc1's own
 * default CPU (the host driver's -target-cpu and, from Clang 12, its
 * -tune-cpu undone: not the target's, and the driver's --target would add
 * the target's defaults, such as arm64's unsigned char, that cc1 alone
 * does not have) and, as lit's -nostdsysteminc, none of the host's system
 * headers (which are not the target's: Clang's stdint.h would include
 * the host's); GCC the portable ones. The target comes first, so that
 * the RUN line's own -target-cpu is the last word. */
static void
verify_flags(const struct casefile *cf, const struct sel_env *env, struct strvec *out)
{
	const struct vcase *v = vc(cf);
	int clang = env->family == FAMILY_CLANG;

	if (clang && v->triple && !v->triple_cc1) {
		strvec_push_nocopy(out, xasprintf("--target=%s", v->triple));
	} else if (clang && v->triple) {
		strvec_push(out, "-nostdlibinc");
		push_cc1(out, "-triple", v->triple);
		push_cc1(out, "-target-cpu", "");
		if (env->version[0] >= 12)
			push_cc1(out, "-tune-cpu", "");
	}
	strvec_append(out, clang && v->clang_flags.n ? &v->clang_flags : &cf->flags);
}

/* The configuration a Clang job is judged in: its #if conditions see the
 * RUN command's target. */
static struct sel_env
judged_env(const struct casefile *cf, const struct sel_env *env)
{
	struct sel_env e = *env;

	if (env->family == FAMILY_CLANG && vc(cf)->triple)
		e.triple = vc(cf)->triple;
	return e;
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

/* "expanded from macro 'X'", "expanded from here" (Clang), "in expansion
 * of macro 'X'", "in definition of macro 'X'" (GCC). */
static int
expansion_note(const struct diag *g)
{
	const char *m = g->message;

	return g->sev == SEV_NOTE && (!strncmp(m, "expanded from macro ", 20) || !strcmp(m, "expanded from here") ||
	                              !strncmp(m, "in expansion of macro ", 22) || !strncmp(m, "in definition of macro ", 23));
}

/* Say so when the compiler stopped at its error limit: what it did not
 * print was never judged. */
static void
cut_at_limit(const struct diaglist *dl, struct strbuf *why)
{
	for (size_t j = 0; j < dl->n; j++)
		if (dl->v[j].sev >= SEV_ERROR && (!strncmp(dl->v[j].message, "too many errors emitted", 23) ||
		                                  !strncmp(dl->v[j].message, "too many errors", 15))) {
			sb_addstr(why, why->len ? "; " : "");
			sb_addstr(why, "the output was cut at the compiler's error limit (-ferror-limit)");
			return;
		}
}

/* What fails the file whatever the compiler says, as it fails clang
 * -verify: a directive it cannot read (or a RUN line its cc1 refuses), no
 * directive at all where the file is compiled, expected-no-diagnostics
 * beside other directives. Returns how many, described in why. */
static int
file_failures(const struct casefile *cf, const struct sel_env *env, struct strbuf *why)
{
	size_t active = 0, nodiag = 0;
	int failed = 0;

	if (vc(cf)->broken && (!vc(cf)->broken_sel || selector_eval(vc(cf)->broken_sel, env))) {
		sb_addstr(why, vc(cf)->broken);
		failed++;
	}
	for (size_t i = 0; i < cf->ndirs; i++)
		if (selector_eval(cf->dirs[i].sel, env)) {
			active++;
			nodiag += cf->dirs[i].kind == D_NO_DIAGNOSTICS;
		}
	if (!active || (nodiag && active > nodiag)) {
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, !active ? "no -verify directive here (clang -verify fails that: \"no expected directives found\")"
		                       : "expected-no-diagnostics beside other directives (clang -verify fails that)");
	}
	return failed;
}

/* Directive i takes up to its count of the diagnostics it fits that are
 * left. Returns how many it took. */
static unsigned
take(const struct casefile *cf, size_t i, struct diaglist *dl, unsigned *left)
{
	const struct directive *d = &cf->dirs[i];
	unsigned taken = 0;

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
	return taken;
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
	struct sel_env as_run = judged_env(cf, env);
	int failed, nodiag = 0;

	(void)text;
	(void)len;
	env = &as_run;
	failed = file_failures(cf, env, why);
	for (size_t j = 0; j < dl->n; j++) {
		left[j] = dl->v[j].count;
		/* part of the display of the diagnostic before it: Clang's
		 * verifier never sees these as notes */
		if (expansion_note(&dl->v[j])) {
			left[j] = 0;
			dl->v[j].status = ST_NOTE;
		}
	}
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		unsigned taken;

		out[i] = OUT_NA;
		if (!selector_eval(d->sel, env))
			continue;
		if (d->kind == D_NO_DIAGNOSTICS) {
			nodiag = 1;
			out[i] = OUT_CLEAN;
			continue;
		}
		taken = take(cf, i, dl, left);
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
	cut_at_limit(dl, why);
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
	.variants = verify_variants,
	.headers = verify_headers,
	.flags = verify_flags,
	.judge = verify_judge,
	.requires_reason = "%s",
	.peer = 1,
	.bare_diagnostics = 1,
};
