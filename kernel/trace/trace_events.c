// SPDX-License-Identifier: GPL-2.0
/*
 * Event tracing: the registry of events, and every array's event files
 * with their directories in tracefs.
 *
 * The registry.  Every TRACE_EVENT() leaves a trace_event_call and a
 * pointer to it in the _ftrace_events section, of vmlinux or of a module.
 * trace_event_init() (from trace_init(), before the first user process)
 * registers vmlinux's: the class's raw_init gives the event its record
 * type, the call goes on ftrace_events, and every trace array gets a
 * trace_event_file for it.  Modules' events come and go with the module
 * notifier; trace_add_event_call() and trace_remove_event_call() do the
 * same for events made at run time (events/ftrace/, later probes).
 *
 * Record types of events that went away are not handed out again by
 * register_trace_event() (see trace_event_types.c), so their records
 * left in a buffer print as an unknown type instead of being decoded with
 * someone else's layout; buffers are never wiped for it.
 *
 * The files.  Each array has events/ made with eventfs, which creates an
 * inode only when a name is looked up: an event costs one trace_event_file
 * and one eventfs_inode per array, a system one trace_subsystem_dir and
 * one eventfs_inode.  The eventfs directory of an event or system holds a
 * reference on its file or dir, dropped by eventfs's release callback when
 * the last dentry under it is gone; so an open file's private data stays
 * valid after the event is removed, and every operation checks
 * EVENT_FILE_FL_FREED (or dir->removed) under event_mutex before it looks
 * at the event itself.  The files' operations are those of
 * trace_event_enable.c (the enable files), trace_filter.c (the filter
 * files), trace_triggers.c (trigger) and trace_event_format.c (the
 * others); this file only puts them in the directories.  A file that goes
 * loses its triggers first.
 *
 * Not here: switching events on and off (trace_event_enable.c), what the
 * probes call to record (trace_event_record.c), print fmt's eval maps
 * (trace_event_eval.c), set_event and the pid filters (trace_events_ctl.c,
 * whose files trace_instances.c makes next to events/), and the boot
 * options (trace_boot.c, which calls trace_event_init()).
 *
 * Locking.  event_mutex guards ftrace_events, every array's events and
 * systems lists and the changes of an event file's state.  It is taken
 * before tracing_lock.  Trace arrays are added to and removed from
 * trace_arrays with both held, so holding event_mutex is enough to walk
 * that list.  The probes take no lock at all.  (event_mutex is defined in
 * trace_event_enable.c, the bottom of event tracing.)
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace.h"

LIST_HEAD(ftrace_events);

/* The linker script brackets vmlinux's events and enum maps with these. */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

static struct kmem_cache *event_file_cache;

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

static void event_file_put(struct trace_event_file *file)
{
	if (atomic_dec_and_test(&file->ref)) {
		/* No probe runs with the file any more: nor with its filter. */
		trace_filter_free(rcu_dereference_protected(file->filter, 1));
		kmem_cache_free(event_file_cache, file);
	}
}

static void system_dir_put(struct trace_subsystem_dir *dir)
{
	if (atomic_dec_and_test(&dir->ref)) {
		kfree_const(dir->name);
		kfree(dir);
	}
}

/* The module an event belongs to (none for vmlinux and dynamic events). */
static struct module *event_module(struct trace_event_call *call)
{
	return call->flags & TRACE_EVENT_FL_DYNAMIC ? NULL : call->module;
}

/* ------------------------------------------------------------------ */
/* events/: the directories (eventfs)                                  */

/*
 * eventfs asks these for a file's mode, operations and data when a name
 * is looked up or listed; they run under eventfs's lock, only while the
 * directory is not removed, and must not call back into tracefs.
 */
static int events_top_entry(const char *name, umode_t *mode, void **data,
			    const struct file_operations **fops)
{
	*mode = TRACE_MODE_READ;
	if (!strcmp(name, "enable")) {
		*mode = TRACE_MODE_WRITE;
		*fops = &events_enable_fops;
	} else if (!strcmp(name, "header_page")) {
		*fops = &header_page_fops;
	} else {
		*fops = &header_event_fops;
	}
	return 1;
}

