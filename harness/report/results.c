/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/hash.h"
#include "report/results.h"

#define MAGIC "diagmatrix-results"
/* 2: a case record may name the tree and unit it is (tree results) */
#define VERSION 2

void
results_meta(struct results *r, const char *key, const char *value)
{
	strvec_push(&r->meta_keys, key);
	strvec_push(&r->meta_vals, value ? value : "");
}

const char *
results_get_meta(const struct results *r, const char *key)
{
	for (size_t i = 0; i < r->meta_keys.n; i++)
		if (!strcmp(r->meta_keys.v[i], key))
			return r->meta_vals.v[i];
	return NULL;
}

static int
same_name(const void *ctx, size_t pos)
{
	const struct results *r = ((const void *const *)ctx)[0];
	const char *name = ((const void *const *)ctx)[1];

	return !strcmp(r->cases[pos].name, name);
}

long
results_find_case(const struct results *r, const char *name)
{
	const void *ctx[] = { r, name };

	return hindex_find(&r->case_index, hash_str(HASH_INIT, name), same_name, ctx);
}

size_t
results_push_case(struct results *r, struct rcase *c)
{
	xgrow((void **)&r->cases, &r->capcases, r->ncases + 1, sizeof(*r->cases));
	r->cases[r->ncases++] = *c;
	memset(c, 0, sizeof(*c));
	hindex_add(&r->case_index, hash_str(HASH_INIT, r->cases[r->ncases - 1].name), r->ncases - 1);
	return r->ncases - 1;
}

/* ---- writing ---- */

