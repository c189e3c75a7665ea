/* case-title: a struct read through a too-small buffer, touching only members inside it (GCC false positive)
 * case-ref: https://git.kernel.org/linus/f0be87c42cbd341d436d06da4792e6b0c83c3aeb (Linux commit f0be87c42cbd, "gcc-12: disable '-Warray-bounds' universally for now": init/Kconfig, CC_NO_ARRAY_BOUNDS)
 *
 * Only h->a (bytes 0-3) is read, inside the 6-byte buffer, but GCC 11 and
 * every later GCC, trunk included, check the whole struct at -O2 and say
 * "partly outside" (GCC 9 and 10 say nothing). This family of
 * -Warray-bounds reports is why the kernel builds every GCC from 9 with
 * -Wno-array-bounds (init/Kconfig, CC_NO_ARRAY_BOUNDS; the kernel
 * profile).
 */
struct hdr { int a, b; };
unsigned char buf[6];	/* mark: buf */
int f(void);
int f(void)
{
	struct hdr *h = (struct hdr *)buf;
	return h->a;	/* known-fp {gcc>=11, profile=default} "array subscript 'struct hdr\[0\]' is partly outside array bounds of 'unsigned char\[6\]'" [-Warray-bounds] [ref: kernel CC_NO_ARRAY_BOUNDS] */
}
/* expect-note@buf {gcc>=11, profile=default} "object 'buf' of size 6|while referencing 'buf'" */
