// SPDX-License-Identifier: GPL-2.0
/*
 * FUNC:mod:MODULE, a word of set_ftrace_filter and set_ftrace_notrace.
 *
 * It adds the functions of MODULE that match FUNC ("*" or nothing: all of
 * them) to the set being written, or with "!" in front takes them out.
 * MODULE is a glob of module names; "!PATTERN" takes the sites of every
 * module but those, and of vmlinux.  When MODULE is not loaded, the word
 * is kept, listed as "FUNC:mod:MODULE", and applied to the array's set
 * when the module comes (before its init runs); "!FUNC:mod:MODULE" or
 * "!*:mod:MODULE" forgets kept words, and so does opening the file with
 * O_TRUNC.  A filter that holds nothing but kept words traces nothing.
 *
 * The kept words hang off their array, one list a file, newest first, at
 * most MOD_KEPT_MAX a list (a word past that fails with -ENOSPC): every
 * kept word is a module name the user expects, and the list is walked
 * on each write of a "!" word.  A listing walks it once, through the
 * cursor its reader keeps (ftrace_cmds_cursor), not from its head on
 * every line.
 *
 * Locking: the lists change with event_mutex and ftrace_lock held
 * (event_mutex keeps trace_arrays still for the module notifier) and are
 * read with ftrace_lock held.
 */

#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "ftrace_internal.h"
#include "trace.h"

/* Kept words a filter file may hold. */
#define MOD_KEPT_MAX		4096

/* A word kept for a module not loaded yet. */
struct kept_mod {
	struct hlist_node	node;	/* on tr->ftrace_mods[kind] */
	char			*func;
	char			*module;
};

/* Bumped by every change of a list of kept words (ftrace_lock). */
static unsigned long kept_gen;

static struct hlist_head *kept_list(struct trace_array *tr,
				    enum ftrace_set_kind kind)
{
	return &tr->ftrace_mods[kind];
}

static void kept_free(struct trace_array *tr, enum ftrace_set_kind kind,
		      struct kept_mod *km)
{
	lockdep_assert_held(&ftrace_lock);
	hlist_del(&km->node);
	tr->ftrace_mods_nr[kind]--;
	kept_gen++;
	kfree(km->func);
	kfree(km->module);
	kfree(km);
}

/* Is a module of that name loaded, or coming? */
static bool module_present(const char *name)
{
#ifdef CONFIG_MODULES
	bool ret;

	preempt_disable();
	ret = find_module(name);
	preempt_enable();
	return ret;
#else
	return false;
#endif
}

/*
 * Does the MODULE of FUNC:mod:MODULE take the sites of @mod (NULL: the
 * kernel's own)?  As upstream: a glob of module names, "" for every
 * module, and a leading "!" for the sites it would not take.
 */
static bool mod_pattern_takes(const char *pattern, const struct module *mod)
{
	bool exclude = *pattern == '!';
	bool in;

	if (exclude)
		pattern++;
	if (!*pattern)
		in = !!mod;
	else
		in = mod && glob_match(pattern, mod->name);
	return in != exclude;
}

/*
 * Add @s to *@setp, or take it out (@remove), if its function's name
 * matches @g (NULL: any).  Return: 1 when it matched, 0, or -ENOMEM.
 */
static int mod_apply_site(struct ftrace_site *s, const struct ftrace_glob *g,
			  bool remove, struct ftrace_ip_set **setp)
{
	char name[KSYM_SYMBOL_LEN];
	char *modname;

	if (!ftrace_site_valid(s) || !ftrace_site_name(s->ip, name, &modname) ||
	    (g && !ftrace_glob_match(g, name)))
		return 0;
	if (remove) {
		ftrace_ip_set_del(*setp, s->ip);
		return 1;
	}
	return ftrace_ip_set_add(setp, s->ip) ?: 1;
}

/*
 * Add the functions of the modules @module takes (mod_pattern_takes())
 * that match @func ("" or "*": all) to *@setp, or take them out
 * (@remove).  Context: ftrace_lock held.
 * Return: how many matched, or -errno.
 */
static int mod_apply(const char *func, const char *module, bool remove,
		     struct ftrace_ip_set **setp)
{
	struct ftrace_glob g, *pg = NULL;
	struct ftrace_group *grp;
	char *pattern = NULL;
	int found = 0, ret = 0;

	lockdep_assert_held(&ftrace_lock);
	if (*func && strcmp(func, "*")) {
		pattern = kstrdup(func, GFP_KERNEL);
		if (!pattern)
			return -ENOMEM;
		ret = ftrace_glob_parse(pattern, &g);
		if (!ret && g.kind == FTRACE_GLOB_INDEX)
			ret = -EINVAL;
		if (ret)
			goto out;
		pg = &g;
	}
	list_for_each_entry(grp, &ftrace_groups, list) {
		struct ftrace_site_vec *vec = ftrace_group_vec(grp);
		unsigned int i;

		if (!grp->live || !mod_pattern_takes(module, grp->mod))
			continue;
		for (i = 0; i < vec->nr; i++) {
			if (!(i % FTRACE_SITES_PER_RESCHED))
				cond_resched();
			ret = mod_apply_site(&vec->site[i], pg, remove, setp);
			if (ret < 0)
				goto out;
			found += ret;
		}
	}
	ret = found;
out:
	kfree(pattern);
	return ret;
}

