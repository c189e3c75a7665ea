#include "inc.h"
void blah(unsigned char herp[static 7]);
void plain(unsigned char herp[7]);
static inline void sink(const unsigned char a[static 7]) { (void)a; }
int schma(void);
int schma(void)
{
	unsigned char bad[] = { 1, 2, 3, 4, 5, 6 };
	int *p = (void *)0;
	blah(bad);
	plain(bad);
	sink(bad);
	blah((void *)0);
	return header_fn(bad) + *p;
}
