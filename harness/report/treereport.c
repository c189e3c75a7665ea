/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/treereport.h"

const char *const tree_report_options[] = { "-Wstringop-overflow", "-Warray-bounds" };
const size_t tree_report_noptions = LEN(tree_report_options);

/* The compilers and targets of the results, in toolchain order. */
struct axes {
	struct strvec compilers, versions, targets;
};

static void
axes_build(struct axes *a, const struct results *r)
{
	for (size_t i = 0; i < r->ntcs; i++) {
		if (strvec_find(&a->compilers, r->tcs[i].compiler) < 0) {
			strvec_push(&a->compilers, r->tcs[i].compiler);
			strvec_push(&a->versions, r->tcs[i].version);
		}
		if (strvec_find(&a->targets, r->tcs[i].target) < 0)
			strvec_push(&a->targets, r->tcs[i].target);
	}
}

static void
axes_release(struct axes *a)
{
	strvec_release(&a->compilers);
	strvec_release(&a->versions);
	strvec_release(&a->targets);
}

/* A report's section: one configuration of one tree (its cases' tree
 * field, its jobs' profile), each borrowed from the results. */
struct group {
	const char *tree, *config;
};

struct groups {
	struct group *v;
	size_t n, cap;
	size_t *of_job;         /* per job: its group, or NO_GROUP (no tree's) */
};

#define NO_GROUP ((size_t)-1)

/* One distinct diagnostic of a tree and configuration, and where it fired. */
struct finding {
	size_t group;           /* index into the groups */
	char *option, *file, *message, *why;    /* why: the case that explains it, or "" */
	char *context;          /* the path GCC printed with it (the first that had one), or NULL */
	int line;
	int fp;                 /* why is a known-fp (else a case that reduces a true positive) */
	unsigned char *at;      /* by compiler * ntargets + target */
};

struct findings {
	struct finding *v;
	size_t n, cap;
};

static int
is_counted(const struct rdiag *g)
{
	return g->sev != SEV_NOTE;
}

/* g's path, as GCC numbers it, places in g's own file by line alone:
 * "(1) `a.h:5`: when the condition is evaluated to true (2) line 7: warning happens here". */
static char *
path_text(const struct rdiag *g)
{
	struct strbuf sb = {0};

	for (size_t e = 0; e < g->nevents; e++) {
		const struct diagevent *v = &g->events[e];
		sb_addf(&sb, "%s(%zu) ", e ? " " : "", e + 1);
		if (v->file && strcmp(v->file, g->file))
			sb_addf(&sb, "`%s:%d`: ", v->file, v->line);
		else if (v->line)
			sb_addf(&sb, "line %d: ", v->line);
		sb_addf(&sb, "%s", v->text);
	}
	return sb_detach(&sb);
}

/* The finding of g in group, explained by why (added when new): the same
 * warning explained in some configurations and not in others is two. */
static struct finding *
finding_of(struct findings *fs, const struct axes *a, size_t group, const struct rdiag *g, const char *why)
{
	for (size_t i = 0; i < fs->n; i++) {
		struct finding *f = &fs->v[i];
		if (f->group == group && !strcmp(f->option, g->option) && !strcmp(f->file, g->file) &&
		    f->line == g->line && !strcmp(f->message, g->message) && !strcmp(f->why, why))
			return f;
	}
	xgrow((void **)&fs->v, &fs->cap, fs->n + 1, sizeof(*fs->v));
	fs->v[fs->n] = (struct finding){
		.group = group, .option = xstrdup(g->option), .file = xstrdup(g->file),
		.message = xstrdup(g->message), .why = xstrdup(why), .line = g->line, .fp = g->status == ST_KNOWN_FP,
		.at = xcalloc(a->compilers.n * a->targets.n + 1, 1),
	};
	return &fs->v[fs->n++];
}

/* What explains g: the case of the known-fp or expectation it fits, else
 * "expected", or "" when nothing does. */
