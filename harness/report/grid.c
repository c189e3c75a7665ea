/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report/grid.h"

/* The family of a compiler the toolchain list lacks: its name's first word. */
static char *
family_of_name(const char *name)
{
	return xstrndup(name, strcspn(name, "-0123456789"));
}

static void
add_compiler(struct grid *g, const char *name, const char *family, const char *version)
{
	long c = strvec_find(&g->compilers, name);

	if (c < 0) {
		strvec_push(&g->compilers, name);
		strvec_push_nocopy(&g->families, family ? xstrdup(family) : family_of_name(name));
		strvec_push(&g->versions, "");
		c = (long)g->compilers.n - 1;
	}
	if (*version && !*g->versions.v[c]) {
		free(g->versions.v[c]);
		g->versions.v[c] = xstrdup(version);
	}
}

static void
add_axis(struct strvec *sv, const char *s)
{
	if (strvec_find(sv, s) < 0)
		strvec_push(sv, s);
}

void
grid_build(struct grid *g, const struct results *r)
{
	memset(g, 0, sizeof(*g));
	grid_add(g, r);
}

void
grid_add(struct grid *g, const struct results *r)
{
	for (size_t i = 0; i < r->ntcs; i++) {
		add_compiler(g, r->tcs[i].compiler, r->tcs[i].family, r->tcs[i].version);
		add_axis(&g->targets, r->tcs[i].target);
	}
	for (size_t i = 0; i < r->nprofiles; i++)
		add_axis(&g->profiles, r->profiles[i].name);
	/* jobs may name what the toolchain list lacks (merged files) */
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		add_compiler(g, j->compiler, NULL, j->version);
		add_axis(&g->targets, j->target);
		add_axis(&g->profiles, j->profile);
	}
	g->nconf = g->compilers.n * g->targets.n * g->profiles.n;
}

void
grid_release(struct grid *g)
{
	strvec_release(&g->compilers);
	strvec_release(&g->families);
	strvec_release(&g->versions);
	strvec_release(&g->targets);
	strvec_release(&g->profiles);
}

size_t
grid_conf(const struct grid *g, const struct rjob *j)
{
	size_t c = (size_t)strvec_find(&g->compilers, j->compiler), t = (size_t)strvec_find(&g->targets, j->target),
	       p = (size_t)strvec_find(&g->profiles, j->profile);

	return (c * g->targets.n + t) * g->profiles.n + p;
}

size_t
grid_conf_compiler(const struct grid *g, size_t k)
{
	return k / (g->targets.n * g->profiles.n);
}

void
grid_row_init(struct grid_row *row, const struct grid *g)
{
	row->v = xcalloc(g->nconf + 1, sizeof(*row->v));
}

void
grid_row_set(struct grid_row *row, const struct grid *g, size_t k, char *value)
{
	(void)g;
	free(row->v[k]);
	row->v[k] = value;
}

void
grid_row_release(struct grid_row *row, const struct grid *g)
{
	for (size_t k = 0; row->v && k < g->nconf; k++)
		free(row->v[k]);
	free(row->v);
	row->v = NULL;
}

/* The configurations of one compiler that share a value. */
struct group {
	const char *value;
	size_t *confs;          /* target * np + profile */
	size_t n;
};

static int
quiet(const char *v)
{
	return !strcmp(v, "n/a") || !strcmp(v, "skip");
}

/* Compiler ci's groups, largest first (then in order of appearance);
 * "n/a" and "skip" only when nothing else ran. Returns their number;
 * *gsp is allocated, each confs too. */
