/* SPDX-License-Identifier: MIT */
/* tree: the `tree` command: the trees of a tree file (tree.h) built by
 * the compilers of the configuration, in each configuration and on each
 * target the tree names, one job per (tree, configuration, compiler,
 * target), one result per unit, written to a results file like run's.
 *
 * A job: the source ready (treesrc.h) and its patches applied beside it;
 * wrappers for the compiler and its binutils (kbuild.h); in the sandbox
 * (root.h: root_enter_tree), the configuration made once per build
 * directory (and checked: an option the build system refused makes the
 * units n/a), then each unit built with make -k, unless the cache has its
 * output for exactly these inputs; its diagnostics parsed (diag.h) and
 * judged (treejudge.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "model/diag.h"
#include "model/dpkg.h"
#include "model/tree.h"
#include "pipeline/exec.h"
#include "pipeline/plan.h"
#include "pipeline/record.h"
#include "report/results.h"
#include "sandbox/box.h"
#include "sandbox/cache.h"
#include "sandbox/root.h"
#include "sandbox/step.h"
#include "tree/kbuild.h"
#include "tree/treejudge.h"
#include "tree/treesrc.h"

/* Bytes of a build's output kept to be judged (the whole of it goes to
 * the job's log): a whole kernel's warnings fit many times over. */
#define KEEP_OUTPUT (64u << 20)
/* Seconds one make may take: a whole kernel on two cores is well within. */
#define BUILD_TIMEOUT (6 * 3600.0)

struct trun {
	const struct tree_opts *o;
	struct plan p;
	struct treefile tf;
	struct recorder rec;        /* the results file, and the verdicts counted */
	int jobs;                   /* make -j */
};

/* One tree job: (tree, configuration, toolchain) and where it builds. */
struct tjob {
	const struct tree *t;
	const struct tree_config *c;
	const struct probe *pr;
	const struct compiler *cc;
	const struct target *tg;
	const char *arch;           /* the build system's name for the target */
	struct treesrc src;
	struct strvec over;         /* patched files over their source paths, in pairs */
	char *base, *out, *bin, *log, *cross;
	struct strvec outer;        /* the sandbox's command, up to and with "--" */
	char *config_key;           /* what the configuration was made from */
	struct strvec unmet;        /* options the configuration does not hold */
	char *na;                   /* every unit is n/a: why (the build system's reason) */
	char *error;                /* every unit is an error: why */
	int logfd;
	int copy[2];                /* the build of all: where its output is kept as it comes (resume) */
	int all_runs;               /* the build of all: its runs before this one (resumed) */
	int all_untimed;            /* ... and some of them were not timed (a build cut short before
	                               the harness kept times) */
	double all_before;          /* ... and the seconds they took, as far as timed */
	int all_cached;             /* the cache holds every unit: nothing is configured or built */
};

