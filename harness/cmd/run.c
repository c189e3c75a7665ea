/* SPDX-License-Identifier: MIT */
/* run: the cases compiled over the matrix, or the plan shown (--dry-run). */
#include "cmd/cmd.h"
#include "pipeline/exec.h"
#include "sandbox/sched.h"

int
run_main(struct run_opts *o)
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

