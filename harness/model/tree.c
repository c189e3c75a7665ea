/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/yamldoc.h"
#include "model/diag.h"
#include "model/tree.h"

struct tloader {
	struct ydoc y;
	const struct config *cfg;
	const char *dir;        /* the tree file's directory, "" for the current one */
	struct tree *t;         /* the tree being read */
};

/* The builds the harness drives: kbuild builds a tree, the others run a
 * compiler's own tests (a suite) as cases, in the dialect of that name. */
static const struct build {
	const char *name;
	int suite;
	enum family family;     /* the compilers it builds with, or whose tests it has */
} builds[] = {
	{ "kbuild", 0, FAMILY_GCC },
	{ "dejagnu", 1, FAMILY_GCC },
	{ "verify", 1, FAMILY_CLANG },
};

static const struct build *
build_of(const struct tree *t)
{
	for (size_t i = 0; t->build && i < LEN(builds); i++)
		if (!strcmp(t->build, builds[i].name))
			return &builds[i];
	return NULL;
}

static void
at(const yaml_node_t *n, int *line, int *col)
{
	*line = (int)n->start_mark.line + 1;
	*col = (int)n->start_mark.column + 1;
}

int
tree_valid_path(const char *s)
{
	const char *p = s;

	if (!*s || *s == '/')
		return 0;
	for (; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '\\')
			return 0;
	for (p = s; *p;) {
		size_t n = strcspn(p, "/");
		if (n == 0 && p[n])                             /* "//" */
			return 0;
		if ((n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return 0;
		p += n + (p[n] == '/');
	}
	return 1;
}

/* A scalar that must be a relative path, allocated; NULL after an error. */
static char *
path_scalar(struct tloader *ld, const yaml_node_t *n, const char *what)
{
	const char *s = yd_scalar(&ld->y, n, what);

	if (s && !tree_valid_path(s)) {
		yd_err(&ld->y, n, "%s '%s' must be a relative path without '..' or '.'", what, s);
		return NULL;
	}
	return s ? xstrdup(s) : NULL;
}

/* A Kconfig assignment: SYMBOL=VALUE, SYMBOL in capitals, digits and '_'. */
static int
valid_option(const char *s)
{
	size_t n = strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

	return n > 0 && s[n] == '=' && s[n + 1] && !strchr(s + n + 1, '\n') && strncmp(s, "CONFIG_", 7);
}

/* A list of relative paths (units, patches); patches get the tree file's
 * directory, and their positions. */
static void
path_list(struct tloader *ld, const yaml_node_t *n, const char *what, struct strvec *out, int **pos)
{
	if (n->type != YAML_SEQUENCE_NODE) {
		yd_err(&ld->y, n, "%s must be a sequence of paths, not %s", what, yd_kind(n));
		return;
	}
	if (yd_too_many(&ld->y, n, what))
		return;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		const yaml_node_t *item = yd_node(&ld->y, *it);
		char *p = path_scalar(ld, item, what);
		if (!p)
			continue;
		if (pos) {
			*pos = xrealloc(*pos, (out->n + 1) * 2 * sizeof(**pos));
			at(item, &(*pos)[out->n * 2], &(*pos)[out->n * 2 + 1]);
			strvec_push_nocopy(out, *ld->dir ? xasprintf("%s/%s", ld->dir, p) : xstrdup(p));
			free(p);
		} else {
			strvec_push_nocopy(out, p);
		}
	}
}
static void
load_source(struct tloader *ld, const yaml_node_t *n)
{
	static const char *const keys = "suite, package, mirror, tarball, extract";
	struct tree *t = ld->t;

	if (yd_mapping(&ld->y, n, "source") < 0)
		return;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const char *k = yd_key(&ld->y, p);
		const yaml_node_t *v = yd_node(&ld->y, p->value);
		char **slot = !k ? NULL : !strcmp(k, "suite") ? &t->suite : !strcmp(k, "package") ? &t->package :
		              !strcmp(k, "mirror") ? &t->mirror : NULL;
		if (!k)
			continue;
		if (!strcmp(k, "tarball") && !t->tarball) {
			t->tarball = path_scalar(ld, v, "tarball");
		} else if (!strcmp(k, "extract") && !t->extract.n) {
			path_list(ld, v, "extract", &t->extract, NULL);
		} else if (!slot) {
			yd_unknown_key(&ld->y, p, "source", keys);
		} else if (!*slot && slot == &t->mirror) {
			const char *s = yd_scalar(&ld->y, v, k);
			*slot = s ? xstrdup(s) : NULL;
		} else if (!*slot) {
			/* suite and package reach apt's command line: names only */
			*slot = yd_name(&ld->y, v, k);
			if (*slot && **slot == '-') {
				yd_err(&ld->y, v, "%s '%s' must not begin with '-'", k, *slot);
				free(*slot);
				*slot = NULL;
			}
		}
	}
	if (!t->suite || !t->package)
		yd_err(&ld->y, n, "source needs suite: and package:");
	if (t->mirror && strncmp(t->mirror, "http://", 7) && strncmp(t->mirror, "https://", 8))
		yd_err(&ld->y, yd_get(&ld->y, n, "mirror"), "mirror must be an http:// or https:// URL");
	if (!t->mirror)
		t->mirror = xstrdup("http://deb.debian.org/debian");
}

