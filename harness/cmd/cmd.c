/* SPDX-License-Identifier: MIT */
/* What the commands share (cmd.h). */
#include <stdio.h>

#include "cmd/cmd.h"
#include "pipeline/exec.h"
#include "sandbox/sched.h"

void
cmd_say_unsupported(FILE *fp, const struct casefile *cf)
{
	fput_printable(fp, cf->path);
	fputs(": not supported, n/a everywhere: ", fp);
	fput_printable(fp, cf->unsupported);
	fputc('\n', fp);
}

int
cmd_plan(struct plan *p, const struct plan_opts *o, int want, int quiet)
{
	struct errlist errs = {0};
	int r = plan_build(p, o, want, &errs);

	errlist_print(&errs, stderr);
	errlist_release(&errs);
	for (size_t i = 0; i < p->warnings.n; i++)
		fprintf(stderr, "diagmatrix: %s\n", p->warnings.v[i]);
	if (r < 0 && p->interrupted) {
		fprintf(stderr, "diagmatrix: interrupted by signal %d\n", p->interrupted);
		return 128 + p->interrupted;
	}
	if (r < 0)
		return 2;
	for (size_t k = 0; !quiet && k < p->cases.n; k++)
		if (p->cases.v[k].unsupported)
			cmd_say_unsupported(stderr, &p->cases.v[k]);
	return 0;
}

int
cmd_compile(struct run_opts *o)
{
	struct plan p;
	struct exec_opts eo = { .out = o->out, .timeout = o->plan.timeout, .quiet = o->quiet, .config = o->plan.config,
	                        .progress_only = o->progress_only };
	int status;

	/* from the probes on, a signal is noted, not fatal: the run stops at
	 * it and says so in its results */
	sched_stop_catch();
	if (!(status = cmd_plan(&p, &o->plan, PLAN_JOBS, o->quiet))) {
		if (o->dry_run)
			plan_print(&p, stdout);
		else
			status = exec_plan(&p, &eo);
	}
	plan_release(&p);
	sched_stop_restore();
	return status;
}
