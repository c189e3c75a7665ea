/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/run.h"
#include "model/compdb.h"
#include "model/userflags.h"
#include "pipeline/exec.h"
#include "pipeline/plan.h"
#include "report/try.h"
#include "sandbox/cache.h"
#include "sandbox/root.h"
#include "sandbox/sched.h"
#include "tree/treesrc.h"

/* A case the harness cannot run (what it asks for, its file, escaped:
 * both are the case's text), n/a everywhere. */
static void
say_unsupported(FILE *fp, const struct casefile *cf)
{
	fput_printable(fp, cf->path);
	fputs(": not supported, n/a everywhere: ", fp);
	fput_printable(fp, cf->unsupported);
	fputc('\n', fp);
}

/* Build p (the parts in want), with what it says printed at the edge. Returns 0,
 * or the exit status to give up with. */
static int
build(struct plan *p, const struct plan_opts *o, int want, int quiet)
{
	struct errlist errs = {0};
	int r = plan_build(p, o, want, &errs);

	errlist_print(&errs, stderr);
	errlist_release(&errs);
	for (size_t i = 0; i < p->warnings.n; i++)
		fprintf(stderr, "diagmatrix: %s\n", p->warnings.v[i]);
	if (r < 0 && p->interrupted) {
		fprintf(stderr, "diagmatrix: interrupted by signal %d\n", p->interrupted);
		return 128 + p->interrupted;
	}
	if (r < 0)
		return 2;
	for (size_t k = 0; !quiet && k < p->cases.n; k++)
		if (p->cases.v[k].unsupported)
			say_unsupported(stderr, &p->cases.v[k]);
	return 0;
}

int
run_main(struct run_opts *o)
{
	struct plan p;
	struct exec_opts eo = { .out = o->out, .timeout = o->plan.timeout, .quiet = o->quiet, .config = o->plan.config,
	                        .progress_only = o->progress_only };
	int status;

	/* from the probes on, a signal is noted, not fatal: the run stops at
	 * it and says so in its results */
	sched_stop_catch();
	if (!(status = build(&p, &o->plan, PLAN_JOBS, o->quiet))) {
		if (o->dry_run)
			plan_print(&p, stdout);
		else
			status = exec_plan(&p, &eo);
	}
	plan_release(&p);
	sched_stop_restore();
	return status;
}

/* One line per compiler × target, then one per root. */
static void
list_toolchains(const struct config *cfg, const struct probeset *ps)
{
	int w[5] = { 8, 7, 6, 4, 7 };   /* COMPILER VERSION TARGET ROOT COMMAND: the widest value */

	for (size_t i = 0; i < ps->n; i++) {
		const struct compiler *c = &cfg->compilers[ps->v[i].compiler];
		const char *v[5] = { c->name, ps->v[i].found ? ps->v[i].version : "-",
		                     tc_target(cfg, c, ps->v[i].tc)->arch,
		                     c->root >= 0 ? cfg->roots[c->root].name : "-", c->tcs[ps->v[i].tc].command };
		for (int k = 0; k < 5; k++)
			if ((int)strlen(v[k]) > w[k])
				w[k] = (int)strlen(v[k]);
	}
	printf("%-*s %-6s %-*s %-*s %-*s %-*s %s\n", w[0], "COMPILER", "FAMILY", w[1], "VERSION", w[2], "TARGET",
	       w[3], "ROOT", w[4], "COMMAND", "STATUS");
	for (size_t i = 0; i < ps->n; i++) {
		const struct probe *pr = &ps->v[i];
		const struct compiler *c = &cfg->compilers[pr->compiler];
		const struct toolchain *t = &c->tcs[pr->tc];
		char *st = pr->found ? xstrdup("found") : pr->broken ? xasprintf("error: %s", pr->note) :
		           pr->package ? xasprintf("missing: %s (apt-get install %s)", pr->note, pr->package) :
		           xasprintf("missing: %s", pr->note);
		printf("%-*s %-6s %-*s %-*s %-*s %-*s %s\n", w[0], c->name, family_name(c->family),
		       w[1], pr->found ? pr->version : "-", w[2], cfg->targets[t->target].arch,
		       w[3], c->root >= 0 ? cfg->roots[c->root].name : "-", w[4], t->command, st);
		free(st);
	}
	for (size_t r = 0; r < cfg->nroots; r++) {
		const struct rootinfo *ri = &ps->roots[r];
		const struct root *rt = &cfg->roots[r];
		char *build = root_build_command(cfg->path, rt->name, ri->state == ROOT_STALE);
		printf("%sroot %s (Debian %s): ", r ? "" : "\n", rt->name, rt->suite);
		if (ri->state == ROOT_READY)
			printf("built %s in %s\n", ri->built ? ri->built : "?", ri->dir);
		else if (ri->state == ROOT_STALE)
			printf("built %s for other packages or another suite; rebuild it: %s\n", ri->built ? ri->built : "?", build);
		else
			printf("not built; build it (as root): %s\n", build);
		free(build);
	}
}

