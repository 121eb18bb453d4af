/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function_graph tracer's internal interface (Documentation/trace/
 * function-graph.rst).  Its files, from the bottom up; each calls only the
 * ones above it:
 *
 *   fgraph_stacks.c        the shadow stacks: one a task, given at the
 *                          first registration and at fork; CPU hotplug
 *   fgraph.c               the graph core: the frames, graph users
 *                          (register_ftrace_graph()), the entry hook and
 *                          return_to_handler's C side, unwinding help
 *   fgraph_files.c         set_graph_function, set_graph_notrace,
 *                          max_graph_depth and their boot options
 *   trace_graph_print.c    the text of the function_graph tracer's
 *                          records: nesting, durations, the funcgraph-*
 *                          print options, the column header
 *   trace_functions_graph.c  the function_graph tracer: its options, its
 *                          entry and return handlers writing the records
 *
 * Glossary: a "hooked call" is a call whose return goes through
 * return_to_handler; its "frame" is what the shadow stack keeps of it;
 * "depth" counts the frames below it.
 */
#ifndef _KERNEL_TRACE_TRACE_GRAPH_H
#define _KERNEL_TRACE_TRACE_GRAPH_H

#include <linux/ftrace.h>

#include "ftrace_internal.h"
#include "trace.h"

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/* ------------------------------------------------------------------ */
/* fgraph.c, fgraph_stacks.c                                           */

/*
 * Give every task a shadow stack, and every task forked from now on.
 * Return: 0 or -ENOMEM.  Context: fgraph.c's registration.
 */
int fgraph_stacks_alloc_all(void);

/* sleep-time: 0 takes the time a task is switched out off its calls. */
void fgraph_set_sleep_time(bool on);
/* graph-time: 0 takes a call's children's time off its profiler time. */
void fgraph_set_graph_time(bool on);
/* (fgraph_graph_time(), for the profiler: trace.h) */

/* ------------------------------------------------------------------ */
/* fgraph_files.c                                                      */

/*
 * set_graph_function and set_graph_notrace: NULL when empty.  Published
 * with rcu_assign_pointer() and read under preemption disabled (the
 * entry handlers run so); never changed while published.
 */
extern struct ftrace_ip_set __rcu *fgraph_filter_set;
extern struct ftrace_ip_set __rcu *fgraph_notrace_set;
/* max_graph_depth: 0 for no limit. */
extern unsigned int fgraph_max_depth;

/* (fgraph_create_files() and fgraph_boot_apply_sets(): trace.h) */

/* Is @ip in set_graph_function / set_graph_notrace?  Context: preempt off. */
static __always_inline bool fgraph_filter_has(unsigned long ip)
{
	struct ftrace_ip_set *set = rcu_dereference_sched(fgraph_filter_set);

	return set && ftrace_ip_set_has(set, ip);
}

static __always_inline bool fgraph_filter_empty(void)
{
	return !rcu_access_pointer(fgraph_filter_set);
}

static __always_inline bool fgraph_notrace_has(unsigned long ip)
{
	struct ftrace_ip_set *set = rcu_dereference_sched(fgraph_notrace_set);

	return set && ftrace_ip_set_has(set, ip);
}

/* ------------------------------------------------------------------ */
/* trace_graph_print.c                                                 */

/* The tracer's options: bits of graph_tracer_flags.val. */
enum {
	GRAPH_OPT_OVERRUN	= BIT(0),	/* funcgraph-overrun */
	GRAPH_OPT_CPU		= BIT(1),	/* funcgraph-cpu */
	GRAPH_OPT_OVERHEAD	= BIT(2),	/* funcgraph-overhead */
	GRAPH_OPT_PROC		= BIT(3),	/* funcgraph-proc */
	GRAPH_OPT_DURATION	= BIT(4),	/* funcgraph-duration */
	GRAPH_OPT_ABS_TIME	= BIT(5),	/* funcgraph-abstime */
	GRAPH_OPT_IRQS		= BIT(6),	/* funcgraph-irqs */
	GRAPH_OPT_TAIL		= BIT(7),	/* funcgraph-tail */
	GRAPH_OPT_RETVAL	= BIT(8),	/* funcgraph-retval */
	GRAPH_OPT_RETVAL_HEX	= BIT(9),	/* funcgraph-retval-hex */
	GRAPH_OPT_SLEEP_TIME	= BIT(10),	/* sleep-time */
	GRAPH_OPT_GRAPH_TIME	= BIT(11),	/* graph-time (profiler) */
	/* Latency tracers only (display-graph): their columns. */
	GRAPH_OPT_REL_TIME	= BIT(12),
	GRAPH_OPT_LATENCY	= BIT(13),
};

/* The options (one set for every array, as upstream's). */
extern struct tracer_flags graph_tracer_flags;

/*
 * The function_graph tracer's printer: its print_line, print_header,
 * open/close and pipe_open/pipe_close hooks.  The _flags variants take
 * GRAPH_OPT_* bits for tracers that print graph records with options of
 * their own (the latency tracers' display-graph).
 */
enum print_line_t print_graph_function(struct trace_iterator *iter);
enum print_line_t print_graph_function_flags(struct trace_iterator *iter,
					     u32 flags);
void print_graph_header(struct seq_file *m);
void print_graph_headers_flags(struct seq_file *m, u32 flags);
void graph_trace_open(struct trace_iterator *iter);
void graph_trace_close(struct trace_iterator *iter);

/*
 * For the .trace printer of the TRACE_GRAPH_ENT and TRACE_GRAPH_RET
 * trace_events (register_trace_event()), which print the records for a
 * reader whose tracer is not function_graph (its iter->private is not
 * ours): print_graph_function_flags() without per-reader state.
 */
enum print_line_t print_graph_function_stateless(struct trace_iterator *iter,
						 u32 flags);

/* (trace_print_graph_duration(), also the profiler's: trace.h) */

/* ------------------------------------------------------------------ */
/* trace_functions_graph.c                                             */

/*
 * Write one TRACE_GRAPH_ENT / TRACE_GRAPH_RET record into @tr's buffer
 * (also for latency tracers with display-graph).  Context: preemption
 * off.
 */
bool __trace_graph_entry(struct trace_array *tr, struct ftrace_graph_ent *trace,
			 unsigned int trace_ctx);
void __trace_graph_return(struct trace_array *tr, struct ftrace_graph_ret *trace,
			  unsigned int trace_ctx);

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
#endif /* _KERNEL_TRACE_TRACE_GRAPH_H */
