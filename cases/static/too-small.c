/* case-title: [static N] parameter, caller passes a smaller array
 * case-ref: C99 6.7.5.3p7
 * case-ref: ../shared/seeds/003-patch-array-size-introduce-min-array-size-function-decoration.patch
 *
 * The callee promises to read 7 bytes; the caller hands it 6.
 */
void blah(unsigned char herp[static 7]);
void schma(void);
void schma(void)
{
	unsigned char good[] = { 1, 2, 3, 4, 5, 6, 7 };
	unsigned char bad[] = { 1, 2, 3, 4, 5, 6 };
	blah(good);	/* expect-clean */
	blah(bad);	/* expect-warning {gcc>=11, profile!=kernel} "accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
}
/* expect-note@7 {clang} "callee declares array parameter as static here" */
