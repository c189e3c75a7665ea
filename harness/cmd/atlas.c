/* SPDX-License-Identifier: MIT */
/* atlas: the `atlas` command: the compilers' own test suites, run as
 * cases on every compiler of their family.
 *
 * A test suite is a tree of a tree file with build dejagnu (GCC's
 * testsuite) or verify (Clang's test/Sema): its source is made ready as a
 * tree's is (treesrc.h, from a Debian package, unpacked once), its tests
 * (globs under the source: regular *.c files only, never a link) are
 * loaded in the suite's dialect, named by their path below the suite's
 * root, and run as `run` runs cases: every compiler of the family (or the
 * suite's compilers), every target, under the files' own flags, in the
 * sandbox, cached. Each suite's results go to OUT.NAME, then are merged
 * into OUT (the parts removed), in the ordinary results format; `table
 * --format atlas` (atlas.h) reports them.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "dialect/dialect.h"
#include "model/tree.h"
#include "report/results.h"
#include "tree/treesrc.h"

/* Does the file at path name one of naming (NULL: keep every file)? */
static int
names_one(const char *path, const struct strvec *naming)
{
	struct strbuf sb = {0};
	int hit = 0;

	if (!naming)
		return 1;
	if (read_file(path, MAX_CASE_BYTES, &sb, NULL) == 0)
		for (size_t i = 0; i < naming->n && !hit; i++)
			hit = strstr(sb_str(&sb), naming->v[i]) != NULL;
	sb_release(&sb);
	return hit;
}

/* Add the regular *.c files under dir that glob matches (a link is never
 * followed: the tarball is input too) and that name one of naming.
 * Returns how many it matched. */
static size_t
add_matches(const char *dir, const char *glob_, const struct strvec *naming, struct strvec *files)
{
	char *pattern = xasprintf("%s/%s", dir, glob_);
	glob_t g = {0};
	size_t kept = 0;

	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t k = 0; k < g.gl_pathc; k++) {
			const char *p = g.gl_pathv[k];
			size_t n = strlen(p);
			struct stat st;
			if (n > 2 && !strcmp(p + n - 2, ".c") && lstat(p, &st) == 0 && S_ISREG(st.st_mode) &&
			    names_one(p, naming)) {
				kept++;
				if (strvec_find(files, p) < 0)
					strvec_push(files, p);
			}
		}
	}
	globfree(&g);
	free(pattern);
	return kept;
}

/* A suite's test files: what its tests: match, and what its search:
 * matches that names one of its naming:, sorted, each once. Returns how
 * many of its tests: globs matched nothing. */
static size_t
suite_files(const struct tree *t, const char *dir, struct strvec *files)
{
	size_t empty = 0;

	for (size_t i = 0; i < t->tests.n; i++)
		empty += !add_matches(dir, t->tests.v[i], NULL, files);
	for (size_t i = 0; i < t->search.n; i++)
		add_matches(dir, t->search.v[i], &t->naming, files);
	strvec_sort(files);
	return empty;
}

/* The compilers a suite runs on: its own, or every compiler of its
 * family, in the configuration's order; narrowed by the options'. */
static void
suite_compilers(const struct config *cfg, const struct tree *t, const struct config_filter *f, struct strvec *out)
{
	enum family fam = tree_family(t);

	for (size_t i = 0; i < cfg->ncompilers; i++) {
		const char *name = cfg->compilers[i].name;
		if (t->compilers.n ? strvec_find(&t->compilers, name) < 0 : cfg->compilers[i].family != fam)
			continue;
		if (!f->compilers.n || strvec_find(&f->compilers, name) >= 0)
			strvec_push(out, name);
	}
}

static void
say_line(void *ctx, const char *line)
{
	fprintf(stderr, "%s: %s\n", (const char *)ctx, line);
}

/* Is each directory of rel below dir a real one, not a link? Its tests
 * may read all of the suite's root (plan.h): a link in the tarball must
 * not make that root somewhere else. */
static int
real_dirs(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel), *s = p + strlen(dir);
	struct stat st;
	int ok = 1;

	while (ok && s) {
		s = strchr(s + 1, '/');
		if (s)
			*s = '\0';
		ok = lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
		if (s)
			*s = '/';
	}
	free(p);
	return ok;
}

/* Run suite t into part. Returns run's status, or 2 when its source
 * cannot be had, its root is not a directory of it or its tests match
 * nothing. */
