/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700      /* realpath */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "dialect/dgselector.h"
#include "model/etarget.h"
#include "pipeline/probe.h"
#include "sandbox/box.h"
#include "sandbox/cache.h"
#include "sandbox/cached.h"
#include "sandbox/sched.h"

enum ptask_kind { PT_VERSION, PT_HEADERS, PT_ETARGET, PT_FLAGS };
/* probe_flags: what is known of a flag, and how a toolchain's are tried next */
enum { FLAG_UNKNOWN, FLAG_TAKEN, FLAG_REFUSED };
enum { FLAGS_TOGETHER, FLAGS_ALONE, FLAGS_DONE };

struct ptask {
	size_t probe;
	enum ptask_kind kind;
	struct strvec argv;     /* what runs the compiler (the root's bwrap command excluded) */
	int et;                 /* PT_ETARGET: the keyword */
	const char *file;       /* PT_ETARGET: its program's file, which the cache key leaves out */
	struct strvec bind;     /* PT_ETARGET: the program's directory, for a root */
	long flag;              /* PT_FLAGS: the build flag tried alone (config build_maybe), -1: all */
};

struct pctx {
	char **envp;
	double timeout;
	const struct config *cfg;
	struct probeset *ps;
	struct ptask *tasks;
	size_t ntasks;
	struct cache *cache;
	unsigned char *flagv;   /* PT_FLAGS: per probe × build flag: FLAG_* */
	unsigned char *flagmode;   /* PT_FLAGS: per probe: FLAGS_* */
};

int
command_exists(const char *cmd)
{
	char *p = path_lookup(cmd);
	free(p);
	return p != NULL;
}

/* Bind what a host command needs beyond the system directories: the tree
 * it was installed in (the parent of its bin/), or its own directory. */
static void
bind_command(const char *cmd, struct strvec *ro)
{
	char *exe = path_lookup(cmd), *real = exe ? realpath(exe, NULL) : NULL, *slash;
	static const char *const bound[] = { "/usr/", "/etc/", "/opt/", "/bin/", "/sbin/", "/lib" };

	free(exe);
	if (!real || !(slash = strrchr(real, '/')) || slash == real) {
		free(real);
		return;
	}
	*slash = 0;
	if ((slash = strrchr(real, '/')) && slash != real && !strcmp(slash, "/bin"))
		*slash = 0;
	for (size_t i = 0; i < LEN(bound); i++)
		if (!strncmp(real, bound[i], strlen(bound[i]))) {
			free(real);
			return;
		}
	if (strcmp(real, "/usr"))
		strvec_push_nocopy(ro, real);
	else
		free(real);
}

void
probe_enter(const struct config *cfg, const struct probeset *ps, const struct probe *pr,
            const struct strvec *ro, const char *rw, const char *cwd, struct strvec *av)
{
	const struct compiler *c = &cfg->compilers[pr->compiler];
	struct strvec all = {0};

	if (c->root >= 0) {
		root_enter(&ps->roots[c->root], ro, rw, cwd ? cwd : ps->cwd, &cfg->sandbox_env, av);
		return;
	}
	if (!ps->sandbox)
		return;
	if (ro)
		strvec_append(&all, ro);
	strvec_append(&all, &pr->binds);
	root_enter(&ps->host, &all, rw, cwd ? cwd : ps->cwd, &cfg->sandbox_env, av);
	strvec_release(&all);
}

/* The host file a toolchain's first word runs, or NULL. */
static char *
probe_exe(const struct config *cfg, const struct probeset *ps, const struct probe *pr)
{
	const struct compiler *c = &cfg->compilers[pr->compiler];
	const char *exe = c->prefix.n ? c->prefix.v[0] : c->tcs[pr->tc].command;

	return c->root >= 0 ? root_lookup(&ps->roots[c->root], exe) : path_lookup(exe);
}

