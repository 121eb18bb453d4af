/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

/*
 * Hooks the NMI entry and exit paths call for tracers that measure time
 * spent in NMIs: the hwlat tracer (trace_hwlat.c) counts and times the
 * NMIs that hit its sample, osnoise and timerlat (trace_osnoise.c) those
 * that delay their workload.  While neither runs a hook is one test of a
 * flag.
 */

#ifdef CONFIG_HWLAT_TRACER
extern bool trace_hwlat_callback_enabled;
void trace_hwlat_callback(bool enter);
#endif

#ifdef CONFIG_OSNOISE_TRACER
extern bool trace_osnoise_callback_enabled;
void trace_osnoise_callback(bool enter);
#endif

static inline void ftrace_nmi_enter(void)
{
#ifdef CONFIG_HWLAT_TRACER
	if (unlikely(READ_ONCE(trace_hwlat_callback_enabled)))
		trace_hwlat_callback(true);
#endif
#ifdef CONFIG_OSNOISE_TRACER
	if (unlikely(READ_ONCE(trace_osnoise_callback_enabled)))
		trace_osnoise_callback(true);
#endif
}

static inline void ftrace_nmi_exit(void)
{
#ifdef CONFIG_HWLAT_TRACER
	if (unlikely(READ_ONCE(trace_hwlat_callback_enabled)))
		trace_hwlat_callback(false);
#endif
#ifdef CONFIG_OSNOISE_TRACER
	if (unlikely(READ_ONCE(trace_osnoise_callback_enabled)))
		trace_osnoise_callback(false);
#endif
}

#endif /* _LINUX_FTRACE_IRQ_H */
