// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: "echo function_graph > current_tracer"
 * records the entry (TRACE_GRAPH_ENT) and the return (TRACE_GRAPH_RET,
 * with both times and the return value) of every traced function, which
 * trace_graph_print.c prints as a C-like call graph:
 *
 *	 0)               |  do_sys_openat2() {
 *	 0)   0.921 us    |    getname();
 *	 0) + 12.401 us   |  }
 *
 * Each trace array runs it as a graph user of its own (tr->gops) on the
 * array's ftrace_ops, so the array's set_ftrace_filter and
 * set_ftrace_notrace choose the functions hooked; set_graph_function,
 * set_graph_notrace and max_graph_depth (fgraph_files.c) then choose
 * which hooked calls are recorded, for every array alike.
 *
 * Per task and array, one word (fgraph_get_task_var()) says where the
 * task is:
 *
 *	GT_NOTRACE	inside a set_graph_notrace function: nothing recorded
 *			until it returns (no return below it is hooked for
 *			this array, so the next return is its own)
 *	GT_FILTER	inside a set_graph_function function entered at depth
 *			GT_DEPTH: everything below is recorded
 *	GT_FILTER_IRQ	that function was entered in a hard interrupt, whose
 *			calls are then recorded even with nofuncgraph-irqs
 */

#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/ring_buffer.h>

#include "trace_graph.h"

#define GT_NOTRACE		BIT(0)
#define GT_FILTER		BIT(1)
#define GT_FILTER_IRQ		BIT(2)
#define GT_DEPTH_SHIFT		8
#define GT_DEPTH(var)		((int)((var) >> GT_DEPTH_SHIFT))

static struct tracer_opt graph_opts[] = {
	{ .name = "funcgraph-overrun",		.bit = GRAPH_OPT_OVERRUN },
	{ .name = "funcgraph-cpu",		.bit = GRAPH_OPT_CPU },
	{ .name = "funcgraph-overhead",		.bit = GRAPH_OPT_OVERHEAD },
	{ .name = "funcgraph-proc",		.bit = GRAPH_OPT_PROC },
	{ .name = "funcgraph-duration",		.bit = GRAPH_OPT_DURATION },
	{ .name = "funcgraph-abstime",		.bit = GRAPH_OPT_ABS_TIME },
	{ .name = "funcgraph-irqs",		.bit = GRAPH_OPT_IRQS },
	{ .name = "funcgraph-tail",		.bit = GRAPH_OPT_TAIL },
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	{ .name = "funcgraph-retval",		.bit = GRAPH_OPT_RETVAL },
	{ .name = "funcgraph-retval-hex",	.bit = GRAPH_OPT_RETVAL_HEX },
#endif
	{ .name = "sleep-time",			.bit = GRAPH_OPT_SLEEP_TIME },
#ifdef CONFIG_FUNCTION_PROFILER
	{ .name = "graph-time",			.bit = GRAPH_OPT_GRAPH_TIME },
#endif
	{ }
};

struct tracer_flags graph_tracer_flags = {
	.val	= GRAPH_OPT_CPU | GRAPH_OPT_OVERHEAD | GRAPH_OPT_DURATION |
		  GRAPH_OPT_IRQS | GRAPH_OPT_SLEEP_TIME | GRAPH_OPT_GRAPH_TIME,
	.opts	= graph_opts,
};

/* nofuncgraph-irqs: calls in hard interrupts are not recorded. */
static bool graph_skip_irqs;

/**
 * __trace_graph_entry - write a TRACE_GRAPH_ENT record
 * @tr: the array
 * @trace: the call
 * @trace_ctx: the writer's context (tracing_gen_ctx())
 *
 * Return: true when written.
 */
