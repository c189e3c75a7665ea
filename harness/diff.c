#include <stdlib.h>
#include <string.h>

#include "diff.h"

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

struct out {
	FILE *fp;
	enum diff_format fmt;
	int printed;
};

static void
line(struct out *o, const char *key, const char *mark, const char *text)
{
	struct strbuf sb = {0};

	/* a name or a message comes from a file: code spans in markdown (a
	 * step summary renders HTML), no control characters on a terminal */
	if (o->fmt == DIFF_MARKDOWN) {
		if (!o->printed++) {
			sb_add_code_span(&sb, key, 0);
			fprintf(o->fp, "\n#### %s\n\n", sb_str(&sb));
			sb_reset(&sb);
		}
		sb_add_code_span(&sb, text, 0);
		fprintf(o->fp, "- %s %s\n", mark, sb_str(&sb));
	} else {
		sb_add_printable(&sb, key);
		sb_addstr(&sb, ": ");
		sb_add_printable(&sb, text);
		fprintf(o->fp, "%s %s\n", mark, sb_str(&sb));
	}
	sb_release(&sb);
}

static size_t
diff_job(struct out *o, const char *key, const struct rjob *a, const struct rjob *b)
{
	struct strvec da = {0}, db = {0};
	size_t i = 0, k = 0, newfail = 0;

	o->printed = 0;
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

size_t
results_diff(FILE *fp, const struct results *old, const struct results *new, enum diff_format fmt)
{
	struct keyed *a = index_jobs(old), *b = index_jobs(new);
	size_t i = 0, k = 0, newfail = 0;
	struct out o = { fp, fmt, 0 };

	if (fmt == DIFF_MARKDOWN)
		fputs("### Changes\n\nLegend: `+` appeared, `-` disappeared, `~` verdict changed, `!` now failing.\n", fp);
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
	if (fmt == DIFF_MARKDOWN)
		fprintf(fp, "\n%zu configuration(s) newly failing.\n", newfail);
	else
		fprintf(fp, "%zu configuration(s) newly failing\n", newfail);
	free_index(a, old->njobs);
	free_index(b, new->njobs);
	return newfail;
}