static void
put_field(FILE *fp, const char *s)
{
	fputc('\t', fp);
	while (s && *s) {
		/* runs of plain text at once (fputc per byte was 6 % of a run) */
		size_t plain = strcspn(s, "\t\n\r\\");
		fwrite(s, 1, plain, fp);
		s += plain;
		switch (*s) {
		case '\t': fputs("\\t", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\r': fputs("\\r", fp); break;
		case '\\': fputs("\\\\", fp); break;
		default: return;
		}
		s++;
	}
}

static void
put_int(FILE *fp, long v)
{
	fprintf(fp, "\t%ld", v);
}

static void
write_meta(const struct results *r, size_t from, FILE *fp)
{
	for (size_t i = from; i < r->meta_keys.n; i++) {
		fputs("meta", fp);
		put_field(fp, r->meta_keys.v[i]);
		put_field(fp, r->meta_vals.v[i]);
		fputc('\n', fp);
	}
}

static void
write_toolchain(const struct rtoolchain *t, FILE *fp)
{
	fputs("toolchain", fp);
	put_field(fp, t->compiler);
	put_field(fp, t->family);
	put_field(fp, t->target);
	put_field(fp, t->triple);
	put_field(fp, t->version);
	put_field(fp, tcstatus_name(t->status));
	put_field(fp, t->command);
	put_field(fp, t->note);
	put_field(fp, t->root);
	fputc('\t', fp);
	if (t->rank >= 0)
		fprintf(fp, "%ld", t->rank);
	fputc('\n', fp);
}

/* Everything but the jobs. */
static void
write_head(const struct results *r, FILE *fp)
{
	fprintf(fp, "%s\t%d\n", MAGIC, VERSION);
	write_meta(r, 0, fp);
	for (size_t i = 0; i < r->ntcs; i++)
		write_toolchain(&r->tcs[i], fp);
	for (size_t i = 0; i < r->nprofiles; i++) {
		fputs("profile", fp);
		put_field(fp, r->profiles[i].name);
		put_field(fp, r->profiles[i].flags);
		fputc('\n', fp);
	}
	for (size_t i = 0; i < r->ncases; i++) {
		const struct rcase *c = &r->cases[i];
		fputs("case", fp);
		put_field(fp, c->name);
		put_field(fp, c->path);
		put_field(fp, c->title);
		put_field(fp, c->requires);
		put_field(fp, c->std);
		put_field(fp, c->flags);
		if (c->tree && *c->tree) {
			put_field(fp, c->tree);
			put_field(fp, c->unit);
		}
		fputc('\n', fp);
		for (size_t k = 0; k < c->refs.n; k++) {
			fputs("ref", fp);
			put_field(fp, c->refs.v[k]);
			fputc('\n', fp);
		}
		for (size_t k = 0; k < c->noverview; k++) {
			fputs("overview", fp);
			put_int(fp, c->overview[k].line);
			put_field(fp, c->overview[k].title);
			fputc('\n', fp);
		}
		for (size_t k = 0; k < c->ndirs; k++) {
			const struct rdirective *d = &c->dirs[k];
			fputs("dir", fp);
			put_field(fp, dkind_name(d->kind));
			put_int(fp, d->line);
			put_int(fp, d->src_line);
			put_field(fp, d->selector);
			put_field(fp, d->regex);
			put_field(fp, d->flag);
			put_field(fp, d->ref);
			if (d->file && *d->file)     /* only then: older readers know 8 fields */
				put_field(fp, d->file);
			fputc('\n', fp);
		}
	}
}

static void
write_job(const struct results *r, const struct rjob *j, FILE *fp)
{
	{
		const struct rcase *c = &r->cases[j->caseidx];
		char secs[32];
		fputs("job", fp);
		put_field(fp, c->name);
		put_field(fp, j->compiler);
		put_field(fp, j->version);
		put_field(fp, j->target);
		put_field(fp, j->profile);
		put_field(fp, verdict_name(j->verdict));
		put_int(fp, j->exit_code);
		put_int(fp, j->signal);
		snprintf(secs, sizeof(secs), "%.3f", j->seconds);
		put_field(fp, secs);
		put_field(fp, j->reason);
		put_field(fp, j->command);
		fputc('\n', fp);
		fputs("out", fp);
		for (size_t k = 0; k < c->ndirs; k++)
			put_field(fp, outcome_name(j->outcomes ? j->outcomes[k] : OUT_NA));
		fputc('\n', fp);
		for (size_t k = 0; k < j->ndiags; k++) {
			const struct rdiag *g = &j->diags[k];
			fputs("diag", fp);
			put_field(fp, g->file);
			put_int(fp, g->line);
			put_int(fp, g->col);
			put_field(fp, severity_name(g->sev));
			put_field(fp, g->option);
			put_int(fp, g->count);
			put_field(fp, dstatus_name(g->status));
			put_field(fp, g->message);
			fputc('\t', fp);
			for (size_t f = 0; f < g->nfits; f++)
				fprintf(fp, "%s%zu", f ? "," : "", g->fits[f]);
			if (g->from_file && *g->from_file) {
				put_field(fp, g->from_file);
				put_int(fp, g->from_line);
			}
			fputc('\n', fp);
			for (size_t e = 0; e < g->nevents; e++) {
				fputs("event", fp);
				put_field(fp, g->events[e].file ? g->events[e].file : "");
				put_int(fp, g->events[e].line);
				put_int(fp, g->events[e].col);
				put_field(fp, g->events[e].text);
				fputc('\n', fp);
			}
		}
	}
}

int
results_writer_begin(struct results_writer *w, const char *out, const struct results *r, char **why)
{
	char *slash, *path;
	int fd, e;

	memset(w, 0, sizeof(*w));
	/* not read here, and replaced only when a regular file: --out
	 * /dev/null must not become a file */
	if (!(path = output_target(out, why)))
		return -1;
	slash = strrchr(path, '/');
	if (slash)
		w->tmp = xasprintf("%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
	else
		w->tmp = xasprintf(".%s.XXXXXX", path);
	fd = mkostemp(w->tmp, O_CLOEXEC);
	if (fd < 0) {
		*why = xstrdup(strerror(errno));
		free(w->tmp);
		free(path);
		w->tmp = NULL;
		return -1;
	}
	fchmod(fd, 0644);
	w->fp = fdopen(fd, "w");
	if (!w->fp) {
		e = errno;
		close(fd);
		unlink(w->tmp);
		free(w->tmp);
		free(path);
		w->tmp = NULL;
		*why = xstrdup(strerror(e));
		return -1;
	}
	w->path = path;
	w->nmeta = r->meta_keys.n;
	write_head(r, w->fp);
	return 0;
}

void
results_writer_job(struct results_writer *w, const struct results *r, const struct rjob *j)
{
	write_job(r, j, w->fp);
	w->njobs++;
}

int
results_writer_end(struct results_writer *w, const struct results *r, char **why)
{
	int fd = fileno(w->fp), e = 0;

	write_meta(r, w->nmeta, w->fp);
	fprintf(w->fp, "end\t%zu\n", w->njobs);
	if (fflush(w->fp) != 0 || ferror(w->fp) || fsync(fd) < 0)
		e = errno ? errno : EIO;
	if (fclose(w->fp) != 0 && !e)
		e = errno;
	w->fp = NULL;
	if (!e && rename(w->tmp, w->path) < 0)
		e = errno;
	if (e)
		unlink(w->tmp);
	free(w->tmp);
	free(w->path);
	w->tmp = w->path = NULL;
	*why = e ? xstrdup(strerror(e)) : NULL;
	return e ? -1 : 0;
}

int
results_write(const struct results *r, const char *path, char **why)
{
	struct results_writer w;

	if (results_writer_begin(&w, path, r, why) < 0)
		return -1;
	for (size_t i = 0; i < r->njobs; i++)
		results_writer_job(&w, r, &r->jobs[i]);
	return results_writer_end(&w, r, why);
}

/* ---- reading ---- */

/* Is the byte at p (of a line) a control character a terminal acts on:
 * C0 but the tab, DEL, or C1 in UTF-8 (0xc2 0x80...0x9f)? Its length. */
static size_t
control_at(const unsigned char *p)
{
	if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f)
		return 1;
	return *p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f ? 2 : 0;
}

/* A results file is input like a case: the control characters it holds
 * (the writer escapes only tabs, new lines and backslashes) are written
 * out as text, \xHH or \u00HH, which every reader then shows as it is:
 * nothing of it reaches a terminal as an escape sequence. sb is
 * rewritten only when it holds one. */
static void
neutralise_controls(struct strbuf *sb)
{
	struct strbuf out = {0};
	size_t i = 0, n;

	while (i < sb->len && !control_at((const unsigned char *)sb->buf + i))
		i++;
	if (i == sb->len)
		return;
	sb_add(&out, sb->buf, i);
	for (; i < sb->len; i += n ? n : 1) {
		const unsigned char *p = (const unsigned char *)sb->buf + i;
		n = control_at(p);
		if (n == 1)
			sb_addf(&out, "\\\\x%02x", *p);
		else if (n == 2)
			sb_addf(&out, "\\\\u%04x", p[1]);
		else
			sb_addc(&out, (char)*p);
	}
	sb_release(sb);
	*sb = out;
}

/* Split a line into unescaped fields (in place) in *f, which grows to
 * hold them (*cap slots). Returns the count. */
static size_t
split_fields(char *line, char ***f, size_t *cap)
{
	size_t n = 0;
	char *p = line;

	for (;;) {
		char *o = p, *start = p;
		if (n == *cap)
			xgrow((void **)f, cap, n + 1, sizeof(**f));
		while (*p && *p != '\t') {
			if (*p == '\\' && p[1]) {
				p++;
				*o++ = *p == 't' ? '\t' : *p == 'n' ? '\n' : *p == 'r' ? '\r' : *p;
				p++;
			} else {
				*o++ = *p++;
			}
		}
		(*f)[n++] = start;
		if (!*p) {
			*o = 0;
			return n;
		}
		p++;
		*o = 0;
	}
}

static int
to_int(const char *s, long *v)
{
	char *end;
	errno = 0;
	*v = strtol(s, &end, 10);
	return *s && !*end && !errno ? 0 : -1;
}

int
results_read(struct results *r, const char *path, struct errlist *errs)
{
	struct strbuf sb = {0};
	char *why;
	int st;

	if (read_input(path, MAX_RESULTS_BYTES, &sb, &why) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", why);
		free(why);
		sb_release(&sb);
		return -1;
	}
	st = results_parse(r, path, sb.buf, sb.len, errs);
	sb_release(&sb);
	return st;
}

/* The state of reading one file into r. */
struct rparse {
	struct results *r;
	const char *path;
	struct errlist *errs;
	int lineno;
	int version;            /* of the file: its first line */
	size_t src, jobs0;
	long cur_case;          /* the case its ref and dir records are of; -1 none, -2 known already */
	struct rjob *cur_job;   /* the job its out and diag records are of */
	int seen_end;
};

static int bad(struct rparse *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
bad(struct rparse *ps, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	errlist_vadd(ps->errs, ps->path, ps->lineno, 1, fmt, ap);
	va_end(ap);
	return -1;
}

static int
read_meta(struct rparse *ps, char **f, size_t n)
{
	(void)n;
	if (!results_get_meta(ps->r, f[1]))
		results_meta(ps->r, f[1], f[2]);
	return 0;
}

/* Is the toolchain line f the same command, triple and root as o? */
static int
same_place(const struct rtoolchain *o, char **f, size_t n)
{
	return !strcmp(o->command, f[7]) && !strcmp(o->triple, f[4]) && !strcmp(o->root, n > 9 ? f[9] : "");
}

static void
toolchain_found(struct rtoolchain *o, char **f, long rank, size_t src)
{
	free(o->version);
	free(o->note);
	o->version = xstrdup(f[5]);
	o->note = xstrdup(f[8]);
	o->status = TC_FOUND;
	o->rank = rank;
	o->source = src;
}

static int
read_toolchain(struct rparse *ps, char **f, size_t n)
{
	struct results *r = ps->r;
	struct rtoolchain t;
	long rank = -1;
	char *end;

	int st = tcstatus_parse(f[6]);

	if (st < 0)
		return bad(ps, "bad toolchain status '%s' (found, missing, error)", f[6]);
	if (n > 10 && *f[10]) {
		rank = strtol(f[10], &end, 10);
		if (*end || rank < 0 || rank > 1000000)
			return bad(ps, "bad toolchain rank '%s'", f[10]);
	}
	for (size_t k = 0; k < r->ntcs; k++) {
		struct rtoolchain *o = &r->tcs[k];
		if (strcmp(o->compiler, f[1]) || strcmp(o->target, f[3]))
			continue;
		if (same_place(o, f, n) && (o->status != TC_FOUND || st != TC_FOUND)) {
			/* a file where it was not found ran nothing on it: the found one stands */
			if (st == TC_FOUND)
				toolchain_found(o, f, rank, ps->src);
			return 0;
		}
		if (strcmp(o->version, f[5]) || !same_place(o, f, n))
			return bad(ps, "toolchain %s@%s is not the one in %s (version '%s', command %s there; '%s', %s here)",
			           f[1], f[3], r->sources.v[o->source], o->version, o->command, f[5], f[7]);
		return 0;
	}
	t = (struct rtoolchain){
		.compiler = xstrdup(f[1]), .family = xstrdup(f[2]), .target = xstrdup(f[3]), .triple = xstrdup(f[4]),
		.version = xstrdup(f[5]), .status = (enum tcstatus)st, .command = xstrdup(f[7]), .note = xstrdup(f[8]),
		.root = xstrdup(n > 9 ? f[9] : ""), .rank = rank, .source = ps->src,
	};
	xgrow((void **)&r->tcs, &r->captcs, r->ntcs + 1, sizeof(*r->tcs));
	r->tcs[r->ntcs++] = t;
	return 0;
}

static int
read_profile(struct rparse *ps, char **f, size_t n)
{
	struct results *r = ps->r;

	(void)n;
	for (size_t k = 0; k < r->nprofiles; k++) {
		if (strcmp(r->profiles[k].name, f[1]))
			continue;
		if (strcmp(r->profiles[k].flags, f[2]))
			return bad(ps, "profile %s has other flags in %s", f[1], r->sources.v[r->profiles[k].source]);
		return 0;
	}
	xgrow((void **)&r->profiles, &r->capprofiles, r->nprofiles + 1, sizeof(*r->profiles));
	r->profiles[r->nprofiles++] = (struct rprofile){ .name = xstrdup(f[1]), .flags = xstrdup(f[2]), .source = ps->src };
	return 0;
}

/* The tree and unit of a case record (n fields f): its own fields; in a
 * file of version 1, which had none, those a tree unit's name held
 * ("TREE:UNIT", its path the tree file, YAML). Anything else is no tree's. */
static void
case_tree_unit(const struct rparse *ps, struct rcase *c, char **f, size_t n)
{
	const char *colon = strchr(f[1], ':');
	size_t plen = strlen(f[2]);

	if (n == 9) {
		c->tree = xstrdup(f[7]);
		c->unit = xstrdup(f[8]);
	} else if (ps->version == 1 && colon && plen > 5 && !strcmp(f[2] + plen - 5, ".yaml")) {
		c->tree = xstrndup(f[1], (size_t)(colon - f[1]));
		c->unit = xstrdup(colon + 1);
	} else {
		c->tree = xstrdup("");
		c->unit = xstrdup("");
	}
}

static int
read_case(struct rparse *ps, char **f, size_t n)
{
	long k = results_find_case(ps->r, f[1]);
	const struct rcase *o;

	if (n == 8)
		return bad(ps, "malformed 'case' record (a tree without its unit)");
	if (k < 0) {
		struct rcase cs = {
			.name = xstrdup(f[1]), .path = xstrdup(f[2]), .title = xstrdup(f[3]), .requires = xstrdup(f[4]),
			.std = xstrdup(f[5]), .flags = xstrdup(f[6]), .source = ps->src,
		};
		case_tree_unit(ps, &cs, f, n);
		ps->cur_case = (long)results_push_case(ps->r, &cs);
		return 0;
	}
	o = &ps->r->cases[k];
	if (strcmp(o->path, f[2]) || strcmp(o->requires, f[4]) || strcmp(o->std, f[5]) || strcmp(o->flags, f[6]))
		return bad(ps, "case %s is not the one in %s", f[1], ps->r->sources.v[o->source]);
	ps->cur_case = -2;      /* known: its refs and directives are already there */
	return 0;
}

static int
read_ref(struct rparse *ps, char **f, size_t n)
{
	(void)n;
	if (ps->cur_case == -1)
		return bad(ps, "ref record before any case");
	if (ps->cur_case >= 0)
		strvec_push(&ps->r->cases[ps->cur_case].refs, f[1]);
	return 0;
}

static int
read_overview(struct rparse *ps, char **f, size_t n)
{
	struct rcase *cs;
	long a;

	(void)n;
	if (ps->cur_case == -1)
		return bad(ps, "overview record before any case");
	if (to_int(f[1], &a) || a < 1)
		return bad(ps, "malformed overview record");
	if (ps->cur_case < 0)
		return 0;
	cs = &ps->r->cases[ps->cur_case];
	xgrow((void **)&cs->overview, &cs->capoverview, cs->noverview + 1, sizeof(*cs->overview));
	cs->overview[cs->noverview++] = (struct roverview){ .line = (int)a, .title = xstrdup(f[2]) };
	return 0;
}

/* FITS of a diag record: directive indices of a case of nd directives. */
static int
read_fits(struct rdiag *g, const char *s, size_t nd)
{
	while (*s) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);
		if (end == s || *s == '-' || v >= nd || (*end && *end != ','))
			return -1;
		g->fits = xrealloc(g->fits, (g->nfits + 1) * sizeof(*g->fits));
		g->fits[g->nfits++] = v;
		s = *end ? end + 1 : end;
	}
	return 0;
}

