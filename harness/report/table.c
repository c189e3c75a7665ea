/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/overview.h"
#include "report/table.h"

/* at most this many rows of unexpected lines per case */
#define MAX_UNEXPECTED_ROWS 50

/* A link to line of the case (0: the file), relative to results/; NULL
 * for a case compiled by an absolute path, which has no place in the
 * repository. */
static char *
case_link(const struct rcase *c, int line)
{
	if (c->path[0] == '/')
		return NULL;
	return line > 0 ? xasprintf("../%s#L%d", c->path, line) : xasprintf("../%s", c->path);
}

/* "[text](link)", or the text when there is no link. */
static void
md_link(struct strbuf *sb, const char *text, const struct rcase *c, int line)
{
	char *link = case_link(c, line);

	if (link)
		sb_addc(sb, '[');
	sb_add_md_text(sb, text);
	if (link) {
		sb_addstr(sb, "](");
		for (const char *p = link; *p; p++)
			sb_addf(sb, (unsigned char)*p <= ' ' || *p == 0x7f || strchr("()<>|", *p) ? "%%%02X" : "%c",
			        (unsigned char)*p);
		sb_addc(sb, ')');
	}
	free(link);
}

/* ---- the overview ---- */

static const char *
family_title(const char *fam)
{
	return !strcmp(fam, "gcc") ? "GCC" : !strcmp(fam, "clang") ? "Clang" : fam;
}

static void
overview_row(FILE *fp, const struct results *r, const struct grid *g, const struct strvec *fams,
             const struct orow *row, int first_of_topic)
{
	const struct rcase *c = &r->cases[row->caseidx];
	char **cells = xcalloc(g->compilers.n + 1, sizeof(*cells));
	struct strbuf sb = {0};

	sb_addstr(&sb, "| ");
	if (first_of_topic)
		sb_add_md_text(&sb, *row->topic ? row->topic : "(top)");
	sb_addstr(&sb, " | ");
	md_link(&sb, row->title, c, row->line);
	for (size_t ci = 0; ci < g->compilers.n; ci++) {
		char *plain = grid_cell(g, &row->values, ci, GRID_PROSE);
		struct strbuf esc = {0};
		sb_add_md_text(&esc, plain);
		cells[ci] = sb_detach(&esc);
		free(plain);
	}
	for (size_t f = 0; f < fams->n; f++) {
		char *cell = grid_family_cell(g, cells, fams->v[f], "<br>");
		sb_addf(&sb, " | %s", *cell ? cell : "n/a");
		free(cell);
	}
	fprintf(fp, "%s |\n", sb_str(&sb));
	for (size_t ci = 0; ci < g->compilers.n; ci++)
		free(cells[ci]);
	free(cells);
	sb_release(&sb);
}

static void
write_overview(FILE *fp, const struct results *r, const struct grid *g)
{
	struct overview o;
	struct strvec fams = {0};

	for (size_t ci = 0; ci < g->compilers.n; ci++)
		if (strvec_find(&fams, g->families.v[ci]) < 0)
			strvec_push(&fams, g->families.v[ci]);
	overview_build(&o, r, g);
	fputs("## Overview\n\n[![who warns where: the overview as a picture](overview.svg)](overview.svg)\n\n", fp);
	fputs("One row per thing the cases check (a line of a case, or the whole case), grouped by topic. "
	      "A cell names the option that fires, or says `silent`; versions with the same result are "
	      "one range, and where targets or profiles differ, it says under which.\n\n| topic | what |", fp);
	for (size_t f = 0; f < fams.n; f++)
		fprintf(fp, " %s |", family_title(fams.v[f]));
	fputs("\n|---|---|", fp);
	for (size_t f = 0; f < fams.n; f++)
		fputs("---|", fp);
	fputc('\n', fp);
	for (size_t i = 0; i < o.n; i++)
		overview_row(fp, r, g, &fams, &o.v[i], !i || strcmp(o.v[i].topic, o.v[i - 1].topic));
	fputc('\n', fp);
	overview_release(&o, g);
	strvec_release(&fams);
}

/* ---- per-case tables ---- */

