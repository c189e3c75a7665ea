/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700     /* realpath */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sandbox/trust.h"

/* Where a word is read: by the driver (gcc, clang), or by Clang's front
 * end, after -Xclang. */
enum { DRV = 1, CC1 = 2, ANY = 3 };

/* How an option takes its value. */
enum take { NOVAL, JOINED, SEPARATE, EITHER };

/* What a value may be. */
enum kind {
	K_NONE,
	K_NUM,          /* digits */
	K_WORD,         /* letters, digits and _ . + - : (a name, a version, a CPU) */
	K_LIST,         /* words and commas */
	K_ONE,          /* the one value the entry names */
	K_MACRO,        /* NAME, NAME=TEXT, NAME(ARGS)=TEXT: any text after the name */
	K_PARAM,        /* NAME=WORD (--param) */
	K_DIR,          /* a directory inside the case's */
	K_HEADER,       /* a file inside the case's; in the sandbox also a bare NAME, found as #include "NAME" */
	K_FEATURE,      /* +NAME or -NAME (a target feature on or off) */
	K_EMPTY,        /* nothing: the empty word */
	K_CPU,          /* a K_WORD, or the empty word (cc1's own default CPU); the last: kind_text is sized by it */
};

struct opt {
	const char *name;
	unsigned char where, take, kind;
	unsigned char beside;   /* writes files beside the output or the source: in the sandbox only */
};

