/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the ring buffer share: its structures, the encoding
 * of slots, tails and entries, and the small helpers that the write fast
 * path inlines.  Nothing outside kernel/trace/ring_buffer*.c includes it;
 * everyone else sees include/linux/ring_buffer.h only.
 *
 * The files, each calling only files below it in this list:
 *
 *   ring_buffer_kunit.c   unit tests of the encodings and the ring
 *                         arithmetic (a module, CONFIG_TRACING_KUNIT_TEST)
 *   ring_buffer_wait.c    waiting and polling for data
 *   ring_buffer_read.c    the consuming reader, iterators, whole pages
 *                         for binary readers
 *   ring_buffer_resize.c  resize, reset, swap, sub-buffer order changes
 *   ring_buffer_write.c   reserve, commit, discard: the fast path, which
 *                         calls none of the others
 *   ring_buffer.c         the core: allocation and freeing, the setup
 *                         API, recording on/off, statistics, clocks
 *
 * Short names used throughout (the design, with pictures, is in
 * Documentation/trace/ring-buffer-design.rst):
 *
 *   cb         a struct rb_cpu: one CPU's ring, its writer and reader state
 *   dp         a struct buffer_data_page: a sub-buffer as tools see it
 *   rp, rpage  a struct buffer_data_read_page handed to a binary reader
 *   it         a struct ring_buffer_iter
 *   ev         an entry (struct ring_buffer_event) on a page
 *   page, id   a sub-buffer's bookkeeping in cb->pages[], and its index
 *              there (the "page id"); pages[nr_slots + 1] in all, one of
 *              them always the reader's
 *   slot       an index into cb->slots[], the ring proper; its 64-bit word
 *              ("x" in the code) holds a page id, an lpn and EMPTY
 *   n          the number of slots of a ring (cb->nr_slots)
 *   lpn        logical page number: the count of pages the writer has
 *              moved to, carried in the slot word; lpn L lives in slot
 *              (L - base) mod n while it lasts, base being the lpn the
 *              ring was last laid out from (rb_init_ring(); 0 but after a
 *              reset)
 *   EMPTY      the slot's page holds no data for the reader (it took it,
 *              or the page was never written)
 *   lapped     pages more than n behind the newest one: the writer has
 *              overwritten them (see rb_lapped())
 *   tail       the writer's position, one 64-bit word: slot, page id and
 *              byte offset ("off") on that page
 *   depth      writers on this CPU between reserve and commit; only the
 *              outermost one (depth 1) publishes
 *   commit_*   the commit point: the page (commit_id, commit_slot,
 *              commit_lpn) up to which entries are visible to readers
 *   published  the tail as of the last publication
 *   nest_ts    the time each nesting level's reservation was stamped with
 *   full_stop  stop-when-full mode met a full ring; refuse until it drains
 *   end        bytes on a page when the writer left it
 *   rd_*       the consuming reader's state, under reader_lock: rd_id its
 *              page, rd_lpn the lpn that page had, rd_pos and rd_ts where
 *              and at what time it is on it, rd_next and rd_slot the page
 *              it takes next and where, rd_lost overruns not yet reported
 *   final      a page that can no longer grow (the commit point moved on)
 *   ts         a time stamp; page_ts the time in a page's header
 *   delta      time since the previous entry, in an entry's header
 *   order      sub-buffer size as a page order; data_size the bytes of
 *              data[] in one
 *   overrun    entries lost to overwriting; commit_overrun those refused
 *              because the writer met its own uncommitted data; dropped
 *              those refused in stop-when-full mode
 *   quiesce    stop the writers of a CPU and wait for those inside to leave
 */
#ifndef _TRACE_RING_BUFFER_INTERNAL_H
#define _TRACE_RING_BUFFER_INTERNAL_H

#include <linux/ring_buffer.h>
#include <linux/trace_clock.h>
#include <linux/sched/clock.h>
#include <linux/irq_work.h>
#include <linux/cpumask.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/mutex.h>
#include <linux/atomic.h>
#include <linux/gfp.h>
#include <asm/local64.h>
#include <asm/local.h>
#include <kunit/visibility.h>

/* --- Entry encoding (the binary format tools parse) --- */

