/* case-title: heap objects of known size as [static N] arguments
 * case-ref: C11 6.7.6.3p7
 * case-ref: https://gcc.gnu.org/onlinedocs/gcc/Common-Function-Attributes.html#index-alloc_005fsize-function-attribute
 *
 * GCC 11 and later track the size an allocator's alloc_size attribute
 * promises (the kernel's kmalloc has one, __alloc_size) into the call;
 * GCC 9 and 10 do not. Clang checks only arrays, not pointers, at the call
 * site. No C library: kernel code has none, and the kernel profile's
 * riscv64 soft-float ABI has no glibc headers.
 */
void *kmalloc(unsigned long size) __attribute__((__malloc__, __alloc_size__(1)));
void kfree(const void *p);
void use(unsigned char k[static 32]);
void call(void);
void call(void)
{
	unsigned char *small = kmalloc(16), *big = kmalloc(32);

	use(small);	/* expect-warning {gcc>=11, profile!=kernel|kcsan} "'use' accessing 32 bytes in a region of size 16" [-Wstringop-overflow] */
	use(big);	/* expect-clean */
	kfree(small);
	kfree(big);
}
