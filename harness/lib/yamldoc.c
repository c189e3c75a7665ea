/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/yamldoc.h"

void
yd_err(struct ydoc *y, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	errlist_add(y->errs, y->name, n ? (int)n->start_mark.line + 1 : 1,
	            n ? (int)n->start_mark.column + 1 : 1, "%s", msg);
	free(msg);
	y->nerr++;
}

yaml_node_t *
yd_node(struct ydoc *y, int id)
{
	return yaml_document_get_node(&y->doc, id);
}

const char *
yd_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE: return "a scalar";
	case YAML_SEQUENCE_NODE: return "a sequence";
	case YAML_MAPPING_NODE: return "a mapping";
	default: return "nothing";
	}
}

int
yd_is_null(const yaml_node_t *n)
{
	const char *v;

	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	v = (const char *)n->data.scalar.value;
	return !*v || !strcmp(v, "~") || !strcmp(v, "null");
}

/* A non-empty string scalar, or NULL with an error. */
const char *
yd_scalar(struct ydoc *y, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE) {
		yd_err(y, n, "%s must be a string, not %s", what, yd_kind(n));
		return NULL;
	}
	if (yd_is_null(n) || !n->data.scalar.length) {
		yd_err(y, n, "%s must not be empty", what);
		return NULL;
	}
	if (strlen((const char *)n->data.scalar.value) != n->data.scalar.length) {
		yd_err(y, n, "%s contains a NUL character", what);
		return NULL;
	}
	return (const char *)n->data.scalar.value;
}

/* Names appear in table headers, TSV and TAP lines: keep them plain. */
int
yd_valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.' || *s == '+'))
			return 0;
	return 1;
}

char *
yd_name(struct ydoc *y, const yaml_node_t *n, const char *what)
{
	const char *s = yd_scalar(y, n, what);
	if (!s)
		return NULL;
	if (!yd_valid_name(s)) {
		yd_err(y, n, "%s '%s' may contain only letters, digits, '-', '_', '.' and '+'", what, s);
		return NULL;
	}
	return xstrdup(s);
}

int
yd_boolean(struct ydoc *y, const yaml_node_t *n, const char *what, int *out)
{
	const char *s = n->type == YAML_SCALAR_NODE && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ?
	                (const char *)n->data.scalar.value : NULL;

	if (s && !strcmp(s, "true"))
		*out = 1;
	else if (s && !strcmp(s, "false"))
		*out = 0;
	else {
		yd_err(y, n, "%s must be true or false", what);
		return -1;
	}
	return 0;
}

void
yd_strings(struct ydoc *y, const yaml_node_t *n, const char *what, struct strvec *out)
{
	if (yd_is_null(n))
		return;
	if (n->type != YAML_SEQUENCE_NODE) {
		yd_err(y, n, "%s must be a sequence of strings, not %s", what, yd_kind(n));
		return;
	}
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		const yaml_node_t *item = yd_node(y, *it);
		if (item->type != YAML_SCALAR_NODE) {
			yd_err(y, item, "%s must hold strings, not %s", what, yd_kind(item));
			continue;
		}
		if (strlen((const char *)item->data.scalar.value) != item->data.scalar.length) {
			yd_err(y, item, "%s contains a NUL character", what);
			continue;
		}
		strvec_push(out, (const char *)item->data.scalar.value);
	}
}

struct keyref {
	const char *key;
	size_t index;
};

static int
cmp_keyref(const void *a, const void *b)
{
	const struct keyref *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* Iterate a mapping whose keys must be distinct strings; reports
 * non-string and duplicate keys (sorted, not pairwise: a mapping may be
 * large). Returns 0 if n is a mapping. */
int
yd_mapping(struct ydoc *y, const yaml_node_t *n, const char *what)
{
	size_t npairs, nk = 0;
	struct keyref *keys;

	if (n->type != YAML_MAPPING_NODE) {
		yd_err(y, n, "%s must be a mapping, not %s", what, yd_kind(n));
		return -1;
	}
	npairs = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
	keys = xcalloc(npairs + 1, sizeof(*keys));
	for (size_t i = 0; i < npairs; i++) {
		const yaml_node_t *k = yd_node(y, n->data.mapping.pairs.start[i].key);
		if (k->type != YAML_SCALAR_NODE) {
			yd_err(y, k, "keys of %s must be strings", what);
			continue;
		}
		keys[nk].key = (const char *)k->data.scalar.value;
		keys[nk++].index = i;
	}
	qsort(keys, nk, sizeof(*keys), cmp_keyref);
	for (size_t i = 1; i < nk; i++)
		if (!strcmp(keys[i].key, keys[i - 1].key))
			yd_err(y, yd_node(y, n->data.mapping.pairs.start[keys[i].index].key),
			       "duplicate key '%s' in %s", keys[i].key, what);
	free(keys);
	return 0;
}

size_t
yd_count(const yaml_node_t *n)
{
	return n->type == YAML_MAPPING_NODE ? (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) :
	       n->type == YAML_SEQUENCE_NODE ? (size_t)(n->data.sequence.items.top - n->data.sequence.items.start) : 0;
}

int
yd_too_many(struct ydoc *y, const yaml_node_t *n, const char *what)
{
	size_t count = yd_count(n);

	if (count <= YD_MAX_ENTRIES)
		return 0;
	yd_err(y, n, "too many %s: %zu (the limit is %d)", what, count, YD_MAX_ENTRIES);
	return 1;
}

const char *
yd_key(struct ydoc *y, const yaml_node_pair_t *p)
{
	const yaml_node_t *k = yd_node(y, p->key);
	return k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : NULL;
}

void
yd_unknown_key(struct ydoc *y, const yaml_node_pair_t *p, const char *what, const char *known)
{
	yd_err(y, yd_node(y, p->key), "unknown key '%s' in %s (known: %s)", yd_key(y, p), what, known);
}

const yaml_node_t *
yd_get(struct ydoc *y, const yaml_node_t *root, const char *key)
{
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const char *k = yd_key(y, p);
		if (k && !strcmp(k, key))
			return yd_node(y, p->value);
	}
	return NULL;
}

