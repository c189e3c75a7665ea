/* case-title: identical code folding turns one function into a thunk of another (GCC false positive, no location)
 * case-flags: -fno-inline
 * case-ref: https://gcc.gnu.org/git/?p=gcc.git;a=blob;f=gcc/testsuite/gcc.dg/Wstringop-overflow-89.c;hb=HEAD (GCC testsuite gcc.dg/Wstringop-overflow-89.c)
 *
 * The two functions compile to the same code, so GCC's ICF makes
 * process_array4 call process_array3, and then checks that call against
 * the [3] bound: a warning with no source location ("cc1: warning"), at
 * -O2 only (ICF is an optimisation), needing -fno-inline to show. GCC 11
 * and 12 only: gone from GCC 13 (GCC 9 and 10 do not check the bounds).
 */
extern void process(char);
void process_array4(char a[4], int n);
void process_array3(char a[3], int n);
void process_array4(char a[4], int n) { for (int i = 0; i < n; i++) process(a[i]); }
void process_array3(char a[3], int n) { for (int i = 0; i < n; i++) process(a[i]); }
/* known-fp@* {gcc>=11, profile=default} "'process_array4' accessing 4 bytes in a region of size 3" [-Wstringop-overflow] [ref: gcc.dg/Wstringop-overflow-89.c] */