/* Options of their own (each family of -W, -f, -m, -O, -g is below). */
static const struct opt opts[] = {
	/* what to make */
	{ "-c", DRV, NOVAL, K_NONE, 0 },
	{ "-S", ANY, NOVAL, K_NONE, 0 },
	{ "-E", ANY, NOVAL, K_NONE, 0 },
	{ "-emit-llvm", ANY, NOVAL, K_NONE, 0 },
	{ "-emit-llvm-only", CC1, NOVAL, K_NONE, 0 },
	{ "-emit-codegen-only", CC1, NOVAL, K_NONE, 0 },
	{ "-emit-obj", CC1, NOVAL, K_NONE, 0 },
	{ "-ast-dump", CC1, NOVAL, K_NONE, 0 },
	{ "-ast-dump=", CC1, JOINED, K_WORD, 0 },
	{ "-ast-print", CC1, NOVAL, K_NONE, 0 },
	{ "-ast-list", CC1, NOVAL, K_NONE, 0 },
	/* the language and its dialect */
	{ "-x", ANY, EITHER, K_WORD, 0 },
	{ "-std=", ANY, JOINED, K_WORD, 0 },
	{ "--std=", DRV, JOINED, K_WORD, 0 },
	{ "--std", DRV, SEPARATE, K_WORD, 0 },
	{ "-ansi", ANY, NOVAL, K_NONE, 0 },
	{ "--ansi", DRV, NOVAL, K_NONE, 0 },
	{ "-pedantic", ANY, NOVAL, K_NONE, 0 },
	{ "-pedantic-errors", ANY, NOVAL, K_NONE, 0 },
	{ "--pedantic", DRV, NOVAL, K_NONE, 0 },
	{ "--pedantic-errors", DRV, NOVAL, K_NONE, 0 },
	{ "-w", ANY, NOVAL, K_NONE, 0 },
	{ "--no-warnings", DRV, NOVAL, K_NONE, 0 },
	{ "--all-warnings", DRV, NOVAL, K_NONE, 0 },
	{ "--extra-warnings", DRV, NOVAL, K_NONE, 0 },
	{ "-trigraphs", ANY, NOVAL, K_NONE, 0 },
	{ "-undef", DRV, NOVAL, K_NONE, 0 },
	{ "-pthread", DRV, NOVAL, K_NONE, 0 },
	/* the preprocessor: macros, and directories and files in the case's */
	{ "-D", ANY, EITHER, K_MACRO, 0 },
	{ "-U", ANY, EITHER, K_WORD, 0 },
	{ "-I", ANY, EITHER, K_DIR, 0 },
	{ "-iquote", ANY, EITHER, K_DIR, 0 },
	{ "-isystem", ANY, EITHER, K_DIR, 0 },
	{ "-idirafter", ANY, EITHER, K_DIR, 0 },
	/* a system root: its headers and, for Darwin, its SDK settings are read */
	{ "-isysroot", ANY, EITHER, K_DIR, 0 },
	{ "-internal-isystem", CC1, SEPARATE, K_DIR, 0 },
	{ "-internal-externc-isystem", CC1, SEPARATE, K_DIR, 0 },
	{ "-include", ANY, EITHER, K_HEADER, 0 },
	{ "-imacros", ANY, EITHER, K_HEADER, 0 },
	{ "-nostdinc", DRV, NOVAL, K_NONE, 0 },
	{ "-nostdlibinc", DRV, NOVAL, K_NONE, 0 },
	{ "-nostdsysteminc", CC1, NOVAL, K_NONE, 0 },
	{ "-nobuiltininc", CC1, NOVAL, K_NONE, 0 },
	/* analysis */
	{ "--param", DRV, SEPARATE, K_PARAM, 0 },
	{ "--param=", DRV, JOINED, K_PARAM, 0 },
	/* DejaGnu's own, with dg-additional-sources: dumps named after each source */
	{ "-dumpbase", DRV, SEPARATE, K_EMPTY, 0 },
	/* Clang's front end: how to verify, for which target */
	{ "-verify", CC1, NOVAL, K_NONE, 0 },
	{ "-verify=", CC1, JOINED, K_LIST, 0 },
	{ "-verify-ignore-unexpected", CC1, NOVAL, K_NONE, 0 },
	{ "-verify-ignore-unexpected=", CC1, JOINED, K_LIST, 0 },
	{ "--target=", DRV, JOINED, K_WORD, 0 },     /* a RUN line's target (Clang's driver) */
	{ "-triple", CC1, SEPARATE, K_WORD, 0 },
	{ "-triple=", CC1, JOINED, K_WORD, 0 },
	{ "-aux-triple", CC1, SEPARATE, K_WORD, 0 },
	{ "-target-cpu", CC1, SEPARATE, K_CPU, 0 },
	{ "-tune-cpu", CC1, SEPARATE, K_CPU, 0 },
	{ "-target-feature", CC1, SEPARATE, K_FEATURE, 0 },
	{ "-target-abi", CC1, SEPARATE, K_WORD, 0 },
	{ "-main-file-name", CC1, SEPARATE, K_WORD, 0 },
	{ "-mrelocation-model", CC1, SEPARATE, K_WORD, 0 },
	{ "-mcode-model", CC1, SEPARATE, K_WORD, 0 },
	{ "-pic-level", CC1, SEPARATE, K_NUM, 0 },
	{ "-pic-is-pie", CC1, NOVAL, K_NONE, 0 },
	{ "-ferror-limit", CC1, SEPARATE, K_NUM, 0 },
	{ "-dwarf-version=", CC1, JOINED, K_NUM, 0 },
	{ "-fvisibility", CC1, SEPARATE, K_WORD, 0 },
	{ "-analyze", CC1, NOVAL, K_NONE, 0 },
	{ "-analyzer-checker", CC1, SEPARATE, K_LIST, 0 },
	{ "-analyzer-checker=", CC1, JOINED, K_LIST, 0 },
	{ "-disable-llvm-passes", CC1, NOVAL, K_NONE, 0 },
	{ "-disable-llvm-optzns", CC1, NOVAL, K_NONE, 0 },
	{ "-disable-O0-optnone", CC1, NOVAL, K_NONE, 0 },
	{ "-disable-free", CC1, NOVAL, K_NONE, 0 },
	/* files named after the output (-o /dev/null: /dev/null.d) or the
	 * source: the sandbox's private /dev, or the scratch directory */
	{ "-MD", DRV, NOVAL, K_NONE, 1 },
	{ "-MMD", DRV, NOVAL, K_NONE, 1 },
	{ "-save-temps", DRV, NOVAL, K_NONE, 1 },
	{ "--save-temps", DRV, NOVAL, K_NONE, 1 },
	{ "-save-temps=", DRV, JOINED, K_WORD, 1 },
	{ "--coverage", DRV, NOVAL, K_NONE, 1 },
	{ "-gsplit-dwarf", DRV, NOVAL, K_NONE, 1 },
};

