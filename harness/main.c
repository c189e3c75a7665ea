/* SPDX-License-Identifier: MIT */
/* diagmatrix: which compiler, at which version, on which architecture, with
 * which flags, warns about this C code.
 *
 * The command line, per docs/interface.md. Usage errors exit 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cmd/cmd.h"
#include "dialect/dialect.h"
#include "lib/version.h"
#include "model/confpath.h"
#include "report/atlas.h"
#include "report/diff.h"
#include "report/export.h"
#include "report/results.h"
#include "report/svg.h"
#include "report/table.h"
#include "report/treereport.h"
#include "sandbox/box.h"

static const char usage_text[] =
	"usage: diagmatrix run    [--config FILE] [--cases PATH...] [--compilers A,B]\n"
	"                         [--targets X,Y] [--profiles P,Q] [-j N] [--out FILE]\n"
	"                         [--dry-run] [--no-cache] [--shard K/N]\n"
	"                         [--timeout SECONDS] [--quiet] [--dialect D]\n"
	"                         [--trusted-cases] [--no-sandbox] [--cases-root DIR]\n"
	"       diagmatrix try    [--format text|markdown|json] [--wide] [--config FILE]\n"
	"                         [--compilers A,B] [--targets X,Y] [--profiles P,Q]\n"
	"                         [-j N] [--no-cache] [--timeout SECONDS]\n"
	"                         [--compile-commands FILE.json [--entry N]] FILE.c...\n"
	"                         [-- FLAG...]\n"
	"       diagmatrix try    [--format text|markdown|json] --from RESULTS\n"
	"       diagmatrix table  [--format markdown|svg|overview|trees|atlas] RESULTS...\n"
	"       diagmatrix export --format tsv|tap|junit|jsonl RESULTS...\n"
	"       diagmatrix diff   [--format text|markdown] OLD NEW\n"
	"       diagmatrix merge  --out FILE RESULTS...\n"
	"       diagmatrix list   [--config FILE] [--missing-packages]\n"
	"       diagmatrix list   [--config FILE] --host-packages [--shard K/N]\n"
	"                         [--compilers A,B]\n"
	"       diagmatrix lint   [--config FILE] [PATH...]\n"
	"       diagmatrix root   [--config FILE] [--rebuild] [--quiet] [--shard K/N]\n"
	"                         [--compilers A,B] [NAME...]\n"
	"       diagmatrix tree   [--config FILE] [--trees FILE] [--compilers A,B]\n"
	"                         [--targets X,Y] [--profiles P,Q] [-j N] [--out FILE]\n"
	"                         [--refresh] [--no-cache] [--dry-run] [--quiet]\n"
	"                         [TREE...]\n"
	"       diagmatrix atlas  [--config FILE] [--trees FILE] [--compilers A,B]\n"
	"                         [--targets X,Y] [-j N] [--out FILE] [--refresh]\n"
	"                         [--no-cache] [--dry-run] [--quiet] [SUITE...]\n"
	"       diagmatrix sandbox [prlimit ... --] bwrap ... -- COMMAND...\n"
	"       diagmatrix --version\n";

/* The command being run, for its usage errors. */
static const char *current_command;

static void synopsis(const char *name, FILE *fp);

/* A usage error (fmt, one %s: arg) and the command's own synopsis, or the
 * whole usage when no command was named. Returns 2. */
static int
usage(const char *fmt, const char *arg)
{
	if (fmt) {
		say_error(fmt, arg);
	}
	if (current_command) {
		synopsis(current_command, stderr);
		fprintf(stderr, "'diagmatrix help %s' says more.\n", current_command);
	} else {
		fputs(usage_text, stderr);
	}
	return 2;
}

/* The configuration a command reads (confpath.h), into cp: said on stderr
 * when it is neither the one named nor the current directory's. Returns 0
 * (optional: cp->path may be NULL), or 2 when none was found. */
static int
locate_config(struct confpath *cp, const char *given, int optional)
{
	confpath_find(cp, given);
	if (!cp->path) {
		if (optional)
			return 0;
		say_error("no configuration: none of %s is a file (--config FILE names one)",
		          cp->tried);
		return 2;
	}
	if (cp->source == CONF_USER || cp->source == CONF_INSTALLED)
		fprintf(stderr, "diagmatrix: configuration: %s (%s one)\n", cp->path, confpath_source_name(cp->source));
	return 0;
}

