/* case-title: arrays reached only through a pointer: nothing to check, nobody warns
 * case-ref: C11 6.7.6.3p7
 *
 * When the caller has only a pointer of unknown extent, no compiler can
 * know; the silence is the result. Calls through a function pointer are
 * not checked either.
 */
void use(const unsigned char k[static 32]);
void call(const unsigned char *p, void (*fp)(const unsigned char k[static 32]));
void call(const unsigned char *p, void (*fp)(const unsigned char k[static 32]))
{
	unsigned char small[16] = { 0 };

	use(small);	/* the contrast: a real array is checked
			   expect-warning {gcc>=11} "'use' reading 32 bytes from a region of size 16" [-Wstringop-overread]
			   expect-warning {clang} "array argument is too small; contains 16 elements, callee requires at least 32" [-Warray-bounds] */
	use(p);		/* expect-clean */
	use(p + 100);	/* expect-clean */
	fp(small);	/* expect-clean */
}
/* expect-note@8 {clang} "callee declares array parameter as static here" */
