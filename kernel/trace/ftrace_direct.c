// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: a function's call site calls a trampoline of the user's
 * own rather than the function tracer's.
 *
 * A direct ops is an ftrace_ops like any other, made so by
 * register_ftrace_direct(): its filter names the functions, ->direct_call
 * the trampoline, FTRACE_OPS_FL_DIRECT says what it is and
 * FTRACE_OPS_FL_SAVE_REGS puts it on ftrace_regs_caller wherever it is
 * not alone.  ftrace_ops.c does the rest:
 *
 *  - a site that the direct ops alone traces is patched to call
 *    ->direct_call, so a call costs the trampoline and nothing of ours;
 *  - a site that other ops trace too calls ftrace_regs_caller, which runs
 *    every ops's callback; the direct ops's, direct_entry() below, leaves
 *    the trampoline's address in the saved registers
 *    (arch_ftrace_set_direct_caller()), and ftrace_regs_caller, having
 *    restored the registers, enters that trampoline instead of going back
 *    to the function: for the trampoline, as if the site had called it.
 *
 * A site takes one direct trampoline at most: a second direct ops on a
 * function is refused.  Moving to another trampoline
 * (modify_ftrace_direct()) sends the sites through ftrace_regs_caller
 * while ->direct_call changes, so each call enters the old or the new
 * trampoline.  Everything runs under ftrace_lock; the callback reads
 * ->direct_call once, with no lock.
 */

#include <linux/ftrace.h>

#include "ftrace_internal.h"

/* What a direct ops is made of, besides its trampoline. */
#define DIRECT_FLAGS	(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS)

/*
 * The callback of every direct ops, called from ftrace_regs_caller at a
 * site other ops trace too: enter the ops's trampoline on the way out.
 */
static void direct_entry(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	unsigned long addr = READ_ONCE(ops->direct_call);

	if (addr)
		arch_ftrace_set_direct_caller(fregs, addr);
}

/* Is @ops a registered direct ops? */
static bool direct_registered(struct ftrace_ops *ops)
{
	return (ops->flags & (DIRECT_FLAGS | FTRACE_OPS_FL_ENABLED)) ==
	       (DIRECT_FLAGS | FTRACE_OPS_FL_ENABLED);
}

/**
 * register_ftrace_direct - make the call sites of @ops's functions call @addr
 * @ops: an ops not registered, with no callback of its own; its filter
 *	(ftrace_set_filter_ip() and friends) names the functions
 * @addr: the trampoline
 *
 * @addr is entered as the traced function's first instruction would have
 * called it: the arguments in their registers, the address after the call
 * site at the top of the stack.  It must keep what the function's entry
 * needs and return there.  @ops must stay registered while the code of
 * @addr may be freed (a module's: unregister it before).
 *
 * Context: process; may sleep.
 * Return: 0; -EINVAL when @ops is registered, has a callback or an empty
 * filter, or @addr is 0; -EBUSY when another direct ops has one of its
 * functions; -ENODEV when function tracing was stopped for good.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_ip_set *filter;
	int ret;

	if (!addr)
		return -EINVAL;
	mutex_lock(&ftrace_lock);
	filter = ftrace_ops_set(ops, FTRACE_SET_FILTER);
	if (ops->func || ops->trampoline ||
	    (ops->flags & FTRACE_OPS_FL_ENABLED) || !filter || !filter->count) {
		ret = -EINVAL;
		goto out;
	}
	ops->func = direct_entry;
	ops->direct_call = addr;
	ops->flags |= DIRECT_FLAGS;
	ret = ftrace_ops_register_locked(ops);
	if (ret) {
		ops->func = NULL;
		ops->direct_call = 0;
		ops->flags &= ~DIRECT_FLAGS;
	}
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct - give @ops's call sites back
 * @ops: a direct ops (register_ftrace_direct())
 * @addr: its trampoline (for the caller's bookkeeping; not checked)
 * @free_filters: forget @ops's filter and notrace sets too
 *
 * Returns once no CPU can be entering the trampoline (as
 * unregister_ftrace_function() does for an ops outside the kernel's
 * data).  @ops may be registered again afterwards.
 *
 * Context: process; may sleep.
 * Return: 0, or -EINVAL when @ops is not a registered direct ops.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = direct_registered(ops) ? 0 : -EINVAL;
	mutex_unlock(&ftrace_lock);
	if (ret)
		return ret;

	ret = unregister_ftrace_function(ops);
	if (ret)
		return -EINVAL;
	mutex_lock(&ftrace_lock);
	ops->func = NULL;
	ops->trampoline = 0;
	ops->flags &= ~DIRECT_FLAGS;
	mutex_unlock(&ftrace_lock);
	if (free_filters)
		ftrace_free_filter(ops);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/**
 * modify_ftrace_direct_nolock - move a direct ops to another trampoline
 * @ops: a registered direct ops
 * @addr: the new trampoline
 *
 * The same as modify_ftrace_direct(); the name is upstream's for callers
 * that hold their own lock around their direct ops (ftrace_lock is taken
 * here as always).
 *
 * Context: process; may sleep.
 * Return: as modify_ftrace_direct().
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	int ret = -EINVAL;

	if (!addr)
		return -EINVAL;
	mutex_lock(&ftrace_lock);
	if (direct_registered(ops)) {
		ret = 0;
		if (READ_ONCE(ops->direct_call) != addr)
			ftrace_ops_direct_move(ops, addr);
	}
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

/**
 * modify_ftrace_direct - move a direct ops to another trampoline
 * @ops: a registered direct ops
 * @addr: the new trampoline
 *
 * On a live system: every call of a function of @ops enters either the
 * old trampoline or @addr, never neither.  A CPU may still be entering
 * the old one when this returns; it must stay valid until @ops is
 * unregistered.
 *
 * Context: process; may sleep.
 * Return: 0, or -EINVAL when @ops is not a registered direct ops or
 * @addr is 0.
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	return modify_ftrace_direct_nolock(ops, addr);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);