/* -fNAME=VALUE: the NAMEs that take a value, and what it may be. */
static const struct fvalue {
	const char *name, *only;
	unsigned char kind, beside;
} fvalues[] = {
	/* limits and diagnostics, in text */
	{ "max-errors", NULL, K_NUM, 0 }, { "error-limit", NULL, K_NUM, 0 },
	{ "message-length", "0", K_ONE, 0 }, { "diagnostics-color", "never", K_ONE, 0 },
	{ "diagnostics-format", "text", K_ONE, 0 }, { "diagnostics-urls", NULL, K_WORD, 0 },
	{ "diagnostics-path-format", NULL, K_WORD, 0 }, { "diagnostics-text-art-charset", NULL, K_WORD, 0 },
	{ "diagnostics-minimum-margin-width", NULL, K_NUM, 0 },
	{ "constexpr-depth", NULL, K_NUM, 0 }, { "constexpr-steps", NULL, K_NUM, 0 },
	{ "bracket-depth", NULL, K_NUM, 0 }, { "template-depth", NULL, K_NUM, 0 },
	{ "macro-backtrace-limit", NULL, K_NUM, 0 }, { "template-backtrace-limit", NULL, K_NUM, 0 },
	{ "spell-checking-limit", NULL, K_NUM, 0 }, { "track-macro-expansion", NULL, K_NUM, 0 },
	{ "tabstop", NULL, K_NUM, 0 }, { "max-include-depth", NULL, K_NUM, 0 },
	{ "analyzer-verbosity", NULL, K_NUM, 0 }, { "analyzer-checker", NULL, K_WORD, 0 },
	/* the language */
	{ "strict-flex-arrays", NULL, K_NUM, 0 }, { "abi-version", NULL, K_NUM, 0 },
	{ "pack-struct", NULL, K_NUM, 0 }, { "max-type-align", NULL, K_NUM, 0 },
	{ "exec-charset", NULL, K_WORD, 0 }, { "input-charset", NULL, K_WORD, 0 },
	{ "wide-exec-charset", NULL, K_WORD, 0 }, { "gnuc-version", NULL, K_WORD, 0 },
	{ "ms-compatibility-version", NULL, K_WORD, 0 }, { "openmp-version", NULL, K_NUM, 0 },
	{ "permitted-flt-eval-methods", NULL, K_WORD, 0 }, { "excess-precision", NULL, K_WORD, 0 },
	{ "fp-eval-method", NULL, K_WORD, 0 }, { "fp-exception-behavior", NULL, K_WORD, 0 },
	{ "fp-contract", NULL, K_WORD, 0 }, { "fp-model", NULL, K_WORD, 0 },
	{ "complex-arithmetic", NULL, K_WORD, 0 }, { "visibility", NULL, K_WORD, 0 },
	{ "wchar-type", NULL, K_WORD, 0 }, { "clang-abi-compat", NULL, K_WORD, 0 },
	{ "lax-vector-conversions", NULL, K_WORD, 0 },
	/* code generation and hardening */
	{ "sanitize", NULL, K_LIST, 0 }, { "no-sanitize", NULL, K_LIST, 0 },
	{ "sanitize-recover", NULL, K_LIST, 0 }, { "no-sanitize-recover", NULL, K_LIST, 0 },
	{ "sanitize-trap", NULL, K_LIST, 0 }, { "no-sanitize-trap", NULL, K_LIST, 0 },
	{ "sanitize-coverage", NULL, K_LIST, 0 }, { "sanitize-address-use-after-return", NULL, K_WORD, 0 },
	{ "sanitize-memory-track-origins", NULL, K_NUM, 0 },
	{ "tls-model", NULL, K_WORD, 0 }, { "cf-protection", NULL, K_WORD, 0 },
	{ "zero-call-used-regs", NULL, K_WORD, 0 }, { "trivial-auto-var-init", NULL, K_WORD, 0 },
	{ "stack-check", NULL, K_WORD, 0 }, { "stack-reuse", NULL, K_WORD, 0 },
	{ "patchable-function-entry", NULL, K_LIST, 0 }, { "align-functions", NULL, K_WORD, 0 },
	{ "align-loops", NULL, K_WORD, 0 }, { "align-jumps", NULL, K_WORD, 0 },
	{ "align-labels", NULL, K_WORD, 0 }, { "inline-limit", NULL, K_NUM, 0 },
	{ "vect-cost-model", NULL, K_WORD, 0 }, { "simd-cost-model", NULL, K_WORD, 0 },
	{ "ira-algorithm", NULL, K_WORD, 0 }, { "ira-region", NULL, K_WORD, 0 },
	{ "live-patching", NULL, K_WORD, 0 }, { "lto", NULL, K_WORD, 0 },
	{ "lto-partition", NULL, K_WORD, 0 }, { "profile-update", NULL, K_WORD, 0 },
	{ "veclib", NULL, K_WORD, 0 }, { "embed-bitcode", NULL, K_WORD, 0 },
	{ "debug-default-version", NULL, K_NUM, 0 }, { "stack-limit-register", NULL, K_WORD, 0 },
	{ "stack-limit-symbol", NULL, K_WORD, 0 }, { "sched-stalled-insns", NULL, K_NUM, 0 },
	{ "sched-stalled-insns-dep", NULL, K_NUM, 0 }, { "openacc-dim", NULL, K_WORD, 0 },
	{ "denormal-fp-math", NULL, K_WORD, 0 }, { "time-trace-granularity", NULL, K_NUM, 0 },
	/* reports beside the output */
	{ "callgraph-info", NULL, K_LIST, 1 }, { "save-optimization-record", NULL, K_WORD, 1 },
};

