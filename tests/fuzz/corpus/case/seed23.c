/* case-title: [static n] with a run-time bound
 * case-ref: C11 6.7.6.3p7
 * case-ref: ../shared/research/false-positives.md ("[static n] with a run-time n")
 *
 * int a[static n] promises n elements where n is another parameter. GCC
 * checks calls where n is a constant at the call; Clang does not check
 * variable-length bounds at all. And the kernel cannot use it: its -Wvla
 * (both families) flags the parameter itself as a variable-length array.
 */
void fill(int n, int a[static n]);	/* expect-warning {gcc, profile=kernel} "ISO C90 forbids variable length array 'a'" [-Wvla]
					   expect-warning {clang, profile=kernel} "variable length array used" [-Wvla] */
void call(int k);
void call(int k)
{
	int buf[4] = { 0 };

	fill(4, buf);	/* expect-clean */
	fill(5, buf);	/* expect-warning {gcc, profile!=kernel} "'fill' accessing 20 bytes in a region of size 16" [-Wstringop-overflow] */
	fill(k, buf);	/* expect-clean */
}
