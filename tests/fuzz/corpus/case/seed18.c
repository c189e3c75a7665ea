/* case-title: [static N] under -std=c89 -pedantic
 * case-std: c89
 * case-flags: -pedantic
 * case-ref: C99 6.7.5.3 (new in C99)
 */
void f(int a[static 1]);	/* expect-warning {gcc} "ISO C90 does not support 'static' or type qualifiers in parameter array declarators" [-Wpedantic]
				   expect-warning {clang} "static array size is a C99 feature" [-Wc99-extensions] */
