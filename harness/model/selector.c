/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "model/selector.h"

const char *const builtin_arches[] = { "x86-64", "i686", "arm64", "s390x", "ppc64le", "riscv64" };
const size_t nbuiltin_arches = LEN(builtin_arches);

enum term_kind { T_FAMILY, T_ARCH, T_PROFILE, T_FN };
enum cmp { C_NONE, C_EQ, C_NE, C_LT, C_LE, C_GT, C_GE };

struct term {
	int negate;
	enum term_kind kind;
	enum family family;
	enum cmp cmp;            /* T_FAMILY: version comparison, C_NONE for none */
	int version[3];
	int nversion;            /* parts given in the selector: compare that many */
	int not_in;              /* T_ARCH/T_PROFILE: '!=' */
	struct strvec names;     /* T_ARCH/T_PROFILE alternatives */
	int (*holds)(const void *, const struct sel_env *);     /* T_FN: the condition, */
	void (*release)(void *);                                /* how ctx is freed, */
	void *ctx;                                              /* and its data */
};

struct selector {
	struct term *v;
	size_t n, cap;
};

const char *
family_name(enum family f)
{
	return f == FAMILY_GCC ? "gcc" : "clang";
}

int
version_parse(const char *s, int v[3])
{
	int n = 0;

	v[0] = v[1] = v[2] = 0;
	while (n < 3) {
		long x = 0;
		if (!isdigit((unsigned char)*s))
			return 0;
		while (isdigit((unsigned char)*s)) {
			x = x * 10 + (*s++ - '0');
			if (x > 1000000)
				return 0;
		}
		v[n++] = (int)x;
		if (*s != '.')
			break;
		s++;
	}
	return *s ? 0 : n;
}

static int
is_name_char(int c)
{
	return isalnum(c) || c == '-' || c == '_' || c == '.';
}

static int
in_list(const char *const *list, size_t n, const char *s)
{
	return name_index(list, n, s) >= 0;
}

struct parser {
	const char *s;
	size_t len, pos;
	char *err;
	size_t errpos;
};

static void
skip_space(struct parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t'))
		p->pos++;
}

static int
fail(struct parser *p, size_t pos, char *msg)
{
	if (!p->err) {
		p->err = msg;
		p->errpos = pos;
	} else {
		free(msg);
	}
	return -1;
}

static int
parse_names(struct parser *p, struct term *t, const char *what, const struct sel_vocab *vocab)
{
	for (;;) {
		size_t start;
		char *name;

		skip_space(p);
		start = p->pos;
		while (p->pos < p->len && is_name_char((unsigned char)p->s[p->pos]))
			p->pos++;
		if (p->pos == start)
			return fail(p, start, xasprintf("expected %s name", what));
		name = xstrndup(p->s + start, p->pos - start);
		strvec_push_nocopy(&t->names, name);
		if (t->kind == T_ARCH && !in_list(builtin_arches, nbuiltin_arches, name) &&
		    !(vocab && vocab->arches && in_list(vocab->arches, vocab->narches, name)))
			return fail(p, start, xasprintf("unknown architecture '%s'", name));
		if (t->kind == T_PROFILE && vocab && vocab->profiles &&
		    !in_list(vocab->profiles, vocab->nprofiles, name))
			return fail(p, start, xasprintf("unknown profile '%s'", name));
		skip_space(p);
		if (p->pos < p->len && p->s[p->pos] == '|') {
			p->pos++;
			continue;
		}
		return 0;
	}
}

static int
parse_cmp(struct parser *p, enum cmp *c)
{
	static const struct { const char *op; enum cmp c; } ops[] = {
		{ ">=", C_GE }, { "<=", C_LE }, { "==", C_EQ }, { "!=", C_NE },
		{ ">", C_GT }, { "<", C_LT }, { "=", C_EQ },
	};
	for (size_t i = 0; i < LEN(ops); i++) {
		size_t n = strlen(ops[i].op);
		if (p->len - p->pos >= n && !memcmp(p->s + p->pos, ops[i].op, n)) {
			p->pos += n;
			*c = ops[i].c;
			return 1;
		}
	}
	return 0;
}