static int
read_dir(struct rparse *ps, char **f, size_t n)
{
	int kind = dkind_parse(f[1]);
	struct rcase *cs;
	long a, b;

	if (ps->cur_case == -1)
		return bad(ps, "dir record before any case");
	if (kind < 0 || to_int(f[2], &a) || to_int(f[3], &b))
		return bad(ps, "malformed dir record");
	if (ps->cur_case < 0)
		return 0;
	cs = &ps->r->cases[ps->cur_case];
	xgrow((void **)&cs->dirs, &cs->capdirs, cs->ndirs + 1, sizeof(*cs->dirs));
	cs->dirs[cs->ndirs++] = (struct rdirective){
		.kind = (enum dkind)kind, .line = (int)a, .src_line = (int)b, .selector = xstrdup(f[4]),
		.regex = xstrdup(f[5]), .flag = xstrdup(f[6]), .ref = xstrdup(f[7]), .file = xstrdup(n > 8 ? f[8] : ""),
	};
	return 0;
}

/* The fields of a job record, named once: read_job, results_durations
 * and the records table take them from here. */
enum job_field {
	JF_TAG, JF_CASE, JF_COMPILER, JF_VERSION, JF_TARGET, JF_PROFILE, JF_VERDICT, JF_EXIT, JF_SIGNAL,
	JF_SECONDS, JF_REASON, JF_COMMAND, JF_N
};

