// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a trace array's buffer.
 *
 *   trace           text of every record, oldest first, without consuming
 *   trace_pipe      the same text, consumed as it is read; blocks
 *   trace_pipe_raw  one CPU's sub-buffers in the binary layout (read and
 *                   splice), consumed; what trace-cmd records with
 *   stats           one CPU's counters
 *
 * (ftrace_dump(), the buffer to the console, is in trace_dump.c.)
 *
 * All of them walk records through the merge iterator of trace_iter.c,
 * which also describes the readers' locking.
 */
#include <linux/pipe_fs_i.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/uio.h>

#include "trace.h"

/* What a file's private data points at, for the text readers. */
struct trace_reader {
	struct trace_iterator	iter;
	struct list_head	pipe_node;	/* on trace_pipe_readers */
	bool			paused;		/* pause-on-trace stopped recording */
};

static struct trace_reader *to_reader(struct trace_iterator *iter)
{
	return container_of(iter, struct trace_reader, iter);
}

/**
 * tracing_reset_online_cpus - empty a buffer on every online CPU
 * @buffer: the buffer (may be NULL)
 *
 * May sleep.
 */
static void tracing_reset_online_cpus(struct trace_buffer *buffer)
{
	if (buffer)
		ring_buffer_reset_online_cpus(buffer);
}

/* Drop the text added after @len: a record that did not fit whole. */
static void trace_seq_cut(struct trace_seq *s, unsigned int len)
{
	s->seq.len = len;
	s->full = 0;
}

/* ------------------------------------------------------------------ */
/* trace: the seq_file of every record                                 */

/*
 * Position 0 of the file is the header, position n the n-th record.
 * iter->pos is the position of the item the iterator is on (-1: not
 * started).  seq_file asks again for the item it could not fit, which is
 * the one the iterator is on; its text may already be in iter->seq
 * (iter->leftover).  Going back starts the walk over.
 */
static void trace_file_rewind(struct trace_iterator *iter)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (iter->buffer_iter[cpu])
			ring_buffer_iter_reset(iter->buffer_iter[cpu]);
	cpumask_clear(iter->started);
	iter->ent = NULL;
	iter->leftover = 0;
	iter->idx = -1;	/* the first record is number 0 */
	iter->pos = 0;
}

static bool trace_file_step(struct trace_iterator *iter)
{
	if (!trace_find_next_entry_inc(iter))
		return false;
	iter->leftover = 0;
	iter->pos++;
	return true;
}

static void *trace_file_item(struct trace_iterator *iter)
{
	if (!iter->pos)
		return SEQ_START_TOKEN;
	return iter->ent ? iter : NULL;
}

static void *trace_file_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	struct trace_array *tr = iter->tr;

	/* A tracer change shows from the next read on. */
	mutex_lock(&tracing_lock);
	if (iter->trace != tr->current_trace) {
		if (iter->trace->close)
			iter->trace->close(iter);
		iter->trace = tr->current_trace;
		if (iter->trace->open)
			iter->trace->open(iter);
	}
	mutex_unlock(&tracing_lock);

	down_read(&trace_event_sem);
	/* Past the end the record is gone: an lseek back to it rewinds. */
	if (iter->pos < 0 || *pos < iter->pos ||
	    (*pos == iter->pos && iter->pos && !iter->ent))
		trace_file_rewind(iter);
	while (iter->pos < *pos)
		if (!trace_file_step(iter))
			return NULL;
	return trace_file_item(iter);
}

static void *trace_file_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iterator *iter = m->private;

	(*pos)++;
	if (!trace_file_step(iter))
		return NULL;
	return iter;
}

static void trace_file_stop(struct seq_file *m, void *v)
{
	up_read(&trace_event_sem);
}

static int trace_file_show(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = m->private;

	if (v == SEQ_START_TOKEN) {
		trace_print_header(m, iter);
		return 0;
	}
	if (!iter->leftover) {
		trace_seq_init(&iter->seq);
		if (print_trace_line(iter) == TRACE_TYPE_PARTIAL_LINE) {
			iter->seq.full = 0;
			trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
		}
	}
	/* Text that does not fit stays in iter->seq for the next try. */
	iter->leftover = trace_print_seq(m, &iter->seq);
	if (!iter->leftover)
		trace_seq_init(&iter->seq);
	return 0;
}

static const struct seq_operations trace_file_seq_ops = {
	.start	= trace_file_start,
	.next	= trace_file_next,
	.stop	= trace_file_stop,
	.show	= trace_file_show,
};

