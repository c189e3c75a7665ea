/* SPDX-License-Identifier: MIT */
/* probe: which compiler × target of the configuration works here, and the
 * version each command reports.
 *
 * For every toolchain: the command (or its prefix's first word) is looked
 * up in PATH, or in its root's (root.h); the version is asked once (GCC:
 * -dumpfullversion; Clang: its predefined __clang_major__, __minor__ and
 * __patchlevel__ macros; a GCC snapshot's version is its date, read from
 * __VERSION__ by the header probe); and the target's C library headers
 * are checked by preprocessing <stdio.h>. A toolchain that fails any step
 * is missing, with the reason and the Debian package that provides what
 * is missing (for a root: the command that builds it), unless a step
 * timed out or was killed: then it is broken, and its jobs are errors.
 * Probes run in
 * parallel through sched, inside the toolchain's root when it has one.
 * Nothing is printed.
 */
#ifndef PROBE_H
#define PROBE_H

#include "model/config.h"
#include "model/etarget.h"
#include "sandbox/cache.h"
#include "sandbox/root.h"

struct probe {
	size_t compiler, tc;    /* indices into the config */
	int found;
	int broken;             /* not found because a probe timed out or was killed:
	                         * its jobs are errors, not skips (a hung compiler
	                         * must not turn a run green) */
	char version[32];       /* "12.2.0", "" when missing */
	int ver[3];
	char date[16];          /* a snapshot's date (from __VERSION__), "" for a release */
	char *note;             /* allocated: why it is missing, or NULL */
	char *package;          /* allocated: package to install when missing, or NULL */
	unsigned char etargets[ETARGET_MAX];   /* the effective-target keywords that hold (probe_etargets) */
	struct strvec binds;    /* a host toolchain in the sandbox: the tree it was installed in,
	                         * outside the system directories, bound read-only (probe_all) */
	struct strvec build_flags;   /* the build's flags (config build_maybe) this toolchain takes */
	struct strvec build_refused; /* ... and those it does not */
};

struct probeset {
	struct probe *v;
	size_t n;
	struct rootinfo *roots;        /* per root of the configuration (probe_all inspects them) */
	size_t nroots;
	char *cwd;                     /* where the harness runs: jobs in a root start there */
	int sandbox;                   /* host compilers' probes and jobs run in the sandbox too (host):
	                                * set before probe_all */
	struct rootinfo host;          /* the host as a root (root_host), when sandbox */
};

/* Probe every toolchain (in config order) that f keeps, with up to
 * parallel processes, each within timeout seconds (0: the compiler's own).
 * Answers remembered in cache (may be disabled) are used instead of asking
 * again. Returns 0, the signal that interrupted it, or -errno when the
 * processes could not be run (sched.h). */
int probe_all(const struct config *cfg, const struct config_filter *f, struct probeset *ps,
              int parallel, double timeout, struct cache *cache);
/* Decide the effective-target keywords of want (and those they are made
 * of) for every toolchain found, into each probe's etargets: programs
 * are compiled like probes (in parallel, remembered in cache); triplet
 * keywords are matched. Returns as probe_all. */
int probe_etargets(const struct config *cfg, struct probeset *ps, const struct etarget_set *want,
                   int parallel, double timeout, struct cache *cache);
/* Try the build's flags (cfg->build_maybe) with every toolchain found: each
 * probe's build_flags get those it takes (the compile of an empty file
 * succeeds, and nothing it prints names the flag), in their order, and
 * build_refused the others: what the kernel's cc-option does, but the
 * flags tried together (so that one may need another: -mcmodel=kernel
 * needs -fno-PIE), those the compiler names as refused left out and the
 * rest tried again, and each alone only when a failure names none.
 * Returns as probe_all. */
int probe_flags(const struct config *cfg, struct probeset *ps, int parallel, double timeout, struct cache *cache);
/* Append to av what enters the sandbox of the toolchain of probe pr: its
 * root's, or the host's (when ps->sandbox), with the tree a host compiler
 * was installed in (pr->binds); its bwrap command, binding the directories
 * of ro read-only, rw (may be NULL) writable, starting in cwd (NULL: the
 * harness's). Nothing for a host compiler without the sandbox. The
 * toolchain's own command (config_command) follows. */
void probe_enter(const struct config *cfg, const struct probeset *ps, const struct probe *pr,
                 const struct strvec *ro, const char *rw, const char *cwd, struct strvec *av);
/* Feed the identity of the toolchain of pr to a cache key: the file its
 * command (or prefix) runs, and its root's build when it has one. */
void probe_key(struct cache_key *k, const struct config *cfg, const struct probeset *ps, const struct probe *pr);
/* The probe of compiler c, toolchain t (indices), or NULL. */
const struct probe *probe_find(const struct probeset *ps, size_t c, size_t t);
void probeset_release(struct probeset *ps);

/* Is cmd runnable: found in PATH (or, with a '/', executable)? */
int command_exists(const char *cmd);

#endif
