/* case-title: what the kernel gets from at_least, per compiler, under its own flags
 * case-requires {profile=kernel}
 * case-ref: ../shared/seeds/002-commit-021533194476-kconfig-disable-wstringop-overflow-for-gcc-globally.patch
 * case-ref: ../shared/seeds/004-patch-compiler-introduce-at-least-parameter-decoration-pseudo.patch
 * case-ref: ../shared/seeds/000-article.md (Eric Biggers: the kernel disables the GCC warnings)
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