/*
 * The last kept word of a filter went: a set that traced nothing only
 * because of them (ftrace_mod_seal()) is empty again, all functions.
 */
static void kept_unseal(struct trace_array *tr, enum ftrace_set_kind kind,
			struct ftrace_ip_set *set)
{
	if (kind != FTRACE_SET_FILTER || set->count != 1 ||
	    !ftrace_ip_set_has(set, FTRACE_IP_GONE) ||
	    tr->ftrace_mods_nr[kind])
		return;
	ftrace_ip_set_del(set, FTRACE_IP_GONE);
}

/* "!FUNC:mod:MODULE": forget kept words ("!*:mod:M": all of M's). */
static int kept_forget(struct trace_array *tr, enum ftrace_set_kind kind,
		       const char *func, const char *module,
		       struct ftrace_ip_set *set)
{
	struct kept_mod *km;
	struct hlist_node *next;
	int ret = -EINVAL;

	lockdep_assert_held(&event_mutex);
	hlist_for_each_entry_safe(km, next, kept_list(tr, kind), node) {
		if (strcmp(km->module, module))
			continue;
		if (*func && strcmp(func, "*") && strcmp(func, km->func))
			continue;
		kept_free(tr, kind, km);
		ret = 0;
	}
	if (!ret)
		kept_unseal(tr, kind, set);
	return ret;
}

/* Keep FUNC:mod:MODULE for when MODULE comes.  Return: 0 or -errno. */
static int kept_add(struct trace_array *tr, enum ftrace_set_kind kind,
		    const char *func, const char *module)
{
	struct kept_mod *km;

	lockdep_assert_held(&event_mutex);
	if (tr->ftrace_mods_nr[kind] >= MOD_KEPT_MAX)
		return -ENOSPC;
	km = kzalloc(sizeof(*km), GFP_KERNEL);
	if (!km)
		return -ENOMEM;
	km->func = kstrdup(*func ? func : "*", GFP_KERNEL);
	km->module = kstrdup(module, GFP_KERNEL);
	if (!km->func || !km->module) {
		kfree(km->func);
		kfree(km->module);
		kfree(km);
		return -ENOMEM;
	}
	hlist_add_head(&km->node, kept_list(tr, kind));
	tr->ftrace_mods_nr[kind]++;
	kept_gen++;
	return 0;
}

/**
 * ftrace_mod_word - apply FUNC:mod:MODULE to a set being written
 * @tr: the array of the file
 * @kind: which file
 * @setp: the set being written
 * @func: FUNC, with its "!" if any
 * @module: MODULE (NULL when the word has no third part)
 *
 * Context: process; none of ftrace_lock, event_mutex held.
 * Return: 0; -EINVAL (malformed, a loaded module without such a
 * function, nothing kept to forget); -ENOSPC (too many kept words);
 * -ENOMEM.
 */
int ftrace_mod_word(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp, char *func, char *module)
{
	bool remove = *func == '!';
	int ret;

	if (remove)
		func++;
	if (!module || strchr(module, ':'))
		return -EINVAL;
	mutex_lock(&event_mutex);
	mutex_lock(&ftrace_lock);
	ret = mod_apply(func, module, remove, setp);
	if (ret)
		goto out;
	if (remove)
		ret = kept_forget(tr, kind, func, module, *setp);
	else if (module_present(module))
		ret = -EINVAL;	/* loaded, without such a function */
	else
		ret = kept_add(tr, kind, func, module);
out:
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&event_mutex);
	return ret < 0 ? ret : 0;
}

/**
 * ftrace_mod_seal - settle a filter set written to a file, before commit
 * @tr: the array of the file
 * @kind: which file
 * @setp: the set written
 *
 * A filter with no function but words kept for modules not loaded yet
 * traces nothing until they come, rather than everything.
 *
 * Context: ftrace_lock held.
 * Return: 0 or -ENOMEM.
 */
int ftrace_mod_seal(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp)
{
	lockdep_assert_held(&ftrace_lock);
	if (kind != FTRACE_SET_FILTER || (*setp)->count ||
	    !tr->ftrace_mods_nr[kind])
		return 0;
	return ftrace_ip_set_add(setp, FTRACE_IP_GONE);
}

/* Forget every word kept for @tr's @kind file.  Context: ftrace_lock. */
static void kept_clear(struct trace_array *tr, enum ftrace_set_kind kind)
{
	struct kept_mod *km;
	struct hlist_node *next;

	lockdep_assert_held(&event_mutex);
	hlist_for_each_entry_safe(km, next, kept_list(tr, kind), node) {
		kept_free(tr, kind, km);
		if (need_resched()) {
			mutex_unlock(&ftrace_lock);
			cond_resched();
			mutex_lock(&ftrace_lock);
			/* Only a holder of event_mutex adds or frees words. */
		}
	}
}

