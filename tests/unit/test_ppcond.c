/* SPDX-License-Identifier: MIT */
/* ppcond: which lines the preprocessor skips, as far as the file and its
 * flags decide it, and what the configuration decides per job. */
#include <stdlib.h>

#include "dialect/ppcond.h"
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

/* The file's function-like macros, with ## pasting and arguments that are
 * macros of the command line, decide a condition as the preprocessor
 * does; so does __cplusplus under -x c++, by -std= or the compiler's
 * default. */
static const char fsrc[] =
	"#define KIND_wide 1\n"                           /* 1 */
	"#define KIND2(T) KIND_##T\n"                     /* 2 */
	"#define KIND(T) KIND2(T)\n"                      /* 3 */
	"#define PICK(a, ...) a\n"                        /* 4 */
	"#if KIND(WIDTH) && PICK(1, 0, 0)\n"              /* 5 */
	"wide\n"                                          /* 6 */
	"#endif\n"                                        /* 7 */
	"#if __cplusplus >= 201703L\n"                    /* 8 */
	"cxx17\n"                                         /* 9 */
	"#elif defined(__cplusplus)\n"                    /* 10 */
	"older cxx\n"                                     /* 11 */
	"#elif __STDC_VERSION__ >= 201112L\n"             /* 12 */
	"c11\n"                                           /* 13 */
	"#endif\n"                                        /* 14 */
	"#if KIND(\n"                                     /* 15 */
	"unread\n"                                        /* 16 */
	"#endif\n";                                       /* 17 */

static struct ppscan
fscan(const char *f1, const char *f2)
{
	struct strvec flags = {0};
	struct ppscan s;

	strvec_push(&flags, f1);
	if (f2)
		strvec_push(&flags, f2);
	ppscan(fsrc, sizeof(fsrc) - 1, 17, &flags, &s);
	strvec_release(&flags);
	return s;
}

TEST(ppcond_function_macros_and_cxx)
{
	struct sel_env clang15 = { .family = FAMILY_CLANG, .version = { 15, 0, 0 }, .triple = "x86_64-linux-gnu" };
	struct sel_env clang16 = { .family = FAMILY_CLANG, .version = { 16, 0, 0 }, .triple = "x86_64-linux-gnu" };
	struct ppscan s = fscan("-DWIDTH=wide", NULL);

	CHECK(s.lines[6].state == PP_ACTIVE);
	/* C: __cplusplus is not defined, __STDC_VERSION__ is the default's */
	CHECK(s.lines[9].state == PP_SKIPPED && s.lines[11].state == PP_SKIPPED);
	CHECK(s.lines[13].state == PP_COND && ppcond_holds(s.conds[s.lines[13].region], &clang15));
	CHECK(s.lines[16].state == PP_UNDECIDED);
	ppscan_release(&s);
	s = fscan("-DWIDTH=narrow", NULL);
	CHECK(s.lines[6].state == PP_SKIPPED);
	ppscan_release(&s);
	/* C++ by the compiler's default: C++14 up to Clang 15, C++17 from 16 */
	s = fscan("-DWIDTH=wide", "-xc++");
	CHECK(s.lines[9].state == PP_COND && s.lines[11].state == PP_COND && s.lines[13].state == PP_COND);
	CHECK(!ppcond_holds(s.conds[s.lines[9].region], &clang15) && ppcond_holds(s.conds[s.lines[11].region], &clang15));
	CHECK(ppcond_holds(s.conds[s.lines[9].region], &clang16) && !ppcond_holds(s.conds[s.lines[11].region], &clang16));
	CHECK(!ppcond_holds(s.conds[s.lines[13].region], &clang16));
	ppscan_release(&s);
	s = fscan("-xc++", "-std=c++98");
	CHECK(s.lines[9].state == PP_COND && !ppcond_holds(s.conds[s.lines[9].region], &clang16));
	CHECK(ppcond_holds(s.conds[s.lines[11].region], &clang16));
	ppscan_release(&s);
}

/* A 64-bit Windows target is LLP64 (x86_64-pc-win32 as much as
 * -windows-msvc), and the names without underscores (i386, linux) are
 * defined only in GNU modes. */
TEST(ppcond_target_names)
{
	static const char text[] =
		"#ifdef _LP64\n"                                  /* 1 */
		"lp64\n"                                          /* 2 */
		"#elif __SIZEOF_POINTER__ == 8 && __SIZEOF_LONG__ == 4\n" /* 3 */
		"llp64\n"                                         /* 4 */
		"#endif\n"                                        /* 5 */
		"#if defined(i386) && linux\n"                    /* 6 */
		"gnu names\n"                                     /* 7 */
		"#endif\n";                                       /* 8 */
	struct sel_env win = { .family = FAMILY_CLANG, .version = { 22, 1, 0 }, .triple = "x86_64-pc-win32" };
	struct sel_env lin = { .family = FAMILY_CLANG, .version = { 22, 1, 0 }, .triple = "x86_64-linux-gnu" };
	struct sel_env i386 = { .family = FAMILY_CLANG, .version = { 22, 1, 0 }, .triple = "i386-unknown-linux-gnu" };
	struct strvec flags = {0};
	struct ppscan s;

	ppscan(text, sizeof(text) - 1, 8, &flags, &s);
	CHECK(!ppcond_holds(s.conds[s.lines[2].region], &win) && ppcond_holds(s.conds[s.lines[4].region], &win));
	CHECK(ppcond_holds(s.conds[s.lines[2].region], &lin) && !ppcond_holds(s.conds[s.lines[4].region], &lin));
	CHECK(ppcond_holds(s.conds[s.lines[7].region], &i386) && !ppcond_holds(s.conds[s.lines[7].region], &lin));
	ppscan_release(&s);
	strvec_push(&flags, "-std=c11");
	ppscan(text, sizeof(text) - 1, 8, &flags, &s);
	CHECK(!ppcond_holds(s.conds[s.lines[7].region], &i386));
	ppscan_release(&s);
	strvec_release(&flags);
}

