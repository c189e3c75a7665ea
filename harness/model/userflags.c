/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/userflags.h"

/* Options that take a path: separate ("-I dir"), and for the first four
 * joined ("-Idir") as well; --sysroot also as "--sysroot=dir". */
static const char *const path_opts[] = {
	"-I", "-iquote", "-isystem", "-idirafter", "-iprefix", "-include", "-imacros", "--sysroot", "-isysroot",
};
enum { JOINED_PATH_OPTS = 4 };

/* The system's own directories: every root has its own, which a bind
 * from the host would hide. */
static const char *const system_dirs[] = {
	"/usr/include", "/usr/lib", "/usr/lib64", "/usr/libexec", "/usr/bin", "/usr/sbin", "/lib", "/lib64",
	"/bin", "/sbin", "/etc", "/proc", "/sys", "/dev",
};

/* The path option word is (an index into path_opts), with *joined the
 * offset of its path in word (0: the path is the next word); -1: none. */
static int
path_option(const char *word, size_t *joined)
{
	for (size_t i = 0; i < LEN(path_opts); i++) {
		size_t n = strlen(path_opts[i]);
		if (strncmp(word, path_opts[i], n))
			continue;
		*joined = 0;
		if (!word[n])
			return (int)i;
		if (!strcmp(path_opts[i], "--sysroot") && word[n] == '=') {
			*joined = n + 1;
			return (int)i;
		}
		if (i < JOINED_PATH_OPTS) {
			*joined = n;
			return (int)i;
		}
	}
	return -1;
}

/* path made absolute against dir (allocated). */
static char *
absolute(const char *path, const char *dir)
{
	if (path[0] == '/' || !dir)
		return xstrdup(path);
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return !strcmp(path, ".") || !*path ? xstrdup(dir) : xasprintf("%s/%s", dir, path);
}

/* The path argument of option k made absolute, but a file of -include or
 * -imacros that is not there: the compiler then looks for it on the
 * include path, as #include "file" does. Allocated. */
static char *
path_arg(int k, const char *path, const char *dir)
{
	char *p = absolute(path, dir);

	if ((!strcmp(path_opts[k], "-include") || !strcmp(path_opts[k], "-imacros")) && access(p, F_OK) != 0) {
		free(p);
		return xstrdup(path);
	}
	return p;
}

void
userflags_absolute(struct strvec *flags, const char *dir)
{
	for (size_t i = 0; i < flags->n; i++) {
		size_t joined;
		int k = path_option(flags->v[i], &joined);
		char *w;
		if (k < 0)
			continue;
		if (!joined) {
			if (++i == flags->n)
				break;
			w = path_arg(k, flags->v[i], dir);
		} else {
			char *p = absolute(flags->v[i] + joined, dir);
			w = xasprintf("%.*s%s", (int)joined, flags->v[i], p);
			free(p);
		}
		free(flags->v[i]);
		flags->v[i] = w;
	}
}

static int
is_system(const char *dir)
{
	if (!strcmp(dir, "/"))
		return 1;
	for (size_t i = 0; i < LEN(system_dirs); i++) {
		size_t n = strlen(system_dirs[i]);
		if (!strncmp(dir, system_dirs[i], n) && (!dir[n] || dir[n] == '/'))
			return 1;
	}
	return 0;
}

void
userflags_dirs(const struct strvec *flags, struct strvec *dirs)
{
	for (size_t i = 0; i < flags->n; i++) {
		size_t joined;
		int k = path_option(flags->v[i], &joined);
		const char *path;
		char *dir;
		if (k < 0 || (!joined && i + 1 == flags->n))
			continue;
		path = joined ? flags->v[i] + joined : flags->v[++i];
		if (path[0] != '/')
			continue;
		/* a file's directory: -include, -imacros */
		if (!strcmp(path_opts[k], "-include") || !strcmp(path_opts[k], "-imacros"))
			dir = xstrndup(path, (size_t)(strrchr(path, '/') - path));
		else
			dir = xstrdup(path);
		if (*dir && !is_system(dir) && name_index((const char *const *)dirs->v, dirs->n, dir) < 0)
			strvec_push_nocopy(dirs, dir);
		else
			free(dir);
	}
}