static void
load_arches(struct tloader *ld, const yaml_node_t *n)
{
	struct tree *t = ld->t;

	if (yd_too_many(&ld->y, n, "arch entries") || yd_mapping(&ld->y, n, "arch") < 0)
		return;
	t->arches = xcalloc(yd_count(n) + 1, sizeof(*t->arches));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *k = yd_node(&ld->y, p->key);
		char *target = yd_key(&ld->y, p) ? yd_name(&ld->y, k, "target") : NULL;
		char *name = yd_name(&ld->y, yd_node(&ld->y, p->value), "the build system's name for a target");
		if (target && config_find_target(ld->cfg, target) < 0)
			yd_err(&ld->y, k, "target '%s' is not in %s", target, ld->cfg->path);
		if (!target || !name || config_find_target(ld->cfg, target) < 0) {
			free(target);
			free(name);
			continue;
		}
		t->arches[t->narches++] = (struct tree_arch){ target, name };
	}
}

static void
load_compilers(struct tloader *ld, const yaml_node_t *n)
{
	struct tree *t = ld->t;
	struct strvec names = {0};

	yd_strings(&ld->y, n, "compilers", &names);
	for (size_t i = 0; i < names.n; i++) {
		long c = config_find_compiler(ld->cfg, names.v[i]);
		if (c < 0)
			yd_err(&ld->y, n, "compiler '%s' is not in %s", names.v[i], ld->cfg->path);
		else if (tree_is_suite(t) && ld->cfg->compilers[c].family != tree_family(t))
			yd_err(&ld->y, n, "compiler '%s': %s's tests are %s's", names.v[i], t->build,
			       tree_family(t) == FAMILY_GCC ? "GCC" : "Clang");
		else if (!tree_is_suite(t) && ld->cfg->compilers[c].family != FAMILY_GCC)
			yd_err(&ld->y, n, "compiler '%s': only GCC builds trees so far", names.v[i]);
		else if (name_index((const char *const *)t->compilers.v, t->compilers.n, names.v[i]) < 0)
			strvec_push(&t->compilers, names.v[i]);
	}
	strvec_release(&names);
}


/* The units as written, checked; then TREE_PREPARE before them: what the
 * build compiles before any unit (Kbuild's prepare: the architecture's
 * vDSO, asm-offsets) is a result of its own, not the first unit's. */
