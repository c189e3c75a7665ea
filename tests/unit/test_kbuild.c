/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "tree/kbuild.h"
#include "model/tree.h"
#include "tree/treejudge.h"
#include "t.h"

static int
patch_err(const char *patch, const char *want)
{
	struct strvec files = {0};
	char *err = NULL;
	int r = kbuild_patch_files(patch, strlen(patch), &files, &err);
	int ok = r < 0 && err && strstr(err, want);

	if (!ok)
		printf("    patch: got %d '%s', want '%s'\n", r, err ? err : "", want);
	free(err);
	strvec_release(&files);
	return ok;
}

TEST(kbuild_patches)
{
	static const char good[] =
		"Prose before the diff is no part of it.\n"
		"--- a/init/Kconfig\t2024-01-01\n+++ b/init/Kconfig\t2024-01-02\n@@ -1 +1 @@\n-a\n+b\n"
		"diff --git a/fs/x.c b/fs/x.c\n--- a/fs/x.c\n+++ b/fs/x.c\n@@ -1 +1 @@\n-a\n+b\n"
		"--- a/init/Kconfig\n+++ b/init/Kconfig\n@@ -9 +9 @@\n-c\n+d\n";
	struct strvec files = {0};
	char *err = NULL;

	CHECK(kbuild_patch_files(good, sizeof(good) - 1, &files, &err) == 0 && !err);
	CHECK(files.n == 2);
	if (files.n == 2) {
		CHECK_STR(files.v[0], "init/Kconfig");
		CHECK_STR(files.v[1], "fs/x.c");
	}
	strvec_release(&files);
	CHECK(patch_err("--- /dev/null\n+++ b/new.c\n", "adds a file"));
	CHECK(patch_err("--- a/old.c\n+++ /dev/null\n", "deletes a file"));
	CHECK(patch_err("diff --git a/x b/y\nrename from x\nrename to y\n", "renames a file"));
	CHECK(patch_err("--- a/../../etc/passwd\n+++ b/../../etc/passwd\n", "not a relative path inside the source"));
	CHECK(patch_err("--- a//etc/passwd\n+++ b//etc/passwd\n", "not a relative path"));
	CHECK(patch_err("just prose\n", "changes no file"));
}

TEST(kbuild_config)
{
	static const char dot[] = "CONFIG_KCSAN=y\n# CONFIG_KASAN is not set\nCONFIG_DRM=m\nCONFIG_NR_CPUS=64\n";
	struct strvec opts = {0}, unmet = {0};
	struct strbuf frag = {0};
	char *all;

	strvec_push(&opts, "KCSAN=y");
	strvec_push(&opts, "KASAN=n");
	strvec_push(&opts, "DRM=y");
	strvec_push(&opts, "NR_CPUS=64");
	strvec_push(&opts, "NO_SUCH=y");
	strvec_push(&opts, "ABSENT=n");
	kbuild_config_unmet(dot, sizeof(dot) - 1, &opts, &unmet);
	all = t_joined(&unmet);
	CHECK_STR(all, "DRM=y (the configuration has DRM=m) NO_SUCH=y (not set)");
	free(all);
	kbuild_config_fragment(&frag, &opts);
	CHECK_STR(sb_str(&frag), "CONFIG_KCSAN=y\n# CONFIG_KASAN is not set\nCONFIG_DRM=y\nCONFIG_NR_CPUS=64\n"
	                         "CONFIG_NO_SUCH=y\n# CONFIG_ABSENT is not set\n");
	sb_release(&frag);
	strvec_release(&opts);
	strvec_release(&unmet);
}

TEST(kbuild_output)
{
	static const char out[] = "  CC      fs/qnx4/inode.o\n  CC [M]  fs/qnx4/dir.o\n  CC      fs/qnx4x/a.o\n"
	                          "  AR      fs/qnx4/built-in.a\n  CC      lib/crypto/chacha.o\n";
	struct strvec none = {0}, prefix = {0};
	struct strbuf w = {0};
	/* as Kbuild names a file, as the tree names it (source /src/linux, build /b/out) */
	static const char *const paths[][2] = {
		{ "/src/linux/fs/qnx4/inode.c", "fs/qnx4/inode.c" },
		{ "././include/linux/x.h", "include/linux/x.h" },
		{ "/b/out/include/generated/y.h", "include/generated/y.h" },
		/* s390's vDSO names its sources through its own directory */
		{ "/src/linux/arch/s390/kernel/vdso/../../../../lib/vdso/g.c", "lib/vdso/g.c" },
		{ "/src/linux/../x.c", "../x.c" },
		{ "/usr/include/stdio.h", "/usr/include/stdio.h" },
	};
	char *p;

	CHECK(kbuild_compiled(out, sizeof(out) - 1, "fs/qnx4/") == 2);
	CHECK(kbuild_compiled(out, sizeof(out) - 1, "lib/crypto/chacha.o") == 1);
	CHECK(kbuild_compiled(out, sizeof(out) - 1, "lib/crypto/cha.o") == 0);
	CHECK(kbuild_compiled(out, sizeof(out) - 1, "drivers/") == 0);
	CHECK(kbuild_compiled(out, sizeof(out) - 1, "all") == 4);
	for (size_t i = 0; i < LEN(paths); i++) {
		p = kbuild_source_path(paths[i][0], "/src/linux", "/b/out");
		CHECK_STR(p, paths[i][1]);
		free(p);
	}
	/* the wrapper quotes what it is given, and runs in the directory it was started in */
	strvec_push(&prefix, "bwrap");
	strvec_push(&prefix, "--chdir");
	strvec_push(&prefix, "@PWD@");
	strvec_push(&prefix, "a b'c");
	kbuild_wrapper(&w, &prefix, "gcc-16");
	CHECK(strstr(sb_str(&w), "exec bwrap --chdir \"$PWD\" 'a b'\\''c' gcc-16 \"$@\"\n") != NULL);
	sb_reset(&w);
	kbuild_wrapper(&w, &none, "gcc-12");
	CHECK(strstr(sb_str(&w), "exec gcc-12 \"$@\"\n") != NULL);
	sb_release(&w);
	strvec_release(&prefix);
}

TEST(tree_units)
{
	struct tree_expect e = { .file = "drivers/gpu/drm/xe/xe_gt_pagefault.c" };

	CHECK(tree_unit_has("drivers/gpu/drm/xe/", &e));
	CHECK(tree_unit_has("drivers/", &e));
	CHECK(tree_unit_has("drivers/gpu/drm/xe/xe_gt_pagefault.o", &e));
	CHECK(!tree_unit_has("drivers/gpu/drm/xe/xe_gt.o", &e));
	CHECK(!tree_unit_has("drivers/gpu/drm/x/", &e));
	CHECK(!tree_unit_has("fs/", &e));
	CHECK(tree_unit_has("all", &e));
}
