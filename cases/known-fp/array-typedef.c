/* case-title: array-typedef parameter with a short string literal (GCC false positive)
 * case-ref: https://github.com/open-mpi/ompi/issues/14153
 *
 * pmix_key_t is char[512]; passing a string literal is what every caller
 * does, and the callee reads only up to the NUL. GCC 11 and later (to
 * trunk) read the typedef's bound as the number of bytes the callee
 * accesses; Clang does not. This is the mechanism of static/plain-bound.c,
 * where the same warning is a true positive: there the callee reads its
 * whole bound, here the bound is only an upper limit. GCC cannot tell the
 * two apart; the callee's contract decides which it is.
 */
typedef char pmix_key_t[512];
int PMIx_Get(const void *proc, const pmix_key_t key, void *val);
int client(const void *p, void *v);
int client(const void *p, void *v)
{
	return PMIx_Get(p, "pmix.dbg.init", v);	/* known-fp {gcc>=11} "'PMIx_Get' reading 512 bytes from a region of size 14" [-Wstringop-overread] [ref: Open MPI issue 14153] */
}
