/* case-title: fixed addresses below 4096 look like null-pointer arithmetic to GCC
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=99578
 *
 * Code that really has memory at low addresses (s390's lowcore, MMIO on
 * small systems) gets a write into "a region of size 0". GCC treats
 * addresses under its min-pagesize (4096) as derived from a null pointer:
 * GCC 11 and every later GCC, trunk included (GCC 9 and 10 say nothing).
 */
struct mmio { int ctrl; unsigned char buf[16]; };
void lo(void);
void hi(void);
void lo(void)
{
	__builtin_memset(((struct mmio *)0x800)->buf, 0, 16);	/* known-fp {gcc>=11, profile=O0} "writing 16 bytes into a region of size 0 overflows the destination" [-Wstringop-overflow] [ref: GCC PR 99578]
								   known-fp {gcc>=11, profile=default} "offset \[0, 15\] is out of the bounds \[0, 0\]" [-Warray-bounds] [ref: GCC PR 99578] */
}
void hi(void)
{
	__builtin_memset(((struct mmio *)0x1000)->buf, 0, 16);	/* expect-clean */
}
