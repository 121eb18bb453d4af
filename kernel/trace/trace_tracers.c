// SPDX-License-Identifier: GPL-2.0
/*
 * The tracer registry: the tracers current_tracer can select
 * (register_tracer(), unregister_tracer()), switching an array's tracer,
 * and the files of tracers: available_tracers, current_tracer,
 * tracing_max_latency and, at the top level, tracing_thresh.
 *
 * A tracer counts the arrays it is current in (enabled) and pins its
 * module while it is; an array always has a tracer, nop when nothing
 * else runs (trace_nop.c).
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

/* tracing_thresh, in nanoseconds; 0 means none. */
unsigned long tracing_thresh;

/* The registered tracers, newest first.  Guarded by tracing_lock. */
static struct tracer *trace_types;

static struct tracer *tracer_find(const char *name)
{
	struct tracer *t;

	for (t = trace_types; t; t = t->next)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * register_tracer - make a tracer selectable in current_tracer
 * @type: the tracer; a tracer in a module sets @type->owner and calls
 *	unregister_tracer() before the module goes
 *
 * Every trace array the tracer may run in gets the tracer's option files
 * under options/ at once, whichever tracer is current there.
 *
 * Context: process context; takes tracing_lock.
 * Return: 0, -EINVAL for a nameless tracer, -EBUSY for a taken name.
 */
int register_tracer(struct tracer *type)
{
	struct trace_array *tr;
	int ret = 0;

	if (!type->name || !*type->name || strlen(type->name) >= MAX_TRACER_SIZE)
		return -EINVAL;
	mutex_lock(&tracing_lock);
	if (tracer_find(type->name)) {
		ret = -EBUSY;
	} else {
		if (type->flags)
			type->flags->trace = type;
		type->next = trace_types;
		trace_types = type;
		list_for_each_entry(tr, &trace_arrays, list)
			trace_add_tracer_opts(tr, type);
	}
	mutex_unlock(&tracing_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(register_tracer);

/**
 * unregister_tracer - take a tracer out of current_tracer's choices
 * @type: a tracer register_tracer() accepted
 *
 * Removes the tracer's option files from every array; a file still open
 * answers -ENODEV from then on.  No array can have @type as its current
 * tracer: that pins the owner module, which calls this from its exit.
 *
 * Context: process context; takes tracing_lock.
 */
void unregister_tracer(struct tracer *type)
{
	struct trace_array *tr;
	struct tracer **link;

	mutex_lock(&tracing_lock);
	for (link = &trace_types; *link; link = &(*link)->next) {
		if (*link == type) {
			*link = type->next;
			break;
		}
	}
	WARN_ON_ONCE(type->enabled);
	list_for_each_entry(tr, &trace_arrays, list)
		trace_del_tracer_opts(tr, type);
	mutex_unlock(&tracing_lock);
}
EXPORT_SYMBOL_GPL(unregister_tracer);

/* @t's count of arrays that use it drops by one. */
void tracer_put(struct tracer *t)
{
	WARN_ON_ONCE(t->enabled <= 0);
	t->enabled--;
	module_put(t->owner);
}

/*
 * Make @t the current tracer of @tr.  When @t's init fails, @tr is left
 * with nop (counted as such), the old tracer having been reset already.
 */
static int tracing_set_tracer_locked(struct trace_array *tr, struct tracer *t)
{
	struct tracer *old = tr->current_trace;
	int ret;

	lockdep_assert_held(&tracing_lock);
	if (old == t)
		return 0;
	if (!trace_array_is_top(tr) && !t->allow_instances)
		return -EINVAL;
	if (tr->trace_ref)
		return -EBUSY;
	if (!try_module_get(t->owner))
		return -ENODEV;
	if (old) {
		if (old->reset)
			old->reset(tr);
		tracer_put(old);
	}
	/* While @t starts, the array has no tracer to speak of. */
	tr->current_trace = &nop_trace;
	/*
	 * A tracer starts on an empty buffer (nop too, as upstream's does):
	 * what the old one recorded would read as the new one's output.
	 */
	if (tr->buffer)
		ring_buffer_reset_online_cpus(tr->buffer);
	if (t->init) {
		ret = t->init(tr);
		if (ret) {
			module_put(t->owner);
			nop_trace.enabled++;
			return ret;
		}
	}
	t->enabled++;
	tr->current_trace = t;
	return 0;
}

/**
 * tracing_set_tracer - make the tracer called @name @tr's current one
 * @tr: the array
 * @name: the tracer's name
 *
 * Naming the current tracer again does nothing; another tracer starts on
 * an empty buffer.
 *
 * Context: process; takes tracing_lock.
 * Return: 0, -EINVAL for no such tracer, or the tracer's init error.
 */
int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	struct tracer *t;
	int ret;

	if (tracing_update_buffers(tr) < 0)
		return -ENOMEM;
	mutex_lock(&tracing_lock);
	t = tracer_find(name);
	ret = t ? tracing_set_tracer_locked(tr, t) : -EINVAL;
	mutex_unlock(&tracing_lock);
	return ret;
}

/* available_tracers, current_tracer -------------------------------- */

static ssize_t available_tracers_read(struct file *filp, char __user *ubuf,
				      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	struct tracer *t;
	ssize_t ret;
	char *buf;
	int len = 0;

	buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&tracing_lock);
	for (t = trace_types; t; t = t->next) {
		if (!trace_array_is_top(tr) && !t->allow_instances)
			continue;
		len += scnprintf(buf + len, PAGE_SIZE - len, "%s ", t->name);
	}
	mutex_unlock(&tracing_lock);
	if (len)
		buf[len - 1] = '\n';
	ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kfree(buf);
	return ret;
}

static const struct file_operations available_tracers_fops = {
	.open		= tracing_open_generic_tr,
	.read		= available_tracers_read,
	.release	= tracing_release_generic_tr,
	.llseek		= generic_file_llseek,
};

static ssize_t current_tracer_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 2];
	int len;

	mutex_lock(&tracing_lock);
	len = scnprintf(buf, sizeof(buf), "%s\n", tr->current_trace->name);
	mutex_unlock(&tracing_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char buf[MAX_TRACER_SIZE + 1];
	ssize_t ret;

	/* A longer write names a tracer that cannot exist: use its start. */
	ret = trace_copy_cmd(buf, sizeof(buf), ubuf, min_t(size_t, cnt, MAX_TRACER_SIZE));
	if (ret < 0)
		return ret;
	ret = tracing_set_tracer(tr, strim(buf));
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations current_tracer_fops = {
	.open		= tracing_open_generic_tr,
	.read		= current_tracer_read,
	.write		= current_tracer_write,
	.release	= tracing_release_generic_tr,
	.llseek		= generic_file_llseek,
};

/* tracing_max_latency, tracing_thresh: nanoseconds shown in usecs -- */

static ssize_t nsecs_file_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	unsigned long *ptr = file_inode(filp)->i_private;
	unsigned long val = READ_ONCE(*ptr);

	if (val == (unsigned long)-1)
		return trace_read_line(ubuf, cnt, ppos, "-1\n");
	return trace_read_line(ubuf, cnt, ppos, "%lu\n", val / NSEC_PER_USEC);
}

