/* case-title: the callee is a static inline in the same file: does the warning survive inlining?
 * case-ref: https://gcc.gnu.org/gcc-11/changes.html (GCC 11 added the checks of array parameter bounds at call sites)
 *
 * A kernel helper declared `static inline ... [at_least 7]` in a header
 * and called with 6 bytes. At -O0 nothing is inlined and every compiler
 * checks the call. At -O2 GCC 11 inlines first and loses the check; GCC
 * 12 and later keep it; GCC 9 and 10 have no -Wstringop-overread; Clang
 * checks in the front end, before any inlining. inlining/no-inline.c is
 * the control: the same file with inlining off.
 */
typedef unsigned char u8;
static inline int sum7(const u8 a[static 7])	/* mark: sum7 */
{
	int s = 0;
	for (int i = 0; i < 7; i++)
		s += a[i];
	return s;
}
int caller(void);
int caller(void)
{
	u8 bad[6] = { 1, 2, 3, 4, 5, 6 };
	return sum7(bad);	/* expect-warning {gcc>=12} "'sum7' reading 7 bytes from a region of size 6" [-Wstringop-overread]
				   expect-warning {gcc==11, profile=O0} "'sum7' reading 7 bytes from a region of size 6" [-Wstringop-overread]
				   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
}
/* expect-note@sum7 {clang} "callee declares array parameter as static here" */