/* Tabs and bad UTF-8 are reported with their exact position before libyaml
 * sees the text; its own messages for them are vague. */
static int
precheck(const char *name, const char *buf, size_t len, struct errlist *errs)
{
	int line = 1, col = 1;
	size_t i = 0;

	while (i < len) {
		unsigned char c = (unsigned char)buf[i];
		size_t n = 1;
		if (c == '\t') {
			errlist_add(errs, name, line, col, "tab character (indent with spaces)");
			return -1;
		}
		if (c == 0) {
			errlist_add(errs, name, line, col, "NUL byte");
			return -1;
		}
		if (c >= 0x80) {
			unsigned cp;
			if (c >= 0xc2 && c <= 0xdf) n = 2, cp = c & 0x1f;
			else if (c >= 0xe0 && c <= 0xef) n = 3, cp = c & 0x0f;
			else if (c >= 0xf0 && c <= 0xf4) n = 4, cp = c & 0x07;
			else n = 0, cp = 0;
			if (n == 0 || i + n > len)
				goto bad;
			for (size_t j = 1; j < n; j++) {
				unsigned char cc = (unsigned char)buf[i + j];
				if ((cc & 0xc0) != 0x80)
					goto bad;
				cp = (cp << 6) | (cc & 0x3f);
			}
			if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
			    (cp >= 0xd800 && cp <= 0xdfff))
				goto bad;
		}
		if (c == '\n') {
			line++;
			col = 1;
		} else {
			col++;
		}
		i += n;
	}
	return 0;
bad:
	errlist_add(errs, name, line, col, "invalid UTF-8");
	return -1;
}

/* What a document may hold, checked on libyaml's event stream before a
 * document is built: no real input comes near them, and they keep
 * loading linear. Aliases count as the nodes they stand for, so a few
 * nested anchors cannot grow into billions of nodes. */
enum {
	MAX_DEPTH = 32,
	MAX_NODES = 100000,
	MAX_ANCHORS = 1000,
};

struct anchor {
	char *name;
	size_t nodes;
};

/* The anchor called name, or NULL. */
static struct anchor *
anchor_find(struct anchor *a, size_t n, const char *name)
{
	for (size_t i = n; i-- > 0;)            /* the latest definition wins */
		if (!strcmp(a[i].name, name))
			return &a[i];
	return NULL;
}

static int
limits_error(const char *name, const yaml_event_t *ev, struct errlist *errs, const char *msg)
{
	errlist_add(errs, name, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1, "%s", msg);
	return -1;
}

/* The state of check_limits: the open collections and the anchors. */
struct limits {
	const char *name;
	struct errlist *errs;
	size_t stack[MAX_DEPTH + 2];            /* nodes under each open collection */
	unsigned char *anchor_of[MAX_DEPTH + 2];
	struct anchor *anchors;
	size_t depth, nanchors, capanchors, total;
};

/* How many nodes ev stands for (an alias: those of its anchor), and the
 * anchor it completes (allocated when it ends a collection). Returns -1
 * after an error. */
static int
event_nodes(struct limits *ls, const yaml_event_t *ev, size_t *nodes, unsigned char **anchor)
{
	const struct anchor *a;

	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		*nodes = 1;
		*anchor = ev->data.scalar.anchor;
		break;
	case YAML_ALIAS_EVENT:
		a = anchor_find(ls->anchors, ls->nanchors, (const char *)ev->data.alias.anchor);
		*nodes = a ? a->nodes : 1;
		break;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (ls->depth == MAX_DEPTH)
			return limits_error(ls->name, ev, ls->errs, "nested too deeply (the limit is 32 levels)");
		ls->stack[++ls->depth] = 1;
		*anchor = ev->type == YAML_SEQUENCE_START_EVENT ? ev->data.sequence_start.anchor :
		          ev->data.mapping_start.anchor;
		ls->anchor_of[ls->depth] = *anchor ? (unsigned char *)xstrdup((const char *)*anchor) : NULL;
		*anchor = NULL;         /* defined when it ends */
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		*nodes = ls->stack[ls->depth];
		*anchor = ls->anchor_of[ls->depth];
		ls->anchor_of[ls->depth--] = NULL;
		break;
	default:
		break;
	}
	return 0;
}

