/* case-title: multi-dimensional array parameters: the wrong row width
 * case-ref: C11 6.7.6.3p7
 * case-ref: https://gcc.gnu.org/gcc-14/porting_to.html
 *
 * The inner bounds are part of the element type, so a wrong row width is
 * an incompatible pointer type: a warning in GCC 9 to 13 and Clang 11 to
 * 21, an error by default in GCC 14 and Clang 22, and an error everywhere
 * under the kernel's -Werror=incompatible-pointer-types. Clang 14 stopped
 * printing a space in 'int [4][4]'.
 */
void m(int a[static 4][3]);
void call(void);
void call(void)
{
	int wide[4][4];

	m(wide);	/* expect-warning {gcc<14, profile!=kernel|kcsan} "passing argument 1 of 'm' from incompatible pointer type" [-Wincompatible-pointer-types]
			   expect-error {gcc<14, profile=kernel|kcsan} "passing argument 1 of 'm' from incompatible pointer type" [-Wincompatible-pointer-types]
			   expect-error {gcc>=14} "passing argument 1 of 'm' from incompatible pointer type" [-Wincompatible-pointer-types]
			   expect-warning {clang<22, profile!=kernel|kcsan} "incompatible pointer types passing 'int ?\[4\]\[4\]' to parameter of type 'int \(\*\)\[3\]'" [-Wincompatible-pointer-types]
			   expect-error {clang<22, profile=kernel|kcsan} "incompatible pointer types passing 'int ?\[4\]\[4\]'" [-Wincompatible-pointer-types]
			   expect-error {clang>=22} "incompatible pointer types passing 'int ?\[4\]\[4\]'" [-Wincompatible-pointer-types] */
}
