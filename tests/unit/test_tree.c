/* SPDX-License-Identifier: MIT */
#include "model/config.h"
#include "model/dpkg.h"
#include "model/diag.h"
#include "model/tree.h"
#include "tree/treejudge.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

static const char conf[] =
	"targets:\n"
	"  x86-64: { triple: x86_64-linux-gnu }\n"
	"  arm64: { triple: aarch64-linux-gnu }\n"
	"profiles:\n"
	"  default: { flags: [-O2] }\n"
	"compilers:\n"
	"  - name: gcc-14\n"
	"    family: gcc\n"
	"    targets:\n"
	"      x86-64: { command: gcc-14 }\n"
	"      arm64: { command: aarch64-linux-gnu-gcc-14 }\n"
	"  - name: clang-19\n"
	"    family: clang\n"
	"    command: clang-19\n"
	"    targets: [x86-64]\n";

#define TREE_HEAD \
	"trees:\n" \
	"  linux-6.12:\n" \
	"    source: { suite: trixie, package: linux-source-6.12 }\n" \
	"    build: kbuild\n" \
	"    arch: { x86-64: x86_64, arm64: arm64 }\n" \
	"    compilers: [gcc-14]\n"

static const char good[] = TREE_HEAD
	"    configs:\n"
	"      kcsan:\n"
	"        base: defconfig\n"
	"        options: [KCSAN=y, KASAN=n]\n"
	"        patches: [linux/rules-off.patch]\n"
	"        units: [fs/qnx4/, lib/crypto/chacha.o]\n"
	"      plain: { base: allnoconfig, units: [init/], compilers: [gcc-14], targets: [arm64], named-only: true }\n"
	"    expect:\n"
	"      - file: drivers/gpu/drm/xe/xe_gt_pagefault.c\n"
	"        line: 343\n"
	"        warning: \"writing 16 bytes into a region of size 0\"\n"
	"        option: -Wstringop-overflow=\n"
	"        known-fp: known-fp/xe-pagefault.c\n"
	"        where: \"gcc>=13, arch=arm64, profile=kcsan\"\n"
	"        configs: [kcsan]\n"
	"      - { file: fs/qnx4/dir.c, error: \"x\" }\n";

static int
load_conf(struct config *cfg)
{
	struct errlist errs = {0};
	int r = config_parse(cfg, "c.yaml", conf, sizeof(conf) - 1, &errs);

	errlist_print(&errs, stdout);
	errlist_release(&errs);
	return r;
}

TEST(tree_good)
{
	struct config cfg;
	struct treefile tf;
	struct errlist errs = {0};
	const struct tree *t;

	if (load_conf(&cfg) < 0) {
		CHECK(!"configuration");
		return;
	}
	CHECK(tree_parse(&tf, "trees/linux.yaml", good, sizeof(good) - 1, &cfg, &errs) == 0);
	errlist_print(&errs, stdout);
	CHECK(errs.n == 0);
	t = tree_find(&tf, "linux-6.12");
	CHECK(t != NULL);
	if (t) {
		CHECK_STR(t->title, "linux-6.12");
		CHECK_STR(t->mirror, "http://deb.debian.org/debian");
		CHECK_STR(tree_arch(t, "x86-64"), "x86_64");
		CHECK(tree_arch(t, "s390x") == NULL);
		CHECK(t->compilers.n == 1 && t->nconfigs == 2 && t->nexpects == 2);
		CHECK_STR(t->configs[0].patches.v[0], "trees/linux/rules-off.patch");
		CHECK(t->configs[0].patch_at[0] == 11 && t->configs[0].patch_at[1] == 19);
		/* prepare first, not named */
		CHECK(t->configs[0].units.n == 3 && t->configs[1].options.n == 0);
		CHECK_STR(t->configs[0].units.v[0], TREE_PREPARE);
		CHECK_STR(t->configs[0].units.v[1], "fs/qnx4/");
		CHECK(tree_config_builds(&t->configs[0], "gcc-14", "x86-64") && tree_config_builds(&t->configs[1], "gcc-14", "arm64"));
		CHECK(!tree_config_builds(&t->configs[1], "gcc-14", "x86-64") && !tree_config_builds(&t->configs[1], "gcc-13", "arm64"));
		CHECK(!t->configs[0].named_only && t->configs[1].named_only);
		CHECK(t->expects[0].kind == D_KNOWN_FP && t->expects[0].line == 343);
		CHECK_STR(t->expects[0].option, "-Wstringop-overflow");
		CHECK(tree_expect_in(&t->expects[0], "kcsan") && !tree_expect_in(&t->expects[0], "plain"));
		CHECK(t->expects[1].kind == D_ERROR && t->expects[1].line == 0 && tree_expect_in(&t->expects[1], "plain"));
	}
	tree_release(&tf);
	errlist_release(&errs);
	config_release(&cfg);
}

