/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
/* root: the Debian roots the configuration's compilers live in, built with debootstrap (sandbox/root.h). */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "sandbox/root.h"

struct buildview {
	const char *name;
	double start;
	int tty;
};

/* One status line per debootstrap line, on a terminal. */
static void
build_line(void *vctx, const char *text)
{
	struct buildview *v = vctx;

	if (!v->tty)
		return;
	fprintf(stderr, "\r[root %s, %.0f s] %.60s\033[K", v->name, now_seconds() - v->start, text);
}

static unsigned long long tree_bytes;   /* add_size's sum: nftw has no context argument */

static int
add_size(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path;
	(void)ftw;
	if (flag == FTW_F)
		tree_bytes += (unsigned long long)st->st_blocks * 512;
	return 0;
}

/* Build root r; 0, 1 when it failed, or 128 + the interrupting signal. */
static int
build_root(const struct root *r, int quiet)
{
	struct buildview v = { r->name, now_seconds(), !quiet && isatty(2) };
	struct rootinfo ri;
	char *err = NULL;
	int st;

	if (!quiet)
		fprintf(stderr, "diagmatrix: building root %s (Debian %s, %zu packages and what they need) with debootstrap\n",
		        r->name, r->suite, r->packages.n);
	st = root_build(r, build_line, &v, &err);
	if (v.tty)
		fputs("\r\033[K", stderr);
	if (st > 0) {
		fprintf(stderr, "diagmatrix: interrupted by signal %d: root %s not built\n", st, r->name);
		return 128 + st;
	}
	if (st < 0) {
		say_error("root %s: %s", r->name, err);
		free(err);
		return 1;
	}
	root_inspect(r, &ri);
	tree_bytes = 0;
	nftw(ri.dir, add_size, 16, FTW_PHYS | FTW_MOUNT);
	if (!quiet)
		fprintf(stderr, "diagmatrix: root %s built in %.0f s: %s, %.1f GB\n", r->name, now_seconds() - v.start,
		        ri.dir, (double)tree_bytes / 1e9);
	rootinfo_release(&ri);
	return 0;
}

int
root_main(const char *config, const struct strvec *names, int rebuild, int quiet, struct shard shard,
          const struct config_filter *f)
{
	struct config cfg;
	struct errlist errs = {0};
	int status = 0, *in_shard;

	if (config_load(&cfg, config, &errs) < 0) {
		errlist_print(&errs, stderr);
		errlist_release(&errs);
		return 2;
	}
	in_shard = xcalloc(cfg.ncompilers + 1, sizeof(*in_shard));
	config_shard_compilers(&cfg, f, shard.k, shard.n, in_shard);
	for (size_t i = 0; i < names->n; i++) {
		if (config_find_root(&cfg, names->v[i]) < 0) {
			say_error("no root '%s' in %s", names->v[i], cfg.path);
			status = 2;
		}
	}
	for (size_t k = 0; k < cfg.nroots && !status; k++) {
		const struct root *r = &cfg.roots[k];
		struct rootinfo ri;
		int used = 0, ready;

		for (size_t c = 0; c < cfg.ncompilers; c++)
			used |= in_shard[c] && cfg.compilers[c].root == (long)k;
		if (names->n ? !config_keeps(names, r->name) : !used)
			continue;
		root_inspect(r, &ri);
		ready = ri.state == ROOT_READY;
		if (ready && !rebuild && !quiet)
			fprintf(stderr, "diagmatrix: root %s is up to date (built %s): %s\n", r->name, ri.built ? ri.built : "?", ri.dir);
		rootinfo_release(&ri);
		if (ready && !rebuild)
			continue;
		if (geteuid() != 0) {
			say_error("building root %s needs root privileges (debootstrap does): run it as root", r->name);
			status = 1;
		} else if (!command_exists("debootstrap")) {
			say_error("debootstrap not found (apt-get install debootstrap)");
			status = 1;
		} else {
			status = build_root(r, quiet);
		}
	}
	free(in_shard);
	config_release(&cfg);
	return status;
}