/* Count one event. Returns 0, or -1 after an error. */
static int
limits_event(struct limits *ls, const yaml_event_t *ev)
{
	size_t nodes = 0;
	unsigned char *anchor = NULL;
	int end = ev->type == YAML_SEQUENCE_END_EVENT || ev->type == YAML_MAPPING_END_EVENT, r;

	r = event_nodes(ls, ev, &nodes, &anchor);
	if (anchor && !r && ls->nanchors == MAX_ANCHORS) {
		r = limits_error(ls->name, ev, ls->errs, "too many anchors (the limit is 1000)");
	} else if (anchor && !r) {
		xgrow((void **)&ls->anchors, &ls->capanchors, ls->nanchors + 1, sizeof(*ls->anchors));
		ls->anchors[ls->nanchors].name = xstrdup((const char *)anchor);
		ls->anchors[ls->nanchors++].nodes = nodes;
	}
	if (end)
		free(anchor);
	else    /* a collection counts when it starts, its contents as they come */
		ls->total += ev->type == YAML_SEQUENCE_START_EVENT || ev->type == YAML_MAPPING_START_EVENT ? 1 : nodes;
	ls->stack[ls->depth] += nodes;
	if (!r && ls->total > MAX_NODES)
		r = limits_error(ls->name, ev, ls->errs, "too large: more than 100000 values, aliases expanded");
	return r;
}

static int
check_limits(const char *name, const char *buf, size_t len, struct errlist *errs)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	struct limits ls = { .name = name, .errs = errs };
	int r = 0, done = 0;

	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (!done && !r) {
		if (!yaml_parser_parse(&parser, &ev))
			break;          /* the loader reports syntax errors */
		done = ev.type == YAML_STREAM_END_EVENT;
		r = limits_event(&ls, &ev);
		yaml_event_delete(&ev);
	}
	for (size_t i = 1; i <= ls.depth && i < LEN(ls.anchor_of); i++)
		free(ls.anchor_of[i]);
	for (size_t i = 0; i < ls.nanchors; i++)
		free(ls.anchors[i].name);
	free(ls.anchors);
	yaml_parser_delete(&parser);
	return r;
}

/* Load the one YAML document of buf into doc. Returns 0, or -1 with an
 * error (doc then needs no yaml_document_delete). A second document is
 * an error too, after doc was loaded: 1. */
static int
load_document(yaml_parser_t *parser, yaml_document_t *doc, const char *name, struct errlist *errs)
{
	yaml_document_t doc2;
	const yaml_node_t *r2;

	if (!yaml_parser_load(parser, doc)) {
		const yaml_mark_t *m = parser->problem_mark.line || parser->problem_mark.column ?
		                       &parser->problem_mark : &parser->context_mark;
		errlist_add(errs, name, (int)m->line + 1, (int)m->column + 1, "%s%s%s",
		            parser->problem ? parser->problem : "YAML syntax error",
		            parser->context ? " " : "", parser->context ? parser->context : "");
		return -1;
	}
	if (!yaml_document_get_root_node(doc))
		return 0;
	/* a second document would be silently ignored: refuse it */
	if (!yaml_parser_load(parser, &doc2)) {
		errlist_add(errs, name, (int)parser->problem_mark.line + 1, (int)parser->problem_mark.column + 1,
		            "%s", parser->problem ? parser->problem : "YAML syntax error");
		return 1;
	}
	r2 = yaml_document_get_root_node(&doc2);
	if (r2)
		errlist_add(errs, name, (int)r2->start_mark.line + 1, (int)r2->start_mark.column + 1,
		            "more than one YAML document");
	yaml_document_delete(&doc2);
	return r2 ? 1 : 0;
}

const yaml_node_t *
yd_load(struct ydoc *y, const char *name, const char *buf, size_t len, struct errlist *errs)
{
	yaml_parser_t parser;
	int r;

	memset(y, 0, sizeof(*y));
	y->name = name;
	y->errs = errs;
	if (precheck(name, buf, len, errs) < 0 || check_limits(name, buf, len, errs) < 0) {
		y->nerr++;
		return NULL;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	r = load_document(&parser, &y->doc, name, errs);
	yaml_parser_delete(&parser);
	if (r < 0) {
		y->nerr++;
		return NULL;
	}
	y->loaded = 1;
	y->nerr += r;
	return yaml_document_get_root_node(&y->doc);   /* a second document was reported */
}

void
yd_release(struct ydoc *y)
{
	if (y->loaded)
		yaml_document_delete(&y->doc);
	y->loaded = 0;     /* nerr stays: the loader asks it after */
}
