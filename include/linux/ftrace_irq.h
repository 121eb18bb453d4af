/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

/*
 * Hooks the NMI entry and exit paths call for tracers that measure time
 * spent in NMIs: the hwlat tracer (trace_hwlat.c) counts and times the
 * NMIs that hit its sample.  While no sample runs the hook is one test of
 * a flag.
 */

#ifdef CONFIG_HWLAT_TRACER
extern bool trace_hwlat_callback_enabled;
void trace_hwlat_callback(bool enter);
#endif

static inline void ftrace_nmi_enter(void)
{
#ifdef CONFIG_HWLAT_TRACER
	if (unlikely(READ_ONCE(trace_hwlat_callback_enabled)))
		trace_hwlat_callback(true);
#endif
}

static inline void ftrace_nmi_exit(void)
{
#ifdef CONFIG_HWLAT_TRACER
	if (unlikely(READ_ONCE(trace_hwlat_callback_enabled)))
		trace_hwlat_callback(false);
#endif
}

#endif /* _LINUX_FTRACE_IRQ_H */
