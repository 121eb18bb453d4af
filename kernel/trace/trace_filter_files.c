// SPDX-License-Identifier: GPL-2.0
/*
 * The filter files: events/SYSTEM/EVENT/filter and events/SYSTEM/filter.
 *
 * A write compiles its text (trace_filter.c) for the event, or for each
 * event of the system, and swaps the result into the event file with
 * RCU; the old filter is freed after a grace period without the write
 * waiting for it.  A filter that does not compile is refused, and what
 * the file then reads is its error report, as upstream shows it.
 *
 * Locking: event_mutex for the event files and their filters.
 */

#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_filter.h"

/* ------------------------------------------------------------------ */
/* events/SYSTEM/EVENT/filter                                          */

static struct event_filter *file_filter(struct trace_event_file *file)
{
	return rcu_dereference_protected(file->filter,
					 lockdep_is_held(&event_mutex));
}

/* Put @filter (NULL: none) on @file; the old one goes after a grace period. */
static void file_set_filter(struct trace_event_file *file,
			    struct event_filter *filter, bool on)
{
	struct event_filter *old = file_filter(file);

	if (!on)
		event_file_flags(file, EVENT_FILE_FL_FILTERED, 0);
	rcu_assign_pointer(file->filter, filter);
	if (on)
		event_file_flags(file, 0, EVENT_FILE_FL_FILTERED);
	trace_filter_free_rcu(old);
}

/* Is @buf the "0" that clears a filter?  Trailing space is cut off. */
static bool filter_is_clear(char *buf)
{
	strim(buf);
	return !strcmp(skip_spaces(buf), "0");
}

static int event_filter_apply(struct trace_event_file *file, char *buf)
{
	struct event_filter *filter;
	int ret;

	if (filter_is_clear(buf)) {
		file_set_filter(file, NULL, false);
		return 0;
	}
	ret = trace_event_scratch_prepare();
	if (ret)
		return ret;
	ret = filter_compile(file->tr, file->event_call, buf, &filter,
			     false);
	if (filter)
		file_set_filter(file, filter, !ret);
	return ret;
}

static int filter_open(struct inode *inode, struct file *filp)
{
	return security_locked_down(LOCKDOWN_TRACEFS);
}

static ssize_t filter_read_text(char __user *ubuf, size_t cnt, loff_t *ppos,
				const char *text)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
}

static ssize_t event_filter_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = file_inode(filp)->i_private;
	struct event_filter *filter;
	char *text = NULL;
	ssize_t ret;

	if (*ppos)
		return 0;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED) {
		mutex_unlock(&event_mutex);
		return -ENODEV;
	}
	filter = file_filter(file);
	if (filter && filter->string)
		text = kasprintf(GFP_KERNEL, "%s\n", filter->string);
	else
		text = kstrdup("none\n", GFP_KERNEL);
	mutex_unlock(&event_mutex);
	if (!text)
		return -ENOMEM;
	ret = filter_read_text(ubuf, cnt, ppos, text);
	kfree(text);
	return ret;
}

static char *filter_write_buf(const char __user *ubuf, size_t cnt)
{
	if (cnt >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	return memdup_user_nul(ubuf, cnt);
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return trace_event_file_write(file_inode(filp)->i_private, ubuf, cnt,
				      ppos, event_filter_apply);
}

const struct file_operations event_filter_fops = {
	.open		= filter_open,
	.read		= event_filter_read,
	.write		= event_filter_write,
	.llseek		= default_llseek,
};

/* ------------------------------------------------------------------ */
/* events/SYSTEM/filter                                                */

#define SYSTEM_FILTER_DEFAULT						\
	"### global filter ###\n"					\
	"# Use this to set filters for multiple events.\n"		\
	"# Only events with the given fields will be affected.\n"	\
	"# If no events are modified, an error message will be displayed here\n"

/*
 * A subsystem's filter goes on each of its events in the array, compiled
 * for that event.  An event that the filter does not fit (a field it does
 * not have...) gets its error text instead, and error_log an entry for it,
 * as upstream; the write itself succeeds when the system has events.
 */
static int system_filter_apply(struct trace_subsystem_dir *dir, char *buf)
{
	struct trace_event_file *file;
	struct event_filter *filter;
	bool clear = filter_is_clear(buf);
	int ret;

	if (dir->removed || !dir->nr_events)
		return -ENODEV;
	if (!clear) {
		ret = trace_event_scratch_prepare();
		if (ret)
			return ret;
	}
	list_for_each_entry(file, &dir->tr->events, list) {
		if (file->system != dir || (file->flags & EVENT_FILE_FL_FREED))
			continue;
		if (clear) {
			file_set_filter(file, NULL, false);
			continue;
		}
		ret = filter_compile(dir->tr, file->event_call, buf, &filter,
				     true);
		if (!filter)
			return ret;
		file_set_filter(file, filter, !ret);
	}
	return 0;
}

static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	if (*ppos)
		return 0;
	return filter_read_text(ubuf, cnt, ppos, SYSTEM_FILTER_DEFAULT);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = file_inode(filp)->i_private;
	char *buf = filter_write_buf(ubuf, cnt);
	int ret;

	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&event_mutex);
	ret = system_filter_apply(dir, buf);
	mutex_unlock(&event_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations system_filter_fops = {
	.open		= filter_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.llseek		= default_llseek,
};
