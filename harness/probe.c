#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "cache.h"
#include "probe.h"
#include "etarget.h"
#include "sched.h"

enum ptask_kind { PT_VERSION, PT_HEADERS, PT_ETARGET };

struct ptask {
	size_t probe;
	enum ptask_kind kind;
	struct strvec argv;
	int et;                 /* PT_ETARGET: the keyword */
	const char *file;       /* PT_ETARGET: its program's file, which the cache key leaves out */
};

struct pctx {
	char **envp;
	double timeout;
	const struct config *cfg;
	struct probeset *ps;
	struct ptask *tasks;
	size_t ntasks;
	char **argvs;     /* per task, the argv array handed to sched */
	size_t *run;      /* sched index -> task index: the tasks the cache did not answer */
	char (*keys)[65]; /* per task, its cache key */
	struct cache *cache;
};

int
command_exists(const char *cmd)
{
	char *p = path_lookup(cmd);
	free(p);
	return p != NULL;
}

static void
pget(void *vctx, size_t i, struct proc *p)
{
	struct pctx *ctx = vctx;

	i = ctx->run[i];
	p->argv = strvec_argv(&ctx->tasks[i].argv);
	ctx->argvs[i] = (char *)p->argv;
	p->envp = ctx->envp;
	p->timeout = ctx->timeout > 0 ? ctx->timeout :
	             ctx->cfg->compilers[ctx->ps->v[ctx->tasks[i].probe].compiler].timeout;
}

static void
set_missing(struct probe *pr, char *note, const char *package)
{
	if (!pr->found && pr->note) {
		free(note);
		return;
	}
	pr->found = 0;
	pr->note = note;
	free(pr->package);
	pr->package = package ? xstrdup(package) : NULL;
}

static const char *
first_line(const struct strbuf *sb, char *buf, size_t n)
{
	const char *s = sb_str(sb);
	size_t k = strcspn(s, "\n");
	if (k >= n)
		k = n - 1;
	memcpy(buf, s, k);
	buf[k] = 0;
	return buf;
}

static int
macro_value(const char *out, const char *name, int *v)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), "#define %s ", name);
	p = strstr(out, key);
	if (!p)
		return -1;
	*v = atoi(p + strlen(key));
	return 0;
}

/* What probe task i tells about its toolchain. */
static void
apply(struct pctx *ctx, size_t i, const struct proc_result *r)
{
	struct ptask *t = &ctx->tasks[i];
	struct probe *pr = &ctx->ps->v[t->probe];
	if (t->kind == PT_ETARGET) {
		/* check_no_compiler_messages: it compiles, and says nothing */
		pr->etargets[t->et] = !r->spawn_errno && !r->timed_out && !r->signal && !r->exit_code && !r->err.len;
		return;
	}
	const struct compiler *c = &ctx->cfg->compilers[pr->compiler];
	const struct toolchain *tc = &c->tcs[pr->tc];
	const struct target *tg = &ctx->cfg->targets[tc->target];
	char line[200];

	if (r->spawn_errno || r->timed_out || r->signal || r->exit_code) {
		const char *why = r->spawn_errno ? "cannot be run" : r->timed_out ? "timed out" :
		                  r->signal ? "was killed" : NULL;
		if (t->kind == PT_VERSION)
			set_missing(pr, why ? xasprintf("%s %s", tc->command, why) :
			                      xasprintf("%s does not answer: %s", tc->command, first_line(&r->err, line, sizeof(line))),
			            tc->package);
		else
			set_missing(pr, xasprintf("cannot compile for %s: %s", tg->arch,
			                          why ? why : first_line(&r->err, line, sizeof(line))),
			            tg->package);
		return;
	}
	if (t->kind == PT_VERSION) {
		char v[32];
		const char *out = sb_str(&r->out);
		if (c->family == FAMILY_GCC) {
			first_line(&r->out, v, sizeof(v));
			if (!version_parse(v, pr->ver)) {
				set_missing(pr, xasprintf("%s -dumpfullversion printed '%s'", tc->command, v), tc->package);
				return;
			}
		} else {
			if (macro_value(out, "__clang_major__", &pr->ver[0]) < 0 ||
			    macro_value(out, "__clang_minor__", &pr->ver[1]) < 0 ||
			    macro_value(out, "__clang_patchlevel__", &pr->ver[2]) < 0) {
				set_missing(pr, xasprintf("%s does not define __clang_major__", tc->command), tc->package);
				return;
			}
		}
		snprintf(pr->version, sizeof(pr->version), "%d.%d.%d", pr->ver[0], pr->ver[1], pr->ver[2]);
	}
}

static void
pdone(void *vctx, size_t i, const struct proc_result *r)
{
	struct pctx *ctx = vctx;

	i = ctx->run[i];
	free(ctx->argvs[i]);
	ctx->argvs[i] = NULL;
	apply(ctx, i, r);
	/* a toolchain that answers is remembered; one that does not is asked
	 * again next time (it may have been installed meanwhile) */
	if (!r->spawn_errno && !r->timed_out && !r->signal &&
	    (!r->exit_code || ctx->tasks[i].kind == PT_ETARGET)) {
		struct cache_entry e = { r->exit_code, r->seconds, r->cpu, 0, r->out, r->err };
		cache_put(ctx->cache, ctx->keys[i], &e);
	}
}

