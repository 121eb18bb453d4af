// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU binary readers: per_cpu/cpuN/trace_pipe_raw, which hands
 * out one CPU's sub-buffers whole, in the ring buffer's own layout
 * (read(), splice() without a copy, and the ioctl that wakes blocked
 * readers; what trace-cmd records with), and per_cpu/cpuN/stats, the
 * counters of that CPU's buffer.
 *
 * A reader takes a sub-buffer with the consumers' lock of trace_iter.c
 * held, so that it never takes a page a text reader is still printing
 * from, and holds it neither while it waits nor while it touches user
 * memory.
 *
 * Not here: the text readers (trace_read.c) and the buffer's size and
 * switches (trace_buffer_files.c).
 */
#include <linux/fs.h>
#include <linux/pipe_fs_i.h>
#include <linux/slab.h>
#include <linux/splice.h>

#include "trace.h"

/* ------------------------------------------------------------------ */
/* trace_pipe_raw: whole sub-buffers                                   */

struct trace_raw_reader {
	struct trace_array		*tr;
	/*
	 * The buffer read: the array's live one, or its snapshot (snapshot_raw);
	 * a swap trades them, and raw_follow() follows it.  Changed under
	 * @lock and the consume lock, with @page that belongs to it.
	 */
	struct trace_buffer		*buffer;
	bool				snapshot;
	int				cpu;
	bool				closed;	/* being closed: stop waiting */
	/*
	 * read(): the sub-buffer being returned, and how much of it was.
	 * The file's own copy, under @lock: the consume lock is needed only
	 * to fill it.
	 */
	struct mutex			lock;
	struct buffer_data_read_page	*page;
	unsigned int			done;
	unsigned int			size;
};

static bool raw_reader_closed(void *data)
{
	struct trace_raw_reader *rr = data;

	return READ_ONCE(rr->closed);
}

static int raw_open(struct inode *inode, struct file *file,
		    struct trace_buffer *buffer)
{
	struct trace_array *tr = inode->i_private;
	struct trace_raw_reader *rr;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	rr = kzalloc(sizeof(*rr), GFP_KERNEL);
	if (!rr) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	rr->tr = tr;
	rr->buffer = buffer ?: tr->buffer;
	rr->snapshot = buffer;
	rr->cpu = tracing_get_cpu(inode);
	mutex_init(&rr->lock);

	mutex_lock(&tracing_lock);
	tr->trace_ref++;
	mutex_unlock(&tracing_lock);

	file->private_data = rr;
	return nonseekable_open(inode, file);
}

static int tracing_buffers_open(struct inode *inode, struct file *file)
{
	return raw_open(inode, file, NULL);
}

/**
 * trace_raw_open_buffer - open a trace_pipe_raw reader of another buffer
 * @inode: the file's inode: i_private the array, the CPU in i_cdev
 * @file: the file; its other operations are those of trace_raw_fops
 * @buffer: the buffer of the array to read (its snapshot)
 *
 * Return: 0 or a negative errno.
 */
int trace_raw_open_buffer(struct inode *inode, struct file *file,
			  struct trace_buffer *buffer)
{
	return raw_open(inode, file, buffer);
}

static int tracing_buffers_release(struct inode *inode, struct file *file)
{
	struct trace_raw_reader *rr = file->private_data;
	struct trace_array *tr = rr->tr;

	mutex_lock(&tracing_lock);
	tr->trace_ref--;
	mutex_unlock(&tracing_lock);

	ring_buffer_free_read_page(rr->buffer, rr->cpu, rr->page);
	kfree(rr);
	trace_array_put(tr);
	return 0;
}

/* Every close() of the file, including of dup()s: wake blocked readers. */
static int tracing_buffers_flush(struct file *file, fl_owner_t id)
{
	struct trace_raw_reader *rr = file->private_data;

	WRITE_ONCE(rr->closed, true);
	ring_buffer_wake_waiters(READ_ONCE(rr->buffer), rr->cpu);
	return 0;
}

static unsigned int raw_subbuf_size(struct trace_raw_reader *rr)
{
	return ring_buffer_subbuf_size_get(rr->buffer);
}