static ssize_t nsecs_file_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	unsigned long *ptr = file_inode(filp)->i_private;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > ULONG_MAX / NSEC_PER_USEC)
		return -EINVAL;
	WRITE_ONCE(*ptr, val * NSEC_PER_USEC);
	*ppos += cnt;
	return cnt;
}

static int nsecs_file_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open_get_tr(NULL);
}

/*
 * tracing_thresh: a tracer that reads it at a call's entry and again at
 * its return (function_graph) starts again in every array it runs in,
 * so that no call entered under the old value returns under the new one,
 * as upstream's update_thresh does.  The write succeeds even when a
 * restart fails; that array is then left without its tracer's callbacks,
 * as a failed tracer switch leaves it.
 */
static ssize_t thresh_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr;
	ssize_t ret;

	mutex_lock(&tracing_lock);
	ret = nsecs_file_write(filp, ubuf, cnt, ppos);
	if (ret < 0)
		goto out;
	list_for_each_entry(tr, &trace_arrays, list) {
		struct tracer *t = tr->current_trace;

		if (t && t->update_thresh && t->update_thresh(tr))
			pr_warn("tracing: %s did not restart after a tracing_thresh change\n",
				t->name);
	}
out:
	mutex_unlock(&tracing_lock);
	return ret;
}

static const struct file_operations thresh_fops = {
	.open		= nsecs_file_open,
	.read		= nsecs_file_read,
	.write		= thresh_write,
	.llseek		= generic_file_llseek,
};

/* tracing_max_latency belongs to its array: pin it while open. */
static int max_latency_open(struct inode *inode, struct file *filp)
{
	unsigned long *ptr = inode->i_private;

	return tracing_check_open_get_tr(container_of(ptr, struct trace_array,
						      max_latency));
}

static int max_latency_release(struct inode *inode, struct file *filp)
{
	unsigned long *ptr = inode->i_private;

	trace_array_put(container_of(ptr, struct trace_array, max_latency));
	return 0;
}

static const struct file_operations max_latency_fops = {
	.open		= max_latency_open,
	.read		= nsecs_file_read,
	.write		= nsecs_file_write,
	.release	= max_latency_release,
	.llseek		= generic_file_llseek,
};

/**
 * trace_tracers_create_files - create an array's tracer files
 * @tr: the array
 * @dir: its directory
 *
 * Makes available_tracers, current_tracer and tracing_max_latency (and
 * tracing_thresh at the top level), and gives @tr the option files of
 * every registered tracer, under the options/ that
 * trace_options_create_files() made before.
 *
 * Context: tracing_lock held.
 */
void trace_tracers_create_files(struct trace_array *tr, struct dentry *dir)
{
	struct tracer *t;

	lockdep_assert_held(&tracing_lock);
	trace_create_file("available_tracers", TRACE_MODE_READ, dir, tr,
			  &available_tracers_fops);
	trace_create_file("current_tracer", TRACE_MODE_WRITE, dir, tr,
			  &current_tracer_fops);
	trace_create_file("tracing_max_latency", TRACE_MODE_WRITE, dir,
			  &tr->max_latency, &max_latency_fops);
	if (trace_array_is_top(tr))
		trace_create_file("tracing_thresh", TRACE_MODE_WRITE, dir,
				  &tracing_thresh, &thresh_fops);
	for (t = trace_types; t; t = t->next)
		trace_add_tracer_opts(tr, t);
}