static size_t
split_commas(struct strvec *sv, const char *s)
{
	size_t n0 = sv->n;

	while (*s) {
		size_t n = strcspn(s, ",");
		if (n)
			strvec_push_nocopy(sv, xstrndup(s, n));
		s += n;
		if (*s == ',')
			s++;
	}
	return sv->n - n0;
}

/* Option name's list of names, v: a usage error when it has none (an
 * empty selection would select nothing, never everything). Returns 0 or
 * the usage error's status. */
static int
names_option(struct strvec *sv, const char *name, const char *v)
{
	if (!v)
		return usage("option '%s' needs a value", name);
	if (!split_commas(sv, v))
		return usage("option '%s' names nothing: give one or more names, separated by commas", name);
	return 0;
}

/* Option value: "--opt VALUE" or "--opt=VALUE". */
static const char *
optval(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (!strcmp(argv[*i], name)) {
		if (*i + 1 >= argc)
			return NULL;
		return argv[++*i];
	}
	return NULL;
}

static int
is_opt(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return !strcmp(arg, name) || (!strncmp(arg, name, n) && arg[n] == '=');
}

/* --shard's value K/N into *s. Returns 0, or a usage error's status. */
static int
shard_option(const char *v, struct shard *s)
{
	int used = 0;

	if (!v || sscanf(v, "%d/%d%n", &s->k, &s->n, &used) != 2 || v[used] || s->n < 1 || s->k < 1 || s->k > s->n)
		return usage("bad shard '%s' (K/N, 1 <= K <= N)", v ? v : "");
	return 0;
}

/* --dialect's value: the dialect (NULL for auto) into *d. Returns 0, or a
 * usage error's status. */
static int
dialect_option(const char *v, const struct dialect_ops **d)
{
	if (!dialect_known(v))
		return usage("unknown dialect '%s' (auto, native, verify, dejagnu, none)", v);
	*d = dialect_find(v);
	return 0;
}

/* -j N, -jN, --jobs N, --jobs=N at argv[*i]. Returns 0, or a usage error's status. */
static int
jobs_option(int argc, char **argv, int *i, int *parallel)
{
	const char *a = argv[*i], *v;
	char *end;
	long n;

	if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
		if (*i + 1 >= argc)
			return usage("option '%s' needs a value", a);
		v = argv[++*i];
	} else {
		v = a[1] == 'j' ? a + 2 : a + 7;
	}
	n = strtol(v, &end, 10);
	if (*end || n < 1 || n > 4096)
		return usage("bad job count '%s'", v);
	*parallel = (int)n;
	return 0;
}

/* A run option that takes a value (v). Returns 0, or a usage error's status. */
static int
run_value(struct run_opts *o, const char *name, const char *v)
{
	struct plan_opts *p = &o->plan;
	char *end;

	if (!strcmp(name, "--config"))
		p->config = v;
	else if (!strcmp(name, "--dialect"))
		return dialect_option(v, &p->dialect);
	else if (!strcmp(name, "--compilers"))
		return names_option(&p->filter.compilers, name, v);
	else if (!strcmp(name, "--targets"))
		return names_option(&p->filter.targets, name, v);
	else if (!strcmp(name, "--profiles"))
		return names_option(&p->filter.profiles, name, v);
	else if (!strcmp(name, "--out"))
		o->out = v;
	else if (!strcmp(name, "--cases-root"))
		p->cases_root = v;
	else if (!strcmp(name, "--shard")) {
		struct shard s;
		if (shard_option(v, &s))
			return 2;
		p->shard = s.k;
		p->nshards = s.n;
	} else if (!strcmp(name, "--timeout")) {
		p->timeout = strtod(v, &end);
		if (*end || !(p->timeout > 0) || p->timeout > 86400)
			return usage("bad timeout '%s'", v);
	}
	return 0;
}