static void
config_units(struct tloader *ld, const yaml_node_t *n, struct tree_config *c)
{
	char *first;

	for (size_t i = 0; i < c->units.n; i++) {
		size_t len = strlen(c->units.v[i]);
		if (!strcmp(c->units.v[i], TREE_PREPARE)) {
			yd_err(&ld->y, n, "unit '%s' is every configuration's first, without being named", TREE_PREPARE);
			continue;
		}
		if (strcmp(c->units.v[i], "all") && c->units.v[i][len - 1] != '/' &&
		    (len < 3 || strcmp(c->units.v[i] + len - 2, ".o")))
			yd_err(&ld->y, n, "unit '%s' must be a directory (ending in '/'), an object (.o) or all", c->units.v[i]);
	}
	if (!c->units.n) {
		yd_err(&ld->y, n, "configuration '%s' has no units", c->name);
		return;
	}
	strvec_push(&c->units, TREE_PREPARE);
	first = c->units.v[c->units.n - 1];
	memmove(c->units.v + 1, c->units.v, (c->units.n - 1) * sizeof(*c->units.v));
	c->units.v[0] = first;
}

/* A configuration's compilers: or targets: (what), each one the tree's. */
static void
subset(struct tloader *ld, const yaml_node_t *n, const char *what, struct strvec *out)
{
	const struct tree *t = ld->t;

	yd_strings(&ld->y, n, what, out);
	for (size_t i = 0; i < out->n; i++) {
		int known = *what == 'c' ? name_index((const char *const *)t->compilers.v, t->compilers.n, out->v[i]) >= 0 :
		            tree_arch(t, out->v[i]) != NULL;
		if (!known)
			yd_err(&ld->y, n, "%s: '%s' is not one of the tree's (its %s)", what, out->v[i],
			       *what == 'c' ? "compilers:" : "arch:");
	}
}

static void
load_config(struct tloader *ld, const yaml_node_t *k, const yaml_node_t *v, struct tree_config *c)
{
	static const char *const keys = "base, options, patches, units, compilers, targets, named-only";

	c->name = yd_name(&ld->y, k, "configuration name");
	if (yd_mapping(&ld->y, v, "a configuration") < 0)
		return;
	for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
		const char *key = yd_key(&ld->y, p);
		const yaml_node_t *val = yd_node(&ld->y, p->value);
		if (!key)
			continue;
		if (!strcmp(key, "base") && !c->base) {
			c->base = yd_name(&ld->y, val, "base");
		} else if (!strcmp(key, "options")) {
			yd_strings(&ld->y, val, "options", &c->options);
			for (size_t i = 0; i < c->options.n; i++)
				if (!valid_option(c->options.v[i]))
					yd_err(&ld->y, val, "option '%s' must be SYMBOL=VALUE (without CONFIG_)", c->options.v[i]);
		} else if (!strcmp(key, "patches")) {
			path_list(ld, val, "patches", &c->patches, &c->patch_at);
		} else if (!strcmp(key, "units")) {
			path_list(ld, val, "units", &c->units, NULL);
		} else if (!strcmp(key, "named-only")) {
			yd_boolean(&ld->y, val, "named-only", &c->named_only);
		} else if (!strcmp(key, "compilers") || !strcmp(key, "targets")) {
			subset(ld, val, key, !strcmp(key, "compilers") ? &c->compilers : &c->targets);
		} else if (strcmp(key, "base")) {
			yd_unknown_key(&ld->y, p, "a configuration", keys);
		}
	}
	if (!c->base)
		yd_err(&ld->y, v, "configuration '%s' has no base", c->name ? c->name : "");
	if (c->name)
		config_units(ld, v, c);
}

static void
load_configs(struct tloader *ld, const yaml_node_t *n)
{
	struct tree *t = ld->t;

	if (yd_too_many(&ld->y, n, "configurations") || yd_mapping(&ld->y, n, "configs") < 0)
		return;
	t->configs = xcalloc(yd_count(n) + 1, sizeof(*t->configs));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
		if (yd_key(&ld->y, p))
			load_config(ld, yd_node(&ld->y, p->key), yd_node(&ld->y, p->value), &t->configs[t->nconfigs++]);
}

