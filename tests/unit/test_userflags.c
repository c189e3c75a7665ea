/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "model/compdb.h"
#include "t.h"
#include "model/userflags.h"

#define CHECK_LIST(sv, want) do { char *j_ = t_joined(sv); CHECK_STR(j_, want); free(j_); } while (0)

/* An empty file at dir/rel, its directories made. */
static void
file_at(const char *dir, const char *rel)
{
	char *path = xasprintf("%s/%s", dir, rel), *slash = strrchr(path, '/');
	FILE *fp;

	*slash = 0;
	make_dirs(path, 0700);
	*slash = '/';
	if ((fp = fopen(path, "w")))
		fclose(fp);
	free(path);
}

/* A database as Bear writes it (arguments) and as CMake does (command). */
TEST(compdb_parse)
{
	static const char db[] =
		"[\n"
		"  { \"directory\": \"/p\", \"file\": \"src/a.c\", \"output\": \"a.o\",\n"
		"    \"arguments\": [\"cc\", \"-DX=\\\"q\\\"\", \"-I\\u00e9\", \"-c\", \"src/a.c\"] },\n"
		"  { \"directory\": \"/p\", \"command\": \"cc -DY='a b' -c src/b.c\", \"file\": \"src/b.c\",\n"
		"    \"extra\": {\"nested\": [1, 2.5e3, true, null]} }\n"
		"]\n";
	struct compdb d = {0};
	struct errlist errs = {0};

	CHECK(compdb_parse(&d, "db.json", db, strlen(db), &errs) == 0);
	CHECK(d.n == 2);
	if (d.n == 2) {
		CHECK_STR(d.v[0].file, "src/a.c");
		CHECK_LIST(&d.v[0].argv, "cc -DX=\"q\" -I\xc3\xa9 -c src/a.c");
		CHECK(d.v[0].line == 2);
		CHECK_LIST(&d.v[1].argv, "cc -DY=a b -c src/b.c");
		CHECK(d.v[1].argv.n == 4);
	}
	compdb_release(&d);
	errlist_release(&errs);
}

TEST(compdb_errors)
{
	static const struct { const char *text, *want; } bad[] = {
		{ "{}", "db.json:1:1: error: not a compilation database: expected a JSON array" },
		{ "[{\"file\": \"a.c\"}]", "db.json:1:2: error: an entry has neither \"arguments\" nor \"command\"" },
		{ "[{\"arguments\": [\"cc\"]}]", "db.json:1:2: error: an entry has no \"file\"" },
		{ "[{\"file\": \"a.c\", \"command\": \"cc 'x\"}]", "db.json:1:2: error: \"command\" cannot be split into words" },
		{ "[\n {\"file\": \"a\\q\"}]", "db.json:2:14: error: bad escape in string" },
		{ "[{\"file\": \"\\ud800\"}]", "db.json:1:18: error: lone surrogate in string" },
		{ "[{\"file\": \"a\", \"x\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]}]",
		  "db.json:1:85: error: nested too deeply" },
		{ "[{\"file\": \"a\", \"command\": \"cc\"}] x", "db.json:1:34: error: text after the array" },
		{ "[{\"file\": \"a\", \"command\": \"cc\"}", "db.json:1:32: error: unterminated array" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct compdb d = {0};
		struct errlist errs = {0};
		char *got = NULL;
		size_t n = 0;
		FILE *fp = open_memstream(&got, &n);
		CHECK(compdb_parse(&d, "db.json", bad[i].text, strlen(bad[i].text), &errs) < 0);
		errlist_print(&errs, fp);
		fclose(fp);
		if (got && n && got[n - 1] == '\n')
			got[n - 1] = 0;
		CHECK_STR(got, bad[i].want);
		free(got);
		compdb_release(&d);
		errlist_release(&errs);
	}
}

/* A kernel-like command: what every compiler gets, what each is tried
 * with, what is left out. */
TEST(buildflags_sort)
{
	static const char *const words[] = {
		"gcc", "-Wp,-MMD,drivers/.x.o.d", "-nostdinc", "-I./arch/x86/include", "-I", "include",
		"-include", "./include/linux/kconfig.h", "-D__KERNEL__", "-U", "NDEBUG", "-std=gnu11",
		"-fno-strict-aliasing", "-mno-sse", "--param", "asan-stack=1", "-Werror", "-Werror=implicit-int",
		"-g", "-gdwarf-4", "-fdiagnostics-color=always", "-fmacro-prefix-map=./=", "-c", "-o", "drivers/x.o",
		"drivers/x.c", "-x", "c", "-MD", "-fplugin=./p.so", "@args.rsp", "--target=aarch64-linux-gnu", "-O2",
	};
	struct strvec argv = {0};
	struct buildflags bf;

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		strvec_push(&argv, words[i]);
	char dir[] = "/tmp/diagmatrix-unit.XXXXXX", *want;

	CHECK(mkdtemp(dir) != NULL);
	file_at(dir, "include/linux/kconfig.h");
	buildflags_sort(&bf, &argv, dir);
	want = xasprintf("-nostdinc -I%s/arch/x86/include -I %s/include -include %s/include/linux/kconfig.h "
	                 "-D__KERNEL__ -U NDEBUG", dir, dir, dir);
	CHECK_LIST(&bf.keep, want);
	free(want);
	remove_tree(dir);
	CHECK_LIST(&bf.maybe, "-std=gnu11 -fno-strict-aliasing -mno-sse --param=asan-stack=1 -Werror=implicit-int -O2");
	CHECK_LIST(&bf.dropped, "gcc -Wp,-MMD,drivers/.x.o.d -Werror -g -gdwarf-4 -fdiagnostics-color=always "
	           "-fmacro-prefix-map=./= -c -o drivers/x.o drivers/x.c -x c -MD -fplugin=./p.so @args.rsp "
	           "--target=aarch64-linux-gnu");
	buildflags_release(&bf);
	strvec_release(&argv);
}

/* The user's flags: relative paths made absolute, the directories to
 * bind (not the system's), and whether any names a path. */
TEST(userflags_paths)
{
	static const char *const words[] = {
		"-Iinc", "-isystem", "sys", "-include", "pre/x.h", "-DA=b", "-I/usr/include/foo", "--sysroot=root",
		"-iquote", "./q", "-I", "/abs", "-include", "stdio.h",
	};
	char dir[] = "/tmp/diagmatrix-unit.XXXXXX", *want;
	struct strvec f = {0}, dirs = {0}, plain = {0};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		strvec_push(&f, words[i]);
	/* a -include file that is not there is looked for on the include path */
	CHECK(mkdtemp(dir) != NULL);
	file_at(dir, "pre/x.h");
	userflags_absolute(&f, dir);
	want = xasprintf("-I%s/inc -isystem %s/sys -include %s/pre/x.h -DA=b -I/usr/include/foo --sysroot=%s/root "
	                 "-iquote %s/q -I /abs -include stdio.h", dir, dir, dir, dir, dir);
	CHECK_LIST(&f, want);
	free(want);
	userflags_dirs(&f, &dirs);
	want = xasprintf("%s/inc %s/sys %s/pre %s/root %s/q /abs", dir, dir, dir, dir, dir);
	CHECK_LIST(&dirs, want);
	free(want);
	remove_tree(dir);
	CHECK(userflags_name_paths(&f));
	strvec_push(&plain, "-DBIG=7");
	strvec_push(&plain, "-O0");
	CHECK(!userflags_name_paths(&plain));
	strvec_release(&f);
	strvec_release(&dirs);
	strvec_release(&plain);
}
