// SPDX-License-Identifier: GPL-2.0
/*
 * Function-tracing callbacks: the registered ftrace_ops, which call site
 * calls which trampoline, and the dispatcher the trampolines call.
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

#include <linux/hashtable.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_wait.h>
#include <linux/slab.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include <asm/sections.h>

#include "ftrace_internal.h"

int ftrace_enabled __read_mostly = 1;
bool ftrace_dead;

/* The registered ops, walked by the dispatcher (RCU-sched). */
static LIST_HEAD(ops_list);
static unsigned int ops_count;

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

/* The ops of the top-level function tracer (ftrace_set_global_filter()). */
struct ftrace_ops ftrace_global_ops;

/* Does @op trace the function at @ip?  Context: any. */
static __always_inline bool ops_traces(struct ftrace_ops *op, unsigned long ip)
{
	struct ftrace_ip_set *set;

	if (op->flags & FTRACE_OPS_FL_STUB)
		return false;
	set = rcu_dereference_raw(op->filter_set);
	if (set && set->count && !ftrace_ip_set_has(set, ip))
		return false;
	set = rcu_dereference_raw(op->notrace_set);
	return !set || !set->count || !ftrace_ip_set_has(set, ip);
}

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
	list_for_each_entry_rcu(op, &ops_list, list, true) {
		if (!ops_traces(op, ip))
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

/* Set the dispatcher to what the registered ops call for. */
static void dispatch_settle(void)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_dead || !ftrace_enabled || !ops_count)
		op = &stub_ops;
	else if (ops_count == 1 && !dispatch_stranded)
		op = list_first_entry(&ops_list, struct ftrace_ops, list);
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
		dispatch_settle();
	}
	mutex_unlock(&ftrace_lock);
}

static DECLARE_WORK(dispatch_wait_work, dispatch_wait_fn);

/*
 * Let list_ops check every call while the sites change.  @strands: the
 * change may leave calls on their way that the ops called directly after
 * it would not want (anything but adding an ops).
 */
static void dispatch_transition(bool strands)
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

/* ------------------------------------------------------------------ */
/* Direct sites                                                        */

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * A site that a direct ops (FTRACE_OPS_FL_DIRECT, ftrace_direct.c) traces
 * alone calls that ops's trampoline, ->direct_call, rather than one of
 * ours.  A site it shares with other ops calls ftrace_regs_caller, where
 * the ops's callback names the trampoline to enter on the way out.
 *
 * The site table has no room for the address a direct site calls: it is
 * kept here, one entry per site that is direct or was, so that a site is
 * checked against what it should hold before it is patched again.  Only
 * under ftrace_lock.
 */
struct direct_site {
	struct hlist_node	node;
	unsigned long		ip;
	unsigned long		addr;
};

static DEFINE_HASHTABLE(direct_sites, 6);

/* The direct ops whose sites go through ftrace_regs_caller for a while. */
static struct ftrace_ops *direct_moving;

static struct direct_site *direct_site_find(unsigned long ip)
{
	struct direct_site *d;

	hash_for_each_possible(direct_sites, d, node, ip)
		if (d->ip == ip)
			return d;
	return NULL;
}

/* The trampoline the direct site at @ip calls. */
static unsigned long direct_site_addr(unsigned long ip)
{
	struct direct_site *d = direct_site_find(ip);

	return d ? d->addr : 0;
}

/* Note that the site at @ip is to call @addr.  Return: 0 or -ENOMEM. */
static int direct_site_note(unsigned long ip, unsigned long addr)
{
	struct direct_site *d = direct_site_find(ip);

	if (!d) {
		d = kmalloc(sizeof(*d), GFP_KERNEL);
		if (!d)
			return -ENOMEM;
		d->ip = ip;
		hash_add(direct_sites, &d->node, ip);
	}
	d->addr = addr;
	return 0;
}

/* The site at @ip calls no direct trampoline any more. */
static void direct_site_forget(unsigned long ip)
{
	struct direct_site *d = direct_site_find(ip);

	if (d) {
		hash_del(&d->node);
		kfree(d);
	}
}

/*
 * What a site that @op alone traces calls: its trampoline for a direct
 * ops, or 0 for ours (any other ops, or a direct ops being moved).
 */
static unsigned long direct_solo_addr(struct ftrace_ops *op)
{
	if (!(op->flags & FTRACE_OPS_FL_DIRECT) || op == direct_moving)
		return 0;
	return READ_ONCE(op->direct_call);
}

