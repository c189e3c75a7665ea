/* SPDX-License-Identifier: MIT */
/* config: compilers.yaml, read with libyaml.
 *
 *   timeout: 60                     # seconds per job (optional)
 *   trusted-cases: false            # may cases pass any flag? (trust.h; optional)
 *   sandbox: true                   # run host compilers in bwrap too (root.h; optional)
 *   targets:                        # architecture name -> how to reach it
 *     arm64: { triple: aarch64-linux-gnu, package: libc6-dev-arm64-cross }
 *   profiles:                       # flag profiles
 *     default: { flags: [-O2, -Wall], gcc: [...], clang: [...] }
 *   compilers:
 *     - name: gcc-12                # family gcc: one command per target
 *       family: gcc
 *       targets:
 *         x86-64: { command: gcc-12, package: gcc-12 }
 *         arm64:  { command: aarch64-linux-gnu-gcc-12, package: gcc-12-aarch64-linux-gnu }
 *     - name: clang-19              # family clang: one command, --target=TRIPLE
 *       family: clang
 *       command: clang-19
 *       package: clang-19
 *       targets: [x86-64, arm64]
 *       flags: [...]                # extra flags for every job (optional)
 *       prefix: [...]               # wrapper command, e.g. an emulator
 *       root: trixie                # lives in that root (below), not on the host
 *       timeout: 120
 *   roots:                          # Debian roots: another release, in a directory
 *     trixie: { suite: trixie, mirror: URL, packages: [...] }
 *
 * A profile may add flags where a selector (docs/case-format.md) holds, start
 * from another profile's flags, and not apply where a selector holds:
 *     kernel: { flags: [...], when: { "clang<16": [-Wno-format] } }
 *     kcsan:  { base: kernel, flags: [-fsanitize=thread], except: ["gcc<11"] }
 *
 * A root's packages are its own list plus every package its compilers'
 * toolchains and targets name, so that it holds what they need.
 *
 * Every mistake is reported as FILE:LINE:COL through an errlist; nothing is
 * printed here. The whole structure is owned by struct config and freed by
 * config_release.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include "lib/srcerr.h"
#include "lib/util.h"
#include "model/selector.h"

struct target {
	char *arch;              /* x86-64, arm64, ... */
	char *triple;            /* aarch64-linux-gnu */
	char *package;           /* Debian package with the target's libc headers, or NULL */
};

/* Flags a profile adds where a selector holds. */
struct cond_flags {
	struct selector *when;
	char *when_text;         /* as written */
	struct strvec flags;
};

struct profile {
	char *name;
	struct strvec flags;       /* both families */
	struct strvec gcc_flags;   /* GCC only */
	struct strvec clang_flags; /* Clang only */
	struct cond_flags *cond;   /* in file order */
	size_t ncond;
	long base;                 /* the profile whose flags come first (base:), or -1 */
	struct cond_flags *except; /* where it does not apply (except:): its jobs are n/a there; no flags */
	size_t nexcept;
	int as_written;            /* the harness's own, last: no flags, for other compilers' test files */
};

/* The profile other compilers' test files (-verify, DejaGnu) run under
 * unless a run names profiles: the flags the file asks for and no more. */
#define AS_WRITTEN "as-written"

/* A Debian root (root.h builds and enters it). */
struct root {
	char *name;
	char *suite;               /* bullseye, trixie, sid, ... */
	char *mirror;              /* http://deb.debian.org/debian unless given */
	struct strvec packages;    /* its own list and what its compilers need: sorted, each once */
};

/* One compiler reaching one target. */
struct toolchain {
	size_t target;           /* index into config.targets */
	char *command;           /* found through PATH unless absolute */
	char *package;           /* Debian package providing command, or NULL */
	struct strvec flags;     /* extra flags for this target only */
};