/* Boolean -fNAME (and -fno-NAME) that change the diagnostics' format or
 * where they go: what is judged would not be what the compiler meant. */
static const char *const fformat[] = {
	"diagnostics-parseable-fixits", "diagnostics-print-source-range-info", "diagnostics-absolute-paths",
	"no-diagnostics-show-option", "diagnostics-show-category", "no-show-source-location",
	"diagnostics-generate-patch", "diagnostics-show-location", "color-diagnostics", "diagnostics-color",
	"ansi-escape-codes",
};

/* Boolean -fNAME that write (or read) files named after the output or
 * the source, or in the user's cache: in the sandbox only. */
static const char *const fbeside[] = {
	"dump-", "stack-usage", "callgraph-info", "test-coverage", "profile-arcs", "profile-generate",
	"profile-use", "auto-profile", "branch-probabilities", "save-optimization-record", "time-trace",
	"compare-debug", "modules", "implicit-modules", "cxx-modules", "crash-diagnostics", "record-gcc-switches",
	/* with no file named, Clang reads default.profdata where it runs */
	"profile-instr-use", "profile-sample-use",
};

/* The -g options (debug information changes no diagnostic, but some
 * -g options write files or read a module cache). */
static const char *const gopts[] = {
	"-g", "-g0", "-g1", "-g2", "-g3", "-ggdb", "-ggdb0", "-ggdb1", "-ggdb2", "-ggdb3", "-gdwarf",
	"-gdwarf-2", "-gdwarf-3", "-gdwarf-4", "-gdwarf-5", "-gline-tables-only", "-gcolumn-info",
	"-gno-column-info", "-gbtf", "-gctf",
};

static const char *const kind_text[K_CPU + 1] = {
	[K_NONE] = "nothing", [K_NUM] = "a number", [K_WORD] = "a name (letters, digits, _ . + - :)",
	[K_LIST] = "names separated by commas", [K_MACRO] = "a macro definition",
	[K_PARAM] = "NAME=VALUE", [K_DIR] = "a directory inside the case's",
	[K_HEADER] = "a file inside the case's directory", [K_FEATURE] = "+NAME or -NAME", [K_EMPTY] = "empty",
	[K_CPU] = "a name (letters, digits, _ . + - :) or empty",
};

