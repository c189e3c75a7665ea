/* case-title: one out-of-bounds store, one or two warnings depending on the target (GCC 12 vectorizer)
 * case-ref: GCC testsuite gcc.dg/Warray-parameter-3.c
 *
 * a[3] is past the [static 3] bound: every GCC says so at -O2
 * (-Warray-bounds, silenced in the kernel profile). Where GCC 12
 * vectorizes the four stores into one (x86-64, ppc64le), it also reports
 * the wide store as -Wstringop-overflow, on the first store's line.
 */
void gcas3(char a[static 3]);
void gcas3(char a[static 3])
{
	a[0] = 0;	/* expect-warning {gcc==12, arch=x86-64|ppc64le, profile=default} "writing 4 bytes into a region of size between 0 and 3" [-Wstringop-overflow] */
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;	/* expect-warning {gcc, profile=default} "array subscript 3 is outside array bounds of 'char\[3\]'" [-Warray-bounds] */
}
/* expect-note@10 {gcc, profile=default} "at offset 3 into object 'a' of size \[0, 3\]|while referencing 'a'" */
