// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_rb_kunit - KUnit suites for the ring buffer's in-kernel API.
 *
 * The module drives private ring buffers through the interface of
 * <linux/ring_buffer.h> and checks what comes back out: payloads, event
 * lengths, time stamps, the counters, the page format handed to readers
 * of whole pages, and what resizing, swapping and changing the sub-buffer
 * order do to the data.  Its expectations are upstream's: where ours once
 * answered differently, it now answers as upstream 6.12 does.
 *
 * Time is under the test's control: every buffer reads a fake clock that
 * only moves when a test moves it, so time stamps are checked exactly.
 * Writes land on the CPU the writer runs on, so each test pins itself
 * to a CPU before writing.
 *
 * It calls every function directly, ring_buffer_set_clock() and the
 * other few that upstream 6.12 does not export among them, so it is built
 * only for kernels that export them (ours).  The ring buffer's internal
 * arithmetic is tested beside the code, in kernel/trace/ring_buffer_kunit.c.
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>

/* ---- constants of the interface and of the tests ----------------------- */

#define FTT_T0		1000000ULL	/* the fake clock at the start of a test */
#define FTT_STEP	1000ULL		/* time between two events of a sequence */
#define FTT_SMALL	512		/* largest payload written from the stack */
#define FTT_REC		100		/* payload size of the "record" tests */

/*
 * What a reader of whole pages gets: a u64 time stamp, the commit word
 * (a local_t: bytes of events in the low bits, two flags on top) and the
 * events from offset 16.  An event starts with a u32 whose low 5 bits are
 * its type and whose other 27 bits are its time delta.
 */
#define FTT_PAGE_HDR	16
#define FTT_MISSED	(1UL << 31)	/* events were lost before this page */
#define FTT_STORED	(1UL << 30)	/* their count follows the events */
#define FTT_TS_SHIFT	27
#define FTT_TYPE_MASK	0x1f

/* ---- the fake clock ----------------------------------------------------- */

static u64 ftt_now;

static notrace u64 ftt_clock(void)
{
	return READ_ONCE(ftt_now);
}

static void ftt_set(u64 t)
{
	WRITE_ONCE(ftt_now, t);
}

static u64 ftt_ts(u32 seq)
{
	return FTT_T0 + (u64)seq * FTT_STEP;
}

/* ---- payloads ------------------------------------------------------------ */

static u8 ftt_byte(u32 seq, unsigned int i)
{
	return (u8)(seq * 13 + i * 7 + 1);
}

/* A payload of @len bytes that starts with @seq (when it has room for it). */
static void ftt_fill(void *data, unsigned int len, u32 seq)
{
	u8 *p = data;
	unsigned int i;

	for (i = 0; i < len; i++)
		p[i] = ftt_byte(seq, i);
	if (len >= sizeof(seq))
		memcpy(p, &seq, sizeof(seq));
}

static bool ftt_check(const void *data, unsigned int len, u32 seq)
{
	const u8 *p = data;
	unsigned int i = 0;
	u32 got;

	if (len >= sizeof(seq)) {
		memcpy(&got, p, sizeof(got));
		if (got != seq)
			return false;
		i = sizeof(seq);
	}
	for (; i < len; i++)
		if (p[i] != ftt_byte(seq, i))
			return false;
	return true;
}

static u32 ftt_seq(const void *data)
{
	u32 seq;

	memcpy(&seq, data, sizeof(seq));
	return seq;
}

/*
 * What ring_buffer_event_length() reports for a payload of @len bytes:
 * the payload rounded up to 4 bytes, except that 5 to 8 bytes get 12 (no
 * data entry is 12 bytes long: the size of a time extend plus one word).
 */
static unsigned int ftt_evlen(unsigned int len)
{
	if (IS_ENABLED(CONFIG_HAVE_64BIT_ALIGNED_ACCESS))
		return ALIGN(len, 8);
	if (len <= 4)
		return 4;
	if (len <= 8)
		return 12;
	return ALIGN(len, 4);
}

/* ---- buffers, CPUs and other test resources ---------------------------- */

static void rbt_free_action(void *buf)
{
	ring_buffer_free(buf);
}

static struct trace_buffer *rbt_alloc(struct kunit *test, unsigned long size,
				      unsigned int flags)
{
	struct trace_buffer *buf;

	buf = ring_buffer_alloc(size, flags);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rbt_free_action, buf), 0);
	ring_buffer_set_clock(buf, ftt_clock);
	return buf;
}

/* Bytes of events one sub-buffer holds. */
static unsigned long rbt_cap(struct trace_buffer *buf)
{
	return ring_buffer_subbuf_size_get(buf) - FTT_PAGE_HDR;
}

static void rbt_pin(struct kunit *test, int cpu)
{
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(cpu)), 0);
	KUNIT_ASSERT_EQ(test, (int)raw_smp_processor_id(), cpu);
}

static int rbt_cpu0(void)
{
	return cpumask_first(cpu_online_mask);
}

static int rbt_cpu1(struct kunit *test)
{
	unsigned int cpu = cpumask_next(rbt_cpu0(), cpu_online_mask);

	if (cpu >= nr_cpu_ids)
		kunit_skip(test, "needs two online CPUs");
	return cpu;
}

static void rbt_iter_action(void *iter)
{
	ring_buffer_read_finish(iter);
}

static struct ring_buffer_iter *rbt_iter(struct kunit *test, struct trace_buffer *buf, int cpu)
{
	struct ring_buffer_iter *iter;

	iter = ring_buffer_read_start(buf, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, iter);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rbt_iter_action, iter), 0);
	return iter;
}

struct rbt_rpage {
	struct trace_buffer *buf;
	int cpu;
	struct buffer_data_read_page *page;
};

static void rbt_rpage_action(void *arg)
{
	struct rbt_rpage *r = arg;

	ring_buffer_free_read_page(r->buf, r->cpu, r->page);
}

static struct buffer_data_read_page *rbt_rpage(struct kunit *test, struct trace_buffer *buf,
					       int cpu)
{
	struct rbt_rpage *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->buf = buf;
	r->cpu = cpu;
	KUNIT_ASSERT_EQ(test, ring_buffer_alloc_read_page(buf, cpu, &r->page), 0);
	KUNIT_ASSERT_NOT_NULL(test, r->page);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, rbt_rpage_action, r), 0);
	return r->page;
}

/* ---- writing and reading ------------------------------------------------ */

static int rbt_put(struct trace_buffer *buf, u32 seq, unsigned int len)
{
	u8 data[FTT_SMALL];

	len = min_t(unsigned int, len, sizeof(data));
	ftt_fill(data, len, seq);
	return ring_buffer_write(buf, len, data);
}

/* Write event @seq of a sequence: @len bytes at time ftt_ts(@seq). */
static int rbt_put_seq(struct trace_buffer *buf, u32 seq, unsigned int len)
{
	ftt_set(ftt_ts(seq));
	return rbt_put(buf, seq, len);
}

/* Write events @from..@to - 1 of a sequence; the number accepted. */
static unsigned long rbt_put_run(struct trace_buffer *buf, u32 from, u32 to, unsigned int len)
{
	unsigned long n = 0;

	for (; from < to; from++)
		n += !rbt_put_seq(buf, from, len);
	return n;
}

/* Consume one event and check it is @seq, of @len bytes, stamped @ts. */
static bool rbt_expect(struct kunit *test, struct trace_buffer *buf, int cpu, u32 seq,
		       unsigned int len, u64 ts)
{
	struct ring_buffer_event *e;
	u64 got = 0;

	e = ring_buffer_consume(buf, cpu, &got, NULL);
	KUNIT_EXPECT_NOT_NULL_MSG(test, e, "event %u is missing", seq);
	if (!e)
		return false;
	KUNIT_EXPECT_EQ_MSG(test, ring_buffer_event_length(e), ftt_evlen(len),
			    "length of event %u (%u bytes written)", seq, len);
	KUNIT_EXPECT_TRUE_MSG(test, ftt_check(ring_buffer_event_data(e), len, seq),
			      "payload of event %u (found %u)", seq,
			      len >= 4 ? ftt_seq(ring_buffer_event_data(e)) : 0);
	KUNIT_EXPECT_EQ_MSG(test, got, ts, "time stamp of event %u", seq);
	return true;
}

struct rbt_run {
	unsigned long count;	/* events consumed */
	u32 first;		/* sequence number of the first one */
	u32 next;		/* one after the last one */
	unsigned long lost;	/* sum of the lost_events reported */
	unsigned long lost_reports;	/* events that reported a loss */
};

/*
 * Consume all of @cpu and check it is the sequence written by rbt_put_seq()
 * with @len bytes per event, from @from on: each event is the one after
 * the previous except where ring_buffer_consume() reports lost events,
 * and then the gap is exactly the number it reports.
 */
static void rbt_drain(struct kunit *test, struct trace_buffer *buf, int cpu,
		      unsigned int len, u32 from, struct rbt_run *run)
{
	struct ring_buffer_event *e;
	unsigned long lost;
	bool failed = false;
	u64 ts;
	u32 seq;

	memset(run, 0, sizeof(*run));
	run->next = from;
	while ((e = ring_buffer_consume(buf, cpu, &ts, &lost))) {
		seq = ftt_seq(ring_buffer_event_data(e));
		if (!run->count)
			run->first = seq;
		run->count++;
		run->lost += lost;
		run->lost_reports += !!lost;
		if (!failed && (seq != run->next + lost ||
				ring_buffer_event_length(e) != ftt_evlen(len) ||
				!ftt_check(ring_buffer_event_data(e), len, seq) ||
				ts != ftt_ts(seq))) {
			KUNIT_FAIL(test,
				   "cpu %d event #%lu: seq %u (expected %u + lost %lu), length %u, ts %llu (expected %llu), payload %s",
				   cpu, run->count - 1, seq, run->next, lost,
				   ring_buffer_event_length(e), ts, ftt_ts(seq),
				   ftt_check(ring_buffer_event_data(e), len, seq) ? "ok" : "bad");
			failed = true;
		}
		run->next = seq + 1;
		if (run->count > (1UL << 24)) {
			KUNIT_FAIL(test, "cpu %d never runs empty", cpu);
			break;
		}
	}
}

