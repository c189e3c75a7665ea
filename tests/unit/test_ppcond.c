/* SPDX-License-Identifier: MIT */
/* ppcond: which lines the preprocessor skips, as far as the file and its
 * flags decide it, and what the configuration decides per job. */
#include <stdlib.h>

#include "ppcond.h"
#include "t.h"

static const char src[] =
	"#if 0\n"                               /* 1 */
	"skipped\n"                             /* 2 */
	"#endif\n"                              /* 3 */
	"#ifdef WITH\n"                         /* 4 */
	"with\n"                                /* 5 */
	"#else\n"                               /* 6 */
	"without\n"                             /* 7 */
	"#endif\n"                              /* 8 */
	"#if defined(__x86_64__) || __clang_major__ >= 16\n" /* 9 */
	"x86 or new clang\n"                    /* 10 */
	"#elif defined __csky__\n"              /* 11 */
	"csky\n"                                /* 12 */
	"#endif\n"                              /* 13 */
	"#if __has_feature(x)\n"                /* 14 */
	"undecided\n"                           /* 15 */
	"#endif\n"                              /* 16 */
	"/* #if 0 in a comment is no directive */\n" /* 17 */
	"#define LOCAL 2\n"                     /* 18 */
	"#if LOCAL > 1 && !defined(__cplusplus) && __STDC_VERSION__ >= 201112L\n" /* 19 */
	"local\n"                               /* 20 */
	"#endif\n"                              /* 21 */
	"#ifdef _AIX\n"                         /* 22 */
	"aix\n"                                 /* 23 */
	"#endif\n";                             /* 24 */

TEST(ppcond_lines)
{
	struct strvec flags = {0};
	struct ppscan s;
	struct sel_env gcc_arm = { .family = FAMILY_GCC, .version = { 12, 2, 0 }, .triple = "aarch64-linux-gnu" };
	struct sel_env clang_arm = { .family = FAMILY_CLANG, .version = { 17, 0, 0 }, .triple = "aarch64-linux-gnu" };
	struct sel_env gcc_x86 = { .family = FAMILY_GCC, .version = { 12, 2, 0 }, .triple = "x86_64-linux-gnu" };
	char *text;

	strvec_push(&flags, "-DWITH");
	strvec_push(&flags, "-std=c99");
	ppscan(src, sizeof(src) - 1, 24, &flags, &s);
	CHECK(s.lines[2].state == PP_SKIPPED);
	CHECK(s.lines[5].state == PP_ACTIVE);
	CHECK(s.lines[7].state == PP_SKIPPED);
	CHECK(s.lines[10].state == PP_COND && s.lines[12].state == PP_COND);
	CHECK(!ppcond_holds(s.conds[s.lines[10].region], &gcc_arm));
	CHECK(ppcond_holds(s.conds[s.lines[10].region], &clang_arm));
	CHECK(ppcond_holds(s.conds[s.lines[10].region], &gcc_x86));
	CHECK(!ppcond_holds(s.conds[s.lines[12].region], &gcc_arm));    /* arm64 does not define __csky__ */
	/* a -verify RUN line's own target does (verify.c) */
	CHECK(ppcond_holds(s.conds[s.lines[12].region],
	                   &(struct sel_env){ .family = FAMILY_CLANG, .version = { 14, 0, 0 }, .triple = "csky-unknown-linux" }));
	text = ppcond_text(s.conds[s.lines[12].region]);
	CHECK_STR(text, "!(defined __x86_64__ || __clang_major__ >= 16) && (defined __csky__)");
	free(text);
	CHECK(s.lines[15].state == PP_UNDECIDED);
	CHECK_STR(s.why[s.lines[15].region], "#if __has_feature(x)");
	CHECK(s.lines[17].state == PP_ACTIVE);
	/* -std=c99: __STDC_VERSION__ is 199901L whatever the compiler */
	CHECK(s.lines[20].state == PP_COND && !ppcond_holds(s.conds[s.lines[20].region], &gcc_x86));
	CHECK(s.lines[23].state == PP_COND && !ppcond_holds(s.conds[s.lines[23].region], &gcc_x86) &&
	      ppcond_holds(s.conds[s.lines[23].region],
	                   &(struct sel_env){ .family = FAMILY_CLANG, .version = { 17, 0, 0 }, .triple = "powerpc64-ibm-aix-xcoff" }));
	ppscan_release(&s);
	strvec_release(&flags);
}

/* #if arithmetic that overflows, divides LLONG_MIN by -1, shifts bits out
 * or nests without end leaves its lines undecided (n/a), never a crash */
TEST(ppcond_hostile)
{
	struct strbuf sb = {0};
	struct strvec flags = {0};
	struct ppscan s;
	static const char *const conds[] = {
		"(-9223372036854775807 - 1) / -1", "(-9223372036854775807 - 1) % -1", "9223372036854775807 * 2",
		"9223372036854775807 + 1", "-(-9223372036854775807 - 1)", "1 << 63", "3 << 62", "-1 << 2", "1 >> 64",
		"99999999999999999999",
	};
	size_t n = sizeof(conds) / sizeof(conds[0]);

	for (size_t i = 0; i < n; i++)
		sb_addf(&sb, "#if %s\nx\n#endif\n", conds[i]);
	sb_addstr(&sb, "#if ");
	for (int i = 0; i < 10000; i++)
		sb_addc(&sb, '(');
	sb_addc(&sb, '1');
	for (int i = 0; i < 10000; i++)
		sb_addc(&sb, ')');
	sb_addstr(&sb, "\nx\n#endif\n#if ");
	for (int i = 0; i < 10000; i++)
		sb_addc(&sb, '!');
	sb_addstr(&sb, "0\nx\n#endif\n#if 1 ? 2 : 3\nx\n#endif\n#if 6 / 3 == 2 && -5 % 3 == -2 && (1 << 62) > 0\nx\n#endif\n");
	ppscan(sb.buf, sb.len, (int)(n + 4) * 3, &flags, &s);
	for (size_t i = 0; i < n + 2; i++)
		CHECK(s.lines[3 * i + 2].state == PP_UNDECIDED);
	CHECK(s.lines[3 * (n + 2) + 2].state == PP_ACTIVE);
	CHECK(s.lines[3 * (n + 3) + 2].state == PP_ACTIVE);
	ppscan_release(&s);
	sb_release(&sb);
}
