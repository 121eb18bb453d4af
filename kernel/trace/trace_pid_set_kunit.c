// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the pid set (trace_pid_set.c), the data structure behind
 * set_event_pid and set_event_notrace_pid.
 *
 * What is checked is the set's promise to the pid filter: a new set is
 * empty; a pid is in it after pid_set_add() and out after pid_set_del(),
 * its neighbours untouched; pids past PID_MAX_LIMIT are refused and never
 * found; bitmaps appear when a range gets its first pid, and
 * pid_set_next() walks the set in order across ranges, allocated or not,
 * up to a full set; pid_set_copy() gives an independent copy.  How the
 * filter follows forks and exits (trace_events_ctl.c) needs tasks and
 * probes, not the set, and is left to the selftests (event-fork.tc).
 */

#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/threads.h>

#include "trace.h"

/* The pids of one bitmap (the set's range; a page of bits). */
#define SPAN	(PAGE_SIZE * BITS_PER_BYTE)

KUNIT_DEFINE_ACTION_WRAPPER(pid_set_free_action, pid_set_free,
			    struct trace_pid_list *);

/* A new, empty set, freed when the test ends. */
static struct trace_pid_list *new_set(struct kunit *test)
{
	struct trace_pid_list *set = pid_set_copy(NULL);

	KUNIT_ASSERT_NOT_NULL(test, set);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
				pid_set_free_action, set));
	return set;
}

/* How many pids pid_set_next() walks from 0, in increasing order. */
static unsigned long count_pids(struct kunit *test, struct trace_pid_list *set)
{
	unsigned long n = 0;
	long pid, last = -1;

	for (pid = pid_set_next(set, 0); pid >= 0;
	     pid = pid_set_next(set, pid + 1)) {
		KUNIT_ASSERT_GT(test, pid, last);
		KUNIT_ASSERT_TRUE(test, pid_set_has(set, pid));
		last = pid;
		n++;
	}
	return n;
}

static void pid_set_starts_empty(struct kunit *test)
{
	struct trace_pid_list *set = new_set(test);

	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 0));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 1));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, PID_MAX_LIMIT - 1));
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, 0));
	/* Deleting from an empty set, no bitmap there, is harmless. */
	pid_set_del(set, 5);
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, 0));
	/* Freeing nothing is allowed too. */
	pid_set_free(NULL);
}

static void pid_set_add_test_remove(struct kunit *test)
{
	struct trace_pid_list *set = new_set(test);

	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, 1, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, 42, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, 63, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, 64, GFP_KERNEL));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 1));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 42));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 63));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 64));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 0));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 41));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 43));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 65));

	/* Adding twice is the same as once. */
	KUNIT_EXPECT_EQ(test, 0, pid_set_add(set, 42, GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, 4UL, count_pids(test, set));

	/* A delete takes one pid, even from the word its neighbours share. */
	pid_set_del(set, 42);
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 42));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 1));
	pid_set_del(set, 63);
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 63));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 64));
	/* One that is not there changes nothing. */
	pid_set_del(set, 7);
	KUNIT_EXPECT_EQ(test, 2UL, count_pids(test, set));

	KUNIT_EXPECT_EQ(test, 1L, pid_set_next(set, 0));
	KUNIT_EXPECT_EQ(test, 1L, pid_set_next(set, 1));
	KUNIT_EXPECT_EQ(test, 64L, pid_set_next(set, 2));
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, 65));

	/* Emptied again: the bitmap stays, the walk finds nothing. */
	pid_set_del(set, 1);
	pid_set_del(set, 64);
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, 0));
}

static void pid_set_bounds(struct kunit *test)
{
	struct trace_pid_list *set = new_set(test);

	KUNIT_EXPECT_EQ(test, -EINVAL, pid_set_add(set, PID_MAX_LIMIT,
						   GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, -EINVAL, pid_set_add(set, UINT_MAX, GFP_KERNEL));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, PID_MAX_LIMIT));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, UINT_MAX));
	pid_set_del(set, PID_MAX_LIMIT);
	pid_set_del(set, UINT_MAX);
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, 0));

	/* The first and the last pid the kernel may hand out both fit. */
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, 0, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, PID_MAX_LIMIT - 1,
					     GFP_KERNEL));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, 0));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, PID_MAX_LIMIT - 1));
	KUNIT_EXPECT_EQ(test, 0L, pid_set_next(set, 0));
	KUNIT_EXPECT_EQ(test, (long)PID_MAX_LIMIT - 1, pid_set_next(set, 1));
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, PID_MAX_LIMIT));
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, ULONG_MAX));
}