/*
 * Would @ops, a direct ops, share a function with another direct ops?  A
 * site enters one direct trampoline at most.  Context: ftrace_lock held.
 */
static bool direct_conflict(struct ftrace_ops *ops)
{
	struct ftrace_ip_set *set = ftrace_ops_set(ops, FTRACE_SET_FILTER);
	struct ftrace_ops *op;
	unsigned long ip;
	unsigned int i;

	if (!(ops->flags & FTRACE_OPS_FL_DIRECT))
		return false;
	list_for_each_entry(op, &ops_list, list) {
		if (op == ops || !(op->flags & FTRACE_OPS_FL_DIRECT))
			continue;
		if (!set || !set->count)
			return true;
		for (i = 0; (i = ftrace_ip_set_next(set, i, &ip)); )
			if (ops_traces(ops, ip) && ops_traces(op, ip))
				return true;
	}
	return false;
}
#else
static unsigned long direct_site_addr(unsigned long ip)
{
	return 0;
}

static int direct_site_note(unsigned long ip, unsigned long addr)
{
	return -ENOMEM;
}

static void direct_site_forget(unsigned long ip)
{
}

static unsigned long direct_solo_addr(struct ftrace_ops *op)
{
	return 0;
}

static bool direct_conflict(struct ftrace_ops *ops)
{
	return false;
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/* ------------------------------------------------------------------ */
/* The sites                                                           */

/* What the site @s calls, or is to call, in the state @flags (0: the NOP). */
static unsigned long site_target(struct ftrace_site *s, unsigned int flags)
{
	if (flags & FTRACE_SITE_DIRECT)
		return direct_site_addr(s->ip);
	if (flags & FTRACE_SITE_REGS)
		return (unsigned long)ftrace_regs_caller;
	if (flags & FTRACE_SITE_CALL)
		return (unsigned long)ftrace_caller;
	return 0;
}

/* A site held what it should not: leave it, and stop function tracing. */
static void site_failed(struct ftrace_site *s, unsigned long from, int err)
{
	u8 have[MCOUNT_INSN_SIZE] = {};

	s->flags |= FTRACE_SITE_BROKEN;
	if (copy_from_kernel_nofault(have, (void *)s->ip, sizeof(have)))
		err = -EFAULT;
	pr_err("ftrace: call site %pS (%lx) holds %*ph, not the %s%ps expected (%d); function tracing stops\n",
	       (void *)s->ip, s->ip, MCOUNT_INSN_SIZE, have,
	       from ? "call of " : "NOP", (void *)from, err);
	WARN_ONCE(1, "ftrace: unexpected code at a call site\n");
	ftrace_kill();
}

#define SITE_STATE	(FTRACE_SITE_CALL | FTRACE_SITE_REGS | FTRACE_SITE_DIRECT)

/*
 * Work out what each site of @only (every live group if NULL) must call
 * and patch those that differ.  A site traced by a direct ops alone calls
 * its trampoline.  Context: ftrace_lock held.
 */
static void sites_update(struct ftrace_group *only)
{
	bool on = ftrace_enabled && !ftrace_dead;
	struct ftrace_group *g;
	bool patching = false;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(g, &ftrace_groups, list) {
		struct ftrace_site_vec *vec = ftrace_group_vec(g);
		unsigned int i;

		if (!g->live || (only && g != only))
			continue;
		for (i = 0; i < vec->nr && !ftrace_dead; i++) {
			struct ftrace_site *s = &vec->site[i];
			unsigned int refs = 0, want = 0, have;
			unsigned long from, to, solo_to = 0;
			struct ftrace_ops *op, *last = NULL;
			bool ipmodify = false;
			int ret;

			if (s->flags & FTRACE_SITE_BROKEN)
				continue;
			if (on) {
				list_for_each_entry(op, &ops_list, list) {
					if (!ops_traces(op, s->ip))
						continue;
					refs++;
					last = op;
					if (op->flags & FTRACE_OPS_FL_SAVE_REGS)
						want = FTRACE_SITE_REGS;
					if (op->flags & FTRACE_OPS_FL_IPMODIFY)
						ipmodify = true;
				}
			}
			if (refs && !ftrace_site_valid(s))
				refs = 0;
			if (refs == 1)
				solo_to = direct_solo_addr(last);
			if (!refs) {
				want = 0;
				ipmodify = false;
			} else if (solo_to) {
				want = FTRACE_SITE_DIRECT;
			} else if (!want) {
				want = FTRACE_SITE_CALL;
			}
			s->refs = refs;
			if (ipmodify)
				s->flags |= FTRACE_SITE_IPMODIFY | FTRACE_SITE_MODIFIED;
			else
				s->flags &= ~FTRACE_SITE_IPMODIFY;

			have = s->flags & SITE_STATE;
			from = site_target(s, have);
			to = want == FTRACE_SITE_DIRECT ? solo_to : site_target(s, want);
			if (have == want && from == to)
				continue;
			/* Without memory to note it, ftrace_regs_caller serves it. */
			if (want == FTRACE_SITE_DIRECT && direct_site_note(s->ip, to)) {
				want = FTRACE_SITE_REGS;
				to = site_target(s, want);
				if (have == want)
					continue;
			}
			if (!patching) {
				ftrace_arch_patch_begin();
				patching = true;
			}
			ret = ftrace_arch_patch_site(s->ip, from, to);
			if (ret) {
				site_failed(s, from, ret);
				break;
			}
			if ((have & FTRACE_SITE_DIRECT) && want != FTRACE_SITE_DIRECT)
				direct_site_forget(s->ip);
			s->flags = (s->flags & ~SITE_STATE) | want;
			if (want)
				s->flags |= FTRACE_SITE_TOUCHED;
		}
		if (patching) {
			/* Apply this group's changes before the next group. */
			ftrace_arch_patch_end();
			patching = false;
		}
		cond_resched();
	}
}

/* ------------------------------------------------------------------ */
/* Sets                                                                */

static struct ftrace_ip_set __rcu **ops_set_slot(struct ftrace_ops *ops,
						 enum ftrace_set_kind kind)
{
	return kind == FTRACE_SET_FILTER ? &ops->filter_set : &ops->notrace_set;
}

/**
 * ftrace_ops_set - the published filter or notrace set of an ops
 * @ops: the ops
 * @kind: which set
 *
 * Context: ftrace_lock held.
 * Return: the set, or NULL (no filter: every function; no notrace: none).
 */
struct ftrace_ip_set *ftrace_ops_set(struct ftrace_ops *ops,
				     enum ftrace_set_kind kind)
{
	return rcu_dereference_protected(*ops_set_slot(ops, kind),
					 lockdep_is_held(&ftrace_lock));
}

/* Does @op trace @ip, its filter and notrace sets being @filter and @skip? */
static bool traces_with(struct ftrace_ops *op, unsigned long ip,
			struct ftrace_ip_set *filter, struct ftrace_ip_set *skip)
{
	if (op->flags & FTRACE_OPS_FL_STUB)
		return false;
	if (filter && filter->count && !ftrace_ip_set_has(filter, ip))
		return false;
	return !skip || !skip->count || !ftrace_ip_set_has(skip, ip);
}

/*
 * Would @ops, an IPMODIFY ops, with the sets @filter and @skip, share a
 * function with another registered IPMODIFY ops?  Only one callback may
 * decide where a function resumes.  Context: ftrace_lock held.
 */
static bool ipmodify_conflict(struct ftrace_ops *ops, struct ftrace_ip_set *filter,
			      struct ftrace_ip_set *skip)
{
	struct ftrace_group *g;
	struct ftrace_ops *op;
	bool others = false;

	list_for_each_entry(op, &ops_list, list)
		if (op != ops && (op->flags & FTRACE_OPS_FL_IPMODIFY))
			others = true;
	if (!others)
		return false;

	list_for_each_entry(g, &ftrace_groups, list) {
		struct ftrace_site_vec *vec = ftrace_group_vec(g);
		unsigned int i;

		if (!g->live)
			continue;
		for (i = 0; i < vec->nr; i++) {
			struct ftrace_site *s = &vec->site[i];

			if (!traces_with(ops, s->ip, filter, skip))
				continue;
			list_for_each_entry(op, &ops_list, list)
				if (op != ops && (op->flags & FTRACE_OPS_FL_IPMODIFY) &&
				    ops_traces(op, s->ip))
					return true;
		}
	}
	return false;
}

/*
 * Take out of @ops's sets the addresses that are no call site any more
 * (their module went); a filter left with none holds FTRACE_IP_GONE, so
 * that it still traces nothing rather than everything.
 */
static void ops_scrub_sets(struct ftrace_ops *ops)
{
	enum ftrace_set_kind kind;

	for (kind = FTRACE_SET_FILTER; kind <= FTRACE_SET_NOTRACE; kind++) {
		struct ftrace_ip_set *set = ftrace_ops_set(ops, kind), *copy;
		unsigned long ip;
		unsigned int i;
		bool stale = false;

		for (i = 0; (i = ftrace_ip_set_next(set, i, &ip)); )
			if (ip != FTRACE_IP_GONE && !ftrace_site_find(ip))
				stale = true;
		if (!stale)
			continue;
		copy = ftrace_ip_set_copy(set);
		if (!copy)
			continue;
		for (i = 0; (i = ftrace_ip_set_next(set, i, &ip)); )
			if (ip != FTRACE_IP_GONE && !ftrace_site_find(ip))
				ftrace_ip_set_del(copy, ip);
		if (kind == FTRACE_SET_FILTER && !copy->count &&
		    ftrace_ip_set_add(&copy, FTRACE_IP_GONE)) {
			ftrace_ip_set_free(copy);
			continue;
		}
		rcu_assign_pointer(*ops_set_slot(ops, kind), copy);
		ftrace_ip_set_free_rcu(set);
	}
}

/*
 * Ops that trace what the top-level function tracer's sets choose (the
 * function profiler): each has copies of ftrace_global_ops's sets, made
 * again whenever those change.  A few slots: the users are built in.
 */
#define GLOBAL_FOLLOWERS	4
static struct ftrace_ops *global_followers[GLOBAL_FOLLOWERS];

static int ops_commit(struct ftrace_ops *ops, enum ftrace_set_kind kind,
		      struct ftrace_ip_set *set);

/* Give @ops a copy of the global ops's @kind set.  Context: ftrace_lock. */
static int follower_copy_set(struct ftrace_ops *ops, enum ftrace_set_kind kind)
{
	struct ftrace_ip_set *set;

	set = ftrace_ip_set_copy(ftrace_ops_set(&ftrace_global_ops, kind));
	if (!set)
		return -ENOMEM;
	return ops_commit(ops, kind, set);
}

/**
 * ftrace_ops_commit_set - give an ops a new filter or notrace set
 * @ops: the ops, registered or not
 * @kind: which set
 * @set: the new set (private; the ops takes it over, or it is freed on
 *	failure); NULL or empty for no set
 *
 * Context: ftrace_lock held; may sleep.
 * Return: 0, or -EBUSY when @ops is a registered IPMODIFY ops and would
 * share a function with another one (nothing changes then).
 */
int ftrace_ops_commit_set(struct ftrace_ops *ops, enum ftrace_set_kind kind,
			  struct ftrace_ip_set *set)
{
	unsigned int i;
	int ret;

	ret = ops_commit(ops, kind, set);
	if (ret || ops != &ftrace_global_ops)
		return ret;
	for (i = 0; i < GLOBAL_FOLLOWERS; i++)
		if (global_followers[i] &&
		    follower_copy_set(global_followers[i], kind))
			pr_warn_once("ftrace: no memory to pass a filter change on to %ps\n",
				     global_followers[i]->func);
	return 0;
}

static int ops_commit(struct ftrace_ops *ops, enum ftrace_set_kind kind,
		      struct ftrace_ip_set *set)
{
	struct ftrace_ip_set *old = ftrace_ops_set(ops, kind);
	bool live = ops->flags & FTRACE_OPS_FL_ENABLED;

	lockdep_assert_held(&ftrace_lock);
	if (live && (ops->flags & FTRACE_OPS_FL_IPMODIFY)) {
		struct ftrace_ip_set *f = kind == FTRACE_SET_FILTER ? set :
			ftrace_ops_set(ops, FTRACE_SET_FILTER);
		struct ftrace_ip_set *n = kind == FTRACE_SET_NOTRACE ? set :
			ftrace_ops_set(ops, FTRACE_SET_NOTRACE);

		if (ipmodify_conflict(ops, f, n)) {
			ftrace_ip_set_free(set);
			return -EBUSY;
		}
	}
	if (set && !set->count) {
		ftrace_ip_set_free(set);
		set = NULL;
	}
	if (live)
		dispatch_transition(true);
	ops->flags |= FTRACE_OPS_FL_MODIFYING;
	rcu_assign_pointer(*ops_set_slot(ops, kind), set);
	if (live) {
		sites_update(NULL);
		dispatch_settle();
	}
	ops->flags &= ~FTRACE_OPS_FL_MODIFYING;
	ftrace_ip_set_free_rcu(old);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Registering                                                         */

/* Flags a user may not set, or that this implementation lacks. */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
#define OPS_REFUSED_FLAGS	(FTRACE_OPS_FL_SUBOP | FTRACE_OPS_FL_ALLOC_TRAMP)
#else
#define OPS_REFUSED_FLAGS	(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SUBOP | \
				 FTRACE_OPS_FL_ALLOC_TRAMP)
#endif

/**
 * ftrace_ops_register_locked - register_ftrace_function() under ftrace_lock
 * @ops: the callback
 *
 * Context: ftrace_lock held.
 * Return: as register_ftrace_function(); -EBUSY also for a direct ops
 * that would share a function with another one.
 */
int ftrace_ops_register_locked(struct ftrace_ops *ops)
{
	lockdep_assert_held(&ftrace_lock);
	if (ftrace_dead)
		return -ENODEV;
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return -EBUSY;
	if ((ops->flags & OPS_REFUSED_FLAGS) || !ops->func)
		return -EINVAL;
	if ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled)
		return -EBUSY;

	if (ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED)
		ops->flags |= FTRACE_OPS_FL_SAVE_REGS;
	if (!is_kernel_core_data((unsigned long)ops))
		ops->flags |= FTRACE_OPS_FL_DYNAMIC;
	ops_scrub_sets(ops);
	if ((ops->flags & FTRACE_OPS_FL_IPMODIFY) &&
	    ipmodify_conflict(ops, ftrace_ops_set(ops, FTRACE_SET_FILTER),
			      ftrace_ops_set(ops, FTRACE_SET_NOTRACE)))
		return -EBUSY;
	if (direct_conflict(ops))
		return -EBUSY;

	if (ops->flags & (FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU))
		ops->entry = ops_guarded_entry;
	else
		ops->entry = ops->func;
	ops->flags |= FTRACE_OPS_FL_INITIALIZED | FTRACE_OPS_FL_ADDING;
	ops->flags &= ~FTRACE_OPS_FL_DELETED;

	dispatch_transition(false);
	/* list_add_tail_rcu() publishes the entry set above with the ops. */
	list_add_tail_rcu(&ops->list, &ops_list);
	ops_count++;
	ops->flags |= FTRACE_OPS_FL_ENABLED;
	sites_update(NULL);
	dispatch_settle();
	ops->flags &= ~FTRACE_OPS_FL_ADDING;
	return 0;
}