/*
 * A snapshot swap since the last read put the buffer this file reads
 * (live or snapshot) elsewhere: read where it is now, as trace_pipe does.
 * rr->lock and the consume lock held.
 */
static void raw_follow(struct trace_raw_reader *rr)
{
	struct trace_buffer *now = rr->snapshot ? READ_ONCE(rr->tr->max_buffer) :
						  READ_ONCE(rr->tr->buffer);

	if (now == rr->buffer)
		return;
	/* The spare sub-buffer goes back to the buffer it came from. */
	if (rr->page) {
		ring_buffer_free_read_page(rr->buffer, rr->cpu, rr->page);
		rr->page = NULL;
	}
	WRITE_ONCE(rr->buffer, now);
}

/* raw_take_page() with the consume lock held. */
static bool __raw_take_page(struct trace_raw_reader *rr, size_t len)
{
	raw_follow(rr);
	if (rr->page && ring_buffer_read_page_size(rr->page) != raw_subbuf_size(rr)) {
		ring_buffer_free_read_page(rr->buffer, rr->cpu, rr->page);
		rr->page = NULL;
	}
	if (!rr->page && ring_buffer_alloc_read_page(rr->buffer, rr->cpu, &rr->page))
		return false;
	if (ring_buffer_read_page(rr->buffer, rr->page, len, rr->cpu, 0) < 0)
		return false;
	rr->done = 0;
	rr->size = ring_buffer_read_page_size(rr->page);
	return true;
}

/*
 * Take the next sub-buffer into rr->page, at most @len bytes of it
 * (header included) when @len is smaller.  rr->lock held; takes the
 * consume lock.
 */
static bool raw_take_page(struct trace_raw_reader *rr, size_t len)
{
	bool ret;

	trace_consumers_lock(rr->tr);
	ret = __raw_take_page(rr, len);
	trace_consumers_unlock(rr->tr);
	return ret;
}

/*
 * read() returns the sub-buffer as it is, header, records and all (the
 * bytes past the records included): a short read leaves the rest of it
 * for the next one.
 */
static ssize_t tracing_buffers_read(struct file *file, char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct trace_raw_reader *rr = file->private_data;
	size_t n;
	int ret;

	if (!count)
		return 0;
	for (;;) {
		if (mutex_lock_interruptible(&rr->lock))
			return -ERESTARTSYS;
		if (rr->done < rr->size || raw_take_page(rr, count))
			break;
		mutex_unlock(&rr->lock);
		/* Records there but too big for @count, or closing: end. */
		if (!ring_buffer_empty_cpu(READ_ONCE(rr->buffer), rr->cpu) ||
		    READ_ONCE(rr->closed))
			return 0;
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = ring_buffer_wait(READ_ONCE(rr->buffer), rr->cpu, 0,
				       raw_reader_closed, rr);
		if (ret)
			return ret;
	}
	n = min_t(size_t, count, rr->size - rr->done);
	n -= copy_to_user(ubuf, ring_buffer_read_page_data(rr->page) + rr->done, n);
	rr->done += n;
	mutex_unlock(&rr->lock);
	if (!n)
		return -EFAULT;
	*ppos += n;
	return n;
}

/* A sub-buffer lent to a pipe, freed when the last pipe buffer lets go. */
struct raw_page_ref {
	struct trace_buffer		*buffer;
	struct buffer_data_read_page	*page;
	int				cpu;
	refcount_t			refs;
};

static void raw_page_ref_put(struct raw_page_ref *ref)
{
	if (!refcount_dec_and_test(&ref->refs))
		return;
	/* Frees memory only: the buffer itself may be gone by now. */
	ring_buffer_free_read_page(ref->buffer, ref->cpu, ref->page);
	kfree(ref);
}

static void raw_pipe_buf_release(struct pipe_inode_info *pipe,
				 struct pipe_buffer *buf)
{
	raw_page_ref_put((struct raw_page_ref *)buf->private);
	buf->private = 0;
}

