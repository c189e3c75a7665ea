/* case-title: [static N] parameter: smaller, exact, larger and offset arguments
 * case-ref: C11 6.7.6.3p7
 * case-ref: ../shared/seeds/003-patch-array-size-introduce-min-array-size-function-decoration.patch
 * case-ref: ../shared/seeds/004-patch-compiler-introduce-at-least-parameter-decoration-pseudo.patch
 *
 * The callee promises to read at least 7 elements. GCC checks the call as
 * an access (-Wstringop-overflow, silenced by the kernel's
 * -Wno-stringop-overflow), Clang as an array bound (-Warray-bounds). An
 * exact or larger array is fine; so is a pointer into the middle of an
 * array that still has 7 elements left, and Clang does not look through
 * pointer arithmetic at all.
 */
void blah(unsigned char herp[static 7]);
void schma(void);
void schma(void)
{
	unsigned char exact[7] = { 0 }, bad[6] = { 0 }, big[9] = { 0 };

	blah(exact);	/* expect-clean */
	blah(big);	/* expect-clean */
	blah(big + 2);	/* expect-clean */
	blah(bad);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'blah' accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
	blah(big + 3);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'blah' accessing 7 bytes in a region of size 6" [-Wstringop-overflow] */
}
/* expect-note@13 {clang} "callee declares array parameter as static here" */
/* case-overview@22: a too-small array for [static 7]
 * case-overview@24: a pointer into an array with too few elements left */