static size_t
groups_of(const struct grid *g, const struct grid_row *row, size_t ci, struct group **gsp)
{
	size_t per = g->targets.n * g->profiles.n, ng = 0;
	struct group *gs = xcalloc(per + 1, sizeof(*gs));
	int ran = 0;

	for (size_t k = 0; k < per; k++)
		ran |= row->v[ci * per + k] && !quiet(row->v[ci * per + k]);
	for (size_t k = 0; k < per; k++) {
		const char *v = row->v[ci * per + k];
		size_t i;
		if (!v || (ran && quiet(v)))
			continue;
		for (i = 0; i < ng && strcmp(gs[i].value, v); i++)
			;
		if (i == ng) {
			gs[ng].value = v;
			gs[ng++].confs = xcalloc(per + 1, sizeof(size_t));
		}
		gs[i].confs[gs[i].n++] = k;
	}
	for (size_t i = 1; i < ng; i++)         /* insertion sort: stable */
		for (size_t k = i; k > 0 && gs[k].n > gs[k - 1].n; k--) {
			struct group t = gs[k];
			gs[k] = gs[k - 1];
			gs[k - 1] = t;
		}
	*gsp = gs;
	return ng;
}

static int
member(const struct group *gr, size_t conf)
{
	for (size_t m = 0; m < gr->n; m++)
		if (gr->confs[m] == conf)
			return 1;
	return 0;
}

/* Does gr hold every present configuration (one of all's) whose value on
 * axis (1: profile, 0: target) is v? */
static int
whole(const struct grid *g, const struct group *gr, const struct group *all, size_t ng, int axis, size_t v)
{
	size_t np = g->profiles.n;

	for (size_t i = 0; i < ng; i++)
		for (size_t k = 0; k < all[i].n; k++) {
			size_t c = all[i].confs[k];
			if ((axis ? c % np : c / np) == v && !member(gr, c))
				return 0;
		}
	return 1;
}

static size_t
all_confs(const struct group *all, size_t ng)
{
	size_t n = 0;

	for (size_t i = 0; i < ng; i++)
		n += all[i].n;
	return n;
}

/* The names of axis (1: profiles, 0: targets) marked in on[], comma-separated. */
static void
names(struct strbuf *sb, const struct grid *g, int axis, const char *on)
{
	const struct strvec *sv = axis ? &g->profiles : &g->targets;

	for (size_t k = 0, first = 1; k < sv->n; k++)
		if (on[k]) {
			sb_addf(sb, "%s%s", first ? "" : ", ", sv->v[k]);
			first = 0;
		}
}

/* Mixed: the profiles gr holds whole, then its other target/profile pairs. */
static void
mixed(struct strbuf *sb, const struct grid *g, const struct group *gr, const struct group *all, size_t ng,
      const char *in_profile)
{
	size_t np = g->profiles.n, start = sb->len;
	char *whole_p = xcalloc(np + 1, 1);

	for (size_t p = 0; p < np; p++)
		whole_p[p] = in_profile[p] && whole(g, gr, all, ng, 1, p);
	names(sb, g, 1, whole_p);
	for (size_t k = 0; k < gr->n; k++)
		if (!whole_p[gr->confs[k] % np])
			sb_addf(sb, "%s%s/%s", sb->len > start ? ", " : "", g->targets.v[gr->confs[k] / np],
			        g->profiles.v[gr->confs[k] % np]);
	free(whole_p);
}

/* What sets gr apart among all: its profiles ("kernel, kcsan"; returns
 * 1), its targets ("arm64"; 0), its profiles on some targets ("kernel on
 * x86-64, arm64"; 1), or else the profiles it holds whole and its other
 * target/profile pairs ("O0, riscv64/kernel"; -1), said as "all but" the
 * others when they are fewer. */
