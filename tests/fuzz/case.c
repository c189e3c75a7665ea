/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the case-file parser (comments, directives, selectors,
 * PCRE2 patterns, marks), in every dialect it reads, and the judging of
 * the same bytes taken as compiler output (DejaGnu files are judged on
 * the text itself). The same bytes are the DejaGnu driver of the file's
 * directory too. */
#include <stdint.h>
#include <stdlib.h>

#include "dialect/dejagnu/dgdriver.h"
#include "dialect/load.h"
#include "dialect/match.h"

static const char *const arches[] = { "x86-64", "arm64", "s390x" };
static const char *const profiles[] = { "default", "O0", "kernel" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sel_vocab vocab = { arches, 3, profiles, 3 };
	static const unsigned char etargets[ETARGET_MAX] = { 1, 0, 1 };
	struct sel_env env = { FAMILY_GCC, { 12, 2, 0 }, "x86-64", "default", "x86_64-linux-gnu", etargets };
	struct exit_info ei = {0};
	struct casefile cf;
	struct errlist errs = {0};
	struct dg_dir *drivers = xcalloc(1, sizeof(*drivers));
	struct dialect_dir dir = {0};
	struct read_ctx ctx = { .vocab = &vocab, .dir = &dir };

	drivers->exps = xcalloc(1, sizeof(*drivers->exps));
	drivers->exps[0] = (struct dg_exp){ xstrdup("fuzz.exp"), xstrndup((const char *)data, size) };
	drivers->nexps = 1;
	dialect_dir_put(&dir, dialect_find("dejagnu"), drivers, 1);
	if (case_parse(&cf, "fuzz.c", "fuzz.c", (const char *)data, size, NULL, &ctx, &errs) == 0) {
		struct diaglist dl = {0};
		enum outcome *out = calloc(cf.ndirs + 1, sizeof(*out));
		char *reason = NULL;
		diag_parse(&dl, (const char *)data, size);
		match_job(&cf, &env, (const char *)data, size, &dl, &ei, out, &reason);
		free(reason);
		free(out);
		diaglist_release(&dl);
		case_release(&cf);
	}
	errlist_release(&errs);
	dialect_dir_release(&dir);
	return 0;
}
