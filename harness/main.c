/* diagmatrix: which compiler, at which version, on which architecture, with
 * which flags, warns about this C code.
 *
 * The command line, per interface.md. Usage errors exit 2.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect.h"
#include "diff.h"
#include "export.h"
#include "results.h"
#include "run.h"
#include "svg.h"
#include "table.h"

static const char usage_text[] =
	"usage: diagmatrix run    [--config FILE] [--cases PATH...] [--compilers A,B]\n"
	"                         [--targets X,Y] [--profiles P,Q] [-j N] [--out FILE]\n"
	"                         [--dry-run] [--no-cache] [--shard K/N]\n"
	"                         [--timeout SECONDS] [--quiet] [--dialect D]\n"
	"                         [--trusted-cases] [--no-sandbox]\n"
	"       diagmatrix try    [--format text|markdown|json] [--config FILE]\n"
	"                         [--compilers A,B] [--targets X,Y] [--profiles P,Q]\n"
	"                         [-j N] [--no-cache] [--timeout SECONDS] FILE.c...\n"
	"       diagmatrix try    [--format text|markdown|json] --from RESULTS\n"
	"       diagmatrix table  [--format markdown|svg|overview] RESULTS...\n"
	"       diagmatrix export --format tsv|tap|junit|jsonl RESULTS...\n"
	"       diagmatrix diff   [--format text|markdown] OLD NEW\n"
	"       diagmatrix merge  --out FILE RESULTS...\n"
	"       diagmatrix list   [--config FILE] [--missing-packages | --host-packages]\n"
	"       diagmatrix lint   [--config FILE] [PATH...]\n"
	"       diagmatrix root   [--config FILE] [--rebuild] [--quiet] [NAME...]\n";

static int
usage(const char *fmt, const char *arg)
{
	if (fmt) {
		fputs("diagmatrix: error: ", stderr);
		fprintf(stderr, fmt, arg);
		fputc('\n', stderr);
	}
	fputs(usage_text, stderr);
	return 2;
}

static void
split_commas(struct strvec *sv, const char *s)
{
	while (*s) {
		size_t n = strcspn(s, ",");
		if (n)
			strvec_push_nocopy(sv, xstrndup(s, n));
		s += n;
		if (*s == ',')
			s++;
	}
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
	int k, n, used = 0;

	if (!strcmp(name, "--config"))
		p->config = v;
	else if (!strcmp(name, "--dialect"))
		return dialect_option(v, &p->dialect);
	else if (!strcmp(name, "--compilers"))
		split_commas(&p->filter.compilers, v);
	else if (!strcmp(name, "--targets"))
		split_commas(&p->filter.targets, v);
	else if (!strcmp(name, "--profiles"))
		split_commas(&p->filter.profiles, v);
	else if (!strcmp(name, "--out"))
		o->out = v;
	else if (!strcmp(name, "--shard")) {
		if (sscanf(v, "%d/%d%n", &k, &n, &used) != 2 || v[used] || n < 1 || k < 1 || k > n)
			return usage("bad shard '%s' (K/N, 1 <= K <= N)", v);
		p->shard = k;
		p->nshards = n;
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
try_arg(int argc, char **argv, int *i, struct run_opts *o, enum try_format *fmt, int *r)
{
	const char *a = argv[*i], *v;

	if (is_opt(a, "--from")) {
		if (!(o->out = optval(argc, argv, i, "--from")))
			*r = usage("option '%s' needs a value", a);
		return 1;
	}
	if (is_opt(a, "--format")) {
		if (!(v = optval(argc, argv, i, "--format")))
			*r = usage("option '%s' needs a value", a);
		else if (!strcmp(v, "text") || !strcmp(v, "markdown") || !strcmp(v, "json"))
			*fmt = !strcmp(v, "text") ? TRY_TEXT : !strcmp(v, "markdown") ? TRY_MARKDOWN : TRY_JSON;
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

/* run's options, and try's (fmt non-NULL: files and --format; no --out,
 * --cases, --shard, --dialect, --dry-run). Returns 0 or a usage error's status. */
