/* case-title: min_array_size(n) and at_least: the kernel's spellings of [static n]
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22introduce+min_array_size%28%29+function+decoration%22 (Jason A. Donenfeld, [PATCH libcrypto 1/2] array_size: introduce min_array_size() function decoration, 2025-11-18)
 * case-ref: https://lore.kernel.org/all/?q=s%3A%22introduce+at_least+parameter+decoration+pseudo+keyword%22 (Jason A. Donenfeld, [PATCH libcrypto v3 2/3] compiler: introduce at_least parameter decoration pseudo keyword, 2025-11-22)
 *
 * Both macros expand to `static N`, so the compilers see exactly the
 * [static N] of static/too-small.c: GCC -Wstringop-overflow (gone under
 * the kernel profile), Clang -Warray-bounds (kept).
 */
#define min_array_size(n) static n
#define at_least static
typedef unsigned char u8;
void v1(u8 herp[min_array_size(7)]);
void v2(u8 herp[at_least 7]);
void schma(void);
void schma(void)
{
	u8 good[7] = { 0 }, bad[6] = { 0 };

	v1(good);	/* expect-clean */
	v2(good);	/* expect-clean */
	v1(bad);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'v1' accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
	v2(bad);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'v2' accessing 7 bytes in a region of size 6" [-Wstringop-overflow]
			   expect-warning {clang} "array argument is too small; contains 6 elements, callee requires at least 7" [-Warray-bounds] */
}
/* expect-note@12 {clang} "callee declares array parameter as static here"
 * expect-note@13 {clang} "callee declares array parameter as static here" */
/* case-overview@21: min_array_size(7) given 6 bytes
 * case-overview@23: at_least 7 given 6 bytes */
