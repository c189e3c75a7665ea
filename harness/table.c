#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "table.h"

/* at most this many rows of unexpected lines per case */
#define MAX_UNEXPECTED_ROWS 50

/* Column model: the distinct compilers, targets and profiles, in toolchain
 * and profile order. */
struct axes {
	struct strvec compilers, versions, targets, profiles;
};

static long
find(const struct strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return (long)i;
	return -1;
}

static void
axes_build(struct axes *ax, const struct results *r)
{
	for (size_t i = 0; i < r->ntcs; i++) {
		if (find(&ax->compilers, r->tcs[i].compiler) < 0) {
			strvec_push(&ax->compilers, r->tcs[i].compiler);
			strvec_push(&ax->versions, "");
		}
		if (find(&ax->targets, r->tcs[i].target) < 0)
			strvec_push(&ax->targets, r->tcs[i].target);
	}
	for (size_t i = 0; i < r->nprofiles; i++)
		strvec_push(&ax->profiles, r->profiles[i].name);
	/* jobs may name what the toolchain list lacks (merged files) */
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		long c = find(&ax->compilers, j->compiler);
		if (c < 0) {
			strvec_push(&ax->compilers, j->compiler);
			strvec_push(&ax->versions, "");
			c = (long)ax->compilers.n - 1;
		}
		if (*j->version && !*ax->versions.v[c]) {
			free(ax->versions.v[c]);
			ax->versions.v[c] = xstrdup(j->version);
		}
		if (find(&ax->targets, j->target) < 0)
			strvec_push(&ax->targets, j->target);
		if (find(&ax->profiles, j->profile) < 0)
			strvec_push(&ax->profiles, j->profile);
	}
}

static void
axes_release(struct axes *ax)
{
	strvec_release(&ax->compilers);
	strvec_release(&ax->versions);
	strvec_release(&ax->targets);
	strvec_release(&ax->profiles);
}

/* Markdown-safe text for a table cell. */
static void
md_text(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' || *s == '\\' || *s == '*' || *s == '_' || *s == '<' || *s == '>' ||
		    *s == '[' || *s == ']' || *s == '`')
			sb_addc(sb, '\\');
		sb_addc(sb, *s == '\n' || *s == '\t' ? ' ' : *s);
	}
}

/* A code span inside a table cell. */
static void
md_code(struct strbuf *sb, const char *s)
{
	sb_add_code_span(sb, s, 1);
}

/* Options of the case-file diagnostics on line with one of the statuses. */
static void
options_on_line(struct strbuf *sb, const struct rjob *j, const char *file, int line,
                enum dstatus st, int notes)
{
	struct strvec seen = {0};

	for (size_t k = 0; k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		const char *opt;
		if (g->status != st || (g->sev == SEV_NOTE) != notes)
			continue;
		if (line != LINE_ANY && (strcmp(g->file, file) || g->line != line))
			continue;
		opt = *g->option ? g->option : severity_name(g->sev);
		if (find(&seen, opt) >= 0)
			continue;
		strvec_push(&seen, opt);
		sb_addc(sb, ' ');
		sb_addstr(sb, opt);
	}
	strvec_release(&seen);
}

static char *
directive_cell(const struct rcase *c, size_t d, const struct rjob *j, const char *file)
{
	const struct rdirective *rd = &c->dirs[d];
	struct strbuf sb = {0};

	switch (j->outcomes[d]) {
	case OUT_NA:
		return xstrdup("");
	case OUT_HELD:
		sb_addstr(&sb, "✓");
		options_on_line(&sb, j, file, rd->line, ST_EXPECTED, rd->kind == D_NOTE);
		break;
	case OUT_MISSING:
		sb_addstr(&sb, "✗ missing");
		break;
	case OUT_FP:
		sb_addstr(&sb, "FP");
		options_on_line(&sb, j, file, rd->line, ST_KNOWN_FP, 0);
		break;
	case OUT_FP_GONE:
		sb_addstr(&sb, "FP gone");
		break;
	case OUT_CLEAN:
		sb_addstr(&sb, "✓ clean");
		break;
	case OUT_DIRTY:
		sb_addstr(&sb, "✗ not clean");
		break;
	case OUT_XFAIL:
		sb_addstr(&sb, "XFAIL");
		break;
	case OUT_XPASS:
		sb_addstr(&sb, "✗ XPASS");
		break;
	}
	return sb_detach(&sb);
}

/* A group of configurations of one compiler that share a cell value. */
struct group {
	char *value;
	struct strvec confs;      /* "target\tprofile" */
};

