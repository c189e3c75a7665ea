/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the flag check (trust.h). The input is a word list as
 * a case gives it (words split at spaces and new lines); the first byte
 * chooses sandboxed or not. The oracle is written apart from the
 * allowlist: whatever the check lets through must not contain a word
 * that loads code, runs or feeds another program, reads options from a
 * file, writes a file it names, changes the diagnostics' format, names a
 * path outside the case's directory, or (outside the sandbox) writes
 * beside the output. A word that gets through against it aborts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sandbox/trust.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Spellings that must never reach a compiler from a case: prefixes. */
static const char *const never[] = {
	"@", "-B", "-wrapper", "-specs", "--specs", "-fplugin", "-fpass-plugin", "-load", "-plugin", "-add-plugin",
	"--config", "--driver-mode", "--rsp-quoting", "-Wa,", "-Wl,", "-Wp,", "-Xassembler", "-Xlinker",
	"-Xpreprocessor", "-Xanalyzer", "-Xopenmp", "-Xarch", "-Xcuda", "-o", "-MF", "-MJ", "-MT", "-MQ",
	"-dependency-file", "-dumpdir", "--serialize", "-serialize", "-diagnostic-log-file",
	"-header-include", "-aux-info", "-stats-file", "-fproc-stat-report=", "-save-stats", "--write-",
	"--for-", "-fmodule-file=", "-fmodules-cache-path=", "-fmodule-map-file=", "-fdiagnostics-add-output=",
	"-fdiagnostics-set-output=", "-fdiagnostics-format=json", "-fdiagnostics-format=sarif",
	"-mllvm", "-mlink", "--sysroot", "-iprefix", "-iwithprefix",
	"-ivfsoverlay", "-include-pch", "--include", "--imacros", "-ftime-trace=", "-fcrash-diagnostics-dir=",
	"-fuse-ld=", "--ld-path", "--gcc-toolchain", "--gcc-install-dir", "-ccc-", "-resource-dir", "--prefix",
	"-no-canonical-prefixes", "-fprofile-use=", "-fprofile-generate=",
	"-fprofile-instr-use=", "-fprofile-sample-use=", "-fauto-profile=", "-fsanitize-ignorelist=",
	"-fsanitize-blacklist=", "-fxray-always-instrument=", "-fxray-never-instrument=", "-fxray-attr-list=",
	"-fopenmp-targets=", "-foffload=", "-print-", "-###",
	"-fembed-dir=", "--embed-dir", "-iplugindir",
};

/* ... and outside the sandbox, these too (files beside the output). */
static const char *const beside[] = {
	"-MD", "-MMD", "-save-temps", "--save-temps", "-fdump-", "-fstack-usage", "-fcallgraph-info", "-fmodules",
	"-fcxx-modules", "-fimplicit-modules", "--coverage", "-ftest-coverage", "-fprofile-arcs",
	"-fprofile-generate", "-fprofile-use", "-gsplit-dwarf", "-fsave-optimization-record", "-ftime-trace",
	"-fcompare-debug", "-fcrash-diagnostics", "-fauto-profile",
};

/* Options whose value is the next word (the compilers' own arity): for
 * the driver, and for cc1 (after -Xclang) the driver's and these too. */
static const char *const separate[] = {
	"-x", "-D", "-U", "-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros", "--param", "--std",
	"-dumpbase",
};
static const char *const cc1_separate[] = {
	"-internal-isystem", "-internal-externc-isystem", "-triple", "-aux-triple", "-target-cpu", "-target-feature",
	"-target-abi", "-main-file-name", "-mrelocation-model", "-mcode-model", "-pic-level", "-ferror-limit",
	"-fvisibility", "-analyzer-checker",
};

/* Options whose value is a path (joined, or the next word). */
static const char *const paths[] = {
	"-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros", "-internal-isystem",
	"-internal-externc-isystem", "-isysroot",
};

static int
starts(const char *w, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strncmp(w, list[i], strlen(list[i])))
			return 1;
	return 0;
}

static int
is(const char *w, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(w, list[i]))
			return 1;
	return 0;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Is path (from /work) lexically inside /cases/sub? (The fuzzer's paths
 * do not exist, so no link is followed.) */
