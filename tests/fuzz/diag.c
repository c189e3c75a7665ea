/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the compiler-output parser. */
#include <stdint.h>

#include "model/diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* both ways of reading a path: with its diagnostic, or as notes */
	struct diaglist dl = { .paths = size && (data[0] & 1) };

	diag_parse(&dl, (const char *)data, size);
	diaglist_release(&dl);
	return 0;
}