static int system_entry(const char *name, umode_t *mode, void **data,
			const struct file_operations **fops)
{
	struct trace_subsystem_dir *dir = *data;

	if (dir->no_enable)
		return 0;
	*mode = TRACE_MODE_WRITE;
	*fops = strcmp(name, "enable") ? &system_filter_fops :
					 &system_enable_fops;
	return 1;
}

/*
 * events/SYSTEM/EVENT/hist belongs to the hist triggers: they give its
 * operations at boot (trace_event_hist_register()), and every event
 * directory then shows the file.
 */
static const struct file_operations *event_hist_fops;

/**
 * trace_event_hist_register - give the operations of every event's hist file
 * @fops: the operations
 *
 * Context: boot, before user space looks at events/.
 */
void trace_event_hist_register(const struct file_operations *fops)
{
	WRITE_ONCE(event_hist_fops, fops);
}

static int event_entry(const char *name, umode_t *mode, void **data,
		       const struct file_operations **fops)
{
	struct trace_event_file *file = *data;
	struct trace_event_call *call = file->event_call;

	*mode = TRACE_MODE_READ;
	if (!strcmp(name, "enable") || !strcmp(name, "filter")) {
		if (!event_switchable(call))
			return 0;
		*mode = TRACE_MODE_WRITE;
		*fops = name[0] == 'e' ? &event_enable_fops :
					 &event_filter_fops;
	} else if (!strcmp(name, "format")) {
		*fops = &event_format_fops;
	} else if (!strcmp(name, "hist")) {
		/* Only where hist triggers registered their file. */
		*fops = READ_ONCE(event_hist_fops);
		if (!*fops)
			return 0;
	} else if (!strcmp(name, "trigger")) {
		/* Of the core's records, only print (trace_marker) has one. */
		if (!event_switchable(call) && call->event.type != TRACE_PRINT)
			return 0;
		*mode = TRACE_MODE_WRITE;
		*fops = &event_trigger_fops;
	} else {
		/* Upstream shows no id for the core's records without reg. */
		if (!call->event.type || !call->class->reg)
			return 0;
		*data = (void *)(long)call->event.type;
		*fops = &event_id_fops;
	}
	return 1;
}

/* The last dentry below a directory is gone: drop the directory's ref. */
static void system_ei_release(const char *name, void *data)
{
	system_dir_put(data);
}

static void event_ei_release(const char *name, void *data)
{
	event_file_put(data);
}

static const struct eventfs_entry events_top_entries[] = {
	{ .name = "enable",		.callback = events_top_entry },
	{ .name = "header_page",	.callback = events_top_entry },
	{ .name = "header_event",	.callback = events_top_entry },
};

static const struct eventfs_entry system_entries[] = {
	{ .name = "enable", .callback = system_entry,
	  .release = system_ei_release },
	{ .name = "filter", .callback = system_entry },
};

static const struct eventfs_entry event_entries[] = {
	{ .name = "enable",	.callback = event_entry },
	{ .name = "filter",	.callback = event_entry },
	{ .name = "format",	.callback = event_entry },
	{ .name = "hist",	.callback = event_entry },
	{ .name = "id",		.callback = event_entry,
	  .release = event_ei_release },
	{ .name = "trigger",	.callback = event_entry },
};

static void system_dir_mkdir(struct trace_subsystem_dir *dir)
{
	struct eventfs_inode *ei;

	ei = eventfs_create_dir(dir->name, dir->tr->event_dir, system_entries,
				ARRAY_SIZE(system_entries), dir);
	if (IS_ERR(ei)) {
		pr_warn("could not create events/%s\n", dir->name);
		return;
	}
	atomic_inc(&dir->ref);
	dir->ei = ei;
}

