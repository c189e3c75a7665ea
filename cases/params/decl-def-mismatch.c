/* case-title: prototype and definition disagree on the bound (-Warray-parameter)
 * case-ref: https://gcc.gnu.org/gcc-11/changes.html (-Warray-parameter, new in GCC 11)
 * case-ref: https://gcc.gnu.org/onlinedocs/gcc/Warning-Options.html#index-Warray-parameter
 *
 * What at_least conversions hit when only the prototype is changed. GCC 11
 * and later warn for a pointer definition and a different bound (GCC 9
 * and 10 have no -Warray-parameter); Clang (from 15)
 * only for the different bound; [static 32] against [32] passes silently.
 */
typedef unsigned char u8;
void sha256_final(void *c, u8 out[static 32]);
void sha256_final(void *c, u8 *out) { (void)c; out[0] = 0; }	/* expect-warning {gcc>=11} "argument 2 of type 'u8 \*' \{aka 'unsigned char \*'\} declared as a pointer" [-Warray-parameter] */
void nonce(const u8 n[12]);
void nonce(const u8 n[24]) { (void)n; }	/* expect-warning {gcc>=11} "argument 1 of type 'const u8\[24\]' .* with mismatched bound" [-Warray-parameter]
					   expect-warning {clang>=15} "argument 'n' of type 'const u8\[24\]' .* with mismatched bound" [-Warray-parameter] */
void keyfn(const u8 k[static 32]);
void keyfn(const u8 k[32]) { (void)k; }	/* expect-clean */
