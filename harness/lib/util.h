/* SPDX-License-Identifier: MIT */
/* util: allocation that never returns NULL, growable strings and vectors,
 * whole-file reading and shell-style word handling.
 *
 * Allocation failure is the one fatal error inside the harness: the x*()
 * functions print "diagmatrix: out of memory" and abort.
 */
#ifndef UTIL_H
#define UTIL_H

#include <spawn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
/* xgrow grows *p to hold at least want elements of size bytes,
 * doubling; *cap is the current capacity in elements. */
void xgrow(void **p, size_t *cap, size_t want, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap);

/* Append one element to a vector declared as { T *v; size_t n, cap; }. */
#define VEC_PUSH(vec, x) do { \
	xgrow((void **)&(vec).v, &(vec).cap, (vec).n + 1, sizeof(*(vec).v)); \
	(vec).v[(vec).n++] = (x); \
} while (0)

/* A growable byte string, always NUL-terminated once anything was added.
 * Zero-initialise; sb_release frees it. */
struct strbuf {
	char *buf;
	size_t len, cap;
};

void sb_add(struct strbuf *sb, const void *data, size_t n);
void sb_addstr(struct strbuf *sb, const char *s);
void sb_addc(struct strbuf *sb, int c);
void sb_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_reset(struct strbuf *sb);          /* length 0, keeps the memory */
char *sb_detach(struct strbuf *sb);        /* returns the string ("" if empty), sb is empty */
const char *sb_str(const struct strbuf *sb); /* "" when nothing was added */
void sb_release(struct strbuf *sb);
/* Write s to fp for a terminal or a line-based file: control characters
 * (C0, DEL, and C1 as UTF-8) as \xHH or \u00HH, so that text from a case
 * or a compiler can neither move the cursor nor start a line of its own. */
void fput_printable(FILE *fp, const char *s);
/* The harness's one way to say an error that is not an input's (those are
 * FILE:LINE:COL, srcerr.h): "diagmatrix: error: MESSAGE" and a newline on
 * stderr. */
void say_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A vector of owned strings. Zero-initialise; strvec_release frees it. */
struct strvec {
	char **v;
	size_t n, cap;
};

void strvec_push(struct strvec *sv, const char *s);      /* copies s */
/* The index of the first string equal to s, or -1. */
long strvec_find(const struct strvec *sv, const char *s);
void strvec_push_nocopy(struct strvec *sv, char *s);     /* takes s */
void strvec_append(struct strvec *sv, const struct strvec *from);
/* Sort the strings of sv (strcmp order). */
void strvec_sort(struct strvec *sv);
/* Sort sv and keep each string once. */
void strvec_sort_unique(struct strvec *sv);
/* NULL-terminated copy of the pointers (not the strings), for execve. */
char **strvec_argv(const struct strvec *sv);
void strvec_release(struct strvec *sv);

/* Read a whole regular file of at most max bytes into out (NUL-terminated).
 * Anything else (a FIFO, a device, a directory) is refused without being
 * read or waited for, and so is a larger file: input never decides how
 * long the harness blocks or how much it holds. Returns 0, or -1 with *why
 * (allocated; why may be NULL) saying what went wrong. */
int read_file(const char *path, size_t max, struct strbuf *out, char **why);
/* The same, a pipe (or FIFO) accepted too and read until its writer closes
 * it, within the same bound: for what the user hands over (a results file
 * piped in), never for what a case names. */
int read_input(const char *path, size_t max, struct strbuf *out, char **why);
/* Limits of read_file for the harness's inputs. */
enum {
	MAX_CONFIG_BYTES = 4 << 20,
	MAX_CASE_BYTES = 8 << 20,
	MAX_RESULTS_BYTES = 512 << 20,  /* the atlas: 38,000 jobs of GCC's own tests are 130 MiB */
	MAX_COMPDB_BYTES = 512 << 20,   /* a kernel's compile_commands.json is tens of MiB */
};

/* Bounds of one job, each an error verdict that names it (docs/trust.md):
 * its address space, its CPU time, any one file it writes, and each
 * directory it may write in (the sandbox's /tmp, its working directory,
 * DejaGnu's scratch directory: each a tmpfs of that size). */