#define RB_HDR			4u	/* the type_len/time_delta word */
#define RB_ALIGN		4u
#define RB_SMALL_MAX		(RINGBUF_TYPE_DATA_TYPE_LEN_MAX * RB_ALIGN)
#define RB_STAMP_LEN		8u	/* TIME_EXTEND and TIME_STAMP entries */
#define RB_DELTA_BITS		27
#define RB_DELTA_MASK		((1ULL << RB_DELTA_BITS) - 1)
#define RB_STAMP_BITS		59	/* what a TIME_STAMP entry can hold */
#define RB_STAMP_MASK		((1ULL << RB_STAMP_BITS) - 1)

/* Flags a read page's commit word may carry, and the count's mask. */
#define RB_MISSED_EVENTS	(1UL << 31)
#define RB_MISSED_STORED	(1UL << 30)
#define RB_COMMIT_MASK		(RB_MISSED_STORED - 1)

/* How deeply writers may nest on one CPU before further ones are refused. */
#define RB_MAX_NEST		8

/* A sub-buffer exactly as binary readers see it (header_page). */
struct buffer_data_page {
	u64		time_stamp;	/* time of the entry before data[0] */
	local_t		commit;		/* bytes of data[] that are valid */
	unsigned char	data[] __aligned(sizeof(local_t));
};

/* A page handed to or taken from ring_buffer_read_page(). */
struct buffer_data_read_page {
	unsigned int		order;
	struct buffer_data_page	*data;
};

/* Bookkeeping of one page of a CPU's buffer, indexed by page id. */
struct rb_page {
	struct buffer_data_page	*dp;
	unsigned int		end;	/* bytes used when the writer left it */
};

/*
 * A slot word: bit 0 EMPTY, bits 1..20 the page id, bits 21..63 the lpn.
 * The tail word: bits 0..23 the offset, 24..43 the slot, 44..63 the page.
 */
#define RB_ID_BITS		20
#define RB_MAX_PAGES		(1U << RB_ID_BITS)
#define SLOT_EMPTY		1ULL
#define SLOT_MK(id, lpn, empty)	(((u64)(lpn) << 21) | ((u64)(id) << 1) | \
				 ((empty) ? SLOT_EMPTY : 0))
#define SLOT_ID(x)		((unsigned int)(((x) >> 1) & (RB_MAX_PAGES - 1)))
#define SLOT_LPN(x)		((x) >> 21)
#define TAIL_MK(slot, id, off)	(((u64)(id) << 44) | ((u64)(slot) << 24) | (off))
#define TAIL_OFF(t)		((unsigned int)((t) & ((1U << 24) - 1)))
#define TAIL_SLOT(t)		((unsigned int)(((t) >> 24) & (RB_MAX_PAGES - 1)))
#define TAIL_ID(t)		((unsigned int)((t) >> 44))
#define TAIL_NONE		(~0ULL)

struct rb_cpu {
	struct trace_buffer	*buffer;
	int			cpu;

	/* Writer side: changed only by writers running on this CPU. */
	local64_t		tail;
	local_t			depth;		/* writers between reserve and commit */
	u64			last_tail;	/* tail after the last time-stamped entry */
	u64			last_ts;	/* and that entry's time */
	u64			published;	/* tail as of the last publication */
	/*
	 * Stop mode found the ring full: refuse every entry, even one that
	 * would fit at the end of the current page, until the writer can
	 * move to a free page.  The kept trace is then a clean prefix.
	 */
	bool			full_stop;
	u64			nest_ts[RB_MAX_NEST];
	unsigned int		commit_id;	/* page holding the commit point */
	unsigned int		commit_slot;
	unsigned long		commit_lpn;	/* readers may take pages up to this */
	local_t			entries;	/* data entries committed */
	local_t			overrun;	/* entries lost to overwriting */
	local_t			commit_overrun;	/* refused: ring full of uncommitted data */
	local_t			dropped;	/* refused: full, no overwrite */
	local_t			written_bytes;
	local_t			overrun_bytes;
	atomic_t		record_disabled;
	int			wake_pending;

	/* The ring: nr_slots slots, nr_slots + 1 pages (one is the reader's). */
	unsigned int		nr_slots;
	atomic64_t		*slots;
	struct rb_page		*pages;

