/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/export.h"
#include "report/grid.h"
#include "report/try.h"

/* A distinct diagnostic, and where it fired ("fires") or not ("silent");
 * d NULL: the row of the configurations where the compiler failed. */
struct trow {
	const struct rdiag *d;
	const struct rcase *c;
	struct grid_row where;
};

struct tmodel {
	struct grid g;
	struct trow *rows;
	size_t n;
	char **cells;           /* row × compiler: grid_where */
	struct grid_col *cols;
	size_t ncols;
	unsigned char *ran;     /* per compiler: something but a skip */
};

/* A file by its last component: a header is the same header whichever
 * compiler's include directory it came from. */
static const char *
base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* One row: the same place, the same place of use (two calls of one
 * macro are two rows), the same text. */
static int
same(const struct rdiag *a, const struct rdiag *b)
{
	return a->line == b->line && a->sev == b->sev && !strcmp(base(a->file), base(b->file)) &&
	       a->from_line == b->from_line && !strcmp(base(a->from_file), base(b->from_file)) &&
	       !strcmp(a->option, b->option) && !strcmp(a->message, b->message);
}

/* A file as a row names it: the case's own by its name, any other (a
 * header) by its last component. */
static const char *
shown_file(const struct rcase *c, const char *file)
{
	return !strcmp(file, c->path) ? c->name : base(file);
}

/* Where in the case's own file a row is: its line, or the line it was
 * used from; 0 for neither (a header the case's file reaches through
 * another). */
static int
site_line(const struct trow *r)
{
	if (!strcmp(r->d->from_file, r->c->path))
		return r->d->from_line;
	return !strcmp(r->d->file, r->c->path) ? r->d->line : 0;
}

static struct trow *
row_for(struct tmodel *m, const struct rcase *c, const struct rdiag *d)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->rows[i].c == c && (d && m->rows[i].d ? same(m->rows[i].d, d) : d == m->rows[i].d))
			return &m->rows[i];
	m->rows = xrealloc(m->rows, (m->n + 1) * sizeof(*m->rows));
	m->rows[m->n] = (struct trow){ .d = d, .c = c };
	grid_row_init(&m->rows[m->n].where, &m->g);
	return &m->rows[m->n++];
}

/* File order, then the place in the file (a header's diagnostic where it
 * was used), file, line, errors before warnings, option, message; the
 * failed compiles of a file last. */
static int
cmp_row(const void *a, const void *b)
{
	const struct trow *x = a, *y = b;
	int c = strcmp(x->c->name, y->c->name);

	if (c || !x->d || !y->d)
		return c ? c : (x->d == NULL) - (y->d == NULL);
	if (site_line(x) != site_line(y))
		return site_line(x) < site_line(y) ? -1 : 1;
	if ((c = strcmp(shown_file(x->c, x->d->file), shown_file(y->c, y->d->file))))
		return c;
	if (x->d->line != y->d->line)
		return x->d->line < y->d->line ? -1 : 1;
	if (x->d->sev != y->d->sev)
		return x->d->sev > y->d->sev ? -1 : 1;
	c = strcmp(x->d->option, y->d->option);
	return c ? c : strcmp(x->d->message, y->d->message);
}

/* Each row's value in each configuration of its case: "fires", "silent",
 * or "failed" where the compile failed without it (nothing is known
 * there: a failed compile is not a silent compiler). */
static void
fill(struct tmodel *m, const struct results *r)
{
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		const struct rcase *c = &r->cases[j->caseidx];
		size_t k = grid_conf(&m->g, j);
		for (size_t n = 0; n < m->n; n++) {
			struct trow *row = &m->rows[n];
			const char *v = j->verdict == V_NA || j->verdict == V_SKIP ? verdict_name(j->verdict) :
			                j->verdict == V_ERROR ? "failed" : "silent";
			if (row->c != c)
				continue;
			if (!row->d && j->verdict == V_ERROR)
				v = "fires";
			for (size_t d = 0; row->d && d < j->ndiags; d++)
				if (same(row->d, &j->diags[d]))
					v = "fires";
			grid_row_set(&row->where, &m->g, k, xstrdup(v));
		}
	}
}

