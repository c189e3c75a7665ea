/* An inline helper in a header: the event GCC 16 points at is here. */
extern void report(void);
static inline void store(int v, int *out, int i)
{
	if (i >= 4)
		report();
	*out = v;
}