/* The Debian packages the host needs for the shard's compilers of cfg:
 * theirs and their targets' (those that live in a root excluded), and
 * what builds and enters roots when they use any. Nothing is run. */
static void
list_host_packages(const struct config *cfg, struct shard shard, const struct config_filter *f)
{
	struct strvec pk = {0};
	int *in_shard = xcalloc(cfg->ncompilers + 1, sizeof(*in_shard)), roots = 0;

	config_shard_compilers(cfg, f, shard.k, shard.n, in_shard);
	for (size_t i = 0; i < cfg->ncompilers; i++) {
		const struct compiler *c = &cfg->compilers[i];
		roots |= in_shard[i] && c->root >= 0;
		for (size_t t = 0; t < c->ntcs && c->root < 0 && in_shard[i]; t++) {
			if (c->tcs[t].package && !c->prefix.n)
				strvec_push(&pk, c->tcs[t].package);
			if (tc_target(cfg, c, t)->package)
				strvec_push(&pk, tc_target(cfg, c, t)->package);
		}
	}
	free(in_shard);
	if (roots)
		strvec_push(&pk, "debootstrap");
	if (roots || cfg->sandbox)
		strvec_push(&pk, "bubblewrap");         /* the sandbox of every job */
	strvec_sort_unique(&pk);
	for (size_t k = 0; k < pk.n; k++)
		printf("%s\n", pk.v[k]);
	strvec_release(&pk);
}

/* The packages that would bring the missing toolchains, each once. */
static void
list_missing(const struct probeset *ps)
{
	struct strvec pk = {0};

	for (size_t i = 0; i < ps->n; i++)
		if (!ps->v[i].found && ps->v[i].package)
			strvec_push(&pk, ps->v[i].package);
	strvec_sort_unique(&pk);
	for (size_t k = 0; k < pk.n; k++)
		printf("%s\n", pk.v[k]);
	strvec_release(&pk);
}

/* Where the cache and the trees are kept: what `make bench` and a user
 * cleaning up need to find. */
static void
list_places(void)
{
	char *cache = cache_dir(), *trees = trees_dir();

	printf("cache: %s\n", cache ? cache : "none (set DIAGMATRIX_CACHE or HOME)");
	printf("trees: %s\n", trees ? trees : "none (set DIAGMATRIX_TREES, DIAGMATRIX_CACHE or HOME)");
	free(cache);
	free(trees);
}

int
list_main(const char *config, int what, struct shard shard, const struct config_filter *f)
{
	struct plan_opts o = { .config = config };
	struct plan p;
	int status = build(&p, &o, what == LIST_HOST_PACKAGES ? 0 : PLAN_PROBES, 1);

	if (status) {
		/* nothing */
	} else if (what == LIST_HOST_PACKAGES) {
		list_host_packages(&p.cfg, shard, f);
	} else if (what == LIST_MISSING_PACKAGES) {
		list_missing(&p.ps);
	} else {
		list_toolchains(&p.cfg, &p.ps);
		printf("%ssandbox: %s\n", p.cfg.nroots ? "" : "\n",
		       !p.cfg.sandbox ? "off (sandbox: false): host compilers run without one" :
		       p.ps.sandbox ? "bwrap works: every job runs in it" :
		       "bwrap cannot run here: host compilers run without a sandbox (apt-get install bubblewrap)");
		list_places();
	}
	plan_release(&p);
	return status;
}

