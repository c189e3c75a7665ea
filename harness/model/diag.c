/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE     /* memmem */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/hash.h"
#include "lib/util.h"
#include "model/diag.h"

char *
option_normalise(const char *s, size_t len)
{
	const char *comma;
	size_t n;

	/* Clang: "-Werror,-Wfoo" (take the part after the last comma) */
	comma = memchr(s, ',', len);
	if (comma) {
		const char *last = s + len;
		while (last > s && last[-1] != ',')
			last--;
		len -= (size_t)(last - s);
		s = last;
	}
	/* GCC: "-Werror=foo" */
	if (len > 8 && !memcmp(s, "-Werror=", 8)) {
		char *r;
		const char *eq;
		s += 8;
		len -= 8;
		eq = memchr(s, '=', len);
		if (eq)
			len = (size_t)(eq - s);
		r = xmalloc(len + 3);
		memcpy(r, "-W", 2);
		memcpy(r + 2, s, len);
		r[len + 2] = 0;
		return r;
	}
	/* "-Wfoo=" and "-Wfoo=3" */
	n = 0;
	while (n < len && s[n] != '=')
		n++;
	return xstrndup(s, n);
}

char *
quotes_normalise(const char *s, size_t len)
{
	/* PCRE2's JIT reads the subject in 16-byte blocks and may pass its
	 * end; the zeroed slack keeps those reads inside the allocation. */
	char *r = xcalloc(1, len + 17), *o = r;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == 0xe2 && i + 2 < len && (unsigned char)s[i + 1] == 0x80) {
			unsigned char d = (unsigned char)s[i + 2];
			if (d == 0x98 || d == 0x99) {
				*o++ = '\'';
				i += 2;
				continue;
			}
			if (d == 0x9c || d == 0x9d) {
				*o++ = '"';
				i += 2;
				continue;
			}
		}
		*o++ = (char)c;
	}
	*o = 0;
	return r;
}

static int
parse_uint(const char *s, size_t len, int *out)
{
	long v = 0;

	if (!len || len > 9)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	*out = (int)v;
	return 0;
}

/* Split "FILE:LINE:COL", "FILE:LINE" or "PROGRAM" (no location). */
static void
parse_location(const char *s, size_t len, char **file, int *line, int *col)
{
	const char *c1, *c2;

	*file = NULL;
	*line = *col = 0;
	c2 = NULL;
	for (c1 = s + len; c1 > s && c1[-1] != ':'; c1--)
		;
	if (c1 > s) {
		const char *num2 = c1;
		size_t n2 = len - (size_t)(c1 - s);
		/* c1 points after the last ':'; find the one before */
		for (c2 = c1 - 1; c2 > s && c2[-1] != ':'; c2--)
			;
		if (c2 > s && !parse_uint(c2, (size_t)(c1 - 1 - c2), line) && !parse_uint(num2, n2, col)) {
			*file = xstrndup(s, (size_t)(c2 - 1 - s));
			return;
		}
		*line = *col = 0;
		if (!parse_uint(num2, n2, line)) {
			*file = xstrndup(s, (size_t)(c1 - 1 - s));
			return;
		}
		*line = 0;
	}
	/* No line: "cc1", "gcc-12", "clang", or a file name: keep files only
	 * when they look like one, programs are not locations. */
	if (memchr(s, '/', len) || memchr(s, '.', len))
		*file = xstrndup(s, len);
}

static const struct {
	const char *text;
	enum severity sev;
} sev_markers[] = {
	{ ": warning: ", SEV_WARNING },
	{ ": error: ", SEV_ERROR },
	{ ": note: ", SEV_NOTE },
	{ ": fatal error: ", SEV_FATAL },
	{ ": internal compiler error: ", SEV_FATAL },
	{ ": sorry, unimplemented: ", SEV_ERROR },   /* GCC: a feature it does not have */
	{ ": remark: ", SEV_NOTE },
};

