/* case-title: the control for xe-pagefault.c: Arnd Bergmann's workaround, pointer addition instead of &array[i]
 * case-ref: https://git.kernel.org/linus/021533194476035883300d60fbb3136426ac8ea5 (Linux commit 021533194476, "Kconfig: Disable -Wstringop-overflow for GCC globally")
 * case-ref: https://gcc.gnu.org/bugzilla/show_bug.cgi?id=113214
 * case-ref: https://lore.kernel.org/all/202401161031.hjGJHMiJ-lkp@intel.com/T/
 * case-ref: https://lore.kernel.org/all/20240103114819.2913937-1-arnd@kernel.org/
 * case-flags: -Wstringop-overflow
 *
 * The reduction of known-fp/xe-pagefault.c with the change of
 * 20240103114819.2913937-1-arnd@kernel.org: `gt->usm.pf_queue + (asid %
 * NUM_PF_QUEUE)` for `&gt->usm.pf_queue[asid % NUM_PF_QUEUE]`. The same
 * address, and no warning from any compiler under any profile: what GCC
 * sees is the shape of the address, not the bounds.
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
	pf_queue = gt->usm.pf_queue + (msg[1] & 0xfffff) % NUM_PF_QUEUE;
	flags = _raw_spin_lock_irqsave(&pf_queue->lock);
	full = ((pf_queue->head - (pf_queue->tail + 1)) & (PF_QUEUE_NUM_DW - 1)) <= PF_MSG_LEN_DW;
	if (!full) {
		__builtin_memcpy(pf_queue->data + pf_queue->tail, msg, len * sizeof(u32));	/* expect-clean */
		pf_queue->tail = (pf_queue->tail + len) % PF_QUEUE_NUM_DW;
		queue_work_on(-1, gt->usm.pf_wq, &pf_queue->worker);
	} else {
		__drm_err(&xe->drm, "PF Queue full, shouldn't be possible");
	}
	_raw_spin_unlock_irqrestore(&pf_queue->lock, flags);
	return full ? -28 : 0;
}
