/* SPDX-License-Identifier: MIT */
/* compdb: a compilation database (compile_commands.json, as Kbuild,
 * CMake, Meson and Bear write it): a JSON array of objects, each with
 * "directory", "file", and "arguments" (an array of words) or "command"
 * (one string, split as a POSIX shell splits words); "output" and any
 * other key are read past.
 *
 * A pure parser: bytes in, entries out; errors as FILE:LINE:COL. Nesting
 * is bounded, and so is everything by the size of the input.
 */
#ifndef COMPDB_H
#define COMPDB_H

#include <stddef.h>

#include "lib/srcerr.h"
#include "lib/util.h"

struct compdb_entry {
	char *directory;        /* "" when absent */
	char *file;             /* as written ("" when absent) */
	struct strvec argv;     /* the command's words */
	int line;               /* where the entry begins */
};

struct compdb {
	struct compdb_entry *v;
	size_t n, cap;
};

/* Parse buf (len bytes) of the file called name into db. Returns 0, or
 * -1 with errors added to errs (db then holds what was read before). */
int compdb_parse(struct compdb *db, const char *name, const char *buf, size_t len, struct errlist *errs);
/* The directory e's command runs in: its own, a relative one taken
 * against base (the database's directory; NULL: as it is). Allocated. */
char *compdb_dir(const struct compdb_entry *e, const char *base);
/* The entry that compiles source (an absolute path, symbolic links
 * resolved) with its file resolved against its directory (compdb_dir):
 * the nth from 1, or (nth 0) the last when there are several (a later
 * build's). *count: how many compile it. NULL: none, or fewer than nth. */
const struct compdb_entry *compdb_find(const struct compdb *db, const char *base, const char *source, size_t nth,
                                       size_t *count);
void compdb_release(struct compdb *db);

#endif
