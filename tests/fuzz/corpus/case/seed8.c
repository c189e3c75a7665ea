/* case-title: array-typedef parameter with a short string literal (GCC false positive)
 * case-ref: https://github.com/open-mpi/ompi/issues/14153
 *
 * pmix_key_t is char[512]; passing a string literal is what every caller
 * does, and the callee reads only up to the NUL. GCC reads the typedef's
 * bound as a promise; Clang does not.
 */
typedef char pmix_key_t[512];
int PMIx_Get(const void *proc, const pmix_key_t key, void *val);
int client(const void *p, void *v);
int client(const void *p, void *v)
{
	return PMIx_Get(p, "pmix.dbg.init", v);	/* known-fp {gcc} "'PMIx_Get' reading 512 bytes from a region of size 14" [-Wstringop-overread] [ref: Open MPI issue 14153] */
}
