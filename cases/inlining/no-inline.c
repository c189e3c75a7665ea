/* case-title: the control for inline-callee.c: the same call with inlining off
 * case-flags: -fno-inline
 *
 * inlining/inline-callee.c with -fno-inline: if GCC 11 loses the warning
 * at -O2 because it inlines sum7 first, it must keep it here.
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
				   expect-warning {gcc==11} "'sum7' reading 7 bytes from a region of size 6" [-Wstringop-overread]
				   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
}
/* expect-note@sum7 {clang} "callee declares array parameter as static here" */
