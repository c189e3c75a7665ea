/* jobs: cases × compilers × targets × profiles, each a compile to run or a
 * verdict decided without compiling (skip: the toolchain is missing here;
 * n/a: case-requires does not hold).
 *
 * The argument vector of a compile is
 *
 *   [prefix...] COMMAND [--target=TRIPLE] PROFILE-FLAGS PROFILE-FAMILY-FLAGS
 *   COMPILER-FLAGS TARGET-FLAGS [-std=STD] CASE-FLAGS
 *   PLAIN-OUTPUT-FLAGS -c CASE -o /dev/null
 *
 * run under LC_ALL=C. The plain-output flags (GCC 11+:
 * -fdiagnostics-plain-output; Clang: -fno-caret-diagnostics
 * -fno-color-diagnostics) come last so that no profile can undo them.
 */
#ifndef JOBS_H
#define JOBS_H

#include "cases.h"
#include "config.h"
#include "match.h"
#include "probe.h"

struct job {
	size_t caseidx;             /* into the cases array given to jobs_build */
	size_t compiler, tc, profile;
	const struct probe *probe;
	struct sel_env env;
	enum verdict pre;           /* V_PASS: to be compiled; V_SKIP, V_NA: decided */
	char *reason;               /* for skip and n/a */
	struct strvec argv;         /* for jobs to compile */
	double timeout;
};

struct joblist {
	struct job *v;
	size_t n, cap;
};

/* Append the jobs of every case, in case order, then compiler, target and
 * profile order of the configuration. */
void jobs_build(struct joblist *jl, const struct config *cfg, const struct probeset *ps,
                const struct casefile *cases, size_t ncases, const struct config_filter *f);
/* "LC_ALL=C cmd args..." quoted for sh. */
void job_command_line(struct strbuf *sb, const struct job *j);
void joblist_release(struct joblist *jl);

#endif
