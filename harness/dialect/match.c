/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE     /* memmem */
#include <signal.h>
#include <sys/resource.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dialect.h"
#include "dialect/match.h"
#include "lib/rx.h"
#include "lib/util.h"

/* Does text (len bytes) hold s? */
static int
says(const char *text, size_t len, const char *s)
{
	return memmem(text, len, s, strlen(s)) != NULL;
}

/* The job's bounds as jobs.h sets them (util.h: job_bound): no more than
 * the harness's own limits allow. */
static unsigned long long
memory_mib(void)
{
	return job_bound(RLIMIT_AS, JOB_MEMORY_MIB, 1 << 20);
}

static unsigned long long
cpu_seconds(void)
{
	unsigned long long hard = job_bound(RLIMIT_CPU, JOB_CPU_SECONDS + 5, 1);

	return hard > 5 ? hard - 5 : hard;
}

static unsigned long long
file_mib(void)
{
	return job_bound(RLIMIT_FSIZE, JOB_FILE_MIB, 1 << 20);
}

/* Which of the job's bounds (util.h) a compiler that failed ran into, or
 * NULL: by the signal the kernel sent, or by what the compiler said when
 * an allocation or a write failed. Allocated. */
static char *
bound_reason(const char *text, size_t len, const struct exit_info *ei)
{
	if (ei->over_memory)
		return xasprintf("exceeded the job's bound of %llu MiB of memory, all its processes together", memory_mib());
	if (ei->signal == SIGXCPU)
		return xasprintf("exceeded the job's bound of %llu s of CPU time", cpu_seconds());
	/* one that ignores SIGXCPU ends at the hard limit's SIGKILL */
	if (ei->signal == SIGKILL)
		return xasprintf("killed: past the job's bound of %llu s of CPU time, or by the kernel's out-of-memory killer",
		                 cpu_seconds());
	if (ei->signal == SIGXFSZ)
		return xasprintf("exceeded the job's bound of %llu MiB for a file it writes", file_mib());
	if (!ei->signal && !ei->exit_code)
		return NULL;
	if (says(text, len, "out of memory") || says(text, len, "memory exhausted") ||
	    says(text, len, "Cannot allocate memory") || says(text, len, "std::bad_alloc"))
		return xasprintf("exceeded the job's bound of %llu MiB of memory", memory_mib());
	/* one that ignores SIGXFSZ sees EFBIG */
	if (says(text, len, "File too large"))
		return xasprintf("exceeded the job's bound of %llu MiB for a file it writes", file_mib());
	if (says(text, len, "No space left on device"))
		return xasprintf("exceeded the job's bound of %d MiB of scratch disk", JOB_DISK_MIB);
	return NULL;
}

/* "the compile failed (exit status N): SEVERITY: MESSAGE", its first
 * error, for a dialect that counts any failing exit as an error. */
static char *
failed_compile(const struct diaglist *dl, int status)
{
	struct strbuf sb = {0};

	sb_addf(&sb, "the compile failed (exit status %d)", status);
	for (size_t j = 0; j < dl->n; j++)
		if (dl->v[j].sev == SEV_ERROR || dl->v[j].sev == SEV_FATAL) {
			sb_addf(&sb, ": %s: ", severity_name(dl->v[j].sev));
			sb_add_printable(&sb, dl->v[j].message);
			break;
		}
	return sb_detach(&sb);
}

/* Why the compile is an error whatever it printed, or NULL: how the
 * compiler ended outranks its output. Allocated. */
static char *
error_reason(const struct casefile *cf, const char *text, size_t len, const struct diaglist *dl,
             const struct exit_info *ei)
{
	int nerrors = 0;
	char *bound;

	for (size_t j = 0; j < dl->n; j++)
		if (dl->v[j].sev == SEV_ERROR || dl->v[j].sev == SEV_FATAL)
			nerrors++;
	if (ei->spawn_errno)
		return xasprintf("cannot run the compiler: %s", strerror(ei->spawn_errno));
	if (ei->no_sandbox) {
		struct strbuf sb = {0};
		const char *nl = len ? memchr(text, '\n', len) : NULL;
		char *line = xstrndup(len ? text : "", nl ? (size_t)(nl - text) : len);
		sb_addstr(&sb, "no sandbox could run it: ");
		sb_add_printable(&sb, line);
		free(line);
		return sb_detach(&sb);
	}
	if (ei->timed_out)
		return xasprintf("timed out after %g s", ei->timeout);
	if ((bound = bound_reason(text, len, ei)))
		return bound;
	if (dl->ice)
		return xasprintf("compiler crashed: %s", dl->ice_text);
	if (ei->signal)
		return xasprintf("killed by signal %d (%s)", ei->signal, strsignal(ei->signal));
	/* runtest judges what was printed, not how the compiler exited */
	if (ei->exit_code && !nerrors && !cf->dialect->exit_unjudged)
		return xasprintf("exited with status %d without an error message", ei->exit_code);
	if (ei->exit_code && cf->dialect->failed_exit_is_error)
		return failed_compile(dl, ei->exit_code);
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
	if ((*reason = error_reason(cf, text, len, dl, ei))) {
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