static void
qualifier(struct strbuf *sb, const struct group *g, const struct strvec *all_t,
          const struct strvec *all_p, const struct strvec *present)
{
	/* whole profiles? */
	struct strvec ps = {0}, ts = {0};
	int by_profile = 1, by_target = 1;

	for (size_t i = 0; i < g->confs.n; i++) {
		const char *tab = strchr(g->confs.v[i], '\t');
		char *t = xstrndup(g->confs.v[i], (size_t)(tab - g->confs.v[i]));
		if (find(&ts, t) < 0)
			strvec_push(&ts, t);
		if (find(&ps, tab + 1) < 0)
			strvec_push(&ps, tab + 1);
		free(t);
	}
	/* the group is "these profiles, every target" when it holds every
	 * present configuration of its profiles; likewise for targets */
	for (size_t i = 0; i < present->n; i++) {
		const char *tab = strchr(present->v[i], '\t');
		char *t = xstrndup(present->v[i], (size_t)(tab - present->v[i]));
		int in = find(&g->confs, present->v[i]) >= 0;
		if (!in && find(&ps, tab + 1) >= 0)
			by_profile = 0;
		if (!in && find(&ts, t) >= 0)
			by_target = 0;
		free(t);
	}
	sb_addstr(sb, " (");
	if (by_profile && ps.n < all_p->n) {
		for (size_t i = 0; i < ps.n; i++)
			sb_addf(sb, "%s%s", i ? ", " : "", ps.v[i]);
	} else if (by_target && ts.n < all_t->n) {
		for (size_t i = 0; i < ts.n; i++)
			sb_addf(sb, "%s%s", i ? ", " : "", ts.v[i]);
	} else {
		for (size_t i = 0; i < g->confs.n; i++) {
			const char *tab = strchr(g->confs.v[i], '\t');
			sb_addf(sb, "%s%.*s/%s", i ? ", " : "", (int)(tab - g->confs.v[i]), g->confs.v[i], tab + 1);
		}
	}
	sb_addc(sb, ')');
	strvec_release(&ps);
	strvec_release(&ts);
}

/* Aggregate per-configuration values of one compiler into one cell; drops
 * the groups where the row does not apply (updating *ngp). */
static void
cell(struct strbuf *out, struct group *gs, size_t *ngp, const struct axes *ax)
{
	struct strvec present = {0};
	size_t nonempty = 0, ng = *ngp;

	/* configurations where the row does not apply say nothing: the
	 * others are described among themselves */
	for (size_t i = 0; i < ng; i++)
		nonempty += *gs[i].value != 0;
	if (nonempty && nonempty < ng) {
		size_t k = 0;
		for (size_t i = 0; i < ng; i++) {
			if (*gs[i].value) {
				gs[k++] = gs[i];
			} else {
				free(gs[i].value);
				strvec_release(&gs[i].confs);
			}
		}
		ng = *ngp = k;
	}
	for (size_t i = 0; i < ng; i++)
		for (size_t k = 0; k < gs[i].confs.n; k++)
			strvec_push(&present, gs[i].confs.v[k]);
	if (!nonempty) {
		sb_addstr(out, "–");
	} else {
		int first = 1;
		/* largest group first */
		for (size_t i = 0; i < ng; i++)
			for (size_t k = i + 1; k < ng; k++)
				if (gs[k].confs.n > gs[i].confs.n) {
					struct group t = gs[i];
					gs[i] = gs[k];
					gs[k] = t;
				}
		for (size_t i = 0; i < ng; i++) {
			if (!first)
				sb_addstr(out, "<br>");
			first = 0;
			sb_addstr(out, *gs[i].value ? gs[i].value : "–");
			if (ng > 1)
				qualifier(out, &gs[i], &ax->targets, &ax->profiles, &present);
		}
	}
	strvec_release(&present);
}

static void
group_add(struct group **gs, size_t *ng, size_t *cap, char *value, const struct rjob *j)
{
	size_t i;
	for (i = 0; i < *ng; i++)
		if (!strcmp((*gs)[i].value, value))
			break;
	if (i == *ng) {
		xgrow((void **)gs, cap, *ng + 1, sizeof(**gs));
		memset(&(*gs)[i], 0, sizeof(**gs));
		(*gs)[i].value = value;
		(*ng)++;
	} else {
		free(value);
	}
	strvec_push_nocopy(&(*gs)[i].confs, xasprintf("%s\t%s", j->target, j->profile));
}

