/* SPDX-License-Identifier: MIT */
/* grid: how cells say where each value holds, and how columns and
 * version ranges merge. */
#include <stdlib.h>

#include "pipeline/exec.h"
#include "report/grid.h"
#include "t.h"

/* Two families of three versions, three targets, three profiles. */
static void
axes(struct grid *g)
{
	static const char *const cs[] = { "gcc-11", "gcc-12", "gcc-trunk", "clang-14", "clang-15", "clang-16" };

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < 6; i++) {
		strvec_push(&g->compilers, cs[i]);
		strvec_push(&g->families, i < 3 ? "gcc" : "clang");
		strvec_push(&g->versions, "");
	}
	strvec_push(&g->targets, "x86-64");
	strvec_push(&g->targets, "arm64");
	strvec_push(&g->targets, "s390x");
	strvec_push(&g->profiles, "default");
	strvec_push(&g->profiles, "O0");
	strvec_push(&g->profiles, "kernel");
	g->nconf = 6 * 3 * 3;
}

/* Compiler ci's nine configurations from a pattern: row-major by target,
 * 'y' "yes", 'n' "no", '.' nothing ran, 'a' "n/a". */
static void
set(struct grid_row *row, const struct grid *g, size_t ci, const char *pat)
{
	for (size_t k = 0; k < 9; k++)
		grid_row_set(row, g, ci * 9 + k, pat[k] == '.' ? NULL :
		             xstrdup(pat[k] == 'y' ? "yes" : pat[k] == 'n' ? "no" : "n/a"));
}

static void
where(const struct grid *g, const char *pat, const char *want)
{
	struct grid_row row;
	char *got;

	grid_row_init(&row, g);
	set(&row, g, 0, pat);
	got = grid_where(g, &row, 0, "yes");
	CHECK_STR(got, want);
	free(got);
	grid_row_release(&row, g);
}

TEST(grid_where)
{
	struct grid g;

	axes(&g);
	/* x86-64: default O0 kernel | arm64 | s390x */
	where(&g, "yyyyyyyyy", "all");
	where(&g, "nnnnnnnnn", "");
	where(&g, "yynyynyyn", "default, O0");                  /* whole profiles */
	where(&g, "nnnyyynnn", "arm64");                        /* a whole target */
	where(&g, "yynyynnnn", "default, O0 on x86-64, arm64"); /* profiles on some targets */
	where(&g, "nnynnnnny", "kernel on x86-64, s390x");
	where(&g, "yynyynyyy", "all but kernel on x86-64, arm64");
	where(&g, "ynnyyyyyy", "all but O0, kernel on x86-64");
	where(&g, "nyyyyyyyn", "all but x86-64/default, s390x/kernel");
	where(&g, "ynnnnnnnn", "x86-64/default");
	where(&g, "nynnynnyy", "O0, s390x/kernel");             /* a whole profile, then a pair */
	where(&g, "nynnnnnyy", "x86-64/O0, s390x/O0, s390x/kernel");
	where(&g, "yyaaaannn", "x86-64");    /* n/a left out: of what ran, x86-64 whole */
	where(&g, "yy.yy.nn.", "x86-64, arm64");                /* nothing ran under kernel */
	grid_release(&g);
}