static int
span(const char *s, const char *set)
{
	size_t n = 0;

	while (s[n] && (isalnum((unsigned char)s[n]) || strchr(set, s[n])))
		n++;
	return s[n] == 0;
}

/* Is path (relative to cwd) inside dir? Symbolic links are followed
 * where the path exists; "." and ".." are resolved either way. */
static int
inside(const char *path, const char *cwd, const char *dir)
{
	char *abs = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", cwd, path);
	char *real = realpath(abs, NULL), *p = real ? real : abs, *out = xmalloc(strlen(p) + 2), *o = out;
	size_t n = strlen(dir);
	int in;

	/* lexical: a path that does not exist yet may still climb out */
	for (const char *s = p; *s;) {
		size_t len = strcspn(s, "/");
		if ((len == 1 && s[0] == '.') || len == 0) {
			/* nothing */
		} else if (len == 2 && s[0] == '.' && s[1] == '.') {
			while (o > out && *--o != '/')
				;
		} else {
			*o++ = '/';
			memcpy(o, s, len);
			o += len;
		}
		s += len + (s[len] == '/');
	}
	*o = 0;
	in = !strncmp(out, dir, n) && (out[n] == '/' || !out[n]);
	free(out);
	free(real);
	free(abs);
	return in;
}

/* Is v a value of kind k (only: K_ONE's value)? Paths are checked with
 * where w. No value but a macro's or a feature's begins with '-': a
 * value the compiler takes is never also read as an option here. */
static int
value_fits(const char *v, int k, const char *only, const struct trust_where *w)
{
	if (*v == '-' && k != K_MACRO && k != K_FEATURE && k != K_ONE)
		return 0;
	switch (k) {
	case K_EMPTY:
		return !*v;
	case K_FEATURE:
		return (*v == '+' || *v == '-') && value_fits(v + 1, K_WORD, NULL, w);
	case K_NUM:
		return *v && strspn(v, "0123456789") == strlen(v);
	case K_WORD:
		return *v && span(v, "_.+-:");
	case K_CPU:
		return !*v || span(v, "_.+-:");
	case K_LIST:
		return *v && span(v, "_.+-:,");
	case K_ONE:
		return !strcmp(v, only);
	case K_MACRO:
		return isalpha((unsigned char)*v) || *v == '_';
	case K_PARAM:
		return *v && strchr(v, '=') && span(v, "_.+-=");
	case K_DIR:
		return *v && (inside(v, w->cwd, w->casedir) || (w->scratch && inside(v, w->cwd, w->scratch)));
	case K_HEADER:
		/* -include stddef.h: looked up like #include "...", in the
		 * sandbox's own empty working directory, then in directories
		 * already checked */
		return value_fits(v, K_DIR, NULL, w) || (w->sandboxed && *v && !strchr(v, '/') && strcmp(v, ".."));
	default:
		return !*v;
	}
}

/* In list (n entries), the entry name begins with (prefix) or is. */
static int
listed(const char *const *list, size_t n, const char *name, int prefix)
{
	for (size_t i = 0; i < n; i++)
		if (prefix ? !strncmp(name, list[i], strlen(list[i])) : !strcmp(name, list[i]))
			return 1;
	return 0;
}

/* Why a word or its value is refused. */
enum why { OK, UNKNOWN, BADVALUE, NOVALUE, OUTSIDE, BESIDE, FORMAT, NOTOPTION };

/* A word as the compiler reads it: by the driver, or by cc1 after
 * -Xclang (or -Xclang=, Clang 16 on). */
struct item {
	const char *w;
	int where;
};

/* What a refused value should have been. */
struct want {
	int kind;
	const char *only;
};