static int
run_args(int argc, char **argv, struct run_opts *o, enum try_format *fmt)
{
	static const char *const valued[] = {
		"--config", "--compilers", "--targets", "--profiles", "--timeout", "--dialect", "--out", "--shard",
	};
	size_t nvalued = fmt ? 5 : LEN(valued);
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
		} else if (fmt ? try_arg(argc, argv, &i, o, fmt, &r) : 0) {
			continue;
		} else if (!fmt && is_opt(a, "--cases")) {
			if (!(v = optval(argc, argv, &i, "--cases")))
				r = usage("option '%s' needs a value", a);
			for (strvec_push(&o->plan.cases, v ? v : ""); !r && i + 1 < argc && argv[i + 1][0] != '-';)
				strvec_push(&o->plan.cases, argv[++i]);
		} else if (!strncmp(a, "-j", 2) || is_opt(a, "--jobs")) {
			r = jobs_option(argc, argv, &i, &o->plan.parallel);
		} else if ((fmt && (!strcmp(a, "--dry-run") || !strcmp(a, "--quiet"))) || !run_flag(o, a)) {
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
}

static int
cmd_run(int argc, char **argv)
{
	struct run_opts o = { .plan.config = "compilers.yaml", .out = "results/latest.results" };
	int r = run_args(argc, argv, &o, NULL);

	if (!r)
		r = run_main(&o);
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
	struct run_opts o = { .plan.config = "compilers.yaml" };
	enum try_format fmt = TRY_TEXT;
	int r = run_args(argc, argv, &o, &fmt);

	if (!r && !o.plan.cases.n == !o.out)
		r = usage("try needs C files, or --from RESULTS and no files", NULL);
	if (!r && o.out) {
		/* the grid of a results file already made (run --dialect none --out) */
		struct results res = {0};
		if (read_all(&res, 1, (char **)&o.out) < 0)
			r = 2;
		else
			try_write(stdout, &res, fmt);
		results_release(&res);
	} else if (!r) {
		r = try_main(&o, fmt);
	}
	run_opts_release(&o);
	return r;
}

static int
cmd_table(int argc, char **argv)
{
	struct results r = {0};
	struct strvec files = {0};
	int status = 0, format = 0;     /* markdown, svg, overview */

	for (int i = 1; i < argc; i++) {
		const char *v;
		if (is_opt(argv[i], "--format")) {
			if (!(v = optval(argc, argv, &i, "--format")) ||
			    (strcmp(v, "markdown") && strcmp(v, "svg") && strcmp(v, "overview"))) {
				strvec_release(&files);
				return usage("table --format is markdown, svg or overview", NULL);
			}
			format = !strcmp(v, "svg") ? 1 : !strcmp(v, "overview") ? 2 : 0;
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
	const char *why;
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
		fprintf(stderr, "diagmatrix: error: cannot write %s: %s\n", out, why);
		status = 2;
	}
	results_release(&r);
	strvec_release(&files);
	return status;
}

static int
cmd_list(int argc, char **argv)
{
	const char *config = "compilers.yaml";
	int missing = LIST_TOOLCHAINS;

	for (int i = 1; i < argc; i++) {
		if (is_opt(argv[i], "--config")) {
			if (!(config = optval(argc, argv, &i, "--config")))
				return usage("option '%s' needs a value", "--config");
		} else if (!strcmp(argv[i], "--missing-packages")) {
			missing = LIST_MISSING_PACKAGES;
		} else if (!strcmp(argv[i], "--host-packages")) {
			missing = LIST_HOST_PACKAGES;
		} else {
			return usage("unknown argument '%s'", argv[i]);
		}
	}
	return list_main(config, missing);
}

static int
cmd_lint(int argc, char **argv)
{
	const char *config = "compilers.yaml";
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
	r = lint_main(config, &paths, dialect);
	strvec_release(&paths);
	return r;
}

static int
cmd_root(int argc, char **argv)
{
	const char *config = "compilers.yaml";
	struct strvec names = {0};
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
		} else if (argv[i][0] == '-' && argv[i][1]) {
			strvec_release(&names);
			return usage("unknown option '%s'", argv[i]);
		} else {
			strvec_push(&names, argv[i]);
		}
	}
	r = root_main(config, &names, rebuild, quiet);
	strvec_release(&names);
	return r;
}

int
main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} cmds[] = {
		{ "run", cmd_run }, { "try", cmd_try }, { "table", cmd_table }, { "export", cmd_export },
		{ "merge", cmd_merge }, { "diff", cmd_diff }, { "list", cmd_list }, { "lint", cmd_lint }, { "root", cmd_root },
	};

	if (argc < 2)
		return usage(NULL, NULL);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		fputs(usage_text, stdout);
		return 0;
	}
	for (size_t i = 0; i < LEN(cmds); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	return usage("unknown command '%s'", argv[1]);
}
