/* case-title: qnx4 directory entry: the name is read through its first byte (GCC false positive, kernel workaround)
 * case-ref: https://git.kernel.org/linus/b7213ffa0e585feb1aee3e7173e965e66ee0abaa (Linux commit b7213ffa0e58, "qnx4: avoid stringop-overread errors")
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=99578#c6
 * case-ref: Linux 7.2, fs/qnx4/qnx4.h (qnx4_name_len) with the struct put back as b7213ffa0e58 found it, and arch/s390/include/asm/string.h (strnlen): trees/linux.yaml, configuration reductions
 *
 * The on-disk entry keeps the name in de_name and the bytes after it; the
 * code hands &de->de_name with a bound of 16 or 48 to strnlen. GCC sees a
 * one-byte member and warns: GCC 11 at -O2, GCC 12 and every later GCC
 * also at -O0 (GCC 9 and 10 have no -Wstringop-overread). The kernel
 * rewrote the struct as a union to quiet it. strnlen is declared here, as
 * the kernel declares its own: no C library.
 *
 * Except on s390: the kernel's arch/s390/include/asm/string.h defines
 * strnlen as an inline function around the SRST instruction, so GCC never
 * sees a call to strnlen and has nothing to check. Linux 7.2 with the old
 * struct warns on arm64 and x86-64 with GCC 11 to 16 and stays quiet on
 * s390x (make kernel, the reductions configuration); so does this file.
 */
typedef __SIZE_TYPE__ size_t;
#if defined(__s390x__)
static inline size_t strnlen(const char *s, size_t n)
{
	const char *tmp = s;
	const char *end = s + n;

	__asm__ __volatile__("	lghi	0,0\n"
			     "0:	srst	%[end],%[tmp]\n"
			     "	jo	0b"
			     : [end] "+&a" (end), [tmp] "+&a" (tmp)
			     :
			     : "cc", "memory", "0");
	return end - s;
}
#else
size_t strnlen(const char *s, size_t maxlen);
#endif
struct qnx4_directory_entry {
	char de_name;	/* mark: name */
	char de_pad[62];
	char de_status;
};
size_t name_len(struct qnx4_directory_entry *de);
size_t name_len(struct qnx4_directory_entry *de)
{
	size_t size = (de->de_status & 8) ? 48 : 16;
	return strnlen(&de->de_name, size);	/* known-fp {gcc>=12, arch!=s390x} "'strnlen' specified bound \[16, 48\] exceeds source size 1" [-Wstringop-overread] [ref: kernel commit b7213ffa0e58]
						   known-fp {gcc==11, arch!=s390x, profile!=O0} "'strnlen' specified bound \[16, 48\] exceeds source size 1" [-Wstringop-overread] [ref: kernel commit b7213ffa0e58] */
}
/* expect-note@name {gcc>=12, arch!=s390x} "source object (declared|allocated) here"
 * expect-note@name {gcc==11, arch!=s390x, profile!=O0} "source object (declared|allocated) here" */
