/* unit-tests: every module on its own. Prints PASS/FAIL per test.
 *
 *   unit-tests              run every test
 *   unit-tests diag FILE    print the diagnostics parsed from FILE (used by
 *                           tests/run.sh with the captured compiler output)
 *   unit-tests parse FILE   parse FILE as a case from an exact-size buffer
 */
#include <stdlib.h>

#include "load.h"
#include "diag.h"
#include "t.h"
#include "util.h"

int t_failed;

#define TESTS(X) X(shell_split) X(tcl_split) X(shell_quote) X(strbuf) X(selector_eval) X(selector_errors) X(selector_dejagnu) \
	X(version_parse) X(config_good) X(config_errors) X(case_directives) X(case_errors) \
	X(case_defaults) X(case_lexing) X(diag_lines) X(diag_crashes) X(option_normalise) X(match_pass) \
	X(match_fail) X(match_errors) X(results_roundtrip) X(results_truncated) X(export_formats) \
	X(sched_processes) X(sched_failures) X(sha256_vectors) X(cache_entries) X(jobserver_pipe) X(diff_changes) \
	X(config_roots) X(root_lookup) X(root_enter) X(trust_refusal)

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
	diag_parse(&dl, sb_str(&sb), sb.len);
	for (size_t i = 0; i < dl.n; i++) {
		const struct diag *d = &dl.v[i];
		printf("%s\t%d\t%d\t%s\t%s\t%u\t%s\n", d->file ? d->file : "-", d->line, d->col,
		       severity_name(d->sev), d->option ? d->option : "-", d->count, d->message);
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

int
main(int argc, char **argv)
{
	int failed = 0;

	if (argc == 3 && !strcmp(argv[1], "diag"))
		return print_diags(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "parse"))
		return parse_exact(argv[2]);
#define RUN(n) \
	t_failed = 0; \
	test_##n(); \
	printf("%s unit/%s\n", t_failed ? "FAIL" : "PASS", #n); \
	failed += t_failed;
	TESTS(RUN)
	return failed ? 1 : 0;
}
