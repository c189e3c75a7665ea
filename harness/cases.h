/* cases: the annotated C case files of case-format.md.
 *
 * case_parse() finds every comment in the file (outside string and
 * character literals), reads the directives at the start of its lines and
 * resolves each line-level directive to the line it is about. Every
 * malformed directive is added to errs as FILE:LINE:COL; a case with errors
 * must not be compiled. Each pattern is compiled once with PCRE2 (JIT where
 * available).
 *
 * struct casefile owns everything it points to; case_release frees it.
 */
#ifndef CASES_H
#define CASES_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "etarget.h"
#include "selector.h"
#include "srcerr.h"
#include "util.h"

enum dkind {
	D_WARNING,          /* expect-warning */
	D_ERROR,            /* expect-error: error or fatal error */
	D_NOTE,             /* expect-note */
	D_DIAG,             /* expect-diag: warning or error */
	D_KNOWN_FP,         /* known-fp: a warning or error on correct code */
	D_CLEAN,            /* expect-clean: nothing unexpected on the line */
	D_NO_DIAGNOSTICS,   /* expect-no-diagnostics: nothing at all */
	D_MESSAGE,          /* DejaGnu dg-message: a diagnostic of any severity */
	D_BOGUS,            /* DejaGnu dg-bogus: nothing matching may fire */
	D_PRUNE,            /* DejaGnu dg-prune-output: matching output is not judged */
	D_EXCESS,           /* DejaGnu dg-excess-errors: output no directive matched is expected */
};

#define LINE_ANY 0     /* @*: any line of any file */

/* The annotation language of a case file. */
enum dialect {
	DIALECT_AUTO,       /* per file: verify or dejagnu when their directives appear, else native */
	DIALECT_NATIVE,     /* case-format.md */
	DIALECT_VERIFY,     /* Clang's -verify: expected-warning {{...}} */
	DIALECT_DEJAGNU,    /* GCC's DejaGnu: { dg-warning ... } */
};

/* -c (native and -verify cases; DejaGnu dg-do assemble), -S (dg-do
 * compile), -E (dg-do preprocess); dg-do link and run are compiled with -c
 * too, never linked, but like runtest name the file first. */
enum compile_mode { MODE_OBJECT, MODE_ASSEMBLY, MODE_PREPROCESS, MODE_LINK };

/* A DejaGnu dg-options (replaces the flags so far) or dg-additional-options
 * (adds to them), applying where sel holds (NULL: everywhere). */
struct dgopt {
	int additional;
	struct selector *sel;
	struct strvec flags;
};

struct directive {
	enum dkind kind;
	int line;               /* the line it is about; LINE_ANY for @* (and no-diagnostics) */
	int src_line, src_col;  /* where the directive is written */
	struct selector *sel;   /* NULL: every configuration */
	char *sel_text;         /* the selector as written, without braces, or NULL */
	char *regex;            /* the pattern as given to PCRE2, or NULL */
	pcre2_code *re;
	pcre2_match_data *md;
	char *flag;             /* normalised option (-Wfoo), or NULL */
	char *ref;              /* known-fp's ref: TEXT, or NULL */
	unsigned min, max;      /* how many times it must fire: 1 and UINT_MAX; in -verify, its count (1 and 1 without one) */
	int col;                /* the column it must be at (DejaGnu "N:"), 0 for any */
	struct selector *xfail; /* DejaGnu { xfail SEL }: where it holds, this is expected to fail */
};

struct casefile {
	char *path;             /* as passed to the compiler */
	char *name;             /* relative to the cases root, for reports */
	char *title;            /* case-title, or the file name */
	char *std;              /* case-std, or NULL */
	struct strvec flags;    /* case-flags, split into words */
	struct selector *requires;   /* case-requires, or NULL */
	char *requires_text;
	struct strvec refs;     /* case-ref, in order */
	struct directive *dirs; /* line-level directives and expect-no-diagnostics, in file order */
	size_t ndirs, capdirs;
	int nlines;
	enum dialect dialect;   /* the language it was read in */
	char *unsupported;      /* "LINE: what" when it uses what this harness cannot read: n/a */
	int run_variants;       /* Clang -verify: the RUN commands that run -verify (each read as a case of its own) */
	enum compile_mode mode; /* what the compiler is asked to produce */
	struct dgopt *dgopts;   /* DejaGnu dg-options and dg-additional-options, in file order */
	size_t ndgopts, capdgopts;
	int dg_keep_notes;      /* DejaGnu dg-note: notes no directive matched are excess */
	int dg_allow_blank;     /* DejaGnu dg-allow-blank-lines-in-output */
	struct etarget_set etargets;   /* DejaGnu effective-target keywords it asks about */
	struct strvec dg_always;       /* DejaGnu: flags its driver gives every file */
	struct strvec dg_defaults;     /* DejaGnu: flags its driver gives when there is no dg-options */
	char *dg_path;                 /* DejaGnu: the file's absolute path, which it is compiled by */
};

/* Parse buf (the bytes of the file at path); name is the case's name in
 * reports. Returns 0, or -1 with errors added to errs (cf is then
 * released). */
int case_parse(struct casefile *cf, const char *path, const char *name,
               const char *buf, size_t len, const struct sel_vocab *vocab, struct errlist *errs);
/* The same in another dialect (case_parse reads the native one). */
int case_parse_as(struct casefile *cf, const char *path, const char *name, const char *buf, size_t len,
                  const struct sel_vocab *vocab, enum dialect dialect, struct errlist *errs);
/* Read and parse the file at path. A -verify file with several -verify RUN
 * commands is read once per command: variant says which (from 0;
 * cf->run_variants says how many there are). */
int case_load(struct casefile *cf, const char *path, const char *name,
              const struct sel_vocab *vocab, enum dialect dialect, int variant, struct errlist *errs);
/* "auto", "native", "verify", "dejagnu" -> dialect, or -1. */
int dialect_parse(const char *s);
void case_release(struct casefile *cf);
/* Record that cf uses, at line, what this harness cannot read (printf
 * format): the first such construct makes the file n/a everywhere. */
void case_unsupported(struct casefile *cf, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Free what one directive owns (case_release does it for cf->dirs). */
void directive_release(struct directive *d);

/* Does the directive's pattern match msg (len bytes)? */
int directive_matches(const struct directive *d, const char *msg, size_t len);

/* The keyword of a kind: "expect-warning", ..., "expect-no-diagnostics". */
const char *dkind_name(enum dkind k);
/* The reverse; -1 when s is not a keyword of a line-level directive. */
int dkind_parse(const char *s);

#endif
