/* case-title: the vDSO's time-namespace page: data read one page past a declared object, by design
 * case-ref: Linux 7.2, lib/vdso/gettimeofday.c (do_coarse_timens, vdso_timens_data: (void *)vd + PAGE_SIZE) and include/vdso/helpers.h (found by make kernel: trees/linux.yaml, GCC 16 on arm64, the vDSO that prepare builds)
 * case-flags: -Warray-bounds
 *
 * The vDSO reads the kernel's clock data from vdso_u_time_data, declared
 * as one struct (2304 bytes on arm64). A task in a time namespace has a
 * second page mapped right after it, and the vDSO reaches that page as
 * (void *)vd + PAGE_SIZE once the first page's sequence count says so.
 * The mapping is the vDSO's own (its linker script and the kernel's vvar
 * pages), which GCC cannot see: on the path where the clock is a
 * time-namespace clock it finds reads 4096 bytes into an object of a few
 * hundred, "array subscript 1024 is outside array bounds of 'struct
 * vdso_time_data[1]'". -Warray-bounds is given here because the kernel
 * turns it off for GCC 9 and later (CC_NO_ARRAY_BOUNDS); with it on, GCC
 * 16 prints these on arm64 for every vDSO build (GCC 16's
 * -fdiagnostics-show-context names the time-namespace branch). Reduced by
 * hand; the shapes kept: the sequence-count loop through READ_ONCE, the
 * early return into the namespace path, the page offset.
 */
#define PAGE_SIZE 4096
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))	/* mark: once */
struct stamp { unsigned long long sec, nsec; };
struct clk { unsigned int seq; int mode; struct stamp base[12]; };
struct tdata { struct clk clock[2]; };
extern struct tdata u_time __attribute__((visibility("hidden")));

static inline const struct tdata *ns_data(const struct tdata *vd)
{
	return (const void *)((const char *)vd + PAGE_SIZE);
}
static inline unsigned int read_begin(const struct clk *c)
{
	unsigned int s;
	while ((s = READ_ONCE(c->seq)) & 1)	/* known-fp {gcc>=11} "array subscript 1024 is outside array bounds of 'struct tdata\[1\]'" [-Warray-bounds]
					   known-fp {gcc==10} "array subscript 20 is outside array bounds of 'struct tdata\[1\]'" [-Warray-bounds] */
		;
	return s;
}
static inline int read_begin_ns(const struct clk *c, unsigned int *s)
{
	while ((*s = READ_ONCE(c->seq)) & 1)
		if (c->mode == 3)
			return 1;
	return 0;
}
static inline int retry(const struct clk *c, unsigned int s)
{
	return READ_ONCE(c->seq) != s;
}
static inline int coarse_ns(const struct tdata *vdns, int clk, struct stamp *ts)
{
	const struct tdata *vd = ns_data(vdns);
	const struct clk *c = vd->clock;
	unsigned int s;
	do {
		s = read_begin(c);
		ts->sec = c->base[clk].sec;	/* known-fp {gcc>=10} "array subscript 20 is outside array bounds of 'struct tdata\[1\]'" [-Warray-bounds] */
		ts->nsec = c->base[clk].nsec;	/* known-fp {gcc>=10} "array subscript 20 is outside array bounds of 'struct tdata\[1\]'" [-Warray-bounds] */
	} while (retry(c, s));
	return 1;
}
int coarse(int clk, struct stamp *ts);
int coarse(int clk, struct stamp *ts)
{
	const struct tdata *vd = &u_time;
	const struct clk *c = vd->clock;
	unsigned int s;
	do {
		if (read_begin_ns(c, &s))
			return coarse_ns(vd, clk, ts);
		ts->sec = c->base[clk].sec;
		ts->nsec = c->base[clk].nsec;
	} while (retry(c, s));
	return 1;
}
/* known-fp@once {gcc>=10} "array subscript 1024 is outside array bounds of 'struct tdata\[1\]'" [-Warray-bounds] */
/* case-overview@34: the vDSO's time-namespace page, read past vdso_u_time_data */
