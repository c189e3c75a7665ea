/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dialect/load.h"

/* The *.c files under dir (rel: its name under the cases root), sorted;
 * links to directories and lit's Inputs directories are not entered. */
static int
walk(const char *dir, const char *rel, struct strvec *paths, struct strvec *names, struct errlist *errs)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	struct strvec entries = {0};
	int r = 0;

	if (!d) {
		errlist_add(errs, dir, 0, 0, "cannot open directory: %s", strerror(errno));
		return -1;
	}
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			strvec_push(&entries, de->d_name);
	closedir(d);
	if (entries.n)
		strvec_sort(&entries);
	for (size_t i = 0; i < entries.n && !r; i++) {
		char *full = xasprintf("%s/%s", dir, entries.v[i]);
		char *name = *rel ? xasprintf("%s/%s", rel, entries.v[i]) : xstrdup(entries.v[i]);
		struct stat st, lst;
		size_t len = strlen(entries.v[i]);
		int is_c = len > 2 && !strcmp(entries.v[i] + len - 2, ".c");
		/* a link to a directory is not followed (a loop would never end);
		 * what is not a case file need not even exist */
		if (lstat(full, &lst) < 0 || (S_ISLNK(lst.st_mode) && !is_c)) {
			/* nothing */
		} else if (stat(full, &st) < 0) {
			errlist_add(errs, full, 0, 0, "cannot read: %s", strerror(errno));
			r = -1;
		} else if (S_ISDIR(st.st_mode) && !S_ISLNK(lst.st_mode) && strcmp(entries.v[i], "Inputs")) {
			/* lit's Inputs directories hold what tests include, not tests */
			r = walk(full, name, paths, names, errs);
		} else if (S_ISREG(st.st_mode) && is_c) {
			strvec_push(paths, full);
			strvec_push(names, name);
		}
		free(full);
		free(name);
	}
	strvec_release(&entries);
	return r;
}

/* Collect the *.c files under path (a file or a directory, recursively,
 * sorted, but for directories named Inputs), with their names relative to
 * the cases root: a file given by itself by its name, or by its path below
 * root when it is under root. */
static int
cases_collect(const char *path, const char *root, struct strvec *paths, struct strvec *names,
              struct errlist *errs)
{
	struct stat st;
	char *dir;
	size_t len = strlen(path);

	if (stat(path, &st) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		dir = xstrdup(path);
		while (strlen(dir) > 1 && dir[strlen(dir) - 1] == '/')
			dir[strlen(dir) - 1] = 0;
		len = (size_t)walk(dir, "", paths, names, errs);
		free(dir);
		return (int)len;
	}
	strvec_push(paths, path);
	len = root ? strlen(root) : 0;
	if (root && !strncmp(path, root, len) && path[len] == '/' && path[len + 1]) {
		strvec_push(names, path + len + 1);
	} else {
		const char *slash = strrchr(path, '/');
		strvec_push(names, slash ? slash + 1 : path);
	}
	return 0;
}

/* A file whose #include reads a header with directives of its own (a
 * -verify file's: Clang's verifier reads them too): this harness does
 * not, so the file is n/a rather than judged on half its expectations.
 * The dialect names where each header may be found (dialect.h). */
static void
check_headers(struct casefile *cf)
{
	const struct strvec *hs = cf->dialect->headers ? cf->dialect->headers(cf) : NULL;
	int done = 0;

	for (size_t i = 0; hs && i < hs->n && !cf->unsupported; i++) {
		char *name;
		int line = (int)strtol(hs->v[i], &name, 10);
		const char *path = strchr(name, '\t') + 1;
		struct strbuf sb = {0};
		long at;
		if (line == done || read_file(path, MAX_CASE_BYTES, &sb, NULL) < 0) {
			sb_release(&sb);
			continue;
		}
		done = line;    /* the first found is the one included */
		at = cf->dialect->claims(sb_str(&sb), sb.len);
		if (at >= 0 && (size_t)at < sb.len)
			case_unsupported(cf, line, "-%s directives in the header it includes, %.*s, which are not read",
			                 cf->dialect->name, (int)(path - name - 2), name + 1);
		sb_release(&sb);
	}
}

/* case_parse, for a file whose real path is known (abspath; NULL: path). */
static int
parse_at(struct casefile *cf, const char *path, const char *abspath, const char *name, const char *buf,
         size_t len, const struct dialect_ops *dialect, const struct read_ctx *ctx, struct errlist *errs)
{
	const char *base;

	case_init(cf, path, abspath, name, buf, len);
	cf->dialect = dialect ? dialect : dialect_detect(buf, len, ctx->dir);
	if (cf->dialect->read(cf, buf, len, ctx, errs) < 0) {
		case_release(cf);
		return -1;
	}
	if (!cf->title) {
		base = strrchr(name, '/');
		cf->title = xstrdup(base ? base + 1 : name);
	}
	check_headers(cf);
	return 0;
}

