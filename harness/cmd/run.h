/* SPDX-License-Identifier: MIT */
/* run: the `run`, `list`, `lint` and `root` commands: a plan (plan.h)
 * built as far as each needs, then carried out (exec.h) or shown.
 *
 * Input errors (configuration, cases, options) are printed here, at the
 * edge, as FILE:LINE:COL: error: ... and give exit status 2 before anything
 * is compiled. A compiler that fails is a verdict, never an exit.
 */
#ifndef RUN_H
#define RUN_H

#include "lib/util.h"
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

/* Each returns the process exit status. */
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

#endif
