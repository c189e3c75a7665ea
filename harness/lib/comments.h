/* SPDX-License-Identifier: MIT */
/* comments: the comments of a C file, a line at a time, for the readers
 * of the dialects written in comments (native, Clang -verify), and the
 * text without them, for the preprocessor's view of a file (ppcond).
 *
 * Pure: takes a buffer. Comments are found outside string and character
 * literals (C23 digit separators are not literals); a // comment continued
 * by backslash-newline goes on over the next line.
 */
#ifndef COMMENTS_H
#define COMMENTS_H

#include <stddef.h>

/* One physical line of a comment, with the comment's own markers removed
 * (its opener, and a block comment's leading blanks and '*'s). */
struct cline {
	const char *s;
	size_t len;
	int line;         /* physical line in the file */
	int col;          /* column of s[0] */
	int vline;        /* the line a -verify directive here is on: the comment's
	                     first line, as Clang counts it (a block comment's, or a
	                     // comment's continued by backslash-newline) */
	int spliced;      /* it ended with a backslash: the next line goes on with it */
};

/* Called for each line of each comment, in file order; base is the line
 * the comment starts on. */
typedef void comment_line_fn(void *ctx, const struct cline *l, int base);

void comments_scan(const char *buf, size_t len, comment_line_fn *fn, void *ctx);

/* A copy of buf (allocated, len bytes and a NUL) with each comment's bytes
 * blanked but its newlines, and the rest (literals too) left alone: the
 * text as the preprocessor reads its directives. */
char *comments_blank(const char *buf, size_t len);

/* The index of the first non-blank byte of l at or after i. */
size_t cline_skip_ws(const struct cline *l, size_t i);
/* The column of byte i of l. */
int cline_col(const struct cline *l, size_t i);
/* The rest of l from i, trimmed, as an allocated string. */
char *cline_rest(const struct cline *l, size_t i);

#endif
