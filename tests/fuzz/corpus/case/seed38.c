/* case-title: only for gcc 12 and later
 * case-requires {gcc>=12, arch!=arm64}
 * case-std: c89
 * case-flags: -pedantic
 */
void f(int a[static 1]);	/* expect-warning "ISO C90 does not support 'static' or type qualifiers in parameter array declarators" [-Wpedantic] */
