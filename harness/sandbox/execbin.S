/* SPDX-License-Identifier: MIT */
/* The executor of kept sandboxes (executor.c), a static program, as bytes
 * of the harness (box.c writes them to a memory file and runs that). */
	.section .rodata
	.balign 16
	.globl diagmatrix_exec_bin
diagmatrix_exec_bin:
	.incbin EXEC_BIN
	.globl diagmatrix_exec_bin_end
diagmatrix_exec_bin_end:
	.section .note.GNU-stack,"",@progbits