static void trace_reader_free_content(struct trace_iterator *iter)
{
	free_cpumask_var(iter->started);
	kfree(iter->buffer_iter);
	kfree(iter->temp);
	kfree(iter->fmt);
}

static int trace_file_open_read(struct file *file, struct trace_array *tr,
				int cpu)
{
	struct trace_iterator *iter;
	struct trace_reader *rd;
	int i;

	rd = __seq_open_private(file, &trace_file_seq_ops, sizeof(*rd));
	if (!rd)
		return -ENOMEM;
	iter = &rd->iter;
	iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*iter->buffer_iter),
				    GFP_KERNEL);
	if (!iter->buffer_iter || !zalloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto fail;
	iter->pos = -1;

	mutex_lock(&tracing_lock);
	trace_iter_setup(iter, tr, cpu, true);
	if (iter->trace->open)
		iter->trace->open(iter);
	/* pause-on-trace: hold the writers off while the file is open. */
	if (tr->flags & TRACE_ITER(PAUSE_ON_TRACE)) {
		ring_buffer_record_disable(tr->buffer);
		rd->paused = true;
	}
	mutex_unlock(&tracing_lock);

	for_each_possible_cpu(i)
		if (cpu == RING_BUFFER_ALL_CPUS || cpu == i)
			iter->buffer_iter[i] = ring_buffer_read_start(tr->buffer,
								      i, GFP_KERNEL);
	return 0;
fail:
	trace_reader_free_content(iter);
	seq_release_private(file_inode(file), file);
	return -ENOMEM;
}

static int tracing_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	/*
	 * "echo > trace" empties the buffer (per_cpu/cpuN/trace: that CPU),
	 * between two records of a consumer, never while one is printing a
	 * record it has yet to consume.
	 */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		trace_consumers_lock(tr);
		if (tr->buffer)
			tr->time_start = ring_buffer_time_stamp(tr->buffer);
		if (cpu == RING_BUFFER_ALL_CPUS)
			tracing_reset_online_cpus(tr->buffer);
		else
			ring_buffer_reset_cpu(tr->buffer, cpu);
		trace_consumers_unlock(tr);
	}
	if (file->f_mode & FMODE_READ) {
		ret = trace_file_open_read(file, tr, cpu);
		if (ret)
			trace_array_put(tr);
	}
	return ret;
}

static int tracing_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	struct trace_reader *rd;
	int cpu;

	if (file->f_mode & FMODE_READ) {
		iter = ((struct seq_file *)file->private_data)->private;
		rd = to_reader(iter);
		for_each_possible_cpu(cpu)
			if (iter->buffer_iter[cpu])
				ring_buffer_read_finish(iter->buffer_iter[cpu]);
		mutex_lock(&tracing_lock);
		if (iter->trace->close)
			iter->trace->close(iter);
		mutex_unlock(&tracing_lock);
		if (rd->paused)
			ring_buffer_record_enable(iter->buffer);
		trace_reader_free_content(iter);
		seq_release_private(inode, file);
	}
	trace_array_put(tr);
	return 0;
}

/* Writing is only there to allow "echo > trace"; the text is ignored. */
static ssize_t tracing_write_ignore(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	return count;
}

static loff_t tracing_lseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

const struct file_operations tracing_fops = {
	.open		= tracing_open,
	.read		= seq_read,
	.read_iter	= seq_read_iter,
	.splice_read	= copy_splice_read,
	.write		= tracing_write_ignore,
	.llseek		= tracing_lseek,
	.release	= tracing_release,
};

/* ------------------------------------------------------------------ */
/* trace_pipe: consuming text reads                                    */

/*
 * Open trace_pipe files, under tracing_lock.  Like upstream, one CPU's
 * records have one text consumer at a time: a second open of the same
 * CPU (or of all CPUs against any CPU) gets -EBUSY.
 */
static LIST_HEAD(trace_pipe_readers);

static int trace_pipe_claim(struct trace_reader *rd, struct trace_array *tr,
			    int cpu)
{
	struct trace_reader *other;

	lockdep_assert_held(&tracing_lock);
	list_for_each_entry(other, &trace_pipe_readers, pipe_node) {
		int ocpu = other->iter.cpu_file;

		if (other->iter.tr == tr &&
		    (cpu == ocpu || cpu == RING_BUFFER_ALL_CPUS ||
		     ocpu == RING_BUFFER_ALL_CPUS))
			return -EBUSY;
	}
	list_add(&rd->pipe_node, &trace_pipe_readers);
	return 0;
}