/* Identical diagnostics are merged; a hash index keeps that linear in
 * the output's size, which matters for a compiler that prints hundreds of
 * thousands of lines. */
static uint64_t
diag_hash(const struct diaglist *dl, const struct diag *d)
{
	uint64_t h = HASH_INIT;

	h = hash_str(h, d->file);
	h = hash_str(h, d->message);
	h = hash_str(h, d->option);
	if (dl->sites) {
		h = hash_str(h, d->from_file);
		h = hash_int(h, d->from_line);
	}
	h = hash_int(h, d->line);
	h = hash_int(h, d->col);
	return hash_int(h, d->sev);
}

static int
opt_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

struct lookup {
	const struct diaglist *dl;
	const struct diag *d;
};

static int
same_diag(const void *ctx, size_t pos)
{
	const struct lookup *l = ctx;
	const struct diag *a = &l->dl->v[pos], *b = l->d;

	return a->line == b->line && a->col == b->col && a->sev == b->sev &&
	       !strcmp(a->message, b->message) && opt_eq(a->file, b->file) && opt_eq(a->option, b->option) &&
	       (!l->dl->sites || (a->from_line == b->from_line && opt_eq(a->from_file, b->from_file)));
}

static void
diag_free_events(struct diag *d)
{
	for (size_t k = 0; k < d->nevents; k++) {
		free(d->events[k].file);
		free(d->events[k].text);
	}
	free(d->events);
	d->events = NULL;
	d->nevents = 0;
}

/* Returns the index d is at now: its own, or the one it was merged into. */
static size_t
add(struct diaglist *dl, struct hindex *ix, struct diag *d)
{
	struct lookup l = { dl, d };
	uint64_t h = diag_hash(dl, d);
	long at = hindex_find(ix, h, same_diag, &l);

	if (at >= 0) {
		struct diag *e = &dl->v[at];
		e->count++;
		/* the first printing with a path keeps it */
		if (!e->nevents) {
			e->events = d->events;
			e->nevents = d->nevents;
		} else {
			diag_free_events(d);
		}
		free(d->file);
		free(d->message);
		free(d->option);
		free(d->from_file);
		return (size_t)at;
	}
	VEC_PUSH(*dl, *d);
	hindex_add(ix, h, dl->n - 1);
	return dl->n - 1;
}

static void
flag_ice(struct diaglist *dl, const char *s, size_t len)
{
	if (!dl->ice)
		dl->ice_text = xstrndup(s, len);
	dl->ice = 1;
}

static int
has_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && !memcmp(s, prefix, n);
}

/* A place a context line names: the include chain's outermost file, or
 * the call an inlined function came from. */
struct ctxplace {
	char *file;             /* NULL: none */
	int line;
	char *for_file;         /* the file of the diagnostic it was printed for; NULL until then */
};

/* What parsing carries from line to line: the diagnostic being read with
 * its notes (merged into the list only once its notes are read: a macro
 * expansion note says where it was called from), the context lines
 * before it, and where a caret block's events are. */
struct pstate {
	struct diaglist *dl;
	struct hindex ix;
	struct diag *pend;      /* pend[0] the warning or error (when head), then its notes */
	size_t npend, cappend;
	int head;
	struct ctxplace incl, inl;
	int chain;              /* the last line was a context line ending in ',': 1 include, 2 inline */
	int incl_series;        /* the last line was "In file included from" (Clang repeats it per level) */
	int in_block;           /* inside a caret path block */
	char *file;             /* the block's place (owned) */
	int line;
	size_t bar;             /* the gutter's '|' in the block's last source line, 0: none */
};

/* The art GCC draws a path with: ASCII, or box drawing (U+2500-U+257F,
 * UTF-8 E2 94 xx and E2 95 xx). Returns its length at s, 0 if none. */