/* line: a positive number. */
static int
line_number(struct tloader *ld, const yaml_node_t *n)
{
	const char *s = yd_scalar(&ld->y, n, "line");
	char *end;
	long l;

	if (!s)
		return 0;
	l = strtol(s, &end, 10);
	if (*end || l < 1 || l > 10000000 || !(*s >= '0' && *s <= '9')) {
		yd_err(&ld->y, n, "line must be a positive number, not '%s'", s);
		return 0;
	}
	return (int)l;
}

static void
expect_pattern(struct tloader *ld, const yaml_node_t *n, struct tree_expect *e, enum dkind kind)
{
	const char *s = yd_scalar(&ld->y, n, kind == D_ERROR ? "error" : "warning");
	char *err = NULL;
	size_t off = 0;

	if (!s || e->pattern) {
		if (s)
			yd_err(&ld->y, n, "an expectation has one warning: or error:");
		return;
	}
	e->pattern = xstrdup(s);
	e->kind = kind;
	if (!(e->re = rx_compile(s, strlen(s), RX_PCRE2, &err, &off))) {
		yd_err(&ld->y, n, "bad pattern: %s (at offset %zu)", err, off);
		free(err);
	}
}

static void
expect_where(struct tloader *ld, const yaml_node_t *n, struct tree_expect *e)
{
	const char *s = yd_scalar(&ld->y, n, "where");
	const char **profiles = xcalloc(ld->t->nconfigs + 1, sizeof(*profiles));
	struct sel_vocab vocab = { (const char *const *)ld->cfg->arch_names, ld->cfg->ntargets, profiles,
	                           ld->t->nconfigs };
	char *err = NULL;
	size_t pos = 0;

	for (size_t i = 0; i < ld->t->nconfigs; i++)
		profiles[i] = ld->t->configs[i].name ? ld->t->configs[i].name : "";
	if (s && !e->where_text) {
		e->where_text = xstrdup(s);
		if (!(e->where = selector_parse(s, strlen(s), &vocab, &err, &pos))) {
			yd_err(&ld->y, n, "bad selector: %s (at offset %zu)", err, pos);
			free(err);
		}
	}
	free(profiles);
}

static void
expect_key(struct tloader *ld, const yaml_node_pair_t *p, struct tree_expect *e)
{
	static const char *const keys = "file, line, warning, error, option, known-fp, case, where, configs";
	const char *k = yd_key(&ld->y, p);
	const yaml_node_t *v = yd_node(&ld->y, p->value);
	const char *s;

	if (!strcmp(k, "file") && !e->file) {
		e->file = path_scalar(ld, v, "file");
	} else if (!strcmp(k, "line")) {
		e->line = line_number(ld, v);
	} else if (!strcmp(k, "warning") || !strcmp(k, "error")) {
		expect_pattern(ld, v, e, !strcmp(k, "error") ? D_ERROR : D_WARNING);
	} else if (!strcmp(k, "option") && !e->option) {
		if ((s = yd_scalar(&ld->y, v, "option")) && strncmp(s, "-W", 2))
			yd_err(&ld->y, v, "option '%s' must be a warning option (-W...)", s);
		else if (s)
			e->option = option_normalise(s, strlen(s));   /* as diag.h gives it: -Wfoo= is -Wfoo */
	} else if (!strcmp(k, "known-fp") || !strcmp(k, "case")) {
		if (e->reduced_by) {
			yd_err(&ld->y, v, "an expectation names one case, by known-fp: or by case:");
			return;
		}
		e->reduced_by = path_scalar(ld, v, k);
		e->is_fp = !strcmp(k, "known-fp");
		at(v, &e->fp_line, &e->fp_col);
	} else if (!strcmp(k, "where")) {
		expect_where(ld, v, e);
	} else if (!strcmp(k, "configs")) {
		yd_strings(&ld->y, v, "configs", &e->configs);
		for (size_t i = 0; i < e->configs.n; i++) {
			size_t c = 0;
			while (c < ld->t->nconfigs && (!ld->t->configs[c].name || strcmp(ld->t->configs[c].name, e->configs.v[i])))
				c++;
			if (c == ld->t->nconfigs)
				yd_err(&ld->y, v, "configuration '%s' is not one of the tree's", e->configs.v[i]);
		}
	} else if (strcmp(k, "file") && strcmp(k, "option")) {
		yd_unknown_key(&ld->y, p, "an expectation", keys);
	}
}

