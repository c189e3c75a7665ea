/* case-title: NULL passed to a [static N] parameter
 * case-ref: C11 6.7.6.3p7 (static: at least N elements, so never null)
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=108986
 *
 * GCC warns for both calls and prints the size in bytes ('int[static 28]'
 * for 7 ints, PR 108986, fixed in GCC 13). Clang warns only for (void *)0:
 * (int *)0 is not a null pointer constant. In Clang -Wnonnull belongs to the
 * -Wformat group, so the kernel's Clang-only -Wno-format silences it.
 */
void foo(int a[static 7]);
void call(void);
void call(void)
{
	foo((int *)0);	/* expect-warning {gcc} "argument 1 to 'int\[static 28\]' is null where non-null expected" [-Wnonnull] */
	foo((void *)0);	/* expect-warning {gcc} "argument 1 to 'int\[static 28\]' is null where non-null expected" [-Wnonnull]
			   expect-warning {clang, profile!=kernel} "null passed to a callee that requires a non-null argument" [-Wnonnull] */
}