static const char *
explained_by(const struct results *r, const struct rjob *j, const struct rdiag *g)
{
	const struct rcase *c = &r->cases[j->caseidx];

	if (g->status == ST_UNEXPECTED)
		return "";
	for (size_t k = 0; k < g->nfits; k++)
		if (g->fits[k] < c->ndirs && *c->dirs[g->fits[k]].ref)
			return c->dirs[g->fits[k]].ref;
	return "expected";
}

static void
collect(struct findings *fs, const struct axes *a, const struct results *r, const struct groups *gs)
{
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		size_t group = gs->of_job[i];
		size_t ci = (size_t)strvec_find(&a->compilers, j->compiler), ti = (size_t)strvec_find(&a->targets, j->target);
		if (group == NO_GROUP)
			continue;
		for (size_t k = 0; k < j->ndiags; k++) {
			const struct rdiag *g = &j->diags[k];
			struct finding *f;
			if (!is_counted(g))
				continue;
			f = finding_of(fs, a, group, g, explained_by(r, j, g));
			f->at[ci * a->targets.n + ti] = 1;
			if (!f->context && g->nevents)
				f->context = path_text(g);
		}
	}
}

static void
findings_release(struct findings *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		free(fs->v[i].option);
		free(fs->v[i].file);
		free(fs->v[i].message);
		free(fs->v[i].why);
		free(fs->v[i].context);
		free(fs->v[i].at);
	}
	free(fs->v);
}

/* The compilers set in at[] for target ti, as runs of adjacent ones:
 * "gcc-13 to gcc-16, gcc-trunk". */
static char *
compilers_at(const struct axes *a, const unsigned char *at, size_t ti)
{
	struct strbuf sb = {0};
	size_t nt = a->targets.n;

	for (size_t c = 0; c < a->compilers.n; c++) {
		size_t e = c;
		if (!at[c * nt + ti])
			continue;
		while (e + 1 < a->compilers.n && at[(e + 1) * nt + ti])
			e++;
		sb_addf(&sb, "%s%s", sb.len ? ", " : "", a->compilers.v[c]);
		if (e > c)
			sb_addf(&sb, "%s%s", e > c + 1 ? " to " : ", ", a->compilers.v[e]);
		c = e;
	}
	return sb_detach(&sb);
}

/* Where at[] holds: the targets with the same compilers together,
 * "arm64, s390x: gcc-13 to gcc-16; x86-64: gcc-11". */
static char *
where(const struct axes *a, const unsigned char *at)
{
	struct strvec per = {0};
	struct strbuf sb = {0};
	unsigned char *done = xcalloc(a->targets.n + 1, 1);

	for (size_t t = 0; t < a->targets.n; t++)
		strvec_push_nocopy(&per, compilers_at(a, at, t));
	for (size_t t = 0; t < a->targets.n; t++) {
		if (done[t] || !*per.v[t])
			continue;
		sb_addf(&sb, "%s%s", sb.len ? "; " : "", a->targets.v[t]);
		for (size_t u = t + 1; u < a->targets.n; u++)
			if (!done[u] && !strcmp(per.v[u], per.v[t])) {
				sb_addf(&sb, ", %s", a->targets.v[u]);
				done[u] = 1;
			}
		sb_addf(&sb, ": %s", per.v[t]);
	}
	free(done);
	strvec_release(&per);
	return sb_detach(&sb);
}

/* Text for a markdown table cell: '|' escaped, no line breaks. */
static void
cell(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", fp);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', fp);
		else
			fputc(*s, fp);
	}
}

static int
is_option(const char *opt, size_t k)
{
	return !strcmp(opt, tree_report_options[k]);
}

static int
is_value_tracking(const char *opt)
{
	for (size_t k = 0; k < tree_report_noptions; k++)
		if (is_option(opt, k))
			return 1;
	return 0;
}

/* What ran in a group, by compiler * ntargets + target: 1 a job ran, 2 a
 * unit did not build (error), 4 a unit was not built (n/a, skip). */
