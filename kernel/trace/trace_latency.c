// SPDX-License-Identifier: GPL-2.0
/*
 * What the latency tracers share (irqsoff, preemptoff, preemptirqsoff in
 * trace_irqsoff.c; wakeup, wakeup_rt, wakeup_dl in trace_sched_wakeup.c):
 * how a section is judged and saved, and the task lines of the latency
 * header.
 *
 * A latency tracer writes its records into the live buffer as any tracer
 * does.  When a section ends and is worth keeping, the tracer's CPU part
 * of the live buffer and of the max buffer (trace_snapshot.c) change
 * places (the wakeup tracers, whose sections span two CPUs, swap the
 * whole buffers): the section's records are now in the max buffer, and the CPU
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
#include <linux/ftrace.h>
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
 * trace_latency_savable - could a section be saved now
 * @tr: the array of the tracer
 *
 * False when trace_latency_save() would surely refuse: the top level
 * stopped, swaps held off (a reader of the trace file, a resize), no
 * max buffer, recording off.  A tracer asks before the costly part (a
 * stack trace) of a section that is long enough; the answer may be out
 * of date by the time it saves, which then refuses.
 *
 * Context: any.
 */
bool trace_latency_savable(struct trace_array *tr)
{
	return !READ_ONCE(global_trace.stop_count) &&
	       !READ_ONCE(tr->swap_hold) && READ_ONCE(tr->max_allocated) &&
	       ring_buffer_record_is_on(READ_ONCE(tr->buffer));
}

/**
 * trace_latency_save - keep a section as the one the trace file shows
 * @tr: the array
 * @swap_cpu: the CPU whose part of the buffers changes places (the
 *	current one), or RING_BUFFER_ALL_CPUS for the whole buffers
 * @sec: the section: its task, CPU, start, length and where it began
 *	and ended
 *
 * See trace.h.  The swap comes first: when it cannot be made (a write
 * under way on @swap_cpu, swaps held off by a reader, recording off,
 * even by a path that did not tell the tracer: a traceoff trigger),
 * nothing changes, so the header always describes what the max buffer
 * holds and a section that could not be kept does not raise max_latency.
 *
 * Return: false when nothing was saved.
 */
bool trace_latency_save(struct trace_array *tr, int swap_cpu,
			const struct trace_latency_section *sec)
{
	struct trace_latency_info *l = &tr->lat;
	struct task_struct *task = sec->task;

	if (in_nmi() || !trace_latency_savable(tr))
		return false;
	if (trace_max_swap(tr, swap_cpu, NULL))
		return false;
	WRITE_ONCE(tr->max_latency, sec->delta);
	l->time_start = sec->start;
	l->latency = sec->delta;
	l->start_ip = sec->start_ip;
	l->end_ip = sec->end_ip;
	l->cpu = sec->cpu;
	l->pid = task->pid;
	l->uid = task_uid(task);
	l->nice = task_nice(task);
	l->policy = task->policy;
	l->rt_priority = task->rt_priority;
	memcpy(l->comm, task->comm, TASK_COMM_LEN);
	l->comm[TASK_COMM_LEN - 1] = '\0';
	return true;
}

/**
 * trace_latency_fn - write a function record into a latency tracer's array
 * @tr: the array
 * @ip: the function
 * @parent_ip: where it was called from
 * @trace_ctx: the context to show
 *
 * Context: any; the caller keeps itself from recursing.
 */
void trace_latency_fn(struct trace_array *tr, unsigned long ip,
		      unsigned long parent_ip, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/**
 * trace_latency_options - force a latency tracer's options, or put them back
 * @tr: the array
 * @mask: the TRACE_ITER() bits the tracer needs set
 * @saved: where their values before are kept
 * @force: set them (saving the old values), or restore them
 *
 * Context: tracing_lock held (a tracer's init and reset).
 */
void trace_latency_options(struct trace_array *tr, u64 mask, u64 *saved,
			   bool force)
{
	int bit;

	if (force)
		*saved = tr->flags & mask;
	for (bit = 0; bit < 64; bit++) {
		u64 one = BIT_ULL(bit);

		if (mask & one)
			trace_set_core_option(tr, one, force || (*saved & one));
	}
}

#ifdef CONFIG_FUNCTION_TRACER
/**
 * trace_latency_functions - start or stop a latency tracer's function records
 * @tr: the array (its ftrace_ops is used)
 * @func: the callback
 * @on: start or stop
 * @running: whether they run now; updated
 *
 * What the function-trace option does under a latency tracer.  Nothing
 * happens when @on is what *@running says.
 *
 * Context: tracing_lock held.
 */
void trace_latency_functions(struct trace_array *tr, ftrace_func_t func,
			     bool on, bool *running)
{
	if (on == *running || !tr->ops)
		return;
	/* 0->1 */
	if (on) {
		tr->ops->func = func;
		tr->ops->private = tr;
		*running = !register_ftrace_function(tr->ops);
		if (!*running)
			pr_err("failed to start %s tracer\n",
			       tr->current_trace->name);
		return;
	}
	/* 1->0 */
	unregister_ftrace_function(tr->ops);
	*running = false;
}
#endif

/**
 * trace_latency_flag_changed - what an option change does to a latency tracer
 * @tr: the array it runs in
 * @mask: the option's TRACE_ITER() bit
 * @set: its new value
 * @functions: the tracer's function-trace switch
 *
 * overwrite stays on while it runs (clearing it is refused);
 * function-trace starts and stops its function records.
 *
 * Context: tracing_lock held.
 * Return: 0, or -EINVAL for overwrite cleared.
 */
int trace_latency_flag_changed(struct trace_array *tr, u64 mask, int set,
			       void (*functions)(struct trace_array *, bool))
{
	if ((mask & TRACE_ITER(OVERWRITE)) && !set)
		return -EINVAL;
#ifdef CONFIG_FUNCTION_TRACER
	if (mask & TRACE_ITER(FUNCTION_TRACE))
		functions(tr, set);
#endif
	return 0;
}
