// SPDX-License-Identifier: GPL-2.0
/*
 * What an ftrace_ops traces: sets of call-site addresses, and the glob
 * patterns of set_ftrace_filter and set_ftrace_notrace that fill them.
 *
 * A set is a hash table of addresses with open addressing: a lookup (done
 * by the dispatcher for every traced call when several ops are registered)
 * hashes the address and compares a few consecutive slots, touching one or
 * two cache lines.  The table is kept at most three quarters full, so
 * runs stay short; it doubles when it would get fuller.  A set is private while it
 * is built and immutable once an ops points at it (see ftrace_internal.h).
 *
 * Names are matched by walking the call-site table and asking kallsyms
 * for each site's function: a pattern is compared with every traceable
 * function, as available_filter_functions lists them.
 */

#include <kunit/visibility.h>
#include <linux/ctype.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ftrace_internal.h"

/* The smallest table, in slots. */
#define IP_SET_MIN_SLOTS	16

static struct ftrace_ip_set *ip_set_alloc(unsigned int slots)
{
	struct ftrace_ip_set *set;

	set = kvzalloc(struct_size(set, slot, slots), GFP_KERNEL);
	if (set)
		set->mask = slots - 1;
	return set;
}

/* Slots for @n addresses: at most 3/4 full, a power of two. */
static unsigned int ip_set_slots_for(unsigned int n)
{
	unsigned int want = n + n / 3 + 1;

	return want <= IP_SET_MIN_SLOTS ? IP_SET_MIN_SLOTS :
					  roundup_pow_of_two(want);
}

/**
 * ftrace_ip_set_new - an empty set
 * @hint: about how many addresses it will hold
 *
 * Return: the set, or NULL when out of memory.
 */
struct ftrace_ip_set *ftrace_ip_set_new(unsigned int hint)
{
	return ip_set_alloc(ip_set_slots_for(hint));
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_ip_set_new);

/* Put @ip (not yet there) into @set, which has room. */
static void ip_set_insert(struct ftrace_ip_set *set, unsigned long ip)
{
	unsigned int i = hash_long(ip, 32) & set->mask;

	while (set->slot[i])
		i = (i + 1) & set->mask;
	set->slot[i] = ip;
	set->count++;
}

/* A copy of @set with room for @extra more addresses. */
static struct ftrace_ip_set *ip_set_copy_room(const struct ftrace_ip_set *set,
					      unsigned int extra)
{
	unsigned int n = set ? set->count : 0;
	struct ftrace_ip_set *copy;
	unsigned int i;

	copy = ip_set_alloc(ip_set_slots_for(n + extra));
	if (!copy || !set)
		return copy;
	for (i = 0; i <= set->mask; i++)
		if (set->slot[i])
			ip_set_insert(copy, set->slot[i]);
	return copy;
}

/**
 * ftrace_ip_set_copy - a private copy of a set
 * @set: the set, or NULL (the copy is then empty)
 *
 * Return: the copy, or NULL when out of memory.
 */
struct ftrace_ip_set *ftrace_ip_set_copy(const struct ftrace_ip_set *set)
{
	return ip_set_copy_room(set, 0);
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_ip_set_copy);

/**
 * ftrace_ip_set_free - free a set no ops points at
 * @set: the set, or NULL
 */
void ftrace_ip_set_free(struct ftrace_ip_set *set)
{
	kvfree(set);
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_ip_set_free);

static void ip_set_free_cb(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct ftrace_ip_set, rcu));
}

/**
 * ftrace_ip_set_free_rcu - free a set that was published
 * @set: the set, or NULL
 *
 * The dispatcher reads published sets with preemption disabled; the set
 * goes once every CPU has left such a section.  (call_rcu() rather than
 * kvfree_rcu(), which batches frees for seconds: a set of every function
 * is a quarter of a megabyte, and a filter file rewritten in a loop would
 * keep many of them waiting.)
 */
void ftrace_ip_set_free_rcu(struct ftrace_ip_set *set)
{
	if (set)
		call_rcu(&set->rcu, ip_set_free_cb);
}

/**
 * ftrace_ip_set_add - add an address to a private set
 * @setp: the set; replaced by a bigger one when it is half full
 * @ip: the address (not 0)
 *
 * Return: 0, or -ENOMEM (the set is then unchanged).
 */
int ftrace_ip_set_add(struct ftrace_ip_set **setp, unsigned long ip)
{
	struct ftrace_ip_set *set = *setp;

	if (WARN_ON_ONCE(!ip))
		return -EINVAL;
	if (ftrace_ip_set_has(set, ip))
		return 0;
	if (4 * (set->count + 1) > 3 * (set->mask + 1)) {
		struct ftrace_ip_set *bigger = ip_set_copy_room(set, set->count + 1);

		if (!bigger)
			return -ENOMEM;
		ftrace_ip_set_free(set);
		*setp = set = bigger;
	}
	ip_set_insert(set, ip);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_ip_set_add);

