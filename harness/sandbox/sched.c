/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/box.h"
#include "sandbox/executor/boxproto.h"
#include "sandbox/jobserver.h"
#include "sandbox/sched.h"

extern char **environ;

struct slot {
	int busy;
	size_t job;
	struct proc p;          /* as get() filled it: owned here */
	pid_t pid;              /* 0 when nothing runs */
	int fd[2];              /* stdout, stderr; -1 once closed */
	int exited;             /* the leader is a zombie, not yet reaped */
	double start, deadline, kill_at, drain_until;
	int token;              /* job server token held, or -1 (the implicit one) */
	struct box *box;        /* the kept sandbox running the job (box.h), or NULL */
	int boxed;              /* the job ran in one: box_status is how it ended */
	int box_status;
	struct proc_result r;
};

/* One run's state, for the start / work / done steps. */
struct run {
	const struct sched_opts *o;
	struct sched_sys sys;
	struct slot *slots;
	int parallel;
	size_t next, running, limit;
	double grace;
	struct pollfd *pfd;
};

static int sigpipe_fd[2] = { -1, -1 };
static double jobs_cpu;          /* sched_jobs_cpu */
static volatile sig_atomic_t stop_sig;
static struct sigaction stop_old_int, stop_old_term;
static int stop_caught;

static void
on_signal(int sig)
{
	int saved = errno;
	if (sig == SIGINT || sig == SIGTERM)
		stop_sig = sig;
	if (sigpipe_fd[1] >= 0)
		(void)!write(sigpipe_fd[1], "x", 1);
	errno = saved;
}

void
sched_stop_catch(void)
{
	struct sigaction sa;

	stop_sig = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &stop_old_int);
	sigaction(SIGTERM, &sa, &stop_old_term);
	stop_caught = 1;
}

int
sched_stopped(void)
{
	return stop_sig;
}

void
sched_stop_restore(void)
{
	if (!stop_caught)
		return;
	sigaction(SIGINT, &stop_old_int, NULL);
	sigaction(SIGTERM, &stop_old_term, NULL);
	stop_caught = 0;
}

/* Start the job of slot s: its pipes, then its process. Returns 0 or the
 * errno of what failed (nothing is left open then). */
static int
spawn(const struct run *rn, struct slot *s)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	char **argv;
	int out[2], err[2], e;

	if (rn->sys.pipe2(out, O_CLOEXEC) < 0)
		return errno;
	if (rn->sys.pipe2(err, O_CLOEXEC) < 0) {
		e = errno;
		close(out[0]);
		close(out[1]);
		return e;
	}
	if (s->p.reuse) {
		char *why;
		s->boxed = 1;
		s->pid = 0;
		e = 0;
		if (!(s->box = box_start(&s->p.argv, s->p.command_at, (enum box_mode)s->p.reuse, out[1], err[1], &why))) {
			/* nothing ran: it ends as under bwrap, which says why (fail closed) */
			sb_addf(&s->r.err, "%s\n", why);
			free(why);
			s->r.no_sandbox = 1;
			s->box_status = 1 << 8;
			s->exited = 1;
		}
		goto started;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_adddup2(&fa, err[1], 2);
	if (s->p.cwd)
		posix_spawn_file_actions_addchdir_np(&fa, s->p.cwd);
	spawnattr_own_group(&attr);
	argv = strvec_argv(&s->p.argv);
	e = s->p.argv.n ? rn->sys.spawnp(&s->pid, argv[0], &fa, &attr, argv, s->p.envp ? s->p.envp : environ) : ENOENT;
	free(argv);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
started:
	close(out[1]);
	close(err[1]);
	if (e) {
		s->pid = 0;
		close(out[0]);
		close(err[0]);
		return e;
	}
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	fcntl(err[0], F_SETFL, O_NONBLOCK);
	s->fd[0] = out[0];
	s->fd[1] = err[0];
	return 0;
}

static void
read_fd(const struct run *rn, struct slot *s, int k)
{
	char buf[65536];
	struct strbuf *sb = k ? &s->r.err : &s->r.out;
	size_t *dropped = k ? &s->r.err_dropped : &s->r.out_dropped;

	/* a bounded number of reads per wake-up, so that a job that writes
	 * without pause cannot starve the others or their deadlines */
	for (int round = 0; round < 16; round++) {
		ssize_t n = read(s->fd[k], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0) {
			close(s->fd[k]);
			s->fd[k] = -1;
			return;
		}
		if (rn->o->output)
			rn->o->output(rn->o->ctx, s->job, k + 1, buf, (size_t)n);
		size_t keep = sb->len < rn->limit ? rn->limit - sb->len : 0;
		if (keep > (size_t)n)
			keep = (size_t)n;
		sb_add(sb, buf, keep);
		*dropped += (size_t)n - keep;
	}
}

