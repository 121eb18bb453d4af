// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the ring buffer's arithmetic, beside the code: how a slot
 * word and the tail word pack a page id, an lpn, a slot and an offset; how
 * long an entry of each payload is and how its header says so; how time
 * deltas, extends and absolute stamps are encoded and read back; and how
 * the writer's and the reader's walks over the ring (next slot, lapped
 * pages, taking a page out of the ring) move their positions.
 *
 * The helpers the write fast path inlines are static inlines of
 * ring_buffer_internal.h and are called here as they are; the few
 * out-of-line functions come through EXPORT_SYMBOL_IF_KUNIT.  Rings are
 * built on private struct rb_cpu's that no writer or reader of a real
 * buffer ever sees, so nothing here needs a lock.
 *
 * What this file does not hold: tests of the ring buffer's behaviour
 * through its exported API (reserve, commit, read, resize on real
 * buffers), which are the module tools/testing/selftests/ftrace/modules/
 * ftt_rb_kunit.c.
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "ring_buffer_internal.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* ---- ring_buffer_slot: the slot word and the tail word ------------------ */

static void rbk_slot_word(struct kunit *test)
{
	static const unsigned int ids[] = { 0, 1, 2, 4095, RB_MAX_PAGES - 2,
					    RB_MAX_PAGES - 1 };
	static const u64 lpns[] = { 0, 1, 3, 1ULL << 20, 1ULL << 32,
				    (1ULL << 43) - 1 };
	int i, j, e;

	/* The layout the header documents: EMPTY, then id, then lpn. */
	KUNIT_EXPECT_EQ(test, SLOT_MK(0, 0, true), SLOT_EMPTY);
	KUNIT_EXPECT_EQ(test, SLOT_MK(1, 0, false), 2ULL);
	KUNIT_EXPECT_EQ(test, SLOT_MK(0, 1, false), 1ULL << 21);
	KUNIT_EXPECT_EQ(test, SLOT_MK(RB_MAX_PAGES - 1, 0, false),
			(u64)(RB_MAX_PAGES - 1) << 1);

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		for (j = 0; j < ARRAY_SIZE(lpns); j++) {
			for (e = 0; e < 2; e++) {
				u64 x = SLOT_MK(ids[i], lpns[j], e);

				KUNIT_EXPECT_EQ(test, SLOT_ID(x), ids[i]);
				KUNIT_EXPECT_EQ(test, SLOT_LPN(x), lpns[j]);
				KUNIT_EXPECT_EQ(test, !!(x & SLOT_EMPTY), !!e);
			}
		}
	}
}

static void rbk_tail_word(struct kunit *test)
{
	static const unsigned int slots[] = { 0, 1, 7, RB_MAX_PAGES - 2,
					      RB_MAX_PAGES - 1 };
	static const unsigned int offs[] = { 0, 1, 4, 4080, SZ_1M - 16,
					     (1U << 24) - 1 };
	int i, j;

	KUNIT_EXPECT_EQ(test, TAIL_MK(0, 0, 1), 1ULL);
	KUNIT_EXPECT_EQ(test, TAIL_MK(1, 0, 0), 1ULL << 24);
	KUNIT_EXPECT_EQ(test, TAIL_MK(0, 1, 0), 1ULL << 44);

	for (i = 0; i < ARRAY_SIZE(slots); i++) {
		for (j = 0; j < ARRAY_SIZE(offs); j++) {
			/* A page id unlike the slot, as after a few laps. */
			unsigned int id = (slots[i] * 7 + 3) & (RB_MAX_PAGES - 1);
			u64 t = TAIL_MK(slots[i], id, offs[j]);

			KUNIT_EXPECT_EQ(test, TAIL_SLOT(t), slots[i]);
			KUNIT_EXPECT_EQ(test, TAIL_ID(t), id);
			KUNIT_EXPECT_EQ(test, TAIL_OFF(t), offs[j]);
		}
	}
}

/*
 * The writer reserves with "tail + need" and a discard gives back with
 * "tail - size": both must move the offset alone, for every offset a
 * sub-buffer of the largest order can reach.
 */