void
probe_key(struct cache_key *k, const struct config *cfg, const struct probeset *ps, const struct probe *pr)
{
	const struct compiler *c = &cfg->compilers[pr->compiler];
	char *exe = probe_exe(cfg, ps, pr);

	if (c->root >= 0) {
		const struct rootinfo *ri = &ps->roots[c->root];
		cache_key_str(k, ri->id ? ri->id : "(no root)");
	}
	cache_key_command(k, exe ? exe : c->prefix.n ? c->prefix.v[0] : c->tcs[pr->tc].command);
	free(exe);
}

static void
pget(void *vctx, size_t i, struct proc *p)
{
	struct pctx *ctx = vctx;
	struct ptask *t = &ctx->tasks[i];
	struct strvec ro = {0};

	/* the program's directory, and the user's directories (try's build flags) */
	strvec_append(&ro, &t->bind);
	strvec_append(&ro, &ctx->cfg->user_binds);
	probe_enter(ctx->cfg, ctx->ps, &ctx->ps->v[t->probe], &ro, NULL, NULL, &p->argv);
	strvec_release(&ro);
	p->command_at = p->argv.n;
	p->reuse = p->command_at > 0 ? BOX_COMPILE : 0;
	strvec_append(&p->argv, &t->argv);
	p->envp = ctx->envp;
	p->timeout = ctx->timeout > 0 ? ctx->timeout :
	             ctx->cfg->compilers[ctx->ps->v[t->probe].compiler].timeout;
}

/* The cache key of task i: the toolchain's identity and what it is asked
 * (for an effective-target program, its text, not where it is). */
static void
pkey(void *vctx, size_t i, const struct proc *p, char key[65])
{
	struct pctx *ctx = vctx;
	const struct ptask *t = &ctx->tasks[i];
	struct cache_key k;

	(void)p;
	cache_key_init(&k, t->kind == PT_ETARGET ? "etarget" : t->kind == PT_FLAGS ? "flags" : "probe");
	probe_key(&k, ctx->cfg, ctx->ps, &ctx->ps->v[t->probe]);
	for (size_t a = 0; a < t->argv.n; a++) {
		if (t->file && !strcmp(t->argv.v[a], t->file))
			cache_key_str(&k, etarget_get(t->et)->text);
		else
			cache_key_str(&k, t->argv.v[a]);
	}
	cache_key_env(&k, ctx->envp);
	cache_key_final(&k, key);
}

static void
set_missing(struct probe *pr, char *note, const char *package)
{
	if (!pr->found && pr->note) {      /* the first reason stands */
		free(note);
		return;
	}
	pr->found = 0;
	pr->note = note;
	free(pr->package);
	pr->package = package ? xstrdup(package) : NULL;
}

static void
set_broken(struct probe *pr, char *note)
{
	if (pr->broken) {
		free(note);
		return;
	}
	pr->found = 0;
	pr->broken = 1;
	free(pr->note);
	pr->note = note;
	free(pr->package);
	pr->package = NULL;
}

/* The first line of sb that says "error" (the one that tells why), else
 * its first line, into buf[n]. */