/* ---- a parser of the pages ring_buffer_read_page() hands out ----------- */

struct rbt_pev {
	u64 ts;
	const u8 *data;
	unsigned int len;
};

struct rbt_page {
	u64 time_stamp;
	unsigned long commit;
	unsigned int size;		/* bytes of events */
	bool missed;
	bool stored;
	unsigned long nr_missed;	/* when stored */
	unsigned int extends, stamps, paddings;
	const char *error;		/* NULL if the page parsed cleanly */
	unsigned int nr, max;
	struct rbt_pev ev[] __counted_by(max);
};

static struct rbt_page *rbt_parse(struct kunit *test, const void *page, unsigned int page_size)
{
	unsigned int max = page_size / 8;
	const u8 *p, *end, *data;
	unsigned int type, delta, len, step;
	struct rbt_page *pg;
	u32 hdr, a0;
	u64 ts;

	pg = kunit_kzalloc(test, struct_size(pg, ev, max), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pg);
	pg->max = max;
	memcpy(&pg->time_stamp, page, sizeof(u64));
	memcpy(&pg->commit, page + 8, sizeof(long));
	pg->missed = pg->commit & FTT_MISSED;
	pg->stored = pg->commit & FTT_STORED;
	pg->size = pg->commit & (FTT_STORED - 1);
	if (pg->size > page_size - FTT_PAGE_HDR) {
		pg->error = "commit is beyond the page";
		return pg;
	}
	p = page + FTT_PAGE_HDR;
	end = p + pg->size;
	if (pg->stored) {
		if (pg->size + sizeof(long) > page_size - FTT_PAGE_HDR) {
			pg->error = "no room for the missed count";
			return pg;
		}
		memcpy(&pg->nr_missed, end, sizeof(long));
	}

	ts = pg->time_stamp;
	while (p < end) {
		if (end - p < 4) {
			pg->error = "truncated event header";
			break;
		}
		memcpy(&hdr, p, 4);
		type = hdr & FTT_TYPE_MASK;
		delta = hdr >> 5;
		if (type == RINGBUF_TYPE_PADDING && !delta)
			break;		/* the rest of the page is padding */
		a0 = 0;
		if (!type || type > RINGBUF_TYPE_DATA_TYPE_LEN_MAX) {
			if (end - p < 8) {
				pg->error = "truncated event";
				break;
			}
			memcpy(&a0, p + 4, 4);
		}
		switch (type) {
		case RINGBUF_TYPE_PADDING:
			pg->paddings++;
			p += 4 + a0;
			continue;
		case RINGBUF_TYPE_TIME_EXTEND:
			ts += ((u64)a0 << FTT_TS_SHIFT) + delta;
			pg->extends++;
			p += 8;
			continue;
		case RINGBUF_TYPE_TIME_STAMP:
			ts = ((u64)a0 << FTT_TS_SHIFT) | delta;
			pg->stamps++;
			p += 8;
			continue;
		case 0:
			if (a0 < 4) {
				pg->error = "data length below its own word";
				return pg;
			}
			len = a0 - 4;
			data = p + 8;
			step = 4 + a0;
			break;
		default:
			len = type * 4;
			data = p + 4;
			step = 4 + len;
			break;
		}
		if (step > end - p) {
			pg->error = "event runs past the commit";
			break;
		}
		if (pg->nr == pg->max) {
			pg->error = "too many events";
			break;
		}
		ts += delta;
		pg->ev[pg->nr].ts = ts;
		pg->ev[pg->nr].data = data;
		pg->ev[pg->nr].len = len;
		pg->nr++;
		p += step;
	}
	if (p > end && !pg->error)
		pg->error = "padding runs past the commit";
	return pg;
}

/*
 * Check the events of a parsed page against the sequence written by
 * rbt_put_seq() with @len-byte payloads, starting at *@next (advanced).
 */
static void rbt_check_page(struct kunit *test, struct rbt_page *pg, unsigned int len, u32 *next)
{
	unsigned int i;
	u32 seq;

	KUNIT_EXPECT_NULL_MSG(test, pg->error, "page: %s", pg->error);
	for (i = 0; i < pg->nr; i++) {
		seq = ftt_seq(pg->ev[i].data);
		if (seq != *next || pg->ev[i].len != ftt_evlen(len) ||
		    !ftt_check(pg->ev[i].data, len, seq) || pg->ev[i].ts != ftt_ts(seq)) {
			KUNIT_FAIL(test,
				   "page event %u: seq %u (expected %u), length %u, ts %llu (expected %llu)",
				   i, seq, *next, pg->ev[i].len, pg->ev[i].ts, ftt_ts(seq));
			return;
		}
		*next = seq + 1;
	}
}

/* ---- per-test set-up ------------------------------------------------------ */

static int rbt_init(struct kunit *test)
{
	ftt_set(FTT_T0);
	return set_cpus_allowed_ptr(current, cpumask_of(rbt_cpu0()));
}

/* ========================================================================== */
/* ftt_rb_basic: allocation, writing and reading back, the record switches   */

static void rbt_alloc_free(struct kunit *test)
{
	unsigned long cap = PAGE_SIZE - FTT_PAGE_HDR;
	struct trace_buffer *buf;
	int cpu, i;

	buf = rbt_alloc(test, 5 * cap - 1, RB_FL_OVERWRITE);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buf), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(buf), (int)PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buf), cap - 8);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buf));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(buf), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overruns(buf), 0UL);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buf));
	KUNIT_EXPECT_FALSE(test, ring_buffer_time_stamp_abs(buf));
	for_each_online_cpu(cpu) {
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 5 * cap);
		KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
		KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 0UL);
		KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
		KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, cpu), 0UL);
		KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 0UL);
		KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buf, cpu), 0UL);
		KUNIT_EXPECT_NULL(test, ring_buffer_peek(buf, cpu, NULL, NULL));
	}
	/* Freed with data in it. */
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 0, 32), 0);
	kunit_release_action(test, rbt_free_action, buf);

	/* The smallest buffer has two sub-buffers per CPU. */
	buf = rbt_alloc(test, 1, 0);
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 2 * cap);
	kunit_release_action(test, rbt_free_action, buf);

	for (i = 0; i < 32; i++) {
		buf = rbt_alloc(test, (i + 1) * PAGE_SIZE, i & 1 ? RB_FL_OVERWRITE : 0);
		KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, i, 8 + i), 0);
		kunit_release_action(test, rbt_free_action, buf);
	}
}

/* Every payload size, each written and consumed on its own. */
static void rbt_all_sizes(struct kunit *test)
{
	struct ring_buffer_event *e;
	struct trace_buffer *buf;
	unsigned int max, len, pass;
	int cpu = rbt_cpu0();
	void *data;
	u8 *scratch;
	u64 ts;
	int ret;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	max = ring_buffer_max_event_size(buf);
	scratch = kunit_kmalloc(test, max, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, scratch);

	/* Pass 0 uses ring_buffer_write(), pass 1 reserve and commit. */
	for (pass = 0; pass < 2; pass++) {
		for (len = 1; len <= max; len++) {
			ftt_set(ftt_now + len);
			if (!pass) {
				ftt_fill(scratch, len, len);
				ret = ring_buffer_write(buf, len, scratch);
			} else {
				e = ring_buffer_lock_reserve(buf, len);
				ret = e ? 0 : -EBUSY;
				if (e) {
					ftt_fill(ring_buffer_event_data(e), len, len);
					ring_buffer_unlock_commit(buf);
				}
			}
			if (ret) {
				KUNIT_FAIL(test, "pass %u: writing %u bytes failed: %d", pass, len, ret);
				return;
			}
			e = ring_buffer_consume(buf, cpu, &ts, NULL);
			if (!e) {
				KUNIT_FAIL(test, "pass %u: the %u-byte event is missing", pass, len);
				return;
			}
			data = ring_buffer_event_data(e);
			if (ring_buffer_event_length(e) != ftt_evlen(len) ||
			    !ftt_check(data, len, len) || ts != ftt_now) {
				KUNIT_FAIL(test,
					   "pass %u, %u bytes: length %u (expected %u), payload %s, ts %llu (expected %llu)",
					   pass, len, ring_buffer_event_length(e), ftt_evlen(len),
					   ftt_check(data, len, len) ? "ok" : "bad", ts, ftt_now);
				return;
			}
			if (!ring_buffer_empty_cpu(buf, cpu)) {
				KUNIT_FAIL(test, "pass %u: not empty after the %u-byte event", pass, len);
				return;
			}
		}
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 2UL * max);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 0UL);
}

static const unsigned int rbt_sizes[] = {
	1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 100, 111, 112, 113, 116, 117, 500, 1000, 2048, 0,
};

