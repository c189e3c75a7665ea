/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/overview.h"

void
case_jobs(const struct results *r, size_t **first, size_t **end)
{
	size_t *f = xcalloc(r->ncases + 1, sizeof(*f)), *e = xcalloc(r->ncases + 1, sizeof(*e));

	for (size_t i = r->njobs; i-- > 0;)
		f[r->jobs[i].caseidx] = i;
	for (size_t i = 0; i < r->njobs; i++)
		e[r->jobs[i].caseidx] = i + 1;
	for (size_t i = 0; i < r->ncases; i++)
		if (e[i] < f[i])
			e[i] = f[i];
	*first = f;
	*end = e;
}

static int
fits(const struct rdiag *g, size_t d)
{
	for (size_t k = 0; k < g->nfits; k++)
		if (g->fits[k] == d)
			return 1;
	return 0;
}

void
satisfied_options(struct strvec *out, const struct rcase *c, const struct rjob *j, size_t d, enum dstatus st)
{
	const struct rdirective *rd = &c->dirs[d];
	int recorded = 0;
	char *opt;

	for (size_t k = 0; k < j->ndiags; k++)
		recorded |= j->diags[k].nfits > 0;
	for (size_t k = 0; k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		if (recorded ? !fits(g, d) :
		    g->status != st || (g->sev == SEV_NOTE) != (rd->kind == D_NOTE) ||
		    (rd->line != LINE_ANY && (strcmp(g->file, c->path) || g->line != rd->line)))
			continue;
		opt = !*g->option ? xstrdup(severity_name(g->sev)) :
		      g->sev >= SEV_ERROR ? xasprintf("%s (error)", g->option) : xstrdup(g->option);
		if (strvec_find(out, opt) < 0)
			strvec_push(out, opt);
		free(opt);
	}
}

/* A token of a row's value, once; the class rises to cls. */
static void
token(struct strvec *toks, const char *t, enum oclass *cls, enum oclass at_least)
{
	if (strvec_find(toks, t) < 0)
		strvec_push(toks, t);
	if (*cls < at_least)
		*cls = at_least;
}

/* The tokens of directive d's outcome in j. */
static void
directive_tokens(struct strvec *toks, enum oclass *cls, const struct rcase *c, const struct rjob *j, size_t d)
{
	struct strvec opts = {0};

	switch (j->outcomes[d]) {
	case OUT_HELD:
		satisfied_options(&opts, c, j, d, ST_EXPECTED);
		for (size_t i = 0; i < opts.n; i++)
			token(toks, opts.v[i], cls, OC_FIRES);
		break;
	case OUT_FP:
		satisfied_options(&opts, c, j, d, ST_KNOWN_FP);
		for (size_t i = 0; i < opts.n; i++) {
			char *t = xasprintf("FP %s", opts.v[i]);
			token(toks, t, cls, OC_FP);
			free(t);
		}
		break;
	case OUT_MISSING:
		token(toks, "✗ missing", cls, OC_FAIL);
		break;
	case OUT_DIRTY:
		token(toks, "✗ not clean", cls, OC_FAIL);
		break;
	case OUT_XPASS:
		token(toks, "✗ XPASS", cls, OC_FAIL);
		break;
	case OUT_XFAIL:
		token(toks, "XFAIL", cls, OC_SILENT);
		break;
	case OUT_NA: case OUT_FP_GONE: case OUT_CLEAN: case OUT_NOTRUN:
		break;
	}
	strvec_release(&opts);
}

