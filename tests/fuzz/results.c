/* libFuzzer target: the results reader, and every reporter over what it
 * accepts (table, the four exports), written to /dev/null. */
#include <stdint.h>

#include "export.h"
#include "results.h"
#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *null;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct results r = {0};
	struct errlist errs = {0};

	if (!null)
		null = fopen("/dev/null", "w");
	if (results_parse(&r, "fuzz.results", (const char *)data, size, &errs) == 0) {
		results_sort_jobs(&r);
		if (results_check_unique(&r, &errs) == 0) {
			table_write(null, &r);
			export_tsv(null, &r);
			export_tap(null, &r);
			export_junit(null, &r);
			export_jsonl(null, &r);
		}
	}
	results_release(&r);
	errlist_release(&errs);
	return 0;
}
