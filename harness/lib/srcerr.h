/* SPDX-License-Identifier: MIT */
/* srcerr: input errors with their position, collected by the parsers and
 * printed once, at the edge, as "FILE:LINE:COL: error: MESSAGE".
 */
#ifndef SRCERR_H
#define SRCERR_H

#include <stdarg.h>
#include <stdio.h>

struct srcerr {
	char *file;     /* owned */
	int line, col;  /* 1-based; 0 when unknown */
	char *msg;      /* owned, lowercase, no full stop */
};

/* Zero-initialise; errlist_release frees everything. */
struct errlist {
	struct srcerr *v;
	size_t n, cap;
};

void errlist_add(struct errlist *el, const char *file, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void errlist_vadd(struct errlist *el, const char *file, int line, int col, const char *fmt, va_list ap);
/* Print every error, in the order added, to fp. */
void errlist_print(const struct errlist *el, FILE *fp);
void errlist_release(struct errlist *el);

#endif