/* A table being built: rows of a label and a value per configuration. */
struct ctable {
	struct strvec labels;
	struct grid_row *rows;
	size_t n;
};

static struct grid_row *
ctable_add(struct ctable *t, const struct grid *g, char *label)
{
	strvec_push_nocopy(&t->labels, label);
	t->rows = xrealloc(t->rows, (t->n + 1) * sizeof(*t->rows));
	grid_row_init(&t->rows[t->n], g);
	return &t->rows[t->n++];
}

/* Is pattern re a literal text, once its escaped punctuation is read as
 * itself? Then that text is in *out. */
static int
literal(const char *re, struct strbuf *out)
{
	for (const char *p = re; *p; p++) {
		if (*p == '\\' && p[1] && strchr(".^$*+?()[]{}|\\/-'\"", p[1]))
			sb_addc(out, *++p);
		else if (*p == '\\' || strchr(".^$*+?()[]{}|", *p))
			return 0;
		else
			sb_addc(out, *p);
	}
	return 1;
}

/* The message a reader would recognise: the pattern when it is literal,
 * else a message that satisfied it (and the pattern beside it). */
static void
expectation_text(struct strbuf *sb, const struct rcase *c, size_t d, const struct results *r, size_t jb, size_t je)
{
	const struct rdirective *rd = &c->dirs[d];
	struct strbuf lit = {0};
	const char *msg = NULL;

	if (literal(rd->regex, &lit)) {
		sb_addstr(sb, " “");
		sb_add_md_text(sb, sb_str(&lit));
		sb_addstr(sb, "”");
		sb_release(&lit);
		return;
	}
	sb_release(&lit);
	for (size_t i = jb; i < je && !msg; i++)
		for (size_t k = 0; k < r->jobs[i].ndiags && !msg; k++)
			for (size_t f = 0; f < r->jobs[i].diags[k].nfits; f++)
				if (r->jobs[i].diags[k].fits[f] == d)
					msg = r->jobs[i].diags[k].message;
	if (msg) {
		sb_addstr(sb, " “");
		sb_add_md_text(sb, msg);
		sb_addstr(sb, "”, pattern");
	}
	sb_addc(sb, ' ');
	sb_add_code_span(sb, rd->regex, 1);
}

static char *
directive_label(const struct results *r, const struct rcase *c, size_t d, size_t jb, size_t je)
{
	const struct rdirective *rd = &c->dirs[d];
	struct strbuf sb = {0};
	char *lineno = rd->line == LINE_ANY ? xstrdup("*") : xasprintf("%d", rd->line);

	sb_addstr(&sb, "| ");
	md_link(&sb, lineno, c, rd->line == LINE_ANY ? 0 : rd->line);
	sb_addstr(&sb, " | ");
	sb_addstr(&sb, dkind_name(rd->kind));
	if (*rd->selector) {
		char *sel = xasprintf("{%s}", rd->selector);
		sb_addc(&sb, ' ');
		sb_add_code_span(&sb, sel, 1);
		free(sel);
	}
	if (rd->kind != D_CLEAN && rd->kind != D_NO_DIAGNOSTICS)
		expectation_text(&sb, c, d, r, jb, je);
	if (*rd->flag)
		sb_addf(&sb, " `[%s]`", rd->flag);
	if (*rd->ref) {
		sb_addstr(&sb, " (ref: ");
		sb_add_md_text(&sb, rd->ref);
		sb_addc(&sb, ')');
	}
	free(lineno);
	return sb_detach(&sb);
}

/* Did something of d's kind (a note, or not) fire on d's line in j? */
static int
fired_on_line(const struct rcase *c, const struct rdirective *rd, const struct rjob *j)
{
	for (size_t k = 0; k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		if ((g->sev == SEV_NOTE) == (rd->kind == D_NOTE) && !strcmp(g->file, c->path) && g->line == rd->line)
			return 1;
	}
	return 0;
}

/* Where d does not apply: "–", or "silent" when nothing of its kind fired
 * on its line (the fact a reader wants: "Clang is silent here"). */