bool __trace_graph_entry(struct trace_array *tr, struct ftrace_graph_ent *trace,
			 unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ftrace_graph_ent_entry *entry;
	struct ring_buffer_event *event;

	event = trace_buffer_lock_reserve(buffer, TRACE_GRAPH_ENT,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return false;
	entry = ring_buffer_event_data(event);
	entry->graph_ent = *trace;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	return true;
}

/**
 * __trace_graph_return - write a TRACE_GRAPH_RET record
 * @tr: the array
 * @trace: the return
 * @trace_ctx: the writer's context
 */
void __trace_graph_return(struct trace_array *tr, struct ftrace_graph_ret *trace,
			  unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ftrace_graph_ret_entry *entry;
	struct ring_buffer_event *event;

	event = trace_buffer_lock_reserve(buffer, TRACE_GRAPH_RET,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ret = *trace;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/*
 * set_graph_function: may this call be recorded?  It may inside a
 * function of the set (noted in @var from its entry to its return), or
 * when the set is empty.
 */
static bool graph_filter_pass(struct ftrace_graph_ent *trace, unsigned long *var)
{
	if (*var & GT_FILTER)
		return true;
	if (fgraph_filter_empty())
		return true;
	if (!fgraph_filter_has(trace->func))
		return false;
	*var = GT_FILTER | (in_hardirq() ? GT_FILTER_IRQ : 0) |
	       (unsigned long)trace->depth << GT_DEPTH_SHIFT;
	return true;
}

/* The entry handler: see the file's comment for the order of the checks. */
static int trace_graph_entry(struct ftrace_graph_ent *trace,
			     struct fgraph_ops *gops)
{
	struct trace_array *tr = gops->private;
	unsigned long *var = fgraph_get_task_var(gops);
	unsigned int max_depth = READ_ONCE(fgraph_max_depth);

	if (*var & GT_NOTRACE)
		return 0;
	/* Hook the return only to know when the notrace function ends. */
	if (fgraph_notrace_has(trace->func)) {
		*var |= GT_NOTRACE;
		return 1;
	}
	if (ftrace_pid_skip(tr) || !tracer_tracing_is_recording(tr))
		return 0;
	if (trace->depth < 0 || (max_depth && trace->depth >= max_depth))
		return 0;
	if (!graph_filter_pass(trace, var))
		return 0;
	if (READ_ONCE(graph_skip_irqs) && in_hardirq() && !(*var & GT_FILTER_IRQ))
		return 0;
	/* With tracing_thresh only the returns that took long are written. */
	if (READ_ONCE(tracing_thresh))
		return 1;
	/* The context includes the preemption the recursion guard took. */
	return __trace_graph_entry(tr, trace, tracing_gen_ctx());
}

/* The return handler: the return's record, unless tracing_thresh says no. */
static void trace_graph_return(struct ftrace_graph_ret *trace,
			       struct fgraph_ops *gops)
{
	struct trace_array *tr = gops->private;
	unsigned long *var = fgraph_get_task_var(gops);
	unsigned long thresh = READ_ONCE(tracing_thresh);

	if (*var & GT_NOTRACE) {
		*var &= ~GT_NOTRACE;
		return;
	}
	if ((*var & GT_FILTER) && GT_DEPTH(*var) == trace->depth)
		*var = 0;
	if (thresh && trace->rettime - trace->calltime < thresh)
		return;
	/* Less the preemption fgraph.c takes around return handlers. */
	__trace_graph_return(tr, trace, tracing_gen_ctx_dec());
}

static int graph_trace_init(struct trace_array *tr)
{
	struct fgraph_ops *gops = &tr->gops;
	struct ftrace_ops *ops = tr->ops;

	if (!ops)
		return -ENOMEM;
	ops->private = tr;
	ops->flags |= FTRACE_OPS_FL_PID | FTRACE_OPS_FL_TRACE_ARRAY;
	gops->entryfunc = trace_graph_entry;
	gops->retfunc = trace_graph_return;
	gops->private = tr;
	gops->fops = ops;
	return register_ftrace_graph(gops);
}

static void graph_trace_reset(struct trace_array *tr)
{
	unregister_ftrace_graph(&tr->gops);
}

/*
 * tracing_thresh changed: the entry handler writes no record under a
 * threshold and the return handler drops short calls, so a call entered
 * under one value must not return under the other (an entry without its
 * exit, or an exit without its entry).  Registering again starts a new
 * epoch, whose user gets no return of a call hooked before (fgraph.c).
 */
static int graph_trace_update_thresh(struct trace_array *tr)
{
	graph_trace_reset(tr);
	return graph_trace_init(tr);
}

/* The options that change what is recorded rather than printed. */
static int graph_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			  int set)
{
	if (bit == GRAPH_OPT_SLEEP_TIME)
		fgraph_set_sleep_time(set);
	if (bit == GRAPH_OPT_IRQS)
		WRITE_ONCE(graph_skip_irqs, !set);
	if (bit == GRAPH_OPT_GRAPH_TIME)
		fgraph_set_graph_time(set);
	return 0;
}

static struct tracer graph_trace __read_mostly = {
	.name		= "function_graph",
	.init		= graph_trace_init,
	.reset		= graph_trace_reset,
	.update_thresh	= graph_trace_update_thresh,
	.open		= graph_trace_open,
	.close		= graph_trace_close,
	.pipe_open	= graph_trace_open,
	.pipe_close	= graph_trace_close,
	.print_line	= print_graph_function,
	.print_header	= print_graph_header,
	.set_flag	= graph_set_flag,
	.flags		= &graph_tracer_flags,
	.allow_instances = true,
};

/*
 * The records' printer when another tracer reads them (a latency tracer's,
 * or nop after a switch): without the reader state of a function_graph
 * reader, each record on its own line.
 */
static enum print_line_t graph_record_print(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	return print_graph_function_stateless(iter, graph_tracer_flags.val);
}

static struct trace_event_functions graph_record_funcs = {
	.trace	= graph_record_print,
};

static struct trace_event graph_ent_event = {
	.type	= TRACE_GRAPH_ENT,
	.funcs	= &graph_record_funcs,
};

static struct trace_event graph_ret_event = {
	.type	= TRACE_GRAPH_RET,
	.funcs	= &graph_record_funcs,
};

/*
 * Make the function_graph tracer selectable.  A core_initcall linked
 * after the latency tracers', so that available_tracers lists it first,
 * as upstream's does; ftrace=function_graph waits for it (trace_boot.c).
 */
static int __init init_graph_trace(void)
{
	graph_tracer_flags.trace = &graph_trace;
	if (!register_trace_event(&graph_ent_event) ||
	    !register_trace_event(&graph_ret_event))
		pr_warn("tracing: no printer for function_graph records\n");
	if (register_tracer(&graph_trace))
		pr_warn("tracing: could not register the function_graph tracer\n");
	return 0;
}
core_initcall(init_graph_trace);
