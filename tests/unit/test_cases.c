/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "dialect/load.h"
#include "t.h"

static const char *const arches[] = { "x86-64", "arm64" };
static const char *const profiles[] = { "default", "O0", "kernel" };
static const struct sel_vocab vocab = { arches, 2, profiles, 3 };

static int
parse(struct casefile *cf, const char *text, struct errlist *errs)
{
	struct read_ctx ctx = { .vocab = &vocab };

	return case_parse(cf, "cases/x.c", "x.c", text, strlen(text), dialect_find("native"), &ctx, errs);
}

TEST(case_directives)
{
	struct casefile cf;
	struct errlist errs = {0};
	const char *text =
		"/* case-title: [static N] too small\n"            /* 1 */
		" * case-flags: -O2 -Wall '-DX=a b'\n"             /* 2 */
		" * case-std: gnu11\n"                             /* 3 */
		" * case-ref: C99 6.7.5.3p7\n"                     /* 4 */
		" * case-ref: https://gcc.gnu.org/PR108986\n"      /* 5 */
		" * case-requires {gcc>=11, arch!=arm64}\n"        /* 6 */
		" * Prose: expect nothing of this line.\n"         /* 7 */
		" */\n"                                            /* 8 */
		"const char *s = \"/* expect-warning \\\" */\";\n" /* 9: not a comment */
		"char c = '\"'; // mark: here\n"                   /* 10 */
		"void f(int a[static 7]); /* expect-warning {gcc} \"accessing \\\"7\\\" bytes\" [-Wstringop-overflow=]\n" /* 11 */
		"   expect-warning {clang} \"too small\" [-Werror,-Warray-bounds] */\n"   /* 12 */
		"// expect-note@+1 \"declared here\"\n"             /* 13 */
		"int x;\n"                                         /* 14 */
		"/* known-fp@here {gcc==12, profile=O0} \"region of size 0\" [-Wstringop-overflow] [ref: PR 113214] */\n" /* 15 */
		"/* expect-clean@-1 */ /* expect-diag@* \"anything\" */ /* expect-error@3 \"x\" [-Werror=foo] */\n" /* 16 */
		"/* expect-no-diagnostics {clang} */\n"            /* 17 */
		"int y = 1'000; /* expect-clean */\n";             /* 18 */

	CHECK(parse(&cf, text, &errs) == 0);
	errlist_print(&errs, stderr);
	if (errs.n) {
		errlist_release(&errs);
		return;
	}
	CHECK_STR(cf.title, "[static N] too small");
	CHECK(cf.flags.n == 3 && !strcmp(cf.flags.v[2], "-DX=a b"));
	CHECK_STR(cf.std, "gnu11");
	CHECK(cf.refs.n == 2 && !strcmp(cf.refs.v[1], "https://gcc.gnu.org/PR108986"));
	CHECK(cf.requires && !strcmp(cf.requires_text, "gcc>=11, arch!=arm64"));
	CHECK(cf.nlines == 18);
	CHECK(cf.ndirs == 9);
	if (cf.ndirs != 9)
		goto out;
	CHECK(cf.dirs[0].kind == D_WARNING && cf.dirs[0].line == 11);
	CHECK_STR(cf.dirs[0].regex, "accessing \"7\" bytes");
	CHECK_STR(cf.dirs[0].flag, "-Wstringop-overflow");
	CHECK(cf.dirs[1].line == 11 && cf.dirs[1].src_line == 12);   /* same comment: same line */
	CHECK_STR(cf.dirs[1].flag, "-Warray-bounds");
	CHECK(cf.dirs[2].kind == D_NOTE && cf.dirs[2].line == 14);
	CHECK(cf.dirs[3].kind == D_KNOWN_FP && cf.dirs[3].line == 10);
	CHECK_STR(cf.dirs[3].ref, "PR 113214");
	CHECK(cf.dirs[4].kind == D_CLEAN && cf.dirs[4].line == 15);
	CHECK(cf.dirs[5].kind == D_DIAG && cf.dirs[5].line == LINE_ANY);
	CHECK(cf.dirs[6].kind == D_ERROR && cf.dirs[6].line == 3);
	CHECK_STR(cf.dirs[6].flag, "-Wfoo");
	CHECK(cf.dirs[7].kind == D_NO_DIAGNOSTICS && cf.dirs[7].sel);
	CHECK(cf.dirs[8].kind == D_CLEAN && cf.dirs[8].line == 18);
	CHECK(directive_matches(&cf.dirs[0], "'f' accessing \"7\" bytes in a region", 33));
	CHECK(!directive_matches(&cf.dirs[0], "accessing 7 bytes", 17));
out:
	case_release(&cf);
}

