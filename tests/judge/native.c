/* case-title: native directives against one compile
 * case-ref: docs/case-format.md
 */
void blah(unsigned char herp[static 7]);	/* mark: decl */
void f(void);
void f(void)
{
	unsigned char good[7] = { 0 };
	unsigned char bad[6] = { 0 };
	blah(good);	/* expect-clean */
	blah(bad);	/* expect-warning {gcc} "accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small" [-Warray-bounds] */
	/* expect-note@decl {clang} "callee declares array parameter as static here" */
	blah((void *)0); /* known-fp {gcc} "null where non-null expected" [-Wnonnull] [ref: an example]
	                    expect-warning {clang} "null passed to a callee" [-Wnonnull] */
	int unused;	/* expect-warning {profile=O0} "unused variable" [-Wunused-variable] */
}