static int tracing_open_pipe(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	struct trace_iterator *iter;
	struct trace_reader *rd;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = -ENOMEM;
	rd = kvzalloc(sizeof(*rd), GFP_KERNEL);
	if (!rd)
		goto fail_put;
	iter = &rd->iter;
	if (!alloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto fail_free;
	/* No "buffer started" marks in a pipe. */
	cpumask_setall(iter->started);
	mutex_init(&iter->mutex);
	trace_seq_init(&iter->seq);

	mutex_lock(&tracing_lock);
	ret = trace_pipe_claim(rd, tr, cpu);
	if (ret) {
		mutex_unlock(&tracing_lock);
		goto fail_free;
	}
	trace_iter_setup(iter, tr, cpu, false);
	if (iter->trace->pipe_open)
		iter->trace->pipe_open(iter);
	tr->trace_ref++;
	mutex_unlock(&tracing_lock);

	file->private_data = iter;
	return nonseekable_open(inode, file);

fail_free:
	free_cpumask_var(iter->started);
	kvfree(rd);
fail_put:
	trace_array_put(tr);
	return ret;
}

static int tracing_release_pipe(struct inode *inode, struct file *file)
{
	struct trace_iterator *iter = file->private_data;
	struct trace_reader *rd = to_reader(iter);
	struct trace_array *tr = iter->tr;

	mutex_lock(&tracing_lock);
	list_del(&rd->pipe_node);
	tr->trace_ref--;
	if (iter->trace->pipe_close)
		iter->trace->pipe_close(iter);
	mutex_unlock(&tracing_lock);

	trace_reader_free_content(iter);
	mutex_destroy(&iter->mutex);
	kvfree(rd);
	trace_array_put(tr);
	return 0;
}

/*
 * Wait, iter->mutex held (dropped while asleep), until there is a record.
 * Return: 1 to go and read, 0 for end of file, or -EAGAIN / -EINTR.
 */
static int trace_pipe_wait(struct trace_iterator *iter, bool nonblock)
{
	int ret;

	while (trace_empty(iter)) {
		if (nonblock)
			return -EAGAIN;
		/*
		 * A reader that has had records sees the end once tracing is
		 * off and the buffer drained; one that has had none keeps
		 * waiting, so it can be started before tracing is.
		 */
		if (iter->pos && !tracer_tracing_is_on(iter->tr))
			return 0;
		mutex_unlock(&iter->mutex);
		ret = ring_buffer_wait(iter->buffer, iter->cpu_file, 0, NULL, NULL);
		mutex_lock(&iter->mutex);
		if (ret)
			return ret;
	}
	iter->pos = 1;
	return 1;
}

/*
 * Format and consume records until @room bytes of text are in iter->seq
 * (or the buffer is empty).  A record whose line does not fit whole is
 * left for the next read, unless it is alone: then it is dropped for a
 * "[LINE TOO BIG]" note.
 */
static void trace_pipe_fill(struct trace_iterator *iter, unsigned int room)
{
	trace_seq_init(&iter->seq);
	trace_consumers_lock(iter->tr);
	down_read(&trace_event_sem);
	while (trace_find_next_entry_inc(iter)) {
		unsigned int before = trace_seq_used(&iter->seq);
		enum print_line_t ret = print_trace_line(iter);

		if (ret == TRACE_TYPE_PARTIAL_LINE) {
			if (before) {
				trace_seq_cut(&iter->seq, before);
				break;
			}
			trace_seq_init(&iter->seq);
			trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
			trace_consume(iter);
			break;
		}
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		if (trace_seq_used(&iter->seq) >= room)
			break;
	}
	up_read(&trace_event_sem);
	trace_consumers_unlock(iter->tr);
}

static ssize_t trace_pipe_copy_out(struct trace_seq *s, struct iov_iter *to)
{
	size_t n = copy_to_iter(s->buffer + s->readpos,
				trace_seq_used(s) - s->readpos, to);

	if (!n)
		return -EFAULT;
	s->readpos += n;
	if (s->readpos >= trace_seq_used(s))
		trace_seq_init(s);
	return n;
}

/*
 * read_iter rather than read: it serves read(), readv() and, through
 * copy_splice_read(), splice().
 */
static ssize_t tracing_read_pipe(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *file = iocb->ki_filp;
	struct trace_iterator *iter = file->private_data;
	bool nonblock = (file->f_flags & O_NONBLOCK) ||
			(iocb->ki_flags & IOCB_NOWAIT);
	size_t want = iov_iter_count(to);
	ssize_t ret;

	if (!want)
		return 0;
	if (mutex_lock_interruptible(&iter->mutex))
		return -ERESTARTSYS;
	for (;;) {
		/* Text an earlier read formatted but could not return. */
		if (iter->seq.readpos < trace_seq_used(&iter->seq)) {
			ret = trace_pipe_copy_out(&iter->seq, to);
			break;
		}
		ret = trace_pipe_wait(iter, nonblock);
		if (ret <= 0)
			break;
		trace_pipe_fill(iter, min_t(size_t, want, TRACE_SEQ_BUFFER_SIZE - 1));
		/* Records that printed nothing: wait for more. */
	}
	mutex_unlock(&iter->mutex);
	return ret;
}

static __poll_t tracing_poll_pipe(struct file *file, poll_table *pt)
{
	struct trace_iterator *iter = file->private_data;

	return trace_poll(iter->tr, iter->cpu_file, file, pt);
}

const struct file_operations tracing_pipe_fops = {
	.open		= tracing_open_pipe,
	.read_iter	= tracing_read_pipe,
	.splice_read	= copy_splice_read,
	.poll		= tracing_poll_pipe,
	.release	= tracing_release_pipe,
};

/* ------------------------------------------------------------------ */
/* trace_pipe_raw: whole sub-buffers                                   */

struct trace_raw_reader {
	struct trace_array		*tr;
	struct trace_buffer		*buffer;
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

static int tracing_buffers_open(struct inode *inode, struct file *file)
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
	rr->buffer = tr->buffer;
	rr->cpu = tracing_get_cpu(inode);
	mutex_init(&rr->lock);

	mutex_lock(&tracing_lock);
	tr->trace_ref++;
	mutex_unlock(&tracing_lock);

	file->private_data = rr;
	return nonseekable_open(inode, file);
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
	ring_buffer_wake_waiters(rr->buffer, rr->cpu);
	return 0;
}

static unsigned int raw_subbuf_size(struct trace_raw_reader *rr)
{
	return ring_buffer_subbuf_size_get(rr->buffer);
}

/* raw_take_page() with the consume lock held. */
static bool __raw_take_page(struct trace_raw_reader *rr, size_t len)
{
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
		if (!ring_buffer_empty_cpu(rr->buffer, rr->cpu) ||
		    READ_ONCE(rr->closed))
			return 0;
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN;
		ret = ring_buffer_wait(rr->buffer, rr->cpu, 0, raw_reader_closed, rr);
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
		trace_consumers_lock(rr->tr);
		ret = raw_splice_fill(rr, &spd, ppos, len);
		trace_consumers_unlock(rr->tr);
		if (spd.nr_pages || ret || woken)
			break;
		ret = -EAGAIN;
		if ((file->f_flags & O_NONBLOCK) || (flags & SPLICE_F_NONBLOCK))
			break;
		/* Until buffer_percent of the sub-buffers are full. */
		ret = ring_buffer_wait(rr->buffer, rr->cpu,
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
	ring_buffer_wake_waiters(rr->buffer, rr->cpu);
	return 0;
}

const struct file_operations tracing_buffers_fops = {
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

const struct file_operations tracing_stats_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_stats_read,
	.llseek		= generic_file_llseek,
	.release	= tracing_release_generic_tr,
};

static const struct {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
} cpu_read_files[] = {
	{ "trace",		TRACE_MODE_WRITE,	&tracing_fops },
	{ "trace_pipe",		TRACE_MODE_READ,	&tracing_pipe_fops },
	{ "trace_pipe_raw",	TRACE_MODE_READ,	&tracing_buffers_fops },
	{ "stats",		TRACE_MODE_READ,	&tracing_stats_fops },
};

/**
 * trace_create_cpu_read_files - the readers' files of per_cpu/cpuN
 * @tr: the trace array
 * @d_cpu: its per_cpu/cpuN directory
 * @cpu: N
 */
void trace_create_cpu_read_files(struct trace_array *tr, struct dentry *d_cpu,
				 long cpu)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(cpu_read_files); i++)
		trace_create_cpu_file(cpu_read_files[i].name,
				      cpu_read_files[i].mode, d_cpu, tr, cpu,
				      cpu_read_files[i].fops);
}
