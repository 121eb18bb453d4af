// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the function profiler's table (ftrace_profile.h): the
 * same inline code its callbacks run, on private tables made here.
 *
 *   - a function gets one slot, found again by lookups with or without
 *     claiming, and a lookup that does not claim never takes a slot;
 *   - the table stops claiming at three quarters full, and the functions
 *     it holds still count;
 *   - colliding functions probe on, across the end of the table;
 *   - the sample variance the files print, and its zero cases.
 *
 * Addresses are made up (any non-zero value but PROF_END is one).  The
 * tests that need collisions search for addresses with the same home
 * slot, hashed as ftrace_profile.h hashes.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include "ftrace_profile.h"

static struct prof_table *pk_table(struct kunit *test, unsigned int slots)
{
	struct prof_table *t;

	t = kunit_kzalloc(test, struct_size(t, slot, slots + 1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	prof_table_init(t, slots);
	return t;
}

static unsigned int pk_index(struct prof_table *t, struct prof_slot *s)
{
	return s - t->slot;
}

static void pk_one_slot(struct kunit *test)
{
	struct prof_table *t = pk_table(test, PROF_MIN_SLOTS);
	struct prof_slot *s, *again;

	KUNIT_EXPECT_EQ(test, t->bits, 10);
	KUNIT_EXPECT_EQ(test, t->limit, 768);
	KUNIT_EXPECT_EQ(test, t->slot[PROF_MIN_SLOTS].ip, PROF_END);

	/* Not claiming: nothing found, nothing taken. */
	KUNIT_EXPECT_NULL(test, prof_slot_of(t, 0x1234, false));
	KUNIT_EXPECT_EQ(test, local_read(&t->used), 0);

	s = prof_slot_of(t, 0x1234, true);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, s->ip, 0x1234UL);
	KUNIT_EXPECT_EQ(test, local_read(&t->used), 1);
	KUNIT_EXPECT_EQ(test, pk_index(t, s), hash_long(0x1234UL, t->bits));

	/* The same slot again, either way; still one used. */
	again = prof_slot_of(t, 0x1234, true);
	KUNIT_EXPECT_PTR_EQ(test, again, s);
	again = prof_slot_of(t, 0x1234, false);
	KUNIT_EXPECT_PTR_EQ(test, again, s);
	KUNIT_EXPECT_EQ(test, local_read(&t->used), 1);
	KUNIT_EXPECT_NULL(test, prof_slot_of(t, 0x1235, false));
}

static void pk_limit(struct kunit *test)
{
	struct prof_table *t = pk_table(test, PROF_MIN_SLOTS);
	unsigned long ip;
	struct prof_slot *s;

	for (ip = 1; ip <= t->limit; ip++) {
		s = prof_slot_of(t, ip * 16, true);
		KUNIT_ASSERT_NOT_NULL_MSG(test, s, "function %lu of %u", ip, t->limit);
		local_inc(&s->hits);
	}
	KUNIT_EXPECT_EQ(test, local_read(&t->used), t->limit);

	/* Full: a new function gets nothing and takes nothing... */
	KUNIT_EXPECT_NULL(test, prof_slot_of(t, 0xfff0, true));
	KUNIT_EXPECT_EQ(test, local_read(&t->used), t->limit);
	/* ...while the ones held still count. */
	for (ip = 1; ip <= t->limit; ip++) {
		s = prof_slot_of(t, ip * 16, true);
		KUNIT_ASSERT_NOT_NULL(test, s);
		local_inc(&s->hits);
		KUNIT_EXPECT_EQ(test, local_read(&s->hits), 2);
	}
}

static void pk_collisions_wrap(struct kunit *test)
{
	struct prof_table *t = pk_table(test, PROF_MIN_SLOTS);
	unsigned int last = PROF_MIN_SLOTS - 1, k = 0;
	unsigned long ips[3], ip;
	struct prof_slot *s;

	/* Three functions whose home is the table's last slot. */
	for (ip = 16; k < ARRAY_SIZE(ips); ip += 16)
		if (hash_long(ip, t->bits) == last)
			ips[k++] = ip;

	for (k = 0; k < ARRAY_SIZE(ips); k++) {
		s = prof_slot_of(t, ips[k], true);
		KUNIT_ASSERT_NOT_NULL(test, s);
		/* The last slot, then the first two: PROF_END is never taken. */
		KUNIT_EXPECT_EQ(test, pk_index(t, s), k ? k - 1 : last);
	}
	KUNIT_EXPECT_EQ(test, t->slot[PROF_MIN_SLOTS].ip, PROF_END);
	for (k = 0; k < ARRAY_SIZE(ips); k++)
		KUNIT_EXPECT_EQ(test, prof_slot_of(t, ips[k], false)->ip, ips[k]);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static void pk_variance(struct kunit *test)
{
	/* Two calls of 1 us and 3 us: s^2 = 2 us^2, printed as 2000 / 1000. */
	struct prof_entry e = { .hits = 2, .time = 4000,
				.time_sq = 1000 * 1000 + 3000 * 3000 };

	KUNIT_EXPECT_EQ(test, prof_variance(&e), 2000);

	/* Equal calls: none. */
	e = (struct prof_entry){ .hits = 3, .time = 6000, .time_sq = 3 * 2000 * 2000 };
	KUNIT_EXPECT_EQ(test, prof_variance(&e), 0);

	/* Fewer than two calls: none. */
	e = (struct prof_entry){ .hits = 1, .time = 5000, .time_sq = 5000 * 5000 };
	KUNIT_EXPECT_EQ(test, prof_variance(&e), 0);

	/* Times of calls that returned on another CPU: a negative numerator is 0. */
	e = (struct prof_entry){ .hits = 4, .time = 4000, .time_sq = 1000 };
	KUNIT_EXPECT_EQ(test, prof_variance(&e), 0);
}
#endif

static struct kunit_case ftrace_profile_cases[] = {
	KUNIT_CASE(pk_one_slot),
	KUNIT_CASE(pk_limit),
	KUNIT_CASE(pk_collisions_wrap),
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	KUNIT_CASE(pk_variance),
#endif
	{}
};

static struct kunit_suite ftrace_profile_suite = {
	.name = "ftrace_profile",
	.test_cases = ftrace_profile_cases,
};
kunit_test_suite(ftrace_profile_suite);

MODULE_DESCRIPTION("KUnit tests of the function profiler's table");
MODULE_LICENSE("GPL");
