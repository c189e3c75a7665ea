/* case-title: swapped nonce[static 24] and key[static 32]: caught in one direction only
 * case-ref: LWN.net, Jonathan Corbet, "Checked-size array parameters in C", 2025-12-01
 * case-ref: https://github.com/intel-lab-lkp/linux/commit/03adfa98f4a514489b1592b8f22043467822136e (Jason A. Donenfeld, "crypto: chacha20poly1305: statically check fixed array lengths")
 *
 * xchacha20poly1305 takes a 24-byte nonce, then a 32-byte key. Swapped,
 * the key (32) goes where 24 are needed: big enough, so nothing is said;
 * the nonce (24) goes where 32 are needed: too small, caught. `static`
 * checks a minimum, not an exact size.
 */
typedef unsigned char u8;
void xchacha20poly1305_encrypt(u8 *dst, const u8 nonce[static 24], const u8 key[static 32]);
void encrypt(u8 *dst);
void encrypt(u8 *dst)
{
	u8 nonce[24] = { 0 }, key[32] = { 0 };

	xchacha20poly1305_encrypt(dst, nonce, key);	/* expect-clean */
	xchacha20poly1305_encrypt(dst, key, nonce);	/* expect-warning {gcc>=11} "'xchacha20poly1305_encrypt' reading 32 bytes from a region of size 24" [-Wstringop-overread]
							   expect-warning {clang} "array argument is too small; contains 24 elements, callee requires at least 32" [-Warray-bounds] */
}
/* expect-note@11 {clang} "callee declares array parameter as static here" */
/* case-overview@18: the 24-byte nonce in the 32-byte slot
 * case-overview@17: the 32-byte key in the 24-byte slot */
