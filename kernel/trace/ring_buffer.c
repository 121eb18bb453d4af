// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU lockless ring buffer.
 *
 * Each CPU owns a ring of N sub-buffers ("pages") plus one page held by the
 * reader.  The design, with pictures, is in
 * Documentation/trace/ring-buffer-design.rst; in short:
 *
 *  - Pages carry a logical page number (lpn) that grows by one each time the
 *    writer moves on.  Slot i of the ring is a 64-bit word naming the page in
 *    it, the lpn that page holds and whether it is EMPTY (its data already
 *    taken by the reader).  The writer and the reader only ever change a
 *    slot with a compare-and-exchange, so at most one of them gets a page.
 *
 *  - The writer's position is one 64-bit word too, "tail": slot, page and
 *    byte offset.  Reserving space is one local compare-and-exchange of it;
 *    a writer interrupted by another one on the same CPU just retries, so
 *    nested writers (task, softirq, irq, NMI) never wait for each other.
 *
 *  - Reserved space becomes visible to readers when the outermost writer on
 *    the CPU commits: it publishes the page's commit count, and the commit
 *    page's lpn, which bounds what the reader may take.  Inner writers
 *    finish before the outer one resumes, so nothing is published that is
 *    still being filled.
 *
 *  - The reader takes a whole page out of the ring by exchanging its spare
 *    page into the slot.  It may take the page the writer is still filling:
 *    the writer keeps appending to it, the reader reads up to its commit.
 */
#include <linux/trace_seq.h>
#include <linux/cpu.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/export.h>

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
};

/* --- Allocation and (re)building a CPU's ring --- */

struct buffer_data_page *rb_alloc_dp(int cpu, unsigned int order)
{
	struct page *page;

	page = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_ZERO | __GFP_COMP |
				__GFP_RETRY_MAYFAIL | __GFP_NOWARN, order);
	return page ? page_address(page) : NULL;
}

void rb_free_dp(struct buffer_data_page *dp, unsigned int order)
{
	if (dp)
		free_pages((unsigned long)dp, order);
}

/*
 * Lay out an empty ring: page 0 in slot 0 is where the writer starts, the
 * other slots hold empty pages, page nr_slots is the reader's.  lpns start
 * at nr_slots so that "the lpn a slot will hold next, minus nr_slots" is
 * never negative.
 */
void rb_init_ring(struct rb_cpu *cb, unsigned long base)
{
	unsigned int n = cb->nr_slots, i;

	WRITE_ONCE(cb->full_stop, false);
	for (i = 0; i <= n; i++) {
		cb->pages[i].end = 0;
		local_set(&cb->pages[i].dp->commit, 0);
		cb->pages[i].dp->time_stamp = 0;
	}
	atomic64_set(&cb->slots[0], SLOT_MK(0, base + n, false));
	for (i = 1; i < n; i++)
		atomic64_set(&cb->slots[i], SLOT_MK(i, base + i, true));
	local64_set(&cb->tail, TAIL_MK(0, 0, 0));
	cb->published = TAIL_MK(0, 0, 0);
	cb->last_tail = TAIL_NONE;
	cb->commit_id = 0;
	cb->commit_slot = 0;
	cb->commit_lpn = base + n;
	cb->rd_id = n;
	cb->rd_lpn = base + n - 1;
	cb->rd_pos = 0;
	cb->rd_next = base + n;
	cb->rd_slot = 0;
}

void rb_clear_stats(struct rb_cpu *cb)
{
	local_set(&cb->entries, 0);
	local_set(&cb->overrun, 0);
	local_set(&cb->commit_overrun, 0);
	local_set(&cb->dropped, 0);
	local_set(&cb->written_bytes, 0);
	local_set(&cb->overrun_bytes, 0);
	cb->rd_lost = 0;
	cb->lost_seen = 0;
	cb->read = 0;
	cb->read_bytes = 0;
}

