/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/atlas.h"
#include "report/grid.h"

enum astate { AS_NONE, AS_SILENT, AS_FIRES, AS_UNMEASURED };

static const char *const state_text[] = { "", "silent", "fires", "not measurable" };

/* One dg-bogus of a case: where it fired. */
struct fp {
	size_t ci, k;           /* the case, the directive */
	char *option;           /* what its firing diagnostics named most ("" none) */
	unsigned char *fired, *measured;    /* per compiler of the grid */
	int first, last;        /* the first and last compiler it fired on, -1: none */
	int open;               /* its xfail applied somewhere: the test says it is not fixed */
};

/* Directive k in job j. Fired is a fact wherever it is seen; silence
 * counts only where the file compiled to the end. */
static enum astate
state(const struct rjob *j, size_t k)
{
	enum outcome o = j->outcomes ? j->outcomes[k] : OUT_NA;

	if (o == OUT_DIRTY || o == OUT_FP)
		return AS_FIRES;
	if (j->verdict != V_PASS && j->verdict != V_FAIL)
		return AS_UNMEASURED;
	if (j->exit_code || j->signal || (o != OUT_CLEAN && o != OUT_XPASS))
		return AS_UNMEASURED;
	return AS_SILENT;
}

/* "-Warray-bounds" of "-Warray-bounds=", as a row groups them. */
static char *
option_key(const char *opt)
{
	size_t n = strlen(opt);

	return xstrndup(opt, n && opt[n - 1] == '=' ? n - 1 : n);
}

/* The option of diagnostic d of j: a note's is that of the warning it
 * follows (a dg-bogus on "declared here" is that warning's false positive). */
static const char *
diag_option(const struct rjob *j, size_t d)
{
	while (d > 0 && j->diags[d].sev == SEV_NOTE)
		d--;
	return j->diags[d].option;
}

/* The option most of f's firing diagnostics named in j, counted into votes. */
static void
vote_option(const struct rjob *j, size_t k, struct strvec *opts, size_t **votes)
{
	for (size_t d = 0; d < j->ndiags; d++) {
		const struct rdiag *dg = &j->diags[d];
		for (size_t i = 0; i < dg->nfits; i++) {
			char *key;
			long at;
			if (dg->fits[i] != k)
				continue;
			key = option_key(diag_option(j, d));
			if ((at = strvec_find(opts, key)) < 0) {
				strvec_push(opts, key);
				*votes = xrealloc(*votes, opts->n * sizeof(**votes));
				(*votes)[opts->n - 1] = 0;
				at = (long)opts->n - 1;
			}
			(*votes)[at]++;
			free(key);
		}
	}
}

/* Directive k of case ci over its jobs (idx[0..n)): its row and counts. */
static void
measure(const struct results *r, const struct grid *g, const size_t *idx, size_t n, struct fp *f,
        struct grid_row *row)
{
	struct strvec opts = {0};
	size_t *votes = NULL, best = 0;

	f->fired = xcalloc(g->compilers.n + 1, 1);
	f->measured = xcalloc(g->compilers.n + 1, 1);
	f->first = f->last = -1;
	grid_row_init(row, g);
	for (size_t i = 0; i < n; i++) {
		const struct rjob *j = &r->jobs[idx[i]];
		size_t conf = grid_conf(g, j), cc = grid_conf_compiler(g, conf);
		enum astate s = state(j, f->k);
		enum outcome o = j->outcomes ? j->outcomes[f->k] : OUT_NA;
		f->open |= o == OUT_FP || o == OUT_XPASS;
		grid_row_set(row, g, conf, xstrdup(state_text[s]));
		f->measured[cc] |= s == AS_FIRES || s == AS_SILENT;
		if (s == AS_FIRES) {
			f->fired[cc] = 1;
			vote_option(j, f->k, &opts, &votes);
		}
	}
	for (size_t c = 0; c < g->compilers.n; c++)
		if (f->fired[c]) {
			f->first = f->first < 0 ? (int)c : f->first;
			f->last = (int)c;
		}
	for (size_t i = 0; i < opts.n; i++)
		if (votes[i] > votes[best])
			best = i;
	f->option = xstrdup(opts.n ? opts.v[best] : "");
	free(votes);
	strvec_release(&opts);
}