static void
groups_free(struct group *gs, size_t ng)
{
	for (size_t i = 0; i < ng; i++) {
		free(gs[i].value);
		strvec_release(&gs[i].confs);
	}
	free(gs);
}

enum rowkind { ROW_DIRECTIVE, ROW_UNEXPECTED, ROW_VERDICT };

/* The value of one row for one job; NULL when the job has no say. */
static char *
row_value(enum rowkind kind, const struct rcase *c, size_t d, int line, const struct rjob *j,
          const char *file)
{
	struct strbuf sb = {0};

	if (kind == ROW_VERDICT) {
		if (j->verdict == V_ERROR)
			return xstrdup("**error**");
		if (j->verdict == V_FAIL)
			return xstrdup("**fail**");
		return xstrdup(verdict_name(j->verdict));
	}
	if (j->verdict == V_SKIP || j->verdict == V_NA)
		return NULL;
	if (kind == ROW_DIRECTIVE)
		return directive_cell(c, d, j, file);
	/* unexpected diagnostics on this line (line 0: outside the case file) */
	for (size_t k = 0; k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		if (g->status != ST_UNEXPECTED)
			continue;
		if (line ? (strcmp(g->file, file) || g->line != line) : !strcmp(g->file, file))
			continue;
		sb_addstr(&sb, sb.len ? " " : "⚠");
		sb_addc(&sb, ' ');
		sb_addstr(&sb, *g->option ? g->option : severity_name(g->sev));
	}
	return sb_detach(&sb);
}

static void
write_row(FILE *fp, const struct results *r, const struct axes *ax, size_t jb, size_t je,
          enum rowkind kind, size_t d, int line, const char *file)
{
	for (size_t ci = 0; ci < ax->compilers.n; ci++) {
		struct group *gs = NULL;
		size_t ng = 0, cap = 0, skipped = 0, na = 0, total = 0;
		struct strbuf out = {0};

		for (size_t i = jb; i < je; i++) {
			const struct rjob *j = &r->jobs[i];
			char *v;
			if (strcmp(j->compiler, ax->compilers.v[ci]))
				continue;
			total++;
			skipped += j->verdict == V_SKIP;
			na += j->verdict == V_NA;
			v = row_value(kind, &r->cases[j->caseidx], d, line, j, file);
			if (v)
				group_add(&gs, &ng, &cap, v, j);
		}
		if (!total)
			sb_addstr(&out, " ");
		else if (!ng)
			sb_addstr(&out, skipped == total ? "skip" : na == total ? "n/a" : "skip, n/a");
		else
			cell(&out, gs, &ng, ax);
		fprintf(fp, " %s |", sb_str(&out));
		sb_release(&out);
		groups_free(gs, ng);
	}
	fputc('\n', fp);
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return x < y ? -1 : x > y;
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

/* A case's heading: title, name and flags, refs, and why it was not read. */
static void
case_header(FILE *fp, const struct results *r, const struct rcase *c, size_t jb, size_t je)
{
	struct strbuf sb = {0};

	md_text(&sb, c->title);
	fprintf(fp, "### %s\n\n", sb_str(&sb));
	/* names and flags come from files: code spans, never raw markdown */
	sb_reset(&sb);
	sb_add_code_span(&sb, c->name, 0);
	if (*c->std) {
		char *std = xasprintf("-std=%s", c->std);
		sb_addstr(&sb, " · ");
		sb_add_code_span(&sb, std, 0);
		free(std);
	}
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
		sb_reset(&sb);
		md_text(&sb, c->refs.v[k]);
		if (!strncmp(c->refs.v[k], "http://", 7) || !strncmp(c->refs.v[k], "https://", 8))
			fprintf(fp, "- ref: <%s>\n", c->refs.v[k]);
		else
			fprintf(fp, "- ref: %s\n", sb_str(&sb));
	}
	if (c->refs.n)
		fputc('\n', fp);
	if (jb < je && r->jobs[jb].verdict == V_NA && !strncmp(r->jobs[jb].reason, "not supported: ", 15)) {
		sb_reset(&sb);
		md_text(&sb, r->jobs[jb].reason + 15);
		fprintf(fp, "*Not read, so n/a everywhere: %s.*\n\n", sb_str(&sb));
	}
	sb_release(&sb);
}

