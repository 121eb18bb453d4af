/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words of a shadow stack's frames (fgraph.c), named: the frame word
 * that ends every frame, and the tag that ends each data record a user
 * keeps in it.  Here, rather than in fgraph.c, so that the KUnit tests
 * beside it (fgraph_kunit.c) check the same encodings the core uses.
 *
 * A frame, from its first word up:
 *
 *	struct ftrace_ret_stack		FGRAPH_HDR_WORDS words
 *	data records			each: its words, then its tag
 *	frame word			users, size, magic, epoch
 *
 * The frame word:  bits  0-15  the users that want the return (one a slot)
 *                        16-25  the frame's size in words, the word included
 *                        26-31  FW_MAGIC
 *                        32-63  the epoch it was pushed in
 * A data tag:      bits  0-7   the user
 *                         8-15  the record's words, the tag left out
 *                        16-31  TAG_MAGIC
 */
#ifndef _KERNEL_TRACE_FGRAPH_FRAME_H
#define _KERNEL_TRACE_FGRAPH_FRAME_H

#include <linux/bits.h>
#include <linux/compiler.h>
#include <linux/ftrace.h>

/* A shadow stack's words, and the first word of its frames. */
#define FGRAPH_STACK_WORDS	(PAGE_SIZE / sizeof(unsigned long))
#define FGRAPH_BASE		FGRAPH_ARRAY_SIZE

#define FGRAPH_HDR_WORDS	(sizeof(struct ftrace_ret_stack) / sizeof(unsigned long))
/* The smallest frame: the header and the frame word. */
#define FGRAPH_FRAME_WORDS	(FGRAPH_HDR_WORDS + 1)

#define FW_USERS		GENMASK(15, 0)
#define FW_SIZE_SHIFT		16
#define FW_SIZE_MASK		0x3ffUL
#define FW_MAGIC_SHIFT		26
#define FW_MAGIC_MASK		0x3fUL
#define FW_MAGIC		0x2bUL
#define FW_EPOCH_SHIFT		32

#define TAG_USER_MASK		0xffUL
#define TAG_WORDS_SHIFT		8
#define TAG_WORDS_MASK		0xffUL
#define TAG_MAGIC_SHIFT		16
#define TAG_MAGIC		0xf9a7UL

static inline unsigned long fw_make(unsigned long users, unsigned long size,
				    u32 epoch)
{
	return users | size << FW_SIZE_SHIFT | FW_MAGIC << FW_MAGIC_SHIFT |
	       (unsigned long)epoch << FW_EPOCH_SHIFT;
}

static inline unsigned long fw_size(unsigned long fw)
{
	return (fw >> FW_SIZE_SHIFT) & FW_SIZE_MASK;
}

static inline u32 fw_epoch(unsigned long fw)
{
	return fw >> FW_EPOCH_SHIFT;
}

/* Does @fw carry a frame word's magic? */
static inline bool fw_valid(unsigned long fw)
{
	return ((fw >> FW_MAGIC_SHIFT) & FW_MAGIC_MASK) == FW_MAGIC;
}

static inline unsigned long tag_make(unsigned int user, unsigned int words)
{
	return user | (unsigned long)words << TAG_WORDS_SHIFT |
	       TAG_MAGIC << TAG_MAGIC_SHIFT;
}

static inline unsigned int tag_user(unsigned long tag)
{
	return tag & TAG_USER_MASK;
}

static inline unsigned int tag_words(unsigned long tag)
{
	return (tag >> TAG_WORDS_SHIFT) & TAG_WORDS_MASK;
}

/* Is @tag a data tag (its magic, and nothing above it)? */
static inline bool tag_valid(unsigned long tag)
{
	return (tag >> TAG_MAGIC_SHIFT) == TAG_MAGIC;
}

/*
 * The first word of the frame whose frame word is at @top - 1, or -1
 * when the words there do not make a frame of a stack of @top words.
 */
static inline int frame_base(const unsigned long *stk, int top)
{
	unsigned long fw, size;

	if (top < FGRAPH_BASE + (int)FGRAPH_FRAME_WORDS || top > FGRAPH_STACK_WORDS)
		return -1;
	fw = READ_ONCE(stk[top - 1]);
	size = fw_size(fw);
	if (!fw_valid(fw) || size < FGRAPH_FRAME_WORDS || size > top - FGRAPH_BASE)
		return -1;
	return top - size;
}

static inline struct ftrace_ret_stack *frame_at(unsigned long *stk, int base)
{
	return (struct ftrace_ret_stack *)&stk[base];
}

#endif /* _KERNEL_TRACE_FGRAPH_FRAME_H */