/**
 * register_ftrace_function - start calling a callback
 * @ops: the callback, its flags, and what it traces (its filter and
 *	notrace sets, set before or after)
 *
 * Context: process; may sleep.
 * Return: 0; -EBUSY when @ops is registered already, would share a
 * function with another IPMODIFY ops, or is PERMANENT while
 * kernel.ftrace_enabled is 0; -EINVAL for flags not supported
 * (direct calls); -ENODEV when function tracing was stopped for good.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = ftrace_ops_register_locked(ops);
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * unregister_ftrace_function - stop calling a callback
 * @ops: a registered ops
 *
 * The sites that only @ops traced are patched back into NOPs.  When @ops
 * may be freed (it is not in the kernel's data, nor a trace array's),
 * this returns once no CPU runs its callback and no task is about to.
 *
 * Context: process; may sleep.
 * Return: 0, or -EBUSY when @ops is not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		mutex_unlock(&ftrace_lock);
		return -EBUSY;
	}
	ops->flags |= FTRACE_OPS_FL_REMOVING;
	dispatch_transition(true);
	list_del_rcu(&ops->list);
	ops_count--;
	sites_update(NULL);
	dispatch_settle();
	ops->flags &= ~(FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_REMOVING);
	ops->flags |= FTRACE_OPS_FL_DELETED;
	mutex_unlock(&ftrace_lock);

	/* A trace array's ops is waited out when the array is freed. */
	if ((ops->flags & FTRACE_OPS_FL_DYNAMIC) &&
	    !(ops->flags & FTRACE_OPS_FL_TRACE_ARRAY)) {
		/* Every CPU leaves the callbacks (RCU may not be watching). */
		synchronize_rcu_tasks_rude();
		/* No task stays preempted in a trampoline with @ops loaded. */
		synchronize_rcu_tasks();
	}
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/**
 * ftrace_ops_direct_move - move a direct ops's sites to a new trampoline
 * @ops: a registered direct ops
 * @addr: its new trampoline
 *
 * The sites that call the old trampoline are patched to call
 * ftrace_regs_caller, whose call of @ops's callback enters whatever
 * ->direct_call says; ->direct_call changes; the sites are patched to
 * call @addr.  Every call at every moment enters one of the two.
 *
 * Context: ftrace_lock held; may sleep.
 */
