#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "dejagnu.h"
#include "match.h"
#include "rx.h"
#include "util.h"

static const char *const outcome_names[] = {
	[OUT_NA] = "n/a", [OUT_HELD] = "held", [OUT_MISSING] = "missing", [OUT_FP] = "fp",
	[OUT_FP_GONE] = "fp-gone", [OUT_CLEAN] = "clean", [OUT_DIRTY] = "dirty", [OUT_XFAIL] = "xfail", [OUT_XPASS] = "xpass",
};
static const char *const verdict_names[] = {
	[V_PASS] = "pass", [V_FAIL] = "fail", [V_NA] = "n/a", [V_SKIP] = "skip", [V_ERROR] = "error",
};

const char *
outcome_name(enum outcome o)
{
	return outcome_names[o];
}

int
outcome_parse(const char *s)
{
	return name_index(outcome_names, LEN(outcome_names), s);
}

const char *
verdict_name(enum verdict v)
{
	return verdict_names[v];
}

int
verdict_parse(const char *s)
{
	return name_index(verdict_names, LEN(verdict_names), s);
}

static int
severity_fits(enum dkind k, enum severity s)
{
	switch (k) {
	case D_WARNING: return s == SEV_WARNING;
	case D_ERROR: return s == SEV_ERROR || s == SEV_FATAL;
	case D_NOTE: return s == SEV_NOTE;
	case D_DIAG:
	case D_KNOWN_FP: return s != SEV_NOTE;
	default: return 0;
	}
}

/* Is d about the place where g was reported? */
static int
place_fits(const struct casefile *cf, const struct directive *d, const struct diag *g)
{
	if (d->line == LINE_ANY)
		return 1;
	return g->file && g->line == d->line && !strcmp(g->file, cf->path);
}

static int
diag_matches(const struct casefile *cf, const struct directive *d, const struct diag *g)
{
	if (!severity_fits(d->kind, g->sev) || !place_fits(cf, d, g))
		return 0;
	if (d->flag && (!g->option || strcmp(d->flag, g->option)))
		return 0;
	if (d->col && g->col != d->col)
		return 0;
	return directive_matches(d, g->message, strlen(g->message));
}

static void
describe_diag(struct strbuf *sb, const struct diag *g)
{
	if (g->file)
		sb_addf(sb, "line %d: ", g->line);
	sb_addf(sb, "%s '%s'", severity_name(g->sev), g->message);
	if (g->option)
		sb_addf(sb, " [%s]", g->option);
}

static void
describe_directive(struct strbuf *sb, const struct directive *d)
{
	if (d->line != LINE_ANY)
		sb_addf(sb, "line %d: ", d->line);
	sb_addstr(sb, dkind_name(d->kind));
	if (d->regex)
		sb_addf(sb, " \"%s\"", d->regex);
	if (d->flag)
		sb_addf(sb, " [%s]", d->flag);
}

/* The directives of a case-format.md case against dl: one
 * outcome each, one description in why per failure. Returns the count. */
static int
judge(const struct casefile *cf, const struct sel_env *env, struct diaglist *dl, enum outcome *out,
      struct strbuf *why)
{
	int failed = 0;

	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		unsigned long hit = 0;

		out[i] = OUT_NA;
		if (!selector_eval(d->sel, env))
			continue;
		if (d->kind == D_CLEAN || d->kind == D_NO_DIAGNOSTICS)
			continue;       /* decided once every diagnostic has its status */
		for (size_t j = 0; j < dl->n; j++) {
			struct diag *g = &dl->v[j];
			if (!diag_matches(cf, d, g))
				continue;
			hit += g->count;
			if (d->kind == D_KNOWN_FP) {
				if (g->status != ST_EXPECTED)
					g->status = ST_KNOWN_FP;
			} else {
				g->status = ST_EXPECTED;
			}
		}
		if (d->kind == D_KNOWN_FP)
			out[i] = hit ? OUT_FP : OUT_FP_GONE;
		else
			out[i] = hit >= d->min && hit <= d->max ? OUT_HELD : OUT_MISSING;
	}
	for (size_t j = 0; j < dl->n; j++) {
		struct diag *g = &dl->v[j];
		if (g->status == ST_NONE)
			g->status = g->sev == SEV_NOTE ? ST_NOTE : ST_UNEXPECTED;
	}
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		int dirty = 0;

		if ((d->kind != D_CLEAN && d->kind != D_NO_DIAGNOSTICS) ||
		    !selector_eval(d->sel, env))
			continue;
		for (size_t j = 0; j < dl->n && !dirty; j++) {
			const struct diag *g = &dl->v[j];
			if (g->sev == SEV_NOTE)
				continue;
			else if (d->kind == D_NO_DIAGNOSTICS)
				dirty = 1;
			else if (g->status == ST_UNEXPECTED && place_fits(cf, d, g))
				dirty = 1;
		}
		out[i] = dirty ? OUT_DIRTY : OUT_CLEAN;
	}

	for (size_t i = 0; i < cf->ndirs; i++) {
		if (out[i] != OUT_MISSING && out[i] != OUT_DIRTY)
			continue;
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, out[i] == OUT_MISSING ? "missing " : "not clean ");
		describe_directive(why, &cf->dirs[i]);
	}
	for (size_t j = 0; j < dl->n; j++) {
		if (dl->v[j].status != ST_UNEXPECTED)
			continue;
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, "unexpected ");
		describe_diag(why, &dl->v[j]);
	}
	return failed;
}