int
userflags_name_paths(const struct strvec *flags)
{
	size_t joined;

	for (size_t i = 0; i < flags->n; i++)
		if (path_option(flags->v[i], &joined) >= 0)
			return 1;
	return 0;
}

/* ---- a build's command, sorted ---- */

/* Options dropped with the word after them. */
static const char *const dropped_pairs[] = {
	"-o", "-MF", "-MT", "-MQ", "-x", "-Xclang", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-target",
	"-mllvm", "-gcc-toolchain", "-arch", "-aux-info", "-dumpdir", "-dumpbase", "-B",
};
/* Options dropped alone: those that are the word, then those it begins with. */
static const char *const dropped_words[] = { "-c", "-S", "-E", "-pipe", "-v", "-###", "-save-temps", "-Werror" };
static const char *const dropped_prefixes[] = {
	"-M", "-Wp,", "-Wa,", "-Wl,", "-g", "-l", "-L", "-B", "--target=", "--gcc-toolchain=", "-fdiagnostics-",
	"-fno-diagnostics-", "-fcolor-diagnostics", "-fno-color-diagnostics", "-fmessage-length", "-fplugin",
	"-fpass-plugin", "-fprofile", "-fdebug-prefix-map", "-ffile-prefix-map", "-fmacro-prefix-map", "-fdump-",
	"-save-temps=", "-fstack-usage", "-fcallgraph-info", "-frecord-", "-fcrash-diagnostics", "-specs",
	"-fansi-escape-codes", "--serialize-diagnostics", "-fsave-optimization-record", "-foptimization-record",
	"-ftime-report", "-fproc-stat-report", "-fmodules", "@",
};
/* Kept for every configuration, with the word after them when separate. */
static const char *const kept_pairs[] = { "-D", "-U" };
static const char *const kept_words[] = { "-nostdinc", "-undef" };

static int
begins(const char *w, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strncmp(w, v[i], strlen(v[i])))
			return 1;
	return 0;
}

/* Sort one option at argv->v[*i] (moving *i past its argument). */
static void
sort_option(struct buildflags *bf, const struct strvec *argv, size_t *i)
{
	const char *w = argv->v[*i], *next = *i + 1 < argv->n ? argv->v[*i + 1] : NULL;
	size_t joined = 0;

	/* paths are made absolute once the command is sorted */
	if (path_option(w, &joined) >= 0 || name_index(kept_pairs, LEN(kept_pairs), w) >= 0) {
		strvec_push(&bf->keep, w);
		if (!joined && next) {
			strvec_push(&bf->keep, next);
			++*i;
		}
	} else if (begins(w, kept_pairs, LEN(kept_pairs)) || name_index(kept_words, LEN(kept_words), w) >= 0) {
		strvec_push(&bf->keep, w);
	} else if (name_index(dropped_pairs, LEN(dropped_pairs), w) >= 0) {
		strvec_push_nocopy(&bf->dropped, next ? xasprintf("%s %s", w, next) : xstrdup(w));
		*i += next != NULL;
	} else if (name_index(dropped_words, LEN(dropped_words), w) >= 0 ||
	           begins(w, dropped_prefixes, LEN(dropped_prefixes))) {
		strvec_push(&bf->dropped, w);
	} else if (!strcmp(w, "--param") && next) {
		/* one word, so that a toolchain takes or leaves it whole */
		strvec_push_nocopy(&bf->maybe, xasprintf("--param=%s", next));
		++*i;
	} else {
		strvec_push(&bf->maybe, w);
	}
}

void
buildflags_sort(struct buildflags *bf, const struct strvec *argv, const char *dir)
{
	memset(bf, 0, sizeof(*bf));
	if (argv->n)
		strvec_push(&bf->dropped, argv->v[0]);
	for (size_t i = 1; i < argv->n; i++) {
		const char *w = argv->v[i];
		if (w[0] == '-' && w[1]) {
			sort_option(bf, argv, &i);
		} else {
			/* the file itself, or another input */
			strvec_push(&bf->dropped, w);
		}
	}
	userflags_absolute(&bf->keep, dir);
}

void
buildflags_release(struct buildflags *bf)
{
	strvec_release(&bf->keep);
	strvec_release(&bf->maybe);
	strvec_release(&bf->dropped);
}
