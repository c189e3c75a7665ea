/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dejagnu/dgdriver.h"
#include "dialect/tcl.h"

/* The value a driver gives variable name before position upto: the last
 * "set NAME VALUE" with a literal value. NULL when there is none. */
static char *
driver_variable(const char *text, size_t upto, const char *name)
{
	char *value = NULL;
	size_t n = strlen(name);

	for (const char *p = text; (p = strstr(p, "set ")) && (size_t)(p - text) < upto; p += 4) {
		struct strvec w = {0};
		char *err = NULL;
		const char *e = p + strcspn(p, "\n");
		if ((p != text && !isspace((unsigned char)p[-1])) || strncmp(p + 4, name, n) || !isspace((unsigned char)p[4 + n]))
			continue;
		if (tcl_split(p + 4 + n, (size_t)(e - (p + 4 + n)), 0, NULL, &w, &err) == 0 && w.n == 1 &&
		    !strpbrk(w.v[0], "$[")) {
			free(value);
			value = xstrdup(w.v[0]);
		}
		free(err);
		strvec_release(&w);
	}
	return value;
}

/* One word of a driver's dg-runtest call as the flags it stands for:
 * a literal, or a variable the driver sets. -1 when it is neither. */
static int
driver_word(const char *text, size_t at, const char *word, struct strvec *flags)
{
	char *value = NULL, *err = NULL;
	int r;

	if (word[0] == '$') {
		const char *name = word + 1 + (word[1] == '{');
		char buf[64];
		snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(name, "}"), name);
		if (!(value = driver_variable(text, at, buf)))
			return -1;
		word = value;
	} else if (strpbrk(word, "$[")) {
		return -1;
	}
	r = tcl_split(word, strlen(word), 0, NULL, flags, &err);
	free(err);
	free(value);
	return r;
}

/* Does the glob a driver hands dg-runtest ("...DIR/PATTERN]...", DIR its
 * own "$subdir" or a sibling's "$srcdir/NAME"; Tcl quoting and {a,b}
 * alternatives in it) take the file called name? */
static int
driver_glob_takes(const char *call, size_t n, const char *dir, const char *name)
{
	size_t dl = strlen(dir);
	const char *p = memmem(call, n, dir, dl), *end = call + n;
	struct strbuf pat = {0};
	const char *open, *close;
	int takes = 0;

	if (!p || p + dl >= end || p[dl] != '/')
		return 0;
	for (p += dl + 1; p < end && !isspace((unsigned char)*p) && *p != ']' && *p != '"'; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		sb_addc(&pat, *p);
	}
	sb_add(&pat, "", 0);
	open = strchr(pat.buf, '{');
	close = open ? strchr(open, '}') : NULL;
	if (!open || !close) {
		takes = fnmatch(pat.buf, name, 0) == 0;
	} else {
		for (const char *a = open + 1; a < close && !takes; ) {
			size_t k = strcspn(a, ",}");
			char *one = xasprintf("%.*s%.*s%s", (int)(open - pat.buf), pat.buf, (int)k, a, close + 1);
			takes = fnmatch(one, name, 0) == 0;
			free(one);
			a += k + 1;
		}
	}
	sb_release(&pat);
	return takes;
}

/* The names of the DejaGnu drivers (*.exp) in dir, sorted. */
static void
exp_names(const char *dir, struct strvec *names)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n > 4 && !strcmp(e->d_name + n - 4, ".exp"))
			strvec_push(names, e->d_name);
	}
	if (d)
		closedir(d);
	strvec_sort(names);
}

/* A driver's text without comment lines, continued lines joined. */
static char *
driver_text(const char *raw)
{
	struct strbuf text = {0};

	for (const char *p = raw; *p; ) {
		size_t n = strcspn(p, "\n");
		const char *q = p + strspn(p, " \t");
		if (*q != '#') {
			if (n && p[n - 1] == '\\') {
				sb_add(&text, p, n - 1);
				sb_addc(&text, ' ');
			} else {
				sb_add(&text, p, n);
				sb_addc(&text, '\n');
			}
		}
		p += n + (p[n] == '\n');
	}
	sb_add(&text, "", 0);
	return sb_detach(&text);
}

