/* SPDX-License-Identifier: MIT */
#include "model/config.h"
#include "t.h"

static const char good[] =
	"timeout: 30\n"
	"targets:\n"
	"  x86-64: { triple: x86_64-linux-gnu }\n"
	"  arm64:\n"
	"    triple: aarch64-linux-gnu\n"
	"    package: libc6-dev-arm64-cross\n"
	"profiles:\n"
	"  default: { flags: [-O2, -Wall] }\n"
	"  kernel:\n"
	"    flags: [-O2]\n"
	"    gcc: [-Wno-stringop-overflow]\n"
	"    clang: [-Wno-gnu]\n"
	"compilers:\n"
	"  - name: gcc-12\n"
	"    family: gcc\n"
	"    targets:\n"
	"      x86-64: { command: gcc-12, package: gcc-12 }\n"
	"      arm64: { command: aarch64-linux-gnu-gcc-12, package: gcc-12-aarch64-linux-gnu, flags: [-mabi=lp64] }\n"
	"  - name: clang-19\n"
	"    family: clang\n"
	"    command: /usr/bin/clang-19\n"
	"    package: clang-19\n"
	"    targets: [x86-64, arm64]\n"
	"    flags: [-fno-integrated-as]\n"
	"    prefix: [env, FOO=1]\n"
	"    timeout: 5.5\n";

TEST(config_good)
{
	struct config cfg;
	struct errlist errs = {0};

	CHECK(config_parse(&cfg, "c.yaml", good, sizeof(good) - 1, &errs) == 0);
	errlist_print(&errs, stderr);
	CHECK(errs.n == 0);
	if (errs.n)
		return;
	CHECK(cfg.timeout == 30);
	CHECK(cfg.ntargets == 2 && !strcmp(cfg.targets[1].arch, "arm64"));
	CHECK_STR(cfg.targets[1].package, "libc6-dev-arm64-cross");
	CHECK(cfg.targets[0].package == NULL);
	/* the two written, and the harness's own for other compilers' test files */
	CHECK(cfg.nprofiles == 3 && cfg.profiles[2].as_written && !strcmp(cfg.profiles[2].name, AS_WRITTEN));
	CHECK(cfg.profiles[1].gcc_flags.n == 1 && cfg.profiles[1].clang_flags.n == 1);
	CHECK(cfg.ncompilers == 2);
	CHECK(cfg.compilers[0].family == FAMILY_GCC && cfg.compilers[0].ntcs == 2);
	CHECK_STR(cfg.compilers[0].tcs[1].command, "aarch64-linux-gnu-gcc-12");
	CHECK(cfg.compilers[0].tcs[1].flags.n == 1);
	CHECK(cfg.compilers[0].timeout == 30);
	CHECK(cfg.compilers[1].family == FAMILY_CLANG && cfg.compilers[1].ntcs == 2);
	CHECK_STR(cfg.compilers[1].tcs[1].command, "/usr/bin/clang-19");
	CHECK_STR(cfg.compilers[1].tcs[1].package, "clang-19");
	CHECK(cfg.compilers[1].tcs[1].target == 1);
	CHECK(cfg.compilers[1].prefix.n == 2 && cfg.compilers[1].timeout == 5.5);
	CHECK(config_find_profile(&cfg, "kernel") == 1 && config_find_compiler(&cfg, "nope") == -1);
	config_release(&cfg);
}

/* Each bad file must be refused with exactly this first error. */
static void
bad(const char *text, const char *want)
{
	struct config cfg;
	struct errlist errs = {0};
	char got[512] = "";

	if (config_parse(&cfg, "c.yaml", text, strlen(text), &errs) == 0) {
		config_release(&cfg);
		printf("    accepted: %s\n", text);
		CHECK(!"bad configuration accepted");
		return;
	}
	if (errs.n)
		snprintf(got, sizeof(got), "%d:%d: %s", errs.v[0].line, errs.v[0].col, errs.v[0].msg);
	if (!strstr(got, want)) {
		printf("    want '%s'\n     got '%s'\n", want, got);
		CHECK(!"wrong error");
	}
	errlist_release(&errs);
}

#define HEAD "targets:\n  x86-64: { triple: x86_64-linux-gnu }\nprofiles:\n  default: { flags: [-O2] }\n"

