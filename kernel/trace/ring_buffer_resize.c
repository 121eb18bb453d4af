// SPDX-License-Identifier: GPL-2.0
/*
 * Changing a ring buffer's shape: resizing a CPU's ring, emptying it,
 * changing the sub-buffer size and swapping a CPU's ring between two
 * buffers (snapshots).
 *
 * All of it runs under the buffer's mutex with the writers of the CPUs
 * concerned stopped ("quiesced": recording disabled, then an RCU grace
 * period, since writers run with preemption off) and the reader lock held
 * while the ring is rebuilt.  Memory is allocated before anything is
 * stopped and freed after everything is running again, so a failure
 * leaves the buffer as it was.  Open iterators hold copies of pages and
 * positions in the ring, so resizing and order changes refuse with -EBUSY
 * while one is open.
 */
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/rcupdate.h>

#include "ring_buffer_internal.h"

/* Stop writers on @cb and wait until none is inside. */
static void rb_quiesce(struct rb_cpu *cb)
{
	atomic_inc(&cb->record_disabled);
	synchronize_rcu();
}

static void rb_unquiesce(struct rb_cpu *cb)
{
	atomic_dec(&cb->record_disabled);
}

/*
 * Rebuild a quiesced CPU's ring with @n slots, keeping the newest unread
 * pages that fit (older ones count as overrun).  *@slotsp and *@pagesp are
 * the new arrays and get the old ones back; @pool holds @nr_pool spare data pages and gets back whatever
 * the new ring does not use.  @ids has room for the old ring's slot count.
 * Reader lock held.
 */
static void rb_rebuild(struct rb_cpu *cb, unsigned int n, atomic64_t **slotsp,
		       struct rb_page **pagesp, struct buffer_data_page **pool,
		       unsigned int *nr_pool, unsigned int *ids)
{
	atomic64_t *slots = *slotsp;
	struct rb_page *pages = *pagesp;
	unsigned int old_n = cb->nr_slots, nr_data = 0, i, slot, keep;
	u64 tail = local64_read(&cb->tail);
	u64 tx = atomic64_read(&cb->slots[TAIL_SLOT(tail)]);
	unsigned long lpn, base;

	/* Unread pages in the ring, oldest first; the writer's is the last. */
	slot = cb->rd_slot;
	lpn = cb->rd_next;
	rb_skip_lapped(cb, SLOT_LPN(tx), &lpn, &slot);
	for (; lpn <= SLOT_LPN(tx); lpn++) {
		u64 x = atomic64_read(&cb->slots[slot]);

		if (SLOT_LPN(x) == lpn && !(x & SLOT_EMPTY))
			ids[nr_data++] = SLOT_ID(x);
		slot = rb_next_slot(cb, slot);
	}
	/* Keep one slot free for a fresh writer page when the reader has its. */
	keep = min(nr_data, (tx & SLOT_EMPTY) ? n - 1 : n);
	for (i = 0; i < nr_data - keep; i++) {
		struct rb_page *old = &cb->pages[ids[i]];

		local_add(rb_count_entries(old->dp, old->end), &cb->overrun);
		local_add(old->end, &cb->overrun_bytes);
	}
	for (i = 0; i < keep; i++) {
		struct rb_page *old = &cb->pages[ids[nr_data - keep + i]];

		pages[i] = *old;
		old->dp = NULL;
	}
	pages[n] = cb->pages[cb->rd_id];
	cb->pages[cb->rd_id].dp = NULL;
	for (i = 0; i <= old_n; i++) {
		if (cb->pages[i].dp)
			pool[(*nr_pool)++] = cb->pages[i].dp;
	}
	for (i = keep; i < n; i++) {
		pages[i].dp = pool[--(*nr_pool)];
		pages[i].end = 0;
		local_set(&pages[i].dp->commit, 0);
	}

	/* Number the new ring after everything the old one used. */
	base = SLOT_LPN(tx) + n + old_n + 2;
	if (keep && !(tx & SLOT_EMPTY)) {
		slot = keep - 1;
		tail = TAIL_MK(slot, slot, TAIL_OFF(tail));
	} else {
		slot = keep;
		pages[slot].dp->time_stamp = 0;
		tail = TAIL_MK(slot, slot, 0);
	}
	for (i = 0; i <= slot; i++)
		atomic64_set(&slots[i], SLOT_MK(i, base + i, false));
	for (i = slot + 1; i < n; i++)
		atomic64_set(&slots[i], SLOT_MK(i, base + i - n, true));

	/* The old arrays go back to the caller, to be freed after unlocking. */
	*slotsp = cb->slots;
	*pagesp = cb->pages;
	cb->slots = slots;
	cb->pages = pages;
	cb->nr_slots = n;
	local64_set(&cb->tail, tail);
	cb->published = tail;
	cb->last_tail = TAIL_NONE;
	cb->commit_id = slot;
	cb->commit_slot = slot;
	cb->commit_lpn = base + slot;
	local_set(&pages[slot].dp->commit, TAIL_OFF(tail));
	/* The reader keeps its page and its place on it; the page is final. */
	cb->rd_id = n;
	cb->rd_lpn = base - 1;
	cb->rd_next = base;
	cb->rd_slot = 0;
}