/* Does the testsuite above dir prune as GCC 14 and later do, matching
 * the multiline blocks first, in gcc-dg-prune (its lib/gcc-dg.exp says)? */
static int
multiline_first(const char *dir)
{
	char *up = xstrdup(dir), *s, *path;
	struct strbuf lib = {0};
	const char *prune, *end;
	int first = 0;

	while ((s = strrchr(up, '/')) && s != up && strcmp(s + 1, "testsuite"))
		*s = '\0';
	path = xasprintf("%s/lib/gcc-dg.exp", up);
	if (s && s != up && read_file(path, MAX_CASE_BYTES, &lib, NULL) == 0 &&
	    (prune = strstr(sb_str(&lib), "proc gcc-dg-prune "))) {
		end = strstr(prune, "\n}");
		s = strstr(prune, "handle-multiline-outputs");
		first = s && (!end || s < end);
	}
	sb_release(&lib);
	free(path);
	free(up);
	return first;
}

/* The drivers of dir, each read into dd->exps. */
static void
load_exps(struct dg_dir *dd, const char *dir, const struct strvec *names)
{
	dd->exps = xcalloc(names->n + 1, sizeof(*dd->exps));
	for (size_t i = 0; i < names->n; i++) {
		char *path = xasprintf("%s/%s", dir, names->v[i]);
		struct strbuf raw = {0};
		if (read_file(path, MAX_CASE_BYTES, &raw, NULL) == 0) {
			dd->exps[dd->nexps].name = xstrdup(names->v[i]);
			dd->exps[dd->nexps++].text = driver_text(sb_str(&raw));
		}
		sb_release(&raw);
		free(path);
	}
}

/* A top-level directory of the testsuite without a driver of its own
 * (c-c++-common) whose files the C driver beside it runs: gcc.dg/dg.exp's
 * dg-runtest of the glob $srcdir/c-c++-common/PATTERN, with its FLAGS and
 * DEFAULTS. Returns 1 when a driver of gcc.dg names it. */
static int
sibling_driver(struct dg_dir *dd, const char *dir)
{
	const char *slash = strrchr(dir, '/'), *name = slash ? slash + 1 : dir;
	size_t plen = slash ? (size_t)(slash - dir) : 0;
	char *parent = xstrndup(dir, plen), *c = xasprintf("%s/gcc.dg", parent);
	char *token = xasprintf("$srcdir/%s/", name);
	const char *pslash = strrchr(parent, '/');
	struct strvec names = {0};

	if (pslash && !strcmp(pslash + 1, "testsuite") && strcmp(name, "gcc.dg"))
		exp_names(c, &names);
	if (names.n)
		load_exps(dd, c, &names);
	for (size_t i = 0; i < dd->nexps && !dd->glob_dir; i++)
		if (strstr(dd->exps[i].text, token))
			dd->glob_dir = xstrndup(token, strlen(token) - 1);
	if (!dd->glob_dir)
		dg_dir_release(dd);
	free(token);
	strvec_release(&names);
	free(c);
	free(parent);
	return dd->glob_dir != NULL;
}

void
dg_dir_load(struct dg_dir *dd, const char *dir)
{
	struct strvec names = {0};

	memset(dd, 0, sizeof(*dd));
	exp_names(dir, &names);
	if (names.n)
		load_exps(dd, dir, &names);
	/* no driver here: the C driver beside it may run the files (c-c++-common),
	 * or one further up its own way */
	if (!names.n && !sibling_driver(dd, dir)) {
		char *up = xstrdup(dir), *s;
		while (!dd->up && (s = strrchr(up, '/')) && s != up && strcmp(s + 1, "testsuite")) {
			*s = '\0';
			strvec_release(&names);
			exp_names(up, &names);
			if (names.n)
				dd->up = xasprintf("%s/%s", strrchr(up, '/') + 1, names.v[0]);
		}
		free(up);
	}
	strvec_release(&names);
	dd->multiline_first = multiline_first(dir);
}

