/* case-title: multi-block cipher loop: the remainder is handled first, then whole blocks (GCC false positive)
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=110878
 * case-ref: https://github.com/NetBSD/src/blob/trunk/sys/crypto/aes/arch/arm/aes_armv8.c (NetBSD disables these warnings for GCC 12 on aarch64)
 *
 * After the first call, `in` and `out` have moved past the remainder and
 * point into the caller's buffer, which is as long as n says. GCC keeps
 * the parameter's declared 16 bytes as the object size and complains that
 * dec8 gets less than 128, at -O0 too. Pointer parameters (no bound) stay
 * quiet; Clang does not check pointer arithmetic. Every GCC from 11 to
 * trunk (GCC 9 and 10 do not check array parameters).
 */
typedef unsigned char u8;
typedef __SIZE_TYPE__ size_t;
void dec1(const u8 in[static 16], u8 out[static 16], size_t n);
void dec8(const u8 in[static 128], u8 out[static 128], size_t n);
void cbc_dec(const u8 in[static 16], u8 out[static 16], size_t n);
void cbc_dec(const u8 in[static 16], u8 out[static 16], size_t n)
{
	if (n % 128) {
		dec1(in, out, n % 128);
		in += n % 128;
		out += n % 128;
		n -= n % 128;
	}
	if (n)
		dec8(in, out, n);	/* known-fp {gcc>=11} "'dec8' reading 128 bytes from a region of size 16" [-Wstringop-overread] [ref: GCC PR 110878]
					   known-fp {gcc>=11, profile!=kernel|kcsan} "'dec8' accessing 128 bytes in a region of size 16" [-Wstringop-overflow] [ref: GCC PR 110878] */
}