static void rbk_tail_add(struct kunit *test)
{
	unsigned int max = (PAGE_SIZE << get_order(SZ_1M)) -
			   offsetof(struct buffer_data_page, data);
	u64 t = TAIL_MK(RB_MAX_PAGES - 2, RB_MAX_PAGES - 2, 0);
	u64 end = t + max;

	KUNIT_EXPECT_LT(test, max, 1U << 24);
	KUNIT_EXPECT_EQ(test, TAIL_OFF(end), max);
	KUNIT_EXPECT_EQ(test, TAIL_SLOT(end), RB_MAX_PAGES - 2);
	KUNIT_EXPECT_EQ(test, TAIL_ID(end), RB_MAX_PAGES - 2);
	KUNIT_EXPECT_EQ(test, end - max, t);
	KUNIT_EXPECT_EQ(test, TAIL_OFF(t + 24), 24U);
}

/*
 * TAIL_NONE marks last_tail as unusable: no tail a writer can make may
 * equal it.  Rings have at most RB_MAX_PAGES - 2 slots (rb_slots_for()),
 * so page ids stop at RB_MAX_PAGES - 2 and TAIL_NONE's id is none of them.
 */
static void rbk_tail_none(struct kunit *test)
{
	struct trace_buffer buffer = { };

	rb_set_order(&buffer, 0);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, (unsigned long)SZ_1G * 64),
			RB_MAX_PAGES - 2);
	KUNIT_EXPECT_GT(test, TAIL_ID(TAIL_NONE), RB_MAX_PAGES - 2);
	KUNIT_EXPECT_NE(test, TAIL_MK(RB_MAX_PAGES - 2, RB_MAX_PAGES - 2,
				      (1U << 24) - 1), TAIL_NONE);
}

static struct kunit_case rbk_slot_cases[] = {
	KUNIT_CASE(rbk_slot_word),
	KUNIT_CASE(rbk_tail_word),
	KUNIT_CASE(rbk_tail_add),
	KUNIT_CASE(rbk_tail_none),
	{}
};

static struct kunit_suite rbk_slot_suite = {
	.name = "ring_buffer_slot",
	.test_cases = rbk_slot_cases,
};

/* ---- ring_buffer_entry: entry sizes and headers ------------------------- */

/*
 * What ring_buffer_event_length() reports for @len payload bytes, as
 * upstream's ring buffer does: rounded up to 4, at least 4, and 12 for
 * 5 to 8 bytes (no data entry is 12 bytes long).
 */
static unsigned int rbk_payload(unsigned int len)
{
	if (len <= 4)
		return 4;
	if (len <= 8)
		return 12;
	return ALIGN(len, 4);
}