int
lint_main(const char *config, const struct strvec *paths, const struct dialect_ops *dialect)
{
	/* without a configuration, selectors may name anything */
	struct plan_opts o = { .config = config && access(config, F_OK) == 0 ? config : NULL, .cases = *paths, .dialect = dialect };
	struct plan p;
	int status = build(&p, &o, PLAN_CASES, 1);
	size_t nd = 0, nu = 0;

	for (size_t i = 0; !status && i < p.cases.n; i++) {
		nd += p.cases.v[i].ndirs;
		if (p.cases.v[i].unsupported) {
			say_unsupported(stdout, &p.cases.v[i]);
			nu++;
		}
	}
	if (!status)
		printf("%zu case files, %zu directives: ok%s\n", p.cases.n, nd, nu ? " (some not supported, above)" : "");
	plan_release(&p);
	return status;
}

/* ---- roots ---- */

struct buildview {
	const char *name;
	double start;
	int tty;
};

/* One status line per debootstrap line, on a terminal. */
static void
build_line(void *vctx, const char *text)
{
	struct buildview *v = vctx;

	if (!v->tty)
		return;
	fprintf(stderr, "\r[root %s, %.0f s] %.60s\033[K", v->name, now_seconds() - v->start, text);
}

static unsigned long long tree_bytes;   /* add_size's sum: nftw has no context argument */

static int
add_size(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path;
	(void)ftw;
	if (flag == FTW_F)
		tree_bytes += (unsigned long long)st->st_blocks * 512;
	return 0;
}

/* Build root r; 0, 1 when it failed, or 128 + the interrupting signal. */
static int
build_root(const struct root *r, int quiet)
{
	struct buildview v = { r->name, now_seconds(), !quiet && isatty(2) };
	struct rootinfo ri;
	char *err = NULL;
	int st;

	if (!quiet)
		fprintf(stderr, "diagmatrix: building root %s (Debian %s, %zu packages and what they need) with debootstrap\n",
		        r->name, r->suite, r->packages.n);
	st = root_build(r, build_line, &v, &err);
	if (v.tty)
		fputs("\r\033[K", stderr);
	if (st > 0) {
		fprintf(stderr, "diagmatrix: interrupted by signal %d: root %s not built\n", st, r->name);
		return 128 + st;
	}
	if (st < 0) {
		say_error("root %s: %s", r->name, err);
		free(err);
		return 1;
	}
	root_inspect(r, &ri);
	tree_bytes = 0;
	nftw(ri.dir, add_size, 16, FTW_PHYS | FTW_MOUNT);
	if (!quiet)
		fprintf(stderr, "diagmatrix: root %s built in %.0f s: %s, %.1f GB\n", r->name, now_seconds() - v.start,
		        ri.dir, (double)tree_bytes / 1e9);
	rootinfo_release(&ri);
	return 0;
}

