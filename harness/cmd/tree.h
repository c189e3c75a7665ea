/* SPDX-License-Identifier: MIT */
/* treerun: the `tree` command: the trees of a tree file (tree.h) built by
 * the compilers of the configuration, in each configuration and on each
 * target the tree names, one job per (tree, configuration, compiler,
 * target), one result per unit, written to a results file like run's.
 *
 * A job: the source ready (treesrc.h) and its patches applied beside it;
 * wrappers for the compiler and its binutils (kbuild.h); in the sandbox
 * (root.h: root_enter_tree), the configuration made once per build
 * directory (and checked: an option the build system refused makes the
 * units n/a), then each unit built with make -k, unless the cache has its
 * output for exactly these inputs; its diagnostics parsed (diag.h) and
 * judged (treejudge.h).
 */
#ifndef TREERUN_H
#define TREERUN_H

#include "lib/util.h"
#include "model/config.h"

struct tree_opts {
	const char *config;         /* compilers.yaml */
	const char *trees;          /* the tree file */
	struct strvec names;        /* the trees to build; empty: all */
	struct config_filter filter;    /* compilers, targets, profiles (the trees' configurations) */
	const char *out;            /* results file */
	int jobs;                   /* make -j; <= 0: online processors */
	int refresh;                /* ask the mirror for each source's current version */
	int no_cache;
	int dry_run;                /* say what would be built, build nothing */
	int quiet;
};

/* Returns the exit status: 0 when every unit passes (or is n/a or
 * skipped), 1 when one fails or errs, 2 for bad input. */
int tree_main(const struct tree_opts *o);

#endif
