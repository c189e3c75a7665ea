/* SPDX-License-Identifier: MIT */
/* grid: "what happened where", the one model behind the reports of table,
 * try and diff --format markdown.
 *
 * A configuration is (compiler, target, profile), on three axes taken
 * from a results file in toolchain and profile order. A row gives each
 * configuration a value (a short text the report makes: "✓ -Wfoo",
 * "silent", ...; NULL where nothing ran). The grid says compactly where
 * each value holds:
 *  - a compiler's cell: the value, or each value with the profiles,
 *    targets or target/profile pairs it holds for, largest first;
 *  - columns: adjacent compilers of one family whose cells are the same
 *    in every row of a table merge into one ("clang 13–16");
 *  - a family's summary: its version ranges, each with its cell
 *    ("11–16: -Wstringop-overflow; silent under kernel, kcsan").
 *
 * Pure: results in, strings out (allocated, the caller frees them).
 */
#ifndef GRID_H
#define GRID_H

#include "report/results.h"

struct grid {
	struct strvec compilers, families, versions;   /* in toolchain order */
	struct strvec targets, profiles;
	size_t nconf;           /* compilers × targets × profiles */
};

void grid_build(struct grid *g, const struct results *r);
/* Add what r has and g lacks (rows made before are then too short). */
void grid_add(struct grid *g, const struct results *r);
void grid_release(struct grid *g);
/* The configuration of job j: its index in a row. */
size_t grid_conf(const struct grid *g, const struct rjob *j);
/* The compiler of configuration k. */
size_t grid_conf_compiler(const struct grid *g, size_t k);

/* One value per configuration (owned; NULL: nothing ran there). */
struct grid_row {
	char **v;
};

void grid_row_init(struct grid_row *row, const struct grid *g);
/* Set configuration k's value (the row takes value). */
void grid_row_set(struct grid_row *row, const struct grid *g, size_t k, char *value);
void grid_row_release(struct grid_row *row, const struct grid *g);

enum grid_style {
	GRID_MARKDOWN,          /* every value qualified: "✓ -Wfoo (default, O0)<br>silent (kernel)" */
	GRID_PROSE,             /* the largest bare, the others qualified: "-Wfoo; silent under kernel" */
};

/* Compiler ci's cell in row: "" when nothing ran for it. Markdown cells
 * are escaped for a table; the values are put in as they are. */
char *grid_cell(const struct grid *g, const struct grid_row *row, size_t ci, enum grid_style style);

/* Where compiler ci's configurations have value: "" nowhere (or nothing
 * ran), "all" everywhere that something ran, else its profiles, targets
 * or target/profile pairs ("default, O0"). */
char *grid_where(const struct grid *g, const struct grid_row *row, size_t ci, const char *value);

/* A column: compilers first to last (indices into g->compilers). */
struct grid_col {
	size_t first, last;
};

/* The columns of a table of nrows rows whose cells are cells[row *
 * ncompilers + compiler]: adjacent compilers of one family with equal
 * cells in every row merge; a compiler with no cell in any row has no
 * column, unless keep (may be NULL) marks it (keep[ci]: try names every
 * compiler that ran). Returns their number; *cols is allocated. */
size_t grid_columns(const struct grid *g, char *const *cells, size_t nrows, const unsigned char *keep,
                    struct grid_col **cols);
/* "gcc-12" for one compiler, "gcc 11–16" for several. */
char *grid_col_label(const struct grid *g, const struct grid_col *c);
/* Family fam's summary of one row, from its compilers' cells (cells[ci],
 * "" where nothing ran): each range of adjacent equal cells as "11–16:
 * CELL", joined by sep; the cell alone when one range covers them all;
 * "" when none ran. */
char *grid_family_cell(const struct grid *g, char *const *cells, const char *fam, const char *sep);

#endif