static const char *
first_line(const struct strbuf *sb, char *buf, size_t n)
{
	const char *s = sb_str(sb), *e = strstr(s, "error");
	size_t k;

	if (e) {
		while (e > s && e[-1] != '\n')
			e--;
		s = e;
	}
	k = strcspn(s, "\n");
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

/* A GCC snapshot says so in __VERSION__: "17.0.0 20261020 (experimental)";
 * its date goes to date (9 bytes), else date is left as it is. */
static void
snapshot_date(const char *macros, char *date)
{
	const char *p = strstr(macros, "#define __VERSION__ \""), *d;

	if (!p)
		return;
	p += strlen("#define __VERSION__ \"");
	d = p + strcspn(p, " \"\n");
	if (*d != ' ' || strspn(d + 1, "0123456789") != 8 || strncmp(d + 9, " (experimental)", 15))
		return;
	memcpy(date, d + 1, 8);
	date[8] = 0;
}

/* Does the compiler's output name flag, quoted, as a driver names an
 * option it refuses, ignores or warns about? */
static int
names_flag(const char *out, const char *flag)
{
	char *a = xasprintf("'%s'", flag), *b = xasprintf("\xe2\x80\x98%s\xe2\x80\x99", flag);
	int r = strstr(out, a) || strstr(out, b);

	free(a);
	free(b);
	return r;
}

/* What a flags probe tells (probe_flags). Tried together, the flags not
 * refused yet are all taken when the compile succeeds, but those its
 * output names; when it fails, those it names are refused and the rest
 * tried together again, or, when it names none, each alone. Tried alone,
 * a flag is taken when the compile succeeds and the output does not name
 * it. */
static void
flags_apply(struct pctx *ctx, const struct ptask *t, const struct proc_result *r)
{
	const struct strvec *maybe = &ctx->cfg->build_maybe;
	unsigned char *v = ctx->flagv + t->probe * maybe->n;
	int ok = !r->spawn_errno && !r->timed_out && !r->signal && !r->exit_code, named = 0;
	const char *out = sb_str(&r->err);

	if (t->flag >= 0) {
		v[t->flag] = ok && !names_flag(out, maybe->v[t->flag]) ? FLAG_TAKEN : FLAG_REFUSED;
		return;
	}
	for (size_t f = 0; f < maybe->n; f++) {
		if (v[f] == FLAG_REFUSED)
			continue;
		if (names_flag(out, maybe->v[f])) {
			v[f] = FLAG_REFUSED;
			named = 1;
		} else if (ok) {
			v[f] = FLAG_TAKEN;
		}
	}
	ctx->flagmode[t->probe] = ok ? FLAGS_DONE : named ? FLAGS_TOGETHER : FLAGS_ALONE;
}

/* What probe task i tells about its toolchain. */
static void
apply(struct pctx *ctx, size_t i, const struct proc_result *r)
{
	struct ptask *t = &ctx->tasks[i];
	struct probe *pr = &ctx->ps->v[t->probe];
	if (t->kind == PT_FLAGS) {
		flags_apply(ctx, t, r);
		return;
	}
	if (t->kind == PT_ETARGET) {
		/* check_no_compiler_messages: it compiles, and says nothing */
		pr->etargets[t->et] = !r->spawn_errno && !r->timed_out && !r->signal && !r->exit_code && !r->err.len;
		if ((r->timed_out || r->signal) && pr->found)
			set_broken(pr, xasprintf("effective-target probe %s %s", etarget_get(t->et)->name,
			                         r->timed_out ? "timed out" : "was killed"));
		return;
	}
	const struct compiler *c = &ctx->cfg->compilers[pr->compiler];
	const struct toolchain *tc = &c->tcs[pr->tc];
	const struct target *tg = &ctx->cfg->targets[tc->target];
	/* a root's packages are its own business: no apt-get line for the host */
	const char *tc_package = c->root < 0 ? tc->package : NULL, *tg_package = c->root < 0 ? tg->package : NULL;
	char line[200];

	if (r->timed_out || r->signal) {
		set_broken(pr, xasprintf("%s %s while probed (%s)", tc->command, r->timed_out ? "timed out" : "was killed",
		                         t->kind == PT_VERSION ? "version" : "C library headers"));
		return;
	}
	/* found but not started (too many processes or open files): an
	 * error of every job, never a quiet skip */
	if (r->spawn_errno && r->spawn_errno != ENOENT && r->spawn_errno != ENOTDIR) {
		set_broken(pr, xasprintf("%s cannot be started: %s", tc->command, strerror(r->spawn_errno)));
		return;
	}
	if (r->spawn_errno || r->exit_code) {
		const char *why = r->spawn_errno ? "cannot be run" : NULL;
		if (t->kind == PT_VERSION)
			set_missing(pr, why ? xasprintf("%s %s", tc->command, why) :
			                      xasprintf("%s does not answer: %s", tc->command, first_line(&r->err, line, sizeof(line))),
			            tc_package);
		else
			set_missing(pr, xasprintf("cannot compile for %s: %s", tg->arch,
			                          why ? why : first_line(&r->err, line, sizeof(line))),
			            tg_package);
		return;
	}
	if (t->kind == PT_VERSION) {
		char v[32];
		const char *out = sb_str(&r->out);
		if (c->family == FAMILY_GCC) {
			first_line(&r->out, v, sizeof(v));
			if (!version_parse(v, pr->ver)) {
				set_missing(pr, xasprintf("%s -dumpfullversion printed '%s'", tc->command, v), tc_package);
				return;
			}
		} else {
			if (macro_value(out, "__clang_major__", &pr->ver[0]) < 0 ||
			    macro_value(out, "__clang_minor__", &pr->ver[1]) < 0 ||
			    macro_value(out, "__clang_patchlevel__", &pr->ver[2]) < 0) {
				set_missing(pr, xasprintf("%s does not define __clang_major__", tc->command), tc_package);
				return;
			}
		}
		snprintf(pr->version, sizeof(pr->version), "%d.%d.%d", pr->ver[0], pr->ver[1], pr->ver[2]);
	} else {
		snapshot_date(sb_str(&r->out), pr->date);
	}
}

static void
pdone(void *vctx, size_t i, const struct proc_result *r, int cached)
{
	(void)cached;
	apply(vctx, i, r);
}

/* A toolchain that answers is remembered; one that does not is asked
 * again next time (it may have been installed meanwhile). */
static int
pkeep(void *vctx, size_t i, const struct proc_result *r)
{
	struct pctx *ctx = vctx;

	return !r->spawn_errno && !r->no_sandbox && !r->timed_out && !r->signal &&
	       (!r->exit_code || ctx->tasks[i].kind == PT_ETARGET || ctx->tasks[i].kind == PT_FLAGS);
}

/* Run the tasks of ctx (answers the cache has are not asked again), then
 * free them and ctx's environment. Returns 0 or the interrupting signal. */
static int
run_tasks(struct pctx *ctx, int parallel)
{
	struct cached_opts o = {
		.ntasks = ctx->ntasks, .parallel = parallel, .cache = ctx->cache, .ctx = ctx,
		.get = pget, .key = pkey, .done = pdone, .keep = pkeep,
	};
	int sig = cached_run(&o);

	box_close_all();       /* a probe's sandbox is no job's */
	for (size_t i = 0; i < ctx->ntasks; i++) {
		strvec_release(&ctx->tasks[i].argv);
		strvec_release(&ctx->tasks[i].bind);
	}
	free(ctx->envp);
	free(ctx->tasks);
	return sig;
}

/* Why the toolchain of pr cannot run: its root is not built, or its
 * command is not found (in the root, or in PATH). Sets pr->note and
 * pr->package; 0 when it can. */
static int
not_runnable(const struct config *cfg, const struct probeset *ps, struct probe *pr)
{
	const struct compiler *cc = &cfg->compilers[pr->compiler];
	const struct toolchain *tc = &cc->tcs[pr->tc];
	const char *exe = cc->prefix.n ? cc->prefix.v[0] : tc->command;
	char *found;

	if (cc->root >= 0) {
		const struct rootinfo *ri = &ps->roots[cc->root];
		const char *name = cfg->roots[cc->root].name;
		char *build;
		if (ri->state == ROOT_MISSING || !command_exists("bwrap")) {
			build = root_build_command(cfg->path, name, 0);
			pr->note = ri->state == ROOT_MISSING ?
			           xasprintf("root %s is not built (build it: %s)", name, build) :
			           xstrdup("bwrap not found (apt-get install bubblewrap)");
			free(build);
			return -1;
		}
		if (!(found = root_lookup(ri, exe))) {
			build = root_build_command(cfg->path, name, 1);
			pr->note = xasprintf("%s not found in root %s%s (rebuild it: %s)", exe, name,
			                     ri->state == ROOT_STALE ? ", built for other packages" : "", build);
			free(build);
			return -1;
		}
		free(found);
		return 0;
	}
	if (!command_exists(exe)) {
		pr->note = strchr(exe, '/') && access(exe, F_OK) == 0 ?
		           xasprintf("%s is not executable", exe) : xasprintf("%s not found", exe);
		pr->package = tc->package && !cc->prefix.n ? xstrdup(tc->package) : NULL;
		return -1;
	}
	return 0;
}

/* The two probes of a toolchain: its version, and its target's headers
 * (preprocessed with -dM, whose __VERSION__ dates a snapshot). */
static void
add_probe_tasks(struct pctx *ctx, size_t *cap, size_t probe)
{
	const struct probe *pr = &ctx->ps->v[probe];
	const struct compiler *cc = &ctx->cfg->compilers[pr->compiler];
	const struct toolchain *tc = &cc->tcs[pr->tc];
	static const char *const version[2][5] = {
		[FAMILY_GCC] = { "-dumpfullversion" },
		[FAMILY_CLANG] = { "-dM", "-E", "-x", "c", "/dev/null" },
	};
	static const char *const headers[] = { "-dM", "-E", "-include", "stdio.h", "-x", "c", "/dev/null" };
	struct ptask task = {0};

	xgrow((void **)&ctx->tasks, cap, ctx->ntasks + 2, sizeof(*ctx->tasks));
	task.probe = probe;
	task.kind = PT_VERSION;
	config_command(ctx->cfg, cc, tc, &task.argv);
	for (size_t i = 0; i < LEN(version[0]) && version[cc->family][i]; i++)
		strvec_push(&task.argv, version[cc->family][i]);
	ctx->tasks[ctx->ntasks++] = task;
	memset(&task, 0, sizeof(task));
	task.probe = probe;
	task.kind = PT_HEADERS;
	config_command(ctx->cfg, cc, tc, &task.argv);
	strvec_append(&task.argv, &cc->flags);
	strvec_append(&task.argv, &tc->flags);
	for (size_t i = 0; i < LEN(headers); i++)
		strvec_push(&task.argv, headers[i]);
	ctx->tasks[ctx->ntasks++] = task;
}

int
probe_all(const struct config *cfg, const struct config_filter *f, struct probeset *ps,
          int parallel, double timeout, struct cache *cache)
{
	struct pctx ctx = { .timeout = timeout, .cfg = cfg, .ps = ps };
	size_t cap = 0, n = 0;
	char cwd[4096];
	int sig;

	for (size_t c = 0; c < cfg->ncompilers; c++)
		n += cfg->compilers[c].ntcs;
	ps->v = xcalloc(n + 1, sizeof(*ps->v));
	ps->n = 0;
	ps->roots = xcalloc(cfg->nroots + 1, sizeof(*ps->roots));
	ps->nroots = cfg->nroots;
	for (size_t r = 0; r < cfg->nroots; r++)
		root_inspect(&cfg->roots[r], &ps->roots[r]);
	ps->cwd = xstrdup(getcwd(cwd, sizeof(cwd)) ? cwd : "/");
	for (size_t c = 0; c < cfg->ncompilers; c++) {
		const struct compiler *cc = &cfg->compilers[c];
		for (size_t t = 0; t < cc->ntcs; t++) {
			struct probe *pr;

			if (!config_keeps(&f->compilers, cc->name) ||
			    !config_keeps(&f->targets, tc_target(cfg, cc, t)->arch))
				continue;
			pr = &ps->v[ps->n++];
			pr->compiler = c;
			pr->tc = t;
			if (not_runnable(cfg, ps, pr) < 0)
				continue;
			pr->found = 1;
			if (cc->root < 0 && ps->sandbox) {
				/* the tree a host compiler was installed in, bound into its sandbox */
				if (cc->prefix.n)
					bind_command(cc->prefix.v[0], &pr->binds);
				bind_command(cc->tcs[t].command, &pr->binds);
			}
			add_probe_tasks(&ctx, &cap, ps->n - 1);
		}
	}
	ctx.envp = environ_with("LC_ALL=C");
	ctx.cache = cache;
	sig = run_tasks(&ctx, parallel);
	/* a snapshot is known by its date */
	for (size_t i = 0; i < ps->n; i++)
		if (ps->v[i].found && ps->v[i].date[0])
			snprintf(ps->v[i].version, sizeof(ps->v[i].version), "%s", ps->v[i].date);
	return sig;
}

/* Keywords decided by the target alone: native (the host's machine) and
 * target triplets. */
static void
etarget_by_triple(const struct config *cfg, struct probeset *ps, int k)
{
	const struct etarget *et = etarget_get(k);
	struct selector *sel = NULL;
	struct utsname u;
	char *err = NULL;
	int uname_ok = uname(&u) == 0;

	if (et->kind == ET_TRIPLES)
		sel = dg_selector(et->text, NULL, NULL, &err);
	for (size_t i = 0; i < ps->n; i++) {
		const char *t = tc_target(cfg, &cfg->compilers[ps->v[i].compiler], ps->v[i].tc)->triple;
		struct sel_env env = { .triple = t };
		size_t n = strcspn(t, "-");
		if (et->kind == ET_NATIVE)
			ps->v[i].etargets[k] = uname_ok && strlen(u.machine) == n && !strncmp(t, u.machine, n);
		else
			ps->v[i].etargets[k] = sel && selector_eval(sel, &env);
	}
	selector_free(sel);
	free(err);
}

/* The tasks that compile keyword k's program (file) with each toolchain
 * found; dir is where the file is, bound into roots. */
static void
etarget_tasks(struct pctx *ctx, size_t *cap, int k, const char *file, const char *dir)
{
	const struct etarget *et = etarget_get(k);
	const struct config *cfg = ctx->cfg;

	for (size_t i = 0; i < ctx->ps->n; i++) {
		const struct compiler *cc = &cfg->compilers[ctx->ps->v[i].compiler];
		const struct toolchain *tc = &cc->tcs[ctx->ps->v[i].tc];
		struct ptask task = { .probe = i, .kind = PT_ETARGET, .et = k, .file = file };
		char *err = NULL;
		size_t pos;
		if (!ctx->ps->v[i].found)
			continue;
		if (cc->root >= 0 || ctx->ps->sandbox)
			strvec_push(&task.bind, dir);
		config_command(cfg, cc, tc, &task.argv);
		strvec_append(&task.argv, &cc->flags);
		strvec_append(&task.argv, &tc->flags);
		if (et->flags && shell_split(et->flags, strlen(et->flags), &task.argv, &err, &pos) < 0)
			free(err);     /* the built-in table's flags (etarget.c) always split */
		strvec_push(&task.argv, et->mode == 'S' ? "-S" : "-c");
		strvec_push(&task.argv, file);
		strvec_push(&task.argv, "-o");
		strvec_push(&task.argv, "/dev/null");
		xgrow((void **)&ctx->tasks, cap, ctx->ntasks + 1, sizeof(*ctx->tasks));
		ctx->tasks[ctx->ntasks++] = task;
	}
}

int
probe_etargets(const struct config *cfg, struct probeset *ps, const struct etarget_set *want,
               int parallel, double timeout, struct cache *cache)
{
	struct pctx ctx = { .timeout = timeout, .cfg = cfg, .ps = ps };
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
	/* bound into the sandbox, where the jobs' user reads the programs */
	chmod(dir, 0755);
	for (int k = 0; k < etarget_count(); k++) {
		const struct etarget *et = etarget_get(k);
		FILE *fp;
		if (etarget_has(&all, k) && (et->kind == ET_NATIVE || et->kind == ET_TRIPLES))
			etarget_by_triple(cfg, ps, k);
		if (!etarget_has(&all, k) || et->kind != ET_COMPILES) {
			strvec_push(&files, "");
			continue;
		}
		strvec_push_nocopy(&files, xasprintf("%s/%s.c", dir, et->name));
		if ((fp = fopen(files.v[k], "w"))) {
			fputs(et->text, fp);
			fclose(fp);
		}
		etarget_tasks(&ctx, &cap, k, files.v[k], dir);
	}
	if (ctx.ntasks) {
		ctx.envp = environ_with("LC_ALL=C");
		ctx.cache = cache;
		sig = run_tasks(&ctx, parallel);
	}
	/* made of others: all of them must hold */
	for (int k = 0; k < etarget_count(); k++) {
		if (!etarget_has(&all, k) || etarget_get(k)->kind != ET_ALL)
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
		strvec_release(&ps->v[i].binds);
		strvec_release(&ps->v[i].build_flags);
		strvec_release(&ps->v[i].build_refused);
	}
	free(ps->v);
	for (size_t r = 0; r < ps->nroots; r++)
		rootinfo_release(&ps->roots[r]);
	free(ps->roots);
	if (ps->sandbox)
		rootinfo_release(&ps->host);
	free(ps->cwd);
	memset(ps, 0, sizeof(*ps));
}

/* A task that tries the build's flags with toolchain i on an empty file:
 * flag, alone; or (flag -1) all of them not refused yet. */
static void
flags_task(struct pctx *ctx, size_t *cap, size_t i, long flag)
{
	const struct config *cfg = ctx->cfg;
	const struct compiler *cc = &cfg->compilers[ctx->ps->v[i].compiler];
	const struct toolchain *tc = &cc->tcs[ctx->ps->v[i].tc];
	const unsigned char *v = ctx->flagv + i * cfg->build_maybe.n;
	struct ptask task = { .probe = i, .kind = PT_FLAGS, .flag = flag };
	static const char *const tail[] = { "-fsyntax-only", "-x", "c", "/dev/null" };

	config_command(cfg, cc, tc, &task.argv);
	strvec_append(&task.argv, &cc->flags);
	strvec_append(&task.argv, &tc->flags);
	for (size_t f = 0; f < cfg->build_maybe.n; f++)
		if (flag < 0 ? v[f] != FLAG_REFUSED : (long)f == flag)
			strvec_push(&task.argv, cfg->build_maybe.v[f]);
	for (size_t k = 0; k < LEN(tail); k++)
		strvec_push(&task.argv, tail[k]);
	xgrow((void **)&ctx->tasks, cap, ctx->ntasks + 1, sizeof(*ctx->tasks));
	ctx->tasks[ctx->ntasks++] = task;
}

/* Each pass tries, for every toolchain not done, its flags together or
 * each alone; a toolchain whose compiler names a flag it refuses takes a
 * pass per such round, at most MAX_FLAG_PASSES in all. */
enum { MAX_FLAG_PASSES = 8 };

int
probe_flags(const struct config *cfg, struct probeset *ps, int parallel, double timeout, struct cache *cache)
{
	struct pctx ctx = { .timeout = timeout, .cfg = cfg, .ps = ps, .cache = cache };
	size_t nf = cfg->build_maybe.n, cap = 0;
	int sig = 0;

	if (!nf)
		return 0;
	ctx.flagv = xcalloc(ps->n * nf + 1, 1);
	ctx.flagmode = xcalloc(ps->n + 1, 1);
	for (int pass = 0; pass < MAX_FLAG_PASSES && !sig; pass++) {
		for (size_t i = 0; i < ps->n; i++) {
			if (!ps->v[i].found || ctx.flagmode[i] == FLAGS_DONE)
				continue;
			if (ctx.flagmode[i] == FLAGS_TOGETHER)
				flags_task(&ctx, &cap, i, -1);
			for (size_t f = 0; ctx.flagmode[i] == FLAGS_ALONE && f < nf; f++)
				if (ctx.flagv[i * nf + f] == FLAG_UNKNOWN)
					flags_task(&ctx, &cap, i, (long)f);
		}
		if (!ctx.ntasks)
			break;
		for (size_t i = 0; i < ps->n; i++)     /* those tried alone are decided by this pass */
			ctx.flagmode[i] = ctx.flagmode[i] == FLAGS_ALONE ? FLAGS_DONE : ctx.flagmode[i];
		ctx.envp = environ_with("LC_ALL=C");
		sig = run_tasks(&ctx, parallel);
		ctx.tasks = NULL;
		ctx.ntasks = cap = 0;
	}
	/* what is still not known after the last pass is not taken */
	for (size_t i = 0; i < ps->n; i++)
		for (size_t f = 0; ps->v[i].found && f < nf; f++)
			strvec_push(ctx.flagv[i * nf + f] == FLAG_TAKEN ? &ps->v[i].build_flags : &ps->v[i].build_refused,
			            cfg->build_maybe.v[f]);
	free(ctx.flagv);
	free(ctx.flagmode);
	return sig;
}
