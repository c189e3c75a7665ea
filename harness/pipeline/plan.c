/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700     /* realpath */
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "model/userflags.h"
#include "pipeline/plan.h"
#include "sandbox/executor/boxproto.h"
#include "sandbox/root.h"
#include "sandbox/sched.h"

/* Every name the filter keeps must be in the configuration. */
static int
check_filter(const struct config *cfg, const struct config_filter *f, struct errlist *errs)
{
	static const char *const what[] = { "compiler", "target", "profile" };
	const struct strvec *names[] = { &f->compilers, &f->targets, &f->profiles };
	int bad = 0;

	for (size_t w = 0; w < LEN(names); w++) {
		for (size_t i = 0; i < names[w]->n; i++) {
			const char *n = names[w]->v[i];
			int found = w == 0 ? config_find_compiler(cfg, n) : w == 1 ? config_find_target(cfg, n) :
			            config_find_profile(cfg, n);
			if (found < 0) {
				errlist_add(errs, "diagmatrix", 0, 0, "no %s '%s' in %s", what[w], n, cfg->path);
				bad = 1;
			}
		}
	}
	return bad ? -1 : 0;
}

static int
online_processors(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}

/* The plan's filter: the options', with only the shard's compilers when
 * the run is one shard of several. */
static void
shard_filter(struct plan *p, const struct plan_opts *o)
{
	int *in = xcalloc(p->cfg.ncompilers + 1, sizeof(*in));

	strvec_append(&p->filter.targets, &o->filter.targets);
	strvec_append(&p->filter.profiles, &o->filter.profiles);
	config_shard_compilers(&p->cfg, &o->filter, o->shard, o->nshards, in);
	for (size_t i = 0; i < p->cfg.ncompilers; i++)
		if (in[i])
			strvec_push(&p->filter.compilers, p->cfg.compilers[i].name);
	if (!p->filter.compilers.n)
		strvec_push(&p->filter.compilers, "");  /* no compiler has this name: an empty shard */
	free(in);
}

/* The user's flags (try), into the configuration: the directories they
 * name are bound into every sandbox, and the headers they reach are in no
 * cache key. */
static void
user_flags(struct config *cfg, const struct plan_opts *o)
{
	const struct strvec *all[] = { o->build_keep, o->build_maybe, o->user_flags };

	if (o->build_keep)
		strvec_append(&cfg->build_keep, o->build_keep);
	if (o->build_maybe)
		strvec_append(&cfg->build_maybe, o->build_maybe);
	if (o->build_dropped)
		strvec_append(&cfg->build_dropped, o->build_dropped);
	if (o->user_flags)
		strvec_append(&cfg->user_flags, o->user_flags);
	for (size_t i = 0; i < LEN(all); i++) {
		if (!all[i])
			continue;
		userflags_dirs(all[i], &cfg->user_binds);
		cfg->uncached_jobs |= userflags_name_paths(all[i]);
	}
}

static int
build_config(struct plan *p, const struct plan_opts *o, struct errlist *errs)
{
	int want = o->parallel > 0 ? o->parallel : online_processors();

	if (config_load(&p->cfg, o->config, errs) < 0)
		return -1;
	p->parallel = sched_fit_parallel(want);
	if (want > p->parallel)
		strvec_push_nocopy(&p->warnings, xasprintf("-j %d fitted to %d: the limit on open files allows no more",
		                                           want, p->parallel));
	if (check_filter(&p->cfg, &o->filter, errs) < 0)
		return -1;
	shard_filter(p, o);
	p->cfg.trusted_cases |= o->trusted_cases;
	user_flags(&p->cfg, o);
	/* a test suite's files include each other's (GCC's c-c++-common tests
	 * ../gcc.dg/range.h), as its own driver lets them: all of its root is
	 * theirs to read, nothing above it */
	if (o->cases_root) {
		char *real = realpath(o->cases_root, NULL);
		if (real)
			strvec_push_nocopy(&p->cfg.user_binds, real);
	}
	if (o->no_sandbox)
		p->cfg.sandbox = 0;
	/* --timeout: every compiler's, as the jobs' own deadline (jobs.h) reads it */
	for (size_t i = 0; o->timeout > 0 && i < p->cfg.ncompilers; i++)
		p->cfg.compilers[i].timeout = o->timeout;
	return 0;
}

