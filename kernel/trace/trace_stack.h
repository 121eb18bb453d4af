/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack tracer's record (trace_stack.c), and how a stack trace is laid
 * on the stack it came from: shared with its KUnit test.
 *
 * Words used here:
 *   top     one past the highest word of the task's stack (the stack
 *           grows down from it)
 *   depth   of a word of the stack: the bytes from that word (itself
 *           included) up to the top
 *   frame   a return address the unwinder reported, with the depth of
 *           the word that holds it; the frame's size is its depth less
 *           the depth of the frame above it (the caller's)
 */
#ifndef _KERNEL_TRACE_TRACE_STACK_H
#define _KERNEL_TRACE_TRACE_STACK_H

#include <linux/compiler.h>
#include <linux/types.h>

/*
 * The most frames a record keeps.  x86-64's 16 KiB stack (32 KiB with
 * KASAN) holds 2,048 words or more; a trace that deep is made of
 * recursion, whose first 512 frames say it.
 */
#define STACK_RECORD_FRAMES	512

/* The deepest stack seen: frame 0 is the traced function's. */
struct stack_record {
	unsigned int	nr;
	unsigned long	max;	/* frame 0's depth, as stack_max_size shows */
	unsigned long	call[STACK_RECORD_FRAMES];
	unsigned int	depth[STACK_RECORD_FRAMES];
};

/**
 * stack_place_frames - find each reported return address on the stack
 * @call: the return addresses, innermost first; the ones kept are moved
 *	to the front, in order
 * @depth: filled in for each one kept
 * @n: how many @call holds
 * @from: the lowest word to look at
 * @keep: the lowest word whose frames are kept
 * @top: one past the highest word
 *
 * Each address is looked for from just above where the one before it was
 * found, starting at @from; one that is not there (an unwinder's guess, or
 * a frame that has been left since) is dropped.  Frames found below @keep
 * are the caller's own (the tracer's, the trampoline's, the traced
 * function's return into its fentry call): they are walked over, so that
 * an older copy of an address higher up is not taken for them, and
 * dropped.  Words are read without KASAN's checks: they belong to frames
 * other than ours.
 *
 * Return: how many were kept.
 */
static inline unsigned int stack_place_frames(unsigned long *call,
					      unsigned int *depth,
					      unsigned int n,
					      const unsigned long *from,
					      const unsigned long *keep,
					      const unsigned long *top)
{
	const unsigned long *p;
	unsigned int i, kept = 0;

	for (i = 0; i < n; i++) {
		for (p = from; p < top; p++)
			if (READ_ONCE_NOCHECK(*p) == call[i])
				break;
		if (p == top)
			continue;
		from = p + 1;
		if (p < keep)
			continue;
		call[kept] = call[i];
		depth[kept++] = (top - p) * sizeof(*p);
	}
	return kept;
}

#endif /* _KERNEL_TRACE_TRACE_STACK_H */
