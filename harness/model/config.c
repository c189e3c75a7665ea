/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "lib/yamldoc.h"
#include "model/config.h"

struct loader {
	struct ydoc y;
	struct config *cfg;
};

static int
number(struct loader *ld, const yaml_node_t *n, const char *what, double *out)
{
	const char *s;
	char *end;
	double d;

	if (n->type != YAML_SCALAR_NODE || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) {
		yd_err(&ld->y, n, "%s must be a number", what);
		return -1;
	}
	s = (const char *)n->data.scalar.value;
	errno = 0;
	d = strtod(s, &end);
	if (!*s || *end || errno || !isfinite(d) || d <= 0 || d > 86400) {
		yd_err(&ld->y, n, "%s must be a number of seconds between 0 and 86400, not '%s'", what, s);
		return -1;
	}
	*out = d;
	return 0;
}

static void
load_targets(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;

	if (yd_too_many(&ld->y, n, "targets") || yd_mapping(&ld->y, n, "targets") < 0)
		return;
	cfg->targets = xcalloc(yd_count(n) + 1,
	                       sizeof(*cfg->targets));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *v = yd_node(&ld->y, p->value);
		struct target t = {0};

		if (!yd_key(&ld->y, p))
			continue;
		t.arch = yd_name(&ld->y, yd_node(&ld->y, p->key), "architecture name");
		if (!t.arch)
			continue;
		if (config_find_target(cfg, t.arch) >= 0) {
			free(t.arch);
			continue;       /* reported as a duplicate key */
		}
		if (yd_mapping(&ld->y, v, "a target") == 0) {
			for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
				const char *k = yd_key(&ld->y, q);
				const char *s;
				if (!k)
					continue;
				if (!strcmp(k, "triple")) {
					if ((s = yd_scalar(&ld->y, yd_node(&ld->y, q->value), "triple")) && !t.triple)
						t.triple = xstrdup(s);
				} else if (!strcmp(k, "package")) {
					if ((s = yd_scalar(&ld->y, yd_node(&ld->y, q->value), "package")) && !t.package)
						t.package = xstrdup(s);
				} else {
					yd_unknown_key(&ld->y, q, "a target", "triple, package");
				}
			}
			if (!t.triple)
				yd_err(&ld->y, v, "target '%s' has no triple", t.arch);
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

	if (!(s = yd_scalar(&ld->y, n, "a selector")))
		return NULL;
	if (!(sel = selector_parse(s, strlen(s), &vocab, &err, &pos))) {
		int quoted = n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		errlist_add(ld->y.errs, ld->y.name, (int)n->start_mark.line + 1,
		            (int)(n->start_mark.column + 1 + (size_t)quoted + pos), "%s", err);
		ld->y.nerr++;
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
	const char *s = yd_scalar(&ld->y, n, "base");

	if (s && (pr->base = config_find_profile(ld->cfg, s)) < 0)
		yd_err(&ld->y, n, "base '%s' is not a profile defined above '%s'", s, pr->name);
}

/* when: { SELECTOR: [flags], ... }: flags that apply where the selector
 * holds, read with the case selectors' grammar. */
static void
load_when(struct loader *ld, const yaml_node_t *n, struct profile *pr)
{
	if (yd_mapping(&ld->y, n, "when") < 0)
		return;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		struct cond_flags cf = {0};

		if (!(cf.when = one_selector(ld, yd_node(&ld->y, p->key), &cf.when_text)))
			continue;
		yd_strings(&ld->y, yd_node(&ld->y, p->value), "flags", &cf.flags);
		pr->cond = xrealloc(pr->cond, (pr->ncond + 1) * sizeof(*pr->cond));
		pr->cond[pr->ncond++] = cf;
	}
}

/* except: [SELECTOR, ...]: where the profile does not apply. */
static void
load_except(struct loader *ld, const yaml_node_t *n, struct profile *pr)
{
	if (n->type != YAML_SEQUENCE_NODE) {
		yd_err(&ld->y, n, "except must be a sequence of selectors, not %s", yd_kind(n));
		return;
	}
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		struct cond_flags c = {0};
		if (!(c.when = one_selector(ld, yd_node(&ld->y, *it), &c.when_text)))
			continue;
		pr->except = xrealloc(pr->except, (pr->nexcept + 1) * sizeof(*pr->except));
		pr->except[pr->nexcept++] = c;
	}
}