struct compiler {
	char *name;
	enum family family;
	struct strvec prefix;    /* wrapper argv placed before the command */
	struct strvec flags;     /* extra flags for every job */
	double timeout;          /* seconds per job */
	long root;               /* index into config.roots, or -1: on the host */
	struct toolchain *tcs;
	size_t ntcs;
};

struct config {
	char *path;
	double timeout;          /* default per-job timeout, seconds */
	int trusted_cases;       /* cases may pass any flag (trust.h) */
	int sandbox;             /* host compilers run in the sandbox too, where bwrap works */
	struct strvec sandbox_env; /* variables of the harness's environment passed into the sandbox */
	/* try: flags of the user's, trusted (userflags.h), after every other flag */
	struct strvec build_keep;   /* --compile-commands: the build's flags for every configuration */
	struct strvec build_maybe;  /* ... and those each toolchain takes if it can (probe_flags) */
	struct strvec build_dropped;   /* ... and what was left out of its command, for the reader */
	struct strvec user_flags;   /* after --: the user's own, last */
	struct strvec user_binds;   /* the directories they name, bound read-only into every sandbox */
	int uncached_jobs;          /* they name headers a cache key cannot follow: compile every job */
	struct target *targets;
	size_t ntargets;
	struct profile *profiles;
	size_t nprofiles;
	struct compiler *compilers;
	size_t ncompilers;
	struct root *roots;
	size_t nroots;
	/* for selector validation: pointers into the structures above */
	const char **arch_names;
	const char **profile_names;
};

/* The part of the matrix to run: names to keep (an empty list keeps all). */
struct config_filter {
	struct strvec compilers, targets, profiles;
};

/* How a toolchain is started: [prefix...] COMMAND [--target=TRIPLE] (Clang
 * reaches every target through one command), appended to av. */
void config_command(const struct config *cfg, const struct compiler *c, const struct toolchain *t,
                    struct strvec *av);

/* The flags profile p gives in env (family, version, architecture): its
 * base's, its own, its family's, then those whose selector holds,
 * appended to av. */
void profile_flags(const struct config *cfg, const struct profile *p, const struct sel_env *env,
                   struct strvec *av);

/* The entry of p's except: list that holds in env, or NULL when p applies. */
const struct cond_flags *profile_except(const struct profile *p, const struct sel_env *env);

/* The target of compiler c's toolchain tc (an index into c->tcs). */
const struct target *tc_target(const struct config *cfg, const struct compiler *c, size_t tc);

/* Does the list keep name? */
int config_keeps(const struct strvec *names, const char *name);

/* The shard (1..nshards) each compiler f keeps belongs to, in shard_of[i]
 * for compiler i (0: not kept). The compilers of one root share a shard,
 * so that a shard installs and builds only what its own compilers need;
 * the heaviest (most targets kept) go first, each to the lightest shard. */
void config_shards(const struct config *cfg, const struct config_filter *f, int nshards, int *shard_of);
/* Which compilers f keeps in shard k of nshards: in[i] is 1 or 0 for
 * compiler i (nshards <= 1: every compiler f keeps). */
void config_shard_compilers(const struct config *cfg, const struct config_filter *f, int k, int nshards, int *in);

/* Parse buf (len bytes) read from the file called name. Returns 0, or -1
 * with at least one error added to errs (cfg is then released). */
int config_parse(struct config *cfg, const char *name, const char *buf, size_t len, struct errlist *errs);
/* Read and parse path. Returns 0 or -1 as config_parse. */
int config_load(struct config *cfg, const char *path, struct errlist *errs);
void config_release(struct config *cfg);

/* Vocabulary for case selectors: this configuration's architectures and
 * profiles. Valid while cfg is. */
struct sel_vocab config_vocab(const struct config *cfg);

/* Index of the named target / profile / compiler, or -1. */
long config_find_target(const struct config *cfg, const char *arch);
long config_find_profile(const struct config *cfg, const char *name);
long config_find_compiler(const struct config *cfg, const char *name);
long config_find_root(const struct config *cfg, const char *name);

#endif
