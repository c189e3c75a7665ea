/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/box.h"
#include "sandbox/executor/boxproto.h"
#include "model/config.h"
#include "sandbox/root.h"
#include "t.h"

static const char rooted[] =
	"targets:\n"
	"  x86-64: { triple: x86_64-linux-gnu, package: libc6-dev }\n"
	"  arm64: { triple: aarch64-linux-gnu, package: libc6-dev-arm64-cross }\n"
	"roots:\n"
	"  trixie: { suite: trixie, packages: [zz-extra, gcc-14] }\n"
	"profiles:\n"
	"  kernel:\n"
	"    flags: [-O2]\n"
	"    gcc: [-Wno-stringop-overflow]\n"
	"    when:\n"
	"      \"clang<16\": [-Wno-format]\n"
	"      \"gcc>=13, arch=arm64\": [-mgeneral-regs-only]\n"
	"  kcsan:\n"
	"    base: kernel\n"
	"    except: [\"gcc<11\", \"clang<18, arch=riscv64\"]\n"
	"    flags: [-fsanitize=thread]\n"
	"compilers:\n"
	"  - name: gcc-14\n"
	"    family: gcc\n"
	"    root: trixie\n"
	"    targets:\n"
	"      x86-64: { command: gcc-14, package: gcc-14 }\n"
	"      arm64: { command: aarch64-linux-gnu-gcc-14, package: gcc-14-aarch64-linux-gnu }\n"
	"  - name: clang-14\n"
	"    family: clang\n"
	"    command: clang-14\n"
	"    targets: [x86-64]\n";

static void
check_flags(const struct config *cfg, const char *profile, enum family f, int major, const char *arch,
            const char *want)
{
	struct sel_env env = {0};
	struct strvec av = {0};
	char *got;

	env.family = f;
	env.version[0] = major;
	env.arch = arch;
	env.profile = profile;
	profile_flags(cfg, &cfg->profiles[config_find_profile(cfg, profile)], &env, &av);
	got = t_joined(&av);
	CHECK_STR(got, want);
	free(got);
	strvec_release(&av);
}

TEST(config_roots)
{
	struct config cfg;
	struct errlist errs = {0};
	char *pk;

	CHECK(config_parse(&cfg, "r.yaml", rooted, sizeof(rooted) - 1, &errs) == 0);
	errlist_print(&errs, stderr);
	if (errs.n) {
		errlist_release(&errs);
		return;
	}
	CHECK(cfg.nroots == 1);
	CHECK_STR(cfg.roots[0].mirror, "http://deb.debian.org/debian");
	/* its own list and what its compilers and their targets name, sorted, once */
	pk = t_joined(&cfg.roots[0].packages);
	CHECK_STR(pk, "gcc-14 gcc-14-aarch64-linux-gnu libc6-dev libc6-dev-arm64-cross zz-extra");
	free(pk);
	CHECK(cfg.compilers[0].root == 0);
	CHECK(cfg.compilers[1].root == -1);
	check_flags(&cfg, "kernel", FAMILY_GCC, 14, "arm64", "-O2 -Wno-stringop-overflow -mgeneral-regs-only");
	check_flags(&cfg, "kernel", FAMILY_GCC, 12, "arm64", "-O2 -Wno-stringop-overflow");
	check_flags(&cfg, "kernel", FAMILY_CLANG, 14, "x86-64", "-O2 -Wno-format");
	check_flags(&cfg, "kernel", FAMILY_CLANG, 16, "x86-64", "-O2");
	check_flags(&cfg, "kcsan", FAMILY_CLANG, 14, "x86-64", "-O2 -Wno-format -fsanitize=thread");
	{
		struct sel_env env = {0};
		const struct profile *p = &cfg.profiles[1];
		env.family = FAMILY_GCC;
		env.version[0] = 10;
		env.arch = "riscv64";
		CHECK(profile_except(p, &env) == &p->except[0]);
		env.version[0] = 11;
		CHECK(profile_except(p, &env) == NULL);
		env.family = FAMILY_CLANG;
		env.version[0] = 17;
		CHECK(profile_except(p, &env) == &p->except[1]);
		env.arch = "x86-64";
		CHECK(profile_except(p, &env) == NULL);
	}
	config_release(&cfg);
}

static void
put(const char *path, const char *text, int mode)
{
	FILE *fp = fopen(path, "w");
	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
	chmod(path, (mode_t)mode);
}

/* Links inside a root are followed inside it: an absolute target means
 * the root's file, never the host's. */
