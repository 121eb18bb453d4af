// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests beside fgraph.c: the encodings of a shadow stack's words
 * (fgraph_frame.h) and the walk from a frame word down to its frame's
 * base, on stacks made up here that no task uses.
 *
 * What this file does not hold: hooking real calls, the return path and
 * the unwinders, which the selftests under test.d/function_graph/ cover.
 */
#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "fgraph_frame.h"

/* Every field of a frame word comes back as it went in, at its limits. */
static void fgk_frame_word(struct kunit *test)
{
	static const struct {
		unsigned long	users;
		unsigned long	size;
		u32		epoch;
	} cases[] = {
		{ 0, FGRAPH_FRAME_WORDS, 0 },
		{ BIT(0), FGRAPH_FRAME_WORDS + 3, 1 },
		{ FW_USERS, FW_SIZE_MASK, U32_MAX },
		{ BIT(15) | BIT(3), 0x155, 0x80000000 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		unsigned long fw = fw_make(cases[i].users, cases[i].size,
					   cases[i].epoch);

		KUNIT_EXPECT_TRUE(test, fw_valid(fw));
		KUNIT_EXPECT_EQ(test, fw & FW_USERS, cases[i].users);
		KUNIT_EXPECT_EQ(test, fw_size(fw), cases[i].size);
		KUNIT_EXPECT_EQ(test, fw_epoch(fw), cases[i].epoch);
		/* A data tag is never taken for a frame word, nor back. */
		KUNIT_EXPECT_FALSE(test, tag_valid(fw));
	}
	/* The fields do not overlap. */
	KUNIT_EXPECT_EQ(test, FW_USERS & (FW_SIZE_MASK << FW_SIZE_SHIFT), 0UL);
	KUNIT_EXPECT_EQ(test, (FW_SIZE_MASK << FW_SIZE_SHIFT) &
			(FW_MAGIC_MASK << FW_MAGIC_SHIFT), 0UL);
	KUNIT_EXPECT_EQ(test, FW_MAGIC_SHIFT + (unsigned long)fls(FW_MAGIC_MASK),
			(unsigned long)FW_EPOCH_SHIFT);
	KUNIT_EXPECT_GE(test, FW_SIZE_MASK + 1, FGRAPH_STACK_WORDS);
	KUNIT_EXPECT_EQ(test, hweight_long(FW_USERS), FGRAPH_ARRAY_SIZE);
}

/* Words that are not frame words: return addresses, zero, a tag. */
static void fgk_not_frame_words(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, fw_valid(0));
	KUNIT_EXPECT_FALSE(test, fw_valid((unsigned long)fgk_not_frame_words));
	KUNIT_EXPECT_FALSE(test, fw_valid(tag_make(3, 2)));
	KUNIT_EXPECT_FALSE(test, fw_valid(FW_MAGIC));
}

static void fgk_data_tag(struct kunit *test)
{
	unsigned int user, words;

	for (user = 0; user < FGRAPH_ARRAY_SIZE; user++) {
		for (words = 1; words <= FTRACE_RETSTACK_ALLOC_SIZE; words++) {
			unsigned long tag = tag_make(user, words);

			KUNIT_EXPECT_TRUE(test, tag_valid(tag));
			KUNIT_EXPECT_EQ(test, tag_user(tag), user);
			KUNIT_EXPECT_EQ(test, tag_words(tag), words);
			KUNIT_EXPECT_FALSE(test, fw_valid(tag));
		}
	}
	KUNIT_EXPECT_LE(test, FTRACE_RETSTACK_ALLOC_SIZE, TAG_WORDS_MASK);
	KUNIT_EXPECT_FALSE(test, tag_valid(0));
	/* Anything above the magic makes it no tag. */
	KUNIT_EXPECT_FALSE(test, tag_valid(tag_make(1, 1) | 1UL << 40));
}

/* Push a frame of @size words onto @stk at *@top, as fgraph.c lays it out. */
static void fgk_push(unsigned long *stk, int *top, unsigned long size)
{
	*top += size;
	stk[*top - 1] = fw_make(BIT(0), size, 7);
}

/* frame_base() walks down a stack of frames of any size, frame by frame. */
static void fgk_frame_walk(struct kunit *test)
{
	unsigned long *stk = kunit_kzalloc(test, FGRAPH_STACK_WORDS * sizeof(long),
					   GFP_KERNEL);
	static const unsigned long sizes[] = {
		FGRAPH_FRAME_WORDS, FGRAPH_FRAME_WORDS + 5, FGRAPH_FRAME_WORDS,
		FGRAPH_FRAME_WORDS + FTRACE_RETSTACK_ALLOC_SIZE + 1,
	};
	int bases[ARRAY_SIZE(sizes)];
	int top = FGRAPH_BASE, i;

	KUNIT_ASSERT_NOT_NULL(test, stk);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		bases[i] = top;
		fgk_push(stk, &top, sizes[i]);
	}
	for (i = ARRAY_SIZE(sizes) - 1; i >= 0; i--) {
		KUNIT_EXPECT_EQ(test, frame_base(stk, top), bases[i]);
		top = bases[i];
	}
	KUNIT_EXPECT_EQ(test, top, FGRAPH_BASE);
	KUNIT_EXPECT_EQ(test, frame_base(stk, top), -1);
}

/* What frame_base() refuses: a size past the stack's bottom, no magic. */
static void fgk_frame_walk_refuses(struct kunit *test)
{
	unsigned long *stk = kunit_kzalloc(test, FGRAPH_STACK_WORDS * sizeof(long),
					   GFP_KERNEL);
	int top = FGRAPH_BASE;

	KUNIT_ASSERT_NOT_NULL(test, stk);
	fgk_push(stk, &top, FGRAPH_FRAME_WORDS);
	KUNIT_EXPECT_EQ(test, frame_base(stk, top), FGRAPH_BASE);
	/* Bigger than what lies above the users' words. */
	stk[top - 1] = fw_make(0, FGRAPH_FRAME_WORDS + 1, 0);
	KUNIT_EXPECT_EQ(test, frame_base(stk, top), -1);
	/* Smaller than a header and a frame word. */
	stk[top - 1] = fw_make(0, FGRAPH_FRAME_WORDS - 1, 0);
	KUNIT_EXPECT_EQ(test, frame_base(stk, top), -1);
	/* A return address where the frame word should be. */
	stk[top - 1] = (unsigned long)fgk_frame_walk_refuses;
	KUNIT_EXPECT_EQ(test, frame_base(stk, top), -1);
	/* A top beyond the stack. */
	KUNIT_EXPECT_EQ(test, frame_base(stk, FGRAPH_STACK_WORDS + 1), -1);
}

static struct kunit_case fgraph_cases[] = {
	KUNIT_CASE(fgk_frame_word),
	KUNIT_CASE(fgk_not_frame_words),
	KUNIT_CASE(fgk_data_tag),
	KUNIT_CASE(fgk_frame_walk),
	KUNIT_CASE(fgk_frame_walk_refuses),
	{}
};

static struct kunit_suite fgraph_suite = {
	.name = "fgraph_frame",
	.test_cases = fgraph_cases,
};
kunit_test_suite(fgraph_suite);

MODULE_DESCRIPTION("KUnit tests of the graph core's shadow-stack words");
MODULE_LICENSE("GPL");
