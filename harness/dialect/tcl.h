/* SPDX-License-Identifier: MIT */
/* tcl: Tcl's word splitting, as DejaGnu reads a dg- directive and its
 * drivers, and as selectors read DejaGnu's target lists.
 *
 * Pure: takes bytes, returns words.
 */
#ifndef TCL_H
#define TCL_H

#include <stddef.h>

#include "lib/util.h"

/* Split s into Tcl words: {braced} words are literal (nested braces);
 * "quoted" and bare words get backslash substitution (\n, \t, \xHH, \ooo,
 * \uHHHH, \c for any other c). With cmd set, s is read as a command, as
 * DejaGnu evaluates a dg- directive: $NAME and ${NAME} are replaced from
 * vars (NULL-terminated name, value pairs) and [command substitution] is
 * refused; without it, s is read as a list and both are literal. Returns 0,
 * or -1 with *why set to an allocated message and out as it was. */
int tcl_split(const char *s, size_t len, int cmd, const char *const *vars,
              struct strvec *out, char **why);

#endif
