/* SPDX-License-Identifier: MIT */
/* dialect: the annotation languages a case file can be written in, each
 * a reader and a judge behind one interface (in the way qbe describes its
 * targets with a table of functions).
 *
 *   native    docs/case-format.md        native.c
 *   verify    Clang's -verify            verify.c
 *   dejagnu   GCC's DejaGnu (dg-*)       dejagnu/dejagnu.c, its drivers in dejagnu/dgdriver.c
 *   none      no annotations (try)       none.c
 *
 * A fourth dialect is one new file, and its declaration and one line of
 * the table in dialect.c. Readers are pure: they take bytes and what the
 * loader (load.h) found around the file, and fill a casefile (casefile.h);
 * what only one dialect needs it keeps in its own state
 * (casefile.dialect_data), which nothing else reads.
 */
#ifndef DIALECT_H
#define DIALECT_H

#include "lib/srcerr.h"
#include "lib/util.h"
#include "model/casefile.h"
#include "model/diag.h"
#include "model/selector.h"

struct dialect_dir;

/* What a reader is given besides the file's bytes. */
struct read_ctx {
	const struct sel_vocab *vocab;  /* the names selectors may use (NULL: any) */
	int variant;                    /* -verify: which -verify RUN command to read, from 0 */
	const struct dialect_dir *dir;  /* what the dialects read of the file's directory (NULL:
	                                   nothing): dialect_dir_data */
};

struct dialect_ops {
	const char *name;               /* as --dialect takes it */
	/* What the dialect reads once for a whole directory of files (DejaGnu:
	 * its drivers), given to its reader through read_ctx.dir, and freed by
	 * dir_free; NULL: nothing. *runs_all set: the directory runs every
	 * file in this dialect, directives or not (a DejaGnu driver's). */
	void *(*dir_load)(const char *dir, int *runs_all);
	void (*dir_free)(void *data);
	/* Where in buf the first sign of this dialect is, or -1 for none:
	 * --dialect auto reads a file in the dialect whose sign comes first
	 * (table order breaks ties); a file no dialect claims is native, or
	 * DejaGnu in a directory with a DejaGnu driver. */
	long (*claims)(const char *buf, size_t len);
	/* Fill cf (started by case_init) from buf. Malformed directives are
	 * added to errs (as FILE:LINE:COL), and then it returns -1; what the
	 * harness cannot read the way the dialect's own tool would makes the
	 * file n/a (case_unsupported) and is no error. State of its own goes
	 * in cf->dialect_data, with the function that frees it in
	 * cf->dialect_free (case_release calls it). */
	int (*read)(struct casefile *cf, const char *buf, size_t len, const struct read_ctx *ctx,
	            struct errlist *errs);
	/* How many cases the file holds (Clang's -verify: one per RUN command
	 * that runs -verify), each read with its read_ctx.variant; NULL: one. */
	int (*variants)(const struct casefile *cf);
	/* Headers the file includes where its own tool would read directives
	 * too, as "LINE:NAME\tPATH" in search order, or NULL: the loader makes
	 * the file n/a where the first found holds directives (claims). */
	const struct strvec *(*headers)(const struct casefile *cf);
	/* Append the flags cf asks for in the configuration env. */
	void (*flags)(const struct casefile *cf, const struct sel_env *env, struct strvec *out);
	/* Judge one compile: len bytes of output (text), also parsed (dl),
	 * against the directives of cf that apply in env. Sets each
	 * diagnostic's status and one outcome per directive in out, appends a
	 * "; "-separated description of each failure to why and returns how
	 * many there are. */
	int (*judge)(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
	             struct diaglist *dl, enum outcome *out, struct strbuf *why);
	/* The reason of a job that is n/a by cf->requires (printf format, one
	 * %s: cf->requires_text). */
	const char *requires_reason;
	/* Compiled as its own tool compiles (DejaGnu: as runtest does): */
	int in_scratch;         /* in the job's scratch directory, by the file's absolute path */
	int file_first;         /* the file named first (but for -c), the plain-output flags
	                           before the file's own */
	int reads_stdout;       /* its judge reads standard output too, before standard error */
	int exit_unjudged;      /* a failing exit without an error message is no error: the
	                           judge decides by what was printed */
	/* Another compiler's test files (-verify, DejaGnu): compiled with the
	 * flags they ask for and no profile's, unless the run names profiles. */
	int peer;
	/* Its judge sees the compiler's diagnostics that have neither place
	 * nor program ("warning: unknown warning option"), as Clang's
	 * verifier does (diag.h). */
	int bare_diagnostics;
	/* Its judge sees the events of a diagnostic's path ("note: (1) ...")
	 * as notes of their own, as runtest does; others keep them with their
	 * diagnostic (diag.h). */
	int path_notes;
	/* A compile that exits with a failing status is an error whatever it
	 * printed: its output may stop anywhere (a fatal error, -Wfatal-errors,
	 * or GCC skipping its optimisers after an error, where the middle-end
	 * warnings live), so its silence says nothing (try). */
	int failed_exit_is_error;
	/* A diagnostic used from two places (a macro's, a header's) is two
	 * diagnostics, as a reader of the places wants (diag.h, sites). */
	int distinct_sites;
	/* Its compiles say what they read (-MD, the rule on standard output),
	 * and the cache keys each answer by those files' bytes (exec.c, as
	 * ccache's direct mode): a file found through -I, a macro include,
	 * __has_include or #embed is then cached, and compiled again when one
	 * of them changes. */
	int follows_inputs;
};

/* The dialect called name ("native", "verify", "dejagnu", "none"), or NULL; "auto"
 * is NULL too, and means: detect it per file (dialect_detect). */
const struct dialect_ops *dialect_find(const char *name);
/* Is name "auto" or a dialect's name? */
int dialect_known(const char *name);
/* The dialect of a file with these bytes (--dialect auto), in a directory
 * of which dir (NULL: nothing) says what the dialects read. */
const struct dialect_ops *dialect_detect(const char *buf, size_t len, const struct dialect_dir *dir);

/* What every dialect reads of one directory (dir_load), for the files in
 * it: read once, as files come directory by directory. */
struct dialect_dir {
	char *path;             /* the directory (absolute), or NULL before the first */
	void **data;            /* per dialect, in the table's order */
	const struct dialect_ops *runs_all;    /* the dialect it runs every file in, or NULL */
};

/* Read dir (an absolute path) into dd unless dd holds it already. */
void dialect_dir_load(struct dialect_dir *dd, const char *dir);
/* What dialect d read of the directory, or NULL. */
const void *dialect_dir_data(const struct dialect_dir *dd, const struct dialect_ops *d);
/* Give dd what dialect d read of a directory (data, which dd then owns),
 * as dialect_dir_load does: for a test or a fuzzer that makes it by hand. */
void dialect_dir_put(struct dialect_dir *dd, const struct dialect_ops *d, void *data, int runs_all);
void dialect_dir_release(struct dialect_dir *dd);

#endif