/* One row per directive, in line order; @* and expect-no-diagnostics last. */
static void
directive_rows(FILE *fp, const struct results *r, const struct axes *ax, size_t ci, size_t jb, size_t je)
{
	const struct rcase *c = &r->cases[ci];
	size_t *order = xcalloc(c->ndirs + 1, sizeof(*order));
	struct strbuf sb = {0};

	for (size_t k = 0; k < c->ndirs; k++)
		order[k] = k;
	sort_dirs = c;
	if (c->ndirs)
		qsort(order, c->ndirs, sizeof(*order), cmp_dir);
	sort_dirs = NULL;
	for (size_t k = 0; k < c->ndirs; k++) {
		size_t d = order[k];
		const struct rdirective *rd = &c->dirs[d];
		sb_reset(&sb);
		if (rd->line != LINE_ANY)
			sb_addf(&sb, "| %d | ", rd->line);
		else
			sb_addstr(&sb, "| * | ");
		sb_addstr(&sb, dkind_name(rd->kind));
		if (*rd->selector) {
			sb_addc(&sb, ' ');
			char *sel = xasprintf("{%s}", rd->selector);
			md_code(&sb, sel);
			free(sel);
		}
		if (rd->kind != D_CLEAN && rd->kind != D_NO_DIAGNOSTICS) {
			sb_addc(&sb, ' ');
			md_code(&sb, rd->regex);
		}
		if (*rd->flag)
			sb_addf(&sb, " `[%s]`", rd->flag);
		if (*rd->ref) {
			sb_addstr(&sb, " (ref: ");
			md_text(&sb, rd->ref);
			sb_addc(&sb, ')');
		}
		fprintf(fp, "%s |", sb_str(&sb));
		write_row(fp, r, ax, jb, je, ROW_DIRECTIVE, d, 0, c->path);
	}
	free(order);
	sb_release(&sb);
}

/* One row per line of the case where something unexpected fired (at most
 * MAX_UNEXPECTED_ROWS), and one for what fired outside the case file. */
static void
unexpected_rows(FILE *fp, const struct results *r, const struct axes *ax, const char *file, size_t jb, size_t je)
{
	int *lines = NULL, outside = 0;
	size_t nlines = 0, cap = 0;

	for (size_t i = jb; i < je; i++) {
		const struct rjob *j = &r->jobs[i];
		for (size_t k = 0; k < j->ndiags; k++) {
			const struct rdiag *g = &j->diags[k];
			if (g->status != ST_UNEXPECTED)
				continue;
			if (strcmp(g->file, file)) {
				outside = 1;
				continue;
			}
			xgrow((void **)&lines, &cap, nlines + 1, sizeof(*lines));
			lines[nlines++] = g->line;
		}
	}
	if (nlines)
		qsort(lines, nlines, sizeof(*lines), cmp_int);
	for (size_t n = 0, shown = 0; n < nlines; n++) {
		if (n && lines[n] == lines[n - 1])
			continue;
		/* a row per line reads well for a few lines; thousands say only
		 * that the case is broken there, and would cost rows × jobs */
		if (shown++ == MAX_UNEXPECTED_ROWS) {
			size_t more = 1;
			for (size_t k = n + 1; k < nlines; k++)
				more += lines[k] != lines[k - 1];
			fprintf(fp, "| … | *unexpected diagnostics on %zu more lines: see the results file* |", more);
			for (size_t i = 0; i < ax->compilers.n; i++)
				fputs(" |", fp);
			fputc('\n', fp);
			break;
		}
		fprintf(fp, "| %d | *unexpected* |", lines[n]);
		write_row(fp, r, ax, jb, je, ROW_UNEXPECTED, 0, lines[n], file);
	}
	if (outside) {
		fputs("| – | *unexpected, outside the case file* |", fp);
		write_row(fp, r, ax, jb, je, ROW_UNEXPECTED, 0, 0, file);
	}
	free(lines);
}

static void
write_case(FILE *fp, const struct results *r, const struct axes *ax, size_t ci, size_t jb, size_t je)
{
	const struct rcase *c = &r->cases[ci];

	case_header(fp, r, c, jb, je);
	fputs("| line | expectation |", fp);
	for (size_t i = 0; i < ax->compilers.n; i++)
		fprintf(fp, " %s%s%s |", ax->compilers.v[i], *ax->versions.v[i] ? "<br>" : "", ax->versions.v[i]);
	fputs("\n|---:|---|", fp);
	for (size_t i = 0; i < ax->compilers.n; i++)
		fputs("---|", fp);
	fputc('\n', fp);
	directive_rows(fp, r, ax, ci, jb, je);
	unexpected_rows(fp, r, ax, c->path, jb, je);
	fputs("| | **verdict** |", fp);
	write_row(fp, r, ax, jb, je, ROW_VERDICT, 0, 0, c->path);
	fputc('\n', fp);
}

