// SPDX-License-Identifier: GPL-2.0
/*
 * The function commands of set_ftrace_filter: FUNC:COMMAND[:PARAM].
 *
 *   FUNC:traceon[:N]   FUNC:traceoff[:N]   FUNC:snapshot[:N]
 *   FUNC:stacktrace[:N]   FUNC:dump   FUNC:cpudump
 *   FUNC:enable_event:SYSTEM:EVENT[:N]   FUNC:disable_event:SYSTEM:EVENT[:N]
 *
 * (FUNC:mod:MODULE, the other word with a ':', is ftrace_mod.c's.)
 *
 * A command is carried out by a "probe": an ftrace_ops of its own,
 * tracing only the functions it is set on, whatever the array's function
 * tracer does.  An array has at most one probe a command and kind of
 * count, as upstream has one probe a command's ops: "FUNC:cmd" adds FUNC's
 * functions to the uncounted probe, "FUNC:cmd:N" to the counted one, each
 * function with its own count of N firings ("dump" is always counted,
 * once; "cpudump" never).  An event command's SYSTEM:EVENT is kept with
 * each function, so a function has one target a probe: a word that adds
 * no function new to the probe (every match is there already, whatever
 * its event) fails with -EINVAL, as upstream's does.  A count is used up
 * only by a firing that changes something (traceon while tracing is
 * off...).  "!FUNC:cmd" takes FUNC's functions out of the uncounted probe,
 * "!FUNC:cmd:ANYTHING" out of the counted one; "!*:cmd" empties it.  A
 * probe left with no function is unregistered and freed.
 *
 * The listing, after the set's functions and the kept :mod: words, has a
 * line per probe and function: "schedule:traceon:unlimited",
 * "schedule:traceoff:count=3", "schedule:enable_event:sched:sched_switch:
 * count=2" (one line), as upstream prints them.
 *
 * Locking: the probes are changed with event_mutex held (and ftrace_lock
 * around what the listing reads), and read (listing) with either.  A
 * probe's callback takes no lock: it looks the function up in the probe's
 * map (RCU-sched, sorted by address) and counts down with a
 * compare-and-exchange, so a count of N fires at most N times whatever
 * the CPUs do.  A function taken out of a live probe is freed, and its
 * event let go, only after a grace period.
 */

#include <kunit/visibility.h>
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
	struct trace_event_file	*target;  /* FCMD_EVENT: holds a switch ref */
	atomic_long_t		left;	/* firings left; counted probes only */
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
	bool				counted;
	struct fcmd_map __rcu		*map;
};

/* Changed under event_mutex and ftrace_lock. */
static LIST_HEAD(fcmd_probes);

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

/* Would firing @p at @s change anything now? */
static bool probe_would_change(struct fcmd_probe *p, struct fcmd_site *s)
{
	switch (p->kind->action) {
	case FCMD_TRACEON:
		return trace_onoff_would_change(p->tr, true);
	case FCMD_TRACEOFF:
		return trace_onoff_would_change(p->tr, false);
	case FCMD_STACKTRACE:
		return tracer_tracing_is_on(p->tr);
	case FCMD_ENABLE_EVENT:
		return trace_event_switch_would_change(s->target, true);
	case FCMD_DISABLE_EVENT:
		return trace_event_switch_would_change(s->target, false);
	default:
		return true;
	}
}

static void probe_fire(struct fcmd_probe *p, struct fcmd_site *s)
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
					  s->ip, 0);
		break;
	case FCMD_DUMP:
		ftrace_dump(DUMP_ALL);
		break;
	case FCMD_CPUDUMP:
		ftrace_dump(DUMP_ORIG);
		break;
	case FCMD_ENABLE_EVENT:
		trace_event_switch(s->target, true);
		break;
	case FCMD_DISABLE_EVENT:
		trace_event_switch(s->target, false);
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
		probe_fire(p, s);
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
		if (probe_would_change(p, s))
			probe_fire(p, s);
		return;
	}
	do {
		if (!left || !probe_would_change(p, s))
			return;
	} while (!atomic_long_try_cmpxchg(&s->left, &left, left - 1));
	probe_fire(p, s);
}

/* ------------------------------------------------------------------ */
/* Maps                                                                */

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

