/* case-title: one out-of-bounds store, one or two warnings depending on the target (the SLP vectorizer)
 * case-ref: https://gcc.gnu.org/git/?p=gcc.git;a=blob;f=gcc/testsuite/gcc.dg/Warray-parameter-3.c;hb=HEAD (GCC testsuite gcc.dg/Warray-parameter-3.c)
 *
 * a[3] is past the [static 3] bound: GCC 11 and later say so at -O2
 * (-Warray-bounds, silenced in the kernel profile; GCC 9 and 10 say
 * nothing). Where GCC 12 and later merge the four stores into one vector
 * store (x86-64 and ppc64le; riscv64 from GCC 16), they also report the
 * wide store as -Wstringop-overflow, on the first store's line.
 * arch/vectorizer-off.c is the control: the same stores with SLP
 * vectorization off.
 */
void gcas3(char a[static 3]);
void gcas3(char a[static 3])	/* mark: def */
{
	a[0] = 0;	/* expect-warning {gcc>=12, gcc<16, arch=x86-64|ppc64le, profile=default} "writing 4 bytes into a region of size between 0 and 3" [-Wstringop-overflow]
			   expect-warning {gcc>=16, arch=x86-64|ppc64le|riscv64, profile=default} "writing 4 bytes into a region of size between 0 and 3" [-Wstringop-overflow] */
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;	/* expect-warning {gcc>=11, profile=default} "array subscript 3 is outside array bounds of 'char\[3\]'" [-Warray-bounds] */
}
/* expect-note@def {gcc>=11, profile=default} "at offset 3 into object 'a' of size \[0, 3\]|while referencing 'a'" */
