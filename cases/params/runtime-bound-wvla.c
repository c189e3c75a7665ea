/* case-title: [static n] under -Wvla, the kernel's flag until 2025
 * case-ref: https://lore.kernel.org/all/20250418213235.work.532-kees@kernel.org/
 * case-flags: -Wvla
 *
 * The control for params/runtime-bound.c: -Wvla (both families) flags a
 * variable-length parameter as if it were an array on the stack, so a
 * kernel built with -Wvla could not use at_least(n) with a run-time n.
 * GCC says "ISO C90 forbids" whatever the -std.
 */
void fill(int n, int a[static n]);	/* expect-warning {gcc} "ISO C90 forbids variable length array 'a'" [-Wvla]
					   expect-warning {clang} "variable length array used" [-Wvla] */
