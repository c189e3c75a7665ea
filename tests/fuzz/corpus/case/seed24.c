/* case-title: [static 0] and NULL with [static len], len == 0
 * case-ref: C11 6.7.6.3p7
 * case-ref: https://www.open-std.org/jtc1/sc22/wg14/www/docs/n3802.pdf
 *
 * A zero-length [static len] still promises a non-null pointer: both
 * compilers warn about NULL, which WG14 N3802 argues is a false positive
 * for len == 0. Clang's warning is in its -Wformat group, which the
 * kernel turns off; the kernel's -Wvla flags the parameter itself.
 */
void foo(__SIZE_TYPE__ len, int a[static len]);	/* expect-warning {gcc, profile=kernel} "ISO C90 forbids variable length array 'a'" [-Wvla]
						   expect-warning {clang, profile=kernel} "variable length array used" [-Wvla] */
void call(void);
void call(void)
{
	foo(0, (void *)0);	/* known-fp {gcc} "argument 2 to 'int\[static 0\]' is null where non-null expected" [-Wnonnull] [ref: WG14 N3802]
				   known-fp {clang, profile!=kernel} "null passed to a callee that requires a non-null argument" [-Wnonnull] [ref: WG14 N3802] */
}
