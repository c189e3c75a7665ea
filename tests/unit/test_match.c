/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "dialect/load.h"
#include "model/diag.h"
#include "dialect/match.h"
#include "t.h"

static const char *const arches[] = { "x86-64", "arm64" };
static const char *const profiles[] = { "default", "O0" };
static const struct sel_vocab vocab = { arches, 2, profiles, 2 };

static const char case_text[] =
	"void blah(unsigned char herp[static 7]);\n"                                     /* 1 */
	"void f(void) {\n"                                                               /* 2 */
	"  blah(good); /* expect-clean */\n"                                             /* 3 */
	"  blah(bad); /* expect-warning {gcc} \"accessing 7 bytes\" [-Wstringop-overflow]\n" /* 4 */
	"                expect-warning {clang} \"too small\" [-Warray-bounds] */\n"     /* 5 */
	"  x(); /* known-fp {gcc} \"region of size 0\" [ref: PR 1] */\n"                 /* 6 */
	"}\n";                                                                           /* 7 */

struct fixture {
	struct casefile cf;
	struct diaglist dl;
	enum outcome out[8];
	char *reason;
};

static enum verdict
run(struct fixture *fx, enum family fam, const char *output, const struct exit_info *ei)
{
	struct errlist errs = {0};
	struct sel_env env = { fam, { 12, 2, 0 }, "x86-64", "default", "x86_64-linux-gnu", NULL };
	static const struct exit_info ok = {0};

	memset(fx, 0, sizeof(*fx));
	if (case_parse(&fx->cf, "c.c", "c.c", case_text, sizeof(case_text) - 1, dialect_find("native"),
	               &(struct read_ctx){ .vocab = &vocab }, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return (enum verdict)-1;
	}
	diag_parse(&fx->dl, output, strlen(output));
	return match_job(&fx->cf, &env, output, strlen(output), &fx->dl, ei ? ei : &ok, fx->out, &fx->reason);
}

static void
done(struct fixture *fx)
{
	case_release(&fx->cf);
	diaglist_release(&fx->dl);
	free(fx->reason);
}

TEST(match_pass)
{
	struct fixture fx;

	CHECK(run(&fx, FAMILY_GCC,
	          "c.c:4:3: warning: 'blah' accessing 7 bytes in a region of size 6 [-Wstringop-overflow=]\n"
	          "c.c:4:3: note: referencing argument 1\n"
	          "c.c:6:3: warning: 'x' writing 1 byte into a region of size 0 [-Wstringop-overflow=]\n", NULL) == V_PASS);
	CHECK(fx.reason == NULL);
	CHECK(fx.out[0] == OUT_CLEAN && fx.out[1] == OUT_HELD && fx.out[2] == OUT_NA && fx.out[3] == OUT_FP);
	CHECK(fx.dl.v[0].status == ST_EXPECTED && fx.dl.v[1].status == ST_NOTE && fx.dl.v[2].status == ST_KNOWN_FP);
	done(&fx);
}

TEST(match_fail)
{
	struct fixture fx;

	/* missing expectation, fp gone, unexpected warning on an expect-clean line,
	 * a matching message with the wrong option */
	CHECK(run(&fx, FAMILY_GCC,
	          "c.c:3:3: warning: something [-Wunused]\n"
	          "c.c:4:3: warning: 'blah' accessing 7 bytes in a region of size 6 [-Warray-bounds]\n", NULL) == V_FAIL);
	CHECK(fx.out[0] == OUT_DIRTY && fx.out[1] == OUT_MISSING && fx.out[3] == OUT_FP_GONE);
	CHECK(fx.dl.v[0].status == ST_UNEXPECTED && fx.dl.v[1].status == ST_UNEXPECTED);
	CHECK(fx.reason && strstr(fx.reason, "missing line 4: expect-warning") && strstr(fx.reason, "unexpected line 3"));
	done(&fx);
	/* a clang error promoted from -Warray-bounds still matches [-Warray-bounds],
	 * but expect-warning wants a warning */
	CHECK(run(&fx, FAMILY_CLANG, "c.c:4:3: error: array argument is too small [-Werror,-Warray-bounds]\n", NULL) == V_FAIL);
	CHECK(fx.out[2] == OUT_MISSING);
	done(&fx);
	/* a diagnostic in a header is not on the case's line 4 */
	CHECK(run(&fx, FAMILY_CLANG, "h.h:4:3: warning: array argument is too small [-Warray-bounds]\n", NULL) == V_FAIL);
	CHECK(fx.out[2] == OUT_MISSING);
	done(&fx);
}

TEST(match_errors)
{
	struct fixture fx;
	struct exit_info ei = {0};

	ei.timed_out = 1;
	ei.timeout = 3;
	CHECK(run(&fx, FAMILY_GCC, "", &ei) == V_ERROR && strstr(fx.reason, "timed out after 3 s"));
	done(&fx);
	ei.timed_out = 0;
	ei.signal = 11;
	CHECK(run(&fx, FAMILY_GCC, "", &ei) == V_ERROR && strstr(fx.reason, "signal 11"));
	done(&fx);
	ei.signal = 0;
	ei.exit_code = 4;
	CHECK(run(&fx, FAMILY_GCC, "c.c:1:1: internal compiler error: in foo, at bar.c:1\n", &ei) == V_ERROR);
	CHECK(strstr(fx.reason, "internal compiler error: in foo"));
	done(&fx);
	ei.exit_code = 1;
	CHECK(run(&fx, FAMILY_GCC, "", &ei) == V_ERROR && strstr(fx.reason, "exited with status 1"));
	done(&fx);
	ei.exit_code = 0;
	ei.spawn_errno = 2;
	CHECK(run(&fx, FAMILY_GCC, "", &ei) == V_ERROR && strstr(fx.reason, "cannot run"));
	done(&fx);
}

/* text as the DejaGnu file c.c; 0, or -1 after printing why not */
static int
parse_dejagnu(struct casefile *cf, const char *text, size_t len)
{
	struct errlist errs = {0};

	if (case_parse(cf, "c.c", "c.c", text, len, dialect_find("dejagnu"), &(struct read_ctx){ .vocab = &vocab },
	               &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return -1;
	}
	return 0;
}

/* DejaGnu: which directive took which diagnostic (the results' FITS), so
 * that a report can name the dg-bogus that fired. */
TEST(match_dejagnu_fits)
{
	static const char dg_text[] =
		"/* { dg-do compile } */\n"                                          /* 1 */
		"void f(void) {\n"                                                   /* 2 */
		"  g(); /* { dg-bogus \"region of size 0\" \"PR 1\" } */\n"          /* 3 */
		"  h(); /* { dg-warning \"overflow\" } */\n"                         /* 4 */
		"  i(); /* { dg-bogus \"never\" } */\n"                              /* 5 */
		"}\n";
	static const char output[] =
		"c.c:3:3: warning: writing 1 byte into a region of size 0 [-Wstringop-overflow=]\n"
		"c.c:4:3: warning: buffer overflow [-Wstringop-overflow=]\n";
	struct casefile cf;
	struct diaglist dl = {0};
	struct sel_env env = { FAMILY_GCC, { 12, 2, 0 }, "x86-64", "default", "x86_64-linux-gnu", NULL };
	static const struct exit_info ok = {0};
	enum outcome out[8];
	char *reason = NULL;
	long bogus = -1, warn = -1, never = -1;

	if (parse_dejagnu(&cf, dg_text, sizeof(dg_text) - 1) < 0) {
		CHECK(!"parse");
		return;
	}
	for (size_t i = 0; i < cf.ndirs; i++) {
		if (cf.dirs[i].kind == D_BOGUS && cf.dirs[i].line == 3)
			bogus = (long)i;
		if (cf.dirs[i].kind == D_BOGUS && cf.dirs[i].line == 5)
			never = (long)i;
		if (cf.dirs[i].kind == D_WARNING)
			warn = (long)i;
	}
	CHECK(bogus >= 0 && warn >= 0 && never >= 0 && cf.ndirs <= 8);
	diag_parse(&dl, output, strlen(output));
	CHECK(match_job(&cf, &env, output, strlen(output), &dl, &ok, out, &reason) == V_FAIL);
	CHECK(out[bogus] == OUT_DIRTY && out[warn] == OUT_HELD && out[never] == OUT_CLEAN);
	CHECK(dl.n == 2 && dl.v[0].nfits == 1 && dl.v[0].fits[0] == (size_t)bogus && dl.v[0].status == ST_UNEXPECTED);
	CHECK(dl.v[1].nfits == 1 && dl.v[1].fits[0] == (size_t)warn && dl.v[1].status == ST_EXPECTED);
	free(reason);
	diaglist_release(&dl);
	case_release(&cf);
}

/* DejaGnu's message expressions are tried only at lines that hold
 * ":LINE:" (and the prunes only at lines that hold their text): the
 * verdict must be what a search from every position gives. Here ":5:" and
 * ":6:" occur only as columns, a match begins at the output's first byte,
 * one match takes two lines, and a prune sits between. */
TEST(dejagnu_candidate_lines)
{
	static const char dg_text[] =
		"/* { dg-do compile } */\n"                                          /* 1 */
		"void f(void) {\n"                                                   /* 2 */
		"  g(); /* { dg-warning \"region of size 0\" } */\n"                 /* 3 */
		"  h(); /* { dg-warning \"overflow\" } */\n"                         /* 4 */
		"  i(); /* { dg-bogus \"never\" } */\n"                              /* 5 */
		"  j(); /* { dg-warning \"lost\" } */\n"                             /* 6 */
		"}\n";
	static const char output[] =
		"c.c:3:3: warning: writing 1 byte into a region of size 0 [-Wstringop-overflow=]\n"
		"c.c: In function 'f':\n"
		"c.c:4:3: warning: buffer overflow [-Wstringop-overflow=]\n"
		"c.c:4:3: warning: buffer overflow [-Wstringop-overflow=]\n"
		"c.c:2:5: note: never declared here\n"
		"c.c:2:6: warning: lost [-Wlost]\n";
	struct casefile cf;
	struct diaglist dl = {0};
	struct sel_env env = { FAMILY_GCC, { 12, 2, 0 }, "x86-64", "default", "x86_64-linux-gnu", NULL };
	static const struct exit_info ok = {0};
	enum outcome out[8];
	char *reason = NULL;
	long at[8] = {0};

	if (parse_dejagnu(&cf, dg_text, sizeof(dg_text) - 1) < 0) {
		CHECK(!"parse");
		return;
	}
	CHECK(cf.ndirs <= 8);
	for (size_t i = 0; i < cf.ndirs && i < 8; i++)
		if (cf.dirs[i].line >= 3 && cf.dirs[i].line <= 6)
			at[cf.dirs[i].line] = (long)i + 1;
	CHECK(at[3] && at[4] && at[5] && at[6]);
	diag_parse(&dl, output, strlen(output));
	CHECK(match_job(&cf, &env, output, strlen(output), &dl, &ok, out, &reason) == V_FAIL);
	CHECK(out[at[3] - 1] == OUT_HELD && out[at[4] - 1] == OUT_HELD);
	CHECK(out[at[5] - 1] == OUT_CLEAN && out[at[6] - 1] == OUT_MISSING);
	/* the one line no directive took, and nothing else */
	CHECK(reason && strstr(reason, "excess errors") && strstr(reason, "c.c:2:6: warning: lost"));
	CHECK(reason && !strstr(reason, "overflow") && !strstr(reason, "region"));
	free(reason);
	diaglist_release(&dl);
	case_release(&cf);
}

/* A dg-bogus names the bug report it is about (the atlas links it): its
 * comment's, else the nearest one named at or above it, else none. */
TEST(dejagnu_bogus_report)
{
	static const char dg_text[] =
		"/* PR middle-end/98266 - bogus -Wstringop-overflow\n"                  /* 1 */
		"   { dg-do compile } */\n"                                            /* 2 */
		"void f(void) {\n"                                                     /* 3 */
		"  g(); /* { dg-bogus \"size 0\" \"pr99102\" } */\n"                   /* 4 */
		"  h(); /* { dg-bogus \"size 0\" } */\n"                               /* 5 */
		"  /* PR tree-optimization/100001: APR 123 and SPR 42 are not */\n"    /* 6 */
		"  i(); /* { dg-bogus \"size 0\" \"bogus\" } */\n"                     /* 7 */
		"}\n";
	static const char plain[] = "void f(void) {\n  g(); /* { dg-bogus \"x\" \"APR 1234\" } */\n}\n";
	static const char *const want[] = { "PR 99102", "PR 98266", "PR 100001" };
	struct casefile cf;
	struct errlist errs = {0};
	size_t k = 0;

	CHECK(case_parse(&cf, "c.c", "c.c", dg_text, sizeof(dg_text) - 1, dialect_find("dejagnu"),
	                 &(struct read_ctx){ .vocab = &vocab }, &errs) == 0);
	for (size_t i = 0; i < cf.ndirs; i++)
		if (cf.dirs[i].kind == D_BOGUS && k < 3) {
			CHECK(cf.dirs[i].ref != NULL);
			if (cf.dirs[i].ref)
				CHECK_STR(cf.dirs[i].ref, want[k]);
			k++;
		}
	CHECK(k == 3);
	case_release(&cf);
	CHECK(case_parse(&cf, "c.c", "c.c", plain, sizeof(plain) - 1, dialect_find("dejagnu"),
	                 &(struct read_ctx){ .vocab = &vocab }, &errs) == 0);
	CHECK(cf.ndirs == 1);
	if (cf.ndirs == 1 && cf.dirs[0].ref)
		CHECK_STR(cf.dirs[0].ref, "(none)");
	case_release(&cf);
	/* a reproducer named after its report */
	CHECK(case_parse(&cf, "pr4242.c", "gcc.dg/pr4242.c", plain, sizeof(plain) - 1, dialect_find("dejagnu"),
	                 &(struct read_ctx){ .vocab = &vocab }, &errs) == 0);
	CHECK(cf.ndirs == 1 && cf.dirs[0].ref);
	if (cf.ndirs == 1 && cf.dirs[0].ref)
		CHECK_STR(cf.dirs[0].ref, "PR 4242");
	case_release(&cf);
	errlist_release(&errs);
}
