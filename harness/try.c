/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "grid.h"
#include "try.h"

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

static int
same(const struct rdiag *a, const struct rdiag *b)
{
	return a->line == b->line && a->sev == b->sev && !strcmp(base(a->file), base(b->file)) &&
	       !strcmp(a->option, b->option) && !strcmp(a->message, b->message);
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

/* File order, then line, errors before warnings, option, message; the
 * compiler failures of a file last. */
static int
cmp_row(const void *a, const void *b)
{
	const struct trow *x = a, *y = b;
	int c = strcmp(x->c->name, y->c->name);

	if (c || !x->d || !y->d)
		return c ? c : (x->d == NULL) - (y->d == NULL);
	if (x->d->line != y->d->line)
		return x->d->line < y->d->line ? -1 : 1;
	if (x->d->sev != y->d->sev)
		return x->d->sev > y->d->sev ? -1 : 1;
	c = strcmp(x->d->option, y->d->option);
	return c ? c : strcmp(x->d->message, y->d->message);
}

/* Each row's value in each configuration of its case. */
static void
fill(struct tmodel *m, const struct results *r)
{
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		const struct rcase *c = &r->cases[j->caseidx];
		size_t k = grid_conf(&m->g, j);
		for (size_t n = 0; n < m->n; n++) {
			struct trow *row = &m->rows[n];
			const char *v = j->verdict == V_NA || j->verdict == V_SKIP ? verdict_name(j->verdict) : "silent";
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
			m->cells[i * nc + ci] = grid_where(&m->g, &m->rows[i].where, ci, "fires");
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

/* "FILE:LINE: warning: MESSAGE [-Wfoo]" (printable), or the failure row's text. */
static char *
row_text(const struct trow *row, int with_file)
{
	struct strbuf sb = {0};

	if (with_file)
		sb_add_printable(&sb, row->c->name);
	if (!row->d) {
		sb_addstr(&sb, with_file ? ": " : "");
		sb_addstr(&sb, "the compiler failed (crash, internal error or time-out)");
		return sb_detach(&sb);
	}
	if (with_file && *row->d->file && strcmp(row->d->file, row->c->path)) {
		sb_addstr(&sb, " (");
		sb_add_printable(&sb, base(row->d->file));
		sb_addf(&sb, ":%d): ", row->d->line);
	} else if (with_file) {
		sb_addf(&sb, ":%d: ", row->d->line);
	}
	sb_addf(&sb, "%s: ", severity_name(row->d->sev));
	sb_add_printable(&sb, row->d->message);
	if (*row->d->option)
		sb_addf(&sb, " [%s]", row->d->option);
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

static void
write_text(FILE *fp, const struct tmodel *m)
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
	fputs(m->n ? "\n     " : "     ", fp);
	for (size_t k = 0; k < m->ncols; k++)
		pad(fp, labels[k], k + 1 < m->ncols ? w[k] + 2 : 0);
	fputc('\n', fp);
	for (size_t i = 0; i < m->n; i++) {
		fprintf(fp, "%3zu  ", i + 1);
		for (size_t k = 0; k < m->ncols; k++)
			pad(fp, cell_of(m, i, k), k + 1 < m->ncols ? w[k] + 2 : 0);
		fputc('\n', fp);
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
		sb_add_md_text(&sb, m->rows[i].c->name);
		sb_addstr(&sb, " | ");
		if (m->rows[i].d)
			sb_addf(&sb, "%d", m->rows[i].d->line);
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

/* "compiler": ["target/profile", ...] for each compiler where row fired. */
static void
json_fired(FILE *fp, const struct tmodel *m, const struct trow *row)
{
	size_t per = m->g.targets.n * m->g.profiles.n, np = m->g.profiles.n;
	int firstc = 1;

	fputc('{', fp);
	for (size_t ci = 0; ci < m->g.compilers.n; ci++) {
		int first = 1;
		for (size_t k = 0; k < per; k++) {
			const char *v = row->where.v[ci * per + k];
			char *conf;
			if (!v || strcmp(v, "fires"))
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
static const char *const flag_keys[] = { "user-flags", "build-flags", "build-flags-tested", "build-dropped" };
static const char *const flag_json[] = { "user", "build", "build_tested", "build_dropped" };
static const char *const flag_text[] = {
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

static void
write_json(FILE *fp, const struct tmodel *m, const struct results *r)
{
	const char *hits = results_get_meta(r, "cache_hits");

	fprintf(fp, "{\"configurations\":%zu,\"from_cache\":%s", r->njobs, hits ? hits : "null");
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
		fprintf(fp, "%s\n{\"file\":", i ? "," : "");
		export_json_str(fp, row->c->name);
		if (row->d) {
			fprintf(fp, ",\"line\":%d,\"severity\":\"%s\",\"option\":", row->d->line, severity_name(row->d->sev));
			export_json_str(fp, row->d->option);
			fputs(",\"message\":", fp);
			export_json_str(fp, row->d->message);
		} else {
			fputs(",\"line\":null,\"severity\":\"compiler-failed\",\"option\":\"\",\"message\":\"\"", fp);
		}
		fputs(",\"fired\":", fp);
		json_fired(fp, m, row);
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

/* The toolchains (as "compiler target") whose meta value for key prefix
 * pre equals value, a compiler named once when all its found targets
 * share it: "clang-14, gcc-12 arm64". Allocated. */
static char *
refusers(const struct results *r, const char *pre, const char *value)
{
	struct strbuf sb = {0};

	for (size_t t = 0, u; t < r->ntcs; t = u) {
		const char *name = r->tcs[t].compiler;
		int all = 1, mine = 0;
		/* this compiler's found targets, and whether each refused the same */
		for (u = t; u < r->ntcs && !strcmp(r->tcs[u].compiler, name); u++) {
			const char *v = toolchain_meta(r, pre, &r->tcs[u]);
			int same = v && !strcmp(v, value);
			if (r->tcs[u].status == TC_FOUND) {
				all &= same;
				mine |= same;
			}
		}
		if (mine && all)
			sb_addf(&sb, "%s%s", sb.len ? ", " : "", name);
		for (size_t k = t; mine && !all && k < u; k++) {
			const char *v = toolchain_meta(r, pre, &r->tcs[k]);
			if (v && !strcmp(v, value))
				sb_addf(&sb, "%s%s %s", sb.len ? ", " : "", name, r->tcs[k].target);
		}
	}
	return sb_detach(&sb);
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
		who = refusers(r, "build-refused", v);
		if (fmt == TRY_MARKDOWN)
			sb_add_code_span(&sb, v, 0);
		else
			sb_add_printable(&sb, v);
		fprintf(fp, "%snot taken by %s: %s\n", item, who, sb_str(&sb));
		sb_release(&sb);
		free(who);
		any = 1;
	}
	if (any)
		fputc('\n', fp);
	strvec_release(&seen);
}

void
try_write(FILE *fp, const struct results *r, enum try_format fmt)
{
	struct tmodel m;
	const char *hits = results_get_meta(r, "cache_hits");
	struct strvec ran = {0};    /* the profiles jobs ran under: the file lists every configured one */

	model_build(&m, r);
	for (size_t i = 0; i < r->njobs; i++)
		if (strvec_find(&ran, r->jobs[i].profile) < 0)
			strvec_push(&ran, r->jobs[i].profile);
	if (fmt == TRY_JSON) {
		write_json(fp, &m, r);
	} else {
		fprintf(fp, "%s%zu configurations (%zu compiler%s × %zu target%s × %zu profile%s)",
		        fmt == TRY_MARKDOWN ? "" : "diagmatrix try: ", r->njobs, m.g.compilers.n,
		        m.g.compilers.n == 1 ? "" : "s", m.g.targets.n, m.g.targets.n == 1 ? "" : "s", ran.n,
		        ran.n == 1 ? "" : "s");
		if (hits)
			fprintf(fp, ", %s from the cache", hits);
		fprintf(fp, "; %zu distinct diagnostics.\n\n", m.n);
		write_flags(fp, r, fmt);
		/* the columns even without a row: every compiler that ran is named */
		if (m.ncols && fmt == TRY_MARKDOWN)
			write_markdown(fp, &m);
		else if (m.ncols)
			write_text(fp, &m);
	}
	model_release(&m);
	strvec_release(&ran);
}
