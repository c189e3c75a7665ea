/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the selector parsers (case-format.md's and DejaGnu's
 * target selectors) and their evaluation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dgselector.h"
#include "model/etarget.h"
#include "model/selector.h"

static const char *const arches[] = { "x86-64", "arm64" };
static const char *const profiles[] = { "default", "O0" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
keyword(void *ctx, const char *name)
{
	(void)ctx;
	return etarget_index(name);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sel_vocab vocab = { arches, 2, profiles, 2 };
	static const unsigned char etargets[ETARGET_MAX] = { 1, 1, 0, 1 };
	struct sel_env env = { FAMILY_GCC, { 12, 2, 0 }, "arm64", "O0", "aarch64-linux-gnu", etargets };
	char *err = NULL, *text;
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
	err = NULL;
	/* the same bytes as a DejaGnu { target ... } selector */
	text = malloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	if ((sel = dg_selector(text, keyword, NULL, &err))) {
		selector_eval(sel, &env);
		selector_free(sel);
	} else if (!err) {
		abort();
	}
	free(err);
	free(text);
	return 0;
}
