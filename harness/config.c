/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "config.h"

struct loader {
	yaml_document_t *doc;
	const char *name;
	struct errlist *errs;
	int nerr;
	struct config *cfg;
};

static void
err_at(struct loader *ld, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
err_at(struct loader *ld, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	errlist_add(ld->errs, ld->name, n ? (int)n->start_mark.line + 1 : 1,
	            n ? (int)n->start_mark.column + 1 : 1, "%s", msg);
	free(msg);
	ld->nerr++;
}

static yaml_node_t *
node(struct loader *ld, int id)
{
	return yaml_document_get_node(ld->doc, id);
}

static const char *
kind_name(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE: return "a scalar";
	case YAML_SEQUENCE_NODE: return "a sequence";
	case YAML_MAPPING_NODE: return "a mapping";
	default: return "nothing";
	}
}

static int
is_null(const yaml_node_t *n)
{
	const char *v;

	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	v = (const char *)n->data.scalar.value;
	return !*v || !strcmp(v, "~") || !strcmp(v, "null");
}

/* A non-empty string scalar, or NULL with an error. */
static const char *
scalar(struct loader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE) {
		err_at(ld, n, "%s must be a string, not %s", what, kind_name(n));
		return NULL;
	}
	if (is_null(n) || !n->data.scalar.length) {
		err_at(ld, n, "%s must not be empty", what);
		return NULL;
	}
	if (strlen((const char *)n->data.scalar.value) != n->data.scalar.length) {
		err_at(ld, n, "%s contains a NUL character", what);
		return NULL;
	}
	return (const char *)n->data.scalar.value;
}

/* Names appear in table headers, TSV and TAP lines: keep them plain. */
static int
valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_' || *s == '.' || *s == '+'))
			return 0;
	return 1;
}

static char *
name_scalar(struct loader *ld, const yaml_node_t *n, const char *what)
{
	const char *s = scalar(ld, n, what);
	if (!s)
		return NULL;
	if (!valid_name(s)) {
		err_at(ld, n, "%s '%s' may contain only letters, digits, '-', '_', '.' and '+'", what, s);
		return NULL;
	}
	return xstrdup(s);
}

static int
number(struct loader *ld, const yaml_node_t *n, const char *what, double *out)
{
	const char *s;
	char *end;
	double d;

	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) {
		err_at(ld, n, "%s must be a number", what);
		return -1;
	}
	s = (const char *)n->data.scalar.value;
	errno = 0;
	d = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(d) || d <= 0 || d > 86400) {
		err_at(ld, n, "%s must be a number of seconds between 0 and 86400, not '%s'", what, s);
		return -1;
	}
	*out = d;
	return 0;
}

static int
boolean(struct loader *ld, const yaml_node_t *n, const char *what, int *out)
{
	const char *s = n->type == YAML_SCALAR_NODE && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ?
	                (const char *)n->data.scalar.value : NULL;

	if (s && !strcmp(s, "true"))
		*out = 1;
	else if (s && !strcmp(s, "false"))
		*out = 0;
	else {
		err_at(ld, n, "%s must be true or false", what);
		return -1;
	}
	return 0;
}