static int
read_job(struct rparse *ps, char **f, size_t n)
{
	struct results *r = ps->r;
	long k = results_find_case(r, f[JF_CASE]), a, b;
	int v = verdict_parse(f[JF_VERDICT]);

	(void)n;
	if (k < 0)
		return bad(ps, "job for unknown case '%s'", f[JF_CASE]);
	if (v < 0 || to_int(f[JF_EXIT], &a) || to_int(f[JF_SIGNAL], &b))
		return bad(ps, "malformed job record");
	xgrow((void **)&r->jobs, &r->capjobs, r->njobs + 1, sizeof(*r->jobs));
	r->jobs[r->njobs] = (struct rjob){
		.caseidx = (size_t)k, .compiler = xstrdup(f[JF_COMPILER]), .version = xstrdup(f[JF_VERSION]),
		.target = xstrdup(f[JF_TARGET]), .profile = xstrdup(f[JF_PROFILE]), .verdict = (enum verdict)v,
		.exit_code = (int)a, .signal = (int)b, .seconds = strtod(f[JF_SECONDS], NULL),
		.reason = xstrdup(f[JF_REASON]), .command = xstrdup(f[JF_COMMAND]), .source = ps->src,
	};
	ps->cur_job = &r->jobs[r->njobs++];
	ps->cur_case = -1;
	return 0;
}

