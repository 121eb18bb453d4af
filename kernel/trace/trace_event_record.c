// SPDX-License-Identifier: GPL-2.0
/*
 * Recording events: what the probe of every TRACE_EVENT() calls.
 *
 * A probe first asks trace_event_file_gate() (through
 * trace_trigger_soft_disabled()) whether its event is soft-disabled or its
 * task filtered out by the pid lists, then reserves its record with
 * trace_event_buffer_reserve(), fills the fields and commits with
 * trace_event_buffer_commit(), which also saves the task's name, adds the
 * stack records the options ask for, prints the event when the kernel
 * booted with tp_printk and runs the triggers that follow a record.  No lock is taken on this path, and
 * nothing here runs unless a probe does.
 *
 * The registry of events, their files and switching them on and off are
 * elsewhere (trace_events.c, trace_event_enable.c); tp_printk's boot
 * parameters are in trace_boot.c, which calls tp_printk_init().
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "trace.h"

/*
 * tp_printk: events also go to printk.  The key is on only when the
 * kernel booted with tp_printk (the iterator is allocated then), so the
 * commit of everyone else tests nothing; tracepoint_printk (the sysctl,
 * tp_printk_stop_on_boot) is looked at only behind it.
 */
static DEFINE_STATIC_KEY_FALSE(tp_printk_key);
static DEFINE_RAW_SPINLOCK(tp_printk_lock);
static struct trace_iterator *tp_printk_iter;

static noinline void event_printk(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	struct trace_event *event = &file->event_call->event;
	struct trace_iterator *iter = tp_printk_iter;
	unsigned long flags;

	if (!READ_ONCE(tracepoint_printk) || !event->funcs ||
	    !event->funcs->trace)
		return;
	/* An NMI must not wait for the context it interrupted. */
	if (in_nmi()) {
		if (!raw_spin_trylock_irqsave(&tp_printk_lock, flags))
			return;
	} else {
		raw_spin_lock_irqsave(&tp_printk_lock, flags);
	}
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);
	iter->tr = file->tr;
	iter->ent = fbuffer->entry;
	iter->cpu = raw_smp_processor_id();
	event->funcs->trace(iter, 0, event);
	trace_seq_putc(&iter->seq, '\0');
	printk("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&tp_printk_lock, flags);
}

/*
 * The triggers' stack traces start at the caller of the tracepoint: past
 * this file's function, the probe and the tracepoint's iterator.
 */
#define TRIGGER_STACK_SKIP	3

/**
 * trace_event_file_gate - the slow half of a probe's first test
 * @file: the event file the probe runs for
 *
 * Runs the event's triggers that need no record: all of them when no
 * record will be written, else those that go before it (the commit runs
 * the others).  An event whose triggers need the record (TRIGGER_COND)
 * is let through: its commit runs them all and decides what is kept.
 *
 * Return: true when the record must not be written: the event is
 * soft-disabled, or the task is filtered out by set_event_pid or
 * set_event_notrace_pid.
 */
bool trace_event_file_gate(struct trace_event_file *file)
{
	unsigned long flags = READ_ONCE(file->flags);
	bool __percpu *ignore;
	bool drop = false;

	if (flags & EVENT_FILE_FL_SOFT_DISABLED) {
		drop = true;
	} else if (flags & EVENT_FILE_FL_PID_FILTER) {
		ignore = READ_ONCE(file->tr->ignore_pid);
		drop = ignore && this_cpu_read(*ignore);
	}
	if (flags & EVENT_FILE_FL_TRIGGER_MODE) {
		struct trigger_ctx ctx = {
			.trace_ctx	= tracing_gen_ctx_dec(),
			.from		= _THIS_IP_,
			.skip		= TRIGGER_STACK_SKIP,
		};

		event_triggers_call(file, &ctx, drop ?
				    TRIGGERS_PRE | TRIGGERS_POST : TRIGGERS_PRE);
	}
	return drop;
}
EXPORT_SYMBOL_GPL(trace_event_file_gate);

