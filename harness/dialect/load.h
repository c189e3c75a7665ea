/* SPDX-License-Identifier: MIT */
/* load: the case files of a run, from the paths the user gave to parsed
 * casefiles.
 *
 * Directories are walked recursively in name order (lit's Inputs
 * directories and links to directories are not entered); every *.c file
 * is a case, named by its path under the directory given. Each file is
 * read in its dialect (given, or detected per file: dialect.h), with the
 * DejaGnu drivers of its directory. A -verify file with several -verify
 * RUN commands becomes one case per command, named "NAME (RUN k)".
 *
 * The I/O edge of the case readers: reading files and directories happens
 * here, parsing in the dialects.
 */
#ifndef LOAD_H
#define LOAD_H

#include "dialect/dialect.h"
#include "lib/srcerr.h"
#include "lib/util.h"
#include "model/casefile.h"
#include "model/selector.h"

struct caselist {
	struct casefile *v;     /* never NULL once loaded, even with no case */
	size_t n, cap;
};

/* Load the cases under each of inputs (files or directories; none:
 * "cases"), read in dialect (NULL: detected per file). All errors are
 * added to errs, together; returns 0, or -1 when there was any. Case
 * names are unique (a second is an error). */
int cases_load(struct caselist *cl, const struct strvec *inputs, const struct sel_vocab *vocab,
               const struct dialect_ops *dialect, struct errlist *errs);
/* The same, a file given by itself that is under root (a test suite's
 * source) named by its path below it ("gcc.dg/Warray-bounds-48.c"), as
 * a directory's files are; root NULL: cases_load. */
int cases_load_under(struct caselist *cl, const struct strvec *inputs, const char *root,
                     const struct sel_vocab *vocab, const struct dialect_ops *dialect, struct errlist *errs);
void caselist_release(struct caselist *cl);

/* Read one case from the bytes of a file: path is how the compiler is
 * given it, name how reports call it; ctx as for a dialect's reader
 * (dir NULL: nothing read of its directory). Returns 0, or -1 with errors added to
 * errs (cf is then released). */
int case_parse(struct casefile *cf, const char *path, const char *name, const char *buf, size_t len,
               const struct dialect_ops *dialect, const struct read_ctx *ctx, struct errlist *errs);

#endif
