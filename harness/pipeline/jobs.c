/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700     /* realpath */
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/dialect.h"
#include "model/userflags.h"
#include "pipeline/jobs.h"
#include "sandbox/box.h"
#include "sandbox/trust.h"

static char *refusal(const struct job *j, const struct config *cfg, const struct probeset *ps,
                     const struct casefile *cf, char **place);

struct sel_env
job_env(const struct job *j, const struct config *cfg, const struct probeset *ps)
{
	const struct compiler *c = &cfg->compilers[j->compiler];
	struct sel_env env;

	env.family = c->family;
	memcpy(env.version, ps->v[j->probe].ver, sizeof(env.version));
	env.arch = tc_target(cfg, c, j->tc)->arch;
	env.profile = cfg->profiles[j->profile].name;
	env.triple = tc_target(cfg, c, j->tc)->triple;
	env.etargets = ps->v[j->probe].etargets;
	return env;
}

char *
job_reason(const struct job *j, const struct config *cfg, const struct probeset *ps, const struct casefile *cases)
{
	const struct probe *pr = &ps->v[j->probe];
	const struct profile *p = &cfg->profiles[j->profile];
	struct sel_env env = job_env(j, cfg, ps);
	const struct cond_flags *except = profile_except(p, &env);

	if (j->pre == V_ERROR && !pr->broken) {
		char *place = NULL, *why = refusal(j, cfg, ps, &cases[j->caseidx], &place), *r;
		r = xasprintf("untrusted case: %s%s%s (run with --trusted-cases to allow it)", place ? place : "",
		              place ? ": " : "", why ? why : "?");
		free(place);
		free(why);
		return r;
	}
	if (j->pre == V_NA && except)
		return xasprintf("profile %s is not for {%s}", p->name, except->when_text);
	if (j->pre == V_NA && cases[j->caseidx].unsupported)
		return xasprintf("not supported: %s", cases[j->caseidx].unsupported);
	if (j->pre == V_NA)
		return xasprintf(cases[j->caseidx].dialect->requires_reason, cases[j->caseidx].requires_text);
	if (pr->package)
		return xasprintf("%s (apt-get install %s)", pr->note, pr->package);
	return xstrdup(pr->note ? pr->note : "not installed");
}

/* The flags that keep compiler output to one line per message. */
static void
plain_output_flags(enum family family, const struct probe *pr, struct strvec *av)
{
	if (family == FAMILY_CLANG) {
		strvec_push(av, "-fno-caret-diagnostics");
		strvec_push(av, "-fno-color-diagnostics");
		/* a crash is a result; its reproducer files in /tmp are litter */
		strvec_push(av, "-fno-crash-diagnostics");
	} else if (pr->ver[0] >= 11) {
		strvec_push(av, "-fdiagnostics-plain-output");
	} else {
		strvec_push(av, "-fno-diagnostics-show-caret");
		strvec_push(av, "-fdiagnostics-color=never");
	}
}

/* The case's path as a word the compiler cannot read as an option: one
 * that begins with '-' (--cases -fdump-tree-all=x.c) is given as ./PATH. */
static void
push_file(struct strvec *av, const char *file)
{
	if (file[0] == '-')
		strvec_push_nocopy(av, xasprintf("./%s", file));
	else
		strvec_push(av, file);
}