/* Macros that double at every level (object-like, and a function-like
 * one that uses its argument twice) leave the lines undecided at once,
 * without expanding 2^40 tokens. */
TEST(ppcond_expansion_bounded)
{
	struct strbuf sb = {0};
	struct strvec flags = {0};
	struct ppscan s;

	sb_addstr(&sb, "#define A0 1\n#define TWICE(x) x + x\n");
	for (int i = 1; i <= 40; i++)
		sb_addf(&sb, "#define A%d A%d + A%d\n", i, i - 1, i - 1);
	sb_addstr(&sb, "#if A40\nx\n#endif\n#if TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE("
	               "TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(TWICE(1)))))))))))))))))))))))\n"
	               "y\n#endif\n#if A3 == 8\nz\n#endif\n");
	ppscan(sb.buf, sb.len, 51, &flags, &s);
	CHECK(s.lines[44].state == PP_UNDECIDED);
	CHECK(s.lines[47].state == PP_UNDECIDED);
	CHECK(s.lines[50].state == PP_ACTIVE);
	ppscan_release(&s);
	sb_release(&sb);
}

/* #elifdef is C23's: Clang before 13 and GCC before 12 do not know it, and
 * in a skipped group they skip it and what follows it. */
TEST(ppcond_elifdef_by_version)
{
	static const char text[] =
		"#ifdef __x86_64__\n"                             /* 1 */
		"x86\n"                                           /* 2 */
		"#elifdef __aarch64__\n"                          /* 3 */
		"arm64\n"                                         /* 4 */
		"#endif\n";                                       /* 5 */
	struct sel_env clang11 = { .family = FAMILY_CLANG, .version = { 11, 1, 0 }, .triple = "aarch64-linux-gnu" };
	struct sel_env clang13 = { .family = FAMILY_CLANG, .version = { 13, 0, 1 }, .triple = "aarch64-linux-gnu" };
	struct sel_env gcc11 = { .family = FAMILY_GCC, .version = { 11, 3, 0 }, .triple = "aarch64-linux-gnu" };
	struct sel_env gcc12 = { .family = FAMILY_GCC, .version = { 12, 2, 0 }, .triple = "aarch64-linux-gnu" };
	struct strvec flags = {0};
	struct ppscan s;

	ppscan(text, sizeof(text) - 1, 5, &flags, &s);
	CHECK(s.lines[4].state == PP_COND);
	CHECK(!ppcond_holds(s.conds[s.lines[4].region], &clang11) && ppcond_holds(s.conds[s.lines[4].region], &clang13));
	CHECK(!ppcond_holds(s.conds[s.lines[4].region], &gcc11) && ppcond_holds(s.conds[s.lines[4].region], &gcc12));
	ppscan_release(&s);
}

/* __has_feature of C11's features is a condition on the language
 * standard (__c_atomic__ spelled with underscores too), of a builtin's
 * name 0, of anything else undecided, however long the name. */
TEST(ppcond_has_feature)
{
	struct strbuf sb = {0};
	struct strvec flags = {0};
	struct sel_env clang = { .family = FAMILY_CLANG, .version = { 22, 1, 0 }, .triple = "x86_64-linux-gnu" };
	struct ppscan s;

	sb_addstr(&sb, "#if __has_feature(__c_atomic__)\na\n#endif\n"         /* 1-3 */
	               "#if __has_feature(__builtin_add_overflow)\nb\n#endif\n" /* 4-6 */
	               "#if __has_feature(");                                   /* 7 */
	for (int i = 0; i < 100000; i++)
		sb_addc(&sb, '_');
	sb_addstr(&sb, ")\nc\n#endif\n");                                       /* 8-9 */
	strvec_push(&flags, "-std=c99");
	ppscan(sb.buf, sb.len, 9, &flags, &s);
	CHECK(s.lines[2].state == PP_COND && !ppcond_holds(s.conds[s.lines[2].region], &clang));
	CHECK(s.lines[5].state == PP_SKIPPED);
	CHECK(s.lines[8].state == PP_UNDECIDED);
	ppscan_release(&s);
	strvec_release(&flags);
	strvec_push(&flags, "-std=c11");
	ppscan(sb.buf, sb.len, 9, &flags, &s);
	CHECK(s.lines[2].state == PP_COND && ppcond_holds(s.conds[s.lines[2].region], &clang));
	ppscan_release(&s);
	strvec_release(&flags);
	sb_release(&sb);
}
