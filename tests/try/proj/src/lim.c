/* SPDX-License-Identifier: MIT */
/* A file of the small project whose warnings are in a header: a macro
 * used twice (two places of use, two rows) and an inlined function. */
#include "lim.h"

int first(unsigned a);
int second(unsigned b);
void use(void);

int first(unsigned a)
{
	return NONNEG(a);
}

int second(unsigned b)
{
	return NONNEG(b);
}

void use(void)
{
	char b[4];

	put(b, 4);
	sink(b);
}