/* Events of many sizes written by both interfaces, then read in order. */
static void rbt_reserve_commit(struct kunit *test)
{
	unsigned int i, n = ARRAY_SIZE(rbt_sizes), len[ARRAY_SIZE(rbt_sizes)];
	unsigned int rlen[ARRAY_SIZE(rbt_sizes)];
	u64 ts[ARRAY_SIZE(rbt_sizes)];
	struct ring_buffer_event *e;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	u8 *scratch;
	int ret;

	buf = rbt_alloc(test, 16 * PAGE_SIZE, RB_FL_OVERWRITE);
	scratch = kunit_kmalloc(test, ring_buffer_max_event_size(buf), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, scratch);

	for (i = 0; i < n; i++) {
		len[i] = rbt_sizes[i] ? rbt_sizes[i] : ring_buffer_max_event_size(buf);
		ts[i] = FTT_T0 + (u64)i * i * 17;
		ftt_set(ts[i]);
		if (i & 1) {
			e = ring_buffer_lock_reserve(buf, len[i]);
			rlen[i] = 0;
			if (e) {
				ftt_fill(ring_buffer_event_data(e), len[i], i);
				rlen[i] = ring_buffer_event_length(e);
				ring_buffer_unlock_commit(buf);
			}
			KUNIT_EXPECT_NOT_NULL_MSG(test, e, "reserving %u bytes", len[i]);
			KUNIT_EXPECT_EQ_MSG(test, rlen[i], ftt_evlen(len[i]),
					    "length of the reserved %u bytes", len[i]);
		} else {
			ftt_fill(scratch, len[i], i);
			ret = ring_buffer_write(buf, len[i], scratch);
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "writing %u bytes", len[i]);
		}
	}
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), (unsigned long)n);
	for (i = 0; i < n; i++)
		if (!rbt_expect(test, buf, cpu, i, len[i], ts[i]))
			break;
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
}

/* An event bigger than a sub-buffer can hold is refused, nothing else changes. */
static void rbt_oversize(struct kunit *test)
{
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	unsigned long max;
	u8 *scratch;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	max = ring_buffer_max_event_size(buf);
	KUNIT_EXPECT_LT(test, max, rbt_cap(buf));
	scratch = kunit_kzalloc(test, 2 * ring_buffer_subbuf_size_get(buf), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, scratch);

	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 0, 16), 0);
	ftt_set(ftt_ts(1));
	KUNIT_EXPECT_NE(test, ring_buffer_write(buf, max + 1, scratch), 0);
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buf, max + 1));
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buf, ring_buffer_subbuf_size_get(buf)));
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buf, 1UL << 20));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 1UL);

	/* The largest event fits, and the buffer goes on. */
	ftt_fill(scratch, max, 2);
	ftt_set(ftt_ts(2));
	KUNIT_EXPECT_EQ(test, ring_buffer_write(buf, max, scratch), 0);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 3, 16), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 3UL);
	rbt_expect(test, buf, cpu, 0, 16, ftt_ts(0));
	rbt_expect(test, buf, cpu, 2, max, ftt_ts(2));
	rbt_expect(test, buf, cpu, 3, 16, ftt_ts(3));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
}

static void rbt_discard(struct kunit *test)
{
	struct ring_buffer_event *a;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	int ret = -1;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);

	/* Discarding the last event written takes it out completely. */
	ftt_set(ftt_ts(0));
	a = ring_buffer_lock_reserve(buf, 32);
	if (a) {
		ftt_fill(ring_buffer_event_data(a), 32, 0);
		ring_buffer_discard_commit(buf, a);
	}
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 0UL);

	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 1, 32), 0);
	ftt_set(ftt_ts(2));
	a = ring_buffer_lock_reserve(buf, 32);
	if (a)
		ring_buffer_discard_commit(buf, a);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 3, 32), 0);
	ftt_set(ftt_ts(4));
	a = ring_buffer_lock_reserve(buf, 200);
	if (a)
		ring_buffer_discard_commit(buf, a);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 5, 32), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 3UL);
	rbt_expect(test, buf, cpu, 1, 32, ftt_ts(1));
	rbt_expect(test, buf, cpu, 3, 32, ftt_ts(3));
	rbt_expect(test, buf, cpu, 5, 32, ftt_ts(5));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 3UL);

	/*
	 * An event discarded after a nested one was written behind it stays
	 * in the buffer as padding: the reader never sees it.
	 */
	ring_buffer_reset_cpu(buf, cpu);
	ftt_set(ftt_ts(10));
	a = ring_buffer_lock_reserve(buf, 32);
	if (a) {
		ftt_fill(ring_buffer_event_data(a), 32, 10);
		ring_buffer_nest_start(buf);
		ret = rbt_put_seq(buf, 11, 32);
		ring_buffer_nest_end(buf);
		ring_buffer_discard_commit(buf, a);
	}
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 1UL);
	rbt_expect(test, buf, cpu, 11, 32, ftt_ts(11));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
}

/* ring_buffer_nest_start() lets a write happen inside a reservation. */
static void rbt_nest(struct kunit *test)
{
	struct ring_buffer_event *a, *c = NULL;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	int ret = -1;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 0, 16), 0);

	ftt_set(ftt_ts(1));
	a = ring_buffer_lock_reserve(buf, 40);
	if (a) {
		ftt_fill(ring_buffer_event_data(a), 40, 1);
		ring_buffer_nest_start(buf);
		ret = rbt_put_seq(buf, 2, 32);
		ftt_set(ftt_ts(3));
		c = ring_buffer_lock_reserve(buf, 24);
		if (c) {
			ftt_fill(ring_buffer_event_data(c), 24, 3);
			ring_buffer_unlock_commit(buf);
		}
		ring_buffer_nest_end(buf);
		ring_buffer_unlock_commit(buf);
	}
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_NOT_NULL(test, c);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 4, 16), 0);

	/* Events come out in the order their space was reserved. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 5UL);
	rbt_expect(test, buf, cpu, 0, 16, ftt_ts(0));
	rbt_expect(test, buf, cpu, 1, 40, ftt_ts(1));
	rbt_expect(test, buf, cpu, 2, 32, ftt_ts(2));
	rbt_expect(test, buf, cpu, 3, 24, ftt_ts(3));
	rbt_expect(test, buf, cpu, 4, 16, ftt_ts(4));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
}

static void rbt_empty(struct kunit *test)
{
	int cpu = rbt_cpu0(), other;
	struct trace_buffer *buf;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buf));
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 0, 16), 0);
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty(buf));
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty_cpu(buf, cpu));
	for_each_online_cpu(other)
		if (other != cpu)
			KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, other));
	/* Peeking does not empty it, consuming does. */
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_peek(buf, cpu, NULL, NULL));
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty(buf));
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_consume(buf, cpu, NULL, NULL));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buf));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buf, cpu, NULL, NULL));
}

static void rbt_record_switches(struct kunit *test)
{
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	struct rbt_run run;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);

	/* disable/enable nest like a counter */
	ring_buffer_record_disable(buf);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buf));
	KUNIT_EXPECT_NE(test, rbt_put_seq(buf, 100, 16), 0);
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buf, 16));
	ring_buffer_record_disable(buf);
	ring_buffer_record_enable(buf);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_NE(test, rbt_put_seq(buf, 101, 16), 0);
	ring_buffer_record_enable(buf);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 0, 16), 0);

	/* off/on is a switch: twice off, once on */
	ring_buffer_record_off(buf);
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_set_on(buf));
	KUNIT_EXPECT_NE(test, rbt_put_seq(buf, 102, 16), 0);
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buf, 16));
	ring_buffer_record_off(buf);
	ring_buffer_record_on(buf);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buf));
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 1, 16), 0);

	/* Both at once: on() alone does not make it writable again. */
	ring_buffer_record_off(buf);
	ring_buffer_record_disable(buf);
	ring_buffer_record_on(buf);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_set_on(buf));
	KUNIT_EXPECT_FALSE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_NE(test, rbt_put_seq(buf, 103, 16), 0);
	ring_buffer_record_enable(buf);
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buf));
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 2, 16), 0);

	/* Refused writes are neither entries nor dropped events. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 3UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
	rbt_drain(test, buf, cpu, 16, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 3UL);
	KUNIT_EXPECT_EQ(test, run.next, 3U);
}

static void rbt_record_disable_cpu(struct kunit *test)
{
	int c0 = rbt_cpu0(), c1 = rbt_cpu1(test);
	struct trace_buffer *buf;
	struct rbt_run run;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	ring_buffer_record_disable_cpu(buf, c1);
	ring_buffer_record_disable_cpu(buf, c1);
	/* A per-CPU switch: the buffer as a whole stays on. */
	KUNIT_EXPECT_TRUE(test, ring_buffer_record_is_on(buf));

	rbt_pin(test, c1);
	KUNIT_EXPECT_NE(test, rbt_put_seq(buf, 100, 16), 0);
	KUNIT_EXPECT_NULL(test, ring_buffer_lock_reserve(buf, 16));
	rbt_pin(test, c0);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 0, 16), 0);

	ring_buffer_record_enable_cpu(buf, c1);
	rbt_pin(test, c1);
	KUNIT_EXPECT_NE(test, rbt_put_seq(buf, 101, 16), 0);
	ring_buffer_record_enable_cpu(buf, c1);
	KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, 1, 16), 0);

	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c0), 1UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c1), 1UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, c1), 0UL);
	rbt_drain(test, buf, c0, 16, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 1UL);
	rbt_drain(test, buf, c1, 16, 1, &run);
	KUNIT_EXPECT_EQ(test, run.count, 1UL);
}

static void rbt_expect_clear(struct kunit *test, struct trace_buffer *buf, int cpu)
{
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_bytes_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buf, cpu, NULL, NULL));
}

/*
 * A record the reader peeked at stays as it was across a reset until the
 * reader looks again: trace_pipe prints it after dropping the reader lock.
 * The reader's page must not go to the writers with the rest.
 */
static void rbt_reset_reader_page(struct kunit *test)
{
	int cpu = rbt_cpu0();
	struct ring_buffer_event *e;
	struct trace_buffer *buf;
	unsigned long per_page;
	u64 ts = 0;

	rbt_pin(test, cpu);
	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	/* Most of two sub-buffers: the reader takes the first from the ring. */
	per_page = rbt_cap(buf) / 16;
	rbt_put_run(buf, 0, per_page * 3 / 2, 16);
	e = ring_buffer_peek(buf, cpu, &ts, NULL);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_ASSERT_EQ(test, ts, ftt_ts(0));

	ring_buffer_reset_cpu(buf, cpu);
	/* The writers go round the whole ring. */
	rbt_put_run(buf, 100000, 100000 + 3 * per_page, 16);
	KUNIT_EXPECT_TRUE_MSG(test, ftt_check(ring_buffer_event_data(e), 16, 0),
			      "the peeked record was overwritten (found %u)",
			      ftt_seq(ring_buffer_event_data(e)));
}

