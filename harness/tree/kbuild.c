/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "model/tree.h"
#include "tree/kbuild.h"

/* What Kbuild runs as $(CROSS_COMPILE)NAME (the top Makefile's AS, LD,
 * AR, NM, OBJCOPY, OBJDUMP, READELF, STRIP; and the gcc-ar kind for LTO,
 * which defconfig builds do not use). */
const char *const kbuild_binutils[] = { "as", "ld", "ar", "nm", "objcopy", "objdump", "readelf", "strip" };
const size_t kbuild_nbinutils = LEN(kbuild_binutils);

void
kbuild_wrapper(struct strbuf *out, const struct strvec *prefix, const char *command)
{
	sb_addstr(out, "#!/bin/sh\n# written by diagmatrix: runs the tree's compiler or binutils\nexec");
	for (size_t i = 0; i < prefix->n; i++) {
		sb_addc(out, ' ');
		/* the directory the tool was started in is where it runs */
		if (!strcmp(prefix->v[i], "@PWD@"))
			sb_addstr(out, "\"$PWD\"");
		else
			shell_quote(out, prefix->v[i]);
	}
	sb_addc(out, ' ');
	shell_quote(out, command);
	sb_addstr(out, " \"$@\"\n");
}

void
kbuild_make(struct strvec *av, const char *src, const char *out, const char *arch, const char *cross,
            const char *hostcc, int jobs, const char *target)
{
	strvec_push(av, "make");
	strvec_push(av, "-k");
	strvec_push_nocopy(av, xasprintf("-j%d", jobs > 0 ? jobs : 1));
	strvec_push(av, "-C");
	strvec_push(av, src);
	strvec_push_nocopy(av, xasprintf("O=%s", out));
	strvec_push_nocopy(av, xasprintf("ARCH=%s", arch));
	strvec_push_nocopy(av, xasprintf("CROSS_COMPILE=%s", cross));
	strvec_push_nocopy(av, xasprintf("HOSTCC=%s", hostcc));
	strvec_push(av, target);
}

/* The value .config gives symbol: "y", "m", a value, or NULL (not set). */
static char *
config_value(const char *text, size_t len, const char *symbol, size_t n)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (l > 7 + n && !strncmp(p, "CONFIG_", 7) && !strncmp(p + 7, symbol, n) && p[7 + n] == '=')
			return xstrndup(p + 8 + n, l - 8 - n);
		p += l + 1;
	}
	return NULL;
}

void
kbuild_config_unmet(const char *dotconfig, size_t len, const struct strvec *options, struct strvec *unmet)
{
	for (size_t i = 0; i < options->n; i++) {
		const char *o = options->v[i], *eq = strchr(o, '=');
		size_t n = (size_t)(eq - o);
		char *has = config_value(dotconfig, len, o, n);
		int holds = has ? !strcmp(has, eq + 1) : !strcmp(eq + 1, "n");
		if (!holds)
			strvec_push_nocopy(unmet, has ? xasprintf("%s (the configuration has %.*s=%s)", o, (int)n, o, has) :
			                                xasprintf("%s (not set)", o));
		free(has);
	}
}

void
kbuild_config_fragment(struct strbuf *out, const struct strvec *options)
{
	for (size_t i = 0; i < options->n; i++) {
		const char *eq = strchr(options->v[i], '=');
		if (!strcmp(eq + 1, "n"))
			sb_addf(out, "# CONFIG_%.*s is not set\n", (int)(eq - options->v[i]), options->v[i]);
		else
			sb_addf(out, "CONFIG_%s\n", options->v[i]);
	}
}

/* The path of a "--- " or "+++ " line (l bytes after the marker), one
 * component stripped (-p1): allocated, or NULL for /dev/null. */