/**
 * trace_event_buffer_reserve - reserve an event's record in its array
 * @fbuffer: the probe's record state, filled in here
 * @trace_file: the event file the probe runs for
 * @len: bytes of record, trace_entry included
 *
 * Called by the probe with preemption disabled (by the tracepoint), after
 * trace_trigger_soft_disabled() said the event is to be recorded.
 *
 * Return: the record, its trace_entry filled in, or NULL when the buffer
 * takes nothing now.  Commit it with trace_event_buffer_commit().
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_buffer *buffer = trace_file->tr->buffer;
	unsigned int trace_ctx = tracing_gen_ctx_dec();
	struct ring_buffer_event *event;
	void *entry;

	event = ring_buffer_lock_reserve(buffer, len);
	if (unlikely(!event))
		return NULL;
	entry = ring_buffer_event_data(event);
	tracing_generic_entry_update(entry, trace_file->event_call->event.type,
				     trace_ctx);
	fbuffer->buffer = buffer;
	fbuffer->event = event;
	fbuffer->trace_file = trace_file;
	fbuffer->entry = entry;
	fbuffer->trace_ctx = trace_ctx;
	fbuffer->regs = NULL;
	return entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/**
 * trace_event_buffer_commit - commit a record of trace_event_buffer_reserve()
 * @fbuffer: the probe's record state
 *
 * Also prints the event with tp_printk, saves the task's name and thread
 * group as the options ask, and adds the stack records of the stacktrace
 * and userstacktrace options.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_array *tr = fbuffer->trace_file->tr;

	if (static_branch_unlikely(&tp_printk_key))
		event_printk(fbuffer);
	trace_buffer_unlock_commit(tr, fbuffer->buffer, fbuffer->event,
				   fbuffer->trace_ctx);
	if (unlikely(tr->flags & (TRACE_ITER(STACKTRACE) |
				  TRACE_ITER(USERSTACKTRACE)))) {
		/* From the tracepoint's caller: past us, probe and iterator. */
		ftrace_trace_stack(tr, fbuffer->buffer, fbuffer->trace_ctx, 3);
		ftrace_trace_userstack(tr, fbuffer->buffer, fbuffer->trace_ctx);
	}
	if (unlikely(READ_ONCE(fbuffer->trace_file->flags) &
		     EVENT_FILE_FL_TRIGGER_MODE)) {
		struct trigger_ctx ctx = {
			.rec		= fbuffer->entry,
			.trace_ctx	= fbuffer->trace_ctx,
			.from		= _THIS_IP_,
			.skip		= TRIGGER_STACK_SKIP,
		};

		event_triggers_call(fbuffer->trace_file, &ctx, TRIGGERS_POST);
	}
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/**
 * trace_event_buffer_lock_reserve - reserve a record of an event's type
 * @current_buffer: set to the buffer the record is in
 * @trace_file: the event file
 * @type: the record type
 * @len: bytes of record, trace_entry included
 * @trace_ctx: the record's context
 *
 * For probes that build their record themselves; commit with
 * trace_buffer_unlock_commit().
 *
 * Return: the reserved event, or NULL.
 */
struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx)
{
	*current_buffer = trace_file->tr->buffer;
	return trace_buffer_lock_reserve(*current_buffer, type, len, trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);

/**
 * tp_printk_init - make events go to printk too, if the kernel booted so
 *
 * Called once at trace_init(), before any event can be enabled; with
 * tp_printk on the command line the commit of every event then also
 * prints it.
 */
void __init tp_printk_init(void)
{
	if (!tracepoint_printk)
		return;
	tp_printk_iter = kzalloc(sizeof(*tp_printk_iter), GFP_KERNEL);
	if (!tp_printk_iter) {
		pr_warn("no memory for tp_printk\n");
		return;
	}
	static_branch_enable(&tp_printk_key);
}