static void rbt_reset(struct kunit *test)
{
	int c0 = rbt_cpu0(), c1 = rbt_cpu1(test);
	struct trace_buffer *buf;
	struct rbt_run run;

	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	/* Enough to wrap: overrun > 0 on c0 */
	rbt_put_run(buf, 0, 300, FTT_REC);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buf, c0), 0UL);
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_consume(buf, c0, NULL, NULL));
	rbt_pin(test, c1);
	rbt_put_run(buf, 1000, 1005, 16);
	rbt_pin(test, c0);

	ring_buffer_reset_cpu(buf, c0);
	rbt_expect_clear(test, buf, c0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c1), 5UL);
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty(buf));

	/* Still writable, time stamps still exact. */
	rbt_put_run(buf, 2000, 2010, 16);
	rbt_drain(test, buf, c0, 16, 2000, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);
	KUNIT_EXPECT_EQ(test, run.lost, 0UL);

	rbt_put_run(buf, 3000, 3010, 16);
	ring_buffer_reset(buf);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buf));
	rbt_expect_clear(test, buf, c0);
	rbt_expect_clear(test, buf, c1);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(buf), 0UL);

	rbt_put_run(buf, 4000, 4003, 16);
	rbt_drain(test, buf, c0, 16, 4000, &run);
	KUNIT_EXPECT_EQ(test, run.count, 3UL);
}

static struct kunit_case rbt_basic_cases[] = {
	KUNIT_CASE(rbt_alloc_free),
	KUNIT_CASE(rbt_all_sizes),
	KUNIT_CASE(rbt_reserve_commit),
	KUNIT_CASE(rbt_oversize),
	KUNIT_CASE(rbt_discard),
	KUNIT_CASE(rbt_nest),
	KUNIT_CASE(rbt_empty),
	KUNIT_CASE(rbt_record_switches),
	KUNIT_CASE(rbt_record_disable_cpu),
	KUNIT_CASE(rbt_reset),
	KUNIT_CASE(rbt_reset_reader_page),
	{}
};

static struct kunit_suite rbt_basic_suite = {
	.name = "ftt_rb_basic",
	.init = rbt_init,
	.test_cases = rbt_basic_cases,
};

/* ========================================================================== */
/* ftt_rb_time: time stamps from the buffer's clock                          */

/* Write @n events @len bytes long, event i at time @ts[i]. */
static void rbt_put_at(struct kunit *test, struct trace_buffer *buf, const u64 *ts,
		       unsigned int n, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		ftt_set(ts[i]);
		KUNIT_EXPECT_EQ_MSG(test, rbt_put(buf, i, len), 0, "writing event %u", i);
	}
}

/* Read them back three ways: iterator, peek, consume. */
static void rbt_check_at(struct kunit *test, struct trace_buffer *buf, int cpu,
			 const u64 *ts, unsigned int n, unsigned int len)
{
	struct ring_buffer_event *e;
	struct ring_buffer_iter *iter;
	unsigned int i;
	u64 got;

	iter = rbt_iter(test, buf, cpu);
	for (i = 0; i < n; i++) {
		e = ring_buffer_iter_peek(iter, &got);
		KUNIT_EXPECT_NOT_NULL_MSG(test, e, "iterator: event %u", i);
		if (!e)
			break;
		KUNIT_EXPECT_EQ_MSG(test, ftt_seq(ring_buffer_event_data(e)), i, "iterator");
		KUNIT_EXPECT_EQ_MSG(test, got, ts[i], "iterator: time stamp of event %u", i);
		ring_buffer_iter_advance(iter);
	}
	kunit_release_action(test, rbt_iter_action, iter);

	for (i = 0; i < n; i++) {
		e = ring_buffer_peek(buf, cpu, &got, NULL);
		KUNIT_EXPECT_NOT_NULL_MSG(test, e, "peek: event %u", i);
		if (!e)
			break;
		KUNIT_EXPECT_EQ_MSG(test, got, ts[i], "peek: time stamp of event %u", i);
		if (!rbt_expect(test, buf, cpu, i, len, ts[i]))
			break;
	}
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
}

static void rbt_clock(struct kunit *test)
{
	static const u64 delta[] = { 0, 1, 2, 7, 100, 4096, 1000000, (1ULL << FTT_TS_SHIFT) - 1, 0 };
	u64 ts[ARRAY_SIZE(delta)], t = FTT_T0 + 12345, v;
	struct trace_buffer *buf;
	unsigned int i;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	ftt_set(987654321);
	KUNIT_EXPECT_EQ(test, ring_buffer_time_stamp(buf), 987654321ULL);
	v = 987654321;
	ring_buffer_normalize_time_stamp(buf, rbt_cpu0(), &v);
	KUNIT_EXPECT_EQ(test, v, 987654321ULL);

	for (i = 0; i < ARRAY_SIZE(delta); i++) {
		t += delta[i];
		ts[i] = t;
	}
	rbt_put_at(test, buf, ts, ARRAY_SIZE(ts), 24);
	rbt_check_at(test, buf, rbt_cpu0(), ts, ARRAY_SIZE(ts), 24);
}

/* Deltas that do not fit the 27 bits of an event header. */
static void rbt_time_extend(struct kunit *test)
{
	static const u64 delta[] = {
		0, 1ULL << FTT_TS_SHIFT, 5, (1ULL << FTT_TS_SHIFT) + 1, 1ULL << 32, 3,
		(1ULL << 40) + 12345, 0, 1ULL << 58, 1,
	};
	u64 ts[ARRAY_SIZE(delta)], t = FTT_T0;
	struct trace_buffer *buf;
	unsigned int i;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	for (i = 0; i < ARRAY_SIZE(delta); i++) {
		t += delta[i];
		ts[i] = t;
	}
	rbt_put_at(test, buf, ts, ARRAY_SIZE(ts), 40);
	rbt_check_at(test, buf, rbt_cpu0(), ts, ARRAY_SIZE(ts), 40);
}

static void rbt_abs_time_stamps(struct kunit *test)
{
	static const u64 abs_ts[] = {
		FTT_T0, FTT_T0, FTT_T0 + 1, 1ULL << 33, (1ULL << 33) + 7, 1ULL << 50,
		(1ULL << 59) - 10000,
	};
	u64 ts[ARRAY_SIZE(abs_ts) + 3];
	struct trace_buffer *buf;
	unsigned long max;
	unsigned int i, n = ARRAY_SIZE(abs_ts);
	u8 *scratch;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	max = ring_buffer_max_event_size(buf);
	ring_buffer_set_time_stamp_abs(buf, true);
	KUNIT_EXPECT_TRUE(test, ring_buffer_time_stamp_abs(buf));
	/* Each event carries an 8-byte absolute stamp: 8 bytes less of payload. */
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buf), max - 8);

	memcpy(ts, abs_ts, sizeof(abs_ts));
	rbt_put_at(test, buf, ts, n, 32);
	rbt_check_at(test, buf, rbt_cpu0(), ts, n, 32);

	/*
	 * One byte more than the largest event is refused.  Upstream 6.12
	 * refuses the last 8 bytes below that too (it checks the event with
	 * its stamp against the payload limit), so the large event that must
	 * fit is 8 bytes short of the maximum.
	 */
	scratch = kunit_kzalloc(test, max, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, scratch);
	KUNIT_EXPECT_NE(test, ring_buffer_write(buf, max - 7, scratch), 0);
	ftt_fill(scratch, max - 16, 77);
	KUNIT_EXPECT_EQ(test, ring_buffer_write(buf, max - 16, scratch), 0);
	rbt_expect(test, buf, rbt_cpu0(), 77, max - 16, ts[n - 1]);

	/* Back to deltas, in the same buffer. */
	ring_buffer_set_time_stamp_abs(buf, false);
	KUNIT_EXPECT_FALSE(test, ring_buffer_time_stamp_abs(buf));
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buf), max);
	for (i = 0; i < 3; i++)
		ts[i] = ts[n - 1] + 1 + i * 1000;
	rbt_put_at(test, buf, ts, 3, 32);
	rbt_check_at(test, buf, rbt_cpu0(), ts, 3, 32);
}

static void rbt_oldest_ts(struct kunit *test)
{
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	u64 ts = 0, oldest;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	rbt_put_run(buf, 5, 10, 16);
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buf, cpu), ftt_ts(5));
	kunit_release_action(test, rbt_free_action, buf);

	/* After wrapping: the oldest event that is left. */
	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	rbt_put_run(buf, 0, 500, FTT_REC);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
	oldest = ring_buffer_oldest_event_ts(buf, cpu);
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_peek(buf, cpu, &ts, NULL));
	KUNIT_EXPECT_EQ(test, ts, ftt_ts(ring_buffer_overrun_cpu(buf, cpu)));
	KUNIT_EXPECT_EQ(test, oldest, ts);
}

static struct kunit_case rbt_time_cases[] = {
	KUNIT_CASE(rbt_clock),
	KUNIT_CASE(rbt_time_extend),
	KUNIT_CASE(rbt_abs_time_stamps),
	KUNIT_CASE(rbt_oldest_ts),
	{}
};

static struct kunit_suite rbt_time_suite = {
	.name = "ftt_rb_time",
	.init = rbt_init,
	.test_cases = rbt_time_cases,
};

/* ========================================================================== */
/* ftt_rb_percpu: per-CPU buffers and swapping them between buffers          */