static int
read_out(struct rparse *ps, char **f, size_t n)
{
	struct rjob *j = ps->cur_job;
	size_t nd;

	if (!j || j->outcomes)
		return bad(ps, "out record without a job");
	nd = ps->r->cases[j->caseidx].ndirs;
	if (n - 1 != nd && !(nd == 0 && n == 1))
		return bad(ps, "out record has %zu outcomes, the case has %zu directives", n - 1, nd);
	j->outcomes = xcalloc(nd + 1, sizeof(*j->outcomes));
	for (size_t k = 0; k < nd; k++) {
		int o = outcome_parse(f[k + 1]);
		if (o < 0)
			return bad(ps, "unknown outcome '%s'", f[k + 1]);
		j->outcomes[k] = (enum outcome)o;
	}
	return 0;
}

static int
read_diag(struct rparse *ps, char **f, size_t n)
{
	struct rjob *j = ps->cur_job;
	int sev = severity_parse(f[4]), st = dstatus_parse(f[7]);
	long a, b, c, from = 0;
	struct rdiag g;

	if (!j)
		return bad(ps, "diag record without a job");
	if (sev < 0 || st < 0 || to_int(f[2], &a) || to_int(f[3], &b) || to_int(f[6], &c) || c < 1 ||
	    n == 11 || (n > 11 && (to_int(f[11], &from) || from < 1)))
		return bad(ps, "malformed diag record");
	g = (struct rdiag){
		.file = xstrdup(f[1]), .line = (int)a, .col = (int)b, .sev = (enum severity)sev, .option = xstrdup(f[5]),
		.count = (unsigned)c, .status = (enum dstatus)st, .message = xstrdup(f[8]),
		.from_file = xstrdup(n > 11 ? f[10] : ""), .from_line = (int)from,
	};
	xgrow((void **)&j->diags, &j->capdiags, j->ndiags + 1, sizeof(*j->diags));
	j->diags[j->ndiags++] = g;
	if (n > 9 && read_fits(&j->diags[j->ndiags - 1], f[9], ps->r->cases[j->caseidx].ndirs) < 0)
		return bad(ps, "bad directive list '%s' in diag record", f[9]);
	return 0;
}

