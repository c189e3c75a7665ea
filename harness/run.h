/* run: the `run`, `list` and `lint` commands: configuration and cases in,
 * compiles through sched, results file out.
 *
 * Input errors (configuration, cases, options) are printed here, at the
 * edge, as FILE:LINE:COL: error: ... and give exit status 2 before anything
 * is compiled. A compiler that fails is a verdict, never an exit.
 */
#ifndef RUN_H
#define RUN_H

#include "jobs.h"
#include "util.h"

struct run_opts {
	const char *config;         /* compilers.yaml */
	struct strvec cases;        /* files and directories; empty: cases/ */
	struct config_filter filter;
	int parallel;               /* <= 0: online processors */
	const char *out;            /* results file */
	int dry_run;
	int quiet;
	double timeout;             /* > 0: overrides the configuration */
	int no_cache;               /* neither read nor write the result cache */
	enum dialect dialect;       /* of the case files (DIALECT_AUTO: per file) */
	int shard, nshards;         /* run only jobs i with i % nshards == shard - 1 */
	int trusted_cases;          /* cases may pass any flag (trust.h) */
	int no_sandbox;             /* host compilers run outside the sandbox */
};

/* Each returns the process exit status. */
int run_main(struct run_opts *o);
/* list: what list shows */
enum { LIST_TOOLCHAINS, LIST_MISSING_PACKAGES, LIST_HOST_PACKAGES };
int list_main(const char *config, int what);
int lint_main(const char *config, const struct strvec *paths, enum dialect dialect);
/* Build the roots named (none: every root a compiler uses) that are not
 * built, or not for what the configuration asks (rebuild: all of them). */
int root_main(const char *config, const struct strvec *names, int rebuild, int quiet);

#endif