/* Page arrays for a ring of @n slots, with fresh data pages from @from on. */
int rb_alloc_arrays(int cpu, unsigned int n, unsigned int order,
		    unsigned int from, atomic64_t **slots, struct rb_page **pages)
{
	unsigned int i;

	*slots = kvcalloc_node(n, sizeof(**slots), RB_GFP_TABLE,
			       cpu_to_node(cpu));
	*pages = kvcalloc_node(n + 1, sizeof(**pages), RB_GFP_TABLE,
			       cpu_to_node(cpu));
	if (!*slots || !*pages)
		goto fail;
	for (i = from; i <= n; i++) {
		(*pages)[i].dp = rb_alloc_dp(cpu, order);
		if (!(*pages)[i].dp)
			goto fail;
	}
	return 0;
fail:
	if (*pages)
		for (i = from; i <= n; i++)
			rb_free_dp((*pages)[i].dp, order);
	kvfree(*slots);
	kvfree(*pages);
	return -ENOMEM;
}

static void rb_free_cpu(struct rb_cpu *cb, unsigned int order)
{
	unsigned int i;

	if (!cb)
		return;
	irq_work_sync(&cb->work);
	for (i = 0; i <= cb->nr_slots; i++)
		rb_free_dp(cb->pages[i].dp, order);
	kvfree(cb->pages);
	kvfree(cb->slots);
	kfree(cb);
}

static void rb_wake_work(struct irq_work *work)
{
	struct rb_cpu *cb = container_of(work, struct rb_cpu, work);

	WRITE_ONCE(cb->wake_pending, 0);
	wake_up_all(&cb->waitq);
}

static void rb_wake_all_work(struct irq_work *work)
{
	struct trace_buffer *buffer = container_of(work, struct trace_buffer,
						   work);

	WRITE_ONCE(buffer->wake_pending, 0);
	wake_up_all(&buffer->waitq);
}

static struct rb_cpu *rb_alloc_cpu(struct trace_buffer *buffer, int cpu,
				   unsigned int n)
{
	struct rb_cpu *cb;

	cb = kzalloc_node(sizeof(*cb), GFP_KERNEL, cpu_to_node(cpu));
	if (!cb)
		return NULL;
	cb->buffer = buffer;
	cb->cpu = cpu;
	cb->nr_slots = n;
	cb->order = buffer->order;
	raw_spin_lock_init(&cb->reader_lock);
	lockdep_set_class(&cb->reader_lock, buffer->key);
	init_irq_work(&cb->work, rb_wake_work);
	init_waitqueue_head(&cb->waitq);
	if (rb_alloc_arrays(cpu, n, buffer->order, 0, &cb->slots, &cb->pages)) {
		kfree(cb);
		return NULL;
	}
	rb_init_ring(cb, 0);
	return cb;
}

unsigned int rb_slots_for(struct trace_buffer *buffer, unsigned long size)
{
	unsigned long n = DIV_ROUND_UP(size, buffer->data_size);

	return clamp_t(unsigned long, n, 2, RB_MAX_PAGES - 2);
}

void rb_set_order(struct trace_buffer *buffer, unsigned int order)
{
	buffer->order = order;
	buffer->data_size = (PAGE_SIZE << order) -
			    offsetof(struct buffer_data_page, data);
	/* Room for the header, a length word and a possible time stamp. */
	WRITE_ONCE(buffer->max_len, buffer->data_size - RB_HDR - sizeof(u32) -
		   (buffer->abs_ts ? RB_STAMP_LEN : 0));
}

/**
 * __ring_buffer_alloc - allocate a ring buffer (use ring_buffer_alloc())
 * @size: bytes of data per CPU; rounded up to whole sub-buffers, at least two
 * @flags: RB_FL_OVERWRITE to drop the oldest data when full
 * @key: lockdep class for the buffer's reader locks
 *
 * Return: the buffer, or NULL when memory is short.
 */
struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key)
{
	struct trace_buffer *buffer;
	unsigned int n;
	int cpu;

	buffer = kzalloc(sizeof(*buffer), GFP_KERNEL);
	if (!buffer)
		return NULL;
	if (!zalloc_cpumask_var(&buffer->cpumask, GFP_KERNEL))
		goto fail_buffer;
	buffer->buffers = kcalloc(nr_cpu_ids, sizeof(*buffer->buffers),
				  GFP_KERNEL);
	if (!buffer->buffers)
		goto fail_mask;
	buffer->flags = flags;
	buffer->clock = trace_clock_local;
	buffer->key = key;
	mutex_init(&buffer->mutex);
	init_irq_work(&buffer->work, rb_wake_all_work);
	init_waitqueue_head(&buffer->waitq);
	rb_set_order(buffer, 0);
	n = rb_slots_for(buffer, size);
	/* As in ring_buffer_resize(): refuse early what cannot be had. */
	if ((unsigned long)n * num_possible_cpus() > si_mem_available())
		goto fail_buffers;

	for_each_possible_cpu(cpu) {
		buffer->buffers[cpu] = rb_alloc_cpu(buffer, cpu, n);
		if (!buffer->buffers[cpu])
			goto fail_cpus;
		cpumask_set_cpu(cpu, buffer->cpumask);
	}
	return buffer;

fail_cpus:
	for_each_possible_cpu(cpu)
		rb_free_cpu(buffer->buffers[cpu], buffer->order);
fail_buffers:
	kfree(buffer->buffers);
fail_mask:
	free_cpumask_var(buffer->cpumask);
fail_buffer:
	kfree(buffer);
	return NULL;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc);

/**
 * __ring_buffer_alloc_range - a buffer in a given memory range (not offered)
 * @size: bytes per CPU
 * @flags: buffer flags
 * @order: sub-buffer order
 * @start: start of the range
 * @range_size: its size
 * @key: lockdep class
 *
 * Persistent buffers in reserved memory are not supported.
 *
 * Return: NULL.
 */
struct trace_buffer *__ring_buffer_alloc_range(unsigned long size,
					       unsigned int flags, int order,
					       unsigned long start,
					       unsigned long range_size,
					       struct lock_class_key *key)
{
	return NULL;
}
EXPORT_SYMBOL_GPL(__ring_buffer_alloc_range);

/**
 * ring_buffer_last_boot_delta - address deltas of a persistent buffer
 * @buffer: the buffer
 * @text: where the text delta would go
 * @data: where the data delta would go
 *
 * Return: false; persistent buffers are not supported.
 */
bool ring_buffer_last_boot_delta(struct trace_buffer *buffer, long *text,
				 long *data)
{
	return false;
}
EXPORT_SYMBOL_GPL(ring_buffer_last_boot_delta);

/**
 * ring_buffer_free - free a buffer and everything in it
 * @buffer: the buffer; nobody may be writing or reading it any more
 */
void ring_buffer_free(struct trace_buffer *buffer)
{
	int cpu;

	if (!buffer)
		return;
	irq_work_sync(&buffer->work);
	for_each_possible_cpu(cpu)
		rb_free_cpu(buffer->buffers[cpu], buffer->order);
	kfree(buffer->buffers);
	free_cpumask_var(buffer->cpumask);
	kfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/**
 * trace_rb_cpu_prepare - CPU hotplug callback
 * @cpu: the CPU coming up
 * @node: the buffer's hotplug node
 *
 * Buffers are allocated for every possible CPU up front, so there is
 * nothing to do.
 *
 * Return: 0.
 */
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node)
{
	return 0;
}

/**
 * ring_buffer_size - bytes of data one CPU's ring can hold
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: sub-buffers in the ring times the data each holds (what
 * buffer_size_kb shows), 0 for a CPU the buffer does not have.
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	return (unsigned long)buffer->buffers[cpu]->nr_slots * buffer->data_size;
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_max_event_size - the largest payload an entry may have
 * @buffer: the buffer
 *
 * Return: the size in bytes.
 */
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer)
{
	return buffer->max_len;
}
EXPORT_SYMBOL_GPL(ring_buffer_max_event_size);

/**
 * ring_buffer_change_overwrite - choose overwrite or stop-when-full
 * @buffer: the buffer
 * @val: non-zero to overwrite the oldest data when full
 */
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val)
{
	mutex_lock(&buffer->mutex);
	WRITE_ONCE(buffer->flags, val ? buffer->flags | RB_FL_OVERWRITE :
				   buffer->flags & ~RB_FL_OVERWRITE);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_change_overwrite);

/**
 * ring_buffer_subbuf_order_get - the sub-buffer size as a page order
 * @buffer: the buffer
 *
 * Return: the order, or -EINVAL without a buffer.
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	if (!buffer)
		return -EINVAL;
	return buffer->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get - bytes in a sub-buffer, header included
 * @buffer: the buffer
 *
 * Return: the size, or -EINVAL without a buffer.
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	if (!buffer)
		return -EINVAL;
	return PAGE_SIZE << buffer->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);

/* --- Reading --- */