static void
say(const struct trun *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
say(const struct trun *x, const char *fmt, ...)
{
	va_list ap;

	if (x->o->quiet)
		return;
	va_start(ap, fmt);
	fputs("diagmatrix: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static char *
case_name(const struct tree *t, const char *unit)
{
	return xasprintf("%s:%s", t->name, unit);
}

/* An expectation's selector as the results show it: where, and the
 * configurations it is about. */
static char *
selector_text(const struct tree_expect *e)
{
	struct strbuf sb = {0};

	if (e->where_text)
		sb_addstr(&sb, e->where_text);
	for (size_t i = 0; i < e->configs.n; i++)
		sb_addf(&sb, "%s%s", i ? "|" : sb.len ? ", profile=" : "profile=", e->configs.v[i]);
	return sb_detach(&sb);
}

/* The case of unit of t, added once (by name) with its expectations. */
static size_t
add_case(struct results *res, const struct tree *t, const char *unit, const char *treefile)
{
	char *name = case_name(t, unit);
	long have = results_find_case(res, name);
	struct rcase c = {0};
	size_t n, *idx;

	if (have >= 0) {
		free(name);
		return (size_t)have;
	}
	idx = tree_unit_expects(t, unit, &n);
	c.name = name;
	c.tree = xstrdup(t->name);
	c.unit = xstrdup(unit);
	c.path = xstrdup(treefile);
	c.title = xasprintf("%s: %s", t->title, unit);
	c.requires = xstrdup("");
	c.std = xstrdup("");
	c.flags = xstrdup("");
	c.dirs = xcalloc(n + 1, sizeof(*c.dirs));
	c.ndirs = c.capdirs = n;
	for (size_t i = 0; i < n; i++) {
		const struct tree_expect *e = &t->expects[idx[i]];
		c.dirs[i] = (struct rdirective){
			.kind = e->kind, .line = e->line ? e->line : LINE_ANY, .src_line = e->src_line,
			.selector = selector_text(e), .regex = xstrdup(e->pattern), .flag = xstrdup(e->option ? e->option : ""),
			.ref = xstrdup(e->reduced_by ? e->reduced_by : ""), .file = xstrdup(e->file),
		};
	}
	free(idx);
	return results_push_case(res, &c);
}

/* A configuration as the results name a profile: what it is made of. */
static void
add_profile(struct results *res, const struct tree_config *c)
{
	struct strbuf sb = {0};

	for (size_t i = 0; i < res->nprofiles; i++)
		if (!strcmp(res->profiles[i].name, c->name))
			return;
	sb_addstr(&sb, c->base);
	for (size_t i = 0; i < c->options.n; i++)
		sb_addf(&sb, " %s", c->options.v[i]);
	for (size_t i = 0; i < c->patches.n; i++)
		sb_addf(&sb, " +%s", c->patches.v[i]);
	xgrow((void **)&res->profiles, &res->capprofiles, res->nprofiles + 1, sizeof(*res->profiles));
	res->profiles[res->nprofiles++] = (struct rprofile){ .name = xstrdup(c->name), .flags = sb_detach(&sb) };
}

static int
wanted(const struct strvec *names, const char *name)
{
	return !names->n || name_index((const char *const *)names->v, names->n, name) >= 0;
}

/* Does the options' filter keep configuration c? (One built only when
 * named is kept only when --profiles names it.) */
static int
config_wanted(const struct tree_opts *o, const struct tree_config *c)
{
	return c->named_only ? strvec_find(&o->filter.profiles, c->name) >= 0 : wanted(&o->filter.profiles, c->name);
}

/* Cases, profiles and toolchains of every job the options keep. */
static void
add_records(struct trun *x)
{
	const struct config *cfg = &x->p.cfg;

	for (size_t i = 0; i < x->tf.ntrees; i++) {
		const struct tree *t = &x->tf.trees[i];
		if (!wanted(&x->o->names, t->name))
			continue;
		for (size_t c = 0; c < t->nconfigs; c++) {
			if (!config_wanted(x->o, &t->configs[c]))
				continue;
			add_profile(&x->rec.res, &t->configs[c]);
			for (size_t u = 0; u < t->configs[c].units.n; u++)
				add_case(&x->rec.res, t, t->configs[c].units.v[u], x->tf.path);
		}
	}
	for (size_t i = 0; i < x->p.ps.n; i++)
		exec_add_toolchain(&x->rec.res, cfg, &x->p.ps.v[i]);
}

static int
write_file(const char *path, const char *text, size_t len, unsigned mode)
{
	FILE *fp = fopen(path, "w");
	int ok = fp && fwrite(text, 1, len, fp) == len;

	if (fp && fclose(fp) != 0)
		ok = 0;
	return ok && chmod(path, mode) == 0 ? 0 : -1;
}

/* The tools' wrappers in j->bin: TRIPLE-gcc and TRIPLE-TOOL for each of
 * Kbuild's binutils, each running the root's (or the host's) own. */
static int
write_wrappers(struct trun *x, struct tjob *j)
{
	struct strvec prefix = {0}, ro = {0}, rw = {0};
	int r = 0;

	if (j->cc->root >= 0) {
		strvec_push(&ro, j->src.dir);
		strvec_push(&ro, j->bin);
		strvec_push(&rw, j->out);
		root_enter_inner(&x->p.ps.roots[j->cc->root], &ro, &rw, &prefix);
	}
	for (size_t i = 0; i <= kbuild_nbinutils && !r; i++) {
		struct strbuf sb = {0};
		const char *tool = i ? kbuild_binutils[i - 1] : "gcc";
		char *cmd = i ? xasprintf("%s-%s", j->tg->triple, tool) : xstrdup(j->cc->tcs[j->pr->tc].command);
		char *path = xasprintf("%s/%s-%s", j->bin, j->tg->triple, tool);
		kbuild_wrapper(&sb, &prefix, cmd);
		r = write_file(path, sb.buf, sb.len, 0755);
		free(cmd);
		free(path);
		sb_release(&sb);
	}
	strvec_release(&prefix);
	strvec_release(&ro);
	strvec_release(&rw);
	return r;
}

/* The job's directories and tools, and the sandbox it builds in. */
static int
job_setup(struct trun *x, struct tjob *j, char **err)
{
	char *trees = trees_dir();
	struct strvec ro = {0}, rw = {0};
	int r;

	j->base = xasprintf("%s/build/%s/%s/%s/%s", trees, j->t->name, j->c->name, j->cc->name, j->tg->arch);
	j->out = xasprintf("%s/out", j->base);
	j->bin = xasprintf("%s/bin", j->base);
	j->log = xasprintf("%s/build.log", j->base);
	j->cross = xasprintf("%s/%s-", j->bin, j->tg->triple);
	free(trees);
	make_dirs(j->out, 0755);
	make_dirs(j->bin, 0755);
	if (root_give_to_jobs(j->out) < 0) {
		*err = xasprintf("cannot give %s to the jobs' user: %s", j->out, strerror(errno));
		return -1;
	}
	if ((r = write_wrappers(x, j)) < 0) {
		*err = xasprintf("cannot write the tool wrappers in %s: %s", j->bin, strerror(errno));
		return -1;
	}
	j->logfd = open(j->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	strvec_push(&ro, j->src.dir);
	strvec_push(&ro, j->bin);
	if (j->cc->root >= 0)
		strvec_push(&ro, x->p.ps.roots[j->cc->root].dir);
	strvec_push(&rw, j->out);
	root_enter_tree(&x->p.ps.host, &ro, &j->over, &rw, j->out, &j->outer);
	strvec_release(&ro);
	strvec_release(&rw);
	return 0;
}

static void
job_release(struct tjob *j)
{
	treesrc_release(&j->src);
	strvec_release(&j->over);
	strvec_release(&j->outer);
	strvec_release(&j->unmet);
	free(j->base);
	free(j->out);
	free(j->bin);
	free(j->log);
	free(j->cross);
	free(j->config_key);
	free(j->na);
	free(j->error);
	if (j->logfd >= 0)
		close(j->logfd);
}

/* A tree job's bounds: those of a compile (util.h), but for the size of
 * a file, which a kernel's objects can pass. */
#define TREE_FILE_MIB 4096
/* Kbuild's HOSTCC: the host's gcc, run in the outer sandbox */
#define HOSTCC "gcc"

/* The command that runs make for target in j's sandbox, within a tree
 * job's bounds, appended to av. Returns where make begins in it. */
static size_t
make_argv(const struct trun *x, const struct tjob *j, const char *target, struct strvec *av)
{
	size_t at;

	job_bounds(av, TREE_FILE_MIB);
	strvec_append(av, &j->outer);
	at = av->n;
	kbuild_make(av, j->src.dir, j->out, j->arch, j->cross, HOSTCC, x->jobs, target);
	return at;
}

/* Run make for target in j's sandbox; its output to the job's log and
 * (kept) into r. Returns what step_run does. */
static int
make_step(struct trun *x, struct tjob *j, const char *target, struct proc_result *r, struct strvec *argv)
{
	struct step s = { .log = j->logfd, .keep = KEEP_OUTPUT, .timeout = BUILD_TIMEOUT, .box = BOX_TREE,
	                  .copy = { j->copy[0], j->copy[1] } };
	int ret;

	s.command_at = make_argv(x, j, target, &s.argv);
	if (j->logfd >= 0) {
		struct strbuf line = {0};
		sb_addstr(&line, "\n$ ");
		job_command_line(&line, &s.argv);
		sb_addc(&line, '\n');
		(void)!write(j->logfd, line.buf, line.len);
		sb_release(&line);
	}
	ret = step_run(&s, r);
	if (argv)
		strvec_append(argv, &s.argv);
	strvec_release(&s.argv);
	return ret;
}

/* What a failed step printed on standard error but make's own lines
 * ("make[2]: *** [...] Error 2"), joined, or NULL. */
static char *
failure_text(const struct strbuf *err)
{
	struct strbuf sb = {0};
	const char *p = sb_str(err);

	while (p && *p) {
		size_t n = strcspn(p, "\n");
		char *l = xstrndup(p, n);
		if (*l && strncmp(l, "make: ", 6) && strncmp(l, "make[", 5)) {
			if (sb.len)
				sb_addstr(&sb, "; ");
			sb_add_printable(&sb, l);
		}
		free(l);
		p += n + (p[n] == '\n');
	}
	return sb.len ? sb_detach(&sb) : NULL;
}

/* A make step that failed: the kernel's refusal of the compiler makes
 * the units n/a, any other failure an error; what it said is the reason. */
static void
step_failed(struct tjob *j, const char *target, const struct proc_result *r)
{
	char *why = failure_text(&r->err);

	/* the kernel's words for a compiler it does not take (scripts/Kconfig.include,
	 * scripts/min-tool-version.sh) */
	if (why && !r->timed_out && !r->signal && (strstr(why, "Sorry") || strstr(why, "too old")))
		j->na = xasprintf("make %s: %s", target, why);
	else if (why && !r->timed_out && !r->signal && !r->spawn_errno)
		j->error = xasprintf("make %s failed: %s", target, why);
	else
		j->error = r->spawn_errno ? xasprintf("cannot run make: %s", strerror(r->spawn_errno)) :
		           r->timed_out ? xasprintf("make %s timed out", target) :
		           r->signal ? xasprintf("make %s was killed by signal %d", target, r->signal) :
		           xasprintf("make %s failed with status %d (its output: %s)", target, r->exit_code, j->log);
	free(why);
}

/* Run make target; on failure, say why in j. Returns 0 (ran: check
 * j->na, j->error), or a signal. */
static int
config_make(struct trun *x, struct tjob *j, const char *target)
{
	struct proc_result r;
	int ret = make_step(x, j, target, &r, NULL);

	if (ret < 0)
		j->error = xasprintf("cannot run make: %s", strerror(-ret));
	else if (!ret && (r.spawn_errno || r.timed_out || r.signal || r.exit_code))
		step_failed(j, target, &r);
	sb_release(&r.out);
	sb_release(&r.err);
	return ret > 0 ? ret : 0;
}

/* The options .config does not hold, into j->unmet (and j->na). */
static void
check_config(struct tjob *j)
{
	char *path = xasprintf("%s/.config", j->out);
	struct strbuf sb = {0};

	if (read_file(path, 16 << 20, &sb, NULL) < 0) {
		j->error = xasprintf("make %s wrote no %s", j->c->base, path);
	} else {
		kbuild_config_unmet(sb_str(&sb), sb.len, &j->c->options, &j->unmet);
		if (j->unmet.n) {
			struct strbuf why = {0};
			sb_addstr(&why, "the build system does not take");
			for (size_t i = 0; i < j->unmet.n; i++)
				sb_addf(&why, "%s %s", i ? "," : "", j->unmet.v[i]);
			sb_addf(&why, " with %s for %s", j->cc->name, j->tg->arch);
			j->na = sb_detach(&why);
		}
	}
	sb_release(&sb);
	free(path);
}

/* The compiler runs through its wrapper in the sandbox: without this, a
 * broken wrapper would read as the kernel refusing the compiler. */
static int
check_tools(struct trun *x, struct tjob *j)
{
	struct step s = { .log = j->logfd, .keep = 1 << 16, .timeout = 60, .box = BOX_TREE };
	struct proc_result r;
	int ret;

	(void)x;
	strvec_append(&s.argv, &j->outer);
	s.command_at = s.argv.n;
	strvec_push_nocopy(&s.argv, xasprintf("%sgcc", j->cross));
	strvec_push(&s.argv, "--version");
	ret = step_run(&s, &r);
	if (ret < 0 || (!ret && (r.spawn_errno || r.signal || r.exit_code || r.timed_out))) {
		char *why = failure_text(&r.err);
		j->error = xasprintf("the compiler does not run in the tree's sandbox: %s", why ? why : "no output");
		free(why);
	}
	strvec_release(&s.argv);
	sb_release(&r.out);
	sb_release(&r.err);
	return ret > 0 ? ret : 0;
}

/* The configuration, made once per build directory and inputs
 * (j->config_key, in OUT/.diagmatrix-config). Returns 0 or a signal. */
static int
configure(struct trun *x, struct tjob *j)
{
	char *stamp = xasprintf("%s/.diagmatrix-config", j->out), *dotconfig = xasprintf("%s/.config", j->out);
	struct strbuf have = {0}, frag = {0};
	FILE *fp;
	int ret = 0;

	if (read_file(stamp, 4096, &have, NULL) == 0 && !strcmp(sb_str(&have), j->config_key) &&
	    access(dotconfig, R_OK) == 0) {
		check_config(j);
		goto out;
	}
	unlink(stamp);
	if ((ret = check_tools(x, j)) || j->error)
		goto out;
	say(x, "%s %s: %s %s: configuring (%s)", j->t->name, j->c->name, j->cc->name, j->tg->arch, j->c->base);
	if ((ret = config_make(x, j, j->c->base)) || j->na || j->error)
		goto out;
	kbuild_config_fragment(&frag, &j->c->options);
	if (!(fp = fopen(dotconfig, "a")) || fwrite(frag.buf, 1, frag.len, fp) != frag.len) {
		j->error = xasprintf("cannot write %s: %s", dotconfig, strerror(errno));
		if (fp)
			fclose(fp);
		goto out;
	}
	fclose(fp);
	if ((ret = config_make(x, j, "olddefconfig")) || j->na || j->error)
		goto out;
	check_config(j);
	/* options the build system did not take are its answer for these inputs too */
	if (!j->error && write_file(stamp, j->config_key, strlen(j->config_key), 0644) < 0)
		j->error = xasprintf("cannot write %s: %s", stamp, strerror(errno));
out:
	sb_release(&have);
	sb_release(&frag);
	free(stamp);
	free(dotconfig);
	return ret;
}

/* Everything a job's configuration is made from. */
static void
job_key(struct trun *x, struct tjob *j)
{
	struct cache_key k;
	char hex[65];

	cache_key_init_versioned(&k, "tree configuration", KBUILD_KEY_VERSION);
	cache_key_str(&k, j->t->package);
	cache_key_str(&k, j->src.sha256);
	for (size_t i = 0; i < j->over.n; i++)
		cache_key_str(&k, j->over.v[i]);     /* the overlay's directory is named by the patches' hash */
	cache_key_str(&k, j->c->base);
	for (size_t i = 0; i < j->c->options.n; i++)
		cache_key_str(&k, j->c->options.v[i]);
	probe_key(&k, &x->p.cfg, &x->p.ps, j->pr);
	cache_key_str(&k, j->pr->version);
	cache_key_str(&k, j->pr->date);
	cache_key_str(&k, j->tg->triple);
	cache_key_str(&k, j->arch);
	cache_key_final(&k, hex);
	j->config_key = xstrdup(hex);
}

/* Remove what the build directory holds of unit, so that every object of
 * it is compiled again and says what it has to say. */
static void
clean_unit(const struct tjob *j, const char *unit)
{
	size_t n = strlen(unit);

	if (unit[n - 1] == '/') {
		char *dir = xasprintf("%s/%.*s", j->out, (int)(n - 1), unit);
		remove_tree(dir);
		free(dir);
	} else {
		const char *slash = strrchr(unit, '/');
		char *obj = xasprintf("%s/%s", j->out, unit);
		char *cmd = slash ? xasprintf("%s/%.*s/.%s.cmd", j->out, (int)(slash - unit), unit, slash + 1) :
		            xasprintf("%s/.%s.cmd", j->out, unit);
		unlink(obj);
		unlink(cmd);
		free(obj);
		free(cmd);
	}
}

/* Whether the build directory has been prepared for j's configuration
 * (OUT/.diagmatrix-prepared holds its key): a unit built in a directory
 * that has not would print what prepare compiles, so prepare's output
 * comes from the cache only when it has. */
static int
prepared(const struct tjob *j)
{
	char *stamp = xasprintf("%s/.diagmatrix-prepared", j->out);
	struct strbuf have = {0};
	int yes = read_file(stamp, 4096, &have, NULL) == 0 && !strcmp(sb_str(&have), j->config_key);

	sb_release(&have);
	free(stamp);
	return yes;
}

static void
mark_prepared(const struct tjob *j)
{
	char *stamp = xasprintf("%s/.diagmatrix-prepared", j->out);

	/* unmarked, prepare is only built again */
	(void)write_file(stamp, j->config_key, strlen(j->config_key), 0644);
	free(stamp);
}

/* A build of all that was cut short (the harness stopped, the machine
 * went away) resumes where it stopped: its output is kept beside the
 * build directory as it comes (all.out, all.err), and OUT/.diagmatrix-all
 * names the configuration it is for. The next run of that configuration
 * does not clean: Kbuild builds what is left, and the unit's output is
 * what was kept, then what follows. Only a build that ended forgets it. */
static char *
all_kept_path(const struct tjob *j, int stream)
{
	return xasprintf("%s/all.%s", j->base, stream ? "err" : "out");
}

static char *
all_stamp_path(const struct tjob *j)
{
	return xasprintf("%s/.diagmatrix-all", j->out);
}

/* How long a build of all cut short and resumed took: all.time beside its
 * kept output says the seconds of its earlier runs, how many there were,
 * and when the current one started. A run cut short ended, as far as
 * anyone can know, when it last wrote output (the kept output's time). */
static char *
all_time_path(const struct tjob *j)
{
	return xasprintf("%s/all.time", j->base);
}

static double
last_written(const struct tjob *j)
{
	double t = 0;

	for (int s = 0; s < 2; s++) {
		char *path = all_kept_path(j, s);
		struct stat st;
		if (stat(path, &st) == 0 && (double)st.st_mtime > t)
			t = (double)st.st_mtime;
		free(path);
	}
	return t;
}

/* Begin a run of all (resume: it goes on from earlier ones): j->all_runs,
 * all_before and all_untimed from what the earlier runs left. */
static void
all_time_begin(struct tjob *j, int resume)
{
	char *path = all_time_path(j);
	struct strbuf have = {0};
	double before, start;
	int runs, untimed;
	char text[96];

	j->all_runs = 0;
	j->all_before = 0;
	j->all_untimed = 0;
	if (resume && read_file(path, 4096, &have, NULL) == 0 &&
	    sscanf(sb_str(&have), "%lf %d %d %lf", &before, &runs, &untimed, &start) == 4 && runs >= 0) {
		double last = last_written(j);
		j->all_before = before + (last > start ? last - start : 0);
		j->all_runs = runs + 1;
		j->all_untimed = untimed;
	} else if (resume) {
		/* runs of a harness that kept no times: at least one, not timed */
		j->all_runs = 1;
		j->all_untimed = 1;
	}
	snprintf(text, sizeof(text), "%.0f %d %d %ld\n", j->all_before, j->all_runs, j->all_untimed, (long)time(NULL));
	(void)write_file(path, text, strlen(text), 0644);
	sb_release(&have);
	free(path);
}

/* Before the build of all: what an earlier one kept into kept[], or a
 * clean build directory; j->copy open to keep what comes. Returns 0 or a
 * signal. */
static int
all_begin(struct trun *x, struct tjob *j, struct strbuf kept[2])
{
	char *stamp = all_stamp_path(j);
	struct strbuf have = {0};
	int resume = read_file(stamp, 4096, &have, NULL) == 0 && !strcmp(sb_str(&have), j->config_key), ret = 0;

	for (int s = 0; s < 2 && resume; s++) {
		char *path = all_kept_path(j, s);
		resume = read_file(path, KEEP_OUTPUT, &kept[s], NULL) == 0;
		free(path);
	}
	all_time_begin(j, resume);
	if (resume) {
		say(x, "%s %s: %s %s: resuming all where it stopped (%zu bytes of its output kept)", j->t->name,
		    j->c->name, j->cc->name, j->tg->arch, kept[0].len + kept[1].len);
	} else {
		/* every object compiled again: Kbuild's own clean keeps the configuration */
		struct proc_result c;
		sb_reset(&kept[0]);
		sb_reset(&kept[1]);
		unlink(stamp);
		ret = make_step(x, j, "clean", &c, NULL);
		sb_release(&c.out);
		sb_release(&c.err);
	}
	for (int s = 0; s < 2 && !ret; s++) {
		char *path = all_kept_path(j, s);
		j->copy[s] = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (resume ? O_APPEND : O_TRUNC), 0644);
		free(path);
	}
	/* without a place to keep it, a build cut short starts again */
	if (!ret && !resume && j->copy[0] > 0 && j->copy[1] > 0)
		(void)write_file(stamp, j->config_key, strlen(j->config_key), 0644);
	sb_release(&have);
	free(stamp);
	return ret;
}

/* After it: r's output is what was kept and what came; a build that
 * ended (ret 0, not killed) forgets what it kept. */
static void
all_end(struct tjob *j, struct strbuf kept[2], struct proc_result *r, int ret)
{
	struct strbuf *now[2] = { &r->out, &r->err };

	for (int s = 0; s < 2; s++) {
		if (j->copy[s] > 0)
			close(j->copy[s]);
		j->copy[s] = 0;
		if (kept[s].len) {
			sb_add(&kept[s], now[s]->buf, now[s]->len);
			sb_release(now[s]);
			*now[s] = kept[s];
			memset(&kept[s], 0, sizeof(kept[s]));
		}
		sb_release(&kept[s]);
	}
	if (!ret && !r->timed_out && !r->signal && !r->spawn_errno && !r->no_sandbox) {
		char *stamp = all_stamp_path(j), *out = all_kept_path(j, 0), *err = all_kept_path(j, 1);
		char *times = all_time_path(j);
		unlink(stamp);
		unlink(out);
		unlink(err);
		unlink(times);
		free(stamp);
		free(out);
		free(err);
		free(times);
	}
}

/* The key of a unit's output. */
static void
unit_key(const struct tjob *j, const char *unit, char key[65])
{
	struct cache_key k;

	cache_key_init_versioned(&k, "tree unit", KBUILD_KEY_VERSION);
	cache_key_str(&k, j->config_key);
	cache_key_str(&k, unit);
	cache_key_final(&k, key);
}

/* Does the cache hold every unit of j? Then no unit is built, so neither
 * the configuration nor a prepared build directory is needed: a rerun
 * of a tree whose build directories are gone reads the cache alone. (A
 * configuration the build system refused built no unit, so nothing of
 * it is in the cache.) */
static int
all_cached(struct trun *x, const struct tjob *j)
{
	for (size_t u = 0; u < j->c->units.n; u++) {
		struct cache_entry e;
		char key[65];
		int hit;

		unit_key(j, j->c->units.v[u], key);
		hit = cache_get(&x->p.cache, key, &e);
		if (hit)
			cache_entry_release(&e);
		if (!hit)
			return 0;
	}
	return 1;
}

/* A configuration the build system refused (j->na: options it does not
 * take) is remembered under the configuration's key, so that a rerun
 * knows it without configuring again: no unit of it was built, so none
 * is in the cache to say so. */
static void
refused_key(const struct tjob *j, char key[65])
{
	struct cache_key k;

	cache_key_init_versioned(&k, "tree configuration refused", KBUILD_KEY_VERSION);
	cache_key_str(&k, j->config_key);
	cache_key_final(&k, key);
}

static int
refused_before(struct trun *x, struct tjob *j)
{
	struct cache_entry e;
	char key[65];

	refused_key(j, key);
	if (!cache_get(&x->p.cache, key, &e))
		return 0;
	j->na = sb_detach(&e.out);
	cache_entry_release(&e);
	return 1;
}

static void
remember_refused(struct trun *x, const struct tjob *j)
{
	struct cache_entry e = {0};
	char key[65];

	refused_key(j, key);
	sb_addstr(&e.out, j->na);
	cache_put(&x->p.cache, key, &e);
	sb_release(&e.out);
}

/* A build of all that took several runs (resumed) says so: "runs UNIT
 * COMPILER TARGET CONFIG" is how many, "N untimed" when some were not timed
 * (its seconds are the timed runs'). */
static void
runs_meta(struct trun *x, const struct tjob *j, const char *unit)
{
	char *name = case_name(j->t, unit), *key = xasprintf("runs %s %s %s %s", name, j->cc->name, j->tg->arch, j->c->name);
	char *val = xasprintf("%d%s", j->all_runs + 1, j->all_untimed ? " untimed" : "");

	results_meta(&x->rec.res, key, val);
	free(val);
	free(key);
	free(name);
}

/* The unit's output: from the cache, or built. Returns 0 (e filled), or a signal. */
static int
unit_output(struct trun *x, struct tjob *j, const char *unit, struct cache_entry *e, struct strvec *argv)
{
	struct proc_result r;
	struct strbuf kept[2] = { {0}, {0} };     /* of a build of all cut short */
	char key[65];
	int ret;

	unit_key(j, unit, key);
	memset(e, 0, sizeof(*e));
	if ((strcmp(unit, TREE_PREPARE) || j->all_cached || prepared(j)) && cache_get(&x->p.cache, key, e)) {
		make_argv(x, j, unit, argv);     /* the command that made it */
		return 0;
	}
	say(x, "%s %s: %s %s: building %s", j->t->name, j->c->name, j->cc->name, j->tg->arch, unit);
	if (!strcmp(unit, "all")) {
		if ((ret = all_begin(x, j, kept)) > 0)
			return ret;
	} else if (!strcmp(unit, TREE_PREPARE)) {
		/* what it compiles says something only when it compiles: from an
		 * empty build directory (the units after it rebuild what they need) */
		remove_tree(j->out);
		make_dirs(j->out, 0755);
		root_give_to_jobs(j->out);
		if ((ret = configure(x, j)) > 0)
			return ret;
		if (j->error || j->na)
			return 0;
	} else {
		clean_unit(j, unit);
	}
	ret = make_step(x, j, unit, &r, argv);
	if (!strcmp(unit, "all"))
		all_end(j, kept, &r, ret);
	if (ret > 0)
		return ret;
	e->exit_code = ret < 0 || r.spawn_errno ? -1 : r.timed_out || r.signal ? 128 + (r.signal ? r.signal : 9) : r.exit_code;
	e->seconds = r.seconds;
	e->cpu = r.cpu;
	if (!strcmp(unit, "all") && j->all_runs) {
		e->seconds += j->all_before;     /* the build's, all its runs' */
		runs_meta(x, j, unit);
	}
	e->out = r.out;
	e->err = r.err;
	if (!ret && !r.spawn_errno && !r.no_sandbox && !r.timed_out && !r.signal) {
		cache_put(&x->p.cache, key, e);
		if (!strcmp(unit, TREE_PREPARE) && !r.exit_code)
			mark_prepared(j);
	}
	return 0;
}

/* The first error the build printed, for the reason of an error verdict. */
static char *
first_error(const struct diaglist *dl, const struct cache_entry *e, const struct tjob *j)
{
	for (size_t i = 0; i < dl->n; i++)
		if (dl->v[i].sev == SEV_ERROR || dl->v[i].sev == SEV_FATAL)
			return xasprintf("%s:%d: error: %s", dl->v[i].file ? dl->v[i].file : "", dl->v[i].line, dl->v[i].message);
	return e->exit_code < 0 ? xstrdup("make could not be run") :
	       e->exit_code > 128 ? xasprintf("make was killed (signal %d) or timed out", e->exit_code - 128) :
	       xasprintf("make failed with status %d (its output: %s)", e->exit_code, j->log);
}

/* Record a unit's verdict. */
static void
emit(struct trun *x, const struct tjob *j, const char *unit, enum verdict v, const char *reason,
     const enum outcome *outcomes, const struct diaglist *dl, const struct cache_entry *e, const struct strvec *argv)
{
	char *name = case_name(j->t, unit);

	record_job(&x->rec, &(struct record){
		.caseidx = (size_t)results_find_case(&x->rec.res, name), .compiler = j->cc->name,
		.version = j->pr->version, .target = j->tg->arch, .profile = j->c->name, .verdict = v,
		.reason = reason, .argv = argv, .outcomes = outcomes, .dl = dl,
		.exit_code = e ? e->exit_code : 0, .seconds = e ? e->seconds : 0,
	});
	/* a build is long: its failures are said as its units end */
	record_print_failures(&x->rec, stderr, 0);
	free(name);
}

/* A diagnostic's file as the tree names it (kbuild_source_path). */
static void
source_relative(char **file, const struct tjob *j)
{
	char *rel = *file ? kbuild_source_path(*file, j->src.dir, j->out) : NULL;

	free(*file);
	*file = rel;
}

/* "objects TREE:UNIT COMPILER TARGET CONFIG": the objects a unit's build
 * compiled (its "CC" lines), for the report's build times. */
static void
objects_meta(struct trun *x, const struct tjob *j, const char *unit, size_t n)
{
	char *name = case_name(j->t, unit), *key = xasprintf("objects %s %s %s %s", name, j->cc->name, j->tg->arch, j->c->name);
	char num[32];

	snprintf(num, sizeof(num), "%zu", n);
	results_meta(&x->rec.res, key, num);
	free(key);
	free(name);
}

/* Build (or recall) unit, judge it, write its result. Returns 0 or a signal. */
static int
unit_job(struct trun *x, struct tjob *j, const char *unit)
{
	struct cache_entry e;
	struct diaglist dl = {0};
	struct strvec argv = {0};
	struct sel_env env = { .family = FAMILY_GCC, .arch = j->tg->arch, .profile = j->c->name, .triple = j->tg->triple };
	size_t n, *idx = tree_unit_expects(j->t, unit, &n);
	enum outcome *out = xcalloc(n + 1, sizeof(*out));
	char *reason = NULL;
	enum verdict v;
	size_t nobj = 0;
	int ret;

	memcpy(env.version, j->pr->ver, sizeof(env.version));
	if ((ret = unit_output(x, j, unit, &e, &argv)) == 0 && (j->error || j->na)) {
		/* configuring again (TREE_PREPARE) did not work this time */
		emit(x, j, unit, j->error ? V_ERROR : V_NA, j->error ? j->error : j->na, out, NULL, NULL, NULL);
	} else if (ret == 0) {
		dl.paths = 1;
		diag_parse(&dl, e.err.buf ? e.err.buf : "", e.err.len);
		for (size_t i = 0; i < dl.n; i++) {
			source_relative(&dl.v[i].file, j);
			for (size_t k = 0; k < dl.v[i].nevents; k++)
				source_relative(&dl.v[i].events[k].file, j);
		}
		v = tree_judge(j->t, idx, n, j->c->name, &env, &dl, out, &reason);
		nobj = kbuild_compiled(e.out.buf ? e.out.buf : "", e.out.len, unit);
		if (e.exit_code) {
			free(reason);
			reason = first_error(&dl, &e, j);
			v = V_ERROR;
		} else if (!nobj) {
			/* a pass would claim a silence that nothing was compiled to break */
			free(reason);
			reason = xasprintf("the configuration builds nothing of %s", unit);
			v = V_NA;
		}
		emit(x, j, unit, v, reason, out, &dl, &e, &argv);
		objects_meta(x, j, unit, nobj);
	}
	cache_entry_release(&e);
	diaglist_release(&dl);
	strvec_release(&argv);
	free(reason);
	free(out);
	free(idx);
	return ret;
}

/* Units of j from the u-th on, with the same verdict and reason. */
static void
emit_rest(struct trun *x, const struct tjob *j, size_t u, enum verdict v, const char *reason)
{
	for (; u < j->c->units.n; u++) {
		size_t n, *idx = tree_unit_expects(j->t, j->c->units.v[u], &n);
		enum outcome *out = xcalloc(n + 1, sizeof(*out));
		emit(x, j, j->c->units.v[u], v, reason, out, NULL, NULL, NULL);
		free(out);
		free(idx);
	}
}

/* The results say which version of a tree's source they were built from. */
static void
source_meta(struct trun *x, const struct tjob *j)
{
	char *key = xasprintf("source %s", j->t->name);

	if (!results_get_meta(&x->rec.res, key)) {
		char *v = xasprintf("%s %s (Debian %s)", j->t->package, j->src.version, j->t->suite);
		results_meta(&x->rec.res, key, v);
		free(v);
	}
	free(key);
}

/* "package COMPILER TARGET": the Debian package of the compiler and its
 * version, as installed where it runs (its root, or the host): what the
 * report names, a package rather than an upstream release. */
static void
package_meta(struct trun *x, const struct tjob *j)
{
	const struct toolchain *tc = &j->cc->tcs[j->pr->tc];
	char *key = xasprintf("package %s %s", j->cc->name, j->tg->arch), *path, *v;
	struct strbuf sb = {0};

	if (!tc->package || results_get_meta(&x->rec.res, key)) {
		free(key);
		return;
	}
	path = xasprintf("%s/var/lib/dpkg/status", j->cc->root >= 0 ? x->p.ps.roots[j->cc->root].dir : "");
	if (read_file(path, 64 << 20, &sb, NULL) == 0 && (v = dpkg_version(sb_str(&sb), sb.len, tc->package))) {
		char *val = xasprintf("%s %s", tc->package, v);
		results_meta(&x->rec.res, key, val);
		free(val);
		free(v);
	}
	sb_release(&sb);
	free(path);
	free(key);
}

/* The source and its patches, the build directory, the configuration. */
static int
job_prepare(struct trun *x, struct tjob *j)
{
	char *err = NULL;
	int r;

	if ((r = treesrc_ensure(j->t, x->o->refresh, NULL, NULL, &j->src, &err)) == 0) {
		source_meta(x, j);
		package_meta(x, j);
	}
	if (r == 0 &&
	    (r = treesrc_overlay(j->c, &j->src, &x->p.ps.host, &j->over, &err)) == 0 &&
	    (r = job_setup(x, j, &err)) == 0) {
		job_key(x, j);
		if (refused_before(x, j) || (j->all_cached = all_cached(x, j)))
			return 0;
		if ((r = configure(x, j)) == 0 && j->na && !j->error)
			remember_refused(x, j);
		return r;
	}
	if (r < 0)
		j->error = err;
	else
		free(err);
	return r > 0 ? r : 0;
}

/* One tree job. Returns 0 or the signal that stopped it. */
static int
run_job(struct trun *x, const struct tree *t, const struct tree_config *c, const struct probe *pr)
{
	const struct config *cfg = &x->p.cfg;
	struct tjob j = { .t = t, .c = c, .pr = pr, .cc = &cfg->compilers[pr->compiler], .logfd = -1 };
	int r = 0;

	j.tg = tc_target(cfg, j.cc, pr->tc);
	j.arch = tree_arch(t, j.tg->arch);
	if (!pr->found) {
		char *why = xasprintf("%s %s", pr->broken ? "cannot probe" : "not installed:", pr->note ? pr->note : "");
		emit_rest(x, &j, 0, pr->broken ? V_ERROR : V_SKIP, why);
		free(why);
		return 0;
	}
	r = job_prepare(x, &j);
	for (size_t u = 0; !r && u < c->units.n; u++) {
		if (j.error || j.na) {
			emit_rest(x, &j, u, j.error ? V_ERROR : V_NA, j.error ? j.error : j.na);
			break;
		}
		r = unit_job(x, &j, c->units.v[u]);
	}
	job_release(&j);
	return r;
}

/* Each job the options keep, in the tree file's order: trees,
 * configurations, compilers, targets. fn returns nonzero to stop. */
static int
each_job(struct trun *x, int (*fn)(struct trun *, const struct tree *, const struct tree_config *,
                                   const struct probe *))
{
	const struct config *cfg = &x->p.cfg;
	int r = 0;

	for (size_t i = 0; i < x->tf.ntrees && !r; i++) {
		const struct tree *t = &x->tf.trees[i];
		for (size_t c = 0; wanted(&x->o->names, t->name) && c < t->nconfigs && !r; c++) {
			if (!config_wanted(x->o, &t->configs[c]))
				continue;
			for (size_t k = 0; k < t->compilers.n && !r; k++) {
				long ci = config_find_compiler(cfg, t->compilers.v[k]);
				for (size_t a = 0; ci >= 0 && a < t->narches && !r; a++) {
					long ti = config_find_target(cfg, t->arches[a].target);
					const struct probe *pr = NULL;
					for (size_t q = 0; q < cfg->compilers[ci].ntcs && !pr; q++)
						if ((long)cfg->compilers[ci].tcs[q].target == ti)
							pr = probe_find(&x->p.ps, (size_t)ci, q);
					if (pr && tree_config_builds(&t->configs[c], t->compilers.v[k], t->arches[a].target))
						r = fn(x, t, &t->configs[c], pr);
				}
			}
		}
	}
	return r;
}

static int
print_job(struct trun *x, const struct tree *t, const struct tree_config *c, const struct probe *pr)
{
	const struct compiler *cc = &x->p.cfg.compilers[pr->compiler];

	printf("%s %s %s %s:", t->name, c->name, cc->name, tc_target(&x->p.cfg, cc, pr->tc)->arch);
	for (size_t u = 0; u < c->units.n; u++)
		printf(" %s", c->units.v[u]);
	printf("%s\n", pr->found ? "" : " (not installed)");
	return 0;
}

/* The compilers and targets the selected trees build, narrowed by the
 * options' filter, for the probes. */
static void
tree_filter(const struct treefile *tf, const struct tree_opts *o, struct config_filter *f)
{
	for (size_t i = 0; i < tf->ntrees; i++) {
		const struct tree *t = &tf->trees[i];
		if (!wanted(&o->names, t->name) || tree_is_suite(t))
			continue;
		for (size_t k = 0; k < t->compilers.n; k++)
			if (wanted(&o->filter.compilers, t->compilers.v[k]) && strvec_find(&f->compilers, t->compilers.v[k]) < 0)
				strvec_push(&f->compilers, t->compilers.v[k]);
		for (size_t a = 0; a < t->narches; a++)
			if (wanted(&o->filter.targets, t->arches[a].target) && strvec_find(&f->targets, t->arches[a].target) < 0)
				strvec_push(&f->targets, t->arches[a].target);
	}
	/* nothing kept: a filter that keeps nothing, not an empty one (all) */
	if (!f->compilers.n)
		strvec_push(&f->compilers, "(none)");
	if (!f->targets.n)
		strvec_push(&f->targets, "(none)");
}

/* The configuration and tree file, the probes. Returns 0, or the exit status. */
static int
tree_plan(struct trun *x, struct errlist *errs)
{
	struct config cfg;
	struct plan_opts po = { .config = x->o->config, .no_cache = x->o->no_cache };
	int r = 0;

	if (config_load(&cfg, x->o->config, errs) < 0)
		return 2;
	if (tree_load(&x->tf, x->o->trees, &cfg, errs) < 0) {
		config_release(&cfg);
		return 2;
	}
	for (size_t i = 0; i < x->o->names.n; i++)
		if (!tree_find(&x->tf, x->o->names.v[i]))
			errlist_add(errs, x->o->trees, 0, 0, "no tree '%s'", x->o->names.v[i]);
		else if (tree_is_suite(tree_find(&x->tf, x->o->names.v[i])))
			errlist_add(errs, x->o->trees, 0, 0, "tree '%s' is a test suite: diagmatrix atlas runs it",
			            x->o->names.v[i]);
	tree_filter(&x->tf, x->o, &po.filter);
	tree_release(&x->tf);
	config_release(&cfg);
	if (errs->n)
		r = 2;
	else if (plan_build(&x->p, &po, PLAN_PROBES, errs) < 0)
		r = x->p.interrupted ? 128 + x->p.interrupted : 2;
	else if (!x->p.ps.sandbox)
		errlist_add(errs, "diagmatrix", 0, 0, "trees are built only in the sandbox, which cannot start here");
	else if (tree_load(&x->tf, x->o->trees, &x->p.cfg, errs) < 0)
		r = 2;
	strvec_release(&po.filter.compilers);
	strvec_release(&po.filter.targets);
	return r ? r : errs->n ? 2 : 0;
}

static void
add_meta(struct trun *x)
{
	char num[32];

	exec_run_meta(&x->rec.res, x->o->config);
	results_meta(&x->rec.res, "trees", x->o->trees);
	snprintf(num, sizeof(num), "%d", x->jobs);
	results_meta(&x->rec.res, "parallel", num);
}

int
tree_main(const struct tree_opts *o)
{
	struct trun x = { .o = o, .jobs = o->jobs };
	struct errlist errs = {0};
	char *why = NULL;
	int status, r;

	if (x.jobs <= 0)
		x.jobs = (int)(sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1);
	sched_stop_catch();
	if ((status = tree_plan(&x, &errs))) {
		errlist_print(&errs, stderr);
		goto out;
	}
	if (o->dry_run) {
		each_job(&x, print_job);
		goto out;
	}
	add_meta(&x);
	add_records(&x);
	if (results_writer_begin(&x.rec.w, o->out, &x.rec.res, &why) < 0) {
		say_error("cannot write %s: %s", o->out, why);
		status = 2;
		goto out;
	}
	r = each_job(&x, run_job);
	if (results_writer_end(&x.rec.w, &x.rec.res, &why) < 0) {
		say_error("cannot write %s: %s", o->out, why);
		status = 2;
	} else if (r) {
		fprintf(stderr, "diagmatrix: interrupted by signal %d\n", r);
		status = 128 + r;
	} else {
		say(&x, "%zu units: %zu pass, %zu fail, %zu error, %zu skip, %zu n/a; results in %s",
		    x.rec.counts[V_PASS] + x.rec.counts[V_FAIL] + x.rec.counts[V_ERROR] + x.rec.counts[V_SKIP] + x.rec.counts[V_NA],
		    x.rec.counts[V_PASS], x.rec.counts[V_FAIL], x.rec.counts[V_ERROR], x.rec.counts[V_SKIP], x.rec.counts[V_NA], o->out);
		status = x.rec.counts[V_FAIL] || x.rec.counts[V_ERROR] ? 1 : 0;
	}
out:
	sched_stop_restore();
	free(why);
	errlist_release(&errs);
	recorder_release(&x.rec);
	tree_release(&x.tf);
	plan_release(&x.p);
	return status;
}
