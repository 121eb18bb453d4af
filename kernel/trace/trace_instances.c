// SPDX-License-Identifier: GPL-2.0
/*
 * Instances: making and removing trace arrays, for mkdir and rmdir under
 * instances/ and for kernel users (trace_array_get_by_name(),
 * trace_array_destroy()), and the one place that wires an array's tracefs
 * files up: trace_create_array_files() calls each part's *_create_files()
 * in turn, so that no part below creates another's files.
 *
 * Making or removing an array takes event_mutex, then tracing_lock; the
 * array joins and leaves trace_arrays with both held.
 */
#include <linux/cpumask.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"

/* Options a new instance does not copy from the top level. */
#define TRACE_INSTANCE_CLEARED_OPTIONS					\
	(TRACE_ITER(EVENT_FORK) | TRACE_ITER(TRACE_PRINTK_DEST))

static struct dentry *instances_dir;

static void trace_create_cpu_dirs(struct trace_array *tr)
{
	char name[24];	/* "cpu" and any long */
	long cpu;

	tr->percpu_dir = tracefs_create_dir("per_cpu", tr->dir);
	if (!tr->percpu_dir)
		return;
	for_each_possible_cpu(cpu) {
		struct dentry *d;

		snprintf(name, sizeof(name), "cpu%ld", cpu);
		d = tracefs_create_dir(name, tr->percpu_dir);
		if (!d)
			continue;
		trace_buffer_create_cpu_files(tr, d, cpu);
		trace_read_create_cpu_files(tr, d, cpu);
		trace_pipe_raw_create_cpu_files(tr, d, cpu);
		trace_snapshot_create_cpu_files(tr, d, cpu);
	}
}

/* The files every trace array has; the top level has a few more. */
static void trace_create_array_files(struct trace_array *tr)
{
	struct dentry *d = tr->dir;

	trace_read_create_files(tr, d);
	trace_buffer_create_files(tr, d);
	trace_marker_create_files(tr, d);
	trace_err_log_create_files(tr, d);
	trace_snapshot_create_files(tr, d);

	trace_options_create_files(tr, d);
	trace_tracers_create_files(tr, d);
	trace_create_cpu_dirs(tr);
	/* events/ (trace_events.c), then the event control files. */
	event_trace_add_tracer(d, tr);
	trace_events_ctl_create_files(tr, d);
	ftrace_array_create_files(tr, d);
}

static void trace_array_free(struct trace_array *tr)
{
	ftrace_array_free(tr);
	trace_max_buffer_free(tr);
	ring_buffer_free(tr->buffer);
	free_cpumask_var(tr->tracing_cpumask);
	trace_free_tracer_opts(tr);
	kfree(tr->name);
	kfree(tr);
}

static struct trace_array *trace_array_create(const char *name)
{
	struct trace_array *tr;
	int ret = -ENOMEM;

	lockdep_assert_held(&tracing_lock);
	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	INIT_LIST_HEAD(&tr->tracer_opts);
	tr->name = kstrdup(name, GFP_KERNEL);
	if (!tr->name || !alloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL))
		goto fail;
	cpumask_copy(tr->tracing_cpumask, cpu_all_mask);
	tr->flags = global_trace.flags & ~TRACE_INSTANCE_CLEARED_OPTIONS;
	tr->buffer_size = trace_buf_size;
	tr->buffer_expanded = true;
	tr->buffer_percent = 50;
	mutex_init(&tr->consume_lock);
	INIT_LIST_HEAD(&tr->err_log);
	if (trace_alloc_buffer(tr, trace_buf_size) ||
	    trace_max_buffer_init(tr, false))
		goto fail;
	tr->current_trace = &nop_trace;
	nop_trace.enabled++;

	tr->dir = tracefs_create_dir(name, instances_dir);
	if (!tr->dir) {
		nop_trace.enabled--;
		goto fail;
	}
	list_add(&tr->list, &trace_arrays);
	trace_create_array_files(tr);
	return tr;
