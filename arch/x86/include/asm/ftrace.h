/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

/*
 * x86 support of function tracing (arch/x86/kernel/ftrace.c and
 * ftrace_64.S): what a call site looks like, and how a callback finds
 * the traced function's registers.
 */

#include <asm/ptrace.h>

#ifdef CONFIG_FUNCTION_TRACER
#ifndef CC_USING_FENTRY
# error "function tracing on x86 needs a compiler with -mfentry"
#endif

/* A call site is a 5-byte "call __fentry__" (e8 + 32-bit displacement). */
#define MCOUNT_ADDR		((unsigned long)(__fentry__))
#define MCOUNT_INSN_SIZE	5

/*
 * Where a function's call site may sit: at its very start, or right after
 * the ENDBR64 that IBT puts first.  A recorded site further into a symbol
 * belongs to a weak function the linker replaced (dead code).
 */
#include <asm/ibt.h>
#define FTRACE_MCOUNT_MAX_OFFSET	ENDBR_INSN_SIZE

/* The trampolines pass the ftrace_ops to the callback. */
#define ARCH_SUPPORTS_FTRACE_OPS	1

#ifndef __ASSEMBLY__
extern void __fentry__(void);

/* The recorded address is the call instruction itself. */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

#ifdef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
#include <linux/ftrace_regs.h>

/*
 * The trampolines always save the argument registers, the stack pointer
 * and the return address in a pt_regs layout; only ftrace_regs_caller
 * fills in the rest, and it alone sets cs.  So a full pt_regs is there
 * exactly when cs is not zero.
 */
static __always_inline struct pt_regs *
arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	if (!arch_ftrace_regs(fregs)->regs.cs)
		return NULL;
	return &arch_ftrace_regs(fregs)->regs;
}

/* Make a partial pt_regs good enough for perf and stack traces. */
#define arch_ftrace_partial_regs(regs) do {	\
	(regs)->flags |= X86_EFLAGS_FIXED;	\
	(regs)->cs = __KERNEL_CS;		\
} while (0)

#define arch_ftrace_fill_perf_regs(fregs, _regs) do {			\
	(_regs)->ip = arch_ftrace_regs(fregs)->regs.ip;			\
	(_regs)->sp = arch_ftrace_regs(fregs)->regs.sp;			\
	(_regs)->cs = __KERNEL_CS;					\
	(_regs)->flags = 0;						\
} while (0)

/* Where the traced function resumes: both trampolines honour a change. */
#define ftrace_regs_set_instruction_pointer(fregs, _ip)			\
	do { arch_ftrace_regs(fregs)->regs.ip = (_ip); } while (0)
#endif /* CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS */

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * A direct ops's callback, run from ftrace_regs_caller at a site shared
 * with other ops, asks for its trampoline here: the orig_ax slot of the
 * pt_regs, which the trampolines clear before the callbacks and
 * ftrace_regs_caller reads after them.  When it is not 0,
 * ftrace_regs_caller restores the registers and returns into @addr, whose
 * own return then goes back into the traced function.
 */
static __always_inline void
arch_ftrace_set_direct_caller(struct ftrace_regs *fregs, unsigned long addr)
{
	arch_ftrace_regs(fregs)->regs.orig_ax = addr;
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/* Nothing per site beyond the address. */
struct dyn_arch_ftrace {
};

#endif /* !__ASSEMBLY__ */
#endif /* CONFIG_FUNCTION_TRACER */

#ifndef __ASSEMBLY__

/*
 * After boot, make allocated trampolines read-only: there are none (every
 * site calls one of the two trampolines of ftrace_64.S).
 */
static inline void set_ftrace_ops_ro(void)
{
}

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */
