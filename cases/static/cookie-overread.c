/* case-title: const key[at_least 32] given a 31-byte struct member (wireguard cookie example)
 * case-ref: https://github.com/intel-lab-lkp/linux/commit/03adfa98f4a514489b1592b8f22043467822136e (Jason A. Donenfeld, "crypto: chacha20poly1305: statically check fixed array lengths")
 *
 * The commit message shows GCC's "reading 32 bytes from a region of size
 * 31" after shrinking cookie_encryption_key by one. The key is const, so
 * GCC calls it an over-read (-Wstringop-overread), which the kernel's
 * -Wno-stringop-overflow leaves on. Clang sees an array member and checks
 * it too.
 */
#define at_least static
typedef unsigned char u8;
typedef __SIZE_TYPE__ size_t;
void xchacha20poly1305_encrypt(u8 *dst, const u8 *src, const size_t src_len,
			       const u8 *ad, const size_t ad_len,
			       const u8 nonce[at_least 24],
			       const u8 key[at_least 32]);
struct cookie_checker {
	u8 secret[32];
	u8 cookie_encryption_key[32 - 1];
};
void wg_cookie_message_create(u8 *dst, const u8 *cookie, const u8 nonce[24], struct cookie_checker *checker);
void wg_cookie_message_create(u8 *dst, const u8 *cookie, const u8 nonce[24], struct cookie_checker *checker)
{
	xchacha20poly1305_encrypt(dst, cookie, 16, (const u8 *)0, 0, nonce,	/* mark: call */
				  checker->cookie_encryption_key);
}
/* Both compilers report the call's first line:
 * expect-warning@call {gcc>=11} "'xchacha20poly1305_encrypt' reading 32 bytes from a region of size 31" [-Wstringop-overread]
 * expect-warning@call {clang} "array argument is too small; contains 31 elements, callee requires at least 32" [-Warray-bounds]
 * expect-note@16 {clang} "callee declares array parameter as static here"
 */