static void
bad(const char *text, const char *want)
{
	struct casefile cf;
	struct errlist errs = {0};
	char got[512] = "";

	if (parse(&cf, text, &errs) == 0) {
		case_release(&cf);
		printf("    accepted: %s\n", text);
		CHECK(!"bad case accepted");
		return;
	}
	if (errs.n)
		snprintf(got, sizeof(got), "%s:%d:%d: %s", errs.v[0].file, errs.v[0].line, errs.v[0].col, errs.v[0].msg);
	if (!strstr(got, want)) {
		printf("    want '%s'\n     got '%s'\n", want, got);
		CHECK(!"wrong error");
	}
	errlist_release(&errs);
}

TEST(case_errors)
{
	bad("int x; /* expect-warnign \"x\" */\n", "cases/x.c:1:11: unknown directive 'expect-warnign'");
	bad("/* case-titel: x */\n", "1:4: unknown directive 'case-titel'");
	bad("/* known-positive \"x\" */\n", "1:4: unknown directive 'known-positive'");
	bad("/* markdown is prose? no: a directive */\n", "1:4: unknown directive 'markdown'");
	bad("int x; /* expect-warning {msvc} \"x\" */\n", "1:27: bad selector: unknown selector term 'msvc'");
	bad("int x; /* expect-warning {arch=sparc} \"x\" */\n", "1:32: bad selector: unknown architecture 'sparc'");
	bad("int x; /* expect-warning {profile=fast} \"x\" */\n", "1:35: bad selector: unknown profile 'fast'");
	bad("int x; /* expect-warning {gcc \"x\" */\n", "1:26: unterminated selector");
	bad("int x; /* expect-warning \"x */\n", "1:26: unterminated pattern");
	bad("int x; /* expect-warning \"(x\" */\n", "1:29: invalid pattern: missing closing parenthesis");
	bad("int x; /* expect-warning */\n", "1:26: expected a quoted pattern");
	bad("int x; /* expect-warning \"x\" [Wfoo] */\n", "1:30: expected an option");
	bad("int x; /* expect-warning \"x\" [-Wfoo */\n", "1:30: unterminated option");
	bad("int x; /* expect-warning \"x\" trailing */\n", "1:30: unexpected text after 'expect-warning' directive");
	bad("int x; /* expect-note \"x\" [-Wfoo] */\n", "1:27: unexpected text");
	bad("int x; /* expect-clean \"x\" */\n", "1:24: unexpected text");
	bad("int x; /* expect-warning@ \"x\" */\n", "1:25: bad line reference");
	bad("int x; /* expect-warning@+5 \"x\" */\n", "1:25: line 6 is outside the file");
	bad("int x; /* expect-warning@nowhere \"x\" */\n", "1:11: unknown mark 'nowhere'");
	bad("/* mark: a */\n/* mark: a */\n", "2:10: mark 'a' already names line 1");
	bad("/* mark: 1a */\n", "1:10: expected a mark name");
	bad("/* case-std: c99 c11 */\n", "1:14: bad case-std");
	bad("/* case-std: c99\n   case-std: c11 */\n", "2:4: case-std given twice");
	bad("/* case-title x */\n", "1:15: expected ':' after 'case-title'");
	bad("/* case-requires gcc */\n", "1:18: expected {SELECTOR}");
	bad("/* case-flags: -DX='a */\n", "1:20: bad case-flags: unterminated single quote");
	bad("/* known-fp \"x\" [ref x] */\n", "1:17: expected [ref: TEXT]");
	bad("/* expect-no-diagnostics@3 */\n", "1:25: 'expect-no-diagnostics' takes no line");
	bad("/* case-ref: */\n", "1:13: empty case-ref");
}

