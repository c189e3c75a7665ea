/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "dialect/dgselector.h"
#include "model/selector.h"
#include "t.h"
#include "lib/util.h"

static const char *const arches[] = { "x86-64", "arm64", "s390x" };
static const char *const profiles[] = { "default", "O0", "kernel" };
static const struct sel_vocab vocab = { arches, 3, profiles, 3 };

static int
eval(const char *s, enum family f, const char *ver, const char *arch, const char *profile)
{
	char *err = NULL;
	size_t pos;
	struct selector *sel = selector_parse(s, strlen(s), &vocab, &err, &pos);
	struct sel_env env = { f, {0, 0, 0}, arch, profile, "x86_64-linux-gnu", NULL };
	int r;

	if (!sel) {
		printf("    selector '%s': %s\n", s, err);
		free(err);
		return -1;
	}
	version_parse(ver, env.version);
	r = selector_eval(sel, &env);
	selector_free(sel);
	return r;
}

static int
parse_error_at(const char *s, size_t want_pos, const char *want_substr)
{
	char *err = NULL;
	size_t pos = 999;
	struct selector *sel = selector_parse(s, strlen(s), &vocab, &err, &pos);
	int ok = !sel && err && pos == want_pos && strstr(err, want_substr);
	if (!ok)
		printf("    selector '%s': pos %zu err %s\n", s, pos, err ? err : "(none)");
	selector_free(sel);
	free(err);
	return ok;
}

TEST(selector_eval)
{
	CHECK(eval("gcc", FAMILY_GCC, "12.2.0", "x86-64", "default") == 1);
	CHECK(eval("clang", FAMILY_GCC, "12.2.0", "x86-64", "default") == 0);
	CHECK(eval("gcc>=11", FAMILY_GCC, "11.3.0", "x86-64", "default") == 1);
	CHECK(eval("gcc>=12", FAMILY_GCC, "11.3.0", "x86-64", "default") == 0);
	CHECK(eval("gcc>=12", FAMILY_CLANG, "19.1.7", "x86-64", "default") == 0);
	CHECK(eval("clang<16", FAMILY_CLANG, "15.0.6", "x86-64", "default") == 1);
	CHECK(eval("clang<16", FAMILY_CLANG, "16.0.6", "x86-64", "default") == 0);
	CHECK(eval("gcc==12", FAMILY_GCC, "12.2.0", "x86-64", "default") == 1);
	CHECK(eval("clang!=19", FAMILY_CLANG, "19.1.7", "x86-64", "default") == 0);
	CHECK(eval("gcc>=12.3", FAMILY_GCC, "12.2.0", "x86-64", "default") == 0);
	CHECK(eval("gcc>=12.2", FAMILY_GCC, "12.2.0", "x86-64", "default") == 1);
	CHECK(eval("gcc>12", FAMILY_GCC, "12.2.0", "x86-64", "default") == 0);
	CHECK(eval("gcc<=12", FAMILY_GCC, "12.2.0", "x86-64", "default") == 1);
	CHECK(eval("arch=arm64|s390x", FAMILY_GCC, "12.2.0", "s390x", "default") == 1);
	CHECK(eval("arch=arm64|s390x", FAMILY_GCC, "12.2.0", "x86-64", "default") == 0);
	CHECK(eval("arch!=x86-64", FAMILY_GCC, "12.2.0", "x86-64", "default") == 0);
	CHECK(eval("arch!=x86-64", FAMILY_GCC, "12.2.0", "arm64", "default") == 1);
	CHECK(eval("profile=kernel", FAMILY_GCC, "12.2.0", "arm64", "kernel") == 1);
	CHECK(eval("profile!=O0", FAMILY_GCC, "12.2.0", "arm64", "O0") == 0);
	CHECK(eval("!clang", FAMILY_GCC, "12.2.0", "arm64", "O0") == 1);
	CHECK(eval("!gcc>=12", FAMILY_GCC, "11.3.0", "arm64", "O0") == 1);
	CHECK(eval(" gcc >= 11 , arch = arm64 , !profile=O0 ", FAMILY_GCC, "12.2.0", "arm64", "default") == 1);
	CHECK(eval("gcc>=11, arch=arm64, !profile=O0", FAMILY_GCC, "12.2.0", "arm64", "O0") == 0);
	CHECK(eval("arch=riscv64", FAMILY_GCC, "12.2.0", "riscv64", "O0") == 1);  /* built-in name */
}