static void rbk_data_size(struct kunit *test)
{
	static const struct { unsigned long len; unsigned int size; } t[] = {
		{ 0, 8 }, { 1, 8 }, { 4, 8 }, { 5, 16 }, { 8, 16 }, { 9, 16 },
		{ 12, 16 }, { 13, 20 }, { 16, 20 }, { 108, 112 },
		{ RB_SMALL_MAX, RB_SMALL_MAX + 4 },
		{ RB_SMALL_MAX + 1, RB_SMALL_MAX + 12 }, { 4000, 4008 },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		KUNIT_EXPECT_EQ_MSG(test, rb_data_size(t[i].len), t[i].size,
				    "payload of %lu bytes", t[i].len);
}

/*
 * A data entry as the writer lays it out: its header gives back its size,
 * its payload length and where the payload starts, for every length.
 */
static void rbk_data_header(struct kunit *test)
{
	u32 *buf = kunit_kzalloc(test, SZ_8K, GFP_KERNEL);
	struct ring_buffer_event *ev = (void *)buf;
	unsigned int len, size, hdr;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (len = 0; len <= 4096; len = len < 300 ? len + 1 : len * 2 - 3) {
		size = rb_data_size(len);
		hdr = size - RB_HDR > RB_SMALL_MAX ? 2 * RB_HDR : RB_HDR;
		memset(buf, 0xa5, 16);
		rb_put_data(ev, size, 12345);

		KUNIT_EXPECT_TRUE(test, rb_is_data(ev));
		KUNIT_EXPECT_EQ_MSG(test, rb_entry_size(ev), size, "len %u", len);
		KUNIT_EXPECT_EQ_MSG(test, ring_buffer_event_length(ev),
				    rbk_payload(len), "len %u", len);
		KUNIT_EXPECT_EQ_MSG(test, ring_buffer_event_length(ev),
				    size - hdr, "len %u", len);
		KUNIT_EXPECT_PTR_EQ(test, ring_buffer_event_data(ev),
				    (void *)ev + hdr);
		KUNIT_EXPECT_EQ(test, rb_time_after(ev, 1000, 0), 1000ULL + 12345);
		KUNIT_EXPECT_EQ(test, size % RB_ALIGN, 0U);
	}
}

static void rbk_other_entries(struct kunit *test)
{
	u32 buf[4] = { };
	struct ring_buffer_event *ev = (void *)buf;

	/* Padding with no delta ends the page: size 0, read no further. */
	ev->type_len = RINGBUF_TYPE_PADDING;
	ev->time_delta = 0;
	KUNIT_EXPECT_EQ(test, rb_entry_size(ev), 0U);
	KUNIT_EXPECT_FALSE(test, rb_is_data(ev));

	/* A discarded entry keeps its length and does not move time. */
	ev->time_delta = 1;
	ev->array[0] = 36;
	KUNIT_EXPECT_EQ(test, rb_entry_size(ev), 40U);
	KUNIT_EXPECT_EQ(test, ring_buffer_event_length(ev), 40U);
	KUNIT_EXPECT_EQ(test, rb_time_after(ev, 777, 0), 777ULL);

	rb_put_stamp(ev, RINGBUF_TYPE_TIME_EXTEND, 5);
	KUNIT_EXPECT_EQ(test, rb_entry_size(ev), RB_STAMP_LEN);
	KUNIT_EXPECT_EQ(test, ring_buffer_event_length(ev), RB_STAMP_LEN);
	KUNIT_EXPECT_FALSE(test, rb_is_data(ev));

	rb_put_stamp(ev, RINGBUF_TYPE_TIME_STAMP, 5);
	KUNIT_EXPECT_EQ(test, rb_entry_size(ev), RB_STAMP_LEN);
	KUNIT_EXPECT_FALSE(test, rb_is_data(ev));
}

/* Lay an entry of @len payload bytes at @pos of @dp; the new position. */
static unsigned int rbk_put(struct buffer_data_page *dp, unsigned int pos,
			    unsigned int len)
{
	unsigned int size = rb_data_size(len);

	rb_put_data((void *)&dp->data[pos], size, 1);
	return pos + size;
}

/*
 * A page being overwritten under the count (a writer interrupting the one
 * that moves onto it) may hold anything: a length that would take the
 * walk backwards or past the end stops it rather than looping for ever.
 */
static void rbk_count_entries_garbage(struct kunit *test)
{
	struct buffer_data_page *dp = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct ring_buffer_event *ev;
	unsigned int pos;

	KUNIT_ASSERT_NOT_NULL(test, dp);
	pos = rbk_put(dp, 0, 4);
	ev = (void *)&dp->data[pos];
	ev->type_len = 0;
	/* pos + RB_HDR + array[0] wraps to 0: back to the first entry. */
	ev->array[0] = 0U - pos - RB_HDR;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, 64), 1UL);
	/* An entry that ends exactly at the end counts... */
	ev->array[0] = 64 - pos - RB_HDR;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, 64), 2UL);
	/* ...one that would end past it ends the walk. */
	ev->array[0] += RB_ALIGN;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, 64), 1UL);
}

KUNIT_DEFINE_ACTION_WRAPPER(rbk_vfree, vfree, const void *);

/*
 * A torn header in the last word of a page (the page rewritten while it
 * was counted or walked) must not send the read of a length word past the
 * page.  The page is vmalloc()'s, so the next one is an unmapped guard: a
 * read past it faults even without KASAN.
 */