/**
 * ftrace_ip_set_del - take an address out of a private set
 * @set: the set
 * @ip: the address; nothing happens if it is not there
 *
 * The slots after the freed one that belong further up (their home is at
 * or before the hole) move back into it, so that every lookup still finds
 * its address before an empty slot.
 */
void ftrace_ip_set_del(struct ftrace_ip_set *set, unsigned long ip)
{
	unsigned int hole = hash_long(ip, 32) & set->mask;
	unsigned int i, home;

	while (set->slot[hole] != ip) {
		if (!set->slot[hole])
			return;
		hole = (hole + 1) & set->mask;
	}
	set->slot[hole] = 0;
	set->count--;

	for (i = (hole + 1) & set->mask; set->slot[i]; i = (i + 1) & set->mask) {
		home = hash_long(set->slot[i], 32) & set->mask;
		/* Is home cyclically outside (hole, i]?  Then it may move. */
		if (((i - home) & set->mask) >= ((i - hole) & set->mask)) {
			set->slot[hole] = set->slot[i];
			set->slot[i] = 0;
			hole = i;
		}
	}
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_ip_set_del);

/**
 * ftrace_ip_set_next - walk the addresses of a set
 * @set: the set (private, or published under ftrace_lock)
 * @i: 0 to start, then the previous return value
 * @ip: the next address
 *
 * Return: the position to continue from, or 0 at the end.
 */