/* Each bad file must be refused, with this error among those reported. */
static void
bad(const struct config *cfg, const char *text, const char *want)
{
	struct treefile tf;
	struct errlist errs = {0};
	char got[512] = "";

	if (tree_parse(&tf, "t.yaml", text, strlen(text), cfg, &errs) == 0) {
		tree_release(&tf);
		printf("    accepted: %s\n", text);
		CHECK(!"bad tree file accepted");
		return;
	}
	for (size_t i = 0; i < errs.n && !strstr(got, want); i++)
		snprintf(got, sizeof(got), "%d:%d: %s", errs.v[i].line, errs.v[i].col, errs.v[i].msg);
	if (!strstr(got, want)) {
		printf("    want '%s'\n     got '%s'\n", want, got);
		CHECK(!"wrong error");
	}
	tree_release(&tf);
	errlist_release(&errs);
}

#define UNITS "    configs: { k: { base: defconfig, units: [fs/] } }\n"

TEST(tree_errors)
{
	struct config cfg;

	if (load_conf(&cfg) < 0) {
		CHECK(!"configuration");
		return;
	}
	bad(&cfg, "", "1:1: empty tree file");
	bad(&cfg, "trees:\n\tx: 1\n", "2:1: tab character");
	bad(&cfg, "tree: {}\n", "1:1: unknown key 'tree' in a tree file");
	bad(&cfg, "trees:\n  t: { build: kbuild }\n", "has no source:");
	bad(&cfg, TREE_HEAD UNITS "    colour: red\n", "8:5: unknown key 'colour' in a tree");
	bad(&cfg, TREE_HEAD UNITS "    title: [a]\n", "8:12: title must be a string");
	bad(&cfg, "trees:\n  linux:\n    source: { suite: sid, package: -rf }\n", "3:36: package '-rf' must not begin with '-'");
	bad(&cfg, "trees:\n  linux:\n    source: { suite: sid, package: 'a b' }\n", "may contain only letters");
	bad(&cfg, "trees:\n  linux:\n    source: { suite: sid, package: x, mirror: ftp://x }\n", "mirror must be an http");
	bad(&cfg, "trees:\n  linux:\n    source: { suite: sid }\n", "3:13: source needs suite: and package:");
	bad(&cfg, "trees:\n  linux:\n    source: { suite: sid, package: x }\n    build: make\n", "4:12: build 'make' is not one");
	bad(&cfg, "trees:\n  l:\n    source: { suite: s, package: p }\n    build: kbuild\n    arch: { s390x: s390 }\n",
	    "5:13: target 's390x' is not in c.yaml");
	bad(&cfg, "trees:\n  l:\n    source: { suite: s, package: p }\n    build: kbuild\n    arch: { x86-64: x86_64 }\n"
	    "    compilers: [clang-19]\n", "6:16: compiler 'clang-19': only GCC");
	bad(&cfg, "trees:\n  l:\n    source: { suite: s, package: p }\n    build: kbuild\n    arch: { x86-64: x86_64 }\n"
	    "    compilers: [gcc-99]\n", "compiler 'gcc-99' is not in c.yaml");
	bad(&cfg, TREE_HEAD "    configs: { k: { units: [fs/] } }\n", "7:19: configuration 'k' has no base");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig } }\n", "configuration 'k' has no units");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/], targets: [s390x] } }\n",
	    "targets: 's390x' is not one of the tree's (its arch:)");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/], compilers: [clang-19] } }\n",
	    "compilers: 'clang-19' is not one of the tree's");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/../etc/] } }\n",
	    "7:46: units 'fs/../etc/' must be a relative path");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [/etc/] } }\n", "must be a relative path");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/x.c] } }\n", "must be a directory (ending in '/'), an object (.o) or all");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/, prepare] } }\n",
	    "unit 'prepare' is every configuration's first, without being named");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/], options: [CONFIG_KCSAN=y] } }\n",
	    "option 'CONFIG_KCSAN=y' must be SYMBOL=VALUE");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/], options: [kcsan=y] } }\n", "must be SYMBOL=VALUE");
	bad(&cfg, TREE_HEAD "    configs: { k: { base: defconfig, units: [fs/], patches: [../p] } }\n", "patches '../p' must be");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c }\n", "9:9: an expectation needs file: and warning:");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: '(' }\n", "9:31: bad pattern");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, line: -1 }\n", "line must be a positive number");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, option: stringop }\n", "must be a warning option");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, where: 'arch=mips' }\n", "bad selector");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, where: 'profile=kcsan' }\n", "bad selector");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, configs: [nope] }\n",
	    "configuration 'nope' is not one of the tree's");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, error: x, known-fp: a.c }\n", "known-fp: is for warnings");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, known-fp: a.c, case: b.c }\n",
	    "9:55: an expectation names one case, by known-fp: or by case:");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, error: y }\n", "one warning: or error:");
	bad(&cfg, TREE_HEAD UNITS "    expect:\n      - { file: a.c, warning: x, colour: red }\n", "unknown key 'colour' in an expectation");
	config_release(&cfg);
}