/* Run the tasks of ctx (answers the cache has are not asked again), then
 * free them and ctx's environment. Returns 0 or the interrupting signal. */
static int
run_tasks(struct pctx *ctx, int parallel)
{
	struct sched_opts o = {0};
	size_t nrun = 0;
	int sig;

	ctx->run = xcalloc(ctx->ntasks + 1, sizeof(*ctx->run));
	ctx->keys = xcalloc(ctx->ntasks + 1, sizeof(*ctx->keys));
	for (size_t i = 0; i < ctx->ntasks; i++) {
		const struct ptask *t = &ctx->tasks[i];
		struct cache_key k;
		struct cache_entry e;
		cache_key_init(&k, t->kind == PT_ETARGET ? "etarget" : "probe");
		cache_key_command(&k, t->argv.v[0]);
		for (size_t a = 0; a < t->argv.n; a++) {
			if (t->file && !strcmp(t->argv.v[a], t->file))
				cache_key_str(&k, etarget_get(t->et)->text);    /* the program, not where it is */
			else
				cache_key_str(&k, t->argv.v[a]);
		}
		cache_key_env(&k, ctx->envp);
		cache_key_final(&k, ctx->keys[i]);
		if (cache_get(ctx->cache, ctx->keys[i], &e)) {
			struct proc_result r = {0};
			r.exit_code = e.exit_code;
			r.out = e.out;
			r.err = e.err;
			apply(ctx, i, &r);
			cache_entry_release(&e);
		} else {
			ctx->run[nrun++] = i;
		}
	}
	ctx->argvs = xcalloc(ctx->ntasks + 1, sizeof(*ctx->argvs));
	o.njobs = nrun;
	o.parallel = parallel;
	o.ctx = ctx;
	o.get = pget;
	o.done = pdone;
	sig = sched_run(&o);
	for (size_t i = 0; i < ctx->ntasks; i++) {
		free(ctx->argvs[i]);
		strvec_release(&ctx->tasks[i].argv);
	}
	free(ctx->argvs);
	free(ctx->envp);
	free(ctx->run);
	free(ctx->keys);
	free(ctx->tasks);
	return sig;
}

int
probe_all(const struct config *cfg, const struct config_filter *f, struct probeset *ps,
          int parallel, double timeout, struct cache *cache)
{
	struct pctx ctx = { NULL, timeout, cfg, ps, NULL, 0, NULL, NULL, NULL, NULL };
	size_t cap = 0, n = 0;

	for (size_t c = 0; c < cfg->ncompilers; c++)
		n += cfg->compilers[c].ntcs;
	ps->v = xcalloc(n + 1, sizeof(*ps->v));
	ps->n = 0;
	for (size_t c = 0; c < cfg->ncompilers; c++) {
		const struct compiler *cc = &cfg->compilers[c];
		for (size_t t = 0; t < cc->ntcs; t++) {
			const struct toolchain *tc = &cc->tcs[t];
			const char *exe = cc->prefix.n ? cc->prefix.v[0] : tc->command;
			struct ptask task = {0};
			struct probe *pr;

			if (!config_keeps(&f->compilers, cc->name) ||
			    !config_keeps(&f->targets, cfg->targets[tc->target].arch))
				continue;
			pr = &ps->v[ps->n++];
			pr->compiler = c;
			pr->tc = t;
			if (!command_exists(exe)) {
				pr->note = strchr(exe, '/') && access(exe, F_OK) == 0 ?
				           xasprintf("%s is not executable", exe) : xasprintf("%s not found", exe);
				pr->package = tc->package && !cc->prefix.n ? xstrdup(tc->package) : NULL;
				continue;
			}
			pr->found = 1;
			task.probe = ps->n - 1;
			task.kind = PT_VERSION;
			config_command(cfg, cc, tc, &task.argv);
			if (cc->family == FAMILY_GCC) {
				strvec_push(&task.argv, "-dumpfullversion");
			} else {
				strvec_push(&task.argv, "-dM");
				strvec_push(&task.argv, "-E");
				strvec_push(&task.argv, "-x");
				strvec_push(&task.argv, "c");
				strvec_push(&task.argv, "/dev/null");
			}
			xgrow((void **)&ctx.tasks, &cap, ctx.ntasks + 2, sizeof(*ctx.tasks));
			ctx.tasks[ctx.ntasks++] = task;
			memset(&task, 0, sizeof(task));
			task.probe = ps->n - 1;
			task.kind = PT_HEADERS;
			config_command(cfg, cc, tc, &task.argv);
			strvec_append(&task.argv, &cc->flags);
			strvec_append(&task.argv, &tc->flags);
			strvec_push(&task.argv, "-E");
			strvec_push(&task.argv, "-include");
			strvec_push(&task.argv, "stdio.h");
			strvec_push(&task.argv, "-x");
			strvec_push(&task.argv, "c");
			strvec_push(&task.argv, "/dev/null");
			strvec_push(&task.argv, "-o");
			strvec_push(&task.argv, "/dev/null");
			ctx.tasks[ctx.ntasks++] = task;
		}
	}
	ctx.envp = environ_with("LC_ALL=C");
	ctx.cache = cache;
	return run_tasks(&ctx, parallel);
}