	/* Reader side: under reader_lock. */
	raw_spinlock_t		reader_lock;
	unsigned int		rd_id;		/* the reader page */
	unsigned long		rd_lpn;		/* the lpn it held in the ring */
	unsigned int		rd_pos;		/* next byte to read on it */
	u64			rd_ts;		/* time of the entry before rd_pos */
	unsigned long		rd_next;	/* lpn to take from the ring next */
	unsigned int		rd_slot;	/* and the slot it should be in */
	unsigned long		rd_lost;	/* overruns not yet reported */
	unsigned long		lost_seen;
	unsigned long		read;		/* entries consumed */
	unsigned long		read_bytes;
	unsigned int		order;		/* of the pages now in the ring */
	atomic_t		iterators;	/* open iterators block resizing */

	/*
	 * Waiting for data.  wake_full is the lowest fill level (percent of
	 * the slots) a waiter armed since the last wakeup asked for, 0 for
	 * any data, RB_WAKE_NOBODY when none did; wake_lpn is the commit page
	 * at the writer's last look at the fill level.
	 */
	struct irq_work		work;
	wait_queue_head_t	waitq;
	unsigned long		wake_gen;
	int			wake_full;
	unsigned long		wake_lpn;
};

#define RB_WAKE_NOBODY		INT_MAX

struct trace_buffer {
	unsigned int		flags;
	atomic_t		record_disabled;	/* counter; bit 30 = record_off */
	u64			(*clock)(void);
	bool			abs_ts;
	unsigned int		order;		/* sub-buffer = PAGE_SIZE << order */
	unsigned int		data_size;	/* bytes of data[] per sub-buffer */
	unsigned int		max_len;	/* largest payload accepted */
	struct mutex		mutex;		/* resize, reset, order changes */
	struct lock_class_key	*key;
	cpumask_var_t		cpumask;
	struct rb_cpu		**buffers;
	struct irq_work		work;		/* wakes waiters on all CPUs */
	wait_queue_head_t	waitq;
	unsigned long		wake_gen;
	int			wake_pending;
};

#define RB_RECORD_OFF		(1 << 30)

/* --- Entries --- */

/*
 * Bytes a data entry of @length payload bytes takes.  The layout is
 * upstream's: no data entry is ever 12 bytes long (the size of a time
 * stamp entry plus one word), so a payload of 5 to 8 bytes gets a 16-byte
 * entry with room for 12, and ring_buffer_event_length() and the pages
 * readers see are what upstream's ring buffer makes of the same writes.
 */
static __always_inline unsigned int rb_data_size(unsigned long length)
{
	unsigned int len = ALIGN(length ? length : 1, RB_ALIGN);

	if (len > RB_SMALL_MAX)
		return RB_HDR + sizeof(u32) + len;
	if (len == 2 * RB_ALIGN)
		len += RB_ALIGN;
	return RB_HDR + len;
}

/* Bytes an entry takes; 0 for the padding that ends a page. */
static inline unsigned int rb_entry_size(struct ring_buffer_event *ev)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		return ev->time_delta ? RB_HDR + ev->array[0] : 0;
	case RINGBUF_TYPE_TIME_EXTEND:
	case RINGBUF_TYPE_TIME_STAMP:
		return RB_STAMP_LEN;
	case 0:
		return RB_HDR + ev->array[0];
	default:
		return RB_HDR + ev->type_len * RB_ALIGN;
	}
}

/*
 * rb_entry_size() of the entry at @pos of @dp, whose entries end at @end,
 * for walks over a page that may be rewritten under them (or copied while
 * it was).  Fewer than RB_STAMP_LEN bytes can only hold the padding word
 * that closes a page, whose size is 0: the walk ends there without reading
 * a length word, which for a torn header would lie past the page.
 */
static inline unsigned int rb_entry_size_at(struct buffer_data_page *dp,
					    unsigned int pos, unsigned int end)
{
	if (end - pos < RB_STAMP_LEN)
		return 0;
	return rb_entry_size((void *)&dp->data[pos]);
}

static inline bool rb_is_data(struct ring_buffer_event *ev)
{
	return ev->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX;
}

/*
 * Write the header of a data entry of @size bytes (what rb_data_size()
 * gave), @delta after the entry before it.
 */
