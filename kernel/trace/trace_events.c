// SPDX-License-Identifier: GPL-2.0
/*
 * Event tracing: the registry of events, their directories in tracefs,
 * switching them on and off, and the recording half of their probes.
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
 * register_trace_event() (see trace_output.c), so their records left in a
 * buffer print as an unknown type instead of being decoded with someone
 * else's layout; buffers are never wiped for it.
 *
 * The files.  Each array has events/ made with eventfs, which creates an
 * inode only when a name is looked up: an event costs one trace_event_file
 * and one eventfs_inode per array, a system one trace_subsystem_dir and
 * one eventfs_inode.  The eventfs directory of an event or system holds a
 * reference on its file or dir, dropped by eventfs's release callback when
 * the last dentry under it is gone; so an open file's private data stays
 * valid after the event is removed, and every operation checks
 * EVENT_FILE_FL_FREED (or dir->removed) under event_mutex before it looks
 * at the event itself.
 *
 * Locking.  event_mutex guards ftrace_events, every array's events and
 * systems lists and the changes of an event file's state.  It is taken
 * before tracing_lock.  Trace arrays are added to and removed from
 * trace_arrays with both held, so holding event_mutex is enough to walk
 * that list.  The probes take no lock at all.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include <asm/setup.h>

#include "trace.h"

DEFINE_MUTEX(event_mutex);
LIST_HEAD(ftrace_events);

/* The linker script brackets vmlinux's events and enum maps with these. */
extern struct trace_event_call *__start_ftrace_events[];
extern struct trace_event_call *__stop_ftrace_events[];
extern struct trace_eval_map *__start_ftrace_eval_maps[];
extern struct trace_eval_map *__stop_ftrace_eval_maps[];

static struct kmem_cache *event_file_cache;

/*
 * One system's directory in one array.  It lives while it is on the
 * array's list or its eventfs directory is in use (ref counts both).
 */
struct trace_subsystem_dir {
	struct list_head	list;		/* in trace_array.systems */
	const char		*name;
	struct trace_array	*tr;
	struct eventfs_inode	*ei;
	unsigned int		nr_events;
	atomic_t		ref;
	bool			no_enable;	/* format-only events (ftrace/) */
	bool			removed;
};

/* The words of trace_event=, kept until the events are on. */
static char boot_events[COMMAND_LINE_SIZE] __initdata;

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

static const char *event_system(struct trace_event_call *call)
{
	return call->class->system;
}

static void event_file_put(struct trace_event_file *file)
{
	if (atomic_dec_and_test(&file->ref))
		kmem_cache_free(event_file_cache, file);
}

static void system_dir_put(struct trace_subsystem_dir *dir)
{
	if (atomic_dec_and_test(&dir->ref)) {
		kfree_const(dir->name);
		kfree(dir);
	}
}

static void event_file_flags(struct trace_event_file *file,
			     unsigned long clear, unsigned long set)
{
	set_mask_bits(&file->flags, clear, set);
}

/*
 * A module or a dynamic event must stay while a kernel user holds one of
 * its files (trace_get_event_file()).
 */
static bool event_call_hold(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC) {
		atomic_inc(&call->refcnt);
		return true;
	}
	return try_module_get(call->module);
}

/* The module an event belongs to (none for vmlinux and dynamic events). */
static struct module *event_module(struct trace_event_call *call)
{
	return call->flags & TRACE_EVENT_FL_DYNAMIC ? NULL : call->module;
}

static void event_call_release(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_DYNAMIC)
		atomic_dec(&call->refcnt);
	else
		module_put(call->module);
}

/* ------------------------------------------------------------------ */
/* TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() in print fmt          */

static const char *skip_number(const char *p)
{
	/* Digits and suffixes or hex digits: 10, 0x1fUL, 3ULL. */
	while (isalnum(*p))
		p++;
	return p;
}

/* An identifier, with the members that follow it ("a.b", "REC->c"). */
static const char *skip_name_chain(const char *p)
{
	for (;;) {
		while (isalnum(*p) || *p == '_')
			p++;
		if (*p == '.')
			p++;
		else if (p[0] == '-' && p[1] == '>')
			p += 2;
		else
			return p;
	}
}

/*
 * Write @map's value over each use of its name in the C expressions of
 * @fmt (outside string literals, not as a member name, not as part of a
 * longer name).  The value is written in place; one that is longer than
 * the name it replaces is left alone, as the format then could not grow.
 */
