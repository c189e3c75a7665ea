/* SPDX-License-Identifier: MIT */
/* version: the harness's version, defined once (results files, the
 * cache key and --version all say it). The git revision is the Makefile's
 * (revision.h). */
#ifndef VERSION_H
#define VERSION_H

#define DIAGMATRIX_VERSION "0.1.0"

#endif
