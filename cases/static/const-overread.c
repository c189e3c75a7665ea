/* case-title: const [static N] parameter: GCC calls it an over-read, and the kernel keeps that one
 * case-ref: https://github.com/intel-lab-lkp/linux/commit/03adfa98f4a514489b1592b8f22043467822136e (Jason A. Donenfeld, "crypto: chacha20poly1305: statically check fixed array lengths")
 *
 * A const array parameter is only read, so GCC reports -Wstringop-overread,
 * which -Wno-stringop-overflow (the kernel profile) does not silence; the
 * output parameter gets -Wstringop-overflow. Clang reports both as
 * -Warray-bounds.
 */
typedef unsigned char u8;
void set_key(const u8 key[static 32]);
void final(u8 out[static 32]);
void call(void);
void call(void)
{
	u8 k[16] = { 0 }, o[16];
	set_key(k);	/* expect-warning {gcc>=11} "'set_key' reading 32 bytes from a region of size 16" [-Wstringop-overread]
			   expect-warning {clang} "array argument is too small; contains 16 elements, callee requires at least 32" [-Warray-bounds] */
	final(o);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'final' accessing 32 bytes in a region of size 16" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 16 elements, callee requires at least 32" [-Warray-bounds] */
}
/* case-overview@16: an input [static 32] given 16 bytes (const)
 * case-overview@18: an output [static 32] given 16 bytes */