static void rbt_per_cpu_order(struct kunit *test)
{
	int c0 = rbt_cpu0(), c1 = rbt_cpu1(test);
	struct trace_buffer *buf;
	struct rbt_run run;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	rbt_put_run(buf, 0, 10, 24);
	rbt_pin(test, c1);
	rbt_put_run(buf, 100, 110, 24);
	rbt_pin(test, c0);
	rbt_put_run(buf, 10, 20, 24);
	rbt_pin(test, c1);
	rbt_put_run(buf, 110, 115, 24);

	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c0), 20UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c1), 15UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(buf), 35UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buf, c0), ftt_ts(0));
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buf, c1), ftt_ts(100));

	/* Any CPU may read any CPU's buffer. */
	rbt_drain(test, buf, c0, 24, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 20UL);
	KUNIT_EXPECT_EQ(test, run.next, 20U);
	rbt_drain(test, buf, c1, 24, 100, &run);
	KUNIT_EXPECT_EQ(test, run.count, 15UL);
	KUNIT_EXPECT_EQ(test, run.next, 115U);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buf));
}

static void rbt_swap_cpu(struct kunit *test)
{
	struct trace_buffer *a, *b;
	int c0 = rbt_cpu0(), c1;
	struct rbt_run run;

	if (!IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP))
		kunit_skip(test, "CONFIG_RING_BUFFER_ALLOW_SWAP is off");
	c1 = rbt_cpu1(test);
	a = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	b = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	rbt_put_run(a, 0, 5, 24);
	rbt_put_run(b, 100, 103, 24);
	rbt_pin(test, c1);
	rbt_put_run(a, 200, 202, 24);
	rbt_pin(test, c0);

	KUNIT_ASSERT_EQ(test, ring_buffer_swap_cpu(a, b, c0), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, c0), 3UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, c0), 5UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, c1), 2UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(b, c1), 0UL);

	/* Writes after the swap go to what each buffer now holds. */
	rbt_put_run(a, 103, 105, 24);
	rbt_put_run(b, 5, 6, 24);
	rbt_drain(test, a, c0, 24, 100, &run);
	KUNIT_EXPECT_EQ(test, run.count, 5UL);
	KUNIT_EXPECT_EQ(test, run.next, 105U);
	rbt_drain(test, b, c0, 24, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 6UL);
	KUNIT_EXPECT_EQ(test, run.next, 6U);
	rbt_drain(test, a, c1, 24, 200, &run);
	KUNIT_EXPECT_EQ(test, run.count, 2UL);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(b));
}

static void rbt_swap_cpu_mismatch(struct kunit *test)
{
	struct trace_buffer *a, *b, *c;
	int cpu = rbt_cpu0();
	struct rbt_run run;

	if (!IS_ENABLED(CONFIG_RING_BUFFER_ALLOW_SWAP))
		kunit_skip(test, "CONFIG_RING_BUFFER_ALLOW_SWAP is off");
	a = rbt_alloc(test, 4 * (PAGE_SIZE - FTT_PAGE_HDR), RB_FL_OVERWRITE);
	b = rbt_alloc(test, 8 * (PAGE_SIZE - FTT_PAGE_HDR), RB_FL_OVERWRITE);
	rbt_put_run(a, 0, 5, 24);
	rbt_put_run(b, 100, 103, 24);

	/* Different sizes. */
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, cpu), 5UL);

	/* Same number of sub-buffers, but of another size. */
	c = rbt_alloc(test, 4 * (PAGE_SIZE - FTT_PAGE_HDR), RB_FL_OVERWRITE);
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(c, 1), 0);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(c, 4 * rbt_cap(c), cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(c, cpu) / rbt_cap(c), 4UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, c, cpu), -EINVAL);

	/* A disabled buffer does not swap. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(b, ring_buffer_size(a, cpu), cpu), 0);
	ring_buffer_record_disable(b);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), -EAGAIN);
	ring_buffer_record_enable(b);
	ring_buffer_record_disable_cpu(a, cpu);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), -EAGAIN);
	ring_buffer_record_enable_cpu(a, cpu);

	/* Nothing moved so far; now sizes match and it works. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(a, cpu), 5UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_swap_cpu(a, b, cpu), 0);
	rbt_drain(test, a, cpu, 24, 100, &run);
	KUNIT_EXPECT_EQ(test, run.count, 3UL);
	rbt_drain(test, b, cpu, 24, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 5UL);
}

static struct kunit_case rbt_percpu_cases[] = {
	KUNIT_CASE(rbt_per_cpu_order),
	KUNIT_CASE(rbt_swap_cpu),
	KUNIT_CASE(rbt_swap_cpu_mismatch),
	{}
};

static struct kunit_suite rbt_percpu_suite = {
	.name = "ftt_rb_percpu",
	.init = rbt_init,
	.test_cases = rbt_percpu_cases,
};

/* ========================================================================== */
/* ftt_rb_modes: overwrite and stop-when-full, the counters                  */

static void rbt_overwrite(struct kunit *test)
{
	unsigned long entries, overrun, n = 1000;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	struct rbt_run run;

	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	KUNIT_EXPECT_EQ(test, rbt_put_run(buf, 0, n, FTT_REC), n);
	entries = ring_buffer_entries_cpu(buf, cpu);
	overrun = ring_buffer_overrun_cpu(buf, cpu);
	KUNIT_EXPECT_GT(test, entries, 0UL);
	KUNIT_EXPECT_GT(test, overrun, 0UL);
	KUNIT_EXPECT_EQ(test, entries + overrun, n);
	KUNIT_EXPECT_EQ(test, ring_buffer_overruns(buf), overrun);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_commit_overrun_cpu(buf, cpu), 0UL);
	/* It holds no more than its size. */
	KUNIT_EXPECT_LE(test, entries * (FTT_REC + 4),
			ring_buffer_size(buf, cpu) + ring_buffer_subbuf_size_get(buf));

	/* The newest survive, the oldest were dropped. */
	rbt_drain(test, buf, cpu, FTT_REC, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, entries);
	KUNIT_EXPECT_EQ(test, (unsigned long)run.first, overrun);
	KUNIT_EXPECT_EQ(test, (unsigned long)run.next, n);
	KUNIT_EXPECT_EQ(test, run.lost, overrun);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), entries);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), overrun);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 0UL);
}

static void rbt_stop_when_full(struct kunit *test)
{
	unsigned long accepted = 0, n, dropped;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	struct rbt_run run;
	u32 seq;

	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	ring_buffer_change_overwrite(buf, 0);
	for (seq = 0; seq < 10000; seq++) {
		if (rbt_put_seq(buf, seq, FTT_REC))
			break;
		accepted++;
	}
	KUNIT_ASSERT_LT(test, seq, 10000U);
	KUNIT_EXPECT_GT(test, accepted, 0UL);
	/* Everything after the first refusal is refused too. */
	KUNIT_EXPECT_EQ(test, rbt_put_run(buf, seq + 1, seq + 51, FTT_REC), 0UL);
	dropped = ring_buffer_dropped_events_cpu(buf, cpu);
	KUNIT_EXPECT_EQ(test, dropped, 51UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), accepted);

	/* The oldest were kept. */
	rbt_drain(test, buf, cpu, FTT_REC, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, accepted);
	KUNIT_EXPECT_EQ(test, run.first, 0U);
	KUNIT_EXPECT_EQ(test, (unsigned long)run.next, accepted);
	KUNIT_EXPECT_EQ(test, run.lost, 0UL);

	/* Room again once read. */
	n = rbt_put_run(buf, 20000, 20010, FTT_REC);
	KUNIT_EXPECT_EQ(test, n, 10UL);
	rbt_drain(test, buf, cpu, FTT_REC, 20000, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);

	/* Back to overwriting: no more drops, overruns instead. */
	ring_buffer_change_overwrite(buf, 1);
	KUNIT_EXPECT_EQ(test, rbt_put_run(buf, 30000, 31000, FTT_REC), 1000UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, cpu), dropped);
	KUNIT_EXPECT_GT(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
}

/* lost_events tells how many events are missing before the one consumed. */
static void rbt_lost_events(struct kunit *test)
{
	unsigned long overrun, entries, read;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	struct rbt_run run;

	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	rbt_put_run(buf, 0, 1000, FTT_REC);
	overrun = ring_buffer_overrun_cpu(buf, cpu);
	rbt_drain(test, buf, cpu, FTT_REC, 0, &run);
	/* All of it on the first event read. */
	KUNIT_EXPECT_EQ(test, run.lost, overrun);
	KUNIT_EXPECT_EQ(test, run.lost_reports, 1UL);
	KUNIT_EXPECT_EQ(test, run.next, 1000U);

	/* A second round, after the reader caught up. */
	rbt_put_run(buf, 1000, 2000, FTT_REC);
	entries = ring_buffer_entries_cpu(buf, cpu);
	read = ring_buffer_read_events_cpu(buf, cpu);
	KUNIT_EXPECT_EQ(test, entries + read + ring_buffer_overrun_cpu(buf, cpu), 2000UL);
	rbt_drain(test, buf, cpu, FTT_REC, 1000, &run);
	KUNIT_EXPECT_EQ(test, run.count, entries);
	KUNIT_EXPECT_EQ(test, run.next, 2000U);
	KUNIT_EXPECT_EQ(test, run.lost, ring_buffer_overrun_cpu(buf, cpu) - overrun);

	/* Nothing lost, nothing reported. */
	rbt_put_run(buf, 2000, 2010, FTT_REC);
	rbt_drain(test, buf, cpu, FTT_REC, 2000, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);
	KUNIT_EXPECT_EQ(test, run.lost, 0UL);
}