/* The sandbox, when the configuration asks for one: any failure to make
 * one stops the run (fail closed); --no-sandbox runs without. Returns 0
 * or -1 (in errs). */
static int
sandbox(struct plan *p, struct errlist *errs)
{
	char *why;
	int r;

	if (!p->cfg.sandbox)
		return 0;
	if ((r = root_sandbox_probe(&why)) == 0) {
		p->ps.sandbox = 1;
		root_host(&p->ps.host);
	} else {
		errlist_add(errs, "diagmatrix", 0, 0, "the sandbox cannot start: %s (--no-sandbox runs without one)", why);
	}
	free(why);
	return r;
}

/* The bounds of util.h that the harness's own hard limits (ulimit) keep
 * its jobs under: said once, the jobs run under what can be set. */
static void
bounds_note(struct plan *p)
{
	static const struct { int res; unsigned long long want, unit; const char *what, *ulimit; } b[] = {
		{ RLIMIT_AS, JOB_MEMORY_MIB, 1 << 20, "MiB of memory", "ulimit -v" },
		{ RLIMIT_CPU, JOB_CPU_SECONDS + 5, 1, "s of CPU time", "ulimit -t" },
		{ RLIMIT_FSIZE, JOB_FILE_MIB, 1 << 20, "MiB for a file", "ulimit -f" },
	};

	for (size_t i = 0; i < LEN(b); i++) {
		unsigned long long got = job_bound(b[i].res, b[i].want, b[i].unit);
		if (got < b[i].want)
			strvec_push_nocopy(&p->warnings, xasprintf("warning: each job gets %llu %s, the most this harness's "
			                   "own limit (%s) allows, not %llu", got, b[i].what, b[i].ulimit, b[i].want));
	}
}

/* The cases' directories the jobs' user cannot enter (jobs.h), and the
 * files it cannot read: said once each, with what the jobs will see. */
static void
closed_dirs_note(struct plan *p)
{
	struct strvec said = {0};

	for (size_t k = 0; p->ps.sandbox && k < p->cases.n; k++) {
		const char *path = p->cases.v[k].abspath, *slash = strrchr(path, '/');
		char *dir = slash && slash != path ? xstrndup(path, (size_t)(slash - path)) : NULL;
		struct stat st;
		if (dir && !job_can_enter(dir) && name_index((const char *const *)said.v, said.n, dir) < 0) {
			strvec_push_nocopy(&p->warnings, xasprintf("warning: the jobs' user (%u) cannot enter %s: each case "
			                   "there is given to the compiler alone, without the files beside it (chmod o+rx "
			                   "gives it them)", BOX_JOB_ID, dir));
			strvec_push(&said, dir);
		}
		if (geteuid() == 0 && stat(path, &st) == 0 && !(st.st_mode & S_IROTH))
			strvec_push_nocopy(&p->warnings, xasprintf("warning: the jobs' user (%u) cannot read %s (chmod o+r)",
			                   BOX_JOB_ID, path));
		free(dir);
	}
	/* a host compiler installed where only root may enter */
	for (size_t i = 0; p->ps.sandbox && i < p->ps.n; i++)
		for (size_t k = 0; k < p->ps.v[i].binds.n; k++) {
			const char *dir = p->ps.v[i].binds.v[k];
			if (job_can_enter(dir) || name_index((const char *const *)said.v, said.n, dir) >= 0)
				continue;
			strvec_push_nocopy(&p->warnings, xasprintf("warning: the jobs' user (%u) cannot enter %s, where %s "
			                   "is installed: its jobs will fail (chmod o+rx)", BOX_JOB_ID, dir,
			                   p->cfg.compilers[p->ps.v[i].compiler].name));
			strvec_push(&said, dir);
		}
	strvec_release(&said);
}

/* The toolchains, the sandbox, and the effective-target keywords the
 * DejaGnu files ask about. Returns 0 or what probe_all returns. */
