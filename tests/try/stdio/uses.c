/* SPDX-License-Identifier: MIT */
/* A file that includes <stdio.h>: under the kernel's riscv64 ABI flags
 * the C library's headers fail, and its warning is then unknown there. */
#include <stdio.h>

void say(void);

void say(void)
{
	int unused;

	puts("hello");
}