static void
string_list(struct loader *ld, const yaml_node_t *n, const char *what, struct strvec *out)
{
	if (is_null(n))
		return;
	if (n->type != YAML_SEQUENCE_NODE) {
		err_at(ld, n, "%s must be a sequence of strings, not %s", what, kind_name(n));
		return;
	}
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		const yaml_node_t *item = node(ld, *it);
		if (item->type != YAML_SCALAR_NODE) {
			err_at(ld, item, "%s must hold strings, not %s", what, kind_name(item));
			continue;
		}
		if (strlen((const char *)item->data.scalar.value) != item->data.scalar.length) {
			err_at(ld, item, "%s contains a NUL character", what);
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
static int
check_mapping(struct loader *ld, const yaml_node_t *n, const char *what)
{
	size_t npairs, nk = 0;
	struct keyref *keys;

	if (n->type != YAML_MAPPING_NODE) {
		err_at(ld, n, "%s must be a mapping, not %s", what, kind_name(n));
		return -1;
	}
	npairs = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
	keys = xcalloc(npairs + 1, sizeof(*keys));
	for (size_t i = 0; i < npairs; i++) {
		const yaml_node_t *k = node(ld, n->data.mapping.pairs.start[i].key);
		if (k->type != YAML_SCALAR_NODE) {
			err_at(ld, k, "keys of %s must be strings", what);
			continue;
		}
		keys[nk].key = (const char *)k->data.scalar.value;
		keys[nk++].index = i;
	}
	qsort(keys, nk, sizeof(*keys), cmp_keyref);
	for (size_t i = 1; i < nk; i++)
		if (!strcmp(keys[i].key, keys[i - 1].key))
			err_at(ld, node(ld, n->data.mapping.pairs.start[keys[i].index].key),
			       "duplicate key '%s' in %s", keys[i].key, what);
	free(keys);
	return 0;
}

/* Sections hold at most this many entries: jobs name them with 16 bits,
 * and loading stays fast */
#define MAX_ENTRIES 1000

static int
too_many(struct loader *ld, const yaml_node_t *n, const char *what)
{
	size_t count = n->type == YAML_MAPPING_NODE ? (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) :
	               n->type == YAML_SEQUENCE_NODE ? (size_t)(n->data.sequence.items.top - n->data.sequence.items.start) : 0;

	if (count <= MAX_ENTRIES)
		return 0;
	err_at(ld, n, "too many %s: %zu (the limit is %d)", what, count, MAX_ENTRIES);
	return 1;
}

static const char *
key_of(struct loader *ld, const yaml_node_pair_t *p)
{
	const yaml_node_t *k = node(ld, p->key);
	return k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : NULL;
}

static void
unknown_key(struct loader *ld, const yaml_node_pair_t *p, const char *what, const char *known)
{
	err_at(ld, node(ld, p->key), "unknown key '%s' in %s (known: %s)", key_of(ld, p), what, known);
}

static void
load_targets(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;

	if (too_many(ld, n, "targets") || check_mapping(ld, n, "targets") < 0)
		return;
	cfg->targets = xcalloc((size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) + 1,
	                       sizeof(*cfg->targets));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *v = node(ld, p->value);
		struct target t = {0};

		if (!key_of(ld, p))
			continue;
		t.arch = name_scalar(ld, node(ld, p->key), "architecture name");
		if (!t.arch)
			continue;
		if (config_find_target(cfg, t.arch) >= 0) {
			free(t.arch);
			continue;       /* reported as a duplicate key */
		}
		if (check_mapping(ld, v, "a target") == 0) {
			for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
				const char *k = key_of(ld, q);
				const char *s;
				if (!k)
					continue;
				if (!strcmp(k, "triple")) {
					if ((s = scalar(ld, node(ld, q->value), "triple")) && !t.triple)
						t.triple = xstrdup(s);
				} else if (!strcmp(k, "package")) {
					if ((s = scalar(ld, node(ld, q->value), "package")) && !t.package)
						t.package = xstrdup(s);
				} else {
					unknown_key(ld, q, "a target", "triple, package");
				}
			}
			if (!t.triple)
				err_at(ld, v, "target '%s' has no triple", t.arch);
		}
		cfg->targets[cfg->ntargets++] = t;
	}
}

/* A selector (the case selectors' grammar, without braces) in scalar n,
 * its text in *text; NULL with an error reported. */
static struct selector *
one_selector(struct loader *ld, const yaml_node_t *n, char **text)
{
	struct sel_vocab vocab = { ld->cfg->arch_names, ld->cfg->ntargets, NULL, 0 };
	struct selector *sel;
	const char *s;
	char *err = NULL;
	size_t pos = 0;

	if (!(s = scalar(ld, n, "a selector")))
		return NULL;
	if (!(sel = selector_parse(s, strlen(s), &vocab, &err, &pos))) {
		int quoted = n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		errlist_add(ld->errs, ld->name, (int)n->start_mark.line + 1,
		            (int)(n->start_mark.column + 1 + (size_t)quoted + pos), "%s", err);
		ld->nerr++;
		free(err);
		return NULL;
	}
	*text = xstrdup(s);
	return sel;
}

/* base: NAME, a profile defined above this one. */
static void
profile_base(struct loader *ld, const yaml_node_t *n, struct profile *pr)
{
	const char *s = scalar(ld, n, "base");

	if (s && (pr->base = config_find_profile(ld->cfg, s)) < 0)
		err_at(ld, n, "base '%s' is not a profile defined above '%s'", s, pr->name);
}

