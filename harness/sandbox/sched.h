/* SPDX-License-Identifier: MIT */
/* sched: run many processes in parallel, each with a deadline.
 *
 * Calling sequence (after git's run_processes_parallel, with samurai's
 * start / work / done split inside):
 *
 *   struct sched_opts o = { .njobs = n, .parallel = 2, .get = get, .done = done, .ctx = me };
 *   int r = sched_run(&o);
 *
 * get(ctx, i, &proc) is called when job i is about to start and fills in
 * its argument vector (which the scheduler then owns, and frees after
 * done()), environment, directory and timeout. done(ctx, i, &result) is
 * called once per job when it has ended and its output is read whole
 * (result, and the proc it points to, are valid only during the call).
 * Jobs start in index order; done() comes in completion order. A job
 * that cannot be started (no pipe, no such program) is a result too: its
 * spawn_errno says why.
 *
 * Each job runs with posix_spawnp (no shell) in its own process group,
 * stdin from /dev/null, stdout and stderr on separate pipes read with
 * poll(). At its deadline the group gets SIGTERM, then SIGKILL after
 * kill_grace seconds. When the job's leader exits, whatever it left in
 * its group is killed. Output beyond capture_limit bytes per stream is
 * counted, not kept.
 *
 * With a job server (js), each job beyond the first running one waits for
 * a token, given back when it ends.
 *
 * sched_run returns 0 when every job is done; a signal number when SIGINT
 * or SIGTERM came (during the run, or noted before it by sched_stop_catch);
 * or -errno when the scheduler itself failed (its signal pipe, poll). In
 * the last two cases every job still running is killed and reaped, and
 * gets no done() call. No job outlives sched_run; a kept sandbox that ran
 * one (proc.reuse, box.h) does, idle, until box_close_all.
 */
#ifndef SCHED_H
#define SCHED_H

#include <poll.h>
#include <spawn.h>
#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "lib/util.h"
#include "sandbox/jobserver.h"

struct proc {
	struct strvec argv;     /* argv[0] is looked up in PATH unless it has a '/' */
	char **envp;            /* NULL: inherit; borrowed, must outlive sched_run */
	double timeout;         /* seconds; 0 for none */
	const char *cwd;        /* the directory it runs in; NULL: the harness's own (borrowed) */
	size_t command_at;      /* > 0: argv[0] is a wrapper (bwrap) and the command it runs starts
	                           at argv[command_at]; the wrapper reports the command killed by
	                           signal N as its exit status 128 + N, which is reported as the signal */
	int reuse;              /* 0, or a box_mode (box.h): argv[0..command_at) is a sandbox as
	                           root_enter makes it, and a kept one runs the command, as if in a
	                           sandbox of its own; where none can, the job ends with exit status
	                           1 and the reason on its stderr, as under bwrap */
};

struct proc_result {
	const struct proc *proc;    /* what ran, as get() described it */
	int spawn_errno;        /* it could not be started: nothing ran */
	int timed_out;
	int signal;             /* terminating signal, else 0 */
	int exit_code;          /* exit status when it exited */
	double seconds;         /* wall time */
	double cpu;             /* user + system time of the job's processes */
	int over_memory;        /* its sandbox killed it for the memory all its processes held */
	int no_sandbox;         /* no sandbox could run it: nothing ran, and why is on its stderr */
	struct strbuf out, err; /* captured output (at most capture_limit each) */
	size_t out_dropped, err_dropped;
};

/* The system calls sched makes that can fail, for tests to make them fail;
 * a NULL member (or no sched_sys) is the real call. */
struct sched_sys {
	int (*pipe2)(int fd[2], int flags);
	int (*poll)(struct pollfd *fds, nfds_t n, int timeout);
	int (*spawnp)(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
	              const posix_spawnattr_t *attr, char *const argv[], char *const envp[]);
};

struct sched_opts {
	size_t njobs;
	int parallel;           /* how many at once; <= 0 means 1 */
	size_t capture_limit;   /* bytes kept per stream; 0 means 8 MiB */
	double kill_grace;      /* seconds between SIGTERM and SIGKILL; 0 means 2 */
	void *ctx;
	void (*get)(void *ctx, size_t i, struct proc *p);
	void (*done)(void *ctx, size_t i, const struct proc_result *r);
	/* optional: called with each piece of output as it arrives (stream 1:
	 * stdout, 2: stderr), before it is kept in the result */
	void (*output)(void *ctx, size_t i, int stream, const char *data, size_t n);
	struct jobserver *js;   /* make's job server, or NULL */
	const struct sched_sys *sys;    /* NULL: the real system calls */
};

int sched_run(const struct sched_opts *o);

/* How many jobs can run at once with the descriptors this process may
 * open: the soft limit is first raised to the hard one; each job holds
 * two pipes (four descriptors while it starts), and some are kept for
 * the harness. sched_run never runs more than this; callers use it to
 * say so. Returns min(parallel, that), at least 1. */
int sched_fit_parallel(int parallel);

/* The user and system time of every job the scheduler has run in this
 * process so far, each by its own processes' rusage (a kept sandbox's
 * jobs as its executor reaped them): what the compilers themselves cost,
 * without the harness or the making of sandboxes. */
double sched_jobs_cpu(void);

/* The user and system time of ru, in seconds. */
double rusage_seconds(const struct rusage *ru);

/* From sched_stop_catch to sched_stop_restore, SIGINT and SIGTERM are
 * noted instead of ending the process: the work between scheduler runs
 * (probes, cache look-ups, judging) stops at sched_stopped(), and so does
 * sched_run, which returns the signal. */
void sched_stop_catch(void);
int sched_stopped(void);        /* the signal noted, or 0 */
void sched_stop_restore(void);

#endif