/* "11.3" of gcc-11 at 11.3.0, "trunk" of gcc-trunk: a column's name. */
static char *
xy_label(const struct grid *g, size_t c)
{
	const char *name = g->compilers.v[c], *v = g->versions.v[c], *dot = strchr(v, '.');
	size_t n = strlen(name);

	if (n > 6 && !strcmp(name + n - 6, "-trunk"))
		return xstrdup("trunk");
	if (!dot)
		return xstrdup(*v ? v : name);
	return xstrndup(v, (size_t)(dot + 1 - v) + strspn(dot + 1, "0123456789"));
}

/* The X.Y label, or the compiler's name where another of its family has
 * the same X.Y (two builds of one release). */
static char *
version_label(const struct grid *g, size_t c)
{
	char *l = xy_label(g, c);

	for (size_t o = 0; o < g->compilers.n; o++) {
		char *m;
		if (o == c || strcmp(g->families.v[o], g->families.v[c]))
			continue;
		m = xy_label(g, o);
		if (!strcmp(m, l)) {
			free(l);
			l = xstrdup(g->compilers.v[c]);
		}
		free(m);
		if (!strcmp(l, g->compilers.v[c]))
			break;
	}
	return l;
}

static const char *
family_label(const struct grid *g, size_t c)
{
	return !strcmp(g->families.v[c], "gcc") ? "GCC" : !strcmp(g->families.v[c], "clang") ? "Clang" :
	       g->families.v[c];
}

/* A bug report as a link: "PR 98266" to the family's tracker. */
static void
report_link(struct strbuf *sb, const char *ref, const char *family)
{
	long n = !strncmp(ref, "PR ", 3) ? strtol(ref + 3, NULL, 10) : 0;

	if (n > 0 && !strcmp(family, "gcc"))
		sb_addf(sb, "[PR %ld](https://gcc.gnu.org/PR%ld)", n, n);
	else if (n > 0 && !strcmp(family, "clang"))
		sb_addf(sb, "[PR %ld](https://llvm.org/PR%ld)", n, n);
	else if (*ref)
		sb_add_md_text(sb, ref);
	else
		sb_addstr(sb, "–");
}

static const struct results *sort_r;

static int
cmp_fp(const void *a, const void *b)
{
	const struct fp *x = a, *y = b;
	int c = strcmp(x->option, y->option);

	if (!c)
		c = strcmp(sort_r->cases[x->ci].name, sort_r->cases[y->ci].name);
	if (!c)
		c = sort_r->cases[x->ci].dirs[x->k].src_line - sort_r->cases[y->ci].dirs[y->k].src_line;
	return c;
}

/* The jobs of each case: idx[start[ci] .. start[ci + 1]). */
static size_t *
jobs_by_case(const struct results *r, size_t **start)
{
	size_t *idx = xcalloc(r->njobs + 1, sizeof(*idx)), *fill = xcalloc(r->ncases + 1, sizeof(*fill));

	*start = xcalloc(r->ncases + 2, sizeof(**start));
	for (size_t j = 0; j < r->njobs; j++)
		(*start)[r->jobs[j].caseidx + 1]++;
	for (size_t c = 0; c < r->ncases; c++)
		(*start)[c + 1] += (*start)[c];
	for (size_t j = 0; j < r->njobs; j++) {
		size_t c = r->jobs[j].caseidx;
		idx[(*start)[c] + fill[c]++] = j;
	}
	free(fill);
	return idx;
}

