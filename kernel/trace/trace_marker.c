// SPDX-License-Identifier: GPL-2.0
/*
 * The marker files: trace_marker, whose writes become TRACE_PRINT records
 * (text, a '\n' added when missing), and trace_marker_raw, whose writes
 * become TRACE_RAW_DATA records (a 4-byte id, then binary data), both in
 * the array of the directory they are in, while its markers option is set.
 *
 * A trace_marker write also runs the triggers of events/ftrace/print, with
 * the record (before the commit, and after it for the post ones).
 *
 * The user's bytes are copied straight into the reserved record.  This file
 * holds no kernel-side writer (trace_printk() is trace_printk.c's) and does
 * not print the records (trace_output.c does).
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/pagemap.h>
#include <linux/uaccess.h>

#include "trace.h"

/* The longest single trace_marker write; a longer one is cut short. */
#define TRACE_MARKER_MAX_SIZE	4096

static int tracing_mark_open(struct inode *inode, struct file *filp)
{
	stream_open(inode, filp);
	return tracing_open_generic_tr(inode, filp);
}

/*
 * Copying from user space is done with page faults off, straight into
 * the reserved record.  If the copy faults, the record is given back, the
 * pages are faulted in and the copy tried again; an address that cannot
 * be read gives -EFAULT and no record at all.
 *
 * Return: the record, with @cnt bytes from @ubuf at @offset in its data;
 * ERR_PTR(-EBADF) when recording is off, ERR_PTR(-EFAULT).
 */
#define MARKER_COPY_TRIES	3

static struct ring_buffer_event *
marker_fill(struct trace_buffer *buffer, int type, unsigned long len,
	    unsigned int trace_ctx, size_t offset,
	    const char __user *ubuf, size_t cnt)
{
	struct ring_buffer_event *event;
	int tries;

	for (tries = 1; ; tries++) {
		event = trace_buffer_lock_reserve(buffer, type, len, trace_ctx);
		if (!event)
			return ERR_PTR(-EBADF);
		if (!copy_from_user_nofault(ring_buffer_event_data(event) + offset,
					    ubuf, cnt))
			return event;
		ring_buffer_discard_commit(buffer, event);
		if (tries == MARKER_COPY_TRIES || fault_in_readable(ubuf, cnt))
			return ERR_PTR(-EFAULT);
	}
}

static ssize_t tracing_mark_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct trace_buffer *buffer = tr->buffer;
	struct trace_event_file *file;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	struct trigger_ctx ctx;
	unsigned long due = 0;
	unsigned int trace_ctx;
	size_t room;

	if (!(tr->flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	if (!buffer)
		return -EBADF;
	if (!cnt)
		return 0;

	/*
	 * What does not fit in one record is left for the writer's next
	 * write(): the short count tells it where to go on from.
	 */
	room = ring_buffer_max_event_size(buffer);
	if (room <= sizeof(*entry) + 2)
		return -EBADF;
	room -= sizeof(*entry) + 2;	/* a '\n' may be added, and the NUL */
	cnt = min3(cnt, room, (size_t)TRACE_MARKER_MAX_SIZE);

	trace_ctx = tracing_gen_ctx();
	event = marker_fill(buffer, TRACE_PRINT, struct_size(entry, buf, cnt + 2),
			    trace_ctx, offsetof(typeof(*entry), buf), ubuf, cnt);
	if (IS_ERR(event))
		return PTR_ERR(event);

	entry = ring_buffer_event_data(event);
	entry->ip = _THIS_IP_;
	entry->buf[cnt] = '\0';
	ctx = (struct trigger_ctx){
		.rec = entry, .trace_ctx = trace_ctx, .from = _THIS_IP_,
	};
	file = READ_ONCE(tr->marker_file);
	if (file && !(READ_ONCE(file->flags) & EVENT_FILE_FL_TRIGGER_MODE))
		file = NULL;
	/* The triggers see the text as written, before a '\n' is added. */
	if (file)
		due = event_triggers_call(file, &ctx, TRIGGERS_PRE);
	if (entry->buf[cnt - 1] != '\n') {
		entry->buf[cnt] = '\n';
		entry->buf[cnt + 1] = '\0';
	}
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	if (file) {
		ctx.rec = NULL;
		event_triggers_post(file, &ctx, due);
	}
	return cnt;
}

/* The smallest buf a trace_marker_raw record has (upstream's size). */
#define RAW_MIN_DATA	13

static ssize_t tracing_mark_raw_write(struct file *filp,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	unsigned int trace_ctx, len, size;

	if (!(tr->flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	/* The record's id comes first, and is required. */
	if (cnt < sizeof(entry->id))
		return -EINVAL;
	if (!buffer)
		return -EBADF;
	/* Binary data is not cut: it all fits in one record, or nothing. */
	if (cnt > ring_buffer_max_event_size(buffer) - sizeof(*entry))
		return -EINVAL;

	/*
	 * The id and the data after it are copied as they come.  The record
	 * is sized as upstream sizes it, which readers see as the length of
	 * buf: four bytes over the data, and at least RAW_MIN_DATA.
	 */
	len = sizeof(*entry) + max_t(size_t, cnt, RAW_MIN_DATA);
	trace_ctx = tracing_gen_ctx();
	event = marker_fill(buffer, TRACE_RAW_DATA, len, trace_ctx,
			    offsetof(typeof(*entry), id), ubuf, cnt);
	if (IS_ERR(event))
		return PTR_ERR(event);

	/* Clear what the data does not fill, up to the record's real end. */
	entry = ring_buffer_event_data(event);
	size = ring_buffer_event_length(event);
	len = offsetof(typeof(*entry), id) + cnt;
	if (size > len)
		memset((char *)entry + len, 0, size - len);
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	return cnt;
}

static const struct file_operations tracing_mark_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_write,
	.release	= tracing_release_generic_tr,
};

static const struct file_operations tracing_mark_raw_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_raw_write,
	.release	= tracing_release_generic_tr,
};

/**
 * trace_marker_create_files - create an array's marker files
 * @tr: the array the markers write into
 * @dir: its directory
 *
 * Context: tracing_lock held.
 */
void trace_marker_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("trace_marker", 0220, dir, tr, &tracing_mark_fops);
	trace_create_file("trace_marker_raw", 0220, dir, tr,
			  &tracing_mark_raw_fops);
}
