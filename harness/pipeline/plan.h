/* SPDX-License-Identifier: MIT */
/* plan: what a run will do, before anything is compiled: the
 * configuration, the cases, the toolchains found (probes, effective
 * targets), and the jobs of the matrix (filtered, sharded). `run` builds
 * it and hands it to exec.h; `run --dry-run` prints it; `list` and `lint`
 * build the part they need.
 */
#ifndef PLAN_H
#define PLAN_H

#include <stdio.h>

#include "dialect/load.h"
#include "lib/srcerr.h"
#include "model/config.h"
#include "pipeline/jobs.h"
#include "pipeline/probe.h"
#include "sandbox/cache.h"

struct plan_opts {
	const char *config;         /* compilers.yaml; NULL: none (lint: selectors unchecked) */
	struct strvec cases;        /* files and directories; empty: cases/ */
	const char *cases_root;     /* files under it are named by their path below it (NULL: by their
	                               name), and may read all of it (a test suite's layout) */
	struct config_filter filter;
	int parallel;               /* <= 0: online processors */
	double timeout;             /* > 0: overrides the configuration */
	int no_cache;               /* neither read nor write the result cache */
	const struct dialect_ops *dialect;   /* of the case files (NULL: per file) */
	int shard, nshards;         /* keep only the compilers of this shard (config_shards) */
	int trusted_cases;          /* cases may pass any flag (trust.h) */
	int no_sandbox;             /* host compilers run outside the sandbox */
	const struct strvec *user_flags;   /* try: after --, trusted (NULL: none) */
	const struct strvec *build_keep;   /* try --compile-commands (userflags.h; NULL: none) */
	const struct strvec *build_maybe;
	const struct strvec *build_dropped;
};

/* What to build, besides the configuration: a set of these (the jobs need
 * the cases and the probes). */
enum {
	PLAN_CASES = 1,             /* load the cases */
	PLAN_PROBES = 2,            /* probe the toolchains (and the effective targets the cases ask about) */
	PLAN_JOBS = 7,              /* the jobs of the matrix, with the cases and the probes */
};

struct plan {
	struct config cfg;
	struct caselist cases;
	struct probeset ps;
	struct joblist jl;
	struct cache cache;         /* open from PLAN_PROBES on */
	int parallel;               /* processes at once, fitted to the descriptors allowed */
	int built;                  /* the parts built (or begun): PLAN_* */
	struct strvec warnings;     /* for the user: "-j fitted", "no sandbox" */
	struct config_filter filter;   /* the options' filter, narrowed to the shard's compilers */
	int interrupted;            /* the signal (SIGINT, SIGTERM) that stopped the probes, or 0 */
};

/* Build the configuration and the parts of want. Returns 0, or -1: with
 * errors added to errs (of the input: configuration, filter, cases; or
 * the probes could not be run), or with p->interrupted set (a signal
 * stopped the probes). plan_release p in every case. */
int plan_build(struct plan *p, const struct plan_opts *o, int want, struct errlist *errs);
void plan_release(struct plan *p);

/* The jobs to compile, one shell command line each (with the sandbox's
 * bwrap, and the scratch directory DejaGnu files run in), with a comment
 * naming the case, compiler, target and profile. */
void plan_print(const struct plan *p, FILE *fp);

/* The name of the scratch directory of a run: DejaGnu files compile in
 * it, as runtest compiles in its own (files ask for dumps, profiles and
 * saved temporaries). Allocated. */
char *plan_scratch_template(void);

#endif
