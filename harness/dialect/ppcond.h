/* SPDX-License-Identifier: MIT */
/* ppcond: the lines of a C file that its preprocessor skips (#if 0,
 * #ifdef NAME, #if defined(__aarch64__) ...), for readers whose
 * directives are seen through the preprocessor, as Clang's -verify sees
 * them.
 *
 * What the file and its flags decide (#if 0, a macro the file or a -D
 * defines, function-like ones expanded as the preprocessor does,
 * __cplusplus in C) is decided when the file is scanned; what depends on
 * the configuration (the target's macros, the compiler's family and
 * version, the default -std, __cplusplus under -xc++) is kept as a
 * condition and decided per job (ppcond_holds). A condition neither can
 * decide (most __has_feature(x), a macro of a header) leaves its lines
 * undecided, with why.
 *
 * Pure: takes bytes and flags, returns data.
 */
#ifndef PPCOND_H
#define PPCOND_H

#include <stddef.h>

#include "lib/util.h"
#include "model/selector.h"

struct ppcond;

enum pp_state { PP_ACTIVE, PP_SKIPPED, PP_COND, PP_UNDECIDED };

struct ppline {
	enum pp_state state;
	size_t region;          /* PP_COND, PP_UNDECIDED: index into regions / why */
};

struct ppscan {
	struct ppline *lines;   /* [1..nlines] */
	int nlines;
	struct ppcond **conds;  /* the conditions of PP_COND lines */
	char **why;             /* PP_UNDECIDED: "#if __has_feature(x)" */
	size_t nconds, nwhy;
	struct strvec includes; /* "LINE <name" or "LINE \"name" of each #include not skipped */
};

/* Scan len bytes of C (nlines lines), compiled with flags (their -D, -U,
 * -std=, -ffreestanding, -f[un]signed-char count). Fills out. */
void ppscan(const char *buf, size_t len, int nlines, const struct strvec *flags, struct ppscan *out);
void ppscan_release(struct ppscan *s);

/* Do the conditions hold in the configuration env? */
int ppcond_holds(const struct ppcond *c, const struct sel_env *env);
/* A selector that holds where c does (selector.h), with a copy of c. */
struct selector *ppcond_selector(const struct ppcond *c);
/* Its text, "defined(__aarch64__) && !defined(_WIN32)"-like (allocated). */
char *ppcond_text(const struct ppcond *c);

#endif
