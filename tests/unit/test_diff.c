/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "report/diff.h"
#include "t.h"

static void
add_job(struct results *r, const char *profile, enum verdict v, const char *msg)
{
	struct rjob j = {0};

	j.caseidx = 0;
	j.compiler = xstrdup("gcc-12");
	j.version = xstrdup("12.2.0");
	j.target = xstrdup("x86-64");
	j.profile = xstrdup(profile);
	j.verdict = v;
	j.reason = xstrdup(v == V_FAIL ? "unexpected" : "");
	j.command = xstrdup("");
	j.outcomes = calloc(1, sizeof(*j.outcomes));
	if (msg) {
		j.diags = calloc(1, sizeof(*j.diags));
		j.diags[0] = (struct rdiag){ .file = xstrdup("a.c"), .line = 3, .col = 1, .sev = SEV_WARNING, .option = xstrdup("-Wx"),
		                             .count = 1, .status = ST_UNEXPECTED, .message = xstrdup(msg) };
		j.ndiags = j.capdiags = 1;
	}
	xgrow((void **)&r->jobs, &r->capjobs, r->njobs + 1, sizeof(*r->jobs));
	r->jobs[r->njobs++] = j;
}

static void
one_case(struct results *r)
{
	memset(r, 0, sizeof(*r));
	r->cases = calloc(1, sizeof(*r->cases));
	r->ncases = r->capcases = 1;
	r->cases[0].name = xstrdup("a.c");
	r->cases[0].path = xstrdup("cases/a.c");
	r->cases[0].title = xstrdup("a");
	r->cases[0].requires = xstrdup("");
	r->cases[0].std = xstrdup("");
	r->cases[0].flags = xstrdup("");
}

TEST(diff_changes)
{
	struct results a, b;
	char *buf = NULL;
	size_t len = 0, n;
	FILE *fp;

	one_case(&a);
	one_case(&b);
	add_job(&a, "O0", V_PASS, NULL);
	add_job(&a, "default", V_PASS, NULL);
	add_job(&b, "O0", V_FAIL, "new warning");
	add_job(&b, "kernel", V_PASS, NULL);
	fp = open_memstream(&buf, &len);
	n = results_diff(fp, &a, &b, DIFF_TEXT);
	fclose(fp);
	CHECK(n == 1);
	CHECK(strstr(buf, "! a.c gcc-12@x86-64 O0: verdict pass -> fail: unexpected\n"));
	CHECK(strstr(buf, "+ a.c gcc-12@x86-64 O0: line 3: warning: new warning [-Wx] (unexpected)\n"));
	CHECK(strstr(buf, "- a.c gcc-12@x86-64 default: configuration gone (was pass)\n"));
	CHECK(strstr(buf, "+ a.c gcc-12@x86-64 kernel: new configuration, pass\n"));
	CHECK(strstr(buf, "1 configuration(s) newly failing\n"));
	free(buf);
	/* nothing changed: it says so, and the count */
	fp = open_memstream(&buf, &len);
	CHECK(results_diff(fp, &b, &b, DIFF_TEXT) == 0);
	fclose(fp);
	CHECK_STR(buf, "nothing changed\n0 configuration(s) newly failing\n");
	free(buf);
	fp = open_memstream(&buf, &len);
	CHECK(results_diff(fp, &b, &b, DIFF_MARKDOWN) == 0);
	fclose(fp);
	CHECK(strstr(buf, "Nothing changed") && !strstr(buf, "Legend"));
	free(buf);
	results_release(&a);
	results_release(&b);
}