void ftrace_ops_direct_move(struct ftrace_ops *ops, unsigned long addr)
{
	lockdep_assert_held(&ftrace_lock);
	direct_moving = ops;
	dispatch_transition(true);
	sites_update(NULL);
	dispatch_settle();
	WRITE_ONCE(ops->direct_call, addr);
	direct_moving = NULL;
	dispatch_transition(true);
	sites_update(NULL);
	dispatch_settle();
}
#endif

/**
 * ftrace_register_global_follower - register an ops that traces what the
 *	top-level function tracer's set_ftrace_filter and set_ftrace_notrace
 *	choose
 * @ops: the ops, not registered, its own sets unused (they are replaced)
 *
 * From now on until ftrace_unregister_global_follower(), every change of
 * those sets applies to @ops too.
 *
 * Context: process; may sleep.
 * Return: 0, -EBUSY when there are too many followers, -ENOMEM, or
 * register_ftrace_function()'s error.
 */
int ftrace_register_global_follower(struct ftrace_ops *ops)
{
	unsigned int i;
	int ret = -EBUSY;

	mutex_lock(&ftrace_lock);
	for (i = 0; i < GLOBAL_FOLLOWERS; i++)
		if (!global_followers[i])
			break;
	if (i == GLOBAL_FOLLOWERS)
		goto out;
	ret = follower_copy_set(ops, FTRACE_SET_FILTER);
	if (!ret)
		ret = follower_copy_set(ops, FTRACE_SET_NOTRACE);
	if (!ret)
		ret = ftrace_ops_register_locked(ops);
	if (!ret)
		global_followers[i] = ops;
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

/**
 * ftrace_unregister_global_follower - stop an ops that
 *	ftrace_register_global_follower() registered
 * @ops: the ops
 *
 * As unregister_ftrace_function(); its sets stay the last copies.
 *
 * Context: process; may sleep.
 * Return: unregister_ftrace_function()'s.
 */
int ftrace_unregister_global_follower(struct ftrace_ops *ops)
{
	unsigned int i;

	mutex_lock(&ftrace_lock);
	for (i = 0; i < GLOBAL_FOLLOWERS; i++)
		if (global_followers[i] == ops)
			global_followers[i] = NULL;
	mutex_unlock(&ftrace_lock);
	return unregister_ftrace_function(ops);
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

/* ------------------------------------------------------------------ */
/* Choosing functions: the kernel API                                  */

/* Build a set from @ops's @kind set (or empty: @reset) plus the words of @buf. */
static int set_from_words(struct ftrace_ops *ops, enum ftrace_set_kind kind,
			  const unsigned char *buf, int len, int reset)
{
	struct ftrace_ip_set *set;
	char *text, *word, *p;
	int ret = 0;

	if (len < 0 || (len && !buf))
		return -EINVAL;
	text = kmemdup_nul(buf ? (const char *)buf : "", len, GFP_KERNEL);
	if (!text)
		return -ENOMEM;

	mutex_lock(&ftrace_lock);
	if (ftrace_dead) {
		ret = -ENODEV;
		goto out;
	}
	set = reset ? ftrace_ip_set_new(0) :
		      ftrace_ip_set_copy(ftrace_ops_set(ops, kind));
	if (!set) {
		ret = -ENOMEM;
		goto out;
	}
	p = text;
	while ((word = strsep(&p, " \t\n")) != NULL) {
		if (!*word)
			continue;
		ret = ftrace_apply_word(&set, word);
		if (ret)
			break;
	}
	if (ret)
		ftrace_ip_set_free(set);
	else
		ret = ftrace_ops_commit_set(ops, kind, set);
out:
	mutex_unlock(&ftrace_lock);
	kfree(text);
	return ret;
}

/**
 * ftrace_set_filter - choose the functions an ops traces, by name
 * @ops: the ops
 * @buf: function names or globs, blank-separated ("!" in front takes the
 *	matches out); NULL with @reset to trace every function again
 * @len: the length of @buf
 * @reset: start from an empty filter rather than the current one
 *
 * An empty filter traces every function.
 * Context: process; may sleep.
 * Return: 0, -EINVAL when a word matches no function (nothing changes),
 * -ENOMEM, -EBUSY (IPMODIFY conflict), -ENODEV.
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset)
{
	return set_from_words(ops, FTRACE_SET_FILTER, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter);

/**
 * ftrace_set_notrace - choose the functions an ops never traces
 * @ops: the ops
 * @buf: as for ftrace_set_filter()
 * @len: the length of @buf
 * @reset: start from an empty set
 *
 * Context: process; may sleep.
 * Return: as ftrace_set_filter().
 */
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset)
{
	return set_from_words(ops, FTRACE_SET_NOTRACE, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_notrace);

/**
 * ftrace_set_filter_ips - add call sites to, or take them out of, a filter
 * @ops: the ops
 * @ips: addresses of functions or of their call sites
 * @cnt: how many
 * @remove: take them out rather than add them
 * @reset: start from an empty filter
 *
 * Context: process; may sleep.
 * Return: 0, -ENOENT when an address is no function with a call site
 * (nothing changes), -ENOMEM, -EBUSY, -ENODEV.
 */
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset)
{
	struct ftrace_ip_set *set;
	unsigned int i;
	int ret = 0;

	mutex_lock(&ftrace_lock);
	if (ftrace_dead) {
		ret = -ENODEV;
		goto out;
	}
	set = reset ? ftrace_ip_set_new(cnt) :
		      ftrace_ip_set_copy(ftrace_ops_set(ops, FTRACE_SET_FILTER));
	if (!set) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < cnt && !ret; i++) {
		unsigned long ip = ftrace_location(ips[i]);

		if (!ip)
			ret = -ENOENT;
		else if (remove)
			ftrace_ip_set_del(set, ip);
		else
			ret = ftrace_ip_set_add(&set, ip);
	}
	if (ret)
		ftrace_ip_set_free(set);
	else
		ret = ftrace_ops_commit_set(ops, FTRACE_SET_FILTER, set);
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ips);

