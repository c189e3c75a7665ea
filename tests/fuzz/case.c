/* libFuzzer target: the case-file parser (comments, directives, selectors,
 * PCRE2 patterns, marks), in every dialect it reads. */
#include <stdint.h>

#include "cases.h"

static const char *const arches[] = { "x86-64", "arm64", "s390x" };
static const char *const profiles[] = { "default", "O0", "kernel" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sel_vocab vocab = { arches, 3, profiles, 3 };
	struct casefile cf;
	struct errlist errs = {0};

	if (case_parse_as(&cf, "fuzz.c", "fuzz.c", (const char *)data, size, &vocab, DIALECT_AUTO, &errs) == 0) {
		for (size_t i = 0; i < cf.ndirs; i++)
			directive_matches(&cf.dirs[i], "message 'x' [y]", 15);
		case_release(&cf);
	}
	errlist_release(&errs);
	return 0;
}
