/* SPDX-License-Identifier: MIT */
/* trust: which flags a case may ask of a compiler when cases are not
 * trusted.
 *
 * A case names flags (case-flags, case-std, dg-options, a DejaGnu
 * driver's defaults, a -verify RUN line). Unless the cases are trusted
 * (the configuration's trusted-cases, or --trusted-cases), every word the
 * compiler will see from the case must be on an allowlist (docs/trust.md):
 * warnings, -O, -std, -D/-U, -x, include directories and files inside the
 * case's directory, -f options that name no file, -m target options,
 * --param, the actions, and Clang's -verify and front-end options of the
 * same kinds after -Xclang. Each option is known with its spellings and
 * how it takes its value, and the value is checked too; anything else is
 * refused, and a job whose case asks for it is not run: its verdict is an
 * error that names the flag.
 *
 * Options that write files named after the output or the source (-MD,
 * -save-temps, -fdump-..., -fstack-usage) are allowed only when the job
 * runs in the sandbox, where those files land in its private /dev or the
 * scratch directory.
 */
#ifndef TRUST_H
#define TRUST_H

#include <stddef.h>

#include "lib/util.h"

/* Where a job's compiler runs, for the paths its flags name. */
struct trust_where {
	const char *casedir;    /* the case's directory (absolute): what it may read */
	const char *cwd;        /* where relative paths are read from */
	const char *scratch;    /* the job's writable directory, or NULL */
	int sandboxed;          /* whether the job runs in the sandbox */
};

/* Why flags may not run untrusted: "FLAG: why", or NULL when they may.
 * word (unless NULL) is set to the refused word as a case would write it
 * (a pointer into flags). Allocated. */
char *trust_refusal(const struct strvec *flags, const struct trust_where *w, const char **word);

/* Where word first stands as a whole word in buf (len bytes): its line
 * and column (1-based), or 0 and 0. */
void trust_place(const char *buf, size_t len, const char *word, int *line, int *col);

#endif