static void
load_profiles(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;

	if (yd_too_many(&ld->y, n, "profiles") || yd_mapping(&ld->y, n, "profiles") < 0)
		return;
	cfg->profiles = xcalloc(yd_count(n) + 1,
	                        sizeof(*cfg->profiles));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *v = yd_node(&ld->y, p->value);
		struct profile pr = {0};
		pr.base = -1;
		if (!yd_key(&ld->y, p))
			continue;
		pr.name = yd_name(&ld->y, yd_node(&ld->y, p->key), "profile name");
		if (!pr.name)
			continue;
		if (config_find_profile(cfg, pr.name) >= 0) {
			free(pr.name);
			continue;
		}
		if (!strcmp(pr.name, AS_WRITTEN))
			yd_err(&ld->y, yd_node(&ld->y, p->key), "'%s' is the harness's own profile (other compilers' test files, "
			       "compiled with the flags they ask for)", AS_WRITTEN);
		if (yd_mapping(&ld->y, v, "a profile") == 0) {
			for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
				const char *k = yd_key(&ld->y, q);
				if (!k)
					continue;
				if (!strcmp(k, "flags"))
					yd_strings(&ld->y, yd_node(&ld->y, q->value), "flags", &pr.flags);
				else if (!strcmp(k, "gcc"))
					yd_strings(&ld->y, yd_node(&ld->y, q->value), "gcc", &pr.gcc_flags);
				else if (!strcmp(k, "clang"))
					yd_strings(&ld->y, yd_node(&ld->y, q->value), "clang", &pr.clang_flags);
				else if (!strcmp(k, "when"))
					load_when(ld, yd_node(&ld->y, q->value), &pr);
				else if (!strcmp(k, "base"))
					profile_base(ld, yd_node(&ld->y, q->value), &pr);
				else if (!strcmp(k, "except"))
					load_except(ld, yd_node(&ld->y, q->value), &pr);
				else
					yd_unknown_key(&ld->y, q, "a profile", "flags, gcc, clang, when, base, except");
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

	yd_strings(&ld->y, n, "packages", &r->packages);
	for (size_t i = first; i < r->packages.n; i++) {
		const yaml_node_t *item = yd_node(&ld->y, n->data.sequence.items.start[i - first]);
		if (!yd_valid_name(r->packages.v[i]) || r->packages.v[i][0] == '-')
			yd_err(&ld->y, item, "'%s' is not a Debian package name", r->packages.v[i]);
	}
}

static void
load_root(struct loader *ld, const yaml_node_t *v, struct root *r)
{
	int has_suite = 0;

	if (yd_mapping(&ld->y, v, "a root") == 0) {
		for (yaml_node_pair_t *q = v->data.mapping.pairs.start; q < v->data.mapping.pairs.top; q++) {
			const char *k = yd_key(&ld->y, q);
			const char *s;
			if (!k)
				continue;
			if (!strcmp(k, "suite")) {
				has_suite = 1;
				if ((s = yd_scalar(&ld->y, yd_node(&ld->y, q->value), "suite")) && !r->suite) {
					if (yd_valid_name(s))
						r->suite = xstrdup(s);
					else
						yd_err(&ld->y, yd_node(&ld->y, q->value), "suite '%s' is not a Debian suite name", s);
				}
			} else if (!strcmp(k, "mirror")) {
				if ((s = yd_scalar(&ld->y, yd_node(&ld->y, q->value), "mirror")) && !r->mirror)
					r->mirror = xstrdup(s);
			} else if (!strcmp(k, "packages")) {
				root_package_list(ld, yd_node(&ld->y, q->value), r);
			} else {
				yd_unknown_key(&ld->y, q, "a root", "suite, mirror, packages");
			}
		}
		if (!has_suite)
			yd_err(&ld->y, v, "root '%s' has no suite", r->name);
	}
	if (!r->mirror)
		r->mirror = xstrdup("http://deb.debian.org/debian");
}

static void
load_roots(struct loader *ld, const yaml_node_t *n)
{
	struct config *cfg = ld->cfg;

	if (yd_too_many(&ld->y, n, "roots") || yd_mapping(&ld->y, n, "roots") < 0)
		return;
	cfg->roots = xcalloc(yd_count(n) + 1,
	                     sizeof(*cfg->roots));
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		struct root r = {0};

		if (!yd_key(&ld->y, p) || !(r.name = yd_name(&ld->y, yd_node(&ld->y, p->key), "root name")))
			continue;
		if (config_find_root(cfg, r.name) >= 0) {
			free(r.name);
			continue;       /* reported as a duplicate key */
		}
		load_root(ld, yd_node(&ld->y, p->value), &r);
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
	const char *arch = yd_scalar(&ld->y, archnode, "target name");
	long ti;

	if (!arch)
		return;
	ti = config_find_target(ld->cfg, arch);
	if (ti < 0) {
		yd_err(&ld->y, archnode, "unknown target '%s' (not under targets:)", arch);
		return;
	}
	for (size_t i = 0; i < c->ntcs; i++) {
		if (c->tcs[i].target == (size_t)ti) {
			yd_err(&ld->y, archnode, "target '%s' listed twice for compiler '%s'", arch, c->name);
			return;
		}
	}
	tc.target = (size_t)ti;
	if (spec && yd_mapping(&ld->y, spec, "a compiler target") == 0) {
		for (yaml_node_pair_t *q = spec->data.mapping.pairs.start; q < spec->data.mapping.pairs.top; q++) {
			const char *k = yd_key(&ld->y, q);
			const char *s;
			if (!k)
				continue;
			if (!strcmp(k, "command")) {
				if ((s = yd_scalar(&ld->y, yd_node(&ld->y, q->value), "command")) && !tc.command)
					tc.command = xstrdup(s);
			} else if (!strcmp(k, "package")) {
				if ((s = yd_scalar(&ld->y, yd_node(&ld->y, q->value), "package")) && !tc.package)
					tc.package = xstrdup(s);
			} else if (!strcmp(k, "flags")) {
				yd_strings(&ld->y, yd_node(&ld->y, q->value), "flags", &tc.flags);
			} else {
				yd_unknown_key(&ld->y, q, "a compiler target", "command, package, flags");
			}
		}
	}
	if (!tc.command && dcommand)
		tc.command = xstrdup(dcommand);
	if (!tc.package && dpackage)
		tc.package = xstrdup(dpackage);
	if (!tc.command) {
		yd_err(&ld->y, archnode, "compiler '%s' has no command for target '%s'", c->name, arch);
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
	const char *f = yd_scalar(&ld->y, node, "family");

	if (f && !strcmp(f, "gcc"))
		*family = FAMILY_GCC;
	else if (f && !strcmp(f, "clang"))
		*family = FAMILY_CLANG;
	else if (f)
		yd_err(&ld->y, node, "unknown family '%s' (gcc or clang)", f);
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
			add_toolchain(ld, c, yd_node(&ld->y, *it), NULL, command, package);
	} else if (targets->type == YAML_MAPPING_NODE) {
		yd_mapping(&ld->y, targets, "targets");
		for (yaml_node_pair_t *p = targets->data.mapping.pairs.start; p < targets->data.mapping.pairs.top; p++) {
			const yaml_node_t *v = yd_node(&ld->y, p->value);
			add_toolchain(ld, c, yd_node(&ld->y, p->key), yd_is_null(v) ? NULL : v, command, package);
		}
	} else {
		yd_err(&ld->y, targets, "targets must be a sequence of names or a mapping, not %s", yd_kind(targets));
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
	if (yd_mapping(&ld->y, n, "a compiler") < 0)
		return;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const char *k = yd_key(&ld->y, p);
		const yaml_node_t *v = yd_node(&ld->y, p->value);
		if (!k)
			continue;
		if (!strcmp(k, "name")) {
			if (!c.name)
				c.name = yd_name(&ld->y, v, "compiler name");
		} else if (!strcmp(k, "family")) {
			family = v;
		} else if (!strcmp(k, "command")) {
			command = yd_scalar(&ld->y, v, "command");
		} else if (!strcmp(k, "package")) {
			package = yd_scalar(&ld->y, v, "package");
		} else if (!strcmp(k, "targets")) {
			targets = v;
		} else if (!strcmp(k, "flags")) {
			yd_strings(&ld->y, v, "flags", &c.flags);
		} else if (!strcmp(k, "prefix")) {
			yd_strings(&ld->y, v, "prefix", &c.prefix);
		} else if (!strcmp(k, "timeout")) {
			number(ld, v, "timeout", &c.timeout);
		} else if (!strcmp(k, "root")) {
			const char *s = yd_scalar(&ld->y, v, "root");
			if (s && (c.root = config_find_root(cfg, s)) < 0)
				yd_err(&ld->y, v, "unknown root '%s' (not under roots:)", s);
		} else {
			yd_unknown_key(&ld->y, p, "a compiler", "name, family, command, package, targets, flags, prefix, root, timeout");
		}
	}
	if (!c.name) {
		yd_err(&ld->y, n, "compiler has no name");
		goto out;
	}
	if (config_find_compiler(cfg, c.name) >= 0) {
		yd_err(&ld->y, n, "compiler '%s' defined twice", c.name);
		goto out;
	}
	if (!family)
		yd_err(&ld->y, n, "compiler '%s' has no family (gcc or clang)", c.name);
	else
		has_family = compiler_family(ld, family, &c.family);
	if (!targets)
		yd_err(&ld->y, n, "compiler '%s' has no targets", c.name);
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

/* The compilers: section. */
static void
load_compilers(struct loader *ld, const yaml_node_t *v)
{
	if (v->type != YAML_SEQUENCE_NODE) {
		yd_err(&ld->y, v, "compilers must be a sequence, not %s", yd_kind(v));
	} else if (!yd_too_many(&ld->y, v, "compilers")) {
		ld->cfg->compilers = xcalloc(yd_count(v) + 1,
		                             sizeof(*ld->cfg->compilers));
		for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++)
			load_compiler(ld, yd_node(&ld->y, *it));
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

	yd_strings(&ld->y, n, "sandbox-env", &names);
	for (size_t i = 0; i < names.n; i++) {
		const char *s = names.v[i];
		if (!(isalpha((unsigned char)*s) || *s == '_') || s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")])
			yd_err(&ld->y, n, "sandbox-env: '%s' is no variable name", s);
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
		const char *k = yd_key(&ld->y, p);
		if (k && strcmp(k, "timeout") && strcmp(k, "targets") && strcmp(k, "profiles") && strcmp(k, "compilers") &&
		    strcmp(k, "roots") && strcmp(k, "trusted-cases") && strcmp(k, "sandbox") && strcmp(k, "sandbox-env"))
			yd_unknown_key(&ld->y, p, "the configuration",
			            "timeout, trusted-cases, sandbox, sandbox-env, targets, roots, profiles, compilers");
	}
	if ((v = yd_get(&ld->y, root, "timeout")))
		number(ld, v, "timeout", &cfg->timeout);
	if ((v = yd_get(&ld->y, root, "trusted-cases")))
		yd_boolean(&ld->y, v, "trusted-cases", &cfg->trusted_cases);
	if ((v = yd_get(&ld->y, root, "sandbox")))
		yd_boolean(&ld->y, v, "sandbox", &cfg->sandbox);
	if ((v = yd_get(&ld->y, root, "sandbox-env")))
		sandbox_env(ld, v);
	if ((v = yd_get(&ld->y, root, "targets")))
		load_targets(ld, v);
	else
		yd_err(&ld->y, root, "no targets: section");
	/* profiles' selectors name architectures */
	cfg->arch_names = xcalloc(cfg->ntargets + 1, sizeof(char *));
	for (size_t i = 0; i < cfg->ntargets; i++)
		cfg->arch_names[i] = cfg->targets[i].arch;
	if ((v = yd_get(&ld->y, root, "roots")))
		load_roots(ld, v);
	if ((v = yd_get(&ld->y, root, "profiles")))
		load_profiles(ld, v);
	else
		yd_err(&ld->y, root, "no profiles: section");
	if ((v = yd_get(&ld->y, root, "compilers")))
		load_compilers(ld, v);
	else
		yd_err(&ld->y, root, "no compilers: section");
	if (!ld->y.nerr && !cfg->nprofiles)
		yd_err(&ld->y, yd_get(&ld->y, root, "profiles"), "no profiles defined");
	if (!ld->y.nerr)
		cfg->profiles[cfg->nprofiles++] = (struct profile){ .name = xstrdup(AS_WRITTEN), .base = -1, .as_written = 1 };
	if (!ld->y.nerr && !cfg->ncompilers)
		yd_err(&ld->y, yd_get(&ld->y, root, "compilers"), "no compilers defined");
}

int
config_parse(struct config *cfg, const char *name, const char *buf, size_t len, struct errlist *errs)
{
	struct loader ld = { .cfg = cfg };
	const yaml_node_t *root;

	memset(cfg, 0, sizeof(*cfg));
	cfg->path = xstrdup(name);
	cfg->timeout = 60;
	cfg->sandbox = 1;
	root = yd_load(&ld.y, name, buf, len, errs);
	if (!root && !ld.y.nerr)
		yd_err(&ld.y, NULL, "empty configuration (expected targets:, profiles:, compilers:)");
	else if (root && yd_mapping(&ld.y, root, "the configuration") == 0)
		load_top(&ld, root);
	yd_release(&ld.y);
	if (ld.y.nerr) {
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