TEST(config_errors)
{
	bad("", "1:1: empty configuration");
	bad("targets: [\n", "2:1: did not find expected node content");
	bad("targets:\n\tx86-64: {}\n", "2:1: tab character");
	bad("targets: {}\n# caf\xc3\x28\n", "2:6: invalid UTF-8");
	bad("targets: {}\nprofiles: {}\ncompilers: []\nextra: 1\n", "4:1: unknown key 'extra'");
	bad(HEAD "compilers:\n  - name: x\n    family: msvc\n    command: cl\n    targets: [x86-64]\n",
	    "7:13: unknown family 'msvc'");
	bad(HEAD "compilers:\n  - name: x\n    command: cl\n    targets: [x86-64]\n", "6:5: compiler 'x' has no family");
	bad(HEAD "compilers:\n  - name: x\n    family: gcc\n    command: gcc\n    targets: [sparc]\n",
	    "9:15: unknown target 'sparc'");
	bad(HEAD "compilers:\n  - name: x\n    family: gcc\n    command: gcc\n    targets: [x86-64]\n    timeout: soon\n",
	    "10:14: timeout must be a number");
	bad(HEAD "compilers:\n  - name: x\n    family: gcc\n    command: gcc\n    targets: [x86-64]\n    flags: -O2\n",
	    "10:12: flags must be a sequence");
	bad(HEAD "compilers:\n  - name: x\n    family: gcc\n    targets: [x86-64]\n",
	    "8:15: compiler 'x' has no command for target 'x86-64'");
	bad(HEAD "compilers:\n  - name: x\n    family: gcc\n    command: gcc\n    targets: [x86-64]\n    colour: red\n",
	    "10:5: unknown key 'colour' in a compiler");
	bad(HEAD "compilers:\n  - name: x\n    name: y\n    family: gcc\n    command: gcc\n    targets: [x86-64]\n",
	    "7:5: duplicate key 'name'");
	bad(HEAD "compilers:\n  - name: x\n    family: [gcc]\n    command: gcc\n    targets: [x86-64]\n",
	    "7:13: family must be a string");
	bad("targets:\n  x86-64: { tripel: x }\nprofiles: {default: {}}\ncompilers: []\n", "2:13: unknown key 'tripel'");
	bad("targets:\n  x86-64: {}\nprofiles: {default: {}}\ncompilers: []\n", "2:11: target 'x86-64' has no triple");
	bad(HEAD "  as-written: { flags: [-Wall] }\ncompilers: []\n", "5:3: 'as-written' is the harness's own profile");
	bad(HEAD "compilers:\n  - name: a b\n    family: gcc\n    command: gcc\n    targets: [x86-64]\n",
	    "6:11: compiler name 'a b' may contain only");
	bad(HEAD "compilers: {}\n", "5:12: compilers must be a sequence");
	bad(HEAD "compilers: []\n---\nx: 1\n", "more than one YAML document");
	bad("a: 'unterminated\n", "found unexpected end of stream");
}

/* --shard K/N: a root's compilers in one shard, the heaviest first, each
 * to the lightest shard; every compiler the filter keeps in exactly one */
TEST(config_shards)
{
	static const char text[] =
		"targets:\n"
		"  x86-64: { triple: x86_64-linux-gnu }\n"
		"  arm64: { triple: aarch64-linux-gnu }\n"
		"roots:\n"
		"  old: { suite: bullseye }\n"
		"profiles:\n"
		"  default: { flags: [-O2] }\n"
		"compilers:\n"
		"  - { name: host-a, family: clang, command: a, targets: [x86-64, arm64] }\n"
		"  - { name: old-a, family: clang, command: b, root: old, targets: [x86-64, arm64] }\n"
		"  - { name: host-b, family: clang, command: c, targets: [x86-64] }\n"
		"  - { name: old-b, family: clang, command: d, root: old, targets: [x86-64] }\n";
	struct config cfg;
	struct errlist errs = {0};
	struct config_filter all = {0}, some = {0};
	int s[4];

	CHECK(config_parse(&cfg, "c.yaml", text, sizeof(text) - 1, &errs) == 0);
	config_shards(&cfg, &all, 2, s);
	/* old: 2 + 3 + 2 = 7 to shard 1; host-a (3) and host-b (2) to shard 2 */
	CHECK(s[1] == 1 && s[3] == 1 && s[0] == 2 && s[2] == 2);
	config_shards(&cfg, &all, 1, s);
	CHECK(s[0] == 1 && s[1] == 1 && s[2] == 1 && s[3] == 1);
	config_shards(&cfg, &all, 5, s);     /* more shards than units: some empty */
	CHECK(s[1] == 1 && s[3] == 1 && s[0] == 2 && s[2] == 3);
	strvec_push(&some.compilers, "host-b");
	strvec_push(&some.compilers, "old-b");
	config_shards(&cfg, &some, 2, s);
	CHECK(s[0] == 0 && s[1] == 0 && s[3] == 1 && s[2] == 2);
	strvec_release(&some.compilers);
	config_release(&cfg);
}
