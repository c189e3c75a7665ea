/* A compiler that stands for code running inside a compile (the compiler
 * bug a hostile case exploits): it answers the harness's probes, then,
 * for -DATTACK=WHAT, tries what a job must not be able to do, and says
 * what came of each try as a warning ("attack.c:1:1: warning: NAME:
 * RESULT"), for tests/suite/seal.sh to read. -DATTACK=benign runs the
 * host's gcc-12 with its words instead: a compile that must pass in a
 * sandbox the attacks ran in before it.
 *
 *   seal     who the job is, its capabilities, the host's sysctls, the
 *            kernel's keyrings, the host's device nodes, the executor
 *   poison   what the next job in the sandbox would inherit: the limits,
 *            priority, scheduling and OOM score of process 1, the modes
 *            of its writable places, files under read-only directories,
 *            a full /tmp, a deep tree
 *   memory   three processes holding 1500 MiB each
 *   procs    as many processes as it can start, up to 1000
 *   devfill  600 MiB written into /dev
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/keyctl.h>

static void
say(const char *name, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(stderr, "attack.c:1:1: warning: %s: %s\n", name, buf);
}

/* "done", or the errno's name, of a call that returned r */
static const char *
outcome(long r)
{
	return r < 0 ? strerror(errno) : "done";
}

static void
identity(void)
{
	FILE *fp = fopen("/proc/self/uid_map", "r");
	unsigned long in, out, n;
	long host = -1;

	while (fp && fscanf(fp, "%lu %lu %lu", &in, &out, &n) == 3)
		if (getuid() >= in && getuid() < in + n)
			host = (long)(out + (getuid() - in));
	if (fp)
		fclose(fp);
	say("identity", "uid %ld, host uid %ld", (long)getuid(), host);
}

static void
capabilities(void)
{
	FILE *fp = fopen("/proc/self/status", "r");
	char line[256];

	while (fp && fgets(line, sizeof(line), fp))
		if (!strncmp(line, "CapEff:", 7) || !strncmp(line, "CapPrm:", 7) || !strncmp(line, "CapAmb:", 7)) {
			line[strcspn(line, "\n")] = 0;
			line[6] = 0;
			say("capabilities", "%s %s", line, line + 7 + strspn(line + 7, " \t"));
		}
	if (fp)
		fclose(fp);
}

static void
sysctls(void)
{
	static const char *const files[] = { "/proc/sys/kernel/printk_ratelimit", "/proc/sys/kernel/core_pattern" };

	for (size_t i = 0; i < 2; i++) {
		/* opened for writing, nothing written: the open is the test */
		int fd = open(files[i], O_WRONLY);
		say("sysctl", "%s opened for writing: %s", files[i] + 10, fd < 0 ? strerror(errno) : "done");
		if (fd >= 0)
			close(fd);
	}
}

static void
keyrings(void)
{
	FILE *fp = fopen("/proc/keys", "r");
	char line[512];
	int seen = 0;

	say("keyring", "the user keyring: %s",
	    outcome(syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 0)));
	say("keyring", "a key added: %s",
	    outcome(syscall(SYS_add_key, "user", "diagmatrix-attack", "x", 1, KEY_SPEC_USER_KEYRING)));
	while (fp && fgets(line, sizeof(line), fp))
		seen += strstr(line, "diagmatrix") != NULL;
	say("keyring", "/proc/keys: %s, %d of the harness's keys seen", fp ? "read" : strerror(errno), seen);
	if (fp)
		fclose(fp);
}

static void
devices(void)
{
	say("device", "/dev/full's times set: %s", outcome(utimensat(AT_FDCWD, "/dev/full", NULL, 0)));
	say("device", "/dev/null's mode set: %s", outcome(chmod("/dev/null", 0666)));
	say("device", "/dev/null written: %s", outcome(write(open("/dev/null", O_WRONLY), "x", 1)));
}

static void
executor(void)
{
	struct rlimit small = { 32 << 20, 32 << 20 };

	say("process 1", "its memory bound lowered: %s", outcome(prlimit(1, RLIMIT_AS, &small, NULL)));
	say("process 1", "reniced: %s", outcome(setpriority(PRIO_PROCESS, 1, 19)));
	say("process 1", "its user's processes reniced: %s", outcome(setpriority(PRIO_USER, 0, 19)));
	say("process 1", "made SCHED_IDLE: %s",
	    outcome(sched_setscheduler(1, SCHED_IDLE, &(struct sched_param){ 0 })));
	{
		int fd = open("/proc/1/oom_score_adj", O_WRONLY);
		say("process 1", "its OOM score set: %s", fd < 0 ? strerror(errno) : outcome(write(fd, "1000", 4)));
	}
	say("process 1", "traced: %s", outcome(syscall(SYS_ptrace, 16 /* PTRACE_ATTACH */, 1, 0, 0)));
}

/* a file in dir, then dir read-only */
static void
locked(const char *dir)
{
	char sub[256], file[300];
	int fd;

	snprintf(sub, sizeof(sub), "%s/locked", dir);
	snprintf(file, sizeof(file), "%s/left", sub);
	mkdir(sub, 0755);
	fd = open(file, O_WRONLY | O_CREAT, 0644);
	if (fd >= 0)
		close(fd);
	say("left", "%s under a read-only directory: %s", file, outcome(fd < 0 ? -1 : chmod(sub, 0555)));
}