/* Free sites no CPU can reach any more.  Context: event_mutex held. */
static void sites_free(struct fcmd_site **site, unsigned int nr)
{
	unsigned int i;

	lockdep_assert_held(&event_mutex);
	for (i = 0; i < nr; i++) {
		if (site[i]->target)
			trace_event_switch_put(site[i]->target);
		kfree(site[i]);
	}
}

/*
 * New sites for the addresses of @found that @old lacks, each with @count
 * firings and a reference to @target.  Context: event_mutex held.
 * Return: the array (*@nr entries; kvfree() it), or an ERR_PTR: -EINVAL
 * when every address is in @old already, -ENOMEM, the target's error.
 */
static struct fcmd_site **sites_make(const struct ftrace_ip_set *found,
				     const struct fcmd_map *old,
				     struct trace_event_file *target,
				     long count, unsigned int *nr)
{
	struct fcmd_site **fresh;
	unsigned int i, n = 0;
	unsigned long ip;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	fresh = kvcalloc(found->count, sizeof(*fresh), GFP_KERNEL);
	if (!fresh)
		return ERR_PTR(-ENOMEM);
	for (i = 0; !ret && (i = ftrace_ip_set_next(found, i, &ip)); ) {
		struct fcmd_site *s;

		if (old && map_lookup(old, ip))
			continue;
		s = kzalloc(sizeof(*s), GFP_KERNEL);
		if (!s) {
			ret = -ENOMEM;
			break;
		}
		ret = target ? trace_event_switch_get(target) : 0;
		if (ret) {
			kfree(s);
			break;
		}
		s->ip = ip;
		s->target = target;
		atomic_long_set(&s->left, count);
		fresh[n++] = s;
	}
	if (!ret && !n)
		ret = -EINVAL;
	if (ret) {
		sites_free(fresh, n);
		kvfree(fresh);
		return ERR_PTR(ret);
	}
	*nr = n;
	return fresh;
}

/* @old's sites and @fresh's, sorted.  NULL on no memory. */
static struct fcmd_map *map_merge(const struct fcmd_map *old,
				  struct fcmd_site **fresh, unsigned int nr)
{
	unsigned int n = old ? old->nr : 0;
	struct fcmd_map *map = map_alloc(n + nr);

	if (!map)
		return NULL;
	if (old)
		memcpy(map->site, old->site, n * sizeof(map->site[0]));
	memcpy(map->site + n, fresh, nr * sizeof(map->site[0]));
	sort(map->site, map->nr, sizeof(map->site[0]), site_cmp, NULL);
	return map;
}

/*
 * The ip set of a map, for the probe's ops: its functions that are still
 * call sites (a function's text may have gone since the map was built;
 * its address may even be another function's by now).  A set left with
 * none holds FTRACE_IP_GONE: it traces nothing, not everything.
 * Context: ftrace_lock held.  Return: the set, or NULL on no memory.
 */
static struct ftrace_ip_set *map_set(struct fcmd_map *map)
{
	struct ftrace_ip_set *set = ftrace_ip_set_new(map->nr);
	unsigned int i;
	int ret = 0;

	lockdep_assert_held(&ftrace_lock);
	for (i = 0; set && !ret && i < map->nr; i++)
		if (ftrace_site_find(map->site[i]->ip))
			ret = ftrace_ip_set_add(&set, map->site[i]->ip);
	if (set && !ret && !set->count)
		ret = ftrace_ip_set_add(&set, FTRACE_IP_GONE);
	if (ret) {
		ftrace_ip_set_free(set);
		return NULL;
	}
	return set;
}

/* ------------------------------------------------------------------ */
/* Probes                                                              */

/*
 * Give @p the map @map (sorted) and its ops the matching set; the old map
 * goes after a grace period (the sites it shares with @map stay).
 * Context: event_mutex held.  Return: 0 or -ENOMEM (nothing changed).
 */
static int probe_publish(struct fcmd_probe *p, struct fcmd_map *map)
{
	struct fcmd_map *old;
	struct ftrace_ip_set *set;

	lockdep_assert_held(&event_mutex);
	old = probe_map(p);
	mutex_lock(&ftrace_lock);
	set = map_set(map);
	if (!set) {
		mutex_unlock(&ftrace_lock);
		return -ENOMEM;
	}
	/* New functions call in only once the map knows them. */
	rcu_assign_pointer(p->map, map);
	ftrace_ops_commit_set(&p->ops, FTRACE_SET_FILTER, set);
	mutex_unlock(&ftrace_lock);
	if (old)
		call_rcu(&old->rcu, map_free_rcu);
	return 0;
}

