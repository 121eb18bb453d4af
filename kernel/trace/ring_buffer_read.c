// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a ring buffer, three ways:
 *
 *  - The consuming reader (ring_buffer_peek(), ring_buffer_consume():
 *    trace_pipe) owns one spare page per CPU.  It takes the next page out
 *    of the ring by exchanging its spare page into that page's slot, and
 *    reads it up to its commit count; it may take the page the writer is
 *    still filling, in which case the writer keeps appending to it.
 *
 *  - Iterators (the trace file) do not consume: they copy a page, check
 *    that its slot still holds it unchanged, and walk the copy, so writers
 *    are never held up; pages overwritten before an iterator got to them
 *    are skipped and reported as dropped.
 *
 *  - Binary readers (trace_pipe_raw, splice) get whole sub-buffers from
 *    ring_buffer_read_page(), swapped or copied out of the reader's page.
 *
 * All three run under the CPU's reader lock.  Only the consumer changes
 * what the writer sees (the slots it takes pages from); the commit lpn,
 * published with release semantics by the writer, bounds what any of them
 * may look at.
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "ring_buffer_internal.h"

struct ring_buffer_iter {
	struct rb_cpu		*cb;
	struct buffer_data_page	*copy;		/* the page being walked, copied */
	unsigned long		lpn;		/* which page the copy is of */
	bool			final;		/* the page could not grow any more */
	bool			dropped;	/* pages were overwritten under us */
	unsigned int		len;		/* bytes valid in the copy */
	unsigned int		pos;
	u64			ts;		/* time of the entry before pos */
	u64			page_ts;
	unsigned long		end_lpn;	/* the commit page at the start */
};

/* --- The consuming reader --- */

/*
 * Take the next page out of the ring, giving it the reader page in
 * exchange.  Pages past the commit point are never taken; a page the
 * writer overwrote before we got to it is skipped (its entries were
 * counted as overrun).  Reader lock held.
 */