static void rbt_stats(struct kunit *test)
{
	unsigned long bytes, bytes2;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0(), i;
	u64 ts;

	buf = rbt_alloc(test, 16 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_EXPECT_EQ(test, rbt_put_run(buf, 0, 100, FTT_REC), 100UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 100UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries(buf), 100UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overruns(buf), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_dropped_events_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_commit_overrun_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_oldest_event_ts(buf, cpu), ftt_ts(0));
	bytes = ring_buffer_bytes_cpu(buf, cpu);
	KUNIT_EXPECT_GE(test, bytes, 100UL * FTT_REC);

	for (i = 0; i < 60; i++)
		ring_buffer_consume(buf, cpu, &ts, NULL);
	KUNIT_EXPECT_EQ(test, ts, ftt_ts(59));
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 40UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 60UL);
	bytes2 = ring_buffer_bytes_cpu(buf, cpu);
	KUNIT_EXPECT_GT(test, bytes2, 0UL);
	KUNIT_EXPECT_LT(test, bytes2, bytes);

	/* Peeking reads nothing. */
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_peek(buf, cpu, NULL, NULL));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 60UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 40UL);

	while (ring_buffer_consume(buf, cpu, NULL, NULL))
		;
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 0UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 100UL);
}

static struct kunit_case rbt_modes_cases[] = {
	KUNIT_CASE(rbt_overwrite),
	KUNIT_CASE(rbt_stop_when_full),
	KUNIT_CASE(rbt_lost_events),
	KUNIT_CASE(rbt_stats),
	{}
};

static struct kunit_suite rbt_modes_suite = {
	.name = "ftt_rb_modes",
	.init = rbt_init,
	.test_cases = rbt_modes_cases,
};

/* ========================================================================== */
/* ftt_rb_read: peek, iterators, whole pages                                 */

static void rbt_peek_consume(struct kunit *test)
{
	struct ring_buffer_event *e;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0(), i;
	unsigned long lost = 1;
	u64 ts = 1;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_EXPECT_NULL(test, ring_buffer_peek(buf, cpu, &ts, &lost));
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buf, cpu, &ts, &lost));
	rbt_put_run(buf, 0, 3, 40);

	for (i = 0; i < 3; i++) {
		e = ring_buffer_peek(buf, cpu, &ts, &lost);
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_EQ(test, ftt_seq(ring_buffer_event_data(e)), (u32)i);
		KUNIT_EXPECT_EQ(test, ts, ftt_ts(i));
		KUNIT_EXPECT_EQ(test, lost, 0UL);
		e = ring_buffer_peek(buf, cpu, &ts, NULL);
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_EQ(test, ftt_seq(ring_buffer_event_data(e)), (u32)i);
		KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 3UL - i);
		KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), (unsigned long)i);
		rbt_expect(test, buf, cpu, i, 40, ftt_ts(i));
		KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), i + 1UL);
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_peek(buf, cpu, NULL, NULL));
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty(buf));
}

struct rbt_seen {
	u32 seq;
	unsigned int len;
	u64 ts;
};

static unsigned int rbt_iter_len(u32 seq)
{
	return 8 + (seq % 50) * 4 + (seq % 3);
}

/* Walk an iterator to its end; the events seen, at most @max. */
static unsigned int rbt_walk(struct kunit *test, struct ring_buffer_iter *iter,
			     struct rbt_seen *seen, unsigned int max)
{
	struct ring_buffer_event *e, *again;
	unsigned int n = 0;
	u64 ts, ts2;

	while ((e = ring_buffer_iter_peek(iter, &ts))) {
		if (n == max) {
			KUNIT_FAIL(test, "the iterator does not end");
			break;
		}
		seen[n].seq = ftt_seq(ring_buffer_event_data(e));
		seen[n].len = ring_buffer_event_length(e);
		seen[n].ts = ts;
		KUNIT_EXPECT_TRUE(test, ftt_check(ring_buffer_event_data(e),
						  rbt_iter_len(seen[n].seq), seen[n].seq));
		/* Peeking twice gives the same event. */
		again = ring_buffer_iter_peek(iter, &ts2);
		KUNIT_EXPECT_TRUE(test, again && ftt_seq(ring_buffer_event_data(again)) ==
				  seen[n].seq && ts2 == ts);
		KUNIT_EXPECT_FALSE(test, ring_buffer_iter_empty(iter));
		ring_buffer_iter_advance(iter);
		n++;
	}
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_empty(iter));
	return n;
}

static void rbt_iterator(struct kunit *test)
{
	struct rbt_seen *seen, *seen2;
	struct ring_buffer_iter *iter;
	struct trace_buffer *buf;
	unsigned int n, i, total = 300;
	int cpu = rbt_cpu0();
	u32 seq;

	seen = kunit_kcalloc(test, total + 1, sizeof(*seen), GFP_KERNEL);
	seen2 = kunit_kcalloc(test, total + 1, sizeof(*seen2), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, seen);
	KUNIT_ASSERT_NOT_NULL(test, seen2);
	buf = rbt_alloc(test, 32 * PAGE_SIZE, RB_FL_OVERWRITE);
	for (seq = 0; seq < total; seq++)
		KUNIT_EXPECT_EQ(test, rbt_put_seq(buf, seq, rbt_iter_len(seq)), 0);

	iter = rbt_iter(test, buf, cpu);
	KUNIT_EXPECT_FALSE(test, ring_buffer_iter_empty(iter));
	n = rbt_walk(test, iter, seen, total + 1);
	KUNIT_EXPECT_EQ(test, n, total);
	for (i = 0; i < n; i++) {
		if (seen[i].seq != i || seen[i].ts != ftt_ts(i) ||
		    seen[i].len != ftt_evlen(rbt_iter_len(i))) {
			KUNIT_FAIL(test, "iterator event %u: seq %u, ts %llu, length %u",
				   i, seen[i].seq, seen[i].ts, seen[i].len);
			break;
		}
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_iter_peek(iter, NULL));

	/* The iterator consumed nothing; reset, it starts over. */
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), (unsigned long)total);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), 0UL);
	ring_buffer_iter_reset(iter);
	KUNIT_EXPECT_EQ(test, rbt_walk(test, iter, seen2, total + 1), total);
	KUNIT_EXPECT_EQ(test, memcmp(seen, seen2, total * sizeof(*seen)), 0);
	kunit_release_action(test, rbt_iter_action, iter);

	/* A consuming read sees the same events. */
	for (i = 0; i < 50; i++)
		if (!rbt_expect(test, buf, cpu, i, rbt_iter_len(i), seen[i].ts))
			break;

	/* An iterator started now begins at the first unread event. */
	iter = rbt_iter(test, buf, cpu);
	n = rbt_walk(test, iter, seen2, total + 1);
	KUNIT_EXPECT_EQ(test, n, total - 50);
	KUNIT_EXPECT_EQ(test, memcmp(seen + 50, seen2, n * sizeof(*seen)), 0);
	kunit_release_action(test, rbt_iter_action, iter);

	for (i = 50; i < total; i++)
		if (!rbt_expect(test, buf, cpu, i, rbt_iter_len(i), seen[i].ts))
			break;
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));

	/* On an empty buffer. */
	iter = rbt_iter(test, buf, cpu);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_empty(iter));
	KUNIT_EXPECT_NULL(test, ring_buffer_iter_peek(iter, NULL));
	kunit_release_action(test, rbt_iter_action, iter);
}

/*
 * The writer is still on the page: a reader asking for a full page gets
 * nothing, otherwise a copy of what is there, and a length that does not
 * cover the whole copies only whole events.
 */
static void rbt_read_page_copy(struct kunit *test)
{
	static const u64 delta[] = {
		0, 5, 1ULL << FTT_TS_SHIFT, 3, (1ULL << FTT_TS_SHIFT) - 1, 1ULL << 33, 0, 1,
	};
	static const unsigned int lens[] = { 4, 17, 100, 113, 8, 1, 300, 40 };
	unsigned int i, n = ARRAY_SIZE(delta);
	struct buffer_data_read_page *rpage;
	u64 ts[ARRAY_SIZE(delta)], t = FTT_T0;
	struct trace_buffer *buf;
	struct rbt_page *pg;
	int cpu = rbt_cpu0();
	u32 next;
	void *data;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	for (i = 0; i < n; i++) {
		t += delta[i];
		ts[i] = t;
		ftt_set(t);
		KUNIT_EXPECT_EQ(test, rbt_put(buf, i, lens[i]), 0);
	}
	rpage = rbt_rpage(test, buf, cpu);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page_size(rpage), (unsigned int)PAGE_SIZE);
	data = ring_buffer_read_page_data(rpage);
	KUNIT_ASSERT_NOT_NULL(test, data);

	KUNIT_EXPECT_LT(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), (unsigned long)n);

	KUNIT_EXPECT_GE(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);
	data = ring_buffer_read_page_data(rpage);
	pg = rbt_parse(test, data, PAGE_SIZE);
	KUNIT_EXPECT_NULL_MSG(test, pg->error, "page: %s", pg->error);
	KUNIT_EXPECT_FALSE(test, pg->missed);
	KUNIT_EXPECT_FALSE(test, pg->stored);
	KUNIT_EXPECT_EQ(test, pg->time_stamp, ts[0]);
	KUNIT_EXPECT_EQ(test, pg->nr, n);
	/* Exactly the two deltas of 2^27 and more needed an extend. */
	KUNIT_EXPECT_EQ(test, pg->extends, 2U);
	KUNIT_EXPECT_EQ(test, pg->stamps, 0U);
	for (i = 0; i < pg->nr && i < n; i++) {
		KUNIT_EXPECT_EQ_MSG(test, pg->ev[i].len, ftt_evlen(lens[i]), "event %u", i);
		KUNIT_EXPECT_TRUE_MSG(test, ftt_check(pg->ev[i].data, lens[i], i), "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, pg->ev[i].ts, ts[i], "event %u", i);
	}
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), (unsigned long)n);
	KUNIT_EXPECT_LT(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);

	/* Room for one event and a half: one event. */
	ring_buffer_reset_cpu(buf, cpu);
	rbt_put_run(buf, 100, 103, FTT_REC);
	KUNIT_EXPECT_LT(test, ring_buffer_read_page(buf, rpage, FTT_PAGE_HDR + 8, cpu, 0), 0);
	KUNIT_EXPECT_GE(test, ring_buffer_read_page(buf, rpage,
						    FTT_PAGE_HDR + (FTT_REC + 4) * 3 / 2, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pg->nr, 1U);
	next = 100;
	rbt_check_page(test, pg, FTT_REC, &next);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 2UL);
	/* The rest: the page's stamp is where the reader stood. */
	KUNIT_EXPECT_GE(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pg->nr, 2U);
	rbt_check_page(test, pg, FTT_REC, &next);
	KUNIT_EXPECT_EQ(test, next, 103U);
}

