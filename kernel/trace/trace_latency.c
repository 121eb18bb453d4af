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
#include <linux/trace_clock.h>

#include "trace.h"
#include "trace_graph.h"

/*
 * display-graph as the tracer applies it: the option's bit changes only
 * after flag_changed returns, so the records follow tr->lat_graph, which
 * lat_display_graph() sets before the buffer starts over.
 */
static inline bool lat_graph(struct trace_array *tr)
{
	return IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
	       READ_ONCE(tr->lat_graph);
}

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

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* A call at depth 0 that took no time: how display-graph shows @ip. */
static void lat_graph_leaf(struct trace_array *tr, unsigned long ip,
			   unsigned int trace_ctx)
{
	u64 now = trace_clock_local();
	struct ftrace_graph_ent ent = { .func = ip };
	struct ftrace_graph_ret ret = {
		.func = ip, .calltime = now, .rettime = now,
	};

	if (__trace_graph_entry(tr, &ent, trace_ctx))
		__trace_graph_return(tr, &ret, trace_ctx);
}
#else
static void lat_graph_leaf(struct trace_array *tr, unsigned long ip,
			   unsigned int trace_ctx)
{
}
#endif

/**
 * trace_latency_fn - write a function record into a latency tracer's array
 * @tr: the array
 * @ip: the function
 * @parent_ip: where it was called from
 * @trace_ctx: the context to show
 *
 * With display-graph the record is a graph entry and return of @ip.
 *
 * Context: any; the caller keeps itself from recursing.
 */