VISIBLE_IF_KUNIT bool rb_take_page(struct rb_cpu *cb)
{
	for (;;) {
		/* Pairs with the release in rb_publish() */
		unsigned long limit = smp_load_acquire(&cb->commit_lpn);
		u64 x;

		if (cb->rd_next > limit)
			return false;
		/* Anything N or more pages behind the commit page is gone. */
		rb_skip_lapped(cb, limit, &cb->rd_next, &cb->rd_slot);
		x = atomic64_read(&cb->slots[cb->rd_slot]);
		if (SLOT_LPN(x) != cb->rd_next || (x & SLOT_EMPTY)) {
			cb->rd_next++;
			cb->rd_slot = rb_next_slot(cb, cb->rd_slot);
			continue;
		}
		local_set(&cb->pages[cb->rd_id].dp->commit, 0);
		cb->pages[cb->rd_id].end = 0;
		if (!atomic64_try_cmpxchg(&cb->slots[cb->rd_slot], &x,
					  SLOT_MK(cb->rd_id, cb->rd_next, true)))
			continue;
		cb->rd_id = SLOT_ID(x);
		cb->rd_lpn = cb->rd_next;
		cb->rd_pos = 0;
		cb->rd_next++;
		cb->rd_slot = rb_next_slot(cb, cb->rd_slot);
		break;
	}
	/* Entries the writer overwrote since the last look. */
	cb->rd_lost += local_read(&cb->overrun) - cb->lost_seen;
	cb->lost_seen = local_read(&cb->overrun);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(rb_take_page);

static inline unsigned int rb_reader_commit(struct rb_cpu *cb)
{
	unsigned int commit;

	commit = local_read(&cb->pages[cb->rd_id].dp->commit) & RB_COMMIT_MASK;
	/* The count before the entries it covers; pairs with rb_publish() */
	smp_rmb();
	return commit;
}

/* The reader page can no longer grow: the commit point moved past it. */
static inline bool rb_reader_final(struct rb_cpu *cb)
{
	/* Pairs with the release in rb_publish() */
	return cb->rd_lpn < smp_load_acquire(&cb->commit_lpn);
}

/*
 * Make sure the reader page has bytes not read yet, taking the next page
 * from the ring if the current one is finished.  Reader lock held.
 */
static bool rb_reader_ready(struct rb_cpu *cb)
{
	for (;;) {
		if (cb->rd_pos < rb_reader_commit(cb))
			return true;
		if (!rb_reader_final(cb))
			return false;
		if (cb->rd_pos < rb_reader_commit(cb))
			return true;
		if (!rb_take_page(cb))
			return false;
	}
}

/*
 * The next data entry for the consuming reader; with @consume, step past
 * it.  Reader lock held.
 */
static struct ring_buffer_event *rb_reader_next(struct rb_cpu *cb, u64 *ts,
						bool consume)
{
	struct ring_buffer_event *ev;
	unsigned int size;

	for (;;) {
		struct buffer_data_page *dp = cb->pages[cb->rd_id].dp;

		if (cb->rd_pos >= rb_reader_commit(cb)) {
			if (!rb_reader_final(cb))
				return NULL;
			/* Whatever was published last on it is read too. */
			if (cb->rd_pos < rb_reader_commit(cb))
				continue;
			if (!rb_take_page(cb))
				return NULL;
			continue;
		}
		/*
		 * The page's time is read with its first entry: the page may
		 * have been taken before the writer put anything on it.
		 */
		if (!cb->rd_pos)
			cb->rd_ts = dp->time_stamp;
		ev = rb_walk_to_data(dp, &cb->rd_pos, rb_reader_commit(cb),
				     &cb->rd_ts, &cb->read_bytes);
		if (!ev)
			continue;
		if (ts)
			*ts = cb->rd_ts + ev->time_delta;
		if (consume) {
			size = rb_entry_size(ev);
			cb->rd_ts += ev->time_delta;
			cb->rd_pos += size;
			cb->read++;
			cb->read_bytes += size;
		}
		return ev;
	}
}

static struct ring_buffer_event *rb_read_one(struct trace_buffer *buffer,
					     int cpu, u64 *ts,
					     unsigned long *lost_events,
					     bool consume)
{
	struct ring_buffer_event *ev;
	unsigned long flags;
	struct rb_cpu *cb;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	cb = buffer->buffers[cpu];
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	ev = rb_reader_next(cb, ts, consume);
	if (lost_events)
		*lost_events = ev ? cb->rd_lost : 0;
	if (ev && consume)
		cb->rd_lost = 0;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ev;
}

/**
 * ring_buffer_peek - look at the next entry of a CPU without consuming it
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: where to put its time stamp (may be NULL)
 * @lost_events: where to put the count of entries lost before it (may be NULL)
 *
 * Return: the entry, valid until the next read of this CPU, or NULL.
 */
struct ring_buffer_event *ring_buffer_peek(struct trace_buffer *buffer, int cpu,
					   u64 *ts, unsigned long *lost_events)
{
	return rb_read_one(buffer, cpu, ts, lost_events, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_peek);

/**
 * ring_buffer_consume - take the next entry of a CPU
 * @buffer: the buffer
 * @cpu: the CPU
 * @ts: where to put its time stamp (may be NULL)
 * @lost_events: where to put the count of entries lost before it (may be NULL)
 *
 * Return: the entry, valid until the next read of this CPU, or NULL.
 */
struct ring_buffer_event *ring_buffer_consume(struct trace_buffer *buffer,
					      int cpu, u64 *ts,
					      unsigned long *lost_events)
{
	return rb_read_one(buffer, cpu, ts, lost_events, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_consume);

/**
 * ring_buffer_empty_cpu - whether a CPU has nothing left to read
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: true if there is no entry to read on @cpu.
 */
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu)
{
	return !ring_buffer_peek(buffer, cpu, NULL, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_empty_cpu);

/**
 * ring_buffer_empty - whether no CPU has anything to read
 * @buffer: the buffer
 *
 * Return: true if every CPU is empty.
 */
bool ring_buffer_empty(struct trace_buffer *buffer)
{
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		if (!ring_buffer_empty_cpu(buffer, cpu))
			return false;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_empty);

/* --- Iterators: walk copies of pages, validated against the ring --- */

static inline unsigned int rb_slot_of(struct rb_cpu *cb, unsigned long lpn)
{
	return (cb->rd_slot + (lpn - cb->rd_next)) % cb->nr_slots;
}

/*
 * Copy page @lpn into the iterator, wherever it is now: the reader page or
 * a ring slot.  A ring page is copied and then checked to be still in its
 * slot unchanged; if the writer took it meanwhile, or before, the copy
 * fails.  Reader lock held.
 */
static bool rb_iter_load(struct ring_buffer_iter *it, unsigned long lpn)
{
	struct rb_cpu *cb = it->cb;
	struct buffer_data_page *dp;
	unsigned int len, slot = 0;
	u64 x = 0;

	if (lpn == cb->rd_lpn) {
		dp = cb->pages[cb->rd_id].dp;
		it->final = rb_reader_final(cb);
		len = rb_reader_commit(cb);
	} else {
		/* Pairs with the release in rb_publish() */
		if (lpn < cb->rd_next || lpn > smp_load_acquire(&cb->commit_lpn))
			return false;
		slot = rb_slot_of(cb, lpn);
		x = atomic64_read(&cb->slots[slot]);
		if (SLOT_LPN(x) != lpn || (x & SLOT_EMPTY))
			return false;
		/* Pairs with the release in rb_publish() */
		it->final = lpn < smp_load_acquire(&cb->commit_lpn);
		dp = cb->pages[SLOT_ID(x)].dp;
		len = local_read(&dp->commit) & RB_COMMIT_MASK;
		/* The count before the entries; pairs with rb_publish() */
		smp_rmb();
	}
	len = min(len, cb->buffer->data_size);
	/*
	 * A ring page may be overwritten while it is copied; the slot check
	 * below throws such a copy away, so the race is harmless.
	 */
	it->copy->time_stamp = data_race(dp->time_stamp);
	/* The same tolerated race for the entries. */
	data_race(memcpy(it->copy->data, dp->data, len));
	if (x) {
		/* The copy before the re-check; the writer claims, then writes */
		smp_rmb();
		if (atomic64_read(&cb->slots[slot]) != x)
			return false;
	}
	it->lpn = lpn;
	it->len = len;
	it->page_ts = it->copy->time_stamp;
	return true;
}

/* Position the iterator on the oldest unread entry. */
static void rb_iter_start(struct ring_buffer_iter *it)
{
	struct rb_cpu *cb = it->cb;

	it->len = 0;
	it->pos = 0;
	it->ts = 0;
	it->final = true;
	it->lpn = cb->rd_next - 1;
	if ((cb->rd_pos < rb_reader_commit(cb) || !rb_reader_final(cb)) &&
	    rb_iter_load(it, cb->rd_lpn)) {
		it->pos = cb->rd_pos;
		it->ts = cb->rd_ts;
	}
}

/* Load the page after the iterator's, skipping pages already gone. */
static bool rb_iter_next_page(struct ring_buffer_iter *it)
{
	struct rb_cpu *cb = it->cb;
	unsigned long next = it->lpn + 1;
	unsigned long limit, skip;

	if (next < cb->rd_next && next != cb->rd_lpn) {
		/*
		 * The consumer went past us: go on where it is.  The copy is
		 * now of the reader page, so the position must be the
		 * reader's too, even when it has read all there is so far:
		 * an offset left from our older page would be taken for an
		 * entry's start once the writer adds to the reader page.
		 */
		it->dropped = true;
		rb_iter_load(it, cb->rd_lpn);	/* cannot fail for the reader page */
		it->pos = cb->rd_pos;
		it->ts = cb->rd_ts;
		if (it->pos < it->len)
			return true;
		next = cb->rd_next;
	}
	for (;;) {
		/* Pairs with the release in rb_publish() */
		limit = min(smp_load_acquire(&cb->commit_lpn), it->end_lpn);
		if (next > limit)
			return false;
		/*
		 * limit is the newest page when the walk began: what it
		 * laps was overwritten before, and the walk starts at the
		 * oldest page left, as a reader of a full overwrite buffer
		 * expects, with nothing lost.  A page overwritten under the
		 * walk fails to load below, and that is a loss.
		 */
		skip = rb_lapped(cb, next, limit);
		next += skip;
		if (rb_iter_load(it, next))
			break;
		it->dropped = true;
		next++;
	}
	it->pos = 0;
	it->ts = it->page_ts;
	return true;
}

static struct ring_buffer_event *rb_iter_next(struct ring_buffer_iter *it,
					      u64 *ts, bool advance)
{
	unsigned long skipped = 0;	/* the iterator keeps no byte count */
	struct ring_buffer_event *ev;

	for (;;) {
		if (it->pos >= it->len) {
			/* The page may have grown since it was copied. */
			if (!it->final && rb_iter_load(it, it->lpn)) {
				if (it->pos < it->len)
					continue;
				if (!it->final)
					return NULL;
			}
			if (!rb_iter_next_page(it))
				return NULL;
			continue;
		}
		if (!it->pos)
			it->ts = it->page_ts;
		ev = rb_walk_to_data(it->copy, &it->pos, it->len, &it->ts,
				     &skipped);
		if (!ev)
			continue;
		if (ts)
			*ts = it->ts + ev->time_delta;
		if (advance) {
			it->ts += ev->time_delta;
			it->pos += rb_entry_size(ev);
		}
		return ev;
	}
}

/**
 * ring_buffer_read_start - open a non-consuming iterator over one CPU
 * @buffer: the buffer
 * @cpu: the CPU
 * @flags: allocation flags
 *
 * The iterator walks copies of the pages, so writers go on undisturbed; if
 * they overwrite a page before the iterator gets to it, the iterator skips
 * ahead and ring_buffer_iter_dropped() says so.  It ends with the sub-buffer
 * the writer was filling when it was opened: a reader whose own work is
 * traced (the function tracer on every function) writes faster than it
 * reads and would otherwise never reach the end.  While it is open the
 * CPU's buffer is not resized.
 *
 * Return: the iterator, or NULL.
 */
struct ring_buffer_iter *ring_buffer_read_start(struct trace_buffer *buffer,
						int cpu, gfp_t flags)
{
	struct ring_buffer_iter *it;
	unsigned long irqflags;
	struct rb_cpu *cb;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return NULL;
	it = kzalloc(sizeof(*it), flags);
	if (!it)
		return NULL;
	/* Resizing and order changes check for iterators under the mutex. */
	mutex_lock(&buffer->mutex);
	it->copy = kmalloc(PAGE_SIZE << buffer->order, flags);
	if (!it->copy) {
		mutex_unlock(&buffer->mutex);
		kfree(it);
		return NULL;
	}
	cb = buffer->buffers[cpu];
	it->cb = cb;
	atomic_inc(&cb->iterators);
	mutex_unlock(&buffer->mutex);
	raw_spin_lock_irqsave(&cb->reader_lock, irqflags);
	/* Pairs with the release in rb_publish() */
	it->end_lpn = smp_load_acquire(&cb->commit_lpn);
	rb_iter_start(it);
	raw_spin_unlock_irqrestore(&cb->reader_lock, irqflags);
	return it;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_start);

/**
 * ring_buffer_read_finish - close an iterator
 * @iter: the iterator
 */
void ring_buffer_read_finish(struct ring_buffer_iter *iter)
{
	atomic_dec(&iter->cb->iterators);
	kfree(iter->copy);
	kfree(iter);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_finish);

/**
 * ring_buffer_iter_peek - the entry an iterator is on
 * @iter: the iterator
 * @ts: where to put its time stamp (may be NULL)
 *
 * Return: the entry (a copy, valid until the iterator moves), or NULL at
 * the end.
 */
struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter,
						u64 *ts)
{
	struct ring_buffer_event *ev;
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	ev = rb_iter_next(iter, ts, false);
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
	return ev;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_peek);

/**
 * ring_buffer_iter_advance - move an iterator past its entry
 * @iter: the iterator
 */
void ring_buffer_iter_advance(struct ring_buffer_iter *iter)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	rb_iter_next(iter, NULL, true);
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_advance);

/**
 * ring_buffer_iter_reset - move an iterator back to the oldest unread entry
 * @iter: the iterator
 */
void ring_buffer_iter_reset(struct ring_buffer_iter *iter)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&iter->cb->reader_lock, flags);
	rb_iter_start(iter);
	iter->dropped = false;
	raw_spin_unlock_irqrestore(&iter->cb->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_reset);

