/* SPDX-License-Identifier: MIT */
/* svg: the overview (overview.h) as a picture, for the top of compat.md.
 *
 * One row per overview row under its topic, one column per range of
 * compiler versions with the same results (grid.h), each cell split into
 * bars coloured by outcome in proportion to the configurations (targets ×
 * profiles) that had it, with a legend. Plain SVG 1.1: text, rectangles
 * and titles (tooltips), nothing GitHub's image proxy would drop.
 */
#ifndef SVG_H
#define SVG_H

#include <stdio.h>

#include "report/results.h"

void svg_write(FILE *fp, const struct results *r);

#endif
