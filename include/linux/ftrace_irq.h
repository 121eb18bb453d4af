/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

/*
 * Hooks the NMI entry and exit paths call for tracers that measure time
 * spent in NMIs (hardware-latency and OS-noise tracers).  None of those is
 * built yet, so the hooks are empty and cost nothing.
 */

static inline void ftrace_nmi_enter(void)
{
}

static inline void ftrace_nmi_exit(void)
{
}

#endif /* _LINUX_FTRACE_IRQ_H */
