/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "dialect/match.h"
#include "lib/depfile.h"
#include "pipeline/exec.h"
#include "pipeline/record.h"
#include "report/results.h"
#include "sandbox/box.h"
#include "sandbox/cached.h"
#include "sandbox/jobserver.h"
#include "sandbox/sched.h"

#include "lib/version.h"

struct exec {
	struct plan *p;
	const struct exec_opts *o;
	struct recorder rec;            /* the results file, and the verdicts counted */
	size_t *torun;                  /* task index -> job index: the jobs to compile */
	size_t ntorun;
	size_t from_cache;              /* jobs answered by the cache (a manifest's reads are not answers) */
	size_t not_cached[3];           /* jobs whose answer no key can name, by why (NC_*) */
	char **envp;
	char *tmpdir_env;               /* TMPDIR=the scratch directory, in envp without the sandbox */
	char (*case_digest)[65];        /* per case: its bytes and local headers */
	unsigned char *case_opaque;     /* per case: it reads what its digest cannot follow: never cached */
	char (*tc_digest)[65];          /* per probe: the command's identity */
	char env_digest[65];
	size_t done, failed, total;     /* jobs judged, failing, to judge */
	enum { PROGRESS_NONE, PROGRESS_TERMINAL, PROGRESS_LINES } progress;
	double start, drawn;            /* when the run began, when the line was last drawn */
	size_t logged;                  /* PROGRESS_LINES: the jobs done at the last line */
	/* per compiler: its compiles still to judge, and those that ran (not
	 * from the cache) with their wall time: the estimate of the time left */
	size_t *left, *ran;
	double *spent;
	char *scratch;                  /* where DejaGnu files are compiled: their dump files land there */
};

/* "42s", "6m05s", "1h02m": a duration for a person. */
static void
duration(char *buf, size_t n, double s)
{
	long t = s > 0 ? (long)(s + 0.5) : 0;

	if (t < 60)
		snprintf(buf, n, "%lds", t);
	else if (t < 3600)
		snprintf(buf, n, "%ldm%02lds", t / 60, t % 60);
	else
		snprintf(buf, n, "%ldh%02ldm", t / 3600, t / 60 % 60);
}

double
exec_time_left(const size_t *left, const size_t *ran, const double *spent, size_t n, int parallel)
{
	size_t all_ran = 0;
	double all_spent = 0, total = 0;

	for (size_t c = 0; c < n; c++) {
		all_ran += ran[c];
		all_spent += spent[c];
	}
	if (!all_ran)
		return 0;
	for (size_t c = 0; c < n; c++)
		total += (double)left[c] * (ran[c] ? spent[c] / (double)ran[c] : all_spent / (double)all_ran);
	return total / (parallel > 0 ? parallel : 1);
}

/* Where the run is: done/total, failures, elapsed, and the time left
 * (exec_time_left). On a terminal one status line, redrawn at most ten
 * times a second; piped (a log, make matrix under CI), a line each 5 %
 * of the jobs. */
static void
progress(struct exec *x, int force)
{
	double now = now_seconds(), rate;
	char elapsed[32], left[32];
	size_t step = x->total / 20 ? x->total / 20 : 1;

	if (x->progress == PROGRESS_NONE)
		return;
	if (x->progress == PROGRESS_TERMINAL && !force && now - x->drawn < 0.1)
		return;
	if (x->progress == PROGRESS_LINES && (force || x->done < x->logged + step))
		return;
	x->drawn = now;
	x->logged = x->done;
	rate = now > x->start ? (double)x->done / (now - x->start) : 0;
	duration(elapsed, sizeof(elapsed), now - x->start);
	if (rate > 0 && x->done < x->total)
		duration(left, sizeof(left), exec_time_left(x->left, x->ran, x->spent, x->p->cfg.ncompilers, x->p->parallel));
	fprintf(stderr, "%s[%zu/%zu] %zu%%, %zu failing, %.0f jobs/s, %s elapsed%s%s%s",
	        x->progress == PROGRESS_TERMINAL ? "\r" : "diagmatrix: ", x->done, x->total,
	        x->total ? x->done * 100 / x->total : 100, x->failed, rate, elapsed,
	        rate > 0 && x->done < x->total ? ", ~" : "", rate > 0 && x->done < x->total ? left : "",
	        rate > 0 && x->done < x->total ? " left" : "");
	fputs(x->progress == PROGRESS_TERMINAL ? "\033[K" : "\n", stderr);
}