static __always_inline void rb_put_data(struct ring_buffer_event *ev,
					unsigned int size, u64 delta)
{
	if (size - RB_HDR > RB_SMALL_MAX) {
		*ev = (struct ring_buffer_event){ .type_len = 0,
						  .time_delta = delta };
		ev->array[0] = size - RB_HDR;
	} else {
		*ev = (struct ring_buffer_event){
			.type_len = (size - RB_HDR) / RB_ALIGN,
			.time_delta = delta };
	}
}

/*
 * Write a TIME_EXTEND (@value a delta) or TIME_STAMP (@value the low
 * RB_STAMP_BITS of a time) entry: the low RB_DELTA_BITS of @value in
 * time_delta, the rest in array[0].  rb_stamp_value() reads it back.
 */
static __always_inline void rb_put_stamp(struct ring_buffer_event *ev,
					 unsigned int type, u64 value)
{
	ev->type_len = type;
	ev->time_delta = value & RB_DELTA_MASK;
	ev->array[0] = value >> RB_DELTA_BITS;
}

static inline u64 rb_stamp_value(struct ring_buffer_event *ev)
{
	return ((u64)ev->array[0] << RB_DELTA_BITS) | ev->time_delta;
}

/*
 * The time after entry @ev, given the time @ts before it.  A TIME_STAMP
 * holds the low 59 bits; the rest come from the page's time, @page_ts.
 */
static inline u64 rb_time_after(struct ring_buffer_event *ev, u64 ts,
				u64 page_ts)
{
	switch (ev->type_len) {
	case RINGBUF_TYPE_PADDING:
		/* Discarded: its time_delta only marks it as such. */
		return ts;
	case RINGBUF_TYPE_TIME_EXTEND:
		return ts + rb_stamp_value(ev);
	case RINGBUF_TYPE_TIME_STAMP:
		return rb_stamp_value(ev) | (page_ts & ~RB_STAMP_MASK);
	default:
		return ts + ev->time_delta;
	}
}

/*
 * A walk over the entries of one data page @dp, from *@pos up to @end,
 * with *@ts the time before the entry at *@pos: steps over the time
 * entries (folding them into *@ts, their bytes added to *@skipped) to the
 * next data entry and returns it without stepping past it.  NULL when the
 * walk reaches @end, or the padding that fills the rest of the page (then
 * *@pos is set to @end).  The consuming reader and the iterator share it;
 * each keeps its own position.
 */
static inline struct ring_buffer_event *
rb_walk_to_data(struct buffer_data_page *dp, unsigned int *pos,
		unsigned int end, u64 *ts, unsigned long *skipped)
{
	while (*pos < end) {
		struct ring_buffer_event *ev = (void *)&dp->data[*pos];
		unsigned int size = rb_entry_size_at(dp, *pos, end);

		if (!size) {
			*pos = end;
			break;
		}
		if (rb_is_data(ev))
			return ev;
		*ts = rb_time_after(ev, *ts, dp->time_stamp);
		*pos += size;
		*skipped += size;
	}
	return NULL;
}

/* The buffer's clock; callers have preemption disabled. */
static __always_inline u64 rb_now(struct trace_buffer *buffer)
{
	/*
	 * The usual clock is trace_clock_local(), which is sched_clock() with
	 * preemption disabled around it: call that directly, sparing the
	 * indirect call and the preemption toggle.
	 */
	u64 (*clock)(void) = READ_ONCE(buffer->clock);

	if (likely(clock == trace_clock_local))
		return sched_clock();
	return clock();
}

/* --- Walking the ring --- */

static inline unsigned int rb_next_slot(struct rb_cpu *cb, unsigned int slot)
{
	return slot + 1 == cb->nr_slots ? 0 : slot + 1;
}

/*
 * How many pages from @lpn on the writer has lapped, given that the newest
 * page it has moved to is @newest: a ring of nr_slots slots holds at most
 * the nr_slots pages up to @newest, so anything older has been overwritten
 * (or, in stop mode, was never there).  0 if @lpn is past @newest.
 */
static inline unsigned long rb_lapped(struct rb_cpu *cb, unsigned long lpn,
				      unsigned long newest)
{
	if (lpn > newest || newest - lpn < cb->nr_slots)
		return 0;
	return newest - cb->nr_slots + 1 - lpn;
}

/*
 * Move a walk over the ring, at page *@lpn expected in slot *@slot, past
 * the pages the writer has lapped (see rb_lapped()).
 */
