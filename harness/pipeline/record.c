/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "pipeline/jobs.h"
#include "pipeline/record.h"

struct rdiag *
record_diags(const struct diaglist *dl)
{
	struct rdiag *v = xcalloc(dl->n + 1, sizeof(*v));

	for (size_t k = 0; k < dl->n; k++) {
		const struct diag *g = &dl->v[k];
		v[k] = (struct rdiag){
			.file = g->file ? g->file : "", .line = g->line, .col = g->col, .sev = g->sev,
			.option = g->option ? g->option : "", .count = g->count, .status = g->status, .message = g->message,
			.fits = g->fits, .nfits = g->nfits, .events = g->events, .nevents = g->nevents,
			.from_file = g->from_file ? g->from_file : "", .from_line = g->from_line,
		};
	}
	return v;
}

void
record_job(struct recorder *rc, const struct record *r)
{
	struct strbuf cmd = {0};
	struct rjob rj = {
		.caseidx = r->caseidx, .compiler = (char *)r->compiler, .version = (char *)r->version,
		.target = (char *)r->target, .profile = (char *)r->profile, .verdict = r->verdict,
		.reason = (char *)(r->reason ? r->reason : ""), .outcomes = (enum outcome *)r->outcomes,
		.exit_code = r->exit_code, .signal = r->signal, .seconds = r->seconds,
	};

	if (r->argv && r->argv->n)
		job_command_line(&cmd, r->argv);
	rj.command = (char *)sb_str(&cmd);
	if (r->dl && r->dl->n) {
		rj.diags = record_diags(r->dl);
		rj.ndiags = r->dl->n;
	}
	results_writer_job(&rc->w, &rc->res, &rj);
	rc->counts[r->verdict]++;
	if (r->verdict == V_FAIL || r->verdict == V_ERROR) {
		/* what a compiler printed reaches the terminal without control characters */
		struct strbuf line = {0};
		sb_addf(&line, "%s: ", verdict_name(r->verdict));
		sb_add_printable(&line, rc->res.cases[r->caseidx].name);
		sb_addf(&line, " %s@%s %s: ", rj.compiler, rj.target, rj.profile);
		sb_add_printable(&line, rj.reason);
		strvec_push_nocopy(&rc->failures, sb_detach(&line));
	}
	free(rj.diags);
	sb_release(&cmd);
}

void
record_print_failures(struct recorder *rc, FILE *fp, int sorted)
{
	if (sorted)
		strvec_sort(&rc->failures);
	for (size_t i = 0; i < rc->failures.n; i++) {
		fputs(rc->failures.v[i], fp);
		fputc('\n', fp);
	}
	strvec_release(&rc->failures);
}

void
recorder_release(struct recorder *rc)
{
	strvec_release(&rc->failures);
	results_release(&rc->res);
}
