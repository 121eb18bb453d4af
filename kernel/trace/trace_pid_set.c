// SPDX-License-Identifier: GPL-2.0
/*
 * Pid sets: the data structure behind set_event_pid and
 * set_event_notrace_pid.
 *
 * A set is a row of page-sized bitmaps, one per PID_SET_SPAN consecutive
 * pids, each allocated when the first pid of its range is added, so a set
 * of a few pids costs a page or two whatever their values.  Lookups are a
 * load and a bit test, safe against a concurrent add or delete; adds may
 * race each other (the event-fork probe adds from several CPUs at once).
 * Replacing a set that readers use is the caller's business (RCU, in
 * trace_events_ctl.c).
 *
 * This file holds only the set: no tracefs file, no trace array, no
 * locking of its own.  Its users are the pid filter of event tracing
 * (trace_events_ctl.c) and its KUnit test (trace_pid_set_kunit.c).
 */

#include <kunit/visibility.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/threads.h>

#include "trace.h"


/*
 * A set of pids is a row of page-sized bitmaps, one per PID_SET_SPAN
 * consecutive pids, each allocated when the first pid of its range is
 * added.  Any pid the kernel can hand out (below PID_MAX_LIMIT, even after
 * pid_max is raised) fits.  Lookups are a load and a bit test.
 */
#define PID_SET_SPAN	(PAGE_SIZE * BITS_PER_BYTE)
#define PID_SET_PAGES	DIV_ROUND_UP(PID_MAX_LIMIT, PID_SET_SPAN)

struct trace_pid_list {
	unsigned long	*bits[PID_SET_PAGES];
};

/**
 * pid_set_free - free a pid set and its bitmaps
 * @set: the set, or NULL
 */
void pid_set_free(struct trace_pid_list *set)
{
	int i;

	if (!set)
		return;
	for (i = 0; i < PID_SET_PAGES; i++)
		free_page((unsigned long)set->bits[i]);
	kfree(set);
}
EXPORT_SYMBOL_IF_KUNIT(pid_set_free);

/**
 * pid_set_has - is a pid in a set
 * @set: the set
 * @pid: the pid; any value, those past PID_MAX_LIMIT are never in a set
 *
 * Context: any; no lock is needed against pid_set_add() or pid_set_del().
 *
 * Return: true when @pid is in @set.
 */
bool pid_set_has(struct trace_pid_list *set, unsigned int pid)
{
	unsigned long *bits;

	if (pid >= PID_MAX_LIMIT)
		return false;
	bits = READ_ONCE(set->bits[pid / PID_SET_SPAN]);
	return bits && test_bit(pid % PID_SET_SPAN, bits);
}
EXPORT_SYMBOL_IF_KUNIT(pid_set_has);

/**
 * pid_set_add - add a pid to a set
 * @set: the set
 * @pid: the pid
 * @gfp: how to allocate the bitmap of @pid's range if it has none yet
 *
 * The event-fork probe adds to a live set, possibly on several CPUs at
 * once: a missing bitmap is installed with cmpxchg and the loser frees
 * its page.  Bitmaps stay until the set is freed.
 *
 * Context: any that @gfp allows.
 *
 * Return: 0, -EINVAL for a pid of PID_MAX_LIMIT or more, -ENOMEM.
 */
int pid_set_add(struct trace_pid_list *set, unsigned int pid, gfp_t gfp)
{
	unsigned long **slot, *bits, *fresh;

	if (pid >= PID_MAX_LIMIT)
		return -EINVAL;
	slot = &set->bits[pid / PID_SET_SPAN];
	bits = READ_ONCE(*slot);
	if (!bits) {
		fresh = (unsigned long *)get_zeroed_page(gfp);
		if (!fresh)
			return -ENOMEM;
		bits = cmpxchg(slot, NULL, fresh);
		if (bits)
			free_page((unsigned long)fresh);
		else
			bits = fresh;
	}
	set_bit(pid % PID_SET_SPAN, bits);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(pid_set_add);

/**
 * pid_set_del - remove a pid from a set
 * @set: the set
 * @pid: the pid; one that is not in the set is ignored
 *
 * Context: any; the pid's bitmap stays, empty or not.
 */
void pid_set_del(struct trace_pid_list *set, unsigned int pid)
{
	unsigned long *bits;

	if (pid >= PID_MAX_LIMIT)
		return;
	bits = READ_ONCE(set->bits[pid / PID_SET_SPAN]);
	if (bits)
		clear_bit(pid % PID_SET_SPAN, bits);
}
EXPORT_SYMBOL_IF_KUNIT(pid_set_del);

/**
 * pid_set_fork - a child joins a set its parent is in
 * @set: a live set, or NULL
 * @parent: the forking task
 * @child: the new task
 *
 * For the "-fork" options of the pid filters.
 * Context: a sched_process_fork probe (RCU-sched).
 */
void pid_set_fork(struct trace_pid_list *set, struct task_struct *parent,
		  struct task_struct *child)
{
	if (set && pid_set_has(set, parent->pid))
		pid_set_add(set, child->pid, GFP_NOWAIT);
}

/**
 * pid_set_gone - a task that is freed leaves a set
 * @set: a live set, or NULL
 * @task: the task
 *
 * Context: a sched_process_free probe (RCU-sched).
 */
void pid_set_gone(struct trace_pid_list *set, struct task_struct *task)
{
	if (set)
		pid_set_del(set, task->pid);
}

/**
 * pid_set_next - the smallest pid of a set from a given one on
 * @set: the set
 * @from: the first pid to look at
 *
 * Return: the smallest pid of @set that is @from or more; -1 when none is.
 */
long pid_set_next(struct trace_pid_list *set, unsigned long from)
{
	unsigned long base, bit, *bits;

	for (; from < PID_MAX_LIMIT; from = base + PID_SET_SPAN) {
		base = from - from % PID_SET_SPAN;
		bits = READ_ONCE(set->bits[from / PID_SET_SPAN]);
		if (!bits)
			continue;
		bit = find_next_bit(bits, PID_SET_SPAN, from - base);
		if (bit < PID_SET_SPAN)
			return base + bit;
	}
	return -1;
}
EXPORT_SYMBOL_IF_KUNIT(pid_set_next);

/**
 * pid_set_copy - a private copy of a set, for a writer to extend
 * @set: the set, or NULL
 *
 * Context: process (allocates with GFP_KERNEL).
 *
 * Return: a copy of @set (a new empty set for NULL), or NULL without
 * memory.  Free it with pid_set_free().
 */
struct trace_pid_list *pid_set_copy(struct trace_pid_list *set)
{
	struct trace_pid_list *copy = kzalloc(sizeof(*copy), GFP_KERNEL);
	unsigned long *from, *to;
	int i, w;

	if (!copy || !set)
		return copy;
	for (i = 0; i < PID_SET_PAGES; i++) {
		from = READ_ONCE(set->bits[i]);
		if (!from)
			continue;
		to = (unsigned long *)__get_free_page(GFP_KERNEL);
		if (!to) {
			pid_set_free(copy);
			return NULL;
		}
		/* Word by word: fork and exit may flip bits meanwhile. */
		for (w = 0; w < BITS_TO_LONGS(PID_SET_SPAN); w++)
			to[w] = READ_ONCE(from[w]);
		copy->bits[i] = to;
	}
	return copy;
}
EXPORT_SYMBOL_IF_KUNIT(pid_set_copy);
