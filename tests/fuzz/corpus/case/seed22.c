/* case-title: multi-dimensional array parameters
 * case-ref: C11 6.7.6.3p7
 *
 * Only the outermost bound can be static; the inner bounds are part of the
 * element type, so a wrong inner size is an incompatible pointer type.
 */
void m(int a[static 4][3]);
void call(void);
void call(void)
{
	int good[4][3], shortrows[3][3], wide[4][4];

	m(good);	/* expect-clean */
	m(shortrows);	/* expect-warning {gcc, profile!=kernel} "'m' accessing 48 bytes in a region of size 36" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 3 elements, callee requires at least 4" [-Warray-bounds] */
	m(wide);	/* expect-warning {gcc, profile!=kernel} "passing argument 1 of 'm' from incompatible pointer type" [-Wincompatible-pointer-types]
			   expect-error {gcc, profile=kernel} "passing argument 1 of 'm' from incompatible pointer type" [-Wincompatible-pointer-types]
			   expect-warning {clang<22, profile!=kernel} "incompatible pointer types passing 'int ?\[4\]\[4\]' to parameter of type 'int \(\*\)\[3\]'" [-Wincompatible-pointer-types]
			   expect-error {clang, profile=kernel} "incompatible pointer types passing 'int ?\[4\]\[4\]'" [-Wincompatible-pointer-types]
			   expect-error {clang>=22} "incompatible pointer types passing 'int ?\[4\]\[4\]'" [-Wincompatible-pointer-types] */
}
