/* case-title: pointer-to-array parameter: any size mismatch, smaller or larger, is a type error
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22Use+strict+typing+for+fixed+size+array+arguments%22 (Ard Biesheuvel, [RFC PATCH] libcrypto/chachapoly: Use strict typing for fixed size array arguments, 2025-11-14)
 *
 * const u8 (*key)[32] accepts only a pointer to an array of exactly 32.
 * -Wincompatible-pointer-types is a warning in GCC 9 to 13 and Clang 11 to
 * 21, an error by default in GCC 14 and Clang 22; the kernel makes it an
 * error everywhere.
 */
typedef unsigned char u8;
void key(const u8 (*k)[32]);	/* mark: decl */
void call(void);
void call(void)
{
	u8 a[31], b[32], c[33];
	key(&b);	/* expect-clean */
	key(&a);	/* mark: small
	   expect-warning {gcc<14, profile!=kernel|kcsan} "passing argument 1 of 'key' from incompatible pointer type" [-Wincompatible-pointer-types]
	   expect-error {gcc<14, profile=kernel|kcsan} "passing argument 1 of 'key' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-error {gcc>=14} "passing argument 1 of 'key' from incompatible pointer type" [-Wincompatible-pointer-types]
	   expect-warning {clang<22, profile!=kernel|kcsan} "incompatible pointer types passing 'u8 \(\*\)\[31\]'" [-Wincompatible-pointer-types]
	   expect-error {clang<22, profile=kernel|kcsan} "incompatible pointer types passing 'u8 \(\*\)\[31\]'" [-Wincompatible-pointer-types]
	   expect-error {clang>=22} "incompatible pointer types passing 'u8 \(\*\)\[31\]'" [-Wincompatible-pointer-types] */
	key(&c);	/* expect-diag "incompatible pointer type" [-Wincompatible-pointer-types] */
}
/* expect-note@decl {gcc} "expected 'const u8 \(\*\)\[32\]'" */
/* expect-note@decl {clang} "passing argument to parameter 'k' here" */
/* case-overview@16: &a of 31 elements for const u8 (*)[32]
 * case-overview@23: &c of 33 elements for const u8 (*)[32] */
