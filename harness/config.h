/* config: compilers.yaml, read with libyaml.
 *
 *   timeout: 60                     # seconds per job (optional)
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
 *       prefix: [...]               # wrapper command, e.g. a container runner
 *       timeout: 120
 *
 * Every mistake is reported as FILE:LINE:COL through an errlist; nothing is
 * printed here. The whole structure is owned by struct config and freed by
 * config_release.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include "selector.h"
#include "srcerr.h"
#include "util.h"

struct target {
	char *arch;              /* x86-64, arm64, ... */
	char *triple;            /* aarch64-linux-gnu */
	char *package;           /* Debian package with the target's libc headers, or NULL */
};

struct profile {
	char *name;
	struct strvec flags;       /* both families */
	struct strvec gcc_flags;   /* GCC only */
	struct strvec clang_flags; /* Clang only */
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
	struct toolchain *tcs;
	size_t ntcs;
};

struct config {
	char *path;
	double timeout;          /* default per-job timeout, seconds */
	struct target *targets;
	size_t ntargets;
	struct profile *profiles;
	size_t nprofiles;
	struct compiler *compilers;
	size_t ncompilers;
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

/* Does the list keep name? */
int config_keeps(const struct strvec *names, const char *name);

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

#endif
