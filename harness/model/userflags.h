/* SPDX-License-Identifier: MIT */
/* userflags: the flags a user hands `try`, trusted (unlike a case's):
 * typed after `--`, or taken from the project's own build
 * (compile_commands.json, compdb.h).
 *
 * A build's command is sorted word by word into what every configuration
 * keeps (include directories, -include files, defines: they decide what
 * the file means), what each toolchain keeps only if it takes it (the
 * options that change analysis or code generation: -W, -f, -m, -O, -std,
 * --param; tested per toolchain, probe_flags in probe.h), and what is
 * dropped (the compiler itself, the file, the output, dependency files,
 * the assembler's and linker's options, debug information, the diagnostic
 * format, plug-ins, the target: the matrix sets it).
 *
 * Paths in flags are made absolute (the sandbox starts elsewhere), and
 * the directories they name are bound read-only into every sandbox.
 */
#ifndef USERFLAGS_H
#define USERFLAGS_H

#include "lib/util.h"

/* A build command sorted: each list holds whole words ("-I", "dir" stay
 * two words; a joined "-Idir" one). */
struct buildflags {
	struct strvec keep;         /* for every configuration */
	struct strvec maybe;        /* for the toolchains that take each one */
	struct strvec dropped;      /* what was left out, for the header */
};

/* Sort argv (argv[0] the compiler; words that are no options, the file
 * compiled among them, are dropped), relative paths resolved against dir.
 * A plain -Werror is dropped (an error stops GCC's later passes, and the
 * question is what warns); -Werror=OPTION is tested like other options. */
void buildflags_sort(struct buildflags *bf, const struct strvec *argv, const char *dir);
void buildflags_release(struct buildflags *bf);

/* Rewrite the relative paths of the path-taking options of flags
 * (-I, -iquote, -isystem, -idirafter, -include, -imacros, --sysroot,
 * joined or separate) against dir. */
void userflags_absolute(struct strvec *flags, const char *dir);
/* Append to dirs the directories the path-taking options of flags name
 * (a file's directory for -include, -imacros), but the system's own
 * (/usr/include, /usr/lib, /lib, /etc, ...), which every root has of its
 * own: unique, absolute. */
void userflags_dirs(const struct strvec *flags, struct strvec *dirs);
/* Does any flag name a path? (Then the files it reaches are not in a
 * cache key, and try does not use the cache for its compiles.) */
int userflags_name_paths(const struct strvec *flags);

#endif
