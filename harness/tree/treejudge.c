/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "lib/rx.h"
#include "tree/treejudge.h"

int
tree_unit_has(const char *unit, const struct tree_expect *e)
{
	size_t n = strlen(unit);

	if (!strcmp(unit, "all"))
		return 1;
	if (!strcmp(unit, TREE_PREPARE))
		return 0;       /* its files are no unit's: expectations about them are everyone's */
	if (unit[n - 1] == '/')
		return !strncmp(e->file, unit, n);
	return !strncmp(e->file, unit, n - 1) && e->file[n - 1] == 'c' && !e->file[n];
}

/* Does some unit of the tree build e's file? */
static int
any_unit_has(const struct tree *t, const struct tree_expect *e)
{
	for (size_t c = 0; c < t->nconfigs; c++)
		for (size_t u = 0; u < t->configs[c].units.n; u++)
			if (strcmp(t->configs[c].units.v[u], "all") && tree_unit_has(t->configs[c].units.v[u], e))
				return 1;
	return 0;
}

size_t *
tree_unit_expects(const struct tree *t, const char *unit, size_t *n)
{
	size_t *idx = xcalloc(t->nexpects + 1, sizeof(*idx));

	*n = 0;
	for (size_t i = 0; i < t->nexpects; i++)
		if (tree_unit_has(unit, &t->expects[i]) || !any_unit_has(t, &t->expects[i]))
			idx[(*n)++] = i;
	return idx;
}

static int
fits(const struct tree_expect *e, const struct diag *g)
{
	/* a warning made an error (-Werror, -Werror=OPTION: CONFIG_WERROR, which
	 * x86-64's defconfig sets) is still the warning expected */
	int sev_ok = e->kind == D_ERROR ? g->sev == SEV_ERROR || g->sev == SEV_FATAL :
	             g->sev == SEV_WARNING || (g->sev == SEV_ERROR && g->option);

	return sev_ok && g->file && !strcmp(g->file, e->file) && (!e->line || g->line == e->line) &&
	       (!e->option || (g->option && !strcmp(g->option, e->option))) &&
	       rx_match(e->re, g->message, strlen(g->message), 0) == 1;
}

enum verdict
tree_judge(const struct tree *t, const size_t *idx, size_t n, const char *cfgname, const struct sel_env *env,
           struct diaglist *dl, enum outcome *out, char **reason)
{
	size_t missing = 0, unexplained = 0;

	rx_begin();
	for (size_t i = 0; i < n; i++) {
		const struct tree_expect *e = &t->expects[idx[i]];
		unsigned long hit = 0;
		out[i] = OUT_NA;
		if (!tree_expect_in(e, cfgname) || !selector_eval(e->where, env))
			continue;
		for (size_t j = 0; j < dl->n; j++) {
			struct diag *g = &dl->v[j];
			if (!fits(e, g))
				continue;
			hit += g->count;
			diag_add_fit(g, i);
			g->status = e->kind == D_KNOWN_FP && g->status != ST_EXPECTED ? ST_KNOWN_FP : ST_EXPECTED;
		}
		out[i] = e->kind == D_KNOWN_FP ? (hit ? OUT_FP : OUT_FP_GONE) : hit ? OUT_HELD : OUT_MISSING;
		missing += out[i] == OUT_MISSING;
	}
	for (size_t j = 0; j < dl->n; j++) {
		struct diag *g = &dl->v[j];
		if (g->status == ST_NONE)
			g->status = g->sev == SEV_NOTE ? ST_NOTE : ST_UNEXPECTED;
		unexplained += g->status == ST_UNEXPECTED;
	}
	*reason = NULL;
	if (rx_error())
		*reason = xstrdup(rx_error());
	else if (missing || unexplained)
		*reason = xasprintf("%zu expected diagnostic(s) missing, %zu unexplained", missing, unexplained);
	return rx_error() ? V_ERROR : *reason ? V_FAIL : V_PASS;
}
