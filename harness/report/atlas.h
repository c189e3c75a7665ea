/* SPDX-License-Identifier: MIT */
/* atlas: the false positives a compiler's own tests record, per version
 * and target (`table --format atlas`, results/atlas.md).
 *
 * Every dg-bogus of a test suite's files (suite.h) is a false positive
 * someone reported. On each configuration it either fired (the outcome
 * dirty, or fp where the test xfails it), stayed silent (clean, or an
 * xfail's XPASS), or could not be measured: the file was n/a there (an
 * effective target, an option that version lacks), the compile failed or
 * stopped with an error before the middle end could warn, or the
 * directive's own selector rules the configuration out. A version where
 * nothing could be seen is never counted as fixed.
 *
 * The report: per option and compiler, how many of these fire (the noise
 * curve); then one row per dg-bogus that fired anywhere, with its bug
 * report (a link to the tracker), file and line, where it fires (version
 * ranges and targets, as the tables say them: grid.h), its first and last
 * firing versions, and whether the test still xfails it (open). The
 * option of a row is the one its firing diagnostics named (FITS).
 *
 * Pure: results in, markdown out.
 */
#ifndef ATLAS_H
#define ATLAS_H

#include <stdio.h>

#include "report/results.h"

void atlas_write(FILE *fp, const struct results *r);

#endif