static void rbk_torn_last_word(struct kunit *test)
{
	unsigned int end = PAGE_SIZE - offsetof(struct buffer_data_page, data);
	struct buffer_data_page *dp = vzalloc(PAGE_SIZE);
	struct ring_buffer_event *ev;
	unsigned long skipped = 0;
	unsigned int pos = 0;
	u64 ts = 0;

	KUNIT_ASSERT_NOT_NULL(test, dp);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, rbk_vfree, dp));
	rb_put_data((void *)&dp->data[0], end - RB_HDR, 1);
	KUNIT_ASSERT_EQ(test, rb_entry_size((void *)&dp->data[0]), end - RB_HDR);
	/* Padding with a delta says its length follows: past the page. */
	ev = (void *)&dp->data[end - RB_HDR];
	ev->type_len = RINGBUF_TYPE_PADDING;
	ev->time_delta = 1;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, end), 1UL);
	KUNIT_EXPECT_PTR_EQ(test, rb_walk_to_data(dp, &pos, end, &ts, &skipped),
			    (void *)&dp->data[0]);
	pos = end - RB_HDR;
	KUNIT_EXPECT_NULL(test, rb_walk_to_data(dp, &pos, end, &ts, &skipped));
	KUNIT_EXPECT_EQ(test, pos, end);
	ev->type_len = 0;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, end), 1UL);
}

static void rbk_count_entries(struct kunit *test)
{
	struct buffer_data_page *dp = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct ring_buffer_event *ev;
	unsigned int pos = 0, at[5];

	KUNIT_ASSERT_NOT_NULL(test, dp);
	at[0] = pos;
	pos = rbk_put(dp, pos, 8);
	at[1] = pos;
	rb_put_stamp((void *)&dp->data[pos], RINGBUF_TYPE_TIME_EXTEND, 1 << 28);
	pos += RB_STAMP_LEN;
	at[2] = pos;
	pos = rbk_put(dp, pos, 200);
	at[3] = pos;
	pos = rbk_put(dp, pos, 20);
	at[4] = pos;
	pos = rbk_put(dp, pos, 1);

	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, pos), 4UL);
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, at[4]), 3UL);
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, at[2]), 1UL);
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, 0), 0UL);

	/* A discarded entry is not counted. */
	ev = (void *)&dp->data[at[3]];
	ev->array[0] = rb_entry_size(ev) - RB_HDR;
	ev->type_len = RINGBUF_TYPE_PADDING;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, pos), 3UL);

	/* Padding without a delta ends the count wherever @end says. */
	ev->time_delta = 0;
	KUNIT_EXPECT_EQ(test, rb_count_entries(dp, pos), 2UL);
}

static struct kunit_case rbk_entry_cases[] = {
	KUNIT_CASE(rbk_data_size),
	KUNIT_CASE(rbk_data_header),
	KUNIT_CASE(rbk_other_entries),
	KUNIT_CASE(rbk_count_entries),
	KUNIT_CASE(rbk_count_entries_garbage),
	KUNIT_CASE(rbk_torn_last_word),
	{}
};

static struct kunit_suite rbk_entry_suite = {
	.name = "ring_buffer_entry",
	.test_cases = rbk_entry_cases,
};

/* ---- ring_buffer_time: deltas, extends and absolute stamps -------------- */

/* A data entry's time_delta holds exactly RB_DELTA_BITS. */
static void rbk_delta_bits(struct kunit *test)
{
	struct ring_buffer_event ev;

	rb_put_data(&ev, rb_data_size(4), RB_DELTA_MASK);
	KUNIT_EXPECT_EQ(test, (u64)ev.time_delta, RB_DELTA_MASK);
	KUNIT_EXPECT_EQ(test, rb_time_after(&ev, 10, 0), 10 + RB_DELTA_MASK);
	/* One more does not fit: the writer adds a TIME_EXTEND instead. */
	rb_put_data(&ev, rb_data_size(4), RB_DELTA_MASK + 1);
	KUNIT_EXPECT_EQ(test, (u64)ev.time_delta, 0ULL);
}