/**
 * ftrace_mod_truncate - a filter file opened with O_TRUNC
 * @tr: its array
 * @kind: which file
 *
 * Its kept words are forgotten, as its functions are.  Context: process.
 */
void ftrace_mod_truncate(struct trace_array *tr, enum ftrace_set_kind kind)
{
	mutex_lock(&event_mutex);
	mutex_lock(&ftrace_lock);
	kept_clear(tr, kind);
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&event_mutex);
}

/**
 * ftrace_mod_array_clear - forget an array's kept words
 * @tr: the array, going
 *
 * Context: event_mutex held.
 */
void ftrace_mod_array_clear(struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	mutex_lock(&ftrace_lock);
	kept_clear(tr, FTRACE_SET_FILTER);
	kept_clear(tr, FTRACE_SET_NOTRACE);
	mutex_unlock(&ftrace_lock);
}

/*
 * The kept word on line @idx of the list, from the cursor @cur when it
 * is at that line or the one before, else from the list's head.
 */
static struct kept_mod *kept_at(struct hlist_head *head,
				struct ftrace_cmds_cursor *cur, loff_t idx)
{
	struct hlist_node *n;
	loff_t i = 0;

	if (cur->gen == kept_gen && cur->node && idx >= cur->idx &&
	    idx <= cur->idx + 1) {
		n = cur->node;
		i = cur->idx;
	} else {
		n = head->first;
	}
	for (; n && i < idx; i++)
		n = n->next;
	cur->gen = kept_gen;
	cur->node = n;
	cur->idx = idx;
	return n ? hlist_entry(n, struct kept_mod, node) : NULL;
}

/**
 * ftrace_mod_line - line @idx of a filter file's kept words
 * @m: where to print it ("FUNC:mod:MODULE"); NULL: only say whether it
 *	exists
 * @tr: the array of the file
 * @kind: which file
 * @idx: the line, 0 for the first kept word
 * @cur: the reader's cursor
 *
 * Context: ftrace_lock held.
 * Return: whether the line exists; *@idx less the kept words when not.
 */
bool ftrace_mod_line(struct seq_file *m, struct trace_array *tr,
		     enum ftrace_set_kind kind, loff_t *idx,
		     struct ftrace_cmds_cursor *cur)
{
	struct kept_mod *km;

	lockdep_assert_held(&ftrace_lock);
	if (*idx >= tr->ftrace_mods_nr[kind]) {
		*idx -= tr->ftrace_mods_nr[kind];
		return false;
	}
	km = kept_at(kept_list(tr, kind), cur, *idx);
	if (km && m)
		seq_printf(m, "%s:mod:%s\n", km->func, km->module);
	return km;
}

#ifdef CONFIG_MODULES
/*
 * Apply @tr's words kept for @mod, now coming, to its @kind set: one copy
 * of the set takes them all and is committed once (a commit of a live
 * ops repatches every site).  Context: event_mutex and ftrace_lock held.
 */
static void kept_apply(struct trace_array *tr, enum ftrace_set_kind kind,
		       struct module *mod)
{
	struct ftrace_ops *ops = tr->ops;
	struct ftrace_ip_set *set = NULL;
	struct kept_mod *km;
	struct hlist_node *next;
	bool failed = false;

	lockdep_assert_held(&event_mutex);
	hlist_for_each_entry_safe(km, next, kept_list(tr, kind), node) {
		if (strcmp(km->module, mod->name))
			continue;
		if (!set && ops && !failed) {
			set = ftrace_ip_set_copy(ftrace_ops_set(ops, kind));
			failed = !set;
		}
		if (set && mod_apply(km->func, km->module, false, &set) < 0)
			failed = true;
		kept_free(tr, kind, km);
	}
	if (set && !failed)
		ftrace_ops_commit_set(ops, kind, set);
	else
		ftrace_ip_set_free(set);
}

/*
 * A module is coming (its sites are live, its init has not run): the
 * words kept for it go into their arrays' sets.
 */
static int kept_module_notify(struct notifier_block *nb, unsigned long state,
			      void *data)
{
	struct trace_array *tr;

	if (state != MODULE_STATE_COMING)
		return NOTIFY_OK;
	mutex_lock(&event_mutex);
	mutex_lock(&ftrace_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		kept_apply(tr, FTRACE_SET_FILTER, data);
		kept_apply(tr, FTRACE_SET_NOTRACE, data);
	}
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&event_mutex);
	return NOTIFY_OK;
}

static struct notifier_block kept_module_nb = {
	.notifier_call	= kept_module_notify,
};

static int __init ftrace_mod_init(void)
{
	return register_module_notifier(&kept_module_nb);
}
core_initcall(ftrace_mod_init);
#endif
