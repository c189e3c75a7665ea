/* case-title: Xe page-fault queue memcpy under KCSAN (-fsanitize=thread): the GCC false positive that turned -Wstringop-overflow off in the kernel
 * case-ref: https://git.kernel.org/linus/021533194476035883300d60fbb3136426ac8ea5 (Linux commit 021533194476, "Kconfig: Disable -Wstringop-overflow for GCC globally")
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=113214
 * case-ref: https://lore.kernel.org/all/202401161031.hjGJHMiJ-lkp@intel.com/T/
 * case-ref: https://lore.kernel.org/all/20240103114819.2913937-1-arnd@kernel.org/
 * case-flags: -Wstringop-overflow
 *
 * xe_guc_pagefault_handler() of Linux 6.8-rc1 (drivers/gpu/drm/xe/
 * xe_gt_pagefault.c), reduced by hand: struct xe_gt reached by
 * container_of from its guc member, its first member `tile` read, then a
 * 16-byte memcpy into &gt->usm.pf_queue[asid % 4]. GCC reports "writing
 * 16 bytes into a region of size 0", "at offset [...] into destination
 * object 'tile' of size 8", as the kernel test robot (s390, GCC 13.2) and
 * Linus Torvalds (arm64, GCC 13.2.1) saw. -Wstringop-overflow is given
 * here because 6.8-rc1 enabled it for every GCC but 11 (the kernel
 * profiles now turn it off).
 *
 * Measured, under the kcsan profile (the kernel's flags and KCSAN's
 * -fsanitize=thread): GCC 13, 14, 15, 16 and trunk warn on arm64 and s390x
 * and nowhere else, which is the report; GCC 11 warns on x86-64, arm64
 * and s390x (the kernel excluded GCC 11 anyway); GCC 12 and every Clang
 * are silent. The same code under the kernel profile, which differs only
 * by -fsanitize=thread, is silent everywhere: the sanitizer's
 * instrumentation is the trigger, as GCC's maintainers answered in PR
 * 113214. With plain -O2 -fsanitize=thread, x86-64 warns too: the kernel's
 * x86-64 code-generation flags are what keeps x86-64 quiet. The control
 * xe-pagefault-workaround.c is Arnd Bergmann's rewrite (pointer addition
 * instead of &array[i]): silent everywhere. The GCC 13 here is 13.3
 * (Debian 13), the nearest Debian has to the 13.2 of the report.
 */
typedef unsigned int u32;
struct xe_device { int drm; };
struct xe_tile { struct xe_device *xe; };
struct xe_guc { int ct[64]; int log[32]; };
struct xe_uc { struct xe_guc guc; int huc[32]; };
struct workqueue_struct;
struct work_struct { unsigned long data; void *entry[2]; void (*func)(struct work_struct *); };
typedef struct { int rlock; } spinlock_t;
#define NUM_PF_QUEUE 4
#define PF_QUEUE_NUM_DW 128
#define PF_MSG_LEN_DW 4
struct xe_gt {
	struct xe_tile *tile;
	int info[64];
	struct {
		int acc_queue[16];
		struct workqueue_struct *pf_wq;
		struct pf_queue {
			struct xe_gt *gt;
			u32 data[PF_QUEUE_NUM_DW];
			u32 tail;
			u32 head;
			spinlock_t lock;
			struct work_struct worker;
		} pf_queue[NUM_PF_QUEUE];
	} usm;
	struct xe_uc uc;
};
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - __builtin_offsetof(type, member)))
unsigned long _raw_spin_lock_irqsave(spinlock_t *lock);
void _raw_spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
int queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
void __drm_err(const int *drm, const char *fmt, ...);
int xe_guc_pagefault_handler(struct xe_guc *guc, u32 *msg, u32 len);
int xe_guc_pagefault_handler(struct xe_guc *guc, u32 *msg, u32 len)
{
	struct xe_gt *gt = container_of(guc, struct xe_gt, uc.guc);
	struct xe_device *xe = gt->tile->xe;
	struct pf_queue *pf_queue;
	unsigned long flags;
	int full;

	if (len != PF_MSG_LEN_DW)
		return -71;
	pf_queue = &gt->usm.pf_queue[(msg[1] & 0xfffff) % NUM_PF_QUEUE];
	flags = _raw_spin_lock_irqsave(&pf_queue->lock);
	full = ((pf_queue->head - (pf_queue->tail + 1)) & (PF_QUEUE_NUM_DW - 1)) <= PF_MSG_LEN_DW;
	if (!full) {
		__builtin_memcpy(pf_queue->data + pf_queue->tail, msg, len * sizeof(u32));	/* known-fp {gcc>=13, arch=arm64|s390x, profile=kcsan} "writing 16 bytes into a region of size 0" [-Wstringop-overflow] [ref: GCC PR 113214]
											   known-fp {gcc==11, arch=x86-64|arm64|s390x, profile=kcsan} "writing 16 bytes into a region of size 0" [-Wstringop-overflow] [ref: GCC PR 113214] */
		pf_queue->tail = (pf_queue->tail + len) % PF_QUEUE_NUM_DW;
		queue_work_on(-1, gt->usm.pf_wq, &pf_queue->worker);
	} else {
		__drm_err(&xe->drm, "PF Queue full, shouldn't be possible");
	}
	_raw_spin_unlock_irqrestore(&pf_queue->lock, flags);
	return full ? -28 : 0;
}
/* case-overview@79: the Xe page-fault memcpy under KCSAN */