static char *
not_applying(const struct rcase *c, const struct rdirective *rd, const struct rjob *j)
{
	if (rd->line == LINE_ANY || rd->kind == D_CLEAN || rd->kind == D_NO_DIAGNOSTICS || fired_on_line(c, rd, j))
		return xstrdup("–");
	return xstrdup("silent");
}

static char *
directive_value(const struct rcase *c, size_t d, const struct rjob *j)
{
	static const char *const fixed[] = {
		[OUT_MISSING] = "✗ missing", [OUT_FP_GONE] = "FP gone", [OUT_CLEAN] = "✓ clean",
		[OUT_DIRTY] = "✗ not clean", [OUT_XFAIL] = "XFAIL", [OUT_XPASS] = "✗ XPASS", [OUT_NOTRUN] = "not run",
	};
	struct strbuf sb = {0};
	struct strvec opts = {0};

	if (j->verdict == V_SKIP || j->verdict == V_NA)
		return xstrdup(verdict_name(j->verdict));
	if (j->verdict == V_ERROR)
		return xstrdup("compiler failed");
	switch (j->outcomes[d]) {
	case OUT_NA:
		return not_applying(c, &c->dirs[d], j);
	case OUT_HELD: case OUT_FP:
		satisfied_options(&opts, c, j, d, j->outcomes[d] == OUT_FP ? ST_KNOWN_FP : ST_EXPECTED);
		sb_addstr(&sb, j->outcomes[d] == OUT_FP ? "FP" : "✓");
		for (size_t i = 0; i < opts.n; i++) {
			sb_addc(&sb, ' ');
			sb_add_md_text(&sb, opts.v[i]);
		}
		strvec_release(&opts);
		return sb_detach(&sb);
	default:
		return xstrdup(fixed[j->outcomes[d]]);
	}
}

static const struct rcase *sort_dirs;

/* Line order, then file order; lines of @* sort last. */
static int
cmp_dir(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	unsigned lx = (unsigned)sort_dirs->dirs[x].line - 1, ly = (unsigned)sort_dirs->dirs[y].line - 1;

	if (lx != ly)
		return lx < ly ? -1 : 1;
	return x < y ? -1 : x > y;
}

static void
directive_rows(struct ctable *t, const struct results *r, const struct grid *g, size_t ci, size_t jb, size_t je)
{
	const struct rcase *c = &r->cases[ci];
	size_t *order = xcalloc(c->ndirs + 1, sizeof(*order));

	for (size_t k = 0; k < c->ndirs; k++)
		order[k] = k;
	sort_dirs = c;
	if (c->ndirs)
		qsort(order, c->ndirs, sizeof(*order), cmp_dir);
	sort_dirs = NULL;
	for (size_t k = 0; k < c->ndirs; k++) {
		struct grid_row *row = ctable_add(t, g, directive_label(r, c, order[k], jb, je));
		for (size_t i = jb; i < je; i++)
			grid_row_set(row, g, grid_conf(g, &r->jobs[i]), directive_value(c, order[k], &r->jobs[i]));
	}
	free(order);
}

/* What fired unexpectedly in j on line (0: outside the case file). */
static char *
unexpected_value(const struct rcase *c, int line, const struct rjob *j)
{
	struct strbuf sb = {0};

	if (j->verdict == V_SKIP || j->verdict == V_NA)
		return xstrdup(verdict_name(j->verdict));
	for (size_t k = 0; k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		if (g->status != ST_UNEXPECTED || (line ? strcmp(g->file, c->path) || g->line != line : !strcmp(g->file, c->path)))
			continue;
		sb_addstr(&sb, sb.len ? " " : "⚠ ");
		sb_add_md_text(&sb, *g->option ? g->option : severity_name(g->sev));
	}
	return sb.len ? sb_detach(&sb) : xstrdup("none");
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
}

/* The lines of c where something unexpected fired, sorted, distinct; 0
 * for outside the case file, last. Returns their number. */
