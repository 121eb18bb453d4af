// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of how the stack tracer lays a stack trace on the stack
 * (stack_place_frames() of trace_stack.h), on made-up stacks:
 *
 *   - every reported address found, in order, with its depth from the
 *     top of the stack;
 *   - an address that is not on the stack, or only below where the one
 *     before it was found, is dropped and the rest close up;
 *   - an address that sits twice on the stack (recursion, direct or
 *     through another function) is found at the lowest word above the
 *     previous frame, and the next frame is looked for above that word
 *     only;
 *   - nothing found, and an empty trace;
 *   - frames below the kept part (the tracer's own) are walked over in
 *     order and dropped, so an older copy of an address higher up is not
 *     taken for the word where the trace says it is (an unwinder that
 *     guesses reports every text address on the stack).
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "trace_stack.h"

/*
 * A stack of 16 words, index 0 the lowest; the top is one past word 15.
 * Return addresses are 0xa1.. (anything that is not 0 or another value).
 */
#define SK_WORDS	16

static unsigned int sk_depth(unsigned int word)
{
	return (SK_WORDS - word) * sizeof(unsigned long);
}

static void sk_all_found(struct kunit *test)
{
	unsigned long stack[SK_WORDS] = { [2] = 0xa1, [5] = 0xa2, [11] = 0xa3 };
	unsigned long call[] = { 0xa1, 0xa2, 0xa3 };
	unsigned int depth[ARRAY_SIZE(call)];

	KUNIT_ASSERT_EQ(test, stack_place_frames(call, depth, 3, stack, stack,
						 stack + SK_WORDS), 3);
	KUNIT_EXPECT_EQ(test, call[0], 0xa1UL);
	KUNIT_EXPECT_EQ(test, call[2], 0xa3UL);
	KUNIT_EXPECT_EQ(test, depth[0], sk_depth(2));
	KUNIT_EXPECT_EQ(test, depth[1], sk_depth(5));
	KUNIT_EXPECT_EQ(test, depth[2], sk_depth(11));
}

static void sk_missing_dropped(struct kunit *test)
{
	/* 0xa2 is not there; 0xa4 only below 0xa3's word. */
	unsigned long stack[SK_WORDS] = { [1] = 0xa4, [3] = 0xa1, [9] = 0xa3,
					  [15] = 0xa5 };
	unsigned long call[] = { 0xa1, 0xa2, 0xa3, 0xa4, 0xa5 };
	unsigned int depth[ARRAY_SIZE(call)];

	KUNIT_ASSERT_EQ(test, stack_place_frames(call, depth, 5, stack, stack,
						 stack + SK_WORDS), 3);
	KUNIT_EXPECT_EQ(test, call[0], 0xa1UL);
	KUNIT_EXPECT_EQ(test, call[1], 0xa3UL);
	KUNIT_EXPECT_EQ(test, call[2], 0xa5UL);
	KUNIT_EXPECT_EQ(test, depth[1], sk_depth(9));
	KUNIT_EXPECT_EQ(test, depth[2], sk_depth(15));
}

static void sk_twice(struct kunit *test)
{
	/*
	 * Recursion: 0xa1 calls itself (words 2 and 4), then 0xa2 and 0xa1
	 * alternate (words 6, 8, 10).
	 */
	unsigned long stack[SK_WORDS] = { [2] = 0xa1, [4] = 0xa1, [6] = 0xa2,
					  [8] = 0xa1, [10] = 0xa2 };
	unsigned long call[] = { 0xa1, 0xa1, 0xa2, 0xa1, 0xa2 };
	unsigned int depth[ARRAY_SIZE(call)];

	KUNIT_ASSERT_EQ(test, stack_place_frames(call, depth, 5, stack, stack,
						 stack + SK_WORDS), 5);
	KUNIT_EXPECT_EQ(test, depth[0], sk_depth(2));
	KUNIT_EXPECT_EQ(test, depth[1], sk_depth(4));
	KUNIT_EXPECT_EQ(test, depth[2], sk_depth(6));
	KUNIT_EXPECT_EQ(test, depth[3], sk_depth(8));
	KUNIT_EXPECT_EQ(test, depth[4], sk_depth(10));
}

static void sk_from_bounds(struct kunit *test)
{
	/* Below @from and at @top are outside: neither word is looked at. */
	unsigned long stack[SK_WORDS + 1] = { [0] = 0xa1, [SK_WORDS] = 0xa2 };
	unsigned long call[] = { 0xa1, 0xa2 };
	unsigned int depth[ARRAY_SIZE(call)];

	KUNIT_EXPECT_EQ(test, stack_place_frames(call, depth, 2, stack + 1, stack + 1,
						 stack + SK_WORDS), 0);
	KUNIT_EXPECT_EQ(test, stack_place_frames(call, depth, 0, stack, stack,
						 stack + SK_WORDS), 0);
	/* The highest word is in, at one word's depth. */
	stack[SK_WORDS - 1] = 0xa2;
	KUNIT_ASSERT_EQ(test, stack_place_frames(call, depth, 2, stack + 1, stack + 1,
						 stack + SK_WORDS), 1);
	KUNIT_EXPECT_EQ(test, call[0], 0xa2UL);
	KUNIT_EXPECT_EQ(test, depth[0], sk_depth(SK_WORDS - 1));
}

static void sk_keep(struct kunit *test)
{
	/*
	 * Entry at word 8: the traced function's return into its fentry
	 * call at 7 (0xa1, and a copy at 4 in saved registers), junk at 5,
	 * its caller's return address 0xa2 at 8, an old copy of 0xa1 at 11
	 * and the grandcaller's 0xa3 at 13.  A guessing unwinder lists
	 * them all, in the stack's order.
	 */
	unsigned long stack[SK_WORDS] = { [4] = 0xa1, [5] = 0xb0, [7] = 0xa1,
					  [8] = 0xa2, [11] = 0xa1, [13] = 0xa3 };
	unsigned long call[] = { 0xa1, 0xb0, 0xa1, 0xa2, 0xa1, 0xa3 };
	unsigned int depth[ARRAY_SIZE(call)];

	KUNIT_ASSERT_EQ(test, stack_place_frames(call, depth, 6, stack,
						 stack + 8, stack + SK_WORDS), 3);
	KUNIT_EXPECT_EQ(test, call[0], 0xa2UL);
	KUNIT_EXPECT_EQ(test, depth[0], sk_depth(8));
	KUNIT_EXPECT_EQ(test, call[1], 0xa1UL);
	KUNIT_EXPECT_EQ(test, depth[1], sk_depth(11));
	KUNIT_EXPECT_EQ(test, call[2], 0xa3UL);
	KUNIT_EXPECT_EQ(test, depth[2], sk_depth(13));

	/* A reliable unwinder: only the real frames, the same result. */
	call[0] = 0xa1;
	call[1] = 0xa2;
	call[2] = 0xa3;
	KUNIT_ASSERT_EQ(test, stack_place_frames(call, depth, 3, stack,
						 stack + 8, stack + SK_WORDS), 2);
	KUNIT_EXPECT_EQ(test, call[0], 0xa2UL);
	KUNIT_EXPECT_EQ(test, call[1], 0xa3UL);
	KUNIT_EXPECT_EQ(test, depth[1], sk_depth(13));
}

static struct kunit_case trace_stack_cases[] = {
	KUNIT_CASE(sk_all_found),
	KUNIT_CASE(sk_missing_dropped),
	KUNIT_CASE(sk_twice),
	KUNIT_CASE(sk_from_bounds),
	KUNIT_CASE(sk_keep),
	{}
};

static struct kunit_suite trace_stack_suite = {
	.name = "trace_stack",
	.test_cases = trace_stack_cases,
};
kunit_test_suite(trace_stack_suite);

MODULE_DESCRIPTION("KUnit tests of the stack tracer's frame placement");
MODULE_LICENSE("GPL");
