/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "sandbox/cached.h"

struct crun {
	const struct cached_opts *o;
	size_t *run;            /* sched index -> task index */
	char (*keys)[65];       /* task index -> its key, as looked up: made once */
};

static void
cget(void *vc, size_t i, struct proc *p)
{
	struct crun *c = vc;

	c->o->get(c->o->ctx, c->run[i], p);
}

static void
cdone(void *vc, size_t i, const struct proc_result *r)
{
	struct crun *c = vc;
	const struct cached_opts *o = c->o;
	size_t t = c->run[i];

	o->done(o->ctx, t, r, 0);
	if (o->cache->dir && (!o->keep || o->keep(o->ctx, t, r))) {
		struct cache_entry e = { .exit_code = r->exit_code, .seconds = r->seconds, .cpu = r->cpu,
		                         .err_dropped = r->err_dropped, .out = r->out, .err = r->err };
		char key[65];
		memcpy(key, c->keys[t], sizeof(key));
		if (o->store_key)
			o->store_key(o->ctx, t, r, key);
		if (key[0])
			cache_put(o->cache, key, &e);
	}
}

/* Answer from the cache what it has; the rest goes to c->run. Returns how
 * many are left to run. */
static size_t
from_cache(struct crun *c)
{
	const struct cached_opts *o = c->o;
	size_t nrun = 0;

	for (size_t t = 0; t < o->ntasks && !sched_stopped(); t++) {
		struct proc p = {0};
		struct cache_entry e;
		char *key = c->keys[t];

		if (!o->cache->dir) {
			c->run[nrun++] = t;
			continue;
		}
		o->get(o->ctx, t, &p);
		o->key(o->ctx, t, &p, key);
		if (key[0] && cache_get(o->cache, key, &e)) {
			struct proc_result r = { .proc = &p, .exit_code = e.exit_code, .seconds = e.seconds,
			                         .cpu = e.cpu, .err_dropped = e.err_dropped, .out = e.out, .err = e.err };
			o->done(o->ctx, t, &r, 1);
			cache_entry_release(&e);
		} else {
			c->run[nrun++] = t;
		}
		strvec_release(&p.argv);
	}
	return nrun;
}

int
cached_run(const struct cached_opts *o)
{
	struct crun c = { .o = o, .run = xcalloc(o->ntasks + 1, sizeof(size_t)),
	                  .keys = xcalloc(o->ntasks + 1, sizeof(*c.keys)) };
	struct sched_opts so = { .parallel = o->parallel, .ctx = &c, .get = cget, .done = cdone, .js = o->js };
	int r;

	so.njobs = from_cache(&c);
	if (o->order && so.njobs > 1)
		o->order(o->ctx, c.run, so.njobs);
	r = sched_stopped() ? sched_stopped() : sched_run(&so);
	free(c.run);
	free(c.keys);
	return r;
}