/* when: { SELECTOR: [flags], ... }: flags that apply where the selector
 * holds, read with the case selectors' grammar. */
static void
load_when(struct loader *ld, const yaml_node_t *n, struct profile *pr)
{
	if (check_mapping(ld, n, "when") < 0)
		return;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		struct cond_flags cf = {0};

		if (!(cf.when = one_selector(ld, node(ld, p->key), &cf.when_text)))
			continue;
		string_list(ld, node(ld, p->value), "flags", &cf.flags);
		pr->cond = xrealloc(pr->cond, (pr->ncond + 1) * sizeof(*pr->cond));
		pr->cond[pr->ncond++] = cf;
	}
}

/* except: [SELECTOR, ...]: where the profile does not apply. */
static void
load_except(struct loader *ld, const yaml_node_t *n, struct profile *pr)
{
	if (n->type != YAML_SEQUENCE_NODE) {
		err_at(ld, n, "except must be a sequence of selectors, not %s", kind_name(n));
		return;
	}
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		struct cond_flags c = {0};
		if (!(c.when = one_selector(ld, node(ld, *it), &c.when_text)))
			continue;
		pr->except = xrealloc(pr->except, (pr->nexcept + 1) * sizeof(*pr->except));
		pr->except[pr->nexcept++] = c;
	}
}

static void
load_profiles(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;

	if (too_many(ld, n, "profiles") || check_mapping(ld, n, "profiles") < 0)
		return;
	cfg->profiles = xcalloc((size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) + 1,
	                        sizeof(*cfg->profiles));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *v = node(ld, p->value);
		struct profile pr = {0};
		pr.base = -1;
		if (!key_of(ld, p))
			continue;
		pr.name = name_scalar(ld, node(ld, p->key), "profile name");
		if (!pr.name)
			continue;
		if (config_find_profile(cfg, pr.name) >= 0) {
			free(pr.name);
			continue;
		}
		if (!strcmp(pr.name, AS_WRITTEN))
			err_at(ld, node(ld, p->key), "'%s' is the harness's own profile (other compilers' test files, "
			       "compiled with the flags they ask for)", AS_WRITTEN);
		if (check_mapping(ld, v, "a profile") == 0) {
			for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
				const char *k = key_of(ld, q);
				if (!k)
					continue;
				if (!strcmp(k, "flags"))
					string_list(ld, node(ld, q->value), "flags", &pr.flags);
				else if (!strcmp(k, "gcc"))
					string_list(ld, node(ld, q->value), "gcc", &pr.gcc_flags);
				else if (!strcmp(k, "clang"))
					string_list(ld, node(ld, q->value), "clang", &pr.clang_flags);
				else if (!strcmp(k, "when"))
					load_when(ld, node(ld, q->value), &pr);
				else if (!strcmp(k, "base"))
					profile_base(ld, node(ld, q->value), &pr);
				else if (!strcmp(k, "except"))
					load_except(ld, node(ld, q->value), &pr);
				else
					unknown_key(ld, q, "a profile", "flags, gcc, clang, when, base, except");
			}
		}
		cfg->profiles[cfg->nprofiles++] = pr;
	}
}

/* packages: [NAME, ...], each a Debian package name: they become
 * debootstrap's --include=a,b,c */
static void
root_package_list(struct loader *ld, const yaml_node_t *n, struct root *r)
{
	size_t first = r->packages.n;

	string_list(ld, n, "packages", &r->packages);
	for (size_t i = first; i < r->packages.n; i++) {
		const yaml_node_t *item = node(ld, n->data.sequence.items.start[i - first]);
		if (!valid_name(r->packages.v[i]) || r->packages.v[i][0] == '-')
			err_at(ld, item, "'%s' is not a Debian package name", r->packages.v[i]);
	}
}

