// SPDX-License-Identifier: GPL-2.0
/*
 * The words of set_ftrace_filter and set_ftrace_notrace that are more than
 * a pattern: FUNC:COMMAND[:PARAM].
 *
 * FUNC:mod:MODULE (both files) adds the functions of MODULE that match
 * FUNC ("*" or nothing: all of them) to the set being written, or with
 * "!" in front takes them out.  When MODULE is not loaded, the word is
 * kept, listed as "FUNC:mod:MODULE", and applied to the array's set when
 * the module comes (before its init runs); "!FUNC:mod:MODULE" or
 * "!*:mod:MODULE" forgets kept words, and so does opening the file with
 * O_TRUNC.  A filter that holds nothing but kept words traces nothing.
 *
 * The function commands (set_ftrace_filter only):
 *
 *   FUNC:traceon[:N]   FUNC:traceoff[:N]   FUNC:snapshot[:N]
 *   FUNC:stacktrace[:N]   FUNC:dump   FUNC:cpudump
 *   FUNC:enable_event:SYSTEM:EVENT[:N]   FUNC:disable_event:SYSTEM:EVENT[:N]
 *
 * A command is a "probe": its own ftrace_ops, tracing only the functions
 * it is set on, whatever the array's function tracer does.  The probes of
 * one array are kept apart by command, by counted or not, and by target
 * event; "FUNC:cmd" adds FUNC's functions to the uncounted probe,
 * "FUNC:cmd:N" to the counted one, each function with its own count of N
 * firings ("dump" is always counted, once; "cpudump" never).  A count is
 * used up only by a firing that changes something (traceon while tracing
 * is off...).  "!FUNC:cmd" takes FUNC's functions out of the uncounted
 * probe, "!FUNC:cmd:ANYTHING" out of the counted one; "!*:cmd" empties
 * it.  A probe left with no function is unregistered and freed.
 *
 * The listing, after the set's functions and the kept :mod: words, has a
 * line per probe and function: "schedule:traceon:unlimited",
 * "schedule:traceoff:count=3", "schedule:enable_event:sched:sched_switch:
 * count=2" (one line), as upstream prints them.
 *
 * Locking: the probes and kept words are changed with event_mutex and
 * ftrace_lock held, and read (listing) with either.  A probe's callback
 * takes no lock: it looks the function up in the probe's map (RCU, sorted
 * by address) and counts down with a compare-and-exchange, so a count of
 * N fires at most N times whatever the CPUs do.
 */

#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "ftrace_internal.h"
#include "trace.h"

/* ------------------------------------------------------------------ */
/* The commands                                                        */

enum fcmd_action {
	FCMD_TRACEON,
	FCMD_TRACEOFF,
	FCMD_SNAPSHOT,
	FCMD_STACKTRACE,
	FCMD_DUMP,
	FCMD_CPUDUMP,
	FCMD_ENABLE_EVENT,
	FCMD_DISABLE_EVENT,
};

enum {
	FCMD_EVENT	= BIT(0),	/* takes SYSTEM:EVENT */
	FCMD_ONCE	= BIT(1),	/* always a count of one, no N */
	FCMD_NO_COUNT	= BIT(2),	/* never counted, no N */
};

struct fcmd_kind {
	const char		*name;
	enum fcmd_action	action;
	unsigned int		flags;
};

static const struct fcmd_kind fcmd_kinds[] = {
	{ "traceon",		FCMD_TRACEON,		0 },
	{ "traceoff",		FCMD_TRACEOFF,		0 },
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "snapshot",		FCMD_SNAPSHOT,		0 },
#endif
	{ "stacktrace",		FCMD_STACKTRACE,	0 },
	{ "dump",		FCMD_DUMP,		FCMD_ONCE },
	{ "cpudump",		FCMD_CPUDUMP,		FCMD_NO_COUNT },
	{ "enable_event",	FCMD_ENABLE_EVENT,	FCMD_EVENT },
	{ "disable_event",	FCMD_DISABLE_EVENT,	FCMD_EVENT },
};