/* A run option without a value; 0 when a is none. */
static int
run_flag(struct run_opts *o, const char *a)
{
	int *flag = !strcmp(a, "--dry-run") ? &o->dry_run : !strcmp(a, "--quiet") ? &o->quiet :
	            !strcmp(a, "--no-cache") ? &o->plan.no_cache : !strcmp(a, "--trusted-cases") ? &o->plan.trusted_cases :
	            !strcmp(a, "--no-sandbox") ? &o->plan.no_sandbox : NULL;

	if (flag)
		*flag = 1;
	return flag != NULL;
}

/* try's own argument at argv[*i] (--format, --from, or a file); 0 when it is none. */
static int
try_arg(int argc, char **argv, int *i, struct run_opts *o, struct try_view *view, int *r)
{
	const char *a = argv[*i], *v;

	if (!strcmp(a, "--")) {
		/* the user's own flags, for every configuration */
		while (*i + 1 < argc)
			strvec_push(&o->user_flags, argv[++*i]);
		if (!o->user_flags.n)
			*r = usage("%s needs flags after it", "--");
		return 1;
	}
	if (is_opt(a, "--compile-commands")) {
		if (!(o->compdb = optval(argc, argv, i, "--compile-commands")))
			*r = usage("option '%s' needs a value", a);
		return 1;
	}
	if (is_opt(a, "--entry")) {
		char *end;
		long n;
		if (!(v = optval(argc, argv, i, "--entry")))
			*r = usage("option '%s' needs a value", a);
		else if ((n = strtol(v, &end, 10)) < 1 || *end || n > 1000000)
			*r = usage("try --entry takes a command's number from 1, not '%s'", v);
		else
			o->compdb_entry = (size_t)n;
		return 1;
	}
	if (is_opt(a, "--from")) {
		if (!(o->out = optval(argc, argv, i, "--from")))
			*r = usage("option '%s' needs a value", a);
		return 1;
	}
	if (!strcmp(a, "--wide")) {
		view->width = 0;
		return 1;
	}
	if (is_opt(a, "--format")) {
		if (!(v = optval(argc, argv, i, "--format")))
			*r = usage("option '%s' needs a value", a);
		else if (!strcmp(v, "text") || !strcmp(v, "markdown") || !strcmp(v, "json"))
			view->fmt = !strcmp(v, "text") ? TRY_TEXT : !strcmp(v, "markdown") ? TRY_MARKDOWN : TRY_JSON;
		else
			*r = usage("try --format is text, markdown or json, not '%s'", v);
		return 1;
	}
	if (a[0] != '-' || !a[1]) {
		strvec_push(&o->plan.cases, a);
		return 1;
	}
	return 0;
}

/* run's options, and try's (view non-NULL: files, --format, --wide; no --out,
 * --cases, --shard, --dialect, --dry-run). Returns 0 or a usage error's status. */
static int
run_args(int argc, char **argv, struct run_opts *o, struct try_view *view)
{
	static const char *const valued[] = {
		"--config", "--compilers", "--targets", "--profiles", "--timeout", "--dialect", "--out", "--shard",
		"--cases-root",
	};
	size_t nvalued = view ? 5 : LEN(valued);
	int r = 0;

	for (int i = 1; i < argc && !r; i++) {
		const char *a = argv[i], *v;
		size_t k;
		for (k = 0; k < nvalued && !is_opt(a, valued[k]); k++)
			;
		if (k < nvalued) {
			if (!(v = optval(argc, argv, &i, valued[k])))
				r = usage("option '%s' needs a value", a);
			else
				r = run_value(o, valued[k], v);
		} else if (view ? try_arg(argc, argv, &i, o, view, &r) : 0) {
			continue;
		} else if (!view && is_opt(a, "--cases")) {
			if (!(v = optval(argc, argv, &i, "--cases")))
				r = usage("option '%s' needs a value", a);
			for (strvec_push(&o->plan.cases, v ? v : ""); !r && i + 1 < argc && argv[i + 1][0] != '-';)
				strvec_push(&o->plan.cases, argv[++i]);
		} else if (!strncmp(a, "-j", 2) || is_opt(a, "--jobs")) {
			r = jobs_option(argc, argv, &i, &o->plan.parallel);
		} else if ((view && (!strcmp(a, "--dry-run") || !strcmp(a, "--quiet"))) || !run_flag(o, a)) {
			r = usage("unknown option '%s'", a);
		}
	}
	return r;
}

