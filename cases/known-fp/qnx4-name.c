/* case-title: qnx4 directory entry: the name is read through its first byte (GCC false positive, kernel workaround)
 * case-ref: https://git.kernel.org/linus/b7213ffa0e585feb1aee3e7173e965e66ee0abaa (Linux commit b7213ffa0e58, "qnx4: avoid stringop-overread errors")
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=99578#c6
 *
 * The on-disk entry keeps the name in de_name and the bytes after it; the
 * code hands &de->de_name with a bound of 16 or 48 to strnlen. GCC sees a
 * one-byte member and warns: GCC 11 at -O2, GCC 12 and every later GCC
 * also at -O0 (GCC 9 and 10 have no -Wstringop-overread). The kernel
 * rewrote the struct as a union to quiet it. strnlen is declared here, as
 * the kernel declares its own: no C library.
 */
__SIZE_TYPE__ strnlen(const char *s, __SIZE_TYPE__ maxlen);
struct qnx4_directory_entry {
	char de_name;	/* mark: name */
	char de_pad[62];
	char de_status;
};
__SIZE_TYPE__ name_len(struct qnx4_directory_entry *de);
__SIZE_TYPE__ name_len(struct qnx4_directory_entry *de)
{
	__SIZE_TYPE__ size = (de->de_status & 8) ? 48 : 16;
	return strnlen(&de->de_name, size);	/* known-fp {gcc>=12} "'strnlen' specified bound \[16, 48\] exceeds source size 1" [-Wstringop-overread] [ref: kernel commit b7213ffa0e58]
						   known-fp {gcc==11, profile!=O0} "'strnlen' specified bound \[16, 48\] exceeds source size 1" [-Wstringop-overread] [ref: kernel commit b7213ffa0e58] */
}
/* expect-note@name {gcc>=12} "source object (declared|allocated) here"
 * expect-note@name {gcc==11, profile!=O0} "source object (declared|allocated) here" */
