/* SPDX-License-Identifier: MIT */
/* A compile that stops early: unoptimised, an error first, and with
 * -Wfatal-errors nothing after it is read. */
#ifndef __OPTIMIZE__
#error "built unoptimised"
#endif

int pick(int k);

int pick(int k)
{
	int r = 0;

	switch (k) {
	case 1:
		r = 1;
	case 2:
		r += 2;
		break;
	}
	return r;
}