void
job_argv(const struct job *j, const struct config *cfg, const struct probeset *ps,
         const struct casefile *cases, struct strvec *av)
{
	static const char *const mode_flag[] = {
		[MODE_OBJECT] = "-c", [MODE_ASSEMBLY] = "-S", [MODE_PREPROCESS] = "-E", [MODE_LINK] = "-c",
		[MODE_SYNTAX] = "-fsyntax-only",
	};
	const struct compiler *c = &cfg->compilers[j->compiler];
	const struct toolchain *t = &c->tcs[j->tc];
	const struct profile *p = &cfg->profiles[j->profile];
	const struct casefile *cf = &cases[j->caseidx];
	/* runtest names the file first but for dg-do assemble (which matters
	 * to -x), and puts the plain-output flags before the test's own */
	int plain_first = cf->dialect->file_first;
	int file_first = plain_first && cf->mode != MODE_OBJECT;
	const char *file = job_case_path(cf);
	struct sel_env env;

	config_command(cfg, c, t, av);
	if (file_first)
		push_file(av, file);
	if (plain_first)
		plain_output_flags(c->family, &ps->v[j->probe], av);
	env = job_env(j, cfg, ps);
	profile_flags(cfg, p, &env, av);
	strvec_append(av, &c->flags);
	strvec_append(av, &t->flags);
	if (cf->std)
		strvec_push_nocopy(av, xasprintf("-std=%s", cf->std));
	cf->dialect->flags(cf, &env, av);
	/* try's: the build's, then the user's own, whose -O and -std win */
	strvec_append(av, &cfg->build_keep);
	strvec_append(av, &ps->v[j->probe].build_flags);
	strvec_append(av, &cfg->user_flags);
	if (!plain_first)
		plain_output_flags(c->family, &ps->v[j->probe], av);
	/* what the compile read, for the cache (dialect.h): the rule on
	 * standard output, which nothing else there uses */
	if (cf->dialect->follows_inputs) {
		strvec_push(av, "-MD");
		strvec_push(av, "-MF");
		strvec_push(av, "-");
	}
	strvec_push(av, mode_flag[cf->mode]);
	if (!file_first)
		push_file(av, file);
	/* dg-do link with dg-additional-sources: runtest links them into one
	 * program; compiled with -c instead, each object lands in the job's
	 * scratch directory, as no -o can name them all */
	if (cf->mode == MODE_LINK && cf->sources.n)
		return;
	strvec_push(av, "-o");
	strvec_push(av, "/dev/null");
}

const char *
job_case_path(const struct casefile *cf)
{
	return cf->dialect->in_scratch || cf->dialect->follows_inputs ? cf->abspath : cf->path;
}

/* The directory of the case's file (its real path, as loaded), or NULL.
 * Allocated. */
static char *
case_dir(const struct casefile *cf)
{
	const char *slash = strrchr(cf->abspath, '/');

	if (cf->abspath[0] != '/' || !slash || slash == cf->abspath)
		return NULL;
	return xstrndup(cf->abspath, (size_t)(slash - cf->abspath));
}


void
job_bounds(struct strvec *av, unsigned file_mib)
{
	unsigned long long cpu = job_bound(RLIMIT_CPU, JOB_CPU_SECONDS + 5, 1);

	/* no more than the harness's own hard limits (ulimit), which a child
	 * cannot raise: the bounds it can set, not none */
	strvec_push(av, "prlimit");
	strvec_push_nocopy(av, xasprintf("--as=%llu", job_bound(RLIMIT_AS, JOB_MEMORY_MIB, 1 << 20) << 20));
	strvec_push_nocopy(av, xasprintf("--cpu=%llu:%llu", cpu > 5 ? cpu - 5 : cpu, cpu));
	strvec_push_nocopy(av, xasprintf("--fsize=%llu", job_bound(RLIMIT_FSIZE, file_mib, 1 << 20) << 20));
	strvec_push(av, "--core=0");
	strvec_push(av, "--");
}

/* Does compiler c run in a sandbox: its root's, or the host's? */
static int
sandboxed(const struct compiler *c, const struct probeset *ps)
{
	return c->root >= 0 || ps->sandbox;
}