/* Full pages are handed over whole, in order, until the writer's page. */
static void rbt_read_page_full(struct kunit *test)
{
	struct buffer_data_read_page *rpage;
	unsigned int pages = 0, n = 150;
	struct trace_buffer *buf;
	struct rbt_page *pg;
	int cpu = rbt_cpu0();
	u32 next = 0;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	KUNIT_EXPECT_EQ(test, rbt_put_run(buf, 0, n, FTT_REC), (unsigned long)n);
	rpage = rbt_rpage(test, buf, cpu);
	while (ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 1) >= 0) {
		pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
		KUNIT_EXPECT_FALSE(test, pg->missed);
		KUNIT_EXPECT_GT(test, pg->nr, 0U);
		KUNIT_EXPECT_EQ(test, pg->time_stamp, ftt_ts(next));
		rbt_check_page(test, pg, FTT_REC, &next);
		/* A full page has no room for one more event. */
		KUNIT_EXPECT_GT(test, pg->size + FTT_REC + 4, (unsigned int)rbt_cap(buf));
		if (++pages > n)
			break;
	}
	KUNIT_EXPECT_GT(test, pages, 0U);
	KUNIT_EXPECT_LT(test, next, n);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), (unsigned long)(n - next));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_events_cpu(buf, cpu), (unsigned long)next);

	/* The page the writer is on comes only when asked for partial pages. */
	KUNIT_EXPECT_GE(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
	rbt_check_page(test, pg, FTT_REC, &next);
	KUNIT_EXPECT_EQ(test, next, n);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
}

/* After overwriting, the first page read says how many events were lost. */
static void rbt_read_page_missed(struct kunit *test)
{
	struct buffer_data_read_page *rpage;
	struct trace_buffer *buf;
	unsigned long overrun;
	struct rbt_page *pg;
	int cpu = rbt_cpu0();
	u32 next;

	buf = rbt_alloc(test, 1, RB_FL_OVERWRITE);
	rbt_put_run(buf, 0, 1000, FTT_REC);
	overrun = ring_buffer_overrun_cpu(buf, cpu);
	KUNIT_ASSERT_GT(test, overrun, 0UL);
	rpage = rbt_rpage(test, buf, cpu);

	KUNIT_ASSERT_GE(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
	KUNIT_EXPECT_TRUE(test, pg->missed);
	/* 100-byte records leave room at the end of a page for the count. */
	KUNIT_EXPECT_TRUE(test, pg->stored);
	KUNIT_EXPECT_EQ(test, pg->nr_missed, overrun);
	next = overrun;
	rbt_check_page(test, pg, FTT_REC, &next);

	/* Only the first page says so. */
	KUNIT_ASSERT_GE(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
	KUNIT_EXPECT_FALSE(test, pg->missed);
	KUNIT_EXPECT_FALSE(test, pg->stored);
	rbt_check_page(test, pg, FTT_REC, &next);
}

/* With absolute time stamps, each event on a page has its own stamp. */
static void rbt_read_page_abs(struct kunit *test)
{
	struct buffer_data_read_page *rpage;
	struct trace_buffer *buf;
	struct rbt_page *pg;
	int cpu = rbt_cpu0();
	u32 next = 0;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	ring_buffer_set_time_stamp_abs(buf, true);
	rbt_put_run(buf, 0, 5, 32);
	rpage = rbt_rpage(test, buf, cpu);
	KUNIT_ASSERT_GE(test, ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pg->nr, 5U);
	KUNIT_EXPECT_EQ(test, pg->stamps, 5U);
	KUNIT_EXPECT_EQ(test, pg->extends, 0U);
	rbt_check_page(test, pg, 32, &next);
}

/*
 * An iterator the consumer has overtaken by more than a page goes on at the
 * consumer's place, wherever that is on the consumer's page: here at the
 * end of what was written so far on the page the writer is still filling,
 * as trace_pipe_raw leaves it.  What is written there afterwards is the
 * iterator's next event, not whatever lies at the offset the iterator had
 * reached on its own, older page.
 */
static void rbt_iter_overtaken(struct kunit *test)
{
	unsigned int per_page, total, more = 20, i;
	struct buffer_data_read_page *rpage;
	struct ring_buffer_event *e;
	struct ring_buffer_iter *iter;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	u32 seq;
	u64 ts;

	buf = rbt_alloc(test, 16 * PAGE_SIZE, RB_FL_OVERWRITE);
	per_page = rbt_cap(buf) / (FTT_REC + 4);
	total = 2 * per_page + 3;
	KUNIT_ASSERT_EQ(test, rbt_put_run(buf, 0, total, FTT_REC), (unsigned long)total);

	/* The iterator reads a few events of the first page. */
	iter = rbt_iter(test, buf, cpu);
	for (i = 0; i < 5; i++) {
		e = ring_buffer_iter_peek(iter, NULL);
		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_EQ(test, ftt_seq(ring_buffer_event_data(e)), (u32)i);
		ring_buffer_iter_advance(iter);
	}

	/* The consumer takes everything, the writer's page by copy. */
	rpage = rbt_rpage(test, buf, cpu);
	for (i = 0; i < 10; i++)
		if (ring_buffer_read_page(buf, rpage, PAGE_SIZE, cpu, 0) < 0)
			break;
	KUNIT_EXPECT_EQ(test, i, 3U);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));

	/* The rest of the copy of the first page, then nothing new yet. */
	for (seq = 5; (e = ring_buffer_iter_peek(iter, NULL)); seq++) {
		KUNIT_ASSERT_LT(test, seq, per_page);
		KUNIT_EXPECT_EQ(test, ftt_seq(ring_buffer_event_data(e)), seq);
		ring_buffer_iter_advance(iter);
	}
	KUNIT_EXPECT_EQ(test, seq, per_page);
	KUNIT_EXPECT_TRUE(test, ring_buffer_iter_dropped(iter));

	/* Events written now are the iterator's next ones. */
	KUNIT_ASSERT_EQ(test, rbt_put_run(buf, total, total + more, FTT_REC),
			(unsigned long)more);
	for (seq = total; (e = ring_buffer_iter_peek(iter, &ts)); seq++) {
		KUNIT_ASSERT_LT(test, seq, total + more);
		KUNIT_EXPECT_EQ(test, ftt_seq(ring_buffer_event_data(e)), seq);
		KUNIT_EXPECT_TRUE(test, ftt_check(ring_buffer_event_data(e), FTT_REC, seq));
		KUNIT_EXPECT_EQ(test, ts, ftt_ts(seq));
		ring_buffer_iter_advance(iter);
	}
	KUNIT_EXPECT_EQ(test, seq, total + more);
}

static struct kunit_case rbt_read_cases[] = {
	KUNIT_CASE(rbt_peek_consume),
	KUNIT_CASE(rbt_iterator),
	KUNIT_CASE(rbt_read_page_copy),
	KUNIT_CASE(rbt_read_page_full),
	KUNIT_CASE(rbt_read_page_missed),
	KUNIT_CASE(rbt_read_page_abs),
	KUNIT_CASE(rbt_iter_overtaken),
	{}
};

static struct kunit_suite rbt_read_suite = {
	.name = "ftt_rb_read",
	.init = rbt_init,
	.test_cases = rbt_read_cases,
};

/* ========================================================================== */
/* ftt_rb_resize: resizing and the sub-buffer order                          */

static void rbt_resize_cpu(struct kunit *test)
{
	int c0 = rbt_cpu0(), c1 = rbt_cpu1(test);
	struct trace_buffer *buf;
	struct rbt_run run;
	unsigned long cap;

	buf = rbt_alloc(test, 4 * (PAGE_SIZE - FTT_PAGE_HDR), RB_FL_OVERWRITE);
	cap = rbt_cap(buf);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c0), 4 * cap);
	rbt_put_run(buf, 0, 30, FTT_REC);
	rbt_pin(test, c1);
	rbt_put_run(buf, 1000, 1030, FTT_REC);
	rbt_pin(test, c0);

	/* Grow this CPU's buffer, then another CPU's. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 16 * cap, c0), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c0), 16 * cap);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c1), 4 * cap);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 5 * cap + 1, c1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c1), 6 * cap);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c0), 16 * cap);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c0), 30UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c1), 30UL);

	/* Writable into the new room, nothing lost. */
	rbt_put_run(buf, 30, 300, FTT_REC);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, c0), 0UL);

	/* Shrink while the data still fits: nothing lost either. */
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 10 * cap, c0), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c0), 10 * cap);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, c0), 300UL);
	KUNIT_EXPECT_EQ(test, ring_buffer_overrun_cpu(buf, c0), 0UL);
	rbt_drain(test, buf, c0, FTT_REC, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 300UL);
	KUNIT_EXPECT_EQ(test, run.next, 300U);

	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 2 * cap, c1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c1), 2 * cap);
	rbt_drain(test, buf, c1, FTT_REC, 1000, &run);
	KUNIT_EXPECT_EQ(test, run.count, 30UL);
	KUNIT_EXPECT_EQ(test, run.next, 1030U);

	rbt_put_run(buf, 400, 410, FTT_REC);
	rbt_drain(test, buf, c0, FTT_REC, 400, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);
}

