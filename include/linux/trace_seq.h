/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

/*
 * trace_seq: an 8 KiB text buffer (struct and all) that event output is
 * formatted into, one record at a time.  Writers append with
 * trace_seq_printf() and friends.  A write either lands whole or not at
 * all: one that does not fit leaves the buffer as it was and marks it
 * full, after which every write is dropped and trace_seq_has_overflowed()
 * says so, so that the caller can retry the whole record with more room.
 *
 * A trace_seq that is all zeroes is valid: the first write sets it up.
 * Readers take the text out with trace_print_seq() (into a seq_file) or
 * trace_seq_to_user(), which remembers how far it got in readpos.
 */

#include <linux/seq_buf.h>
#include <linux/types.h>

#include <asm/page.h>

struct seq_file;
struct path;

#define TRACE_SEQ_SIZE		(PAGE_SIZE * 2)
#define TRACE_SEQ_BUFFER_SIZE	(TRACE_SEQ_SIZE - \
	(sizeof(struct seq_buf) + sizeof(size_t) + sizeof(int)))

struct trace_seq {
	char			buffer[TRACE_SEQ_BUFFER_SIZE];
	struct seq_buf		seq;
	size_t			readpos;	/* next byte for trace_seq_to_user() */
	int			full;		/* a write did not fit */
};

/* Empties @s (and sets it up, if it is new). */
static inline void trace_seq_init(struct trace_seq *s)
{
	seq_buf_init(&s->seq, s->buffer, TRACE_SEQ_BUFFER_SIZE);
	s->full = 0;
	s->readpos = 0;
}

/*
 * Bytes written so far.  Use this, never s->seq.len, to copy the text
 * elsewhere: seq.len goes past the end of the buffer on overflow.
 */
static inline int trace_seq_used(struct trace_seq *s)
{
	return seq_buf_used(&s->seq);
}

/*
 * Where the next byte would be written: a printer remembers it to return
 * the start of the text it is about to add.
 */
static inline char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return s->buffer + seq_buf_used(&s->seq);
}

/* Did a write not fit?  Then nothing more is taken until trace_seq_init(). */
static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full || seq_buf_has_overflowed(&s->seq);
}

#ifdef CONFIG_TRACING

__printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
__printf(2, 0)
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args);
__printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary);
int trace_print_seq(struct seq_file *m, struct trace_seq *s);
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len);
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len);
int trace_seq_path(struct trace_seq *s, const struct path *path);
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits);
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii);
char *trace_seq_acquire(struct trace_seq *s, unsigned int len);

#else /* !CONFIG_TRACING: nothing formats trace output */

static inline __printf(2, 3)
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
}

static inline __printf(2, 0)
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
}

static inline __printf(2, 0)
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
}

static inline int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	return 0;
}

static inline int trace_seq_to_user(struct trace_seq *s, char __user *ubuf,
				    int cnt)
{
	return 0;
}

static inline void trace_seq_puts(struct trace_seq *s, const char *str)
{
}

static inline void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
}

static inline void trace_seq_putmem(struct trace_seq *s, const void *mem,
				    unsigned int len)
{
}

static inline void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
					unsigned int len)
{
}

static inline int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	return 0;
}

static inline void trace_seq_bitmask(struct trace_seq *s,
				     const unsigned long *maskp, int nmaskbits)
{
}

static inline int trace_seq_hex_dump(struct trace_seq *s,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	return 0;
}

static inline char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	return NULL;
}

#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_SEQ_H */
