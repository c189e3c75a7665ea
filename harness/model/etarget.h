/* SPDX-License-Identifier: MIT */
/* etarget: the DejaGnu effective-target keywords this harness can decide
 * (lp64, int128, alloca, fpic, ...), each the way GCC's
 * target-supports.exp decides it: a small program that must compile
 * without a message (with some flags), a list of target triplets, or
 * others that must all hold. The probe module runs the programs for each
 * toolchain; this module only knows what to ask.
 *
 * The harness never runs what it compiles: a keyword about the run-time
 * (float16_runtime, ...) is decided as its compile-time twin.
 */
#ifndef ETARGET_H
#define ETARGET_H

#include <stddef.h>
#include <stdint.h>

#define ETARGET_MAX 128

enum etarget_kind {
	ET_COMPILES,    /* code compiles with flags and prints nothing */
	ET_TRIPLES,     /* the target matches one of the triplet globs */
	ET_ALL,         /* every keyword named holds */
	ET_NATIVE,      /* the target is the machine the harness runs on */
	ET_NEVER,       /* never here (run_expensive_tests: GCC_TEST_RUN_EXPENSIVE is unset;
	                   c++: the compiler is GCC's C one) */
};

struct etarget {
	const char *name;
	enum etarget_kind kind;
	const char *text;       /* the program, the globs, or the keywords */
	const char *flags;      /* ET_COMPILES: extra flags, space-separated, or NULL */
	char mode;              /* ET_COMPILES: 'S' (assembly) or 'c' (object) */
};

/* A set of keywords, by index. */
struct etarget_set {
	uint64_t bits[ETARGET_MAX / 64];
};

/* The index of a keyword (its _runtime twin included), or -1. */
int etarget_index(const char *name);
/* The keyword at index i (0 <= i < etarget_count()). */
const struct etarget *etarget_get(int i);
int etarget_count(void);

void etarget_add(struct etarget_set *s, int i);
int etarget_has(const struct etarget_set *s, int i);
/* Add to s every keyword that the keywords of s are made of (ET_ALL). */
void etarget_close(struct etarget_set *s);
/* For the ET_ALL keyword i: do all its keywords hold, known[k] saying
 * which do? */
int etarget_all_hold(int i, const unsigned char *known);

#endif