static void rbk_time_extend(struct kunit *test)
{
	static const u64 deltas[] = { 0, 1, RB_DELTA_MASK, RB_DELTA_MASK + 1,
				      1ULL << 40, 123456789012ULL, RB_STAMP_MASK };
	u32 buf[2];
	struct ring_buffer_event *ev = (void *)buf;
	int i;

	for (i = 0; i < ARRAY_SIZE(deltas); i++) {
		rb_put_stamp(ev, RINGBUF_TYPE_TIME_EXTEND, deltas[i]);
		KUNIT_EXPECT_EQ(test, (unsigned int)ev->type_len,
				(unsigned int)RINGBUF_TYPE_TIME_EXTEND);
		KUNIT_EXPECT_EQ(test, rb_stamp_value(ev), deltas[i]);
		KUNIT_EXPECT_EQ(test, (u64)ev->time_delta, deltas[i] & RB_DELTA_MASK);
		KUNIT_EXPECT_EQ(test, rb_time_after(ev, 5000, 0), 5000 + deltas[i]);
	}
}

/*
 * An absolute stamp keeps the low RB_STAMP_BITS of the time; the top bits
 * come from the page's time stamp.
 */
static void rbk_time_stamp(struct kunit *test)
{
	static const u64 times[] = { 0, 1, RB_DELTA_MASK + 7, RB_STAMP_MASK,
				     RB_STAMP_MASK + 1, 0xfedcba9876543210ULL,
				     U64_MAX };
	u32 buf[2];
	struct ring_buffer_event *ev = (void *)buf;
	int i;

	for (i = 0; i < ARRAY_SIZE(times); i++) {
		u64 ts = times[i];
		u64 page_ts = ts & ~RB_STAMP_MASK;

		rb_put_stamp(ev, RINGBUF_TYPE_TIME_STAMP, ts & RB_STAMP_MASK);
		KUNIT_EXPECT_EQ(test, rb_stamp_value(ev), ts & RB_STAMP_MASK);
		/* The time before the stamp does not matter. */
		KUNIT_EXPECT_EQ(test, rb_time_after(ev, 42, page_ts), ts);
		KUNIT_EXPECT_EQ(test, rb_time_after(ev, ts, page_ts | 99), ts);
	}
}

/* A page's entries read back to the times they were written at. */
static void rbk_time_walk(struct kunit *test)
{
	static const u64 times[] = { 1000, 1000, 1003, 1003 + RB_DELTA_MASK,
				     1004 + RB_DELTA_MASK, 1ULL << 45 };
	struct buffer_data_page *dp = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned int pos = 0, i, at, size;
	u64 ts, prev;

	KUNIT_ASSERT_NOT_NULL(test, dp);
	dp->time_stamp = times[0];
	prev = times[0];
	for (i = 0; i < ARRAY_SIZE(times); i++) {
		u64 delta = times[i] - prev;

		if (delta > RB_DELTA_MASK) {
			rb_put_stamp((void *)&dp->data[pos],
				     RINGBUF_TYPE_TIME_EXTEND, delta);
			pos += RB_STAMP_LEN;
			delta = 0;
		}
		size = rb_data_size(16);
		rb_put_data((void *)&dp->data[pos], size, delta);
		pos += size;
		prev = times[i];
	}

	ts = dp->time_stamp;
	i = 0;
	for (at = 0; at < pos; at += rb_entry_size((void *)&dp->data[at])) {
		struct ring_buffer_event *ev = (void *)&dp->data[at];

		ts = rb_time_after(ev, ts, dp->time_stamp);
		if (!rb_is_data(ev))
			continue;
		KUNIT_ASSERT_LT(test, i, (unsigned int)ARRAY_SIZE(times));
		KUNIT_EXPECT_EQ_MSG(test, ts, times[i], "entry %u", i);
		i++;
	}
	KUNIT_EXPECT_EQ(test, i, (unsigned int)ARRAY_SIZE(times));
}

static struct kunit_case rbk_time_cases[] = {
	KUNIT_CASE(rbk_delta_bits),
	KUNIT_CASE(rbk_time_extend),
	KUNIT_CASE(rbk_time_stamp),
	KUNIT_CASE(rbk_time_walk),
	{}
};

static struct kunit_suite rbk_time_suite = {
	.name = "ring_buffer_time",
	.test_cases = rbk_time_cases,
};

