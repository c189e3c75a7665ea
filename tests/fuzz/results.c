/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the results reader, and every reporter over what it
 * accepts (table, its overview and SVG, try, the four exports), written to /dev/null. */
#include <stdint.h>

#include "report/export.h"
#include "report/results.h"
#include "report/svg.h"
#include "report/table.h"
#include "report/try.h"

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
			table_write_overview(null, &r);
			svg_write(null, &r);
			try_write(null, &r, &(struct try_view){ TRY_TEXT, 40 });
			try_write(null, &r, &(struct try_view){ TRY_MARKDOWN, 0 });
			try_write(null, &r, &(struct try_view){ TRY_JSON, 0 });
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
