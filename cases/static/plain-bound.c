/* case-title: plain [N] parameter (no static), caller passes a smaller array
 * case-ref: ../shared/seeds/000-article.md (Eric Biggers: GCC warns even without static)
 * case-ref: C11 6.7.6.3p7
 *
 * Without `static` the bound is not a promise in C, but GCC still uses it
 * (-Wstringop-overflow, at -O0 too); Clang says nothing. The kernel's
 * -Wno-stringop-overflow silences GCC.
 */
void blah(unsigned char herp[7]);
void schma(void);
void schma(void)
{
	unsigned char bad[6] = { 0 };
	blah(bad);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'blah' accessing 7 bytes in a region of size 6" [-Wstringop-overflow] */
}
