/* case-title: heap objects of known size as [static N] arguments
 * case-ref: C11 6.7.6.3p7
 *
 * GCC tracks malloc sizes (alloc_size) into the call; Clang checks only
 * arrays, not pointers, at the call site.
 */
#include <stdlib.h>
void use(unsigned char k[static 32]);
void call(void);
void call(void)
{
	unsigned char *small = malloc(16), *big = malloc(32);

	use(small);	/* expect-warning {gcc, profile!=kernel} "'use' accessing 32 bytes in a region of size 16" [-Wstringop-overflow] */
	use(big);	/* expect-clean */
	free(small);
	free(big);
}