static void
load_root(struct loader *ld, const yaml_node_t *v, struct root *r)
{
	int has_suite = 0;

	if (check_mapping(ld, v, "a root") == 0) {
		for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
			const char *k = key_of(ld, q);
			const char *s;
			if (!k)
				continue;
			if (!strcmp(k, "suite")) {
				has_suite = 1;
				if ((s = scalar(ld, node(ld, q->value), "suite")) && !r->suite) {
					if (valid_name(s))
						r->suite = xstrdup(s);
					else
						err_at(ld, node(ld, q->value), "suite '%s' is not a Debian suite name", s);
				}
			} else if (!strcmp(k, "mirror")) {
				if ((s = scalar(ld, node(ld, q->value), "mirror")) && !r->mirror)
					r->mirror = xstrdup(s);
			} else if (!strcmp(k, "packages")) {
				root_package_list(ld, node(ld, q->value), r);
			} else {
				unknown_key(ld, q, "a root", "suite, mirror, packages");
			}
		}
		if (!has_suite)
			err_at(ld, v, "root '%s' has no suite", r->name);
	}
	if (!r->mirror)
		r->mirror = xstrdup("http://deb.debian.org/debian");
}

static void
load_roots(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;

	if (too_many(ld, n, "roots") || check_mapping(ld, n, "roots") < 0)
		return;
	cfg->roots = xcalloc((size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start) + 1,
	                     sizeof(*cfg->roots));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		struct root r = {0};

		if (!key_of(ld, p) || !(r.name = name_scalar(ld, node(ld, p->key), "root name")))
			continue;
		if (config_find_root(cfg, r.name) >= 0) {
			free(r.name);
			continue;       /* reported as a duplicate key */
		}
		load_root(ld, node(ld, p->value), &r);
		cfg->roots[cfg->nroots++] = r;
	}
}

/* A root holds what its compilers name: their packages and their targets'
 * C libraries; each once, sorted. */
static void
root_packages(struct config *cfg)
{
	for (size_t i = 0; i < cfg->ncompilers; i++) {
		const struct compiler *c = &cfg->compilers[i];
		if (c->root < 0)
			continue;
		for (size_t t = 0; t < c->ntcs; t++) {
			struct strvec *pk = &cfg->roots[c->root].packages;
			if (c->tcs[t].package)
				strvec_push(pk, c->tcs[t].package);
			if (tc_target(cfg, c, t)->package)
				strvec_push(pk, tc_target(cfg, c, t)->package);
		}
	}
	for (size_t r = 0; r < cfg->nroots; r++)
		strvec_sort_unique(&cfg->roots[r].packages);
}

static void
toolchain_release(struct toolchain *tc)
{
	free(tc->command);
	free(tc->package);
	strvec_release(&tc->flags);
}

static void
add_toolchain(struct loader *ld, struct compiler *c, const yaml_node_t *archnode,
              const yaml_node_t *spec, const char *dcommand, const char *dpackage)
{
	struct toolchain tc = {0};
	const char *arch = scalar(ld, archnode, "target name");
	long ti;

	if (!arch)
		return;
	ti = config_find_target(ld->cfg, arch);
	if (ti < 0) {
		err_at(ld, archnode, "unknown target '%s' (not under targets:)", arch);
		return;
	}
	for (size_t i = 0; i < c->ntcs; i++) {
		if (c->tcs[i].target == (size_t)ti) {
			err_at(ld, archnode, "target '%s' listed twice for compiler '%s'", arch, c->name);
			return;
		}
	}
	tc.target = (size_t)ti;
	if (spec && check_mapping(ld, spec, "a compiler target") == 0) {
		for (yaml_node_pair_t *q = spec->data.mapping.pairs.start; q < spec->data.mapping.pairs.top; q++) {
			const char *k = key_of(ld, q);
			const char *s;
			if (!k)
				continue;
			if (!strcmp(k, "command")) {
				if ((s = scalar(ld, node(ld, q->value), "command")) && !tc.command)
					tc.command = xstrdup(s);
			} else if (!strcmp(k, "package")) {
				if ((s = scalar(ld, node(ld, q->value), "package")) && !tc.package)
					tc.package = xstrdup(s);
			} else if (!strcmp(k, "flags")) {
				string_list(ld, node(ld, q->value), "flags", &tc.flags);
			} else {
				unknown_key(ld, q, "a compiler target", "command, package, flags");
			}
		}
	}
	if (!tc.command && dcommand)
		tc.command = xstrdup(dcommand);
	if (!tc.package && dpackage)
		tc.package = xstrdup(dpackage);
	if (!tc.command) {
		err_at(ld, archnode, "compiler '%s' has no command for target '%s'", c->name, arch);
		toolchain_release(&tc);
		return;
	}
	c->tcs = xrealloc(c->tcs, (c->ntcs + 1) * sizeof(*c->tcs));
	c->tcs[c->ntcs++] = tc;
}

