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
 * booted with tp_printk and runs the triggers that follow a record.  No
 * lock is taken on this path, and nothing here runs unless a probe does.
 * An event with a filter has its record built aside and put to the filter
 * (trace_filter_eval.c) before it goes into the ring buffer: see
 * "Deferred records" below.
 *
 * The registry of events, their files and switching them on and off are
 * elsewhere (trace_events.c, trace_event_enable.c); tp_printk's boot
 * parameters are in trace_boot.c, which calls tp_printk_init().
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
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
/* ... and from commit_deferred(), past trace_event_buffer_commit() too. */
#define DEFERRED_STACK_SKIP	(TRIGGER_STACK_SKIP + 1)

/**
 * trace_event_file_gate - the slow half of a probe's first test
 * @file: the event file the probe runs for
 *
 * Runs the event's triggers that need no record: all of them when no
 * record will be written, else those that go before it (the commit runs
 * the others).  An event whose triggers need the record (TRIGGER_COND)
 * is let through even when soft-disabled: its record is built in the
 * scratch area, and its commit runs the triggers and keeps nothing a
 * soft-disabled event would not keep.  A task the pid lists filter out
 * runs no conditional trigger (nor, then, the others of its event).
 *
 * Return: true when the record must not be written: the event is
 * soft-disabled (and has no conditional trigger), or the task is
 * filtered out by set_event_pid or set_event_notrace_pid.
 */