static int rb_resize_cpu(struct rb_cpu *cb, unsigned int n)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned int old_n = cb->nr_slots, nr_pool = 0, i;
	struct buffer_data_page **pool;
	unsigned int *ids = NULL;
	struct rb_page *pages;
	atomic64_t *slots;
	int ret = -ENOMEM;

	if (n == old_n)
		return 0;
	if (rb_alloc_arrays(cb->cpu, n, buffer->order, n + 1, &slots, &pages))
		return -ENOMEM;
	pool = kvcalloc(n + old_n + 2, sizeof(*pool), RB_GFP_TABLE);
	ids = kvcalloc(old_n, sizeof(*ids), RB_GFP_TABLE);
	if (!pool || !ids)
		goto out;
	/* Fresh data pages for what the old ring cannot provide. */
	for (; nr_pool + old_n < n; nr_pool++) {
		pool[nr_pool] = rb_alloc_dp(cb->cpu, buffer->order);
		if (!pool[nr_pool])
			goto out;
	}
	rb_quiesce(cb);
	raw_spin_lock_irq(&cb->reader_lock);
	rb_rebuild(cb, n, &slots, &pages, pool, &nr_pool, ids);
	raw_spin_unlock_irq(&cb->reader_lock);
	rb_unquiesce(cb);
	ret = 0;
out:
	for (i = 0; pool && i < nr_pool; i++)
		rb_free_dp(pool[i], buffer->order);
	kvfree(pool);
	kvfree(ids);
	kvfree(slots);
	kvfree(pages);
	return ret;
}

