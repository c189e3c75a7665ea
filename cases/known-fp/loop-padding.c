/* case-title: padding a header to a multiple of 4 in a loop (GCC false positive at -O3, on and off from GCC 10 to 15)
 * case-flags: -O3
 * case-ref: https://github.com/godotengine/godot/pull/58755
 *
 * header_bytes is even and at most 8 when the padding loop runs, so the
 * loop never writes header[8]; GCC's -O3 loop transformations leave a
 * path where it does and warn about it, on x86-64 and arm64 only: GCC 10,
 * not 11, then 12 to 15 (15 also on riscv64), and no longer 16 or trunk.
 * GCC 9 and Clang are quiet. The case adds -O3 after every profile's own
 * level; the kernel's -Wno-stringop-overflow hides it there.
 */
typedef unsigned char uint8_t;
typedef unsigned int uint32_t;
void out(int);
uint32_t some_func(uint32_t components);
uint32_t some_func(uint32_t components)
{
	uint8_t header[8];
	uint32_t header_bytes = 0;

	for (uint32_t i = 0; i < components && i < 3; i++)
		header_bytes += 2;
	header_bytes += 2;
	while (header_bytes % 4 != 0)
		header[header_bytes++] = 0;	/* known-fp {gcc==10, arch=x86-64|arm64, profile!=kernel|kcsan} "writing 1 byte into a region of size 0" [-Wstringop-overflow] [ref: godot PR 58755]
						   known-fp {gcc>=12, gcc<15, arch=x86-64|arm64, profile!=kernel|kcsan} "writing 1 byte into a region of size 0" [-Wstringop-overflow] [ref: godot PR 58755]
						   known-fp {gcc==15, arch=x86-64|arm64|riscv64, profile!=kernel|kcsan} "writing 1 byte into a region of size 0" [-Wstringop-overflow] [ref: godot PR 58755] */
	for (uint32_t i = 0; i < header_bytes; i++)
		out(header[i]);
	return header_bytes;
}
