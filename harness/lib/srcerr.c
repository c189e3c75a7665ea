/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdlib.h>

#include "lib/srcerr.h"
#include "lib/util.h"

void
errlist_vadd(struct errlist *el, const char *file, int line, int col, const char *fmt, va_list ap)
{
	struct srcerr e;

	e.file = xstrdup(file ? file : "");
	e.line = line;
	e.col = col;
	e.msg = xvasprintf(fmt, ap);
	VEC_PUSH(*el, e);
}

void
errlist_add(struct errlist *el, const char *file, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errlist_vadd(el, file, line, col, fmt, ap);
	va_end(ap);
}

void
errlist_print(const struct errlist *el, FILE *fp)
{
	for (size_t i = 0; i < el->n; i++) {
		const struct srcerr *e = &el->v[i];
		/* the file's name and the message may carry a case's bytes */
		fput_printable(fp, e->file);
		if (e->line > 0)
			fprintf(fp, ":%d:%d", e->line, e->col > 0 ? e->col : 1);
		fputs(": error: ", fp);
		fput_printable(fp, e->msg);
		fputc('\n', fp);
	}
}

void
errlist_release(struct errlist *el)
{
	for (size_t i = 0; i < el->n; i++) {
		free(el->v[i].file);
		free(el->v[i].msg);
	}
	free(el->v);
	el->v = NULL;
	el->n = el->cap = 0;
}
