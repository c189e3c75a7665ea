/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "dialect.h"
#include "match.h"
#include "rx.h"
#include "util.h"

/* Why the compile is an error whatever it printed, or NULL: how the
 * compiler ended outranks its output. Allocated. */
static char *
error_reason(const struct casefile *cf, const struct diaglist *dl, const struct exit_info *ei)
{
	int nerrors = 0;

	for (size_t j = 0; j < dl->n; j++)
		if (dl->v[j].sev == SEV_ERROR || dl->v[j].sev == SEV_FATAL)
			nerrors++;
	if (ei->spawn_errno)
		return xasprintf("cannot run the compiler: %s", strerror(ei->spawn_errno));
	if (ei->timed_out)
		return xasprintf("timed out after %g s", ei->timeout);
	if (dl->ice)
		return xasprintf("compiler crashed: %s", dl->ice_text);
	if (ei->signal)
		return xasprintf("killed by signal %d (%s)", ei->signal, strsignal(ei->signal));
	/* runtest judges what was printed, not how the compiler exited */
	if (ei->exit_code && !nerrors && !cf->dialect->runtest_style)
		return xasprintf("exited with status %d without an error message", ei->exit_code);
	if (rx_error())
		return xstrdup(rx_error());  /* no verdict from a pattern that could not be matched */
	return NULL;
}

enum verdict
match_job(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len,
          struct diaglist *dl, const struct exit_info *ei, enum outcome *out, char **reason)
{
	struct strbuf why = {0};
	int failed;

	rx_begin();
	for (size_t j = 0; j < dl->n; j++) {
		dl->v[j].status = ST_NONE;
		free(dl->v[j].fits);
		dl->v[j].fits = NULL;
		dl->v[j].nfits = 0;
	}
	failed = cf->dialect->judge(cf, env, text, len, dl, out, &why);
	if ((*reason = error_reason(cf, dl, ei))) {
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
