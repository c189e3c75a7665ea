/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the compilation database reader, and the sorting of
 * each entry's command into what try keeps, tries and drops. */
#include <stdint.h>

#include "model/compdb.h"
#include "model/userflags.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct compdb db = {0};
	struct errlist errs = {0};

	compdb_parse(&db, "fuzz.json", (const char *)data, size, &errs);
	for (size_t i = 0; i < db.n; i++) {
		struct buildflags bf;
		struct strvec dirs = {0};
		buildflags_sort(&bf, &db.v[i].argv, db.v[i].directory);
		userflags_dirs(&bf.keep, &dirs);
		strvec_release(&dirs);
		buildflags_release(&bf);
	}
	compdb_release(&db);
	errlist_release(&errs);
	return 0;
}
