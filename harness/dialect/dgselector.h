/* SPDX-License-Identifier: MIT */
/* dgselector: DejaGnu's target-selector grammar, the DejaGnu dialect's
 * (dejagnu.c, dgdriver.c), also borrowed where a configuration or a lit
 * file names targets by triplet globs (probe.c's effective targets,
 * verify.c's REQUIRES). Built on selector_fn: the selector module knows
 * nothing of it. */
#ifndef DGSELECTOR_H
#define DGSELECTOR_H

#include "model/selector.h"

/* A DejaGnu selector: what follows "target" or "xfail" in { target SEL }.
 * SEL is an effective-target keyword (keyword(kctx, name) gives its index
 * into sel_env.etargets, or -1; keyword may be NULL), a list of triplet
 * globs (cpu-vendor-os with * and ?) any of which must match
 * sel_env.triple, or a braced expression of those with "!", "&&" and
 * "||", read as GCC's target-supports-dg.exp reads it. NULL with *why set
 * (allocated) when it cannot be read. */
struct selector *dg_selector(const char *sel, int (*keyword)(void *, const char *), void *kctx, char **why);

#endif
