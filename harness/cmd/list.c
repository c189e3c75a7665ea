/* SPDX-License-Identifier: MIT */
/* list: the configured toolchains, whether each is installed, the packages they need, and where the cache and the trees are kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "sandbox/cache.h"
#include "sandbox/root.h"
#include "tree/treesrc.h"

/* One line per compiler × target, then one per root. */
static void
list_toolchains(const struct config *cfg, const struct probeset *ps)
{
	int w[5] = { 8, 7, 6, 4, 7 };   /* COMPILER VERSION TARGET ROOT COMMAND: the widest value */

	for (size_t i = 0; i < ps->n; i++) {
		const struct compiler *c = &cfg->compilers[ps->v[i].compiler];
		const char *v[5] = { c->name, ps->v[i].found ? ps->v[i].version : "-",
		                     tc_target(cfg, c, ps->v[i].tc)->arch,
		                     c->root >= 0 ? cfg->roots[c->root].name : "-", c->tcs[ps->v[i].tc].command };
		for (int k = 0; k < 5; k++)
			if ((int)strlen(v[k]) > w[k])
				w[k] = (int)strlen(v[k]);
	}
	printf("%-*s %-6s %-*s %-*s %-*s %-*s %s\n", w[0], "COMPILER", "FAMILY", w[1], "VERSION", w[2], "TARGET",
	       w[3], "ROOT", w[4], "COMMAND", "STATUS");
	for (size_t i = 0; i < ps->n; i++) {
		const struct probe *pr = &ps->v[i];
		const struct compiler *c = &cfg->compilers[pr->compiler];
		const struct toolchain *t = &c->tcs[pr->tc];
		char *st = pr->found ? xstrdup("found") : pr->broken ? xasprintf("error: %s", pr->note) :
		           pr->package ? xasprintf("missing: %s (apt-get install %s)", pr->note, pr->package) :
		           xasprintf("missing: %s", pr->note);
		printf("%-*s %-6s %-*s %-*s %-*s %-*s %s\n", w[0], c->name, family_name(c->family),
		       w[1], pr->found ? pr->version : "-", w[2], cfg->targets[t->target].arch,
		       w[3], c->root >= 0 ? cfg->roots[c->root].name : "-", w[4], t->command, st);
		free(st);
	}
	for (size_t r = 0; r < cfg->nroots; r++) {
		const struct rootinfo *ri = &ps->roots[r];
		const struct root *rt = &cfg->roots[r];
		char *build = root_build_command(cfg->path, rt->name, ri->state == ROOT_STALE);
		printf("%sroot %s (Debian %s): ", r ? "" : "\n", rt->name, rt->suite);
		if (ri->state == ROOT_READY)
			printf("built %s in %s\n", ri->built ? ri->built : "?", ri->dir);
		else if (ri->state == ROOT_STALE)
			printf("built %s for other packages or another suite; rebuild it: %s\n", ri->built ? ri->built : "?", build);
		else
			printf("not built; build it (as root): %s\n", build);
		free(build);
	}
}

/* Packages, each once, a line each (and pk emptied). */
static void
print_packages(struct strvec *pk)
{
	strvec_sort_unique(pk);
	for (size_t k = 0; k < pk->n; k++)
		printf("%s\n", pk->v[k]);
	strvec_release(pk);
}

/* The Debian packages the host needs for the shard's compilers of cfg:
 * theirs and their targets' (those that live in a root excluded), and
 * what builds and enters roots when they use any. Nothing is run. */
static void
list_host_packages(const struct config *cfg, struct shard shard, const struct config_filter *f)
{
	struct strvec pk = {0};
	int *in_shard = xcalloc(cfg->ncompilers + 1, sizeof(*in_shard)), roots = 0;

	config_shard_compilers(cfg, f, shard.k, shard.n, in_shard);
	for (size_t i = 0; i < cfg->ncompilers; i++) {
		const struct compiler *c = &cfg->compilers[i];
		roots |= in_shard[i] && c->root >= 0;
		for (size_t t = 0; t < c->ntcs && c->root < 0 && in_shard[i]; t++) {
			if (c->tcs[t].package && !c->prefix.n)
				strvec_push(&pk, c->tcs[t].package);
			if (tc_target(cfg, c, t)->package)
				strvec_push(&pk, tc_target(cfg, c, t)->package);
		}
	}
	free(in_shard);
	if (roots)
		strvec_push(&pk, "debootstrap");
	if (roots || cfg->sandbox)
		strvec_push(&pk, "bubblewrap");         /* the sandbox of every job */
	print_packages(&pk);
}

/* The packages that would bring the missing toolchains, each once. */
static void
list_missing(const struct probeset *ps)
{
	struct strvec pk = {0};

	for (size_t i = 0; i < ps->n; i++)
		if (!ps->v[i].found && ps->v[i].package)
			strvec_push(&pk, ps->v[i].package);
	print_packages(&pk);
}

/* Where the cache and the trees are kept: what `make bench` and a user
 * cleaning up need to find. */
static void
list_places(void)
{
	char *cache = cache_dir(), *trees = trees_dir();

	printf("cache: %s\n", cache ? cache : "none (set DIAGMATRIX_CACHE or HOME)");
	printf("trees: %s\n", trees ? trees : "none (set DIAGMATRIX_TREES, DIAGMATRIX_CACHE or HOME)");
	free(cache);
	free(trees);
}

int
list_main(const char *config, int what, struct shard shard, const struct config_filter *f)
{
	struct plan_opts o = { .config = config };
	struct plan p;
	int status = cmd_plan(&p, &o, what == LIST_HOST_PACKAGES ? 0 : PLAN_PROBES, 1);

	if (status) {
		/* nothing */
	} else if (what == LIST_HOST_PACKAGES) {
		list_host_packages(&p.cfg, shard, f);
	} else if (what == LIST_MISSING_PACKAGES) {
		list_missing(&p.ps);
	} else {
		list_toolchains(&p.cfg, &p.ps);
		printf("%ssandbox: %s\n", p.cfg.nroots ? "" : "\n",
		       !p.cfg.sandbox ? "off (sandbox: false): host compilers run without one" :
		       p.ps.sandbox ? "bwrap works: every job runs in it" :
		       "bwrap cannot run here: host compilers run without a sandbox (apt-get install bubblewrap)");
		list_places();
	}
	plan_release(&p);
	return status;
}