/* One function of a probe; freed after a grace period. */
struct fcmd_site {
	unsigned long		ip;
	atomic_long_t		left;	/* firings left; counted probes only */
	struct rcu_head		rcu;
};

/* A probe's functions, sorted by address; replaced whole. */
struct fcmd_map {
	struct rcu_head		rcu;
	unsigned int		nr;
	struct fcmd_site	*site[] __counted_by(nr);
};

struct fcmd_probe {
	struct ftrace_ops		ops;
	struct list_head		list;	/* on fcmd_probes */
	struct trace_array		*tr;
	const struct fcmd_kind		*kind;
	struct trace_event_file		*target; /* FCMD_EVENT */
	bool				counted;
	struct fcmd_map __rcu		*map;
};

/* A :mod: word kept for a module not loaded yet. */
struct fcmd_mod {
	struct list_head	list;	/* on fcmd_mods, newest first */
	struct trace_array	*tr;
	enum ftrace_set_kind	kind;
	char			*func;
	char			*module;
};

/* Both lists: changed under event_mutex and ftrace_lock. */
static LIST_HEAD(fcmd_probes);
static LIST_HEAD(fcmd_mods);

static struct fcmd_map *probe_map(struct fcmd_probe *p)
{
	return rcu_dereference_protected(p->map, lockdep_is_held(&ftrace_lock) ||
					 lockdep_is_held(&event_mutex));
}

/* ------------------------------------------------------------------ */
/* The callback (the traced function's context)                        */

/*
 * The site of @ip in @map, or NULL.  Inline, not bsearch(): the callback
 * calls nothing that may be traced before its work.
 */
static __always_inline struct fcmd_site *map_lookup(const struct fcmd_map *map,
						    unsigned long ip)
{
	unsigned int lo = 0, hi = map->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		struct fcmd_site *s = map->site[mid];

		if (s->ip == ip)
			return s;
		if (s->ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Would firing @p change anything now? */
static bool probe_would_change(struct fcmd_probe *p)
{
	switch (p->kind->action) {
	case FCMD_TRACEON:
		return trace_onoff_would_change(p->tr, true);
	case FCMD_TRACEOFF:
		return trace_onoff_would_change(p->tr, false);
	case FCMD_STACKTRACE:
		return tracer_tracing_is_on(p->tr);
	case FCMD_ENABLE_EVENT:
		return trace_event_switch_would_change(p->target, true);
	case FCMD_DISABLE_EVENT:
		return trace_event_switch_would_change(p->target, false);
	default:
		return true;
	}
}

static void probe_fire(struct fcmd_probe *p, unsigned long ip)
{
	struct trace_array *tr = p->tr;

	switch (p->kind->action) {
	case FCMD_TRACEON:
		trace_onoff_switch(tr, true);
		break;
	case FCMD_TRACEOFF:
		trace_onoff_switch(tr, false);
		break;
	case FCMD_SNAPSHOT:
		tracing_snapshot_instance(tr);
		break;
	case FCMD_STACKTRACE:
		/* From the traced function: our frames are left out. */
		trace_record_kernel_stack(tr, tr->buffer, tracing_gen_ctx_dec(),
					  ip, 0);
		break;
	case FCMD_DUMP:
		ftrace_dump(DUMP_ALL);
		break;
	case FCMD_CPUDUMP:
		ftrace_dump(DUMP_ORIG);
		break;
	case FCMD_ENABLE_EVENT:
		trace_event_switch(p->target, true);
		break;
	case FCMD_DISABLE_EVENT:
		trace_event_switch(p->target, false);
		break;
	}
}

static void probe_call(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fcmd_probe *p = container_of(op, struct fcmd_probe, ops);
	struct fcmd_map *map;
	struct fcmd_site *s;
	long left;

	/*
	 * The core's recursion guard (FTRACE_OPS_FL_RECURSION) has disabled
	 * preemption: the map is read under RCU-sched.
	 */
	map = rcu_dereference_sched(p->map);
	if (!map)
		return;
	s = map_lookup(map, ip);
	if (!s)
		return;
	if (!p->counted) {
		probe_fire(p, ip);
		return;
	}
	/*
	 * Take one off the count before firing, and only when the firing
	 * would change something: of the CPUs that race here, only those
	 * whose exchange succeeds fire, so at most N do.
	 */
	left = atomic_long_read(&s->left);
	if (left < 0) {
		/* A count without a limit (empty, or above LONG_MAX). */
		if (probe_would_change(p))
			probe_fire(p, ip);
		return;
	}
	do {
		if (!left || !probe_would_change(p))
			return;
	} while (!atomic_long_try_cmpxchg(&s->left, &left, left - 1));
	probe_fire(p, ip);
}

/* ------------------------------------------------------------------ */
/* Building and changing probes                                        */

static struct fcmd_map *map_alloc(unsigned int nr)
{
	struct fcmd_map *map;

	map = kvzalloc(struct_size(map, site, nr), GFP_KERNEL);
	if (map)
		map->nr = nr;
	return map;
}

static void map_free_rcu(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct fcmd_map, rcu));
}

