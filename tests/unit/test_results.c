/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <unistd.h>

#include "report/export.h"
#include "report/results.h"
#include "t.h"

static void
sample(struct results *r)
{
	/* what the parser makes of: case-title: a<TAB>title, case-ref: PR 1,
	 * and expect-warning "w\\t" [-Wfoo] on line 3 */
	struct rcase c = {
		.name = xstrdup("a.c"), .path = xstrdup("cases/a.c"), .title = xstrdup("a\ttitle"), .requires = xstrdup(""),
		.std = xstrdup(""), .flags = xstrdup(""), .dirs = calloc(1, sizeof(*c.dirs)), .ndirs = 1, .capdirs = 1,
	};
	struct rjob j = {0};

	memset(r, 0, sizeof(*r));
	strvec_push(&c.refs, "PR 1");
	c.overview = calloc(1, sizeof(*c.overview));
	c.noverview = c.capoverview = 1;
	c.overview[0] = (struct roverview){ .line = 3, .title = xstrdup("a\trow") };
	c.dirs[0] = (struct rdirective){ .kind = D_WARNING, .line = 3, .src_line = 3, .selector = xstrdup(""),
	                                 .regex = xstrdup("w\\\\t"), .flag = xstrdup("-Wfoo"), .ref = xstrdup("") };
	results_meta(r, "date", "2026-12-03T00:00:00Z");
	results_push_case(r, &c);
	r->tcs = calloc(1, sizeof(*r->tcs));
	r->ntcs = r->captcs = 1;
	r->tcs[0] = (struct rtoolchain){
		.compiler = xstrdup("gcc-12"), .family = xstrdup("gcc"), .target = xstrdup("x86-64"),
		.triple = xstrdup("x86_64-linux-gnu"), .version = xstrdup("12.2.0"), .status = TC_FOUND,
		.command = xstrdup("gcc-12"), .note = xstrdup(""), .root = xstrdup("trixie") };
	j.caseidx = 0;
	j.compiler = xstrdup("gcc-12");
	j.version = xstrdup("12.2.0");
	j.target = xstrdup("x86-64");
	j.profile = xstrdup("default");
	j.verdict = V_FAIL;
	j.reason = xstrdup("missing\tthings\nhere \\ there");
	j.command = xstrdup("LC_ALL=C gcc-12 -c cases/a.c -o /dev/null");
	j.outcomes = calloc(2, sizeof(*j.outcomes));
	j.outcomes[0] = OUT_MISSING;
	j.diags = calloc(1, sizeof(*j.diags));
	j.ndiags = j.capdiags = 1;
	j.diags[0] = (struct rdiag){ .file = xstrdup("cases/a.c"), .line = 3, .col = 5, .sev = SEV_WARNING,
	                             .option = xstrdup("-Wbar"), .count = 3, .status = ST_UNEXPECTED,
	                             .message = xstrdup("tab\there"), .fits = calloc(1, sizeof(size_t)), .nfits = 1 };
	j.diags[0].events = calloc(2, sizeof(*j.diags[0].events));
	j.diags[0].nevents = 2;
	j.diags[0].events[0] = (struct diagevent){ .file = xstrdup("a.h"), .line = 5, .col = 12,
	                                           .text = xstrdup("when the	condition is true") };
	j.diags[0].events[1] = (struct diagevent){ .line = 3, .text = xstrdup("warning happens here") };
	r->jobs = calloc(1, sizeof(*r->jobs));
	r->jobs[0] = j;
	r->njobs = r->capjobs = 1;
}

TEST(results_roundtrip)
{
	struct results r, back = {0};
	struct errlist errs = {0};
	char path[] = "/tmp/dm-results-XXXXXX";
	int fd = mkstemp(path);
	char *why = NULL;

	close(fd);
	sample(&r);
	CHECK(results_write(&r, path, &why) == 0);
	CHECK(results_read(&back, path, &errs) == 0);
	errlist_print(&errs, stderr);
	CHECK(back.ncases == 1 && back.njobs == 1 && back.ntcs == 1);
	if (back.ntcs == 1)
		CHECK_STR(back.tcs[0].root, "trixie");
	if (back.njobs == 1) {
		CHECK_STR(back.cases[0].title, "a\ttitle");
		CHECK_STR(back.cases[0].path, "cases/a.c");
		CHECK(back.cases[0].refs.n == 1 && back.cases[0].ndirs == 1);
		CHECK_STR(back.cases[0].dirs[0].regex, "w\\\\t");
		CHECK_STR(back.jobs[0].reason, "missing\tthings\nhere \\ there");
		CHECK(back.jobs[0].verdict == V_FAIL && back.jobs[0].outcomes[0] == OUT_MISSING);
		CHECK(back.jobs[0].ndiags == 1 && back.jobs[0].diags[0].count == 3);
		CHECK_STR(back.jobs[0].diags[0].message, "tab\there");
		CHECK(back.jobs[0].diags[0].nfits == 1 && back.jobs[0].diags[0].fits[0] == 0);
		CHECK(back.jobs[0].diags[0].nevents == 2);
		if (back.jobs[0].diags[0].nevents == 2) {
			const struct diagevent *e = back.jobs[0].diags[0].events;
			CHECK_STR(e[0].file, "a.h");
			CHECK(e[0].line == 5 && e[0].col == 12 && !e[1].file && e[1].line == 3 && !e[1].col);
			CHECK_STR(e[0].text, "when the\tcondition is true");
			CHECK_STR(e[1].text, "warning happens here");
		}
		CHECK(back.cases[0].noverview == 1 && back.cases[0].overview[0].line == 3);
		if (back.cases[0].noverview == 1)
			CHECK_STR(back.cases[0].overview[0].title, "a\trow");
		CHECK_STR(results_get_meta(&back, "date"), "2026-12-03T00:00:00Z");
	}
	results_release(&back);
	results_release(&r);
	unlink(path);
}

