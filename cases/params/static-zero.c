/* case-title: [static 0] and NULL with [static len], len == 0
 * case-ref: C11 6.7.6.3p7
 * case-ref: https://www.open-std.org/jtc1/sc22/wg14/www/docs/n3802.pdf
 *
 * A zero-length [static len] still promises a non-null pointer: GCC 11 and
 * later and every Clang warn about NULL, which WG14 N3802 argues is a
 * false positive for len == 0 (GCC 9 and 10 are silent). Under the kernel's
 * flags too: the kernel keeps Clang's -Wnonnull on (see static/null-arg.c),
 * and its -Wvla-larger-than=1 does not flag the parameter.
 */
void foo(__SIZE_TYPE__ len, int a[static len]);	/* expect-clean */
void call(void);
void call(void)
{
	foo(0, (void *)0);	/* known-fp {gcc>=11, gcc<14} "argument 2 to 'int\[static 0\]' is null where non-null expected" [-Wnonnull] [ref: WG14 N3802]
				   known-fp {gcc>=14} "argument 2 null where non-null expected" [-Wnonnull] [ref: WG14 N3802]
				   known-fp {clang} "null passed to a callee that requires a non-null argument" [-Wnonnull] [ref: WG14 N3802] */
}