/**
 * ftrace_set_filter_ip - add a call site to, or take it out of, a filter
 * @ops: the ops
 * @ip: the address of a function or of its call site
 * @remove: take it out rather than add it
 * @reset: start from an empty filter
 *
 * Context: process; may sleep.
 * Return: as ftrace_set_filter_ips().
 */
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
			 int reset)
{
	return ftrace_set_filter_ips(ops, &ip, 1, remove, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_filter_ip);

/**
 * ftrace_set_global_filter - ftrace_set_filter() on the top-level tracer
 * @buf: as for ftrace_set_filter()
 * @len: its length
 * @reset: start from an empty filter
 */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset)
{
	set_from_words(&ftrace_global_ops, FTRACE_SET_FILTER, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_filter);

/**
 * ftrace_set_global_notrace - ftrace_set_notrace() on the top-level tracer
 * @buf: as for ftrace_set_filter()
 * @len: its length
 * @reset: start from an empty set
 */
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset)
{
	set_from_words(&ftrace_global_ops, FTRACE_SET_NOTRACE, buf, len, reset);
}
EXPORT_SYMBOL_GPL(ftrace_set_global_notrace);

/**
 * ftrace_free_filter - forget the sets of an unregistered ops
 * @ops: the ops; not registered
 *
 * Context: process; may sleep.
 */
