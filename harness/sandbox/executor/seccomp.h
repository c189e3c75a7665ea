/* SPDX-License-Identifier: MIT */
/* seccomp: the system-call filter of every sandbox (docs/trust.md).
 *
 * A classic-BPF program, built here from a table, that the executor of a
 * sandbox (executor.c) loads before it runs its first job, so that every
 * job, and all it starts, runs under it. It denies, with EPERM, what no
 * compile and no Kbuild needs and what would reach past the sandbox: the
 * kernel's keyrings, tracing and reading other processes, BPF, perf,
 * userfaultfd, io_uring, kexec and modules, the clock, swap, reboot,
 * changing another process's limits, priority, scheduling or I/O priority,
 * typing into a terminal (TIOCSTI, TIOCLINUX); and, for a compile, new
 * namespaces and the mount family. A tree job's filter lets its build
 * make namespaces and mounts, which the sandbox its wrappers start for a
 * root's compiler needs (root.h, root_enter_inner); the rest it denies.
 * A system call of another architecture (x32, i386 through int 0x80) is
 * denied whole, so that no number escapes the table by its ABI.
 *
 * Pure: no system call is made here; the program is returned to load.
 */
#ifndef SECCOMP_H
#define SECCOMP_H

#include <stddef.h>
#include <linux/filter.h>

enum seccomp_mode {
	SECCOMP_COMPILE,        /* a compile, a probe */
	SECCOMP_TREE,           /* a tree job: its build starts sandboxes of its own */
};

enum { SECCOMP_MAX_INSNS = 512 };

/* The filter of mode in out (room for SECCOMP_MAX_INSNS). Returns its
 * length, or 0 for an architecture it does not know (the caller refuses
 * to run unfiltered). */
size_t seccomp_program(enum seccomp_mode mode, struct sock_filter *out);

#endif