static int
run_suite(const struct tree_opts *o, const struct config *cfg, const struct tree *t, const char *part)
{
	struct treesrc src;
	struct run_opts ro = { .out = part, .dry_run = o->dry_run, .quiet = o->quiet };
	char *err = NULL, *root = NULL;
	size_t empty;
	int r;

	if ((r = treesrc_ensure(t, o->refresh, o->quiet ? NULL : say_line, t->name, &src, &err))) {
		fprintf(stderr, "%s: error: tree '%s': %s\n", o->trees, t->name, err ? err : "interrupted");
		free(err);
		return r > 0 ? 128 + r : 2;
	}
	if (t->suite_root && !real_dirs(src.dir, t->suite_root)) {
		fprintf(stderr, "%s: error: tree '%s': its root %s is not a directory of %s (a link, or missing)\n",
		        o->trees, t->name, t->suite_root, src.dir);
		r = 2;
		goto out;
	}
	if ((empty = suite_files(t, src.dir, &ro.plan.cases)) || !ro.plan.cases.n) {
		fprintf(stderr, "%s: error: tree '%s': %zu of its tests: globs match no *.c file in %s\n", o->trees,
		        t->name, empty, src.dir);
		r = 2;
		goto out;
	}
	root = t->suite_root ? xasprintf("%s/%s", src.dir, t->suite_root) : xstrdup(src.dir);
	ro.plan.config = o->config;
	ro.plan.cases_root = root;
	ro.plan.dialect = dialect_find(t->build);
	ro.plan.parallel = o->jobs;
	ro.plan.no_cache = o->no_cache;
	suite_compilers(cfg, t, &o->filter, &ro.plan.filter.compilers);
	strvec_append(&ro.plan.filter.targets, &o->filter.targets);
	if (!ro.plan.filter.compilers.n) {
		fprintf(stderr, "%s: error: tree '%s': no compiler of the configuration runs it\n", o->trees, t->name);
		r = 2;
	} else {
		if (!o->quiet)
			fprintf(stderr, "%s: %zu tests of %s %s, on %zu compilers\n", t->name, ro.plan.cases.n, t->package,
			        src.version, ro.plan.filter.compilers.n);
		r = cmd_compile(&ro);
	}
out:
	free(root);
	strvec_release(&ro.plan.cases);
	strvec_release(&ro.plan.filter.compilers);
	strvec_release(&ro.plan.filter.targets);
	treesrc_release(&src);
	return r;
}

/* Join the parts into out, then remove them. */
static int
merge_parts(const struct strvec *parts, const char *out)
{
	struct results r = {0};
	struct errlist errs = {0};
	char *why = NULL;
	int bad = 0;

	for (size_t i = 0; i < parts->n; i++)
		if (results_read(&r, parts->v[i], &errs) < 0)
			bad = 1;
	if (!bad) {
		results_sort_jobs(&r);
		bad = results_check_unique(&r, &errs) < 0;
	}
	errlist_print(&errs, stderr);
	if (!bad && results_write(&r, out, &why) < 0) {
		say_error("cannot write %s: %s", out, why);
		bad = 1;
	}
	for (size_t i = 0; !bad && i < parts->n; i++)
		unlink(parts->v[i]);
	free(why);
	errlist_release(&errs);
	results_release(&r);
	return bad ? 2 : 0;
}

static int
wanted(const struct strvec *names, const char *name)
{
	return !names->n || strvec_find(names, name) >= 0;
}

int
atlas_main(const struct tree_opts *o)
{
	struct config cfg;
	struct treefile tf = {0};
	struct errlist errs = {0};
	struct strvec parts = {0};
	int status = 0;

	if (config_load(&cfg, o->config, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return 2;
	}
	if (tree_load(&tf, o->trees, &cfg, &errs) < 0)
		status = 2;
	for (size_t i = 0; !status && i < o->names.n; i++)
		if (!tree_find(&tf, o->names.v[i]) || !tree_is_suite(tree_find(&tf, o->names.v[i]))) {
			errlist_add(&errs, o->trees, 0, 0, "no test suite '%s'", o->names.v[i]);
			status = 2;
		}
	errlist_print(&errs, stderr);
	if (status)
		status = 2;
	for (size_t i = 0; status <= 1 && i < tf.ntrees; i++) {
		const struct tree *t = &tf.trees[i];
		char *part;
		int r;
		if (!tree_is_suite(t) || !wanted(&o->names, t->name))
			continue;
		part = xasprintf("%s.%s", o->out, t->name);
		r = run_suite(o, &cfg, t, part);
		if (r > status)
			status = r;
		strvec_push_nocopy(&parts, part);
	}
	if (status <= 1 && !parts.n) {
		fprintf(stderr, "%s: error: no test suite to run\n", o->trees);
		status = 2;
	}
	if (status <= 1 && !o->dry_run && parts.n && merge_parts(&parts, o->out))
		status = 2;
	strvec_release(&parts);
	errlist_release(&errs);
	tree_release(&tf);
	config_release(&cfg);
	return status;
}