void ftrace_free_filter(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	if (!WARN_ON_ONCE(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		ftrace_ip_set_free_rcu(ftrace_ops_set(ops, FTRACE_SET_FILTER));
		ftrace_ip_set_free_rcu(ftrace_ops_set(ops, FTRACE_SET_NOTRACE));
		RCU_INIT_POINTER(ops->filter_set, NULL);
		RCU_INIT_POINTER(ops->notrace_set, NULL);
	}
	mutex_unlock(&ftrace_lock);
}
EXPORT_SYMBOL_GPL(ftrace_free_filter);

/* ------------------------------------------------------------------ */
/* Boot, modules, init memory                                          */

/**
 * ftrace_init - find vmlinux's call sites and make them NOPs
 *
 * Called by start_kernel() while only the boot CPU runs, with interrupts
 * off, before the kernel text is made read-only.
 */
void __init ftrace_init(void)
{
	BUILD_BUG_ON(offsetof(struct ftrace_ops, entry) != 0);
	if (ftrace_sites_init_vmlinux(__start_mcount_loc, __stop_mcount_loc)) {
		pr_err("ftrace: no memory for the call-site table: function tracing disabled\n");
		ftrace_dead = true;
		ftrace_enabled = 0;
	}
}

/**
 * ftrace_module_init - make a module's call sites NOPs
 * @mod: the module, loaded but not formed (its code cannot run yet)
 */
void ftrace_module_init(struct module *mod)
{
	if (!mod->num_ftrace_callsites)
		return;
	mutex_lock(&ftrace_lock);
	if (!ftrace_dead)
		ftrace_sites_add_module(mod);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_module_enable - let a module's call sites be traced
 * @mod: the module, formed (text read-only and executable), its init not
 *	run yet
 *
 * The sites the registered ops trace (an ops without a filter traces the
 * module's functions too) become calls now, before any of its code runs.
 */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_sites_group_of(mod);
	if (g) {
		g->live = true;
		ftrace_sites_gen++;
		if (ops_count)
			sites_update(g);
	}
	mutex_unlock(&ftrace_lock);
}

/*
 * Scrub every registered ops's sets of addresses that are no call site
 * any more.  Context: ftrace_lock held.
 */
static void scrub_registered(void)
{
	struct ftrace_ops *op;

	list_for_each_entry(op, &ops_list, list)
		ops_scrub_sets(op);
}

/**
 * ftrace_release_mod - forget a module's call sites
 * @mod: the module, going (its code no longer runs)
 */
void ftrace_release_mod(struct module *mod)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_sites_group_of(mod);
	if (g) {
		ftrace_sites_remove_group(g);
		scrub_registered();
	}
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_free_mem - forget the call sites of text being freed
 * @mod: the module of that text, NULL for vmlinux
 * @start: its first byte
 * @end: the byte after it
 */
void ftrace_free_mem(struct module *mod, void *start, void *end)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	if (mod)
		g = ftrace_sites_group_of(mod);
	else
		g = list_first_entry_or_null(&ftrace_groups, struct ftrace_group, list);
	if (g && !(mod == NULL && g->mod) &&
	    ftrace_sites_drop_range(g, (unsigned long)start, (unsigned long)end))
		scrub_registered();
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_free_init_mem - forget the call sites of vmlinux's init text
 *
 * Called just before the init memory is freed.
 */
void __init ftrace_free_init_mem(void)
{
	ftrace_free_mem(NULL, __init_begin, __init_end);
}

/* ------------------------------------------------------------------ */
/* kernel.ftrace_enabled                                               */

static bool permanent_registered(void)
{
	struct ftrace_ops *op;

	list_for_each_entry(op, &ops_list, list)
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	return false;
}

/*
 * 0 patches every site back into the NOP and keeps them so; the ops stay
 * registered and come back with any other number (kept as written).
 * Refused (-EBUSY) while a PERMANENT ops is registered.
 */
static int ftrace_enabled_sysctl(const struct ctl_table *table, int write,
				 void *buffer, size_t *lenp, loff_t *ppos)
{
	struct ctl_table t = *table;
	int val, ret;

	mutex_lock(&ftrace_lock);
	if (ftrace_dead) {
		ret = -ENODEV;
		goto out;
	}
	val = ftrace_enabled;
	t.data = &val;
	ret = proc_dointvec(&t, write, buffer, lenp, ppos);
	if (ret || !write)
		goto out;
	if (!val == !ftrace_enabled) {
		ftrace_enabled = val;
		goto out;
	}
	if (!val && permanent_registered()) {
		ret = -EBUSY;
		goto out;
	}
	dispatch_transition(true);
	WRITE_ONCE(ftrace_enabled, val);
	sites_update(NULL);
	dispatch_settle();
out:
	mutex_unlock(&ftrace_lock);
	return ret;
}

static struct ctl_table ftrace_sysctls[] = {
	{
		.procname	= "ftrace_enabled",
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= ftrace_enabled_sysctl,
	},
};

static int __init ftrace_sysctl_init(void)
{
	register_sysctl_init("kernel", ftrace_sysctls);
	return 0;
}
subsys_initcall(ftrace_sysctl_init);
