/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/tcl.h"

/* One backslash sequence at s[*i] (just after the backslash), as Tcl reads it. */
static void
tcl_backslash(struct strbuf *w, const char *s, size_t len, size_t *i)
{
	static const char map[] = "a\ab\bf\fn\nr\rt\tv\v";
	size_t k = *i;
	unsigned long v = 0;
	int n = 0;
	const char *m;

	if (k >= len) {
		sb_addc(w, '\\');
		return;
	}
	if (s[k] == 'x' || s[k] == 'u') {
		int max = s[k] == 'x' ? 2 : 4;
		for (k++; n < max && k < len && isxdigit((unsigned char)s[k]); k++, n++)
			v = v * 16 + (unsigned long)(isdigit((unsigned char)s[k]) ? s[k] - '0' : (tolower((unsigned char)s[k]) - 'a' + 10));
		if (!n) {
			sb_addc(w, s[*i]);
			*i = *i + 1;
			return;
		}
	} else if (s[k] >= '0' && s[k] <= '7') {
		for (; n < 3 && k < len && s[k] >= '0' && s[k] <= '7'; k++, n++)
			v = v * 8 + (unsigned long)(s[k] - '0');
	} else if (s[k] == '\n') {
		/* backslash-newline and the white space after it: one space */
		for (k++; k < len && (s[k] == ' ' || s[k] == '\t'); k++)
			;
		sb_addc(w, ' ');
		*i = k;
		return;
	} else {
		m = strchr(map, s[k]);
		sb_addc(w, m && s[k] && (m - map) % 2 == 0 ? m[1] : s[k]);
		*i = k + 1;
		return;
	}
	/* the code point as UTF-8 */
	if (v < 0x80) {
		sb_addc(w, (char)v);
	} else if (v < 0x800) {
		sb_addc(w, (char)(0xc0 | (v >> 6)));
		sb_addc(w, (char)(0x80 | (v & 0x3f)));
	} else {
		sb_addc(w, (char)(0xe0 | (v >> 12)));
		sb_addc(w, (char)(0x80 | ((v >> 6) & 0x3f)));
		sb_addc(w, (char)(0x80 | (v & 0x3f)));
	}
	*i = k;
}

/* $NAME or ${NAME} at s[*i] (just after the '$'). */
static int
tcl_variable(struct strbuf *w, const char *s, size_t len, size_t *i, const char *const *vars, char **err)
{
	size_t k = *i, start, end;

	if (k < len && s[k] == '{') {
		start = ++k;
		while (k < len && s[k] != '}')
			k++;
		if (k >= len) {
			*err = xasprintf("missing close-brace for variable name");
			return -1;
		}
		end = k++;
	} else {
		start = k;
		while (k < len && (isalnum((unsigned char)s[k]) || s[k] == '_'))
			k++;
		end = k;
		if (start == end) {         /* a lone '$' is itself */
			sb_addc(w, '$');
			return 0;
		}
	}
	for (size_t v = 0; vars && vars[v]; v += 2) {
		if (strlen(vars[v]) == end - start && !memcmp(vars[v], s + start, end - start)) {
			sb_addstr(w, vars[v + 1]);
			*i = k;
			return 0;
		}
	}
	*err = xasprintf("Tcl variable $%.*s", (int)(end - start), s + start);
	return -1;
}

int
tcl_split(const char *s, size_t len, int cmd, const char *const *vars, struct strvec *out, char **why)
{
	size_t i = 0;
	size_t n0 = out->n;      /* on an error, out is left as it came */

	*why = NULL;
	for (;;) {
		struct strbuf w = {0};
		while (i < len && isspace((unsigned char)s[i]))
			i++;
		if (i >= len)
			return 0;
		if (s[i] == '{') {
			int depth = 1;
			for (i++; i < len; i++) {
				if (s[i] == '\\' && i + 1 < len) {
					sb_addc(&w, s[i++]);
				} else if (s[i] == '{') {
					depth++;
				} else if (s[i] == '}' && !--depth) {
					break;
				}
				sb_addc(&w, s[i]);
			}
			if (i >= len) {
				*why = xasprintf("missing close-brace");
				sb_release(&w);
				goto fail;
			}
			i++;
		} else {
			int quoted = s[i] == '"';
			if (quoted)
				i++;
			while (i < len && (quoted ? s[i] != '"' : !isspace((unsigned char)s[i]))) {
				char c = s[i++];
				if (c == '\\') {
					tcl_backslash(&w, s, len, &i);
				} else if (c == '$' && cmd) {
					if (tcl_variable(&w, s, len, &i, vars, why) < 0)
						break;
				} else if (c == '[' && cmd) {
					*why = xasprintf("Tcl command substitution [...]");
					break;
				} else {
					sb_addc(&w, c);
				}
			}
			if (!*why && quoted && i >= len)
				*why = xasprintf("missing \"");
			if (*why) {
				sb_release(&w);
				goto fail;
			}
			i += quoted;
		}
		sb_add(&w, "", 0);
		strvec_push_nocopy(out, sb_detach(&w));
	}
fail:
	if (!n0) {
		strvec_release(out);
		return -1;
	}
	while (out->n > n0) {
		free(out->v[--out->n]);
		out->v[out->n] = NULL;
	}
	return -1;
}
