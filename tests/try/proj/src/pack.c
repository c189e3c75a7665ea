/* SPDX-License-Identifier: MIT */
/* A file of a small project, built by its Makefile under Bear: try
 * --compile-commands must print what that build printed. */
#include "cfg.h"

void fill(unsigned char out[static 7]);
void pack(void);

void pack(void)
{
	unsigned char bad[BUF] = { 0 };
	int unused;

#if MODE == 2
	fill(bad);
#endif
}
