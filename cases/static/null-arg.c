/* case-title: NULL passed to a [static N] parameter
 * case-ref: C11 6.7.6.3p7 (static: at least N elements, so never null)
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=108986
 *
 * GCC 11 and later warn for both calls; GCC 9 and 10 say nothing. The
 * message changed twice: GCC 11 and 12.2 print the size in bytes as if it
 * were the element count ('int[static 28]' for 7 ints, PR 108986), GCC 13
 * prints 'int[static 7]', and so does 12.5 (the fix reached the GCC 12
 * branch after 12.2; the releases between are not in the matrix), GCC 14
 * and later drop the type. Clang warns only
 * for (void *)0: (int *)0 is not a null pointer constant. Clang's -Wnonnull
 * belongs to the -Wformat group, and the kernel turns -Wformat off for
 * Clang before 16, but turns -Wnonnull back on (scripts/Makefile.extrawarn),
 * so every Clang warns under the kernel's flags too.
 */
void foo(int a[static 7]);
void call(void);
void call(void)
{
	foo((int *)0);	/* expect-warning {gcc>=11, gcc<12.5} "argument 1 to 'int\[static 28\]' is null where non-null expected" [-Wnonnull]
			   expect-warning {gcc>=12.5, gcc<14} "argument 1 to 'int\[static 7\]' is null where non-null expected" [-Wnonnull]
			   expect-warning {gcc>=14} "argument 1 null where non-null expected" [-Wnonnull]
			   expect-clean {gcc<11} */
	foo((void *)0);	/* expect-warning {gcc>=11, gcc<12.5} "argument 1 to 'int\[static 28\]' is null where non-null expected" [-Wnonnull]
			   expect-warning {gcc>=12.5, gcc<14} "argument 1 to 'int\[static 7\]' is null where non-null expected" [-Wnonnull]
			   expect-warning {gcc>=14} "argument 1 null where non-null expected" [-Wnonnull]
			   expect-warning {clang} "null passed to a callee that requires a non-null argument" [-Wnonnull] */
}
