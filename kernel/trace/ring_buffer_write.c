// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer's writer: reserving an entry, stamping it with a time,
 * committing or discarding it.  This is the fast path every event takes,
 * so it calls nothing in the other ring buffer files; what it shares with
 * them comes inline from ring_buffer_internal.h.
 *
 * A CPU's writers move one 64-bit word, the tail (slot, page, offset),
 * with a local compare-and-exchange.  A writer interrupted by another one
 * on the same CPU sees its exchange fail and retries, so task, softirq,
 * irq and NMI writers nest without ever waiting for each other.  When the
 * entry does not fit on the tail's page the writer claims the next slot's
 * page with one exchange on that slot, overwriting unread data there in
 * overwrite mode and refusing the entry otherwise.
 *
 * Nothing reserved is visible to readers until the outermost writer on the
 * CPU commits: it publishes the commit counts of the pages it filled and
 * the commit page's lpn, which is as far as the reader may take pages.
 */
#include <linux/export.h>
#include <linux/string.h>

#include "ring_buffer_internal.h"

/**
 * ring_buffer_event_length - payload length of an entry
 * @event: the entry
 *
 * Return: the bytes available at ring_buffer_event_data() for a data entry
 * (the length rounded up to 4), or the entry's whole size for other kinds.
 */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event)
{
	unsigned int size = rb_entry_size(event);

	if (!rb_is_data(event))
		return size;
	size -= RB_HDR;
	if (!event->type_len)
		size -= sizeof(u32);
	return size;
}
EXPORT_SYMBOL_GPL(ring_buffer_event_length);

/**
 * ring_buffer_event_data - where an entry's payload starts
 * @event: a data entry
 *
 * Return: a pointer to the payload.
 */
void *ring_buffer_event_data(struct ring_buffer_event *event)
{
	return event->type_len ? &event->array[0] : &event->array[1];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_data);

/**
 * ring_buffer_event_time_stamp - time stamp of an entry being written
 * @buffer: its buffer
 * @event: an entry reserved and not yet committed on this CPU
 *
 * Return: the time the innermost pending reservation was stamped with.
 */
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	long depth = local_read(&cb->depth);

	if (depth < 1 || depth > RB_MAX_NEST)
		return rb_now(buffer);
	return cb->nest_ts[depth - 1];
}
EXPORT_SYMBOL_GPL(ring_buffer_event_time_stamp);

enum { RB_MOVED, RB_RETRY, RB_REFUSED };

/*
 * Move the writer from the page of @tail to the next slot's page, reserving
 * @need bytes at its start.  The next page is claimed with one exchange on
 * its slot; if it still holds unread data it is overwritten (overwrite
 * mode) or the entry is refused.  A page that holds uncommitted data (the
 * writer lapped its own commit point) is never touched.
 */
static int rb_move_tail(struct rb_cpu *cb, u64 tail, unsigned int need,
			u64 *newtail)
{
	unsigned int slot = TAIL_SLOT(tail), next = rb_next_slot(cb, slot);
	u64 lpn = SLOT_LPN(atomic64_read(&cb->slots[slot])) + 1;
	u64 x = atomic64_read(&cb->slots[next]);

	/* An interrupted writer of this CPU may have claimed it already. */
	if (SLOT_LPN(x) != lpn) {
		unsigned long lost = 0, lost_bytes = 0;

		if (!(x & SLOT_EMPTY)) {
			struct rb_page *old = &cb->pages[SLOT_ID(x)];

			if (SLOT_LPN(x) >= READ_ONCE(cb->commit_lpn)) {
				local_inc(&cb->commit_overrun);
				return RB_REFUSED;
			}
			if (!(READ_ONCE(cb->buffer->flags) & RB_FL_OVERWRITE)) {
				local_inc(&cb->dropped);
				WRITE_ONCE(cb->full_stop, true);
				return RB_REFUSED;
			}
			lost_bytes = READ_ONCE(old->end);
			/*
			 * A writer interrupting us may claim this page and
			 * write into it while we count; our claim then fails
			 * and the count is thrown away.
			 */
			lost = data_race(rb_count_entries(old->dp, lost_bytes));
		}
		if (!atomic64_try_cmpxchg(&cb->slots[next], &x,
					  SLOT_MK(SLOT_ID(x), lpn, false)))
			return RB_RETRY;	/* the reader took that page */
		if (lost) {
			local_add(lost, &cb->overrun);
			local_add(lost_bytes, &cb->overrun_bytes);
		}
	}
	*newtail = TAIL_MK(next, SLOT_ID(x), need);
	if (local64_cmpxchg(&cb->tail, tail, *newtail) != tail)
		return RB_RETRY;
	WRITE_ONCE(cb->pages[TAIL_ID(tail)].end, TAIL_OFF(tail));
	return RB_MOVED;
}

