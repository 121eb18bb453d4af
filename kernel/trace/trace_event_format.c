// SPDX-License-Identifier: GPL-2.0
/*
 * The files of events/ that describe records: events/SYSTEM/EVENT/format
 * and id, events/header_page and events/header_event, which is what tools
 * (trace-cmd, perf, libtraceevent) read to decode a buffer.  The filter
 * code (trace_filter.c) finds a field's place in a record with
 * trace_event_field_find(), from the same walk.
 *
 * A format lays the fields out one after the other at their alignment
 * from the end of struct trace_entry, which is where C puts them; the
 * same walk gives trace_event_get_offsets().
 *
 * The files' operations are exported to trace_events.c, which puts them
 * in the eventfs directories; nothing here makes a directory, enables an
 * event or knows the registry.  Each operation checks that its event is
 * still there (EVENT_FILE_FL_FREED) under event_mutex.
 */

#include <linux/kernel.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

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

	return trace_read_line(ubuf, cnt, ppos, "%d\n", id);
}

const struct file_operations event_id_fops = {
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
		offset += field->stride ?: field->size;
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

const struct file_operations event_format_fops = {
	.open		= event_format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
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

const struct file_operations header_page_fops = {
	.open		= tracing_open_generic_tr,
	.read		= header_page_read,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

const struct file_operations header_event_fops = {
	.open		= tracing_open_generic_tr,
	.read		= header_event_read,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

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

/**
 * trace_event_field_find - where a named field is in an event's records
 * @call: the event, or NULL for the fields every record starts with
 * @name: the field's name
 * @offset: set to the field's offset in the record
 *
 * Context: event_mutex held (@call stays registered).
 *
 * Return: the field's description, or NULL when there is none so named.
 */
const struct trace_event_fields *
trace_event_field_find(struct trace_event_call *call, const char *name,
		       unsigned int *offset)
{
	const struct trace_event_fields *field;
	unsigned int off = 0;

	field = call ? call->class->fields_array : common_fields;
	if (call)
		off = sizeof(struct trace_entry);
	for (; field && field->type; field++) {
		if (field->type == TRACE_FUNCTION_TYPE)
			continue;
		if (field->align > 1)
			off = ALIGN(off, field->align);
		if (!strcmp(field->name, name)) {
			*offset = off;
			return field;
		}
		off += field->stride ?: field->size;
	}
	return NULL;
}
