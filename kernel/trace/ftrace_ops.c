// SPDX-License-Identifier: GPL-2.0
/*
 * The registered ftrace_ops and what they trace: registering and
 * unregistering, committing an ops's filter and notrace sets, the checks
 * that refuse a second IPMODIFY or direct ops on one function, the ops
 * that follow the top-level tracer's sets, the kernel API that chooses
 * functions by name or address, kernel.ftrace_enabled, and the hooks that
 * the boot and the module loader call.
 *
 * Every change here follows one pattern, under ftrace_lock:
 *
 *	ftrace_dispatch_transition()	the trampolines walk the list
 *	change the list or a set	(published with RCU)
 *	ftrace_sites_update()		patch the sites (ftrace_patch.c)
 *	ftrace_dispatch_settle()	back to the cheapest dispatch
 *
 * A set being replaced is freed after an RCU grace period; an ops that is
 * unregistered and may be freed is waited out (every CPU schedules, and
 * every task passes a voluntary switch, so none is inside a trampoline
 * about to call it).
 */

#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/rcupdate_wait.h>
#include <linux/slab.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>

#include <asm/sections.h>

#include "ftrace_internal.h"

/* The ops of the top-level function tracer (ftrace_set_global_filter()). */
struct ftrace_ops ftrace_global_ops;

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

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(op, &ftrace_ops_list, list)
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

			if (!(i % FTRACE_SITES_PER_RESCHED))
				cond_resched();
			if (!ftrace_ops_traces_with(ops, s->ip, filter, skip))
				continue;
			list_for_each_entry(op, &ftrace_ops_list, list)
				if (op != ops && (op->flags & FTRACE_OPS_FL_IPMODIFY) &&
				    ftrace_ops_traces(op, s->ip))
					return true;
		}
	}
	return false;
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
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

	lockdep_assert_held(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_FL_DIRECT))
		return false;
	list_for_each_entry(op, &ftrace_ops_list, list) {
		if (op == ops || !(op->flags & FTRACE_OPS_FL_DIRECT))
			continue;
		if (!set || !set->count)
			return true;
		for (i = 0; (i = ftrace_ip_set_next(set, i, &ip)); )
			if (ftrace_ops_traces(ops, ip) && ftrace_ops_traces(op, ip))
				return true;
	}
	return false;
}
#else
static bool direct_conflict(struct ftrace_ops *ops)
{
	return false;
}
#endif

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

	lockdep_assert_held(&ftrace_lock);
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
		ftrace_dispatch_transition(true);
	ops->flags |= FTRACE_OPS_FL_MODIFYING;
	rcu_assign_pointer(*ops_set_slot(ops, kind), set);
	if (live) {
		ftrace_sites_update(NULL);
		ftrace_dispatch_settle();
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

	ops->flags |= FTRACE_OPS_FL_INITIALIZED | FTRACE_OPS_FL_ADDING;
	ops->flags &= ~FTRACE_OPS_FL_DELETED;
	ftrace_dispatch_add(ops);
	ops->flags |= FTRACE_OPS_FL_ENABLED;
	ftrace_sites_update(NULL);
	ftrace_dispatch_settle();
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
 * ftrace_ops_unregister_nowait - unregister_ftrace_function() without the
 *	wait
 * @ops: a registered ops
 *
 * For a caller that unregisters several ops and waits them all out at
 * once with ftrace_ops_wait_out() before freeing any.
 *
 * Context: process; may sleep.
 * Return: 0, or -EBUSY when @ops is not registered.
 */
int ftrace_ops_unregister_nowait(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	if (!(ops->flags & FTRACE_OPS_FL_ENABLED)) {
		mutex_unlock(&ftrace_lock);
		return -EBUSY;
	}
	ops->flags |= FTRACE_OPS_FL_REMOVING;
	ftrace_dispatch_del(ops);
	ftrace_sites_update(NULL);
	ftrace_dispatch_settle();
	ops->flags &= ~(FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_REMOVING);
	ops->flags |= FTRACE_OPS_FL_DELETED;
	mutex_unlock(&ftrace_lock);
	return 0;
}

/**
 * ftrace_ops_wait_out - wait until no CPU runs, and no task is about to
 *	run, the callback of an ops unregistered before
 *
 * Context: process; may sleep.
 */
void ftrace_ops_wait_out(void)
{
	/* Every CPU leaves the callbacks (RCU may not be watching). */
	synchronize_rcu_tasks_rude();
	/* No task stays preempted in a trampoline with the ops loaded. */
	synchronize_rcu_tasks();
}

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
	int ret = ftrace_ops_unregister_nowait(ops);

	/* A trace array's ops is waited out when the array is freed. */
	if (!ret && (ops->flags & FTRACE_OPS_FL_DYNAMIC) &&
	    !(ops->flags & FTRACE_OPS_FL_TRACE_ARRAY))
		ftrace_ops_wait_out();
	return ret;
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
	ftrace_patch_direct_moving(ops);
	ftrace_dispatch_transition(true);
	ftrace_sites_update(NULL);
	ftrace_dispatch_settle();
	WRITE_ONCE(ops->direct_call, addr);
	ftrace_patch_direct_moving(NULL);
	ftrace_dispatch_transition(true);
	ftrace_sites_update(NULL);
	ftrace_dispatch_settle();
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
		if (ftrace_ops_nr)
			ftrace_sites_update(g);
	}
	mutex_unlock(&ftrace_lock);
}

