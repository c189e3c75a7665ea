/* SPDX-License-Identifier: MIT */
/* run: the cases compiled over the matrix, or the plan shown (--dry-run). */
#include "cmd/cmd.h"

int
run_main(struct run_opts *o)
{
	return cmd_compile(o);
}