bool trace_event_file_gate(struct trace_event_file *file)
{
	unsigned long flags = READ_ONCE(file->flags);
	bool __percpu *ignore;
	bool drop = false;

	if (flags & EVENT_FILE_FL_PID_FILTER) {
		ignore = READ_ONCE(file->tr->ignore_pid);
		drop = ignore && this_cpu_read(*ignore);
	}
	if (flags & EVENT_FILE_FL_TRIGGER_COND)
		return drop;
	if (flags & EVENT_FILE_FL_SOFT_DISABLED)
		drop = true;
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

/*
 * Deferred records.  An event whose file has a filter (or, later,
 * conditional triggers: EVENT_FILE_FL_DEFERRED) has its probe build the
 * record in a per-CPU scratch area; the commit runs the filter on it and
 * only then reserves, copies and commits it in the ring buffer.  So a
 * rejected record costs no ring-buffer operation and leaves nothing, not
 * even padding, for a reader to see.
 *
 * The scratch area of a CPU is a stack: each reserve pushes a record, its
 * commit pops it.  A probe runs with preemption off from reserve to
 * commit, and whatever interrupts it (softirq, irq, NMI, or an event fired
 * from inside its own assignment) commits before it resumes, so the pushes
 * and pops of a CPU always nest; the only state is the top, touched with
 * plain per-CPU accesses.  A record that does not fit is reserved in the
 * ring buffer directly, its frame on the stack only noting that, and is
 * discarded there if the filter rejects it.
 */
#define SCRATCH_SIZE	(2 * PAGE_SIZE)

struct scratch_frame {
	struct ring_buffer_event *event;	/* NULL: the record follows */
	unsigned int		len;		/* of the record */
	unsigned int		prev;		/* the frame below, or ~0 */
};

struct event_scratch {
	unsigned int	top;			/* first free byte of data */
	unsigned int	cur;			/* the frame on top, or ~0 */
	u64		data[SCRATCH_SIZE / sizeof(u64)];
};

#define SCRATCH_NONE	(~0U)

static struct event_scratch __percpu *event_scratch;
static DEFINE_MUTEX(event_scratch_lock);

/**
 * trace_event_scratch_prepare - make the scratch area of deferred records
 *
 * Called before an event file gets EVENT_FILE_FL_FILTERED or
 * EVENT_FILE_FL_TRIGGER_COND; once made, the area stays.
 *
 * Context: process, may sleep.
 *
 * Return: 0 or -ENOMEM.
 */
int trace_event_scratch_prepare(void)
{
	struct event_scratch __percpu *sc;
	int cpu, ret = 0;

	if (READ_ONCE(event_scratch))
		return 0;
	mutex_lock(&event_scratch_lock);
	if (!event_scratch) {
		sc = alloc_percpu(struct event_scratch);
		if (sc) {
			for_each_possible_cpu(cpu)
				per_cpu_ptr(sc, cpu)->cur = SCRATCH_NONE;
			/* Seen before any file has the flags that use it. */
			smp_store_release(&event_scratch, sc);
		} else {
			ret = -ENOMEM;
		}
	}
	mutex_unlock(&event_scratch_lock);
	return ret;
}

static void fbuffer_fill(struct trace_event_buffer *fbuffer,
			 struct trace_event_file *file,
			 struct trace_buffer *buffer, void *entry,
			 unsigned int trace_ctx)
{
	tracing_generic_entry_update(entry, file->event_call->event.type,
				     trace_ctx);
	fbuffer->buffer = buffer;
	fbuffer->trace_file = file;
	fbuffer->entry = entry;
	fbuffer->trace_ctx = trace_ctx;
	fbuffer->regs = NULL;
}

/* The reserve of a deferred record: fbuffer->event stays NULL. */
static noinline void *reserve_deferred(struct trace_event_buffer *fbuffer,
				       struct trace_event_file *file,
				       unsigned long len)
{
	struct event_scratch __percpu *sc = READ_ONCE(event_scratch);
	struct trace_buffer *buffer = file->tr->buffer;
	unsigned int trace_ctx = tracing_gen_ctx_dec();
	unsigned int need, top, prev;
	struct scratch_frame *frame;
	bool fits;
	struct event_scratch *s;
	void *entry;

	if (WARN_ON_ONCE(!sc))
		return NULL;
	s = this_cpu_ptr(sc);
	top = s->top;
	prev = s->cur;
	if (top + sizeof(*frame) > SCRATCH_SIZE)
		return NULL;		/* nested beyond all reason */
	need = sizeof(*frame) + ALIGN(len, sizeof(u64));
	fits = top + need <= SCRATCH_SIZE;
	if (!fits)
		need = sizeof(*frame);
	/* Claim the frame first: an interrupt from here on pushes above it. */
	s->top = top + need;
	s->cur = top;
	barrier();
	frame = (void *)s->data + top;
	frame->len = len;
	frame->prev = prev;
	frame->event = NULL;
	entry = frame + 1;
	if (!fits) {
		frame->event = ring_buffer_lock_reserve(buffer, len);
		if (!frame->event) {
			barrier();
			s->top = top;
			s->cur = prev;
			return NULL;
		}
		entry = ring_buffer_event_data(frame->event);
	}
	fbuffer_fill(fbuffer, file, buffer, entry, trace_ctx);
	fbuffer->event = NULL;
	return entry;
}

/**
 * trace_event_buffer_reserve - reserve an event's record in its array
 * @fbuffer: the probe's record state, filled in here
 * @trace_file: the event file the probe runs for
 * @len: bytes of record, trace_entry included
 *
 * Called by the probe with preemption disabled (by the tracepoint), after
 * trace_trigger_soft_disabled() said the event is to be recorded.  A
 * filtered event's record is built aside and only goes into the buffer if
 * the filter takes it (see above).
 *
 * Return: the record, its trace_entry filled in, or NULL when the buffer
 * takes nothing now.  Commit it with trace_event_buffer_commit().
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_buffer *buffer = trace_file->tr->buffer;
	struct ring_buffer_event *event;
	unsigned int trace_ctx;
	void *entry;

	if (unlikely(READ_ONCE(trace_file->flags) & EVENT_FILE_FL_DEFERRED))
		return reserve_deferred(fbuffer, trace_file, len);
	trace_ctx = tracing_gen_ctx_dec();
	event = ring_buffer_lock_reserve(buffer, len);
	if (unlikely(!event))
		return NULL;
	entry = ring_buffer_event_data(event);
	fbuffer_fill(fbuffer, trace_file, buffer, entry, trace_ctx);
	fbuffer->event = event;
	return entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/*
 * What every commit does once the record is in the ring buffer.  @skip:
 * the frames between the function this is inlined in and the
 * tracepoint's caller, for the stack records.  @post: run the event's
 * post triggers here (a conditional event's commit runs them itself).
 */
static __always_inline void commit_record(struct trace_event_buffer *fbuffer,
					  int skip, bool post)
{
	struct trace_array *tr = fbuffer->trace_file->tr;

	if (static_branch_unlikely(&tp_printk_key))
		event_printk(fbuffer);
	trace_buffer_unlock_commit(tr, fbuffer->buffer, fbuffer->event,
				   fbuffer->trace_ctx);
	if (unlikely(tr->flags & (TRACE_ITER(STACKTRACE) |
				  TRACE_ITER(USERSTACKTRACE)))) {
		ftrace_trace_stack(tr, fbuffer->buffer, fbuffer->trace_ctx,
				   skip);
		ftrace_trace_userstack(tr, fbuffer->buffer, fbuffer->trace_ctx);
	}
	if (post && unlikely(READ_ONCE(fbuffer->trace_file->flags) &
			     EVENT_FILE_FL_TRIGGER_MODE)) {
		struct trigger_ctx ctx = {
			.rec		= fbuffer->entry,
			.trace_ctx	= fbuffer->trace_ctx,
			.from		= _THIS_IP_,
			.skip		= skip,
		};

		event_triggers_call(fbuffer->trace_file, &ctx, TRIGGERS_POST);
	}
}

/*
 * Conditional triggers (EVENT_FILE_FL_TRIGGER_COND).  The gate ran none
 * of the event's triggers; they all run from the commit, on the finished
 * record while it is still in the scratch area (or reserved, when it did
 * not fit there): the pre triggers whose filters take it fire now, and
 * the post triggers whose filters take it are noted in the returned mask,
 * to fire once the record is committed or dropped (the record itself is
 * gone by then).  Whether the record is kept is not theirs to decide:
 * the soft-disable flag and the event's filter do that.
 */
static inline unsigned long
deferred_cond_triggers(struct trace_event_buffer *fbuffer,
		       struct trigger_ctx *ctx)
{
	*ctx = (struct trigger_ctx){
		.rec		= fbuffer->entry,
		.trace_ctx	= fbuffer->trace_ctx,
		.from		= _THIS_IP_,
		.skip		= DEFERRED_STACK_SKIP,
	};
	return event_triggers_call(fbuffer->trace_file, ctx, TRIGGERS_PRE);
}

/* The triggers that follow a record, for one the filter took away. */
static noinline void deferred_post_triggers(struct trace_event_buffer *fbuffer)
{
	struct trigger_ctx ctx = {
		.trace_ctx	= fbuffer->trace_ctx,
		.from		= _THIS_IP_,
		.skip		= DEFERRED_STACK_SKIP,
	};

	event_triggers_call(fbuffer->trace_file, &ctx, TRIGGERS_POST);
}

/*
 * The commit of a record reserve_deferred() made; @cond: the event has
 * conditional triggers (a constant, see commit_deferred()).
 */
static __always_inline void commit_deferred_as(struct trace_event_buffer *fbuffer,
					       unsigned long flags,
					       const bool cond)
{
	struct event_scratch *s = this_cpu_ptr(event_scratch);
	struct trace_event_file *file = fbuffer->trace_file;
	struct ring_buffer_event *event;
	struct scratch_frame *frame;
	struct trigger_ctx ctx __uninitialized;	/* set before any use */
	unsigned long due = 0;
	unsigned int cur, prev;
	bool keep;

	frame = (void *)s->data + s->cur;
	if (cond)
		due = deferred_cond_triggers(fbuffer, &ctx);
	keep = !(flags & EVENT_FILE_FL_SOFT_DISABLED) &&
	       trace_filter_match(rcu_dereference_sched(file->filter),
				  fbuffer->entry);
	event = frame->event;
	if (!event && keep) {
		event = ring_buffer_lock_reserve(fbuffer->buffer, frame->len);
		if (event) {
			fbuffer->entry = ring_buffer_event_data(event);
			memcpy(fbuffer->entry, frame + 1, frame->len);
		}
	} else if (event && !keep) {
		ring_buffer_discard_commit(fbuffer->buffer, event);
		event = NULL;
	}
	/*
	 * The scratch record is no longer needed: pop it.  The frame is read
	 * before anything of it is given back, and the top comes down last:
	 * an interrupt that records a deferred event meanwhile pushes its
	 * frame above ours or, once the top is down, over it - and then
	 * leaves a frame->prev of its own there, which must not become ours.
	 */
	cur = s->cur;
	prev = frame->prev;
	barrier();
	s->cur = prev;
	barrier();
	s->top = cur;
	if (event) {
		fbuffer->event = event;
		commit_record(fbuffer, DEFERRED_STACK_SKIP, !cond);
	} else if (!cond && (flags & EVENT_FILE_FL_TRIGGER_MODE)) {
		/* The event's filter took the record away, not the event. */
		deferred_post_triggers(fbuffer);
	}
	if (cond) {
		ctx.rec = NULL;
		event_triggers_post(file, &ctx, due);
	}
}

static noinline void commit_deferred_cond(struct trace_event_buffer *fbuffer,
					  unsigned long flags)
{
	commit_deferred_as(fbuffer, flags, true);
}

/*
 * The commit of a record reserve_deferred() made.  An event without
 * conditional triggers (the filtered ones) gets a copy of the commit
 * with their code and the trigger context on the stack left out.
 */
static noinline void commit_deferred(struct trace_event_buffer *fbuffer)
{
	unsigned long flags = READ_ONCE(fbuffer->trace_file->flags);

	if (flags & EVENT_FILE_FL_TRIGGER_COND)
		commit_deferred_cond(fbuffer, flags);
	else
		commit_deferred_as(fbuffer, flags, false);
}

/**
 * trace_event_buffer_commit - commit a record of trace_event_buffer_reserve()
 * @fbuffer: the probe's record state
 *
 * Also prints the event with tp_printk, saves the task's name and thread
 * group as the options ask, and adds the stack records of the stacktrace
 * and userstacktrace options.  A deferred record is first put to its
 * event's filter, and only copied into the buffer if it passes.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	if (unlikely(!fbuffer->event)) {
		commit_deferred(fbuffer);
		return;
	}
	commit_record(fbuffer, TRIGGER_STACK_SKIP, true);
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
