// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU lockless ring buffer: its core.
 *
 * Each CPU owns a ring of N sub-buffers ("pages") plus one page held by the
 * reader.  Pages carry a logical page number (lpn) that grows by one each
 * time the writer moves on; slot i of the ring is a 64-bit word naming the
 * page in it, the lpn that page holds and whether it is EMPTY.  The writer
 * and the reader only ever change a slot with a compare-and-exchange, so
 * at most one of them gets a page.  The design, with pictures, is in
 * Documentation/trace/ring-buffer-design.rst; the short names are
 * explained at the top of ring_buffer_internal.h.
 *
 * This file allocates and frees buffers and their per-CPU rings and holds
 * the setup API around them: recording on and off, the clock, statistics
 * and the descriptions of the formats for tools.  The rest of the ring
 * buffer is built on it and calls down into it, never the other way:
 *
 *   ring_buffer_write.c   reserve, commit, discard (the fast path)
 *   ring_buffer_read.c    the consuming reader, iterators, whole pages
 *   ring_buffer_resize.c  resize, reset, swap, sub-buffer order changes
 *   ring_buffer_wait.c    waiting and polling for data
 */
#include <linux/trace_seq.h>
#include <linux/cpu.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/export.h>

#include "ring_buffer_internal.h"

/* --- Allocation and (re)building a CPU's ring --- */

struct buffer_data_page *rb_alloc_dp(int cpu, unsigned int order)
{
	struct page *page;

	page = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_ZERO | __GFP_COMP |
				__GFP_RETRY_MAYFAIL | __GFP_NOWARN, order);
	return page ? page_address(page) : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(rb_alloc_dp);

void rb_free_dp(struct buffer_data_page *dp, unsigned int order)
{
	if (dp)
		free_pages((unsigned long)dp, order);
}
EXPORT_SYMBOL_IF_KUNIT(rb_free_dp);

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
EXPORT_SYMBOL_IF_KUNIT(rb_init_ring);

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
EXPORT_SYMBOL_IF_KUNIT(rb_alloc_arrays);

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

	/*
	 * Disarm, then wake: every waiter is on the queue before it arms, so
	 * one that armed after the writer looked is woken here and arms again.
	 */
	WRITE_ONCE(cb->wake_full, RB_WAKE_NOBODY);
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
	cb->wake_full = RB_WAKE_NOBODY;
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
EXPORT_SYMBOL_IF_KUNIT(rb_slots_for);

void rb_set_order(struct trace_buffer *buffer, unsigned int order)
{
	buffer->order = order;
	buffer->data_size = (PAGE_SIZE << order) -
			    offsetof(struct buffer_data_page, data);
	/* Room for the header, a length word and a possible time stamp. */
	WRITE_ONCE(buffer->max_len, buffer->data_size - RB_HDR - sizeof(u32) -
		   (buffer->abs_ts ? RB_STAMP_LEN : 0));
}
EXPORT_SYMBOL_IF_KUNIT(rb_set_order);

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

	return cb ? rb_dirty_slots(cb) : 0;
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
