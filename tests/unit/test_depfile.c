/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "lib/depfile.h"
#include "t.h"
#include "lib/util.h"

/* A compiler's -MD rule: continuations, escaped blanks and '#', "$$",
 * and nothing taken from a buffer with no rule in it. */
TEST(depfile_rules)
{
	static const char gcc[] = "/dev/null: a.c /usr/include/stdc-predef.h inc/b\\ c.h \\\n"
	                          " inc/d\\#e.h pay$$.h\n"
	                          "second: rule.h\n";
	struct strvec d = {0};

	CHECK(depfile_parse(gcc, strlen(gcc), &d) == 0);
	CHECK(d.n == 5);
	if (d.n == 5) {
		CHECK_STR(d.v[0], "a.c");
		CHECK_STR(d.v[2], "inc/b c.h");
		CHECK_STR(d.v[3], "inc/d#e.h");
		CHECK_STR(d.v[4], "pay$.h");
	}
	strvec_release(&d);
	CHECK(depfile_parse("", 0, &d) == -1 && d.n == 0);
	CHECK(depfile_parse("no rule here\n", 13, &d) == -1);
	strvec_release(&d);
	/* Clang's: the target alone on its line */
	{
		static const char clang[] = "/dev/null: \\\n  x.c \\\n  y.h\n";
		CHECK(depfile_parse(clang, strlen(clang), &d) == 0 && d.n == 2);
	}
	strvec_release(&d);
}
