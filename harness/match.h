/* match: one compile's diagnostics against a case's directives, and the
 * verdict of case-format.md ("Meaning of a run").
 *
 * Pure: no I/O. The caller owns every argument.
 */
#ifndef MATCH_H
#define MATCH_H

#include "cases.h"
#include "diag.h"
#include "selector.h"

/* What became of one directive in one configuration. */
enum outcome {
	OUT_NA,          /* its selector does not hold here */
	OUT_HELD,        /* expect-*: a diagnostic matched */
	OUT_MISSING,     /* expect-*: nothing matched */
	OUT_FP,          /* known-fp: the false positive fired */
	OUT_FP_GONE,     /* known-fp: it did not fire (news, not a failure) */
	OUT_CLEAN,       /* expect-clean / expect-no-diagnostics: held */
	OUT_DIRTY,       /* expect-clean / expect-no-diagnostics: something fired */
	OUT_XFAIL,       /* DejaGnu { xfail }: did not hold, as expected (or excess errors, expected) */
	OUT_XPASS,       /* DejaGnu { xfail }: held after all; runtest counts it as a failure */
};

enum verdict { V_PASS, V_FAIL, V_NA, V_SKIP, V_ERROR };

/* How the compiler process ended. */
struct exit_info {
	int spawn_errno;   /* the compiler could not be started (errno), else 0 */
	int timed_out;     /* killed at its deadline */
	double timeout;    /* the deadline, seconds, for the message */
	int signal;        /* killed by this signal, else 0 */
	int exit_code;     /* when it exited */
};

/* Match the output of one compile (text, len bytes; dl, the same parsed)
 * against the directives of cf that apply in env (DejaGnu files as runtest
 * judges them, see dejagnu.h); sets each diagnostic's status, writes one
 * outcome per directive to out (cf->ndirs entries) and returns the
 * verdict. For fail and error, *reason is set to an allocated one-line
 * explanation, else to NULL. A pattern that cannot be matched within the
 * limits of rx.h makes the verdict an error that names it. */
enum verdict match_job(const struct casefile *cf, const struct sel_env *env,
                       const char *text, size_t len, struct diaglist *dl, const struct exit_info *ei,
                       enum outcome *out, char **reason);

const char *outcome_name(enum outcome o);   /* held, missing, fp, fp-gone, clean, dirty, xfail, xpass, n/a */
int outcome_parse(const char *s);
const char *verdict_name(enum verdict v);   /* pass, fail, n/a, skip, error */
int verdict_parse(const char *s);

#endif
