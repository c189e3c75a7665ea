/* SPDX-License-Identifier: MIT */
/* try: what fired where, for files with no annotations (`diagmatrix
 * try`): one row per distinct diagnostic (file, line, severity, option,
 * message; the column is left out and a header is named by its file name
 * alone, so that compilers agree), one column
 * per range of compilers with the same rows (grid.h), each cell saying
 * where the diagnostic fired: "all", the profiles, targets or pairs, or
 * "–" for nowhere.
 *
 *   text       an aligned grid for a terminal, the diagnostics listed above it
 *   markdown   the same as a GFM table, to paste into a bug report
 *   json       one object: the columns, and each diagnostic with the
 *              configurations (compiler: ["target/profile", ...]) it fired in
 */
#ifndef TRY_H
#define TRY_H

#include <stdio.h>

#include "report/results.h"

enum try_format { TRY_TEXT, TRY_MARKDOWN, TRY_JSON };

/* How try shows its answer: the format, and for text the most columns a
 * line of the grid may take (wider grids are cut into bands of columns,
 * each with the row numbers; 0: no limit). */
struct try_view {
	enum try_format fmt;
	size_t width;
};

void try_write(FILE *fp, const struct results *r, const struct try_view *view);

#endif