static size_t
art_len(const char *s, size_t len)
{
	if (len && *s && strchr(" |+-<>", *s))
		return 1;
	if (len >= 3 && (unsigned char)s[0] == 0xe2 && ((unsigned char)s[1] == 0x94 || (unsigned char)s[1] == 0x95))
		return 3;
	return 0;
}

static size_t
skip_art(const char *s, size_t len, size_t i)
{
	size_t n;

	while (i < len && s[i] != '|' && (n = art_len(s + i, len - i)))
		i += n;
	return i;
}

/* "(N) " at s: the length of it, or 0. */
static size_t
event_number(const char *s, size_t len)
{
	size_t i = 1;

	if (!len || s[0] != '(')
		return 0;
	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	return i > 1 && i + 1 < len && s[i] == ')' && s[i + 1] == ' ' ? i + 2 : 0;
}

/* The art a label may end in ("... ->-+"), taken off. */
static size_t
trim_art(const char *s, size_t len)
{
	for (;;) {
		if (len && s[len - 1] && strchr(" ->", s[len - 1]))
			len--;
		else if (len >= 3 && art_len(s + len - 3, 3) == 3)
			len -= 3;
		else
			return len;
	}
}

static void
add_event(struct pstate *ps, const char *file, int line, int col, const char *text, size_t len)
{
	struct diag *d;

	if (!ps->head)
		return;
	d = &ps->pend[0];
	len = trim_art(text, len);
	/* the caret form marks the event where the warning is with U+26A0 U+FE0F */
	if (len >= 6 && !memcmp(text, "\xe2\x9a\xa0\xef\xb8\x8f", 6)) {
		text += 6;
		len -= 6;
		while (len && *text == ' ')
			text++, len--;
	}
	d->events = xrealloc(d->events, (d->nevents + 1) * sizeof(*d->events));
	d->events[d->nevents++] = (struct diagevent){
		.file = file ? xstrdup(file) : d->file ? xstrdup(d->file) : NULL,
		.line = line, .col = col, .text = quotes_normalise(text, len),
	};
}

/* "  'FUNCTION': events 1-2" (after art; the quotes typographic in a
 * UTF-8 locale): a caret path block begins. */
static int
block_header(const char *s, size_t len)
{
	size_t i = skip_art(s, len, 0), cl = 1, rest;
	const char *close = "'", *q;

	if (i + 3 <= len && !memcmp(s + i, "\xe2\x80\x98", 3)) {
		close = "\xe2\x80\x99";
		cl = 3;
		i += 3;
	} else if (i < len && s[i] == '\'') {
		i++;
	} else {
		return 0;
	}
	if (!(q = memmem(s + i, len - i, close, cl)))
		return 0;
	q += cl;
	rest = (size_t)(s + len - q);
	return (rest > 9 && !memcmp(q, ": events ", 9)) || (rest > 8 && !memcmp(q, ": event ", 8));
}

/* A caret line: art, then "NN |" (source) or "|" (carets, labels).
 * Reads a label's event when in a block. Returns 0 if s is no caret line. */
static int
caret_line(struct pstate *ps, const char *s, size_t len)
{
	size_t i = skip_art(s, len, 0), d = i, bar, t;

	while (d < len && isdigit((unsigned char)s[d]))
		d++;
	if (d > i && d + 1 < len && s[d] == ' ' && s[d + 1] == '|') {
		if (ps->in_block && !parse_uint(s + i, d - i, &ps->line))
			ps->bar = d + 1;
		return 1;
	}
	if (d != i || i >= len || s[i] != '|' || i == 0)
		return 0;
	bar = i;
	if (!ps->in_block)
		return 1;
	t = skip_art(s, len, bar + 1);
	/* with ASCII art (-fdiagnostics-text-art-charset=ascii) a path's own
	 * line is a second '|' */
	if (t < len && s[t] == '|')
		t = skip_art(s, len, t + 1);
	if (event_number(s + t, len - t)) {
		/* the label stands under its column, when nothing but spaces is before it */
		int col = 0;
		size_t k = bar + 1;
		while (k < t && s[k] == ' ')
			k++;
		if (k == t && bar == ps->bar && ps->line)
			col = (int)(t - bar - 1);
		t += event_number(s + t, len - t);
		add_event(ps, ps->file, ps->line, col, s + t, len - t);
	}
	return 1;
}