static void eval_map_apply(char *fmt, const struct trace_eval_map *map)
{
	size_t name_len = strlen(map->eval_string);
	bool in_string = false;
	char value[24];
	size_t value_len;
	char *p = fmt;

	value_len = snprintf(value, sizeof(value), "%ld",
			     (long)map->eval_value);
	while (*p) {
		if (*p == '\\') {
			p += p[1] ? 2 : 1;
			continue;
		}
		if (*p == '"')
			in_string = !in_string;
		if (in_string || *p == '"') {
			p++;
			continue;
		}
		if (isdigit(*p)) {
			p = (char *)skip_number(p);
		} else if (isalpha(*p) || *p == '_') {
			if (strncmp(p, map->eval_string, name_len) ||
			    isalnum(p[name_len]) || p[name_len] == '_') {
				p = (char *)skip_name_chain(p);
				continue;
			}
			if (value_len > name_len) {
				pr_warn_once("%s: value of %s does not fit\n",
					     map->system, map->eval_string);
				return;
			}
			memcpy(p, value, value_len);
			memmove(p + value_len, p + name_len,
				strlen(p + name_len) + 1);
			p += value_len;
			continue;
		}
		if (*p)
			p++;
	}
}

static void eval_maps_apply(struct trace_event_call *call,
			    struct trace_eval_map **start,
			    struct trace_eval_map **stop)
{
	struct trace_eval_map **map;

	if (!call->print_fmt || !call->class || !call->class->system)
		return;
	for (map = start; map < stop; map++)
		if (*map && !strcmp((*map)->system, event_system(call)))
			eval_map_apply(call->print_fmt, *map);
}

/* ------------------------------------------------------------------ */
/* events/: the files                                                  */

static ssize_t read_text(char __user *ubuf, size_t cnt, loff_t *ppos,
			 const char *text)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
}

/* What an enable file writes: 0 or 1, anything else is -EINVAL. */
static int read_switch(const char __user *ubuf, size_t cnt, int *on)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*on = val;
	return 0;
}

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

static int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		ret = -ENODEV;
	else
		ret = trace_array_get(file->tr);
	mutex_unlock(&event_mutex);
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
	return read_text(ubuf, cnt, ppos, text);
}

static ssize_t event_enable_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = filp->private_data;
	int on, ret;

	ret = read_switch(ubuf, cnt, &on);
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

static const struct file_operations event_enable_fops = {
	.open		= event_file_open,
	.read		= event_enable_read,
	.write		= event_enable_write,
	.release	= event_file_release,
	.llseek		= default_llseek,
};

/* events/SYSTEM/EVENT/id: the record type, kept as the inode's data. */

/* For files that keep nothing of the event beyond what eventfs gave. */
static int events_plain_open(struct inode *inode, struct file *filp)
{
	return security_locked_down(LOCKDOWN_TRACEFS);
}

static ssize_t event_id_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	int id = (long)file_inode(filp)->i_private;
	char text[16];

	snprintf(text, sizeof(text), "%d\n", id);
	return read_text(ubuf, cnt, ppos, text);
}

static const struct file_operations event_id_fops = {
	.open		= events_plain_open,
	.read		= event_id_read,
	.llseek		= default_llseek,
};

/* events/SYSTEM/EVENT/format */

/* The trace_entry every record starts with, as tools know its fields. */
static struct trace_event_fields common_fields[] = {
	{ .type = "unsigned short", .name = "common_type",
	  .size = 2, .align = 2 },
	{ .type = "unsigned char", .name = "common_flags",
	  .size = 1, .align = 1 },
	{ .type = "unsigned char", .name = "common_preempt_count",
	  .size = 1, .align = 1 },
	{ .type = "int", .name = "common_pid",
	  .size = 4, .align = 4, .is_signed = 1 },
	{}
};

/*
 * One "field:" line.  An array's size moves behind the name as C writes
 * it ("char[16]" comm becomes "char comm[16]", "char[]" buf "char buf[]");
 * data_loc types are shown as they are.
 */
