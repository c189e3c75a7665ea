/* SPDX-License-Identifier: MIT */
/* results: everything one run found, in memory and on disk.
 *
 * run builds a struct results; table, export, diff and merge read it back
 * with results_read. The file is line-oriented text, one record per line,
 * fields separated by tabs (tab, newline, CR and backslash escaped as \t,
 * \n, \r, \\; an absent field is empty):
 *
 *   diagmatrix-results	2                     (files of version 1 are read too)
 *   meta	KEY	VALUE                       date, host, revision, harness, ...
 *   toolchain	COMPILER	FAMILY	TARGET	TRIPLE	VERSION	STATUS	COMMAND	NOTE	ROOT	RANK
 *   profile	NAME	FLAGS
 *   case	NAME	PATH	TITLE	REQUIRES	STD	FLAGS[	TREE	UNIT]   (TREE, UNIT: a tree's unit, cmd/tree.c)
 *   ref	TEXT                                    (belongs to the case above)
 *   dir	KIND	LINE	SRCLINE	SELECTOR	REGEX	FLAG	REF[	FILE]    (idem; FILE: a tree's, tree.h)
 *   overview	LINE	TITLE                       (idem: a row of the overview, case-overview)
 *   job	CASE	COMPILER	VERSION	TARGET	PROFILE	VERDICT	EXIT	SIGNAL	SECONDS	REASON	COMMAND
 *   out	OUTCOME...                              one per directive of the job's case
 *   diag	FILE	LINE	COL	SEVERITY	OPTION	COUNT	STATUS	MESSAGE	FITS[	FROM	LINE2]   (belongs to the job above; FROM, LINE2: from_file, diag.h)
 *   event	FILE	LINE	COL	TEXT                    (belongs to the diag above: its path, diag.h)
 *   end	JOBS                                    the job count: a shorter file is refused
 *
 * A toolchain's STATUS is found, missing (not installed: its jobs are
 * skipped) or error (found, but its probe failed: its jobs are errors).
 *
 * RANK is the toolchain's place in the configuration (its compilers in
 * order, each compiler's targets in order, from 0), so that the shards of
 * a run, each with its own compilers, merge into the configuration's
 * order; files without it keep the order they list.
 *
 * A tree's unit is a case named TREE:UNIT, for the reports that list
 * cases; what it is, tree and unit, are its own fields, read as such (in
 * version 1 files, which had none, a case whose PATH is a YAML tree file
 * has them from its name). Its configuration is the job's PROFILE.
 *
 * FITS lists the directives of the case the diagnostic satisfied, as indices
 * from 0 separated by commas (empty: none, or not known: files of
 * diagmatrix before 0.2 have no such field, and DejaGnu does not say).
 *
 * Jobs may come in any order (a run writes them as they end); meta records
 * may also follow the jobs.
 *
 * results_write writes to a temporary file beside the target, flushes and
 * syncs it, then renames: a reader sees the old file or the whole new one.
 * The target is not read, and is replaced only when it is a regular
 * file (a symbolic link is followed to one); anything else is refused.
 * struct results owns all its strings; results_release frees them.
 */
#ifndef RESULTS_H
#define RESULTS_H

#include <stdint.h>
#include <stdio.h>

#include "lib/hash.h"
#include "lib/srcerr.h"
#include "lib/util.h"
#include "model/diag.h"
#include "model/kinds.h"

struct rtoolchain {
	char *compiler, *family, *target, *triple;
	char *version;          /* as measured, or "" when missing */
	enum tcstatus status;
	char *command;          /* the command as configured, prefix included */
	char *note;             /* why it is missing / the package that provides it */
	char *root;             /* the root it lives in (root.h), "" for the host */
	long rank;              /* its place in the configuration, or -1: not known */
	size_t source;          /* the file it was read from: index into sources */
};

struct rprofile {
	char *name;
	char *flags;            /* both families, quoted for the shell */
	size_t source;
};

struct rdirective {
	enum dkind kind;
	int line;               /* LINE_ANY for @* */
	int src_line;
	char *selector, *regex, *flag, *ref;   /* "" when absent */
	char *file;             /* the file it is about, "" for the case's own (a tree's expectations) */
};

/* A row of the overview a case asks for (case-overview): the directives on line. */
struct roverview {
	int line;
	char *title;
};