/* A compiler's family: node says gcc or clang. Returns 1 when it does. */
static int
compiler_family(struct loader *ld, const yaml_node_t *node, enum family *family)
{
	const char *f = scalar(ld, node, "family");

	if (f && !strcmp(f, "gcc"))
		*family = FAMILY_GCC;
	else if (f && !strcmp(f, "clang"))
		*family = FAMILY_CLANG;
	else if (f)
		err_at(ld, node, "unknown family '%s' (gcc or clang)", f);
	return f && (!strcmp(f, "gcc") || !strcmp(f, "clang"));
}

/* A compiler's targets: a list of target names, or a mapping of names to
 * what differs for that target. */
static void
compiler_targets(struct loader *ld, struct compiler *c, const yaml_node_t *targets, const char *command,
                 const char *package)
{
	if (targets->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = targets->data.sequence.items.start; it < targets->data.sequence.items.top; it++)
			add_toolchain(ld, c, node(ld, *it), NULL, command, package);
	} else if (targets->type == YAML_MAPPING_NODE) {
		check_mapping(ld, targets, "targets");
		for (yaml_node_pair_t *p = targets->data.mapping.pairs.start; p < targets->data.mapping.pairs.top; p++) {
			const yaml_node_t *v = node(ld, p->value);
			add_toolchain(ld, c, node(ld, p->key), is_null(v) ? NULL : v, command, package);
		}
	} else {
		err_at(ld, targets, "targets must be a sequence of names or a mapping, not %s", kind_name(targets));
	}
}

static void
load_compiler(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;
	struct compiler c = {0};
	const yaml_node_t *targets = NULL, *family = NULL;
	const char *command = NULL, *package = NULL;
	int has_family = 0;

	c.timeout = 0;
	c.root = -1;
	if (check_mapping(ld, n, "a compiler") < 0)
		return;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const char *k = key_of(ld, p);
		const yaml_node_t *v = node(ld, p->value);
		if (!k)
			continue;
		if (!strcmp(k, "name")) {
			if (!c.name)
				c.name = name_scalar(ld, v, "compiler name");
		} else if (!strcmp(k, "family")) {
			family = v;
		} else if (!strcmp(k, "command")) {
			command = scalar(ld, v, "command");
		} else if (!strcmp(k, "package")) {
			package = scalar(ld, v, "package");
		} else if (!strcmp(k, "targets")) {
			targets = v;
		} else if (!strcmp(k, "flags")) {
			string_list(ld, v, "flags", &c.flags);
		} else if (!strcmp(k, "prefix")) {
			string_list(ld, v, "prefix", &c.prefix);
		} else if (!strcmp(k, "timeout")) {
			number(ld, v, "timeout", &c.timeout);
		} else if (!strcmp(k, "root")) {
			const char *s = scalar(ld, v, "root");
			if (s && (c.root = config_find_root(cfg, s)) < 0)
				err_at(ld, v, "unknown root '%s' (not under roots:)", s);
		} else {
			unknown_key(ld, p, "a compiler", "name, family, command, package, targets, flags, prefix, root, timeout");
		}
	}
	if (!c.name) {
		err_at(ld, n, "compiler has no name");
		goto out;
	}
	if (config_find_compiler(cfg, c.name) >= 0) {
		err_at(ld, n, "compiler '%s' defined twice", c.name);
		goto out;
	}
	if (!family)
		err_at(ld, n, "compiler '%s' has no family (gcc or clang)", c.name);
	else
		has_family = compiler_family(ld, family, &c.family);
	if (!targets)
		err_at(ld, n, "compiler '%s' has no targets", c.name);
	else
		compiler_targets(ld, &c, targets, command, package);
	if (!has_family)
		goto out;
	if (!c.timeout)
		c.timeout = cfg->timeout;
	cfg->compilers[cfg->ncompilers++] = c;
	return;
out:
	free(c.name);
	strvec_release(&c.flags);
	strvec_release(&c.prefix);
	for (size_t i = 0; i < c.ntcs; i++)
		toolchain_release(&c.tcs[i]);
	free(c.tcs);
}

