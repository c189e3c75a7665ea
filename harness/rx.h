/* rx: every PCRE2 match of the harness, with limits.
 *
 * Patterns come from case files nobody here wrote, and a pattern can take
 * exponential time or memory on the right subject. Each match is bounded
 * (steps, backtracking depth, heap), and so is the judging of one job: a
 * job's matches together get RX_BUDGET seconds of the harness's CPU time
 * (CPU, not wall time: a loaded machine must not change a verdict). A match that hits a limit,
 * or comes after the budget is spent, is an error, never a "no match":
 * rx_error says which pattern and why, and the caller makes the job's
 * verdict an error. The state is per judging (rx_begin to rx_error), for
 * a single-threaded harness.
 */
#ifndef RX_H
#define RX_H

#include <stddef.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#define RX_MATCH_LIMIT 10000000u    /* steps of one match (PCRE2's default) */
#define RX_DEPTH_LIMIT 10000u       /* backtracking depth */
#define RX_HEAP_KIB (32u << 10)     /* backtracking memory of one match */
#define RX_BUDGET 10.0              /* CPU seconds of matching per judged job */

/* Start judging a job: clears the error, starts the budget. */
void rx_begin(void);
/* Match re at byte start of s[len]: 1 (md holds the match), 0 (no match),
 * or -1 (an error: a limit was hit, or the budget spent; every later match
 * until rx_begin is -1 too). */
int rx_match(const pcre2_code *re, pcre2_match_data *md, const char *s, size_t len, size_t start);
/* Why the job's judging failed ("pattern 'P': match limit exceeded"), or
 * NULL. Valid until rx_begin. */
const char *rx_error(void);
/* Tell rx the source text of re, for the message of an error (borrowed
 * until the next call). */
void rx_pattern(const char *text);

#endif
