/* case-title: a hidden struct-return pointer shifts the argument GCC checks (GCC 11 false positive)
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=101854
 *
 * Where the ABI passes the returned struct through a hidden pointer
 * argument (x86-64, s390x, ppc64le here), GCC 11 checked the wrong
 * argument against int[6][8] and reported 192 bytes into a region of 8
 * (the array a). Fixed in GCC 12 (riscv64 has no GCC 11 here). On arm64 the struct comes back in
 * x8, not as an argument, and GCC 11 is quiet.
 */
struct A { int a[5]; };
struct A g(int *, int[6][8]);
struct A f(void);
struct A f(void)
{
	int a[2];
	return g(a, 0);	/* known-fp {gcc>=11, arch!=arm64, profile!=kernel|kcsan} "'g' accessing 192 bytes in a region of size 8" [-Wstringop-overflow] [ref: GCC PR 101854] */
}