/*
 * Take the next page out of the ring, giving it the reader page in
 * exchange.  Pages past the commit point are never taken; a page the
 * writer overwrote before we got to it is skipped (its entries were
 * counted as overrun).  Reader lock held.
 */
static bool rb_take_page(struct rb_cpu *cb)
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
		ev = (void *)&dp->data[cb->rd_pos];
		size = rb_entry_size(ev);
		if (!size) {
			/* Padding to the end of the page. */
			cb->rd_pos = rb_reader_commit(cb);
			continue;
		}
		if (rb_is_data(ev)) {
			if (ts)
				*ts = cb->rd_ts + ev->time_delta;
			if (consume) {
				cb->rd_ts += ev->time_delta;
				cb->rd_pos += size;
				cb->read++;
				cb->read_bytes += size;
			}
			return ev;
		}
		cb->rd_ts = rb_time_after(ev, cb->rd_ts, dp->time_stamp);
		cb->rd_pos += size;
		cb->read_bytes += size;
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
		/* The consumer went past us: go on where it is. */
		it->dropped = true;
		if (rb_iter_load(it, cb->rd_lpn) && cb->rd_pos < it->len) {
			it->pos = cb->rd_pos;
			it->ts = cb->rd_ts;
			return true;
		}
		next = cb->rd_next;
	}
	for (;;) {
		/* Pairs with the release in rb_publish() */
		limit = smp_load_acquire(&cb->commit_lpn);
		if (next > limit)
			return false;
		skip = rb_lapped(cb, next, limit);
		if (skip) {
			next += skip;
			it->dropped = true;
		}
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
	struct ring_buffer_event *ev;
	unsigned int size;

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
		ev = (void *)&it->copy->data[it->pos];
		size = rb_entry_size(ev);
		if (!size) {
			it->pos = it->len;
			continue;
		}
		if (rb_is_data(ev)) {
			if (ts)
				*ts = it->ts + ev->time_delta;
			if (advance) {
				it->ts += ev->time_delta;
				it->pos += size;
			}
			return ev;
		}
		it->ts = rb_time_after(ev, it->ts, it->page_ts);
		it->pos += size;
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
 * ahead and ring_buffer_iter_dropped() says so.  While it is open the CPU's
 * buffer is not resized.
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

			size = rb_entry_size(ev);
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

/**
 * ring_buffer_print_entry_header - describe the entry header for tools
 * @s: where to write the description (the header_event file)
 *
 * Return: 0 or a negative errno.
 */
int ring_buffer_print_entry_header(struct trace_seq *s)
{
#ifdef CONFIG_TRACING
	/* The exact text is parsed by tools (the header_event file). */
	trace_seq_printf(s, "# compressed entry header\n"
			 "\ttype_len    :    5 bits\n"
			 "\ttime_delta  :   27 bits\n"
			 "\tarray       :   32 bits\n\n"
			 "\tpadding     : type == %d\n"
			 "\ttime_extend : type == %d\n"
			 "\ttime_stamp : type == %d\n"
			 "\tdata max type_len  == %d\n",
			 RINGBUF_TYPE_PADDING, RINGBUF_TYPE_TIME_EXTEND,
			 RINGBUF_TYPE_TIME_STAMP, RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return !trace_seq_has_overflowed(s);
#else
	return -EOPNOTSUPP;
#endif
}
EXPORT_SYMBOL_GPL(ring_buffer_print_entry_header);

/**
 * ring_buffer_print_page_header - describe the sub-buffer layout for tools
 * @buffer: the buffer (for the sub-buffer size)
 * @s: where to write the description (the header_page file)
 *
 * Return: 0 or a negative errno.
 */
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s)
{
#ifdef CONFIG_TRACING
	/*
	 * The header_page file: where tools find the time stamp, the commit
	 * word (whose low byte doubles as the historical "overwrite" flag)
	 * and the data of a sub-buffer.
	 */
	const struct {
		const char *decl;
		unsigned int offset, size, is_signed;
	} rows[] = {
		{ "u64 timestamp", offsetof(struct buffer_data_page, time_stamp),
		  sizeof(u64), is_signed_type(u64) },
		{ "local_t commit", offsetof(struct buffer_data_page, commit),
		  sizeof(local_t), is_signed_type(long) },
		{ "int overwrite", offsetof(struct buffer_data_page, commit),
		  1, is_signed_type(long) },
		{ "char data", offsetof(struct buffer_data_page, data),
		  buffer->data_size, is_signed_type(char) },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++)
		trace_seq_printf(s, "\tfield: %s;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
				 rows[i].decl, rows[i].offset, rows[i].size,
				 rows[i].is_signed);
	return !trace_seq_has_overflowed(s);
#else
	return -EOPNOTSUPP;
#endif
}
EXPORT_SYMBOL_GPL(ring_buffer_print_page_header);

/* --- Recording on and off --- */

/**
 * ring_buffer_record_disable - refuse writes until ring_buffer_record_enable()
 * @buffer: the buffer
 *
 * Calls nest; writes already under way finish.
 */
void ring_buffer_record_disable(struct trace_buffer *buffer)
{
	atomic_inc(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable);

/**
 * ring_buffer_record_enable - undo one ring_buffer_record_disable()
 * @buffer: the buffer
 */
void ring_buffer_record_enable(struct trace_buffer *buffer)
{
	atomic_dec(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable);

/**
 * ring_buffer_record_off - switch recording off (not counted, unlike disable)
 * @buffer: the buffer
 */
void ring_buffer_record_off(struct trace_buffer *buffer)
{
	atomic_or(RB_RECORD_OFF, &buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_off);

/**
 * ring_buffer_record_on - switch recording back on after ring_buffer_record_off()
 * @buffer: the buffer
 */
void ring_buffer_record_on(struct trace_buffer *buffer)
{
	atomic_andnot(RB_RECORD_OFF, &buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_on);

/**
 * ring_buffer_record_is_on - whether writes are accepted
 * @buffer: the buffer
 *
 * Return: true if neither switched off nor disabled.
 */
bool ring_buffer_record_is_on(struct trace_buffer *buffer)
{
	return !atomic_read(&buffer->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_on);

/**
 * ring_buffer_record_is_set_on - whether recording is switched on
 * @buffer: the buffer
 *
 * Return: true unless ring_buffer_record_off() is in force (a temporary
 * ring_buffer_record_disable() does not count).
 */
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer)
{
	return !(atomic_read(&buffer->record_disabled) & RB_RECORD_OFF);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_is_set_on);

/**
 * ring_buffer_record_disable_cpu - refuse writes on one CPU
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpumask_test_cpu(cpu, buffer->cpumask))
		atomic_inc(&buffer->buffers[cpu]->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_disable_cpu);

/**
 * ring_buffer_record_enable_cpu - undo ring_buffer_record_disable_cpu()
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu)
{
	if (cpumask_test_cpu(cpu, buffer->cpumask))
		atomic_dec(&buffer->buffers[cpu]->record_disabled);
}
EXPORT_SYMBOL_GPL(ring_buffer_record_enable_cpu);

/* --- Statistics --- */

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

/**
 * ring_buffer_bytes_cpu - bytes of entries written and not yet read or lost
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the byte count.
 */
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);
	long bytes;

	if (!cb)
		return 0;
	bytes = local_read(&cb->written_bytes) - local_read(&cb->overrun_bytes) -
		READ_ONCE(cb->read_bytes);
	return bytes > 0 ? bytes : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_bytes_cpu);

/**
 * ring_buffer_entries_cpu - entries of a CPU not yet read or lost
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the number of entries.
 */
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);

	if (!cb)
		return 0;
	return local_read(&cb->entries) - local_read(&cb->overrun) -
	       READ_ONCE(cb->read);
}
EXPORT_SYMBOL_GPL(ring_buffer_entries_cpu);

/**
 * ring_buffer_overrun_cpu - entries of a CPU lost to overwriting
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);

	return cb ? local_read(&cb->overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_overrun_cpu);

/**
 * ring_buffer_commit_overrun_cpu - entries refused because the ring was
 * full of entries still being written
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);

	return cb ? local_read(&cb->commit_overrun) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_commit_overrun_cpu);

/**
 * ring_buffer_dropped_events_cpu - entries refused because the buffer was
 * full in stop-when-full mode
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);

	return cb ? local_read(&cb->dropped) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_dropped_events_cpu);

/**
 * ring_buffer_read_events_cpu - entries of a CPU consumed by readers
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the count.
 */
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);

	return cb ? READ_ONCE(cb->read) : 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_events_cpu);