/* Per family, per option: how many fire on each compiler (any target). */
static void
write_curve(FILE *fp, const struct grid *g, const struct fp *v, size_t n, const size_t *measurable)
{
	for (size_t c0 = 0; c0 < g->compilers.n;) {
		const char *fam = g->families.v[c0];
		size_t c1 = c0, any = 0;
		while (c1 < g->compilers.n && !strcmp(g->families.v[c1], fam))
			any |= measurable[c1++];
		if (any) {
			fprintf(fp, "| %s: option |", family_label(g, c0));
			for (size_t c = c0; c < c1; c++) {
				char *l = version_label(g, c);
				fprintf(fp, " %s |", l);
				free(l);
			}
			fputs("\n|---|", fp);
			for (size_t c = c0; c < c1; c++)
				fputs("---:|", fp);
			fputc('\n', fp);
			for (size_t i = 0; i <= n; i++) {
				size_t cnt;
				/* one row per option (v is sorted by it), then all of them */
				if (i < n && i && !strcmp(v[i].option, v[i - 1].option))
					continue;
				if (i < n)
					fprintf(fp, "| %s |", *v[i].option ? v[i].option : "(no option)");
				else
					fputs("| **all** |", fp);
				for (size_t c = c0; c < c1; c++) {
					cnt = 0;
					for (size_t k = i < n ? i : 0; k < n && (i == n || !strcmp(v[k].option, v[i].option)); k++)
						cnt += v[k].fired[c];
					fprintf(fp, i < n ? " %zu |" : " **%zu** |", cnt);
				}
				fputc('\n', fp);
			}
			fputs("| measurable |", fp);
			for (size_t c = c0; c < c1; c++)
				fprintf(fp, " %zu |", measurable[c]);
			fputs("\n\n", fp);
		}
		c0 = c1;
	}
}

/* "GCC 11.3", "every version measured", or "–". */
static char *
when_label(const struct grid *g, const struct fp *f, int last)
{
	char *l, *s;
	int every = f->first >= 0;

	for (size_t c = 0; c < g->compilers.n && every; c++)
		if (f->measured[c] && !f->fired[c] && !strcmp(g->families.v[c], g->families.v[f->first]))
			every = 0;
	if (f->first < 0)
		return xstrdup("–");
	if (every)
		return xstrdup("every version measured");
	l = version_label(g, (size_t)(last ? f->last : f->first));
	s = xasprintf("%s %s", family_label(g, (size_t)f->first), l);
	free(l);
	return s;
}

static void
write_row(FILE *fp, const struct results *r, const struct grid *g, const struct fp *f, const struct grid_row *row)
{
	const struct rcase *c = &r->cases[f->ci];
	const struct rdirective *d = &c->dirs[f->k];
	const char *fam = g->families.v[f->first];
	char **cells = xcalloc(g->compilers.n + 1, sizeof(*cells)), *where, *first = when_label(g, f, 0),
	     *last = when_label(g, f, 1);
	struct strbuf sb = {0};

	for (size_t ci = 0; ci < g->compilers.n; ci++)
		cells[ci] = grid_cell(g, row, ci, GRID_PROSE);
	where = grid_family_cell(g, cells, fam, "<br>");
	sb_addstr(&sb, "| ");
	report_link(&sb, d->ref, fam);
	sb_addstr(&sb, " | ");
	{
		char *at = xasprintf("%s:%d", c->name, d->src_line);
		sb_add_code_span(&sb, at, 1);
		free(at);
	}
	sb_addf(&sb, " | %s | %s | %s | ", where, first, !strcmp(first, "every version measured") ? "" : last);
	if (f->open) {
		sb_addstr(&sb, "**open** (");
		sb_add_code_span(&sb, d->selector, 1);
		sb_addstr(&sb, ")");
	} else {
		sb_addstr(&sb, "silent expected");
	}
	sb_addstr(&sb, " |\n");
	fputs(sb_str(&sb), fp);
	sb_release(&sb);
	for (size_t ci = 0; ci < g->compilers.n; ci++)
		free(cells[ci]);
	free(cells);
	free(where);
	free(first);
	free(last);
}

