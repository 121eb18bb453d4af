// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: "echo function > current_tracer" records every
 * traced function's entry as a TRACE_FN record (the function and its
 * caller), which the trace file prints as
 *
 *            bash-1994  [002] .....  3082.063030: mutex_unlock <-rb_simple_write
 *
 * Each trace array has its own ftrace_ops (ftrace_files.c makes it, with
 * the array's set_ftrace_filter and set_ftrace_notrace); selecting the
 * tracer registers it with this file's callback, and the functions its
 * sets choose start calling it.  Several arrays may run the tracer at
 * once, each with its own functions.
 */

#include <linux/ftrace.h>
#include <linux/ring_buffer.h>
#include <linux/trace_recursion.h>

#include "trace.h"

/* The callback: one record into the array of @op. */
static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct ftrace_entry *entry;
	unsigned int trace_ctx;
	int bit;

	if (unlikely(!READ_ONCE(tr->function_enabled)))
		return;
	if (ftrace_pid_skip(tr))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (!tracer_tracing_is_recording(tr))
		goto out;

	/* The traced function's context: without our own preempt_disable(). */
	trace_ctx = tracing_gen_ctx_dec();
	buffer = tr->buffer;
	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*entry),
					  trace_ctx);
	if (!event)
		goto out;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
out:
	ftrace_test_recursion_unlock(bit);
}

static int function_trace_init(struct trace_array *tr)
{
	struct ftrace_ops *ops = tr->ops;
	int ret;

	if (!ops)
		return -ENOMEM;
	ops->func = function_trace_call;
	ops->private = tr;
	ops->flags |= FTRACE_OPS_FL_PID | FTRACE_OPS_FL_TRACE_ARRAY;
	WRITE_ONCE(tr->function_enabled, true);
	ret = register_ftrace_function(ops);
	if (ret)
		WRITE_ONCE(tr->function_enabled, false);
	return ret;
}

static void function_trace_reset(struct trace_array *tr)
{
	WRITE_ONCE(tr->function_enabled, false);
	unregister_ftrace_function(tr->ops);
}

static struct tracer function_trace __read_mostly = {
	.name		= "function",
	.init		= function_trace_init,
	.reset		= function_trace_reset,
	.allow_instances = true,
};

/**
 * init_function_trace - make the function tracer selectable
 *
 * Context: boot (trace_boot.c).
 * Return: 0 or register_tracer()'s error.
 */
int __init init_function_trace(void)
{
	return register_tracer(&function_trace);
}