/* Compiler ci's cell of row: where it fired among the compiles that did
 * not fail ("all", a qualifier, "" nowhere), then "failed: WHERE" when
 * some failed without it ("all others; failed: O0"); "failed" alone when
 * all did. Allocated. */
static char *
cell_text(const struct grid *g, const struct trow *row, size_t ci)
{
	struct grid_row ok = { .v = xcalloc(g->nconf + 1, sizeof(char *)) };
	char *fires, *failed;
	struct strbuf sb = {0};

	for (size_t k = 0; k < g->nconf; k++)
		ok.v[k] = row->where.v[k] && strcmp(row->where.v[k], "failed") ? row->where.v[k] : NULL;
	fires = grid_where(g, &ok, ci, "fires");
	failed = grid_where(g, &row->where, ci, "failed");
	free(ok.v);
	if (!*failed) {
		free(failed);
		return fires;
	}
	if (!strcmp(failed, "all"))
		sb_addstr(&sb, "failed");
	else
		sb_addf(&sb, "%s; failed: %s", !*fires ? "–" : !strcmp(fires, "all") ? "all others" : fires, failed);
	free(fires);
	free(failed);
	return sb_detach(&sb);
}

static void
model_build(struct tmodel *m, const struct results *r)
{
	size_t nc;

	memset(m, 0, sizeof(*m));
	grid_build(&m->g, r);
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		if (j->verdict == V_ERROR)
			row_for(m, &r->cases[j->caseidx], NULL);
		for (size_t d = 0; d < j->ndiags; d++)
			if (j->diags[d].sev != SEV_NOTE)
				row_for(m, &r->cases[j->caseidx], &j->diags[d]);
	}
	if (m->n)
		qsort(m->rows, m->n, sizeof(*m->rows), cmp_row);
	fill(m, r);
	nc = m->g.compilers.n;
	m->cells = xcalloc(m->n * nc + 1, sizeof(*m->cells));
	for (size_t i = 0; i < m->n; i++)
		for (size_t ci = 0; ci < nc; ci++)
			m->cells[i * nc + ci] = cell_text(&m->g, &m->rows[i], ci);
	m->ran = xcalloc(nc + 1, 1);
	for (size_t i = 0; i < r->njobs; i++)
		if (r->jobs[i].verdict != V_SKIP)
			m->ran[grid_conf_compiler(&m->g, grid_conf(&m->g, &r->jobs[i]))] = 1;
	m->ncols = grid_columns(&m->g, m->cells, m->n, m->ran, &m->cols);
}

static void
model_release(struct tmodel *m)
{
	for (size_t i = 0; i < m->n * m->g.compilers.n; i++)
		free(m->cells[i]);
	free(m->cells);
	for (size_t i = 0; i < m->n; i++)
		grid_row_release(&m->rows[i].where, &m->g);
	free(m->rows);
	free(m->ran);
	free(m->cols);
	grid_release(&m->g);
}

/* " (from lapi.c:300)": where a header's or a macro's diagnostic was used. */
static void
add_from(struct strbuf *sb, const struct trow *row)
{
	sb_addstr(sb, " (from ");
	sb_add_printable(sb, shown_file(row->c, row->d->from_file));
	sb_addf(sb, ":%d)", row->d->from_line);
}

/* "FILE:LINE: warning: MESSAGE [-Wfoo]" (printable), or the failure row's text. */
static char *
row_text(const struct trow *row, int with_file)
{
	struct strbuf sb = {0};

	if (with_file)
		sb_add_printable(&sb, !row->d || !*row->d->file ? row->c->name : shown_file(row->c, row->d->file));
	if (!row->d) {
		sb_addstr(&sb, with_file ? ": " : "");
		sb_addstr(&sb, "the compile failed (an error, a crash or a time-out)");
		return sb_detach(&sb);
	}
	/* one without a place (the driver's, an unknown option) is the compile's */
	if (with_file)
		sb_addf(&sb, *row->d->file ? ":%d: " : ": ", row->d->line);
	sb_addf(&sb, "%s: ", severity_name(row->d->sev));
	sb_add_printable(&sb, row->d->message);
	if (*row->d->option)
		sb_addf(&sb, " [%s]", row->d->option);
	if (with_file && *row->d->from_file)
		add_from(&sb, row);
	return sb_detach(&sb);
}