static void
deep(void)
{
	int fd = open("/tmp", O_RDONLY | O_DIRECTORY), n = 0;

	while (fd >= 0 && n < 25000 && mkdirat(fd, "d", 0755) == 0) {
		int sub = openat(fd, "d", O_RDONLY | O_DIRECTORY);
		close(fd);
		fd = sub;
		n++;
	}
	if (fd >= 0)
		close(fd);
	say("left", "a tree %d deep in /tmp", n);
}

static void
full(void)
{
	static char block[1 << 20];
	long mib = 0;

	/* files under the bound on one file, until the disk is full */
	signal(SIGXFSZ, SIG_IGN);
	mkdir("/tmp/full", 0755);
	for (int i = 0; i < 8; i++) {
		char name[32];
		int fd, n = 0;
		snprintf(name, sizeof(name), "/tmp/full/%d", i);
		if ((fd = open(name, O_WRONLY | O_CREAT, 0644)) < 0)
			break;
		while (n < 200 && write(fd, block, sizeof(block)) == (ssize_t)sizeof(block))
			n++;
		close(fd);
		mib += n;
		if (n < 200)
			break;
	}
	chmod("/tmp/full", 0555);
	say("left", "/tmp filled with %ld MiB under a read-only directory", mib);
}

static void
poison(void)
{
	static const char *const places[] = { "/tmp", ".", "/dev/shm", "/dev", "/dev/mqueue" };

	executor();
	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++)
		locked(places[i]);
	deep();
	full();
	say("mode", "/dev/mqueue made read-only: %s", outcome(chmod("/dev/mqueue", 0555)));
	say("mode", "the working directory made unreadable: %s", outcome(chmod(".", 0)));
	say("mode", "/tmp made unreadable: %s", outcome(chmod("/tmp", 0)));
}

static void
memory(void)
{
	size_t n = (size_t)1500 << 20;
	int done[2], held = 0;
	char c;

	if (pipe(done) < 0)
		return;
	for (int i = 0; i < 3; i++)
		if (fork() == 0) {
			char *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (p != MAP_FAILED)
				memset(p, 1, n);
			(void)!write(done[1], "x", 1);
			sleep(30);
			_exit(0);
		}
	close(done[1]);
	/* each has touched all it holds: the three hold 4500 MiB */
	while (held < 3 && read(done[0], &c, 1) == 1)
		held++;
	sleep(1);
	say("memory", "three processes held %d of 4500 MiB for 1 s", held * 1500);
	kill(0, SIGKILL);
}

static void
procs(void)
{
	int n = 0;

	for (; n < 1000; n++) {
		pid_t p = fork();
		if (p < 0)
			break;
		if (p == 0) {
			pause();
			_exit(0);
		}
	}
	say("processes", "%d started", n);
	signal(SIGTERM, SIG_IGN);
	kill(0, SIGTERM);
}

static void
devfill(void)
{
	static char block[1 << 20];
	long mib = 0;

	/* three files of 200 MiB: each under the bound on one file */
	for (int i = 0; i < 3; i++) {
		char name[32];
		int fd;
		long n = 0;
		snprintf(name, sizeof(name), "/dev/big%d", i);
		fd = open(name, O_WRONLY | O_CREAT, 0644);
		while (fd >= 0 && n < 200 && write(fd, block, sizeof(block)) == (ssize_t)sizeof(block))
			n++;
		if (fd >= 0)
			close(fd);
		mib += n;
	}
	say("dev", "%ld MiB written into /dev", mib);
}

/* outside the sandbox, as the harness's user: a secret in its user
 * keyring, which no job may see; and taken away again */
static int
secret(int add)
{
	long id = syscall(SYS_keyctl, KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, "user", "diagmatrix-secret", 0);

	if (!add)
		return id < 0 || (syscall(SYS_keyctl, KEYCTL_REVOKE, id) == 0 && syscall(SYS_keyctl, KEYCTL_UNLINK, id, KEY_SPEC_USER_KEYRING) == 0) ? 0 : 1;
	return syscall(SYS_add_key, "user", "diagmatrix-secret", "hunter2", 7, KEY_SPEC_USER_KEYRING) < 0;
}

int
main(int argc, char **argv)
{
	const char *what = NULL;

	if (argc == 2 && !strcmp(argv[1], "--add-secret"))
		return secret(1);
	if (argc == 2 && !strcmp(argv[1], "--drop-secret"))
		return secret(0);

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-dumpfullversion") || !strcmp(argv[i], "-dumpversion"))
			return puts("12.2.0"), 0;
		if (!strcmp(argv[i], "-E"))
			return 0;
		if (!strncmp(argv[i], "-DATTACK=", 9))
			what = argv[i] + 9;
	}
	if (!what)
		return 0;
	if (!strcmp(what, "benign")) {
		argv[0] = "gcc-12";
		execvp(argv[0], argv);
		return 127;
	}
	if (!strcmp(what, "seal")) {
		identity();
		capabilities();
		sysctls();
		keyrings();
		devices();
	} else if (!strcmp(what, "poison")) {
		poison();
	} else if (!strcmp(what, "memory")) {
		memory();
	} else if (!strcmp(what, "procs")) {
		procs();
	} else if (!strcmp(what, "devfill")) {
		devfill();
	}
	return 0;
}
