/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_RECURSION_H
#define _LINUX_TRACE_RECURSION_H

/*
 * Recursion protection for function-tracing callbacks.
 *
 * A callback of the function tracer may itself call a traced function
 * (through a helper it does not own, a lock, a printk), which would call
 * the callback again, and so on until the stack overflows.  A callback
 * therefore marks itself busy in the current task for the interrupt level
 * it runs at (task, softirq, hardirq, NMI), and gives up when it finds the
 * mark already set at its level: an interrupt of a higher level still gets
 * through, since it has a mark of its own.
 *
 * One case looks like recursion and is not: an interrupt that arrives and
 * is traced before preempt_count() says it is an interrupt runs at the
 * level of what it interrupted.  A spare mark (the "transit" one) lets a
 * single such call through each level; a second at the same level is
 * refused.
 *
 * The marks live in task_struct::trace_recursion.  Each user has a byte of
 * its own (the multi-callback dispatcher, and the callbacks), so that a
 * callback the dispatcher runs is not mistaken for a recursion of the
 * dispatcher.
 */

#include <linux/preempt.h>
#include <linux/sched.h>

#ifdef CONFIG_TRACING

/* Which byte of trace_recursion a user's marks are in. */
enum trace_recursion_user {
	TRACE_RECURSION_FTRACE	= 0,	/* ftrace_test_recursion_trylock() */
	TRACE_RECURSION_LIST	= 8,	/* the dispatcher of several callbacks */
};

/* Bits 0-3 of a user's byte: one per interrupt level; bit 4: transit. */
#define TRACE_RECURSION_TRANSIT	4

/*
 * trace_recursion_enter - mark the current level busy for @user
 *
 * Returns the bit taken (to hand to trace_recursion_exit()), or -1 when
 * the level is busy already, i.e. this is a recursion.  On success,
 * preemption is disabled until the exit, so that the CPU and the task
 * stay the same.
 */
static __always_inline int trace_recursion_enter(enum trace_recursion_user user)
{
	unsigned long marks = READ_ONCE(current->trace_recursion);
	int bit = user + interrupt_context_level();

	if (unlikely(marks & BIT(bit))) {
		bit = user + TRACE_RECURSION_TRANSIT;
		if (marks & BIT(bit))
			return -1;
	}
	WRITE_ONCE(current->trace_recursion, marks | BIT(bit));
	/* An interrupt arriving from here on must see the mark. */
	barrier();
	preempt_disable_notrace();
	return bit;
}

/* Undo a successful trace_recursion_enter(). */
static __always_inline void trace_recursion_exit(int bit)
{
	preempt_enable_notrace();
	barrier();
	WRITE_ONCE(current->trace_recursion,
		   READ_ONCE(current->trace_recursion) & ~BIT(bit));
}

/**
 * ftrace_test_recursion_trylock - guard a function-tracing callback
 * @ip: the traced function's call site
 * @parent_ip: where it was called from
 *
 * Call first in a callback that may end up calling a traced function.
 * Disables preemption on success.
 *
 * Return: a bit to give to ftrace_test_recursion_unlock(), or -1 when the
 * callback is already running at this interrupt level (leave at once).
 */
static __always_inline int ftrace_test_recursion_trylock(unsigned long ip,
							 unsigned long parent_ip)
{
	return trace_recursion_enter(TRACE_RECURSION_FTRACE);
}

/**
 * ftrace_test_recursion_unlock - end the guarded part of a callback
 * @bit: what ftrace_test_recursion_trylock() returned (not -1)
 */
static __always_inline void ftrace_test_recursion_unlock(int bit)
{
	trace_recursion_exit(bit);
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_RECURSION_H */
