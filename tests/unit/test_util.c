/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "dialect/tcl.h"
#include "t.h"
#include "lib/util.h"

TEST(shell_split)
{
	struct strvec sv = {0};
	char *err = NULL;
	size_t pos = 0;
	const char *in = "-O2  'a b' \"c\\\"d\" e\\ f '$(rm -rf /)' `x` ;|*";

	CHECK(shell_split(in, strlen(in), &sv, &err, &pos) == 0);
	CHECK(sv.n == 7);
	if (sv.n == 7) {
		CHECK_STR(sv.v[0], "-O2");
		CHECK_STR(sv.v[1], "a b");
		CHECK_STR(sv.v[2], "c\"d");
		CHECK_STR(sv.v[3], "e f");
		CHECK_STR(sv.v[4], "$(rm -rf /)");
		CHECK_STR(sv.v[5], "`x`");
		CHECK_STR(sv.v[6], ";|*");
	}
	strvec_release(&sv);
	CHECK(shell_split("'' x", 4, &sv, &err, &pos) == 0 && sv.n == 2 && !strcmp(sv.v[0], ""));
	strvec_release(&sv);
	CHECK(shell_split("a 'b", 4, &sv, &err, &pos) == -1 && pos == 2);
	free(err);
	strvec_release(&sv);
	CHECK(shell_split("\"x", 2, &sv, &err, &pos) == -1 && pos == 0);
	free(err);
	strvec_release(&sv);
}

TEST(shell_quote)
{
	struct strbuf sb = {0};
	const char *words[] = { "gcc-12", "-std=gnu11", "a b", "it's", "", "X=1", "$(x)", "--target=aarch64-linux-gnu" };
	const char *want = "gcc-12 -std=gnu11 'a b' 'it'\\''s' '' 'X=1' '$(x)' --target=aarch64-linux-gnu";

	for (size_t i = 0; i < LEN(words); i++) {
		if (i)
			sb_addc(&sb, ' ');
		shell_quote(&sb, words[i]);
	}
	CHECK_STR(sb_str(&sb), want);
	sb_release(&sb);
}

TEST(strbuf)
{
	struct strbuf sb = {0};
	char *s;

	CHECK_STR(sb_str(&sb), "");
	for (int i = 0; i < 1000; i++)
		sb_addf(&sb, "%d,", i);
	CHECK(sb.len == strlen(sb.buf));
	CHECK(!strncmp(sb.buf, "0,1,2,", 6));
	s = sb_detach(&sb);
	CHECK(sb.buf == NULL && sb.len == 0);
	free(s);
}

/* Tcl words as DejaGnu reads a dg- directive's arguments. */
TEST(tcl_split)
{
	static const char *const vars[] = { "srcdir", "/t/testsuite", NULL };
	struct strvec sv = {0};
	char *err = NULL;
	/* "\\\[" in the file is \[ to the expression; {...} is literal;
	 * \t, \x41 and \101 are substituted in "..." and in bare words */
	const char *in = "\"a \\\\\\[-Wx\\\\\\]\" {b \\[c\\] {d}} \"\\t\\x41\\101\" e\\ f \"$srcdir/x\" ${srcdir}";

	CHECK(tcl_split(in, strlen(in), 1, vars, &sv, &err) == 0);
	CHECK(sv.n == 6);
	if (sv.n == 6) {
		CHECK_STR(sv.v[0], "a \\[-Wx\\]");
		CHECK_STR(sv.v[1], "b \\[c\\] {d}");
		CHECK_STR(sv.v[2], "\tAA");
		CHECK_STR(sv.v[3], "e f");
		CHECK_STR(sv.v[4], "/t/testsuite/x");
		CHECK_STR(sv.v[5], "/t/testsuite");
	}
	strvec_release(&sv);
	/* a list is not a command: $ and [ stay */
	CHECK(tcl_split("$x [y]", 6, 0, NULL, &sv, &err) == 0 && sv.n == 2 && !strcmp(sv.v[0], "$x"));
	strvec_release(&sv);
	/* what a command cannot be read with */
	CHECK(tcl_split("\"$other\"", 8, 1, vars, &sv, &err) == -1 && err && strstr(err, "$other"));
	free(err);
	CHECK(tcl_split("\"[cmd]\"", 7, 1, vars, &sv, &err) == -1 && err);
	free(err);
	CHECK(tcl_split("{open", 5, 0, NULL, &sv, &err) == -1 && err);
	free(err);
	CHECK(tcl_split("\"open", 5, 0, NULL, &sv, &err) == -1 && err);
	free(err);
	strvec_release(&sv);
}

/* mkdir -p, for DIAGMATRIX_ROOTS and the cache: parents made, an existing
 * directory fine, a file in the way an error */
TEST(make_dirs)
{
	char tmpl[] = "/tmp/diagmatrix-unit.XXXXXX";
	char *dir = mkdtemp(tmpl), *deep, *file;
	struct stat st;
	FILE *fp;

	CHECK(dir != NULL);
	deep = xasprintf("%s/a/b/c", dir);
	file = xasprintf("%s/f", dir);
	CHECK(make_dirs(deep, 0755) == 0 && stat(deep, &st) == 0 && S_ISDIR(st.st_mode));
	CHECK(make_dirs(deep, 0755) == 0);
	CHECK((fp = fopen(file, "w")) != NULL && fclose(fp) == 0);
	free(deep);
	deep = xasprintf("%s/f/g", dir);
	CHECK(make_dirs(deep, 0755) < 0);
	remove_tree(dir);
	free(deep);
	free(file);
}
