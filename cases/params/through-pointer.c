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

	use(p);		/* expect-clean */
	use(p + 100);	/* expect-clean */
	fp(small);	/* expect-clean */
}