static const yaml_node_t *
top_key(struct loader *ld, const yaml_node_t *root, const char *key)
{
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const char *k = key_of(ld, p);
		if (k && !strcmp(k, key))
			return node(ld, p->value);
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

/* What a configuration may hold, checked on libyaml's event stream before a
 * document is built: no real configuration comes near them, and they keep
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

/* The compilers: section. */
static void
load_compilers(struct loader *ld, const yaml_node_t *v)
{
	if (v->type != YAML_SEQUENCE_NODE) {
		err_at(ld, v, "compilers must be a sequence, not %s", kind_name(v));
	} else if (!too_many(ld, v, "compilers")) {
		ld->cfg->compilers = xcalloc((size_t)(v->data.sequence.items.top - v->data.sequence.items.start) + 1,
		                             sizeof(*ld->cfg->compilers));
		for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++)
			load_compiler(ld, node(ld, *it));
	}
}

/* The top-level mapping, section by section. */
/* sandbox-env: the names of the variables passed into the sandbox (the
 * environment is otherwise cleared): names only, the values are the
 * harness's. */
static void
sandbox_env(struct loader *ld, const yaml_node_t *n)
{
	struct strvec names = {0};

	string_list(ld, n, "sandbox-env", &names);
	for (size_t i = 0; i < names.n; i++) {
		const char *s = names.v[i];
		if (!(isalpha((unsigned char)*s) || *s == '_') || s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")])
			err_at(ld, n, "sandbox-env: '%s' is no variable name", s);
		else
			strvec_push(&ld->cfg->sandbox_env, s);
	}
	strvec_release(&names);
}

static void
load_top(struct loader *ld, const yaml_node_t *root)
{
	struct config *cfg = ld->cfg;
	const yaml_node_t *v;

	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const char *k = key_of(ld, p);
		if (k && strcmp(k, "timeout") && strcmp(k, "targets") && strcmp(k, "profiles") && strcmp(k, "compilers") &&
		    strcmp(k, "roots") && strcmp(k, "trusted-cases") && strcmp(k, "sandbox") && strcmp(k, "sandbox-env"))
			unknown_key(ld, p, "the configuration",
			            "timeout, trusted-cases, sandbox, sandbox-env, targets, roots, profiles, compilers");
	}
	if ((v = top_key(ld, root, "timeout")))
		number(ld, v, "timeout", &cfg->timeout);
	if ((v = top_key(ld, root, "trusted-cases")))
		boolean(ld, v, "trusted-cases", &cfg->trusted_cases);
	if ((v = top_key(ld, root, "sandbox")))
		boolean(ld, v, "sandbox", &cfg->sandbox);
	if ((v = top_key(ld, root, "sandbox-env")))
		sandbox_env(ld, v);
	if ((v = top_key(ld, root, "targets")))
		load_targets(ld, v);
	else
		err_at(ld, root, "no targets: section");
	/* profiles' selectors name architectures */
	cfg->arch_names = xcalloc(cfg->ntargets + 1, sizeof(char *));
	for (size_t i = 0; i < cfg->ntargets; i++)
		cfg->arch_names[i] = cfg->targets[i].arch;
	if ((v = top_key(ld, root, "roots")))
		load_roots(ld, v);
	if ((v = top_key(ld, root, "profiles")))
		load_profiles(ld, v);
	else
		err_at(ld, root, "no profiles: section");
	if ((v = top_key(ld, root, "compilers")))
		load_compilers(ld, v);
	else
		err_at(ld, root, "no compilers: section");
	if (!ld->nerr && !cfg->nprofiles)
		err_at(ld, top_key(ld, root, "profiles"), "no profiles defined");
	if (!ld->nerr)
		cfg->profiles[cfg->nprofiles++] = (struct profile){ .name = xstrdup(AS_WRITTEN), .base = -1, .as_written = 1 };
	if (!ld->nerr && !cfg->ncompilers)
		err_at(ld, top_key(ld, root, "compilers"), "no compilers defined");
}

