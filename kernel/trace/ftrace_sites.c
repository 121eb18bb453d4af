// SPDX-License-Identifier: GPL-2.0
/*
 * The call-site table: where every traceable function's call site is.
 *
 * The build leaves a table of call-site addresses in every object's
 * __mcount_loc section; the linker gathers vmlinux's between
 * __start_mcount_loc and __stop_mcount_loc (init data: it is freed with
 * the init memory), and a module brings its own.  This file copies each
 * into a group of its own, sorted by address, and turns every site into
 * the NOP before the code can run: vmlinux's in ftrace_init(), while only
 * the boot CPU runs, a module's before it is formed.  The sites of init
 * text leave their group when that text is freed, a module's group when
 * it is unloaded.
 *
 * A group's vector of sites is replaced whole when sites leave it, and
 * freed after an RCU grace period, so that address lookups
 * (ftrace_location() and friends, used by kprobes and the text patchers)
 * need no lock.  Everything else (the sites' state, the listings) is
 * under ftrace_lock.
 */

#include <linux/kallsyms.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "ftrace_internal.h"

DEFINE_MUTEX(ftrace_lock);
LIST_HEAD(ftrace_groups);
unsigned long ftrace_sites_gen;
unsigned int ftrace_sites_total;

static struct ftrace_site_vec *site_vec_alloc(unsigned int nr)
{
	struct ftrace_site_vec *vec;

	vec = kvzalloc(struct_size(vec, site, nr), GFP_KERNEL);
	if (vec)
		vec->nr = nr;
	return vec;
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Fill @vec from the addresses @addr[0..@n) (sorted, zeros first: an
 * entry of a discarded section is 0) and turn each site into the NOP.
 * Returns how many sites were filled in.
 */
static unsigned int site_vec_fill(struct ftrace_site_vec *vec,
				  const unsigned long *addr, unsigned int n)
{
	unsigned int i, nr = 0;
	unsigned long prev = 0;
	int ret;

	for (i = 0; i < n; i++) {
		struct ftrace_site *s;

		/* Empty slots, and a site listed twice, are skipped. */
		if (!addr[i] || addr[i] == prev)
			continue;
		prev = addr[i];
		s = &vec->site[nr++];
		s->ip = ftrace_call_adjust(addr[i]);
		ret = ftrace_arch_site_init(s->ip);
		if (ret) {
			s->flags |= FTRACE_SITE_BROKEN;
			pr_warn("ftrace: call site at %pS (%lx) not converted: %d\n",
				(void *)s->ip, s->ip, ret);
		}
	}
	return nr;
}

/* Put @g on the list; its vector is set.  Context: ftrace_lock held. */
static void group_publish(struct ftrace_group *g)
{
	lockdep_assert_held(&ftrace_lock);
	list_add_tail_rcu(&g->list, &ftrace_groups);
	ftrace_sites_total += ftrace_group_vec(g)->nr;
	ftrace_sites_gen++;
}

/* The boot's group: vmlinux. */
static struct ftrace_group vmlinux_group = {
	.live = true,
};

/**
 * ftrace_sites_init_vmlinux - make vmlinux's group and NOP its sites
 * @start: __start_mcount_loc
 * @stop: __stop_mcount_loc
 *
 * Context: the boot, before the other CPUs run and before the kernel text
 * is read-only.  The table is sorted (scripts/sorttable) when
 * CONFIG_BUILDTIME_MCOUNT_SORT is set; it is checked and sorted here if
 * it is not.
 *
 * Return: 0, or -ENOMEM (function tracing is then unavailable; the sites
 * still call __fentry__, which returns at once).
 */
int __init ftrace_sites_init_vmlinux(unsigned long *start, unsigned long *stop)
{
	unsigned int n = stop - start, i;
	struct ftrace_site_vec *vec;

	for (i = 1; i < n; i++)
		if (start[i - 1] > start[i])
			break;
	if (i < n) {
		pr_info("ftrace: sorting %u call sites\n", n);
		sort(start, n, sizeof(*start), cmp_ulong, NULL);
	}

	vec = site_vec_alloc(n);
	if (!vec)
		return -ENOMEM;
	vec->nr = site_vec_fill(vec, start, n);

	mutex_lock(&ftrace_lock);
	RCU_INIT_POINTER(vmlinux_group.vec, vec);
	group_publish(&vmlinux_group);
	mutex_unlock(&ftrace_lock);
	pr_info("ftrace: %u call sites in vmlinux\n", vec->nr);
	return 0;
}

/**
 * ftrace_sites_add_module - make a module's group and NOP its sites
 * @mod: the module, not formed yet (its code cannot run)
 *
 * Context: ftrace_lock held.
 * Return: the group (not live yet), or NULL for a module without call
 * sites or when out of memory (its sites then stay calls of __fentry__).
 */
struct ftrace_group *ftrace_sites_add_module(struct module *mod)
{
	unsigned int n = mod->num_ftrace_callsites;
	struct ftrace_site_vec *vec;
	struct ftrace_group *g;
	unsigned long *addr;