/**
 * ring_buffer_iter_empty - whether an iterator is at the end
 * @iter: the iterator
 *
 * Return: non-zero if there is no entry at or after the iterator.
 */
int ring_buffer_iter_empty(struct ring_buffer_iter *iter)
{
	return !ring_buffer_iter_peek(iter, NULL);
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_empty);

/**
 * ring_buffer_iter_dropped - whether entries were overwritten under an iterator
 * @iter: the iterator
 *
 * Return: true (once) if the iterator had to skip overwritten pages.
 */
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter)
{
	bool dropped = iter->dropped;

	iter->dropped = false;
	return dropped;
}
EXPORT_SYMBOL_GPL(ring_buffer_iter_dropped);

/* --- Whole pages for binary readers --- */

/**
 * ring_buffer_alloc_read_page - a page to pass to ring_buffer_read_page()
 * @buffer: the buffer
 * @cpu: the CPU it will be used with (for memory placement)
 * @rpage: where to put the page
 *
 * Return: 0 or -ENOMEM.
 */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage)
{
	struct buffer_data_read_page *rp;

	rp = kmalloc(sizeof(*rp), GFP_KERNEL);
	if (!rp)
		return -ENOMEM;
	rp->order = buffer->order;
	rp->data = rb_alloc_dp(cpu >= 0 ? cpu : 0, rp->order);
	if (!rp->data) {
		kfree(rp);
		return -ENOMEM;
	}
	*rpage = rp;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

/**
 * ring_buffer_free_read_page - free a page from ring_buffer_alloc_read_page()
 * @buffer: the buffer
 * @cpu: the CPU
 * @rpage: the page
 */
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *rpage)
{
	if (!rpage)
		return;
	rb_free_dp(rpage->data, rpage->order);
	kfree(rpage);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/**
 * ring_buffer_read_page_data - the sub-buffer inside a read page
 * @rpage: the page
 *
 * Return: the sub-buffer, in the header_page layout.
 */
void *ring_buffer_read_page_data(struct buffer_data_read_page *rpage)
{
	return rpage->data;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_data);

/**
 * ring_buffer_read_page_size - size of a read page
 * @rpage: the page
 *
 * Return: its size in bytes, header included.
 */
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage)
{
	return PAGE_SIZE << rpage->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_size);

