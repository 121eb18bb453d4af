// SPDX-License-Identifier: GPL-2.0
/*
 * Switching events on and off: trace_event_enable_disable() for one event
 * file, trace_set_clr_event_locked() for those matching a set_event
 * word, the kernel's API on top of them (trace_array_set_clr_event(),
 * trace_get_event_file()...), and the enable files of events/ (events/enable,
 * events/SYSTEM/enable, events/SYSTEM/EVENT/enable).
 *
 * An event is on in an array when its class's probe is registered on the
 * tracepoint with the array's trace_event_file as data (EVENT_FILE_FL_ENABLED);
 * soft mode keeps the probe while the event records nothing.
 *
 * This is the bottom of event tracing, so it also defines event_mutex,
 * which guards the registry (trace_events.c) and every array's event
 * files: everything here runs with it held or takes it.  It does not
 * make files or directories, nor add or remove events.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

DEFINE_MUTEX(event_mutex);

/*
 * A module or a dynamic event must stay while a kernel user holds one of
 * its files (trace_get_event_file()) or a trigger may switch it.
 */
bool event_call_hold(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC) {
		atomic_inc(&call->refcnt);
		return true;
	}
	return try_module_get(call->module);
}

void event_call_release(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		atomic_dec(&call->refcnt);
	else
		module_put(call->module);
}

/* ------------------------------------------------------------------ */
/* Switching events on and off                                         */

/**
 * trace_event_reg - the reg() of every TRACE_EVENT() class
 * @call: the event
 * @type: what to do
 * @data: the trace_event_file, for TRACE_REG_REGISTER and _UNREGISTER
 *
 * Attaches the class's probe to the event's tracepoint with the file as
 * its data, or for perf the class's perf probe with the call as its data.
 *
 * Return: 0 or the error of tracepoint_probe_register().
 */
int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct trace_event_file *file = data;

	WARN_ON(!(call->flags & TRACE_EVENT_FL_TRACEPOINT));
	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(call->tp, call->class->probe,
						 file);
	case TRACE_REG_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->probe, file);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return tracepoint_probe_register(call->tp,
						 call->class->perf_probe, call);
	case TRACE_REG_PERF_UNREGISTER:
		tracepoint_probe_unregister(call->tp, call->class->perf_probe,
					    call);
		return 0;
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	}
	return 0;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

/**
 * trace_event_enable_disable - switch one event of one array
 * @file: the event's file in the array
 * @enable: 1 on, 0 off
 * @soft_disable: 1 for a soft-mode user (a trigger), 0 for a plain switch
 *
 * Soft mode is for users that need the probe to run while the event is
 * not recorded (triggers): they count in sm_ref, and while any is there
 * a plain disable only sets SOFT_DISABLED.  A plain enable always clears
 * SOFT_DISABLED.  The probe is registered while ENABLED is set.
 *
 * Context: event_mutex held.
 *
 * Return: 0, -ENODEV for a removed event, -EINVAL for one that cannot be
 * switched, or the error of registering the probe.
 */
int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft_disable)
{
	struct trace_event_call *call = file->event_call;
	unsigned long flags = file->flags;
	int ret;

	lockdep_assert_held(&event_mutex);
	if (flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	if (!event_switchable(call))
		return -EINVAL;

	if (enable) {
		if (!soft_disable) {
			event_file_flags(file, EVENT_FILE_FL_SOFT_DISABLED, 0);
		} else {
			if (atomic_inc_return(&file->sm_ref) > 1)
				return 0;
			event_file_flags(file, 0, EVENT_FILE_FL_SOFT_MODE |
				(flags & EVENT_FILE_FL_ENABLED ?
				 0 : EVENT_FILE_FL_SOFT_DISABLED));
		}
		if (flags & EVENT_FILE_FL_ENABLED)
			return 0;
		ret = call->class->reg(call, TRACE_REG_REGISTER, file);
		if (ret) {
			if (soft_disable) {
				atomic_dec(&file->sm_ref);
				event_file_flags(file, EVENT_FILE_FL_SOFT_MODE |
						 EVENT_FILE_FL_SOFT_DISABLED, 0);
			}
			pr_warn("could not enable event %s\n",
				trace_event_name(call));
			return ret;
		}
		event_file_flags(file, 0, EVENT_FILE_FL_ENABLED |
				 EVENT_FILE_FL_WAS_ENABLED);
		return 0;
	}

	if (!(flags & EVENT_FILE_FL_ENABLED))
		return 0;
	if (soft_disable) {
		if (atomic_dec_return(&file->sm_ref) > 0)
			return 0;
		/* The last soft user: keep the probe only if enabled for real. */
		event_file_flags(file, EVENT_FILE_FL_SOFT_MODE, 0);
		if (!(flags & EVENT_FILE_FL_SOFT_DISABLED))
			return 0;
	} else if (flags & EVENT_FILE_FL_SOFT_MODE) {
		event_file_flags(file, 0, EVENT_FILE_FL_SOFT_DISABLED);
		return 0;
	}
	event_file_flags(file, EVENT_FILE_FL_ENABLED |
			 EVENT_FILE_FL_SOFT_DISABLED, 0);
	call->class->reg(call, TRACE_REG_UNREGISTER, file);
	return 0;
}

/**
 * trace_set_clr_event_locked - switch the events matching set_event's names
 * @tr: the array
 * @match: a system or event name (set_event's word without a colon)
 * @sub: the system
 * @event: the event's name
 * @set: 1 on, 0 off
 *
 * NULL, "" or "*" matches anything.  Events that cannot be switched are
 * not looked at.
 *
 * Context: event_mutex held.
 *
 * Return: 0 when at least one event matched and switched, the first error
 * of switching one, or -EINVAL when none matched.
 */
int trace_set_clr_event_locked(struct trace_array *tr, const char *match,
			       const char *sub, const char *event, int set)
{
	struct trace_event_file *file;
	int ret = -EINVAL, err = 0;

	lockdep_assert_held(&event_mutex);
	match = any_if_star(match);
	sub = any_if_star(sub);
	event = any_if_star(event);
	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->event_call;
		const char *name = trace_event_name(call);
		int r;

		if (!event_switchable(call))
			continue;
		if (match && strcmp(match, name) &&
		    strcmp(match, event_system(call)))
			continue;
		if (sub && strcmp(sub, event_system(call)))
			continue;
		if (event && strcmp(event, name))
			continue;
		r = trace_event_enable_disable(file, set, 0);
		if (r && !err)
			err = r;
		ret = err;
	}
	return ret;
}

