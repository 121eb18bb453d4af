/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The targets of the function-entry call sites on x86-64.
 *
 * Every traceable function begins (after its ENDBR64, with IBT) with a
 * 5-byte call.  The compiler makes it a call of __fentry__, which only
 * returns; the boot turns it into a NOP; tracing turns it into a call of
 * one of the two trampolines below.  At a trampoline's first instruction
 * the stack holds
 *
 *	0(%rsp)	the address after the call site, in the traced function
 *	8(%rsp)	the traced function's own return address (its caller)
 *
 * and the traced function has not touched a register yet: its arguments
 * are in %rdi, %rsi, %rdx, %rcx, %r8, %r9 (and %rax, for varargs).
 *
 * Each trampoline lays a struct pt_regs out below those two words, fills
 * in what it saves, and calls
 *
 *	op->entry(ip, parent_ip, op, fregs)
 *
 * with op = ftrace_dispatch_op (kernel/trace/ftrace_ops.c: the only
 * registered ftrace_ops, or the one that runs them all), ip = the call
 * site, parent_ip = the caller, fregs = the pt_regs.  The saved registers
 * are then restored, and the trampoline returns to regs->ip, which a
 * callback may have changed (live patching sends the function elsewhere).
 *
 * ftrace_caller saves what a function's entry may still need: the
 * argument registers, %rax, %rbp, and regs->sp and regs->ip; regs->cs stays
 * 0, which tells ftrace_get_regs() that the pt_regs is partial.
 * ftrace_regs_caller saves every register and the flags, sets cs and ss,
 * and restores every register from the pt_regs afterwards.  It also
 * serves direct calls (register_ftrace_direct()): when a callback left a
 * direct trampoline's address in orig_ax, it returns into that trampoline
 * rather than into the traced function.
 */

#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/ftrace.h>
#include <asm/nospec-branch.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/unwind_hints.h>

	.code64
	.section .text, "ax"

/*
 * The registers a function's entry may still need, in and out of the
 * pt_regs at %rsp.
 */
.macro save_arg_regs
	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rbp, RBP(%rsp)
.endm

.macro restore_arg_regs
	movq	RBP(%rsp), %rbp
	movq	R9(%rsp), %r9
	movq	R8(%rsp), %r8
	movq	RCX(%rsp), %rcx
	movq	RDX(%rsp), %rdx
	movq	RSI(%rsp), %rsi
	movq	RDI(%rsp), %rdi
	movq	RAX(%rsp), %rax
.endm

/*
 * With the pt_regs at %rsp and the return address into the traced
 * function at \ret(%rsp): fill in ip and sp, load the callback's
 * arguments and call the dispatch ops' entry.
 */
