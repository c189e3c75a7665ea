/* case-title: [static N] parameter, caller passes a smaller array
 * case-flags: -O2 -Wall
 * case-ref: C99 6.7.5.3p7
 */
void blah(unsigned char herp[static 7]);
void schma(void);
void schma(void)
{
	unsigned char good[] = { 1, 2, 3, 4, 5, 6, 7 };
	unsigned char bad[] = { 1, 2, 3, 4, 5, 6 };
	blah(good);	/* expect-clean */
	blah(bad);	/* expect-warning {gcc>=11, profile=default|O0} "accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
}
