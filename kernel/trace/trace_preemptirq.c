// SPDX-License-Identifier: GPL-2.0
/*
 * The interrupt-flag and preemption hooks: what CONFIG_TRACE_IRQFLAGS and
 * CONFIG_TRACE_PREEMPT_TOGGLE make the rest of the kernel call.
 *
 * With TRACE_IRQFLAGS, local_irq_disable() and local_irq_save() call
 * trace_hardirqs_off() right after interrupts went off, and
 * local_irq_enable() and local_irq_restore() call trace_hardirqs_on() right
 * before they come back on.  The entry code cannot use those two where RCU
 * is not watching yet (or any more): it tells lockdep itself at the exact
 * point and calls the tracing-only halves, trace_hardirqs_off_finish() and
 * trace_hardirqs_on_prepare(), from the part of the path where
 * instrumentation is allowed.
 *
 * Two things hang off these hooks:
 *
 *  - lockdep's view of the CPU's hardirq state, kept by the full hooks only.
 *    The irqs-off region as lockdep sees it must enclose everything the hook
 *    does, the event probes included: lockdep_hardirqs_off() comes first on
 *    the way in, and lockdep_hardirqs_on_prepare() followed by
 *    lockdep_hardirqs_on() come last on the way out.
 *
 *  - the preemptirq:irq_disable and preemptirq:irq_enable tracepoints, with
 *    the address of the hook's caller and of the caller's caller.  They
 *    must fire once per real transition, but the hooks are not called that
 *    way: every exception or NMI taken with interrupts already off runs
 *    trace_hardirqs_off_finish() again, and local_irq_enable() calls
 *    trace_hardirqs_on() whether interrupts were off or not.  So each CPU
 *    records whether it has reported interrupts off (traced_irqs_off); a
 *    hook fires only when it flips that record.  The record is set before irq_disable
 *    fires and cleared after irq_enable has, so a probe that itself saves
 *    and restores the interrupt flags cannot fire the events again.
 *
 * The record is only touched with interrupts off, on its own CPU, by single
 * this_cpu instructions.  An NMI that lands inside a hook runs the split
 * halves on the same record; it can change which caller reports a
 * transition, but it leaves the events paired.
 *
 * TRACE_PREEMPT_TOGGLE is the same for preemption: the scheduler calls
 * trace_preempt_off() when preempt_count first becomes non-zero and
 * trace_preempt_on() before it drops back to zero, and those fire
 * preemptirq:preempt_disable and preemptirq:preempt_enable.  The scheduler
 * already calls them on transitions only.
 *
 * Nothing in this file may be traced by the function tracer or
 * instrumented by KCOV or KCSAN (see the Makefile): it runs on every
 * interrupt-flag change, from entry code and from inside those tools.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>

#define CREATE_TRACE_POINTS
#include <trace/events/preemptirq.h>

/*
 * Where the architecture's entry code is noinstr-clean (x86 and the other
 * ARCH_WANTS_NO_INSTR architectures), these hooks only ever run where RCU
 * watches and a tracepoint may fire from any context.  Elsewhere a hook can
 * run in the idle loop or early entry with RCU not watching: there an event
 * is dropped rather than fired without RCU, and none fires from NMI.
 */
#ifdef CONFIG_ARCH_WANTS_NO_INSTR
#define preemptirq_may_fire()	true
#else
#define preemptirq_may_fire()	(!in_nmi() && rcu_is_watching())
#endif

#ifdef CONFIG_TRACE_IRQFLAGS

/* This CPU has fired irq_disable and not yet the matching irq_enable. */
static DEFINE_PER_CPU(bool, traced_irqs_off);

/* Report interrupts off, if this CPU has not already. */
static __always_inline void preemptirq_irqs_off(unsigned long ip, unsigned long parent)
{
	if (this_cpu_read(traced_irqs_off))
		return;
	this_cpu_write(traced_irqs_off, true);
	if (preemptirq_may_fire())
		trace_irq_disable(ip, parent);
}

/* Report interrupts about to come on, if this CPU reported them off. */
static __always_inline void preemptirq_irqs_on(unsigned long ip, unsigned long parent)
{
	if (!this_cpu_read(traced_irqs_off))
		return;
	if (preemptirq_may_fire())
		trace_irq_enable(ip, parent);
	this_cpu_write(traced_irqs_off, false);
}

/**
 * trace_hardirqs_on_prepare - report that interrupts are about to be enabled
 *
 * The tracing half of trace_hardirqs_on(), for entry code that updates
 * lockdep itself.  Call it with interrupts disabled, where instrumentation
 * is allowed, before lockdep_hardirqs_on_prepare().  Fires irq_enable if
 * this CPU had reported interrupts off.
 */
void notrace trace_hardirqs_on_prepare(void)
{
	preemptirq_irqs_on(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_on - interrupts are about to be enabled
 *
 * Called with interrupts disabled, immediately before they are enabled
 * (local_irq_enable(), local_irq_restore() of an enabled state).  Fires
 * irq_enable if this CPU had reported interrupts off, then tells lockdep
 * that interrupts are on.
 */
void notrace trace_hardirqs_on(void)
{
	preemptirq_irqs_on(CALLER_ADDR0, CALLER_ADDR1);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(CALLER_ADDR0);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off_finish - report that interrupts have been disabled
 *
 * The tracing half of trace_hardirqs_off(), for entry code that has
 * already called lockdep_hardirqs_off().  Call it with interrupts
 * disabled, where instrumentation is allowed.  Fires irq_disable unless
 * this CPU has already reported interrupts off.
 */
void notrace trace_hardirqs_off_finish(void)
{
	preemptirq_irqs_off(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_off - interrupts have just been disabled
 *
 * Called with interrupts disabled, immediately after disabling them
 * (local_irq_disable(), local_irq_save() of an enabled state).  Tells
 * lockdep that interrupts are off, then fires irq_disable unless this CPU
 * has already reported interrupts off.
 */
void notrace trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(CALLER_ADDR0);
	preemptirq_irqs_off(CALLER_ADDR0, CALLER_ADDR1);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);

#endif /* CONFIG_TRACE_IRQFLAGS */

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE

/**
 * trace_preempt_on - preemption is about to be enabled again
 * @a0: the address that enables it
 * @a1: the address that called @a0's function
 *
 * Called by the scheduler with preemption still disabled, when
 * preempt_count is about to drop to zero.  Fires preempt_enable.
 */
void notrace trace_preempt_on(unsigned long a0, unsigned long a1)
{
	if (preemptirq_may_fire())
		trace_preempt_enable(a0, a1);
}
NOKPROBE_SYMBOL(trace_preempt_on);

/**
 * trace_preempt_off - preemption has just been disabled
 * @a0: the address that disabled it
 * @a1: the address that called @a0's function
 *
 * Called by the scheduler when preempt_count has just become non-zero.
 * Fires preempt_disable.
 */
void notrace trace_preempt_off(unsigned long a0, unsigned long a1)
{
	if (preemptirq_may_fire())
		trace_preempt_disable(a0, a1);
}
NOKPROBE_SYMBOL(trace_preempt_off);

#endif /* CONFIG_TRACE_PREEMPT_TOGGLE */
