/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700     /* realpath */
#include <stdlib.h>
#include <string.h>

#include "trust.h"

enum effect {
	RUNS,                   /* runs a program the flag names or finds */
	LOADS,                  /* loads code into the compiler */
	OPTIONS,                /* reads more options: a file of them, or another way of reading them */
	READS,                  /* reads the file or directory it names */
	WRITES,                 /* writes the file it names */
	WRITES_BESIDE,          /* writes files named after the output or the source */
};

enum form {
	PREFIX,                 /* any flag that starts with name */
	EXACT,                  /* the flag name itself */
	ARG,                    /* name PATH, or namePATH joined */
	SEPARATE,               /* name PATH only */
	JOINED,                 /* namePATH (name ends in '=') */
};

struct rule {
	const char *name;
	unsigned char form, effect;
};

/* Checked in order: the first rule that fits decides. */
static const struct rule rules[] = {
	/* programs and code */
	{ "-wrapper", ARG, RUNS },
	{ "-fplugin", PREFIX, LOADS },
	{ "-fpass-plugin", PREFIX, LOADS },
	{ "-load", PREFIX, LOADS },
	{ "-plugin", PREFIX, LOADS },
	{ "-add-plugin", PREFIX, LOADS },
	{ "-B", PREFIX, RUNS },
	{ "--prefix", PREFIX, RUNS },
	{ "-specs", PREFIX, RUNS },
	{ "--specs", PREFIX, RUNS },
	{ "-fuse-ld", PREFIX, RUNS },
	{ "--ld-path", PREFIX, RUNS },
	{ "--gcc-toolchain", PREFIX, RUNS },
	{ "--gcc-install-dir", PREFIX, RUNS },
	{ "-ccc-", PREFIX, RUNS },
	{ "-resource-dir", PREFIX, RUNS },
	{ "-no-canonical-prefixes", EXACT, RUNS },
	/* options from elsewhere: a Clang configuration file (which may load a
	 * plug-in), or the driver reading its words as cl.exe's (/clang:) */
	{ "--config", PREFIX, OPTIONS },
	{ "--driver-mode", PREFIX, OPTIONS },
	{ "--rsp-quoting", PREFIX, OPTIONS },
	/* options passed on to other programs, which this list cannot see into */
	{ "-Wa,", PREFIX, RUNS },
	{ "-Wp,", PREFIX, RUNS },
	{ "-Wl,", PREFIX, RUNS },
	{ "-Xassembler", PREFIX, RUNS },
	{ "-Xpreprocessor", PREFIX, RUNS },
	{ "-Xlinker", PREFIX, RUNS },
	{ "-Xanalyzer", PREFIX, RUNS },
	/* files named by the flag, written */
	{ "-o", ARG, WRITES },
	{ "-MF", ARG, WRITES },
	{ "-MJ", ARG, WRITES },
	{ "-dependency-file", ARG, WRITES },
	{ "--write-dependencies", EXACT, WRITES_BESIDE },
	{ "--write-user-dependencies", EXACT, WRITES_BESIDE },
	{ "--serialize-diagnostics", ARG, WRITES },
	{ "-serialize-diagnostic-file", ARG, WRITES },
	{ "-diagnostic-log-file", ARG, WRITES },
	{ "-dumpdir", ARG, WRITES },
	{ "-fproc-stat-report=", JOINED, WRITES },
	{ "-save-stats", PREFIX, WRITES_BESIDE },
	{ "--for-assembler", PREFIX, RUNS },
	{ "--for-linker", PREFIX, RUNS },
	{ "-header-include-file", ARG, WRITES },
	{ "-aux-info", ARG, WRITES },
	{ "-stats-file=", JOINED, WRITES },
	{ "-ftime-trace=", JOINED, WRITES },
	{ "-foptimization-record-file=", JOINED, WRITES },
	{ "-fprofile-generate=", JOINED, WRITES },
	{ "-fprofile-instr-generate=", JOINED, WRITES },
	{ "-fcs-profile-generate=", JOINED, WRITES },
	{ "-fprofile-dir=", JOINED, WRITES },
	{ "-fprofile-note=", JOINED, WRITES },
	{ "-fcrash-diagnostics-dir=", JOINED, WRITES },
	{ "-fmodules-cache-path=", JOINED, WRITES },
	{ "-fdump-final-insns=", JOINED, WRITES },
	{ "-fdump-go-spec=", JOINED, WRITES },
	{ "-fdiagnostics-add-output=", JOINED, WRITES },
	{ "-fdiagnostics-set-output=", JOINED, WRITES },
	/* files named by the flag, read */
	{ "-I", ARG, READS },
	{ "-isystem", ARG, READS },
	{ "-iquote", ARG, READS },
	{ "-idirafter", ARG, READS },
	{ "-iprefix", ARG, READS },
	{ "-iwithprefixbefore", ARG, READS },
	{ "-iwithprefix", ARG, READS },
	{ "-isysroot", ARG, READS },
	{ "-internal-isystem", ARG, READS },
	{ "-internal-externc-isystem", ARG, READS },
	{ "-include-pch", ARG, READS },
	{ "--include-directory=", JOINED, READS },
	{ "--include-directory", SEPARATE, READS },
	{ "--include=", JOINED, READS },
	{ "--include", SEPARATE, READS },
	{ "--imacros", ARG, READS },
	{ "-include", ARG, READS },
	{ "-imacros", ARG, READS },
	{ "-ivfsoverlay", ARG, READS },
	{ "--sysroot=", JOINED, READS },
	{ "--sysroot", SEPARATE, READS },
	{ "--embed-dir=", JOINED, READS },
	{ "-fmodule-file=", JOINED, READS },
	{ "-fmodule-map-file=", JOINED, READS },
	{ "-fprofile-use=", JOINED, READS },
	{ "-fprofile-sample-use=", JOINED, READS },
	{ "-fprofile-instr-use=", JOINED, READS },
	{ "-fprofile-remapping-file=", JOINED, READS },
	{ "-fprofile-list=", JOINED, READS },
	{ "-fauto-profile=", JOINED, READS },
	{ "-fsanitize-ignorelist=", JOINED, READS },
	{ "-fsanitize-blacklist=", JOINED, READS },
	{ "-fsanitize-coverage-allowlist=", JOINED, READS },
	{ "-fsanitize-coverage-ignorelist=", JOINED, READS },
	{ "-fxray-always-instrument=", JOINED, READS },
	{ "-fxray-never-instrument=", JOINED, READS },
	{ "-fxray-attr-list=", JOINED, READS },
	/* files named after the output (-o /dev/null: /dev/null.d, ...) or the
	 * source, in the working directory */
	{ "-MD", EXACT, WRITES_BESIDE },
	{ "-MMD", EXACT, WRITES_BESIDE },
	{ "-save-temps", PREFIX, WRITES_BESIDE },
	{ "-fdump-", PREFIX, WRITES_BESIDE },
	{ "-fstack-usage", EXACT, WRITES_BESIDE },
	{ "-fmodules", EXACT, WRITES_BESIDE },     /* its module cache: the user's cache directory */
	{ "-fcallgraph-info", PREFIX, WRITES_BESIDE },
	{ "-ftest-coverage", EXACT, WRITES_BESIDE },
	{ "--coverage", EXACT, WRITES_BESIDE },
	{ "-fprofile-arcs", EXACT, WRITES_BESIDE },
	{ "-fprofile-generate", EXACT, WRITES_BESIDE },
	{ "-gsplit-dwarf", PREFIX, WRITES_BESIDE },
	{ "-fsave-optimization-record", PREFIX, WRITES_BESIDE },
	{ "-ftime-trace", EXACT, WRITES_BESIDE },
	{ "-fcompare-debug", PREFIX, WRITES_BESIDE },
	{ "-fdiagnostics-format=sarif-file", EXACT, WRITES_BESIDE },
	{ "-fdiagnostics-format=json-file", EXACT, WRITES_BESIDE },
};