/**
 * ring_buffer_read_page - consume a page's worth of a CPU's entries
 * @buffer: the buffer
 * @rpage: a page from ring_buffer_alloc_read_page()
 * @len: bytes of @rpage that may be filled, header included
 * @cpu: the CPU
 * @full: only hand out a sub-buffer the writer has finished
 *
 * A finished sub-buffer not read from yet is handed over whole, in exchange
 * for @rpage's; otherwise the unread entries that fit are copied.  The
 * result is in the header_page layout; its commit word has bit 31 set when
 * entries were lost before it, and bit 30 when their count is stored after
 * the data.
 *
 * Return: 0, or -1 when there is nothing (suitable) to read.
 */
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *rpage, size_t len,
			  int cpu, int full)
{
	unsigned int commit, used = 0, pos, size, room, page_data;
	struct buffer_data_page *dst, *src;
	unsigned long flags, lost, n = 0;
	struct rb_cpu *cb;
	bool final;
	int ret = -1;

	if (!cpumask_test_cpu(cpu, buffer->cpumask) || !rpage ||
	    len <= offsetof(struct buffer_data_page, data))
		return -1;
	cb = buffer->buffers[cpu];
	dst = rpage->data;
	page_data = (PAGE_SIZE << rpage->order) -
		    offsetof(struct buffer_data_page, data);
	room = min_t(size_t, len - offsetof(struct buffer_data_page, data),
		     page_data);

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	/*
	 * The sub-buffer size may change until the lock is held: only under
	 * it does the ring's order say what pages are in it.  A page of
	 * another size is neither swapped into the ring nor filled.
	 */
	if (rpage->order != cb->order || !rb_reader_ready(cb))
		goto out;
	src = cb->pages[cb->rd_id].dp;
	/* Final first: a page seen final has its last commit count. */
	final = rb_reader_final(cb);
	commit = rb_reader_commit(cb);
	if (full && !final)
		goto out;
	lost = cb->rd_lost;

	if (!cb->rd_pos && final && room >= page_data) {
		/* Hand the whole sub-buffer over. */
		n = rb_count_entries(src, commit);
		cb->pages[cb->rd_id].dp = dst;
		local_set(&dst->commit, 0);
		cb->rd_pos = 0;
		rpage->data = src;
		dst = src;
		used = commit;
	} else {
		pos = cb->rd_pos;
		if (!pos)
			cb->rd_ts = src->time_stamp;
		dst->time_stamp = cb->rd_ts;
		while (pos < commit) {
			struct ring_buffer_event *ev = (void *)&src->data[pos];

			size = rb_entry_size_at(src, pos, commit);
			if (!size || used + size > room)
				break;
			memcpy(&dst->data[used], ev, size);
			if (rb_is_data(ev))
				n++;
			cb->rd_ts = rb_time_after(ev, cb->rd_ts, src->time_stamp);
			used += size;
			pos += size;
		}
		if (!used)
			goto out;
		cb->rd_pos = pos;
	}
	cb->read += n;
	cb->read_bytes += used;
	commit = used;
	if (lost) {
		commit |= RB_MISSED_EVENTS;
		if (used + sizeof(unsigned long) <= room) {
			memcpy(&dst->data[used], &lost, sizeof(lost));
			commit |= RB_MISSED_STORED;
		}
		cb->rd_lost = 0;
	}
	local_set(&dst->commit, commit);
	ret = 0;
out:
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	if (!ret) {
		/*
		 * The page goes to user space whole (trace_pipe_raw): leave
		 * nothing of earlier contents behind the data.  The page is
		 * @rpage's size whatever the buffer's is by now.
		 */
		if (commit & RB_MISSED_STORED)
			used += sizeof(unsigned long);
		if (used < page_data)
			memset(&dst->data[used], 0, page_data - used);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/* --- What the reader has not read yet --- */

/**
 * ring_buffer_oldest_event_ts - time of the sub-buffer holding the oldest entry
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: that time stamp, or 0 if the CPU has no data.
 */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);
	unsigned long flags;
	u64 ts = 0;

	if (!cb)
		return 0;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	if (cb->rd_pos < rb_reader_commit(cb)) {
		ts = cb->pages[cb->rd_id].dp->time_stamp;
	} else {
		/*
		 * Look at the oldest page still in the ring without taking
		 * it: a page taken by the reader is room for the writer, and
		 * asking for statistics must not make room in stop mode.
		 */
		unsigned long limit = smp_load_acquire(&cb->commit_lpn);
		unsigned long next = cb->rd_next;
		unsigned int slot = cb->rd_slot;

		rb_skip_lapped(cb, limit, &next, &slot);
		for (; next <= limit; next++, slot = rb_next_slot(cb, slot)) {
			u64 x = atomic64_read(&cb->slots[slot]);

			if (SLOT_LPN(x) != next || (x & SLOT_EMPTY))
				continue;
			/* A writer may be overwriting it: a stale stamp is fine. */
			ts = data_race(cb->pages[SLOT_ID(x)].dp->time_stamp);
			break;
		}
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_oldest_event_ts);