/* ---- ring_buffer_ring: the writer's and the reader's walks ------------- */

static void rbk_next_slot(struct kunit *test)
{
	struct rb_cpu cb = { .nr_slots = 3 };

	KUNIT_EXPECT_EQ(test, rb_next_slot(&cb, 0), 1U);
	KUNIT_EXPECT_EQ(test, rb_next_slot(&cb, 1), 2U);
	KUNIT_EXPECT_EQ(test, rb_next_slot(&cb, 2), 0U);
	cb.nr_slots = 2;
	KUNIT_EXPECT_EQ(test, rb_next_slot(&cb, 1), 0U);
}

static void rbk_lapped(struct kunit *test)
{
	struct rb_cpu cb = { .nr_slots = 4 };
	unsigned long lpn;
	unsigned int slot;

	/* The ring holds the 4 pages up to the newest one. */
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, 10, 13), 0UL);
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, 10, 14), 1UL);
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, 10, 20), 7UL);
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, 10, 10), 0UL);
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, 11, 10), 0UL);

	lpn = 10;
	slot = 2;
	rb_skip_lapped(&cb, 13, &lpn, &slot);
	KUNIT_EXPECT_EQ(test, lpn, 10UL);
	KUNIT_EXPECT_EQ(test, slot, 2U);
	rb_skip_lapped(&cb, 20, &lpn, &slot);
	KUNIT_EXPECT_EQ(test, lpn, 17UL);
	KUNIT_EXPECT_EQ(test, slot, (2U + 7) % 4);
	/* Once skipped, the walk is on the oldest page still in the ring. */
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, lpn, 20), 0UL);
	KUNIT_EXPECT_EQ(test, rb_lapped(&cb, lpn - 1, 20), 1UL);
}

static void rbk_slots_for(struct kunit *test)
{
	struct trace_buffer buffer = { };
	unsigned int ds;

	rb_set_order(&buffer, 0);
	ds = buffer.data_size;
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, 0), 2U);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, 1), 2U);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, 3 * ds), 3U);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, 3 * ds + 1), 4U);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, (unsigned long)ds * RB_MAX_PAGES),
			RB_MAX_PAGES - 2);
	rb_set_order(&buffer, 2);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, 3 * ds + 1), 2U);
	KUNIT_EXPECT_EQ(test, rb_slots_for(&buffer, 10 * buffer.data_size), 10U);
}

/*
 * Each sub-buffer order: the bytes of data a sub-buffer holds, and the
 * largest payload accepted, which must fit one with its header, its length
 * word and, with absolute time stamps, a TIME_STAMP before it.
 */
static void rbk_set_order(struct kunit *test)
{
	unsigned int order, abs;

	for (abs = 0; abs < 2; abs++) {
		for (order = 0; order <= get_order(SZ_1M); order++) {
			struct trace_buffer buffer = { .abs_ts = abs };
			unsigned int need;

			rb_set_order(&buffer, order);
			KUNIT_EXPECT_EQ(test, buffer.order, order);
			KUNIT_EXPECT_EQ(test, buffer.data_size,
					(unsigned int)(PAGE_SIZE << order) - 16);
			need = rb_data_size(buffer.max_len) +
			       (abs ? RB_STAMP_LEN : 0);
			KUNIT_EXPECT_EQ_MSG(test, need, buffer.data_size,
					    "order %u abs %u", order, abs);
			KUNIT_EXPECT_LT(test, buffer.data_size, 1U << 24);
		}
	}
}

struct rbk_ring {
	struct rb_cpu	*cb;
	unsigned int	n;
};

static void rbk_ring_free(void *arg)
{
	struct rbk_ring *r = arg;
	unsigned int i;

	for (i = 0; i <= r->n; i++)
		rb_free_dp(r->cb->pages[i].dp, 0);
	kvfree(r->cb->pages);
	kvfree(r->cb->slots);
}

