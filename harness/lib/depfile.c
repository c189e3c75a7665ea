/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "lib/depfile.h"

/* The word at *i (escapes undone) into w; *i moves past it. Returns 0 at
 * the end of the rule (a newline not escaped, or the end of buf). */
static int
word(const char *buf, size_t len, size_t *i, struct strbuf *w)
{
	size_t k = *i;

	sb_reset(w);
	/* blanks, and backslash-newlines that continue the rule */
	while (k < len && (buf[k] == ' ' || buf[k] == '\t' || (buf[k] == '\\' && k + 1 < len && buf[k + 1] == '\n')))
		k += buf[k] == '\\' ? 2 : 1;
	if (k >= len || buf[k] == '\n' || buf[k] == '\r') {
		*i = k;
		return 0;
	}
	while (k < len && buf[k] != ' ' && buf[k] != '\t' && buf[k] != '\n' && buf[k] != '\r') {
		if (buf[k] == '\\' && k + 1 < len && (buf[k + 1] == ' ' || buf[k + 1] == '#' || buf[k + 1] == '\\')) {
			sb_addc(w, buf[k + 1]);
			k += 2;
		} else if (buf[k] == '\\' && k + 1 < len && buf[k + 1] == '\n') {
			break;
		} else if (buf[k] == '$' && k + 1 < len && buf[k + 1] == '$') {
			sb_addc(w, '$');
			k += 2;
		} else {
			sb_addc(w, buf[k++]);
		}
	}
	*i = k;
	return 1;
}

int
depfile_parse(const char *buf, size_t len, struct strvec *deps)
{
	struct strbuf w = {0};
	size_t i = 0;
	int target = 1;

	while (word(buf, len, &i, &w)) {
		if (target) {
			/* "TARGET:" or "TARGET :" (a name may hold a colon: a Windows drive) */
			if (w.len && w.buf[w.len - 1] == ':')
				target = 0;
			else if (w.len == 1 && w.buf[0] == ':')
				target = 0;
			continue;
		}
		strvec_push(deps, sb_str(&w));
	}
	sb_release(&w);
	return target ? -1 : 0;
}
