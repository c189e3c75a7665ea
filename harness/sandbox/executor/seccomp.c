/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/sched.h>
#include <linux/seccomp.h>

#include "sandbox/executor/seccomp.h"

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#endif

#ifndef TIOCLINUX
#define TIOCLINUX 0x541C
#endif

/* Denied in every sandbox: nothing a compile or a build does, and each a
 * way past the sandbox or into the host's state (docs/trust.md). */
static const int denied[] = {
	SYS_keyctl, SYS_add_key, SYS_request_key,
	SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev, SYS_kcmp,
	SYS_perf_event_open, SYS_bpf, SYS_userfaultfd,
	SYS_kexec_load, SYS_init_module, SYS_finit_module, SYS_delete_module,
	SYS_acct, SYS_swapon, SYS_swapoff, SYS_reboot, SYS_syslog, SYS_quotactl,
	SYS_settimeofday, SYS_clock_settime, SYS_clock_adjtime, SYS_adjtimex,
	SYS_sethostname, SYS_setdomainname, SYS_vhangup,
	SYS_open_by_handle_at, SYS_name_to_handle_at, SYS_fanotify_init,
	SYS_migrate_pages, SYS_move_pages, SYS_setns,
#ifdef SYS_kexec_file_load
	SYS_kexec_file_load,
#endif
#ifdef SYS_pidfd_getfd
	SYS_pidfd_getfd,
#endif
#ifdef SYS_process_madvise
	SYS_process_madvise,
#endif
#ifdef SYS_quotactl_fd
	SYS_quotactl_fd,
#endif
#ifdef SYS_io_uring_setup
	SYS_io_uring_setup, SYS_io_uring_enter, SYS_io_uring_register,
#endif
#ifdef SYS_lookup_dcookie
	SYS_lookup_dcookie,
#endif
#ifdef SYS_iopl
	SYS_iopl, SYS_ioperm, SYS_modify_ldt, SYS_uselib, SYS_ustat, SYS_sysfs,
#endif
#ifdef SYS__sysctl
	SYS__sysctl,
#endif
};

/* Denied to a compile, allowed to a tree job's build, whose wrappers start
 * a sandbox of their own (bwrap) for a root's compiler. */
static const int mounts[] = {
	SYS_mount, SYS_umount2, SYS_pivot_root, SYS_chroot, SYS_unshare,
#ifdef SYS_open_tree
	SYS_open_tree, SYS_move_mount, SYS_fsopen, SYS_fsconfig, SYS_fsmount, SYS_fspick,
#endif
#ifdef SYS_mount_setattr
	SYS_mount_setattr,
#endif
};

/* Allowed only on the calling process itself: changing the limits,
 * priority or scheduling of another (the sandbox's executor, or every
 * process of the job's user) would carry over to the jobs after. arg: the
 * argument that names the process, which must be 0; which: for the calls
 * whose first argument says what kind of thing it names, the kind that is
 * a process, else -1. */
static const struct { int nr, arg, which; } self_only[] = {
	{ SYS_prlimit64, 0, -1 }, { SYS_setpriority, 1, 0 /* PRIO_PROCESS */ },
	{ SYS_ioprio_set, 1, 1 /* IOPRIO_WHO_PROCESS */ },
	{ SYS_sched_setscheduler, 0, -1 }, { SYS_sched_setparam, 0, -1 }, { SYS_sched_setaffinity, 0, -1 },
	{ SYS_sched_setattr, 0, -1 },
};

/* clone's flags that make namespaces */
#define NS_FLAGS (CLONE_NEWNS | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | \
                  CLONE_NEWUTS | CLONE_NEWCGROUP)

#define DENY (SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
#define NR_AT offsetof(struct seccomp_data, nr)
#define ARCH_AT offsetof(struct seccomp_data, arch)
/* the low and high words of argument i (little-endian) */
#define ARG_LO(i) (offsetof(struct seccomp_data, args) + 8 * (i))
#define ARG_HI(i) (ARG_LO(i) + 4)

struct prog {
	struct sock_filter *v;
	size_t n;
};

static void
put(struct prog *p, unsigned short code, unsigned char jt, unsigned char jf, unsigned k)
{
	if (p->n < SECCOMP_MAX_INSNS)
		p->v[p->n] = (struct sock_filter){ code, jt, jf, k };
	p->n++;
}

static void
load(struct prog *p, size_t at)
{
	put(p, BPF_LD | BPF_W | BPF_ABS, 0, 0, (unsigned)at);
}

/* nr denied: if A is nr, return EPERM */
static void
deny_nr(struct prog *p, int nr)
{
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (unsigned)nr);
	put(p, BPF_RET | BPF_K, 0, 0, DENY);
}

/* nr allowed only when its argument arg is 0 (both words) and, unless
 * which is -1, its first argument is which; A is the number again after
 * it */
static void
self_only_nr(struct prog *p, int nr, int arg, int which)
{
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, which < 0 ? 6 : 8, (unsigned)nr);
	if (which >= 0) {
		load(p, ARG_LO(0));
		put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 5, (unsigned)which);
	}
	load(p, ARG_LO(arg));
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, 0);
	load(p, ARG_HI(arg));
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0);
	put(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
	put(p, BPF_RET | BPF_K, 0, 0, DENY);
	load(p, NR_AT);
}

/* ioctl's TIOCSTI and TIOCLINUX (the command is 32 bits wide) */
static void
terminal_ioctls(struct prog *p)
{
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 4, SYS_ioctl);
	load(p, ARG_LO(1));
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, TIOCSTI);
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, TIOCLINUX);
	put(p, BPF_RET | BPF_K, 0, 0, DENY);
	load(p, NR_AT);
}

/* clone with a namespace flag; clone3, whose flags a filter cannot read,
 * answers ENOSYS, which makes the C library fall back to clone */
static void
no_new_namespaces(struct prog *p)
{
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 3, SYS_clone);
	load(p, ARG_LO(0));
	put(p, BPF_JMP | BPF_JSET | BPF_K, 0, 1, NS_FLAGS);
	put(p, BPF_RET | BPF_K, 0, 0, DENY);
	load(p, NR_AT);
#ifdef SYS_clone3
	put(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 1, SYS_clone3);
	put(p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
}

size_t
seccomp_program(enum seccomp_mode mode, struct sock_filter *out)
{
#ifdef NATIVE_ARCH
	struct prog p = { out, 0 };

	load(&p, ARCH_AT);
	put(&p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, NATIVE_ARCH);
	put(&p, BPF_RET | BPF_K, 0, 0, DENY);
	load(&p, NR_AT);
#ifdef __x86_64__
	/* x32's numbers are the same calls with this bit set */
	put(&p, BPF_JMP | BPF_JGE | BPF_K, 0, 1, 0x40000000);
	put(&p, BPF_RET | BPF_K, 0, 0, DENY);
#endif
	for (size_t i = 0; i < sizeof(denied) / sizeof(denied[0]); i++)
		deny_nr(&p, denied[i]);
	for (size_t i = 0; mode == SECCOMP_COMPILE && i < sizeof(mounts) / sizeof(mounts[0]); i++)
		deny_nr(&p, mounts[i]);
	if (mode == SECCOMP_COMPILE)
		no_new_namespaces(&p);
	for (size_t i = 0; i < sizeof(self_only) / sizeof(self_only[0]); i++)
		self_only_nr(&p, self_only[i].nr, self_only[i].arg, self_only[i].which);
	terminal_ioctls(&p);
	put(&p, BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW);
	return p.n <= SECCOMP_MAX_INSNS ? p.n : 0;
#else
	(void)mode;
	(void)out;
	return 0;
#endif
}
