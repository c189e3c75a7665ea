/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "lib/util.h"
#include "model/dpkg.h"

/* The value of field (with its ": ") in the stanza [s, e), or NULL; *n its length. */
static const char *
field(const char *s, const char *e, const char *name, size_t *n)
{
	size_t k = strlen(name);

	for (const char *p = s; p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(e - p);
		if (l >= k && !memcmp(p, name, k)) {
			*n = l - k;
			return p + k;
		}
		p += l + 1;
	}
	return NULL;
}

char *
dpkg_version(const char *status, size_t len, const char *name)
{
	const char *p = status, *end = status + len;
	size_t nl = strlen(name);

	while (p < end) {
		/* a stanza ends at an empty line */
		const char *e = p, *v, *st, *pkg;
		size_t n, sn, pn;
		while (e < end && !(e[0] == '\n' && (e + 1 == end || e[1] == '\n')))
			e++;
		pkg = field(p, e, "Package: ", &pn);
		if (pkg && pn == nl && !memcmp(pkg, name, nl) && (st = field(p, e, "Status: ", &sn)) &&
		    sn == 20 && !memcmp(st, "install ok installed", 20) && (v = field(p, e, "Version: ", &n)))
			return xstrndup(v, n);
		p = e + 2;
	}
	return NULL;
}