static double
job_timeout(const struct exec *x, const struct job *j)
{
	/* --timeout is every compiler's timeout by now (plan.c) */
	return x->p->cfg.compilers[j->compiler].timeout;
}

/* Record job ji with its verdict, reason, command and diagnostics. The
 * strings it borrows stay owned by the plan. */
static void
emit(struct exec *x, size_t ji, enum verdict v, const char *reason, const struct strvec *argv,
     enum outcome *outcomes, const struct diaglist *dl, const struct proc_result *r)
{
	const struct plan *p = x->p;
	const struct job *j = &p->jl.v[ji];
	const struct compiler *c = &p->cfg.compilers[j->compiler];
	const struct probe *pr = &p->ps.v[j->probe];

	record_job(&x->rec, &(struct record){
		.caseidx = j->caseidx, .compiler = c->name, .version = pr->found ? pr->version : "",
		.target = tc_target(&p->cfg, c, j->tc)->arch, .profile = p->cfg.profiles[j->profile].name,
		.verdict = v, .reason = reason, .argv = argv, .outcomes = outcomes, .dl = dl,
		.exit_code = r ? r->exit_code : 0, .signal = r ? r->signal : 0, .seconds = r ? r->seconds : 0,
	});
}

/* Judge job ji from how its compiler ended and what it printed. */
static void
judge(struct exec *x, size_t ji, const struct proc_result *r)
{
	const struct job *j = &x->p->jl.v[ji];
	const struct casefile *cf = &x->p->cases.v[j->caseidx];
	struct sel_env env = job_env(j, &x->p->cfg, &x->p->ps);
	struct diaglist dl = {0};
	struct exit_info ei = { .spawn_errno = r->spawn_errno, .timed_out = r->timed_out, .timeout = job_timeout(x, j),
	                        .signal = r->signal, .exit_code = r->exit_code, .over_memory = r->over_memory,
	                        .no_sandbox = r->no_sandbox };
	enum outcome *outcomes = xcalloc(cf->ndirs + 1, sizeof(*outcomes));
	enum verdict v;
	char *reason = NULL;
	struct strbuf both = {0};
	const struct strbuf *text = &r->err;

	/* runtest reads what the compiler prints on both streams (--help and
	 * -completion= answers are on stdout) */
	if (cf->dialect->reads_stdout && r->out.len) {
		sb_add(&both, r->out.buf, r->out.len);
		sb_add(&both, r->err.buf, r->err.len);
		text = &both;
	}
	dl.bare = cf->dialect->bare_diagnostics;
	dl.paths = !cf->dialect->path_notes;
	dl.sites = cf->dialect->distinct_sites;
	diag_parse(&dl, sb_str(text), text->len);
	v = match_job(cf, &env, sb_str(text), text->len, &dl, &ei, outcomes, &reason);
	sb_release(&both);
	if (r->err_dropped) {
		/* what was not kept was never judged: it may hide anything */
		char *more = xasprintf("%s%soutput truncated: %zu bytes not kept%s", reason && *reason ? reason : "",
		                       reason && *reason ? "; " : "", r->err_dropped,
		                       v == V_PASS ? ", and they may hold unexpected diagnostics" : "");
		if (v == V_PASS)
			v = V_ERROR;
		free(reason);
		reason = more;
	}
	emit(x, ji, v, reason ? reason : "", &r->proc->argv, outcomes, &dl, r);
	free(reason);
	free(outcomes);
	diaglist_release(&dl);
	x->done++;
	if (v == V_FAIL || v == V_ERROR)
		x->failed++;
	progress(x, 0);
}

/* ---- the jobs as cached tasks (cached.h) ---- */

static void
jget(void *vx, size_t t, struct proc *p)
{
	struct exec *x = vx;
	const struct job *j = &x->p->jl.v[x->torun[t]];

	job_proc(j, &x->p->cfg, &x->p->ps, x->p->cases.v, x->scratch, p);
	p->envp = x->envp;
	p->timeout = job_timeout(x, j);
}

