/* SPDX-License-Identifier: MIT */
/* unit-tests: every module on its own. Prints PASS/FAIL per test.
 *
 *   unit-tests              run every test
 *   unit-tests run GLOB     the tests whose names (unit/NAME) match GLOB
 *   unit-tests diag FILE    print the diagnostics parsed from FILE (used by
 *                           tests/suite/parse.sh with the captured compiler output)
 *   unit-tests parse FILE   parse FILE as a case from an exact-size buffer
 *   unit-tests judge CASE OUT NAME STATUS
 *                           judge captured compiler output (tests/judge)
 */
#include <fnmatch.h>
#include <stdlib.h>

#include "dialect/load.h"
#include "dialect/match.h"
#include "model/diag.h"
#include "t.h"
#include "lib/util.h"

int t_failed;

char *
t_joined(const struct strvec *sv)
{
	struct strbuf sb = {0};

	for (size_t i = 0; i < sv->n; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", sv->v[i]);
	return sb_detach(&sb);
}

#define TESTS(X) X(shell_split) X(make_dirs) X(tcl_split) X(shell_quote) X(strbuf) X(selector_eval) X(selector_errors) X(selector_dejagnu) \
	X(version_parse) X(config_good) X(config_errors) X(config_shards) X(case_directives) X(case_errors) \
	X(case_defaults) X(case_lexing) X(diag_lines) X(diag_crashes) X(diag_paths) X(diag_from) X(option_normalise) X(match_pass) \
	X(match_fail) X(match_errors) X(match_dejagnu_fits) X(dejagnu_candidate_lines) X(dejagnu_bogus_report) X(results_roundtrip) X(results_truncated) X(results_tree_fields) X(export_formats) \
	X(sched_processes) X(sched_failures) X(sha256_vectors) X(cache_entries) X(jobserver_pipe) X(diff_changes) \
	X(config_roots) X(root_lookup) X(root_enter) X(box_refuses) X(box_failed_not_retried) X(seccomp_filter) X(trust_refusal) X(trust_place) X(grid_where) X(grid_cells_columns_ranges) X(grid_point_release_labels) X(exec_time_left) X(ppcond_lines) \
	X(compdb_parse) X(compdb_errors) X(depfile_rules) X(buildflags_sort) X(userflags_paths) X(ppcond_hostile) X(ppcond_function_macros_and_cxx) X(ppcond_target_names) X(ppcond_expansion_bounded) X(ppcond_elifdef_by_version) X(ppcond_has_feature) X(case_crlf) \
	X(tree_good) X(tree_errors) X(kbuild_patches) X(kbuild_config) X(kbuild_output) X(tree_units) X(tree_judge) X(tree_suites) X(dpkg_status)

#define DECLARE(n) void test_##n(void);
TESTS(DECLARE)

static int
print_diags(const char *path)
{
	struct strbuf sb = {0};
	struct diaglist dl = {0};

	if (read_file(path, MAX_RESULTS_BYTES, &sb, NULL) < 0) {
		perror(path);
		return 2;
	}
	dl.paths = 1;
	diag_parse(&dl, sb_str(&sb), sb.len);
	for (size_t i = 0; i < dl.n; i++) {
		const struct diag *d = &dl.v[i];
		printf("%s\t%d\t%d\t%s\t%s\t%u\t%s\n", d->file ? d->file : "-", d->line, d->col,
		       severity_name(d->sev), d->option ? d->option : "-", d->count, d->message);
		for (size_t k = 0; k < d->nevents; k++)
			printf("\tevent\t%s\t%d\t%d\t%s\n", d->events[k].file ? d->events[k].file : "-",
			       d->events[k].line, d->events[k].col, d->events[k].text);
	}
	if (dl.ice)
		printf("ICE\t%s\n", dl.ice_text);
	diaglist_release(&dl);
	sb_release(&sb);
	return 0;
}

/* Parse a case file from a buffer of exactly its size, as the fuzzer
 * does, so that the sanitizer build sees any read past its end. */
static int
parse_exact(const char *path)
{
	struct strbuf sb = {0};
	struct casefile cf;
	struct errlist errs = {0};
	char *exact;

	if (read_file(path, MAX_RESULTS_BYTES, &sb, NULL) < 0) {
		perror(path);
		return 2;
	}
	exact = xmalloc(sb.len ? sb.len : 1);
	memcpy(exact, sb_str(&sb), sb.len);
	if (case_parse(&cf, path, path, exact, sb.len, NULL, &(struct read_ctx){0}, &errs) == 0)
		case_release(&cf);
	printf("%zu errors\n", errs.n);
	errlist_release(&errs);
	free(exact);
	sb_release(&sb);
	return 0;
}

/* Judge a captured compile: CASE is the case file, OUT what the compiler
 * printed, NAME its configuration as CASE.COMPILER.ARCH.PROFILE (the
 * compiler's family and major version from its name), STATUS "exit N".
 * Prints the verdict, the reason, each directive's outcome and each
 * diagnostic's status: what the .expect files of tests/judge hold. */
static int
judge(const char *case_path, const char *out_path, const char *name, const char *status)
{
	static const char *const triples[][2] = { { "x86-64", "x86_64-linux-gnu" }, { "arm64", "aarch64-linux-gnu" } };
	struct strbuf src = {0}, out = {0}, st = {0};
	struct casefile cf;
	struct errlist errs = {0};
	struct diaglist dl = {0};
	struct exit_info ei = {0};
	struct sel_env env = {0};
	char compiler[64], arch[64], profile[64], *reason = NULL;
	enum outcome *outcomes;
	enum verdict v;

	if (read_file(case_path, MAX_CASE_BYTES, &src, NULL) < 0 || read_file(out_path, MAX_CASE_BYTES, &out, NULL) < 0 ||
	    read_file(status, 64, &st, NULL) < 0 || sscanf(sb_str(&st), "exit %d", &ei.exit_code) != 1 ||
	    sscanf(name, "%*[^.].%63[^.].%63[^.].%63s", compiler, arch, profile) != 3) {
		fprintf(stderr, "judge: cannot read %s, %s, %s or %s\n", case_path, out_path, status, name);
		return 2;
	}
	if (case_parse(&cf, case_path, case_path, sb_str(&src), src.len, NULL, &(struct read_ctx){0}, &errs) < 0) {
		errlist_print(&errs, stderr);
		return 2;
	}
	env.family = !strncmp(compiler, "clang", 5) ? FAMILY_CLANG : FAMILY_GCC;
	env.version[0] = atoi(strchr(compiler, '-') ? strchr(compiler, '-') + 1 : "0");
	env.arch = arch;
	env.profile = profile;
	for (size_t i = 0; i < LEN(triples); i++)
		if (!strcmp(arch, triples[i][0]))
			env.triple = triples[i][1];
	outcomes = xcalloc(cf.ndirs + 1, sizeof(*outcomes));
	diag_parse(&dl, sb_str(&out), out.len);
	v = match_job(&cf, &env, sb_str(&out), out.len, &dl, &ei, outcomes, &reason);
	printf("dialect %s\nverdict %s\nreason %s\n", cf.dialect->name, verdict_name(v), reason ? reason : "");
	for (size_t i = 0; i < cf.ndirs; i++)
		printf("outcome %d %s %s\n", cf.dirs[i].src_line, dkind_name(cf.dirs[i].kind), outcome_name(outcomes[i]));
	for (size_t i = 0; i < dl.n; i++)
		printf("diag %d %s %s %s\n", dl.v[i].line, severity_name(dl.v[i].sev), dstatus_name(dl.v[i].status),
		       dl.v[i].message);
	free(reason);
	free(outcomes);
	diaglist_release(&dl);
	case_release(&cf);
	errlist_release(&errs);
	sb_release(&src);
	sb_release(&out);
	sb_release(&st);
	return 0;
}

int
main(int argc, char **argv)
{
	int failed = 0;
	const char *glob = argc == 3 && !strcmp(argv[1], "run") ? argv[2] : "*";

	if (argc == 3 && !strcmp(argv[1], "diag"))
		return print_diags(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "parse"))
		return parse_exact(argv[2]);
	if (argc == 6 && !strcmp(argv[1], "judge"))
		return judge(argv[2], argv[3], argv[4], argv[5]);
#define RUN(n) \
	if (!fnmatch(glob, "unit/" #n, 0)) { \
		t_failed = 0; \
		test_##n(); \
		printf("%s unit/%s\n", t_failed ? "FAIL" : "PASS", #n); \
		fflush(stdout); \
		failed += t_failed; \
	}
	TESTS(RUN)
	return failed ? 1 : 0;
}
