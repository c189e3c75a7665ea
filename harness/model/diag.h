/* SPDX-License-Identifier: MIT */
/* diag: compiler output (GCC and Clang, text format) into diagnostics.
 *
 *   FILE:LINE:COL: SEVERITY: MESSAGE [OPTION]
 *   PROGRAM: SEVERITY: MESSAGE [OPTION]        (driver, cc1: no location)
 *   SEVERITY: MESSAGE                          (Clang's frontend: neither; only when asked)
 *
 * Context lines ("In function", "In file included from", "inlined from")
 * are read for where a diagnostic was used from (from_file); others
 * ("N warnings generated.", backtraces) are skipped, and so are caret
 * lines ("  12 | source", "     |   ^"), whatever the source on them says.
 * A diagnostic and its notes are merged into the list together, once the
 * notes are read: a macro expansion note names its place of use.
 * Identical diagnostics are merged into one with a count. Typographic
 * quotes become ASCII. Internal compiler errors and crash reports are
 * flagged.
 *
 * A diagnostic's path, the events GCC prints after it with
 * -fdiagnostics-show-context (GCC 16) or -fanalyzer, belongs to it when
 * asked (paths): as notes "FILE:LINE:COL: note: (N) TEXT" with
 * -fdiagnostics-plain-output, or, with carets, as a block
 *
 *     'FUNCTION': events 1-2            (or "event 1")
 *   FILE:LINE:COL:                       (where the place changes)
 *       4 |         if (i >= 4)
 *         |            ^
 *         |            |
 *         |            (1) when the condition is evaluated to true
 *   ......
 *
 * Pure: takes a buffer, returns data. struct diaglist owns its strings.
 */
#ifndef DIAG_H
#define DIAG_H

#include <stddef.h>

#include "model/kinds.h"

struct diagevent {
	char *file;             /* NULL when not known */
	int line, col;          /* 0 when not known */
	char *text;             /* without its "(N) " */
};

struct diag {
	char *file;             /* NULL when the diagnostic has no location */
	int line, col;          /* 0 when absent */
	enum severity sev;
	char *message;          /* normalised text, without the option */
	char *option;           /* normalised option (-Wfoo), or NULL */
	unsigned count;         /* times printed */
	enum dstatus status;    /* set by the matcher */
	size_t *fits;           /* the directives of the case it satisfied (indices), set by the matcher */
	size_t nfits;
	struct diagevent *events;   /* its path, in order (GCC 16's -fdiagnostics-show-context) */
	size_t nevents;
	/* Where it was used from, when its place is elsewhere (a header, a
	 * macro's definition): the outermost macro expansion (GCC's notes), the
	 * inlined call, or the include chain's outermost line. NULL, 0: none. */
	char *from_file;
	int from_line;
};

struct diaglist {
	struct diag *v;
	size_t n, cap;
	int bare;               /* set before parsing: also read "SEVERITY: MESSAGE" lines with
	                           neither place nor program (Clang's frontend), as -verify sees them */
	int paths;              /* set before parsing: a diagnostic's path events belong to it
	                           (else "note: (N) ..." lines are notes of their own, as DejaGnu sees them) */
	int sites;              /* set before parsing: a diagnostic used from two places (from_file)
	                           is two diagnostics; else one, with the first place */
	int ice;                /* an internal compiler error or a crash report was printed */
	char *ice_text;         /* its first line, or NULL */
};

/* Parse len bytes of compiler output, appending to dl. */
void diag_parse(struct diaglist *dl, const char *buf, size_t len);
void diaglist_release(struct diaglist *dl);
/* Record that g satisfied directive dir (once). */
void diag_add_fit(struct diag *g, size_t dir);

/* "-Wfoo=", "-Wfoo=3" -> "-Wfoo"; "-Werror=foo", "-Werror,-Wfoo" -> "-Wfoo".
 * Returns an allocated string. */
char *option_normalise(const char *s, size_t len);

/* Replace typographic quotes (U+2018, U+2019, U+201C, U+201D) with ' and ".
 * Returns an allocated string. */
char *quotes_normalise(const char *s, size_t len);

#endif