/* An event of the path of the diag record before it. */
static int
read_event(struct rparse *ps, char **f, size_t n)
{
	struct rjob *j = ps->cur_job;
	struct rdiag *g;
	long a, b;

	(void)n;
	if (!j || !j->ndiags)
		return bad(ps, "event record without a diag");
	if (to_int(f[2], &a) || to_int(f[3], &b) || a < 0 || b < 0)
		return bad(ps, "malformed event record");
	g = &j->diags[j->ndiags - 1];
	g->events = xrealloc(g->events, (g->nevents + 1) * sizeof(*g->events));
	g->events[g->nevents++] = (struct diagevent){
		.file = *f[1] ? xstrdup(f[1]) : NULL, .line = (int)a, .col = (int)b, .text = xstrdup(f[4]),
	};
	return 0;
}

static int
read_end(struct rparse *ps, char **f, size_t n)
{
	long a;

	(void)n;
	if (to_int(f[1], &a) || (size_t)a != ps->r->njobs - ps->jobs0)
		return bad(ps, "end record counts %s jobs, the file has %zu", f[1], ps->r->njobs - ps->jobs0);
	ps->seen_end = 1;
	return 0;
}

/* The records of a results file: tag, fields (with the tag; max 0: any
 * number from min), whether it may follow the jobs, and its reader. */
static const struct record {
	const char *tag;
	size_t min, max;
	int after_jobs;
	int (*read)(struct rparse *ps, char **f, size_t n);
} records[] = {
	{ "meta", 3, 3, 1, read_meta },
	{ "toolchain", 9, 11, 0, read_toolchain },
	{ "profile", 3, 3, 0, read_profile },
	{ "case", 7, 9, 0, read_case },
	{ "ref", 2, 2, 0, read_ref },
	{ "overview", 3, 3, 0, read_overview },
	{ "dir", 8, 9, 0, read_dir },
	{ "job", JF_N, JF_N, 1, read_job },
	{ "out", 1, 0, 1, read_out },
	{ "diag", 9, 12, 1, read_diag },
	{ "event", 5, 5, 1, read_event },
	{ "end", 2, 2, 1, read_end },
};

/* One line (lineno > 1) of a results file. Returns 0 or -1 after adding
 * an error. */
static int
read_record(struct rparse *ps, char **f, size_t n)
{
	const struct record *rec = NULL;

	if (ps->seen_end)
		return bad(ps, "data after the end record");
	for (size_t i = 0; i < LEN(records) && !rec; i++)
		if (!strcmp(f[0], records[i].tag) && n >= records[i].min && (!records[i].max || n <= records[i].max))
			rec = &records[i];
	if (!rec)
		return bad(ps, "malformed '%s' record", f[0]);
	if (rec->read(ps, f, n) < 0)
		return -1;
	if (ps->cur_job && !rec->after_jobs)
		return bad(ps, "'%s' record after the jobs", f[0]);
	return 0;
}

