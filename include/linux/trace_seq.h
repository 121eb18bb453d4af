/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

/*
 * trace_seq: a page-sized text buffer that event output is formatted into.
 * Writers append with trace_seq_printf() and friends; once it is full,
 * further writes are dropped and trace_seq_has_overflowed() says so, so a
 * caller can retry the whole record with more room.  The formatting
 * functions arrive with the tracing core.
 */

#include <linux/seq_buf.h>
#include <linux/types.h>

#include <asm/page.h>

#define TRACE_SEQ_BUFFER_SIZE	(PAGE_SIZE * 2 - \
	(sizeof(struct seq_buf) + sizeof(size_t) + sizeof(int)))

struct trace_seq {
	char			buffer[TRACE_SEQ_BUFFER_SIZE];
	struct seq_buf		seq;
	size_t			readpos;
	int			full;
};

static inline void trace_seq_init(struct trace_seq *s)
{
	seq_buf_init(&s->seq, s->buffer, TRACE_SEQ_BUFFER_SIZE);
	s->full = 0;
	s->readpos = 0;
}

/* Bytes written so far. */
static inline int trace_seq_used(struct trace_seq *s)
{
	return seq_buf_used(&s->seq);
}

/* Where the next byte would be written. */
static inline char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return s->buffer + seq_buf_used(&s->seq);
}

static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full || seq_buf_has_overflowed(&s->seq);
}

#endif /* _LINUX_TRACE_SEQ_H */