/* -fNAME, -fno-NAME, -fNAME=VALUE. */
static enum why
fflag(const char *rest, const struct trust_where *w, int *beside, struct want *want)
{
	const char *eq = strchr(rest, '=');

	if (eq) {
		for (size_t i = 0; i < LEN(fvalues); i++) {
			const struct fvalue *f = &fvalues[i];
			if (strlen(f->name) != (size_t)(eq - rest) || strncmp(rest, f->name, (size_t)(eq - rest)))
				continue;
			*beside = f->beside;
			*want = (struct want){ f->kind, f->only };
			return value_fits(eq + 1, f->kind, f->only, w) ? OK : BADVALUE;
		}
		return UNKNOWN;
	}
	/* -fplugin-arg-NAME-ARG is joined without '=' */
	if (!*rest || !span(rest, "_+.-") || !strncmp(rest, "plugin", 6) || !strncmp(rest, "pass-plugin", 11))
		return UNKNOWN;
	if (listed(fformat, LEN(fformat), rest, 0))
		return FORMAT;
	*beside = strncmp(rest, "no-", 3) && listed(fbeside, LEN(fbeside), rest, 1);
	return OK;
}

/* -mNAME, -mno-NAME, -mNAME=VALUE: target options, but -mllvm (options
 * for LLVM, some of which name files or run programs) and -mlink-...
 * (bitcode files to link in). */
static enum why
mflag(const char *rest)
{
	size_t n = strcspn(rest, "=");
	char *name = xstrndup(rest, n);
	int ok = n && span(name, "_.+-") && strncmp(name, "llvm", 4) && strncmp(name, "link", 4) &&
	         (!rest[n] || (rest[n + 1] && span(rest + n + 1, "_.+-:,")));

	free(name);
	return ok ? OK : UNKNOWN;
}

/* The families -W, -R, -O, -g, -f, -m. */
static enum why
family(const char *f, const struct trust_where *w, int *beside, struct want *want)
{
	const char *rest = f + 2;

	switch (f[1]) {
	case 'W':       /* but -Wa, -Wl, -Wp, (options for other programs) */
		if (strchr("alp", rest[0]) && rest[0] && rest[1] == ',')
			return UNKNOWN;
		return span(rest, "_#+=.-,") ? OK : UNKNOWN;
	case 'R':       /* Clang's remarks, -Rpass=REGEX */
		return *rest && span(rest, "_=.-*|()+^$?[]\\,:") ? OK : UNKNOWN;
	case 'O':
		return !*rest || value_fits(rest, K_NUM, NULL, w) || !strcmp(rest, "s") || !strcmp(rest, "g") ||
		       !strcmp(rest, "z") || !strcmp(rest, "fast") ? OK : UNKNOWN;
	case 'g':
		return listed(gopts, LEN(gopts), f, 0) ? OK : UNKNOWN;
	case 'f':
		return fflag(rest, w, beside, want);
	case 'm':
		return mflag(rest);
	default:
		return UNKNOWN;
	}
}

/* The table's entry for item i (and its value), or the families. *i
 * moves past what was taken. */
static enum why
check_item(const struct item *it, size_t n, size_t *i, const struct trust_where *w, struct want *want)
{
	const char *f = it[*i].w, *value;
	int beside = 0;
	enum why why;

	/* a second input: one of the case's own files (DejaGnu's
	 * dg-additional-sources), or refused; cc1 takes none after -Xclang,
	 * where a lone word is the value of an option it reads apart */
	if (f[0] != '-' || !f[1])
		return (*i)++, f[0] == '@' ? UNKNOWN : *f && it[*i - 1].where == DRV && value_fits(f, K_DIR, NULL, w) ?
		       OK : NOTOPTION;
	/* -fNAME VALUE, cc1's spelling of -fNAME=VALUE (-fdiagnostics-format
	 * sarif): the value is judged as the compiler will read it */
	if (f[1] == 'f' && !strchr(f, '=') && it[*i].where == CC1 && *i + 1 < n && it[*i + 1].where == CC1 &&
	    it[*i + 1].w[0] != '-')
		for (size_t k = 0; k < LEN(fvalues); k++) {
			const struct fvalue *fv = &fvalues[k];
			if (strcmp(f + 2, fv->name))
				continue;
			*i += 2;
			*want = (struct want){ fv->kind, fv->only };
			return value_fits(it[*i - 1].w, fv->kind, fv->only, w) ? fv->beside && !w->sandboxed ? BESIDE : OK
			       : BADVALUE;
		}
	for (size_t k = 0; k < LEN(opts); k++) {
		const struct opt *o = &opts[k];
		size_t len = strlen(o->name);
		if (!(o->where & it[*i].where) || strncmp(f, o->name, len) ||
		    (f[len] && o->take != JOINED && o->take != EITHER) || (!f[len] && o->take == JOINED))
			continue;
		if (!f[len] && o->take != NOVAL) {      /* the next word is the value */
			if (*i + 1 == n || it[*i + 1].where != it[*i].where)
				return (*i)++, NOVALUE;
			value = it[++*i].w;
		} else {
			value = f + len;
		}
		(*i)++;
		want->kind = o->kind;
		if (!value_fits(value, o->kind, NULL, w))
			return o->kind == K_DIR || o->kind == K_HEADER ? OUTSIDE : BADVALUE;
		return o->beside && !w->sandboxed ? BESIDE : OK;
	}
	(*i)++;
	why = family(f, w, &beside, want);
	return why == OK && beside && !w->sandboxed ? BESIDE : why;
}

