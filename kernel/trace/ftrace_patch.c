// SPDX-License-Identifier: GPL-2.0
/*
 * Live patching of the call sites: what each site should call, worked out
 * from the registered ops, and the moves that make it so.
 *
 * A site is in one of four states (enum ftrace_site_state): the NOP, a
 * call of ftrace_caller, a call of ftrace_regs_caller, or a call of one
 * direct ops's own trampoline.  ftrace_sites_update() walks the live
 * groups; for each site, site_want() works out the state the registered
 * ops ask for and site_move() makes the one transition from the state the
 * site is in.  The changes of one group are batched into one round of
 * the arch's int3 patching.
 *
 * Glossary:
 *   plan    what a site should hold: its state, the address it calls,
 *           how many ops trace it and whether one of them is IPMODIFY
 *   solo    a site that exactly one ops traces
 *   direct  a site that calls a direct ops's trampoline rather than ours
 *           (a direct ops that shares its site goes through
 *           ftrace_regs_caller; its callback names the trampoline)
 */

#include <linux/hashtable.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ftrace_internal.h"


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

/**
 * ftrace_patch_direct_moving - have a direct ops's sites served by
 *	ftrace_regs_caller, or by its trampoline again
 * @op: the direct ops whose trampoline changes, NULL when it has changed
 *
 * Context: ftrace_lock held; ftrace_sites_update() applies it.
 */
void ftrace_patch_direct_moving(struct ftrace_ops *op)
{
	lockdep_assert_held(&ftrace_lock);
	direct_moving = op;
}