void
dg_dir_release(struct dg_dir *dd)
{
	for (size_t i = 0; i < dd->nexps; i++) {
		free(dd->exps[i].name);
		free(dd->exps[i].text);
	}
	free(dd->exps);
	free(dd->up);
	free(dd->glob_dir);
	memset(dd, 0, sizeof(*dd));
}

/* Keywords a driver checks before it runs anything, in the form
 * "if { ![check_effective_target_NAME] } { return }": required. */
static void
driver_requirements(const char *text, size_t upto, struct strvec *required)
{
	static const char probe[] = "![check_effective_target_";

	for (const char *p = text; (p = strstr(p, probe)) && (size_t)(p - text) < upto; p++) {
		const char *name = p + sizeof(probe) - 1, *close = strchr(name, ']');
		const char *body = close ? strchr(close, '{') : NULL;
		if (close && body && !strncmp(body + 1 + strspn(body + 1, " \t\n"), "return", 6))
			strvec_push_nocopy(required, xstrndup(name, (size_t)(close - name)));
	}
}

/* The dg-runtest call of driver e that takes file: the text after
 * "dg-runtest", or NULL (then *why may say why it cannot be read). */
static const char *
runtest_call(const struct dg_exp *e, const char *dir, const char *file, char **why)
{
	for (const char *p = e->text; (p = strstr(p, "dg-runtest")); p += 10) {
		size_t n = strcspn(p, "\n");
		if (!driver_glob_takes(p, n, dir, file))
			continue;       /* other files */
		if (p >= e->text + 4 && !memcmp(p - 4, "gcc-", 4)) {
			*why = xasprintf("its driver %s runs each file with several option sets (GCC's torture options)", e->name);
			return NULL;
		}
		return p + 10;
	}
	return NULL;
}

/* dg-runtest [FILES] FLAGS DEFAULT-FLAGS, FILES skipped, into drv. */
static void
read_call(const struct dg_exp *e, const char *call, struct dg_driver *drv)
{
	const char *eol = call + strcspn(call, "\n");
	struct strvec w = {0};
	char *err = NULL;
	int depth = 0;

	call += strspn(call, " \t");
	do {
		depth += *call == '[' || *call == '{';
		depth -= *call == ']' || *call == '}';
		call++;
	} while (call < eol && (depth > 0 || !isspace((unsigned char)*call)));
	driver_requirements(e->text, (size_t)(call - e->text), &drv->required);
	if (tcl_split(call, (size_t)(eol - call), 0, NULL, &w, &err) < 0 || w.n != 2 ||
	    driver_word(e->text, (size_t)(call - e->text), w.v[0], &drv->always) < 0 ||
	    driver_word(e->text, (size_t)(call - e->text), w.v[1], &drv->defaults) < 0)
		drv->unsupported = xasprintf("the flags its driver %s gives are not read here", e->name);
	free(err);
	strvec_release(&w);
}

void
dg_driver_for(const struct dg_dir *dd, const char *file, struct dg_driver *drv)
{
	const char *call = NULL;
	char *why = NULL;
	size_t i;

	memset(drv, 0, sizeof(*drv));
	for (i = 0; dd && i < dd->nexps && !call && !why; i++)
		call = runtest_call(&dd->exps[i], dd->glob_dir ? dd->glob_dir : "$subdir", file, &why);
	if (call)
		read_call(&dd->exps[i - 1], call, drv);
	else if (why)
		drv->unsupported = why;
	else if (dd && dd->nexps)
		drv->unsupported = xasprintf("its driver %s does not run the files of its directory with dg-runtest",
		                             dd->exps[0].name);
	else if (dd && dd->up)
		drv->unsupported = xasprintf("no driver in its directory; %s runs it its own way", dd->up);
	else {
		strvec_push(&drv->defaults, "-ansi");
		strvec_push(&drv->defaults, "-pedantic-errors");
	}
}

void
dg_driver_release(struct dg_driver *drv)
{
	strvec_release(&drv->always);
	strvec_release(&drv->defaults);
	strvec_release(&drv->required);
	free(drv->unsupported);
	memset(drv, 0, sizeof(*drv));
}
