/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "lib/hash.h"
#include "lib/util.h"

#define FNV_PRIME UINT64_C(1099511628211)

uint64_t
hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * FNV_PRIME;
	return h;
}

uint64_t
hash_str(uint64_t h, const char *s)
{
	if (s)
		h = hash_bytes(h, s, strlen(s));
	return (h ^ (s ? 0xff : 0xfe)) * FNV_PRIME;
}

uint64_t
hash_int(uint64_t h, long v)
{
	return hash_bytes(h, &v, sizeof(v));
}

long
hindex_find(const struct hindex *ix, uint64_t h, int (*same)(const void *ctx, size_t pos), const void *ctx)
{
	if (!ix->cap)
		return -1;
	for (size_t i = h & (ix->cap - 1); ix->slot[i].pos; i = (i + 1) & (ix->cap - 1))
		if (ix->slot[i].hash == h && same(ctx, ix->slot[i].pos - 1))
			return (long)ix->slot[i].pos - 1;
	return -1;
}

static void
put(struct hindex *ix, uint64_t h, size_t pos1)
{
	size_t i = h & (ix->cap - 1);

	while (ix->slot[i].pos)
		i = (i + 1) & (ix->cap - 1);
	ix->slot[i].hash = h;
	ix->slot[i].pos = pos1;
}

void
hindex_add(struct hindex *ix, uint64_t h, size_t pos)
{
	if (2 * (ix->n + 1) > ix->cap) {
		struct hindex old = *ix;
		ix->cap = ix->cap ? 2 * ix->cap : 64;
		ix->slot = xcalloc(ix->cap, sizeof(*ix->slot));
		for (size_t i = 0; i < old.cap; i++)
			if (old.slot[i].pos)
				put(ix, old.slot[i].hash, old.slot[i].pos);
		free(old.slot);
	}
	put(ix, h, pos + 1);
	ix->n++;
}

void
hindex_release(struct hindex *ix)
{
	free(ix->slot);
	memset(ix, 0, sizeof(*ix));
}
