// SPDX-License-Identifier: GPL-2.0
/*
 * Function-tracing dispatch: the list of registered ftrace_ops and the
 * entry the trampolines call for them.
 *
 * The trampolines (arch/x86/kernel/ftrace_64.S) call the entry of one
 * ftrace_ops, ftrace_dispatch_op:
 *
 *  - no ops registered (or ftrace_enabled 0): stub_ops, which does nothing;
 *  - one ops: that ops itself, so a traced call costs the trampoline and
 *    the callback and nothing more;
 *  - several: list_ops, whose entry walks the registered ops and calls
 *    each one that traces the function (arch_ftrace_ops_list_func()).
 *
 * A site is patched to call a trampoline exactly when some registered ops
 * traces its function (ftrace_regs_caller when one of them wants a full
 * pt_regs), and back to the NOP when none does.  So with one ops, every
 * call that reaches the trampoline is one that ops wants.  While the set
 * of ops or of their functions changes, the dispatcher is list_ops, which
 * checks every ops against the site: during the patching a site may still
 * call, or already call, the trampoline without its ops wanting it.
 *
 * Nor may the one ops be called directly while a call made before the
 * change can still be on its way: a task preempted (or interrupted) after
 * a site's call and before the trampoline reads ftrace_dispatch_op would
 * bring the remaining ops a function that another ops, now gone, or its
 * own old filter asked for.  So a change that may strand such a call
 * (any but a registration: the sites it patches call for the new ops) keeps
 * list_ops in place until every such call is over: a worker waits for
 * every CPU to schedule and every task to pass a voluntary switch (RCU
 * tasks, rude and plain), and only then, if nothing changed meanwhile,
 * lets the one ops be called directly (dispatch_wait_fn()).  A call that
 * had already read ftrace_dispatch_op goes to the ops it read, as before
 * the change; only the one ops's own filter may have shrunk under it.
 *
 * Why a walk of the list, not a trampoline per ops: the common cases are
 * one ops (the function tracer, or a kprobe), served directly, and several
 * ops on few functions, where the walk is short; a trampoline per ops
 * would need executable memory allocated, patched and freed for every
 * registration, for a gain only when several ops trace disjoint sets of
 * many functions.
 *
 * The dispatcher and the callbacks run with the traced function's
 * registers saved and nothing else known: any context, NMI included,
 * RCU perhaps not watching.  The list of ops and their sets are only read
 * there, with preemption disabled; they are changed under ftrace_lock by
 * publishing new versions, and an unregistered ops that may be freed
 * (FTRACE_OPS_FL_DYNAMIC) is waited out: every CPU must schedule (it is
 * then out of every callback) and every task must pass a voluntary switch
 * (none is then preempted inside a trampoline, about to call it).
 */

#include <linux/kprobes.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_wait.h>
#include <linux/workqueue.h>

#include "ftrace_internal.h"

int ftrace_enabled __read_mostly = 1;
bool ftrace_dead;

/* The registered ops, walked by the dispatcher (RCU-sched). */
LIST_HEAD(ftrace_ops_list);
unsigned int ftrace_ops_nr;

/**
 * ftrace_stub - the callback that does nothing
 * @ip: unused
 * @parent_ip: unused
 * @op: unused
 * @fregs: unused
 */
void ftrace_stub(unsigned long ip, unsigned long parent_ip,
		 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
}
EXPORT_SYMBOL_GPL(ftrace_stub);

static struct ftrace_ops stub_ops = {
	.entry	= ftrace_stub,
	.func	= ftrace_stub,
	.flags	= FTRACE_OPS_FL_STUB,
};

static struct ftrace_ops list_ops = {
	.entry	= arch_ftrace_ops_list_func,
	.func	= arch_ftrace_ops_list_func,
	.flags	= FTRACE_OPS_FL_STUB,
};

/* Read by the trampolines on every traced call. */
struct ftrace_ops *ftrace_dispatch_op __read_mostly = &stub_ops;

/**
 * arch_ftrace_ops_list_func - the dispatcher of several ops
 * @ip: the traced function's call site
 * @parent_ip: its caller
 * @unused: list_ops
 * @fregs: the saved registers
 *
 * Calls every registered ops that traces @ip.  An ops that wants a full
 * pt_regs is skipped at a site that does not save them yet (it is being
 * moved to ftrace_regs_caller).
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *unused, struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;
	int bit;

	bit = trace_recursion_enter(TRACE_RECURSION_LIST);
	if (bit < 0)
		return;
	list_for_each_entry_rcu(op, &ftrace_ops_list, list, true) {
		if (!ftrace_ops_traces(op, ip))
			continue;
		if ((op->flags & FTRACE_OPS_FL_SAVE_REGS) && !ftrace_get_regs(fregs))
			continue;
		op->entry(ip, parent_ip, op, fregs);
	}
	trace_recursion_exit(bit);
}

/* The entry of an ops that asked for the core's recursion or RCU checks. */
static void ops_guarded_entry(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	int bit = -1;

	if ((op->flags & FTRACE_OPS_FL_RCU) && !rcu_is_watching())
		return;
	if (op->flags & FTRACE_OPS_FL_RECURSION) {
		bit = ftrace_test_recursion_trylock(ip, parent_ip);
		if (bit < 0)
			return;
	}
	op->func(ip, parent_ip, op, fregs);
	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
}