/* "FILE:LINE:COL:" alone: where a caret block's next events are. */
static int
place_line(struct pstate *ps, const char *s, size_t len)
{
	char *file;
	int line, col;

	if (!ps->in_block || len < 2 || s[len - 1] != ':' || s[0] == ' ')
		return 0;
	parse_location(s, len - 1, &file, &line, &col);
	if (!file || !line) {
		free(file);
		return 0;
	}
	free(ps->file);
	ps->file = file;
	ps->line = line;
	ps->bar = 0;
	return 1;
}

/* The severity marker in s: its place and index into sev_markers, or
 * NULL; *bare set for Clang's frontend's "error: ..." (when asked). */
static const char *
find_marker(const struct diaglist *dl, const char *s, size_t len, size_t *mi, int *bare)
{
	const char *m = NULL;

	*bare = 0;
	for (size_t i = 0; i < LEN(sev_markers); i++) {
		size_t ml = strlen(sev_markers[i].text);
		/* "error: ..." with neither place nor program: Clang's frontend */
		if (dl->bare && has_prefix(s, len, sev_markers[i].text + 2)) {
			*bare = 1;
			*mi = i;
			return s;
		}
		for (const char *p = s; p + ml <= s + len; p++) {
			if (*p == ':' && !memcmp(p, sev_markers[i].text, ml)) {
				if (!m || p < m) {
					m = p;
					*mi = i;
				}
				break;
			}
		}
	}
	return m == s ? NULL : m;
}

/* A note "(N) TEXT" right after a diagnostic: an event of its path. */
static int
path_note(struct pstate *ps, const struct diag *d)
{
	size_t n;

	if (!ps->dl->paths || d->sev != SEV_NOTE || !ps->head || !(n = event_number(d->message, strlen(d->message))))
		return 0;
	add_event(ps, d->file, d->line, d->col, d->message + n, strlen(d->message + n));
	return 1;
}

/* A caret block's events are where the last diagnostic line (a note
 * too) was, until a place line says otherwise: GCC prints "FILE:LINE:COL:"
 * only when the file changes. */
static void
place_of(struct pstate *ps, const struct diag *d)
{
	free(ps->file);
	ps->file = d->file ? xstrdup(d->file) : NULL;
	ps->line = d->line;
	ps->bar = 0;
}

static void
ctx_clear(struct ctxplace *p)
{
	free(p->file);
	free(p->for_file);
	memset(p, 0, sizeof(*p));
}

/* p becomes the place "FILE:LINE[:COL]" at s, without the ',' or ':'
 * that ends a context line. */
static void
ctx_set(struct ctxplace *p, const char *s, size_t len)
{
	char *file;
	int line, col;

	if (len && (s[len - 1] == ',' || s[len - 1] == ':'))
		len--;
	parse_location(s, len, &file, &line, &col);
	if (!file || !line) {
		free(file);
		return;
	}
	ctx_clear(p);
	p->file = file;
	p->line = line;
}

/* Does s (len bytes) hold the C string t? */
static const char *
holds(const char *s, size_t len, const char *t)
{
	return memmem(s, len, t, strlen(t));
}

/* A context line before a diagnostic, read for where it comes from:
 *   In file included from b.h:1,          GCC: innermost first, the
 *                    from main.c:5:       outermost last
 *   In file included from main.c:5:       Clang: one line per level,
 *   In file included from ./b.h:1:        outermost first
 *   main.c: In function 'f':              (a new function: no inlining)
 *   In function 'g',
 *       inlined from 'f' at main.c:30:3:  the call, outermost last
 * chain: the line before was one of these ending in ','. Returns 1 if s
 * is one. */