/**
 * ring_buffer_resize - change the size of one CPU's buffer or of all
 * @buffer: the buffer
 * @size: bytes of data per CPU, rounded up to whole sub-buffers (at least 2)
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Writers on the CPU being resized are refused for the moment it takes;
 * the newest data that fits is kept.  A @size below two sub-buffers, 0
 * included, gives two.  Fails with -ENOMEM when memory is short (the buffer
 * stays as it was), -EBUSY while an iterator is open on a CPU concerned.
 *
 * Return: 0 or a negative errno.
 */
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu)
{
	unsigned long pages_needed;
	unsigned int n;
	int i, ret = 0;

	if (!buffer)
		return 0;
	if (cpu != RING_BUFFER_ALL_CPUS && !cpumask_test_cpu(cpu, buffer->cpumask))
		return 0;
	if (size / buffer->data_size >= RB_MAX_PAGES - 3)
		return -ENOMEM;
	n = rb_slots_for(buffer, size);
	/* Refuse early what cannot possibly be had. */
	pages_needed = (unsigned long)n << buffer->order;
	if (cpu == RING_BUFFER_ALL_CPUS)
		pages_needed *= cpumask_weight(buffer->cpumask);
	if (pages_needed > si_mem_available())
		return -ENOMEM;

	mutex_lock(&buffer->mutex);
	for_each_cpu(i, buffer->cpumask) {
		if ((cpu == RING_BUFFER_ALL_CPUS || cpu == i) &&
		    atomic_read(&buffer->buffers[i]->iterators)) {
			ret = -EBUSY;
			goto out;
		}
	}
	for_each_cpu(i, buffer->cpumask) {
		if (cpu != RING_BUFFER_ALL_CPUS && cpu != i)
			continue;
		ret = rb_resize_cpu(buffer->buffers[i], n);
		if (ret)
			break;
	}
out:
	mutex_unlock(&buffer->mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/*
 * Empty a quiesced CPU's ring and zero its statistics; reader lock held.
 * The page the reader is on stays the reader's: a consumer may still be
 * printing a record it peeked at there (trace_pipe), and it must not go
 * to the writers before the reader's next look takes it back to the ring.
 */
static void rb_reset_locked(struct rb_cpu *cb)
{
	swap(cb->pages[cb->rd_id], cb->pages[cb->nr_slots]);
	rb_init_ring(cb, max(cb->commit_lpn, cb->rd_next) + 2 * cb->nr_slots);
	rb_clear_stats(cb);
}

/**
 * ring_buffer_reset_cpu - throw away one CPU's data
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * May sleep: waits for writers on that CPU to leave.
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb;

	if (!cpumask_test_cpu(cpu, buffer->cpumask))
		return;
	cb = buffer->buffers[cpu];
	mutex_lock(&buffer->mutex);
	rb_quiesce(cb);
	raw_spin_lock_irq(&cb->reader_lock);
	rb_reset_locked(cb);
	raw_spin_unlock_irq(&cb->reader_lock);
	rb_unquiesce(cb);
	mutex_unlock(&buffer->mutex);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

static void rb_reset_mask(struct trace_buffer *buffer, const struct cpumask *mask)
{
	struct rb_cpu *cb;
	int cpu;

	mutex_lock(&buffer->mutex);
	for_each_cpu_and(cpu, buffer->cpumask, mask)
		atomic_inc(&buffer->buffers[cpu]->record_disabled);
	synchronize_rcu();
	for_each_cpu_and(cpu, buffer->cpumask, mask) {
		cb = buffer->buffers[cpu];
		raw_spin_lock_irq(&cb->reader_lock);
		rb_reset_locked(cb);
		raw_spin_unlock_irq(&cb->reader_lock);
		atomic_dec(&cb->record_disabled);
	}
	mutex_unlock(&buffer->mutex);
}

/**
 * ring_buffer_reset_online_cpus - throw away the data of every online CPU
 * @buffer: the buffer
 */
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer)
{
	rb_reset_mask(buffer, cpu_online_mask);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_online_cpus);

/**
 * ring_buffer_reset - throw away all data
 * @buffer: the buffer
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	rb_reset_mask(buffer, cpu_possible_mask);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/**
 * ring_buffer_subbuf_order_set - change the sub-buffer size
 * @buffer: the buffer
 * @order: the new size, as a page order (sub-buffers of 4 KiB to 1 MiB)
 *
 * Every CPU's ring is replaced by one of about the same size in bytes; the
 * data in the buffer is discarded.
 *
 * Return: 0, -EINVAL for a bad order, -ENOMEM, or -EBUSY while an iterator
 * is open.
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	struct rb_order_change {
		atomic64_t *slots;
		struct rb_page *pages;
		unsigned int n;
	} *chg;
	unsigned int old_order;
	int cpu, ret = 0;

	if (!buffer || order < 0 || order > get_order(SZ_1M))
		return -EINVAL;
	if (order == buffer->order)
		return 0;
	chg = kcalloc(nr_cpu_ids, sizeof(*chg), GFP_KERNEL);
	if (!chg)
		return -ENOMEM;

	mutex_lock(&buffer->mutex);
	old_order = buffer->order;
	for_each_cpu(cpu, buffer->cpumask) {
		unsigned long n = DIV_ROUND_UP(ring_buffer_size(buffer, cpu),
					       (PAGE_SIZE << order) -
					       offsetof(struct buffer_data_page, data));

		if (atomic_read(&buffer->buffers[cpu]->iterators)) {
			ret = -EBUSY;
			goto out;
		}
		chg[cpu].n = clamp_t(unsigned long, n, 2, RB_MAX_PAGES - 2);
		ret = rb_alloc_arrays(cpu, chg[cpu].n, order, 0, &chg[cpu].slots,
				      &chg[cpu].pages);
		if (ret)
			goto out;
	}
	/* No writer inside, no reader in the middle of a page. */
	atomic_inc(&buffer->record_disabled);
	synchronize_rcu();
	for_each_cpu(cpu, buffer->cpumask) {
		struct rb_cpu *cb = buffer->buffers[cpu];

		raw_spin_lock_irq(&cb->reader_lock);
		swap(cb->slots, chg[cpu].slots);
		swap(cb->pages, chg[cpu].pages);
		swap(cb->nr_slots, chg[cpu].n);
		cb->order = order;
		rb_init_ring(cb, 0);
		rb_clear_stats(cb);
		raw_spin_unlock_irq(&cb->reader_lock);
	}
	rb_set_order(buffer, order);
	atomic_dec(&buffer->record_disabled);
out:
	mutex_unlock(&buffer->mutex);
	/* What is left in chg: the old rings, or on failure the new ones. */
	for_each_possible_cpu(cpu) {
		unsigned int i;

		if (!chg[cpu].pages)
			continue;
		for (i = 0; i <= chg[cpu].n; i++)
			rb_free_dp(chg[cpu].pages[i].dp, ret ? order : old_order);
		kvfree(chg[cpu].pages);
		kvfree(chg[cpu].slots);
	}
	kfree(chg);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);