static int
parse_term(struct parser *p, struct term *t, const struct sel_vocab *vocab)
{
	size_t start;
	char word[16];
	size_t wlen;

	memset(t, 0, sizeof(*t));
	skip_space(p);
	while (p->pos < p->len && p->s[p->pos] == '!') {
		t->negate = !t->negate;
		p->pos++;
		skip_space(p);
	}
	start = p->pos;
	while (p->pos < p->len && isalpha((unsigned char)p->s[p->pos]))
		p->pos++;
	wlen = p->pos - start;
	if (wlen == 0)
		return fail(p, start, xstrdup("expected a selector term (gcc, clang, arch=, profile=)"));
	if (wlen >= sizeof(word))
		wlen = sizeof(word) - 1;
	memcpy(word, p->s + start, wlen);
	word[wlen] = 0;
	skip_space(p);

	if (!strcmp(word, "gcc") || !strcmp(word, "clang")) {
		t->kind = T_FAMILY;
		t->family = word[0] == 'g' ? FAMILY_GCC : FAMILY_CLANG;
		if (p->pos < p->len && p->s[p->pos] != ',') {
			size_t vstart;
			char *v;
			size_t opos = p->pos;
			if (!parse_cmp(p, &t->cmp))
				return fail(p, opos, xasprintf("expected a comparison (>=, <=, ==, !=, <, >) after '%s'", word));
			skip_space(p);
			vstart = p->pos;
			while (p->pos < p->len && (isdigit((unsigned char)p->s[p->pos]) || p->s[p->pos] == '.'))
				p->pos++;
			v = xstrndup(p->s + vstart, p->pos - vstart);
			t->nversion = version_parse(v, t->version);
			free(v);
			if (!t->nversion)
				return fail(p, vstart, xstrdup("expected a version (major, major.minor or major.minor.patch)"));
		}
		return 0;
	}
	if (!strcmp(word, "arch") || !strcmp(word, "profile")) {
		t->kind = word[0] == 'a' ? T_ARCH : T_PROFILE;
		if (p->len - p->pos >= 2 && !memcmp(p->s + p->pos, "!=", 2)) {
			t->not_in = 1;
			p->pos += 2;
		} else if (p->pos < p->len && p->s[p->pos] == '=') {
			p->pos++;
			if (p->pos < p->len && p->s[p->pos] == '=')
				p->pos++;
		} else {
			return fail(p, p->pos, xasprintf("expected '=' or '!=' after '%s'", word));
		}
		return parse_names(p, t, word[0] == 'a' ? "architecture" : "profile", vocab);
	}
	return fail(p, start, xasprintf("unknown selector term '%s'", word));
}

struct selector *
selector_fn(int (*holds)(const void *, const struct sel_env *), void (*release)(void *), void *ctx)
{
	struct selector *sel = xcalloc(1, sizeof(*sel));
	struct term t = { .kind = T_FN, .holds = holds, .release = release, .ctx = ctx };

	VEC_PUSH(*sel, t);
	return sel;
}

struct selector *
selector_and(struct selector *sel, struct selector *more, int negate)
{
	if (!sel)
		sel = xcalloc(1, sizeof(*sel));
	for (size_t i = 0; i < more->n; i++) {
		more->v[i].negate ^= negate;
		VEC_PUSH(*sel, more->v[i]);
	}
	free(more->v);
	free(more);
	return sel;
}

static void
term_release(struct term *t)
{
	strvec_release(&t->names);
	if (t->release)
		t->release(t->ctx);
}

struct selector *
selector_parse(const char *s, size_t len, const struct sel_vocab *vocab, char **why, size_t *errpos)
{
	struct parser p = { .s = s, .len = len };
	struct selector *sel = xcalloc(1, sizeof(*sel));

	skip_space(&p);
	if (p.pos == len) {
		fail(&p, 0, xstrdup("empty selector"));
		goto bad;
	}
	for (;;) {
		struct term t;
		if (parse_term(&p, &t, vocab) < 0) {
			term_release(&t);
			goto bad;
		}
		VEC_PUSH(*sel, t);
		skip_space(&p);
		if (p.pos == len)
			break;
		if (s[p.pos] != ',') {
			fail(&p, p.pos, xasprintf("unexpected '%c' in selector", s[p.pos]));
			goto bad;
		}
		p.pos++;
	}
	return sel;
bad:
	selector_free(sel);
	*why = p.err;
	*errpos = p.errpos;
	return NULL;
}

static int
version_cmp(const int a[3], const int b[3], int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static int
term_holds(const struct term *t, const struct sel_env *env)
{
	int r;

	switch (t->kind) {
	case T_FAMILY:
		if (env->family != t->family)
			return 0;
		if (t->cmp == C_NONE)
			return 1;
		r = version_cmp(env->version, t->version, t->nversion);
		switch (t->cmp) {
		case C_EQ: return r == 0;
		case C_NE: return r != 0;
		case C_LT: return r < 0;
		case C_LE: return r <= 0;
		case C_GT: return r > 0;
		case C_GE: return r >= 0;
		case C_NONE: break;
		}
		return 1;
	case T_FN:
		return t->holds(t->ctx, env);
	case T_ARCH:
	case T_PROFILE: {
		const char *v = t->kind == T_ARCH ? env->arch : env->profile;
		int found = v && in_list((const char *const *)t->names.v, t->names.n, v);
		return t->not_in ? !found : found;
	}
	}
	return 0;
}

int
selector_eval(const struct selector *sel, const struct sel_env *env)
{
	if (!sel)
		return 1;
	for (size_t i = 0; i < sel->n; i++)
		if (term_holds(&sel->v[i], env) == sel->v[i].negate)
			return 0;
	return 1;
}

void
selector_free(struct selector *sel)
{
	if (!sel)
		return;
	for (size_t i = 0; i < sel->n; i++)
		term_release(&sel->v[i]);
	free(sel->v);
	free(sel);
}