/* How a job ended, from its wait status. */
static void
exit_status(struct proc_result *r, int status)
{
	if (WIFSIGNALED(status))
		r->signal = WTERMSIG(status);
	else if (WIFEXITED(status))
		r->exit_code = WEXITSTATUS(status);
}

/* Reap the job of slot s (killing what is left of its group), report it
 * when report is set, and free the slot. */
static void
job_done(struct run *rn, struct slot *s, int report)
{
	int status = 0;
	struct rusage ru;

	for (int k = 0; k < 2; k++) {
		if (s->fd[k] >= 0)
			close(s->fd[k]);
		s->fd[k] = -1;
	}
	if (s->boxed) {
		/* a box that did not see its job end cannot be trusted with another */
		if (s->box && s->exited)
			box_done(s->box);
		else if (s->box)
			box_drop(s->box);
		exit_status(&s->r, s->box_status);
		rn->running--;
	} else if (s->pid > 0) {
		/* kill stragglers while the leader's zombie still holds the group id */
		killpg(s->pid, SIGKILL);
		while (wait4(s->pid, &status, 0, &ru) < 0 && errno == EINTR)
			;
		exit_status(&s->r, status);
		if (s->p.command_at && !s->r.signal && s->r.exit_code > 128 && s->r.exit_code <= 128 + 64) {
			s->r.signal = s->r.exit_code - 128;
			s->r.exit_code = 0;
		}
		s->r.cpu = rusage_seconds(&ru);
		rn->running--;
	}
	if (s->token >= 0 && rn->o->js)
		jobserver_give(rn->o->js, s->token);
	jobs_cpu += s->r.cpu;
	s->r.seconds = now_seconds() - s->start;
	s->r.proc = &s->p;
	if (report)
		rn->o->done(rn->o->ctx, s->job, &s->r);
	sb_release(&s->r.out);
	sb_release(&s->r.err);
	strvec_release(&s->p.argv);
	memset(s, 0, sizeof(*s));
	s->fd[0] = s->fd[1] = -1;
}

/* Start jobs in the free slots; under a job server, every job beyond the
 * first running one needs a token. Returns 1 when a token is awaited. */
static int
job_start(struct run *rn)
{
	const struct sched_opts *o = rn->o;

	for (int i = 0; i < rn->parallel && rn->next < o->njobs; i++) {
		struct slot *s = &rn->slots[i];
		int token = -1;
		if (s->busy)
			continue;
		if (o->js && rn->running > 0 && (token = jobserver_take(o->js)) < 0)
			return 1;
		s->fd[0] = s->fd[1] = -1;
		s->token = token;
		s->job = rn->next++;
		s->busy = 1;
		o->get(o->ctx, s->job, &s->p);
		s->start = now_seconds();
		s->deadline = s->p.timeout > 0 ? s->start + s->p.timeout : 0;
		if ((s->r.spawn_errno = spawn(rn, s))) {
			job_done(rn, s, 1);
			i--;            /* the slot is free again */
			continue;
		}
		rn->running++;
	}
	return 0;
}

/* The poll set (the signal pipe, the job server when a token is awaited,
 * every open output pipe) and how long to wait: until the nearest
 * deadline, or -1. Returns the number of descriptors. */
static int
poll_set(struct run *rn, int want_token, int *timeout_ms)
{
	double now = now_seconds(), wake = -1;
	int n = 0;

	rn->pfd[n].fd = sigpipe_fd[0];
	rn->pfd[n++].events = POLLIN;
	if (want_token) {
		rn->pfd[n].fd = rn->o->js->rfd;
		rn->pfd[n++].events = POLLIN;
	}
	for (int i = 0; i < rn->parallel; i++) {
		struct slot *s = &rn->slots[i];
		double t;
		if (!s->busy)
			continue;
		for (int k = 0; k < 2; k++) {
			if (s->fd[k] >= 0) {
				rn->pfd[n].fd = s->fd[k];
				rn->pfd[n++].events = POLLIN;
			}
		}
		if (s->box && !s->exited) {
			rn->pfd[n].fd = box_fd(s->box);
			rn->pfd[n++].events = POLLIN;
		}
		t = s->exited ? s->drain_until : s->kill_at ? s->kill_at : s->deadline;
		if (t > 0 && (wake < 0 || t < wake))
			wake = t;
	}
	*timeout_ms = wake < 0 ? -1 : wake <= now ? 0 : (int)((wake - now) * 1000) + 1;
	return n;
}

/* A box that died, or did not end its job within the grace after being
 * told to: it is ended, and the job is reported killed. */
static void
box_lost(const struct run *rn, struct slot *s, double now)
{
	box_drop(s->box);
	s->box = NULL;
	s->box_status = SIGKILL;
	s->exited = 1;
	s->drain_until = now + rn->grace;
}

/* After a wake-up: read what each job printed, notice the leaders that
 * exited, finish the jobs that are done, enforce the deadlines. */