int
results_parse(struct results *r, const char *path, const char *buf, size_t len, struct errlist *errs)
{
	struct rparse ps = { .r = r, .path = path, .errs = errs, .jobs0 = r->njobs, .cur_case = -1 };
	struct strbuf sb = {0};
	size_t nerr0 = errs->n, capf = 0;
	char **f = NULL;        /* the fields of the line being read */

	xgrow((void **)&f, &capf, 16, sizeof(*f));
	strvec_push(&r->sources, path);
	ps.src = r->sources.n - 1;
	sb_add(&sb, buf, len);
	if (memchr(buf, 0, len)) {
		errlist_add(errs, path, 0, 0, "not a diagmatrix results file (NUL byte)");
	} else {
		neutralise_controls(&sb);
		for (char *line = sb.buf, *next; *line; line = next) {
			size_t n;
			if ((next = strchr(line, '\n')))
				*next++ = 0;
			else
				next = line + strlen(line);
			ps.lineno++;
			n = split_fields(line, &f, &capf);
			if (ps.lineno == 1 && n == 2 && !strcmp(f[0], MAGIC))
				ps.version = !strcmp(f[1], "1") ? 1 : !strcmp(f[1], "2") ? 2 : 0;
			if (ps.lineno == 1 && !ps.version)
				bad(&ps, "not a diagmatrix results file (versions 1 to %d)", VERSION);
			if (errs->n > nerr0 || (ps.lineno > 1 && read_record(&ps, f, n) < 0))
				break;
		}
		if (!ps.seen_end && errs->n == nerr0)
			errlist_add(errs, path, ps.lineno, 1, "truncated results file (no end record)");
	}
	free(f);
	for (size_t i = ps.jobs0; i < r->njobs; i++)
		if (!r->jobs[i].outcomes)
			r->jobs[i].outcomes = xcalloc(r->cases[r->jobs[i].caseidx].ndirs + 1, sizeof(enum outcome));
	sb_release(&sb);
	return errs->n == nerr0 ? 0 : -1;
}

static void
job_release(struct rjob *j)
{
	free(j->compiler);
	free(j->version);
	free(j->target);
	free(j->profile);
	free(j->reason);
	free(j->command);
	free(j->outcomes);
	for (size_t k = 0; k < j->ndiags; k++) {
		free(j->diags[k].file);
		free(j->diags[k].option);
		free(j->diags[k].message);
		free(j->diags[k].fits);
		free(j->diags[k].from_file);
		for (size_t e = 0; e < j->diags[k].nevents; e++) {
			free(j->diags[k].events[e].file);
			free(j->diags[k].events[e].text);
		}
		free(j->diags[k].events);
	}
	free(j->diags);
}

void
results_release(struct results *r)
{
	strvec_release(&r->meta_keys);
	strvec_release(&r->sources);
	strvec_release(&r->meta_vals);
	for (size_t i = 0; i < r->ntcs; i++) {
		struct rtoolchain *t = &r->tcs[i];
		free(t->compiler);
		free(t->family);
		free(t->target);
		free(t->triple);
		free(t->version);
		free(t->command);
		free(t->note);
		free(t->root);
	}
	free(r->tcs);
	for (size_t i = 0; i < r->nprofiles; i++) {
		free(r->profiles[i].name);
		free(r->profiles[i].flags);
	}
	free(r->profiles);
	for (size_t i = 0; i < r->ncases; i++) {
		struct rcase *c = &r->cases[i];
		free(c->name);
		free(c->path);
		free(c->title);
		free(c->requires);
		free(c->std);
		free(c->flags);
		free(c->tree);
		free(c->unit);
		strvec_release(&c->refs);
		for (size_t k = 0; k < c->noverview; k++)
			free(c->overview[k].title);
		free(c->overview);
		for (size_t k = 0; k < c->ndirs; k++) {
			free(c->dirs[k].selector);
			free(c->dirs[k].regex);
			free(c->dirs[k].flag);
			free(c->dirs[k].ref);
			free(c->dirs[k].file);
		}
		free(c->dirs);
	}
	free(r->cases);
	hindex_release(&r->case_index);
	for (size_t i = 0; i < r->njobs; i++)
		job_release(&r->jobs[i]);
	free(r->jobs);
	memset(r, 0, sizeof(*r));
}

static const struct results *sort_r;

static long
tc_rank(const struct results *r, const char *compiler, const char *target)
{
	for (size_t i = 0; i < r->ntcs; i++)
		if (!strcmp(r->tcs[i].compiler, compiler) && !strcmp(r->tcs[i].target, target))
			return (long)i;
	return (long)r->ntcs;
}

static long
profile_rank(const struct results *r, const char *name)
{
	for (size_t i = 0; i < r->nprofiles; i++)
		if (!strcmp(r->profiles[i].name, name))
			return (long)i;
	return (long)r->nprofiles;
}