TEST(root_lookup)
{
	char dir[] = "/tmp/diagmatrix-root-test.XXXXXX", *p, *found;
	struct rootinfo ri = {0};

	if (!mkdtemp(dir)) {
		CHECK(!"mkdtemp");
		return;
	}
	p = xasprintf("mkdir -p %s/usr/bin %s/etc/alternatives %s/usr/lib/snap/bin", dir, dir, dir);
	CHECK(system(p) == 0);
	free(p);
	p = xasprintf("%s/usr/bin/x86_64-linux-gnu-gcc-14", dir);
	put(p, "#!/bin/sh\n", 0755);
	free(p);
	p = xasprintf("%s/usr/lib/snap/bin/gcc", dir);
	put(p, "#!/bin/sh\n", 0755);
	free(p);
	p = xasprintf("%s/usr/bin/data", dir);
	put(p, "not a program\n", 0644);
	free(p);
	p = xasprintf("cd %s && ln -s usr/bin bin && ln -s x86_64-linux-gnu-gcc-14 usr/bin/gcc-14 && "
	              "ln -s /etc/alternatives/cc usr/bin/cc && ln -s /usr/bin/gcc-14 etc/alternatives/cc && "
	              "ln -s /bin/sh usr/bin/hostsh && ln -s ../../../../../../usr/bin/gcc-14 usr/bin/up && "
	              "ln -s loop usr/bin/loop", dir);
	CHECK(system(p) == 0);
	free(p);
	ri.dir = dir;
	ri.state = ROOT_READY;
	found = root_lookup(&ri, "gcc-14");
	p = xasprintf("%s/usr/bin/x86_64-linux-gnu-gcc-14", dir);
	CHECK_STR(found, p);
	free(found);
	found = root_lookup(&ri, "cc");           /* two absolute links, both inside */
	CHECK_STR(found, p);
	free(found);
	found = root_lookup(&ri, "up");           /* ".." stops at the root */
	CHECK_STR(found, p);
	free(found);
	free(p);
	found = root_lookup(&ri, "/usr/lib/snap/bin/gcc");
	p = xasprintf("%s/usr/lib/snap/bin/gcc", dir);
	CHECK_STR(found, p);
	free(found);
	free(p);
	CHECK(root_lookup(&ri, "hostsh") == NULL);    /* /bin/sh is the host's, not in this root */
	CHECK(root_lookup(&ri, "data") == NULL);      /* not executable */
	CHECK(root_lookup(&ri, "loop") == NULL);      /* a link to itself ends */
	CHECK(root_lookup(&ri, "nothing") == NULL);
	ri.state = ROOT_MISSING;
	CHECK(root_lookup(&ri, "gcc-14") == NULL);
	p = xasprintf("rm -rf %s", dir);
	CHECK(system(p) == 0);
	free(p);
}

/* The bwrap command: system directories laid out from the root, /proc
 * with the host's sysctls read-only and the keyrings masked, /dev of its
 * own, the case's directory read-only (the directories that lead to it
 * made crossable), the scratch directory writable, every writable place
 * bounded; the job's identity (the harness maps the user namespace where
 * it is root, else bwrap maps the user) and the executor's capabilities. */