static const char *const effect_text[] = {
	[RUNS] = "runs or passes options to another program",
	[LOADS] = "loads code into the compiler",
	[OPTIONS] = "takes options from a file, or reads them another way",
	[READS] = "reads a file outside the case's directory",
	[WRITES] = "writes a file it names",
	[WRITES_BESIDE] = "writes files beside the output, outside the sandbox",
};

/* Is path (relative to cwd) inside dir? Symbolic links are followed
 * where the path exists; "." and ".." are resolved either way. */
static int
inside(const char *path, const char *cwd, const char *dir)
{
	char *abs = path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", cwd, path);
	char *real = realpath(abs, NULL), *p = real ? real : abs, *out = xmalloc(strlen(p) + 2), *o = out;
	size_t n = strlen(dir);
	int in;

	/* lexical: a path that does not exist yet may still climb out */
	for (const char *s = p; *s;) {
		size_t len = strcspn(s, "/");
		if ((len == 1 && s[0] == '.') || len == 0) {
			/* nothing */
		} else if (len == 2 && s[0] == '.' && s[1] == '.') {
			while (o > out && *--o != '/')
				;
		} else {
			*o++ = '/';
			memcpy(o, s, len);
			o += len;
		}
		s += len + (s[len] == '/');
	}
	*o = 0;
	in = !strncmp(out, dir, n) && (out[n] == '/' || !out[n]);
	free(out);
	free(real);
	free(abs);
	return in;
}

