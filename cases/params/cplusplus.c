/* case-title: static in an array parameter is a C feature: C++ rejects it
 * case-flags: -x c++
 * case-requires {clang, profile!=kernel|kcsan}
 * case-ref: C++ [dcl.array] (no static in array declarators)
 *
 * Headers that use at_least cannot be included from C++. Only Clang here:
 * Debian's cross GCC packages have no C++ compiler; and not the kernel
 * profiles (kernel, kcsan), whose -std=gnu11 is not valid for C++.
 */
void f(int a[static 1]);	/* expect-error "static array size is a C99 feature, not permitted in C\+\+" */
