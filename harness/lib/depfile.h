/* SPDX-License-Identifier: MIT */
/* depfile: the make rule a compiler writes with -MD ("TARGET: DEP DEP \
 * DEP"), read for its dependencies: the files the compile read, its own
 * source first. A backslash before a newline continues the rule, one
 * before a space or '#' escapes it, "$$" is '$'.
 *
 * Pure: bytes in, names out.
 */
#ifndef DEPFILE_H
#define DEPFILE_H

#include <stddef.h>

#include "lib/util.h"

/* Append the dependencies of the first rule in buf (len bytes) to deps.
 * Returns 0, or -1 when buf holds no rule (no "TARGET:"). */
int depfile_parse(const char *buf, size_t len, struct strvec *deps);

#endif
