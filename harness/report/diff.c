/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/diff.h"
#include "report/grid.h"

struct keyed {
	char *key;              /* "case compiler@target profile" */
	const struct rjob *job;
};

static int
cmp_keyed(const void *a, const void *b)
{
	return strcmp(((const struct keyed *)a)->key, ((const struct keyed *)b)->key);
}

static struct keyed *
index_jobs(const struct results *r)
{
	struct keyed *v = xcalloc(r->njobs + 1, sizeof(*v));

	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		v[i].key = xasprintf("%s %s@%s %s", r->cases[j->caseidx].name, j->compiler, j->target, j->profile);
		v[i].job = j;
	}
	if (r->njobs)
		qsort(v, r->njobs, sizeof(*v), cmp_keyed);
	return v;
}

static void
free_index(struct keyed *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].key);
	free(v);
}

static int
failing(enum verdict v)
{
	return v == V_FAIL || v == V_ERROR;
}

/* The diagnostics of a job as sorted one-line descriptions. */
static void
diag_lines(const struct rjob *j, struct strvec *out)
{
	for (size_t k = 0; j && k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		struct strbuf sb = {0};
		if (*g->file)
			sb_addf(&sb, "line %d: ", g->line);
		sb_addf(&sb, "%s: %s", severity_name(g->sev), g->message);
		if (*g->option)
			sb_addf(&sb, " [%s]", g->option);
		sb_addf(&sb, " (%s)", dstatus_name(g->status));
		strvec_push_nocopy(out, sb_detach(&sb));
	}
	if (out->n)
		strvec_sort(out);
}

/* A change of one configuration, kept for markdown, where the
 * configurations with the same change are one row (grid.h). */
struct change {
	const char *cas;        /* its case's name (borrowed from old or new) */
	char *what;             /* "MARK TEXT" */
	size_t conf;
};

struct out {
	FILE *fp;
	enum diff_format fmt;
	const struct rjob *job; /* the configuration of the lines being written */
	const struct rcase *cases;  /* of the results job is in */
	struct grid *g;
	const struct rcase *old_cases, *new_cases;
	struct change *ch;
	size_t nch;
	size_t nlines;         /* lines written (text) or kept (markdown) */
};

static void
line(struct out *o, const char *key, const char *mark, const char *text)
{
	struct strbuf sb = {0};

	o->nlines++;
	if (o->fmt == DIFF_MARKDOWN) {
		o->ch = xrealloc(o->ch, (o->nch + 1) * sizeof(*o->ch));
		o->ch[o->nch++] = (struct change){
			.cas = o->cases[o->job->caseidx].name,
			.what = xasprintf("%s %s", mark, text), .conf = grid_conf(o->g, o->job),
		};
		return;
	}
	/* no control characters from a file on a terminal */
	sb_add_printable(&sb, key);
	sb_addstr(&sb, ": ");
	sb_add_printable(&sb, text);
	fprintf(o->fp, "%s %s\n", mark, sb_str(&sb));
	sb_release(&sb);
}

static size_t
diff_job(struct out *o, const char *key, const struct rjob *a, const struct rjob *b)
{
	struct strvec da = {0}, db = {0};
	size_t i = 0, k = 0, newfail = 0;

	o->job = b ? b : a;
	o->cases = b ? o->new_cases : o->old_cases;
	if (!a) {
		char *t = xasprintf("new configuration, %s", verdict_name(b->verdict));
		line(o, key, "+", t);
		free(t);
		newfail = failing(b->verdict);
	} else if (!b) {
		char *t = xasprintf("configuration gone (was %s)", verdict_name(a->verdict));
		line(o, key, "-", t);
		free(t);
		return 0;
	} else if (a->verdict != b->verdict) {
		char *t = xasprintf("verdict %s -> %s%s%s", verdict_name(a->verdict), verdict_name(b->verdict),
		                    *b->reason ? ": " : "", b->reason);
		line(o, key, failing(b->verdict) ? "!" : "~", t);
		free(t);
		newfail = failing(b->verdict) && !failing(a->verdict);
	}
	diag_lines(a, &da);
	diag_lines(b, &db);
	while (i < da.n || k < db.n) {
		int c = i == da.n ? 1 : k == db.n ? -1 : strcmp(da.v[i], db.v[k]);
		if (c < 0)
			line(o, key, "-", da.v[i++]);
		else if (c > 0)
			line(o, key, "+", db.v[k++]);
		else
			i++, k++;
	}
	strvec_release(&da);
	strvec_release(&db);
	return newfail;
}

static int
cmp_change(const void *a, const void *b)
{
	const struct change *x = a, *y = b;
	int c = strcmp(x->cas, y->cas);

	if (!c)
		c = strcmp(x->what, y->what);
	return c ? c : (x->conf > y->conf) - (x->conf < y->conf);
}

/* Mark in present[] the configurations of case cas in r. */
static void
mark_present(char *present, const struct grid *g, const struct results *r, const char *cas)
{
	long ci = results_find_case(r, cas);

	for (size_t i = 0; ci >= 0 && i < r->njobs; i++)
		if (r->jobs[i].caseidx == (size_t)ci)
			present[grid_conf(g, &r->jobs[i])] = 1;
}