struct rcase {
	char *name, *path, *title, *requires, *std, *flags;   /* path: as passed to the compiler */
	char *tree, *unit;      /* a tree's unit (cmd/tree.c): its tree and unit, each a field of
	                           its own; NULL or "" for a case */
	struct strvec refs;
	struct roverview *overview;
	size_t noverview, capoverview;
	struct rdirective *dirs;
	size_t ndirs, capdirs;
	size_t source;
};

struct rdiag {
	char *file;             /* "" when none */
	int line, col;
	enum severity sev;
	char *option;           /* "" when none */
	unsigned count;
	enum dstatus status;
	char *message;
	size_t *fits;           /* the directives it satisfied (indices into the case's dirs) */
	size_t nfits;
	struct diagevent *events;   /* its path (file NULL when not known) */
	size_t nevents;
	char *from_file;        /* where it was used from (diag.h), "" when none */
	int from_line;
};

struct rjob {
	size_t caseidx;
	char *compiler, *version, *target, *profile;
	enum verdict verdict;
	char *reason;           /* "" for pass */
	int exit_code, signal;
	double seconds;
	char *command;          /* the command line as run, quoted for sh */
	enum outcome *outcomes; /* one per directive of the case */
	struct rdiag *diags;
	size_t ndiags, capdiags;
	size_t source;
};

struct results {
	struct strvec meta_keys, meta_vals;
	struct rtoolchain *tcs;
	size_t ntcs, captcs;
	struct rprofile *profiles;
	size_t nprofiles, capprofiles;
	struct rcase *cases;
	size_t ncases, capcases;
	struct rjob *jobs;
	size_t njobs, capjobs;
	struct strvec sources;  /* the files read into r, in order */
	struct hindex case_index;   /* of case names */
};

/* Add a meta entry (copied). */
void results_meta(struct results *r, const char *key, const char *value);
const char *results_get_meta(const struct results *r, const char *key);  /* NULL if absent */
/* Index of the case called name, or -1. */
long results_find_case(const struct results *r, const char *name);
/* Add c (r takes what it owns; c is cleared). Returns its index. */
size_t results_push_case(struct results *r, struct rcase *c);

/* Write atomically to path. Returns 0, or -1 with *why (allocated) saying why. */
int results_write(const struct results *r, const char *path, char **why);

/* The same, a job at a time, for a run that writes each job as it ends
 * instead of keeping it: begin writes everything of r but its jobs; job
 * writes one (jobs then come in any order: readers sort them); end writes
 * the meta entries added to r since begin, the end record, and renames the
 * file into place (or, on failure, removes it). */
struct results_writer {
	FILE *fp;
	char *tmp, *path;
	size_t njobs, nmeta;
};

int results_writer_begin(struct results_writer *w, const char *path, const struct results *r,
                         char **why);
void results_writer_job(struct results_writer *w, const struct results *r, const struct rjob *j);
int results_writer_end(struct results_writer *w, const struct results *r, char **why);
/* Read path (a regular file or a pipe, read_input), appending to r (several files can be read into one: cases,
 * toolchains and profiles already present are not added twice, and must be
 * the same in every file, or it is an error that names both files).
 * Returns 0, or -1 with errors added to errs. */
int results_read(struct results *r, const char *path, struct errlist *errs);
/* The same from the bytes of a file; path names it in errors. */
int results_parse(struct results *r, const char *path, const char *buf, size_t len, struct errlist *errs);
void results_release(struct results *r);

/* Sort the toolchains by rank, when every one has a rank; then the jobs
 * by case, then toolchain order, then profile order. */
void results_sort_jobs(struct results *r);
/* After sorting: every configuration (case, compiler, target, profile)
 * must be judged once; a second is an error naming both files. Returns 0,
 * or -1 with errors added to errs. */
int results_check_unique(const struct results *r, struct errlist *errs);

/* The durations of the jobs of a previous results file, to order the next
 * run by (read a line at a time, keeping a hash and a duration per job). */
struct durations {
	struct duration {
		uint64_t key;
		double seconds;
	} *v;
	size_t n;
};

/* Read them from path: a regular file of at most MAX_RESULTS_BYTES, else
 * (or when it is no results file) there are none. */
void results_durations(struct durations *d, const char *path);
/* The seconds a job took, or -1 when it was not in the file. */
double durations_find(const struct durations *d, const char *cas, const char *compiler, const char *target,
                      const char *profile);
void durations_release(struct durations *d);

#endif
