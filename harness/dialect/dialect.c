/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "dialect/dialect.h"

extern const struct dialect_ops dialect_dejagnu, dialect_verify, dialect_none, dialect_native;

/* In the order --dialect auto asks them; the last is what no other claims. */
static const struct dialect_ops *const dialects[] = {
	&dialect_dejagnu,
	&dialect_verify,
	&dialect_none,          /* claims nothing: never detected */
	&dialect_native,
};

const struct dialect_ops *
dialect_find(const char *name)
{
	for (size_t i = 0; i < LEN(dialects); i++)
		if (!strcmp(dialects[i]->name, name))
			return dialects[i];
	return NULL;
}

int
dialect_known(const char *name)
{
	return !strcmp(name, "auto") || dialect_find(name);
}

const struct dialect_ops *
dialect_detect(const char *buf, size_t len, const struct dialect_dir *dir)
{
	const struct dialect_ops *best = NULL;
	long first = -1;

	for (size_t i = 0; i < LEN(dialects); i++) {
		long at = dialects[i]->claims ? dialects[i]->claims(buf, len) : -1;
		if (at >= 0 && (first < 0 || at < first)) {
			best = dialects[i];
			first = at;
		}
	}
	if (best)
		return best;
	/* a DejaGnu test directory runs every file, directives or not */
	return dir && dir->runs_all ? dir->runs_all : dialects[LEN(dialects) - 1];
}

void
dialect_dir_load(struct dialect_dir *dd, const char *dir)
{
	if (dd->path && !strcmp(dd->path, dir))
		return;
	dialect_dir_release(dd);
	dd->path = xstrdup(dir);
	dd->data = xcalloc(LEN(dialects), sizeof(*dd->data));
	for (size_t i = 0; i < LEN(dialects); i++) {
		int runs_all = 0;
		if (!dialects[i]->dir_load)
			continue;
		dd->data[i] = dialects[i]->dir_load(dir, &runs_all);
		if (runs_all && !dd->runs_all)
			dd->runs_all = dialects[i];
	}
}

const void *
dialect_dir_data(const struct dialect_dir *dd, const struct dialect_ops *d)
{
	for (size_t i = 0; dd && dd->data && i < LEN(dialects); i++)
		if (dialects[i] == d)
			return dd->data[i];
	return NULL;
}

void
dialect_dir_release(struct dialect_dir *dd)
{
	for (size_t i = 0; dd->data && i < LEN(dialects); i++)
		if (dd->data[i])
			dialects[i]->dir_free(dd->data[i]);
	free(dd->data);
	free(dd->path);
	memset(dd, 0, sizeof(*dd));
}

void
dialect_dir_put(struct dialect_dir *dd, const struct dialect_ops *d, void *data, int runs_all)
{
	if (!dd->data)
		dd->data = xcalloc(LEN(dialects), sizeof(*dd->data));
	for (size_t i = 0; i < LEN(dialects); i++) {
		if (dialects[i] != d)
			continue;
		if (dd->data[i])
			d->dir_free(dd->data[i]);
		dd->data[i] = data;
		if (runs_all && !dd->runs_all)
			dd->runs_all = d;
	}
}
