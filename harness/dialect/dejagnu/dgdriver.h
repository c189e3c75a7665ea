/* SPDX-License-Identifier: MIT */
/* dgdriver: the DejaGnu drivers (*.exp) of a directory, and the flags one
 * gives a file, read the way GCC's own drivers are written:
 *
 *   dg-runtest [lsort [glob -nocomplain $srcdir/$subdir/PATTERN]] FLAGS DEFAULT-FLAGS
 *
 * FLAGS go to every file; DEFAULT-FLAGS are what dg-options replaces.
 * A driver that runs files some other way (GCC's torture options,
 * computed flags), or a directory whose files a driver further up runs,
 * makes the file n/a: the harness does not guess flags.
 *
 * dg_dir_load is the I/O edge (reads the directory, its drivers and the
 * testsuite's lib/gcc-dg.exp);
 * dg_driver_for is pure.
 */
#ifndef DGDRIVER_H
#define DGDRIVER_H

#include "lib/util.h"

struct dg_exp {
	char *name;             /* file name, without the directory */
	char *text;             /* its text without comment lines, continued lines joined */
};

struct dg_dir {
	struct dg_exp *exps;    /* the directory's drivers, by name */
	size_t nexps;
	char *up;               /* without a driver here: "DIR/NAME.exp", the first one above
	                           (up to the testsuite directory), else NULL */
	char *glob_dir;         /* how the drivers' globs name the directory: NULL for "$subdir";
	                           "$srcdir/c-c++-common" when the C driver beside it runs it */
	int multiline_first;    /* its testsuite's lib/gcc-dg.exp matches multiline blocks
	                           before pruning (GCC 14 on), not after (GCC 12) */
};

struct dg_driver {
	struct strvec always;   /* FLAGS: given to every file */
	struct strvec defaults; /* DEFAULT-FLAGS: given when the file has no dg-options */
	struct strvec required; /* effective-target keywords it checks before it runs anything */
	char *unsupported;      /* why its flags cannot be read here, or NULL */
};

/* Read the drivers of dir (an absolute path). Never fails: what cannot be
 * read is not there. */
void dg_dir_load(struct dg_dir *dd, const char *dir);
void dg_dir_release(struct dg_dir *dd);

/* What the drivers of dd (NULL: none) give the file called file: with no
 * driver anywhere, gcc.dg's defaults (-ansi -pedantic-errors). */
void dg_driver_for(const struct dg_dir *dd, const char *file, struct dg_driver *drv);
void dg_driver_release(struct dg_driver *drv);

#endif
