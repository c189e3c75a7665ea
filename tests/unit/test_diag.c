/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "model/diag.h"
#include "t.h"
#include "lib/util.h"

static void
parse(struct diaglist *dl, const char *s)
{
	diag_parse(dl, s, strlen(s));
}

TEST(diag_lines)
{
	struct diaglist dl = {0};

	parse(&dl,
	      "x.c: In function 'schma':\n"
	      "x.c:8:9: warning: 'blah' accessing 7 bytes in a region of size 6 [-Wstringop-overflow=]\n"
	      "x.c:8:9: note: referencing argument 1 of type 'unsigned char[7]'\n"
	      "x.c:8:9: warning: 'blah' accessing 7 bytes in a region of size 6 [-Wstringop-overflow=]\n"
	      "In file included from x.c:1:\n"
	      "    inlined from 'f' at x.c:3:5:\n"
	      "dir/x.h:1:67: error: array subscript 3 is above array bounds of 'int[2]' [-Werror=array-bounds]\n"
	      "x.c:3:5: error: incompatible [-Werror,-Wint-conversion]\n"
	      "x.c:4:1: fatal error: no-such.h: No such file or directory\n"
	      "compilation terminated.\n"
	      "2 warnings and 3 errors generated.\n"
	      "clang-22: error: unknown argument: '-fno-diagnostics-show-caret'\n"
	      "cc1: warning: 'f' accessing 4 bytes in a region of size 3 [-Wstringop-overflow=]\n"
	      "cc1: all warnings being treated as errors\n"
	      "x.c:9: warning: no column\n"
	      "x.c:10:2: warning: subscript of 'a[3]' is odd\n"
	      "x.c:11:2: warning: \xe2\x80\x98" "f\xe2\x80\x99 uses \xe2\x80\x9c" "q\xe2\x80\x9d [-Wx]\n"
	      "x.c:12:3: error: argument value 1024 is outside the valid range [-1016, 1016]\n");
	CHECK(dl.n == 11);
	if (dl.n != 11)
		goto out;
	CHECK_STR(dl.v[0].file, "x.c");
	CHECK(dl.v[0].line == 8 && dl.v[0].col == 9 && dl.v[0].sev == SEV_WARNING && dl.v[0].count == 2);
	CHECK_STR(dl.v[0].option, "-Wstringop-overflow");
	CHECK_STR(dl.v[0].message, "'blah' accessing 7 bytes in a region of size 6");
	CHECK(dl.v[1].sev == SEV_NOTE && dl.v[1].option == NULL);
	CHECK_STR(dl.v[2].file, "dir/x.h");
	CHECK(dl.v[2].sev == SEV_ERROR);
	CHECK_STR(dl.v[2].option, "-Warray-bounds");
	CHECK_STR(dl.v[2].message, "array subscript 3 is above array bounds of 'int[2]'");
	CHECK_STR(dl.v[3].option, "-Wint-conversion");
	CHECK(dl.v[4].sev == SEV_FATAL && dl.v[4].line == 4);
	CHECK_STR(dl.v[4].message, "no-such.h: No such file or directory");
	CHECK(dl.v[5].file == NULL && dl.v[5].line == 0 && dl.v[5].sev == SEV_ERROR);
	CHECK_STR(dl.v[5].message, "unknown argument: '-fno-diagnostics-show-caret'");
	CHECK(dl.v[6].file == NULL && dl.v[6].sev == SEV_WARNING);
	CHECK_STR(dl.v[6].option, "-Wstringop-overflow");
	CHECK(dl.v[7].line == 9 && dl.v[7].col == 0);
	CHECK_STR(dl.v[8].message, "subscript of 'a[3]' is odd");
	CHECK(dl.v[8].option == NULL);
	CHECK_STR(dl.v[9].message, "'f' uses \"q\"");
	/* a range at the end of a message is no option */
	CHECK_STR(dl.v[10].message, "argument value 1024 is outside the valid range [-1016, 1016]");
	CHECK(dl.v[10].option == NULL);
	CHECK(!dl.ice);
out:
	diaglist_release(&dl);
}

TEST(diag_crashes)
{
	struct diaglist dl = {0};

	parse(&dl, "t.c:1:1: internal compiler error: in handle_argspec_attribute, at c-family/c-attribs.c:3618\n"
	           "0x7f00 __libc_start_main\nPlease submit a full bug report,\n");
	CHECK(dl.ice && dl.n == 1 && dl.v[0].sev == SEV_FATAL);
	CHECK(dl.ice_text && strstr(dl.ice_text, "handle_argspec_attribute"));
	diaglist_release(&dl);
	parse(&dl, "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace.\n"
	           "Stack dump:\n0.\tProgram arguments: clang\n"
	           "clang: error: clang frontend command failed with exit code 139 (use -v to see invocation)\n");
	CHECK(dl.ice);
	diaglist_release(&dl);
	parse(&dl, "x.c:1:1: error: \x01\x02\xff garbage\0more\n:::: warning: \n99999999999999:1: warning: big\n");
	CHECK(!dl.ice);
	diaglist_release(&dl);
}

