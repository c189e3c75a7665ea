#include <stdio.h>
#include <time.h>

#include "rx.h"


static pcre2_match_context *mctx;
static double deadline;
static const char *pattern;            /* of the match under way, for messages */
static char error[512];

static double
cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
rx_begin(void)
{
	if (!mctx) {
		mctx = pcre2_match_context_create(NULL);
		pcre2_set_match_limit(mctx, RX_MATCH_LIMIT);
		pcre2_set_depth_limit(mctx, RX_DEPTH_LIMIT);
		pcre2_set_heap_limit(mctx, RX_HEAP_KIB);
	}
	error[0] = 0;
	pattern = NULL;
	deadline = cpu_seconds() + RX_BUDGET;
}

void
rx_pattern(const char *text)
{
	pattern = text;
}

int
rx_match(const pcre2_code *re, pcre2_match_data *md, const char *s, size_t len, size_t start)
{
	PCRE2_UCHAR msg[128];
	int r;

	if (!mctx)
		rx_begin();
	if (error[0])
		return -1;
	if (cpu_seconds() > deadline) {
		snprintf(error, sizeof(error), "matching the output took over %g s of CPU time (at pattern '%.300s')",
		         RX_BUDGET, pattern ? pattern : "?");
		return -1;
	}
	r = pcre2_match(re, (PCRE2_SPTR)s, len, start, 0, md, mctx);
	if (r >= 0)
		return 1;
	if (r == PCRE2_ERROR_NOMATCH || r == PCRE2_ERROR_PARTIAL)
		return 0;
	pcre2_get_error_message(r, msg, sizeof(msg));
	snprintf(error, sizeof(error), "pattern '%.300s' cannot be matched: %s", pattern ? pattern : "?", (char *)msg);
	return -1;
}

const char *
rx_error(void)
{
	return error[0] ? error : NULL;
}