/* Free an unregistered probe, its map and its sites.  event_mutex held. */
static void probe_free(struct fcmd_probe *p)
{
	struct fcmd_map *map = rcu_dereference_protected(p->map, true);

	if (map) {
		sites_free(map->site, map->nr);
		kvfree(map);
	}
	ftrace_free_filter(&p->ops);
	kfree(p);
}

/*
 * A probe of @tr for @kind, with @map (which it takes over), registered.
 * Context: event_mutex held.  Return: 0 or -errno (@map not taken).
 */
static int probe_make(struct trace_array *tr, const struct fcmd_kind *kind,
		      bool counted, struct fcmd_map *map)
{
	struct fcmd_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct ftrace_ip_set *set;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!p)
		return -ENOMEM;
	p->tr = tr;
	p->kind = kind;
	p->counted = counted;
	p->ops.func = probe_call;
	p->ops.private = tr;
	/*
	 * The core guards against recursion and calls us only while RCU
	 * watches (the maps are freed after a grace period).
	 */
	p->ops.flags = FTRACE_OPS_FL_RECURSION | FTRACE_OPS_FL_RCU;
	/* Published with the registration. */
	RCU_INIT_POINTER(p->map, map);
	mutex_lock(&ftrace_lock);
	set = map_set(map);
	if (set)
		ftrace_ops_commit_set(&p->ops, FTRACE_SET_FILTER, set);
	mutex_unlock(&ftrace_lock);
	if (!set) {
		kfree(p);
		return -ENOMEM;
	}
	/* (Registering takes out of the set what stopped being a site.) */
	ret = register_ftrace_function(&p->ops);
	if (ret) {
		ftrace_free_filter(&p->ops);
		kfree(p);
		return ret;
	}
	mutex_lock(&ftrace_lock);
	list_add_tail(&p->list, &fcmd_probes);
	mutex_unlock(&ftrace_lock);
	return 0;
}

/* Take @p off the list and unregister it, not waiting.  event_mutex. */
static void probe_unlist(struct fcmd_probe *p)
{
	lockdep_assert_held(&event_mutex);
	mutex_lock(&ftrace_lock);
	list_del(&p->list);
	mutex_unlock(&ftrace_lock);
	ftrace_ops_unregister_nowait(&p->ops);
}

/* Unregister and free @p.  Context: event_mutex held. */
static void probe_destroy(struct fcmd_probe *p)
{
	lockdep_assert_held(&event_mutex);
	probe_unlist(p);
	/* No CPU is in the callback, nor about to be. */
	ftrace_ops_wait_out();
	probe_free(p);
}

static struct fcmd_probe *probe_find(struct trace_array *tr,
				     const struct fcmd_kind *kind, bool counted)
{
	struct fcmd_probe *p;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(p, &fcmd_probes, list)
		if (p->tr == tr && p->kind == kind && p->counted == counted)
			return p;
	return NULL;
}

/*
 * Add the functions of @g to the probe of (@tr, @kind, @counted), each
 * with @count firings and @target, making the probe if needed.
 * Context: event_mutex held.
 * Return: 0; -EINVAL when @g matches no function the probe lacks; -errno.
 */
static int probe_add(struct trace_array *tr, const struct fcmd_kind *kind,
		     struct trace_event_file *target, bool counted, long count,
		     const struct ftrace_glob *g)
{
	struct fcmd_probe *p = probe_find(tr, kind, counted);
	struct fcmd_map *old = p ? probe_map(p) : NULL, *map;
	struct ftrace_ip_set *found = ftrace_ip_set_new(0);
	struct fcmd_site **fresh;
	unsigned int nr;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (!found)
		return -ENOMEM;
	mutex_lock(&ftrace_lock);
	ret = ftrace_glob_apply(g, &found);
	mutex_unlock(&ftrace_lock);
	fresh = ret < 0 ? ERR_PTR(ret) : sites_make(found, old, target, count, &nr);
	ftrace_ip_set_free(found);
	if (IS_ERR(fresh))
		return PTR_ERR(fresh);
	map = map_merge(old, fresh, nr);
	if (!map)
		ret = -ENOMEM;
	else if (p)
		ret = probe_publish(p, map);
	else
		ret = probe_make(tr, kind, counted, map);
	if (ret) {
		sites_free(fresh, nr);
		kvfree(map);
	}
	kvfree(fresh);
	return ret;
}

