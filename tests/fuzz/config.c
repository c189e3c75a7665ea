/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the compilers.yaml loader. */
#include <stdint.h>

#include "model/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config cfg;
	struct errlist errs = {0};

	if (config_parse(&cfg, "fuzz.yaml", (const char *)data, size, &errs) == 0)
		config_release(&cfg);
	errlist_release(&errs);
	return 0;
}
