/* SPDX-License-Identifier: MIT */
/* yamldoc: one YAML document read the way every input file of the harness
 * is (compilers.yaml, the tree files): tabs, NUL bytes and bad UTF-8
 * refused at their exact place, bounded before it is built (depth, nodes
 * with aliases expanded, anchors), a second document refused; then helpers
 * that read its nodes and report each problem as FILE:LINE:COL into an
 * errlist, counting them, so that a loader reports everything wrong in one
 * pass and tells at the end whether anything was.
 */
#ifndef YAMLDOC_H
#define YAMLDOC_H

#include <yaml.h>

#include "lib/srcerr.h"
#include "lib/util.h"

struct ydoc {
	yaml_document_t doc;
	const char *name;       /* the file, for messages (borrowed) */
	struct errlist *errs;
	int nerr;               /* errors added so far */
	int loaded;             /* doc holds a document (yd_release deletes it) */
};

/* Read buf as the one document of the file name. Returns its root node;
 * NULL when it is empty (no error) or cannot be read (errors added, and
 * y->nerr counts them; a second document is an error, and the first is
 * still returned). yd_release y in every case. */
const yaml_node_t *yd_load(struct ydoc *y, const char *name, const char *buf, size_t len, struct errlist *errs);
void yd_release(struct ydoc *y);      /* the document; y->nerr stays */

/* Add an error at n (NULL: line 1, column 1). */
void yd_err(struct ydoc *y, const yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

yaml_node_t *yd_node(struct ydoc *y, int id);
/* "a scalar", "a sequence", "a mapping": for messages. */
const char *yd_kind(const yaml_node_t *n);
/* An empty plain scalar, "~" or "null". */
int yd_is_null(const yaml_node_t *n);

/* Each reader checks n, reports what is wrong (what names it in the
 * message) and returns what it read. */
/* A non-empty string without NUL, or NULL. */
const char *yd_scalar(struct ydoc *y, const yaml_node_t *n, const char *what);
/* A name of letters, digits, '-', '_', '.' and '+' (names end up in table
 * headers, TSV and TAP lines), allocated; or NULL. */
char *yd_name(struct ydoc *y, const yaml_node_t *n, const char *what);
/* Is s such a name? */
int yd_valid_name(const char *s);
/* true or false: 0, or -1. */
int yd_boolean(struct ydoc *y, const yaml_node_t *n, const char *what, int *out);
/* A sequence of strings appended to out (null: none). */
void yd_strings(struct ydoc *y, const yaml_node_t *n, const char *what, struct strvec *out);
/* A mapping with distinct string keys: 0, or -1 when n is no mapping
 * (duplicate and non-string keys are reported, and still 0). */
int yd_mapping(struct ydoc *y, const yaml_node_t *n, const char *what);
/* The entries of a mapping or a sequence (0 for anything else). */
size_t yd_count(const yaml_node_t *n);
/* More than YD_MAX_ENTRIES entries in a mapping or sequence: 1, reported. */
enum { YD_MAX_ENTRIES = 1000 };
int yd_too_many(struct ydoc *y, const yaml_node_t *n, const char *what);
/* The key of a pair as a string, or NULL. */
const char *yd_key(struct ydoc *y, const yaml_node_pair_t *p);
/* The value of key in mapping m, or NULL. */
const yaml_node_t *yd_get(struct ydoc *y, const yaml_node_t *m, const char *key);
/* Report p's key as unknown in what (known: the keys it may have). */
void yd_unknown_key(struct ydoc *y, const yaml_node_pair_t *p, const char *what, const char *known);

#endif
