/* case-title: [static N] parameter: smaller, exact, larger and offset arguments
 * case-ref: C11 6.7.6.3p7
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22introduce+min_array_size%28%29+function+decoration%22 (Jason A. Donenfeld, [PATCH libcrypto 1/2] array_size: introduce min_array_size() function decoration, 2025-11-18)
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22introduce+at_least+parameter+decoration+pseudo+keyword%22 (Jason A. Donenfeld, [PATCH libcrypto v3 2/3] compiler: introduce at_least parameter decoration pseudo keyword, 2025-11-22)
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
