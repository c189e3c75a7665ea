/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/overview.h"
#include "report/svg.h"

#define TITLE_W 430     /* the column of row titles */
#define CELL_W 58
#define CELL_H 18
#define ROW_H 22
#define HEAD_H 90       /* column labels, turned */
#define TITLE_MAX 64    /* characters of a row title shown */

static const char *const colours[OC_COUNT] = {
	[OC_NONE] = "#ffffff", [OC_SILENT] = "#cfd8dc", [OC_FIRES] = "#2e7d32",
	[OC_FP] = "#f57c00", [OC_FAIL] = "#c62828", [OC_ERROR] = "#212121",
};

static void
xml_text(FILE *fp, const char *s, size_t max)
{
	size_t n = 0;

	for (; *s && n < max; s++) {
		unsigned char c = (unsigned char)*s;
		n += (c & 0xc0) != 0x80;
		if (c == '&')
			fputs("&amp;", fp);
		else if (c == '<')
			fputs("&lt;", fp);
		else if (c == '>')
			fputs("&gt;", fp);
		else if (c == '"')
			fputs("&quot;", fp);
		else
			fputc(c < 0x20 ? ' ' : c, fp);
	}
	if (*s)
		fputs("…", fp);
}

/* One cell: bars per class, in class order, sized by the configurations
 * of compiler ci that had it; the cell's text as its tooltip. */
static void
cell(FILE *fp, const struct grid *g, const struct orow *row, size_t ci, const char *text, int x, int y)
{
	size_t per = g->targets.n * g->profiles.n, count[OC_COUNT] = {0}, total = 0;
	double at = x;

	for (size_t k = 0; k < per; k++)
		if (row->values.v[ci * per + k]) {
			count[row->cls[ci * per + k]]++;
			total++;
		}
	fputs("<g><title>", fp);
	xml_text(fp, *text ? text : "n/a", 2000);
	fputs("</title>", fp);
	if (!total)
		count[OC_NONE] = total = 1;
	for (int c = 0; c < OC_COUNT; c++) {
		double w = (double)(CELL_W - 2) * (double)count[c] / (double)total;
		if (!count[c])
			continue;
		fprintf(fp, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", at, y, w, CELL_H,
		        colours[c]);
		at += w;
	}
	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#90a4ae\"/></g>\n",
	        x, y, CELL_W - 2, CELL_H);
}

static void
legend(FILE *fp, int y)
{
	static const enum oclass order[] = { OC_FIRES, OC_SILENT, OC_FP, OC_FAIL, OC_ERROR, OC_NONE };

	/* three to a line, in columns */
	for (size_t i = 0; i < LEN(order); i++) {
		int x = 10 + (int)(i % 3) * 300, yy = y + (int)(i / 3) * 20;
		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\" stroke=\"#90a4ae\"/>", x, yy,
		        colours[order[i]]);
		fprintf(fp, "<text x=\"%d\" y=\"%d\">", x + 20, yy + 12);
		xml_text(fp, oclass_label(order[i]), 80);
		fputs("</text>\n", fp);
	}
}

/* Each row's cell text per compiler (the columns' model), row-major. */
static char **
row_cells(const struct grid *g, const struct overview *o)
{
	size_t nc = g->compilers.n;
	char **cells = xcalloc(o->n * nc + 1, sizeof(*cells));

	for (size_t r = 0; r < o->n; r++)
		for (size_t ci = 0; ci < nc; ci++)
			cells[r * nc + ci] = grid_cell(g, &o->v[r].values, ci, GRID_PROSE);
	return cells;
}

static void
header(FILE *fp, const struct grid *g, const struct grid_col *cols, size_t ncols, int width, int height)
{
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
	        "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">\n"
	        "<title>diagmatrix: who warns where</title>\n"
	        "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
	        width, height, width, height);
	for (size_t k = 0; k < ncols; k++) {
		char *label = grid_col_label(g, &cols[k]);
		int x = TITLE_W + (int)k * CELL_W + CELL_W / 2;
		fprintf(fp, "<text transform=\"translate(%d,%d) rotate(-45)\">", x, HEAD_H - 6);
		xml_text(fp, label, 40);
		fputs("</text>\n", fp);
		free(label);
	}
}

void
svg_write(FILE *fp, const struct results *r)
{
	struct grid g;
	struct overview o;
	struct grid_col *cols;
	char **cells;
	size_t ncols, ntopics = 0;
	int y, width, height;

	grid_build(&g, r);
	overview_build(&o, r, &g);
	cells = row_cells(&g, &o);
	ncols = grid_columns(&g, cells, o.n, NULL, &cols);
	for (size_t i = 0; i < o.n; i++)
		ntopics += !i || strcmp(o.v[i].topic, o.v[i - 1].topic);
	width = TITLE_W + (int)ncols * CELL_W + 40;
	if (width < 920)
		width = 920;    /* the legend's */
	height = HEAD_H + (int)(o.n + ntopics) * ROW_H + 70;
	header(fp, &g, cols, ncols, width, height);
	y = HEAD_H;
	for (size_t i = 0; i < o.n; i++) {
		if (!i || strcmp(o.v[i].topic, o.v[i - 1].topic)) {
			fprintf(fp, "<text x=\"6\" y=\"%d\" font-weight=\"bold\">", y + 15);
			xml_text(fp, *o.v[i].topic ? o.v[i].topic : "(top)", TITLE_MAX);
			fputs("</text>\n", fp);
			y += ROW_H;
		}
		fprintf(fp, "<text x=\"18\" y=\"%d\">", y + 14);
		xml_text(fp, o.v[i].title, TITLE_MAX);
		fputs("</text>\n", fp);
		for (size_t k = 0; k < ncols; k++)
			cell(fp, &g, &o.v[i], cols[k].first, cells[i * g.compilers.n + cols[k].first],
			     TITLE_W + (int)k * CELL_W, y + 1);
		y += ROW_H;
	}
	legend(fp, y + 16);
	fputs("</svg>\n", fp);
	for (size_t i = 0; i < o.n * g.compilers.n; i++)
		free(cells[i]);
	free(cells);
	free(cols);
	overview_release(&o, &g);
	grid_release(&g);
}
