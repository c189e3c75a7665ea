/* sched: run many compiler processes in parallel, each with a deadline.
 *
 * Calling sequence (after git's run_processes_parallel):
 *
 *   struct sched_opts o = { .njobs = n, .parallel = 2, .get = get, .done = done, .ctx = me };
 *   int sig = sched_run(&o);
 *
 * get(ctx, i, &proc) is called when job i is about to start and fills in its
 * argument vector, environment and timeout (borrowed: they must stay valid
 * until done() for that job). done(ctx, i, &result) is called once per job
 * when it has ended and its output is read whole; result is valid only
 * during the call. Jobs start in index order; done() comes in completion
 * order.
 *
 * Each job runs with posix_spawnp (no shell) in its own process group, stdin
 * from /dev/null, stdout and stderr on separate pipes read with poll(). At
 * its deadline the group gets SIGTERM, then SIGKILL after kill_grace
 * seconds. When the job's leader exits, whatever it left in its group is
 * killed. Output beyond capture_limit bytes per stream is counted, not kept.
 *
 * With a job server (js), each job beyond the first running one waits for
 * a token, given back when it ends.
 *
 * SIGINT and SIGTERM during sched_run kill every running group, reap it and
 * make sched_run return that signal's number (jobs not finished get no
 * done() call); otherwise it returns 0. Handlers are restored on return.
 */
#ifndef SCHED_H
#define SCHED_H

#include <stddef.h>

#include "jobserver.h"
#include "util.h"

struct proc {
	char **argv;            /* argv[0] is looked up in PATH unless it has a '/' */
	char **envp;            /* NULL: inherit */
	double timeout;         /* seconds; 0 for none */
	const char *cwd;        /* the directory it runs in; NULL: the harness's own */
};

struct proc_result {
	int spawn_errno;        /* posix_spawn failed: nothing ran */
	int timed_out;
	int signal;             /* terminating signal, else 0 */
	int exit_code;          /* exit status when it exited */
	double seconds;         /* wall time */
	double cpu;             /* user + system time of the job's processes */
	struct strbuf out, err; /* captured output (at most capture_limit each) */
	size_t out_dropped, err_dropped;
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
};

int sched_run(const struct sched_opts *o);

/* How many jobs can run at once with the descriptors this process may
 * open: the soft limit is first raised to the hard one; each job holds
 * two pipes (four descriptors while it starts), and some are kept for
 * the harness. sched_run never runs more than this; callers use it to
 * say so. Returns min(parallel, that), at least 1. */
int sched_fit_parallel(int parallel);

#endif
