/* case-title: plain [N] parameter (no static), caller passes a smaller array
 * case-ref: LWN.net, Jonathan Corbet, "Checked-size array parameters in C", 2025-12-01 (Eric Biggers: GCC warns even without static)
 * case-ref: C11 6.7.6.3p7
 *
 * Without `static` the bound is not a promise in C, but GCC 11 and later
 * still use it (-Wstringop-overflow, at -O0 too; GCC 9 and 10 do not);
 * Clang says nothing. The kernel's -Wno-stringop-overflow silences GCC.
 *
 * The same mechanism as known-fp/array-typedef.c: GCC reads any array
 * parameter's bound as the number of elements the callee may access. Here
 * the callee is written to read its 7 bytes, so the warning finds a real
 * bug and is filed as an expectation; PMIx_Get's 512 is an upper limit
 * (it reads up to the NUL), so the same warning there is filed as a false
 * positive. The compiler cannot tell the two apart; the callee's contract
 * decides.
 */
void blah(unsigned char herp[7]);
void schma(void);
void schma(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'blah' accessing 7 bytes in a region of size 6" [-Wstringop-overflow] */
}
/* case-overview@22: a plain [7] parameter (no static) given 6 bytes */