static void event_file_mkdir(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;
	struct eventfs_inode *ei;

	if (!file->system->ei)
		return;
	ei = eventfs_create_dir(trace_event_name(call), file->system->ei,
				event_entries, ARRAY_SIZE(event_entries), file);
	if (IS_ERR(ei)) {
		pr_warn("could not create events/%s/%s\n", event_system(call),
			trace_event_name(call));
		return;
	}
	atomic_inc(&file->ref);
	file->ei = ei;
}

/* ------------------------------------------------------------------ */
/* An array's event files                                              */

static struct trace_subsystem_dir *system_dir_get(struct trace_array *tr,
						  struct trace_event_call *call)
{
	const char *name = event_system(call);
	struct trace_subsystem_dir *dir;

	list_for_each_entry(dir, &tr->systems, list)
		if (!strcmp(dir->name, name))
			return dir;
	dir = kzalloc(sizeof(*dir), GFP_KERNEL);
	if (!dir)
		return NULL;
	dir->name = kstrdup_const(name, GFP_KERNEL);
	if (!dir->name) {
		kfree(dir);
		return NULL;
	}
	dir->tr = tr;
	dir->no_enable = call->flags & TRACE_EVENT_FL_IGNORE_ENABLE;
	atomic_set(&dir->ref, 1);
	list_add_tail(&dir->list, &tr->systems);
	if (tr->event_dir)
		system_dir_mkdir(dir);
	return dir;
}

static void system_dir_drop(struct trace_subsystem_dir *dir)
{
	if (--dir->nr_events)
		return;
	dir->removed = true;
	list_del(&dir->list);
	eventfs_remove_dir(dir->ei);
	system_dir_put(dir);
}

static int event_file_add(struct trace_array *tr, struct trace_event_call *call)
{
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file;

	dir = system_dir_get(tr, call);
	if (!dir)
		return -ENOMEM;
	file = kmem_cache_zalloc(event_file_cache, GFP_KERNEL);
	if (!file) {
		dir->nr_events++;
		system_dir_drop(dir);
		return -ENOMEM;
	}
	file->event_call = call;
	file->tr = tr;
	file->system = dir;
	INIT_LIST_HEAD(&file->triggers);
	atomic_set(&file->ref, 1);
	if (array_pid_filtered(tr))
		file->flags = EVENT_FILE_FL_PID_FILTER;
	dir->nr_events++;
	list_add_tail(&file->list, &tr->events);
	if (tr->event_dir)
		event_file_mkdir(file);
	return 0;
}

/*
 * Take a file off its array: its probe off, its directory gone, marked
 * freed for the files still open.  It goes on @dead, to be put once no
 * probe can be running with it any more (event_files_put()).
 */
static void event_file_unlink(struct trace_event_file *file,
			      struct list_head *dead)
{
	struct trace_event_call *call = file->event_call;

	trace_triggers_drop(file);
	if (file->flags & EVENT_FILE_FL_ENABLED)
		call->class->reg(call, TRACE_REG_UNREGISTER, file);
	atomic_set(&file->sm_ref, 0);
	event_file_flags(file, ~0UL, EVENT_FILE_FL_FREED);
	list_move(&file->list, dead);
	eventfs_remove_dir(file->ei);
	system_dir_drop(file->system);
}

/*
 * A probe unregistered a moment ago, now or by an earlier disable, may
 * still be running with its file: wait for it before the files go.
 */
static void event_files_put(struct list_head *dead)
{
	struct trace_event_file *file, *next;

	if (list_empty(dead))
		return;
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(file, next, dead, list) {
		list_del(&file->list);
		event_file_put(file);
	}
}

static struct trace_event_file *call_file(struct trace_array *tr,
					  struct trace_event_call *call)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list)
		if (file->event_call == call)
			return file;
	return NULL;
}

/* A file for @call in every array that has events. */
static void event_add_to_arrays(struct trace_event_call *call)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->events.next && event_file_add(tr, call))
			pr_warn("no memory for event %s in an array\n",
				trace_event_name(call));
}

/* ------------------------------------------------------------------ */
/* The registry                                                        */

