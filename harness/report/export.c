/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "report/export.h"

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
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)        /* no escape sequence reaches a terminal */
			fprintf(fp, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, fp);
	}
}

void
export_tsv(FILE *fp, const struct results *r)
{
	fputs("case\tcompiler\tversion\ttarget\tprofile\tline\tcolumn\tseverity\toption\tcount\tstatus\tmessage\tfile\n", fp);
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
			fputc('\t', fp);
			tsv_field(fp, *g->file ? g->file : "-");
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
		else if (c == 0xc2 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0x9f)
			fprintf(fp, "\\u%04x", (unsigned char)*++s);
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
			/* one line, and no escape sequence for a terminal */
			fputc((unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s, fp);
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
			if (j->outcomes[k] != OUT_MISSING && j->outcomes[k] != OUT_DIRTY && j->outcomes[k] != OUT_XPASS)
				continue;
			if (!nmiss++)
				fputs("  missing:\n", fp);
			sb_reset(&sb);
			describe_rdirective(&sb, &c->dirs[k]);
			if (j->outcomes[k] == OUT_DIRTY)
				sb_addstr(&sb, " (something fired)");
			else if (j->outcomes[k] == OUT_XPASS)
				sb_addstr(&sb, " (XPASS: marked xfail, but it held)");
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

/* Length of the valid UTF-8 sequence at s, or 0. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef) n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4) n = 4, cp = s[0] & 0x07;
	else return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* XML character data: escaped, control characters and invalid UTF-8
 * (which XML cannot hold) replaced by U+FFFD. */
static void
xml_text(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n = utf8_len(p);
		if (!n || (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')) {
			fputs("\xef\xbf\xbd", fp);
			p++;
			continue;
		}
		switch (*p) {
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '&': fputs("&amp;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\n': fputs("&#10;", fp); break;
		default: fwrite(p, 1, n, fp);
		}
		p += n;
	}
}

void
export_junit(FILE *fp, const struct results *r)
{
	size_t counts[5] = {0};
	struct strbuf sb = {0};

	for (size_t i = 0; i < r->njobs; i++)
		counts[r->jobs[i].verdict]++;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuites name=\"diagmatrix\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
	        r->njobs, counts[V_FAIL], counts[V_ERROR], counts[V_SKIP] + counts[V_NA]);
	for (size_t i = 0; i < r->njobs;) {
		size_t ci = r->jobs[i].caseidx, e = i, c[5] = {0};
		double secs = 0;
		while (e < r->njobs && r->jobs[e].caseidx == ci) {
			c[r->jobs[e].verdict]++;
			secs += r->jobs[e].seconds;
			e++;
		}
		fputs("  <testsuite name=\"", fp);
		xml_text(fp, r->cases[ci].name);
		fprintf(fp, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
		        e - i, c[V_FAIL], c[V_ERROR], c[V_SKIP] + c[V_NA], secs);
		for (; i < e; i++) {
			const struct rjob *j = &r->jobs[i];
			fputs("    <testcase classname=\"", fp);
			xml_text(fp, r->cases[ci].name);
			fputs("\" name=\"", fp);
			sb_reset(&sb);
			sb_addf(&sb, "%s@%s %s", j->compiler, j->target, j->profile);
			xml_text(fp, sb_str(&sb));
			fprintf(fp, "\" time=\"%.3f\"", j->seconds);
			if (j->verdict == V_PASS) {
				fputs("/>\n", fp);
				continue;
			}
			fputs(">\n      <", fp);
			fputs(j->verdict == V_FAIL ? "failure" : j->verdict == V_ERROR ? "error" : "skipped", fp);
			fputs(" message=\"", fp);
			xml_text(fp, *j->reason ? j->reason : verdict_name(j->verdict));
			if (j->verdict == V_SKIP || j->verdict == V_NA) {
				fputs("\"/>\n    </testcase>\n", fp);
				continue;
			}
			fputs("\">", fp);
			xml_text(fp, j->command);
			fprintf(fp, "</%s>\n    </testcase>\n", j->verdict == V_FAIL ? "failure" : "error");
		}
		fputs("  </testsuite>\n", fp);
	}
	fputs("</testsuites>\n", fp);
	sb_release(&sb);
}

void
export_json_str(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', fp);
	while (*p) {
		size_t n = utf8_len(p);
		if (!n) {
			fputs("\\ufffd", fp);
			p++;
			continue;
		}
		if (*p == '"' || *p == '\\')
			fprintf(fp, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", fp);
		else if (*p == '\t')
			fputs("\\t", fp);
		else if (*p < 0x20)
			fprintf(fp, "\\u%04x", *p);
		else
			fwrite(p, 1, n, fp);
		p += n;
	}
	fputc('"', fp);
}

void
export_jsonl(FILE *fp, const struct results *r)
{
	for (size_t i = 0; i < r->njobs; i++) {
		const struct rjob *j = &r->jobs[i];
		for (size_t k = 0; k < j->ndiags; k++) {
			const struct rdiag *g = &j->diags[k];
			fputs("{\"case\":", fp);
			export_json_str(fp, r->cases[j->caseidx].name);
			fputs(",\"compiler\":", fp);
			export_json_str(fp, j->compiler);
			fputs(",\"version\":", fp);
			export_json_str(fp, j->version);
			fputs(",\"target\":", fp);
			export_json_str(fp, j->target);
			fputs(",\"profile\":", fp);
			export_json_str(fp, j->profile);
			fprintf(fp, ",\"line\":%d,\"column\":%d,\"severity\":\"%s\",\"option\":", g->line, g->col,
			        severity_name(g->sev));
			if (*g->option)
				export_json_str(fp, g->option);
			else
				fputs("null", fp);
			fprintf(fp, ",\"count\":%u,\"status\":\"%s\",\"message\":", g->count, dstatus_name(g->status));
			export_json_str(fp, g->message);
			fputs(",\"file\":", fp);
			if (*g->file)
				export_json_str(fp, g->file);
			else
				fputs("null", fp);
			fputs("}\n", fp);
		}
	}
}