TEST(selector_errors)
{
	CHECK(parse_error_at("", 0, "empty"));
	CHECK(parse_error_at("msvc", 0, "unknown selector term 'msvc'"));
	CHECK(parse_error_at("gcc>=", 5, "expected a version"));
	CHECK(parse_error_at("gcc>=x", 5, "expected a version"));
	CHECK(parse_error_at("gcc~12", 3, "comparison"));
	CHECK(parse_error_at("arch=sparc", 5, "unknown architecture 'sparc'"));
	CHECK(parse_error_at("arch=arm64|mips", 11, "unknown architecture 'mips'"));
	CHECK(parse_error_at("profile=fast", 8, "unknown profile 'fast'"));
	CHECK(parse_error_at("gcc,", 4, "expected a selector term"));
	CHECK(parse_error_at("gcc clang", 4, "comparison"));
	CHECK(parse_error_at("arch", 4, "expected '=' or '!='"));
}

TEST(version_parse)
{
	int v[3];
	CHECK(version_parse("12.2.0", v) == 3 && v[0] == 12 && v[1] == 2 && v[2] == 0);
	CHECK(version_parse("19", v) == 1 && v[0] == 19 && v[1] == 0);
	CHECK(version_parse("12.", v) == 0);
	CHECK(version_parse("12.2.0.1", v) == 0);
	CHECK(version_parse("", v) == 0);
	CHECK(version_parse("1x", v) == 0);
}

static int
test_keyword(void *ctx, const char *name)
{
	(void)ctx;
	return !strcmp(name, "lp64") ? 0 : !strcmp(name, "ilp32") ? 1 : -1;
}

TEST(selector_dejagnu)
{
	/* what GCC's target-supports-dg.exp makes of these, with lp64 true */
	static const struct { const char *sel, *triple; int want; } v[] = {
		{ "*-*-*", "aarch64-linux-gnu", 1 },
		{ "x86_64-*-*", "x86_64-linux-gnu", 1 },
		{ "x86_64-*-*", "aarch64-linux-gnu", 0 },
		{ "x86_64-*-* s390*-*-*", "s390x-linux-gnu", 1 },
		{ "*-*-linux*", "powerpc64le-linux-gnu", 1 },
		{ "*-unknown-linux-gnu", "powerpc64le-linux-gnu", 1 },
		{ "i?86-*-*", "x86_64-linux-gnu", 0 },
		{ "lp64", "x86_64-linux-gnu", 1 },
		{ "ilp32", "x86_64-linux-gnu", 0 },
		{ "{ ! x86_64-*-* }", "aarch64-linux-gnu", 1 },
		{ "{ ! lp64 }", "aarch64-linux-gnu", 0 },
		{ "{ x86_64-*-* || s390*-*-* }", "s390x-linux-gnu", 1 },
		{ "{ lp64 && { ! x86_64-*-* } }", "aarch64-linux-gnu", 1 },
		{ "{ lp64 && { ! x86_64-*-* } }", "x86_64-linux-gnu", 0 },
		{ "{ { i?86-*-* x86_64-*-* } && lp64 }", "x86_64-linux-gnu", 1 },
		{ "{ { i?86-*-* x86_64-*-* } && ilp32 }", "x86_64-linux-gnu", 0 },
		{ "{ aarch64*-*-* arm*-*-* }", "aarch64-linux-gnu", 1 },
	};
	static const unsigned char etargets[] = { 1, 0 };
	char *err = NULL;

	for (size_t i = 0; i < LEN(v); i++) {
		struct selector *sel = dg_selector(v[i].sel, test_keyword, NULL, &err);
		struct sel_env env = { FAMILY_GCC, { 12, 2, 0 }, "x86-64", "default", v[i].triple, etargets };
		CHECK(sel != NULL);
		if (sel && selector_eval(sel, &env) != v[i].want)
			printf("    %s on %s: want %d\n", v[i].sel, v[i].triple, v[i].want), t_failed = 1;
		selector_free(sel);
		free(err);
		err = NULL;
	}
	/* what it cannot read is named */
	CHECK(dg_selector("vect_int", test_keyword, NULL, &err) == NULL && err && strstr(err, "vect_int"));
	free(err);
	err = NULL;
	CHECK(dg_selector("lp64", NULL, NULL, &err) == NULL && err && strstr(err, "'lp64'"));
	free(err);
	err = NULL;
	CHECK(dg_selector("x86_64-*-* lp64", test_keyword, NULL, &err) == NULL && err);
	free(err);
	err = NULL;
	CHECK(dg_selector("{ a-b-c", test_keyword, NULL, &err) == NULL && err);
	free(err);
}