/*
 * Reserve an entry of @length payload bytes on this CPU.  The time stamp is
 * taken between reading the tail and the exchange that moves it: when the
 * exchange succeeds no other entry was reserved in between, so the entry
 * before ours is the one last_tail/last_ts describe, if they match the tail
 * we started from.  If they do not (a writer we interrupted had reserved
 * but not yet recorded its time), the entry gets an absolute time stamp.
 */
static __always_inline struct ring_buffer_event *
rb_reserve(struct trace_buffer *buffer, struct rb_cpu *cb, unsigned long length)
{
	unsigned int size = rb_data_size(length);
	bool abs_ts = READ_ONCE(buffer->abs_ts);
	struct ring_buffer_event *ev;
	unsigned int off, need, stamp;
	u64 tail, newtail, last, ts, delta = 0;

	for (;;) {
		tail = local64_read(&cb->tail);
		last = READ_ONCE(cb->last_tail);
		barrier();
		ts = rb_now(buffer);
		off = TAIL_OFF(tail);
		stamp = 0;
		if (unlikely(abs_ts)) {
			stamp = RINGBUF_TYPE_TIME_STAMP;
		} else if (off) {
			if (unlikely(last != tail)) {
				stamp = RINGBUF_TYPE_TIME_STAMP;
			} else {
				delta = ts - READ_ONCE(cb->last_ts);
				if (unlikely((s64)delta < 0))
					delta = 0;
				if (unlikely(delta > RB_DELTA_MASK))
					stamp = RINGBUF_TYPE_TIME_EXTEND;
			}
		}
		need = size + (stamp ? RB_STAMP_LEN : 0);
		if (likely(off + need <= buffer->data_size) &&
		    likely(!READ_ONCE(cb->full_stop))) {
			newtail = tail + need;
			if (local64_cmpxchg(&cb->tail, tail, newtail) != tail)
				continue;
			break;
		}
		/* The first entry of a page is timed by the page itself. */
		off = 0;
		stamp = unlikely(abs_ts) ? RINGBUF_TYPE_TIME_STAMP : 0;
		need = size + (stamp ? RB_STAMP_LEN : 0);
		/* Absolute stamps were switched on after the size check. */
		if (unlikely(need > buffer->data_size))
			return NULL;
		switch (rb_move_tail(cb, tail, need, &newtail)) {
		case RB_MOVED:
			if (unlikely(READ_ONCE(cb->full_stop)))
				WRITE_ONCE(cb->full_stop, false);
			goto reserved;
		case RB_REFUSED:
			return NULL;
		}
	}
reserved:
	/*
	 * Record our time for the next writer, bracketed so that nobody can
	 * pair it with another tail: if we interrupted a writer that has
	 * not recorded its own time yet, ours is newer and theirs will
	 * overwrite it; while last_tail is TAIL_NONE no one trusts last_ts,
	 * and afterwards last_tail names our tail, which is no longer the
	 * current one if anybody reserved after us.
	 */
	WRITE_ONCE(cb->last_tail, TAIL_NONE);
	barrier();
	WRITE_ONCE(cb->last_ts, ts);
	barrier();
	WRITE_ONCE(cb->last_tail, newtail);

	ev = (void *)&cb->pages[TAIL_ID(newtail)].dp->data[off];
	if (!off)
		cb->pages[TAIL_ID(newtail)].dp->time_stamp = ts;
	if (stamp) {
		rb_put_stamp(ev, stamp, stamp == RINGBUF_TYPE_TIME_STAMP ?
			     ts & RB_STAMP_MASK : delta);
		ev = (void *)ev + RB_STAMP_LEN;
		delta = 0;
	} else if (!off) {
		delta = 0;
	}
	rb_put_data(ev, size, delta);
	local_add(need, &cb->written_bytes);
	cb->nest_ts[local_read(&cb->depth) - 1] = ts;
	return ev;
}

