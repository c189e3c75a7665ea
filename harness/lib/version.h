/* SPDX-License-Identifier: MIT */
/* version: the harness's version, defined once (results files, the
 * cache key and --version all say it), and the git revisions, which the
 * Makefile writes into one small generated object (revision.c in the
 * build directory) so that a new commit rebuilds that object alone. */
#ifndef VERSION_H
#define VERSION_H

#define DIAGMATRIX_VERSION "0.1.0"

/* the last commit of harness/ ("-dirty" when the tree differs from it),
 * or "unknown" outside git: --version and the cache key */
extern const char diagmatrix_revision[];
/* the same of harness/, cases/ and compilers.yaml together: what a
 * results file was made by */
extern const char diagmatrix_sources_revision[];

#endif
