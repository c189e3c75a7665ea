/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dgselector.h"
#include "dialect/tcl.h"
#include "lib/util.h"

enum dg_op { DG_GLOB, DG_KEYWORD, DG_NOT, DG_AND, DG_OR };

struct dgnode {
	enum dg_op op;
	char *glob;              /* DG_GLOB: cpu-vendor-os with * and ? */
	int keyword;             /* DG_KEYWORD: index into sel_env.etargets */
	struct dgnode *a, *b;
};

static void
dgnode_free(struct dgnode *n)
{
	if (!n)
		return;
	dgnode_free(n->a);
	dgnode_free(n->b);
	free(n->glob);
	free(n);
}

static struct dgnode *
dgnode_new(enum dg_op op, struct dgnode *a, struct dgnode *b)
{
	struct dgnode *n = xcalloc(1, sizeof(*n));
	n->op = op;
	n->a = a;
	n->b = b;
	return n;
}

static struct dgnode *dg_expr(const char *exp, int (*keyword)(void *, const char *), void *kctx, char **err);

static int
is_triplet(const char *w)
{
	const char *d1 = strchr(w, '-'), *d2 = d1 ? strchr(d1 + 1, '-') : NULL;
	return d1 && d1 > w && d2 && d2 > d1 + 1 && d2[1] && !strpbrk(w, " \t\n");
}

/* What follows "target " or "xfail ": one effective-target keyword, a
 * {braced expression}, or a list of triplets (dg-process-target-1). */
static struct dgnode *
dg_target(const char *rest, int (*keyword)(void *, const char *), void *kctx, char **err)
{
	struct strvec w = {0};
	struct dgnode *n = NULL;
	size_t len;
	int k;

	while (isspace((unsigned char)*rest))
		rest++;
	len = strlen(rest);
	while (len && isspace((unsigned char)rest[len - 1]))
		len--;
	if (tcl_split(rest, len, 0, NULL, &w, err) < 0)
		return NULL;
	if (w.n == 1 && keyword && (k = keyword(kctx, w.v[0])) >= 0) {
		n = dgnode_new(DG_KEYWORD, NULL, NULL);
		n->keyword = k;
	} else if (len && rest[0] == '{' && rest[len - 1] == '}' && w.n == 1) {
		n = dg_expr(w.v[0], keyword, kctx, err);
	} else {
		for (size_t i = 0; i < w.n; i++) {
			struct dgnode *g;
			if (!is_triplet(w.v[i])) {
				*err = w.n == 1 && !strpbrk(w.v[i], "-*?{} ")
				       ? xasprintf("effective target '%s'", w.v[i])
				       : xasprintf("target selector '%.*s'", (int)len, rest);
				dgnode_free(n);
				n = NULL;
				break;
			}
			g = dgnode_new(DG_GLOB, NULL, NULL);
			g->glob = xstrdup(w.v[i]);
			n = n ? dgnode_new(DG_OR, n, g) : g;
		}
		if (!w.n)
			*err = xasprintf("empty target selector");
	}
	strvec_release(&w);
	return n;
}

/* One operand: a word, or a group when it holds several (Tcl gives the
 * group back its braces when it is put in a list again). */
static struct dgnode *
dg_operand(const char *w, int (*keyword)(void *, const char *), void *kctx, char **err)
{
	if (!*w || strpbrk(w, " \t\n"))
		return dg_expr(w, keyword, kctx, err);
	return dg_target(w, keyword, kctx, err);
}

/* selector_expression: "! A", "A && B", "A || B", else a list of operands
 * any of which must hold. */
static struct dgnode *
dg_expr(const char *exp, int (*keyword)(void *, const char *), void *kctx, char **err)
{
	struct strvec w = {0};
	struct dgnode *n = NULL;

	static int depth;       /* of braces: real selectors nest two or three deep */

	if (depth >= 32) {
		*err = xasprintf("target selector nested too deeply");
		return NULL;
	}
	if (tcl_split(exp, strlen(exp), 0, NULL, &w, err) < 0)
		return NULL;
	depth++;
	if (w.n == 2 && !strcmp(w.v[0], "!")) {
		struct dgnode *a = dg_operand(w.v[1], keyword, kctx, err);
		n = a ? dgnode_new(DG_NOT, a, NULL) : NULL;
	} else if (w.n == 3 && (!strcmp(w.v[1], "&&") || !strcmp(w.v[1], "||"))) {
		struct dgnode *a = dg_operand(w.v[0], keyword, kctx, err);
		struct dgnode *b = a ? dg_operand(w.v[2], keyword, kctx, err) : NULL;
		if (b)
			n = dgnode_new(w.v[1][0] == '&' ? DG_AND : DG_OR, a, b);
		else
			dgnode_free(a);
	} else {
		for (size_t i = 0; i < w.n; i++) {
			struct dgnode *a = dg_operand(w.v[i], keyword, kctx, err);
			if (!a) {
				dgnode_free(n);
				n = NULL;
				break;
			}
			n = n ? dgnode_new(DG_OR, n, a) : a;
		}
		if (!w.n)
			*err = xasprintf("empty target selector");
	}
	strvec_release(&w);
	depth--;
	return n;
}

/* DejaGnu matches cpu-vendor-os: a vendorless triple gets "unknown". */
static int
triple_matches(const char *glob, const char *triple)
{
	char canon[256];
	const char *dash = strchr(triple, '-');

	if (dash && strchr(dash + 1, '-') && !strchr(strchr(dash + 1, '-') + 1, '-'))
		snprintf(canon, sizeof(canon), "%.*s-unknown%s", (int)(dash - triple), triple, dash);
	else
		snprintf(canon, sizeof(canon), "%s", triple);
	return fnmatch(glob, canon, 0) == 0;
}

static int
dg_eval(const struct dgnode *n, const struct sel_env *env)
{
	switch (n->op) {
	case DG_GLOB: return env->triple && triple_matches(n->glob, env->triple);
	case DG_KEYWORD: return env->etargets && env->etargets[n->keyword];
	case DG_NOT: return !dg_eval(n->a, env);
	case DG_AND: return dg_eval(n->a, env) && dg_eval(n->b, env);
	case DG_OR: return dg_eval(n->a, env) || dg_eval(n->b, env);
	}
	return 0;
}

static int
dg_holds(const void *ctx, const struct sel_env *env)
{
	return dg_eval(ctx, env);
}

static void
dg_release(void *ctx)
{
	dgnode_free(ctx);
}

struct selector *
dg_selector(const char *rest, int (*keyword)(void *, const char *), void *kctx, char **why)
{
	struct dgnode *n;

	*why = NULL;
	if (!(n = dg_target(rest, keyword, kctx, why))) {
		if (!*why)
			*why = xasprintf("target selector '%s'", rest);
		return NULL;
	}
	return selector_fn(dg_holds, dg_release, n);
}