/*
 * Calls that may be on their way from before a change (see the top):
 * dispatch_stranded is set while some may be, dispatch_gen counts the
 * changes that may have stranded one.  Both under ftrace_lock.
 */
static bool dispatch_stranded;
static unsigned long dispatch_gen;

/**
 * ftrace_dispatch_settle - point the trampolines at what the registered
 *	ops call for
 *
 * The stub with no ops, the one ops itself when no call may be stranded,
 * else the walk.  Context: ftrace_lock held.
 */
void ftrace_dispatch_settle(void)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_dead || !ftrace_enabled || !ftrace_ops_nr)
		op = &stub_ops;
	else if (ftrace_ops_nr == 1 && !dispatch_stranded)
		op = list_first_entry(&ftrace_ops_list, struct ftrace_ops, list);
	else
		op = &list_ops;
	/* The ops's entry was set before: publish it with the pointer. */
	smp_store_release(&ftrace_dispatch_op, op);
}

static void dispatch_wait_fn(struct work_struct *work)
{
	unsigned long gen;

	mutex_lock(&ftrace_lock);
	gen = dispatch_gen;
	mutex_unlock(&ftrace_lock);
	/* Every CPU schedules: none is inside a trampoline it entered before. */
	synchronize_rcu_tasks_rude();
	/* No task is preempted inside one either. */
	synchronize_rcu_tasks();
	mutex_lock(&ftrace_lock);
	/* A later change queued this work again: that run settles. */
	if (gen == dispatch_gen) {
		dispatch_stranded = false;
		ftrace_dispatch_settle();
	}
	mutex_unlock(&ftrace_lock);
}

static DECLARE_WORK(dispatch_wait_work, dispatch_wait_fn);

/**
 * ftrace_dispatch_transition - make the trampolines walk the list while
 *	the ops or the sites change
 * @strands: the change may leave calls on their way that the ops called
 *	directly after it would not want (anything but adding an ops)
 *
 * Context: ftrace_lock held.
 */
void ftrace_dispatch_transition(bool strands)
{
	lockdep_assert_held(&ftrace_lock);
	if (ftrace_dead)
		return;
	/* Ordered before the list and site changes that follow. */
	smp_store_release(&ftrace_dispatch_op, &list_ops);
	/* Before the scheduler runs, the task changing things is the only one. */
	if (!strands || system_state < SYSTEM_SCHEDULING)
		return;
	dispatch_gen++;
	dispatch_stranded = true;
	queue_work(system_unbound_wq, &dispatch_wait_work);
}

/**
 * ftrace_dispatch_add - put an ops on the list the dispatcher walks
 * @ops: the ops, checked and not registered
 *
 * The trampolines walk the list from now until ftrace_dispatch_settle().
 * Context: ftrace_lock held.
 */
void ftrace_dispatch_add(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	if (ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU))
		ops->entry = ops_guarded_entry;
	else
		ops->entry = ops->func;
	ftrace_dispatch_transition(false);
	/* list_add_tail_rcu() publishes the entry set above with the ops. */
	list_add_tail_rcu(&ops->list, &ftrace_ops_list);
	ftrace_ops_nr++;
}

/**
 * ftrace_dispatch_del - take an ops off the dispatcher's list
 * @ops: a registered ops
 *
 * A call on its way may still reach @ops until the caller waits it out.
 * Context: ftrace_lock held.
 */
void ftrace_dispatch_del(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	ftrace_dispatch_transition(true);
	list_del_rcu(&ops->list);
	ftrace_ops_nr--;
}

/**
 * ftrace_kill - stop function tracing for good
 *
 * For when a call site was found in a state the core did not leave it in:
 * nothing is patched any more, the trampolines call a stub, and every
 * registration fails.  Context: ftrace_lock held (the patching found the
 * site); the dispatcher's worker settles under that lock too, so it never
 * brings an ops back after the stub.
 */
void ftrace_kill(void)
{
	WRITE_ONCE(ftrace_dead, true);
	WRITE_ONCE(ftrace_enabled, 0);
	WRITE_ONCE(ftrace_dispatch_op, &stub_ops);
	kprobe_ftrace_kill();
}
