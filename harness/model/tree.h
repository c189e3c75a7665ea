/* SPDX-License-Identifier: MIT */
/* tree: the tree files (trees/NAME.yaml, docs/trees.md): real source trees
 * that Debian ships, the configurations they are built in, what to build,
 * and the diagnostics expected.
 *
 * Reading is pure: bytes in, a treefile out, every problem reported as
 * FILE:LINE:COL into the errlist. The file is checked against the
 * configuration it is used with (compilers.yaml): its targets and
 * compilers must be there, its selectors name that configuration's
 * architectures and the tree's own configurations as profiles.
 */
#ifndef TREE_H
#define TREE_H

#include "lib/rx.h"
#include "lib/srcerr.h"
#include "lib/util.h"
#include "model/config.h"
#include "model/kinds.h"
#include "model/selector.h"

/* A diagnostic the build must print (docs/trees.md, Expectations). */
struct tree_expect {
	enum dkind kind;        /* D_WARNING, D_ERROR, or D_KNOWN_FP (a warning on correct code) */
	char *file;             /* relative to the source tree */
	int line;               /* 0: any */
	char *pattern;          /* PCRE2, as written */
	struct rx *re;
	char *option;           /* the bracketed option ("-Wstringop-overflow="), or NULL: any */
	char *reduced_by;       /* the case that reduces it (a path under cases/: known-fp:, or case:
	                         * for a true positive), or NULL */
	int is_fp;              /* reduced_by came as known-fp: */
	char *where_text;       /* as written, or NULL */
	struct selector *where; /* NULL: everywhere */
	struct strvec configs;  /* the configurations it is about; empty: all */
	int src_line, src_col;  /* its place in the tree file */
	int fp_line, fp_col;    /* known-fp's */
};

/* Every configuration's first unit, not named in the tree file: what
 * Kbuild compiles before anything else (make prepare: the architecture's
 * vDSO, asm-offsets), which would otherwise be the first unit's output. */
#define TREE_PREPARE "prepare"

struct tree_config {
	char *name;
	char *base;             /* the configuration target it starts from (defconfig) */
	struct strvec options;  /* SYMBOL=VALUE, without CONFIG_ */
	struct strvec patches;  /* paths, as the harness opens them (the tree file's directory prefixed) */
	int *patch_at;          /* each one's line and column in the tree file, in pairs */
	struct strvec units;    /* TREE_PREPARE, then directories ("fs/qnx4/"), objects ("lib/x.o") or "all" */
	struct strvec compilers, targets;   /* only these of the tree's (empty: all) */
	int named_only;         /* built only when --profiles names it (the whole kernel: hours) */
};

/* A target of the configuration the tree builds, and the build system's
 * name for it (Kbuild's ARCH). */
struct tree_arch {
	char *target;
	char *name;
};

struct tree {
	char *name, *title;
	char *suite, *package, *mirror;    /* where the source comes from */
	char *build;                        /* "kbuild"; "dejagnu" or "verify" for a test suite */
	char *tarball;          /* the source's tarball in the package, a glob; NULL: usr/src/PACKAGE.tar.xz */
	struct strvec extract;  /* only these directories of the tarball are unpacked (empty: all) */
	struct strvec tests;    /* a test suite's files: globs under the source (suite.h) */
	char *suite_root;       /* a test suite's files are named by their path below it (NULL: the source) */
	struct strvec search;   /* ... and the files these globs match whose text names one of naming */
	struct strvec naming;
	struct tree_arch *arches;
	size_t narches;
	struct strvec compilers;
	struct tree_config *configs;
	size_t nconfigs;
	struct tree_expect *expects;
	size_t nexpects;
};

struct treefile {
	char *path;
	struct tree *trees;
	size_t ntrees;
};

/* Read buf, the tree file called name, against cfg. Returns 0, or -1
 * with errors added (tf is then empty). tree_release tf in every case. */
int tree_parse(struct treefile *tf, const char *name, const char *buf, size_t len, const struct config *cfg,
               struct errlist *errs);
/* The same, from the file at path. */
int tree_load(struct treefile *tf, const char *path, const struct config *cfg, struct errlist *errs);
void tree_release(struct treefile *tf);

/* Is t a test suite: a compiler's own test files, run as cases in their
 * dialect (build: dejagnu, GCC's; verify, Clang's), nothing built? Such a
 * tree has source, tests and optionally compilers, no arch, configs or
 * expectations. */
int tree_is_suite(const struct tree *t);
/* The family of compilers a tree builds with, or whose own tests it is. */
enum family tree_family(const struct tree *t);
/* The tree called name, or NULL. */
const struct tree *tree_find(const struct treefile *tf, const char *name);
/* The build system's name for target, or NULL when the tree does not build it. */
const char *tree_arch(const struct tree *t, const char *target);
/* Does configuration c build with compiler, for target? */
int tree_config_builds(const struct tree_config *c, const char *compiler, const char *target);
/* Does expectation e apply in configuration cfgname? (Its selector is the caller's.) */
int tree_expect_in(const struct tree_expect *e, const char *cfgname);

/* Is s a path the tree may name: relative, not empty, no "..", "." or
 * empty components, printable? */
int tree_valid_path(const char *s);

#endif