static inline void rb_skip_lapped(struct rb_cpu *cb, unsigned long newest,
				  unsigned long *lpn, unsigned int *slot)
{
	unsigned long skip = rb_lapped(cb, *lpn, newest);

	if (skip) {
		*lpn += skip;
		*slot = (*slot + skip) % cb->nr_slots;
	}
}

/*
 * The number of data entries in the first @end bytes of @dp.  The writer
 * counts the entries of every page it overwrites; inlined there, `make
 * bench` measures overwrite-mode writes at the speed they had before the
 * split, out of line 17% slower (see the commit that made it inline).
 */
static inline unsigned long rb_count_entries(struct buffer_data_page *dp,
					     unsigned int end)
{
	unsigned int pos = 0, size;
	unsigned long n = 0;

	while (pos < end) {
		struct ring_buffer_event *ev = (void *)&dp->data[pos];

		size = rb_entry_size_at(dp, pos, end);
		/*
		 * The page may be overwritten under us (see rb_move_tail()):
		 * a length that does not fit what is left ends the walk.
		 */
		if (!size || size > end - pos)
			break;
		if (rb_is_data(ev))
			n++;
		pos += size;
	}
	return n;
}

/* @cpu's ring if the buffer has one, for the statistics. */
static inline struct rb_cpu *rb_stat_cpu(struct trace_buffer *buffer, int cpu)
{
	return cpumask_test_cpu(cpu, buffer->cpumask) ? buffer->buffers[cpu] : NULL;
}

/* --- Allocation, in ring_buffer.c --- */

/*
 * The tables of a ring grow with its number of sub-buffers: past a few
 * hundred thousand (a GiB or so per CPU) they no longer fit one kmalloc(),
 * so they may come from vmalloc().  A request memory cannot meet fails
 * quietly, without the OOM killer.
 */
#define RB_GFP_TABLE	(GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

struct buffer_data_page *rb_alloc_dp(int cpu, unsigned int order);
void rb_free_dp(struct buffer_data_page *dp, unsigned int order);
int rb_alloc_arrays(int cpu, unsigned int n, unsigned int order,
		    unsigned int from, atomic64_t **slots, struct rb_page **pages);
/*
 * rb_init_ring() lays out an empty ring whose lpns start at @base, and
 * rb_clear_stats() zeroes a ring's counts.  Context: a ring nobody sees
 * yet, or one whose writers are quiesced (record_disabled raised and an
 * RCU grace period passed), with its reader_lock held.
 */
void rb_init_ring(struct rb_cpu *cb, unsigned long base);
void rb_clear_stats(struct rb_cpu *cb);
/* Sub-buffers for @size bytes of data: between 2 and RB_MAX_PAGES - 2. */
unsigned int rb_slots_for(struct trace_buffer *buffer, unsigned long size);
/* Context: as rb_init_ring(), for every CPU of @buffer. */
void rb_set_order(struct trace_buffer *buffer, unsigned int order);

/*
 * --- For ring_buffer_kunit.c ---
 *
 * Functions static but for KUnit that the unit tests call.  The ring's
 * helpers above that the writer inlines stay static inlines, tested as
 * they are; the functions of ring_buffer.c declared above are exported to
 * the tests there.
 */
#if IS_ENABLED(CONFIG_KUNIT)
/* Context: cb->reader_lock held, or a ring no one else uses. */
bool rb_take_page(struct rb_cpu *cb);
#endif

/*
 * Sub-buffers of @cb holding data a consuming reader has not taken (the
 * page being written counts).  Lockless: the reader may move meanwhile.
 */
static inline unsigned long rb_dirty_slots(struct rb_cpu *cb)
{
	/* Pairs with the release in rb_publish() */
	unsigned long commit = smp_load_acquire(&cb->commit_lpn);
	unsigned long next = READ_ONCE(cb->rd_next);

	if (commit < next)
		return 0;
	return min_t(unsigned long, commit - next + 1, cb->nr_slots);
}

/* Whether @cb is filled to @full percent of its slots. */
static inline bool rb_filled_to(struct rb_cpu *cb, int full)
{
	return rb_dirty_slots(cb) * 100 >= (unsigned long)full * cb->nr_slots;
}

#endif /* _TRACE_RING_BUFFER_INTERNAL_H */