static bool raw_pipe_buf_get(struct pipe_inode_info *pipe,
			     struct pipe_buffer *buf)
{
	struct raw_page_ref *ref = (struct raw_page_ref *)buf->private;

	return refcount_inc_not_zero(&ref->refs);
}

static const struct pipe_buf_operations raw_pipe_buf_ops = {
	.release	= raw_pipe_buf_release,
	.get		= raw_pipe_buf_get,
};

static void raw_spd_release(struct splice_pipe_desc *spd, unsigned int i)
{
	raw_page_ref_put((struct raw_page_ref *)spd->partial[i].private);
	spd->partial[i].private = 0;
}

/*
 * Put finished sub-buffers into @spd, each whole (page-size lengths and
 * offsets only).  Consume lock held.  Return: 0, or an error when not even
 * the first could be taken for a reason other than there being none.
 */
static int raw_splice_fill(struct trace_raw_reader *rr,
			   struct splice_pipe_desc *spd, loff_t *ppos,
			   size_t len)
{
	unsigned int size = raw_subbuf_size(rr);
	struct raw_page_ref *ref;

	if (len < size || !IS_ALIGNED(*ppos, size))
		return -EINVAL;
	while (spd->nr_pages < spd->nr_pages_max && len >= size &&
	       ring_buffer_entries_cpu(rr->buffer, rr->cpu)) {
		ref = kzalloc(sizeof(*ref), GFP_KERNEL);
		if (!ref)
			return spd->nr_pages ? 0 : -ENOMEM;
		ref->buffer = rr->buffer;
		ref->cpu = rr->cpu;
		refcount_set(&ref->refs, 1);
		if (ring_buffer_alloc_read_page(rr->buffer, rr->cpu, &ref->page)) {
			kfree(ref);
			return spd->nr_pages ? 0 : -ENOMEM;
		}
		if (ring_buffer_read_page_size(ref->page) != size ||
		    ring_buffer_read_page(rr->buffer, ref->page, size, rr->cpu, 1) < 0) {
			raw_page_ref_put(ref);
			break;
		}
		spd->pages[spd->nr_pages] =
			virt_to_page(ring_buffer_read_page_data(ref->page));
		spd->partial[spd->nr_pages].offset = 0;
		spd->partial[spd->nr_pages].len = size;
		spd->partial[spd->nr_pages].private = (unsigned long)ref;
		spd->nr_pages++;
		len -= size;
		*ppos += size;
	}
	return 0;
}

static ssize_t tracing_buffers_splice_read(struct file *file, loff_t *ppos,
					   struct pipe_inode_info *pipe,
					   size_t len, unsigned int flags)
{
	struct trace_raw_reader *rr = file->private_data;
	struct partial_page partial_def[PIPE_DEF_BUFFERS];
	struct page *pages_def[PIPE_DEF_BUFFERS];
	struct splice_pipe_desc spd = {
		.pages		= pages_def,
		.partial	= partial_def,
		.nr_pages_max	= PIPE_DEF_BUFFERS,
		.ops		= &raw_pipe_buf_ops,
		.spd_release	= raw_spd_release,
	};
	bool woken = false;
	ssize_t ret;

	if (splice_grow_spd(pipe, &spd))
		return -ENOMEM;
	for (;;) {
		if (mutex_lock_interruptible(&rr->lock)) {
			ret = -ERESTARTSYS;
			break;
		}
		trace_consumers_lock(rr->tr);
		raw_follow(rr);
		ret = raw_splice_fill(rr, &spd, ppos, len);
		trace_consumers_unlock(rr->tr);
		mutex_unlock(&rr->lock);
		if (spd.nr_pages || ret || woken)
			break;
		ret = -EAGAIN;
		if ((file->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK))
			break;
		/* Until buffer_percent of the sub-buffers are full. */
		ret = ring_buffer_wait(READ_ONCE(rr->buffer), rr->cpu,
				       READ_ONCE(rr->tr->buffer_percent),
				       raw_reader_closed, rr);
		if (ret || !tracer_tracing_is_on(rr->tr))
			break;
		/* One more look, then return even if it found nothing. */
		woken = true;
	}
	if (spd.nr_pages)
		ret = splice_to_pipe(pipe, &spd);
	splice_shrink_spd(&spd);
	return ret;
}