void
job_enter(const struct job *j, const struct config *cfg, const struct probeset *ps,
          const struct casefile *cases, const char *scratch, struct strvec *av)
{
	const struct casefile *cf = &cases[j->caseidx];
	const struct compiler *c = &cfg->compilers[j->compiler];
	int in_scratch = cf->dialect->in_scratch;
	struct strvec ro = {0};
	char *dir;

	job_bounds(av, JOB_FILE_MIB);
	if (!sandboxed(c, ps)) {
		/* no sandbox to end what the job started with the harness: a
		 * compiler left behind by a killed harness (blocked on a FIFO a
		 * case includes) ends at its own deadline */
		strvec_push(av, "timeout");
		strvec_push(av, "-s");
		strvec_push(av, "KILL");
		strvec_push_nocopy(av, xasprintf("%.0f", c->timeout + 10));
		return;
	}
	/* the case's directory, where the compiler reads it and what it
	 * includes; the case's file alone where the jobs' user could not
	 * enter the directory (jobs.h) */
	if ((dir = case_dir(cf)) && !job_can_enter(dir)) {
		free(dir);
		dir = xstrdup(cf->abspath);
	}
	if (dir)
		strvec_push_nocopy(&ro, dir);
	strvec_append(&ro, &cfg->user_binds);
	probe_enter(cfg, ps, &ps->v[j->probe], &ro, scratch, in_scratch ? scratch : NULL, av);
	strvec_release(&ro);
}

/* The flags of job j that come from its case. */
static void
case_flags(const struct job *j, const struct config *cfg, const struct probeset *ps,
           const struct casefile *cf, struct strvec *out)
{
	struct sel_env env = job_env(j, cfg, ps);

	cf->dialect->flags(cf, &env, out);
}

int
job_names_paths(const struct job *j, const struct config *cfg, const struct probeset *ps,
                const struct casefile *cases)
{
	struct strvec flags = {0};
	int r;

	case_flags(j, cfg, ps, &cases[j->caseidx], &flags);
	strvec_append(&flags, &cfg->build_keep);
	strvec_append(&flags, &ps->v[j->probe].build_flags);
	strvec_append(&flags, &cfg->user_flags);
	r = userflags_name_paths(&flags);
	strvec_release(&flags);
	return r;
}

/* "FILE:LINE:COL" of word in cf's file, or cf's path where it is not
 * there (a DejaGnu driver's default flag). Allocated. */
static char *
flag_place(const struct casefile *cf, const char *word)
{
	struct strbuf buf = {0};
	int line = 0, col = 0;

	if (read_file(cf->abspath, MAX_CASE_BYTES, &buf, NULL) == 0)
		trust_place(sb_str(&buf), buf.len, word, &line, &col);
	sb_release(&buf);
	return line ? xasprintf("%s:%d:%d", cf->path, line, col) : xstrdup(cf->path);
}

/* Why an untrusted case may not run job j (trust.h), or NULL; place
 * (unless NULL): where the refused flag is written (flag_place). The
 * words checked are those the compiler will get from the case: its
 * case-std and its dialect's flags for this job. */
static char *
refusal(const struct job *j, const struct config *cfg, const struct probeset *ps, const struct casefile *cf,
        char **place)
{
	struct strvec flags = {0};
	char *dir, *why = NULL;
	const char *word = NULL;

	if (cfg->trusted_cases)
		return NULL;
	if (cf->std)
		strvec_push_nocopy(&flags, xasprintf("-std=%s", cf->std));
	case_flags(j, cfg, ps, cf, &flags);
	if (flags.n) {
		dir = case_dir(cf);
		/* DejaGnu files compile in the scratch directory, which holds
		 * only this run's own output: a relative path is judged as if
		 * it were the case directory's */
		struct trust_where w = {
			dir ? dir : "/nonexistent", cf->dialect->in_scratch && dir ? dir : ps->cwd, NULL,
			cfg->compilers[j->compiler].root >= 0 || ps->sandbox,
		};
		why = trust_refusal(&flags, &w, &word);
		/* -std=VALUE is found in the file as case-std's VALUE */
		if (why && place)
			*place = flag_place(cf, cf->std && word == flags.v[0] ? cf->std : word);
		free(dir);
	}
	strvec_release(&flags);
	return why;
}

