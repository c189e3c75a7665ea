/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "dialect.h"

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
dialect_detect(const char *buf, size_t len, int in_dejagnu_dir)
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
	return in_dejagnu_dir ? &dialect_dejagnu : dialects[LEN(dialects) - 1];
}
