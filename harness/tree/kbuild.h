/* SPDX-License-Identifier: MIT */
/* kbuild: what the harness needs to know of the kernel's build system to
 * drive it (docs/trees.md): its command lines, the wrappers that run a
 * root's compiler and binutils for it, whether a configuration holds what
 * was asked, which files a patch touches, and where a diagnostic's file
 * is in the source tree. Pure: strings in, strings out.
 */
#ifndef KBUILD_H
#define KBUILD_H

#include <stddef.h>

#include "lib/util.h"

/* The version of what the harness runs to build a tree (the commands,
 * wrappers and sandbox below and in cmd/tree.c): raise it when they change
 * what a build prints, and every tree is built again. */
#define KBUILD_KEY_VERSION 1

/* The tools Kbuild takes from CROSS_COMPILE, beside the compiler. */
extern const char *const kbuild_binutils[];
extern const size_t kbuild_nbinutils;

/* A wrapper script (sh) that runs command with the arguments it is
 * given, through prefix (a bwrap command ending in "--", or empty: run it
 * directly), in the directory it was started in. */
void kbuild_wrapper(struct strbuf *out, const struct strvec *prefix, const char *command);

/* make's arguments for target (a configuration target, a unit, "prepare")
 * with the source in src, the build in out, ARCH=arch, the tools under
 * cross (CROSS_COMPILE), host tools with hostcc, jobs at once; -k goes
 * on after an error, so that every diagnostic of a unit is seen. */
void kbuild_make(struct strvec *av, const char *src, const char *out, const char *arch, const char *cross,
                 const char *hostcc, int jobs, const char *target);

/* The options (SYMBOL=VALUE) that .config (text) does not hold, appended
 * to unmet as "SYMBOL=VALUE (the configuration has SYMBOL=OTHER)" or
 * "... (not set)". */
void kbuild_config_unmet(const char *dotconfig, size_t len, const struct strvec *options, struct strvec *unmet);

/* The lines appended to .config to ask for options. */
void kbuild_config_fragment(struct strbuf *out, const struct strvec *options);

/* The files a unified diff (-p1) changes, appended to files. Returns 0,
 * or -1 with *why (allocated) when it adds, deletes or renames a file, or
 * names a path that is not relative or holds "..". */
int kbuild_patch_files(const char *patch, size_t len, struct strvec *files, char **why);

/* How many objects of unit (a directory, an object; all or prepare: any) Kbuild's output
 * (out, len bytes) says it compiled ("  CC      fs/qnx4/inode.o"): none
 * means the configuration leaves the unit out. */
size_t kbuild_compiled(const char *out, size_t len, const char *unit);

/* file as a diagnostic names it, relative to the source tree (src) or the
 * build directory (out, where generated files are), or as it is when it
 * is in neither. Allocated. */
char *kbuild_source_path(const char *file, const char *src, const char *out);

#endif