fail:
	trace_array_free(tr);
	return ERR_PTR(ret);
}

static int trace_array_remove(struct trace_array *tr)
{
	struct tracer *t = tr->current_trace;

	lockdep_assert_held(&tracing_lock);
	if (tr->ref || tr->trace_ref)
		return -EBUSY;
	if (printk_trace == tr) {
		trace_printk_dest_to(&global_trace);
		/* trace_printk() picks its array with preemption off. */
		synchronize_rcu();
	}
	if (t) {
		if (t->reset)
			t->reset(tr);
		tracer_put(t);
	}
	/* The function commands hold events of @tr. */
	ftrace_cmds_array_clear(tr);
	trace_events_ctl_free(tr);
	event_trace_del_tracer(tr);
	list_del(&tr->list);
	tracefs_remove(tr->dir);
	tracing_err_log_clear(tr);
	trace_array_free(tr);
	return 0;
}

static int instance_mkdir(const char *name)
{
	struct trace_array *tr;
	int ret = 0;

	mutex_lock(&event_mutex);
	mutex_lock(&tracing_lock);
	if (trace_array_find(name)) {
		ret = -EEXIST;
	} else {
		tr = trace_array_create(name);
		if (IS_ERR(tr))
			ret = PTR_ERR(tr);
	}
	mutex_unlock(&tracing_lock);
	mutex_unlock(&event_mutex);
	return ret;
}

static int instance_rmdir(const char *name)
{
	struct trace_array *tr;
	int ret = -ENODEV;

	mutex_lock(&event_mutex);
	mutex_lock(&tracing_lock);
	tr = trace_array_find(name);
	if (tr)
		ret = trace_array_remove(tr);
	mutex_unlock(&tracing_lock);
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * trace_array_get_by_name - find or create an instance for kernel use
 * @name: the instance's name (its directory under instances/)
 * @systems: event systems to offer in it; ignored until events exist
 *
 * The instance is pinned: release it with trace_array_put() and, to
 * remove it, trace_array_destroy() afterwards.
 *
 * Return: the trace array, or NULL when it could not be created.
 */
struct trace_array *trace_array_get_by_name(const char *name, const char *systems)
{
	struct trace_array *tr;

	if (!name || !*name)
		return NULL;
	mutex_lock(&event_mutex);
	mutex_lock(&tracing_lock);
	tr = trace_array_find(name);
	if (!tr) {
		tr = trace_array_create(name);
		if (IS_ERR(tr))
			tr = NULL;
	}
	if (tr)
		tr->ref++;
	mutex_unlock(&tracing_lock);
	mutex_unlock(&event_mutex);
	return tr;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

/**
 * trace_array_destroy - remove an instance a kernel user created
 * @tr: the array, no longer pinned by the caller
 *
 * Return: 0, -EINVAL for the top level, -ENODEV for an unknown array,
 * -EBUSY while
 * a file of it is open or someone else pins it.
 */
int trace_array_destroy(struct trace_array *tr)
{
	int ret = -ENODEV;

	if (!tr || trace_array_is_top(tr))
		return -EINVAL;
	mutex_lock(&event_mutex);
	mutex_lock(&tracing_lock);
	if (trace_array_listed(tr))
		ret = trace_array_remove(tr);
	mutex_unlock(&tracing_lock);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

/**
 * trace_instances_init - make the top level's files and instances/
 *
 * Context: at boot, once tracefs is up; takes event_mutex, then
 * tracing_lock.
 */
void __init trace_instances_init(void)
{
	mutex_lock(&event_mutex);
	mutex_lock(&tracing_lock);
	trace_create_array_files(&global_trace);
	trace_readme_create_files(NULL);
	trace_tasks_create_files(&global_trace, NULL);
	trace_printk_create_files(&global_trace, NULL);
	instances_dir = tracefs_create_instance_dir("instances", NULL,
						    instance_mkdir, instance_rmdir);
	mutex_unlock(&tracing_lock);
	mutex_unlock(&event_mutex);
}