/* Why a job's answer was not kept (exec.not_cached), as the summary says it. */
enum { NC_TEXT, NC_UNSAID, NC_CHANGED };
/* The most files a compile's answer is keyed by: a rule that names more
 * (forged, or a build beyond reason) is not kept. */
enum { MAX_INPUTS = 4096 };
static const char *const not_cached_why[] = {
	[NC_TEXT] = "they read headers through -I, a macro or __has_include, which only try follows",
	[NC_UNSAID] = "the compile did not say what it read (a fatal error or a crash first)",
	[NC_CHANGED] = "a file they read was unreadable, no plain file or changed while they ran, or over 4096 files",
};

/* Does job j's key follow what its compile read (its dependency output,
 * jobs.h), as ccache's direct mode does, rather than what a scan of the
 * case's text can name? */
static int
follows_inputs(const struct exec *x, const struct job *j)
{
	return x->p->cases.v[j->caseidx].dialect->follows_inputs;
}

/* Does the key made from job j's command and case text cover all it
 * reads? Not when the case includes what the scan cannot follow, or
 * flags name include directories or files. */
static int
text_complete(const struct exec *x, const struct job *j)
{
	return !x->case_opaque[j->caseidx] && !x->p->cfg.uncached_jobs &&
	       !job_names_paths(j, &x->p->cfg, &x->p->ps, x->p->cases.v);
}

/* Where the names of the files a compile keyed key1 read are kept. */
static void
manifest_key(const char key1[65], char mkey[65])
{
	struct cache_key k;

	cache_key_init(&k, "inputs-manifest");
	cache_key_str(&k, key1);
	cache_key_final(&k, mkey);
}

/* The key of an answer: key1, then the names and bytes of the files the
 * compile read (since: the compile's start, see cache_key_file). Returns
 * -1 (key "") when one cannot be read or changed meanwhile. */
static int
answer_key(const char key1[65], const struct strvec *paths, double since, char key[65])
{
	struct cache_key k;

	key[0] = 0;
	cache_key_init(&k, "inputs");
	cache_key_str(&k, key1);
	for (size_t i = 0; i < paths->n; i++)
		if (cache_key_file(&k, paths->v[i], since) < 0)
			return -1;
	cache_key_final(&k, key);
	return 0;
}

/* The key of job j's answer, found through the manifest at key1: the
 * files its last compile read, as they are now; "" without a manifest. */
static void
inputs_lookup(struct exec *x, const char key1[65], char key[65])
{
	char mkey[65];
	struct cache_entry e;
	struct strvec paths = {0};

	key[0] = 0;
	manifest_key(key1, mkey);
	if (!cache_get(&x->p->cache, mkey, &e))
		return;
	for (const char *s = sb_str(&e.out), *nl; (nl = strchr(s, '\n')); s = nl + 1)
		strvec_push_nocopy(&paths, xstrndup(s, (size_t)(nl - s)));
	answer_key(key1, &paths, 0, key);
	strvec_release(&paths);
	cache_entry_release(&e);
}

/* The cache key of a compile: everything that can change what it prints.
 * The job's key from its command and case: key1 of the manifest for a
 * job that follows its inputs, else its answer's. */
static void
command_key(struct exec *x, const struct job *j, const struct proc *p, char key[65])
{
	struct cache_key k;

	/* a root's bwrap command is left out: it names the run's scratch
	 * directory; the root's identity is in tc_digest */
	cache_key_init(&k, "job");
	cache_key_str(&k, x->tc_digest[j->probe]);
	cache_key_str(&k, x->p->ps.v[j->probe].version);
	/* a sandbox may make a compiler print something else (what /etc holds) */
	cache_key_str(&k, p->command_at ? "sandboxed" : "bare");
	for (size_t i = p->command_at; i < p->argv.n; i++)
		cache_key_str(&k, p->argv.v[i]);
	cache_key_str(&k, x->env_digest);
	cache_key_str(&k, x->case_digest[j->caseidx]);
	cache_key_str(&k, follows_inputs(x, j) ? "follows inputs" : "");
	cache_key_final(&k, key);
}