TEST(option_normalise)
{
	const char *cases[][2] = {
		{ "-Wstringop-overflow=", "-Wstringop-overflow" },
		{ "-Wstringop-overflow=3", "-Wstringop-overflow" },
		{ "-Werror=array-bounds", "-Warray-bounds" },
		{ "-Werror=stringop-overflow=", "-Wstringop-overflow" },
		{ "-Werror,-Warray-bounds", "-Warray-bounds" },
		{ "-Wnonnull", "-Wnonnull" },
		{ "-Werror", "-Werror" },
	};
	for (size_t i = 0; i < LEN(cases); i++) {
		char *s = option_normalise(cases[i][0], strlen(cases[i][0]));
		CHECK_STR(s, cases[i][1]);
		free(s);
	}
}

/* A path's events belong to the diagnostic before them when asked; else
 * (DejaGnu) they stay notes of their own. A warning printed twice keeps
 * one path. */
TEST(diag_paths)
{
	static const char out[] =
	    "a.c:1:1: note: (12) no warning before it: a note of its own\n"
	    "a.c:7:23: warning: array subscript 4 is above array bounds [-Warray-bounds=]\n"
	    "In function 'store',\n"
	    "    inlined from 'set' at a.c:8:2:\n"
	    "a.h:5:12: note: (1) when the condition is evaluated to true\n"
	    "a.c:7:23: note: (2) warning happens here\n"
	    "a.c:4:19: note: while referencing 'v'\n"
	    "a.c:7:23: warning: array subscript 4 is above array bounds [-Warray-bounds=]\n"
	    "a.h:5:12: note: (1) when the condition is evaluated to true\n";
	struct diaglist dl = { .paths = 1 }, notes = {0};

	parse(&dl, out);
	CHECK(dl.n == 3);
	if (dl.n == 3) {
		CHECK(dl.v[0].sev == SEV_NOTE && dl.v[0].nevents == 0);
		CHECK(dl.v[1].count == 2 && dl.v[1].nevents == 2);
		CHECK_STR(dl.v[1].events[0].file, "a.h");
		CHECK(dl.v[1].events[0].line == 5 && dl.v[1].events[0].col == 12);
		CHECK_STR(dl.v[1].events[0].text, "when the condition is evaluated to true");
		CHECK_STR(dl.v[1].events[1].text, "warning happens here");
		CHECK_STR(dl.v[2].message, "while referencing 'v'");
	}
	parse(&notes, out);
	CHECK(notes.n == 5 && notes.v[0].nevents == 0);
	diaglist_release(&dl);
	diaglist_release(&notes);
}

/* Where a diagnostic in a header or a macro was used from: GCC's macro
 * expansion notes (two places of use stay two diagnostics), its inlined
 * call, its include chain (outermost last), and Clang's (outermost first). */
TEST(diag_from)
{
	struct diaglist dl = { .sites = 1 };

	parse(&dl,
	      "In file included from lim.c:2:\n"
	      "lim.c: In function 'first':\n"
	      "lim.h:3:24: warning: comparison is always true [-Wtype-limits]\n"
	      "    3 | #define NONNEG(x) ((x) >= 0)\n"
	      "lim.c:10:16: note: in expansion of macro 'NONNEG'\n"
	      "lim.c: In function 'second':\n"
	      "lim.h:3:24: warning: comparison is always true [-Wtype-limits]\n"
	      "lim.c:15:16: note: in expansion of macro 'NONNEG'\n"
	      "In function 'put',\n"
	      "    inlined from 'use' at lim.c:22:2:\n"
	      "lim.h:9:14: warning: array subscript 4 is outside array bounds [-Warray-bounds]\n"
	      "lim.c: In function 'use':\n"
	      "lim.c:20:14: note: at offset 4 into object 'b' of size 4\n"
	      "lim.h:12:1: warning: no from here either [-Wx]\n"
	      "lim.c:30:1: warning: the file's own\n"
	      "In file included from deep.h:1,\n"
	      "                 from main.c:5:\n"
	      "deeper.h:2:3: warning: through two [-Wy]\n"
	      "In file included from main.c:7:\n"
	      "In file included from ./b.h:1:\n"
	      "./c.h:2:3: warning: clang's chain [-Wz]\n"
	      "main.c:9:1: warning: clang at the place of use\n"
	      "    from x;\n");
	CHECK(dl.n == 11);
	if (dl.n != 11)
		goto out;
	CHECK_STR(dl.v[0].from_file, "lim.c");
	CHECK(dl.v[0].from_line == 10 && dl.v[0].count == 1 && dl.v[1].sev == SEV_NOTE);
	CHECK_STR(dl.v[2].from_file, "lim.c");
	CHECK(dl.v[2].from_line == 15 && dl.v[2].line == 3 && dl.v[2].count == 1);
	CHECK_STR(dl.v[4].from_file, "lim.c");
	CHECK(dl.v[4].from_line == 22);
	CHECK(dl.v[5].sev == SEV_NOTE && dl.v[5].line == 20);
	/* a later warning in the same header keeps the include chain's place */
	CHECK_STR(dl.v[6].from_file, "lim.c");
	CHECK(dl.v[6].from_line == 2);
	CHECK(dl.v[7].from_file == NULL && dl.v[7].from_line == 0);
	CHECK_STR(dl.v[8].from_file, "main.c");
	CHECK(dl.v[8].from_line == 5);
	CHECK_STR(dl.v[9].from_file, "main.c");
	CHECK(dl.v[9].from_line == 7);
	CHECK(dl.v[10].from_file == NULL);
out:
	diaglist_release(&dl);
}
