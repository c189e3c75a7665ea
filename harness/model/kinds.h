/* SPDX-License-Identifier: MIT */
/* kinds: the enumerations every stage shares (a directive's kind, a
 * diagnostic's severity and status, an outcome, a verdict) and
 * their names in results files and reports.
 *
 * Header and table only: reporters read and write these names without the
 * case readers or PCRE2.
 */
#ifndef KINDS_H
#define KINDS_H

#define LINE_ANY 0     /* a directive's line for @*: any line of any file */

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
	D_XFAIL_IF,         /* DejaGnu dg-xfail-if: the first check after it is expected to fail */
	D_MULTILINE,        /* DejaGnu dg-begin/end-multiline-output: these lines, as a block */
	D_REGEXP,           /* DejaGnu dg-regexp: a free-form expression the output must match */
	D_FINAL,            /* DejaGnu dg-final: a scan of a dump or the assembly (never run here) */
	D_OUTPUT,           /* DejaGnu dg-output: what the program prints (never run here) */
};

enum severity { SEV_NOTE, SEV_WARNING, SEV_ERROR, SEV_FATAL };

/* What the judge decided about a diagnostic. */
enum dstatus { ST_NONE, ST_EXPECTED, ST_UNEXPECTED, ST_KNOWN_FP, ST_NOTE };

/* What became of one directive in one configuration. */
enum outcome {
	OUT_NA,          /* its selector does not hold here */
	OUT_HELD,        /* expect-*: a diagnostic matched */
	OUT_MISSING,     /* expect-*: nothing matched */
	OUT_FP,          /* known-fp: the false positive fired */
	OUT_FP_GONE,     /* known-fp: it did not fire (news, not a failure) */
	OUT_CLEAN,       /* expect-clean / expect-no-diagnostics: held */
	OUT_DIRTY,       /* expect-clean / expect-no-diagnostics: something fired */
	OUT_XFAIL,       /* DejaGnu { xfail }: did not hold, as expected (or excess errors, expected) */
	OUT_XPASS,       /* DejaGnu { xfail }: held after all; runtest counts it as a failure */
	OUT_NOTRUN,      /* DejaGnu dg-final, dg-output: not about diagnostics, not run */
};

enum verdict { V_PASS, V_FAIL, V_NA, V_SKIP, V_ERROR };

/* A toolchain of the run: found, missing (not installed: its jobs are
 * skipped), or found but not usable (its probe failed: its jobs are
 * errors). */
enum tcstatus { TC_FOUND, TC_MISSING, TC_ERROR };

/* Each name function returns the name written in results files; each
 * parse function the reverse, or -1 for a name it does not know. */
const char *dkind_name(enum dkind k);      /* expect-warning, ..., dg-excess-errors, dg-xfail-if,
                                              dg-multiline-output, dg-regexp, dg-final, dg-output */
int dkind_parse(const char *s);
const char *severity_name(enum severity s);    /* note, warning, error, fatal */
int severity_parse(const char *s);
const char *dstatus_name(enum dstatus s);      /* -, expected, unexpected, known-fp, note */
int dstatus_parse(const char *s);
const char *outcome_name(enum outcome o);      /* n/a, held, missing, fp, fp-gone, clean, dirty, xfail, xpass, not-run */
int outcome_parse(const char *s);
const char *verdict_name(enum verdict v);      /* pass, fail, n/a, skip, error */
int verdict_parse(const char *s);
const char *tcstatus_name(enum tcstatus t);      /* found, missing, error */
int tcstatus_parse(const char *s);

#endif
