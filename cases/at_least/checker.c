/* case-title: the kernel's at_least macro, and what sparse (__CHECKER__) sees
 * case-ref: ../shared/seeds/004-patch-compiler-introduce-at-least-parameter-decoration-pseudo.patch
 * case-flags: -D__CHECKER__
 *
 * Under __CHECKER__ at_least expands to nothing, so the parameter is a
 * plain [32]: Clang no longer checks it; GCC still does, unless
 * -Wno-stringop-overflow (the kernel profile).
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
