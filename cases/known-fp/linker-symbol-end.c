/* case-title: a section's last byte as the linker symbol after it, minus one (GCC 12 and later, -Warray-bounds)
 * case-ref: Linux 6.12 and 7.2, arch/arm64/kernel/setup.c (request_standard_resources: __pa_symbol(__init_begin - 1), __pa_symbol(_end - 1)) and arch/arm64/kernel/hibernate.c (pfn_is_nosave: sym_to_pfn(&__nosave_end - 1)) (found by make kernel: trees/linux.yaml, the whole kernel, GCC 16 on arm64)
 * case-ref: https://github.com/seL4/seL4_tools/pull/214 (the same warning on a linker symbol declared char[], worked around with a cast)
 * case-flags: -Warray-bounds
 *
 * The linker script defines __init_begin, _end and __nosave_end at
 * section boundaries; C sees them as extern char arrays of unknown size
 * (include/asm-generic/sections.h) or as a const void object. To name the
 * last byte of the section before, arm64 subtracts one and converts the
 * address to physical through RELOC_HIDE, an empty asm that hides where
 * the pointer came from - after the subtraction, which GCC has already
 * seen: "array subscript -1 is outside array bounds of 'char[]'". By ISO
 * C the pointer is indeed out of its object; the object is not a C one,
 * and the address is the previous section's last byte, which the kernel
 * means. GCC 12 and later say so wherever they optimize (GCC 11 does not);
 * the kernel hears none of it while CC_NO_ARRAY_BOUNDS turns -Warray-bounds
 * off. Clang has no such check on pointer arithmetic.
 */
typedef unsigned long long phys_addr_t;
extern char _text[], __init_begin[], _sdata[], _end[];
extern const void __nosave_begin, __nosave_end;
extern phys_addr_t kimage_voffset;

#define RELOC_HIDE(ptr, off) ({ unsigned long __ptr; \
	__asm__ ("" : "=r"(__ptr) : "0"(ptr)); (__typeof__(ptr)) (__ptr + (off)); })
#define __kimg_to_phys(addr) ((addr) - kimage_voffset)
#define __pa_symbol(x) __kimg_to_phys((phys_addr_t)RELOC_HIDE((unsigned long)(x), 0))
#define sym_to_pfn(x) ((unsigned long)(__pa_symbol(x) >> 12))

struct resource { phys_addr_t start, end; };
struct resource kernel_code, kernel_data;

static void request_standard_resources(void)
{
	kernel_code.start = __pa_symbol(_text);
	kernel_code.end = __pa_symbol(__init_begin - 1);	/* known-fp {gcc>=12, profile!=O0} "array subscript -1 is outside array bounds of 'char\[\]'" [-Warray-bounds] */
	kernel_data.start = __pa_symbol(_sdata);
	kernel_data.end = __pa_symbol(_end - 1);	/* known-fp {gcc>=12, profile!=O0} "array subscript -1 is outside array bounds of 'char\[\]'" [-Warray-bounds] */
}
void setup_arch(void);
void setup_arch(void)
{
	request_standard_resources();
}

int pfn_is_nosave(unsigned long pfn);
int pfn_is_nosave(unsigned long pfn)
{
	unsigned long nosave_begin_pfn = sym_to_pfn(&__nosave_begin);
	unsigned long nosave_end_pfn = sym_to_pfn(&__nosave_end - 1);	/* known-fp {gcc>=12, profile!=O0} "array subscript -1 is outside array bounds of 'const void\[\]'" [-Warray-bounds] */

	return pfn >= nosave_begin_pfn && pfn <= nosave_end_pfn;
}
/* case-overview@36: arm64's linker symbols one byte back, __init_begin - 1 */
