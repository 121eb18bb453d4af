// SPDX-License-Identifier: GPL-2.0
/*
 * Stack records: the kernel stack (TRACE_STACK) that the stacktrace
 * option adds after each event and each trace_printk() and that
 * trace_dump_stack() writes on demand, and the user-space stack
 * (TRACE_USER_STACK) of the userstacktrace option.
 *
 * This file only takes and records stacks.  Deciding when a stack
 * follows a record is the writers' business (trace_events.c, and
 * trace_printk.c for its own records); printing them is trace_output.c's.
 */
#include <linux/kallsyms.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "trace.h"

/*
 * How far down the stack the start of a trace is looked for: our own
 * frames, and what the unwinder reports between them, come first.
 */
#define STACK_SCAN_ENTRIES	32

/*
 * Taking a stack trace runs a lot of code; if any of it is traced with
 * stack traces on, the busy marks stop the recursion.  The trace is taken
 * into a per-CPU area, not into an array on the stack, which an unwinder
 * that scans the stack for text addresses would find itself writing.
 * One of each per interrupt level (see TRACE_CTX_LEVELS in trace.h).
 */
struct kstack_area {
	bool		busy[TRACE_CTX_LEVELS];
	unsigned long	calls[TRACE_CTX_LEVELS][STACK_SCAN_ENTRIES];
};

struct level_marks {
	bool	busy[TRACE_CTX_LEVELS];
};

static DEFINE_PER_CPU(struct kstack_area, kstack_area);
static DEFINE_PER_CPU(struct level_marks, ustack_marks);

/* Index of the first entry that returns into the function holding @addr. */
static unsigned int stack_find_caller(const unsigned long *calls,
				      unsigned int n, unsigned long addr)
{
	unsigned long size, offset, start;
	unsigned int i;

	if (!kallsyms_lookup_size_offset(addr, &size, &offset))
		return 0;
	start = addr - offset;
	for (i = 0; i < n; i++)
		if (calls[i] > start && calls[i] <= start + size)
			return i;
	return 0;
}

/*
 * Unwind into this level's part of @area; the trace from @from's function
 * on, @skip callers after it left out, at most @max entries: *@n of them
 * at the returned address.  Context: @area's busy mark for this level held.
 */
static unsigned long *kstack_take(struct kstack_area *area, unsigned long from,
				  int skip, unsigned int max, unsigned int *n)
{
	unsigned long *calls = area->calls[interrupt_context_level()];
	unsigned int all, first;

	all = stack_trace_save(calls, STACK_SCAN_ENTRIES, 0);
	first = stack_find_caller(calls, all, from) + max(skip, 0);
	*n = first < all ? min(all - first, max) : 0;
	return calls + first;
}

/**
 * trace_kernel_stack_save - the kernel stack from a given caller on
 * @store: where the return addresses go
 * @size: how many @store holds
 * @from: an address inside the function the trace starts from
 * @skip: callers after that function to leave out
 *
 * For those that keep the addresses elsewhere than in a stack record (a
 * hist key).  Context: any; a nested call on the same CPU and interrupt
 * level stores nothing.
 * Return: how many addresses were stored.
 */
unsigned int trace_kernel_stack_save(unsigned long *store, unsigned int size,
				     unsigned long from, int skip)
{
	struct kstack_area *area;
	unsigned long *calls;
	unsigned int n = 0;

	preempt_disable_notrace();
	area = this_cpu_ptr(&kstack_area);
	if (trace_level_mark_enter(area->busy)) {
		calls = kstack_take(area, from, skip, size, &n);
		memcpy(store, calls, n * sizeof(*calls));
		trace_level_mark_exit(area->busy);
	}
	preempt_enable_notrace();
	return n;
}

