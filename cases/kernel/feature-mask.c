/* case-title: x86's feature-mask test in a macro: GCC trunk's new -Wconstant-logical-operand fires where Clang's does not
 * case-ref: Linux 6.12, arch/x86/include/asm/cpufeature.h, CHECK_BIT_IN_MASK_WORD (found by make kernel: trees/linux.yaml, GCC trunk on x86-64)
 *
 * The kernel tests a feature bit against a word of its compile-time masks
 * with ((bit) >> 5) == (word) && (1UL << ((bit) & 31) & MASKword): the
 * right operand of && is a constant other than 0 or 1. GCC's development
 * tree (GCC 17) now warns about that, inside the macro too, under -Wall;
 * Clang has had the warning for years and keeps quiet in a macro's
 * expansion, as the kernel needs. On x86-64, whose defconfig sets
 * CONFIG_WERROR, GCC trunk then cannot build the Xe driver. Written
 * outside a macro, both warn (with their own wording).
 */
#define DISABLED_MASK3 (1 << 4)
#define CHECK_BIT_IN_MASK_WORD(maskname, word, bit) \
	(((bit) >> 5) == (word) && (1UL << ((bit) & 31) & maskname##word))	/* mark: macro */

int feature_disabled(void);
int feature_disabled(void)
{
	return CHECK_BIT_IN_MASK_WORD(DISABLED_MASK, 3, 100);
}

int plain(int x);
int plain(int x)
{
	return x && 16;	/* expect-warning {gcc>=17} "use of logical '&&' with constant operand '16'" [-Wconstant-logical-operand]
			   expect-warning {clang} "use of logical '&&' with constant operand" [-Wconstant-logical-operand] */
}
/* expect-warning@macro {gcc>=17} "use of logical '&&' with constant operand '16'" [-Wconstant-logical-operand] */
/* case-overview@15: the kernel's feature-mask macro, GCC trunk's -Wconstant-logical-operand */