/*
 * Make everything reserved so far visible: walk the commit point up to the
 * tail, finishing each page the writer has left.  Only the outermost writer
 * calls this, so nothing below the tail is still being filled.
 */
static void rb_publish(struct rb_cpu *cb)
{
	u64 tail = local64_read(&cb->tail);
	unsigned int tid = TAIL_ID(tail);

	/*
	 * Writers that interrupt us do not publish, but they read this state
	 * (and a later outermost writer re-reads it): hence the _ONCE.
	 */
	while (READ_ONCE(cb->commit_id) != tid) {
		struct rb_page *done = &cb->pages[cb->commit_id];
		unsigned int slot = rb_next_slot(cb, cb->commit_slot);
		u64 x = atomic64_read(&cb->slots[slot]);

		/* A page about to become readable starts out with nothing. */
		local_set(&cb->pages[SLOT_ID(x)].dp->commit, 0);
		/* Entries before their commit count; pairs with rb_reader_commit() */
		smp_wmb();
		local_set(&done->dp->commit, READ_ONCE(done->end));
		WRITE_ONCE(cb->commit_id, SLOT_ID(x));
		WRITE_ONCE(cb->commit_slot, slot);
		/* Page and commit counts before the lpn; pairs with rb_take_page() */
		smp_store_release(&cb->commit_lpn, cb->commit_lpn + 1);
	}
	/* Entries before their commit count; pairs with rb_reader_commit() */
	smp_wmb();
	local_set(&cb->pages[tid].dp->commit, TAIL_OFF(tail));
	WRITE_ONCE(cb->published, tail);
}

static __always_inline void rb_end_write(struct rb_cpu *cb)
{
	if (local_read(&cb->depth) != 1) {
		local_dec(&cb->depth);
		return;
	}
	for (;;) {
		rb_publish(cb);
		local_dec(&cb->depth);
		barrier();
		/* An interrupt may have reserved after our look at the tail. */
		if (likely(local64_read(&cb->tail) == READ_ONCE(cb->published)))
			return;
		local_inc(&cb->depth);
	}
}

/*
 * A waiter is armed on this CPU.  One that takes any data is woken by this
 * commit.  One that waits for a fill level is woken only once the level is
 * reached, and the level is looked at only when the commit has moved to
 * another sub-buffer: waking it on every commit would let the reader's own
 * scheduler events, each waking it again, run the buffer full one record
 * at a time.
 */
static noinline void rb_wakeup_cpu(struct rb_cpu *cb)
{
	unsigned long lpn;
	int full;

	smp_rmb();	/* the level after the flag, as rb_want_wakeup() sets them */
	full = READ_ONCE(cb->wake_full);
	if (full == RB_WAKE_NOBODY)
		return;
	if (full) {
		lpn = READ_ONCE(cb->commit_lpn);
		if (lpn == READ_ONCE(cb->wake_lpn))
			return;
		WRITE_ONCE(cb->wake_lpn, lpn);
		if (!rb_filled_to(cb, full))
			return;
	}
	irq_work_queue(&cb->work);
}

static __always_inline void rb_wakeup(struct rb_cpu *cb)
{
	if (unlikely(READ_ONCE(cb->wake_pending)))
		rb_wakeup_cpu(cb);
	if (unlikely(READ_ONCE(cb->buffer->wake_pending)))
		irq_work_queue(&cb->buffer->work);
}

