/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

/*
 * x86 support of function tracing.  The call-site patching and the entry
 * trampolines are not built yet; what remains is what generic x86 code
 * refers to unconditionally.
 */

#include <asm/ptrace.h>

#ifndef __ASSEMBLY__

/* After boot, make the trampolines' ops read-only: nothing to do yet. */
static inline void set_ftrace_ops_ro(void)
{
}

#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */
