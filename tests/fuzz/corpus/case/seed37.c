/* case-title: every kind of directive, all holding
 * case-ref: case-format.md
 */
void blah(unsigned char herp[static 7]);	/* mark: decl */
void schma(void);
void schma(void)
{
	unsigned char good[7] = { 0 };
	unsigned char bad[6] = { 0 };
	blah(good);	/* expect-clean */
	blah(bad);	/* expect-warning {gcc} "accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-diag {clang} "array argument is too small; contains 6 elements" [-Warray-bounds] */
	/* expect-note@decl {clang} "callee declares array parameter as static here" */
	/* expect-note@-10 {gcc} "in a call to function 'blah'" */
	blah((void *)0); /* known-fp {gcc<12} "never printed by anyone" [-Wnonnull] [ref: none]
	                    expect-warning "null" [-Wnonnull] */
}