static const char *const why_text[] = {
	[UNKNOWN] = "not on the allowlist of flags a case may give",
	[NOVALUE] = "takes a value, and none follows",
	[OUTSIDE] = "reads a file outside the case's directory",
	[BESIDE] = "writes files beside the output, outside the sandbox",
	[FORMAT] = "changes the diagnostics' format or where they go",
	[NOTOPTION] = "not an option (a second input file, or a value no allowed option takes)",
};

/* "[-Xclang ]FLAG[ VALUE]: why". */
static char *
describe(const struct item *it, size_t first, size_t next, enum why why, const struct want *want)
{
	struct strbuf sb = {0};

	for (size_t k = first; k < next; k++)
		sb_addf(&sb, "%s%s%s", k > first ? " " : "", it[k].where == CC1 ? "-Xclang " : "", it[k].w);
	sb_addstr(&sb, ": ");
	if (why == BADVALUE && want->kind == K_ONE)
		sb_addf(&sb, "its value may only be %s here", want->only);
	else if (why == BADVALUE)
		sb_addf(&sb, "its value must be %s", kind_text[want->kind]);
	else
		sb_addstr(&sb, why_text[why]);
	return sb_detach(&sb);
}

char *
trust_refusal(const struct strvec *flags, const struct trust_where *w, const char **word)
{
	struct item *it = xmalloc((flags->n + 1) * sizeof(*it));
	size_t n = 0;
	char *r = NULL;

	for (size_t k = 0; k < flags->n; k++) {
		const char *f = flags->v[k];
		if (!strcmp(f, "-Xclang") && k + 1 < flags->n)
			it[n++] = (struct item){ flags->v[++k], CC1 };
		else if (!strncmp(f, "-Xclang=", 8))
			it[n++] = (struct item){ f + 8, CC1 };
		else
			it[n++] = (struct item){ f, strcmp(f, "-Xclang") ? DRV : 0 };
	}
	for (size_t i = 0; i < n && !r;) {
		size_t first = i;
		struct want want = { K_NONE, NULL };
		enum why why = it[i].where ? check_item(it, n, &i, w, &want) : (i++, NOVALUE);
		if (why != OK) {
			r = describe(it, first, i, why, &want);
			if (word)
				*word = it[first].w;
		}
	}
	free(it);
	return r;
}

/* May c stand beside a flag as written in a case (a word's edge)? */
static int
edge(int c, const char *set)
{
	return c == ' ' || c == '\t' || c == '"' || c == '\'' || (c && strchr(set, c));
}

void
trust_place(const char *buf, size_t len, const char *word, int *line, int *col)
{
	size_t n = strlen(word);

	*line = *col = 0;
	for (size_t i = 0; n && i + n <= len; i++) {
		if (memcmp(buf + i, word, n) || (i && !edge(buf[i - 1], "=\n{")) ||
		    (i + n < len && !edge(buf[i + n], "\r\n}\\")))
			continue;
		*line = 1;
		*col = 1;
		for (size_t k = 0; k < i; k++) {
			*line += buf[k] == '\n';
			*col = buf[k] == '\n' ? 1 : *col + 1;
		}
		return;
	}
}