static int
context_line(struct pstate *ps, const char *s, size_t len, int chain)
{
	size_t sp = 0;
	const char *at;

	while (sp < len && s[sp] == ' ')
		sp++;
	if (has_prefix(s, len, "In file included from ")) {
		if (!ps->incl_series)
			ctx_set(&ps->incl, s + 22, len - 22);
		ps->incl_series = 1;
		ps->chain = len && s[len - 1] == ',';
		return 1;
	}
	if (chain == 1 && sp && has_prefix(s + sp, len - sp, "from ")) {
		ctx_set(&ps->incl, s + sp + 5, len - sp - 5);
		ps->chain = len && s[len - 1] == ',';
		return 1;
	}
	if (chain == 2 && sp && has_prefix(s + sp, len - sp, "inlined from ") && (at = holds(s, len, "' at "))) {
		ctx_set(&ps->inl, at + 5, (size_t)(s + len - at - 5));
		ps->chain = len && s[len - 1] == ',' ? 2 : 0;
		return 1;
	}
	if (len && (s[len - 1] == ':' || s[len - 1] == ',') &&
	    (holds(s, len, "In function ") || holds(s, len, "In member function ") || holds(s, len, "At top level:"))) {
		ctx_clear(&ps->inl);
		ps->chain = s[len - 1] == ',' ? 2 : 0;
		return 1;
	}
	return 0;
}

/* A context place holds for the diagnostic it was printed before and for
 * those after it in the same file (GCC prints it again only when the
 * file or function changes). */
static const struct ctxplace *
ctx_for(struct ctxplace *p, const char *file)
{
	if (!p->file)
		return NULL;
	if (!p->for_file)
		p->for_file = xstrdup(file ? file : "");
	if (strcmp(p->for_file, file ? file : "")) {
		ctx_clear(p);
		return NULL;
	}
	return p;
}

/* d was used from file:line (none when that is d's own place). */
static void
set_from(struct diag *d, const char *file, int line)
{
	free(d->from_file);
	d->from_file = NULL;
	d->from_line = 0;
	if (!(d->file && !strcmp(file, d->file) && line == d->line)) {
		d->from_file = xstrdup(file);
		d->from_line = line;
	}
}

/* d's place of call in its context: the inlined call, else the include
 * chain's outermost file. */
static void
from_context(struct pstate *ps, struct diag *d)
{
	const struct ctxplace *inl = ctx_for(&ps->inl, d->file), *incl = ctx_for(&ps->incl, d->file);
	const struct ctxplace *p = inl ? inl : incl;

	if (p)
		set_from(d, p->file, p->line);
}

/* Merge the diagnostic read and its notes into the list. */
static void
flush(struct pstate *ps)
{
	for (size_t i = 0; i < ps->npend; i++)
		add(ps->dl, &ps->ix, &ps->pend[i]);
	ps->npend = 0;
	ps->head = 0;
}

/* GCC's "note: in expansion of macro 'M'", one per level, outermost
 * last: the place the macro was used. */
static int
expansion_note(const struct diag *d)
{
	return d->sev == SEV_NOTE && d->file && d->line && !strncmp(d->message, "in expansion of macro ", 22);
}

static void
take(struct pstate *ps, struct diag *d)
{
	if (d->sev != SEV_NOTE) {
		flush(ps);
		from_context(ps, d);
		ps->head = 1;
	} else if (ps->head && expansion_note(d)) {
		set_from(&ps->pend[0], d->file, d->line);
	} else if (!ps->head) {
		add(ps->dl, &ps->ix, d);
		return;
	}
	xgrow((void **)&ps->pend, &ps->cappend, ps->npend + 1, sizeof(*ps->pend));
	ps->pend[ps->npend++] = *d;
}