/*
 * The ops whose sets outlive their registrations, besides the global one:
 * the trace arrays' (ftrace_files.c).  An instance whose function tracer
 * is off keeps its sets for its next start.  Under ftrace_lock.
 */
static LIST_HEAD(kept_ops);

/**
 * ftrace_ops_keep_sets - scrub an ops's sets at module unload even while unregistered
 * @ops: an ops of tracing's own, kept until ftrace_ops_forget_sets()
 *
 * When a module goes (or init text is freed), its addresses leave the sets
 * of the registered ops and of these: a module loaded later whose text
 * lands where the gone one's was must not be traced by a set written for
 * the other.  Other unregistered ops belong to the kernel API's users,
 * who may free them without telling us; they are scrubbed of addresses
 * that are no call site when registered again (upstream scrubs only the
 * trace arrays' sets too).
 *
 * Context: process; ftrace_lock not held.
 */
void ftrace_ops_keep_sets(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	list_add(&ops->kept, &kept_ops);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_ops_forget_sets - undo ftrace_ops_keep_sets() before freeing @ops
 * @ops: the ops
 *
 * Context: process; ftrace_lock not held.
 */
void ftrace_ops_forget_sets(struct ftrace_ops *ops)
{
	mutex_lock(&ftrace_lock);
	list_del_init(&ops->kept);
	mutex_unlock(&ftrace_lock);
}

/*
 * Scrub the sets of the registered and the kept ops of addresses that are
 * no call site any more.  Context: ftrace_lock held.
 */
static void scrub_stale(void)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(op, &ftrace_ops_list, list)
		ops_scrub_sets(op);
	if (!(ftrace_global_ops.flags & FTRACE_OPS_FL_ENABLED))
		ops_scrub_sets(&ftrace_global_ops);
	list_for_each_entry(op, &kept_ops, kept)
		if (!(op->flags & FTRACE_OPS_FL_ENABLED))
			ops_scrub_sets(op);
	ftrace_patch_scrub();
}

/**
 * ftrace_release_mod - forget a module's call sites
 * @mod: the module, going (its code no longer runs)
 *
 * Its addresses leave the sets of the registered and the kept ops
 * (ftrace_ops_keep_sets()).  Context: process; ftrace_lock not held.
 */
void ftrace_release_mod(struct module *mod)
{
	struct ftrace_group *g;

	mutex_lock(&ftrace_lock);
	g = ftrace_sites_group_of(mod);
	if (g) {
		ftrace_sites_remove_group(g);
		scrub_stale();
	}
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_free_mem - forget the call sites of text being freed
 * @mod: the module of that text, NULL for vmlinux
 * @start: its first byte
 * @end: the byte after it
 *
 * Its addresses leave the sets as in ftrace_release_mod().  Context:
 * process; ftrace_lock not held.
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
		scrub_stale();
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

	list_for_each_entry(op, &ftrace_ops_list, list)
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
	ftrace_dispatch_transition(true);
	WRITE_ONCE(ftrace_enabled, val);
	ftrace_sites_update(NULL);
	ftrace_dispatch_settle();
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