TEST(case_defaults)
{
	struct casefile cf;
	struct errlist errs = {0};

	CHECK(case_parse(&cf, "cases/sub/y.c", "sub/y.c", "int x;\n", 7, dialect_find("native"), &(struct read_ctx){ .vocab = &vocab }, &errs) == 0);
	CHECK_STR(cf.title, "y.c");
	CHECK(cf.ndirs == 0 && cf.std == NULL && cf.requires == NULL);
	case_release(&cf);
}

/* Where comments are, and where they are not. */
TEST(case_lexing)
{
	struct casefile cf;
	struct errlist errs = {0};
	const char *text =
		"/** expect-warning \"doc comment\" */\n"                  /* 1 */
		"char *s = \"// expect-error not a comment\";\n"          /* 2 */
		"char c = '\\''; /* expect-note \"after a quote char\" */\n" /* 3 */
		"int n = 1'000'000; // expect-warning \"digit separators\"\n" /* 4 */
		"// a spliced // comment \\\n"                            /* 5 */
		"   expect-warning \"continued\"\n"                       /* 6: still the comment of line 5 */
		"/*\n"                                                    /* 7 */
		"   expect-warning \"no star\"\n"                         /* 8 */
		"  ** expect-warning \"two stars\"\n"                     /* 9 */
		"*/ int z; /* expect-clean */ // expect-diag \"two comments\"\n" /* 10 */
		"/* expect-warning \"unterminated comment at the end\"";  /* 11 */

	CHECK(case_parse(&cf, "l.c", "l.c", text, strlen(text), dialect_find("native"), &(struct read_ctx){ .vocab = &vocab }, &errs) == 0);
	errlist_print(&errs, stderr);
	CHECK(cf.ndirs == 9);
	if (cf.ndirs == 9) {
		CHECK(cf.dirs[0].line == 1 && cf.dirs[0].kind == D_WARNING);
		CHECK(cf.dirs[1].line == 3 && cf.dirs[1].kind == D_NOTE);
		CHECK(cf.dirs[2].line == 4);
		CHECK(cf.dirs[3].line == 5 && cf.dirs[3].src_line == 6);
		CHECK(cf.dirs[4].line == 7 && cf.dirs[4].src_line == 8);
		CHECK(cf.dirs[5].line == 7 && cf.dirs[5].src_line == 9);
		CHECK(cf.dirs[6].line == 10 && cf.dirs[6].kind == D_CLEAN);
		CHECK(cf.dirs[7].line == 10 && cf.dirs[7].kind == D_DIAG);
		CHECK(cf.dirs[8].line == 11);
	}
	errlist_release(&errs);
	case_release(&cf);   /* zeroed, and safe to release, when parsing failed */
}

/* A case with CRLF line ends reads as with LF: the CR is no part of the
 * last flag, title or pattern (issue 24: "-Wextra\r" failed a valid case). */
TEST(case_crlf)
{
	static const char text[] = "/* case-title: crlf\r\n * case-flags: -Wall -Wextra\r\n */\r\n"
	                           "int f(int);\t/* expect-warning {gcc} \"unused\" [-Wunused]\r\n"
	                           "\t\t   expect-clean {clang} */\r\n";
	struct casefile cf;
	struct errlist errs = {0};

	CHECK(parse(&cf, text, &errs) == 0);
	CHECK(errs.n == 0);
	CHECK(cf.flags.n == 2);
	if (cf.flags.n == 2)
		CHECK_STR(cf.flags.v[1], "-Wextra");
	CHECK_STR(cf.title, "crlf");
	CHECK(cf.ndirs == 2);
	case_release(&cf);
	errlist_release(&errs);
}