.macro call_dispatch ret:req
	movq	\ret(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	leaq	\ret+8(%rsp), %rsi
	movq	%rsi, RSP(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	subq	$MCOUNT_INSN_SIZE, %rdi
	movq	\ret+8(%rsp), %rsi
	movq	ftrace_dispatch_op(%rip), %rdx
	movq	%rsp, %rcx
	/* struct ftrace_ops begins with its entry (see <linux/ftrace.h>). */
	movq	(%rdx), %r11
	CALL_DEPTH_ACCOUNT
	CALL_NOSPEC r11
	/* Resume where the callbacks say. */
	movq	RIP(%rsp), %rax
	movq	%rax, \ret(%rsp)
.endm

/* What the compiler's calls reach before the boot turns them into NOPs. */
SYM_FUNC_START(__fentry__)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

SYM_FUNC_START(ftrace_caller)
	CALL_DEPTH_ACCOUNT
	subq	$FRAME_SIZE, %rsp
	save_arg_regs
	movq	$0, CS(%rsp)
	call_dispatch FRAME_SIZE
	restore_arg_regs
	addq	$FRAME_SIZE, %rsp
	RET
SYM_FUNC_END(ftrace_caller)
STACK_FRAME_NON_STANDARD_FP ftrace_caller

SYM_FUNC_START(ftrace_regs_caller)
	CALL_DEPTH_ACCOUNT
	/* The flags first, before an instruction here changes them. */
	pushfq
	subq	$FRAME_SIZE, %rsp
	save_arg_regs
	movq	%rbx, RBX(%rsp)
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	movq	FRAME_SIZE(%rsp), %rax
	movq	%rax, EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	/* Above the pt_regs: the flags, then the return address. */
	call_dispatch FRAME_SIZE+8
	/* A callback may change any register, the flags included. */
	movq	EFLAGS(%rsp), %rax
	movq	%rax, FRAME_SIZE(%rsp)
	movq	R15(%rsp), %r15
	movq	R14(%rsp), %r14
	movq	R13(%rsp), %r13
	movq	R12(%rsp), %r12
	movq	R11(%rsp), %r11
	movq	R10(%rsp), %r10
	movq	RBX(%rsp), %rbx
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	cmpq	$0, ORIG_RAX(%rsp)
	jnz	.Lregs_to_direct
#endif
	restore_arg_regs
	addq	$FRAME_SIZE, %rsp
	popfq
	RET

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	/*
	 * A direct ops named its trampoline in orig_ax.  Enter it as the
	 * call site would have: every register restored, the address to
	 * resume at on the top of the stack.  The word above the pt_regs
	 * (the flags pushed first) takes the trampoline's address, the
	 * flags are popped from the pt_regs instead, and RET pops the
	 * trampoline's address, leaving the resume address for its own
	 * return.  Nothing after popfq may change the flags: lea moves
	 * %rsp.
	 */
.Lregs_to_direct:
	movq	ORIG_RAX(%rsp), %rax
	movq	%rax, FRAME_SIZE(%rsp)
	restore_arg_regs
	/* RET below is the emulated call's entry, not a return: count it. */
	CALL_DEPTH_ACCOUNT
	leaq	EFLAGS(%rsp), %rsp
	popfq
	leaq	FRAME_SIZE-(EFLAGS+8)(%rsp), %rsp
	/* From here the state is a function's entry: the direct trampoline's. */
	UNWIND_HINT_FUNC
	RET
#endif
SYM_FUNC_END(ftrace_regs_caller)
STACK_FRAME_NON_STANDARD_FP ftrace_regs_caller

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* A direct trampoline that does nothing but return to the traced function. */
SYM_FUNC_START(ftrace_stub_direct_tramp)
	CALL_DEPTH_ACCOUNT
	RET
SYM_FUNC_END(ftrace_stub_direct_tramp)
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a function whose return the graph core hooked returns to.  The
 * core (kernel/trace/fgraph.c) replaced its return address, in the slot
 * at its entry's %rsp, with ours and kept the real one on the task's
 * shadow stack.  The function's RET brings us here with
 *
 *	%rsp	the slot + 8 (the RET popped it)
 *	%rax, %rdx	the return value
 *
 * and every callee-saved register as the caller expects it.  We ask
 * fgraph_return_hook(retval, slot + 8) for the real address (it runs the
 * return handlers and pops the frame), put %rax and %rdx back and return
 * there with %rsp where the function's own RET left it.
 *
 * Reached by a RET, not a call, so no ENDBR.  The last jump is a RET
 * too: a JMP through a register would want an ENDBR at the return site
 * under IBT, and a call that is "returned" from keeps the return stack
 * buffer balanced.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	/*
	 * Back onto the slot, which still holds our address: to an unwinder
	 * we are a function called from the hooked one's caller, and
	 * ftrace_graph_ret_addr() finds the real address by that slot.
	 */
	subq	$8, %rsp
	UNWIND_HINT_FUNC
	subq	$16, %rsp
	movq	%rax, 8(%rsp)
	movq	%rdx, (%rsp)
	movq	%rax, %rdi
	leaq	24(%rsp), %rsi
	call	fgraph_return_hook
	movq	%rax, %rdi
	movq	(%rsp), %rdx
	movq	8(%rsp), %rax
	addq	$24, %rsp
	/*
	 * From here %rsp is back above the frame the hint above describes,
	 * and the slot it would read the return address from is rewritten
	 * below: an unwinder interrupting us here stops, as at the start.
	 */
	UNWIND_HINT_UNDEFINED
	/*
	 * Push a return address, replace it with the real one, return.  The
	 * call is one like any other for call-depth tracking: the RET below
	 * takes it back.
	 */
	CALL_DEPTH_ACCOUNT
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lgraph_ret
	int3
.Lgraph_ret:
	movq	%rdi, (%rsp)
	RET
SYM_CODE_END(return_to_handler)
#endif
