/* SPDX-License-Identifier: MIT */
/* cache: the output of compiles (and probes) whose inputs have not
 * changed, so that a rerun compiles only what changed.
 *
 * An entry is named by the SHA-256 of everything that can change the
 * output, fed in through the cache_key_* calls: the harness's version and
 * revision, the compiler's identity (resolved path, inode, size, times)
 * and version, the full argument vector, the environment variables
 * compilers read, the case file's bytes and those of the local headers it
 * includes. System headers are not part of the key.
 *
 * The cache lives in $DIAGMATRIX_CACHE, else $XDG_CACHE_HOME/diagmatrix,
 * else ~/.cache/diagmatrix. Entries are written to a temporary file and
 * renamed; each carries a checksum, and an entry that is short, corrupt
 * or of another format is a miss, never trusted. Failing to read or write
 * the cache is never an error: the job just compiles.
 */
#ifndef CACHE_H
#define CACHE_H

#include <time.h>

#include "lib/sha256.h"
#include "lib/util.h"

struct cache {
	char *dir;              /* NULL when disabled */
	size_t hits, misses, stores;
};

/* What a cached compile or probe printed and how it ended. */
struct cache_entry {
	int exit_code;
	double seconds, cpu;
	size_t err_dropped;
	struct strbuf out, err;
};

/* The cache directory: $DIAGMATRIX_CACHE, else $XDG_CACHE_HOME/diagmatrix,
 * else ~/.cache/diagmatrix (allocated), or NULL when none can be named. */
char *cache_dir(void);
/* A directory of the harness's: $ENV when set, else the cache directory's
 * sub (allocated, absolute: bwrap binds it wherever a job starts), or NULL
 * when neither can be named. */
char *cache_place(const char *env, const char *sub);
/* Open the cache (creating its directory, mode 0700); enabled = 0, or a
 * directory that cannot be made, leaves it disabled. */
void cache_open(struct cache *c, int enabled);
void cache_close(struct cache *c);

/* 1 and e filled on a hit (release e with cache_entry_release), else 0. */
int cache_get(struct cache *c, const char *key, struct cache_entry *e);
void cache_put(struct cache *c, const char *key, const struct cache_entry *e);
void cache_entry_release(struct cache_entry *e);

struct cache_key {
	struct sha256 sha;
};

void cache_key_init(struct cache_key *k, const char *kind);
/* The same for output the harness only starts, and does not shape (a
 * tree's build): the kind's own version, raised when what it runs
 * changes, stands for the harness's revision, so that a commit of the
 * harness does not rebuild a kernel. */
void cache_key_init_versioned(struct cache_key *k, const char *kind, int version);
void cache_key_str(struct cache_key *k, const char *s);
/* The identity of a command: its resolved path and that file's inode,
 * size and modification and change times. */
void cache_key_command(struct cache_key *k, const char *cmd);
/* A file's bytes, and those of the local headers it includes ("..."),
 * recursively. Returns 0 when the file reads what this cannot follow (an
 * #include of a macro, an "..." header not beside its includer, #embed,
 * __has_include, __has_embed, more than MAX_SOURCES files): a key that
 * would answer for other inputs too, not to be used. */
int cache_key_source(struct cache_key *k, const char *path);
/* A file a compile read (its dependency output): its name and bytes.
 * Returns -1 when it cannot be read, or was changed at or after since
 * (the compile's start, in seconds since the epoch; 0: no such check):
 * it may not be what the compile read. */
int cache_key_file(struct cache_key *k, const char *path, double since);
/* The environment variables that change what compilers do (PATH, LC_*,
 * LANG, GCC_*, CPATH, ...). */
void cache_key_env(struct cache_key *k, char *const *envp);
void cache_key_final(struct cache_key *k, char hex[65]);

#endif