static unsigned char *
ran_in(const struct results *r, const struct axes *a, const struct groups *gs, size_t group)
{
	unsigned char *ran = xcalloc(a->compilers.n * a->targets.n + 1, 1);

	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		size_t k = (size_t)strvec_find(&a->compilers, j->compiler) * a->targets.n +
		           (size_t)strvec_find(&a->targets, j->target);
		if (gs->of_job[i] == group)
			ran[k] |= 1 | (j->verdict == V_ERROR ? 2 : 0) | (j->verdict == V_NA || j->verdict == V_SKIP ? 4 : 0);
	}
	return ran;
}

/* Did anything of compiler c run (ran_in)? */
static int
ran_any(const unsigned char *ran, size_t c, size_t nt)
{
	for (size_t t = 0; t < nt; t++)
		if (ran[c * nt + t])
			return 1;
	return 0;
}

/* The head of a table with a column per target, each aligned as align
 * says ("---|", "---:|"). */
static void
targets_head(FILE *fp, const struct axes *a, const char *align)
{
	fputs("| compiler |", fp);
	for (size_t t = 0; t < a->targets.n; t++)
		fprintf(fp, " %s |", a->targets.v[t]);
	fputs("\n|---|", fp);
	for (size_t t = 0; t < a->targets.n; t++)
		fputs(align, fp);
	fputc('\n', fp);
}

static void
counts_table(FILE *fp, const struct results *r, const struct axes *a, const struct findings *fs,
             const struct groups *gs, size_t group)
{
	unsigned char *ran = ran_in(r, a, gs, group);
	size_t nt = a->targets.n;

	targets_head(fp, a, "---|");
	for (size_t c = 0; c < a->compilers.n; c++) {
		if (!ran_any(ran, c, nt))
			continue;
		fprintf(fp, "| %s (%s) |", a->compilers.v[c], a->versions.v[c]);
		for (size_t t = 0; t < nt; t++) {
			size_t n[2] = {0};
			if (!ran[c * nt + t]) {
				fputs(" |", fp);
				continue;
			}
			for (size_t i = 0; i < fs->n; i++)
				for (size_t k = 0; k < 2; k++)
					n[k] += fs->v[i].group == group && is_option(fs->v[i].option, k) && fs->v[i].at[c * nt + t];
			fprintf(fp, " %zu / %zu%s%s |", n[0], n[1], ran[c * nt + t] & 2 ? " ✗" : "", ran[c * nt + t] & 4 ? " (n/a)" : "");
		}
		fputc('\n', fp);
	}
	free(ran);
}

/* The findings of group: the value-tracking options' (want 1) or every
 * other warning and error (want 0), each with what explains it. */
static void
findings_table(FILE *fp, const struct axes *a, const struct findings *fs, size_t group, int want)
{
	int head = 0;

	for (size_t i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->v[i];
		char *w;
		if (f->group != group || is_value_tracking(f->option) != want)
			continue;
		if (!head++)
			fputs("| option | file:line | message | where | explained by | GCC's context |\n"
			      "|---|---|---|---|---|---|\n", fp);
		w = where(a, f->at);
		fprintf(fp, "| %s | `%s:%d` | ", *f->option ? f->option : "–", f->file, f->line);
		cell(fp, f->message);
		fputs(" | ", fp);
		cell(fp, w);
		if (!*f->why)
			fputs(" | **unexplained** | ", fp);
		else if (!strcmp(f->why, "expected"))
			fputs(" | expected | ", fp);
		else
			fprintf(fp, " | [%s](../cases/%s)%s | ", f->why, f->why, f->fp ? "" : " (a true positive)");
		cell(fp, f->context ? f->context : "–");
		fputs(" |\n", fp);
		free(w);
	}
	if (!head)
		fputs("None.\n", fp);
}

static void
not_built(FILE *fp, const struct results *r, const struct groups *gs, size_t group)
{
	int head = 0;

	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		if (gs->of_job[i] == group && (j->verdict == V_ERROR || j->verdict == V_NA || j->verdict == V_SKIP)) {
			if (!head++)
				fputs("| unit | compiler | target | verdict | why |\n|---|---|---|---|---|\n", fp);
			fprintf(fp, "| `%s` | %s | %s | %s | ", r->cases[j->caseidx].unit, j->compiler,
			        j->target, verdict_name(j->verdict));
			cell(fp, j->reason);
			fputs(" |\n", fp);
		}
	}
	if (!head)
		fputs("Every unit built.\n", fp);
}