static int
build_probes(struct plan *p, const struct plan_opts *o, struct errlist *errs)
{
	struct etarget_set want = {0};
	int r, any = 0;

	cache_open(&p->cache, !o->no_cache);
	/* first: the probes of host compilers run in it too */
	if (sandbox(p, errs) < 0)
		return -1;
	bounds_note(p);
	if ((r = probe_all(&p->cfg, &p->filter, &p->ps, p->parallel, o->timeout, &p->cache)))
		return r;
	if ((r = probe_flags(&p->cfg, &p->ps, p->parallel, o->timeout, &p->cache)))
		return r;
	for (size_t k = 0; k < p->cases.n; k++)
		for (size_t b = 0; b < LEN(want.bits); b++)
			want.bits[b] |= p->cases.v[k].etargets.bits[b];
	for (size_t b = 0; b < LEN(want.bits); b++)
		any |= want.bits[b] != 0;
	if (any && (r = probe_etargets(&p->cfg, &p->ps, &want, p->parallel, o->timeout, &p->cache)))
		return r;
	return sched_stopped();
}

static void
build_jobs(struct plan *p)
{
	jobs_build(&p->jl, &p->cfg, &p->ps, p->cases.v, p->cases.n, &p->filter);
}

int
plan_build(struct plan *p, const struct plan_opts *o, int want, struct errlist *errs)
{
	struct sel_vocab vocab = {0};
	int r = 0;

	memset(p, 0, sizeof(*p));
	if (o->config && build_config(p, o, errs) < 0)
		return -1;
	if (o->config)
		vocab = config_vocab(&p->cfg);
	p->built |= want & PLAN_CASES;
	if ((want & PLAN_CASES) && cases_load_under(&p->cases, &o->cases, o->cases_root, &vocab, o->dialect, errs) < 0)
		return -1;
	p->built |= want & PLAN_PROBES;
	if ((want & PLAN_PROBES) && (r = build_probes(p, o, errs)) < 0 && !errs->n)
		errlist_add(errs, "diagmatrix", 0, 0, "cannot run the probes: %s", strerror(-r));
	if ((want & PLAN_PROBES) && r) {
		p->interrupted = r > 0 ? r : 0;
		return -1;
	}
	p->built |= want;
	if (want == PLAN_JOBS) {
		closed_dirs_note(p);
		build_jobs(p);
	}
	return 0;
}

void
plan_release(struct plan *p)
{
	joblist_release(&p->jl);
	if (p->built & PLAN_PROBES) {
		probeset_release(&p->ps);
		cache_close(&p->cache);
	}
	caselist_release(&p->cases);
	config_release(&p->cfg);
	strvec_release(&p->warnings);
	strvec_release(&p->filter.compilers);
	strvec_release(&p->filter.targets);
	strvec_release(&p->filter.profiles);
	memset(p, 0, sizeof(*p));
}

char *
plan_scratch_template(void)
{
	const char *tmp = getenv("TMPDIR");

	return xasprintf("%s/diagmatrix-run.XXXXXX", tmp && *tmp ? tmp : "/tmp");
}

void
plan_print(const struct plan *p, FILE *fp)
{
	char *scratch = NULL;
	struct strbuf sb = {0};

	for (size_t i = 0; i < p->jl.n; i++) {
		const struct job *j = &p->jl.v[i];
		const struct compiler *c = &p->cfg.compilers[j->compiler];
		struct proc pr = {0};
		if (j->pre != V_PASS)
			continue;
		if (!scratch && p->cases.v[j->caseidx].dialect->in_scratch) {
			/* named, not made: the listing makes it */
			scratch = plan_scratch_template();
			memcpy(scratch + strlen(scratch) - 6, "listed", 6);
			sb_reset(&sb);
			sb_addstr(&sb, "mkdir -p ");
			shell_quote(&sb, scratch);
			fprintf(fp, "%s  # where DejaGnu files compile\n", sb_str(&sb));
		}
		job_proc(j, &p->cfg, &p->ps, p->cases.v, scratch, &pr);
		sb_reset(&sb);
		/* a sandbox starts the job where it should (--chdir); without one, cd */
		if (pr.cwd && c->root < 0 && !p->ps.sandbox) {
			sb_addstr(&sb, "cd ");
			shell_quote(&sb, pr.cwd);
			sb_addstr(&sb, " && ");
		}
		job_command_line(&sb, &pr.argv);
		strvec_release(&pr.argv);
		/* the comment must stay one: a name could hold a newline */
		sb_addstr(&sb, "  # ");
		sb_add_printable(&sb, p->cases.v[j->caseidx].name);
		fprintf(fp, "%s %s %s %s\n", sb_str(&sb), c->name, tc_target(&p->cfg, c, j->tc)->arch,
		        p->cfg.profiles[j->profile].name);
	}
	sb_release(&sb);
	free(scratch);
}