/* Shrinking below the data drops the oldest, and counts them as overruns. */
static void rbt_resize_shrink_full(struct kunit *test)
{
	unsigned long entries, overrun, cap, n = 2000;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	struct rbt_run run;

	buf = rbt_alloc(test, 16 * (PAGE_SIZE - FTT_PAGE_HDR), RB_FL_OVERWRITE);
	cap = rbt_cap(buf);
	rbt_put_run(buf, 0, n, FTT_REC);
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 2 * cap, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 2 * cap);
	entries = ring_buffer_entries_cpu(buf, cpu);
	overrun = ring_buffer_overrun_cpu(buf, cpu);
	KUNIT_EXPECT_EQ(test, entries + overrun, n);
	KUNIT_EXPECT_LE(test, entries * (FTT_REC + 4), 3 * cap);

	rbt_drain(test, buf, cpu, FTT_REC, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, entries);
	KUNIT_EXPECT_EQ(test, run.next, (u32)n);
	KUNIT_EXPECT_EQ(test, (unsigned long)run.first, overrun);

	rbt_put_run(buf, 5000, 5010, FTT_REC);
	rbt_drain(test, buf, cpu, FTT_REC, 5000, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);
}

static void rbt_resize_all(struct kunit *test)
{
	struct trace_buffer *buf;
	int c0 = rbt_cpu0(), cpu;
	struct rbt_run run;
	unsigned long cap;

	buf = rbt_alloc(test, 4 * (PAGE_SIZE - FTT_PAGE_HDR), RB_FL_OVERWRITE);
	cap = rbt_cap(buf);
	for_each_online_cpu(cpu) {
		rbt_pin(test, cpu);
		rbt_put_run(buf, cpu * 1000, cpu * 1000 + 20, FTT_REC);
	}
	rbt_pin(test, c0);

	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 12 * cap, RING_BUFFER_ALL_CPUS), 0);
	for_each_online_cpu(cpu) {
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 12 * cap);
		KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 20UL);
	}
	KUNIT_ASSERT_EQ(test, ring_buffer_resize(buf, 3 * cap, RING_BUFFER_ALL_CPUS), 0);
	for_each_online_cpu(cpu) {
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 3 * cap);
		rbt_drain(test, buf, cpu, FTT_REC, cpu * 1000, &run);
		KUNIT_EXPECT_EQ(test, run.count, 20UL);
		KUNIT_EXPECT_EQ(test, run.lost, 0UL);
	}
	rbt_put_run(buf, 500, 505, FTT_REC);
	rbt_drain(test, buf, c0, FTT_REC, 500, &run);
	KUNIT_EXPECT_EQ(test, run.count, 5UL);
}

/* More than the machine has: -ENOMEM, and the buffer is as it was. */
static void rbt_resize_enomem(struct kunit *test)
{
	unsigned long huge = (totalram_pages() + 1) << (PAGE_SHIFT + 1);
	unsigned long size;
	struct trace_buffer *buf;
	int c0 = rbt_cpu0(), cpu;
	struct rbt_run run;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	size = ring_buffer_size(buf, c0);
	rbt_put_run(buf, 0, 10, FTT_REC);

	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, huge, c0), -ENOMEM);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, huge, RING_BUFFER_ALL_CPUS), -ENOMEM);
	for_each_online_cpu(cpu)
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), size);

	rbt_put_run(buf, 10, 20, FTT_REC);
	rbt_drain(test, buf, c0, FTT_REC, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 20UL);
	KUNIT_EXPECT_EQ(test, run.next, 20U);

	/* And it still resizes to sensible sizes. */
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, 2 * size, RING_BUFFER_ALL_CPUS), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, c0), 2 * size);
}

/* Size 0 is rounded up to the two-sub-buffer minimum, keeping the data. */
static void rbt_resize_zero(struct kunit *test)
{
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	unsigned long size;
	struct rbt_run run;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	size = ring_buffer_size(buf, cpu);
	KUNIT_EXPECT_GT(test, size, 2 * rbt_cap(buf));
	rbt_put_run(buf, 0, 10, FTT_REC);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, 0, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 2 * rbt_cap(buf));
	rbt_drain(test, buf, cpu, FTT_REC, 0, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);
}

/* An open iterator holds the buffer's size and sub-buffer order. */
static void rbt_resize_busy(struct kunit *test)
{
	struct ring_buffer_iter *iter;
	struct trace_buffer *buf;
	int cpu = rbt_cpu0();
	unsigned long size;

	buf = rbt_alloc(test, 4 * PAGE_SIZE, RB_FL_OVERWRITE);
	size = ring_buffer_size(buf, cpu);
	rbt_put_run(buf, 0, 10, FTT_REC);
	iter = rbt_iter(test, buf, cpu);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, 4 * size, cpu), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, 4 * size, RING_BUFFER_ALL_CPUS), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buf, 1), -EBUSY);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), size);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buf), 0);
	kunit_release_action(test, rbt_iter_action, iter);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(buf, 4 * size, cpu), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, cpu), 4 * size);
}

static void rbt_subbuf_order(struct kunit *test)
{
	unsigned long size, max, max0;
	struct buffer_data_read_page *rpage;
	struct trace_buffer *buf;
	struct rbt_page *pg;
	int cpu = rbt_cpu0(), other;
	struct rbt_run run;
	u8 *scratch;
	u32 next;

	buf = rbt_alloc(test, 8 * PAGE_SIZE, RB_FL_OVERWRITE);
	size = ring_buffer_size(buf, cpu);
	max0 = ring_buffer_max_event_size(buf);
	rbt_put_run(buf, 0, 20, FTT_REC);

	/* Setting the order it has changes nothing, not even the data. */
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buf, 0), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_entries_cpu(buf, cpu), 20UL);
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty_cpu(buf, cpu));

	/* Invalid orders are refused. */
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buf, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(buf, get_order(SZ_1M) + 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buf), 0);
	KUNIT_EXPECT_FALSE(test, ring_buffer_empty_cpu(buf, cpu));

	/* A new order: the buffer keeps (at least) its size, the data goes. */
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(buf, 1), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(buf), 1);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(buf), (int)(2 * PAGE_SIZE));
	for_each_online_cpu(other) {
		KUNIT_EXPECT_GE(test, ring_buffer_size(buf, other), size);
		KUNIT_EXPECT_EQ(test, ring_buffer_size(buf, other) % rbt_cap(buf), 0UL);
		KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, other));
	}
	KUNIT_EXPECT_NULL(test, ring_buffer_consume(buf, cpu, NULL, NULL));

	/* Whatever it says the largest event is, fits; one byte more does not. */
	max = ring_buffer_max_event_size(buf);
	KUNIT_EXPECT_LT(test, max, rbt_cap(buf));
	KUNIT_EXPECT_GE(test, max, max0);
	scratch = kunit_kzalloc(test, max + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, scratch);
	ftt_fill(scratch, max, 30);
	ftt_set(ftt_ts(30));
	KUNIT_EXPECT_EQ(test, ring_buffer_write(buf, max, scratch), 0);
	KUNIT_EXPECT_NE(test, ring_buffer_write(buf, max + 1, scratch), 0);
	rbt_put_run(buf, 31, 40, FTT_REC);
	rbt_expect(test, buf, cpu, 30, max, ftt_ts(30));
	rbt_drain(test, buf, cpu, FTT_REC, 31, &run);
	KUNIT_EXPECT_EQ(test, run.count, 9UL);

	/* Whole pages now have the new size. */
	ring_buffer_reset_cpu(buf, cpu);
	rbt_put_run(buf, 100, 160, FTT_REC);
	rpage = rbt_rpage(test, buf, cpu);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page_size(rpage), (unsigned int)(2 * PAGE_SIZE));
	KUNIT_ASSERT_GE(test, ring_buffer_read_page(buf, rpage, 2 * PAGE_SIZE, cpu, 0), 0);
	pg = rbt_parse(test, ring_buffer_read_page_data(rpage), 2 * PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, pg->nr, 60U);
	next = 100;
	rbt_check_page(test, pg, FTT_REC, &next);
	kunit_release_action(test, rbt_rpage_action, rpage);

	/* And back. */
	rbt_put_run(buf, 200, 210, FTT_REC);
	KUNIT_ASSERT_EQ(test, ring_buffer_subbuf_order_set(buf, 0), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(buf), (int)PAGE_SIZE);
	KUNIT_EXPECT_TRUE(test, ring_buffer_empty_cpu(buf, cpu));
	KUNIT_EXPECT_EQ(test, ring_buffer_max_event_size(buf), max0);
	rbt_put_run(buf, 300, 310, FTT_REC);
	rbt_drain(test, buf, cpu, FTT_REC, 300, &run);
	KUNIT_EXPECT_EQ(test, run.count, 10UL);
	KUNIT_EXPECT_EQ(test, run.next, 310U);
}

static struct kunit_case rbt_resize_cases[] = {
	KUNIT_CASE(rbt_resize_cpu),
	KUNIT_CASE(rbt_resize_shrink_full),
	KUNIT_CASE(rbt_resize_all),
	KUNIT_CASE(rbt_resize_enomem),
	KUNIT_CASE(rbt_resize_zero),
	KUNIT_CASE(rbt_resize_busy),
	KUNIT_CASE(rbt_subbuf_order),
	{}
};

static struct kunit_suite rbt_resize_suite = {
	.name = "ftt_rb_resize",
	.init = rbt_init,
	.test_cases = rbt_resize_cases,
};

kunit_test_suites(&rbt_basic_suite, &rbt_time_suite, &rbt_percpu_suite,
		  &rbt_modes_suite, &rbt_read_suite, &rbt_resize_suite);

MODULE_DESCRIPTION("KUnit tests of the ring buffer's in-kernel API");
MODULE_LICENSE("GPL");
