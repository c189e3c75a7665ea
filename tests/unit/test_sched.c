#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sched.h"
#include "t.h"

struct sctx {
	char **argvs[8];
	double timeouts[8];
	struct proc_result res[8];
	struct strbuf out[8], err[8];
	int seen[8];
};

static void
sget(void *vctx, size_t i, struct proc *p)
{
	struct sctx *c = vctx;
	p->argv = c->argvs[i];
	p->timeout = c->timeouts[i];
}

static void
sdone(void *vctx, size_t i, const struct proc_result *r)
{
	struct sctx *c = vctx;
	c->res[i] = *r;
	c->seen[i]++;
	memset(&c->res[i].out, 0, sizeof(c->res[i].out));
	memset(&c->res[i].err, 0, sizeof(c->res[i].err));
	sb_add(&c->out[i], r->out.buf ? r->out.buf : "", r->out.len);
	sb_add(&c->err[i], r->err.buf ? r->err.buf : "", r->err.len);
}

TEST(sched_processes)
{
	static char *a0[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
	static char *a1[] = { "sh", "-c", "kill -SEGV $$", NULL };
	static char *a2[] = { "/nonexistent/compiler", NULL };
	/* ignores SIGTERM and leaves a child holding the pipes: the group must die */
	static char *a3[] = { "sh", "-c", "trap '' TERM; (trap '' TERM; sleep 30) & sleep 30", NULL };
	static char *a4[] = { "sh", "-c", "head -c 300000 /dev/zero | tr '\\0' x; printf '\\000\\377' >&2", NULL };
	static char *a5[] = { "sh", "-c", "sleep 30 & exit 0", NULL };
	struct sctx c = {0};
	struct sched_opts o = {0};
	double t0 = now_seconds();

	c.argvs[0] = a0; c.argvs[1] = a1; c.argvs[2] = a2; c.argvs[3] = a3; c.argvs[4] = a4; c.argvs[5] = a5;
	c.timeouts[3] = 0.5;
	o.njobs = 6;
	o.parallel = 3;
	o.capture_limit = 100000;
	o.kill_grace = 0.3;
	o.ctx = &c;
	o.get = sget;
	o.done = sdone;
	CHECK(sched_run(&o) == 0);
	for (int i = 0; i < 6; i++)
		CHECK(c.seen[i] == 1);
	CHECK(c.res[0].exit_code == 3 && !c.res[0].signal);
	CHECK_STR(sb_str(&c.out[0]), "out\n");
	CHECK_STR(sb_str(&c.err[0]), "err\n");
	CHECK(c.res[1].signal == SIGSEGV);
	/* glibc reports exec failure from posix_spawn; under valgrind it is a 127 exit */
	CHECK(c.res[2].spawn_errno != 0 || c.res[2].exit_code == 127);
	CHECK(c.res[3].timed_out && c.res[3].signal == SIGKILL);
	CHECK(c.out[4].len == 100000 && c.res[4].out_dropped == 200000);
	CHECK(c.err[4].len == 2 && c.err[4].buf[0] == 0);
	CHECK(c.res[5].exit_code == 0 && !c.res[5].timed_out);
	/* neither the timed-out job nor the one that left a child behind made us wait 30 s */
	CHECK(now_seconds() - t0 < 10);
	/* nothing of ours is left running */
	CHECK(waitpid(-1, NULL, WNOHANG) == -1);
	for (int i = 0; i < 6; i++) {
		sb_release(&c.out[i]);
		sb_release(&c.err[i]);
	}
}