/**
 * ring_buffer_entries - entries not yet read or lost, all CPUs
 * @buffer: the buffer
 *
 * Return: the number of entries.
 */
unsigned long ring_buffer_entries(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += ring_buffer_entries_cpu(buffer, cpu);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_entries);

/**
 * ring_buffer_overruns - entries lost to overwriting, all CPUs
 * @buffer: the buffer
 *
 * Return: the count.
 */
unsigned long ring_buffer_overruns(struct trace_buffer *buffer)
{
	unsigned long sum = 0;
	int cpu;

	for_each_cpu(cpu, buffer->cpumask)
		sum += ring_buffer_overrun_cpu(buffer, cpu);
	return sum;
}
EXPORT_SYMBOL_GPL(ring_buffer_overruns);

/**
 * ring_buffer_nr_dirty_pages - sub-buffers of a CPU holding unread data
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: the number of sub-buffers.
 */
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_stat_cpu(buffer, cpu);
	unsigned long commit, next;

	if (!cb)
		return 0;
	/* Pairs with the release in rb_publish() */
	commit = smp_load_acquire(&cb->commit_lpn);
	next = READ_ONCE(cb->rd_next);
	if (commit < next)
		return 0;
	return min_t(unsigned long, commit - next + 1, cb->nr_slots);
}
EXPORT_SYMBOL_GPL(ring_buffer_nr_dirty_pages);