static void
run_opts_release(struct run_opts *o)
{
	strvec_release(&o->plan.cases);
	strvec_release(&o->plan.filter.compilers);
	strvec_release(&o->plan.filter.targets);
	strvec_release(&o->plan.filter.profiles);
	strvec_release(&o->user_flags);
}

static int
cmd_run(int argc, char **argv)
{
	struct run_opts o = { .out = "results/latest.results" };
	int r = run_args(argc, argv, &o, NULL);
	struct confpath cp = {0};

	if (!r && !(r = locate_config(&cp, o.plan.config, 0))) {
		o.plan.config = cp.path;
		r = run_main(&o);
	}
	confpath_release(&cp);
	run_opts_release(&o);
	return r;
}

static int
read_all(struct results *r, int n, char **files)
{
	struct errlist errs = {0};
	int bad = 0;

	for (int i = 0; i < n; i++)
		if (results_read(r, files[i], &errs) < 0)
			bad = 1;
	if (!bad) {
		results_sort_jobs(r);
		bad = results_check_unique(r, &errs) < 0;
	}
	errlist_print(&errs, stderr);
	errlist_release(&errs);
	return bad ? -1 : 0;
}

static int
cmd_try(int argc, char **argv)
{
	struct run_opts o = {0};
	/* the text grid cut to the terminal's width, unless --wide */
	struct try_view view = { .fmt = TRY_TEXT, .width = terminal_width(1) };
	int r = run_args(argc, argv, &o, &view);

	if (!r && !o.plan.cases.n == !o.out)
		r = usage("try needs C files, or --from RESULTS and no files", NULL);
	if (!r && o.out) {
		/* the grid of a results file already made (run --dialect none --out) */
		struct results res = {0};
		if (read_all(&res, 1, (char **)&o.out) < 0)
			r = 2;
		else
			try_write(stdout, &res, &view);
		results_release(&res);
	} else if (!r) {
		struct confpath cp = {0};
		if (!(r = locate_config(&cp, o.plan.config, 0))) {
			o.plan.config = cp.path;
			r = try_main(&o, &view);
		}
		confpath_release(&cp);
	}
	run_opts_release(&o);
	return r;
}

