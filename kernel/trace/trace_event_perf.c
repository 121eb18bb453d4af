// SPDX-License-Identifier: GPL-2.0
/*
 * perf's tracepoint PMU (PERF_TYPE_TRACEPOINT) on top of the event layer.
 *
 * perf names an event by its id, the record type the events/ files show.
 * The perf core (kernel/events/core.c) calls perf_trace_init() when such an
 * event is opened and perf_trace_destroy() when it is freed; in between,
 * perf_trace_add() and perf_trace_del() put it on and take it off the
 * list of the CPU it is scheduled on.
 *
 * One event call serves every perf event opened on it.  The first one
 * gives the call its per-CPU list heads (call->perf_events) and asks the
 * class to attach its perf probe (TRACE_REG_PERF_REGISTER); the last one
 * detaches it and frees the heads.  The perf probe that the TRACE_EVENT()
 * stages generate runs on the tracepoint: it takes a scratch record from
 * perf_trace_buf_alloc(), fills it in place, and hands it to
 * perf_tp_event(), which copies it to every perf event on this CPU's list
 * (and fills in the common fields with perf_trace_buf_update()).
 *
 * The scratch records are per CPU and per recursion context (task,
 * softirq, hardirq, NMI: what perf_swevent_get_recursion_context() hands
 * out), so a probe interrupted by another probe never shares a record with
 * it.  They exist while some event call is registered with perf.
 *
 * event_mutex guards the reference counts and the registration; the probe
 * and add/del (called by perf with interrupts off) take no lock.
 */

#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

#include "trace.h"

#ifndef PERF_MAX_TRACE_SIZE
/* The largest record a perf probe may build (perf's raw samples hold it). */
#define PERF_MAX_TRACE_SIZE	8192
#endif

/* A record under construction; u64 words keep every field aligned. */
struct perf_trace_scratch {
	u64	words[PERF_MAX_TRACE_SIZE / sizeof(u64)];
};

static struct perf_trace_scratch __percpu *perf_scratch[PERF_NR_CONTEXTS];

/* Event calls registered with perf; the scratch records live while > 0. */
static unsigned int perf_scratch_users;

static int perf_scratch_get(void)
{
	int i;

	lockdep_assert_held(&event_mutex);
	if (perf_scratch_users++)
		return 0;
	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		perf_scratch[i] = alloc_percpu(struct perf_trace_scratch);
		if (!perf_scratch[i])
			goto nomem;
	}
	return 0;

nomem:
	while (i--) {
		free_percpu(perf_scratch[i]);
		perf_scratch[i] = NULL;
	}
	perf_scratch_users--;
	return -ENOMEM;
}

/* Only once no probe can be running any more (see perf_call_unregister). */
static void perf_scratch_put(void)
{
	int i;

	lockdep_assert_held(&event_mutex);
	if (--perf_scratch_users)
		return;
	for (i = 0; i < PERF_NR_CONTEXTS; i++) {
		free_percpu(perf_scratch[i]);
		perf_scratch[i] = NULL;
	}
}

/*
 * The event (its module, or a dynamic event itself) must not go away while
 * perf holds it.  A module that is being unloaded refuses.
 */
static bool perf_call_hold(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC) {
		atomic_inc(&call->refcnt);
		return true;
	}
	return try_module_get(call->module);
}

static void perf_call_release(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		atomic_dec(&call->refcnt);
	else
		module_put(call->module);
}

/*
 * May the opener have this event?  Counting is open to anyone perf itself
 * lets in; raw records (PERF_SAMPLE_RAW) can show any task's data, so they
 * need the tracepoint privilege (perf_event_paranoid -1 or CAP_PERFMON),
 * except on events marked safe for anyone when perf follows one task.
 */
static int perf_call_permitted(struct trace_event_call *call,
			       struct perf_event *p_event)
{
	int ret;

	if (call->perf_perm) {
		ret = call->perf_perm(call, p_event);
		if (ret)
			return ret;
	}

	/* An inherited event was checked when its parent was opened. */
	if (p_event->parent)
		return 0;