TEST(grid_cells_columns_ranges)
{
	struct grid g;
	struct grid_row row;
	struct grid_col *cols;
	char *cells[6], *s;
	size_t n;

	axes(&g);
	grid_row_init(&row, &g);
	set(&row, &g, 0, "yynyynyyn");
	set(&row, &g, 1, "yynyynyyn");
	set(&row, &g, 2, "yyyyyyyyy");
	set(&row, &g, 3, "nnnnnnnnn");
	set(&row, &g, 4, "nnnnnnnnn");
	set(&row, &g, 5, "aaaaaaaaa");
	s = grid_cell(&g, &row, 0, GRID_MARKDOWN);
	CHECK_STR(s, "yes (default, O0)<br>no (kernel)");
	free(s);
	s = grid_cell(&g, &row, 0, GRID_PROSE);
	CHECK_STR(s, "yes; no under kernel");
	free(s);
	s = grid_cell(&g, &row, 5, GRID_PROSE);
	CHECK_STR(s, "n/a");
	free(s);
	for (size_t ci = 0; ci < 6; ci++)
		cells[ci] = grid_cell(&g, &row, ci, GRID_PROSE);
	n = grid_columns(&g, cells, 1, NULL, &cols);
	CHECK(n == 4);
	if (n == 4) {
		CHECK(cols[0].first == 0 && cols[0].last == 1);
		CHECK(cols[1].first == 2 && cols[1].last == 2);
		CHECK(cols[2].first == 3 && cols[2].last == 4);
		s = grid_col_label(&g, &cols[0]);
		CHECK_STR(s, "gcc 11–12");
		free(s);
		s = grid_col_label(&g, &cols[1]);
		CHECK_STR(s, "gcc-trunk");
		free(s);
	}
	free(cols);
	s = grid_family_cell(&g, cells, "gcc", "<br>");
	CHECK_STR(s, "11–12: yes; no under kernel<br>trunk: yes");
	free(s);
	s = grid_family_cell(&g, cells, "clang", "<br>");
	CHECK_STR(s, "14–15: no<br>16: n/a");
	free(s);
	for (size_t ci = 0; ci < 6; ci++)
		free(cells[ci]);
	grid_row_release(&row, &g);
	grid_release(&g);
}

/* A point release beside its major version ("gcc-11.5" beside "gcc-11",
 * Debian 12's 11.3): ranges name both by X.Y, never "11" for one of two. */
TEST(grid_point_release_labels)
{
	static const char *const cs[] = { "gcc-11", "gcc-11.5", "gcc-12", "gcc-16" };
	static const char *const vs[] = { "11.3.0", "11.5.0", "12.2.0", "16.2.0" };
	static const char *const val[] = { "silent", "FP", "FP", "FP" };
	struct grid g = {0};
	struct grid_row row;
	struct grid_col *cols;
	char *cells[4], *s;
	size_t n;

	for (size_t i = 0; i < 4; i++) {
		strvec_push(&g.compilers, cs[i]);
		strvec_push(&g.families, "gcc");
		strvec_push(&g.versions, vs[i]);
	}
	strvec_push(&g.targets, "x86-64");
	strvec_push(&g.profiles, "default");
	g.nconf = 4;
	grid_row_init(&row, &g);
	for (size_t i = 0; i < 4; i++)
		grid_row_set(&row, &g, i, xstrdup(val[i]));
	for (size_t ci = 0; ci < 4; ci++)
		cells[ci] = grid_cell(&g, &row, ci, GRID_PROSE);
	s = grid_family_cell(&g, cells, "gcc", "<br>");
	CHECK_STR(s, "11.3: silent<br>11.5–16: FP");
	free(s);
	n = grid_columns(&g, cells, 1, NULL, &cols);
	CHECK(n == 2);
	if (n == 2) {
		s = grid_col_label(&g, &cols[1]);
		CHECK_STR(s, "gcc 11.5–16");
		free(s);
	}
	free(cols);
	/* all alike: one range, from the first to the last */
	free(cells[0]);
	cells[0] = xstrdup("FP");
	cols = NULL;
	n = grid_columns(&g, cells, 1, NULL, &cols);
	if (n == 1) {
		s = grid_col_label(&g, &cols[0]);
		CHECK_STR(s, "gcc 11.3–16");
		free(s);
	}
	CHECK(n == 1);
	free(cols);
	for (size_t ci = 0; ci < 4; ci++)
		free(cells[ci]);
	grid_row_release(&row, &g);
	grid_release(&g);
}

/* The progress line's estimate: each compiler's jobs left at its own cost
 * so far, one that has run none at the mean of all, over the parallel jobs. */
TEST(exec_time_left)
{
	size_t left[] = { 3, 4 }, ran[] = { 2, 0 };
	double spent[] = { 10, 0 };

	CHECK(exec_time_left(left, ran, spent, 2, 2) == 17.5);
	ran[1] = 1;
	spent[1] = 1;
	CHECK(exec_time_left(left, ran, spent, 2, 2) == 9.5);
	ran[0] = ran[1] = 0;
	CHECK(exec_time_left(left, ran, spent, 2, 2) == 0);
}