static const char *
cell_of(const struct tmodel *m, size_t row, size_t col)
{
	const char *c = m->cells[row * m->g.compilers.n + m->cols[col].first];
	return *c ? c : "–";
}

/* Display width: UTF-8 characters. */
static size_t
width(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void
pad(FILE *fp, const char *s, size_t w)
{
	fputs(s, fp);
	for (size_t n = width(s); n < w; n++)
		fputc(' ', fp);
}

/* Columns first to last (exclusive) of the grid: the labels, then each
 * row's cells, under the row numbers. */
static void
write_band(FILE *fp, const struct tmodel *m, char **labels, const size_t *w, size_t first, size_t last)
{
	fputs("     ", fp);
	for (size_t k = first; k < last; k++)
		pad(fp, labels[k], k + 1 < last ? w[k] + 2 : 0);
	fputc('\n', fp);
	for (size_t i = 0; i < m->n; i++) {
		fprintf(fp, "%3zu  ", i + 1);
		for (size_t k = first; k < last; k++)
			pad(fp, cell_of(m, i, k), k + 1 < last ? w[k] + 2 : 0);
		fputc('\n', fp);
	}
}

/* The rows, then the grid, in bands of columns no wider than width (0:
 * one band); a column wider than width alone has a band of its own. */
static void
write_text(FILE *fp, const struct tmodel *m, size_t most)
{
	size_t *w = xcalloc(m->ncols + 1, sizeof(*w));
	char **labels = xcalloc(m->ncols + 1, sizeof(*labels));

	for (size_t i = 0; i < m->n; i++) {
		char *t = row_text(&m->rows[i], 1);
		fprintf(fp, "%3zu  %s\n", i + 1, t);
		free(t);
	}
	for (size_t k = 0; k < m->ncols; k++) {
		labels[k] = grid_col_label(&m->g, &m->cols[k]);
		w[k] = width(labels[k]);
		for (size_t i = 0; i < m->n; i++)
			if (width(cell_of(m, i, k)) > w[k])
				w[k] = width(cell_of(m, i, k));
	}
	for (size_t first = 0, last; first < m->ncols; first = last) {
		size_t used = 5 + w[first];
		for (last = first + 1; last < m->ncols && (!most || used + 2 + w[last] <= most); last++)
			used += 2 + w[last];
		if (m->n || first)
			fputc('\n', fp);
		write_band(fp, m, labels, w, first, last);
	}
	for (size_t k = 0; k < m->ncols; k++)
		free(labels[k]);
	free(labels);
	free(w);
}

static void
write_markdown(FILE *fp, const struct tmodel *m)
{
	fputs("| file | line | diagnostic |", fp);
	for (size_t k = 0; k < m->ncols; k++) {
		char *label = grid_col_label(&m->g, &m->cols[k]);
		fprintf(fp, " %s |", label);
		free(label);
	}
	fputs("\n|---|---:|---|", fp);
	for (size_t k = 0; k < m->ncols; k++)
		fputs("---|", fp);
	fputc('\n', fp);
	for (size_t i = 0; i < m->n; i++) {
		struct strbuf sb = {0};
		char *t = row_text(&m->rows[i], 0);
		const struct trow *row = &m->rows[i];
		sb_add_md_text(&sb, !row->d || !*row->d->file ? row->c->name : shown_file(row->c, row->d->file));
		if (row->d && *row->d->from_file) {
			sb_addstr(&sb, " (from ");
			sb_add_md_text(&sb, shown_file(row->c, row->d->from_file));
			sb_addf(&sb, ":%d)", row->d->from_line);
		}
		sb_addstr(&sb, " | ");
		if (row->d && *row->d->file)
			sb_addf(&sb, "%d", row->d->line);
		sb_addstr(&sb, " | ");
		sb_add_code_span(&sb, t, 1);
		fprintf(fp, "| %s |", sb_str(&sb));
		for (size_t k = 0; k < m->ncols; k++)
			fprintf(fp, " %s |", cell_of(m, i, k));
		fputc('\n', fp);
		sb_release(&sb);
		free(t);
	}
}

/* "compiler": ["target/profile", ...] for each compiler where row's value is value. */
static void
json_where(FILE *fp, const struct tmodel *m, const struct trow *row, const char *value)
{
	size_t per = m->g.targets.n * m->g.profiles.n, np = m->g.profiles.n;
	int firstc = 1;

	fputc('{', fp);
	for (size_t ci = 0; ci < m->g.compilers.n; ci++) {
		int first = 1;
		for (size_t k = 0; k < per; k++) {
			const char *v = row->where.v[ci * per + k];
			char *conf;
			if (!v || strcmp(v, value))
				continue;
			if (first) {
				fputs(firstc ? "" : ",", fp);
				export_json_str(fp, m->g.compilers.v[ci]);
				fputs(":[", fp);
				firstc = 0;
			}
			conf = xasprintf("%s/%s", m->g.targets.v[k / np], m->g.profiles.v[k % np]);
			fputs(first ? "" : ",", fp);
			export_json_str(fp, conf);
			free(conf);
			first = 0;
		}
		if (!first)
			fputc(']', fp);
	}
	fputc('}', fp);
}

/* try's flags as the results file keeps them (meta entries), and as the
 * header and JSON name them */
static const char *const flag_keys[] = { "build-entry", "user-flags", "build-flags", "build-flags-tested", "build-dropped" };
static const char *const flag_json[] = { "entry", "user", "build", "build_tested", "build_dropped" };
static const char *const flag_text[] = {
	"the build's command for the file",
	"your flags, after every other", "from the build, for every compiler",
	"from the build, for each compiler that takes them", "left out of the build's command",
};

/* "flags":{...}, when try had any: the user's, the build's, and per
 * toolchain what it did not take (words quoted for sh, as in the header). */
static void
json_flags(FILE *fp, const struct results *r)
{
	int first = 1, refused = 0;

	for (size_t k = 0; k < LEN(flag_keys); k++) {
		const char *v = results_get_meta(r, flag_keys[k]);
		if (!v)
			continue;
		fprintf(fp, "%s\"%s\":", first ? ",\"flags\":{" : ",", flag_json[k]);
		export_json_str(fp, v);
		first = 0;
	}
	for (size_t i = 0; i < r->meta_keys.n; i++) {
		if (strncmp(r->meta_keys.v[i], "build-refused ", 14))
			continue;
		fputs(first ? ",\"flags\":{\"not_taken\":{" : refused ? "," : ",\"not_taken\":{", fp);
		export_json_str(fp, r->meta_keys.v[i] + 14);
		fputc(':', fp);
		export_json_str(fp, r->meta_vals.v[i]);
		first = 0;
		refused = 1;
	}
	fputs(refused ? "}}" : first ? "" : "}", fp);
}

/* "failed_compiles":N,"not_run":[{"compiler":...,"target":...,"why":...}] */
static void
json_failures(FILE *fp, const struct results *r)
{
	size_t nfailed = 0, first = 1;

	for (size_t i = 0; i < r->njobs; i++)
		nfailed += r->jobs[i].verdict == V_ERROR;
	fprintf(fp, ",\"failed_compiles\":%zu,\"not_run\":[", nfailed);
	for (size_t i = 0; i < r->ntcs; i++) {
		if (r->tcs[i].status != TC_MISSING)
			continue;
		fputs(first ? "{\"compiler\":" : ",{\"compiler\":", fp);
		export_json_str(fp, r->tcs[i].compiler);
		fputs(",\"target\":", fp);
		export_json_str(fp, r->tcs[i].target);
		fputs(",\"why\":", fp);
		export_json_str(fp, r->tcs[i].note);
		fputc('}', fp);
		first = 0;
	}
	fputc(']', fp);
}

static void
write_json(FILE *fp, const struct tmodel *m, const struct results *r)
{
	const char *hits = results_get_meta(r, "cache_hits");
	size_t ran = 0;

	for (size_t i = 0; i < r->njobs; i++)
		ran += r->jobs[i].verdict != V_SKIP;
	fprintf(fp, "{\"configurations\":%zu,\"from_cache\":%s", ran, hits ? hits : "null");
	json_failures(fp, r);
	json_flags(fp, r);
	fputs(",\"columns\":[", fp);
	for (size_t k = 0; k < m->ncols; k++) {
		char *label = grid_col_label(&m->g, &m->cols[k]);
		fprintf(fp, "%s{\"label\":", k ? "," : "");
		export_json_str(fp, label);
		fputs(",\"compilers\":[", fp);
		for (size_t ci = m->cols[k].first; ci <= m->cols[k].last; ci++) {
			fputs(ci > m->cols[k].first ? "," : "", fp);
			export_json_str(fp, m->g.compilers.v[ci]);
		}
		fputs("]}", fp);
		free(label);
	}
	fputs("],\"diagnostics\":[", fp);
	for (size_t i = 0; i < m->n; i++) {
		const struct trow *row = &m->rows[i];
		fprintf(fp, "%s\n{\"compiled\":", i ? "," : "");
		export_json_str(fp, row->c->name);
		fputs(",\"file\":", fp);
		if (row->d && *row->d->file)
			export_json_str(fp, shown_file(row->c, row->d->file));
		else
			fputs("null", fp);
		if (row->d) {
			fputs(",\"from\":", fp);
			if (*row->d->from_file) {
				fputs("{\"file\":", fp);
				export_json_str(fp, shown_file(row->c, row->d->from_file));
				fprintf(fp, ",\"line\":%d}", row->d->from_line);
			} else {
				fputs("null", fp);
			}
			fputs(",\"line\":", fp);
			if (*row->d->file)
				fprintf(fp, "%d", row->d->line);
			else
				fputs("null", fp);
			fprintf(fp, ",\"severity\":\"%s\",\"option\":", severity_name(row->d->sev));
			export_json_str(fp, row->d->option);
			fputs(",\"message\":", fp);
			export_json_str(fp, row->d->message);
		} else {
			fputs(",\"line\":null,\"severity\":\"compiler-failed\",\"option\":\"\",\"message\":\"\"", fp);
		}
		fputs(",\"fired\":", fp);
		json_where(fp, m, row, "fires");
		fputs(",\"failed\":", fp);
		json_where(fp, m, row, "failed");
		fputc('}', fp);
	}
	fputs("]}\n", fp);
}

/* The value of meta key "PRE COMPILER TARGET" of toolchain record t. */
static const char *
toolchain_meta(const struct results *r, const char *pre, const struct rtoolchain *t)
{
	char *key = xasprintf("%s %s %s", pre, t->compiler, t->target);
	const char *v = results_get_meta(r, key);

	free(key);
	return v;
}

/* What a toolchain record is asked (toolchains_where): a key and value. */
struct tc_query {
	const char *pre, *value;
};

/* Did toolchain t refuse q->value (its meta "q->pre COMPILER TARGET")? */
static int
refused(const struct results *r, const struct rtoolchain *t, const struct tc_query *q)
{
	const char *v = toolchain_meta(r, q->pre, t);

	return v && !strcmp(v, q->value);
}

/* Was toolchain t not run, for the reason q->value? */
static int
missing_for(const struct results *r, const struct rtoolchain *t, const struct tc_query *q)
{
	(void)r;
	return t->status == TC_MISSING && !strcmp(t->note, q->value);
}

/* The toolchains where has holds, as "clang-14, gcc-12 arm64": a compiler
 * named once when has holds for each of its toolchains that count (found
 * ones only, or all). Allocated. */
static char *
toolchains_where(const struct results *r, int found_only,
                 int (*has)(const struct results *, const struct rtoolchain *, const struct tc_query *),
                 const struct tc_query *q)
{
	struct strbuf sb = {0};

	for (size_t t = 0, u; t < r->ntcs; t = u) {
		const char *name = r->tcs[t].compiler;
		int all = 1, mine = 0;
		for (u = t; u < r->ntcs && !strcmp(r->tcs[u].compiler, name); u++) {
			int yes = has(r, &r->tcs[u], q);
			if (!found_only || r->tcs[u].status == TC_FOUND) {
				all &= yes;
				mine |= yes;
			}
		}
		if (mine && all)
			sb_addf(&sb, "%s%s", sb.len ? ", " : "", name);
		for (size_t k = t; mine && !all && k < u; k++)
			if (has(r, &r->tcs[k], q))
				sb_addf(&sb, "%s%s %s", sb.len ? ", " : "", name, r->tcs[k].target);
	}
	return sb_detach(&sb);
}

/* The option a compiler says it ignored, from a diagnostic without a
 * place: Clang's "unknown warning option '-Wfoo'", "argument unused
 * during compilation: '-bar'", "optimization flag '-fbaz' is not
 * supported", GCC's "command-line option '-Wqux' is valid for C++/ObjC++
 * but not for C". NULL if d says none. Allocated. */
static char *
ignored_option(const struct rdiag *d)
{
	static const char *const says[] = {
		"unknown warning option '", "argument unused during compilation: '", "optimization flag '",
		"command-line option '", "unknown argument ignored in clang-cl: '",
	};
	const char *m = d->message, *q;

	if (*d->file || d->sev != SEV_WARNING)
		return NULL;
	for (size_t k = 0; k < LEN(says); k++) {
		size_t n = strlen(says[k]);
		if (!strncmp(m, says[k], n) && (q = strchr(m + n, '\'')))
			return xstrndup(m + n, (size_t)(q - m - n));
	}
	return NULL;
}

/* The number of targets compiler ran on. */
static size_t
targets_run(const struct results *r, const char *compiler)
{
	struct strvec t = {0};
	size_t n;

	for (size_t i = 0; i < r->njobs; i++)
		if (r->jobs[i].verdict != V_SKIP && !strcmp(r->jobs[i].compiler, compiler) &&
		    strvec_find(&t, r->jobs[i].target) < 0)
			strvec_push(&t, r->jobs[i].target);
	n = t.n;
	strvec_release(&t);
	return n;
}

/* "clang-14, clang-15 arm64" from pairs "COMPILER TARGET": a compiler
 * alone when every target it ran on is there. */
static void
pairs_text(struct strbuf *sb, const struct results *r, const struct strvec *pairs)
{
	struct strvec done = {0};

	for (size_t w = 0; w < pairs->n; w++) {
		char *c = xstrndup(pairs->v[w], strcspn(pairs->v[w], " "));
		size_t n = 0, len = strlen(c);
		if (strvec_find(&done, c) < 0) {
			for (size_t k = 0; k < pairs->n; k++)
				n += !strncmp(pairs->v[k], c, len) && pairs->v[k][len] == ' ';
			strvec_push(&done, c);
			if (n == targets_run(r, c)) {
				sb_addf(sb, "%s%s", sb->len ? ", " : "", c);
			} else {
				for (size_t k = 0; k < pairs->n; k++)
					if (!strncmp(pairs->v[k], c, len) && pairs->v[k][len] == ' ')
						sb_addf(sb, "%s%s", sb->len ? ", " : "", pairs->v[k]);
			}
		}
		free(c);
	}
	strvec_release(&done);
}

/* "not taken by clang-14, clang-15 arm64: '-Wlogical-op'": the options a
 * compiler ignored with a warning (one line per option). Returns whether
 * it wrote any. */
static int
write_ignored(FILE *fp, const struct results *r, enum try_format fmt)
{
	struct strvec opts = {0}, *who = NULL;
	int any;

	for (size_t i = 0; i < r->njobs; i++)
		for (size_t d = 0; d < r->jobs[i].ndiags; d++) {
			char *o = ignored_option(&r->jobs[i].diags[d]), *pair;
			long k;
			if (!o)
				continue;
			if ((k = strvec_find(&opts, o)) < 0) {
				strvec_push(&opts, o);
				who = xrealloc(who, opts.n * sizeof(*who));
				memset(&who[opts.n - 1], 0, sizeof(*who));
				k = (long)opts.n - 1;
			}
			pair = xasprintf("%s %s", r->jobs[i].compiler, r->jobs[i].target);
			if (strvec_find(&who[k], pair) < 0)
				strvec_push(&who[k], pair);
			free(pair);
			free(o);
		}
	any = opts.n > 0;
	for (size_t k = 0; k < opts.n; k++) {
		struct strbuf sb = {0}, o = {0};
		pairs_text(&sb, r, &who[k]);
		if (fmt == TRY_MARKDOWN)
			sb_add_code_span(&o, opts.v[k], 0);
		else
			sb_add_printable(&o, opts.v[k]);
		fprintf(fp, "%snot taken by %s (it said so): %s\n", fmt == TRY_MARKDOWN ? "- " : "  ", sb_str(&sb),
		        sb_str(&o));
		sb_release(&sb);
		sb_release(&o);
		strvec_release(&who[k]);
	}
	free(who);
	strvec_release(&opts);
	return any;
}

/* The header's lines on the flags: the user's, the build's, and what
 * some toolchains did not take. */
static void
write_flags(FILE *fp, const struct results *r, enum try_format fmt)
{
	const char *item = fmt == TRY_MARKDOWN ? "- " : "  ";
	struct strvec seen = {0};
	int any = 0;

	for (size_t k = 0; k < LEN(flag_keys); k++) {
		const char *v = results_get_meta(r, flag_keys[k]);
		struct strbuf sb = {0};
		if (!v)
			continue;
		if (fmt == TRY_MARKDOWN)
			sb_add_code_span(&sb, v, 0);
		else
			sb_add_printable(&sb, v);
		fprintf(fp, "%s%s: %s\n", item, flag_text[k], sb_str(&sb));
		sb_release(&sb);
		any = 1;
	}
	for (size_t i = 0; i < r->meta_keys.n; i++) {
		const char *v = r->meta_vals.v[i];
		struct strbuf sb = {0};
		char *who;
		if (strncmp(r->meta_keys.v[i], "build-refused ", 14) || strvec_find(&seen, v) >= 0)
			continue;
		strvec_push(&seen, v);
		who = toolchains_where(r, 1, refused, &(struct tc_query){ "build-refused", v });
		if (fmt == TRY_MARKDOWN)
			sb_add_code_span(&sb, v, 0);
		else
			sb_add_printable(&sb, v);
		fprintf(fp, "%snot taken by %s: %s\n", item, who, sb_str(&sb));
		sb_release(&sb);
		free(who);
		any = 1;
	}
	any |= write_ignored(fp, r, fmt);
	if (any)
		fputc('\n', fp);
	strvec_release(&seen);
}

static const char *
plural(size_t n)
{
	return n == 1 ? "" : "s";
}

/* "diagmatrix try: 160 configurations (8 compilers × 5 targets × 4
 * profiles), 12 from the cache; 7 distinct diagnostics; 3 compiles
 * failed." Only what ran is counted; several files are said. */
static void
write_summary(FILE *fp, const struct tmodel *m, const struct results *r, enum try_format fmt)
{
	const char *hits = results_get_meta(r, "cache_hits"), *walked = results_get_meta(r, "walked"),
	           *not_cached = results_get_meta(r, "not_cached");
	struct strvec profiles = {0}, targets = {0};
	size_t ncomp = 0, njobs = 0, nfailed = 0, per;

	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		if (j->verdict == V_SKIP)
			continue;
		njobs++;
		nfailed += j->verdict == V_ERROR;
		if (strvec_find(&profiles, j->profile) < 0)
			strvec_push(&profiles, j->profile);
		if (strvec_find(&targets, j->target) < 0)
			strvec_push(&targets, j->target);
	}
	for (size_t ci = 0; ci < m->g.compilers.n; ci++)
		ncomp += m->ran[ci];
	per = r->ncases ? njobs / r->ncases : njobs;
	fputs(fmt == TRY_MARKDOWN ? "" : "diagmatrix try: ", fp);
	if (walked) {
		struct strbuf w = {0};
		sb_add_printable(&w, walked);
		fprintf(fp, "%zu compile%s of the %zu C file%s under %s, each in ", njobs, plural(njobs), r->ncases,
		        plural(r->ncases), sb_str(&w));
		sb_release(&w);
	} else if (r->ncases > 1) {
		fprintf(fp, "%zu compiles of %zu files, each in ", njobs, r->ncases);
	}
	fprintf(fp, "%zu configuration%s (%zu compiler%s × %zu target%s × %zu profile%s)",
	        per, plural(per), ncomp,
	        plural(ncomp), targets.n, plural(targets.n), profiles.n, plural(profiles.n));
	if (hits)
		fprintf(fp, ", %s from the cache", hits);
	fprintf(fp, "; %zu distinct diagnostic%s", m->n, plural(m->n));
	if (nfailed)
		fprintf(fp, "; %zu compile%s failed", nfailed, plural(nfailed));
	fputs(".\n", fp);
	if (not_cached) {
		struct strbuf w = {0};
		sb_add_printable(&w, not_cached);
		fprintf(fp, "%snot cached: %s\n", fmt == TRY_MARKDOWN ? "- " : "  ", sb_str(&w));
		sb_release(&w);
	}
	strvec_release(&profiles);
	strvec_release(&targets);
}

