/* SPDX-License-Identifier: MIT */
/* try -- FLAG...: the user's -D and -I decide what this file is. */
#include "size.h"

void fill(unsigned char out[static 7]);
void demo(void);

void demo(void)
{
	unsigned char buf[BIG] = { 0 };

	fill(buf);
}
