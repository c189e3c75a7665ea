/* case-title: multi-dimensional array parameters: too few rows
 * case-ref: C11 6.7.6.3p7
 *
 * Only the outermost bound can be static. Too few rows of the right width
 * is the [static N] check on rows: Clang always, GCC 11 and later with
 * -Wstringop-overflow (counting bytes); GCC 9 and 10 say nothing. A wrong
 * row width is another matter (params/multidim-inner.c), kept apart
 * because an error stops GCC before the passes that give this warning.
 */
void m(int a[static 4][3]);
void call(void);
void call(void)
{
	int good[4][3], shortrows[3][3];

	m(good);	/* expect-clean */
	m(shortrows);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'m' accessing 48 bytes in a region of size 36" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 3 elements, callee requires at least 4" [-Warray-bounds] */
}
