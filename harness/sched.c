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

#include "jobserver.h"
#include "sched.h"

extern char **environ;

struct slot {
	int busy;
	size_t job;
	pid_t pid;
	int fd[2];              /* stdout, stderr; -1 once closed */
	int exited;             /* the leader is a zombie, not yet reaped */
	double start, deadline, kill_at, drain_until;
	int token;              /* job server token held, or -1 (the implicit one) */
	struct proc_result r;
};

static int sigpipe_fd[2] = { -1, -1 };
static volatile sig_atomic_t got_signal;

static void
on_signal(int sig)
{
	int saved = errno;
	if (sig == SIGINT || sig == SIGTERM)
		got_signal = sig;
	(void)!write(sigpipe_fd[1], "x", 1);
	errno = saved;
}

static int
spawn(struct slot *s, const struct proc *p)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t mask;
	int out[2], err[2], e;

	if (pipe2(out, O_CLOEXEC) < 0)
		return errno;
	if (pipe2(err, O_CLOEXEC) < 0) {
		e = errno;
		close(out[0]);
		close(out[1]);
		return e;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], 1);
	posix_spawn_file_actions_adddup2(&fa, err[1], 2);
	if (p->cwd)
		posix_spawn_file_actions_addchdir_np(&fa, p->cwd);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setpgroup(&attr, 0);
	sigemptyset(&mask);
	posix_spawnattr_setsigmask(&attr, &mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGPIPE);
	sigaddset(&mask, SIGHUP);
	posix_spawnattr_setsigdefault(&attr, &mask);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	e = posix_spawnp(&s->pid, p->argv[0], &fa, &attr, p->argv, p->envp ? p->envp : environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(out[1]);
	close(err[1]);
	if (e) {
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
read_fd(const struct sched_opts *o, struct slot *s, int k, size_t limit)
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
		if (o->output)
			o->output(o->ctx, s->job, k + 1, buf, (size_t)n);
		size_t keep = sb->len < limit ? limit - sb->len : 0;
		if (keep > (size_t)n)
			keep = (size_t)n;
		sb_add(sb, buf, keep);
		*dropped += (size_t)n - keep;
	}
}