static size_t
unexpected_lines(const struct results *r, const struct rcase *c, size_t jb, size_t je, int **out)
{
	int *lines = NULL, outside = 0;
	size_t n = 0, cap = 0, k = 0;

	for (size_t i = jb; i < je; i++)
		for (size_t d = 0; d < r->jobs[i].ndiags; d++) {
			const struct rdiag *g = &r->jobs[i].diags[d];
			if (g->status != ST_UNEXPECTED)
				continue;
			if (strcmp(g->file, c->path)) {
				outside = 1;
				continue;
			}
			xgrow((void **)&lines, &cap, n + 2, sizeof(*lines));
			lines[n++] = g->line;
		}
	if (n)
		qsort(lines, n, sizeof(*lines), cmp_int);
	for (size_t i = 0; i < n; i++)
		if (!i || lines[i] != lines[i - 1])
			lines[k++] = lines[i];
	if (outside) {
		xgrow((void **)&lines, &cap, k + 1, sizeof(*lines));
		lines[k++] = 0;
	}
	*out = lines;
	return k;
}

/* A row per line where something unexpected fired (a row per line reads
 * well for a few; thousands say only that the case is broken there, and
 * would cost rows × jobs); then what is left, counted. */
static size_t
unexpected_rows(struct ctable *t, const struct results *r, const struct grid *g, size_t ci, size_t jb, size_t je)
{
	const struct rcase *c = &r->cases[ci];
	int *lines;
	size_t n = unexpected_lines(r, c, jb, je, &lines), shown = n > MAX_UNEXPECTED_ROWS ? MAX_UNEXPECTED_ROWS : n;

	for (size_t k = 0; k < shown; k++) {
		struct strbuf sb = {0};
		char *num = xasprintf("%d", lines[k]);
		struct grid_row *row;
		sb_addstr(&sb, "| ");
		if (lines[k])
			md_link(&sb, num, c, lines[k]);
		else
			sb_addstr(&sb, "–");
		sb_addstr(&sb, lines[k] ? " | *unexpected*" : " | *unexpected, outside the case file*");
		free(num);
		row = ctable_add(t, g, sb_detach(&sb));
		for (size_t i = jb; i < je; i++)
			grid_row_set(row, g, grid_conf(g, &r->jobs[i]), unexpected_value(c, lines[k], &r->jobs[i]));
	}
	free(lines);
	return n - shown;
}

static void
verdict_row(struct ctable *t, const struct results *r, const struct grid *g, size_t jb, size_t je)
{
	struct grid_row *row = ctable_add(t, g, xstrdup("| | **verdict**"));

	for (size_t i = jb; i < je; i++) {
		enum verdict v = r->jobs[i].verdict;
		grid_row_set(row, g, grid_conf(g, &r->jobs[i]),
		             xstrdup(v == V_FAIL ? "**fail**" : v == V_ERROR ? "**error**" : verdict_name(v)));
	}
}

/* A case's heading: title, name and flags, refs, and why it was not read. */
static void
case_header(FILE *fp, const struct results *r, const struct rcase *c, size_t jb, size_t je)
{
	struct strbuf sb = {0};

	sb_add_md_text(&sb, c->title);
	fprintf(fp, "### %s\n\n", sb_str(&sb));
	sb_reset(&sb);
	md_link(&sb, c->name, c, 0);
	if (*c->std)
		sb_addf(&sb, " · `-std=%s`", c->std);
	if (*c->flags) {
		sb_addstr(&sb, " · flags: ");
		sb_add_code_span(&sb, c->flags, 0);
	}
	if (*c->requires) {
		char *req = xasprintf("{%s}", c->requires);
		sb_addstr(&sb, " · requires ");
		sb_add_code_span(&sb, req, 0);
		free(req);
	}
	fprintf(fp, "%s\n\n", sb_str(&sb));
	for (size_t k = 0; k < c->refs.n; k++) {
		const char *ref = c->refs.v[k];
		/* a reference that starts with a URL: the URL a link, what
		 * follows it (a title, a commit subject) text */
		size_t url = !strncmp(ref, "http://", 7) || !strncmp(ref, "https://", 8) ? strcspn(ref, " \t<>") : 0;
		sb_reset(&sb);
		if (url)
			sb_addf(&sb, "<%.*s>", (int)url, ref);
		sb_add_md_text(&sb, ref + url);
		fprintf(fp, "- ref: %s\n", sb_str(&sb));
	}
	if (c->refs.n)
		fputc('\n', fp);
	if (jb < je && r->jobs[jb].verdict == V_NA && !strncmp(r->jobs[jb].reason, "not supported: ", 15)) {
		sb_reset(&sb);
		sb_add_md_text(&sb, r->jobs[jb].reason + 15);
		fprintf(fp, "*Not read, so n/a everywhere: %s.*\n\n", sb_str(&sb));
	}
	sb_release(&sb);
}

