// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks for trace time stamps.
 *
 * Every clock here may be called from any context, NMI included, and is
 * itself never traced.  They trade speed against ordering across CPUs:
 * the local clock is one sched_clock() read and is only monotonic on one
 * CPU; the global clock adds a shared high-water mark so that time stamps
 * taken on different CPUs order correctly; the counter is a plain shared
 * sequence number for when only the order matters.
 */
#include <linux/trace_clock.h>
#include <linux/sched/clock.h>
#include <linux/jiffies.h>
#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/preempt.h>

/**
 * trace_clock_local - this CPU's sched_clock(), in nanoseconds
 *
 * The cheapest clock.  Two readings on one CPU never go backwards; readings
 * on different CPUs are not ordered with each other.
 *
 * Return: the time in nanoseconds.
 */
u64 notrace trace_clock_local(void)
{
	u64 now;

	preempt_disable_notrace();
	now = sched_clock();
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_local);

/**
 * trace_clock - the default trace clock
 *
 * Return: the time in nanoseconds, as trace_clock_local() gives it.
 */
u64 notrace trace_clock(void)
{
	return local_clock();
}
EXPORT_SYMBOL_GPL(trace_clock);

/**
 * trace_clock_jiffies - jiffies since boot, as clock ticks
 *
 * Return: the number of USER_HZ ticks since boot.
 */
u64 notrace trace_clock_jiffies(void)
{
	return jiffies_64_to_clock_t(jiffies_64 - INITIAL_JIFFIES);
}
EXPORT_SYMBOL_GPL(trace_clock_jiffies);

/* The latest time any CPU has handed out through trace_clock_global(). */
static atomic64_t trace_clock_high = ATOMIC64_INIT(0);

/**
 * trace_clock_global - a clock ordered across CPUs
 *
 * Each CPU's own clock is read and then raised, if need be, to the latest
 * value any CPU has returned, so a time stamp taken after another one on a
 * different CPU is never smaller than it.  The shared mark is advanced with
 * a compare-and-exchange; when another CPU wins that race its value, which
 * is at least as new, is used instead of retrying.
 *
 * Return: the time in nanoseconds.
 */
u64 notrace trace_clock_global(void)
{
	s64 seen, now;

	preempt_disable_notrace();
	now = sched_clock_cpu(raw_smp_processor_id());
	seen = atomic64_read(&trace_clock_high);
	if (now <= seen) {
		now = seen;
	} else if (!atomic64_try_cmpxchg(&trace_clock_high, &seen, now)) {
		/* Somebody else moved the mark; theirs or ours, whichever is later. */
		if (seen > now)
			now = seen;
	}
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(trace_clock_global);

static atomic64_t trace_clock_seq = ATOMIC64_INIT(0);

/**
 * trace_clock_counter - a global sequence number instead of a time
 *
 * Return: a number larger than any this function returned before.
 */
u64 notrace trace_clock_counter(void)
{
	return atomic64_inc_return(&trace_clock_seq);
}
EXPORT_SYMBOL_GPL(trace_clock_counter);
