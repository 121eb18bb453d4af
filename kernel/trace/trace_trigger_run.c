// SPDX-License-Identifier: GPL-2.0
/*
 * Running event triggers: what the event path calls (the probe's gate and
 * commit in trace_event_record.c, trace_marker writes in trace_marker.c).
 *
 * The triggers of an event are on its file's list (trace_triggers.c keeps
 * it).  This walks it under RCU - the callers run with preemption off, or
 * it is turned off here - and takes no lock and allocates nothing, so it
 * may run in any context, NMI included.  A count is used up with a
 * compare-and-exchange loop: N firings happen at most N times even with
 * the event firing on every CPU at once, and an unlimited trigger writes
 * nothing shared.  A trigger's filter (trace_filter_eval.c runs it) is
 * asked before its count is used up.
 */

#include <linux/kernel.h>
#include <linux/rculist.h>

#include "trace.h"

/* Use up one firing; false when none is left.  No lock, NMI-safe. */
static bool trigger_take_count(struct event_trigger *t)
{
	long left = READ_ONCE(t->count);

	do {
		if (left < 0)
			return true;
		if (!left)
			return false;
	} while (!try_cmpxchg(&t->count, &left, left - 1));
	return true;
}

static void trigger_fire(struct event_trigger *t,
			 const struct trigger_ctx *ctx)
{
	const struct trigger_cmd *cmd = t->cmd;

	if (cmd->ready && !cmd->ready(t))
		return;
	if (!trigger_take_count(t))
		return;
	cmd->fire(t, ctx);
}

/**
 * event_triggers_call - run an event's triggers
 * @file: the event file whose triggers run
 * @ctx: the record (or none) and where a stack trace starts
 * @which: TRIGGERS_PRE, TRIGGERS_POST or both
 *
 * A trigger with a filter runs only when there is a record and the
 * filter accepts it.  Context: any, NMI included; takes no lock.
 *
 * Return: without TRIGGERS_POST in @which, the post triggers that are
 * due once the record is committed, for event_triggers_post(): bit N
 * stands for the Nth post trigger on the list.
 */
unsigned long event_triggers_call(struct trace_event_file *file,
				  const struct trigger_ctx *ctx,
				  unsigned int which)
{
	unsigned long due = 0;
	unsigned int n = 0;
	struct event_trigger *t;

	preempt_disable_notrace();
	list_for_each_entry_rcu(t, &file->triggers, list) {
		bool post = t->cmd->flags & TRIGGER_CMD_POST;
		bool pass;

		if (!post && !(which & TRIGGERS_PRE))
			continue;
		/*
		 * A paused trigger is passed over before its filter; a
		 * filtered one needs the record, and its approval.
		 */
		pass = !smp_load_acquire(&t->paused) &&
		       (!t->filter ||
			(ctx->rec && trace_filter_match(t->filter, ctx->rec)));
		if (post && !(which & TRIGGERS_POST)) {
			if (pass && n < BITS_PER_LONG)
				due |= BIT(n);
			n++;
			continue;
		}
		if (pass)
			trigger_fire(t, ctx);
	}
	preempt_enable_notrace();
	return due;
}
EXPORT_SYMBOL_GPL(event_triggers_call);

/**
 * event_triggers_post - run the post triggers found due before a commit
 * @file: the event file whose triggers run
 * @ctx: where a stack trace starts (the record may be gone: not read)
 * @due: what event_triggers_call() returned
 *
 * Context: any, NMI included; takes no lock.
 */
void event_triggers_post(struct trace_event_file *file,
			 const struct trigger_ctx *ctx, unsigned long due)
{
	struct event_trigger *t;
	unsigned int n = 0;

	preempt_disable_notrace();
	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (!(t->cmd->flags & TRIGGER_CMD_POST))
			continue;
		if (READ_ONCE(t->paused)) {
			n++;
			continue;
		}
		/* Past the bits of @due only the unfiltered ones. */
		if (n < BITS_PER_LONG ? due & BIT(n) : !t->filter)
			trigger_fire(t, ctx);
		n++;
	}
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(event_triggers_post);