/**
 * trace_event_raw_init - the raw_init() of every TRACE_EVENT() class
 * @call: the event
 *
 * Registers the event's output functions, which gives it its record type.
 *
 * Return: 0, or -ENODEV when no type could be had.
 */
int trace_event_raw_init(struct trace_event_call *call)
{
	return register_trace_event(&call->event) ? 0 : -ENODEV;
}
EXPORT_SYMBOL_GPL(trace_event_raw_init);

/* Unregister what raw_init registered (events without output have none). */
static void event_call_forget(struct trace_event_call *call)
{
	if (call->event.funcs)
		unregister_trace_event(&call->event);
}

/*
 * Put @call on ftrace_events.  A call with a class raw_init gets its record
 * type from it; the others (events/ftrace/) come with theirs.
 */
static int event_call_register(struct trace_event_call *call)
{
	const char *name = trace_event_name(call);
	int ret;

	if (WARN_ON(!name || !call->class || !call->class->system))
		return -EINVAL;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		if (ret < 0) {
			if (ret != -ENOSYS)
				pr_warn("could not initialize event %s:%s\n",
					event_system(call), name);
			return ret;
		}
	}
	list_add_tail(&call->list, &ftrace_events);
	return 0;
}

/**
 * trace_add_event_call - add an event at run time
 * @call: the event, with its class (and system) set
 *
 * Every trace array gets a file and a directory for it.
 *
 * Return: 0 or the error of the class's raw_init.
 */
int trace_add_event_call(struct trace_event_call *call)
{
	int ret;

	mutex_lock(&event_mutex);
	ret = event_call_register(call);
	if (!ret)
		event_add_to_arrays(call);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

static bool event_call_busy(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

#ifdef CONFIG_PERF_EVENTS
	if (call->perf_refcount)
		return true;
#endif
	if ((call->flags & TRACE_EVENT_FL_DYNAMIC) && atomic_read(&call->refcnt))
		return true;
	list_for_each_entry(tr, &trace_arrays, list) {
		if (!tr->events.next)
			continue;
		file = call_file(tr, call);
		if (file && (file->flags & EVENT_FILE_FL_ENABLED))
			return true;
	}
	return false;
}

/**
 * trace_remove_event_call - remove an event added at run time
 * @call: the event
 *
 * Return: 0, or -EBUSY while it is enabled in an array, used by perf or
 * pinned by a kernel user.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;
	LIST_HEAD(dead);
	int ret = -EBUSY;

	mutex_lock(&event_mutex);
	if (!event_call_busy(call)) {
		list_for_each_entry(tr, &trace_arrays, list) {
			file = tr->events.next ? call_file(tr, call) : NULL;
			if (file)
				event_file_unlink(file, &dead);
		}
		list_del(&call->list);
		event_files_put(&dead);
		event_call_forget(call);
		ret = 0;
	}
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

#ifdef CONFIG_MODULES
static void events_module_coming(struct module *mod)
{
	struct trace_eval_map **maps = mod->trace_evals;
	unsigned int i;

	if (!mod->num_trace_events)
		return;
	if (trace_module_has_bad_taint(mod)) {
		pr_err("%s: module has bad taint, not creating trace events\n",
		       mod->name);
		return;
	}
	for (i = 0; i < mod->num_trace_events; i++) {
		struct trace_event_call *call = mod->trace_events[i];

		call->module = mod;
		eval_maps_apply(call, maps, maps + mod->num_trace_evals);
		if (!event_call_register(call))
			event_add_to_arrays(call);
	}
}

/*
 * The module's events leave every array; their records stay in the
 * buffers and print as unknown types.
 */
static void events_module_going(struct module *mod)
{
	struct trace_event_file *file, *next;
	struct trace_event_call *call, *n;
	struct trace_array *tr;
	LIST_HEAD(dead);

	list_for_each_entry(tr, &trace_arrays, list) {
		if (!tr->events.next)
			continue;
		list_for_each_entry_safe(file, next, &tr->events, list)
			if (event_module(file->event_call) == mod)
				event_file_unlink(file, &dead);
	}
	/* No probe of the module may run with the files or print any more. */
	event_files_put(&dead);
	list_for_each_entry_safe(call, n, &ftrace_events, list) {
		if (event_module(call) != mod)
			continue;
		list_del(&call->list);
		event_call_forget(call);
	}
}

static int events_module_notify(struct notifier_block *nb,
				unsigned long state, void *data)
{
	struct module *mod = data;

	mutex_lock(&event_mutex);
	if (state == MODULE_STATE_COMING)
		events_module_coming(mod);
	else if (state == MODULE_STATE_GOING)
		events_module_going(mod);
	mutex_unlock(&event_mutex);
	return NOTIFY_OK;
}

static struct notifier_block events_module_nb = {
	.notifier_call	= events_module_notify,
	/* With jump labels, before the tracepoint core checks for probes. */
	.priority	= 1,
};

static void __init events_follow_modules(void)
{
	if (register_module_notifier(&events_module_nb))
		pr_warn("cannot follow the events of modules\n");
}
#else
static inline void events_follow_modules(void)
{
}
#endif /* CONFIG_MODULES */

/* ------------------------------------------------------------------ */
/* Arrays                                                              */

/* A file for every event: a new array, or the top level at boot. */
static void event_array_fill(struct trace_array *tr)
{
	struct trace_event_call *call;

	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->systems);
	list_for_each_entry(call, &ftrace_events, list)
		if (event_file_add(tr, call))
			pr_warn("no memory for event %s in an array\n",
				trace_event_name(call));
}