/* Forget the trampolines of direct sites whose text went. */
static void direct_sites_scrub(void)
{
	struct hlist_node *tmp;
	struct direct_site *d;
	unsigned int bkt;

	hash_for_each_safe(direct_sites, bkt, tmp, d, node) {
		if (!ftrace_site_find(d->ip)) {
			hash_del(&d->node);
			kfree(d);
		}
	}
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

static void direct_sites_scrub(void)
{
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/* ------------------------------------------------------------------ */
/* Wanting and moving                                                  */

/* What a site should hold, worked out from the registered ops. */
struct site_plan {
	enum ftrace_site_state	state;
	unsigned long		to;	/* what it calls; 0: the NOP */
	unsigned int		refs;	/* the ops that trace it */
	bool			ipmodify;
};

/* What the site @s calls in @state (0: the NOP). */
static unsigned long site_target(struct ftrace_site *s,
				 enum ftrace_site_state state)
{
	switch (state) {
	case FTRACE_SITE_CALL:
		return (unsigned long)ftrace_caller;
	case FTRACE_SITE_REGS:
		return (unsigned long)ftrace_regs_caller;
	case FTRACE_SITE_DIRECT:
		return direct_site_addr(s->ip);
	case FTRACE_SITE_NOP:
		break;
	}
	return 0;
}

/*
 * Work out the plan for @s: the NOP when no ops traces it (or @on is
 * false, or it is no function's start); a direct ops's trampoline when
 * that ops traces it alone; ftrace_regs_caller when an ops wants a full
 * pt_regs; ftrace_caller otherwise.  Context: ftrace_lock held.
 */
static void site_want(struct ftrace_site *s, bool on, struct site_plan *p)
{
	struct ftrace_ops *op, *last = NULL;
	bool regs = false;

	lockdep_assert_held(&ftrace_lock);
	p->refs = 0;
	p->ipmodify = false;
	p->to = 0;
	if (on) {
		list_for_each_entry(op, &ftrace_ops_list, list) {
			if (!ftrace_ops_traces(op, s->ip))
				continue;
			p->refs++;
			last = op;
			regs |= !!(op->flags & FTRACE_OPS_FL_SAVE_REGS);
			p->ipmodify |= !!(op->flags & FTRACE_OPS_FL_IPMODIFY);
		}
	}
	if (p->refs && !ftrace_site_valid(s)) {
		p->refs = 0;
		p->ipmodify = false;
	}
	if (!p->refs) {
		p->state = FTRACE_SITE_NOP;
		return;
	}
	if (p->refs == 1)
		p->to = direct_solo_addr(last);
	if (p->to)
		p->state = FTRACE_SITE_DIRECT;
	else if (regs)
		p->state = FTRACE_SITE_REGS;
	else
		p->state = FTRACE_SITE_CALL;
	if (!p->to)
		p->to = site_target(s, p->state);
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

/*
 * Move @s from its state to the one @p plans, queueing its patch when
 * what it calls changes.  *@patching says whether a batch is open (one
 * is opened for the first patch).  Return: 0, or -EIO when the site held
 * something else (function tracing is then stopped).
 * Context: ftrace_lock held.
 */
static int site_move(struct ftrace_site *s, struct site_plan *p, bool *patching)
{
	enum ftrace_site_state from_state = s->state;
	unsigned long from = site_target(s, from_state);
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (from_state == p->state && from == p->to)
		return 0;

	switch (p->state) {
	case FTRACE_SITE_NOP:
		/* CALL, REGS or DIRECT -> NOP: the last ops that traced it went. */
		break;
	case FTRACE_SITE_CALL:
		/*
		 * NOP -> CALL: the first ops came.  REGS -> CALL: the last ops
		 * that wanted pt_regs went.  DIRECT -> CALL: the direct ops
		 * went as another came.
		 */
		break;
	case FTRACE_SITE_REGS:
		/*
		 * NOP or CALL -> REGS: an ops that wants pt_regs came.
		 * DIRECT -> REGS: another ops joined the direct one, or the
		 * direct ops's trampoline is being changed.
		 */
		break;
	case FTRACE_SITE_DIRECT:
		/*
		 * Anything -> DIRECT (DIRECT -> DIRECT: another trampoline):
		 * a direct ops traces the site alone.  The trampoline must be
		 * noted first; without memory for that, ftrace_regs_caller
		 * serves the site, its callback entering the trampoline.
		 */
		if (direct_site_note(s->ip, p->to)) {
			p->state = FTRACE_SITE_REGS;
			p->to = site_target(s, p->state);
			if (from_state == p->state)
				return 0;
		}
		break;
	}

	if (!*patching) {
		ftrace_arch_patch_begin();
		*patching = true;
	}
	ret = ftrace_arch_patch_site(s->ip, from, p->to);
	if (ret) {
		site_failed(s, from, ret);
		return -EIO;
	}
	/* What leaving a state undoes. */
	if (from_state == FTRACE_SITE_DIRECT && p->state != FTRACE_SITE_DIRECT)
		direct_site_forget(s->ip);
	if (from_state == FTRACE_SITE_NOP)
		s->flags |= FTRACE_SITE_TOUCHED;
	s->state = p->state;
	return 0;
}

/**
 * ftrace_sites_update - make every site call what the registered ops ask
 * @only: the one group to update, or NULL for every live group
 *
 * Each group's changes are applied as one batch before the next group's.
 * Context: ftrace_lock held; may sleep.
 */
void ftrace_sites_update(struct ftrace_group *only)
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
			struct site_plan p;

			if (!(i % FTRACE_SITES_PER_RESCHED))
				cond_resched();
			if (s->flags & FTRACE_SITE_BROKEN)
				continue;
			site_want(s, on, &p);
			s->refs = p.refs;
			if (p.ipmodify)
				s->flags |= FTRACE_SITE_IPMODIFY | FTRACE_SITE_MODIFIED;
			else
				s->flags &= ~FTRACE_SITE_IPMODIFY;
			if (site_move(s, &p, &patching))
				break;
		}
		if (patching) {
			/* Apply this group's changes before the next group's. */
			ftrace_arch_patch_end();
			patching = false;
		}
	}
}

/**
 * ftrace_patch_scrub - forget what is kept about sites that went
 *
 * After a module's sites, or init text's, were dropped from the table.
 * Context: ftrace_lock held.
 */
void ftrace_patch_scrub(void)
{
	lockdep_assert_held(&ftrace_lock);
	direct_sites_scrub();
}