static void
job_work(struct run *rn)
{
	double now = now_seconds();

	for (int i = 0; i < rn->parallel; i++) {
		struct slot *s = &rn->slots[i];
		siginfo_t si;
		if (!s->busy)
			continue;
		for (int k = 0; k < 2; k++)
			if (s->fd[k] >= 0)
				read_fd(rn, s, k);
		if (!s->exited && s->box) {
			int bound = 0, k = box_poll(s->box, &s->box_status, &s->r.cpu, &bound);
			s->r.over_memory = bound == BOX_BOUND_MEMORY;
			if (k < 0) {
				box_lost(rn, s, now);
			} else if (k) {
				s->exited = 1;
				s->drain_until = now + rn->grace;
			}
		} else if (!s->exited && !s->boxed) {
			memset(&si, 0, sizeof(si));
			if (waitid(P_PID, (id_t)s->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == s->pid) {
				s->exited = 1;
				/* anything still in the group would keep the pipes open */
				killpg(s->pid, SIGKILL);
				s->drain_until = now + rn->grace;
			}
		}
		if (s->exited && ((s->fd[0] < 0 && s->fd[1] < 0) || now >= s->drain_until)) {
			job_done(rn, s, 1);
		} else if (!s->exited && s->kill_at && now >= s->kill_at) {
			if (s->box)
				box_lost(rn, s, now);
			else
				killpg(s->pid, SIGKILL);
		} else if (!s->exited && s->deadline && now >= s->deadline && !s->r.timed_out) {
			s->r.timed_out = 1;
			if (s->box)
				box_kill(s->box);
			else
				killpg(s->pid, SIGTERM);
			s->kill_at = now + rn->grace;
		}
	}
}

/* The loop: start, wait, work. Returns 0, a signal or -errno. */
static int
loop(struct run *rn)
{
	char buf[64];

	while (rn->next < rn->o->njobs || rn->running) {
		int want_token, timeout_ms, n;
		if (stop_sig)
			return stop_sig;
		want_token = job_start(rn);
		if (!rn->running)
			continue;
		n = poll_set(rn, want_token, &timeout_ms);
		if (rn->sys.poll(rn->pfd, (nfds_t)n, timeout_ms) < 0 && errno != EINTR)
			return -errno;
		if (rn->pfd[0].revents & POLLIN)
			while (read(sigpipe_fd[0], buf, sizeof(buf)) > 0)
				;
		job_work(rn);
	}
	return stop_sig;
}

double
sched_jobs_cpu(void)
{
	return jobs_cpu;
}

double
rusage_seconds(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
	       (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
}

int
sched_fit_parallel(int parallel)
{
	struct rlimit rl;
	long fit;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return parallel;
	if (rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur == RLIM_INFINITY)
		return parallel;
	/* the harness's own: stdio, the signal pipe, a job server, results,
	 * cache entries and case files as they are read */
	fit = ((long)rl.rlim_cur - 32) / 4;
	if (fit < 1)
		fit = 1;
	return parallel > fit ? (int)fit : parallel;
}

int
sched_run(const struct sched_opts *o)
{
	struct run rn = { .o = o, .parallel = o->parallel > 0 ? o->parallel : 1 };
	struct sigaction sa, old_chld, old_int, old_term;
	int result;

	rn.sys.pipe2 = o->sys && o->sys->pipe2 ? o->sys->pipe2 : pipe2;
	rn.sys.poll = o->sys && o->sys->poll ? o->sys->poll : poll;
	rn.sys.spawnp = o->sys && o->sys->spawnp ? o->sys->spawnp : posix_spawnp;
	rn.limit = o->capture_limit ? o->capture_limit : 8u << 20;
	rn.grace = o->kill_grace > 0 ? o->kill_grace : 2;
	if ((size_t)rn.parallel > o->njobs && o->njobs)
		rn.parallel = (int)o->njobs;
	rn.parallel = sched_fit_parallel(rn.parallel);
	if (stop_sig)
		return stop_sig;
	if (rn.sys.pipe2(sigpipe_fd, O_CLOEXEC | O_NONBLOCK) < 0)
		return -errno;
	rn.slots = xcalloc((size_t)rn.parallel, sizeof(*rn.slots));
	rn.pfd = xcalloc((size_t)rn.parallel * 3 + 2, sizeof(*rn.pfd));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, &old_chld);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	result = loop(&rn);
	/* interrupted or failed: no child outlives the run */
	for (int i = 0; i < rn.parallel; i++)
		if (rn.slots[i].busy && rn.slots[i].pid > 0)
			killpg(rn.slots[i].pid, SIGKILL);
	for (int i = 0; i < rn.parallel; i++)
		if (rn.slots[i].busy)
			job_done(&rn, &rn.slots[i], 0);

	sigaction(SIGCHLD, &old_chld, NULL);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	close(sigpipe_fd[0]);
	close(sigpipe_fd[1]);
	sigpipe_fd[0] = sigpipe_fd[1] = -1;
	free(rn.slots);
	free(rn.pfd);
	return result;
}