static int
inside_case(const char *path)
{
	char buf[4096] = "", *seg[512];
	size_t n = 0;
	char *copy = strdup(path[0] == '/' ? path : "/work/"), *s, *save = NULL;

	if (path[0] != '/') {
		free(copy);
		copy = malloc(strlen(path) + 7);
		strcpy(copy, "/work/");
		strcat(copy, path);
	}
	for (s = strtok_r(copy, "/", &save); s; s = strtok_r(NULL, "/", &save)) {
		if (!strcmp(s, ".."))
			n -= n > 0;
		else if (strcmp(s, ".") && n < N(seg))
			seg[n++] = s;
	}
	for (size_t i = 0; i < n && strlen(buf) + strlen(seg[i]) + 2 < sizeof(buf); i++) {
		strcat(buf, "/");
		strcat(buf, seg[i]);
	}
	free(copy);
	return !strncmp(buf, "/cases/sub", 10) && (buf[10] == '/' || !buf[10]);
}

/* The value of path option w (joined, or next), or NULL. */
static const char *
path_value(const char *w, const char *next)
{
	for (size_t i = 0; i < N(paths); i++) {
		size_t n = strlen(paths[i]);
		if (!strncmp(w, paths[i], n) && (w[n] || next))
			return w[n] ? w + n : next;
	}
	return NULL;
}

static void
oracle(const struct strvec *words, int sandboxed)
{
	const char *v[256];
	int cc1[256];
	size_t n = 0;

	/* the words as the compiler reads them: -Xclang X and -Xclang=X are X */
	for (size_t i = 0; i < words->n && n < N(v); i++) {
		const char *w = words->v[i];
		cc1[n] = 1;
		if (!strcmp(w, "-Xclang") && i + 1 < words->n)
			w = words->v[++i];
		else if (!strncmp(w, "-Xclang=", 8))
			w += 8;
		else
			cc1[n] = 0;
		v[n++] = w;
	}
	for (size_t i = 0; i < n; i++) {
		const char *w = v[i], *next = i + 1 < n ? v[i + 1] : NULL, *p = path_value(w, next);
		/* a second input: only a file of the case's */
		if (w[0] != '-' && !inside_case(w))
			abort();
		if (w[0] != '-')
			continue;
		/* -dumpbase "" (DejaGnu's, with additional sources): nothing else */
		if (!strcmp(w, "-dumpbase") && (!next || *next))
			abort();
		if (!strcmp(w, "-v") || !strcmp(w, "-target") || !strcmp(w, "-fdiagnostics-parseable-fixits") || starts(w, never, N(never)) ||
		    (!sandboxed && starts(w, beside, N(beside))))
			abort();
		/* a driver target by name only (--target=T); cc1's -triple likewise */
		if (!strncmp(w, "--target", 8) && (strncmp(w, "--target=", 9) || !w[9] || strchr(w, '/')))
			abort();
		if (!strncmp(w, "-fdump-", 7) && strchr(w, '='))
			abort();
		if (!strncmp(w, "-fopt-info", 10) && strchr(w, '='))
			abort();
		if (strchr(w, '/') && strncmp(w, "-D", 2) && !p)
			abort();
		if (p && !inside_case(p) && !(sandboxed && !strchr(p, '/') && strcmp(p, "..") &&
		                              (!strncmp(w, "-include", 8) || !strncmp(w, "-imacros", 8))))
			abort();
		/* a separate value is the option's, not an option: skip it */
		if (is(w, separate, N(separate)) || (cc1[i] && is(w, cc1_separate, N(cc1_separate))))
			i++;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strvec words = {0};
	struct trust_where w = { "/cases/sub", "/work", NULL, 0 };
	char *r;

	if (!size)
		return 0;
	w.sandboxed = data[0] & 1;
	for (size_t i = 1; i < size;) {
		size_t k = i;
		while (k < size && data[k] != ' ' && data[k] != '\n' && data[k] != 0)
			k++;
		if (k > i)
			strvec_push_nocopy(&words, xstrndup((const char *)data + i, k - i));
		i = k + 1;
	}
	r = trust_refusal(&words, &w, NULL);
	if (!r)
		oracle(&words, w.sandboxed);
	free(r);
	strvec_release(&words);
	return 0;
}
