/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_TRACE_RING_BUFFER_H
#define __LINUX_TRACE_RING_BUFFER_H

/*
 * The per-CPU lockless ring buffer that all tracing writes into.
 *
 * A writer reserves room on its own CPU, fills it in place and commits it;
 * it never takes a lock and never waits, and writers nest (task, softirq,
 * irq, NMI).  Readers consume one CPU at a time, or walk a CPU's events
 * without consuming them through an iterator, or take whole sub-buffers in
 * the binary layout that userspace tools parse.  The design is described in
 * Documentation/trace/ring-buffer-design.rst.
 */

#include <uapi/linux/trace_mmap.h>
#include <linux/poll.h>
#include <linux/mm.h>
#include <linux/seq_file.h>

struct trace_buffer;
struct ring_buffer_iter;
struct trace_seq;
struct buffer_data_read_page;

/*
 * One entry as it sits in a sub-buffer.  The first word packs the entry's
 * kind (type_len) under its time delta from the entry before it; callers
 * only ever pass this around and use the accessors below.
 */
struct ring_buffer_event {
	u32		type_len:5, time_delta:27;

	u32		array[];
};

/*
 * type_len values.  1..28: a data entry of type_len * 4 payload bytes;
 * 0: a data entry whose payload length is in array[0] (the payload follows
 * it).  The three values above 28 are not data:
 *
 *   PADDING      the rest of the sub-buffer is unused when time_delta is 0;
 *                otherwise a discarded entry of 4 + array[0] bytes
 *   TIME_EXTEND  8 bytes: a delta too wide for 27 bits, its low 27 bits in
 *                time_delta and the higher ones in array[0]
 *   TIME_STAMP   8 bytes, encoded the same way, holding an absolute time
 */
enum ring_buffer_type {
	RINGBUF_TYPE_DATA_TYPE_LEN_MAX = 28,
	RINGBUF_TYPE_PADDING,
	RINGBUF_TYPE_TIME_EXTEND,
	RINGBUF_TYPE_TIME_STAMP,
};

enum ring_buffer_flags {
	RB_FL_OVERWRITE		= 1 << 0,	/* drop the oldest when full */
};

#define RING_BUFFER_ALL_CPUS -1

/* --- Entries --- */
unsigned int ring_buffer_event_length(struct ring_buffer_event *event);
void *ring_buffer_event_data(struct ring_buffer_event *event);
u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

/* --- Life cycle and size --- */
struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key);
struct trace_buffer *__ring_buffer_alloc_range(unsigned long size,
					       unsigned int flags, int order,
					       unsigned long start,
					       unsigned long range_size,
					       struct lock_class_key *key);
bool ring_buffer_last_boot_delta(struct trace_buffer *buffer, long *text,
				 long *data);

/*
 * Each buffer gets a lock class of its own (one per call site), so that a
 * buffer written while another one is being read does not look like a
 * locking cycle to lockdep.
 */
#define ring_buffer_alloc(size, flags)					\
({									\
	static struct lock_class_key __rb_key;				\
	__ring_buffer_alloc((size), (flags), &__rb_key);		\
})

#define ring_buffer_alloc_range(size, flags, order, start, range_size)	\
({									\
	static struct lock_class_key __rb_key;				\
	__ring_buffer_alloc_range((size), (flags), (order), (start),	\
				  (range_size), &__rb_key);		\
})

void ring_buffer_free(struct trace_buffer *buffer);
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu);
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val);
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer);
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order);
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer);
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer);

/* --- Writing --- */
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length);
int ring_buffer_unlock_commit(struct trace_buffer *buffer);
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event);
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data);
void ring_buffer_nest_start(struct trace_buffer *buffer);
void ring_buffer_nest_end(struct trace_buffer *buffer);

/* --- Consuming reads and waiting for data --- */
struct ring_buffer_event *ring_buffer_peek(struct trace_buffer *buffer, int cpu,
					   u64 *ts, unsigned long *lost_events);
struct ring_buffer_event *ring_buffer_consume(struct trace_buffer *buffer,
					      int cpu, u64 *ts,
					      unsigned long *lost_events);

typedef bool (*ring_buffer_cond_fn)(void *data);
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data);
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full);
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu);

/* --- Non-consuming iteration over one CPU --- */
struct ring_buffer_iter *ring_buffer_read_start(struct trace_buffer *buffer,
						int cpu, gfp_t flags);
void ring_buffer_read_finish(struct ring_buffer_iter *iter);
struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter,
						u64 *ts);
void ring_buffer_iter_advance(struct ring_buffer_iter *iter);
void ring_buffer_iter_reset(struct ring_buffer_iter *iter);
int ring_buffer_iter_empty(struct ring_buffer_iter *iter);
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter);

/* --- Whole sub-buffers, in the layout binary readers parse --- */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage);
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *rpage);
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *rpage, size_t len,
			  int cpu, int full);
void *ring_buffer_read_page_data(struct buffer_data_read_page *rpage);
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage);
int ring_buffer_print_entry_header(struct trace_seq *s);
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s);

/* --- Emptying, swapping, switching recording off --- */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer);
void ring_buffer_reset(struct trace_buffer *buffer);
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu);
bool ring_buffer_empty(struct trace_buffer *buffer);
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu);

void ring_buffer_record_disable(struct trace_buffer *buffer);
void ring_buffer_record_enable(struct trace_buffer *buffer);
void ring_buffer_record_off(struct trace_buffer *buffer);
void ring_buffer_record_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer);
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu);

/* --- Statistics --- */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_entries(struct trace_buffer *buffer);
unsigned long ring_buffer_overruns(struct trace_buffer *buffer);
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu);
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu);

/* --- Clocks --- */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer);
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer, int cpu,
				      u64 *ts);
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void));
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs);
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer);

/* --- Memory mapping of a CPU's buffer (not offered: -EOPNOTSUPP) --- */
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma);
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu);
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu);
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu);

#ifdef CONFIG_RING_BUFFER
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node);
#else
#define trace_rb_cpu_prepare	NULL
#endif

#endif /* __LINUX_TRACE_RING_BUFFER_H */
