#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results.h"

#define MAGIC "diagmatrix-results"
#define VERSION 1

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

static size_t
name_hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

long
results_find_case(const struct results *r, const char *name)
{
	if (!r->nslots)
		return -1;
	for (size_t h = name_hash(name) & (r->nslots - 1); r->case_slots[h]; h = (h + 1) & (r->nslots - 1))
		if (!strcmp(r->cases[r->case_slots[h] - 1].name, name))
			return (long)r->case_slots[h] - 1;
	return -1;
}

/* Append c to r->cases and to the hash of names. Returns its index. */
static size_t
push_case(struct results *r, const struct rcase *c)
{
	xgrow((void **)&r->cases, &r->capcases, r->ncases + 1, sizeof(*r->cases));
	r->cases[r->ncases++] = *c;
	if (2 * r->ncases > r->nslots) {
		free(r->case_slots);
		r->nslots = r->nslots ? 2 * r->nslots : 64;
		r->case_slots = xcalloc(r->nslots, sizeof(*r->case_slots));
		for (size_t i = 0; i + 1 < r->ncases; i++) {
			size_t h = name_hash(r->cases[i].name) & (r->nslots - 1);
			while (r->case_slots[h])
				h = (h + 1) & (r->nslots - 1);
			r->case_slots[h] = i + 1;
		}
	}
	{
		size_t h = name_hash(c->name) & (r->nslots - 1);
		while (r->case_slots[h])
			h = (h + 1) & (r->nslots - 1);
		r->case_slots[h] = r->ncases;
	}
	return r->ncases - 1;
}

static char *
dupor(const char *s)
{
	return xstrdup(s ? s : "");
}

size_t
results_add_case(struct results *r, const struct casefile *cf)
{
	struct rcase c = {0};
	struct strbuf flags = {0};

	c.name = xstrdup(cf->name);
	c.path = xstrdup(cf->path);
	c.title = xstrdup(cf->title);
	c.requires = dupor(cf->requires_text);
	c.std = dupor(cf->std);
	shell_quote_all(&flags, &cf->flags);
	c.flags = sb_detach(&flags);
	strvec_append(&c.refs, &cf->refs);
	c.dirs = xcalloc(cf->ndirs + 1, sizeof(*c.dirs));
	c.ndirs = c.capdirs = cf->ndirs;
	for (size_t i = 0; i < cf->ndirs; i++) {
		const struct directive *d = &cf->dirs[i];
		struct rdirective *rd = &c.dirs[i];
		rd->kind = d->kind;
		rd->line = d->line;
		rd->src_line = d->src_line;
		rd->selector = dupor(d->sel_text);
		rd->regex = dupor(d->regex);
		rd->flag = dupor(d->flag);
		rd->ref = dupor(d->ref);
	}
	return push_case(r, &c);
}

/* ---- writing ---- */

static void
put_field(FILE *fp, const char *s)
{
	fputc('\t', fp);
	for (; s && *s; s++) {
		switch (*s) {
		case '\t': fputs("\\t", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\r': fputs("\\r", fp); break;
		case '\\': fputs("\\\\", fp); break;
		default: fputc(*s, fp);
		}
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

/* Everything but the jobs. */
static void
write_head(const struct results *r, FILE *fp)
{
	fprintf(fp, "%s\t%d\n", MAGIC, VERSION);
	write_meta(r, 0, fp);
	for (size_t i = 0; i < r->ntcs; i++) {
		const struct rtoolchain *t = &r->tcs[i];
		fputs("toolchain", fp);
		put_field(fp, t->compiler);
		put_field(fp, t->family);
		put_field(fp, t->target);
		put_field(fp, t->triple);
		put_field(fp, t->version);
		put_field(fp, t->status);
		put_field(fp, t->command);
		put_field(fp, t->note);
		put_field(fp, t->root);
		fputc('\n', fp);
	}
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
		fputc('\n', fp);
		for (size_t k = 0; k < c->refs.n; k++) {
			fputs("ref", fp);
			put_field(fp, c->refs.v[k]);
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
			fputc('\n', fp);
		}
	}
}

int
results_writer_begin(struct results_writer *w, const char *out, const struct results *r, const char **why)
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
		*why = strerror(errno);
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
		*why = strerror(e);
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
results_writer_end(struct results_writer *w, const struct results *r, const char **why)
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
	*why = e ? strerror(e) : NULL;
	return e ? -1 : 0;
}

int
results_write(const struct results *r, const char *path, const char **why)
{
	struct results_writer w;

	if (results_writer_begin(&w, path, r, why) < 0)
		return -1;
	for (size_t i = 0; i < r->njobs; i++)
		results_writer_job(&w, r, &r->jobs[i]);
	return results_writer_end(&w, r, why);
}

/* ---- reading ---- */

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
	const char *why;
	int st;

	if (read_file(path, MAX_RESULTS_BYTES, &sb, &why) < 0) {
		errlist_add(errs, path, 0, 0, "cannot read: %s", why);
		sb_release(&sb);
		return -1;
	}
	st = results_parse(r, path, sb.buf, sb.len, errs);
	sb_release(&sb);
	return st;
}