static int
qualifier(struct strbuf *sb, const struct grid *g, const struct group *gr, const struct group *all, size_t ng)
{
	size_t np = g->profiles.n, nt = g->targets.n, nin[2] = { 0, 0 }, npresent[2] = { 0, 0 };
	char *in[2] = { xcalloc(nt + 1, 1), xcalloc(np + 1, 1) }, *present[2] = { xcalloc(nt + 1, 1), xcalloc(np + 1, 1) };
	int axis = -1, whole_axis[2] = { 1, 1 };

	for (size_t k = 0; k < gr->n; k++) {
		nin[0] += !in[0][gr->confs[k] / np]++;
		nin[1] += !in[1][gr->confs[k] % np]++;
	}
	for (size_t i = 0; i < ng; i++)
		for (size_t k = 0; k < all[i].n; k++) {
			npresent[0] += !present[0][all[i].confs[k] / np]++;
			npresent[1] += !present[1][all[i].confs[k] % np]++;
		}
	for (int a = 0; a < 2; a++)
		for (size_t v = 0; v < (a ? np : nt); v++)
			whole_axis[a] &= !in[a][v] || whole(g, gr, all, ng, a, v);
	if (whole_axis[1] && nin[1] < npresent[1]) {
		names(sb, g, axis = 1, in[1]);
	} else if (whole_axis[0] && nin[0] < npresent[0]) {
		names(sb, g, axis = 0, in[0]);
	} else if (gr->n == nin[0] * nin[1] && gr->n > 1) {
		names(sb, g, axis = 1, in[1]);
		sb_addstr(sb, " on ");
		names(sb, g, 0, in[0]);
	} else if (gr->n > all_confs(all, ng) / 2) {
		struct group rest = { .confs = xcalloc(all_confs(all, ng) + 1, sizeof(size_t)) };
		for (size_t i = 0; i < ng; i++)
			for (size_t k = 0; &all[i] != gr && k < all[i].n; k++)
				rest.confs[rest.n++] = all[i].confs[k];
		sb_addstr(sb, "all but ");
		axis = qualifier(sb, g, &rest, all, ng);
		free(rest.confs);
	} else {
		mixed(sb, g, gr, all, ng, in[1]);
	}
	for (int a = 0; a < 2; a++) {
		free(in[a]);
		free(present[a]);
	}
	return axis;
}

char *
grid_cell(const struct grid *g, const struct grid_row *row, size_t ci, enum grid_style style)
{
	struct group *gs;
	size_t ng = groups_of(g, row, ci, &gs);
	struct strbuf sb = {0}, q = {0};

	for (size_t i = 0; i < ng; i++) {
		int axis;
		sb_addstr(&sb, !i ? "" : style == GRID_MARKDOWN ? "<br>" : "; ");
		sb_addstr(&sb, gs[i].value);
		if (ng == 1 || (style == GRID_PROSE && !i))
			continue;
		sb_reset(&q);
		axis = qualifier(&q, g, &gs[i], gs, ng);
		if (style == GRID_MARKDOWN)
			sb_addf(&sb, " (%s)", sb_str(&q));
		else
			sb_addf(&sb, " %s %s", axis == 1 ? "under" : "on", sb_str(&q));
	}
	for (size_t i = 0; i < ng; i++)
		free(gs[i].confs);
	free(gs);
	sb_release(&q);
	return sb_detach(&sb);
}

size_t
grid_columns(const struct grid *g, char *const *cells, size_t nrows, const unsigned char *keep,
             struct grid_col **cols)
{
	size_t nc = g->compilers.n, n = 0;
	struct grid_col *v = xcalloc(nc + 1, sizeof(*v));

	for (size_t ci = 0; ci < nc; ci++) {
		int any = keep && keep[ci], same = n && v[n - 1].last + 1 == ci &&
		                    !strcmp(g->families.v[ci], g->families.v[v[n - 1].first]);
		for (size_t r = 0; r < nrows; r++) {
			any |= *cells[r * nc + ci] != 0;
			if (same && strcmp(cells[r * nc + ci], cells[r * nc + ci - 1]))
				same = 0;
		}
		if (!any)
			continue;
		if (same)
			v[n - 1].last = ci;
		else
			v[n++] = (struct grid_col){ ci, ci };
	}
	*cols = v;
	return n;
}