int event_trace_add_tracer(struct dentry *parent, struct trace_array *tr)
{
	struct trace_subsystem_dir *dir;
	struct trace_event_file *file;
	struct eventfs_inode *ei;
	int ret = 0;

	lockdep_assert_held(&event_mutex);
	if (!tr->events.next)
		event_array_fill(tr);
	ei = eventfs_create_events_dir("events", parent, events_top_entries,
				       ARRAY_SIZE(events_top_entries), tr);
	if (IS_ERR_OR_NULL(ei)) {
		pr_warn("could not create the events directory\n");
		ret = ei ? PTR_ERR(ei) : -ENODEV;
	} else {
		tr->event_dir = ei;
		list_for_each_entry(dir, &tr->systems, list)
			system_dir_mkdir(dir);
		list_for_each_entry(file, &tr->events, list)
			event_file_mkdir(file);
	}
	return ret;
}

int event_trace_del_tracer(struct trace_array *tr)
{
	struct trace_event_file *file, *next;
	LIST_HEAD(dead);

	lockdep_assert_held(&event_mutex);
	if (!tr->events.next)
		return 0;
	list_for_each_entry_safe(file, next, &tr->events, list)
		event_file_unlink(file, &dead);
	if (tr->event_dir)
		eventfs_remove_events_dir(tr->event_dir);
	tr->event_dir = NULL;
	/* The array is freed next: no probe may still be writing to it. */
	event_files_put(&dead);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Boot                                                                */

/**
 * trace_event_init - register vmlinux's events, at trace_init()
 *
 * The top-level array gets its event files (its directories follow with
 * tracefs), and the events of modules are followed from here on.
 * trace_init() (trace_boot.c) then registers events/ftrace/ and enables
 * the events of trace_event=: all before the first user process.
 */
void __init trace_event_init(void)
{
	struct trace_event_call **iter;
	struct trace_array *tr;

	event_file_cache = KMEM_CACHE(trace_event_file, SLAB_PANIC);
	mutex_lock(&event_mutex);
	for (iter = __start_ftrace_events; iter < __stop_ftrace_events; iter++) {
		eval_maps_apply(*iter, __start_ftrace_eval_maps,
				__stop_ftrace_eval_maps);
		event_call_register(*iter);
	}
	list_for_each_entry(tr, &trace_arrays, list)
		event_array_fill(tr);
	mutex_unlock(&event_mutex);
	events_follow_modules();
}
