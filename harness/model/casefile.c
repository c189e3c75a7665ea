/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model/casefile.h"

void
case_init(struct casefile *cf, const char *path, const char *abspath, const char *name,
          const char *buf, size_t len)
{
	memset(cf, 0, sizeof(*cf));
	cf->path = xstrdup(path);
	cf->abspath = xstrdup(abspath ? abspath : path);
	cf->name = xstrdup(name);
	cf->nlines = 1;
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\n' && i + 1 < len)
			cf->nlines++;
}

void
directive_release(struct directive *d)
{
	selector_free(d->sel);
	free(d->sel_text);
	free(d->regex);
	rx_free(d->re);
	free(d->flag);
	free(d->ref);
}

void
case_add_directive(struct casefile *cf, struct directive *d)
{
	xgrow((void **)&cf->dirs, &cf->capdirs, cf->ndirs + 1, sizeof(*cf->dirs));
	cf->dirs[cf->ndirs++] = *d;
	memset(d, 0, sizeof(*d));
}

void
case_unsupported(struct casefile *cf, int line, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (cf->unsupported)
		return;
	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	cf->unsupported = xasprintf("line %d: %s", line, msg);
	free(msg);
}

void
case_release(struct casefile *cf)
{
	for (size_t i = 0; i < cf->ndirs; i++)
		directive_release(&cf->dirs[i]);
	free(cf->dirs);
	free(cf->path);
	for (size_t i = 0; i < cf->noverview; i++)
		free(cf->overview[i].title);
	free(cf->overview);
	free(cf->abspath);
	free(cf->name);
	free(cf->title);
	free(cf->std);
	strvec_release(&cf->flags);
	strvec_release(&cf->sources);
	if (cf->dialect_data)
		cf->dialect_free(cf->dialect_data);
	selector_free(cf->requires);
	free(cf->requires_text);
	free(cf->unsupported);
	strvec_release(&cf->refs);
	memset(cf, 0, sizeof(*cf));
}

int
directive_matches(const struct directive *d, const char *msg, size_t len)
{
	if (!d->re)
		return 1;
	return rx_match(d->re, msg, len, 0) > 0;
}

static int
severity_fits(enum dkind k, enum severity s)
{
	switch (k) {
	case D_WARNING: return s == SEV_WARNING;
	case D_ERROR: return s == SEV_ERROR || s == SEV_FATAL;
	case D_NOTE: return s == SEV_NOTE;
	case D_DIAG:
	case D_KNOWN_FP: return s != SEV_NOTE;
	default: return 0;
	}
}

int
directive_place_fits(const struct casefile *cf, const struct directive *d, const struct diag *g)
{
	if (d->line == LINE_ANY)
		return 1;
	return g->file && g->line == d->line && !strcmp(g->file, cf->path);
}

int
directive_fits(const struct casefile *cf, const struct directive *d, const struct diag *g)
{
	if (!severity_fits(d->kind, g->sev) || !directive_place_fits(cf, d, g))
		return 0;
	if (d->flag && (!g->option || strcmp(d->flag, g->option)))
		return 0;
	if (d->col && g->col != d->col)
		return 0;
	return directive_matches(d, g->message, strlen(g->message));
}

void
describe_diag(struct strbuf *sb, const struct diag *g)
{
	if (g->file)
		sb_addf(sb, "line %d: ", g->line);
	sb_addf(sb, "%s '%s'", severity_name(g->sev), g->message);
	if (g->option)
		sb_addf(sb, " [%s]", g->option);
}

void
describe_directive(struct strbuf *sb, const struct directive *d)
{
	if (d->line != LINE_ANY)
		sb_addf(sb, "line %d: ", d->line);
	sb_addstr(sb, dkind_name(d->kind));
	if (d->regex)
		sb_addf(sb, " \"%s\"", d->regex);
	if (d->flag)
		sb_addf(sb, " [%s]", d->flag);
}

void
case_plain_flags(const struct casefile *cf, const struct sel_env *env, struct strvec *out)
{
	(void)env;
	strvec_append(out, &cf->flags);
}