/* "not run: gcc-9, gcc-10: root bullseye is not built (...)": the
 * compilers (or compiler and target) of the selection that did not run,
 * grouped by why. */
static void
write_not_run(FILE *fp, const struct results *r, enum try_format fmt)
{
	struct strvec notes = {0};

	for (size_t i = 0; i < r->ntcs; i++)
		if (r->tcs[i].status == TC_MISSING && strvec_find(&notes, r->tcs[i].note) < 0)
			strvec_push(&notes, r->tcs[i].note);
	for (size_t n = 0; n < notes.n; n++) {
		struct strbuf sb = {0};
		char *who = toolchains_where(r, 0, missing_for, &(struct tc_query){ "", notes.v[n] });
		fprintf(fp, "%snot run: %s: ", fmt == TRY_MARKDOWN ? "- " : "  ", who);
		free(who);
		if (fmt == TRY_MARKDOWN)
			sb_add_md_text(&sb, notes.v[n]);
		else
			sb_add_printable(&sb, notes.v[n]);
		fprintf(fp, "%s\n", sb_str(&sb));
		sb_release(&sb);
	}
	strvec_release(&notes);
}

/* What a cell says. */
static void
write_legend(FILE *fp)
{
	fputs("\nEach cell says where the diagnostic fired among the compiles that did not\n"
	      "fail: all (all others), the profiles, targets or target/profile pairs\n"
	      "named, or – for nowhere. \"failed: WHERE\" names where the compile failed\n"
	      "(an error, a crash or a time-out): what it would have said there is not\n"
	      "known.\n", fp);
}

void
try_write(FILE *fp, const struct results *r, const struct try_view *view)
{
	struct tmodel m;
	enum try_format fmt = view->fmt;

	model_build(&m, r);
	if (fmt == TRY_JSON) {
		write_json(fp, &m, r);
	} else {
		write_summary(fp, &m, r, fmt);
		write_not_run(fp, r, fmt);
		fputc('\n', fp);
		write_flags(fp, r, fmt);
		/* the columns even without a row: every compiler that ran is named */
		if (m.ncols && fmt == TRY_MARKDOWN)
			write_markdown(fp, &m);
		else if (m.ncols)
			write_text(fp, &m, view->width);
		if (m.ncols)
			write_legend(fp);
	}
	model_release(&m);
}
