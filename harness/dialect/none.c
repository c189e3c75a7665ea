/* SPDX-License-Identifier: MIT */
/* The dialect "none": a file read without annotations, as `try` reads
 * any C file. Every diagnostic is recorded and none is judged: the
 * verdict is pass, or error when the compile fails (any failing exit:
 * what it did not print is not silence). Never detected:
 * only --dialect none or try asks for it. */
#include "dialect/dialect.h"

static int
none_read(struct casefile *cf, const char *buf, size_t len, const struct read_ctx *ctx, struct errlist *errs)
{
	(void)cf, (void)buf, (void)len, (void)ctx, (void)errs;
	return 0;
}

static int
none_judge(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
           struct diaglist *dl, enum outcome *out, struct strbuf *why)
{
	(void)cf, (void)env, (void)text, (void)len, (void)out, (void)why;
	for (size_t j = 0; j < dl->n; j++)
		dl->v[j].status = dl->v[j].sev == SEV_NOTE ? ST_NOTE : ST_NONE;
	return 0;
}

const struct dialect_ops dialect_none = {
	.name = "none",
	.claims = NULL,
	.read = none_read,
	.flags = case_plain_flags,
	.judge = none_judge,
	.requires_reason = "case-requires {%s}",
	.bare_diagnostics = 1,
	.failed_exit_is_error = 1,
	.distinct_sites = 1,
	.follows_inputs = 1,
};
