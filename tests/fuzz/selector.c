/* libFuzzer target: the selector parser and evaluator. */
#include <stdint.h>
#include <stdlib.h>

#include "selector.h"

static const char *const arches[] = { "x86-64", "arm64" };
static const char *const profiles[] = { "default", "O0" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sel_vocab vocab = { arches, 2, profiles, 2 };
	struct sel_env env = { FAMILY_GCC, { 12, 2, 0 }, "arm64", "O0" };
	char *err = NULL;
	size_t pos = 0;
	struct selector *sel = selector_parse((const char *)data, size, &vocab, &err, &pos);

	if (sel) {
		selector_eval(sel, &env);
		env.family = FAMILY_CLANG;
		selector_eval(sel, &env);
		selector_free(sel);
	} else if (!err || pos > size) {
		abort();        /* a refusal must say why, and where */
	}
	free(err);
	return 0;
}
