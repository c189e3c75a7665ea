/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <unistd.h>

#include "sandbox/step.h"

struct run {
	const struct step *s;
	struct strbuf partial;  /* the line being received */
	struct proc_result *r;
};

static void
get(void *vctx, size_t i, struct proc *p)
{
	struct run *x = vctx;

	(void)i;
	strvec_append(&p->argv, &x->s->argv);
	p->envp = x->s->envp;
	p->cwd = x->s->cwd;
	p->timeout = x->s->timeout;
	p->command_at = x->s->command_at;
	p->reuse = x->s->box;
}

static void
done(void *vctx, size_t i, const struct proc_result *r)
{
	struct run *x = vctx;

	(void)i;
	*x->r = *r;
	x->r->proc = NULL;
	memset(&x->r->out, 0, sizeof(x->r->out));
	memset(&x->r->err, 0, sizeof(x->r->err));
	if (x->s->keep) {
		sb_add(&x->r->out, r->out.buf, r->out.len);
		sb_add(&x->r->err, r->err.buf, r->err.len);
	}
}

static void
output(void *vctx, size_t i, int stream, const char *data, size_t n)
{
	struct run *x = vctx;

	(void)i;
	if (x->s->log >= 0)
		(void)!write(x->s->log, data, n);
	/* sched.h: stream 1 is standard output, 2 standard error */
	if ((stream == 1 || stream == 2) && x->s->copy[stream - 1] > 0)
		(void)!write(x->s->copy[stream - 1], data, n);
	for (size_t k = 0; x->s->line && k < n; k++) {
		if (data[k] != '\n') {
			sb_addc(&x->partial, data[k]);
			continue;
		}
		if (x->partial.len)
			x->s->line(x->s->ctx, sb_str(&x->partial));
		sb_reset(&x->partial);
	}
}

int
step_run(const struct step *s, struct proc_result *r)
{
	struct run x = { .s = s, .r = r };
	struct sched_opts o = {
		.njobs = 1, .parallel = 1, .capture_limit = s->keep ? s->keep : 1,
		.ctx = &x, .get = get, .done = done, .output = output,
	};
	int ret;

	memset(r, 0, sizeof(*r));
	ret = sched_run(&o);
	sb_release(&x.partial);
	return ret;
}