static void
parse_line(struct pstate *ps, const char *s, size_t len)
{
	struct diaglist *dl = ps->dl;
	size_t mi = 0;
	int bare;
	struct diag d = {0};
	const char *m, *msg, *end;
	int chain;

	if (len && s[len - 1] == '\r')
		len--;
	/* crash reports that carry no diagnostic of their own */
	if (has_prefix(s, len, "PLEASE submit a bug report") || has_prefix(s, len, "Stack dump:")) {
		flag_ice(dl, s, len);
		return;
	}
	if (dl->paths && block_header(s, len)) {
		ps->in_block = 1;
		return;
	}
	if (caret_line(ps, s, len) || place_line(ps, s, len))
		return;
	chain = ps->chain;
	ps->chain = 0;
	if (context_line(ps, s, len, chain))
		return;
	ps->incl_series = 0;
	m = find_marker(dl, s, len, &mi, &bare);
	if (!m)
		return;
	d.sev = sev_markers[mi].sev;
	if (bare) {
		msg = s + strlen(sev_markers[mi].text) - 2;
	} else {
		parse_location(s, (size_t)(m - s), &d.file, &d.line, &d.col);
		msg = m + strlen(sev_markers[mi].text);
	}
	end = s + len;
	if (!strcmp(sev_markers[mi].text, ": internal compiler error: ")) {
		flag_ice(dl, s, len);
		msg = bare ? s : m + 2;     /* keep "internal compiler error: ..." as the message */
	}
	/* trailing " [-Woption]": a word (not the "[-1016, 1016]" a message may end in) */
	if (end - msg >= 4 && end[-1] == ']') {
		const char *b = end - 1;
		while (b > msg && *b != '[' && *b != ' ')
			b--;
		if (*b == '[' && b > msg && b[-1] == ' ' && b[1] == '-' && isalpha((unsigned char)b[2])) {
			d.option = option_normalise(b + 1, (size_t)(end - 1 - (b + 1)));
			end = b - 1;
		}
	}
	d.message = quotes_normalise(msg, (size_t)(end - msg));
	d.count = 1;
	if (d.sev == SEV_ERROR && strstr(d.message, "frontend command failed") && !d.file)
		flag_ice(dl, s, len);
	if (d.sev == SEV_ERROR && !strncmp(d.message, "unable to execute command", 25) && !d.file)
		flag_ice(dl, s, len);
	ps->in_block = 0;
	if (path_note(ps, &d)) {
		free(d.file);
		free(d.message);
		free(d.option);
		return;
	}
	place_of(ps, &d);
	take(ps, &d);
}

void
diag_parse(struct diaglist *dl, const char *buf, size_t len)
{
	struct pstate ps = { .dl = dl };
	size_t i = 0;

	for (size_t k = 0; k < dl->n; k++)
		hindex_add(&ps.ix, diag_hash(dl, &dl->v[k]), k);
	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - buf) : len;
		parse_line(&ps, buf + i, e - i);
		i = e + 1;
	}
	flush(&ps);
	free(ps.pend);
	ctx_clear(&ps.incl);
	ctx_clear(&ps.inl);
	hindex_release(&ps.ix);
	free(ps.file);
}

void
diag_add_fit(struct diag *g, size_t dir)
{
	for (size_t i = 0; i < g->nfits; i++)
		if (g->fits[i] == dir)
			return;
	g->fits = xrealloc(g->fits, (g->nfits + 1) * sizeof(*g->fits));
	g->fits[g->nfits++] = dir;
}

void
diaglist_release(struct diaglist *dl)
{
	for (size_t i = 0; i < dl->n; i++) {
		free(dl->v[i].file);
		free(dl->v[i].message);
		free(dl->v[i].option);
		free(dl->v[i].fits);
		free(dl->v[i].from_file);
		diag_free_events(&dl->v[i]);
	}
	free(dl->v);
	free(dl->ice_text);
	memset(dl, 0, sizeof(*dl));
}
