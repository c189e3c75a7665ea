/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
/* try: C files without annotations compiled over the matrix (the none dialect), and what fired where shown (report/try.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "model/compdb.h"
#include "model/userflags.h"
#include "report/results.h"

/* A scratch results file for try, in its own directory under $TMPDIR.
 * Returns the directory (allocated), or NULL. */
static char *
try_scratch(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/diagmatrix-try-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	if (!mkdtemp(dir)) {
		say_error("cannot make a directory in %s: %s", tmp && *tmp ? tmp : "/tmp",
		          strerror(errno));
		free(dir);
		return NULL;
	}
	return dir;
}

/* try --compile-commands: the build's command of o's one file, sorted
 * (userflags.h) into bf. Returns 0, or 2 with the error printed. */
/* The flags of the one file's entry in the compilation database; when
 * several compile it, *which says which was taken (allocated). */
static int
build_command(const struct run_opts *o, struct buildflags *bf, char **which)
{
	struct strbuf sb = {0};
	struct compdb db = {0};
	struct errlist errs = {0};
	const struct compdb_entry *e = NULL;
	char *why = NULL;
	size_t count = 0;
	char *src = o->plan.cases.n == 1 ? realpath(o->plan.cases.v[0], NULL) : NULL;
	/* the database's directory, for a relative "directory" (none for a pipe) */
	char *base = realpath(o->compdb, NULL), *slash = base ? strrchr(base, '/') : NULL;

	if (slash)
		*slash = 0;
	if (o->plan.cases.n != 1)
		say_error("--compile-commands takes one C file");
	else if (!src)
		fprintf(stderr, "%s: error: cannot read: %s\n", o->plan.cases.v[0], strerror(errno));
	else if (read_input(o->compdb, MAX_COMPDB_BYTES, &sb, &why) < 0)
		fprintf(stderr, "%s: error: cannot read: %s\n", o->compdb, why);
	else if (compdb_parse(&db, o->compdb, sb.buf, sb.len, &errs) < 0)
		errlist_print(&errs, stderr);
	else if (!(e = compdb_find(&db, slash ? base : NULL, src, o->compdb_entry, &count)) && !count)
		fprintf(stderr, "%s: error: no command compiles %s\n", o->compdb, src);
	else if (!e)
		fprintf(stderr, "%s: error: %zu command%s compile%s %s: --entry %zu names none\n", o->compdb, count,
		        count == 1 ? "" : "s", count == 1 ? "s" : "", src, o->compdb_entry);
	if (e && count > 1)
		*which = xasprintf("command %zu of the %zu that compile it (%s:%d; --entry N takes another)",
		                   o->compdb_entry ? o->compdb_entry : count, count, o->compdb, e->line);
	if (e) {
		char *dir = compdb_dir(e, slash ? base : NULL);
		buildflags_sort(bf, &e->argv, dir);
		free(dir);
	}
	errlist_release(&errs);
	compdb_release(&db);
	sb_release(&sb);
	free(base);
	free(src);
	free(why);
	return e ? 0 : 2;
}

/* The last -O of words (NULL: none): the optimisation level a compiler
 * takes from them. */
static const char *
last_opt_level(char *const *words, size_t n)
{
	const char *o = NULL;

	for (size_t i = 0; i < n; i++)
		if (!strncmp(words[i], "-O", 2))
			o = words[i];
	return o;
}

/* The user's -O comes after every profile's and wins: a profile whose
 * own -O differs is labelled with the one its compiles had ("O0 (-O3)"),
 * so that no reader takes O0 for -O0. */