static __poll_t tracing_buffers_poll(struct file *file, poll_table *pt)
{
	struct trace_raw_reader *rr = file->private_data;

	return trace_poll(rr->tr, rr->cpu, file, pt);
}

/* ioctl(fd, 0) wakes the file's blocked readers (trace-cmd stopping). */
static long tracing_buffers_ioctl(struct file *file, unsigned int cmd,
				  unsigned long arg)
{
	struct trace_raw_reader *rr = file->private_data;

	if (cmd == TRACE_MMAP_IOCTL_GET_READER)
		return ring_buffer_map_get_reader(rr->buffer, rr->cpu);
	if (cmd)
		return -ENOTTY;
	ring_buffer_wake_waiters(READ_ONCE(rr->buffer), rr->cpu);
	return 0;
}

const struct file_operations trace_raw_fops = {
	.open		= tracing_buffers_open,
	.read		= tracing_buffers_read,
	.poll		= tracing_buffers_poll,
	.flush		= tracing_buffers_flush,
	.release	= tracing_buffers_release,
	.splice_read	= tracing_buffers_splice_read,
	.unlocked_ioctl	= tracing_buffers_ioctl,
};

/* ------------------------------------------------------------------ */
/* stats                                                               */

/* "SECONDS.MICROS" of a nanosecond time, rounded to the microsecond. */
static int print_stat_time(char *buf, size_t size, const char *what,
			   u64 ns, bool in_ns)
{
	u32 us;
	u64 s;

	if (!in_ns)
		return scnprintf(buf, size, "%s: %llu\n", what, ns);
	s = div_u64_rem(div_u64(ns + NSEC_PER_USEC / 2, NSEC_PER_USEC),
			USEC_PER_SEC, &us);
	return scnprintf(buf, size, "%s: %5llu.%06u\n", what, s, us);
}

static ssize_t tracing_stats_read(struct file *file, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(file);
	struct trace_array *tr = inode->i_private;
	struct trace_buffer *b = tr->buffer;
	int cpu = tracing_get_cpu(inode);
	bool in_ns = trace_clocks[tr->clock_id].in_ns;
	char buf[384];
	int n;

	n = scnprintf(buf, sizeof(buf),
		      "entries: %ld\noverrun: %ld\ncommit overrun: %ld\nbytes: %ld\n",
		      ring_buffer_entries_cpu(b, cpu),
		      ring_buffer_overrun_cpu(b, cpu),
		      ring_buffer_commit_overrun_cpu(b, cpu),
		      ring_buffer_bytes_cpu(b, cpu));
	n += print_stat_time(buf + n, sizeof(buf) - n, "oldest event ts",
			     ring_buffer_oldest_event_ts(b, cpu), in_ns);
	n += print_stat_time(buf + n, sizeof(buf) - n, "now ts",
			     ring_buffer_time_stamp(b), in_ns);
	n += scnprintf(buf + n, sizeof(buf) - n,
		       "dropped events: %ld\nread events: %ld\n",
		       ring_buffer_dropped_events_cpu(b, cpu),
		       ring_buffer_read_events_cpu(b, cpu));
	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static const struct file_operations tracing_stats_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_stats_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

/**
 * trace_pipe_raw_create_cpu_files - make per_cpu/cpuN/trace_pipe_raw and stats
 * @tr: the trace array
 * @d_cpu: its per_cpu/cpuN directory
 * @cpu: N
 *
 * Context: tracing_lock held.
 */
void trace_pipe_raw_create_cpu_files(struct trace_array *tr,
				     struct dentry *d_cpu, long cpu)
{
	trace_create_cpu_file("trace_pipe_raw", TRACE_MODE_READ, d_cpu, tr, cpu,
			      &trace_raw_fops);
	trace_create_cpu_file("stats", TRACE_MODE_READ, d_cpu, tr, cpu,
			      &tracing_stats_fops);
}
