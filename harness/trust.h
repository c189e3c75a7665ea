/* SPDX-License-Identifier: MIT */
/* trust: what a case may ask of a compiler when cases are not trusted.
 *
 * A case names flags (case-flags, dg-options, a -verify RUN line), and
 * some flags make a compiler run a program (-wrapper, -B, -specs), load
 * code (-fplugin, -Xclang -load), read a file the case names (@FILE,
 * -include, -I, --sysroot, profile and list files) or write one (-o, -MF,
 * -fdump-...=PATH, or files named after the output: -MD, -save-temps,
 * -fstack-usage, ...). Unless the cases are trusted (the configuration's
 * trusted-cases, or --trusted-cases), a job whose case asks for one of
 * them is not run: its verdict is an error that names the flag.
 *
 * Reading is allowed inside the case's own directory (and the job's
 * scratch directory). Files written under names derived from the output
 * are allowed only when the job runs in the sandbox, where they land in a
 * private /dev, /tmp or working directory, or in the scratch directory.
 * The list covers GCC's and Clang's options of these kinds; the sandbox
 * (root.h) is what holds when a list misses one.
 */
#ifndef TRUST_H
#define TRUST_H

#include "util.h"

/* Why flags may not run untrusted: "FLAG: what it does", or NULL when
 * they may. casedir: the case's directory (absolute); cwd: where the
 * compiler runs (relative paths are read from there); scratch: the job's
 * writable directory, or NULL; sandboxed: whether the job runs in the
 * sandbox. Allocated. */
char *trust_refusal(const struct strvec *flags, const char *casedir, const char *cwd, const char *scratch,
                    int sandboxed);

#endif