int
config_parse(struct config *cfg, const char *name, const char *buf, size_t len, struct errlist *errs)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	struct loader ld = { .doc = &doc, .name = name, .errs = errs, .cfg = cfg };
	const yaml_node_t *root;
	int r;

	memset(cfg, 0, sizeof(*cfg));
	cfg->path = xstrdup(name);
	cfg->timeout = 60;
	cfg->sandbox = 1;
	if (precheck(name, buf, len, errs) < 0 || check_limits(name, buf, len, errs) < 0) {
		config_release(cfg);
		return -1;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if ((r = load_document(&parser, &doc, name, errs)) < 0) {
		yaml_parser_delete(&parser);
		config_release(cfg);
		return -1;
	}
	ld.nerr += r;
	if (!(root = yaml_document_get_root_node(&doc))) {
		errlist_add(errs, name, 1, 1, "empty configuration (expected targets:, profiles:, compilers:)");
		ld.nerr++;
	} else if (check_mapping(&ld, root, "the configuration") == 0) {
		load_top(&ld, root);
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	if (ld.nerr) {
		config_release(cfg);
		return -1;
	}
	root_packages(cfg);
	cfg->profile_names = xcalloc(cfg->nprofiles + 1, sizeof(char *));
	for (size_t i = 0; i < cfg->nprofiles; i++)
		cfg->profile_names[i] = cfg->profiles[i].name;
	return 0;
}

int
config_load(struct config *cfg, const char *path, struct errlist *errs)
{
	struct strbuf sb = {0};
	char *why;
	int r;

	if (read_file(path, MAX_CONFIG_BYTES, &sb, &why) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", why);
		free(why);
		sb_release(&sb);
		memset(cfg, 0, sizeof(*cfg));
		return -1;
	}
	r = config_parse(cfg, path, sb.buf, sb.len, errs);
	sb_release(&sb);
	return r;
}

static void
conds_release(struct cond_flags *c, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		selector_free(c[k].when);
		free(c[k].when_text);
		strvec_release(&c[k].flags);
	}
	free(c);
}

void
config_release(struct config *cfg)
{
	strvec_release(&cfg->sandbox_env);
	strvec_release(&cfg->build_keep);
	strvec_release(&cfg->build_maybe);
	strvec_release(&cfg->build_dropped);
	strvec_release(&cfg->user_flags);
	strvec_release(&cfg->user_binds);
	for (size_t i = 0; i < cfg->ntargets; i++) {
		free(cfg->targets[i].arch);
		free(cfg->targets[i].triple);
		free(cfg->targets[i].package);
	}
	free(cfg->targets);
	for (size_t i = 0; i < cfg->nprofiles; i++) {
		free(cfg->profiles[i].name);
		strvec_release(&cfg->profiles[i].flags);
		strvec_release(&cfg->profiles[i].gcc_flags);
		strvec_release(&cfg->profiles[i].clang_flags);
		conds_release(cfg->profiles[i].cond, cfg->profiles[i].ncond);
		conds_release(cfg->profiles[i].except, cfg->profiles[i].nexcept);
	}
	for (size_t i = 0; i < cfg->nroots; i++) {
		free(cfg->roots[i].name);
		free(cfg->roots[i].suite);
		free(cfg->roots[i].mirror);
		strvec_release(&cfg->roots[i].packages);
	}
	free(cfg->roots);
	free(cfg->profiles);
	for (size_t i = 0; i < cfg->ncompilers; i++) {
		struct compiler *c = &cfg->compilers[i];
		free(c->name);
		strvec_release(&c->prefix);
		strvec_release(&c->flags);
		for (size_t j = 0; j < c->ntcs; j++)
			toolchain_release(&c->tcs[j]);
		free(c->tcs);
	}
	free(cfg->compilers);
	free(cfg->arch_names);
	free(cfg->profile_names);
	free(cfg->path);
	memset(cfg, 0, sizeof(*cfg));
}

struct sel_vocab
config_vocab(const struct config *cfg)
{
	struct sel_vocab v = { cfg->arch_names, cfg->ntargets, cfg->profile_names, cfg->nprofiles };
	return v;
}

long
config_find_target(const struct config *cfg, const char *arch)
{
	for (size_t i = 0; i < cfg->ntargets; i++)
		if (cfg->targets[i].arch && !strcmp(cfg->targets[i].arch, arch))
			return (long)i;
	return -1;
}

long
config_find_profile(const struct config *cfg, const char *name)
{
	for (size_t i = 0; i < cfg->nprofiles; i++)
		if (!strcmp(cfg->profiles[i].name, name))
			return (long)i;
	return -1;
}