static char *
patch_path(const char *l, size_t n)
{
	size_t end = strcspn(l, "\t");
	const char *slash;

	if (end > n)
		end = n;
	if (end == 9 && !strncmp(l, "/dev/null", 9))
		return NULL;
	slash = memchr(l, '/', end);
	return slash ? xstrndup(slash + 1, end - (size_t)(slash + 1 - l)) : xstrndup(l, end);
}

int
kbuild_patch_files(const char *patch, size_t len, struct strvec *files, char **why)
{
	const char *p = patch, *end = patch + len;
	int old_null = 0;

	*why = NULL;
	while (p < end && !*why) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *path;
		if (l > 4 && !strncmp(p, "--- ", 4)) {
			path = patch_path(p + 4, l - 4);
			old_null = !path;
			free(path);
		} else if (l > 4 && !strncmp(p, "+++ ", 4)) {
			path = patch_path(p + 4, l - 4);
			if (!path || old_null)
				*why = xasprintf("it %s a file (only changes to the source's files are applied)",
				                 path ? "adds" : "deletes");
			else if (!tree_valid_path(path))
				*why = xasprintf("it names '%s', not a relative path inside the source", path);
			else if (name_index((const char *const *)files->v, files->n, path) < 0)
				strvec_push(files, path);
			free(path);
		} else if ((l > 12 && !strncmp(p, "rename from ", 12)) || (l > 10 && !strncmp(p, "copy from ", 10))) {
			*why = xasprintf("it %s a file (only changes to the source's files are applied)",
			                 *p == 'r' ? "renames" : "copies");
		}
		p += l + 1;
	}
	if (!*why && !files->n)
		*why = xstrdup("it changes no file (no '+++ ' line)");
	return *why ? -1 : 0;
}

static const char *
under(const char *file, const char *dir)
{
	size_t n = strlen(dir);

	return n && !strncmp(file, dir, n) && file[n] == '/' ? file + n + 1 : NULL;
}

/* "arch/s390/kernel/vdso/../../../../lib/x.c" -> "lib/x.c" (s390's vDSO
 * Makefile names sources so), in place; a ".." with nothing left to take
 * stays. */
static char *
fold_dotdot(char *p)
{
	char *w = p;

	for (char *r = p; *r;) {
		size_t n = strcspn(r, "/"), step = n + (r[n] == '/');
		if (n == 2 && r[0] == '.' && r[1] == '.' && w > p) {
			char *prev = w - 1;         /* w ends with '/' */
			while (prev > p && prev[-1] != '/')
				prev--;
			if (strncmp(prev, "../", 3)) {
				w = prev;
				r += step;
				continue;
			}
		}
		memmove(w, r, step);
		w += step;
		r += step;
	}
	*w = 0;
	return p;
}

char *
kbuild_source_path(const char *file, const char *src, const char *out)
{
	const char *rel;

	/* Kbuild names sources "./x" or "././x" from the build directory, or by their full path */
	while (file[0] == '.' && file[1] == '/')
		file += 2;
	if ((rel = under(file, src)) || (rel = under(file, out)))
		return fold_dotdot(xstrdup(rel));
	return xstrdup(file);
}

size_t
kbuild_compiled(const char *out, size_t len, const char *unit)
{
	const char *p = out, *end = out + len;
	int all = !strcmp(unit, "all") || !strcmp(unit, "prepare");     /* Kbuild targets: any object */
	size_t n = 0, ulen = all ? 0 : strlen(unit);
	int dir = all || unit[ulen - 1] == '/';

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);
		/* "  CC      fs/qnx4/inode.o", "  CC [M]  drivers/..." */
		if (l > 12 && !strncmp(p, "  CC ", 5)) {
			size_t at = 4 + strspn(p + 4, " ");
			if (!strncmp(p + at, "[M]", 3))
				at += 3 + strspn(p + at + 3, " ");
			if (l - at >= ulen && !strncmp(p + at, unit, ulen) && (dir || l - at == ulen))
				n++;
		}
		p += l + 1;
	}
	return n;
}
