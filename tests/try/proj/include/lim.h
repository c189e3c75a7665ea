/* SPDX-License-Identifier: MIT */
/* A header whose macro and inline function warn where they are used. */
#define NONNEG(x) ((x) >= 0)

void sink(char *p);

static inline void put(char *p, int i)
{
	p[i] = 1;
}