static int site_cmp(const void *a, const void *b)
{
	const struct fcmd_site *x = *(struct fcmd_site * const *)a;
	const struct fcmd_site *y = *(struct fcmd_site * const *)b;

	if (x->ip < y->ip)
		return -1;
	return x->ip > y->ip;
}

/* The ip set of a map, for the probe's ops.  NULL on no memory. */
static struct ftrace_ip_set *map_set(struct fcmd_map *map)
{
	struct ftrace_ip_set *set = ftrace_ip_set_new(map->nr);
	unsigned int i;

	for (i = 0; set && i < map->nr; i++)
		if (ftrace_ip_set_add(&set, map->site[i]->ip)) {
			ftrace_ip_set_free(set);
			return NULL;
		}
	return set;
}

/*
 * Give @p the map @map (sorted) and its ops the matching set; the old map
 * goes after a grace period (the sites it shares with @map stay).
 * Context: ftrace_lock held.  Return: 0 or -ENOMEM (nothing changed).
 */
static int probe_publish(struct fcmd_probe *p, struct fcmd_map *map)
{
	struct fcmd_map *old = probe_map(p);
	struct ftrace_ip_set *set = map_set(map);

	if (!set)
		return -ENOMEM;
	/* New functions call in only once the map knows them. */
	rcu_assign_pointer(p->map, map);
	ftrace_ops_commit_set(&p->ops, FTRACE_SET_FILTER, set);
	if (old)
		call_rcu(&old->rcu, map_free_rcu);
	return 0;
}

static void probe_free(struct fcmd_probe *p)
{
	struct fcmd_map *map = rcu_dereference_protected(p->map, true);
	unsigned int i;

	if (map) {
		for (i = 0; i < map->nr; i++)
			kfree(map->site[i]);
		kvfree(map);
	}
	ftrace_free_filter(&p->ops);
	kfree(p);
}

/*
 * Unregister and free @p.  Context: event_mutex held (the target's
 * reference is dropped), ftrace_lock not held.
 */
static void probe_destroy(struct fcmd_probe *p)
{
	mutex_lock(&ftrace_lock);
	list_del(&p->list);
	mutex_unlock(&ftrace_lock);
	/* Waits until no CPU is in the callback, nor about to be. */
	unregister_ftrace_function(&p->ops);
	if (p->target)
		trace_event_switch_put(p->target);
	probe_free(p);
}

static struct fcmd_probe *probe_find(struct trace_array *tr,
				     const struct fcmd_kind *kind,
				     struct trace_event_file *target,
				     bool counted)
{
	struct fcmd_probe *p;

	list_for_each_entry(p, &fcmd_probes, list)
		if (p->tr == tr && p->kind == kind && p->target == target &&
		    p->counted == counted)
			return p;
	return NULL;
}