static void format_field(struct seq_file *m,
			 const struct trace_event_fields *field,
			 unsigned int offset)
{
	const char *bracket = strchr(field->type, '[');

	if (str_has_prefix(field->type, "__data_loc"))
		bracket = NULL;
	if (!bracket)
		seq_printf(m, "\tfield:%s %s;", field->type, field->name);
	else if (field->len)
		seq_printf(m, "\tfield:%.*s %s[%d];", (int)(bracket - field->type),
			   field->type, field->name, field->len);
	else
		seq_printf(m, "\tfield:%.*s %s[];", (int)(bracket - field->type),
			   field->type, field->name);
	seq_printf(m, "\toffset:%u;\tsize:%u;\tsigned:%d;\n",
		   offset, field->size, field->is_signed);
}

/*
 * Fields are laid out one after the other, each at its alignment, from
 * @offset on.  Calls @show (if any) for each; returns the end of the last.
 */
static unsigned int walk_fields(struct seq_file *m,
				const struct trace_event_fields *field,
				unsigned int offset)
{
	for (; field && field->type; field++) {
		if (field->type == TRACE_FUNCTION_TYPE)
			continue;	/* run-time fields: none yet */
		if (field->align > 1)
			offset = ALIGN(offset, field->align);
		if (m)
			format_field(m, field, offset);
		offset += field->size;
	}
	return offset;
}

static int event_format_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;
	struct trace_event_call *call;
	int ret = 0;

	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED) {
		ret = -ENODEV;
		goto out;
	}
	call = file->event_call;
	seq_printf(m, "name: %s\nID: %d\nformat:\n", trace_event_name(call),
		   call->event.type);
	walk_fields(m, common_fields, 0);
	seq_putc(m, '\n');
	walk_fields(m, call->class->fields_array, sizeof(struct trace_entry));
	seq_printf(m, "\nprint fmt: %s\n", call->print_fmt);
out:
	mutex_unlock(&event_mutex);
	return ret;
}

static int event_format_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	if (READ_ONCE(file->flags) & EVENT_FILE_FL_FREED)
		return -ENODEV;
	return single_open(filp, event_format_show, file);
}

static const struct file_operations event_format_fops = {
	.open		= event_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/*
 * events/SYSTEM/filter and events/SYSTEM/EVENT/filter.  There is no
 * filter language yet: a filter file reads "none" and takes only "0",
 * which clears the filter.  Tools such as trace-cmd look for these files
 * to find the events and write "0" to reset them.  A filter that names a
 * field the event does not have is reported in error_log as upstream
 * does; any other filter is refused with -EINVAL.
 */
static ssize_t filter_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, "none\n");
}

/* Names a filter may use besides the record's fields. */
static const char * const filter_generic_fields[] = {
	"CPU", "cpu", "common_cpu", "COMM", "comm", "STACKTRACE", "stacktrace",
};

static bool event_has_field(struct trace_event_call *call, const char *name,
			    size_t len)
{
	const struct trace_event_fields *tables[] = {
		common_fields, call->class->fields_array,
	};
	const struct trace_event_fields *f;
	int i;

	for (i = 0; i < ARRAY_SIZE(filter_generic_fields); i++)
		if (strlen(filter_generic_fields[i]) == len &&
		    !strncmp(filter_generic_fields[i], name, len))
			return true;
	for (i = 0; i < ARRAY_SIZE(tables); i++)
		for (f = tables[i]; f && f->type; f++)
			if (f->type != TRACE_FUNCTION_TYPE &&
			    strlen(f->name) == len && !strncmp(f->name, name, len))
				return true;
	return false;
}

static const char *filter_errs[] = { "Field not found" };

/* The first name in @expr, if @file's event has no such field. */
static void filter_check_field(struct trace_event_file *file, char *expr)
{
	const char *p = expr, *name;
	size_t len;

	p = skip_spaces(p);
	while (*p == '(' || *p == '!')
		p = skip_spaces(p + 1);
	if (!isalpha(*p) && *p != '_')
		return;
	name = p;
	while (isalnum(*p) || *p == '_')
		p++;
	len = p - name;
	if (event_has_field(file->event_call, name, len))
		return;
	p = skip_spaces(p);
	tracing_log_err(file->tr, "event filter parse error", expr,
			filter_errs, 0, p - expr);
}

static ssize_t filter_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos, struct trace_event_file *file)
{
	char *buf;
	int ret = 0;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	strim(buf);
	if (strcmp(skip_spaces(buf), "0")) {
		ret = -EINVAL;
		mutex_lock(&event_mutex);
		if (file && !(file->flags & EVENT_FILE_FL_FREED))
			filter_check_field(file, buf);
		mutex_unlock(&event_mutex);
	}
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static ssize_t event_filter_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return filter_write(filp, ubuf, cnt, ppos, file_inode(filp)->i_private);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return filter_write(filp, ubuf, cnt, ppos, NULL);
}

