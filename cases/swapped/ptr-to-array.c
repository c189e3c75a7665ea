/* case-title: swapped pointer-to-array nonce and key: caught in both directions
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22Use+strict+typing+for+fixed+size+array+arguments%22 (Ard Biesheuvel, [RFC PATCH] libcrypto/chachapoly: Use strict typing for fixed size array arguments, 2025-11-14)
 * case-ref: LWN.net, Jonathan Corbet, "Checked-size array parameters in C", 2025-12-01
 *
 * With const u8 (*nonce)[24] and const u8 (*key)[32] the sizes are part of
 * the types, so each swapped argument is an incompatible pointer type: a
 * warning in GCC 9 to 13 and Clang 11 to 21, an error by default in GCC
 * 14 and Clang 22, and an error everywhere under the kernel's
 * -Werror=incompatible-pointer-types.
 */
typedef unsigned char u8;
void xchacha20poly1305_encrypt(u8 *dst, const u8 (*nonce)[24], const u8 (*key)[32]);	/* mark: decl */
void encrypt(u8 *dst);
void encrypt(u8 *dst)
{
	u8 nonce[24] = { 0 }, key[32] = { 0 };

	xchacha20poly1305_encrypt(dst, &nonce, &key);	/* expect-clean */
	xchacha20poly1305_encrypt(dst, &key, &nonce);	/* expect-warning {gcc<14, profile!=kernel|kcsan} "passing argument 2 of 'xchacha20poly1305_encrypt' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-warning {gcc<14, profile!=kernel|kcsan} "passing argument 3 of 'xchacha20poly1305_encrypt' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-error {gcc<14, profile=kernel|kcsan} "passing argument 2 of 'xchacha20poly1305_encrypt' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-error {gcc>=14} "passing argument 2 of 'xchacha20poly1305_encrypt' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-error {gcc<14, profile=kernel|kcsan} "passing argument 3 of 'xchacha20poly1305_encrypt' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-error {gcc>=14} "passing argument 3 of 'xchacha20poly1305_encrypt' from incompatible pointer type" [-Wincompatible-pointer-types]
							   expect-warning {clang<22, profile!=kernel|kcsan} "incompatible pointer types passing 'u8 \(\*\)\[32\]'" [-Wincompatible-pointer-types]
							   expect-warning {clang<22, profile!=kernel|kcsan} "incompatible pointer types passing 'u8 \(\*\)\[24\]'" [-Wincompatible-pointer-types]
							   expect-error {clang<22, profile=kernel|kcsan} "incompatible pointer types passing 'u8 \(\*\)\[32\]'" [-Wincompatible-pointer-types]
							   expect-error {clang<22, profile=kernel|kcsan} "incompatible pointer types passing 'u8 \(\*\)\[24\]'" [-Wincompatible-pointer-types]
							   expect-error {clang>=22} "incompatible pointer types passing 'u8 \(\*\)\[32\]'" [-Wincompatible-pointer-types]
							   expect-error {clang>=22} "incompatible pointer types passing 'u8 \(\*\)\[24\]'" [-Wincompatible-pointer-types] */
}
/* expect-note@decl {gcc} "expected 'const u8 \(\*\)\[24\]'"
 * expect-note@decl {gcc} "expected 'const u8 \(\*\)\[32\]'"
 * expect-note@decl {clang} "passing argument to parameter 'nonce' here"
 * expect-note@decl {clang} "passing argument to parameter 'key' here" */