	lockdep_assert_held(&ftrace_lock);
	if (!n)
		return NULL;
	/* The module's table is not sorted, and is part of its image. */
	addr = kvmalloc_array(n, sizeof(*addr), GFP_KERNEL);
	g = kzalloc(sizeof(*g), GFP_KERNEL);
	vec = site_vec_alloc(n);
	if (!addr || !g || !vec) {
		pr_warn("ftrace: no memory for the call sites of %s\n", mod->name);
		kvfree(addr);
		kfree(g);
		kvfree(vec);
		return NULL;
	}
	memcpy(addr, mod->ftrace_callsites, n * sizeof(*addr));
	sort(addr, n, sizeof(*addr), cmp_ulong, NULL);
	vec->nr = site_vec_fill(vec, addr, n);
	kvfree(addr);

	g->mod = mod;
	RCU_INIT_POINTER(g->vec, vec);
	group_publish(g);
	return g;
}

/**
 * ftrace_sites_group_of - the group of a module
 * @mod: the module
 *
 * Context: ftrace_lock held.
 * Return: the group, or NULL when @mod has none.
 */
struct ftrace_group *ftrace_sites_group_of(struct module *mod)
{
	struct ftrace_group *g;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(g, &ftrace_groups, list)
		if (g->mod == mod)
			return g;
	return NULL;
}

/**
 * ftrace_sites_remove_group - forget a module's group
 * @g: the group (not vmlinux's)
 *
 * The module's text is going: its sites are not patched back.  Lockless
 * readers may still look at the group until a grace period has passed.
 * Context: ftrace_lock held.
 */
void ftrace_sites_remove_group(struct ftrace_group *g)
{
	struct ftrace_site_vec *vec = ftrace_group_vec(g);

	lockdep_assert_held(&ftrace_lock);
	if (WARN_ON_ONCE(g == &vmlinux_group))
		return;
	list_del_rcu(&g->list);
	ftrace_sites_total -= vec->nr;
	ftrace_sites_gen++;
	kvfree_rcu(vec, rcu);
	kfree_rcu(g, rcu);
}

/* The index of the first site of @vec at or above @ip. */
static unsigned int site_lower_bound(const struct ftrace_site_vec *vec,
				     unsigned long ip)
{
	unsigned int lo = 0, hi = vec->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (vec->site[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/**
 * ftrace_sites_drop_range - forget the sites of some freed text
 * @g: their group
 * @start: the text's first byte
 * @end: the byte after it
 *
 * Context: ftrace_lock held.
 * Return: the number of sites forgotten.
 */
unsigned int ftrace_sites_drop_range(struct ftrace_group *g,
				     unsigned long start, unsigned long end)
{
	struct ftrace_site_vec *old = ftrace_group_vec(g), *vec;
	unsigned int lo, hi, n;

	lockdep_assert_held(&ftrace_lock);
	lo = site_lower_bound(old, start);
	hi = site_lower_bound(old, end);
	n = hi - lo;
	if (!n)
		return 0;

	vec = site_vec_alloc(old->nr - n);
	if (!vec) {
		/*
		 * Keep the vector, but make the sites inert: they are never
		 * patched or listed again.
		 */
		while (lo < hi)
			old->site[lo++].flags |= FTRACE_SITE_CHECKED |
						 FTRACE_SITE_INVALID |
						 FTRACE_SITE_BROKEN;
		return n;
	}
	memcpy(vec->site, old->site, lo * sizeof(vec->site[0]));
	memcpy(vec->site + lo, old->site + hi,
	       (old->nr - hi) * sizeof(vec->site[0]));
	rcu_assign_pointer(g->vec, vec);
	ftrace_sites_total -= n;
	ftrace_sites_gen++;
	kvfree_rcu(old, rcu);
	return n;
}

/*
 * The first site of any group whose five bytes meet [@start, @end].
 * Context: RCU read side or ftrace_lock.
 */
static struct ftrace_site *site_in_range(unsigned long start, unsigned long end)
{
	struct ftrace_group *g;

	list_for_each_entry_rcu(g, &ftrace_groups, list,
				lockdep_is_held(&ftrace_lock)) {
		struct ftrace_site_vec *vec;
		unsigned int i;

		vec = rcu_dereference_check(g->vec, lockdep_is_held(&ftrace_lock));
		if (!vec->nr || vec->site[0].ip > end ||
		    vec->site[vec->nr - 1].ip + MCOUNT_INSN_SIZE <= start)
			continue;
		/* The site just before @start may still reach into it. */
		i = site_lower_bound(vec, start);
		if (i && vec->site[i - 1].ip + MCOUNT_INSN_SIZE > start)
			return &vec->site[i - 1];
		if (i < vec->nr && vec->site[i].ip <= end)
			return &vec->site[i];
	}
	return NULL;
}

/**
 * ftrace_site_find - the site at an address
 * @ip: the address of the call instruction
 *
 * Context: ftrace_lock held, or an RCU read side (then read only the
 * address and the INVALID flag of the result).
 * Return: the site, or NULL.
 */
struct ftrace_site *ftrace_site_find(unsigned long ip)
{
	struct ftrace_site *s = site_in_range(ip, ip);

	return s && s->ip == ip ? s : NULL;
}

/**
 * ftrace_location_range - the first call site in a range of addresses
 * @start: the first address
 * @end: the last address (inclusive)
 *
 * Context: any.
 * Return: the site's address (where its call instruction starts), or 0.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	struct ftrace_site *s;
	unsigned long ip = 0;

	rcu_read_lock();
	s = site_in_range(start, end);
	if (s)
		ip = s->ip;
	rcu_read_unlock();
	return ip;
}

/**
 * ftrace_location - the call site of a function
 * @ip: a call site, or a function's address
 *
 * Context: any.
 * Return: @ip if it is within a call site (that site's address then), the
 * function's call site if @ip is the address of a function that has one,
 * else 0.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset, loc;

	loc = ftrace_location_range(ip, ip);
	if (loc)
		return loc;
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset)
		return 0;
	/* The site follows whatever the function starts with (ENDBR64). */
	return ftrace_location_range(ip, ip + min_t(unsigned long, size,
			FTRACE_MCOUNT_MAX_OFFSET + 1) - 1);
}

/**
 * ftrace_text_reserved - is there a call site in a range of text?
 * @start: the first byte
 * @end: the last byte
 *
 * The text patchers (kprobes, jump labels) must not touch call sites.
 * Context: any.
 * Return: 1 if a call site meets the range, else 0.
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	return ftrace_location_range((unsigned long)start,
				     (unsigned long)end) != 0;
}

/**
 * ftrace_site_name - the function a call site belongs to
 * @ip: the site
 * @name: KSYM_SYMBOL_LEN bytes for the name
 * @modname: the module's name, or NULL for vmlinux
 *
 * Return: true if @ip is at the start of the function named; false if
 * not, @name being "__ftrace_invalid_address___OFFSET" then.
 */
bool ftrace_site_name(unsigned long ip, char *name, char **modname)
{
	unsigned long size = 0, offset = 0;

	*modname = NULL;
	if (kallsyms_lookup(ip, &size, &offset, modname, name) &&
	    offset <= FTRACE_MCOUNT_MAX_OFFSET)
		return true;
	snprintf(name, KSYM_SYMBOL_LEN, "__ftrace_invalid_address___%lu",
		 offset);
	return false;
}

/**
 * ftrace_site_valid - is a call site at the start of a function?
 * @s: the site (of a live group)
 *
 * A weak function that another definition replaced leaves its body and
 * its call site in the text, inside (or after) some other symbol: such a
 * site is never patched.  Checked with kallsyms once per site.
 *
 * Context: ftrace_lock held.
 */
bool ftrace_site_valid(struct ftrace_site *s)
{
	unsigned long size, offset;

	lockdep_assert_held(&ftrace_lock);
	if (!(s->flags & FTRACE_SITE_CHECKED)) {
		if (!kallsyms_lookup_size_offset(s->ip, &size, &offset) ||
		    offset > FTRACE_MCOUNT_MAX_OFFSET)
			s->flags |= FTRACE_SITE_INVALID;
		s->flags |= FTRACE_SITE_CHECKED;
	}
	return !(s->flags & (FTRACE_SITE_INVALID | FTRACE_SITE_BROKEN));
}
