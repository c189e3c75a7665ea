#include <stdlib.h>
#include <string.h>

#include "jobs.h"

static void
build_argv(struct job *j, const struct config *cfg, const struct casefile *cf)
{
	const struct compiler *c = &cfg->compilers[j->compiler];
	const struct toolchain *t = &c->tcs[j->tc];
	const struct profile *p = &cfg->profiles[j->profile];
	struct strvec *av = &j->argv;

	strvec_append(av, &c->prefix);
	strvec_push(av, t->command);
	if (c->family == FAMILY_CLANG)
		strvec_push_nocopy(av, xasprintf("--target=%s", cfg->targets[t->target].triple));
	strvec_append(av, &p->flags);
	strvec_append(av, c->family == FAMILY_GCC ? &p->gcc_flags : &p->clang_flags);
	strvec_append(av, &c->flags);
	strvec_append(av, &t->flags);
	if (cf->std)
		strvec_push_nocopy(av, xasprintf("-std=%s", cf->std));
	strvec_append(av, &cf->flags);
	if (c->family == FAMILY_CLANG) {
		strvec_push(av, "-fno-caret-diagnostics");
		strvec_push(av, "-fno-color-diagnostics");
	} else if (j->env.version[0] >= 11) {
		strvec_push(av, "-fdiagnostics-plain-output");
	} else {
		strvec_push(av, "-fno-diagnostics-show-caret");
		strvec_push(av, "-fdiagnostics-color=never");
	}
	strvec_push(av, "-c");
	strvec_push(av, cf->path);
	strvec_push(av, "-o");
	strvec_push(av, "/dev/null");
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
				const struct target *tg = &cfg->targets[cc->tcs[t].target];
				const struct probe *pr = probe_find(ps, c, t);
				if (!config_keeps(&f->targets, tg->arch))
					continue;
				for (size_t p = 0; p < cfg->nprofiles; p++) {
					struct job j = {0};
					if (!config_keeps(&f->profiles, cfg->profiles[p].name))
						continue;
					j.caseidx = k;
					j.compiler = c;
					j.tc = t;
					j.profile = p;
					j.probe = pr;
					j.timeout = cc->timeout;
					j.env.family = cc->family;
					if (pr)
						memcpy(j.env.version, pr->ver, sizeof(j.env.version));
					j.env.arch = tg->arch;
					j.env.profile = cfg->profiles[p].name;
					if (!pr || !pr->found) {
						j.pre = V_SKIP;
						if (pr && pr->package)
							j.reason = xasprintf("%s (apt-get install %s)", pr->note, pr->package);
						else
							j.reason = xstrdup(pr && pr->note ? pr->note : "not probed");
					} else if (!selector_eval(cf->requires, &j.env)) {
						j.pre = V_NA;
						j.reason = xasprintf("case-requires {%s}", cf->requires_text);
					} else {
						j.pre = V_PASS;
						build_argv(&j, cfg, cf);
					}
					VEC_PUSH(*jl, j);
				}
			}
		}
	}
}

void
job_command_line(struct strbuf *sb, const struct job *j)
{
	sb_addstr(sb, "LC_ALL=C");
	for (size_t i = 0; i < j->argv.n; i++) {
		sb_addc(sb, ' ');
		shell_quote(sb, j->argv.v[i]);
	}
}

void
joblist_release(struct joblist *jl)
{
	for (size_t i = 0; i < jl->n; i++) {
		free(jl->v[i].reason);
		strvec_release(&jl->v[i].argv);
	}
	free(jl->v);
	memset(jl, 0, sizeof(*jl));
}