static void
write_head(FILE *fp, const struct results *r, size_t nfiles, size_t nbogus, size_t nfired, size_t nopen)
{
	const char *rev = results_get_meta(r, "revision"), *date = results_get_meta(r, "date");

	fputs("# diagmatrix: the compilers' own false positives\n\n", fp);
	fprintf(fp, "Generated by diagmatrix from the harness of commit %s, run %s. ", rev ? rev : "?", date ? date : "?");
	fprintf(fp, "%zu test files of the compilers' own test suites (`trees/atlas.yaml`), %zu `dg-bogus` "
	        "directives in them: each a false positive someone reported, the test saying the warning must "
	        "not appear. **%zu** fired on at least one configuration; %zu of those the tests still xfail "
	        "(open).\n\n", nfiles, nbogus, nfired, nopen);
	fputs("A directive **fires** where a diagnostic it matches appears. It is **silent** where the file "
	      "compiled to the end and none appeared, and **not measurable** where nothing could be seen: the "
	      "file is n/a there (an effective target, or an option that version lacks), the compiler stopped "
	      "with an error, or the directive's own selector leaves the configuration out. A version where "
	      "it could not be measured never counts as one that fixed it. Every file runs under its own "
	      "`dg-options` on every target of the matrix (`docs/dialects.md`).\n\n", fp);
}

void
atlas_write(FILE *fp, const struct results *r)
{
	struct grid g;
	size_t *start, *idx, n = 0, cap = 0, nbogus = 0, nopen = 0, *measurable;
	struct fp *v = NULL;
	struct grid_row *rows = NULL;

	grid_build(&g, r);
	idx = jobs_by_case(r, &start);
	measurable = xcalloc(g.compilers.n + 1, sizeof(*measurable));
	for (size_t ci = 0; ci < r->ncases; ci++) {
		for (size_t k = 0; k < r->cases[ci].ndirs; k++) {
			struct fp f = { .ci = ci, .k = k };
			struct grid_row row;
			if (r->cases[ci].dirs[k].kind != D_BOGUS)
				continue;
			nbogus++;
			measure(r, &g, idx + start[ci], start[ci + 1] - start[ci], &f, &row);
			grid_row_release(&row, &g);     /* made again in order, when written */
			for (size_t c = 0; c < g.compilers.n; c++)
				measurable[c] += f.measured[c];
			if (f.first < 0) {
				free(f.fired);
				free(f.measured);
				free(f.option);
				continue;
			}
			nopen += f.open;
			xgrow((void **)&v, &cap, n + 1, sizeof(*v));
			v[n++] = f;
		}
	}
	sort_r = r;
	if (n)
		qsort(v, n, sizeof(*v), cmp_fp);
	sort_r = NULL;
	write_head(fp, r, r->ncases, nbogus, n, nopen);
	fputs("## The noise curve\n\nHow many of them fire on each version, on at least one target, by the "
	      "option of the warning that fired; *measurable*: the `dg-bogus` directives that version could "
	      "be measured on.\n\n", fp);
	write_curve(fp, &g, v, n, measurable);
	fputs("## Each false positive\n\nWhere it fires: version ranges as in the compatibility table (each "
	      "value with the targets it holds for). First and last: the versions it fired on.\n", fp);
	rows = xcalloc(n + 1, sizeof(*rows));
	for (size_t i = 0; i < n; i++) {
		size_t cnt = 0;
		if (!i || strcmp(v[i].option, v[i - 1].option)) {
			for (size_t k = i; k < n && !strcmp(v[k].option, v[i].option); k++)
				cnt++;
			fprintf(fp, "\n### %s (%zu)\n\n| report | test | fires on | first | last | in the test |\n"
			        "|---|---|---|---|---|---|\n", *v[i].option ? v[i].option : "(no option)", cnt);
		}
		/* the row again, now that the order is known */
		{
			struct fp again = { .ci = v[i].ci, .k = v[i].k };
			measure(r, &g, idx + start[v[i].ci], start[v[i].ci + 1] - start[v[i].ci], &again, &rows[i]);
			write_row(fp, r, &g, &v[i], &rows[i]);
			free(again.fired);
			free(again.measured);
			free(again.option);
			grid_row_release(&rows[i], &g);
		}
	}
	for (size_t i = 0; i < n; i++) {
		free(v[i].fired);
		free(v[i].measured);
		free(v[i].option);
	}
	free(v);
	free(rows);
	free(measurable);
	free(idx);
	free(start);
	grid_release(&g);
}
