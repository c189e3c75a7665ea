/* case-title: a zero-length trailing array passed to [static N] (Clang false positive)
 * case-ref: https://github.com/KSPP/linux/issues/21
 * case-ref: https://gcc.gnu.org/onlinedocs/gcc/Zero-Length.html
 *
 * A GNU zero-length array at the end of a struct is a flexible array: the
 * object goes on past it. Clang counts "0 elements" and warns; GCC does
 * not. The one-element form is the older fake-flexible idiom: there Clang
 * at least has the declared size on its side. A true flexible array
 * member (C99 []) is left alone by both.
 */
struct msg0 { int len; unsigned char data[0]; };
struct msg1 { int len; unsigned char data[1]; };
struct msgf { int len; unsigned char data[]; };
void consume(const unsigned char d[static 4]);
void f(struct msg0 *m0, struct msg1 *m1, struct msgf *mf);
void f(struct msg0 *m0, struct msg1 *m1, struct msgf *mf)
{
	consume(m0->data);	/* known-fp {clang} "array argument is too small; contains 0 elements, callee requires at least 4" [-Warray-bounds] [ref: GNU zero-length arrays are flexible] */
	consume(m1->data);	/* expect-warning {clang} "array argument is too small; contains 1 elements, callee requires at least 4" [-Warray-bounds] */
	consume(mf->data);	/* expect-clean */
}
/* expect-note@14 {clang} "callee declares array parameter as static here" */
