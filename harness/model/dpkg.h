/* SPDX-License-Identifier: MIT */
/* dpkg: the version of an installed Debian package, read from dpkg's
 * status file (/var/lib/dpkg/status of the host or of a root): the
 * stanza "Package: NAME" whose Status is "install ok installed". A
 * Debian version names a package, not an upstream release ("13.3.0-16"
 * is GCC 13's branch as Debian packaged it).
 *
 * Pure: bytes in, a version out.
 */
#ifndef DPKG_H
#define DPKG_H

#include <stddef.h>

/* The version of package name in status (len bytes), allocated, or NULL
 * when it is not installed there. */
char *dpkg_version(const char *status, size_t len, const char *name);

#endif
