/* SPDX-License-Identifier: MIT */
/* selector: the {...} configuration filters of docs/case-format.md.
 *
 *   {gcc>=11, arch=arm64|s390x, profile!=O0, !clang}
 *
 * Terms are separated by ',' and must all hold. A selector is parsed once
 * (validated against the known architecture and profile names) and then
 * evaluated against each configuration.
 */
#ifndef SELECTOR_H
#define SELECTOR_H

#include <stddef.h>

enum family { FAMILY_GCC, FAMILY_CLANG };

/* The configuration a selector is evaluated against. */
struct sel_env {
	enum family family;
	int version[3];        /* major, minor, patch as the compiler reported */
	const char *arch;      /* x86-64, arm64, ... */
	const char *profile;   /* default, O0, kernel, ... */
	const char *triple;    /* the target's GNU triple, for DejaGnu selectors (may be NULL) */
	const unsigned char *etargets;  /* DejaGnu effective-target keywords that hold, by index (may be NULL) */
};

/* Names a selector may use. Architectures are the built-in names plus
 * arches; profiles are checked only when profiles is not NULL. */
struct sel_vocab {
	const char *const *arches;
	size_t narches;
	const char *const *profiles;
	size_t nprofiles;
};

struct selector;

/* Parse the text between the braces (s, len: without '{' and '}').
 * Returns the selector, or NULL with *why set to an allocated message and
 * *errpos to the byte offset in s where the problem is. */
struct selector *selector_parse(const char *s, size_t len, const struct sel_vocab *vocab,
                                char **why, size_t *errpos);
/* A selector that holds where holds(ctx, env) does, for conditions the
 * selector language has no words for (ppcond.h's #if conditions); it
 * takes ctx, and frees it with release. */
struct selector *selector_fn(int (*holds)(const void *, const struct sel_env *), void (*release)(void *),
                             void *ctx);
/* Move the terms of more into sel (NULL: a new selector), each negated
 * when negate is set, so that all must hold; more is freed. Returns sel. */
struct selector *selector_and(struct selector *sel, struct selector *more, int negate);

/* 1 when every term holds for env. */
int selector_eval(const struct selector *sel, const struct sel_env *env);
void selector_free(struct selector *sel);

/* Parse "12.2.0" (or "19", "12.3") into v[3]; missing parts are 0.
 * Returns the number of parts read (1-3), or 0 when s is not a version. */
int version_parse(const char *s, int v[3]);

/* The architecture names docs/case-format.md defines. */
extern const char *const builtin_arches[];
extern const size_t nbuiltin_arches;

const char *family_name(enum family f);

#endif