/**
 * ring_buffer_swap_cpu - exchange one CPU's data between two buffers
 * @buffer_a: one buffer
 * @buffer_b: the other
 * @cpu: the CPU
 *
 * Used for snapshots.  Both buffers must have the same size on that CPU and
 * the same sub-buffer size; the caller keeps writers away (recording
 * disabled) or runs on @cpu with interrupts off.
 *
 * Return: 0, -EINVAL if the buffers do not match, -EAGAIN if recording is
 * disabled on either, -EBUSY if a write is in progress on the CPU.
 */
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu)
{
	struct rb_cpu *a, *b;
	int ret = -EINVAL;

	if (!cpumask_test_cpu(cpu, buffer_a->cpumask) ||
	    !cpumask_test_cpu(cpu, buffer_b->cpumask) ||
	    buffer_a->order != buffer_b->order)
		return -EINVAL;
	a = buffer_a->buffers[cpu];
	b = buffer_b->buffers[cpu];
	if (a->nr_slots != b->nr_slots)
		return -EINVAL;

	ret = -EAGAIN;
	if (atomic_read(&buffer_a->record_disabled) ||
	    atomic_read(&buffer_b->record_disabled) ||
	    atomic_read(&a->record_disabled) || atomic_read(&b->record_disabled))
		return ret;

	atomic_inc(&a->record_disabled);
	atomic_inc(&b->record_disabled);
	ret = -EBUSY;
	if (local_read(&a->depth) || local_read(&b->depth))
		goto out;
	buffer_a->buffers[cpu] = b;
	buffer_b->buffers[cpu] = a;
	a->buffer = buffer_b;
	b->buffer = buffer_a;
	ret = 0;
out:
	atomic_dec(&a->record_disabled);
	atomic_dec(&b->record_disabled);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_swap_cpu);
