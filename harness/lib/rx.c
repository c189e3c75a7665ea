/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "lib/rx.h"
#include "lib/util.h"

struct rx {
	pcre2_code *code;
	char *source;
};

static pcre2_match_context *mctx;
static pcre2_match_data *md;           /* shared by every match (see rx.h) */
static double deadline;
static char error[512];

struct rx *
rx_compile(const char *pattern, size_t len, enum rx_syntax syntax, char **why, size_t *erroff)
{
	static const uint32_t options[] = {
		[RX_PCRE2] = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF,
		[RX_TCL] = PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY,
		[RX_TCL_LINE] = PCRE2_MULTILINE,
	};
	PCRE2_UCHAR msg[256];
	PCRE2_SIZE off = 0;
	int code;
	struct rx *re;
	pcre2_code *c = pcre2_compile((PCRE2_SPTR)pattern, len, options[syntax], &code, &off, NULL);

	if (!c) {
		pcre2_get_error_message(code, msg, sizeof(msg));
		*why = xstrdup((char *)msg);
		*erroff = off;
		return NULL;
	}
	re = xcalloc(1, sizeof(*re));
	re->code = c;
	re->source = xstrndup(pattern, len);
	return re;
}

void
rx_free(struct rx *re)
{
	if (!re)
		return;
	pcre2_code_free(re->code);
	free(re->source);
	free(re);
}

const char *
rx_source(const struct rx *re)
{
	return re->source;
}

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
		md = pcre2_match_data_create(1, NULL);
		if (!mctx || !md)
			{
			fputs("diagmatrix: out of memory\n", stderr);
			abort();
		}
	}
	error[0] = 0;
	deadline = cpu_seconds() + RX_BUDGET;
}

/* The same match without backtracking (PCRE2's DFA matcher, under the
 * same limits), where backtracking ran out: nested quantifiers such as
 * runtest's "([^\n]+[^\n]*(X)[^\n]*\n?)+" over a long line. Whether it
 * matches is the same; where, the longest match at the leftmost start,
 * as Tcl's own matcher (a DFA) finds it. A pattern the DFA cannot run
 * (back references) keeps the first error. */
static int
dfa_match(const struct rx *re, const char *s, size_t len, size_t start, uint32_t opts)
{
	int ws[4096];
	int r = pcre2_dfa_match(re->code, (PCRE2_SPTR)s, len, start, opts, md, mctx, ws, LEN(ws));

	/* 0: more matches than the match data holds; the longest is kept */
	return r == PCRE2_ERROR_DFA_UITEM || r == PCRE2_ERROR_DFA_UCOND || r == PCRE2_ERROR_DFA_UFUNC ||
	       r == PCRE2_ERROR_DFA_UINVALID_UTF || r == PCRE2_ERROR_DFA_WSSIZE ? PCRE2_ERROR_MATCHLIMIT : r;
}

static int
match(const struct rx *re, const char *s, size_t len, size_t start, uint32_t opts)
{
	PCRE2_UCHAR msg[128];
	int r;

	if (!mctx)
		rx_begin();
	if (error[0])
		return -1;
	if (cpu_seconds() > deadline) {
		snprintf(error, sizeof(error), "matching the output took over %g s of CPU time (at pattern '%.300s')",
		         RX_BUDGET, re->source);
		return -1;
	}
	r = pcre2_match(re->code, (PCRE2_SPTR)s, len, start, opts, md, mctx);
	if (r == PCRE2_ERROR_MATCHLIMIT || r == PCRE2_ERROR_DEPTHLIMIT || r == PCRE2_ERROR_HEAPLIMIT)
		r = dfa_match(re, s, len, start, opts);
	if (r >= 0)
		return 1;
	if (r == PCRE2_ERROR_NOMATCH || r == PCRE2_ERROR_PARTIAL)
		return 0;
	pcre2_get_error_message(r, msg, sizeof(msg));
	snprintf(error, sizeof(error), "pattern '%.300s' cannot be matched: %s", re->source, (char *)msg);
	return -1;
}

int
rx_match(const struct rx *re, const char *s, size_t len, size_t start)
{
	return match(re, s, len, start, 0);
}

int
rx_match_at(const struct rx *re, const char *s, size_t len, size_t start)
{
	return match(re, s, len, start, PCRE2_ANCHORED);
}

void
rx_span(size_t *begin, size_t *end)
{
	const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

	*begin = ov[0];
	*end = ov[1];
}

const char *
rx_error(void)
{
	return error[0] ? error : NULL;
}