/**
 * find_event_file - an array's file of a switchable event, by name
 * @tr: the array
 * @system: the event's system
 * @event: the event's name
 *
 * Context: event_mutex held.
 *
 * Return: the file, or NULL.
 */
struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system, const char *event)
{
	struct trace_event_file *file = __find_event_file(tr, system, event);

	return file && event_switchable(file->event_call) ? file : NULL;
}

/* Any event's file, ftrace's own (ftrace/print...) included. */
struct trace_event_file *__find_event_file(struct trace_array *tr,
					   const char *system, const char *event)
{
	struct trace_event_file *file;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->event_call;

		if (!strcmp(event_system(call), system) &&
		    !strcmp(trace_event_name(call), event))
			return file;
	}
	return NULL;
}

/**
 * trace_array_set_clr_event - switch events of a trace array
 * @tr: the array
 * @system: the events' system, or NULL for any
 * @event: the event's name, or NULL for any
 * @enable: on or off
 *
 * Return: 0, -ENOENT without an array, -EINVAL if no event matched, or
 * the first error of enabling one.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	int ret;

	if (!tr)
		return -ENOENT;
	mutex_lock(&event_mutex);
	ret = trace_set_clr_event_locked(tr, NULL, system, event, enable);
	mutex_unlock(&event_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/**
 * trace_set_clr_event - switch events of the top-level array
 * @system: the events' system, or NULL for any
 * @event: the event's name, or NULL for any
 * @set: 1 on, 0 off
 *
 * Return: as trace_array_set_clr_event().
 */