TEST(root_enter)
{
	struct rootinfo ri = {0};
	struct strvec ro = {0}, av = {0}, pass = {0};
	char *got, *want;

	ri.dir = "/r";
	ri.state = ROOT_READY;
	strvec_push(&ri.mounts, "--ro-bind");
	strvec_push(&ri.mounts, "/r/usr");
	strvec_push(&ri.mounts, "/usr");
	strvec_push(&ro, "/home/me/cases");
	strvec_push(&pass, "DIAGMATRIX_UNIT_PASSED");
	strvec_push(&pass, "DIAGMATRIX_UNIT_UNSET");
	setenv("DIAGMATRIX_UNIT_PASSED", "a b", 1);
	unsetenv("DIAGMATRIX_UNIT_UNSET");
	root_enter(&ri, &ro, "/tmp/scratch", "/home/me", &pass, &av);
	got = t_joined(&av);
	want = xasprintf("bwrap --unshare-all --unshare-user --die-with-parent --as-pid-1 --new-session --clearenv %s "
	               "--ro-bind /r/usr /usr "
	               "--proc /proc --ro-bind /proc/sys /proc/sys --ro-bind-try /proc/sysrq-trigger /proc/sysrq-trigger "
	               "--ro-bind-try /dev/null /proc/keys --ro-bind-try /dev/null /proc/key-users "
	               "--perms 0777 --size 536870912 --tmpfs /dev --dev-bind /dev/null /dev/null --dev-bind /dev/zero /dev/zero "
	               "--dev-bind /dev/full /dev/full --dev-bind /dev/random /dev/random --dev-bind /dev/urandom /dev/urandom "
	               "--symlink /proc/self/fd /dev/fd --symlink /proc/self/fd/0 /dev/stdin "
	               "--symlink /proc/self/fd/1 /dev/stdout --symlink /proc/self/fd/2 /dev/stderr "
	               "--perms 1777 --size 536870912 --tmpfs /tmp "
	               "--perms 0755 --dir /home --perms 1777 --size 536870912 --tmpfs /home/me "
	               "--perms 0755 --dir /home --perms 0755 --dir /home/me --ro-bind /home/me/cases /home/me/cases "
	               "--perms 0755 --dir /tmp --perms 1777 --size 536870912 --tmpfs /tmp/scratch "
	               "--dir /home/me --chdir /home/me "
	               "--setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "
	               "--setenv LC_ALL C --setenv DIAGMATRIX_UNIT_PASSED a b "
	               "--perms 0755 --dir /dev --perms 1777 --size 536870912 --tmpfs /dev/shm --mqueue /dev/mqueue "
	               "--remount-ro / --cap-drop ALL --cap-add CAP_SYS_ADMIN --cap-add CAP_SETUID --cap-add CAP_SETGID "
	               "--cap-add CAP_KILL --",
	               geteuid() == 0 ? "--userns-block-fd 4 --info-fd 5" : "--uid 2000000000 --gid 2000000000");
	CHECK_STR(got, want);
	free(got);
	free(want);
	strvec_release(&av);
	strvec_release(&pass);
	strvec_release(&ro);
	strvec_release(&ri.mounts);
	got = root_build_command("compilers.yaml", "sid", 0);
	CHECK_STR(got, "diagmatrix root sid");
	free(got);
	got = root_build_command("my.yaml", "sid", 1);
	CHECK_STR(got, "diagmatrix root --config my.yaml --rebuild sid");
	free(got);
}

/* What no kept sandbox can run is refused before anything starts, with
 * why: a command without bwrap's "--" before it, and one too long for a
 * request; the job then fails as under bwrap, with that reason. */
TEST(box_refuses)
{
	struct strvec av = {0};
	struct box_stats before, after;
	char *big = xcalloc(BOX_MAX_REQUEST + 16, 1), *why;

	box_stats(&before);
	strvec_push(&av, "bwrap");
	strvec_push(&av, "--unshare-all");
	strvec_push(&av, "gcc");
	CHECK(box_start(&av, 2, BOX_COMPILE, 1, 2, &why) == NULL);         /* "--unshare-all" is not "--" */
	CHECK_STR(why, "not a sandbox's command");
	free(why);
	CHECK(box_start(&av, 0, BOX_COMPILE, 1, 2, &why) == NULL);
	free(why);
	strvec_release(&av);
	memset(big, 'x', BOX_MAX_REQUEST + 8);
	strvec_push(&av, "bwrap");
	strvec_push(&av, "--");
	strvec_push(&av, "gcc");
	strvec_push(&av, big);
	CHECK(box_start(&av, 2, BOX_COMPILE, 1, 2, &why) == NULL);
	CHECK(why && strstr(why, "cannot run in the sandbox"));
	free(why);
	box_stats(&after);
	CHECK(after.refused == before.refused + 3 && after.started == before.started && after.jobs == before.jobs);
	box_close_all();
	strvec_release(&av);
	free(big);
}

/* A sandbox whose box ends before its first job (here a "sandbox" that
 * is false(1)) is tried once more (a failure may pass), then refuses that
 * job, and is not started again for the next job with the same words;
 * another sandbox's words are tried. */
TEST(box_failed_not_retried)
{
	struct strvec a = {0}, b = {0};
	struct box_stats before, after;
	const char *const wa[] = { "false", "--x", "--", "cc" }, *const wb[] = { "false", "--y", "--", "cc" };
	char *why;

	for (size_t i = 0; i < 4; i++) {
		strvec_push(&a, wa[i]);
		strvec_push(&b, wb[i]);
	}
	box_stats(&before);
	for (int k = 0; k < 3; k++) {
		CHECK(box_start(k == 2 ? &b : &a, 3, BOX_COMPILE, 1, 2, &why) == NULL);
		CHECK(why != NULL);
		free(why);
	}
	box_stats(&after);
	CHECK(after.started == before.started + 4 && after.refused == before.refused + 3 && after.jobs == before.jobs);
	box_close_all();
	strvec_release(&a);
	strvec_release(&b);
}