/* The objects job j's build compiled ("objects CASE COMPILER TARGET
 * CONFIG", cmd/tree.c), 0 when not recorded. */
static size_t
job_objects(const struct results *r, const struct rjob *j)
{
	char *key = xasprintf("objects %s %s %s %s", r->cases[j->caseidx].name, j->compiler, j->target, j->profile);
	const char *v = results_get_meta(r, key);
	size_t n = v ? strtoul(v, NULL, 10) : 0;

	free(key);
	return n;
}

/* How many runs job j's build took when it was resumed ("runs CASE
 * COMPILER TARGET CONFIG", cmd/tree.c), or NULL: one. */
static const char *
job_runs(const struct results *r, const struct rjob *j)
{
	char *key = xasprintf("runs %s %s %s %s", r->cases[j->caseidx].name, j->compiler, j->target, j->profile);
	const char *v = results_get_meta(r, key);

	free(key);
	return v;
}

/* Build time per compiler and target of a group's jobs (configuring not
 * counted): a whole kernel's hours stay apart from a directory's minutes. */
static void
times(FILE *fp, const struct results *r, const struct axes *a, const struct groups *gs, size_t group)
{
	unsigned char *ran = ran_in(r, a, gs, group);
	size_t nt = a->targets.n;
	double *s = xcalloc(a->compilers.n * nt + 1, sizeof(*s));
	size_t *objects = xcalloc(a->compilers.n * nt + 1, sizeof(*objects));
	const char **runs = xcalloc(a->compilers.n * nt + 1, sizeof(*runs));

	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		if (gs->of_job[i] == group) {
			size_t k = (size_t)strvec_find(&a->compilers, j->compiler) * nt + (size_t)strvec_find(&a->targets, j->target);
			s[k] += j->seconds;
			objects[k] += job_objects(r, j);
			if (!runs[k])
				runs[k] = job_runs(r, j);
		}
	}
	targets_head(fp, a, "---:|");
	for (size_t c = 0; c < a->compilers.n; c++) {
		if (!ran_any(ran, c, nt))
			continue;
		fprintf(fp, "| %s |", a->compilers.v[c]);
		for (size_t t = 0; t < nt; t++) {
			size_t k = c * nt + t;
			if (!ran[k]) {
				fputs(" |", fp);
				continue;
			}
			fprintf(fp, " %.0f s", s[k]);
			if (runs[k])
				fprintf(fp, " (%ld runs%s)", strtol(runs[k], NULL, 10),
				        strstr(runs[k], "untimed") ? ", some not timed" : "");
			if (objects[k])
				fprintf(fp, ", %zu objects", objects[k]);
			fputs(" |", fp);
		}
		fputc('\n', fp);
	}
	free(s);
	free(objects);
	free(runs);
	free(ran);
}

/* "The compilers are Debian's packages: gcc-13 on arm64 is
 * gcc-13-aarch64-linux-gnu 13.3.0-16, ..." (meta "package COMPILER
 * TARGET", cmd/tree.c): a package version, not an upstream release. */
static void
packages(FILE *fp, const struct results *r)
{
	int any = 0;

	for (size_t i = 0; i < r->ntcs; i++) {
		const struct rtoolchain *tc = &r->tcs[i];
		char *key = xasprintf("package %s %s", tc->compiler, tc->target);
		const char *v = results_get_meta(r, key);
		free(key);
		if (!v)
			continue;
		fputs(any ? ", " : "The compilers are Debian's packages (a Debian version names a package, often "
		      "built from the release branch after the upstream release it names): ", fp);
		fprintf(fp, "%s on %s is `%s`", tc->compiler, tc->target, v);
		any = 1;
	}
	if (any)
		fputs(".\n\n", fp);
}

