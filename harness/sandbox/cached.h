/* SPDX-License-Identifier: MIT */
/* cached: run tasks (probes, compiles) through sched, but for those whose
 * answer the cache already holds: the one "from the cache, or spawned and
 * stored" loop of the harness.
 *
 * For each task, in order: get() describes it, key() names its answer;
 * on a hit, done() gets the answer at once, as if it had run (cached set).
 * The misses then run through sched_run, in the order order() gives them
 * (default: task order), and each answer keep() accepts is stored.
 */
#ifndef CACHED_H
#define CACHED_H

#include "sandbox/cache.h"
#include "sandbox/sched.h"

struct cached_opts {
	size_t ntasks;
	int parallel;
	struct cache *cache;            /* disabled: every task runs */
	struct jobserver *js;           /* or NULL */
	void *ctx;
	/* describe task i, as sched's get() */
	void (*get)(void *ctx, size_t i, struct proc *p);
	/* the cache key of task i, described by p; "" (key[0] 0): not cached */
	void (*key)(void *ctx, size_t i, const struct proc *p, char key[65]);
	/* task i ended (cached: its answer came from the cache) */
	void (*done)(void *ctx, size_t i, const struct proc_result *r, int cached);
	/* is the answer of task i worth keeping? (NULL: every answer) */
	int (*keep)(void *ctx, size_t i, const struct proc_result *r);
	/* optional: the key to keep task i's answer under, when only the
	 * answer names all it read (a compile's dependency output); "": not
	 * kept. NULL: the key looked up. */
	void (*store_key)(void *ctx, size_t i, const struct proc_result *r, char key[65]);
	/* optional: reorder the n tasks to run (indices into the tasks) */
	void (*order)(void *ctx, size_t *run, size_t n);
};

/* Returns what sched_run returns (0, a signal, -errno); a signal noted
 * (sched_stopped) while the cache is read stops the run too. */
int cached_run(const struct cached_opts *o);

#endif