/*
 * Add the functions of @g to the probe of (@tr, @kind, @target, @counted),
 * each with @count firings, making the probe if needed.
 * Context: event_mutex held.
 * Return: 0; -EINVAL when @g matches no function the probe lacks; -errno.
 */
static int probe_add(struct trace_array *tr, const struct fcmd_kind *kind,
		     struct trace_event_file *target, bool counted, long count,
		     const struct ftrace_glob *g)
{
	struct fcmd_site **fresh_sites = NULL;
	struct fcmd_map *old, *map = NULL;
	struct ftrace_ip_set *found, *set;
	struct fcmd_probe *p, *made = NULL;
	unsigned int i, n, want, added = 0;
	unsigned long ip;
	int ret;

	found = ftrace_ip_set_new(0);
	if (!found)
		return -ENOMEM;
	mutex_lock(&ftrace_lock);
	ret = ftrace_glob_apply(g, &found);
	if (ret < 0)
		goto unlock;
	p = probe_find(tr, kind, target, counted);
	old = p ? probe_map(p) : NULL;
	n = old ? old->nr : 0;
	/*
	 * Leave out what the probe has already.  Counted, not deleted from
	 * @found: a deletion moves later entries back under the walk.
	 */
	want = 0;
	for (i = 0; (i = ftrace_ip_set_next(found, i, &ip)); )
		if (!old || !map_lookup(old, ip))
			want++;
	ret = -EINVAL;
	if (!want)
		goto unlock;

	ret = -ENOMEM;
	fresh_sites = kvcalloc(want, sizeof(*fresh_sites), GFP_KERNEL);
	map = map_alloc(n + want);
	if (!fresh_sites || !map)
		goto free_new;
	for (i = 0; (i = ftrace_ip_set_next(found, i, &ip)); ) {
		struct fcmd_site *s;

		if (old && map_lookup(old, ip))
			continue;
		s = kzalloc(sizeof(*s), GFP_KERNEL);
		if (!s)
			goto free_new;
		s->ip = ip;
		atomic_long_set(&s->left, count);
		fresh_sites[added++] = s;
	}
	if (old)
		memcpy(map->site, old->site, n * sizeof(map->site[0]));
	memcpy(map->site + n, fresh_sites, added * sizeof(map->site[0]));
	sort(map->site, map->nr, sizeof(map->site[0]), site_cmp, NULL);

	if (p) {
		ret = probe_publish(p, map);
		if (ret)
			goto free_new;
		goto done;
	}

	made = kzalloc(sizeof(*made), GFP_KERNEL);
	set = made ? map_set(map) : NULL;
	if (!set) {
		kfree(made);
		goto free_new;
	}
	made->tr = tr;
	made->kind = kind;
	made->target = target;
	made->counted = counted;
	made->ops.func = probe_call;
	made->ops.private = tr;
	/*
	 * The core guards against recursion and calls us only while RCU
	 * watches (the maps are freed after a grace period).
	 */
	made->ops.flags = FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU;
	RCU_INIT_POINTER(made->map, map);
	ftrace_ops_commit_set(&made->ops, FTRACE_SET_FILTER, set);
	mutex_unlock(&ftrace_lock);
	ret = register_ftrace_function(&made->ops);
	if (ret) {
		/* The map and its sites go with it. */
		probe_free(made);
		goto out;
	}
	mutex_lock(&ftrace_lock);
	list_add_tail(&made->list, &fcmd_probes);
done:
	mutex_unlock(&ftrace_lock);
	ret = 0;
	goto out;

free_new:
	for (i = 0; i < added; i++)
		kfree(fresh_sites[i]);
	kvfree(map);
unlock:
	mutex_unlock(&ftrace_lock);
out:
	kvfree(fresh_sites);
	ftrace_ip_set_free(found);
	return ret;
}

/*
 * Take the functions whose name matches @g (NULL: all), or with @g NULL
 * and @mod set those of @mod, out of @p; free @p when none is left.
 * Context: event_mutex held.
 * Return: 0, or -EINVAL when none matched.
 */