/* Does site @s go: its function matches @g, or (@g NULL) is @mod's? */
static bool site_goes(struct fcmd_site *s, const struct ftrace_glob *g,
		      struct module *mod)
{
	char name[KSYM_SYMBOL_LEN];
	char *modname;

	if (g)
		return ftrace_site_name(s->ip, name, &modname) &&
		       ftrace_glob_match(g, name);
	return !mod || within_module(s->ip, mod);
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
	struct fcmd_map *old = probe_map(p);
	struct fcmd_map *map = map_alloc(old->nr);
	struct fcmd_site **gone = kvcalloc(old->nr, sizeof(*gone), GFP_KERNEL);
	unsigned int i, kept = 0, ngone = 0;
	int ret = -ENOMEM;

	lockdep_assert_held(&event_mutex);
	if (!map || !gone)
		goto out;
	for (i = 0; i < old->nr; i++) {
		if (site_goes(old->site[i], g, mod))
			gone[ngone++] = old->site[i];
		else
			map->site[kept++] = old->site[i];
	}
	ret = -EINVAL;
	if (!ngone)
		goto out;
	if (!kept) {
		probe_destroy(p);
		ret = 0;
		goto out;
	}
	map->nr = kept;
	ret = probe_publish(p, map);
	if (ret)
		goto out;
	/* A CPU may still be at a site that went, or at its event. */
	synchronize_rcu();
	sites_free(gone, ngone);
	map = NULL;
out:
	if (ret || !kept)
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

/**
 * ftrace_cmd_parse_count - read the N of FUNC:cmd:N
 * @text: N, up to the next ':' (anything after it is ignored, as upstream
 *	does); a number in C notation (0x10, 020 too)
 * @count: the count; an empty N, or one above LONG_MAX, is kept as a
 *	negative count: no limit
 *
 * Return: 0, -EINVAL for a malformed number, -ERANGE for one too large.
 */
VISIBLE_IF_KUNIT int ftrace_cmd_parse_count(char *text, long *count)
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
EXPORT_SYMBOL_IF_KUNIT(ftrace_cmd_parse_count);

/* What a command word asks, once its parameters are read. */
struct fcmd_req {
	const struct fcmd_kind		*kind;
	struct trace_event_file		*target;
	bool				remove;
	bool				counted;
	long				count;
};

/*
 * Read PARAM of FUNC:cmd[:PARAM]: SYSTEM:EVENT of an event command, then
 * N.  Context: event_mutex held.  Return: 0 or -EINVAL, -ERANGE.
 */
static int fcmd_parse(struct trace_array *tr, struct fcmd_req *r, char *param)
{
	lockdep_assert_held(&event_mutex);
	r->count = -1;
	if (r->kind->flags & FCMD_EVENT) {
		char *system = strsep(&param, ":");
		char *event;

		if (!param)
			return -EINVAL;
		event = strsep(&param, ":");
		r->target = find_event_file(tr, system, event);
		if (!r->target)
			return -EINVAL;
	}
	r->counted = param != NULL;
	if (r->kind->flags & FCMD_ONCE) {
		r->counted = true;
		r->count = 1;
	} else if (r->kind->flags & FCMD_NO_COUNT) {
		r->counted = false;
	} else if (r->counted && !r->remove) {
		return ftrace_cmd_parse_count(param, &r->count);
	}
	return 0;
}

/* "!FUNC:cmd...": take FUNC's functions out.  event_mutex held. */
static int fcmd_unset(struct trace_array *tr, struct fcmd_req *r, char *func)
{
	struct fcmd_probe *p = probe_find(tr, r->kind, r->counted);
	struct ftrace_glob g;
	int ret;

	if (!p)
		return -ENODEV;
	if (!*func || !strcmp(func, "*"))
		return probe_remove(p, NULL, NULL);
	ret = ftrace_glob_parse(func, &g);
	if (!ret && g.kind == FTRACE_GLOB_INDEX)
		ret = -EINVAL;
	return ret ?: probe_remove(p, &g, NULL);
}

/*
 * FUNC:cmd[:PARAM] for a function command; @func still has its "!".
 * Context: none of our locks held.
 */
static int fcmd_command(struct trace_array *tr, char *func,
			const struct fcmd_kind *kind, char *param)
{
	struct fcmd_req r = { .kind = kind, .remove = *func == '!' };
	struct ftrace_glob g;
	int ret;

	mutex_lock(&event_mutex);
	ret = fcmd_parse(tr, &r, param);
	if (ret)
		goto unlock;
	if (r.remove) {
		ret = fcmd_unset(tr, &r, func + 1);
		goto unlock;
	}
	ret = ftrace_glob_parse(func, &g);
	if (!ret && kind->action == FCMD_SNAPSHOT)
		ret = tracing_alloc_snapshot_instance(tr);
	if (!ret)
		ret = probe_add(tr, kind, r.target, r.counted, r.count, &g);
unlock:
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * ftrace_cmd_word - apply a FUNC:COMMAND[:PARAM] word of a filter file
 * @tr: the array of the file; NULL for a file with none (stack_trace_filter),
 *	which takes no command (-ENODEV for a known one, as upstream)
 * @kind: set_ftrace_filter or set_ftrace_notrace
 * @setp: the set being written (:mod: words change it)
 * @word: the word, with a ':' (changed in place)
 *
 * Context: process; none of ftrace_lock, event_mutex held.
 * Return: 0, -EINVAL (unknown command, malformed, matches nothing new, a
 * command in set_ftrace_notrace, an absent event), -ENODEV (removal of a
 * probe that does not exist), -ENOSPC (too many kept :mod: words),
 * -ENOMEM.
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
	k = kind_find(cmd);
	/* A file with no array (stack_trace_filter): a known command fails so. */
	if (!tr)
		return k || !strcmp(cmd, "mod") ? -ENODEV : -EINVAL;
	if (!strcmp(cmd, "mod"))
		return ftrace_mod_word(tr, kind, setp, func, word);
	if (!k || kind != FTRACE_SET_FILTER || !*func)
		return -EINVAL;
	return fcmd_command(tr, func, k, word);
}

/* Print one line of a probe; a function whose module went prints none. */
static void probe_show(struct seq_file *m, struct fcmd_probe *p,
		       struct fcmd_site *s)
{
	if (!ftrace_site_find(s->ip))
		return;
	seq_printf(m, "%ps:%s", (void *)s->ip, p->kind->name);
	if (s->target)
		seq_printf(m, ":%s:%s", event_system(s->target->event_call),
			   trace_event_name(s->target->event_call));
	/* Upstream's event commands print a count of -1 as unlimited. */
	if (p->counted && !(s->target && atomic_long_read(&s->left) == -1))
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
 * @cur: the reader's cursor
 *
 * The kept :mod: words come first ("FUNC:mod:MODULE"), then, in
 * set_ftrace_filter, a line per probe and function.
 *
 * Context: ftrace_lock held.
 * Return: whether line @idx exists.
 */
bool ftrace_cmds_line(struct seq_file *m, struct trace_array *tr,
		      enum ftrace_set_kind kind, loff_t idx,
		      struct ftrace_cmds_cursor *cur)
{
	struct fcmd_probe *p;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_mod_line(m, tr, kind, &idx, cur))
		return true;
	if (kind != FTRACE_SET_FILTER)
		return false;
	/* A few probes an array: no cursor needed. */
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
 * Its probes are waited out together, in one grace period.
 * Context: event_mutex held.
 */
void ftrace_cmds_array_clear(struct trace_array *tr)
{
	struct fcmd_probe *p, *pn;
	LIST_HEAD(going);

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(p, pn, &fcmd_probes, list) {
		if (p->tr != tr)
			continue;
		probe_unlist(p);
		list_add(&p->list, &going);
	}
	if (!list_empty(&going))
		ftrace_ops_wait_out();
	list_for_each_entry_safe(p, pn, &going, list)
		probe_free(p);
	ftrace_mod_array_clear(tr);
}

#ifdef CONFIG_MODULES
/* A module is going: the commands on its functions go first. */
static int fcmd_module_notify(struct notifier_block *nb, unsigned long state,
			      void *data)
{
	struct fcmd_probe *p, *next;

	if (state != MODULE_STATE_GOING)
		return NOTIFY_OK;
	mutex_lock(&event_mutex);
	list_for_each_entry_safe(p, next, &fcmd_probes, list)
		probe_remove(p, NULL, data);
	mutex_unlock(&event_mutex);
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