/* Clang's -verify, as VerifyDiagnosticConsumer checks it: in file order,
 * each directive takes up to its count of matching diagnostics, each
 * diagnostic once; what no directive took, notes included, is unexpected.
 * Returns the failures, described in why. */
static int
judge_verify(const struct casefile *cf, const struct sel_env *env, struct diaglist *dl, enum outcome *out,
             struct strbuf *why)
{
	unsigned *left = xcalloc(dl->n + 1, sizeof(*left));
	int failed = 0, nodiag = 0;

	for (size_t j = 0; j < dl->n; j++)
		left[j] = dl->v[j].count;
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		unsigned taken = 0;

		out[i] = OUT_NA;
		if (!selector_eval(d->sel, env))
			continue;
		if (d->kind == D_NO_DIAGNOSTICS) {
			nodiag = 1;
			out[i] = OUT_CLEAN;
			continue;
		}
		while (taken < d->max) {
			size_t j;
			for (j = 0; j < dl->n; j++)
				if (left[j] && diag_matches(cf, d, &dl->v[j]))
					break;
			if (j == dl->n)
				break;
			left[j]--;
			dl->v[j].status = ST_EXPECTED;
			taken++;
		}
		out[i] = taken >= d->min ? OUT_HELD : OUT_MISSING;
		if (out[i] == OUT_MISSING) {
			sb_addstr(why, failed++ ? "; " : "");
			sb_addstr(why, "missing ");
			describe_directive(why, d);
		}
	}
	for (size_t j = 0; j < dl->n; j++) {
		struct diag *g = &dl->v[j];
		if (!left[j])
			continue;
		g->status = ST_UNEXPECTED;
		sb_addstr(why, failed++ ? "; " : "");
		sb_addstr(why, "unexpected ");
		describe_diag(why, g);
	}
	/* what fired is a failure already, listed above */
	if (nodiag && dl->n)
		for (size_t i = 0; i < cf->ndirs; i++)
			if (cf->dirs[i].kind == D_NO_DIAGNOSTICS && out[i] == OUT_CLEAN)
				out[i] = OUT_DIRTY;
	free(left);
	return failed;
}

enum verdict
match_job(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
          struct diaglist *dl, const struct exit_info *ei, enum outcome *out, char **reason)
{
	struct strbuf why = {0};
	int nerrors = 0, failed;

	*reason = NULL;
	rx_begin();
	for (size_t j = 0; j < dl->n; j++)
		dl->v[j].status = ST_NONE;
	if (cf->dialect == DIALECT_DEJAGNU)
		failed = dg_judge(cf, env, text, len, dl, out, &why);
	else if (cf->dialect == DIALECT_VERIFY)
		failed = judge_verify(cf, env, dl, out, &why);
	else
		failed = judge(cf, env, dl, out, &why);
	for (size_t j = 0; j < dl->n; j++)
		if (dl->v[j].sev == SEV_ERROR || dl->v[j].sev == SEV_FATAL)
			nerrors++;
	/* how the compiler ended outranks what it printed */
	if (ei->spawn_errno)
		*reason = xasprintf("cannot run the compiler: %s", strerror(ei->spawn_errno));
	else if (ei->timed_out)
		*reason = xasprintf("timed out after %g s", ei->timeout);
	else if (dl->ice)
		*reason = xasprintf("compiler crashed: %s", dl->ice_text);
	else if (ei->signal)
		*reason = xasprintf("killed by signal %d (%s)", ei->signal, strsignal(ei->signal));
	else if (ei->exit_code && !nerrors)
		*reason = xasprintf("exited with status %d without an error message", ei->exit_code);
	else if (rx_error())
		*reason = xstrdup(rx_error());  /* no verdict from a pattern that could not be matched */
	if (*reason) {
		sb_release(&why);
		return V_ERROR;
	}
	if (failed) {
		*reason = sb_detach(&why);
		return V_FAIL;
	}
	sb_release(&why);
	return V_PASS;
}
