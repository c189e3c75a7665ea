/* SPDX-License-Identifier: MIT */
/* lint: the cases read, and their malformed annotations reported, without compiling. */
#include <stdio.h>
#include <unistd.h>

#include "cmd/cmd.h"

int
lint_main(const char *config, const struct strvec *paths, const struct dialect_ops *dialect)
{
	/* without a configuration, selectors may name anything */
	struct plan_opts o = { .config = config && access(config, F_OK) == 0 ? config : NULL, .cases = *paths, .dialect = dialect };
	struct plan p;
	int status = cmd_plan(&p, &o, PLAN_CASES, 1);
	size_t nd = 0, nu = 0;

	for (size_t i = 0; !status && i < p.cases.n; i++) {
		nd += p.cases.v[i].ndirs;
		if (p.cases.v[i].unsupported) {
			cmd_say_unsupported(stdout, &p.cases.v[i]);
			nu++;
		}
	}
	if (!status)
		printf("%zu case files, %zu directives: ok%s\n", p.cases.n, nd, nu ? " (some not supported, above)" : "");
	plan_release(&p);
	return status;
}