static void
finish(const struct sched_opts *o, struct slot *s, int report)
{
	int status = 0;
	struct rusage ru;

	for (int k = 0; k < 2; k++) {
		if (s->fd[k] >= 0) {
			close(s->fd[k]);
			s->fd[k] = -1;
		}
	}
	if (s->pid > 0) {
		/* kill stragglers while the leader's zombie still holds the group id */
		killpg(s->pid, SIGKILL);
		while (wait4(s->pid, &status, 0, &ru) < 0 && errno == EINTR)
			;
		if (WIFSIGNALED(status))
			s->r.signal = WTERMSIG(status);
		else if (WIFEXITED(status))
			s->r.exit_code = WEXITSTATUS(status);
		s->r.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	}
	if (s->token >= 0 && o->js)
		jobserver_give(o->js, s->token);
	s->token = -1;
	s->r.seconds = now_seconds() - s->start;
	if (report)
		o->done(o->ctx, s->job, &s->r);
	sb_release(&s->r.out);
	sb_release(&s->r.err);
	memset(&s->r, 0, sizeof(s->r));
	s->busy = 0;
	s->pid = 0;
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
	int parallel = o->parallel > 0 ? o->parallel : 1;
	size_t limit = o->capture_limit ? o->capture_limit : 8u << 20;
	double grace = o->kill_grace > 0 ? o->kill_grace : 2;
	struct slot *slots;
	struct pollfd *pfd;
	struct sigaction sa, old_chld, old_int, old_term;
	size_t next = 0, running = 0;
	int result = 0, want_token;

	if ((size_t)parallel > o->njobs && o->njobs)
		parallel = (int)o->njobs;
	parallel = sched_fit_parallel(parallel);
	slots = xcalloc((size_t)parallel, sizeof(*slots));
	pfd = xcalloc((size_t)parallel * 2 + 2, sizeof(*pfd));
	if (pipe2(sigpipe_fd, O_CLOEXEC | O_NONBLOCK) < 0) {
		free(slots);
		free(pfd);
		return -1;
	}
	got_signal = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, &old_chld);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);

	while (next < o->njobs || running) {
		double now = now_seconds(), wake = -1;
		int n = 0, timeout_ms;

		if (got_signal)
			break;
		/* fill free slots; under a job server, every job beyond the first
		 * needs a token */
		want_token = 0;
		for (int i = 0; i < parallel && next < o->njobs; i++) {
			struct slot *s = &slots[i];
			struct proc p = {0};
			int token = -1;
			if (s->busy)
				continue;
			if (o->js && running > 0 && (token = jobserver_take(o->js)) < 0) {
				want_token = 1;
				break;
			}
			memset(s, 0, sizeof(*s));
			s->fd[0] = s->fd[1] = -1;
			s->token = token;
			s->job = next++;
			s->busy = 1;
			o->get(o->ctx, s->job, &p);
			s->start = now_seconds();
			s->deadline = p.timeout > 0 ? s->start + p.timeout : 0;
			s->r.spawn_errno = spawn(s, &p);
			if (s->r.spawn_errno) {
				s->pid = 0;
				finish(o, s, 1);
				i--;            /* the slot is free again */
				continue;
			}
			running++;
		}
		if (!running)
			continue;

		/* poll until output, a child event, or the nearest deadline */
		pfd[n].fd = sigpipe_fd[0];
		pfd[n++].events = POLLIN;
		if (want_token) {
			pfd[n].fd = o->js->rfd;
			pfd[n++].events = POLLIN;
		}
		now = now_seconds();
		for (int i = 0; i < parallel; i++) {
			struct slot *s = &slots[i];
			double t;
			if (!s->busy)
				continue;
			for (int k = 0; k < 2; k++) {
				if (s->fd[k] >= 0) {
					pfd[n].fd = s->fd[k];
					pfd[n++].events = POLLIN;
				}
			}
			t = s->exited ? s->drain_until : s->kill_at ? s->kill_at : s->deadline;
			if (t > 0 && (wake < 0 || t < wake))
				wake = t;
		}
		timeout_ms = wake < 0 ? -1 : wake <= now ? 0 : (int)((wake - now) * 1000) + 1;
		if (poll(pfd, (nfds_t)n, timeout_ms) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents & POLLIN) {
			char buf[64];
			while (read(sigpipe_fd[0], buf, sizeof(buf)) > 0)
				;
		}
		now = now_seconds();
		for (int i = 0; i < parallel; i++) {
			struct slot *s = &slots[i];
			siginfo_t si;
			if (!s->busy)
				continue;
			for (int k = 0; k < 2; k++)
				if (s->fd[k] >= 0)
					read_fd(o, s, k, limit);
			if (!s->exited) {
				memset(&si, 0, sizeof(si));
				if (waitid(P_PID, (id_t)s->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == s->pid) {
					s->exited = 1;
					/* anything still in the group would keep the pipes open */
					killpg(s->pid, SIGKILL);
					s->drain_until = now + grace;
				}
			}
			if (s->exited && ((s->fd[0] < 0 && s->fd[1] < 0) || now >= s->drain_until)) {
				finish(o, s, 1);
				running--;
				continue;
			}
			if (!s->exited && s->kill_at && now >= s->kill_at) {
				killpg(s->pid, SIGKILL);
			} else if (!s->exited && s->deadline && now >= s->deadline && !s->r.timed_out) {
				s->r.timed_out = 1;
				killpg(s->pid, SIGTERM);
				s->kill_at = now + grace;
			}
		}
	}

	if (got_signal) {
		result = got_signal;
		for (int i = 0; i < parallel; i++) {
			if (slots[i].busy && slots[i].pid > 0)
				killpg(slots[i].pid, SIGKILL);
		}
		for (int i = 0; i < parallel; i++)
			if (slots[i].busy)
				finish(o, &slots[i], 0);
	}
	sigaction(SIGCHLD, &old_chld, NULL);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	close(sigpipe_fd[0]);
	close(sigpipe_fd[1]);
	sigpipe_fd[0] = sigpipe_fd[1] = -1;
	free(slots);
	free(pfd);
	return result;
}