int
results_parse(struct results *r, const char *path, const char *buf, size_t len, struct errlist *errs)
{
	struct strbuf sb = {0};
	char *line, *next;
	int lineno = 0, nerr0 = (int)errs->n, seen_end = 0;
	size_t jobs0 = r->njobs;
	long cur_case = -1;
	struct rjob *cur_job = NULL;
	char **f = NULL;        /* the fields of the line being read */
	size_t capf = 0, src;

	xgrow((void **)&f, &capf, 16, sizeof(*f));
	strvec_push(&r->sources, path);
	src = r->sources.n - 1;
	sb_add(&sb, buf, len);
	if (memchr(buf, 0, len)) {
		errlist_add(errs, path, 0, 0, "not a diagmatrix results file (NUL byte)");
		goto out;
	}
#define BAD(...) do { errlist_add(errs, path, lineno, 1, __VA_ARGS__); goto out; } while (0)
	for (line = sb.buf; *line; line = next) {
		size_t n;
		long a, b, c;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		else
			next = line + strlen(line);
		lineno++;
		n = split_fields(line, &f, &capf);
		if (lineno == 1) {
			if (n != 2 || strcmp(f[0], MAGIC) || strcmp(f[1], "1"))
				BAD("not a diagmatrix results file (version %d)", VERSION);
			continue;
		}
		if (seen_end)
			BAD("data after the end record");
		if (!strcmp(f[0], "meta") && n == 3) {
			if (!results_get_meta(r, f[1]))
				results_meta(r, f[1], f[2]);
		} else if (!strcmp(f[0], "toolchain") && (n == 9 || n == 10)) {
			struct rtoolchain t;
			size_t k;
			for (k = 0; k < r->ntcs; k++)
				if (!strcmp(r->tcs[k].compiler, f[1]) && !strcmp(r->tcs[k].target, f[3]))
					break;
			if (k < r->ntcs) {
				const struct rtoolchain *o = &r->tcs[k];
				if (strcmp(o->version, f[5]) || strcmp(o->command, f[7]) || strcmp(o->triple, f[4]) ||
				    strcmp(o->root, n > 9 ? f[9] : ""))
					BAD("toolchain %s@%s is not the one in %s (version '%s', command %s there; '%s', %s here)",
					    f[1], f[3], r->sources.v[o->source], o->version, o->command, f[5], f[7]);
				continue;
			}
			t.compiler = xstrdup(f[1]);
			t.family = xstrdup(f[2]);
			t.target = xstrdup(f[3]);
			t.triple = xstrdup(f[4]);
			t.version = xstrdup(f[5]);
			t.status = xstrdup(f[6]);
			t.command = xstrdup(f[7]);
			t.note = xstrdup(f[8]);
			t.root = xstrdup(n > 9 ? f[9] : "");
			t.source = src;
			xgrow((void **)&r->tcs, &r->captcs, r->ntcs + 1, sizeof(*r->tcs));
			r->tcs[r->ntcs++] = t;
		} else if (!strcmp(f[0], "profile") && n == 3) {
			size_t k;
			for (k = 0; k < r->nprofiles; k++)
				if (!strcmp(r->profiles[k].name, f[1]))
					break;
			if (k < r->nprofiles) {
				if (strcmp(r->profiles[k].flags, f[2]))
					BAD("profile %s has other flags in %s", f[1], r->sources.v[r->profiles[k].source]);
				continue;
			}
			xgrow((void **)&r->profiles, &r->capprofiles, r->nprofiles + 1, sizeof(*r->profiles));
			r->profiles[r->nprofiles].source = src;
			r->profiles[r->nprofiles].name = xstrdup(f[1]);
			r->profiles[r->nprofiles++].flags = xstrdup(f[2]);
		} else if (!strcmp(f[0], "case") && n == 7) {
			long k = results_find_case(r, f[1]);
			if (k < 0) {
				struct rcase cs = {0};
				cs.name = xstrdup(f[1]);
				cs.path = xstrdup(f[2]);
				cs.title = xstrdup(f[3]);
				cs.requires = xstrdup(f[4]);
				cs.std = xstrdup(f[5]);
				cs.flags = xstrdup(f[6]);
				cs.source = src;
				k = (long)push_case(r, &cs);
				cur_case = k;
			} else {
				const struct rcase *o = &r->cases[k];
				if (strcmp(o->path, f[2]) || strcmp(o->requires, f[4]) || strcmp(o->std, f[5]) ||
				    strcmp(o->flags, f[6]))
					BAD("case %s is not the one in %s", f[1], r->sources.v[o->source]);
				cur_case = -2;  /* known: its refs and directives are already there */
			}
		} else if (!strcmp(f[0], "ref") && n == 2) {
			if (cur_case == -1)
				BAD("ref record before any case");
			if (cur_case >= 0)
				strvec_push(&r->cases[cur_case].refs, f[1]);
		} else if (!strcmp(f[0], "dir") && n == 8) {
			struct rdirective d;
			int kind = dkind_parse(f[1]);
			if (cur_case == -1)
				BAD("dir record before any case");
			if (kind < 0 || to_int(f[2], &a) || to_int(f[3], &b))
				BAD("malformed dir record");
			if (cur_case < 0)
				continue;
			d.kind = (enum dkind)kind;
			d.line = (int)a;
			d.src_line = (int)b;
			d.selector = xstrdup(f[4]);
			d.regex = xstrdup(f[5]);
			d.flag = xstrdup(f[6]);
			d.ref = xstrdup(f[7]);
			{
				struct rcase *cs = &r->cases[cur_case];
				xgrow((void **)&cs->dirs, &cs->capdirs, cs->ndirs + 1, sizeof(*cs->dirs));
				cs->dirs[cs->ndirs++] = d;
			}
		} else if (!strcmp(f[0], "job") && n == 12) {
			struct rjob j = {0};
			long k = results_find_case(r, f[1]);
			int v = verdict_parse(f[6]);
			if (k < 0)
				BAD("job for unknown case '%s'", f[1]);
			if (v < 0 || to_int(f[7], &a) || to_int(f[8], &b))
				BAD("malformed job record");
			j.caseidx = (size_t)k;
			j.compiler = xstrdup(f[2]);
			j.version = xstrdup(f[3]);
			j.target = xstrdup(f[4]);
			j.profile = xstrdup(f[5]);
			j.verdict = (enum verdict)v;
			j.exit_code = (int)a;
			j.signal = (int)b;
			j.seconds = strtod(f[9], NULL);
			j.reason = xstrdup(f[10]);
			j.command = xstrdup(f[11]);
			j.source = src;
			xgrow((void **)&r->jobs, &r->capjobs, r->njobs + 1, sizeof(*r->jobs));
			r->jobs[r->njobs] = j;
			cur_job = &r->jobs[r->njobs++];
			cur_case = -1;
		} else if (!strcmp(f[0], "out")) {
			size_t nd;
			if (!cur_job || cur_job->outcomes)
				BAD("out record without a job");
			nd = r->cases[cur_job->caseidx].ndirs;
			if (n - 1 != nd && !(nd == 0 && n == 1))
				BAD("out record has %zu outcomes, the case has %zu directives", n - 1, nd);
			cur_job->outcomes = xcalloc(nd + 1, sizeof(*cur_job->outcomes));
			for (size_t k = 0; k < nd; k++) {
				int o = outcome_parse(f[k + 1]);
				if (o < 0)
					BAD("unknown outcome '%s'", f[k + 1]);
				cur_job->outcomes[k] = (enum outcome)o;
			}
		} else if (!strcmp(f[0], "diag") && n == 9) {
			struct rdiag g;
			int sev = severity_parse(f[4]), st = dstatus_parse(f[7]);
			if (!cur_job)
				BAD("diag record without a job");
			if (sev < 0 || st < 0 || to_int(f[2], &a) || to_int(f[3], &b) || to_int(f[6], &c) || c < 1)
				BAD("malformed diag record");
			g.file = xstrdup(f[1]);
			g.line = (int)a;
			g.col = (int)b;
			g.sev = (enum severity)sev;
			g.option = xstrdup(f[5]);
			g.count = (unsigned)c;
			g.status = (enum dstatus)st;
			g.message = xstrdup(f[8]);
			xgrow((void **)&cur_job->diags, &cur_job->capdiags, cur_job->ndiags + 1, sizeof(*cur_job->diags));
			cur_job->diags[cur_job->ndiags++] = g;
		} else if (!strcmp(f[0], "end") && n == 2) {
			if (to_int(f[1], &a) || (size_t)a != r->njobs - jobs0)
				BAD("end record counts %s jobs, the file has %zu", f[1], r->njobs - jobs0);
			seen_end = 1;
		} else {
			BAD("malformed '%s' record", f[0]);
		}
		if (cur_job && strcmp(f[0], "job") && strcmp(f[0], "out") && strcmp(f[0], "diag") &&
		    strcmp(f[0], "end") && strcmp(f[0], "meta"))
			BAD("'%s' record after the jobs", f[0]);
	}
	if (!seen_end && (int)errs->n == nerr0)
		errlist_add(errs, path, lineno, 1, "truncated results file (no end record)");
out:
#undef BAD
	free(f);
	for (size_t i = jobs0; i < r->njobs; i++)
		if (!r->jobs[i].outcomes)
			r->jobs[i].outcomes = xcalloc(r->cases[r->jobs[i].caseidx].ndirs + 1, sizeof(enum outcome));
	sb_release(&sb);
	return (int)errs->n == nerr0 ? 0 : -1;
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
		free(t->status);
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
		strvec_release(&c->refs);
		for (size_t k = 0; k < c->ndirs; k++) {
			free(c->dirs[k].selector);
			free(c->dirs[k].regex);
			free(c->dirs[k].flag);
			free(c->dirs[k].ref);
		}
		free(c->dirs);
	}
	free(r->cases);
	free(r->case_slots);
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

void
results_sort_jobs(struct results *r)
{
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