int
probe_etargets(const struct config *cfg, struct probeset *ps, const struct etarget_set *want,
               int parallel, double timeout, struct cache *cache)
{
	struct pctx ctx = { NULL, timeout, cfg, ps, NULL, 0, NULL, NULL, NULL, NULL };
	struct etarget_set all = *want;
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/diagmatrix-et.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	struct strvec files = {0};
	size_t cap = 0;
	int sig = 0;

	etarget_close(&all);
	if (!mkdtemp(dir)) {
		free(dir);
		return 0;       /* the keywords stay false: such tests are n/a */
	}
	for (int k = 0; k < etarget_count(); k++) {
		const struct etarget *et = etarget_get(k);
		char *path;
		FILE *fp;
		if (!etarget_has(&all, k)) {
			strvec_push(&files, "");
			continue;
		}
		if (et->kind == ET_NATIVE) {
			struct utsname u;
			int ok = uname(&u) == 0;
			for (size_t i = 0; i < ps->n; i++) {
				const char *t = cfg->targets[cfg->compilers[ps->v[i].compiler].tcs[ps->v[i].tc].target].triple;
				size_t n = strcspn(t, "-");
				ps->v[i].etargets[k] = ok && strlen(u.machine) == n && !strncmp(t, u.machine, n);
			}
		}
		if (et->kind == ET_TRIPLES) {
			char *err = NULL;
			struct selector *sel = selector_dejagnu(et->text, NULL, NULL, &err);
			for (size_t i = 0; i < ps->n; i++) {
				struct sel_env env = {0};
				env.triple = cfg->targets[cfg->compilers[ps->v[i].compiler].tcs[ps->v[i].tc].target].triple;
				ps->v[i].etargets[k] = sel && selector_eval(sel, &env);
			}
			selector_free(sel);
			free(err);
		}
		if (et->kind != ET_COMPILES) {
			strvec_push(&files, "");
			continue;
		}
		path = xasprintf("%s/%s.c", dir, et->name);
		if ((fp = fopen(path, "w"))) {
			fputs(et->text, fp);
			fclose(fp);
		}
		strvec_push_nocopy(&files, path);
		for (size_t i = 0; i < ps->n; i++) {
			const struct compiler *cc = &cfg->compilers[ps->v[i].compiler];
			const struct toolchain *tc = &cc->tcs[ps->v[i].tc];
			struct ptask task = {0};
			const char *err;
			size_t pos;
			if (!ps->v[i].found)
				continue;
			task.probe = i;
			task.kind = PT_ETARGET;
			task.et = k;
			task.file = files.v[k];
			config_command(cfg, cc, tc, &task.argv);
			strvec_append(&task.argv, &cc->flags);
			strvec_append(&task.argv, &tc->flags);
			if (et->flags)
				shell_split(et->flags, strlen(et->flags), &task.argv, &err, &pos);
			strvec_push(&task.argv, et->mode == 'S' ? "-S" : "-c");
			strvec_push(&task.argv, files.v[k]);
			strvec_push(&task.argv, "-o");
			strvec_push(&task.argv, "/dev/null");
			xgrow((void **)&ctx.tasks, &cap, ctx.ntasks + 1, sizeof(*ctx.tasks));
			ctx.tasks[ctx.ntasks++] = task;
		}
	}
	if (ctx.ntasks) {
		ctx.envp = environ_with("LC_ALL=C");
		ctx.cache = cache;
		sig = run_tasks(&ctx, parallel);
	}
	/* made of others: all of them must hold */
	for (int k = 0; k < etarget_count(); k++) {
		const struct etarget *et = etarget_get(k);
		if (!etarget_has(&all, k) || et->kind != ET_ALL)
			continue;
		for (size_t i = 0; i < ps->n; i++)
			ps->v[i].etargets[k] = (unsigned char)etarget_all_hold(k, ps->v[i].etargets);
	}
	for (size_t k = 0; k < files.n; k++)
		if (*files.v[k])
			unlink(files.v[k]);
	rmdir(dir);
	free(dir);
	strvec_release(&files);
	return sig;
}

const struct probe *
probe_find(const struct probeset *ps, size_t c, size_t t)
{
	for (size_t i = 0; i < ps->n; i++)
		if (ps->v[i].compiler == c && ps->v[i].tc == t)
			return &ps->v[i];
	return NULL;
}

void
probeset_release(struct probeset *ps)
{
	for (size_t i = 0; i < ps->n; i++) {
		free(ps->v[i].note);
		free(ps->v[i].package);
	}
	free(ps->v);
	ps->v = NULL;
	ps->n = 0;
}