/* A private ring of @n slots laid out from lpn @base. */
static struct rb_cpu *rbk_ring(struct kunit *test, unsigned int n,
			       unsigned long base)
{
	struct rbk_ring *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	struct rb_cpu *cb = kunit_kzalloc(test, sizeof(*cb), GFP_KERNEL);
	int cpu = cpumask_first(cpu_online_mask);

	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_NOT_NULL(test, cb);
	KUNIT_ASSERT_EQ(test, rb_alloc_arrays(cpu, n, 0, 0, &cb->slots,
					      &cb->pages), 0);
	r->cb = cb;
	r->n = n;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rbk_ring_free, r), 0);
	cb->cpu = cpu;
	cb->nr_slots = n;
	rb_init_ring(cb, base);
	return cb;
}

/*
 * The writer's move to the next slot, as rb_move_tail() makes it when the
 * page there is free or may be overwritten, then published up to it.
 */
static void rbk_writer_move(struct rb_cpu *cb)
{
	u64 tail = local64_read(&cb->tail);
	unsigned int next = rb_next_slot(cb, TAIL_SLOT(tail));
	u64 lpn = SLOT_LPN(atomic64_read(&cb->slots[TAIL_SLOT(tail)])) + 1;
	u64 x = atomic64_read(&cb->slots[next]);

	atomic64_set(&cb->slots[next], SLOT_MK(SLOT_ID(x), lpn, false));
	local64_set(&cb->tail, TAIL_MK(next, SLOT_ID(x), 0));
	cb->commit_id = SLOT_ID(x);
	cb->commit_slot = next;
	cb->commit_lpn = lpn;
}

static void rbk_init_ring(struct kunit *test)
{
	static const unsigned long bases[] = { 0, 37 };
	unsigned int n = 4, i, b;

	for (b = 0; b < ARRAY_SIZE(bases); b++) {
		unsigned long base = bases[b];
		struct rb_cpu *cb = rbk_ring(test, n, base);
		u64 x;

		/* The writer on page 0 in slot 0, at lpn base + n. */
		KUNIT_EXPECT_EQ(test, local64_read(&cb->tail), (s64)TAIL_MK(0, 0, 0));
		KUNIT_EXPECT_EQ(test, cb->last_tail, TAIL_NONE);
		x = atomic64_read(&cb->slots[0]);
		KUNIT_EXPECT_EQ(test, x, SLOT_MK(0, base + n, false));
		KUNIT_EXPECT_EQ(test, cb->commit_lpn, base + n);
		KUNIT_EXPECT_EQ(test, cb->commit_id, 0U);
		/* Empty pages in the other slots, the reader on page n. */
		for (i = 1; i < n; i++) {
			x = atomic64_read(&cb->slots[i]);
			KUNIT_EXPECT_EQ(test, x, SLOT_MK(i, base + i, true));
			/* lpn L lives in slot (L - base) mod n. */
			KUNIT_EXPECT_EQ(test, (SLOT_LPN(x) - base) % n, i);
		}
		KUNIT_EXPECT_EQ(test, cb->rd_id, n);
		KUNIT_EXPECT_EQ(test, cb->rd_next, base + n);
		KUNIT_EXPECT_EQ(test, cb->rd_slot, 0U);
		KUNIT_EXPECT_EQ(test, cb->rd_lpn, base + n - 1);
		for (i = 0; i <= n; i++)
			KUNIT_EXPECT_EQ(test, local_read(&cb->pages[i].dp->commit), 0L);
	}
}

/*
 * The reader takes the page the writer is on (it may read it while it
 * grows), then nothing until the writer moves on, then the next page,
 * giving back its own page in exchange each time.
 */