static int
fits(const struct rule *r, const char *flag, const char **path)
{
	size_t n = strlen(r->name);

	*path = NULL;
	switch (r->form) {
	case PREFIX:
		return !strncmp(flag, r->name, n);
	case EXACT:
		return !strcmp(flag, r->name);
	case SEPARATE:
		return !strcmp(flag, r->name);
	case JOINED:
		if (strncmp(flag, r->name, n))
			return 0;
		*path = flag + n;
		return 1;
	default:        /* ARG */
		if (strncmp(flag, r->name, n))
			return 0;
		if (flag[n])
			*path = flag + n;
		return 1;
	}
}

static char *
check_one(const char *flag, const char *next, int *used_next, const char *casedir, const char *cwd,
          const char *scratch, int sandboxed)
{
	*used_next = 0;
	if (flag[0] == '@')
		return xasprintf("%s: reads its arguments from a file", flag);
	/* -fdump-tree-all=FILE, -fopt-info-vec=FILE: a dump to a file it names */
	if ((!strncmp(flag, "-fdump-", 7) || !strncmp(flag, "-fopt-info", 10)) && strchr(flag, '='))
		return xasprintf("%s: %s", flag, effect_text[WRITES]);
	for (size_t i = 0; i < LEN(rules); i++) {
		const struct rule *r = &rules[i];
		const char *path;
		if (!fits(r, flag, &path))
			continue;
		if ((r->form == ARG || r->form == SEPARATE) && !path) {
			path = next;
			*used_next = next != NULL;
		}
		if (r->effect == READS && path &&
		    (inside(path, cwd, casedir) || (scratch && inside(path, cwd, scratch))))
			return NULL;
		/* -include stddef.h: a bare name is looked up like #include "...",
		 * in the working directory (the sandbox's own, empty), then in
		 * directories this check has already seen */
		if (r->effect == READS && sandboxed && path && !strchr(path, '/') && strcmp(path, "..") &&
		    (!strcmp(r->name, "-include") || !strcmp(r->name, "-imacros")))
			return NULL;
		if (r->effect == WRITES_BESIDE && sandboxed)
			return NULL;
		return xasprintf("%s%s%s: %s", flag, *used_next ? " " : "", *used_next ? path : "",
		                 effect_text[r->effect]);
	}
	return NULL;
}

char *
trust_refusal(const struct strvec *flags, const char *casedir, const char *cwd, const char *scratch,
              int sandboxed)
{
	for (size_t i = 0; i < flags->n; i++) {
		const char *f = flags->v[i], *next = i + 1 < flags->n ? flags->v[i + 1] : NULL;
		char *why;
		int used;

		/* a flag given to Clang's front end, or to LLVM, is checked as one;
		 * Clang 16 on also takes -Xclang=FLAG and -mllvm=FLAG */
		if (!strncmp(f, "-Xclang=", 8) || !strncmp(f, "-mllvm=", 7)) {
			char *head = xstrndup(f, (size_t)(strchr(f, '=') - f)), *one;
			struct strvec pair = {0};
			strvec_push(&pair, head);
			strvec_push(&pair, strchr(f, '=') + 1);
			one = trust_refusal(&pair, casedir, cwd, scratch, sandboxed);
			strvec_release(&pair);
			free(head);
			if (one)
				return one;
			continue;
		}
		if ((!strcmp(f, "-Xclang") || !strcmp(f, "-mllvm")) && next) {
			const char *after = i + 3 < flags->n && !strcmp(flags->v[i + 2], f) ? flags->v[i + 3] : NULL;
			if (!strcmp(f, "-mllvm") && (strstr(next, "file") || strstr(next, "load") || strchr(next, '/')))
				return xasprintf("-mllvm %s: %s", next, "names a file or code for LLVM");
			why = check_one(next, after, &used, casedir, cwd, scratch, sandboxed);
			if (why) {
				char *full = xasprintf("%s %s", f, why);
				free(why);
				return full;
			}
			i += 1 + 2 * (size_t)used;
			continue;
		}
		why = check_one(f, next, &used, casedir, cwd, scratch, sandboxed);
		if (why)
			return why;
		i += (size_t)used;
	}
	return NULL;
}