/* The table of t: adjacent compilers with the same cells merged into one column. */
static void
ctable_write(FILE *fp, const struct ctable *t, const struct grid *g)
{
	size_t nc = g->compilers.n, ncols;
	char **cells = xcalloc(t->n * nc + 1, sizeof(*cells));
	struct grid_col *cols;

	for (size_t r = 0; r < t->n; r++)
		for (size_t ci = 0; ci < nc; ci++)
			cells[r * nc + ci] = grid_cell(g, &t->rows[r], ci, GRID_MARKDOWN);
	ncols = grid_columns(g, cells, t->n, NULL, &cols);
	fputs("| line | expectation |", fp);
	for (size_t k = 0; k < ncols; k++) {
		char *label = grid_col_label(g, &cols[k]);
		const char *ver = g->versions.v[cols[k].first];
		fprintf(fp, " %s%s%s |", label, cols[k].first == cols[k].last && *ver ? "<br>" : "",
		        cols[k].first == cols[k].last ? ver : "");
		free(label);
	}
	fputs("\n|---:|---|", fp);
	for (size_t k = 0; k < ncols; k++)
		fputs("---|", fp);
	fputc('\n', fp);
	for (size_t r = 0; r < t->n; r++) {
		fprintf(fp, "%s |", t->labels.v[r]);
		for (size_t k = 0; k < ncols; k++)
			fprintf(fp, " %s |", cells[r * nc + cols[k].first]);
		fputc('\n', fp);
	}
	for (size_t i = 0; i < t->n * nc; i++)
		free(cells[i]);
	free(cells);
	free(cols);
}

static void
write_case(FILE *fp, const struct results *r, const struct grid *g, size_t ci, size_t jb, size_t je)
{
	struct ctable t = {0};
	size_t more;
	int all_pass = 1;

	case_header(fp, r, &r->cases[ci], jb, je);
	directive_rows(&t, r, g, ci, jb, je);
	more = unexpected_rows(&t, r, g, ci, jb, je);
	for (size_t i = jb; i < je; i++)
		all_pass &= r->jobs[i].verdict != V_FAIL && r->jobs[i].verdict != V_ERROR;
	if (!all_pass)
		verdict_row(&t, r, g, jb, je);
	if (t.n)
		ctable_write(fp, &t, g);
	if (more)
		fprintf(fp, "\n*Unexpected diagnostics on %zu more lines: see the results file.*\n", more);
	fputc('\n', fp);
	for (size_t k = 0; k < t.n; k++)
		grid_row_release(&t.rows[k], g);
	free(t.rows);
	strvec_release(&t.labels);
}

/* ---- the page ---- */

static void
write_legend(FILE *fp)
{
	fputs("## How to read the case tables\n\n"
	      "Each case is a small C file; each row is one of its expectations (or a line where something "
	      "fired that no expectation names), and links to its line. Each column is a compiler over all "
	      "its targets and profiles; adjacent versions with the same cells in every row are one column "
	      "(\"clang 13–16\"). Where targets or profiles disagree, each value is listed with the profiles, "
	      "targets or target/profile pairs it holds for. A verdict row appears only where a configuration "
	      "does not pass.\n\n", fp);
	fputs("| mark | meaning |\n|---|---|\n"
	      "| ✓ -Wfoo | expected, and this diagnostic satisfied it |\n"
	      "| ✗ missing | expected, but nothing matching fired |\n"
	      "| silent | the expectation does not apply here, and nothing of its kind fired on its line |\n"
	      "| – | the expectation does not apply here (something else, shown in another row, fired) |\n"
	      "| ✓ clean / ✗ not clean | `expect-clean` / `expect-no-diagnostics` held / did not hold |\n"
	      "| ⚠ -Wfoo | fired where nothing was expected |\n"
	      "| FP -Wfoo | a documented false positive (`known-fp`) fired |\n"
	      "| FP gone | a documented false positive no longer fires |\n"
	      "| XFAIL / ✗ XPASS | DejaGnu: an expectation marked `xfail` did not hold, as marked / held after "
	      "all (a failure, as in runtest) |\n"
	      "| compiler failed | it crashed, reported an internal error, or ran out of time |\n"
	      "| skip / n/a | compiler or target not installed / `case-requires` does not hold |\n\n", fp);
}