static void
load_expects(struct tloader *ld, const yaml_node_t *n)
{
	struct tree *t = ld->t;

	if (n->type != YAML_SEQUENCE_NODE) {
		yd_err(&ld->y, n, "expect must be a sequence, not %s", yd_kind(n));
		return;
	}
	if (yd_too_many(&ld->y, n, "expectations"))
		return;
	t->expects = xcalloc(yd_count(n) + 1, sizeof(*t->expects));
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		const yaml_node_t *m = yd_node(&ld->y, *it);
		struct tree_expect *e = &t->expects[t->nexpects++];
		at(m, &e->src_line, &e->src_col);
		if (yd_mapping(&ld->y, m, "an expectation") < 0)
			continue;
		for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++)
			if (yd_key(&ld->y, p))
				expect_key(ld, p, e);
		if (!e->file || !e->pattern)
			yd_err(&ld->y, m, "an expectation needs file: and warning: (or error:)");
		if (e->is_fp && e->kind == D_WARNING)
			e->kind = D_KNOWN_FP;
		else if (e->is_fp)
			yd_err(&ld->y, m, "known-fp: is for warnings, not errors");
	}
}

/* The value of key in tree mapping v, or NULL after an error. */
static const yaml_node_t *
required(struct tloader *ld, const yaml_node_t *v, const char *key)
{
	const yaml_node_t *n = yd_get(&ld->y, v, key);

	if (!n)
		yd_err(&ld->y, v, "tree '%s' has no %s:", ld->t->name ? ld->t->name : "", key);
	return n;
}

static void
load_tree(struct tloader *ld, const yaml_node_t *k, const yaml_node_t *v)
{
	static const char *const keys[] = { "title", "source", "build", "arch", "compilers", "configs", "expect", "tests", "root", "search",
	                                    "naming" };
	static const char *const kbuild_only[] = { "arch", "configs", "expect" };
	static const char *const suite_only[] = { "tests", "root", "search", "naming" };
	struct tree *t = ld->t;
	const yaml_node_t *n;

	t->name = yd_name(&ld->y, k, "tree name");
	if (yd_mapping(&ld->y, v, "a tree") < 0)
		return;
	for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++)
		if (yd_key(&ld->y, p) && name_index(keys, LEN(keys), yd_key(&ld->y, p)) < 0)
			yd_unknown_key(&ld->y, p, "a tree", "title, source, build, arch, compilers, configs, expect, tests, root, search, naming");
	if ((n = yd_get(&ld->y, v, "title")) && yd_scalar(&ld->y, n, "title"))
		t->title = xstrdup(yd_scalar(&ld->y, n, "title"));
	if ((n = required(ld, v, "build")) && (t->build = yd_name(&ld->y, n, "build")) && !build_of(t))
		yd_err(&ld->y, n, "build '%s' is not one the harness drives (kbuild, dejagnu, verify)", t->build);
	if ((n = required(ld, v, "source")))
		load_source(ld, n);
	if (t->build && tree_is_suite(t)) {
		/* a compiler's own tests: files run as cases, nothing built */
		for (size_t i = 0; i < LEN(kbuild_only); i++)
			if ((n = yd_get(&ld->y, v, kbuild_only[i])))
				yd_err(&ld->y, n, "%s: is for kbuild trees, not a test suite", kbuild_only[i]);
		if ((n = yd_get(&ld->y, v, "compilers")))
			load_compilers(ld, n);
		if ((n = required(ld, v, "tests")))
			path_list(ld, n, "tests", &t->tests, NULL);
		if ((n = yd_get(&ld->y, v, "root")))
			t->suite_root = path_scalar(ld, n, "root");
		if ((n = yd_get(&ld->y, v, "search")))
			path_list(ld, n, "search", &t->search, NULL);
		if ((n = yd_get(&ld->y, v, "naming")))
			yd_strings(&ld->y, n, "naming", &t->naming);
		if (!t->search.n != !t->naming.n)
			yd_err(&ld->y, v, "search: and naming: go together");
		for (size_t i = 0; i < t->naming.n; i++)
			if (!*t->naming.v[i] || strchr(t->naming.v[i], '\n'))
				yd_err(&ld->y, n, "naming: '%s' must be one line of text", t->naming.v[i]);
		if (!t->title && t->name)
			t->title = xstrdup(t->name);
		return;
	}
	for (size_t i = 0; i < LEN(suite_only); i++)
		if ((n = yd_get(&ld->y, v, suite_only[i])))
			yd_err(&ld->y, n, "%s: is for test suites (build: dejagnu or verify)", suite_only[i]);
	if ((n = required(ld, v, "arch")))
		load_arches(ld, n);
	if ((n = required(ld, v, "compilers")))
		load_compilers(ld, n);
	/* configurations first: expectations name them */
	if ((n = required(ld, v, "configs")))
		load_configs(ld, n);
	if ((n = yd_get(&ld->y, v, "expect")))
		load_expects(ld, n);
	if (!t->title && t->name)
		t->title = xstrdup(t->name);
}

