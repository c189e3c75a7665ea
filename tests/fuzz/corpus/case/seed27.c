/* case-title: pointer-to-array parameter: any size mismatch, smaller or larger, is a type error
 * case-ref: ../shared/seeds/001-patch-libcrypto-chachapoly-use-strict-typing-for-fixed-size-ar.patch
 *
 * const u8 (*key)[32] accepts only a pointer to an array of exactly 32.
 * -Wincompatible-pointer-types is a warning in GCC 11/12 and Clang up to
 * 19, an error in Clang 22; the kernel makes it an error everywhere.
 */
typedef unsigned char u8;
void key(const u8 (*k)[32]);
void call(void);
void call(void)
{
	u8 a[31], b[32], c[33];
	key(&b);	/* expect-clean */
	key(&a);	/* mark: small
	   expect-warning {gcc, profile!=kernel} "passing argument 1 of 'key' from incompatible pointer type" [-Wincompatible-pointer-types]
	   expect-error {gcc, profile=kernel} "passing argument 1 of 'key' from incompatible pointer type" [-Wincompatible-pointer-types]
	   expect-warning {clang<22, profile!=kernel} "incompatible pointer types passing 'u8 \(\*\)\[31\]'" [-Wincompatible-pointer-types]
	   expect-error {clang, profile=kernel} "incompatible pointer types passing 'u8 \(\*\)\[31\]'" [-Wincompatible-pointer-types]
	   expect-error {clang>=22} "incompatible pointer types passing 'u8 \(\*\)\[31\]'" [-Wincompatible-pointer-types] */
	key(&c);	/* expect-diag "incompatible pointer type" [-Wincompatible-pointer-types] */
}
/* expect-note@9 {gcc} "expected 'const u8 \(\*\)\[32\]'" */
/* expect-note@9 {clang} "passing argument to parameter 'k' here" */
