/* SPDX-License-Identifier: MIT */
/* libFuzzer target: two results files (the input split at its first form
 * feed) read into one as merge reads shards, and compared as diff compares
 * an old and a new run, in both formats. */
#include <stdint.h>
#include <string.h>

#include "report/diff.h"
#include "report/results.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *null;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data, *ff = memchr(buf, '\f', size);
	size_t n1 = ff ? (size_t)(ff - buf) : size, n2 = ff ? size - n1 - 1 : 0;
	struct results merged = {0}, old = {0}, new = {0};
	struct errlist errs = {0};

	if (!null)
		null = fopen("/dev/null", "w");
	if (results_parse(&merged, "a.results", buf, n1, &errs) == 0 &&
	    results_parse(&merged, "b.results", buf + n1 + !!ff, n2, &errs) == 0) {
		results_sort_jobs(&merged);
		results_check_unique(&merged, &errs);
	}
	if (results_parse(&old, "old.results", buf, n1, &errs) == 0 &&
	    results_parse(&new, "new.results", buf + n1 + !!ff, n2, &errs) == 0) {
		results_sort_jobs(&old);
		results_sort_jobs(&new);
		results_diff(null, &old, &new, DIFF_TEXT);
		results_diff(null, &old, &new, DIFF_MARKDOWN);
	}
	results_release(&merged);
	results_release(&old);
	results_release(&new);
	errlist_release(&errs);
	return 0;
}