/* Row (c, line) in job j: its value, and its class into *cls. */
static char *
row_value(const struct rcase *c, int line, const struct rjob *j, enum oclass *cls)
{
	struct strvec toks = {0};
	struct strbuf sb = {0};

	*cls = OC_NONE;
	if (j->verdict == V_SKIP || j->verdict == V_NA)
		return NULL;    /* not a fact about the code: the cell says the others */
	if (j->verdict == V_ERROR) {
		*cls = OC_ERROR;
		return xstrdup("compiler failed");
	}
	*cls = OC_SILENT;
	for (size_t d = 0; d < c->ndirs; d++)
		if (c->dirs[d].kind != D_NOTE && (!line || c->dirs[d].line == line))
			directive_tokens(&toks, cls, c, j, d);
	for (size_t k = 0; k < j->ndiags; k++) {
		const struct rdiag *g = &j->diags[k];
		if (g->status == ST_UNEXPECTED && !strcmp(g->file, c->path) && (!line || g->line == line)) {
			char *t = xasprintf("⚠ %s", *g->option ? g->option : severity_name(g->sev));
			token(&toks, t, cls, OC_FAIL);
			free(t);
		}
	}
	for (size_t i = 0; i < toks.n; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", toks.v[i]);
	strvec_release(&toks);
	return sb.len ? sb_detach(&sb) : xstrdup("silent");
}

static void
add_row(struct overview *o, const struct results *r, const struct grid *g, size_t ci, int line,
        const char *title, size_t jb, size_t je)
{
	const struct rcase *c = &r->cases[ci];
	const char *slash = strrchr(c->name, '/');
	struct orow row = {
		.topic = slash ? xstrndup(c->name, (size_t)(slash - c->name)) : xstrdup(""),
		.title = xstrdup(title), .caseidx = ci, .line = line, .cls = xcalloc(g->nconf + 1, 1),
	};

	grid_row_init(&row.values, g);
	for (size_t i = jb; i < je; i++) {
		size_t k = grid_conf(g, &r->jobs[i]);
		enum oclass cls;
		grid_row_set(&row.values, g, k, row_value(c, line, &r->jobs[i], &cls));
		row.cls[k] = (unsigned char)cls;
	}
	o->v = xrealloc(o->v, (o->n + 1) * sizeof(*o->v));
	o->v[o->n++] = row;
}

/* Rows in case order, then grouped by topic in order of first appearance. */
static void
group_topics(struct overview *o)
{
	struct orow *v = xcalloc(o->n + 1, sizeof(*v));
	char *taken = xcalloc(o->n + 1, 1);
	size_t n = 0;

	for (size_t i = 0; i < o->n; i++)
		for (size_t k = i; k < o->n && !taken[i]; k++)
			if (!taken[k] && !strcmp(o->v[k].topic, o->v[i].topic)) {
				v[n++] = o->v[k];
				taken[k] = 1;
			}
	free(o->v);
	free(taken);
	o->v = v;
}

void
overview_build(struct overview *o, const struct results *r, const struct grid *g)
{
	size_t *first, *end;

	memset(o, 0, sizeof(*o));
	case_jobs(r, &first, &end);
	for (size_t ci = 0; ci < r->ncases; ci++) {
		const struct rcase *c = &r->cases[ci];
		for (size_t k = 0; k < c->noverview; k++)
			add_row(o, r, g, ci, c->overview[k].line, c->overview[k].title, first[ci], end[ci]);
		if (!c->noverview)
			add_row(o, r, g, ci, 0, c->title, first[ci], end[ci]);
	}
	group_topics(o);
	free(first);
	free(end);
}

void
overview_release(struct overview *o, const struct grid *g)
{
	for (size_t i = 0; i < o->n; i++) {
		free(o->v[i].topic);
		free(o->v[i].title);
		free(o->v[i].cls);
		grid_row_release(&o->v[i].values, g);
	}
	free(o->v);
	memset(o, 0, sizeof(*o));
}

const char *
oclass_label(enum oclass c)
{
	static const char *const labels[OC_COUNT] = {
		[OC_NONE] = "not run (n/a, skip)", [OC_SILENT] = "silent",
		[OC_FIRES] = "warns or errs, as expected", [OC_FP] = "known false positive fires",
		[OC_FAIL] = "not as expected (missing, unexpected)", [OC_ERROR] = "the compiler failed",
	};
	return c < OC_COUNT ? labels[c] : "?";
}
