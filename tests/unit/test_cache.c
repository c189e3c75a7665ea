/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <unistd.h>

#include "sandbox/cache.h"
#include "lib/sha256.h"
#include "t.h"

TEST(sha256_vectors)
{
	static const struct { const char *in; const char *out; } v[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	};
	for (size_t i = 0; i < LEN(v); i++) {
		struct sha256 s;
		char hex[65];
		sha256_init(&s);
		/* in two pieces, across the block boundary logic */
		sha256_update(&s, v[i].in, strlen(v[i].in) / 2);
		sha256_update(&s, v[i].in + strlen(v[i].in) / 2, strlen(v[i].in) - strlen(v[i].in) / 2);
		sha256_hex(&s, hex);
		CHECK_STR(hex, v[i].out);
	}
}

TEST(cache_entries)
{
	char dir[] = "/tmp/dm-cache-XXXXXX";
	struct cache c;
	struct cache_entry e = {0}, got;
	struct cache_key k1, k2;
	char key[65], key2[65], *path;
	FILE *fp;

	CHECK(mkdtemp(dir) != NULL);
	setenv("DIAGMATRIX_CACHE", dir, 1);
	cache_open(&c, 1);
	CHECK(c.dir != NULL);
	cache_key_init(&k1, "job");
	cache_key_str(&k1, "ab");
	cache_key_str(&k1, "c");
	cache_key_final(&k1, key);
	cache_key_init(&k2, "job");
	cache_key_str(&k2, "a");
	cache_key_str(&k2, "bc");
	cache_key_final(&k2, key2);
	CHECK(strcmp(key, key2) != 0);          /* words are length-prefixed */

	CHECK(cache_get(&c, key, &got) == 0);
	e.exit_code = 1;
	e.seconds = 0.25;
	sb_add(&e.err, "x.c:1:1: warning: w [-Wx]\n\0tail", 31);
	cache_put(&c, key, &e);
	CHECK(c.stores == 1);
	CHECK(cache_get(&c, key, &got) == 1);
	CHECK(got.exit_code == 1 && got.err.len == 31 && !memcmp(got.err.buf, e.err.buf, 31));
	cache_entry_release(&got);

	/* a flipped byte or a cut file is a miss */
	path = xasprintf("%s/%.2s/%s", dir, key, key + 2);
	fp = fopen(path, "r+");
	fseek(fp, 30, SEEK_SET);
	fputc('#', fp);
	fclose(fp);
	CHECK(cache_get(&c, key, &got) == 0);
	cache_put(&c, key, &e);
	CHECK(truncate(path, 40) == 0);
	CHECK(cache_get(&c, key, &got) == 0);

	cache_close(&c);
	cache_open(&c, 0);                      /* --no-cache */
	CHECK(c.dir == NULL && cache_get(&c, key, &got) == 0);
	cache_close(&c);
	unsetenv("DIAGMATRIX_CACHE");
	sb_release(&e.err);
	unlink(path);
	free(path);
}
