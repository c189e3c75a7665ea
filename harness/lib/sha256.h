/* SPDX-License-Identifier: MIT */
/* sha256: FIPS 180-4 SHA-256, for cache keys and entry checksums. */
#ifndef SHA256_H
#define SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t len;           /* bytes hashed so far */
	unsigned char buf[64];
	size_t nbuf;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
/* Finish and write the digest as 64 lowercase hex digits and a NUL. */
void sha256_hex(struct sha256 *s, char out[65]);

#endif