int
root_main(const char *config, const struct strvec *names, int rebuild, int quiet, struct shard shard,
          const struct config_filter *f)
{
	struct config cfg;
	struct errlist errs = {0};
	int status = 0, *in_shard;

	if (config_load(&cfg, config, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return 2;
	}
	in_shard = xcalloc(cfg.ncompilers + 1, sizeof(*in_shard));
	config_shard_compilers(&cfg, f, shard.k, shard.n, in_shard);
	for (size_t i = 0; i < names->n; i++) {
		if (config_find_root(&cfg, names->v[i]) < 0) {
			say_error("no root '%s' in %s", names->v[i], cfg.path);
			status = 2;
		}
	}
	for (size_t k = 0; k < cfg.nroots && !status; k++) {
		const struct root *r = &cfg.roots[k];
		struct rootinfo ri;
		int used = 0, ready;

		for (size_t c = 0; c < cfg.ncompilers; c++)
			used |= in_shard[c] && cfg.compilers[c].root == (long)k;
		if (names->n ? !config_keeps(names, r->name) : !used)
			continue;
		root_inspect(r, &ri);
		ready = ri.state == ROOT_READY;
		if (ready && !rebuild && !quiet)
			fprintf(stderr, "diagmatrix: root %s is up to date (built %s): %s\n", r->name, ri.built ? ri.built : "?", ri.dir);
		rootinfo_release(&ri);
		if (ready && !rebuild)
			continue;
		if (geteuid() != 0) {
			say_error("building root %s needs root privileges (debootstrap does): run it as root", r->name);
			status = 1;
		} else if (!command_exists("debootstrap")) {
			say_error("debootstrap not found (apt-get install debootstrap)");
			status = 1;
		} else {
			status = build_root(r, quiet);
		}
	}
	free(in_shard);
	config_release(&cfg);
	return status;
}

/* A scratch results file for try, in its own directory under $TMPDIR.
 * Returns the directory (allocated), or NULL. */
static char *
try_scratch(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/diagmatrix-try-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	if (!mkdtemp(dir)) {
		say_error("cannot make a directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
		          strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}

/* try --compile-commands: the build's command of o's one file, sorted
 * (userflags.h) into bf. Returns 0, or 2 with the error printed. */
/* The flags of the one file's entry in the compilation database; when
 * several compile it, *which says which was taken (allocated). */
static int
build_command(const struct run_opts *o, struct buildflags *bf, char **which)
{
	struct strbuf sb = {0};
	struct compdb db = {0};
	struct errlist errs = {0};
	const struct compdb_entry *e = NULL;
	char *why = NULL;
	size_t count = 0;
	char *src = o->plan.cases.n == 1 ? realpath(o->plan.cases.v[0], NULL) : NULL;
	/* the database's directory, for a relative "directory" (none for a pipe) */
	char *base = realpath(o->compdb, NULL), *slash = base ? strrchr(base, '/') : NULL;

	if (slash)
		*slash = 0;
	if (o->plan.cases.n != 1)
		say_error("--compile-commands takes one C file");
	else if (!src)
		fprintf(stderr, "%s: error: cannot read: %s\n", o->plan.cases.v[0], strerror(errno));
	else if (read_input(o->compdb, MAX_COMPDB_BYTES, &sb, &why) < 0)
		fprintf(stderr, "%s: error: cannot read: %s\n", o->compdb, why);
	else if (compdb_parse(&db, o->compdb, sb.buf, sb.len, &errs) < 0)
		errlist_print(&errs, stderr);
	else if (!(e = compdb_find(&db, slash ? base : NULL, src, o->compdb_entry, &count)) && !count)
		fprintf(stderr, "%s: error: no command compiles %s\n", o->compdb, src);
	else if (!e)
		fprintf(stderr, "%s: error: %zu command%s compile%s %s: --entry %zu names none\n", o->compdb, count,
		        count == 1 ? "" : "s", count == 1 ? "s" : "", src, o->compdb_entry);
	if (e && count > 1)
		*which = xasprintf("command %zu of the %zu that compile it (%s:%d; --entry N takes another)",
		                   o->compdb_entry ? o->compdb_entry : count, count, o->compdb, e->line);
	if (e) {
		char *dir = compdb_dir(e, slash ? base : NULL);
		buildflags_sort(bf, &e->argv, dir);
		free(dir);
	}
	errlist_release(&errs);
	compdb_release(&db);
	sb_release(&sb);
	free(base);
	free(src);
	free(why);
	return e ? 0 : 2;
}

/* The last -O of words (NULL: none): the optimisation level a compiler
 * takes from them. */
static const char *
last_opt_level(char *const *words, size_t n)
{
	const char *o = NULL;

	for (size_t i = 0; i < n; i++)
		if (!strncmp(words[i], "-O", 2))
			o = words[i];
	return o;
}

/* The user's -O comes after every profile's and wins: a profile whose
 * own -O differs is labelled with the one its compiles had ("O0 (-O3)"),
 * so that no reader takes O0 for -O0. */
static void
label_opt_level(const struct run_opts *o, struct results *r)
{
	const char *mine = last_opt_level(o->user_flags.v, o->user_flags.n);

	for (size_t p = 0; mine && p < r->nprofiles; p++) {
		struct strvec words = {0};
		const char *theirs;
		char *label;
		char *err = NULL;
		size_t at;
		if (shell_split(r->profiles[p].flags, strlen(r->profiles[p].flags), &words, &err, &at) < 0)
			free(err);
		theirs = last_opt_level(words.v, words.n);
		if (!theirs || strcmp(theirs, mine)) {
			label = xasprintf("%s (%s)", r->profiles[p].name, mine);
			for (size_t j = 0; j < r->njobs; j++)
				if (!strcmp(r->jobs[j].profile, r->profiles[p].name)) {
					free(r->jobs[j].profile);
					r->jobs[j].profile = xstrdup(label);
				}
			free(r->profiles[p].name);
			r->profiles[p].name = label;
		}
		strvec_release(&words);
	}
}

/* A try that selected nothing is an input error, said with why: no C
 * file in what was named, or no configuration for the files. */
static void
nothing_to_compile(const struct run_opts *o, const struct results *r)
{
	struct strbuf sb = {0};

	for (size_t i = 0; i < o->plan.cases.n; i++) {
		sb_addstr(&sb, i ? ", " : "");
		sb_add_printable(&sb, o->plan.cases.v[i]);
	}
	if (!r->ncases)
		say_error("no C file in %s (try walks a directory for its .c files)", sb_str(&sb));
	else if (!o->compdb && o->plan.filter.profiles.n == 1 && !strcmp(o->plan.filter.profiles.v[0], AS_WRITTEN))
		say_error("nothing to compile: the " AS_WRITTEN " profile is the flags of a compilation "
		          "database (--compile-commands)");
	else
		say_error("nothing to compile: the selection gives %s no configuration", sb_str(&sb));
	sb_release(&sb);
}

/* The directories named, whose C files try walked: the header says so. */
static void
walked_meta(const struct run_opts *o, struct results *r)
{
	struct strbuf sb = {0};
	struct stat st;

	for (size_t i = 0; i < o->plan.cases.n; i++)
		if (stat(o->plan.cases.v[i], &st) == 0 && S_ISDIR(st.st_mode))
			sb_addf(&sb, "%s%s", sb.len ? ", " : "", o->plan.cases.v[i]);
	if (sb.len)
		results_meta(r, "walked", sb_str(&sb));
	sb_release(&sb);
}

int
try_main(struct run_opts *o, const struct try_view *view)
{
	struct buildflags bf = {0};
	char cwd[4096];
	struct results r = {0};
	struct errlist errs = {0};
	char *dir = try_scratch(), *out, *which = NULL;
	int status;

	if (o->compdb && build_command(o, &bf, &which)) {
		free(dir);
		free(which);
		return 2;
	}
	if (!dir)
		return 2;
	/* the sandbox starts elsewhere: the user's paths are made absolute */
	userflags_absolute(&o->user_flags, getcwd(cwd, sizeof(cwd)) ? cwd : NULL);
	o->plan.user_flags = &o->user_flags;
	o->plan.build_keep = &bf.keep;
	o->plan.build_maybe = &bf.maybe;
	o->plan.build_dropped = &bf.dropped;
	out = xasprintf("%s/try.results", dir);
	o->out = out;
	o->quiet = 0;
	o->progress_only = 1;
	o->plan.dialect = dialect_find("none");
	status = run_main(o);
	if (status <= 1 && results_read(&r, out, &errs) < 0) {
		errlist_print(&errs, stderr);
		status = 2;
	} else if (status <= 1 && !r.njobs) {
		nothing_to_compile(o, &r);
		status = 2;
	} else if (status <= 1) {
		walked_meta(o, &r);
		if (which)
			results_meta(&r, "build-entry", which);
		label_opt_level(o, &r);
		results_sort_jobs(&r);
		try_write(stdout, &r, view);
		status = 0;     /* whatever fired: that is the answer, not a failure */
	}
	errlist_release(&errs);
	results_release(&r);
	unlink(out);
	rmdir(dir);
	free(out);
	free(which);
	free(dir);
	buildflags_release(&bf);
	return status;
}
