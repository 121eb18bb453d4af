/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct ftrace_regs is what a function-tracing callback is handed of the
 * traced function's registers.  Callbacks never look inside it: they go
 * through the ftrace_regs_*() accessors, which each architecture backs
 * with what its trampolines save.
 *
 * Most architectures (x86 among them) save a struct pt_regs, full or
 * partial, and take the accessors below: each one is the pt_regs helper
 * of <asm/ptrace.h> applied to the saved registers.  An architecture that
 * saves something else defines HAVE_ARCH_FTRACE_REGS and provides its own
 * struct __arch_ftrace_regs, arch_ftrace_regs() and every accessor.
 *
 * They are macros so that they expand where they are used, after the
 * architecture's ptrace and error-injection headers, which this header
 * cannot include (<asm/ftrace.h> includes it early).
 */
#ifndef _LINUX_FTRACE_REGS_H
#define _LINUX_FTRACE_REGS_H

#ifndef HAVE_ARCH_FTRACE_REGS

struct ftrace_regs;

/* What lies behind a struct ftrace_regs here: the saved pt_regs. */
struct __arch_ftrace_regs {
	struct pt_regs		regs;
};

#define arch_ftrace_regs(fregs)	((struct __arch_ftrace_regs *)(fregs))

/* The pt_regs of @fregs. */
#define __ftrace_regs_pt(fregs)	(&arch_ftrace_regs(fregs)->regs)

/* Where the function resumes once the callbacks return. */
#define ftrace_regs_get_instruction_pointer(fregs) \
	instruction_pointer(__ftrace_regs_pt(fregs))
/* The traced function's argument @n (0 the first), at its entry. */
#define ftrace_regs_get_argument(fregs, n) \
	regs_get_kernel_argument(__ftrace_regs_pt(fregs), n)
/* The stack pointer at the entry: it points at the return address. */
#define ftrace_regs_get_stack_pointer(fregs) \
	kernel_stack_pointer(__ftrace_regs_pt(fregs))
/* The frame pointer at the entry. */
#define ftrace_regs_get_frame_pointer(fregs) \
	frame_pointer(__ftrace_regs_pt(fregs))
/* At a function's exit: the value it returns, read and replaced. */
#define ftrace_regs_get_return_value(fregs) \
	regs_return_value(__ftrace_regs_pt(fregs))
#define ftrace_regs_set_return_value(fregs, ret) \
	regs_set_return_value(__ftrace_regs_pt(fregs), ret)
/* Return from the traced function at once (error injection). */
#define ftrace_override_function_with_return(fregs) \
	override_function_with_return(__ftrace_regs_pt(fregs))
/* The offset of the register called @name in the saved registers. */
#define ftrace_regs_query_register_offset(name) \
	regs_query_register_offset(name)

#endif /* !HAVE_ARCH_FTRACE_REGS */

#endif /* _LINUX_FTRACE_REGS_H */