/* Does profile p make jobs of cf? Another compiler's test file gets only
 * the flags it asks for (the as-written profile), unless the run names
 * profiles; a case of ours gets every configured profile. */
static int
profile_applies(const struct config *cfg, size_t p, const struct casefile *cf, const struct config_filter *f)
{
	if (!config_keeps(&f->profiles, cfg->profiles[p].name))
		return 0;
	/* try --compile-commands: the build's own flags alone are a profile too */
	if (cfg->profiles[p].as_written)
		return cf->dialect->peer || cfg->build_keep.n || cfg->build_maybe.n;
	return !cf->dialect->peer || f->profiles.n;
}

void
jobs_build(struct joblist *jl, const struct config *cfg, const struct probeset *ps,
           const struct casefile *cases, size_t ncases, const struct config_filter *f)
{
	for (size_t k = 0; k < ncases; k++) {
		const struct casefile *cf = &cases[k];
		for (size_t c = 0; c < cfg->ncompilers; c++) {
			const struct compiler *cc = &cfg->compilers[c];
			if (!config_keeps(&f->compilers, cc->name))
				continue;
			for (size_t t = 0; t < cc->ntcs; t++) {
				const struct probe *pr = probe_find(ps, c, t);
				if (!pr || !config_keeps(&f->targets, tc_target(cfg, cc, t)->arch))
					continue;
				for (size_t p = 0; p < cfg->nprofiles; p++) {
					struct job j;
					struct sel_env env;
					if (!profile_applies(cfg, p, cf, f))
						continue;
					j.caseidx = (uint32_t)k;
					j.compiler = (uint16_t)c;
					j.tc = (uint16_t)t;
					j.profile = (uint16_t)p;
					j.probe = (uint16_t)(pr - ps->v);
					env = job_env(&j, cfg, ps);
					j.pre = pr->broken ? V_ERROR : !pr->found ? V_SKIP :
					        cf->unsupported || !selector_eval(cf->requires, &env) ||
					        profile_except(&cfg->profiles[p], &env) ? V_NA : V_PASS;
					if (j.pre == V_PASS) {
						char *why = refusal(&j, cfg, ps, cf, NULL);
						if (why)
							j.pre = V_ERROR;
						free(why);
					}
					VEC_PUSH(*jl, j);
				}
			}
		}
	}
}

void
job_command_line(struct strbuf *sb, const struct strvec *argv)
{
	enum box_mode mode;

	sb_addstr(sb, "LC_ALL=C");
	/* a sandbox is made by the harness (box.h): it runs the recorded line too */
	if (box_command_at(argv, &mode)) {
		sb_addc(sb, ' ');
		shell_quote(sb, self_path());
		sb_addstr(sb, " sandbox");
	}
	shell_quote_all(sb, argv);
}

void
joblist_release(struct joblist *jl)
{
	free(jl->v);
	memset(jl, 0, sizeof(*jl));
}

void
job_proc(const struct job *j, const struct config *cfg, const struct probeset *ps,
         const struct casefile *cases, const char *scratch, struct proc *p)
{
	job_enter(j, cfg, ps, cases, scratch, &p->argv);
	p->command_at = p->argv.n;
	/* the sandbox of a root, or of the host's compilers: a kept one will do */
	p->reuse = sandboxed(&cfg->compilers[j->compiler], ps) ? BOX_COMPILE : 0;
	job_argv(j, cfg, ps, cases, &p->argv);
	if (cases[j->caseidx].dialect->in_scratch)
		p->cwd = scratch;
}

int
job_can_enter(const char *dir)
{
	struct stat st;

	/* the jobs' user is the host's BOX_JOB_ID only where the harness is
	 * root: otherwise it is the harness's own user, who can */
	return geteuid() != 0 || (stat(dir, &st) == 0 && (st.st_mode & S_IXOTH) && (st.st_mode & S_IROTH));
}
