#include <string.h>

#include "export.h"

static void
tsv_field(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '\t')
			fputs("\\t", fp);
		else if (*s == '\n')
			fputs("\\n", fp);
		else if (*s == '\r')
			fputs("\\r", fp);
		else
			fputc(*s, fp);
	}
}

void
export_tsv(FILE *fp, const struct results *r)
{
	fputs("case\tcompiler\tversion\ttarget\tprofile\tline\tcolumn\tseverity\toption\tcount\tstatus\tmessage\n", fp);
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		for (size_t k = 0; k < j->ndiags; k++) {
			const struct rdiag *g = &j->diags[k];
			tsv_field(fp, r->cases[j->caseidx].name);
			fputc('\t', fp);
			tsv_field(fp, j->compiler);
			fputc('\t', fp);
			tsv_field(fp, j->version);
			fputc('\t', fp);
			tsv_field(fp, j->target);
			fputc('\t', fp);
			tsv_field(fp, j->profile);
			fprintf(fp, "\t%d\t%d\t%s\t", g->line, g->col, severity_name(g->sev));
			tsv_field(fp, *g->option ? g->option : "-");
			fprintf(fp, "\t%u\t%s\t", g->count, dstatus_name(g->status));
			tsv_field(fp, g->message);
			fputc('\n', fp);
		}
	}
}

/* A YAML double-quoted scalar. */
static void
yaml_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c < 0x20 || c == 0x7f)
			fprintf(fp, "\\x%02x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

static void
tap_name(FILE *fp, const struct results *r, const struct rjob *j)
{
	const char *parts[] = { r->cases[j->caseidx].name, " ", j->compiler, "@", j->target, " ", j->profile };
	for (size_t i = 0; i < LEN(parts); i++) {
		for (const char *s = parts[i]; *s; s++) {
			if (*s == '#' || *s == '\\')
				fputc('\\', fp);
			fputc(*s == '\n' ? ' ' : *s, fp);
		}
	}
}

void
describe_rdirective(struct strbuf *sb, const struct rdirective *d)
{
	if (d->line != LINE_ANY)
		sb_addf(sb, "line %d: ", d->line);
	else if (d->kind != D_NO_DIAGNOSTICS)
		sb_addstr(sb, "any line: ");
	sb_addstr(sb, dkind_name(d->kind));
	if (*d->selector)
		sb_addf(sb, " {%s}", d->selector);
	if (d->kind != D_CLEAN && d->kind != D_NO_DIAGNOSTICS)
		sb_addf(sb, " \"%s\"", d->regex);
	if (*d->flag)
		sb_addf(sb, " [%s]", d->flag);
}

void
export_tap(FILE *fp, const struct results *r)
{
	struct strbuf sb = {0};

	fputs("TAP version 13\n", fp);
	fprintf(fp, "1..%zu\n", r->njobs);
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		const struct rcase *c = &r->cases[j->caseidx];
		int nmiss = 0, nunexp = 0;

		switch (j->verdict) {
		case V_PASS:
			fprintf(fp, "ok %zu - ", i + 1);
			tap_name(fp, r, j);
			fputc('\n', fp);
			continue;
		case V_SKIP:
		case V_NA:
			fprintf(fp, "ok %zu - ", i + 1);
			tap_name(fp, r, j);
			fprintf(fp, " # SKIP %s: ", verdict_name(j->verdict));
			for (const char *s = j->reason; *s; s++)
				fputc(*s == '\n' ? ' ' : *s, fp);
			fputc('\n', fp);
			continue;
		case V_FAIL:
		case V_ERROR:
			break;
		}
		fprintf(fp, "not ok %zu - ", i + 1);
		tap_name(fp, r, j);
		fputs("\n  ---\n", fp);
		fprintf(fp, "  verdict: %s\n", verdict_name(j->verdict));
		if (*j->reason) {
			fputs("  reason: ", fp);
			yaml_str(fp, j->reason);
			fputc('\n', fp);
		}
		for (size_t k = 0; k < c->ndirs; k++) {
			if (j->outcomes[k] != OUT_MISSING && j->outcomes[k] != OUT_DIRTY)
				continue;
			if (!nmiss++)
				fputs("  missing:\n", fp);
			sb_reset(&sb);
			describe_rdirective(&sb, &c->dirs[k]);
			if (j->outcomes[k] == OUT_DIRTY)
				sb_addstr(&sb, " (something fired)");
			fputs("    - ", fp);
			yaml_str(fp, sb_str(&sb));
			fputc('\n', fp);
		}
		for (size_t k = 0; k < j->ndiags; k++) {
			const struct rdiag *g = &j->diags[k];
			if (g->status != ST_UNEXPECTED)
				continue;
			if (!nunexp++)
				fputs("  unexpected:\n", fp);
			sb_reset(&sb);
			if (*g->file)
				sb_addf(&sb, "%s:%d:%d: ", g->file, g->line, g->col);
			sb_addf(&sb, "%s: %s", severity_name(g->sev), g->message);
			if (*g->option)
				sb_addf(&sb, " [%s]", g->option);
			fputs("    - ", fp);
			yaml_str(fp, sb_str(&sb));
			fputc('\n', fp);
		}
		fputs("  command: ", fp);
		yaml_str(fp, j->command);
		fputs("\n  ...\n", fp);
	}
	sb_release(&sb);
}