static int probe_remove(struct fcmd_probe *p, const struct ftrace_glob *g,
			struct module *mod)
{
	struct fcmd_site **gone = NULL;
	struct fcmd_map *old, *map;
	char name[KSYM_SYMBOL_LEN];
	unsigned int i, kept = 0, ngone = 0;
	char *modname;
	int ret;

	mutex_lock(&ftrace_lock);
	old = probe_map(p);
	ret = -ENOMEM;
	map = map_alloc(old->nr);
	gone = kvcalloc(old->nr, sizeof(*gone), GFP_KERNEL);
	if (!map || !gone)
		goto unlock;
	for (i = 0; i < old->nr; i++) {
		struct fcmd_site *s = old->site[i];

		if (g ? ftrace_site_name(s->ip, name, &modname) &&
			ftrace_glob_match(g, name) :
		    !mod || within_module(s->ip, mod))
			gone[ngone++] = s;
		else
			map->site[kept++] = s;
	}
	ret = -EINVAL;
	if (!ngone)
		goto unlock;
	if (!kept) {
		mutex_unlock(&ftrace_lock);
		kvfree(map);
		kvfree(gone);
		probe_destroy(p);
		return 0;
	}
	map->nr = kept;
	ret = probe_publish(p, map);
	if (ret)
		goto unlock;
	mutex_unlock(&ftrace_lock);
	/* A CPU may still be counting down a site that went. */
	for (i = 0; i < ngone; i++)
		kfree_rcu(gone[i], rcu);
	kvfree(gone);
	return 0;
unlock:
	mutex_unlock(&ftrace_lock);
	kvfree(map);
	kvfree(gone);
	return ret;
}

/* ------------------------------------------------------------------ */
/* The words                                                           */

static const struct fcmd_kind *kind_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fcmd_kinds); i++)
		if (!strcmp(fcmd_kinds[i].name, name))
			return &fcmd_kinds[i];
	return NULL;
}

/*
 * N of a command: a number in C notation (0x10, 020 too), up to the next
 * ':' (anything after it is ignored, as upstream does).  An empty N, or
 * one above LONG_MAX, is kept as a negative count: no limit.
 * Return: 0, -EINVAL for a malformed number, -ERANGE for one too large.
 */
static int parse_count(char *text, long *count)
{
	char *num = strsep(&text, ":");
	unsigned long n;
	int ret;

	if (!*num) {
		*count = -1;
		return 0;
	}
	ret = kstrtoul(num, 0, &n);
	if (ret)
		return ret;
	*count = (long)n;
	return 0;
}

/*
 * FUNC:cmd[:PARAM] for a function command; @func still has its "!".
 * Context: none of our locks held.
 */