/**
 * ring_buffer_lock_reserve - reserve room for an entry on this CPU
 * @buffer: the buffer
 * @length: payload bytes
 *
 * Preemption stays disabled until ring_buffer_unlock_commit() or
 * ring_buffer_discard_commit() is called for the returned entry.  Safe in
 * any context; writers that interrupt each other on one CPU nest.
 *
 * Return: the entry (fill it through ring_buffer_event_data()), or NULL when
 * recording is off, the buffer is full in stop-when-full mode, the entry is
 * larger than a sub-buffer, or writers nest too deeply.
 */
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length)
{
	struct ring_buffer_event *ev;
	struct rb_cpu *cb;
	int cpu;

	preempt_disable_notrace();
	if (unlikely(atomic_read(&buffer->record_disabled)))
		goto out;
	/* Every possible CPU has its buffer from the start. */
	cpu = raw_smp_processor_id();
	cb = buffer->buffers[cpu];
	if (unlikely(!cb || atomic_read(&cb->record_disabled)))
		goto out;
	/* Too large: refused and, as upstream, counted nowhere. */
	if (unlikely(length > READ_ONCE(buffer->max_len)))
		goto out;
	/* Emulated cmpxchg is not NMI-safe. */
	if (!IS_ENABLED(CONFIG_ARCH_HAVE_NMI_SAFE_CMPXCHG) && unlikely(in_nmi()))
		goto out;
	if (unlikely(local_inc_return(&cb->depth) > RB_MAX_NEST)) {
		local_dec(&cb->depth);
		goto out;
	}
	/* ring_buffer_swap_cpu() only swaps a CPU buffer nobody is inside. */
	if (unlikely(READ_ONCE(buffer->buffers[cpu]) != cb)) {
		local_dec(&cb->depth);
		goto out;
	}
	ev = rb_reserve(buffer, cb, length);
	if (likely(ev))
		return ev;
	rb_end_write(cb);
out:
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_lock_reserve);

/**
 * ring_buffer_unlock_commit - commit the entry reserved last on this CPU
 * @buffer: the buffer it was reserved in
 *
 * Return: 0.
 */
int ring_buffer_unlock_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];

	local_inc(&cb->entries);
	rb_end_write(cb);
	rb_wakeup(cb);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_unlock_commit);

/**
 * ring_buffer_discard_commit - give back a reserved entry instead of committing it
 * @buffer: the buffer it was reserved in
 * @event: the entry
 *
 * If nothing was reserved after it the space is returned; otherwise the
 * entry becomes padding that readers skip.
 */
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event)
{
	struct rb_cpu *cb = buffer->buffers[raw_smp_processor_id()];
	unsigned int size = rb_entry_size(event);
	u64 tail = local64_read(&cb->tail);
	struct buffer_data_page *dp = cb->pages[TAIL_ID(tail)].dp;
	void *end = (void *)event + size;

	/*
	 * Only the outermost writer gives the space back: a writer it
	 * interrupted may have read the time of this entry as its own
	 * predecessor's.
	 */
	if (local_read(&cb->depth) == 1 && (void *)event >= (void *)dp->data &&
	    end == (void *)&dp->data[TAIL_OFF(tail)] &&
	    local64_cmpxchg(&cb->tail, tail, tail - size) == tail) {
		WRITE_ONCE(cb->last_tail, TAIL_NONE);
		local_sub(size, &cb->written_bytes);
	} else {
		event->array[0] = size - RB_HDR;
		event->type_len = RINGBUF_TYPE_PADDING;
		if (!event->time_delta)
			event->time_delta = 1;
	}
	rb_end_write(cb);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_discard_commit);

/**
 * ring_buffer_write - write one entry in a single call
 * @buffer: the buffer
 * @length: payload bytes
 * @data: the payload
 *
 * Return: 0, or -EBUSY if the entry could not be reserved.
 */
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data)
{
	struct ring_buffer_event *ev = ring_buffer_lock_reserve(buffer, length);

	if (!ev)
		return -EBUSY;
	memcpy(ring_buffer_event_data(ev), data, length);
	return ring_buffer_unlock_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_write);

/**
 * ring_buffer_nest_start - allow a write nested in one being filled
 * @buffer: the buffer
 *
 * Writers nest by themselves; this only keeps the CPU from changing until
 * ring_buffer_nest_end().
 */
void ring_buffer_nest_start(struct trace_buffer *buffer)
{
	preempt_disable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_start);

/**
 * ring_buffer_nest_end - end what ring_buffer_nest_start() began
 * @buffer: the buffer
 */
void ring_buffer_nest_end(struct trace_buffer *buffer)
{
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_nest_end);