/* One table per case: a row per change, a column per range of compilers
 * with the same rows, each cell where the change happened. */
static void
write_case_changes(FILE *fp, const struct out *o, const struct results *old, const struct results *new,
                   size_t from, size_t to)
{
	size_t nrows = 0, nc = o->g->compilers.n, ncols;
	char **cells = xcalloc((to - from) * nc + 1, sizeof(*cells));
	struct strvec labels = {0};
	struct grid_col *cols;
	struct strbuf sb = {0};
	char *present = xcalloc(o->g->nconf + 1, 1);

	/* the case's configurations, once: each row is "changed" in some, "same" in the rest */
	mark_present(present, o->g, old, o->ch[from].cas);
	mark_present(present, o->g, new, o->ch[from].cas);
	for (size_t i = from; i < to; nrows++) {
		struct grid_row row;
		size_t k = i;
		grid_row_init(&row, o->g);
		for (size_t c = 0; c < o->g->nconf; c++)
			if (present[c])
				grid_row_set(&row, o->g, c, xstrdup("same"));
		for (; k < to && !strcmp(o->ch[k].what, o->ch[i].what); k++)
			grid_row_set(&row, o->g, o->ch[k].conf, xstrdup("changed"));
		for (size_t ci = 0; ci < nc; ci++)
			cells[nrows * nc + ci] = grid_where(o->g, &row, ci, "changed");
		sb_reset(&sb);
		sb_addf(&sb, "%.1s ", o->ch[i].what);
		sb_add_code_span(&sb, o->ch[i].what + 2, 1);
		strvec_push(&labels, sb_str(&sb));
		grid_row_release(&row, o->g);
		i = k;
	}
	free(present);
	ncols = grid_columns(o->g, cells, nrows, NULL, &cols);
	sb_reset(&sb);
	sb_add_code_span(&sb, o->ch[from].cas, 0);
	fprintf(fp, "\n#### %s\n\n| change |", sb_str(&sb));
	for (size_t k = 0; k < ncols; k++) {
		char *label = grid_col_label(o->g, &cols[k]);
		fprintf(fp, " %s |", label);
		free(label);
	}
	fputs("\n|---|", fp);
	for (size_t k = 0; k < ncols; k++)
		fputs("---|", fp);
	fputc('\n', fp);
	for (size_t r = 0; r < nrows; r++) {
		fprintf(fp, "| %s |", labels.v[r]);
		for (size_t k = 0; k < ncols; k++)
			fprintf(fp, " %s |", *cells[r * nc + cols[k].first] ? cells[r * nc + cols[k].first] : "–");
		fputc('\n', fp);
	}
	for (size_t i = 0; i < nrows * nc; i++)
		free(cells[i]);
	free(cells);
	free(cols);
	strvec_release(&labels);
	sb_release(&sb);
}

static void
write_changes(FILE *fp, struct out *o, const struct results *old, const struct results *new)
{
	fputs("### Changes\n\n", fp);
	if (!o->nch) {
		fputs("Nothing changed: every configuration has the verdict and the diagnostics it had.\n", fp);
		return;
	}
	fputs("Legend: `+` appeared, `-` disappeared, `~` verdict changed, `!` now failing; "
	      "each cell says where: `all`, or the profiles, targets or target/profile pairs.\n", fp);
	qsort(o->ch, o->nch, sizeof(*o->ch), cmp_change);
	for (size_t i = 0, k; i < o->nch; i = k) {
		for (k = i; k < o->nch && !strcmp(o->ch[k].cas, o->ch[i].cas); k++)
			;
		write_case_changes(fp, o, old, new, i, k);
	}
	for (size_t i = 0; i < o->nch; i++)
		free(o->ch[i].what);
	free(o->ch);
}

size_t
results_diff(FILE *fp, const struct results *old, const struct results *new, enum diff_format fmt)
{
	struct keyed *a = index_jobs(old), *b = index_jobs(new);
	size_t i = 0, k = 0, newfail = 0;
	struct grid g;
	struct out o = { .fp = fp, .fmt = fmt, .g = &g, .old_cases = old->cases, .new_cases = new->cases };

	grid_build(&g, old);
	grid_add(&g, new);
	while (i < old->njobs || k < new->njobs) {
		int c = i == old->njobs ? 1 : k == new->njobs ? -1 : strcmp(a[i].key, b[k].key);
		if (c < 0) {
			diff_job(&o, a[i].key, a[i].job, NULL);
			i++;
		} else if (c > 0) {
			newfail += diff_job(&o, b[k].key, NULL, b[k].job);
			k++;
		} else {
			newfail += diff_job(&o, a[i].key, a[i].job, b[k].job);
			i++, k++;
		}
	}
	if (fmt == DIFF_MARKDOWN) {
		write_changes(fp, &o, old, new);
		fprintf(fp, "\n%zu configuration(s) newly failing.\n", newfail);
	} else {
		if (!o.nlines)
			fputs("nothing changed\n", fp);
		fprintf(fp, "%zu configuration(s) newly failing\n", newfail);
	}
	free_index(a, old->njobs);
	free_index(b, new->njobs);
	grid_release(&g);
	return newfail;
}
