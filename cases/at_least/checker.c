/* case-title: the kernel's at_least macro with __CHECKER__ defined (GCC and Clang, not sparse)
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22introduce+at_least+parameter+decoration+pseudo+keyword%22 (Jason A. Donenfeld, [PATCH libcrypto v3 2/3] compiler: introduce at_least parameter decoration pseudo keyword, 2025-11-22)
 * case-flags: -D__CHECKER__
 *
 * The kernel defines at_least as nothing when __CHECKER__ is defined,
 * because sparse, which defines it, rejects `int a[static n]`. This case
 * does not run sparse: it compiles the declaration sparse would see with
 * GCC and Clang, to show what is left of the check. The parameter is a
 * plain [32]: Clang no longer checks it; GCC 11 and later still do (the
 * plain bound), unless -Wno-stringop-overflow (the kernel profiles).
 */
#ifndef __CHECKER__
#define at_least static
#else
#define at_least
#endif
typedef unsigned char u8;
void sha256_final(void *ctx, u8 out[at_least 32]);
void call(void *ctx);
void call(void *ctx)
{
	u8 digest[20];
	sha256_final(ctx, digest);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'sha256_final' accessing 32 bytes in a region of size 20" [-Wstringop-overflow] */
}