	if (!(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;

	if ((p_event->attach_state & PERF_ATTACH_TASK) &&
	    (call->flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;

	return perf_allow_tracepoint();
}

/* The first perf user of @call attaches its perf probe. */
static int perf_call_register(struct trace_event_call *call)
{
	struct hlist_head __percpu *heads;
	int cpu, ret;

	if (call->perf_refcount++)
		return 0;

	ret = -ENOMEM;
	heads = alloc_percpu(struct hlist_head);
	if (!heads)
		goto undo_count;
	for_each_possible_cpu(cpu)
		INIT_HLIST_HEAD(per_cpu_ptr(heads, cpu));

	ret = perf_scratch_get();
	if (ret)
		goto free_heads;

	/* The probe reads the heads as soon as it is attached. */
	call->perf_events = heads;
	ret = call->class->reg(call, TRACE_REG_PERF_REGISTER, NULL);
	if (!ret)
		return 0;

	call->perf_events = NULL;
	perf_scratch_put();
free_heads:
	free_percpu(heads);
undo_count:
	call->perf_refcount--;
	return ret;
}

/* The last perf user of @call detaches the probe and frees what it used. */
static void perf_call_unregister(struct trace_event_call *call)
{
	struct hlist_head __percpu *heads = call->perf_events;

	if (--call->perf_refcount)
		return;

	call->class->reg(call, TRACE_REG_PERF_UNREGISTER, NULL);
	/* A probe that started before the detach may still be running. */
	tracepoint_synchronize_unregister();

	call->perf_events = NULL;
	free_percpu(heads);
	perf_scratch_put();
}

static int perf_call_open(struct trace_event_call *call,
			  struct perf_event *p_event)
{
	int ret;

	ret = perf_call_permitted(call, p_event);
	if (ret)
		return ret;

	p_event->tp_event = call;
	ret = perf_call_register(call);
	if (ret)
		return ret;

	ret = call->class->reg(call, TRACE_REG_PERF_OPEN, p_event);
	if (ret)
		perf_call_unregister(call);
	return ret;
}

/* The registered event whose record type is @id, or NULL. */
static struct trace_event_call *perf_find_call(u64 id)
{
	struct trace_event_call *call;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(call, &ftrace_events, list) {
		if (call->event.type == id && call->class && call->class->reg)
			return call;
	}
	return NULL;
}

/**
 * perf_trace_init - open a tracepoint perf event
 * @p_event: the perf event; its attr.config is the event's id
 *
 * Return: 0, -EINVAL when no event has that id (or its module is going),
 * -EPERM (or a security module's error) when raw records are not allowed,
 * -ENOMEM, or what the event's class says.
 */
int perf_trace_init(struct perf_event *p_event)
{
	struct trace_event_call *call;
	int ret = -EINVAL;

	mutex_lock(&event_mutex);
	call = perf_find_call(p_event->attr.config);
	if (call && perf_call_hold(call)) {
		ret = perf_call_open(call, p_event);
		if (ret)
			perf_call_release(call);
	}
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * perf_trace_destroy - undo perf_trace_init()
 * @p_event: the perf event, off every CPU's list by now
 */
void perf_trace_destroy(struct perf_event *p_event)
{
	struct trace_event_call *call = p_event->tp_event;

	mutex_lock(&event_mutex);
	call->class->reg(call, TRACE_REG_PERF_CLOSE, p_event);
	perf_call_unregister(call);
	perf_call_release(call);
	mutex_unlock(&event_mutex);
}

/**
 * perf_trace_add - schedule a tracepoint perf event in on this CPU
 * @p_event: the perf event
 * @flags: PERF_EF_START to count at once, else it stays stopped
 *
 * Called by perf with interrupts off.  Unless the class does it itself,
 * the event goes on this CPU's list, which the perf probe walks.
 *
 * Return: 0, or -EINVAL if the event call is not registered with perf.
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;
	struct hw_perf_event *hwc = &p_event->hw;

	hwc->state = (flags & PERF_EF_START) ? 0 : PERF_HES_STOPPED;
	if (is_sampling_event(p_event)) {
		hwc->last_period = hwc->sample_period;
		perf_swevent_set_period(p_event);
	}

	if (call->class->reg(call, TRACE_REG_PERF_ADD, p_event))
		return 0;
	if (WARN_ON_ONCE(!call->perf_events))
		return -EINVAL;
	hlist_add_head_rcu(&p_event->hlist_entry, this_cpu_ptr(call->perf_events));
	return 0;
}

/**
 * perf_trace_del - schedule a tracepoint perf event out
 * @p_event: the perf event
 * @flags: unused
 */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	struct trace_event_call *call = p_event->tp_event;

	if (!call->class->reg(call, TRACE_REG_PERF_DEL, p_event))
		hlist_del_rcu(&p_event->hlist_entry);
}

/**
 * perf_trace_buf_alloc - a scratch record for a perf probe
 * @size: bytes of record, trace_entry included; the probe pads it so that
 *        it plus perf's u32 size word is a multiple of 8
 * @regs: if not NULL, set to pt_regs scratch space of the same context
 * @rctxp: set to the recursion context, which perf_tp_event() (or
 *         perf_swevent_put_recursion_context()) gives back
 *
 * Runs with preemption off (in a tracepoint).  The record is this CPU's
 * for the current context; its last 8 bytes are zeroed so that padding
 * carries nothing of an older record to user space.
 *
 * Return: the record, or NULL when @size is too large or the context is
 * already tracing (recursion).
 */
void *perf_trace_buf_alloc(int size, struct pt_regs **regs, int *rctxp)
{
	struct perf_trace_scratch __percpu *pcpu;
	char *rec;
	int rctx;

	if (WARN_ONCE(size > PERF_MAX_TRACE_SIZE || size < (int)sizeof(u64),
		      "perf trace record of %d bytes (at most %d)\n",
		      size, PERF_MAX_TRACE_SIZE))
		return NULL;

	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return NULL;

	pcpu = perf_scratch[rctx];
	if (unlikely(!pcpu)) {
		/* No event call registered: no probe should be here. */
		perf_swevent_put_recursion_context(rctx);
		return NULL;
	}
	*rctxp = rctx;
	if (regs)
		*regs = this_cpu_ptr(&__perf_regs[rctx]);

	rec = (char *)this_cpu_ptr(pcpu);
	memset(rec + size - sizeof(u64), 0, sizeof(u64));
	return rec;
}
EXPORT_SYMBOL_GPL(perf_trace_buf_alloc);
NOKPROBE_SYMBOL(perf_trace_buf_alloc);

/**
 * perf_trace_buf_update - fill in the common fields of a perf record
 * @record: the record, starting with its trace_entry
 * @type: the event's id
 *
 * Called by perf_tp_event() for every record it delivers.
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}
NOKPROBE_SYMBOL(perf_trace_buf_update);

/*
 * Event filters ("perf record --filter", PERF_EVENT_IOC_SET_FILTER).  A
 * perf event takes the same expressions as events/.../filter, compiled by
 * trace_filter_create() for the event's fields.  The filter hangs on the
 * perf event (event->filter), set once: perf core asks filter_match_preds()
 * before it delivers a record to an event that has one (a child event uses
 * its parent's).  It is freed with the event, after the RCU grace period
 * that perf core waits before freeing any event, so no CPU can still be
 * running it.
 */

/**
 * ftrace_profile_set_filter - set a filter on a tracepoint perf event
 * @event: the perf event
 * @event_id: its event's id (perf's attr.config; @event->tp_event says it)
 * @filter_str: the filter expression, NUL-terminated
 *
 * Called by perf core for PERF_EVENT_IOC_SET_FILTER, without perf's
 * context mutex.  The event may already be counting: the filter is
 * published whole, after it is built.
 *
 * Return: 0; -EINVAL when the event has no trace event or the expression
 * does not parse for its fields (no error_log entry: there is no trace
 * array to log in); -EEXIST when the event already has a filter; -ENOMEM.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	struct trace_event_call *call = event->tp_event;
	struct event_filter *filter = NULL;
	int err;

	if (!call)
		return -EINVAL;

	mutex_lock(&event_mutex);
	if (event->filter) {
		err = -EEXIST;
		goto out;
	}
	err = trace_filter_create(NULL, call, filter_str, &filter);
	if (err) {
		if (filter)
			trace_filter_free(filter);
		goto out;
	}
	/* perf_tp_filter_match() reads it without a lock: publish it built. */
	smp_store_release(&event->filter, filter);
out:
	mutex_unlock(&event_mutex);
	return err;
}

/**
 * ftrace_profile_free_filter - free a perf event's filter
 * @event: the perf event, which no CPU sees any more
 *
 * Called by perf core as it frees the event, from an RCU callback: after
 * a grace period, so the filter is freed at once.
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
	struct event_filter *filter = event->filter;

	event->filter = NULL;
	if (filter)
		trace_filter_free(filter);
}

/**
 * filter_match_preds - does a record pass a filter?
 * @filter: the filter of a perf event
 * @rec: the record, starting with its trace_entry
 *
 * Called by perf core for every record bound for an event with a filter,
 * in the tracepoint's context (any, NMI included).
 *
 * Return: 1 when the record passes, 0 when the filter rejects it.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	return trace_filter_match(filter, rec);
}