unsigned int ftrace_ip_set_next(const struct ftrace_ip_set *set, unsigned int i,
				unsigned long *ip)
{
	for (; set && i <= set->mask; i++) {
		if (set->slot[i]) {
			*ip = set->slot[i];
			return i + 1;
		}
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_ip_set_next);

/* ------------------------------------------------------------------ */
/* Patterns                                                            */

/**
 * ftrace_glob_parse - classify one word of set_ftrace_filter
 * @word: the word; a trailing '*' is cut off in place
 * @g: the result, pointing into @word
 *
 * A leading "!" asks for removal.  Digits alone are a line number of
 * available_filter_functions.  A '*' at the start, the end or both gives
 * the cheap suffix, prefix and substring matches; a '*' elsewhere, '?',
 * '[' or '\' a full glob (glob_match()).
 *
 * Return: 0, or -EINVAL for an empty pattern or a malformed number.
 */
int ftrace_glob_parse(char *word, struct ftrace_glob *g)
{
	size_t len, i;
	bool lead;

	memset(g, 0, sizeof(*g));
	if (*word == '!') {
		g->remove = true;
		word++;
	}
	len = strlen(word);
	if (!len)
		return -EINVAL;

	if (isdigit(*word)) {
		g->kind = FTRACE_GLOB_INDEX;
		/* As upstream: C notation, so 0x10 and 020 are 16 too. */
		if (kstrtoul(word, 0, &g->index) || !g->index)
			return -EINVAL;
		return 0;
	}

	if (strpbrk(word, "?[\\")) {
		g->kind = FTRACE_GLOB_GLOB;
		g->text = word;
		g->len = len;
		return 0;
	}
	lead = word[0] == '*';
	for (i = lead; i < len; i++) {
		if (word[i] != '*')
			continue;
		if (i != len - 1) {
			g->kind = FTRACE_GLOB_GLOB;
			g->text = word;
			g->len = len;
			return 0;
		}
		word[i] = '\0';
		len--;
		g->kind = lead ? FTRACE_GLOB_SUBSTR : FTRACE_GLOB_PREFIX;
		g->text = word + lead;
		g->len = len - lead;
		return 0;
	}
	g->kind = lead ? FTRACE_GLOB_SUFFIX : FTRACE_GLOB_FULL;
	g->text = word + lead;
	g->len = len - lead;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_glob_parse);

/**
 * ftrace_glob_match - does a function name match a pattern?
 * @g: the pattern (not an index)
 * @name: the function's name
 */
bool ftrace_glob_match(const struct ftrace_glob *g, const char *name)
{
	size_t n;

	switch (g->kind) {
	case FTRACE_GLOB_FULL:
		return !strcmp(name, g->text);
	case FTRACE_GLOB_PREFIX:
		return !strncmp(name, g->text, g->len);
	case FTRACE_GLOB_SUFFIX:
		n = strlen(name);
		return n >= g->len && !memcmp(name + n - g->len, g->text, g->len);
	case FTRACE_GLOB_SUBSTR:
		return strstr(name, g->text);
	case FTRACE_GLOB_GLOB:
		return glob_match(g->text, name);
	case FTRACE_GLOB_INDEX:
		break;
	}
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(ftrace_glob_match);

/* Add @ip to, or take it out of, *@setp. */
static int glob_enter(const struct ftrace_glob *g, struct ftrace_ip_set **setp,
		      unsigned long ip)
{
	if (g->remove) {
		ftrace_ip_set_del(*setp, ip);
		return 0;
	}
	return ftrace_ip_set_add(setp, ip);
}

/*
 * The site on line @index (1 for the first) of available_filter_functions:
 * the live groups' sites in order.
 */
static struct ftrace_site *site_at_line(unsigned long index)
{
	struct ftrace_group *g;

	list_for_each_entry(g, &ftrace_groups, list) {
		struct ftrace_site_vec *vec = ftrace_group_vec(g);

		if (!g->live)
			continue;
		if (index <= vec->nr)
			return &vec->site[index - 1];
		index -= vec->nr;
	}
	return NULL;
}

/* A FULL pattern matched against vmlinux through kallsyms' name index. */
struct name_match {
	const struct ftrace_glob	*g;
	struct ftrace_ip_set		**setp;
	int				found;
	int				err;
};

static int name_match_one(void *data, unsigned long addr)
{
	struct name_match *nm = data;
	char name[KSYM_SYMBOL_LEN];
	struct ftrace_site *s;
	char *modname;
	unsigned long ip;

	ip = ftrace_location_range(addr, addr + FTRACE_MCOUNT_MAX_OFFSET);
	s = ip ? ftrace_site_find(ip) : NULL;
	/* Only a site kallsyms names so (not an alias's, not a neighbour's). */
	if (!s || !ftrace_site_valid(s) ||
	    !ftrace_site_name(s->ip, name, &modname) || modname ||
	    !ftrace_glob_match(nm->g, name))
		return 0;
	nm->err = glob_enter(nm->g, nm->setp, s->ip);
	if (nm->err)
		return nm->err;
	nm->found++;
	return 0;
}

/**
 * ftrace_glob_apply - apply a pattern to a private set
 * @g: the pattern
 * @setp: the set; may be replaced by a bigger one
 *
 * Every site of a live group whose function matches is added to the set,
 * or, for a "!" pattern, taken out of it.  Sites not at a function's
 * start never match a name.
 *
 * Context: ftrace_lock held; may sleep.
 * Return: the number of sites that matched, or -ENOMEM.
 */
int ftrace_glob_apply(const struct ftrace_glob *g, struct ftrace_ip_set **setp)
{
	char name[KSYM_SYMBOL_LEN];
	struct ftrace_group *g_;
	char *modname;
	int found = 0, ret;

	lockdep_assert_held(&ftrace_lock);
	if (g->kind == FTRACE_GLOB_INDEX) {
		struct ftrace_site *s = site_at_line(g->index);

		if (!s)
			return 0;
		ret = glob_enter(g, setp, s->ip);
		return ret ? ret : 1;
	}

	/*
	 * A whole name (the common case, and the one written by the
	 * thousand) needs no walk of vmlinux's sites: kallsyms finds the
	 * symbols of that name.  The modules' sites are walked.
	 */
	if (g->kind == FTRACE_GLOB_FULL) {
		struct name_match nm = { .g = g, .setp = setp };

		kallsyms_on_each_match_symbol(name_match_one, g->text, &nm);
		if (nm.err)
			return nm.err;
		found = nm.found;
	}

	list_for_each_entry(g_, &ftrace_groups, list) {
		struct ftrace_site_vec *vec = ftrace_group_vec(g_);
		unsigned int i;

		if (!g_->live || (g->kind == FTRACE_GLOB_FULL && !g_->mod))
			continue;
		for (i = 0; i < vec->nr; i++) {
			struct ftrace_site *s = &vec->site[i];

			if (!(i % FTRACE_SITES_PER_RESCHED))
				cond_resched();
			if (!ftrace_site_valid(s) ||
			    !ftrace_site_name(s->ip, name, &modname) ||
			    !ftrace_glob_match(g, name))
				continue;
			ret = glob_enter(g, setp, s->ip);
			if (ret)
				return ret;
			found++;
		}
	}
	return found;
}

/**
 * ftrace_apply_word - apply one word written to a filter file
 * @setp: the private set; may be replaced by a bigger one
 * @word: the word (changed in place)
 *
 * Context: ftrace_lock held; may sleep.
 * Return: 0; -EINVAL when the word is malformed or matches no function;
 * -ENOMEM.
 */
int ftrace_apply_word(struct ftrace_ip_set **setp, char *word)
{
	struct ftrace_glob g;
	int ret;

	lockdep_assert_held(&ftrace_lock);
	ret = ftrace_glob_parse(word, &g);
	if (ret)
		return ret;
	ret = ftrace_glob_apply(&g, setp);
	if (ret < 0)
		return ret;
	return ret ? 0 : -EINVAL;
}