void
table_write(FILE *fp, const struct results *r)
{
	struct axes ax = {0};
	const char *rev = results_get_meta(r, "revision");
	size_t counts[5] = {0};

	axes_build(&ax, r);
	for (size_t i = 0; i < r->njobs; i++)
		counts[r->jobs[i].verdict]++;

	fputs("# diagmatrix: compiler diagnostics compatibility\n\n", fp);
	/* no date or host: the table depends only on what the compilers said,
	 * so shards merged and a run in one piece give the same bytes (both are
	 * in the results file) */
	fprintf(fp, "Generated by diagmatrix %s (revision %s). ",
	        results_get_meta(r, "harness") ? results_get_meta(r, "harness") : "?", rev ? rev : "?");
	fprintf(fp, "%zu cases, %zu configurations run: %zu pass, %zu fail, %zu error, %zu skip, %zu n/a.\n\n",
	        r->ncases, r->njobs, counts[V_PASS], counts[V_FAIL], counts[V_ERROR], counts[V_SKIP], counts[V_NA]);

	fputs("## How to read this\n\n", fp);
	fputs("Each case below is a small C file; each row is one of its expectations (or a line where "
	      "something fired that no expectation names); each column is a compiler over all its targets "
	      "and profiles. When targets or profiles disagree, each distinct result is listed with the "
	      "profiles, targets or target/profile pairs it holds for.\n\n", fp);
	fputs("| mark | meaning |\n|---|---|\n", fp);
	fputs("| ✓ -Wfoo | expected, and it fired (with this option) |\n", fp);
	fputs("| ✗ missing | expected, but nothing matching fired |\n", fp);
	fputs("| ✓ clean / ✗ not clean | `expect-clean` / `expect-no-diagnostics` held / did not hold |\n", fp);
	fputs("| ⚠ -Wfoo | fired where nothing was expected |\n", fp);
	fputs("| FP -Wfoo | a documented false positive (`known-fp`) fired |\n", fp);
	fputs("| FP gone | a documented false positive no longer fires |\n", fp);
	fputs("| XFAIL / ✗ XPASS | DejaGnu: an expectation marked `xfail` did not hold, as marked / held after all (a failure, as in runtest) |\n", fp);
	fputs("| – | the expectation does not apply to this configuration |\n", fp);
	fputs("| skip / n/a | compiler or target not installed / `case-requires` does not hold |\n\n", fp);

	fputs("## Compilers\n\n| compiler | version | targets found | missing |\n|---|---|---|---|\n", fp);
	for (size_t ci = 0; ci < ax.compilers.n; ci++) {
		struct strbuf found = {0}, missing = {0};
		const char *ver = "";
		for (size_t i = 0; i < r->ntcs; i++) {
			const struct rtoolchain *t = &r->tcs[i];
			if (strcmp(t->compiler, ax.compilers.v[ci]))
				continue;
			if (!strcmp(t->status, "found")) {
				sb_addf(&found, "%s%s", found.len ? ", " : "", t->target);
				if (!*ver)
					ver = t->version;
			} else {
				sb_addf(&missing, "%s%s: ", missing.len ? "; " : "", t->target);
				md_text(&missing, t->note);
			}
		}
		if (!*ver)
			ver = ax.versions.v[ci];
		fprintf(fp, "| %s | %s | %s | %s |\n", ax.compilers.v[ci], *ver ? ver : "–",
		        found.len ? sb_str(&found) : "–", missing.len ? sb_str(&missing) : "–");
		sb_release(&found);
		sb_release(&missing);
	}
	fputs("\nProfiles: ", fp);
	for (size_t i = 0; i < r->nprofiles; i++)
		fprintf(fp, "%s`%s`: `%s`", i ? "; " : "", r->profiles[i].name, r->profiles[i].flags);
	fputs(".\n\n## Cases\n\n", fp);

	{
		/* sorted by case, so each case's jobs are one run of them */
		size_t *first = xcalloc(r->ncases + 1, sizeof(*first)), *end = xcalloc(r->ncases + 1, sizeof(*end));
		for (size_t i = r->njobs; i-- > 0;)
			first[r->jobs[i].caseidx] = i;
		for (size_t i = 0; i < r->njobs; i++)
			end[r->jobs[i].caseidx] = i + 1;
		for (size_t ci = 0; ci < r->ncases; ci++)
			write_case(fp, r, &ax, ci, first[ci], end[ci] > first[ci] ? end[ci] : first[ci]);
		free(first);
		free(end);
	}
	axes_release(&ax);
}
