/* case-title: a zero-length trailing array passed to [static N]: flexible or not, by flag
 * case-ref: https://github.com/KSPP/linux/issues/21
 * case-ref: https://gcc.gnu.org/onlinedocs/gcc/Zero-Length.html
 * case-ref: https://gcc.gnu.org/onlinedocs/gcc/C-Dialect-Options.html#index-fstrict-flex-arrays
 *
 * A GNU zero-length array at the end of a struct is a flexible array: the
 * object goes on past it. Clang counts "0 elements" and warns; GCC does
 * not: a false positive. Under the kernel's -fstrict-flex-arrays=3 (GCC 13
 * and Clang 16 on) only a true flexible array member (C99 []) is flexible,
 * so there [0] and [1] really are 0 and 1 elements: GCC 13 and later warn
 * too (-Wstringop-overread), and the Clang warning is right. Clang before
 * 16 has no such flag, so for it [0] stays flexible and the warning stays
 * false. The one-element form is the older fake-flexible idiom: there
 * Clang has the declared size on its side everywhere.
 */
struct msg0 { int len; unsigned char data[0]; };
struct msg1 { int len; unsigned char data[1]; };
struct msgf { int len; unsigned char data[]; };
void consume(const unsigned char d[static 4]);	/* mark: consume */
void f(struct msg0 *m0, struct msg1 *m1, struct msgf *mf);
void f(struct msg0 *m0, struct msg1 *m1, struct msgf *mf)
{
	consume(m0->data);	/* known-fp {clang, profile=default|O0} "array argument is too small; contains 0 elements, callee requires at least 4" [-Warray-bounds] [ref: GNU zero-length arrays are flexible]
				   known-fp {clang<16, profile=kernel|kcsan} "array argument is too small; contains 0 elements, callee requires at least 4" [-Warray-bounds] [ref: GNU zero-length arrays are flexible]
				   expect-warning {clang>=16, profile=kernel|kcsan} "array argument is too small; contains 0 elements, callee requires at least 4" [-Warray-bounds]
				   expect-warning {gcc>=13, profile=kernel|kcsan} "'consume' reading 4 bytes from a region of size 0" [-Wstringop-overread] */
	consume(m1->data);	/* expect-warning {clang} "array argument is too small; contains 1 elements, callee requires at least 4" [-Warray-bounds]
				   expect-warning {gcc>=13, profile=kernel|kcsan} "'consume' reading 4 bytes from a region of size 1" [-Wstringop-overread] */
	consume(mf->data);	/* expect-clean */
}
/* expect-note@consume {clang} "callee declares array parameter as static here" */
