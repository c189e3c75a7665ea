/* case-title: what the kernel gets from at_least, per compiler, under its own flags
 * case-requires {profile=kernel}
 * case-ref: https://git.kernel.org/linus/021533194476035883300d60fbb3136426ac8ea5 (Linux commit 021533194476, "Kconfig: Disable -Wstringop-overflow for GCC globally")
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22introduce+at_least+parameter+decoration+pseudo+keyword%22 (Jason A. Donenfeld, [PATCH libcrypto v3 2/3] compiler: introduce at_least parameter decoration pseudo keyword, 2025-11-22)
 * case-ref: LWN.net, Jonathan Corbet, "Checked-size array parameters in C", 2025-12-01 (Eric Biggers: the kernel disables the GCC warnings)
 *
 * The kernel builds with -Wno-stringop-overflow for every GCC. With
 * at_least, GCC 11 and later then still catch a too-small *input* (a const
 * parameter: -Wstringop-overread) but no longer a too-small *output*;
 * Clang catches both (-Warray-bounds). So for outputs, at_least only helps
 * kernel builds made with Clang.
 */
#define at_least static
typedef unsigned char u8;
void chacha20poly1305_encrypt(u8 *dst, const u8 *src, __SIZE_TYPE__ len, const u8 key[at_least 32]);	/* mark: enc */
void sha256_final(void *ctx, u8 out[at_least 32]);	/* mark: fin */
void user(void *ctx, u8 *dst, const u8 *src);
void user(void *ctx, u8 *dst, const u8 *src)
{
	u8 key[16] = { 0 }, digest[20];

	chacha20poly1305_encrypt(dst, src, 16, key);	/* expect-warning {gcc>=11} "'chacha20poly1305_encrypt' reading 32 bytes from a region of size 16" [-Wstringop-overread]
							   expect-warning {clang} "array argument is too small; contains 16 elements, callee requires at least 32" [-Warray-bounds] */
	sha256_final(ctx, digest);	/* expect-warning {clang} "array argument is too small; contains 20 elements, callee requires at least 32" [-Warray-bounds] */
}
/* expect-note@enc {clang} "callee declares array parameter as static here"
 * expect-note@fin {clang} "callee declares array parameter as static here" */