TEST(results_truncated)
{
	struct results r, back = {0};
	struct errlist errs = {0};
	char path[] = "/tmp/dm-results-XXXXXX";
	struct strbuf sb = {0};
	FILE *fp;
	int fd = mkstemp(path);
	char *why = NULL;

	close(fd);
	sample(&r);
	CHECK(results_write(&r, path, &why) == 0);
	CHECK(read_file(path, MAX_RESULTS_BYTES, &sb, NULL) == 0);
	fp = fopen(path, "w");
	fwrite(sb.buf, 1, sb.len - 6, fp);    /* drop the end record */
	fclose(fp);
	CHECK(results_read(&back, path, &errs) == -1);
	CHECK(errs.n == 1 && strstr(errs.v[0].msg, "truncated"));
	errlist_release(&errs);
	results_release(&back);
	fp = fopen(path, "w");
	fputs("not a results file\n", fp);
	fclose(fp);
	CHECK(results_read(&back, path, &errs) == -1 && errs.n == 1 && errs.v[0].line == 1);
	errlist_release(&errs);
	results_release(&back);
	/* an event belongs to a diag */
	for (int bad = 0; bad < 2; bad++) {
		static const char *const texts[] = { "event\ta.c\t1\t1\tx\n", "diag\ta.c\t1\t1\twarning\t\t1\tunexpected\tm\t\nevent\ta.c\t-1\t1\tx\n" };
		const char *job = strstr(sb.buf, "job\t"), *end = strstr(sb.buf, "end\t");
		const char *out = strchr(job, '\n') + 1, *after = strchr(out, '\n') + 1;
		fp = fopen(path, "w");
		fwrite(sb.buf, 1, (size_t)(after - sb.buf), fp);       /* header, job and out records */
		fputs(texts[bad], fp);
		fputs(end, fp);
		fclose(fp);
		CHECK(results_read(&back, path, &errs) == -1 && errs.n == 1 && strstr(errs.v[0].msg, "event record"));
		errlist_release(&errs);
		results_release(&back);
	}
	results_release(&r);
	sb_release(&sb);
	unlink(path);
}

/* A tree's unit keeps its tree and unit as fields of their own (version
 * 2); a version 1 file, which had none, has them from a tree unit's name,
 * and only a tree unit's (its path a YAML tree file). */
TEST(results_tree_fields)
{
	static const char *const files[] = {
		"diagmatrix-results\t2\ncase\tk:fs/qnx4/\ttrees/linux.yaml\tt\t\t\t\tk\tfs/qnx4/\nend\t0\n",
		"diagmatrix-results\t1\ncase\tk:fs/qnx4/\ttrees/linux.yaml\tt\t\t\t\nend\t0\n",
		"diagmatrix-results\t1\ncase\ta:b.c\tcases/a:b.c\tt\t\t\t\nend\t0\n",
		"diagmatrix-results\t2\ncase\tk:fs/qnx4/\ttrees/linux.yaml\tt\t\t\t\tk\nend\t0\n",
		"diagmatrix-results\t3\nend\t0\n",
	};
	static const char *const tree[] = { "k", "k", "", NULL, NULL }, *const unit[] = { "fs/qnx4/", "fs/qnx4/", "", NULL, NULL };

	for (size_t i = 0; i < LEN(files); i++) {
		struct results r = {0};
		struct errlist errs = {0};
		int st = results_parse(&r, "f", files[i], strlen(files[i]), &errs);
		if (tree[i]) {
			CHECK(st == 0 && r.ncases == 1);
			if (r.ncases == 1) {
				CHECK_STR(r.cases[0].tree, tree[i]);
				CHECK_STR(r.cases[0].unit, unit[i]);
			}
		} else {
			CHECK(st == -1 && errs.n == 1);
		}
		errlist_release(&errs);
		results_release(&r);
	}
}

TEST(export_formats)
{
	struct results r;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	sample(&r);
	fp = open_memstream(&buf, &len);
	export_tsv(fp, &r);
	fclose(fp);
	CHECK_STR(buf, "case\tcompiler\tversion\ttarget\tprofile\tline\tcolumn\tseverity\toption\tcount\tstatus\tmessage\tfile\n"
	               "a.c\tgcc-12\t12.2.0\tx86-64\tdefault\t3\t5\twarning\t-Wbar\t3\tunexpected\ttab\\there\tcases/a.c\n");
	free(buf);
	fp = open_memstream(&buf, &len);
	export_tap(fp, &r);
	fclose(fp);
	CHECK(!strncmp(buf, "TAP version 13\n1..1\nnot ok 1 - a.c gcc-12@x86-64 default\n  ---\n", 62));
	CHECK(strstr(buf, "  missing:\n    - \"line 3: expect-warning \\\"w\\\\\\\\t\\\" [-Wfoo]\"\n"));
	CHECK(strstr(buf, "  unexpected:\n    - \"cases/a.c:3:5: warning: tab\\there [-Wbar]\"\n"));
	CHECK(strstr(buf, "\n  ...\n"));
	free(buf);
	results_release(&r);
}