long
config_find_root(const struct config *cfg, const char *name)
{
	for (size_t i = 0; i < cfg->nroots; i++)
		if (!strcmp(cfg->roots[i].name, name))
			return (long)i;
	return -1;
}

const struct cond_flags *
profile_except(const struct profile *p, const struct sel_env *env)
{
	for (size_t i = 0; i < p->nexcept; i++)
		if (selector_eval(p->except[i].when, env))
			return &p->except[i];
	return NULL;
}

void
profile_flags(const struct config *cfg, const struct profile *p, const struct sel_env *env,
              struct strvec *av)
{
	if (p->base >= 0)
		profile_flags(cfg, &cfg->profiles[p->base], env, av);
	strvec_append(av, &p->flags);
	strvec_append(av, env->family == FAMILY_GCC ? &p->gcc_flags : &p->clang_flags);
	for (size_t i = 0; i < p->ncond; i++)
		if (selector_eval(p->cond[i].when, env))
			strvec_append(av, &p->cond[i].flags);
}

long
config_find_compiler(const struct config *cfg, const char *name)
{
	for (size_t i = 0; i < cfg->ncompilers; i++)
		if (!strcmp(cfg->compilers[i].name, name))
			return (long)i;
	return -1;
}

const struct target *
tc_target(const struct config *cfg, const struct compiler *c, size_t tc)
{
	return &cfg->targets[c->tcs[tc].target];
}

int
config_keeps(const struct strvec *names, const char *name)
{
	return !names->n || name_index((const char *const *)names->v, names->n, name) >= 0;
}

/* The targets of c that f keeps: the weight of c in a shard. */
static size_t
kept_targets(const struct config *cfg, const struct compiler *c, const struct config_filter *f)
{
	size_t n = 0;

	for (size_t t = 0; t < c->ntcs; t++)
		n += config_keeps(&f->targets, tc_target(cfg, c, t)->arch);
	return n;
}

void
config_shards(const struct config *cfg, const struct config_filter *f, int nshards, int *shard_of)
{
	size_t nc = cfg->ncompilers, *weight = xcalloc(nc + 1, sizeof(*weight));
	size_t *load = xcalloc((size_t)nshards, sizeof(*load));
	long *unit = xcalloc(nc + 1, sizeof(*unit));   /* compiler -> its unit's first compiler */

	for (size_t i = 0; i < nc; i++) {
		const struct compiler *c = &cfg->compilers[i];
		shard_of[i] = 0;
		unit[i] = (long)i;
		for (size_t j = 0; j < i && c->root >= 0; j++)
			if (cfg->compilers[j].root == c->root) {
				unit[i] = unit[j];
				break;
			}
		if (config_keeps(&f->compilers, c->name))
			weight[unit[i]] += kept_targets(cfg, c, f) + 1;
	}
	for (;;) {
		size_t u = nc, s = 0;
		for (size_t i = 0; i < nc; i++)    /* the heaviest unit left, first in file order */
			if (unit[i] == (long)i && weight[i] && (u == nc || weight[i] > weight[u]))
				u = i;
		if (u == nc)
			break;
		for (size_t k = 1; k < (size_t)nshards; k++)
			if (load[k] < load[s])
				s = k;
		load[s] += weight[u];
		weight[u] = 0;
		for (size_t i = 0; i < nc; i++)
			if (unit[i] == (long)u && config_keeps(&f->compilers, cfg->compilers[i].name))
				shard_of[i] = (int)s + 1;
	}
	free(weight);
	free(load);
	free(unit);
}

void
config_shard_compilers(const struct config *cfg, const struct config_filter *f, int k, int nshards, int *in)
{
	if (nshards > 1)
		config_shards(cfg, f, nshards, in);
	for (size_t i = 0; i < cfg->ncompilers; i++)
		in[i] = nshards > 1 ? in[i] == k : config_keeps(&f->compilers, cfg->compilers[i].name);
}

void
config_command(const struct config *cfg, const struct compiler *c, const struct toolchain *t, struct strvec *av)
{
	strvec_append(av, &c->prefix);
	strvec_push(av, t->command);
	if (c->family == FAMILY_CLANG)
		strvec_push_nocopy(av, xasprintf("--target=%s", cfg->targets[t->target].triple));
}
