/* case-title: the control for vectorizer-extra.c: the same stores with SLP vectorization off
 * case-ref: https://gcc.gnu.org/git/?p=gcc.git;a=blob;f=gcc/testsuite/gcc.dg/Warray-parameter-3.c;hb=HEAD (GCC testsuite gcc.dg/Warray-parameter-3.c)
 * case-flags: -fno-tree-slp-vectorize
 *
 * If the -Wstringop-overflow of arch/vectorizer-extra.c comes from the
 * vectorizer merging a[0] to a[3] into one 4-byte store, it must be gone
 * here on every target, while the -Warray-bounds for a[3] stays.
 */
void gcas3(char a[static 3]);
void gcas3(char a[static 3])	/* mark: def */
{
	a[0] = 0;	/* expect-clean */
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;	/* expect-warning {gcc>=11, profile=default} "array subscript 3 is outside array bounds of 'char\[3\]'" [-Warray-bounds] */
}
/* expect-note@def {gcc>=11, profile=default} "at offset 3 into object 'a' of size \[0, 3\]|while referencing 'a'" */