/* A unit judged: a warning made an error still meets its expectation; a
 * warning nothing expects is unexplained; a known-fp that fires is one. */
TEST(tree_judge)
{
	static const char text[] = TREE_HEAD
		"    configs: { k: { base: defconfig, units: [fs/] } }\n"
		"    expect:\n"
		"      - { file: fs/a.c, line: 3, warning: 'writing \\d+ bytes', option: -Wstringop-overflow=, known-fp: k.c }\n"
		"      - { file: fs/b.c, warning: 'unused', where: 'arch=arm64' }\n"
		"      - { file: fs/d.c, warning: 'reading 32 bytes', case: static/k.c }\n";
	static const char out[] =
		"fs/a.c:3:5: error: writing 16 bytes into a region of size 0 [-Werror=stringop-overflow=]\n"
		"fs/c.c:9:1: warning: something else [-Wformat]\n"
		"fs/d.c:4:2: warning: 'f' reading 32 bytes from a region of size 31 [-Wstringop-overread]\n";
	struct config cfg;
	struct treefile tf;
	struct errlist errs = {0};
	struct diaglist dl = {0};
	struct sel_env env = { .family = FAMILY_GCC, .version = { 14, 2, 0 }, .arch = "x86-64", .profile = "k" };
	enum outcome o[4];
	size_t n, *idx;
	char *reason = NULL;

	if (load_conf(&cfg) < 0 || tree_parse(&tf, "t.yaml", text, sizeof(text) - 1, &cfg, &errs) < 0) {
		errlist_print(&errs, stdout);
		CHECK(!"tree");
		return;
	}
	idx = tree_unit_expects(&tf.trees[0], "fs/", &n);
	CHECK(n == 3 && !tf.trees[0].expects[2].is_fp && !strcmp(tf.trees[0].expects[2].reduced_by, "static/k.c"));
	diag_parse(&dl, out, sizeof(out) - 1);
	CHECK(tree_judge(&tf.trees[0], idx, n, "k", &env, &dl, o, &reason) == V_FAIL);
	CHECK(o[0] == OUT_FP && o[1] == OUT_NA && o[2] == OUT_HELD);
	CHECK(dl.n == 3 && dl.v[0].status == ST_KNOWN_FP && dl.v[1].status == ST_UNEXPECTED && dl.v[2].status == ST_EXPECTED);
	CHECK_STR(reason, "0 expected diagnostic(s) missing, 1 unexplained");
	free(reason);
	free(idx);
	diaglist_release(&dl);
	tree_release(&tf);
	errlist_release(&errs);
	config_release(&cfg);
}