static int
job_cmp(const void *a, const void *b)
{
	const struct rjob *x = a, *y = b;
	const struct results *r = sort_r;
	int c;
	long rx, ry;

	c = strcmp(r->cases[x->caseidx].name, r->cases[y->caseidx].name);
	if (c)
		return c;
	rx = tc_rank(r, x->compiler, x->target);
	ry = tc_rank(r, y->compiler, y->target);
	if (rx != ry)
		return rx < ry ? -1 : 1;
	rx = profile_rank(r, x->profile);
	ry = profile_rank(r, y->profile);
	if (rx != ry)
		return rx < ry ? -1 : 1;
	c = strcmp(x->compiler, y->compiler);
	if (c)
		return c;
	c = strcmp(x->target, y->target);
	return c ? c : strcmp(x->profile, y->profile);
}

static int
tc_cmp(const void *a, const void *b)
{
	const struct rtoolchain *x = a, *y = b;
	int c;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	c = strcmp(x->compiler, y->compiler);   /* files of different configurations */
	return c ? c : strcmp(x->target, y->target);
}

void
results_sort_jobs(struct results *r)
{
	int ranked = r->ntcs > 0;

	for (size_t i = 0; i < r->ntcs; i++)
		ranked &= r->tcs[i].rank >= 0;
	if (ranked)
		qsort(r->tcs, r->ntcs, sizeof(*r->tcs), tc_cmp);
	sort_r = r;
	if (r->njobs)
		qsort(r->jobs, r->njobs, sizeof(*r->jobs), job_cmp);
	sort_r = NULL;
}

int
results_check_unique(const struct results *r, struct errlist *errs)
{
	size_t n0 = errs->n, ndup = 0;

	sort_r = r;
	for (size_t i = 1; i < r->njobs; i++) {
		const struct rjob *a = &r->jobs[i - 1], *b = &r->jobs[i];
		if (job_cmp(a, b) || ++ndup > 5)
			continue;
		if (a->source == b->source)
			errlist_add(errs, r->sources.v[b->source], 0, 0, "%s %s@%s %s is judged twice",
			            r->cases[b->caseidx].name, b->compiler, b->target, b->profile);
		else
			errlist_add(errs, r->sources.v[b->source], 0, 0, "%s %s@%s %s is also judged in %s",
			            r->cases[b->caseidx].name, b->compiler, b->target, b->profile,
			            r->sources.v[a->source]);
	}
	if (ndup > 5)
		errlist_add(errs, r->sources.v[r->jobs[r->njobs - 1].source], 0, 0,
		            "and %zu more configurations judged twice", ndup - 5);
	sort_r = NULL;
	return errs->n == n0 ? 0 : -1;
}

/* ---- durations ---- */

static uint64_t
job_key(const char *cas, const char *compiler, const char *target, const char *profile)
{
	return hash_str(hash_str(hash_str(hash_str(HASH_INIT, cas), compiler), target), profile);
}

static int
cmp_duration(const void *a, const void *b)
{
	uint64_t x = ((const struct duration *)a)->key, y = ((const struct duration *)b)->key;
	return x < y ? -1 : x > y;
}

void
results_durations(struct durations *d, const char *path)
{
	FILE *fp = NULL;
	char *line = NULL, **f = NULL;
	size_t cap = 0, capf = 0, cap_d = 0;
	struct stat st;
	int fd;

	memset(d, 0, sizeof(*d));
	/* only a regular file of a sane size: the path is the user's --out */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)) < 0)
		return;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > MAX_RESULTS_BYTES || !(fp = fdopen(fd, "r"))) {
		close(fd);
		return;
	}
	while (getline(&line, &cap, fp) > 0) {
		line[strcspn(line, "\n")] = 0;
		if (strncmp(line, "job\t", 4) || split_fields(line, &f, &capf) != JF_N)
			continue;
		xgrow((void **)&d->v, &cap_d, d->n + 1, sizeof(*d->v));
		d->v[d->n].key = job_key(f[JF_CASE], f[JF_COMPILER], f[JF_TARGET], f[JF_PROFILE]);
		d->v[d->n++].seconds = strtod(f[JF_SECONDS], NULL);
	}
	free(line);
	free(f);
	fclose(fp);
	if (d->n)
		qsort(d->v, d->n, sizeof(*d->v), cmp_duration);
}

double
durations_find(const struct durations *d, const char *cas, const char *compiler, const char *target,
               const char *profile)
{
	struct duration key = { job_key(cas, compiler, target, profile), 0 }, *hit;

	hit = d->n ? bsearch(&key, d->v, d->n, sizeof(*d->v), cmp_duration) : NULL;
	return hit ? hit->seconds : -1;
}

void
durations_release(struct durations *d)
{
	free(d->v);
	memset(d, 0, sizeof(*d));
}