static int
cmd_table(int argc, char **argv)
{
	struct results r = {0};
	struct strvec files = {0};
	static const char *const formats[] = { "markdown", "svg", "overview", "trees", "atlas" };
	int status = 0, format = 0;     /* an index into formats */

	for (int i = 1; i < argc; i++) {
		const char *v;
		if (is_opt(argv[i], "--format")) {
			if (!(v = optval(argc, argv, &i, "--format")) || (format = name_index(formats, LEN(formats), v)) < 0) {
				strvec_release(&files);
				return usage("table --format is markdown, svg, overview, trees or atlas", NULL);
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			strvec_release(&files);
			return usage("unknown option '%s'", argv[i]);
		} else {
			strvec_push(&files, argv[i]);
		}
	}
	if (!files.n)
		return usage("table needs a results file", NULL);
	if (read_all(&r, (int)files.n, files.v) < 0)
		status = 2;
	else if (format == 1)
		svg_write(stdout, &r);
	else if (format == 2)
		table_write_overview(stdout, &r);
	else if (format == 3)
		tree_report(stdout, &r);
	else if (format == 4)
		atlas_write(stdout, &r);
	else
		table_write(stdout, &r);
	results_release(&r);
	strvec_release(&files);
	return status;
}

static int
cmd_export(int argc, char **argv)
{
	struct results r = {0};
	const char *format = NULL;
	struct strvec files = {0};
	int status = 0;

	for (int i = 1; i < argc; i++) {
		if (is_opt(argv[i], "--format")) {
			if (!(format = optval(argc, argv, &i, "--format")))
				return usage("option '%s' needs a value", "--format");
		} else if (argv[i][0] == '-' && argv[i][1]) {
			strvec_release(&files);
			return usage("unknown option '%s'", argv[i]);
		} else {
			strvec_push(&files, argv[i]);
		}
	}
	if (!format || (strcmp(format, "tsv") && strcmp(format, "tap") && strcmp(format, "junit") && strcmp(format, "jsonl"))) {
		strvec_release(&files);
		return usage("export needs --format tsv, tap, junit or jsonl", NULL);
	}
	if (!files.n) {
		strvec_release(&files);
		return usage("export needs a results file", NULL);
	}
	if (read_all(&r, (int)files.n, files.v) < 0)
		status = 2;
	else if (!strcmp(format, "tsv"))
		export_tsv(stdout, &r);
	else if (!strcmp(format, "tap"))
		export_tap(stdout, &r);
	else if (!strcmp(format, "junit"))
		export_junit(stdout, &r);
	else
		export_jsonl(stdout, &r);
	results_release(&r);
	strvec_release(&files);
	return status;
}

static int
cmd_diff(int argc, char **argv)
{
	struct results old = {0}, new = {0};
	enum diff_format fmt = DIFF_TEXT;
	const char *files[2] = { NULL, NULL };
	int nfiles = 0, status;

	for (int i = 1; i < argc; i++) {
		const char *v;
		if (is_opt(argv[i], "--format")) {
			if (!(v = optval(argc, argv, &i, "--format")))
				return usage("option '%s' needs a value", "--format");
			if (!strcmp(v, "markdown"))
				fmt = DIFF_MARKDOWN;
			else if (strcmp(v, "text"))
				return usage("diff --format is text or markdown, not '%s'", v);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return usage("unknown option '%s'", argv[i]);
		} else if (nfiles < 2) {
			files[nfiles++] = argv[i];
		} else {
			return usage("diff takes two results files", NULL);
		}
	}
	if (nfiles != 2)
		return usage("diff takes two results files", NULL);
	if (read_all(&old, 1, (char **)&files[0]) < 0 || read_all(&new, 1, (char **)&files[1]) < 0)
		status = 2;
	else
		status = results_diff(stdout, &old, &new, fmt) ? 1 : 0;
	results_release(&old);
	results_release(&new);
	return status;
}

static int
cmd_merge(int argc, char **argv)
{
	struct results r = {0};
	char *why;
	const char *out = NULL;
	struct strvec files = {0};
	int status = 0;

	for (int i = 1; i < argc; i++) {
		if (is_opt(argv[i], "--out")) {
			if (!(out = optval(argc, argv, &i, "--out")))
				return usage("option '%s' needs a value", "--out");
		} else if (argv[i][0] == '-' && argv[i][1]) {
			strvec_release(&files);
			return usage("unknown option '%s'", argv[i]);
		} else {
			strvec_push(&files, argv[i]);
		}
	}
	if (!out || !files.n) {
		strvec_release(&files);
		return usage("merge needs --out FILE and results files", NULL);
	}
	if (read_all(&r, (int)files.n, files.v) < 0) {
		status = 2;
	} else if (results_write(&r, out, &why) < 0) {
		say_error("cannot write %s: %s", out, why);
		free(why);
		status = 2;
	}
	results_release(&r);
	strvec_release(&files);
	return status;
}

static int
cmd_list(int argc, char **argv)
{
	const char *config = NULL;
	int missing = LIST_TOOLCHAINS;
	struct shard shard = {0};
	struct config_filter f = {0};

	for (int i = 1; i < argc; i++) {
		if (is_opt(argv[i], "--config")) {
			if (!(config = optval(argc, argv, &i, "--config")))
				return usage("option '%s' needs a value", "--config");
		} else if (!strcmp(argv[i], "--missing-packages")) {
			missing = LIST_MISSING_PACKAGES;
		} else if (!strcmp(argv[i], "--host-packages")) {
			missing = LIST_HOST_PACKAGES;
		} else if (is_opt(argv[i], "--compilers")) {
			const char *v = optval(argc, argv, &i, "--compilers");
			if (names_option(&f.compilers, "--compilers", v)) {
				strvec_release(&f.compilers);
				return 2;
			}
		} else if (is_opt(argv[i], "--shard")) {
			if (shard_option(optval(argc, argv, &i, "--shard"), &shard))
				return 2;
		} else {
			return usage("unknown argument '%s'", argv[i]);
		}
	}
	if ((shard.n || f.compilers.n) && missing != LIST_HOST_PACKAGES) {
		strvec_release(&f.compilers);
		return usage("%s go with --host-packages only", "--shard and --compilers");
	}
	struct confpath cp;
	int r = locate_config(&cp, config, 0);
	if (!r)
		r = list_main(cp.path, missing, shard, &f);
	confpath_release(&cp);
	strvec_release(&f.compilers);
	return r;
}

static int
cmd_lint(int argc, char **argv)
{
	const char *config = NULL;
	struct strvec paths = {0};
	const struct dialect_ops *dialect = NULL;
	int r;

	for (int i = 1; i < argc; i++) {
		if (is_opt(argv[i], "--config")) {
			if (!(config = optval(argc, argv, &i, "--config"))) {
				strvec_release(&paths);
				return usage("option '%s' needs a value", "--config");
			}
		} else if (is_opt(argv[i], "--dialect")) {
			const char *v = optval(argc, argv, &i, "--dialect");
			if (!v || !dialect_known(v)) {
				strvec_release(&paths);
				return usage("--dialect is auto, native, verify, dejagnu or none", NULL);
			}
			dialect = dialect_find(v);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			strvec_release(&paths);
			return usage("unknown option '%s'", argv[i]);
		} else {
			strvec_push(&paths, argv[i]);
		}
	}
	struct confpath cp;
	locate_config(&cp, config, 1);
	r = lint_main(cp.path, &paths, dialect);
	confpath_release(&cp);
	strvec_release(&paths);
	return r;
}

static int
cmd_root(int argc, char **argv)
{
	const char *config = NULL;
	struct strvec names = {0};
	struct shard shard = {0};
	struct config_filter f = {0};
	int rebuild = 0, quiet = 0, r;

	for (int i = 1; i < argc; i++) {
		if (is_opt(argv[i], "--config")) {
			if (!(config = optval(argc, argv, &i, "--config"))) {
				strvec_release(&names);
				return usage("option '%s' needs a value", "--config");
			}
		} else if (!strcmp(argv[i], "--rebuild")) {
			rebuild = 1;
		} else if (!strcmp(argv[i], "--quiet")) {
			quiet = 1;
		} else if (is_opt(argv[i], "--shard")) {
			if (shard_option(optval(argc, argv, &i, "--shard"), &shard)) {
				strvec_release(&names);
				return 2;
			}
		} else if (is_opt(argv[i], "--compilers")) {
			const char *v = optval(argc, argv, &i, "--compilers");
			if (names_option(&f.compilers, "--compilers", v)) {
				strvec_release(&names);
				strvec_release(&f.compilers);
				return 2;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			strvec_release(&names);
			return usage("unknown option '%s'", argv[i]);
		} else {
			strvec_push(&names, argv[i]);
		}
	}
	struct confpath cp;
	if (!(r = locate_config(&cp, config, 0)))
		r = root_main(cp.path, &names, rebuild, quiet, shard, &f);
	confpath_release(&cp);
	strvec_release(&names);
	strvec_release(&f.compilers);
	return r;
}

/* tree's option at argv[*i] that takes a value; 0 when a is none, -1 a usage error. */
static int
tree_value(int argc, char **argv, int *i, struct tree_opts *o)
{
	static const char *const names[] = { "--config", "--trees", "--compilers", "--targets", "--profiles", "--out" };
	const char *v;

	for (size_t k = 0; k < LEN(names); k++) {
		if (!is_opt(argv[*i], names[k]))
			continue;
		if (!(v = optval(argc, argv, i, names[k])))
			return usage("option '%s' needs a value", names[k]), -1;
		if (k == 0)
			o->config = v;
		else if (k == 1)
			o->trees = v;
		else if (k == 5)
			o->out = v;
		else if (names_option(k == 2 ? &o->filter.compilers : k == 3 ? &o->filter.targets : &o->filter.profiles,
		                      names[k], v))
			return -1;
		return 1;
	}
	return 0;
}

/* tree and atlas: the same options, main runs them. */
static int
tree_command(int argc, char **argv, struct tree_opts o, int (*main_fn)(const struct tree_opts *))
{
	struct confpath cp = {0};
	int r = 0;

	for (int i = 1; i < argc && !r; i++) {
		int *flag = !strcmp(argv[i], "--refresh") ? &o.refresh : !strcmp(argv[i], "--no-cache") ? &o.no_cache :
		            !strcmp(argv[i], "--dry-run") ? &o.dry_run : !strcmp(argv[i], "--quiet") ? &o.quiet : NULL;
		int v;
		if (flag)
			*flag = 1;
		else if (!strncmp(argv[i], "-j", 2) || is_opt(argv[i], "--jobs"))
			r = jobs_option(argc, argv, &i, &o.jobs);
		else if ((v = tree_value(argc, argv, &i, &o)))
			r = v < 0 ? 2 : 0;
		else if (argv[i][0] == '-' && argv[i][1])
			r = usage("unknown option '%s'", argv[i]);
		else
			strvec_push(&o.names, argv[i]);
	}
	if (!r && !(r = locate_config(&cp, o.config, 0))) {
		o.config = cp.path;
		r = main_fn(&o);
	}
	confpath_release(&cp);
	strvec_release(&o.names);
	strvec_release(&o.filter.compilers);
	strvec_release(&o.filter.targets);
	strvec_release(&o.filter.profiles);
	return r;
}

static int
cmd_tree(int argc, char **argv)
{
	return tree_command(argc, argv, (struct tree_opts){ .trees = "trees/linux.yaml", .out = "results/trees.results" },
	                    tree_main);
}

static int
cmd_atlas(int argc, char **argv)
{
	return tree_command(argc, argv, (struct tree_opts){ .trees = "trees/atlas.yaml", .out = "results/atlas.results" },
	                    atlas_main);
}

/* diagmatrix sandbox COMMAND...: a job's command as a results file or a
 * dry run records it, run in a sandbox of its own as the harness runs it
 * (box.h); its exit status, or 128 + the signal that ended it. */
static int
cmd_sandbox(int argc, char **argv)
{
	struct strvec av = {0};
	enum box_mode mode;
	size_t at;
	char *why = NULL;
	int st;

	for (int i = 1; i < argc; i++)
		strvec_push(&av, argv[i]);
	if (!(at = box_command_at(&av, &mode))) {
		say_error("sandbox takes a job's command as a results file records it: "
		          "[prlimit ... --] bwrap ... -- COMMAND...");
		strvec_release(&av);
		return 2;
	}
	st = box_run(&av, at, mode, &why);
	strvec_release(&av);
	if (st < 0) {
		struct strbuf sb = {0};
		sb_add_printable(&sb, why);
		say_error("the sandbox cannot start: %s", sb_str(&sb));
		sb_release(&sb);
		free(why);
		return 2;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The commands, with what each does, for help. */
static const struct command {
	const char *name;
	int (*fn)(int, char **);
	const char *file;       /* where it is done, under harness/: cmd/NAME.c, or the
	                           report or sandbox module that main.c calls */
	const char *what;
} commands[] = {
	{ "run", cmd_run, "cmd/run.c",
	  "Compile the cases (--cases, default cases/) with every configured compiler, target\n"
	  "and profile, judge each compile against the case's expectations and write a\n"
	  "results file. Exit 0: all pass; 1: something failed or erred; 2: bad input." },
	{ "try", cmd_try, "cmd/try.c",
	  "Compile C files that have no annotations over the matrix and show which\n"
	  "diagnostics fired where; --from shows a results file made before. Flags\n"
	  "after -- go to every compiler, after all others; --compile-commands takes\n"
	  "the file's own flags from a compilation database (compile_commands.json):\n"
	  "include directories and defines for all, the options each compiler takes,\n"
	  "the profile as-written for them alone. Exit 0 whatever fired." },
	{ "table", cmd_table, "report/table.c",
	  "Render results files as the markdown compatibility table, the overview as an\n"
	  "SVG, or the overview alone." },
	{ "export", cmd_export, "report/export.c",
	  "Write results files as TSV, TAP, JUnit XML or JSON lines." },
	{ "diff", cmd_diff, "report/diff.c",
	  "Say what changed between two results files. Exit 1 when a configuration\n"
	  "newly fails." },
	{ "merge", cmd_merge, "report/results.c",
	  "Join the results files of one run's shards into one." },
	{ "list", cmd_list, "cmd/list.c",
	  "List the configured compilers and targets, whether each is installed, and\n"
	  "the roots; or the Debian packages the host lacks or needs." },
	{ "lint", cmd_lint, "cmd/lint.c",
	  "Read cases without compiling them: malformed annotations are reported as\n"
	  "FILE:LINE:COL, what is not read is listed." },
	{ "root", cmd_root, "cmd/root.c",
	  "Build the Debian roots the configuration's compilers live in (--rebuild:\n"
	  "again)." },
	{ "tree", cmd_tree, "cmd/tree.c",
	  "Build real source trees (--trees, default trees/linux.yaml; docs/trees.md)\n"
	  "with the configuration's compilers, judge their diagnostics against the\n"
	  "tree's expectations and write a results file (default results/trees.results).\n"
	  "Exit 0: all pass; 1: something failed or erred; 2: bad input." },
	{ "atlas", cmd_atlas, "cmd/atlas.c",
	  "Run the compilers' own test suites (the test-suite trees of --trees, default\n"
	  "trees/atlas.yaml: GCC's DejaGnu tests, Clang's -verify tests) as cases on\n"
	  "every compiler of their family and every target, and write a results file\n"
	  "(default results/atlas.results); table --format atlas reports it. Exit 0:\n"
	  "all pass; 1: something failed or erred (other versions' tests often do);\n"
	  "2: bad input." },
	{ "sandbox", cmd_sandbox, "sandbox/box.c",
	  "Run a job's command as a results file or --dry-run records it\n"
	  "(\"diagmatrix sandbox prlimit ... bwrap ... -- COMMAND\") in a sandbox of its\n"
	  "own, as the harness runs it. Exit: the command's status; 2: no sandbox." },
};

/* The synopsis of one command: its lines of usage_text, the first as
 * "usage: ". */
static void
synopsis(const char *name, FILE *fp)
{
	const char *s = usage_text;
	int mine = 0, first = 1;

	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		const char *d = NULL;
		for (size_t k = 0; k + 11 <= n && !d; k++)
			if (!strncmp(s + k, "diagmatrix ", 11))
				d = s + k;
		if (d)
			mine = !strncmp(d + 11, name, strlen(name)) && d[11 + strlen(name)] == ' ';
		if (mine) {
			fprintf(fp, "%s%.*s\n", first ? "usage: " : "       ", (int)(n - 7), s + 7);
			first = 0;
		}
		s += n + (nl != NULL);
	}
}

/* help [COMMAND], COMMAND --help: what a command does and takes. */
static int
help(const char *name)
{
	if (!name) {
		fputs(usage_text, stdout);
		fputs("\n'diagmatrix help COMMAND' (or 'diagmatrix COMMAND --help') says what one does.\n", stdout);
		return 0;
	}
	for (size_t i = 0; i < LEN(commands); i++) {
		if (!strcmp(commands[i].name, name)) {
			synopsis(name, stdout);
			printf("\n%s\n", commands[i].what);
			return 0;
		}
	}
	return usage("no command '%s'", name);
}

int
main(int argc, char **argv)
{
	if (argc < 2)
		return usage(NULL, NULL);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
		return help(argc > 2 ? argv[2] : NULL);
	if (argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")))
		return help(argv[1]);
	if (!strcmp(argv[1], "--version")) {
		printf("diagmatrix %s (%s)\n", DIAGMATRIX_VERSION, diagmatrix_revision);
		return 0;
	}
	for (size_t i = 0; i < LEN(commands); i++)
		if (!strcmp(argv[1], commands[i].name)) {
			current_command = commands[i].name;
			return commands[i].fn(argc - 1, argv + 1);
		}
	return usage("unknown command '%s'", argv[1]);
}