/* A test suite: a compiler's own tests, run as cases; nothing built. */
TEST(tree_suites)
{
	static const char text[] =
		"trees:\n"
		"  gcc-16:\n"
		"    source: { suite: sid, package: gcc-16-source, tarball: 'usr/src/gcc-16/gcc-*.tar.xz',\n"
		"              extract: [gcc/testsuite] }\n"
		"    build: dejagnu\n"
		"    root: gcc/testsuite\n"
		"    tests: [gcc/testsuite/gcc.dg/Warray-bounds*.c]\n";
#define SUITE "trees:\n  s:\n    source: { suite: sid, package: p }\n"
	struct config cfg;
	struct treefile tf;
	struct errlist errs = {0};
	const struct tree *t;

	if (load_conf(&cfg) < 0) {
		CHECK(!"configuration");
		return;
	}
	CHECK(tree_parse(&tf, "trees/atlas.yaml", text, sizeof(text) - 1, &cfg, &errs) == 0);
	errlist_print(&errs, stdout);
	t = tree_find(&tf, "gcc-16");
	CHECK(t && tree_is_suite(t));
	if (t) {
		CHECK_STR(t->tarball, "usr/src/gcc-16/gcc-*.tar.xz");
		CHECK(t->extract.n == 1 && t->tests.n == 1 && t->nconfigs == 0 && t->compilers.n == 0);
		CHECK_STR(t->suite_root, "gcc/testsuite");
	}
	tree_release(&tf);
	bad(&cfg, SUITE "    build: dejagnu\n", "has no tests:");
	bad(&cfg, SUITE "    build: dejagnu\n    tests: [../x.c]\n", "tests '../x.c' must be a relative path");
	bad(&cfg, SUITE "    build: dejagnu\n    tests: [x.c]\n    arch: { x86-64: x86_64 }\n",
	    "6:11: arch: is for kbuild trees, not a test suite");
	bad(&cfg, SUITE "    build: dejagnu\n    tests: [x.c]\n    compilers: [clang-19]\n",
	    "compiler 'clang-19': dejagnu's tests are GCC's");
	bad(&cfg, SUITE "    build: verify\n    tests: [x.c]\n    compilers: [gcc-14]\n",
	    "compiler 'gcc-14': verify's tests are Clang's");
	bad(&cfg, TREE_HEAD UNITS "    tests: [x.c]\n", "tests: is for test suites");
	bad(&cfg, SUITE "    build: dejagnu\n    tests: [x.c]\n    search: [y/*.c]\n", "search: and naming: go together");
	bad(&cfg, TREE_HEAD UNITS "    naming: [x]\n", "naming: is for test suites");
	bad(&cfg, "trees:\n  s:\n    source: { suite: sid, package: p, tarball: /etc/x }\n    build: dejagnu\n    tests: [x.c]\n",
	    "tarball '/etc/x' must be a relative path");
	bad(&cfg, "trees:\n  s:\n    source: { suite: sid, package: p, extract: [a/../b] }\n    build: dejagnu\n    tests: [x.c]\n",
	    "extract 'a/../b' must be a relative path");
#undef SUITE
	errlist_release(&errs);
	config_release(&cfg);
}

/* The version of an installed package from dpkg's status file: not one
 * that is only known (deinstalled), not a package whose name another
 * begins with. */
TEST(dpkg_status)
{
	static const char status[] = "Package: gcc-13-base\nStatus: install ok installed\nVersion: 13.3.0-1\n\n"
	                             "Package: gcc-13\nStatus: deinstall ok config-files\nVersion: 13.2.0-1\n\n"
	                             "Package: gcc-13\nStatus: install ok installed\nPriority: optional\nVersion: 13.3.0-16\n\n"
	                             "Package: gcc-14\nStatus: install ok installed\nVersion: 14.2.0-19\n";
	char *v = dpkg_version(status, strlen(status), "gcc-13");

	CHECK(v && !strcmp(v, "13.3.0-16"));
	free(v);
	v = dpkg_version(status, strlen(status), "gcc-14");
	CHECK(v && !strcmp(v, "14.2.0-19"));
	free(v);
	CHECK(dpkg_version(status, strlen(status), "gcc-1") == NULL);
	CHECK(dpkg_version("", 0, "gcc-13") == NULL);
}