/* Bitmaps come with the first pid of their range; the walk crosses them. */
static void pid_set_grows_by_range(struct kunit *test)
{
	struct trace_pid_list *set = new_set(test);

	if (PID_MAX_LIMIT <= SPAN)
		kunit_skip(test, "PID_MAX_LIMIT fits one bitmap");
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, SPAN - 1, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, SPAN, GFP_KERNEL));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, SPAN - 1));
	KUNIT_EXPECT_TRUE(test, pid_set_has(set, SPAN));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, SPAN + 1));
	KUNIT_EXPECT_EQ(test, (long)SPAN - 1, pid_set_next(set, 0));
	KUNIT_EXPECT_EQ(test, (long)SPAN, pid_set_next(set, SPAN));

	/* An empty bitmap before a full one: the walk goes on to the next. */
	pid_set_del(set, SPAN - 1);
	KUNIT_EXPECT_EQ(test, (long)SPAN, pid_set_next(set, 0));

	/* Ranges with no bitmap at all are skipped to a far one. */
	pid_set_del(set, SPAN);
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, PID_MAX_LIMIT - 2,
					     GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, (long)PID_MAX_LIMIT - 2, pid_set_next(set, 0));
	KUNIT_EXPECT_EQ(test, (long)PID_MAX_LIMIT - 2,
			pid_set_next(set, SPAN + 1));
	KUNIT_EXPECT_EQ(test, 1UL, count_pids(test, set));
}

/* Every pid: the set holds them all and the walk sees each once. */
static void pid_set_full(struct kunit *test)
{
	struct trace_pid_list *set = new_set(test);
	unsigned int pid;

	for (pid = 0; pid < PID_MAX_LIMIT; pid++)
		KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, pid, GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, (unsigned long)PID_MAX_LIMIT,
			count_pids(test, set));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, PID_MAX_LIMIT));
	KUNIT_EXPECT_EQ(test, -1L, pid_set_next(set, PID_MAX_LIMIT));

	/* A hole in the middle of a full set is found past and around. */
	pid_set_del(set, PID_MAX_LIMIT / 2);
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, PID_MAX_LIMIT / 2));
	KUNIT_EXPECT_EQ(test, (long)PID_MAX_LIMIT / 2 + 1,
			pid_set_next(set, PID_MAX_LIMIT / 2));
	KUNIT_EXPECT_EQ(test, (unsigned long)PID_MAX_LIMIT - 1,
			count_pids(test, set));
}

static void pid_set_copies(struct kunit *test)
{
	struct trace_pid_list *set = new_set(test);
	struct trace_pid_list *copy;

	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, 3, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(set, PID_MAX_LIMIT - 1,
					     GFP_KERNEL));
	copy = pid_set_copy(set);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
				pid_set_free_action, copy));
	KUNIT_EXPECT_TRUE(test, pid_set_has(copy, 3));
	KUNIT_EXPECT_TRUE(test, pid_set_has(copy, PID_MAX_LIMIT - 1));
	KUNIT_EXPECT_EQ(test, 2UL, count_pids(test, copy));

	/* The copy has bitmaps of its own: changes do not cross over. */
	KUNIT_ASSERT_EQ(test, 0, pid_set_add(copy, 4, GFP_KERNEL));
	pid_set_del(set, 3);
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 4));
	KUNIT_EXPECT_TRUE(test, pid_set_has(copy, 3));
	KUNIT_EXPECT_FALSE(test, pid_set_has(set, 3));
	KUNIT_EXPECT_EQ(test, 1UL, count_pids(test, set));
	KUNIT_EXPECT_EQ(test, 3UL, count_pids(test, copy));
}

static struct kunit_case pid_set_cases[] = {
	KUNIT_CASE(pid_set_starts_empty),
	KUNIT_CASE(pid_set_add_test_remove),
	KUNIT_CASE(pid_set_bounds),
	KUNIT_CASE(pid_set_grows_by_range),
	KUNIT_CASE(pid_set_full),
	KUNIT_CASE(pid_set_copies),
	{}
};

static struct kunit_suite pid_set_suite = {
	.name = "trace_pid_set",
	.test_cases = pid_set_cases,
};

kunit_test_suite(pid_set_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests of the tracing pid set");
MODULE_LICENSE("GPL");
