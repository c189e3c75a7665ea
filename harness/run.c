#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"
#include "config.h"
#include "diag.h"
#include "jobs.h"
#include "match.h"
#include "probe.h"
#include "results.h"
#include "run.h"
#include "sched.h"

#ifndef DIAGMATRIX_VERSION
#define DIAGMATRIX_VERSION "0.1.0"
#endif
#ifndef DIAGMATRIX_REVISION
#define DIAGMATRIX_REVISION "unknown"
#endif

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
walk(const char *dir, const char *rel, struct strvec *paths, struct strvec *names, struct errlist *errs)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	struct strvec entries = {0};
	int r = 0;

	if (!d) {
		errlist_add(errs, dir, 0, 0, "cannot open directory: %s", strerror(errno));
		return -1;
	}
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			strvec_push(&entries, de->d_name);
	closedir(d);
	qsort(entries.v, entries.n, sizeof(char *), cmp_str);
	for (size_t i = 0; i < entries.n && !r; i++) {
		char *full = xasprintf("%s/%s", dir, entries.v[i]);
		char *name = *rel ? xasprintf("%s/%s", rel, entries.v[i]) : xstrdup(entries.v[i]);
		struct stat st;
		size_t len = strlen(entries.v[i]);
		if (stat(full, &st) < 0) {
			errlist_add(errs, full, 0, 0, "cannot stat: %s", strerror(errno));
			r = -1;
		} else if (S_ISDIR(st.st_mode)) {
			r = walk(full, name, paths, names, errs);
		} else if (S_ISREG(st.st_mode) && len > 2 && !strcmp(entries.v[i] + len - 2, ".c")) {
			strvec_push(paths, full);
			strvec_push(names, name);
		}
		free(full);
		free(name);
	}
	strvec_release(&entries);
	return r;
}

int
cases_collect(const char *path, struct strvec *paths, struct strvec *names, struct errlist *errs)
{
	struct stat st;
	char *dir;
	size_t len = strlen(path);

	if (stat(path, &st) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		dir = xstrdup(path);
		while (strlen(dir) > 1 && dir[strlen(dir) - 1] == '/')
			dir[strlen(dir) - 1] = 0;
		len = (size_t)walk(dir, "", paths, names, errs);
		free(dir);
		return (int)len;
	}
	strvec_push(paths, path);
	{
		const char *slash = strrchr(path, '/');
		strvec_push(names, slash ? slash + 1 : path);
	}
	return 0;
}

/* Parse every case; all their errors are reported together. */
static int
load_cases(const struct strvec *inputs, const struct sel_vocab *vocab, struct casefile **out,
           size_t *nout, struct errlist *errs)
{
	struct strvec paths = {0}, names = {0};
	struct strvec defaults = {0};
	const struct strvec *in = inputs;
	int r = 0;

	if (!in->n) {
		strvec_push(&defaults, "cases");
		in = &defaults;
	}
	for (size_t i = 0; i < in->n; i++)
		if (cases_collect(in->v[i], &paths, &names, errs) < 0)
			r = -1;
	*out = xcalloc(paths.n + 1, sizeof(**out));
	*nout = 0;
	for (size_t i = 0; i < paths.n; i++) {
		if (case_load(&(*out)[*nout], paths.v[i], names.v[i], vocab, errs) < 0) {
			r = -1;
			continue;
		}
		for (size_t k = 0; k < *nout; k++) {
			if (!strcmp((*out)[k].name, names.v[i])) {
				errlist_add(errs, paths.v[i], 0, 0, "case name '%s' also used by %s",
				            names.v[i], (*out)[k].path);
				r = -1;
			}
		}
		(*nout)++;
	}
	strvec_release(&paths);
	strvec_release(&names);
	strvec_release(&defaults);
	return r;
}

static void
free_cases(struct casefile *cases, size_t n)
{
	for (size_t i = 0; i < n; i++)
		case_release(&cases[i]);
	free(cases);
}

