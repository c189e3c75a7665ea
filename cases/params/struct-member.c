/* case-title: struct members as [static N] arguments
 * case-ref: C11 6.7.6.3p7
 *
 * A member array has a known size; a member pointer does not.
 */
struct key { unsigned char bytes[16]; unsigned char *p; unsigned char big[64]; };
void use(const unsigned char k[static 32]);
void call(struct key *k);
void call(struct key *k)
{
	use(k->bytes);	/* expect-warning {gcc>=11} "'use' reading 32 bytes from a region of size 16" [-Wstringop-overread]
			   expect-warning {clang} "array argument is too small; contains 16 elements, callee requires at least 32" [-Warray-bounds] */
	use(k->p);	/* expect-clean */
	use(k->big);	/* expect-clean */
}