static int fcmd_command(struct trace_array *tr, char *func,
			const struct fcmd_kind *kind, char *param)
{
	struct trace_event_file *target = NULL;
	bool remove = *func == '!';
	struct ftrace_glob g;
	struct fcmd_probe *p;
	long count = -1;
	bool counted;
	int ret;

	mutex_lock(&event_mutex);
	if (kind->flags & FCMD_EVENT) {
		char *system = strsep(&param, ":");
		char *event;

		ret = -EINVAL;
		if (!param)
			goto unlock;
		event = strsep(&param, ":");
		target = find_event_file(tr, system, event);
		if (!target)
			goto unlock;
	}
	counted = param != NULL;
	if (kind->flags & FCMD_ONCE) {
		counted = true;
		count = 1;
	} else if (kind->flags & FCMD_NO_COUNT) {
		counted = false;
	} else if (counted && !remove) {
		ret = parse_count(param, &count);
		if (ret)
			goto unlock;
	}
	p = probe_find(tr, kind, target, counted);

	if (remove) {
		func++;
		ret = -ENODEV;
		if (!p)
			goto unlock;
		if (!*func || !strcmp(func, "*")) {
			ret = probe_remove(p, NULL, NULL);
			goto unlock;
		}
		ret = ftrace_glob_parse(func, &g);
		if (!ret && g.kind == FTRACE_GLOB_INDEX)
			ret = -EINVAL;
		if (!ret)
			ret = probe_remove(p, &g, NULL);
		goto unlock;
	}

	ret = ftrace_glob_parse(func, &g);
	if (ret)
		goto unlock;
	if (kind->action == FCMD_SNAPSHOT) {
		ret = tracing_alloc_snapshot_instance(tr);
		if (ret)
			goto unlock;
	}
	/* A probe with a target holds one reference to it, from its making. */
	if (target && !p) {
		ret = trace_event_switch_get(target);
		if (ret)
			goto unlock;
	}
	ret = probe_add(tr, kind, target, counted, count, &g);
	if (ret && target && !p)
		trace_event_switch_put(target);
unlock:
	mutex_unlock(&event_mutex);
	return ret;
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
 * Add the functions of the modules @module takes (mod_pattern_takes())
 * that match @func ("" or "*": all) to *@setp, or take them out
 * (@remove).  Context: ftrace_lock held.
 * Return: how many matched, or -errno.
 */
static int mod_apply(const char *func, const char *module, bool remove,
		     struct ftrace_ip_set **setp)
{
	char name[KSYM_SYMBOL_LEN];
	struct ftrace_glob g;
	struct ftrace_group *grp;
	char *pattern = NULL;
	int found = 0, ret = 0;
	char *modname;

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
	}
	list_for_each_entry(grp, &ftrace_groups, list) {
		struct ftrace_site_vec *vec = ftrace_group_vec(grp);
		unsigned int i;

		if (!grp->live || !mod_pattern_takes(module, grp->mod))
			continue;
		for (i = 0; i < vec->nr; i++) {
			struct ftrace_site *s = &vec->site[i];

			if (!ftrace_site_valid(s) ||
			    !ftrace_site_name(s->ip, name, &modname) ||
			    (pattern && !ftrace_glob_match(&g, name)))
				continue;
			if (remove) {
				ftrace_ip_set_del(*setp, s->ip);
			} else {
				ret = ftrace_ip_set_add(setp, s->ip);
				if (ret)
					goto out;
			}
			found++;
		}
	}
	ret = found;
out:
	kfree(pattern);
	return ret;
}

static void mod_free(struct fcmd_mod *km)
{
	kfree(km->func);
	kfree(km->module);
	kfree(km);
}

/*
 * The last kept word of a filter went: a set that traced nothing only
 * because of them (ftrace_cmds_seal()) is empty again, all functions.
 */
static void mods_unseal(struct trace_array *tr, enum ftrace_set_kind kind,
			struct ftrace_ip_set *set)
{
	struct fcmd_mod *km;

	if (kind != FTRACE_SET_FILTER || set->count != 1 ||
	    !ftrace_ip_set_has(set, FTRACE_IP_GONE))
		return;
	list_for_each_entry(km, &fcmd_mods, list)
		if (km->tr == tr && km->kind == kind)
			return;
	ftrace_ip_set_del(set, FTRACE_IP_GONE);
}

/* FUNC:mod:MODULE, @func with its "!". */
static int fcmd_mod(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp, char *func, char *module)
{
	struct fcmd_mod *km, *next;
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
	ret = -EINVAL;
	if (remove) {
		/* Forget kept words: "!*:mod:M" all of M's. */
		list_for_each_entry_safe(km, next, &fcmd_mods, list) {
			if (km->tr != tr || km->kind != kind ||
			    strcmp(km->module, module))
				continue;
			if (*func && strcmp(func, "*") && strcmp(func, km->func))
				continue;
			list_del(&km->list);
			mod_free(km);
			ret = 0;
		}
		if (!ret)
			mods_unseal(tr, kind, *setp);
		goto out;
	}
	/* A loaded module without such a function: as for any pattern. */
	if (module_present(module))
		goto out;
	ret = -ENOMEM;
	km = kzalloc(sizeof(*km), GFP_KERNEL);
	if (!km)
		goto out;
	km->tr = tr;
	km->kind = kind;
	km->func = kstrdup(*func ? func : "*", GFP_KERNEL);
	km->module = kstrdup(module, GFP_KERNEL);
	if (!km->func || !km->module) {
		mod_free(km);
		goto out;
	}
	list_add(&km->list, &fcmd_mods);
	ret = 0;
out:
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&event_mutex);
	return ret < 0 ? ret : 0;
}