static void
load_top(struct tloader *ld, struct treefile *tf, const yaml_node_t *root)
{
	const yaml_node_t *n;

	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++)
		if (yd_key(&ld->y, p) && strcmp(yd_key(&ld->y, p), "trees"))
			yd_unknown_key(&ld->y, p, "a tree file", "trees");
	if (!(n = yd_get(&ld->y, root, "trees"))) {
		yd_err(&ld->y, root, "no trees: section");
		return;
	}
	if (yd_too_many(&ld->y, n, "trees") || yd_mapping(&ld->y, n, "trees") < 0)
		return;
	tf->trees = xcalloc(yd_count(n) + 1, sizeof(*tf->trees));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		if (!yd_key(&ld->y, p))
			continue;
		ld->t = &tf->trees[tf->ntrees++];
		load_tree(ld, yd_node(&ld->y, p->key), yd_node(&ld->y, p->value));
	}
}

static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path) + (slash == path)) : xstrdup("");
}

int
tree_parse(struct treefile *tf, const char *name, const char *buf, size_t len, const struct config *cfg,
           struct errlist *errs)
{
	char *dir = dir_of(name);
	struct tloader ld = { .cfg = cfg, .dir = dir };
	const yaml_node_t *root;

	memset(tf, 0, sizeof(*tf));
	tf->path = xstrdup(name);
	root = yd_load(&ld.y, name, buf, len, errs);
	if (!root && !ld.y.nerr)
		yd_err(&ld.y, NULL, "empty tree file (expected trees:)");
	else if (root && yd_mapping(&ld.y, root, "a tree file") == 0)
		load_top(&ld, tf, root);
	yd_release(&ld.y);
	free(dir);
	if (ld.y.nerr) {
		tree_release(tf);
		return -1;
	}
	return 0;
}

/* What only the file system can say: the patches are readable files, the
 * cases named by known-fp exist (cases/ beside the tree file's
 * directory). */
static void
check_files(const struct treefile *tf, struct errlist *errs)
{
	char *dir = dir_of(tf->path), *top = dir_of(dir);
	struct stat st;

	for (size_t i = 0; i < tf->ntrees; i++) {
		const struct tree *t = &tf->trees[i];
		for (size_t c = 0; c < t->nconfigs; c++)
			for (size_t k = 0; k < t->configs[c].patches.n; k++)
				if (stat(t->configs[c].patches.v[k], &st) < 0 || !S_ISREG(st.st_mode))
					errlist_add(errs, tf->path, t->configs[c].patch_at[2 * k], t->configs[c].patch_at[2 * k + 1],
					            "patch '%s' is not a file", t->configs[c].patches.v[k]);
		for (size_t e = 0; e < t->nexpects; e++) {
			char *p;
			if (!t->expects[e].reduced_by)
				continue;
			p = xasprintf("%s%scases/%s", top, *top ? "/" : "", t->expects[e].reduced_by);
			if (stat(p, &st) < 0 || !S_ISREG(st.st_mode))
				errlist_add(errs, tf->path, t->expects[e].fp_line, t->expects[e].fp_col,
				            "%s: no case %s", t->expects[e].is_fp ? "known-fp" : "case", p);
			free(p);
		}
	}
	free(top);
	free(dir);
}

