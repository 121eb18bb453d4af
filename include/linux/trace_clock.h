/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_TRACE_CLOCKS_H
#define __LINUX_TRACE_CLOCKS_H

/*
 * The clocks trace timestamps can be taken from (the trace_clock file
 * chooses one per trace buffer):
 *
 *   trace_clock_local()    this CPU's sched_clock(): fastest, not ordered
 *                          across CPUs
 *   trace_clock_global()   ordered across CPUs, a little slower
 *   trace_clock_counter()  a global counter, for ordering only
 *   trace_clock_jiffies()  jiffies since boot
 *   trace_clock()          the default
 *
 * All are notrace and safe in any context, NMI included.
 */

#include <asm/trace_clock.h>
#include <linux/types.h>
#include <linux/compiler.h>

u64 notrace trace_clock(void);
u64 notrace trace_clock_counter(void);
u64 notrace trace_clock_global(void);
u64 notrace trace_clock_jiffies(void);
u64 notrace trace_clock_local(void);

#endif /* __LINUX_TRACE_CLOCKS_H */
