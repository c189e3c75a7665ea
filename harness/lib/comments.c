/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <string.h>

#include "lib/comments.h"
#include "lib/util.h"

size_t
cline_skip_ws(const struct cline *l, size_t i)
{
	while (i < l->len && (l->s[i] == ' ' || l->s[i] == '\t' || l->s[i] == '\r' || l->s[i] == '\f' || l->s[i] == '\v'))
		i++;
	return i;
}

int
cline_col(const struct cline *l, size_t i)
{
	return l->col + (int)i;
}

char *
cline_rest(const struct cline *l, size_t i)
{
	size_t e = l->len;
	i = cline_skip_ws(l, i);
	while (e > i && isspace((unsigned char)l->s[e - 1]))
		e--;
	return xstrndup(l->s + i, e - i);
}

/* Split a comment's text (without its opener and closer) into lines and
 * strip each line's leading blanks and '*'. */
static void
comment(comment_line_fn *fn, void *ctx, const char *s, size_t len, int line, int col)
{
	size_t i = 0;
	int base = line;

	while (i <= len) {
		size_t e = i;
		struct cline l;
		while (e < len && s[e] != '\n')
			e++;
		l.s = s + i;
		l.len = e - i;
		l.line = line;
		l.col = col;
		l.vline = base;
		/* a CRLF line ends before its CR, as the compiler reads it */
		if (l.len && l.s[l.len - 1] == '\r')
			l.len--;
		/* a trailing backslash (a line splice) is not part of the text */
		l.spliced = l.len && l.s[l.len - 1] == '\\';
		if (l.spliced)
			l.len--;
		{
			size_t k = cline_skip_ws(&l, 0);
			if (k < l.len && l.s[k] == '*') {
				while (k < l.len && l.s[k] == '*')
					k++;
				l.s += k;
				l.len -= k;
				l.col += (int)k;
			}
		}
		fn(ctx, &l, base);
		if (e >= len)
			break;
		i = e + 1;
		line++;
		col = 1;
	}
}

/* One comment: where it is in the buffer, markers included, and where
 * its text is. */
struct span {
	size_t start, end;      /* the comment, from its opener to after its closer */
	size_t text, text_end;  /* its text, without opener and closer */
	int line, col;          /* of its opener */
};

typedef void span_fn(void *ctx, const struct span *sp);

/* Find the comments of a C file, outside string and character literals:
 * the one scanner of the C readers (the dialects' comments, and the
 * preprocessor's view of a file in ppcond.c), so that they cannot
 * disagree on what is a comment. */
static void
scan(const char *b, size_t len, span_fn *fn, void *ctx)
{
	size_t i = 0;
	int line = 1, col = 1;
	int prev_ident = 0;     /* previous byte continues an identifier or number */

#define ADVANCE() do { if (b[i] == '\n') { line++; col = 1; } else col++; i++; } while (0)
	while (i < len) {
		char c = b[i];
		if (c == '/' && i + 1 < len && (b[i + 1] == '*' || b[i + 1] == '/')) {
			struct span sp = { .start = i, .line = line, .col = col };
			int block = b[i + 1] == '*';
			ADVANCE();
			ADVANCE();
			sp.text = i;
			if (block) {
				while (i < len && !(b[i] == '*' && i + 1 < len && b[i + 1] == '/'))
					ADVANCE();
				sp.text_end = i;
				if (i < len) {
					ADVANCE();
					ADVANCE();
				}
			} else {
				/* a // comment ends at a newline not preceded by a splice */
				while (i < len && !(b[i] == '\n' && !(i > sp.text && b[i - 1] == '\\') &&
				                    !(i > sp.text + 1 && b[i - 1] == '\r' && b[i - 2] == '\\')))
					ADVANCE();
				sp.text_end = i;
			}
			sp.end = i;
			fn(ctx, &sp);
			prev_ident = 0;
			continue;
		}
		if (c == '"' || (c == '\'' && !prev_ident)) {
			char q = c;
			ADVANCE();
			while (i < len && b[i] != q && b[i] != '\n') {
				if (b[i] == '\\' && i + 1 < len)
					ADVANCE();
				ADVANCE();
			}
			if (i < len && b[i] == q)
				ADVANCE();
			prev_ident = 0;
			continue;
		}
		if (c == '\'' && prev_ident) {
			/* a C23 digit separator, or a u'x' / L'x' prefix */
			size_t k = i;
			while (k > 0 && (isalnum((unsigned char)b[k - 1]) || b[k - 1] == '_' || b[k - 1] == '\''))
				k--;
			if (isdigit((unsigned char)b[k])) {
				ADVANCE();
				continue;
			}
			prev_ident = 0;
			continue;       /* handled as a literal on the next round */
		}
		prev_ident = isalnum((unsigned char)c) || c == '_';
		ADVANCE();
	}
#undef ADVANCE
}

struct lines_ctx {
	const char *buf;
	comment_line_fn *fn;
	void *ctx;
};

static void
lines_of(void *vctx, const struct span *sp)
{
	struct lines_ctx *lc = vctx;

	comment(lc->fn, lc->ctx, lc->buf + sp->text, sp->text_end - sp->text, sp->line, sp->col + 2);
}

void
comments_scan(const char *b, size_t len, comment_line_fn *fn, void *ctx)
{
	struct lines_ctx lc = { b, fn, ctx };

	scan(b, len, lines_of, &lc);
}

static void
blank(void *vctx, const struct span *sp)
{
	char *c = vctx;

	for (size_t i = sp->start; i < sp->end; i++)
		if (c[i] != '\n')
			c[i] = ' ';
}

char *
comments_blank(const char *buf, size_t len)
{
	char *c = xstrndup(buf, len);

	scan(buf, len, blank, c);
	return c;
}