static void
write_compilers(FILE *fp, const struct results *r, const struct grid *g)
{
	fputs("## Compilers\n\n| compiler | version | targets found | missing |\n|---|---|---|---|\n", fp);
	for (size_t ci = 0; ci < g->compilers.n; ci++) {
		struct strbuf found = {0}, missing = {0};
		const char *ver = g->versions.v[ci];
		for (size_t i = 0; i < r->ntcs; i++) {
			const struct rtoolchain *t = &r->tcs[i];
			if (strcmp(t->compiler, g->compilers.v[ci]))
				continue;
			if (t->status == TC_FOUND) {
				sb_addf(&found, "%s%s", found.len ? ", " : "", t->target);
			} else {
				sb_addf(&missing, "%s%s: ", missing.len ? "; " : "", t->target);
				sb_add_md_text(&missing, t->note);
			}
		}
		fprintf(fp, "| %s | %s | %s | %s |\n", g->compilers.v[ci], *ver ? ver : "–",
		        found.len ? sb_str(&found) : "–", missing.len ? sb_str(&missing) : "–");
		sb_release(&found);
		sb_release(&missing);
	}
	fputs("\n<details><summary>Profiles and their flags</summary>\n\n", fp);
	for (size_t i = 0; i < r->nprofiles; i++) {
		struct strbuf sb = {0};
		sb_add_code_span(&sb, r->profiles[i].flags, 0);
		fprintf(fp, "- `%s`: %s\n", r->profiles[i].name, sb_str(&sb));
		sb_release(&sb);
	}
	fputs("\n</details>\n\n", fp);
}

/* "Generated by ... N cases, N configurations run: ..." */
static void
write_counts(FILE *fp, const struct results *r)
{
	const char *rev = results_get_meta(r, "revision"), *harness = results_get_meta(r, "harness");
	size_t counts[5] = {0};

	for (size_t i = 0; i < r->njobs; i++)
		counts[r->jobs[i].verdict]++;
	/* no date or host: the table depends only on what the compilers said,
	 * so shards merged and a run in one piece give the same bytes (both are
	 * in the results file) */
	fprintf(fp, "Generated by diagmatrix %s from the harness and cases of commit %s. ", harness ? harness : "?",
	        rev ? rev : "?");
	fprintf(fp, "%zu cases, %zu configurations run: %zu pass, %zu fail, %zu error, %zu skip, %zu n/a.\n\n",
	        r->ncases, r->njobs, counts[V_PASS], counts[V_FAIL], counts[V_ERROR], counts[V_SKIP], counts[V_NA]);
}

void
table_write_overview(FILE *fp, const struct results *r)
{
	struct grid g;

	grid_build(&g, r);
	write_counts(fp, r);
	write_overview(fp, r, &g);
	grid_release(&g);
}

void
table_write(FILE *fp, const struct results *r)
{
	struct grid g;
	size_t *first, *end;

	grid_build(&g, r);
	fputs("# diagmatrix: compiler diagnostics compatibility\n\n", fp);
	write_counts(fp, r);
	write_overview(fp, r, &g);
	write_compilers(fp, r, &g);
	write_legend(fp);
	fputs("## Cases\n\n", fp);
	case_jobs(r, &first, &end);
	for (size_t ci = 0; ci < r->ncases; ci++)
		write_case(fp, r, &g, ci, first[ci], end[ci]);
	free(first);
	free(end);
	grid_release(&g);
}
