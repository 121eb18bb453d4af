// SPDX-License-Identifier: GPL-2.0
/*
 * What the latency tracers share (irqsoff, preemptoff, preemptirqsoff;
 * trace_irqsoff.c): how a section is judged and saved, how the trace
 * file shows the saved one, and the task lines of the latency header.
 *
 * A latency tracer writes its records into the live buffer as any tracer
 * does.  When a section ends and is worth keeping, the tracer's CPU part
 * of the live buffer and of the max buffer (trace_snapshot.c) change
 * places: the section's records are now in the max buffer, and the CPU
 * writes on into what the max buffer held (a swap that cannot be made
 * leaves everything as it was).  Nothing is cleared, so the
 * part taken also holds records from before the section; the section's
 * start time is saved with it, and a reader skips what is older.
 *
 * Worth keeping: longer than tracing_max_latency, which then becomes its
 * length; or, with tracing_thresh set, at least that long (every such
 * section is saved in turn, the max buffer holding the latest).
 *
 * The trace file of an array whose tracer keeps its sections this way
 * (print_max) reads the max buffer, trace_pipe the live one; the reading
 * side is trace_read.c's, which knows nothing of this file.  A reader of
 * the max buffer holds swaps off while it is open, so what it reads
 * cannot change places under it; a section that ends meanwhile is not
 * saved.
 */
#include <linux/cred.h>
#include <linux/sched.h>

#include "trace.h"

/**
 * trace_latency_over - is a section long enough to be saved
 * @tr: the array of the tracer that timed it
 * @delta: its length, in ns
 *
 * Return: @delta >= tracing_thresh when that is set, else @delta >
 * @tr's max_latency.
 */
bool trace_latency_over(struct trace_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max_latency);
}

/**
 * trace_latency_save - keep a section as the one the trace file shows
 * @tr: the array
 * @cpu: the CPU the section ran on (the current one)
 * @task: the task it ran in
 * @start: the buffer's clock when it began
 * @start_ip: where it began
 * @end_ip: where it ended
 * @delta: its length, in ns
 *
 * See trace.h.  The swap comes first: when it cannot be made (a write
 * under way on @cpu, swaps held off by a reader, recording off), nothing
 * changes, so the header always describes what the max buffer holds and
 * a section that could not be kept does not raise max_latency.
 *
 * Return: false when nothing was saved.
 */
bool trace_latency_save(struct trace_array *tr, int cpu,
			struct task_struct *task, u64 start,
			unsigned long start_ip, unsigned long end_ip, u64 delta)
{
	struct trace_latency_info *l = &tr->lat;

	if (READ_ONCE(global_trace.stop_count) || in_nmi())
		return false;
	if (trace_max_swap(tr, cpu, NULL))
		return false;
	WRITE_ONCE(tr->max_latency, delta);
	l->time_start = start;
	l->latency = delta;
	l->start_ip = start_ip;
	l->end_ip = end_ip;
	l->cpu = cpu;
	l->pid = task->pid;
	l->uid = task_uid(task);
	l->nice = task_nice(task);
	l->policy = task->policy;
	l->rt_priority = task->rt_priority;
	memcpy(l->comm, task->comm, TASK_COMM_LEN);
	l->comm[TASK_COMM_LEN - 1] = '\0';
	return true;
}