int
case_parse(struct casefile *cf, const char *path, const char *name, const char *buf, size_t len,
           const struct dialect_ops *dialect, const struct read_ctx *ctx, struct errlist *errs)
{
	return parse_at(cf, path, NULL, name, buf, len, dialect, ctx, errs);
}

/* What the dialects read of the directory of the file at abspath: files
 * come directory by directory, so each directory is read once. */
static const struct dialect_dir *
dir_of(struct dialect_dir *dd, const char *abspath)
{
	const char *slash = strrchr(abspath, '/');
	char *dir = slash ? xstrndup(abspath, (size_t)(slash - abspath) + (slash == abspath)) : xstrdup(".");

	dialect_dir_load(dd, dir);
	free(dir);
	return dd;
}

/* The case (or cases: one per -verify RUN command) of one file. */
static int
load_file(struct caselist *cl, const char *path, const char *name, const struct dialect_ops *dialect,
          struct read_ctx *ctx, struct dialect_dir *dd, struct errlist *errs)
{
	struct strbuf sb = {0};
	char *abspath = NULL;
	char *why;
	int variants = 1, r = 0;

	if (read_file(path, MAX_CASE_BYTES, &sb, &why) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", why);
		free(why);
		sb_release(&sb);
		return -1;
	}
	abspath = realpath(path, NULL);
	ctx->dir = dir_of(dd, abspath ? abspath : path);
	for (int v = 0; v < variants && !r; v++) {
		struct casefile *cf;
		xgrow((void **)&cl->v, &cl->cap, cl->n + 2, sizeof(*cl->v));
		cf = &cl->v[cl->n];
		ctx->variant = v;
		if (parse_at(cf, path, abspath, name, sb_str(&sb), sb.len, dialect, ctx, errs) < 0) {
			r = -1;
			break;
		}
		if (v == 0 && cf->dialect->variants)
			variants = cf->dialect->variants(cf);
		if (variants > 1) {
			char *n = xasprintf("%s (RUN %d)", cf->name, v + 1), *t = xasprintf("%s (RUN %d)", cf->title, v + 1);
			free(cf->name);
			free(cf->title);
			cf->name = n;
			cf->title = t;
		}
		cl->n++;
	}
	free(abspath);
	sb_release(&sb);
	return r;
}

static int
cmp_case_name(const void *a, const void *b)
{
	const struct casefile *x = *(struct casefile *const *)a, *y = *(struct casefile *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x > y) - (x < y);      /* in the order they were read */
}

/* Names are what results and reports know cases by: each once. */
static int
check_names(const struct caselist *cl, struct errlist *errs)
{
	struct casefile **by = xcalloc(cl->n + 1, sizeof(*by));
	int r = 0;

	for (size_t k = 0; k < cl->n; k++)
		by[k] = &cl->v[k];
	qsort(by, cl->n, sizeof(*by), cmp_case_name);
	for (size_t k = 1; k < cl->n; k++) {
		if (!strcmp(by[k - 1]->name, by[k]->name)) {
			errlist_add(errs, by[k]->path, 0, 0, "case name '%s' also used by %s", by[k]->name, by[k - 1]->path);
			r = -1;
		}
	}
	free(by);
	return r;
}

int
cases_load(struct caselist *cl, const struct strvec *inputs, const struct sel_vocab *vocab,
           const struct dialect_ops *dialect, struct errlist *errs)
{
	return cases_load_under(cl, inputs, NULL, vocab, dialect, errs);
}

int
cases_load_under(struct caselist *cl, const struct strvec *inputs, const char *root, const struct sel_vocab *vocab,
                 const struct dialect_ops *dialect, struct errlist *errs)
{
	struct strvec paths = {0}, names = {0};
	struct read_ctx ctx = { .vocab = vocab };
	struct dialect_dir dd = {0};
	int r = 0;

	memset(cl, 0, sizeof(*cl));
	xgrow((void **)&cl->v, &cl->cap, 1, sizeof(*cl->v));
	if (!inputs->n)
		r = cases_collect("cases", NULL, &paths, &names, errs);
	for (size_t i = 0; i < inputs->n; i++)
		if (cases_collect(inputs->v[i], root, &paths, &names, errs) < 0)
			r = -1;
	for (size_t i = 0; i < paths.n; i++)
		if (load_file(cl, paths.v[i], names.v[i], dialect, &ctx, &dd, errs) < 0)
			r = -1;
	memset(&cl->v[cl->n], 0, sizeof(*cl->v));
	if (check_names(cl, errs) < 0)
		r = -1;
	dialect_dir_release(&dd);
	strvec_release(&paths);
	strvec_release(&names);
	return r;
}

void
caselist_release(struct caselist *cl)
{
	for (size_t i = 0; i < cl->n; i++)
		case_release(&cl->v[i]);
	free(cl->v);
	memset(cl, 0, sizeof(*cl));
}