void trace_latency_fn(struct trace_array *tr, unsigned long ip,
		      unsigned long parent_ip, unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	if (lat_graph(tr)) {
		lat_graph_leaf(tr, ip, trace_ctx);
		return;
	}
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
 * Forcing also takes display-graph's value as the kind of the tracer's
 * records from now on.
 *
 * Context: tracing_lock held (a tracer's init and reset).
 */
void trace_latency_options(struct trace_array *tr, u64 mask, u64 *saved,
			   bool force)
{
	int bit;

	if (force) {
		*saved = tr->flags & mask;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		WRITE_ONCE(tr->lat_graph, tr->flags & TRACE_ITER(DISPLAY_GRAPH));
#endif
	}
	for (bit = 0; bit < 64; bit++) {
		u64 one = BIT_ULL(bit);

		if (mask & one)
			trace_set_core_option(tr, one, force || (*saved & one));
	}
}

/* Register what @want says on @tr, after unregistering what runs. */
static void lat_fn_switch(struct trace_array *tr,
			  struct trace_latency_hooks *h,
			  enum trace_latency_fn_state want)
{
#ifdef CONFIG_FUNCTION_TRACER
	int err = 0;

	if (want == h->state || !tr->ops)
		return;
	switch (h->state) {
	case LAT_FN_FUNCTION:
		/* function -> off */
		unregister_ftrace_function(tr->ops);
		break;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	case LAT_FN_GRAPH:
		/* graph -> off */
		unregister_ftrace_graph(&tr->gops);
		break;
#endif
	default:
		break;
	}
	h->state = LAT_FN_OFF;
	switch (want) {
	case LAT_FN_FUNCTION:
		/* off -> function */
		tr->ops->func = h->func;
		tr->ops->private = tr;
		err = register_ftrace_function(tr->ops);
		break;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	case LAT_FN_GRAPH:
		/* off -> graph: the array's ops, so set_ftrace_filter applies */
		tr->ops->private = tr;
		tr->gops.entryfunc = h->graph_entry;
		tr->gops.retfunc = h->graph_return;
		tr->gops.private = tr;
		tr->gops.fops = tr->ops;
		err = register_ftrace_graph(&tr->gops);
		break;
#endif
	default:
		return;
	}
	if (err)
		pr_err("failed to start %s tracer\n", tr->current_trace->name);
	else
		h->state = want;
#endif
}

/**
 * trace_latency_functions - start or stop a latency tracer's function records
 * @tr: the array (its ftrace_ops, or its fgraph_ops with display-graph)
 * @hooks: the tracer's callbacks and what runs now
 * @on: start or stop
 *
 * What the function-trace option does under a latency tracer.
 *
 * Context: tracing_lock held.
 */
void trace_latency_functions(struct trace_array *tr,
			     struct trace_latency_hooks *hooks, bool on)
{
	lat_fn_switch(tr, hooks, !on ? LAT_FN_OFF :
		      lat_graph(tr) ? LAT_FN_GRAPH : LAT_FN_FUNCTION);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * display-graph changes (@set its new value; tr->flags still has the
 * old one): the records change kind, so the buffer and the max latency
 * start over, and the function records run in the new kind.
 */
static void lat_display_graph(struct trace_array *tr,
			      struct trace_latency_hooks *h, bool set)
{
	bool running = h->state != LAT_FN_OFF;

	if (set == lat_graph(tr))
		return;
	lat_fn_switch(tr, h, LAT_FN_OFF);
	WRITE_ONCE(tr->lat_graph, set);
	/*
	 * The hooks run with preemption off: once those under way are done,
	 * no record of the old kind can come, and the sections in progress
	 * (begun with one) are forgotten.
	 */
	synchronize_rcu();
	if (h->restart)
		h->restart(tr);
	WRITE_ONCE(tr->max_latency, 0);
	ring_buffer_reset_online_cpus(tr->buffer);
	if (running)
		lat_fn_switch(tr, h, set ? LAT_FN_GRAPH : LAT_FN_FUNCTION);
}
#endif

/**
 * trace_latency_flag_changed - what an option change does to a latency tracer
 * @tr: the array it runs in
 * @mask: the option's TRACE_ITER() bit
 * @set: its new value
 * @hooks: the tracer's function records
 *
 * overwrite stays on while it runs (clearing it is refused);
 * function-trace starts and stops its function records; display-graph
 * changes their kind.
 *
 * Context: tracing_lock held.
 * Return: 0, or -EINVAL for overwrite cleared.
 */
int trace_latency_flag_changed(struct trace_array *tr, u64 mask, int set,
			       struct trace_latency_hooks *hooks)
{
	if ((mask & TRACE_ITER(OVERWRITE)) && !set)
		return -EINVAL;
#ifdef CONFIG_FUNCTION_TRACER
	if (mask & TRACE_ITER(FUNCTION_TRACE))
		trace_latency_functions(tr, hooks, set);
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (mask & TRACE_ITER(DISPLAY_GRAPH))
		lat_display_graph(tr, hooks, set);
#endif
	return 0;
}

/* With display-graph: a graph tracer's columns, and its lines. */
#define LAT_GRAPH_COLUMNS	(GRAPH_OPT_CPU | GRAPH_OPT_PROC | \
				 GRAPH_OPT_REL_TIME | GRAPH_OPT_DURATION)

/**
 * trace_latency_print_line - a latency tracer's print_line
 * @iter: the reader
 *
 * Return: the graph printer's answer with display-graph, else
 * TRACE_TYPE_UNHANDLED (the records' own printers).
 */
enum print_line_t trace_latency_print_line(struct trace_iterator *iter)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (lat_graph(iter->tr))
		return print_graph_function_flags(iter, LAT_GRAPH_COLUMNS);
#endif
	return TRACE_TYPE_UNHANDLED;
}

/**
 * trace_latency_print_header - a latency tracer's print_header
 * @m: the trace file
 */
void trace_latency_print_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (lat_graph(iter->tr)) {
		print_graph_headers_flags(m, LAT_GRAPH_COLUMNS);
		return;
	}
#endif
	trace_default_header(m);
}

/**
 * trace_latency_open - a reader comes: the graph printer's state if needed
 * @iter: the reader
 */
void trace_latency_open(struct trace_iterator *iter)
{
	iter->private = NULL;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (lat_graph(iter->tr))
		graph_trace_open(iter);
#endif
}

/**
 * trace_latency_close - the reader goes
 * @iter: the reader
 */
void trace_latency_close(struct trace_iterator *iter)
{
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (iter->private)
		graph_trace_close(iter);
#endif
}
