/* SPDX-License-Identifier: MIT */
/* cmd: the commands, one file each (cmd/NAME.c holds NAME_main, main.c's
 * table names it), and what they share; main.c reads the command line
 * into these options. As git's builtin.h, this header is the whole
 * contract of the folder.
 *
 *   run     cmd/run.c     a plan (plan.h) built, then carried out (exec.h)
 *   try     cmd/try.c     run over files without annotations, shown (report/try.h)
 *   list    cmd/list.c    the toolchains, the packages they need
 *   lint    cmd/lint.c    the cases read, nothing compiled
 *   root    cmd/root.c    the Debian roots (sandbox/root.h)
 *   tree    cmd/tree.c    real source trees built (model/tree.h, tree/)
 *   atlas   cmd/atlas.c   the compilers' own test suites, run as cases
 *
 * (table, export, diff, merge and sandbox are each a report or a
 * sandbox call, read and written in main.c.)
 *
 * Input errors (configuration, cases, options) are printed by the
 * commands, at the edge, as FILE:LINE:COL: error: ... and give exit status
 * 2 before anything is compiled. A compiler that fails is a verdict, never
 * an exit. Each NAME_main returns the process's exit status.
 */
#ifndef CMD_H
#define CMD_H

#include <stdio.h>

#include "lib/util.h"
#include "model/config.h"
#include "pipeline/plan.h"
#include "report/try.h"

struct run_opts {
	struct plan_opts plan;
	const char *out;            /* results file */
	int dry_run;
	int quiet;
	int progress_only;          /* progress on stderr, and nothing else there (try) */
	struct strvec user_flags;   /* try: what follows --, paths made absolute */
	const char *compdb;         /* try --compile-commands FILE */
	size_t compdb_entry;        /* try --entry N: its Nth command for the file (0: the last) */
};

int run_main(struct run_opts *o);
/* try: run o's files (no annotations read) into a scratch results file
 * and print what fired where (try.h); 0 whatever fired. */
int try_main(struct run_opts *o, const struct try_view *view);
/* One shard of nshards (run --shard K/N; nshards 0: the whole matrix). */
struct shard {
	int k, n;
};
/* list: what list shows; LIST_HOST_PACKAGES only for the compilers of the
 * shard that f keeps (f->compilers: a tree job's compiler) */
enum { LIST_TOOLCHAINS, LIST_MISSING_PACKAGES, LIST_HOST_PACKAGES };
int list_main(const char *config, int what, struct shard shard, const struct config_filter *f);
int lint_main(const char *config, const struct strvec *paths, const struct dialect_ops *dialect);
/* Build the roots named (none: every root a compiler of the shard that f
 * keeps uses) that are not built, or not for what the configuration asks
 * (rebuild: all of them). */
int root_main(const char *config, const struct strvec *names, int rebuild, int quiet, struct shard shard,
              const struct config_filter *f);

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

/* atlas: o as for `tree` (its profiles are not used: suites run as
 * written). Returns 0 when every file passes or is n/a, 1 when one fails
 * or errs (a compiler that fails another version's tests is what an atlas
 * measures), 2 for bad input, 128 + N after signal N. */
int atlas_main(const struct tree_opts *o);

/* What the commands share. */
/* Build p (the parts in want: plan.h), with what it says printed at the
 * edge. Returns 0, or the exit status to give up with. */
int cmd_plan(struct plan *p, const struct plan_opts *o, int want, int quiet);
/* Say that a case cannot be run (what it asks for, its file, escaped:
 * both are the case's text): n/a everywhere. */
void cmd_say_unsupported(FILE *fp, const struct casefile *cf);
/* Plan o's jobs and run them (or show them: o->dry_run), as run does;
 * try and the atlas compile through it too, so that no command calls
 * another. */
int cmd_compile(struct run_opts *o);

#endif