static const struct file_operations event_filter_fops = {
	.open		= events_plain_open,
	.read		= filter_read,
	.write		= event_filter_write,
	.llseek		= default_llseek,
};

static const struct file_operations system_filter_fops = {
	.open		= events_plain_open,
	.read		= filter_read,
	.write		= system_filter_write,
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
	return read_text(ubuf, cnt, ppos, text);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_subsystem_dir *dir = filp->private_data;
	int on, ret;

	ret = read_switch(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	if (dir->removed)
		ret = -ENODEV;
	else
		ret = tracing_update_buffers(dir->tr) ?:
		      __ftrace_set_clr_event_nolock(dir->tr, NULL, dir->name,
						    NULL, on);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations system_enable_fops = {
	.open		= system_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.release	= system_release,
	.llseek		= default_llseek,
};

/* events/enable, events/header_page, events/header_event */

static int events_top_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (!ret)
		filp->private_data = tr;
	return ret;
}

static int events_top_release(struct inode *inode, struct file *filp)
{
	trace_array_put(filp->private_data);
	return 0;
}

static ssize_t events_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	char text[3] = "?\n";

	mutex_lock(&event_mutex);
	text[0] = events_state(tr, NULL);
	mutex_unlock(&event_mutex);
	return read_text(ubuf, cnt, ppos, text);
}

static ssize_t events_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int on, ret;

	ret = read_switch(ubuf, cnt, &on);
	if (ret)
		return ret;
	mutex_lock(&event_mutex);
	ret = tracing_update_buffers(tr) ?:
	      __ftrace_set_clr_event_nolock(tr, NULL, NULL, NULL, on);
	mutex_unlock(&event_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations events_enable_fops = {
	.open		= events_top_open,
	.read		= events_enable_read,
	.write		= events_enable_write,
	.release	= events_top_release,
	.llseek		= default_llseek,
};

/* The layout of the buffer's pages and record headers, for parsers. */
static ssize_t events_header_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos, bool page)
{
	struct trace_array *tr = filp->private_data;
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	if (page)
		ring_buffer_print_page_header(tr->buffer, s);
	else
		ring_buffer_print_entry_header(s);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return events_header_read(filp, ubuf, cnt, ppos, true);
}

static ssize_t header_event_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return events_header_read(filp, ubuf, cnt, ppos, false);
}

static const struct file_operations header_page_fops = {
	.open		= events_top_open,
	.read		= header_page_read,
	.release	= events_top_release,
	.llseek		= default_llseek,
};

static const struct file_operations header_event_fops = {
	.open		= events_top_open,
	.read		= header_event_read,
	.release	= events_top_release,
	.llseek		= default_llseek,
};

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
	{ .name = "id",		.callback = event_entry,
	  .release = event_ei_release },
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

/*
 * Soft mode is for users that need the probe to run while the event is
 * not recorded (triggers): they count in sm_ref, and while any is there
 * a plain disable only sets SOFT_DISABLED.  A plain enable always clears
 * SOFT_DISABLED.  The probe is registered while ENABLED is set.
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

int __ftrace_set_clr_event_nolock(struct trace_array *tr, const char *match,
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

struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system, const char *event)
{
	struct trace_event_file *file;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->event_call;

		if (event_switchable(call) &&
		    !strcmp(event_system(call), system) &&
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
	ret = __ftrace_set_clr_event_nolock(tr, NULL, system, event, enable);
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

/**
 * trace_event_get_offsets - the size of an event's fixed part
 * @call: the event
 *
 * Return: where the last field of the record ends (the dynamic data of
 * __data_loc fields starts there).
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	return walk_fields(NULL, call->class->fields_array,
			   sizeof(struct trace_entry));
}

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
	trace_events_ctl_create_files(tr, parent);
	return ret;
}

int event_trace_del_tracer(struct trace_array *tr)
{
	struct trace_event_file *file, *next;
	LIST_HEAD(dead);

	lockdep_assert_held(&event_mutex);
	if (!tr->events.next)
		return 0;
	trace_events_ctl_free(tr);
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
/* Recording: what the probes call                                     */

/*
 * tp_printk: events also go to printk.  The key is on only when the
 * kernel booted with tp_printk (the iterator is allocated then), so the
 * commit of everyone else tests nothing; tracepoint_printk (the sysctl,
 * tp_printk_stop_on_boot) is looked at only behind it.
 */
