/* SPDX-License-Identifier: MIT */
/* rx: every regular expression of the harness, PCRE2 behind one wrapper.
 *
 * Patterns come from case files nobody here wrote, and a pattern can take
 * exponential time or memory on the right subject. Each match is bounded
 * (steps, backtracking depth, heap), and so is the judging of one job: a
 * job's matches together get RX_BUDGET seconds of the harness's CPU time
 * (CPU, not wall time: a loaded machine must not change a verdict). A
 * match that hits a limit, or comes after the budget is spent, is an
 * error, never a "no match": rx_error says which pattern and why, and the
 * caller makes the job's verdict an error. The state is per judging
 * (rx_begin to rx_error), for a single-threaded harness.
 *
 * A DejaGnu expression (Tcl's, no UTF) that runs out of those limits is
 * run again by PCRE2's DFA matcher, which does not backtrack (Tcl's own
 * matcher does not either): nested quantifiers over a long line, as
 * runtest builds them, are decided rather than left an error.
 *
 * Patterns run in PCRE2's interpreter, never JIT-compiled: the depth and
 * heap limits bind only the interpreter, and JIT code reads past the end
 * of the subject. Every match shares one match data: PCRE2 keeps its
 * backtracking memory there, which per pattern would add up over a tree
 * of thousands of files.
 */
#ifndef RX_H
#define RX_H

#include <stddef.h>

#define RX_MATCH_LIMIT 10000000u    /* steps of one match (PCRE2's default) */
#define RX_DEPTH_LIMIT 10000u       /* backtracking depth */
#define RX_HEAP_KIB (32u << 10)     /* backtracking memory of one match */
#define RX_BUDGET 10.0              /* CPU seconds of matching per judged job */

struct rx;

enum rx_syntax {
	RX_PCRE2,       /* docs/case-format.md's patterns: PCRE2, UTF-8 (invalid bytes never match) */
	RX_TCL,         /* Tcl's regexp as DejaGnu uses it: '.' matches a newline, '$' only the end */
	RX_TCL_LINE,    /* Tcl's regexp -line: '.' does not match a newline, '^' and '$' at every line */
};

/* Compile pattern (len bytes). NULL on error, with *why set to an
 * allocated message and *erroff to the byte it is about. */
struct rx *rx_compile(const char *pattern, size_t len, enum rx_syntax syntax, char **why, size_t *erroff);
void rx_free(struct rx *re);
/* The pattern as given, for messages. */
const char *rx_source(const struct rx *re);

/* Start judging a job: clears the error, starts the budget. */
void rx_begin(void);
/* Match re at byte start of s[len]: 1 (rx_span says where), 0 (no match),
 * or -1 (an error: a limit was hit, or the budget spent; every later match
 * until rx_begin is -1 too). */
int rx_match(const struct rx *re, const char *s, size_t len, size_t start);
/* The same, for a match that begins at start itself. */
int rx_match_at(const struct rx *re, const char *s, size_t len, size_t start);
/* Where the last successful match began and ended. */
void rx_span(size_t *begin, size_t *end);
/* Why the job's judging failed ("pattern 'P': match limit exceeded"), or
 * NULL. Valid until rx_begin. */
const char *rx_error(void);

#endif
