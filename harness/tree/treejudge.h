/* SPDX-License-Identifier: MIT */
/* treejudge: a unit of a tree judged against the tree's expectations
 * (docs/trees.md), as match.c judges a case: pure, data in and out.
 *
 * The expectations of a unit are those about a file it builds: under the
 * unit's directory, or the unit's object's source (x/y.o: x/y.c); one
 * about a file no unit builds (a header) belongs to every unit.
 */
#ifndef TREEJUDGE_H
#define TREEJUDGE_H

#include "model/diag.h"
#include "model/kinds.h"
#include "model/selector.h"
#include "model/tree.h"

/* Does expectation e belong to unit? */
int tree_unit_has(const char *unit, const struct tree_expect *e);

/* The expectations of unit, as indices into t->expects (allocated; *n
 * of them). */
size_t *tree_unit_expects(const struct tree *t, const char *unit, size_t *n);

/* Judge dl (its files relative to the source tree) for the n
 * expectations idx of t in configuration cfgname and env: each one's
 * outcome into out[], each diagnostic's status and fits (indices into
 * idx). Returns the verdict: V_FAIL when an expectation that applies is
 * missing or a warning or error no expectation explains was printed
 * (*reason says what), V_ERROR when a pattern could not be matched (a
 * limit: *reason), else V_PASS. */
enum verdict tree_judge(const struct tree *t, const size_t *idx, size_t n, const char *cfgname,
                        const struct sel_env *env, struct diaglist *dl, enum outcome *out, char **reason);

#endif
