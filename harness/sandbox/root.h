/* SPDX-License-Identifier: MIT */
/* root: compilers from other Debian releases, each in a root of its own.
 *
 * A root is a directory holding a minimal Debian system of another release
 * (bullseye, trixie, sid) with the packages its compilers need (config.h
 * derives the list). It is built once, with debootstrap, into ROOTS/NAME,
 * ROOTS being root_dir(); its compilers then run inside it through
 * bubblewrap (bwrap): the root's system directories read-only, a private
 * /tmp, /dev and /proc, no network, the directories a job reads bound
 * read-only and its scratch directory writable. The sandbox's PID 1 is the
 * executor of box.h, which runs each job as a user of its own, without
 * capabilities, under the system-call filter (seccomp.h), and ends
 * everything a job started when it ends (docs/trust.md, The seal).
 *
 * A root is trusted only once complete: debootstrap fills ROOTS/.NAME.build,
 * the stamp (ROOTS/NAME/.diagmatrix-root: suite, mirror, packages, and an
 * identity that changes with every build) is written last, and the tree is
 * renamed into place. An interrupted build leaves no ROOTS/NAME, and the
 * next build removes what it left.
 *
 * Building needs root privileges (debootstrap does); using a root needs
 * only bwrap and, for an ordinary user, user namespaces.
 */
#ifndef ROOT_H
#define ROOT_H

#include "lib/util.h"
#include "model/config.h"

enum root_state {
	ROOT_MISSING,           /* not built (or no directory for roots) */
	ROOT_READY,             /* built, for this suite, mirror and these packages */
	ROOT_STALE,             /* built, but for another suite, mirror or fewer packages */
};

struct rootinfo {
	char *dir;              /* ROOTS/NAME, or NULL */
	enum root_state state;
	char *id;               /* READY, STALE: the build's identity; else NULL */
	char *built;            /* READY, STALE: when it was built (UTC), else NULL */
	struct strvec mounts;   /* bwrap arguments that lay out its system directories */
	char *path;             /* PATH inside; NULL: Debian's default */
};

/* The host's own system as a root (its /usr, /etc, /opt, ... read-only,
 * PATH as the harness's): the sandbox of host compilers. */
void root_host(struct rootinfo *ri);
/* Can bwrap make a sandbox here? Runs a job (true) in one, as a host job
 * runs (box.h). 0: it can; -1: it cannot, *why says what failed
 * (allocated): bwrap is not installed, the kernel gives no user
 * namespaces, a limit on processes or files, a container that masks
 * /proc. Every one stops the run (fail closed); only --no-sandbox runs
 * without one. */
int root_sandbox_probe(char **why);

/* Where roots live: $DIAGMATRIX_ROOTS, else the cache directory's roots/
 * (allocated), or NULL when neither can be named. */
char *root_dir(void);

/* What ROOTS/NAME holds for r. Reads its stamp and top directory only. */
void root_inspect(const struct root *r, struct rootinfo *ri);
void rootinfo_release(struct rootinfo *ri);

/* The file that cmd (a name looked up in the root's PATH, or an absolute
 * path inside the root) runs, as a path on the host, symbolic links
 * followed inside the root; NULL when there is none or it is not
 * executable. Allocated. */
char *root_lookup(const struct rootinfo *ri, const char *cmd);

/* Append the bwrap command that runs a program inside the root: the
 * directories of ro bound read-only, each at its own path; rw (may be
 * NULL), cwd (where it starts) and /tmp are empty tmpfs of their own, of
 * JOB_DISK_MIB each, thrown away with it. The program runs in a session of
 * its own (no controlling terminal) with an environment of its own: PATH
 * (the root's), LC_ALL=C, TMPDIR where the host's /tmp is bound, and the
 * variables named in pass (may be NULL) that the harness has; as
 * BOX_JOB_ID, under the executor of a kept sandbox (box.h), which is what
 * the command runs: it names the descriptors box.c gives it. Its argv
 * follows. */
void root_enter(const struct rootinfo *ri, const struct strvec *ro, const char *rw, const char *cwd,
                const struct strvec *pass, struct strvec *av);

/* The outer sandbox of a tree job (tree.h): as root_enter's, but for a
 * build system that runs many programs for a long time: rw are bound
 * writable at their own paths (the build directory, kept between runs)
 * instead of being tmpfs; over holds pairs, a file bound read-only over
 * the path that follows it (a patched source file); HOME is /tmp; and the
 * processes inside may start a sandbox of their own (root_enter_inner).
 * Its argv follows. */
void root_enter_tree(const struct rootinfo *ri, const struct strvec *ro, const struct strvec *over,
                     const struct strvec *rw, const char *cwd, struct strvec *av);
/* The sandbox a root's compiler runs in inside a tree job's: the root's
 * system, /dev, the outer /tmp, and ro and rw as the outer has them
 * (with what is bound over them there), in the directory the word "@PWD@" stands for (the wrapper's
 * own, kbuild.h); no PID namespace or /proc of its own, which the outer
 * sandbox does not allow. Its argv follows. */
void root_enter_inner(const struct rootinfo *ri, const struct strvec *ro, const struct strvec *rw, struct strvec *av);

/* Where the harness runs as root, make dir and all it holds (no link
 * followed, no other file system entered) the jobs' (BOX_JOB_ID): a
 * directory a tree job writes in, which is bound into its sandbox.
 * Returns 0, or -1 with errno. */
int root_give_to_jobs(const char *dir);

/* The command that builds root name (with --rebuild when rebuild), for
 * messages: "diagmatrix root [--config FILE] [--rebuild] NAME". */
char *root_build_command(const char *config, const char *name, int rebuild);

/* Build r into ROOTS/NAME with debootstrap (replacing what is there), one
 * build per root at a time (a lock waits for another). line(ctx, text)
 * gets each line debootstrap prints (may be NULL); the whole output is
 * kept in ROOTS/NAME.log. Returns 0; the signal (SIGINT, SIGTERM) that
 * interrupted it, the partial tree removed; or -1 with *why (allocated). */
int root_build(const struct root *r, void (*line)(void *ctx, const char *text), void *ctx, char **why);

#endif
