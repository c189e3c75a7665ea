/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/sched.h"
#include "t.h"

struct sctx {
	const char *const *argvs[8];
	double timeouts[8];
	size_t command_at[8];
	struct proc_result res[8];
	struct strbuf out[8], err[8];
	int seen[8];
};

static void
sget(void *vctx, size_t i, struct proc *p)
{
	struct sctx *c = vctx;

	for (const char *const *a = c->argvs[i]; *a; a++)
		strvec_push(&p->argv, *a);
	p->timeout = c->timeouts[i];
	p->command_at = c->command_at[i];
}

static void
sdone(void *vctx, size_t i, const struct proc_result *r)
{
	struct sctx *c = vctx;
	c->res[i] = *r;
	c->res[i].proc = NULL;
	c->seen[i]++;
	memset(&c->res[i].out, 0, sizeof(c->res[i].out));
	memset(&c->res[i].err, 0, sizeof(c->res[i].err));
	sb_add(&c->out[i], r->out.buf ? r->out.buf : "", r->out.len);
	sb_add(&c->err[i], r->err.buf ? r->err.buf : "", r->err.len);
}

static void
release(struct sctx *c)
{
	for (int i = 0; i < 8; i++) {
		sb_release(&c->out[i]);
		sb_release(&c->err[i]);
	}
}

TEST(sched_processes)
{
	static const char *const a0[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
	static const char *const a1[] = { "sh", "-c", "kill -SEGV $$", NULL };
	static const char *const a2[] = { "/nonexistent/compiler", NULL };
	/* ignores SIGTERM and leaves a child holding the pipes: the group must die */
	static const char *const a3[] = { "sh", "-c", "trap '' TERM; (trap '' TERM; sleep 30) & sleep 30", NULL };
	static const char *const a4[] = { "sh", "-c", "head -c 300000 /dev/zero | tr '\\0' x; printf '\\000\\377' >&2", NULL };
	static const char *const a5[] = { "sh", "-c", "sleep 30 & exit 0", NULL };
	/* a wrapper (as bwrap) saying its command was killed by SIGKILL */
	static const char *const a6[] = { "sh", "-c", "exit 137", NULL };
	struct sctx c = { .argvs = { a0, a1, a2, a3, a4, a5, a6 }, .timeouts[3] = 0.5, .command_at[6] = 1 };
	struct sched_opts o = { .njobs = 7, .parallel = 3, .capture_limit = 100000, .kill_grace = 0.3, .ctx = &c,
	                        .get = sget, .done = sdone };
	double t0 = now_seconds();

	CHECK(sched_run(&o) == 0);
	for (int i = 0; i < 7; i++)
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
	CHECK(c.res[6].signal == SIGKILL && c.res[6].exit_code == 0);
	/* neither the timed-out job nor the one that left a child behind made us wait 30 s */
	CHECK(now_seconds() - t0 < 10);
	/* nothing of ours is left running */
	CHECK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD);
	release(&c);
}

/* ---- failures injected through struct sched_sys ---- */

static int pipe_calls, pipe_fail_at, spawn_calls, spawn_fail_at, poll_calls, poll_fail_at;
static pid_t spawned[16];
static int nspawned;

static int
fake_pipe2(int fd[2], int flags)
{
	if (++pipe_calls == pipe_fail_at) {
		errno = EMFILE;
		return -1;
	}
	return pipe2(fd, flags);
}

static int
fake_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
            char *const argv[], char *const envp[])
{
	int e;

	if (++spawn_calls == spawn_fail_at)
		return EAGAIN;
	e = posix_spawnp(pid, file, fa, attr, argv, envp);
	if (!e && nspawned < 16)
		spawned[nspawned++] = *pid;
	return e;
}

static int
fake_poll(struct pollfd *fds, nfds_t n, int timeout)
{
	if (++poll_calls == poll_fail_at) {
		errno = ENOMEM;
		return -1;
	}
	return poll(fds, n, timeout);
}

static const struct sched_sys fakes = { fake_pipe2, fake_poll, fake_spawnp };

static void
inject(int pipe_at, int spawn_at, int poll_at)
{
	pipe_calls = spawn_calls = poll_calls = nspawned = 0;
	pipe_fail_at = pipe_at;
	spawn_fail_at = spawn_at;
	poll_fail_at = poll_at;
}

/* No child is left: none to reap, and no process of the groups started
 * alive (a grandchild killed with its group is reaped by init, which can
 * take a moment). */
static int
none_left(void)
{
	double t0 = now_seconds();

	if (waitpid(-1, NULL, WNOHANG) != -1 || errno != ECHILD)
		return 0;
	for (int i = 0; i < nspawned; i++) {
		while (kill(-spawned[i], 0) == 0 && now_seconds() - t0 < 5)
			usleep(10000);
		if (kill(-spawned[i], 0) == 0 || errno != ESRCH)
			return 0;
	}
	return 1;
}

TEST(sched_failures)
{
	static const char *const ok[] = { "sh", "-c", "echo fine", NULL };
	static const char *const slow[] = { "sh", "-c", "sleep 30 & echo started; sleep 30", NULL };
	struct sctx c = { .argvs = { ok, ok, ok, ok } };
	struct sched_opts o = { .njobs = 4, .parallel = 2, .ctx = &c, .get = sget, .done = sdone, .sys = &fakes };

	/* the signal pipe cannot be made: an error, nothing started */
	inject(1, 0, 0);
	CHECK(sched_run(&o) == -EMFILE);
	CHECK(!c.seen[0] && !c.seen[1] && nspawned == 0);

	/* a job's second pipe cannot be made, another cannot be spawned: those
	 * two are results that say why, the others run */
	inject(5, 3, 0);
	CHECK(sched_run(&o) == 0);
	for (int i = 0; i < 4; i++)
		CHECK(c.seen[i] == 1);
	CHECK(c.res[1].spawn_errno == EMFILE);
	CHECK(c.res[3].spawn_errno == EAGAIN || c.res[2].spawn_errno == EAGAIN);
	CHECK_STR(sb_str(&c.out[0]), "fine\n");
	CHECK(none_left());
	release(&c);

	/* poll fails while two jobs (and what they started) run: an error,
	 * every group killed and reaped, no done() for them */
	memset(&c, 0, sizeof(c));
	c.argvs[0] = slow;
	c.argvs[1] = slow;
	c.argvs[2] = ok;
	o.njobs = 3;
	inject(0, 0, 2);   /* once a job said it started its grandchild */
	{
		double t0 = now_seconds();
		CHECK(sched_run(&o) == -ENOMEM);
		CHECK(now_seconds() - t0 < 10);
	}
	CHECK(nspawned == 2 && !c.seen[0] && !c.seen[1] && !c.seen[2]);
	CHECK(none_left());
	release(&c);
}