static void rbk_take_page(struct kunit *test)
{
	unsigned long base = 37;
	unsigned int n = 4;
	struct rb_cpu *cb = rbk_ring(test, n, base);

	KUNIT_ASSERT_TRUE(test, rb_take_page(cb));
	KUNIT_EXPECT_EQ(test, cb->rd_id, 0U);
	KUNIT_EXPECT_EQ(test, cb->rd_lpn, base + n);
	KUNIT_EXPECT_EQ(test, cb->rd_next, base + n + 1);
	KUNIT_EXPECT_EQ(test, cb->rd_slot, 1U);
	KUNIT_EXPECT_EQ(test, cb->rd_pos, 0U);
	KUNIT_EXPECT_EQ(test, atomic64_read(&cb->slots[0]),
			(s64)SLOT_MK(n, base + n, true));

	KUNIT_EXPECT_FALSE(test, rb_take_page(cb));
	KUNIT_EXPECT_EQ(test, cb->rd_next, base + n + 1);

	rbk_writer_move(cb);
	KUNIT_EXPECT_EQ(test, TAIL_SLOT(local64_read(&cb->tail)), 1U);
	KUNIT_ASSERT_TRUE(test, rb_take_page(cb));
	KUNIT_EXPECT_EQ(test, cb->rd_id, 1U);
	KUNIT_EXPECT_EQ(test, cb->rd_lpn, base + n + 1);
	KUNIT_EXPECT_EQ(test, cb->rd_slot, 2U);
	KUNIT_EXPECT_EQ(test, atomic64_read(&cb->slots[1]),
			(s64)SLOT_MK(0, base + n + 1, true));
	KUNIT_EXPECT_EQ(test, cb->rd_lost, 0UL);
}

/*
 * A writer that went round the ring while the reader slept: the reader
 * skips the pages overwritten, lands on the oldest one still there, and
 * reports the overruns counted since its last look.
 */
static void rbk_take_page_lapped(struct kunit *test)
{
	unsigned long base = 0, first;
	unsigned int n = 4, i;
	struct rb_cpu *cb = rbk_ring(test, n, base);

	KUNIT_ASSERT_TRUE(test, rb_take_page(cb));
	rbk_writer_move(cb);
	KUNIT_ASSERT_TRUE(test, rb_take_page(cb));
	first = cb->rd_next;
	for (i = 0; i < 6; i++)
		rbk_writer_move(cb);
	local_set(&cb->overrun, 7);

	/* Pages first .. commit_lpn - n were lapped; the ring holds n more. */
	KUNIT_EXPECT_EQ(test, rb_lapped(cb, first, cb->commit_lpn), 2UL);
	KUNIT_ASSERT_TRUE(test, rb_take_page(cb));
	KUNIT_EXPECT_EQ(test, cb->rd_lpn, cb->commit_lpn - n + 1);
	KUNIT_EXPECT_EQ(test, cb->rd_lpn, first + 2);
	KUNIT_EXPECT_EQ(test, cb->rd_next, cb->rd_lpn + 1);
	KUNIT_EXPECT_EQ(test, cb->rd_slot, rb_next_slot(cb, (first + 2 - base) % n));
	KUNIT_EXPECT_EQ(test, cb->rd_lost, 7UL);
	KUNIT_EXPECT_EQ(test, cb->lost_seen, 7UL);

	/* The rest come in order, the last one being the writer's. */
	for (i = 0; i < n - 1; i++) {
		KUNIT_ASSERT_TRUE(test, rb_take_page(cb));
		KUNIT_EXPECT_EQ(test, cb->rd_lpn, first + 3 + i);
	}
	KUNIT_EXPECT_EQ(test, cb->rd_lpn, cb->commit_lpn);
	KUNIT_EXPECT_EQ(test, cb->rd_id, TAIL_ID(local64_read(&cb->tail)));
	KUNIT_EXPECT_FALSE(test, rb_take_page(cb));
	KUNIT_EXPECT_EQ(test, cb->rd_lost, 7UL);
}

static struct kunit_case rbk_ring_cases[] = {
	KUNIT_CASE(rbk_next_slot),
	KUNIT_CASE(rbk_lapped),
	KUNIT_CASE(rbk_slots_for),
	KUNIT_CASE(rbk_set_order),
	KUNIT_CASE(rbk_init_ring),
	KUNIT_CASE(rbk_take_page),
	KUNIT_CASE(rbk_take_page_lapped),
	{}
};

static struct kunit_suite rbk_ring_suite = {
	.name = "ring_buffer_ring",
	.test_cases = rbk_ring_cases,
};

kunit_test_suites(&rbk_slot_suite, &rbk_entry_suite, &rbk_time_suite,
		  &rbk_ring_suite);

MODULE_DESCRIPTION("KUnit tests of the ring buffer's encodings and ring arithmetic");
MODULE_LICENSE("GPL");
