/* SPDX-License-Identifier: MIT */
/* suite: the `atlas` command: the compilers' own test suites, run as
 * cases on every compiler of their family.
 *
 * A test suite is a tree of a tree file with build dejagnu (GCC's
 * testsuite) or verify (Clang's test/Sema): its source is made ready as a
 * tree's is (treesrc.h, from a Debian package, unpacked once), its tests
 * (globs under the source: regular *.c files only, never a link) are
 * loaded in the suite's dialect, named by their path below the suite's
 * root, and run as `run` runs cases: every compiler of the family (or the
 * suite's compilers), every target, under the files' own flags, in the
 * sandbox, cached. Each suite's results go to OUT.NAME, then are merged
 * into OUT (the parts removed), in the ordinary results format; `table
 * --format atlas` (atlas.h) reports them.
 */
#ifndef SUITE_H
#define SUITE_H

#include "cmd/tree.h"

/* o as for `tree` (its profiles are not used: suites run as written).
 * Returns 0 when every file passes or is n/a, 1 when one fails or errs
 * (a compiler that fails another version's tests is what an atlas
 * measures), 2 for bad input, 128 + N after signal N. */
int suite_main(const struct tree_opts *o);

#endif