int trace_set_clr_event(const char *system, const char *event, int set)
{
	return trace_array_set_clr_event(&global_trace, system, event, set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/* event_mutex keeps the list of arrays still. */
static struct trace_array *array_by_name(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

/**
 * trace_get_event_file - find and pin an event of an array
 * @instance: the instance's name, or NULL for the top level
 * @system: the event's system
 * @event: the event's name
 *
 * The array and the event (its module) stay until trace_put_event_file().
 *
 * Return: the file, or ERR_PTR(-ENOENT) for an unknown instance,
 * -EINVAL for an unknown event, -EBUSY when its module is going.
 */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event)
{
	struct trace_event_file *file;
	struct trace_array *tr;
	int ret = 0;

	mutex_lock(&event_mutex);
	tr = instance ? array_by_name(instance) : &global_trace;
	file = tr && tr->events.next ? find_event_file(tr, system, event) : NULL;
	if (!tr)
		ret = -ENOENT;
	else if (!file)
		ret = -EINVAL;
	else if (!event_call_hold(file->event_call))
		ret = -EBUSY;
	else if (trace_array_get(tr)) {
		event_call_release(file->event_call);
		ret = -ENODEV;
	}
	mutex_unlock(&event_mutex);
	return ret ? ERR_PTR(ret) : file;
}
EXPORT_SYMBOL_GPL(trace_get_event_file);

/**
 * trace_put_event_file - let go of a file from trace_get_event_file()
 * @file: the file
 */
void trace_put_event_file(struct trace_event_file *file)
{
	struct trace_array *tr = file->tr;

	mutex_lock(&event_mutex);
	event_call_release(file->event_call);
	mutex_unlock(&event_mutex);
	trace_array_put(tr);
}
EXPORT_SYMBOL_GPL(trace_put_event_file);

/* ------------------------------------------------------------------ */
/* The enable files of events/                                         */


/*
 * "?": no event to count, "0"/"1": all off/on, "X": some of each.  An
 * event whose probe is registered counts as on, even when soft-disabled.
 */
static char events_state(struct trace_array *tr,
			 struct trace_subsystem_dir *dir)
{
	struct trace_event_file *file;
	unsigned int seen = 0;

	list_for_each_entry(file, &tr->events, list) {
		if (!event_switchable(file->event_call))
			continue;
		if (dir && file->system != dir)
			continue;
		seen |= file->flags & EVENT_FILE_FL_ENABLED ? 2 : 1;
		if (seen == 3)
			break;
	}
	return "?01X"[seen];
}

/* events/SYSTEM/EVENT/enable */

/**
 * trace_event_file_pin - let an opened tracefs file of an event use it
 * @file: the event's file in one trace array
 *
 * Refuses under lockdown, and with -ENODEV once the event is gone (its
 * module unloaded, its instance removed); otherwise holds a reference on
 * the event's trace array, which the file's release drops with
 * trace_array_put(file->tr).
 *
 * Context: process; takes event_mutex.  Return: 0 or a negative errno.
 */
int trace_event_file_pin(struct trace_event_file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		ret = -ENODEV;
	else
		ret = trace_array_get(file->tr);
	mutex_unlock(&event_mutex);
	return ret;
}

/**
 * trace_event_file_write - one write to a command file of an event
 * @file: the event's file in one trace array
 * @ubuf: what user space wrote
 * @cnt: its length; a page or more is refused (-EINVAL)
 * @ppos: the file position, advanced by @cnt on success
 * @apply: takes the written text (NUL-terminated, a copy @apply may cut
 *	up) and returns 0 or a negative errno
 *
 * The text is copied in before event_mutex is taken, and @apply runs
 * under event_mutex only while the event still exists (-ENODEV after).
 *
 * Context: process; takes event_mutex.  Return: @cnt or a negative errno.
 */
ssize_t trace_event_file_write(struct trace_event_file *file,
			       const char __user *ubuf, size_t cnt,
			       loff_t *ppos,
			       int (*apply)(struct trace_event_file *, char *))
{
	char *buf;
	int ret;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		ret = -ENODEV;
	else
		ret = apply(file, buf);
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	int ret = trace_event_file_pin(file);

	if (!ret)
		filp->private_data = file;
	return ret;
}

static int event_file_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = filp->private_data;

	trace_array_put(file->tr);
	return 0;
}

static ssize_t event_enable_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	unsigned long flags = READ_ONCE(file->flags);
	char text[4], *p = text;

	if (flags & EVENT_FILE_FL_FREED)
		return -ENODEV;
	*p++ = (flags & EVENT_FILE_FL_ENABLED) &&
	       !(flags & EVENT_FILE_FL_SOFT_DISABLED) ? '1' : '0';
	if (flags & (EVENT_FILE_FL_SOFT_MODE | EVENT_FILE_FL_SOFT_DISABLED))
		*p++ = '*';
	*p++ = '\n';
	*p = '\0';
	return trace_read_line(ubuf, cnt, ppos, "%s", text);
}

static ssize_t event_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	int on, ret;

	ret = trace_read_switch(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		ret = -ENODEV;
	else
		ret = tracing_update_buffers(file->tr) ?:
		      trace_event_enable_disable(file, on, 0);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations event_enable_fops = {
	.open		= event_file_open,
	.read		= event_enable_read,
	.write		= event_enable_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* events/SYSTEM/enable */

static int system_open(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = inode->i_private;
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	ret = dir->removed ? -ENODEV : trace_array_get(dir->tr);
	mutex_unlock(&event_mutex);
	if (!ret)
		filp->private_data = dir;
	return ret;
}

static int system_release(struct inode *inode, struct file *filp)
{
	struct trace_subsystem_dir *dir = filp->private_data;

	trace_array_put(dir->tr);
	return 0;
}

static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	char text[3] = "?\n";

	mutex_lock(&event_mutex);
	if (!dir->removed)
		text[0] = events_state(dir->tr, dir);
	mutex_unlock(&event_mutex);
	return trace_read_line(ubuf, cnt, ppos, "%s", text);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	int on, ret;

	ret = trace_read_switch(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (dir->removed)
		ret = -ENODEV;
	else
		ret = tracing_update_buffers(dir->tr) ?:
		      trace_set_clr_event_locked(dir->tr, NULL, dir->name,
						 NULL, on);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations system_enable_fops = {
	.open		= system_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= system_release,
	.llseek		= default_llseek,
};

/* events/enable */

static ssize_t events_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char text[3] = "?\n";

	mutex_lock(&event_mutex);
	text[0] = events_state(tr, NULL);
	mutex_unlock(&event_mutex);
	return trace_read_line(ubuf, cnt, ppos, "%s", text);
}

static ssize_t events_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int on, ret;

	ret = trace_read_switch(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	ret = tracing_update_buffers(tr) ?:
	      trace_set_clr_event_locked(tr, NULL, NULL, NULL, on);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations events_enable_fops = {
	.open		= tracing_open_generic_tr,
	.read		= events_enable_read,
	.write		= events_enable_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};