enum {
	JOB_MEMORY_MIB = 4096,
	JOB_CPU_SECONDS = 600,
	JOB_FILE_MIB = 256,
	JOB_DISK_MIB = 512,
};

/* A job's bound on resource (RLIMIT_AS, RLIMIT_CPU, RLIMIT_FSIZE) of
 * want units of unit (bytes, seconds), as this process can give it: no
 * more than its own hard limit, which prlimit cannot raise for a child.
 * The bound the job gets, in units. */
unsigned long long job_bound(int resource, unsigned long long want, unsigned long long unit);

/* This program's own absolute path (/proc/self/exe), for commands that
 * run it again. */
const char *self_path(void);
/* The first line of what is waiting on fd, read without blocking (fd is
 * made non-blocking), or NULL: what a program that failed said. */
char *fd_first_line(int fd);

/* The file an output path names, to be replaced by a rename: path itself,
 * or the target of the symbolic link it is (allocated). NULL with *why (allocated) when
 * what is there is not a regular file (a device, a FIFO, a directory, a
 * dangling link): output paths never destroy anything but a file. */
char *output_target(const char *path, char **why);

/* Split s like a POSIX shell splits words (quotes and backslashes, no
 * expansion of any kind). Returns 0, or -1 with *why set (allocated) and
 * *errpos at the offending byte. */
int shell_split(const char *s, size_t len, struct strvec *out, char **why, size_t *errpos);

/* Append word to sb quoted so that sh reads it back as one literal word. */
void shell_quote(struct strbuf *sb, const char *word);
/* Append s with control characters written as \xHH (and a backslash doubled): a
 * name from a file cannot end a line, a comment or move a terminal's
 * cursor. */
void sb_add_printable(struct strbuf *sb, const char *s);
/* Append s as one markdown code span: fenced with more backticks than it
 * holds in a row, line breaks and tabs as spaces; in a table cell
 * (in_table), '|' escaped too. Text from files stays text. */
void sb_add_code_span(struct strbuf *sb, const char *s, int in_table);
/* Append s as markdown text that renders as itself (inline markup, HTML
 * and table pipes escaped, line breaks and tabs as spaces). */
void sb_add_md_text(struct strbuf *sb, const char *s);
/* Append each word of sv, quoted, separated by spaces (and preceded by one
 * when sb is not empty). */
void shell_quote_all(struct strbuf *sb, const struct strvec *sv);

/* Remove dir and everything under it, as far as it can (no symlink is
 * followed, no mount point crossed). */
void remove_tree(const char *dir);
/* mkdir -p: path and its missing parents, with mode. Returns 0, or -1
 * with errno set. */
int make_dirs(const char *path, unsigned mode);

/* Index of s in the table names[n], or -1. */
int name_index(const char *const *names, size_t n, const char *s);
/* The value of the first "KEY value" line of text (a stamp), or NULL
 * (allocated). */
char *line_field(const char *text, const char *key);

/* The environment env (NULL-terminated) with name=value set (replacing
 * name), as a new array of borrowed pointers; free() the array only. */
char **env_with(char *const *env, const char *assignment);
/* The same of the process environment. */
char **environ_with(const char *assignment);

/* The file a command name runs: itself when it has a '/', else the first
 * executable of that name in PATH. Returns an allocated path, or NULL. */
char *path_lookup(const char *cmd);

/* Open path (made if missing) and wait for the write lock on it, which
 * holds until the descriptor is closed: one process at a time builds a
 * root or unpacks a source. The descriptor, or -1. */
int lock_file(const char *path);
/* Monotonic clock in seconds. */
double now_seconds(void);
/* The columns of the terminal fd is, or 0 when it is none (a pipe, a file). */
size_t terminal_width(int fd);
/* Initialize attr for a child in a process group of its own, with no
 * signal blocked and those the harness catches or ignores (INT, TERM,
 * CHLD, PIPE, HUP) back at their defaults. */
void spawnattr_own_group(posix_spawnattr_t *attr);

#endif