static DEFINE_STATIC_KEY_FALSE(tp_printk_key);
static DEFINE_RAW_SPINLOCK(tp_printk_lock);
static struct trace_iterator *tp_printk_iter;

static noinline void event_printk(struct trace_event_buffer *fbuffer)
{
	struct trace_event_file *file = fbuffer->trace_file;
	struct trace_event *event = &file->event_call->event;
	struct trace_iterator *iter = tp_printk_iter;
	unsigned long flags;

	if (!READ_ONCE(tracepoint_printk) || !event->funcs ||
	    !event->funcs->trace)
		return;
	/* An NMI must not wait for the context it interrupted. */
	if (in_nmi()) {
		if (!raw_spin_trylock_irqsave(&tp_printk_lock, flags))
			return;
	} else {
		raw_spin_lock_irqsave(&tp_printk_lock, flags);
	}
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);
	iter->tr = file->tr;
	iter->ent = fbuffer->entry;
	iter->cpu = raw_smp_processor_id();
	event->funcs->trace(iter, 0, event);
	trace_seq_putc(&iter->seq, '\0');
	printk("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&tp_printk_lock, flags);
}

/**
 * trace_event_file_gate - the slow half of a probe's first test
 * @file: the event file the probe runs for
 *
 * Return: true when the record must not be written: the event is
 * soft-disabled, or the task is filtered out by set_event_pid or
 * set_event_notrace_pid.
 */
bool trace_event_file_gate(struct trace_event_file *file)
{
	unsigned long flags = READ_ONCE(file->flags);
	bool __percpu *ignore;

	if (flags & EVENT_FILE_FL_SOFT_DISABLED)
		return true;
	if (flags & EVENT_FILE_FL_PID_FILTER) {
		ignore = READ_ONCE(file->tr->ignore_pid);
		return ignore && this_cpu_read(*ignore);
	}
	return false;
}
EXPORT_SYMBOL_GPL(trace_event_file_gate);

/**
 * trace_event_buffer_reserve - reserve an event's record in its array
 * @fbuffer: the probe's record state, filled in here
 * @trace_file: the event file the probe runs for
 * @len: bytes of record, trace_entry included
 *
 * Called by the probe with preemption disabled (by the tracepoint), after
 * trace_trigger_soft_disabled() said the event is to be recorded.
 *
 * Return: the record, its trace_entry filled in, or NULL when the buffer
 * takes nothing now.  Commit it with trace_event_buffer_commit().
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_buffer *buffer = trace_file->tr->buffer;
	unsigned int trace_ctx = tracing_gen_ctx_dec();
	struct ring_buffer_event *event;
	void *entry;

	event = ring_buffer_lock_reserve(buffer, len);
	if (unlikely(!event))
		return NULL;
	entry = ring_buffer_event_data(event);
	tracing_generic_entry_update(entry, trace_file->event_call->event.type,
				     trace_ctx);
	fbuffer->buffer = buffer;
	fbuffer->event = event;
	fbuffer->trace_file = trace_file;
	fbuffer->entry = entry;
	fbuffer->trace_ctx = trace_ctx;
	fbuffer->regs = NULL;
	return entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/**
 * trace_event_buffer_commit - commit a record of trace_event_buffer_reserve()
 * @fbuffer: the probe's record state
 *
 * Also prints the event with tp_printk, saves the task's name and thread
 * group as the options ask, and adds the stack records of the stacktrace
 * and userstacktrace options.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_array *tr = fbuffer->trace_file->tr;

	if (static_branch_unlikely(&tp_printk_key))
		event_printk(fbuffer);
	trace_buffer_unlock_commit(tr, fbuffer->buffer, fbuffer->event,
				   fbuffer->trace_ctx);
	if (unlikely(tr->flags & (TRACE_ITER(STACKTRACE) |
				  TRACE_ITER(USERSTACKTRACE)))) {
		/* From the tracepoint's caller: past us, probe and iterator. */
		ftrace_trace_stack(tr, fbuffer->buffer, fbuffer->trace_ctx, 3);
		ftrace_trace_userstack(tr, fbuffer->buffer, fbuffer->trace_ctx);
	}
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/**
 * trace_event_buffer_lock_reserve - reserve a record of an event's type
 * @current_buffer: set to the buffer the record is in
 * @trace_file: the event file
 * @type: the record type
 * @len: bytes of record, trace_entry included
 * @trace_ctx: the record's context
 *
 * For probes that build their record themselves; commit with
 * trace_buffer_unlock_commit().
 *
 * Return: the reserved event, or NULL.
 */