/* "16" of "gcc-16", "trunk" of "gcc-trunk"; the name when it is not FAMILY-X. */
static const char *
short_name(const struct grid *g, size_t ci)
{
	const char *name = g->compilers.v[ci], *fam = g->families.v[ci];
	size_t n = strlen(fam);

	return !strncmp(name, fam, n) && name[n] == '-' && name[n + 1] ? name + n + 1 : name;
}

/* Does another compiler of ci's family have a point release of ci's
 * major version as its name ("gcc-11.5" beside "gcc-11")? */
static int
major_shared(const struct grid *g, size_t ci)
{
	const char *s = short_name(g, ci);
	size_t n = strlen(s);

	if (s == g->compilers.v[ci] || strspn(s, "0123456789") != n)
		return 0;
	for (size_t cj = 0; cj < g->compilers.n; cj++) {
		const char *t = short_name(g, cj);
		if (cj != ci && !strcmp(g->families.v[cj], g->families.v[ci]) && !strncmp(t, s, n) && t[n] == '.')
			return 1;
	}
	return 0;
}

/* A compiler in a range: its short name, or where a point release of its
 * major version is in the grid too, its own X.Y ("11.3" beside "11.5"),
 * so that "11" never stands for one of two. Allocated. */
static char *
short_label(const struct grid *g, size_t ci)
{
	const char *v = ci < g->versions.n ? g->versions.v[ci] : "", *dot = strchr(v, '.');

	if (major_shared(g, ci) && dot && dot[1] >= '0' && dot[1] <= '9')
		return xstrndup(v, (size_t)(dot + 1 - v) + strspn(dot + 1, "0123456789"));
	return xstrdup(short_name(g, ci));
}

char *
grid_col_label(const struct grid *g, const struct grid_col *c)
{
	if (c->first == c->last)
		return xstrdup(g->compilers.v[c->first]);
	if (short_name(g, c->first) != g->compilers.v[c->first] && short_name(g, c->last) != g->compilers.v[c->last]) {
		char *a = short_label(g, c->first), *b = short_label(g, c->last);
		char *label = xasprintf("%s %s–%s", g->families.v[c->first], a, b);
		free(a);
		free(b);
		return label;
	}
	return xasprintf("%s – %s", g->compilers.v[c->first], g->compilers.v[c->last]);
}

char *
grid_family_cell(const struct grid *g, char *const *cells, const char *fam, const char *sep)
{
	struct strbuf sb = {0};
	size_t nranges = 0, first = 0, prev = 0;
	int open = 0;
	char *only = NULL;

	for (size_t ci = 0; ci <= g->compilers.n; ci++) {
		int in = ci < g->compilers.n && !strcmp(g->families.v[ci], fam) && *cells[ci];
		if (open && (!in || prev + 1 != ci || strcmp(cells[ci], cells[prev]))) {
			char *a = short_label(g, first), *b = short_label(g, prev);
			sb_addstr(&sb, nranges++ ? sep : "");
			if (first == prev)
				sb_addf(&sb, "%s: %s", a, cells[first]);
			else
				sb_addf(&sb, "%s–%s: %s", a, b, cells[first]);
			free(a);
			free(b);
			only = cells[first];
			open = 0;
		}
		if (in && !open) {
			first = ci;
			open = 1;
		}
		if (in)
			prev = ci;
	}
	if (nranges == 1) {
		sb_release(&sb);
		return xstrdup(only);
	}
	return sb_detach(&sb);
}

char *
grid_where(const struct grid *g, const struct grid_row *row, size_t ci, const char *value)
{
	struct group *gs;
	size_t ng = groups_of(g, row, ci, &gs), i;
	struct strbuf sb = {0};

	for (i = 0; i < ng && strcmp(gs[i].value, value); i++)
		;
	if (i < ng && ng == 1)
		sb_addstr(&sb, "all");
	else if (i < ng)
		qualifier(&sb, g, &gs[i], gs, ng);
	for (size_t k = 0; k < ng; k++)
		free(gs[k].confs);
	free(gs);
	return sb_detach(&sb);
}
