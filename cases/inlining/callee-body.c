/* case-title: the bound inside the callee: only GCC at -O2 uses it
 * case-ref: https://gcc.gnu.org/gcc-11/changes.html (GCC 11 uses array parameter bounds for -Warray-parameter and the access checks)
 *
 * The caller cannot see this; the question is whether the compiler holds
 * the function's own body to its declared bound. GCC 11 and later do, for
 * plain [N] and [static N], once optimising (-Warray-bounds, which the
 * kernel turns off for GCC); GCC 9 and 10 do not (parameter bounds reach
 * GCC's middle end from 11, with the access attribute); Clang never
 * checks inside the callee.
 */
void f(int a[42]);
void f(int a[42])	/* mark: f */
{
	a[100] = 7;	/* expect-warning {gcc>=11, profile=default} "array subscript 100 is outside array bounds of 'int\[42\]'" [-Warray-bounds] */
}
void g(int a[static 42]);
void g(int a[static 42])	/* mark: g */
{
	a[42] = 7;	/* expect-warning {gcc>=11, profile=default} "array subscript 42 is outside array bounds of 'int\[42\]'" [-Warray-bounds] */
}
/* expect-note@f {gcc>=11, profile=default} "while referencing 'a'|at offset 400 into object 'a' of size \[0, 168\]"
 * expect-note@g {gcc>=11, profile=default} "while referencing 'a'|at offset 168 into object 'a' of size \[0, 168\]" */
