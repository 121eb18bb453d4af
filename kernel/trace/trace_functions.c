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
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/trace_recursion.h>

#include "trace.h"

/* The tracer's options (options/NAME while it is the current tracer). */
enum {
	FUNC_OPT_STACK		= BIT(0),	/* func_stack_trace */
	FUNC_OPT_NO_REPEATS	= BIT(1),	/* func-no-repeats */
};

static struct tracer_opt func_opts[] = {
	{ .name = "func_stack_trace",	.bit = FUNC_OPT_STACK },
	{ .name = "func-no-repeats",	.bit = FUNC_OPT_NO_REPEATS },
	{ }
};

static struct tracer_flags func_flags = {
	.opts = func_opts,
};

/*
 * func-no-repeats: the last function recorded on a CPU and how often it
 * was called again, from the same place, since.  The calls that repeat it
 * are only counted; the next different call first writes one
 * TRACE_FUNC_REPEATS record for them.
 */
struct func_repeat_state {
	unsigned long	ip;
	unsigned long	parent_ip;
	u64		last_ts;	/* the buffer's clock at the last repeat */
	unsigned int	count;
};

/* The most repeats one record holds (its count is a u16). */
#define FUNC_REPEATS_MAX	U16_MAX

static void func_write_repeats(struct trace_array *tr,
			       struct trace_buffer *buffer,
			       struct func_repeat_state *st,
			       unsigned int trace_ctx)
{
	struct func_repeats_entry *entry;
	struct ring_buffer_event *event;
	u64 delta;

	event = trace_buffer_lock_reserve(buffer, TRACE_FUNC_REPEATS,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return;
	delta = ring_buffer_event_time_stamp(buffer, event) - st->last_ts;
	entry = ring_buffer_event_data(event);
	entry->ip = st->ip;
	entry->parent_ip = st->parent_ip;
	entry->count = st->count;
	entry->top_delta_ts = delta >> 32;
	entry->bottom_delta_ts = (u32)delta;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/*
 * With func-no-repeats: true when this call repeats the CPU's last one
 * (and was counted, not to be recorded).  Otherwise the repeats counted
 * so far are written and this call becomes the last one.
 */
static bool func_repeated(struct trace_array *tr, struct trace_buffer *buffer,
			  unsigned long ip, unsigned long parent_ip,
			  unsigned int trace_ctx)
{
	struct func_repeat_state *st = this_cpu_ptr(tr->func_repeats);

	if (st->ip == ip && st->parent_ip == parent_ip &&
	    st->count < FUNC_REPEATS_MAX) {
		st->count++;
		st->last_ts = ring_buffer_time_stamp(buffer);
		return true;
	}
	if (st->count)
		func_write_repeats(tr, buffer, st, trace_ctx);
	st->count = 0;
	st->ip = ip;
	st->parent_ip = parent_ip;
	return false;
}

/*
 * The callback: one record into the array of @op, then, as the options
 * ask, a stack record after it, or nothing for a repeated call.
 */
static void function_trace_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct ring_buffer_event *event;
	struct trace_buffer *buffer;
	struct ftrace_entry *entry;
	unsigned int trace_ctx;
	u32 opts;
	int bit;

	if (unlikely(!READ_ONCE(tr->function_enabled)))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	/* Preemption is off from here: this CPU's task is current. */
	if (ftrace_pid_skip(tr) || !tracer_tracing_is_recording(tr))
		goto out;

	/* The traced function's context: without our own preempt_disable(). */
	trace_ctx = tracing_gen_ctx_dec();
	buffer = tr->buffer;
	opts = READ_ONCE(tr->func_opts);
	if ((opts & FUNC_OPT_NO_REPEATS) &&
	    func_repeated(tr, buffer, ip, parent_ip, trace_ctx))
		goto out;
	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*entry),
					  trace_ctx);
	if (!event)
		goto out;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->parent_ip = parent_ip;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	/* The stack from the traced function on (the return into it at ip). */
	if (opts & FUNC_OPT_STACK)
		trace_record_kernel_stack(tr, buffer, trace_ctx, ip, 0);
out:
	ftrace_test_recursion_unlock(bit);
}

/*
 * Give @tr the options in @opts: the per-CPU state of func-no-repeats is
 * allocated the first time it is needed and kept with the array.
 */
static int function_set_opts(struct trace_array *tr, u32 opts)
{
	struct func_repeat_state __percpu *st;
	int cpu;

	if ((opts & FUNC_OPT_NO_REPEATS) && !tr->func_repeats) {
		st = alloc_percpu(struct func_repeat_state);
		if (!st)
			return -ENOMEM;
		tr->func_repeats = st;
	}
	if ((opts & FUNC_OPT_NO_REPEATS) &&
	    !(READ_ONCE(tr->func_opts) & FUNC_OPT_NO_REPEATS)) {
		/* Start afresh: nothing counted from an earlier run. */
		WRITE_ONCE(tr->func_opts, opts & ~FUNC_OPT_NO_REPEATS);
		synchronize_rcu();
		for_each_possible_cpu(cpu)
			memset(per_cpu_ptr(tr->func_repeats, cpu), 0,
			       sizeof(struct func_repeat_state));
	}
	WRITE_ONCE(tr->func_opts, opts);
	return 0;
}

static int function_trace_init(struct trace_array *tr)
{
	struct ftrace_ops *ops = tr->ops;
	int ret;

	if (!ops)
		return -ENOMEM;
	ret = function_set_opts(tr, func_flags.val);
	if (ret)
		return ret;
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

/* An option of the tracer changes while it is @tr's current one. */
static int function_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			     int set)
{
	return function_set_opts(tr, set ? old_flags | bit : old_flags & ~bit);
}

static struct tracer function_trace __read_mostly = {
	.name		= "function",
	.init		= function_trace_init,
	.reset		= function_trace_reset,
	.set_flag	= function_set_flag,
	.flags		= &func_flags,
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
	func_flags.trace = &function_trace;
	return register_tracer(&function_trace);
}