/**
 * ftrace_cmd_word - apply a FUNC:COMMAND[:PARAM] word of a filter file
 * @tr: the array of the file
 * @kind: set_ftrace_filter or set_ftrace_notrace
 * @setp: the set being written (:mod: words change it)
 * @word: the word, with a ':' (changed in place)
 *
 * Context: process; none of ftrace_lock, event_mutex held.
 * Return: 0, -EINVAL (unknown command, malformed, matches nothing, a
 * command in set_ftrace_notrace, an absent event), -ENODEV (removal of a
 * probe that does not exist), -ENOMEM.
 */
int ftrace_cmd_word(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp, char *word)
{
	const struct fcmd_kind *k;
	char *func, *cmd;

	func = strsep(&word, ":");
	cmd = strsep(&word, ":");
	if (!cmd)
		return -EINVAL;
	if (!strcmp(cmd, "mod"))
		return fcmd_mod(tr, kind, setp, func, word);
	k = kind_find(cmd);
	if (!k || kind != FTRACE_SET_FILTER || !*func)
		return -EINVAL;
	return fcmd_command(tr, func, k, word);
}

/**
 * ftrace_cmds_seal - settle a filter set written to a file, before commit
 * @tr: the array of the file
 * @kind: which file
 * @setp: the set written
 *
 * A filter with no function but :mod: words kept for modules not loaded
 * yet traces nothing until they come, rather than everything.
 *
 * Context: ftrace_lock held.
 * Return: 0 or -ENOMEM.
 */
int ftrace_cmds_seal(struct trace_array *tr, enum ftrace_set_kind kind,
		     struct ftrace_ip_set **setp)
{
	struct fcmd_mod *km;

	lockdep_assert_held(&ftrace_lock);
	if (kind != FTRACE_SET_FILTER || (*setp)->count)
		return 0;
	list_for_each_entry(km, &fcmd_mods, list)
		if (km->tr == tr && km->kind == kind)
			return ftrace_ip_set_add(setp, FTRACE_IP_GONE);
	return 0;
}

/**
 * ftrace_cmds_truncate - a filter file opened with O_TRUNC
 * @tr: its array
 * @kind: which file
 *
 * The :mod: words kept for that file are forgotten, as the functions are;
 * the function commands stay.  Context: process.
 */
void ftrace_cmds_truncate(struct trace_array *tr, enum ftrace_set_kind kind)
{
	struct fcmd_mod *km, *next;

	mutex_lock(&event_mutex);
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(km, next, &fcmd_mods, list) {
		if (km->tr == tr && km->kind == kind) {
			list_del(&km->list);
			mod_free(km);
		}
	}
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&event_mutex);
}

/* Print one line of a probe; a function whose module went prints none. */
static void probe_show(struct seq_file *m, struct fcmd_probe *p,
		       struct fcmd_site *s)
{
	if (!ftrace_site_find(s->ip))
		return;
	seq_printf(m, "%ps:%s", (void *)s->ip, p->kind->name);
	if (p->target)
		seq_printf(m, ":%s:%s", event_system(p->target->event_call),
			   trace_event_name(p->target->event_call));
	/* Upstream's event commands print a count of -1 as unlimited. */
	if (p->counted && !(p->target && atomic_long_read(&s->left) == -1))
		seq_printf(m, ":count=%ld\n", atomic_long_read(&s->left));
	else
		seq_puts(m, ":unlimited\n");
}