int
tree_load(struct treefile *tf, const char *path, const struct config *cfg, struct errlist *errs)
{
	struct strbuf sb = {0};
	char *why;
	size_t before = errs->n;
	int r;

	if (read_file(path, MAX_CONFIG_BYTES, &sb, &why) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", why);
		free(why);
		sb_release(&sb);
		memset(tf, 0, sizeof(*tf));
		return -1;
	}
	r = tree_parse(tf, path, sb.buf, sb.len, cfg, errs);
	sb_release(&sb);
	if (r == 0)
		check_files(tf, errs);
	if (errs->n > before) {
		tree_release(tf);
		return -1;
	}
	return 0;
}

static void
expect_release(struct tree_expect *e)
{
	free(e->file);
	free(e->pattern);
	rx_free(e->re);
	free(e->option);
	free(e->reduced_by);
	free(e->where_text);
	selector_free(e->where);
	strvec_release(&e->configs);
}

static void
one_release(struct tree *t)
{
	free(t->name);
	free(t->title);
	free(t->suite);
	free(t->package);
	free(t->mirror);
	free(t->build);
	free(t->tarball);
	strvec_release(&t->extract);
	strvec_release(&t->tests);
	free(t->suite_root);
	strvec_release(&t->search);
	strvec_release(&t->naming);
	for (size_t i = 0; i < t->narches; i++) {
		free(t->arches[i].target);
		free(t->arches[i].name);
	}
	free(t->arches);
	strvec_release(&t->compilers);
	for (size_t i = 0; i < t->nconfigs; i++) {
		free(t->configs[i].name);
		free(t->configs[i].base);
		strvec_release(&t->configs[i].options);
		strvec_release(&t->configs[i].patches);
		free(t->configs[i].patch_at);
		strvec_release(&t->configs[i].units);
		strvec_release(&t->configs[i].compilers);
		strvec_release(&t->configs[i].targets);
	}
	free(t->configs);
	for (size_t i = 0; i < t->nexpects; i++)
		expect_release(&t->expects[i]);
	free(t->expects);
}

void
tree_release(struct treefile *tf)
{
	for (size_t i = 0; i < tf->ntrees; i++)
		one_release(&tf->trees[i]);
	free(tf->trees);
	free(tf->path);
	memset(tf, 0, sizeof(*tf));
}

int
tree_is_suite(const struct tree *t)
{
	return build_of(t) && build_of(t)->suite;
}

enum family
tree_family(const struct tree *t)
{
	return build_of(t) ? build_of(t)->family : FAMILY_GCC;
}

const struct tree *
tree_find(const struct treefile *tf, const char *name)
{
	for (size_t i = 0; i < tf->ntrees; i++)
		if (tf->trees[i].name && !strcmp(tf->trees[i].name, name))
			return &tf->trees[i];
	return NULL;
}

const char *
tree_arch(const struct tree *t, const char *target)
{
	for (size_t i = 0; i < t->narches; i++)
		if (!strcmp(t->arches[i].target, target))
			return t->arches[i].name;
	return NULL;
}

int
tree_config_builds(const struct tree_config *c, const char *compiler, const char *target)
{
	return (!c->compilers.n || name_index((const char *const *)c->compilers.v, c->compilers.n, compiler) >= 0) &&
	       (!c->targets.n || name_index((const char *const *)c->targets.v, c->targets.n, target) >= 0);
}

int
tree_expect_in(const struct tree_expect *e, const char *cfgname)
{
	return !e->configs.n || name_index((const char *const *)e->configs.v, e->configs.n, cfgname) >= 0;
}