static void
jkey(void *vx, size_t t, const struct proc *p, char key[65])
{
	struct exec *x = vx;
	const struct job *j = &x->p->jl.v[x->torun[t]];
	char key1[65];

	command_key(x, j, p, key1);
	if (follows_inputs(x, j))
		inputs_lookup(x, key1, key);
	else if (text_complete(x, j))
		memcpy(key, key1, 65);
	else {
		key[0] = 0;     /* a header the key cannot follow */
		x->not_cached[NC_TEXT]++;
	}
}

/* The time of day, in seconds since the epoch (a file's times are). */
static double
wall_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* After a compile that follows its inputs: its answer's key from the
 * files it said it read (but the system's, under /usr: docs/internals.md),
 * and the manifest that names them for the next run. None read (a fatal
 * error before the output was written): the key of the text alone, when
 * that covers all. */
static void
jstore(void *vx, size_t t, const struct proc_result *r, char key[65])
{
	struct exec *x = vx;
	const struct job *j = &x->p->jl.v[x->torun[t]];
	struct strvec deps = {0}, paths = {0};
	struct cache_entry e = {0};
	char key1[65], mkey[65];

	if (!follows_inputs(x, j))
		return;
	key[0] = 0;
	command_key(x, j, r->proc, key1);
	if (r->out_dropped || (depfile_parse(sb_str(&r->out), r->out.len, &deps) < 0 && !text_complete(x, j))) {
		x->not_cached[NC_UNSAID]++;
		strvec_release(&deps);
		return;
	}
	for (size_t i = 0; i < deps.n; i++)
		if (strncmp(deps.v[i], "/usr/", 5) && strvec_find(&paths, deps.v[i]) < 0)
			strvec_push(&paths, deps.v[i]);
	if (paths.n > MAX_INPUTS || answer_key(key1, &paths, wall_clock() - r->seconds - 0.01, key) < 0) {
		key[0] = 0;
		x->not_cached[NC_CHANGED]++;
	} else {
		for (size_t i = 0; i < paths.n; i++)
			sb_addf(&e.out, "%s\n", paths.v[i]);
		manifest_key(key1, mkey);
		cache_put(&x->p->cache, mkey, &e);
		sb_release(&e.out);
	}
	strvec_release(&deps);
	strvec_release(&paths);
}

static void
jdone(void *vx, size_t t, const struct proc_result *r, int cached)
{
	struct exec *x = vx;

	size_t c = x->p->jl.v[x->torun[t]].compiler;

	x->from_cache += cached != 0;
	x->left[c]--;
	if (!cached) {
		x->ran[c]++;
		x->spent[c] += r->seconds;
	}
	judge(x, x->torun[t], r);
}

/* Only what ran to its end is worth keeping: no timeouts, signals or
 * failures to start, which may not happen again. */
static int
jkeep(void *vx, size_t t, const struct proc_result *r)
{
	(void)vx;
	(void)t;
	return !r->spawn_errno && !r->no_sandbox && !r->timed_out && !r->signal;
}

static const double *order_secs;

static int
cmp_order(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	double sx = order_secs[x], sy = order_secs[y];

	if (sx != sy)
		return sx > sy ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Longest jobs first, so that no slot idles at the end behind one slow
 * compile: durations come from the previous results at the same path;
 * jobs never timed before go first, in their own order. */
static void
jorder(void *vx, size_t *run, size_t n)
{
	struct exec *x = vx;
	const struct plan *p = x->p;
	struct durations d;
	double *secs;

	results_durations(&d, x->o->out);
	if (!d.n)
		return;
	secs = xcalloc(x->ntorun + 1, sizeof(*secs));
	for (size_t k = 0; k < n; k++) {
		const struct job *j = &p->jl.v[x->torun[run[k]]];
		const struct compiler *c = &p->cfg.compilers[j->compiler];
		double s = durations_find(&d, p->cases.v[j->caseidx].name, c->name,
		                          tc_target(&p->cfg, c, j->tc)->arch, p->cfg.profiles[j->profile].name);
		secs[run[k]] = s < 0 ? 1e30 : s;
	}
	order_secs = secs;
	qsort(run, n, sizeof(*run), cmp_order);
	order_secs = NULL;
	durations_release(&d);
	free(secs);
}

/* ---- the results file ---- */

/* The parts of every cache key that many jobs share, computed once. */
static void
digests(struct exec *x)
{
	const struct plan *p = x->p;
	struct cache_key k;

	x->case_digest = xcalloc(p->cases.n + 1, sizeof(*x->case_digest));
	x->case_opaque = xcalloc(p->cases.n + 1, 1);
	for (size_t i = 0; i < p->cases.n && !sched_stopped(); i++) {
		const struct strvec *more = &p->cases.v[i].sources;
		int complete;
		cache_key_init(&k, "source");
		complete = cache_key_source(&k, job_case_path(&p->cases.v[i]));
		/* DejaGnu's dg-additional-sources are compiled with it */
		for (size_t s = 0; s < more->n; s++)
			if (more->v[s][0] == '/')
				complete &= cache_key_source(&k, more->v[s]);
		x->case_opaque[i] = !complete;
		cache_key_final(&k, x->case_digest[i]);
	}
	x->tc_digest = xcalloc(p->ps.n + 1, sizeof(*x->tc_digest));
	for (size_t i = 0; i < p->ps.n; i++) {
		cache_key_init(&k, "command");
		probe_key(&k, &p->cfg, &p->ps, &p->ps.v[i]);
		cache_key_final(&k, x->tc_digest[i]);
	}
	cache_key_init(&k, "environment");
	cache_key_env(&k, x->envp);
	/* and what the sandbox is given of it (root_enter) */
	for (size_t i = 0; i < p->cfg.sandbox_env.n; i++) {
		const char *v = getenv(p->cfg.sandbox_env.v[i]);
		cache_key_str(&k, p->cfg.sandbox_env.v[i]);
		cache_key_str(&k, v ? v : "(unset)");
	}
	cache_key_final(&k, x->env_digest);
}

static char *
dupor(const char *s)
{
	return xstrdup(s ? s : "");
}

/* A case of the plan as the results record it. */
static void
add_case(struct results *res, const struct casefile *cf)
{
	struct strbuf flags = {0};
	struct rcase c = {
		.name = xstrdup(cf->name), .path = xstrdup(job_case_path(cf)), .title = xstrdup(cf->title),
		.requires = dupor(cf->requires_text), .std = dupor(cf->std),
		.dirs = xcalloc(cf->ndirs + 1, sizeof(*c.dirs)), .ndirs = cf->ndirs, .capdirs = cf->ndirs,
	};

	shell_quote_all(&flags, &cf->flags);
	c.flags = sb_detach(&flags);
	strvec_append(&c.refs, &cf->refs);
	c.overview = xcalloc(cf->noverview + 1, sizeof(*c.overview));
	c.noverview = c.capoverview = cf->noverview;
	for (size_t i = 0; i < cf->noverview; i++)
		c.overview[i] = (struct roverview){ .line = cf->overview[i].line, .title = xstrdup(cf->overview[i].title) };
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		c.dirs[i] = (struct rdirective){
			.kind = d->kind, .line = d->line, .src_line = d->src_line, .selector = dupor(d->sel_text),
			.regex = dupor(d->regex), .flag = dupor(d->flag), .ref = dupor(d->ref), .file = xstrdup(""),
		};
	}
	results_push_case(res, &c);
}

void
exec_add_toolchain(struct results *res, const struct config *cfg, const struct probe *pr)
{
	const struct compiler *c = &cfg->compilers[pr->compiler];
	const struct toolchain *t = &c->tcs[pr->tc];
	struct rtoolchain rt = {0};
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
	rt.status = pr->found ? TC_FOUND : pr->broken ? TC_ERROR : TC_MISSING;
	rt.command = sb_detach(&cmd);
	rt.note = pr->found ? xstrdup("") :
	          pr->package ? xasprintf("%s (apt-get install %s)", pr->note, pr->package) : xstrdup(pr->note);
	rt.root = xstrdup(c->root >= 0 ? cfg->roots[c->root].name : "");
	rt.rank = (long)pr->tc;   /* its place among every toolchain of the configuration */
	for (size_t k = 0; k < pr->compiler; k++)
		rt.rank += (long)cfg->compilers[k].ntcs;
	xgrow((void **)&res->tcs, &res->captcs, res->ntcs + 1, sizeof(*res->tcs));
	res->tcs[res->ntcs++] = rt;
}

static void
add_toolchains(struct results *res, const struct config *cfg, const struct probeset *ps, const struct joblist *jl)
{
	size_t as_written_jobs = 0;

	for (size_t j = 0; j < jl->n; j++)
		as_written_jobs += cfg->profiles[jl->v[j].profile].as_written;
	for (size_t i = 0; i < ps->n; i++)
		exec_add_toolchain(res, cfg, &ps->v[i]);
	for (size_t p = 0; p < cfg->nprofiles; p++) {
		struct strbuf fl = {0};
		const struct profile *pf = &cfg->profiles[p];
		if (pf->as_written && !as_written_jobs)
			continue;       /* a run without other compilers' test files */
		if (pf->base >= 0)
			sb_addf(&fl, "(%s's flags)", cfg->profiles[pf->base].name);
		shell_quote_all(&fl, &pf->flags);
		if (pf->gcc_flags.n) {
			sb_addstr(&fl, fl.len ? " gcc:" : "gcc:");
			shell_quote_all(&fl, &pf->gcc_flags);
		}
		if (pf->clang_flags.n) {
			sb_addstr(&fl, fl.len ? " clang:" : "clang:");
			shell_quote_all(&fl, &pf->clang_flags);
		}
		for (size_t k = 0; k < pf->ncond; k++) {
			sb_addf(&fl, "%s{%s}:", fl.len ? " " : "", pf->cond[k].when_text);
			shell_quote_all(&fl, &pf->cond[k].flags);
		}
		for (size_t k = 0; k < pf->nexcept; k++)
			sb_addf(&fl, "%s(not for {%s})", fl.len ? " " : "", pf->except[k].when_text);
		xgrow((void **)&res->profiles, &res->capprofiles, res->nprofiles + 1, sizeof(*res->profiles));
		res->profiles[res->nprofiles].name = xstrdup(pf->name);
		res->profiles[res->nprofiles++].flags = sb_detach(&fl);
	}
}

/* try's flags, as the header shows them: the user's, the build's (kept,
 * and dropped), and per toolchain the build's flags it did not take. */
static void
user_flags_meta(struct exec *x)
{
	const struct config *cfg = &x->p->cfg;
	const struct strvec *lists[] = { &cfg->user_flags, &cfg->build_keep, &cfg->build_maybe, &cfg->build_dropped };
	static const char *const keys[] = { "user-flags", "build-flags", "build-flags-tested", "build-dropped" };
	const struct probeset *ps = &x->p->ps;

	for (size_t i = 0; i < LEN(lists); i++) {
		struct strbuf sb = {0};
		if (!lists[i]->n)
			continue;
		shell_quote_all(&sb, lists[i]);
		results_meta(&x->rec.res, keys[i], sb_str(&sb));
		sb_release(&sb);
	}
	for (size_t i = 0; i < ps->n; i++) {
		const struct compiler *c = &cfg->compilers[ps->v[i].compiler];
		struct strbuf sb = {0};
		char *key;
		if (!ps->v[i].build_refused.n)
			continue;
		key = xasprintf("build-refused %s %s", c->name, tc_target(cfg, c, ps->v[i].tc)->arch);
		shell_quote_all(&sb, &ps->v[i].build_refused);
		results_meta(&x->rec.res, key, sb_str(&sb));
		free(key);
		sb_release(&sb);
	}
}

void
exec_run_meta(struct results *res, const char *config)
{
	char host[256] = "unknown", date[64];
	time_t t = time(NULL);
	struct tm tm;

	gethostname(host, sizeof(host) - 1);
	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	results_meta(res, "date", date);
	results_meta(res, "host", host);
	results_meta(res, "harness", DIAGMATRIX_VERSION);
	results_meta(res, "revision", diagmatrix_sources_revision);   /* of the harness and the cases */
	results_meta(res, "config", config);
}

static void
add_meta(struct exec *x)
{
	char num[32];

	exec_run_meta(&x->rec.res, x->o->config);
	snprintf(num, sizeof(num), "%d", x->p->parallel);
	results_meta(&x->rec.res, "parallel", num);
	user_flags_meta(x);
}

/* "not_cached": "N: WHY; M: WHY", the jobs the cache could not keep. */
static void
not_cached_meta(struct exec *x)
{
	struct strbuf sb = {0};

	for (size_t i = 0; i < LEN(not_cached_why); i++)
		if (x->not_cached[i])
			sb_addf(&sb, "%s%zu: %s", sb.len ? "; " : "", x->not_cached[i], not_cached_why[i]);
	if (sb.len)
		results_meta(&x->rec.res, "not_cached", sb_str(&sb));
	sb_release(&sb);
}

/* The harness's own cost, children excluded, and the cache's help: for
 * benchmarks. */
static void
add_usage(struct exec *x, size_t cache_hits)
{
	struct rusage ru;
	struct box_stats bs;
	char num[64];

	getrusage(RUSAGE_SELF, &ru);
	snprintf(num, sizeof(num), "%ld", ru.ru_maxrss);
	results_meta(&x->rec.res, "harness_maxrss_kb", num);
	snprintf(num, sizeof(num), "%.3f", rusage_seconds(&ru));
	results_meta(&x->rec.res, "harness_cpu_s", num);
	getrusage(RUSAGE_CHILDREN, &ru);
	snprintf(num, sizeof(num), "%.3f", rusage_seconds(&ru));
	results_meta(&x->rec.res, "children_cpu_s", num);
	snprintf(num, sizeof(num), "%.3f", sched_jobs_cpu());
	results_meta(&x->rec.res, "jobs_cpu_s", num);   /* probes' and jobs' own, sandboxes not counted */
	snprintf(num, sizeof(num), "%zu", cache_hits);
	results_meta(&x->rec.res, "cache_hits", num);
	not_cached_meta(x);
	box_stats(&bs);
	snprintf(num, sizeof(num), "%zu %zu %zu", bs.started, bs.jobs, bs.refused);
	results_meta(&x->rec.res, "sandboxes", num);   /* kept ones started, jobs they ran, jobs they could not */
}

/* ---- running ---- */

/* Record the jobs decided without compiling; list the others in x->torun. */
static void
decided(struct exec *x)
{
	const struct plan *p = x->p;

	x->torun = xcalloc(p->jl.n + 1, sizeof(*x->torun));
	for (size_t i = 0; i < p->jl.n && !sched_stopped(); i++) {
		const struct job *j = &p->jl.v[i];
		char *reason;
		if (j->pre == V_PASS) {
			x->torun[x->ntorun++] = i;
			continue;
		}
		reason = job_reason(j, &p->cfg, &p->ps, p->cases.v);
		emit(x, i, (enum verdict)j->pre, reason, NULL, NULL, NULL, NULL);
		free(reason);
	}
	x->total = x->ntorun;
	x->left = xcalloc(p->cfg.ncompilers + 1, sizeof(*x->left));
	x->ran = xcalloc(p->cfg.ncompilers + 1, sizeof(*x->ran));
	x->spent = xcalloc(p->cfg.ncompilers + 1, sizeof(*x->spent));
	for (size_t i = 0; i < x->ntorun; i++)
		x->left[p->jl.v[x->torun[i]].compiler]++;
}

/* runtest compiles in a directory of its own, and so do we: the files ask
 * for dumps, profiles and saved temporaries. */
static void
make_scratch(struct exec *x)
{
	for (size_t k = 0; k < x->p->cases.n; k++) {
		/* without the sandbox, also every job's TMPDIR (private_tmpdir) */
		if (x->p->cases.v[k].dialect->in_scratch || !x->p->ps.sandbox) {
			x->scratch = plan_scratch_template();
			if (!mkdtemp(x->scratch)) {
				free(x->scratch);
				x->scratch = NULL;
			}
			return;
		}
	}
}

/* Without the sandbox, the jobs' temporary files (GCC's cc*.s, Clang's
 * reproducers) go to the run's scratch directory, removed when the run
 * ends, interrupted or not, rather than the user's TMPDIR. After the cache
 * keys' digests: the run's own directory is in no key. */
static void
private_tmpdir(struct exec *x)
{
	char **env;

	if (x->p->ps.sandbox || !x->scratch)
		return;
	x->tmpdir_env = xasprintf("TMPDIR=%s", x->scratch);
	env = env_with(x->envp, x->tmpdir_env);
	free(x->envp);
	x->envp = env;
}

/* The cache and the compiles. Returns what cached_run returns. */
static int
compile(struct exec *x)
{
	struct jobserver js;
	struct cached_opts co = {
		.ntasks = x->ntorun, .parallel = x->p->parallel, .cache = &x->p->cache, .ctx = x,
		.get = jget, .key = jkey, .done = jdone, .keep = jkeep, .store_key = jstore, .order = jorder,
	};
	int r;

	co.js = jobserver_open(&js) ? &js : NULL;
	r = cached_run(&co);
	jobserver_close(&js);
	if (x->progress == PROGRESS_TERMINAL) {
		progress(x, 1);
		fputs("\r\033[K", stderr);   /* the summary takes its place */
	}
	return r;
}

/* The failing jobs and the counts, on stderr. */
static void
summary(struct exec *x, size_t cache_hits)
{
	const char *not_cached;

	if (x->o->quiet || x->o->progress_only)
		return;
	record_print_failures(&x->rec, stderr, 1);
	fprintf(stderr, "diagmatrix: %zu jobs: %zu pass, %zu fail, %zu error, %zu skip, %zu n/a; %zu from the cache; results in %s\n",
	        x->p->jl.n, x->rec.counts[V_PASS], x->rec.counts[V_FAIL], x->rec.counts[V_ERROR], x->rec.counts[V_SKIP],
	        x->rec.counts[V_NA], cache_hits, x->o->out);
	if ((not_cached = results_get_meta(&x->rec.res, "not_cached")))
		fprintf(stderr, "diagmatrix: not cached: %s\n", not_cached);
}

static void
exec_release(struct exec *x)
{
	box_close_all();
	if (x->scratch)
		remove_tree(x->scratch);
	free(x->scratch);
	free(x->torun);
	free(x->left);
	free(x->ran);
	free(x->spent);
	free(x->envp);
	free(x->tmpdir_env);
	free(x->case_digest);
	free(x->case_opaque);
	free(x->tc_digest);
	recorder_release(&x->rec);
}

int
exec_plan(struct plan *p, const struct exec_opts *o)
{
	struct exec x = { .p = p, .o = o, .start = now_seconds() };
	char *why;
	int r, status;

	/* try piped says nothing but its answer */
	x.progress = o->quiet ? PROGRESS_NONE : isatty(2) ? PROGRESS_TERMINAL :
	             PROGRESS_LINES;
	add_meta(&x);
	add_toolchains(&x.rec.res, &p->cfg, &p->ps, &p->jl);
	for (size_t k = 0; k < p->cases.n; k++)
		add_case(&x.rec.res, &p->cases.v[k]);
	if (results_writer_begin(&x.rec.w, o->out, &x.rec.res, &why) < 0) {
		say_error("cannot write %s: %s", o->out, why);
		free(why);
		exec_release(&x);
		return 2;
	}
	make_scratch(&x);
	x.envp = environ_with("LC_ALL=C");
	if (p->cache.dir)
		digests(&x);     /* the include scan, only when a key is wanted */
	private_tmpdir(&x);
	decided(&x);
	r = sched_stopped() ? sched_stopped() : compile(&x);
	if (r > 0)
		results_meta(&x.rec.res, "interrupted", r == 2 ? "SIGINT" : "SIGTERM");
	else if (r < 0)
		results_meta(&x.rec.res, "interrupted", strerror(-r));
	add_usage(&x, x.from_cache);
	if (results_writer_end(&x.rec.w, &x.rec.res, &why) < 0) {
		say_error("cannot write %s: %s", o->out, why);
		free(why);
		status = 2;
	} else if (r > 0) {
		fprintf(stderr, "diagmatrix: interrupted by signal %d\n", r);
		status = 128 + r;
	} else if (r < 0) {
		say_error("cannot run the jobs: %s", strerror(-r));
		status = 2;
	} else {
		summary(&x, x.from_cache);
		status = x.rec.counts[V_FAIL] || x.rec.counts[V_ERROR] ? 1 : 0;
	}
	exec_release(&x);
	return status;
}
