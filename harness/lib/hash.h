/* SPDX-License-Identifier: MIT */
/* hash: the harness's one hash function (FNV-1a, 64 bits) and its one
 * hash table, an open-addressing index over the elements of an array the
 * caller keeps (the index holds their positions, not the elements).
 */
#ifndef HASH_H
#define HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_INIT UINT64_C(1469598103934665603)

/* Mix n bytes into h. */
uint64_t hash_bytes(uint64_t h, const void *p, size_t n);
/* Mix a string and a separator into h (NULL hashes unlike ""). */
uint64_t hash_str(uint64_t h, const char *s);
uint64_t hash_int(uint64_t h, long v);

struct hindex {
	struct hslot {
		uint64_t hash;
		size_t pos;     /* the element's position + 1; 0: empty */
	} *slot;
	size_t cap, n;
};

/* The position of the element with hash h for which same(ctx, pos)
 * holds, or -1. */
long hindex_find(const struct hindex *ix, uint64_t h, int (*same)(const void *ctx, size_t pos), const void *ctx);
/* Add the element at pos with hash h (equal ones are not looked for). */
void hindex_add(struct hindex *ix, uint64_t h, size_t pos);
void hindex_release(struct hindex *ix);

#endif
