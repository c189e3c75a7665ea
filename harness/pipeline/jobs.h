/* SPDX-License-Identifier: MIT */
/* jobs: cases × compilers × targets × profiles, each a compile to run or a
 * verdict decided without compiling (skip: the toolchain is missing here;
 * n/a: case-requires does not hold).
 *
 * A job is a few indices (tens of thousands of them stay small); what a
 * job needs, its configuration, argument vector or reason, is derived when
 * it is needed. The argument vector of a compile is
 *
 *   [prefix...] COMMAND [--target=TRIPLE] PROFILE-FLAGS PROFILE-FAMILY-FLAGS
 *   COMPILER-FLAGS TARGET-FLAGS [-std=STD] CASE-FLAGS [BUILD-FLAGS USER-FLAGS]
 *   PLAIN-OUTPUT-FLAGS -c CASE -o /dev/null
 *
 * (the bracketed flags are try's: config.h build_keep, the probe's
 * build_flags, user_flags) run under LC_ALL=C. The plain-output flags (GCC 11+:
 * -fdiagnostics-plain-output; Clang: -fno-caret-diagnostics
 * -fno-color-diagnostics) come last so that no profile can undo them.
 */
#ifndef JOBS_H
#define JOBS_H

#include <stdint.h>

#include "model/casefile.h"
#include "model/config.h"
#include "pipeline/probe.h"
#include "sandbox/sched.h"

struct job {
	uint32_t caseidx;               /* into the cases array given to jobs_build */
	uint16_t compiler, tc, profile; /* into the configuration */
	uint16_t probe;                 /* into the probe set */
	uint8_t pre;                    /* V_PASS: to be compiled; V_SKIP, V_NA, V_ERROR
	                                 * (a broken toolchain): decided */
};

struct joblist {
	struct job *v;
	size_t n, cap;
};

/* Append the jobs of every case, in case order, then compiler, target and
 * profile order of the configuration, for the part of the matrix f keeps
 * (every toolchain it keeps must have been probed in ps). A job is an
 * error without compiling when its toolchain is broken (probe.h) or its
 * untrusted case asks for a flag trust.h refuses. */
void jobs_build(struct joblist *jl, const struct config *cfg, const struct probeset *ps,
                const struct casefile *cases, size_t ncases, const struct config_filter *f);
/* The configuration j runs in, for selectors (pointers into cfg). */
struct sel_env job_env(const struct job *j, const struct config *cfg, const struct probeset *ps);
/* Why a skip or n/a job is one; allocated. */
char *job_reason(const struct job *j, const struct config *cfg, const struct probeset *ps,
                 const struct casefile *cases);
/* The argument vector of a job to compile, appended to argv. */
void job_argv(const struct job *j, const struct config *cfg, const struct probeset *ps,
              const struct casefile *cases, struct strvec *argv);
/* Append what starts a job in its sandbox: the bwrap command of its
 * compiler's root, or of the host (ps->sandbox; the tree a compiler
 * outside /usr was installed in bound too, as probe_all found it), with
 * the case's directory bound read-only and scratch (the directory
 * DejaGnu files compile in; may be NULL) writable. Nothing for a host
 * compiler without the sandbox. job_argv follows it. */
void job_enter(const struct job *j, const struct config *cfg, const struct probeset *ps,
               const struct casefile *cases, const char *scratch, struct strvec *av);
/* The process of job j: job_enter's sandbox, then job_argv's command
 * (p->command_at says where it starts); a file compiled as runtest
 * compiles runs in scratch. p->argv is appended to. */
void job_proc(const struct job *j, const struct config *cfg, const struct probeset *ps,
              const struct casefile *cases, const char *scratch, struct proc *p);
/* The case's file as its compiles name it: by its absolute path where
 * they run in a scratch directory, or where the cache follows what they
 * read (the key then does not depend on how the user named the file);
 * else as it was given. */
const char *job_case_path(const struct casefile *cf);
/* Do the flags job j gets from its case, or from try's user and build
 * flags, name a path? Then the headers they reach are in no cache key.
 * (The configuration's own, a cross target's --sysroot, name the
 * toolchain's files, which its identity stands for, as for its system
 * headers.) */
int job_names_paths(const struct job *j, const struct config *cfg, const struct probeset *ps,
                    const struct casefile *cases);
/* Append the job's bounds (util.h), set by prlimit(1) around everything
 * it runs, sandbox or not: its address space, CPU time and the size of any
 * file it writes (file_mib MiB); no core files. */
void job_bounds(struct strvec *av, unsigned file_mib);
/* Can the jobs' user (boxproto.h) enter and list dir, bound into its
 * sandbox as it is? Where the harness is root, the jobs are another user,
 * to whom a directory that only root may enter (root's home) is closed:
 * a case there is bound alone (plan.h says so once). */
int job_can_enter(const char *dir);
/* "LC_ALL=C cmd args..." quoted for sh; a sandboxed job's as
 * "LC_ALL=C DIAGMATRIX sandbox prlimit ... bwrap ... -- cmd args...", which
 * runs it in a sandbox of its own as the harness would (box_run). */
void job_command_line(struct strbuf *sb, const struct strvec *argv);
void joblist_release(struct joblist *jl);

#endif