struct ring_buffer_event *
trace_event_buffer_lock_reserve(struct trace_buffer **current_buffer,
				struct trace_event_file *trace_file,
				int type, unsigned long len,
				unsigned int trace_ctx)
{
	*current_buffer = trace_file->tr->buffer;
	return trace_buffer_lock_reserve(*current_buffer, type, len, trace_ctx);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_lock_reserve);

/* ------------------------------------------------------------------ */
/* Boot                                                                */

/*
 * One word of trace_event= or of a trace_instance= event list, as
 * set_event takes it: "system:event", "system:*" or "system:",
 * "*:event" or ":event", or a bare name that is a system or an event.
 */
static int __init boot_event_word(struct trace_array *tr, char *word, int set)
{
	char *sub = strsep(&word, ":");

	if (!word)
		return __ftrace_set_clr_event_nolock(tr, sub, NULL, NULL, set);
	return __ftrace_set_clr_event_nolock(tr, NULL, sub, word, set);
}

static void __init boot_enable_list(struct trace_array *tr, const char *list,
				    bool off_first)
{
	char *copy, *rest, *word;

	copy = kstrdup(list, GFP_KERNEL);
	if (!copy)
		return;
	mutex_lock(&event_mutex);
	rest = copy;
	while ((word = strsep(&rest, ",")) != NULL) {
		char *w = strim(word);
		char *again;

		if (!*w)
			continue;
		if (off_first) {
			again = kstrdup(w, GFP_KERNEL);
			if (again)
				boot_event_word(tr, again, 0);
			kfree(again);
		}
		if (boot_event_word(tr, w, 1))
			pr_warn("failed to enable trace event: %s\n", w);
	}
	mutex_unlock(&event_mutex);
	kfree(copy);
}

/**
 * trace_event_boot_enable - enable the event list of a trace_instance=
 * @tr: the instance
 * @list: comma-separated set_event words
 */
void __init trace_event_boot_enable(struct trace_array *tr, char *list)
{
	if (list && *list && !tracing_update_buffers(tr))
		boot_enable_list(tr, list, false);
}

static int __init set_boot_events(char *str)
{
	strscpy(boot_events, str, sizeof(boot_events));
	/* The top-level buffer is then allocated at its full size. */
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("trace_event=", set_boot_events);

/*
 * The raw_syscalls events flag every task when their probe comes; pid 1
 * did not exist at trace_init(), so the boot's events are switched off
 * and on again once it does.
 */
static int __init boot_events_again(void)
{
	if (boot_events[0] && global_trace.events.next)
		boot_enable_list(&global_trace, boot_events, true);
	return 0;
}
early_initcall(boot_events_again);

static void __init tp_printk_init(void)
{
	if (!tracepoint_printk)
		return;
	tp_printk_iter = kzalloc(sizeof(*tp_printk_iter), GFP_KERNEL);
	if (!tp_printk_iter) {
		pr_warn("no memory for tp_printk\n");
		return;
	}
	static_branch_enable(&tp_printk_key);
}

/**
 * trace_event_init - register vmlinux's events, at trace_init()
 *
 * The top-level array gets its event files (its directories follow with
 * tracefs), the core's records are described as events/ftrace/, and the
 * events of trace_event= are enabled: all before the first user process.
 */
void __init trace_event_init(void)
{
	struct trace_event_call **iter;
	struct trace_array *tr;

	event_file_cache = KMEM_CACHE(trace_event_file, SLAB_PANIC);
	tp_printk_init();
	mutex_lock(&event_mutex);
	for (iter = __start_ftrace_events; iter < __stop_ftrace_events; iter++) {
		eval_maps_apply(*iter, __start_ftrace_eval_maps,
				__stop_ftrace_eval_maps);
		event_call_register(*iter);
	}
	list_for_each_entry(tr, &trace_arrays, list)
		event_array_fill(tr);
	mutex_unlock(&event_mutex);

	if (trace_export_init())
		pr_warn("could not register events/ftrace\n");
	events_follow_modules();
	if (boot_events[0] && global_trace.events.next)
		boot_enable_list(&global_trace, boot_events, false);
}
