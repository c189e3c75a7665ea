/* case-title: Xe page-fault queue memcpy: GCC 13 false positive (beyond this matrix; GCC 11 and 12 are quiet)
 * case-ref: ../shared/seeds/002-commit-021533194476-kconfig-disable-wstringop-overflow-for-gcc-globally.patch
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=113214
 * case-ref: https://lore.kernel.org/all/202401161031.hjGJHMiJ-lkp@intel.com/T/
 * case-flags: -fsanitize=thread
 * case-requires {gcc}
 *
 * The report that made the kernel turn -Wstringop-overflow off for every
 * GCC: xe_guc_pagefault_handler() copying into pf_queue->data + tail,
 * "writing 16 bytes into a region of size 0" with GCC 13.2 on arm64 and
 * s390 (W=1, KCSAN's -fsanitize=thread). Reduced here after GCC PR 113214.
 * GCC 11 and 12, every target, with the same flags: silent.
 */
typedef unsigned u32;
struct pf_queue { u32 data[128]; u32 tail, head; };
struct xe_gt { void *tile; struct pf_queue pf_queue[4]; };
int pagefault_handler(struct xe_gt *gt, u32 *msg, u32 len);
int pagefault_handler(struct xe_gt *gt, u32 *msg, u32 len)
{
	struct pf_queue *q;

	if (len != 4)
		return -1;
	q = &gt->pf_queue[msg[1] % 4];
	if ((q->tail + 4) % 128 == q->head)
		return -2;
	__builtin_memcpy(q->data + q->tail, msg, len * 4);	/* known-fp {gcc>=13, arch=arm64|s390x} "writing 16 bytes into a region of size 0" [-Wstringop-overflow] [ref: GCC PR 113214]
								   expect-clean {gcc<13} */
	q->tail = (q->tail + len) % 128;
	return 0;
}
