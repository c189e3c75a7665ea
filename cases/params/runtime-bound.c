/* case-title: [static n] with a run-time bound
 * case-ref: C11 6.7.6.3p7
 * case-ref: https://lore.kernel.org/all/20250418213235.work.532-kees@kernel.org/
 *
 * int a[static n] promises n elements where n is another parameter. GCC
 * 11 and later check calls where n is a constant at the call (GCC 9 and 10
 * do not); Clang does not check variable-length bounds at all. The kernel's
 * flags no longer object to the parameter itself: it replaced -Wvla, which
 * flags every variable-length array type, parameters included, by GCC's
 * -Wvla-larger-than=1, which flags only arrays on the stack (2025, the
 * thread above); params/runtime-bound-wvla.c shows what -Wvla said.
 */
void fill(int n, int a[static n]);	/* expect-clean */
void call(int k);
void call(int k)
{
	int buf[4] = { 0 };

	fill(4, buf);	/* expect-clean */
	fill(5, buf);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'fill' accessing 20 bytes in a region of size 16" [-Wstringop-overflow] */
	fill(k, buf);	/* expect-clean */
}