/**
 * trace_record_kernel_stack - add a kernel stack record, whatever the options
 * @tr: the trace array of the record
 * @buffer: its buffer
 * @trace_ctx: the context of the record
 * @from: an address inside the function the trace starts from
 * @skip: callers after that function to leave out
 *
 * Counting our own frames instead of looking for @from would be fragile:
 * inlining and tail calls change it, and an unwinder that guesses reports
 * more of them than there are.
 *
 * Context: any; a nested call on the same CPU and interrupt level (a
 * tracer in the unwinder) records nothing.
 */
void trace_record_kernel_stack(struct trace_array *tr,
			       struct trace_buffer *buffer,
			       unsigned int trace_ctx, unsigned long from,
			       int skip)
{
	struct ring_buffer_event *event;
	struct kstack_area *area;
	struct stack_entry *entry;
	unsigned long *calls;
	unsigned int n;

	if (unlikely(!buffer))
		return;
	preempt_disable_notrace();
	area = this_cpu_ptr(&kstack_area);
	if (!trace_level_mark_enter(area->busy))
		goto out;

	calls = kstack_take(area, from, skip, FTRACE_STACK_ENTRIES, &n);

	event = trace_buffer_lock_reserve(buffer, TRACE_STACK, sizeof(*entry),
					  trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		memcpy(entry->caller, calls, n * sizeof(calls[0]));
		memset(entry->caller + n, 0,
		       (FTRACE_STACK_ENTRIES - n) * sizeof(calls[0]));
		entry->size = n;
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	trace_level_mark_exit(area->busy);
out:
	preempt_enable_notrace();
}

/**
 * ftrace_trace_stack - add a kernel stack record if the array wants one
 * @tr: the trace array of the record just written
 * @buffer: its buffer
 * @trace_ctx: the context of that record
 * @skip: callers to leave out; with 0 the trace starts at the function
 *	that called ftrace_trace_stack()
 *
 * Does nothing unless @tr's stacktrace option is set.
 */
noinline void ftrace_trace_stack(struct trace_array *tr,
				 struct trace_buffer *buffer,
				 unsigned int trace_ctx, int skip)
{
	if (tr->flags & TRACE_ITER(STACKTRACE))
		trace_record_kernel_stack(tr, buffer, trace_ctx, _RET_IP_, skip);
}

/**
 * ftrace_trace_userstack - add a user stack record if the array wants one
 * @tr: the trace array of the record just written
 * @buffer: its buffer
 * @trace_ctx: the context of that record
 *
 * Does nothing unless @tr's userstacktrace option is set, in NMI context
 * (reading user memory may fault) or for a kernel thread's empty stack.
 */
void ftrace_trace_userstack(struct trace_array *tr, struct trace_buffer *buffer,
			    unsigned int trace_ctx)
{
#ifdef CONFIG_USER_STACKTRACE_SUPPORT
	struct ring_buffer_event *event;
	struct userstack_entry *entry;

	if (!(tr->flags & TRACE_ITER(USERSTACKTRACE)) || unlikely(in_nmi()))
		return;
	if (unlikely(!buffer))
		return;
	preempt_disable_notrace();
	if (!trace_level_mark_enter(this_cpu_ptr(&ustack_marks)->busy))
		goto out;
	event = trace_buffer_lock_reserve(buffer, TRACE_USER_STACK,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->tgid = current->tgid;
		memset(entry->caller, 0, sizeof(entry->caller));
		stack_trace_save_user(entry->caller, FTRACE_STACK_ENTRIES);
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	trace_level_mark_exit(this_cpu_ptr(&ustack_marks)->busy);
out:
	preempt_enable_notrace();
#endif
}

/**
 * trace_dump_stack - record the current kernel stack
 * @skip: callers to leave out; with 0 the trace starts at the function
 *	that called trace_dump_stack()
 *
 * The record goes where trace_printk() writes, whatever the stacktrace
 * option says.
 */
noinline void trace_dump_stack(int skip)
{
	struct trace_array *tr;

	preempt_disable_notrace();
	tr = READ_ONCE(printk_trace);
	trace_record_kernel_stack(tr, tr->buffer, tracing_gen_ctx_dec(),
				  _RET_IP_, skip);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