/**
 * ftrace_cmds_line - a line of a filter file after its functions
 * @m: where to print it; NULL: only say whether it exists
 * @tr: the array of the file
 * @kind: which file
 * @idx: the line, 0 for the first after the functions
 *
 * The kept :mod: words come first ("FUNC:mod:MODULE"), then, in
 * set_ftrace_filter, a line per probe and function.
 *
 * Context: ftrace_lock held.
 * Return: whether line @idx exists.
 */
bool ftrace_cmds_line(struct seq_file *m, struct trace_array *tr,
		      enum ftrace_set_kind kind, loff_t idx)
{
	struct fcmd_probe *p;
	struct fcmd_mod *km;

	lockdep_assert_held(&ftrace_lock);
	list_for_each_entry(km, &fcmd_mods, list) {
		if (km->tr != tr || km->kind != kind)
			continue;
		if (idx--)
			continue;
		if (m)
			seq_printf(m, "%s:mod:%s\n", km->func, km->module);
		return true;
	}
	if (kind != FTRACE_SET_FILTER)
		return false;
	list_for_each_entry(p, &fcmd_probes, list) {
		struct fcmd_map *map = probe_map(p);

		if (p->tr != tr)
			continue;
		if (idx >= map->nr) {
			idx -= map->nr;
			continue;
		}
		if (m)
			probe_show(m, p, map->site[idx]);
		return true;
	}
	return false;
}

/**
 * ftrace_cmds_array_clear - drop an instance's function commands
 * @tr: the instance, being removed (before its events go)
 *
 * Context: event_mutex held.
 */
void ftrace_cmds_array_clear(struct trace_array *tr)
{
	struct fcmd_probe *p, *pn;
	struct fcmd_mod *km, *kn;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(p, pn, &fcmd_probes, list)
		if (p->tr == tr)
			probe_destroy(p);
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(km, kn, &fcmd_mods, list) {
		if (km->tr == tr) {
			list_del(&km->list);
			mod_free(km);
		}
	}
	mutex_unlock(&ftrace_lock);
}

#ifdef CONFIG_MODULES
/*
 * A module is coming (its sites are live, its init has not run): the
 * words kept for it go into their arrays' sets.
 */
static void mods_apply_kept(struct module *mod)
{
	struct fcmd_mod *km, *next;

	mutex_lock(&event_mutex);
	mutex_lock(&ftrace_lock);
	list_for_each_entry_safe(km, next, &fcmd_mods, list) {
		struct ftrace_ops *ops = km->tr->ops;
		struct ftrace_ip_set *set;

		if (strcmp(km->module, mod->name))
			continue;
		list_del(&km->list);
		set = ops ? ftrace_ip_set_copy(ftrace_ops_set(ops, km->kind)) : NULL;
		if (set && mod_apply(km->func, km->module, false, &set) >= 0)
			ftrace_ops_commit_set(ops, km->kind, set);
		else
			ftrace_ip_set_free(set);
		mod_free(km);
	}
	mutex_unlock(&ftrace_lock);
	mutex_unlock(&event_mutex);
}

/* A module is going: the commands on its functions go first. */
static void probes_drop_module(struct module *mod)
{
	struct fcmd_probe *p, *next;

	mutex_lock(&event_mutex);
	list_for_each_entry_safe(p, next, &fcmd_probes, list)
		probe_remove(p, NULL, mod);
	mutex_unlock(&event_mutex);
}

static int fcmd_module_notify(struct notifier_block *nb, unsigned long state,
			      void *data)
{
	if (state == MODULE_STATE_COMING)
		mods_apply_kept(data);
	else if (state == MODULE_STATE_GOING)
		probes_drop_module(data);
	return NOTIFY_OK;
}

static struct notifier_block fcmd_module_nb = {
	.notifier_call	= fcmd_module_notify,
};

static int __init ftrace_cmds_init(void)
{
	return register_module_notifier(&fcmd_module_nb);
}
core_initcall(ftrace_cmds_init);
#endif