static void
label_opt_level(const struct run_opts *o, struct results *r)
{
	const char *mine = last_opt_level(o->user_flags.v, o->user_flags.n);

	for (size_t p = 0; mine && p < r->nprofiles; p++) {
		struct strvec words = {0};
		const char *theirs;
		char *label;
		char *err = NULL;
		size_t at;
		if (shell_split(r->profiles[p].flags, strlen(r->profiles[p].flags), &words, &err, &at) < 0)
			free(err);
		theirs = last_opt_level(words.v, words.n);
		if (!theirs || strcmp(theirs, mine)) {
			label = xasprintf("%s (%s)", r->profiles[p].name, mine);
			for (size_t j = 0; j < r->njobs; j++)
				if (!strcmp(r->jobs[j].profile, r->profiles[p].name)) {
					free(r->jobs[j].profile);
					r->jobs[j].profile = xstrdup(label);
				}
			free(r->profiles[p].name);
			r->profiles[p].name = label;
		}
		strvec_release(&words);
	}
}

/* A try that selected nothing is an input error, said with why: no C
 * file in what was named, or no configuration for the files. */
static void
nothing_to_compile(const struct run_opts *o, const struct results *r)
{
	struct strbuf sb = {0};

	for (size_t i = 0; i < o->plan.cases.n; i++) {
		sb_addstr(&sb, i ? ", " : "");
		sb_add_printable(&sb, o->plan.cases.v[i]);
	}
	if (!r->ncases)
		say_error("no C file in %s (try walks a directory for its .c files)", sb_str(&sb));
	else if (!o->compdb && o->plan.filter.profiles.n == 1 && !strcmp(o->plan.filter.profiles.v[0], AS_WRITTEN))
		say_error("nothing to compile: the " AS_WRITTEN " profile is the flags of a compilation "
		          "database (--compile-commands)");
	else
		say_error("nothing to compile: the selection gives %s no configuration", sb_str(&sb));
	sb_release(&sb);
}

/* The directories named, whose C files try walked: the header says so. */
static void
walked_meta(const struct run_opts *o, struct results *r)
{
	struct strbuf sb = {0};
	struct stat st;

	for (size_t i = 0; i < o->plan.cases.n; i++)
		if (stat(o->plan.cases.v[i], &st) == 0 && S_ISDIR(st.st_mode))
			sb_addf(&sb, "%s%s", sb.len ? ", " : "", o->plan.cases.v[i]);
	if (sb.len)
		results_meta(r, "walked", sb_str(&sb));
	sb_release(&sb);
}

int
try_main(struct run_opts *o, const struct try_view *view)
{
	struct buildflags bf = {0};
	char cwd[4096];
	struct results r = {0};
	struct errlist errs = {0};
	char *dir = try_scratch(), *out, *which = NULL;
	int status;

	if (o->compdb && build_command(o, &bf, &which)) {
		free(dir);
		free(which);
		return 2;
	}
	if (!dir)
		return 2;
	/* the sandbox starts elsewhere: the user's paths are made absolute */
	userflags_absolute(&o->user_flags, getcwd(cwd, sizeof(cwd)) ? cwd : NULL);
	o->plan.user_flags = &o->user_flags;
	o->plan.build_keep = &bf.keep;
	o->plan.build_maybe = &bf.maybe;
	o->plan.build_dropped = &bf.dropped;
	out = xasprintf("%s/try.results", dir);
	o->out = out;
	o->quiet = 0;
	o->progress_only = 1;
	o->plan.dialect = dialect_find("none");
	status = cmd_compile(o);
	if (status <= 1 && results_read(&r, out, &errs) < 0) {
		errlist_print(&errs, stderr);
		status = 2;
	} else if (status <= 1 && !r.njobs) {
		nothing_to_compile(o, &r);
		status = 2;
	} else if (status <= 1) {
		walked_meta(o, &r);
		if (which)
			results_meta(&r, "build-entry", which);
		label_opt_level(o, &r);
		results_sort_jobs(&r);
		try_write(stdout, &r, view);
		status = 0;     /* whatever fired: that is the answer, not a failure */
	}
	errlist_release(&errs);
	results_release(&r);
	unlink(out);
	rmdir(dir);
	free(out);
	free(which);
	free(dir);
	buildflags_release(&bf);
	return status;
}