static int
check_filter(const struct config *cfg, const struct job_filter *f)
{
	int bad = 0;
	for (size_t i = 0; i < f->compilers.n; i++)
		if (config_find_compiler(cfg, f->compilers.v[i]) < 0)
			fprintf(stderr, "diagmatrix: error: no compiler '%s' in %s\n", f->compilers.v[i], cfg->path), bad = 1;
	for (size_t i = 0; i < f->targets.n; i++)
		if (config_find_target(cfg, f->targets.v[i]) < 0)
			fprintf(stderr, "diagmatrix: error: no target '%s' in %s\n", f->targets.v[i], cfg->path), bad = 1;
	for (size_t i = 0; i < f->profiles.n; i++)
		if (config_find_profile(cfg, f->profiles.v[i]) < 0)
			fprintf(stderr, "diagmatrix: error: no profile '%s' in %s\n", f->profiles.v[i], cfg->path), bad = 1;
	return bad ? -1 : 0;
}

static int
online_processors(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

/* ---- running the jobs ---- */

struct runctx {
	const struct config *cfg;
	const struct casefile *cases;
	struct joblist *jl;
	size_t *runnable;          /* sched index -> job index */
	char ***argvs;             /* sched index -> argv array */
	char **envp;
	struct results *res;
	size_t *jobres;            /* job index -> results.jobs index */
	double timeout;
	size_t done, failed;
	int quiet;
};

static void
rget(void *vctx, size_t i, struct proc *p)
{
	struct runctx *ctx = vctx;
	struct job *j = &ctx->jl->v[ctx->runnable[i]];

	ctx->argvs[i] = strvec_argv(&j->argv);
	p->argv = ctx->argvs[i];
	p->envp = ctx->envp;
	p->timeout = ctx->timeout > 0 ? ctx->timeout : j->timeout;
}

static void
fill_diags(struct rjob *rj, const struct diaglist *dl)
{
	rj->diags = xcalloc(dl->n + 1, sizeof(*rj->diags));
	rj->ndiags = rj->capdiags = dl->n;
	for (size_t k = 0; k < dl->n; k++) {
		const struct diag *g = &dl->v[k];
		struct rdiag *rd = &rj->diags[k];
		rd->file = xstrdup(g->file ? g->file : "");
		rd->line = g->line;
		rd->col = g->col;
		rd->sev = g->sev;
		rd->option = xstrdup(g->option ? g->option : "");
		rd->count = g->count;
		rd->status = g->status;
		rd->message = xstrdup(g->message);
	}
}

static void
rdone(void *vctx, size_t i, const struct proc_result *r)
{
	struct runctx *ctx = vctx;
	size_t ji = ctx->runnable[i];
	struct job *j = &ctx->jl->v[ji];
	const struct casefile *cf = &ctx->cases[j->caseidx];
	struct rjob *rj = &ctx->res->jobs[ctx->jobres[ji]];
	struct diaglist dl = {0};
	struct exit_info ei = {0};
	char *reason = NULL;

	free(ctx->argvs[i]);
	ctx->argvs[i] = NULL;
	diag_parse(&dl, r->err.buf ? r->err.buf : "", r->err.len);
	ei.spawn_errno = r->spawn_errno;
	ei.timed_out = r->timed_out;
	ei.timeout = ctx->timeout > 0 ? ctx->timeout : j->timeout;
	ei.signal = r->signal;
	ei.exit_code = r->exit_code;
	rj->outcomes = xcalloc(cf->ndirs + 1, sizeof(*rj->outcomes));
	rj->verdict = match_job(cf, &j->env, &dl, &ei, rj->outcomes, &reason);
	if (r->err_dropped && rj->verdict != V_ERROR) {
		char *more = xasprintf("%s%soutput truncated: %zu bytes not kept", reason ? reason : "",
		                       reason ? "; " : "", r->err_dropped);
		free(reason);
		reason = more;
	}
	rj->reason = reason ? reason : xstrdup("");
	rj->exit_code = r->exit_code;
	rj->signal = r->signal;
	rj->seconds = r->seconds;
	fill_diags(rj, &dl);
	diaglist_release(&dl);
	ctx->done++;
	if (rj->verdict == V_FAIL || rj->verdict == V_ERROR)
		ctx->failed++;
}

static void
add_toolchains(struct results *res, const struct config *cfg, const struct probeset *ps)
{
	for (size_t i = 0; i < ps->n; i++) {
		const struct probe *pr = &ps->v[i];
		const struct compiler *c = &cfg->compilers[pr->compiler];
		const struct toolchain *t = &c->tcs[pr->tc];
		struct rtoolchain rt;
		struct strbuf cmd = {0};

		for (size_t k = 0; k < c->prefix.n; k++) {
			shell_quote(&cmd, c->prefix.v[k]);
			sb_addc(&cmd, ' ');
		}
		shell_quote(&cmd, t->command);
		rt.compiler = xstrdup(c->name);
		rt.family = xstrdup(family_name(c->family));
		rt.target = xstrdup(cfg->targets[t->target].arch);
		rt.triple = xstrdup(cfg->targets[t->target].triple);
		rt.version = xstrdup(pr->found ? pr->version : "");
		rt.status = xstrdup(pr->found ? "found" : "missing");
		rt.command = sb_detach(&cmd);
		rt.note = pr->found ? xstrdup("") :
		          pr->package ? xasprintf("%s (apt-get install %s)", pr->note, pr->package) : xstrdup(pr->note);
		xgrow((void **)&res->tcs, &res->captcs, res->ntcs + 1, sizeof(*res->tcs));
		res->tcs[res->ntcs++] = rt;
	}
	for (size_t p = 0; p < cfg->nprofiles; p++) {
		struct strbuf fl = {0};
		const struct profile *pf = &cfg->profiles[p];
		for (size_t k = 0; k < pf->flags.n; k++) {
			if (k)
				sb_addc(&fl, ' ');
			shell_quote(&fl, pf->flags.v[k]);
		}
		if (pf->gcc_flags.n) {
			sb_addstr(&fl, fl.len ? " " : "");
			sb_addstr(&fl, "gcc:");
			for (size_t k = 0; k < pf->gcc_flags.n; k++) {
				sb_addc(&fl, ' ');
				shell_quote(&fl, pf->gcc_flags.v[k]);
			}
		}
		if (pf->clang_flags.n) {
			sb_addstr(&fl, fl.len ? " " : "");
			sb_addstr(&fl, "clang:");
			for (size_t k = 0; k < pf->clang_flags.n; k++) {
				sb_addc(&fl, ' ');
				shell_quote(&fl, pf->clang_flags.v[k]);
			}
		}
		xgrow((void **)&res->profiles, &res->capprofiles, res->nprofiles + 1, sizeof(*res->profiles));
		res->profiles[res->nprofiles].name = xstrdup(pf->name);
		res->profiles[res->nprofiles++].flags = sb_detach(&fl);
	}
}

static void
add_meta(struct results *res, const struct run_opts *o, int parallel)
{
	char host[256] = "unknown", date[64];
	time_t t = time(NULL);
	struct tm tm;
	char num[32];

	gethostname(host, sizeof(host) - 1);
	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	results_meta(res, "date", date);
	results_meta(res, "host", host);
	results_meta(res, "harness", DIAGMATRIX_VERSION);
	results_meta(res, "revision", DIAGMATRIX_REVISION);
	results_meta(res, "config", o->config);
	snprintf(num, sizeof(num), "%d", parallel);
	results_meta(res, "parallel", num);
}

int
run_main(struct run_opts *o)
{
	struct config cfg;
	struct errlist errs = {0};
	struct casefile *cases = NULL;
	size_t ncases = 0;
	struct probeset ps = {0};
	struct joblist jl = {0};
	struct results res = {0};
	struct sel_vocab vocab;
	int parallel = o->parallel > 0 ? o->parallel : online_processors();
	int status = 0, sig;
	size_t nrun = 0;
	size_t counts[5] = {0};

	if (config_load(&cfg, o->config, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return 2;
	}
	if (check_filter(&cfg, &o->filter) < 0) {
		config_release(&cfg);
		return 2;
	}
	vocab = config_vocab(&cfg);
	if (load_cases(&o->cases, &vocab, &cases, &ncases, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		free_cases(cases, ncases);
		config_release(&cfg);
		return 2;
	}
	sig = probe_all(&cfg, &ps, parallel, o->timeout);
	if (sig)
		goto interrupted;
	jobs_build(&jl, &cfg, &ps, cases, ncases, &o->filter);

	if (o->dry_run) {
		struct strbuf sb = {0};
		for (size_t i = 0; i < jl.n; i++) {
			const struct job *j = &jl.v[i];
			if (j->pre != V_PASS)
				continue;
			sb_reset(&sb);
			job_command_line(&sb, j);
			printf("%s  # %s %s %s %s\n", sb_str(&sb), cases[j->caseidx].name,
			       cfg.compilers[j->compiler].name,
			       cfg.targets[cfg.compilers[j->compiler].tcs[j->tc].target].arch,
			       cfg.profiles[j->profile].name);
		}
		sb_release(&sb);
		goto out;
	}

	add_meta(&res, o, parallel);
	add_toolchains(&res, &cfg, &ps);
	for (size_t k = 0; k < ncases; k++)
		results_add_case(&res, &cases[k]);
	{
		struct runctx ctx = {0};
		struct sched_opts so = {0};
		char *env_lc = xstrdup("LC_ALL=C");

		ctx.cfg = &cfg;
		ctx.cases = cases;
		ctx.jl = &jl;
		ctx.res = &res;
		ctx.timeout = o->timeout;
		ctx.quiet = o->quiet;
		ctx.runnable = xcalloc(jl.n + 1, sizeof(size_t));
		ctx.argvs = xcalloc(jl.n + 1, sizeof(char **));
		ctx.jobres = xcalloc(jl.n + 1, sizeof(size_t));
		ctx.envp = environ_with(env_lc);
		res.jobs = xcalloc(jl.n + 1, sizeof(*res.jobs));
		res.capjobs = jl.n + 1;
		for (size_t i = 0; i < jl.n; i++) {
			const struct job *j = &jl.v[i];
			const struct compiler *c = &cfg.compilers[j->compiler];
			struct rjob *rj = &res.jobs[res.njobs];
			struct strbuf cmd = {0};
			rj->caseidx = j->caseidx;
			rj->compiler = xstrdup(c->name);
			rj->version = xstrdup(j->probe && j->probe->found ? j->probe->version : "");
			rj->target = xstrdup(cfg.targets[c->tcs[j->tc].target].arch);
			rj->profile = xstrdup(cfg.profiles[j->profile].name);
			rj->verdict = j->pre;
			if (j->pre == V_PASS) {
				job_command_line(&cmd, j);
				ctx.runnable[nrun++] = i;
			} else {
				rj->reason = xstrdup(j->reason);
				rj->outcomes = xcalloc(cases[j->caseidx].ndirs + 1, sizeof(*rj->outcomes));
			}
			rj->command = sb_detach(&cmd);
			ctx.jobres[i] = res.njobs++;
		}
		so.njobs = nrun;
		so.parallel = parallel;
		so.ctx = &ctx;
		so.get = rget;
		so.done = rdone;
		sig = sched_run(&so);
		for (size_t i = 0; i < nrun; i++)
			free(ctx.argvs[i]);
		free(ctx.argvs);
		free(ctx.runnable);
		free(ctx.jobres);
		free(ctx.envp);
		free(env_lc);
		if (sig) {
			/* keep only what finished, marked as interrupted */
			size_t k = 0;
			for (size_t i = 0; i < res.njobs; i++) {
				struct rjob *rj = &res.jobs[i];
				if (rj->reason) {
					res.jobs[k++] = *rj;
					continue;
				}
				free(rj->compiler);
				free(rj->version);
				free(rj->target);
				free(rj->profile);
				free(rj->command);
			}
			res.njobs = k;
			results_meta(&res, "interrupted", sig == 2 ? "SIGINT" : "SIGTERM");
		}
	}
	if (results_write(&res, o->out) < 0) {
		fprintf(stderr, "diagmatrix: error: cannot write %s: %s\n", o->out, strerror(errno));
		status = 2;
		goto out;
	}
	if (sig)
		goto interrupted;
	for (size_t i = 0; i < res.njobs; i++) {
		const struct rjob *rj = &res.jobs[i];
		counts[rj->verdict]++;
		if (rj->verdict == V_FAIL || rj->verdict == V_ERROR) {
			status = 1;
			if (!o->quiet)
				fprintf(stderr, "%s: %s %s@%s %s: %s\n", verdict_name(rj->verdict),
				        res.cases[rj->caseidx].name, rj->compiler, rj->target, rj->profile, rj->reason);
		}
	}
	if (!o->quiet)
		fprintf(stderr, "diagmatrix: %zu jobs: %zu pass, %zu fail, %zu error, %zu skip, %zu n/a; results in %s\n",
		        res.njobs, counts[V_PASS], counts[V_FAIL], counts[V_ERROR], counts[V_SKIP], counts[V_NA], o->out);
	goto out;
interrupted:
	status = 128 + sig;
	fprintf(stderr, "diagmatrix: interrupted by signal %d\n", sig);
out:
	results_release(&res);
	joblist_release(&jl);
	probeset_release(&ps);
	free_cases(cases, ncases);
	config_release(&cfg);
	errlist_release(&errs);
	return status;
}

int
list_main(const char *config, int missing_packages_only)
{
	struct config cfg;
	struct errlist errs = {0};
	struct probeset ps = {0};
	int sig;

	if (config_load(&cfg, config, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return 2;
	}
	sig = probe_all(&cfg, &ps, online_processors(), 0);
	if (sig) {
		probeset_release(&ps);
		config_release(&cfg);
		return 128 + sig;
	}
	if (missing_packages_only) {
		struct strvec pk = {0};
		for (size_t i = 0; i < ps.n; i++) {
			const char *p = ps.v[i].package;
			size_t k;
			if (ps.v[i].found || !p)
				continue;
			for (k = 0; k < pk.n && strcmp(pk.v[k], p); k++)
				;
			if (k == pk.n)
				strvec_push(&pk, p);
		}
		for (size_t k = 0; k < pk.n; k++)
			printf("%s\n", pk.v[k]);
		strvec_release(&pk);
	} else {
		printf("%-10s %-6s %-8s %-9s %-28s %s\n", "COMPILER", "FAMILY", "VERSION", "TARGET", "COMMAND", "STATUS");
		for (size_t i = 0; i < ps.n; i++) {
			const struct probe *pr = &ps.v[i];
			const struct compiler *c = &cfg.compilers[pr->compiler];
			const struct toolchain *t = &c->tcs[pr->tc];
			char *st = pr->found ? xstrdup("found") :
			           pr->package ? xasprintf("missing: %s (apt-get install %s)", pr->note, pr->package) :
			           xasprintf("missing: %s", pr->note);
			printf("%-10s %-6s %-8s %-9s %-28s %s\n", c->name, family_name(c->family),
			       pr->found ? pr->version : "-", cfg.targets[t->target].arch, t->command, st);
			free(st);
		}
	}
	probeset_release(&ps);
	config_release(&cfg);
	return 0;
}

int
lint_main(const char *config, const struct strvec *paths)
{
	struct config cfg;
	struct errlist errs = {0};
	struct casefile *cases = NULL;
	size_t ncases = 0;
	struct sel_vocab vocab = { NULL, 0, NULL, 0 };
	int have_cfg = 0, r;

	if (access(config, F_OK) == 0) {
		if (config_load(&cfg, config, &errs) < 0) {
			errlist_print(&errs, stderr);
			errlist_release(&errs);
			return 2;
		}
		vocab = config_vocab(&cfg);
		have_cfg = 1;
	}
	r = load_cases(paths, &vocab, &cases, &ncases, &errs);
	errlist_print(&errs, stderr);
	if (r == 0) {
		size_t nd = 0;
		for (size_t i = 0; i < ncases; i++)
			nd += cases[i].ndirs;
		printf("%zu case files, %zu directives: ok\n", ncases, nd);
	}
	errlist_release(&errs);
	free_cases(cases, ncases);
	if (have_cfg)
		config_release(&cfg);
	return r < 0 ? 2 : 0;
}
