/* SPDX-License-Identifier: MIT */
/* casefile: the case model every dialect's reader fills (dialect.h) and
 * everything downstream reads: a file's directives, its flags and
 * requirements, and the "unsupported" record that makes it n/a.
 *
 * struct casefile owns everything it points to; case_release frees it.
 */
#ifndef CASEFILE_H
#define CASEFILE_H

#include "lib/rx.h"
#include "lib/util.h"
#include "model/diag.h"
#include "model/etarget.h"
#include "model/kinds.h"
#include "model/selector.h"

struct dialect_ops;

/* -c (native cases; DejaGnu dg-do assemble; a -verify RUN line that asks
 * for code), -S (dg-do compile), -E (dg-do preprocess), -fsyntax-only (a
 * -verify RUN line that says so, or runs clang -cc1 with no action); dg-do
 * link and run are compiled with -c too, never linked, but like runtest
 * name the file first. */
enum compile_mode { MODE_OBJECT, MODE_ASSEMBLY, MODE_PREPROCESS, MODE_LINK, MODE_SYNTAX };

struct directive {
	enum dkind kind;
	int line;               /* the line it is about; LINE_ANY for @* (and no-diagnostics) */
	int src_line, src_col;  /* where the directive is written */
	struct selector *sel;   /* NULL: every configuration */
	char *sel_text;         /* the selector as written, without braces, or NULL */
	char *regex;            /* the pattern as written in the file, or NULL */
	struct rx *re;          /* what is matched (for DejaGnu, regex turned into PCRE2's syntax) */
	char *flag;             /* normalised option (-Wfoo), or NULL */
	char *ref;              /* known-fp's ref: TEXT, or NULL */
	unsigned min, max;      /* how many times it must fire: 1 and UINT_MAX; in -verify, its count (1 and 1 without one) */
	int col;                /* the column it must be at (DejaGnu "N:"), 0 for any */
};

struct casefile {
	char *path;             /* as passed to the compiler */
	char *abspath;          /* its real path (or path, when that cannot be had) */
	char *name;             /* relative to the cases root, for reports */
	char *title;            /* case-title, or the file name */
	char *std;              /* case-std, or NULL */
	struct strvec flags;    /* case-flags, split into words */
	struct selector *requires;   /* case-requires, or NULL */
	char *requires_text;
	struct strvec refs;     /* case-ref, in order */
	struct case_overview {  /* case-overview: a row of the overview for the directives on line */
		int line;
		char *title;
	} *overview;
	size_t noverview, capoverview;
	struct directive *dirs; /* line-level directives and expect-no-diagnostics, in file order */
	size_t ndirs, capdirs;
	int nlines;
	const struct dialect_ops *dialect;     /* the language it was read in (dialect.h) */
	char *unsupported;      /* "line N: what" when it uses what this harness cannot read: n/a */
	enum compile_mode mode; /* what the compiler is asked to produce */
	struct etarget_set etargets;   /* effective-target keywords its selectors ask about (probed first) */
	struct strvec sources;  /* more files compiled with it (DejaGnu's dg-additional-sources: paths,
	                           and -dumpbase "") */
	void *dialect_data;     /* the dialect's own state (dialect.h), or NULL */
	void (*dialect_free)(void *dialect_data);   /* what frees it */
};

/* Start cf for the file at path (abspath: its real path, or NULL for
 * path) whose bytes are buf: names set, nlines counted, the rest empty. */
void case_init(struct casefile *cf, const char *path, const char *abspath, const char *name,
               const char *buf, size_t len);
void case_release(struct casefile *cf);
/* Append d to cf (cf takes what d owns; d is cleared). */
void case_add_directive(struct casefile *cf, struct directive *d);
/* Record that cf uses, at line, what this harness cannot read (printf
 * format): the first such construct makes the file n/a everywhere. */
void case_unsupported(struct casefile *cf, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Free what one directive owns (case_release does it for cf->dirs). */
void directive_release(struct directive *d);

/* Does the directive's pattern match msg (len bytes)? A directive with no
 * pattern matches everything; an error counts as no match here and is
 * the job's (rx_error). */
int directive_matches(const struct directive *d, const char *msg, size_t len);
/* Is directive d of cf about the place where g was reported (its line of
 * cf's file, or anywhere for @*)? */
int directive_place_fits(const struct casefile *cf, const struct directive *d, const struct diag *g);
/* Does g satisfy d: severity, place, option, column and pattern? */
int directive_fits(const struct casefile *cf, const struct directive *d, const struct diag *g);

/* "line 22: expect-warning \"PATTERN\" [-Wfoo]", for reasons. */
void describe_directive(struct strbuf *sb, const struct directive *d);
/* "line 22: warning 'MESSAGE' [-Wfoo]", for reasons. */
void describe_diag(struct strbuf *sb, const struct diag *g);

/* The flags of case-flags, whatever the configuration (the .flags of
 * the dialects whose files carry their flags whole). */
void case_plain_flags(const struct casefile *cf, const struct sel_env *env, struct strvec *out);

#endif
