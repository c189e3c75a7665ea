/* dejagnu: GCC's DejaGnu test files (gcc.dg and the like), read and judged
 * the way GCC's testsuite does it (DejaGnu's dg.exp, with GCC 12's
 * gcc-dg.exp and prune.exp on top).
 *
 * Reading: every line that holds "{ dg-NAME ARGS }" is a directive (in a
 * comment or not), its arguments read as a Tcl command. What this harness
 * cannot do the way runtest would makes the file n/a (cf->unsupported).
 *
 * Judging works on the compiler's text output, as runtest does: each
 * dg-warning, dg-error, dg-message, dg-note and dg-bogus, in file order,
 * removes every output line its expression matches; what is left after
 * pruning (context lines, notes, dg-prune-output) is "excess errors".
 */
#ifndef DEJAGNU_H
#define DEJAGNU_H

#include "cases.h"
#include "diag.h"
#include "match.h"
#include "selector.h"
#include "util.h"

/* Fill cf (path, name and nlines already set) from the dg- directives in
 * buf. Never fails: what cannot be read sets cf->unsupported. */
void dg_read(struct casefile *cf, const char *buf, size_t len);

/* Append the compiler flags cf asks for in env: its dg-options (else
 * gcc.dg's default, -ansi -pedantic-errors) and dg-additional-options, in
 * file order, those with a { target SEL } only where SEL holds. */
void dg_flags(const struct casefile *cf, const struct sel_env *env, struct strvec *out);

/* Judge len bytes of compiler output against cf's directives in env, as
 * runtest would: writes one outcome per directive (held, missing, clean,
 * dirty, xfail, xpass, fp, n/a), sets the status of each diagnostic of dl
 * (the same output, parsed) and appends one "; "-separated description per
 * failure to why. Returns the number of failures (FAIL, XPASS and excess
 * errors, as runtest counts them). */
int dg_judge(const struct casefile *cf, const struct sel_env *env, const char *text, size_t len, struct diaglist *dl, enum outcome *out, struct strbuf *why);

#endif