/* --- Clocks --- */

/**
 * ring_buffer_time_stamp - the buffer's clock, now
 * @buffer: the buffer
 *
 * Return: the time.
 */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer)
{
	u64 now;

	preempt_disable_notrace();
	now = rb_now(buffer);
	preempt_enable_notrace();
	return now;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp);

/**
 * ring_buffer_normalize_time_stamp - turn a time stamp into nanoseconds
 * @buffer: the buffer
 * @cpu: the CPU it came from
 * @ts: the time stamp, adjusted in place
 *
 * The buffer stores the clock's own values, so there is nothing to do.
 */
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer, int cpu,
				      u64 *ts)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_normalize_time_stamp);

/**
 * ring_buffer_set_clock - choose the clock entries are stamped with
 * @buffer: the buffer
 * @clock: the clock; safe in any context
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	WRITE_ONCE(buffer->clock, clock);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_set_time_stamp_abs - stamp every entry with an absolute time
 * @buffer: the buffer
 * @abs: true for absolute stamps, false for deltas
 */
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs)
{
	mutex_lock(&buffer->mutex);
	WRITE_ONCE(buffer->abs_ts, abs);
	rb_set_order(buffer, buffer->order);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_time_stamp_abs);

/**
 * ring_buffer_time_stamp_abs - whether entries carry absolute time stamps
 * @buffer: the buffer
 *
 * Return: the setting.
 */
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer)
{
	return buffer->abs_ts;
}
EXPORT_SYMBOL_GPL(ring_buffer_time_stamp_abs);

/* --- Memory mapping: not offered --- */

/**
 * ring_buffer_map - map a CPU's buffer into user space (not offered)
 * @buffer: the buffer
 * @cpu: the CPU
 * @vma: the mapping
 *
 * Return: -EOPNOTSUPP.
 */
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(ring_buffer_map);

/**
 * ring_buffer_map_dup - account for a copied mapping (not offered)
 * @buffer: the buffer
 * @cpu: the CPU
 */
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu)
{
}
EXPORT_SYMBOL_GPL(ring_buffer_map_dup);

/**
 * ring_buffer_unmap - undo ring_buffer_map() (not offered)
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: -ENODEV.
 */
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(ring_buffer_unmap);

/**
 * ring_buffer_map_get_reader - advance a mapped reader (not offered)
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * Return: -ENODEV.
 */
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(ring_buffer_map_get_reader);