static void
header(FILE *fp, const struct results *r)
{
	const char *rev = results_get_meta(r, "revision"), *trees = results_get_meta(r, "trees");

	fputs("# diagmatrix: real source trees\n\n", fp);
	fprintf(fp, "Generated by diagmatrix from the harness of commit %s, from %s (docs/trees.md). ", rev ? rev : "?",
	        trees ? trees : "a tree file");
	for (size_t i = 0; i < r->meta_keys.n; i++)
		if (!strncmp(r->meta_keys.v[i], "source ", 7))
			fprintf(fp, "%s: %s. ", r->meta_keys.v[i] + 7, r->meta_vals.v[i]);
	fprintf(fp, "%zu units, %zu results (a unit built by one compiler for one target in one configuration).\n\n",
	        r->ncases, r->njobs);
	packages(fp, r);
	fputs("Each count is \"-Wstringop-overflow / -Warray-bounds\": the distinct warnings of each "
	      "option the compiler printed over the configuration's units; ✗: a unit did not build.\n", fp);
}

/* The groups of r's tree jobs, their trees in name order (a tree before
 * its longer namesakes: linux-7.2, then linux-7.2-reductions), the
 * configurations of a tree in the order they came; and each job's. */
static void
groups_build(struct groups *gs, const struct results *r)
{
	gs->of_job = xcalloc(r->njobs + 1, sizeof(*gs->of_job));
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		const char *tree = r->cases[j->caseidx].tree;
		size_t k = 0;
		gs->of_job[i] = NO_GROUP;
		if (!tree || !*tree)
			continue;
		while (k < gs->n && (strcmp(gs->v[k].tree, tree) || strcmp(gs->v[k].config, j->profile)))
			k++;
		if (k == gs->n) {
			/* insertion in order, after the groups of the trees up to it */
			for (k = 0; k < gs->n && strcmp(gs->v[k].tree, tree) <= 0; k++)
				;
			xgrow((void **)&gs->v, &gs->cap, gs->n + 1, sizeof(*gs->v));
			memmove(&gs->v[k + 1], &gs->v[k], (gs->n - k) * sizeof(*gs->v));
			gs->v[k] = (struct group){ tree, j->profile };
			gs->n++;
		}
	}
	/* the jobs' groups, now that their places are settled */
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		const char *tree = r->cases[j->caseidx].tree;
		if (!tree || !*tree)
			continue;
		for (size_t k = 0; k < gs->n; k++)
			if (!strcmp(gs->v[k].tree, tree) && !strcmp(gs->v[k].config, j->profile))
				gs->of_job[i] = k;
	}
}

void
tree_report(FILE *fp, const struct results *r)
{
	struct axes a = {0};
	struct findings fs = {0};
	struct groups gs = {0};

	axes_build(&a, r);
	groups_build(&gs, r);
	collect(&fs, &a, r, &gs);
	header(fp, r);
	for (size_t i = 0; i < gs.n; i++) {
		fprintf(fp, "\n## %s, configuration %s\n\n", gs.v[i].tree, gs.v[i].config);
		for (size_t p = 0; p < r->nprofiles; p++)
			if (!strcmp(r->profiles[p].name, gs.v[i].config))
				fprintf(fp, "Configuration: `%s`.\n\n", r->profiles[p].flags);
		counts_table(fp, r, &a, &fs, &gs, i);
		fputs("\n### The value-tracking warnings\n\n", fp);
		findings_table(fp, &a, &fs, i, 1);
		fputs("\n### Other warnings and errors\n\n", fp);
		findings_table(fp, &a, &fs, i, 0);
		fputs("\n### Units not built\n\n", fp);
		not_built(fp, r, &gs, i);
		fputs("\n### Build time per compiler and target\n\nEach job's units, prepare included (configuring not "
		      "counted), and the objects they compiled (Kbuild's CC lines), where recorded; a build cut short and "
		      "resumed says in how many runs, its time theirs (those not timed left out).\n\n", fp);
		times(fp, r, &a, &gs, i);
	}
	free(gs.v);
	free(gs.of_job);
	findings_release(&fs);
	axes_release(&a);
}
