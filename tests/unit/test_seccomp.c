/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/seccomp.h>

#include "sandbox/executor/seccomp.h"
#include "t.h"

/* The filter run as the kernel would, on one system call: the classic
 * BPF the program uses (absolute loads, jumps on constants, returns). */
static unsigned
run_filter(const struct sock_filter *f, size_t n, const struct seccomp_data *d)
{
	unsigned a = 0;

	for (size_t pc = 0; pc < n; pc++) {
		const struct sock_filter *i = &f[pc];
		switch (i->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (i->k + 4 > sizeof(*d))
				return 0xdead;
			memcpy(&a, (const char *)d + i->k, 4);
			break;
		case BPF_JMP | BPF_JEQ | BPF_K:
			pc += a == i->k ? i->jt : i->jf;
			break;
		case BPF_JMP | BPF_JGE | BPF_K:
			pc += a >= i->k ? i->jt : i->jf;
			break;
		case BPF_JMP | BPF_JSET | BPF_K:
			pc += (a & i->k) ? i->jt : i->jf;
			break;
		case BPF_RET | BPF_K:
			return i->k;
		default:
			return 0xbad;
		}
	}
	return 0xfa11;  /* fell off the end */
}

static unsigned
call(enum seccomp_mode mode, int nr, unsigned long a0, unsigned long a1)
{
	static struct sock_filter f[SECCOMP_MAX_INSNS];
	struct seccomp_data d = { .nr = nr, .arch = AUDIT_ARCH_X86_64, .args = { a0, a1 } };
	size_t n = seccomp_program(mode, f);

	return n ? run_filter(f, n, &d) : 0;
}

#define ALLOW SECCOMP_RET_ALLOW
#define EPERM_ (SECCOMP_RET_ERRNO | EPERM)

/* What a compile may and may not do; what a tree job's build may do
 * beside (namespaces and mounts, for the sandbox its wrappers start). */
TEST(seccomp_filter)
{
#ifdef __x86_64__
	static struct sock_filter f[SECCOMP_MAX_INSNS];
	struct seccomp_data d = { .nr = SYS_read, .arch = AUDIT_ARCH_I386 };

	CHECK(seccomp_program(SECCOMP_COMPILE, f) > 40);
	CHECK(run_filter(f, seccomp_program(SECCOMP_COMPILE, f), &d) == EPERM_);   /* another ABI */
	CHECK(call(SECCOMP_COMPILE, SYS_read, 0, 0) == ALLOW);
	CHECK(call(SECCOMP_COMPILE, SYS_execve, 0, 0) == ALLOW);
	CHECK(call(SECCOMP_COMPILE, SYS_read | 0x40000000, 0, 0) == EPERM_);       /* x32 */
	CHECK(call(SECCOMP_COMPILE, SYS_keyctl, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_add_key, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_request_key, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_ptrace, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_bpf, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_perf_event_open, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_userfaultfd, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_setns, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_init_module, 0, 0) == EPERM_);
	/* the limits and priority of the process itself, not of another */
	CHECK(call(SECCOMP_COMPILE, SYS_prlimit64, 0, 0) == ALLOW);
	CHECK(call(SECCOMP_COMPILE, SYS_prlimit64, 1, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_prlimit64, 1UL << 32, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_setpriority, PRIO_PROCESS, 0) == ALLOW);
	CHECK(call(SECCOMP_COMPILE, SYS_setpriority, PRIO_PROCESS, 1) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_setpriority, PRIO_USER, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_sched_setscheduler, 1, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_sched_setscheduler, 0, 0) == ALLOW);
	CHECK(call(SECCOMP_COMPILE, SYS_ioprio_set, 3 /* a user */, 0) == EPERM_);
	/* typing into a terminal */
	CHECK(call(SECCOMP_COMPILE, SYS_ioctl, 0, TIOCSTI) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_ioctl, 0, TIOCGWINSZ) == ALLOW);
	/* a compile makes no namespace and mounts nothing; a tree build may */
	CHECK(call(SECCOMP_COMPILE, SYS_clone, CLONE_NEWUSER, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_clone, 0x11 /* SIGCHLD */, 0) == ALLOW);
	CHECK(call(SECCOMP_COMPILE, SYS_clone3, 0, 0) == (SECCOMP_RET_ERRNO | ENOSYS));
	CHECK(call(SECCOMP_COMPILE, SYS_unshare, CLONE_NEWNS, 0) == EPERM_);
	CHECK(call(SECCOMP_COMPILE, SYS_mount, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_TREE, SYS_clone, CLONE_NEWUSER, 0) == ALLOW);
	CHECK(call(SECCOMP_TREE, SYS_unshare, CLONE_NEWNS, 0) == ALLOW);
	CHECK(call(SECCOMP_TREE, SYS_mount, 0, 0) == ALLOW);
	CHECK(call(SECCOMP_TREE, SYS_pivot_root, 0, 0) == ALLOW);
	CHECK(call(SECCOMP_TREE, SYS_keyctl, 0, 0) == EPERM_);
	CHECK(call(SECCOMP_TREE, SYS_prlimit64, 1, 0) == EPERM_);
#endif
}
