// SPDX-License-Identifier: GPL-2.0
/*
 * The trace_seq text buffer (see include/linux/trace_seq.h).
 *
 * Every writer here is the same three steps on top of seq_buf: refuse if
 * the buffer is already full, let seq_buf append, and if seq_buf ran out
 * of room, cut the text back to where it was and mark the buffer full.
 * A record is thus either printed whole or not at all, and the caller
 * learns which from trace_seq_has_overflowed().
 */
#include <linux/export.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

/*
 * Start a write: false if @s takes no more.  A zero-filled trace_seq is
 * set up here, so that one embedded in zeroed memory needs no init.
 * Returns the length to roll back to through @mark.
 */
static bool ts_begin(struct trace_seq *s, unsigned int *mark)
{
	if (s->full)
		return false;
	if (unlikely(!s->seq.size))
		trace_seq_init(s);
	*mark = s->seq.len;
	return true;
}

/* Finish a write: undo it if it did not fit.  True if it landed. */
static bool ts_end(struct trace_seq *s, unsigned int mark)
{
	if (likely(!seq_buf_has_overflowed(&s->seq)))
		return true;
	s->seq.len = mark;
	s->full = 1;
	return false;
}

/**
 * trace_seq_printf - append formatted text to a trace_seq
 * @s: the trace_seq to write to
 * @fmt: printf() format
 *
 * Appends the text, or nothing at all if it does not fit; in that case
 * @s is marked full and takes no further writes (see
 * trace_seq_has_overflowed()).
 */
void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	unsigned int mark;
	va_list args;

	if (!ts_begin(s, &mark))
		return;
	va_start(args, fmt);
	seq_buf_vprintf(&s->seq, fmt, args);
	va_end(args);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

/**
 * trace_seq_vprintf - append formatted text to a trace_seq, va_list form
 * @s: the trace_seq to write to
 * @fmt: printf() format
 * @args: the arguments of @fmt
 *
 * Like trace_seq_printf(): all of the text or none of it.
 */
void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_vprintf(&s->seq, fmt, args);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

/**
 * trace_seq_bprintf - append text formatted from packed binary arguments
 * @s: the trace_seq to write to
 * @fmt: the format the arguments were packed for
 * @binary: the arguments, as vbin_printf() packed them into 32-bit words
 *
 * Fast paths record a format and its raw arguments rather than text;
 * this does the formatting when the record is read.  All of the text or
 * none of it, as with trace_seq_printf().
 */
void trace_seq_bprintf(struct trace_seq *s, const char *fmt, const u32 *binary)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_bprintf(&s->seq, fmt, binary);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_bprintf);

/**
 * trace_seq_bitmask - append a bitmask as hex words
 * @s: the trace_seq to write to
 * @maskp: the bitmask
 * @nmaskbits: how many bits of @maskp are valid
 *
 * Writes the mask the way "%*pb" prints it: comma-separated 32-bit hex
 * words, most significant first.  All of it or nothing.
 */
void trace_seq_bitmask(struct trace_seq *s, const unsigned long *maskp,
		       int nmaskbits)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_printf(&s->seq, "%*pb", nmaskbits, maskp);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_bitmask);

/**
 * trace_seq_puts - append a string to a trace_seq
 * @s: the trace_seq to write to
 * @str: NUL-terminated string
 *
 * Appends @str without its NUL, or nothing if it does not fit.
 */
void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_putmem(s, str, strlen(str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

/**
 * trace_seq_putc - append one character to a trace_seq
 * @s: the trace_seq to write to
 * @c: the character
 */
void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_putc(&s->seq, c);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);

/**
 * trace_seq_putmem - append raw bytes to a trace_seq
 * @s: the trace_seq to write to
 * @mem: the bytes
 * @len: how many
 *
 * For binary output and text that is not NUL-terminated.  All @len
 * bytes or none.
 */
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_putmem(&s->seq, mem, len);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

/**
 * trace_seq_putmem_hex - append memory as hex digits
 * @s: the trace_seq to write to
 * @mem: the bytes
 * @len: how many
 *
 * Each chunk of up to 8 bytes is written as one number in the CPU's byte
 * order (so a field of up to 8 bytes reads as its value), followed by a
 * space.  All of it or nothing.
 */
void trace_seq_putmem_hex(struct trace_seq *s, const void *mem,
			  unsigned int len)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return;
	seq_buf_putmem_hex(&s->seq, mem, len);
	ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_putmem_hex);

/**
 * trace_seq_path - append the name of a path
 * @s: the trace_seq to write to
 * @path: the path
 *
 * Newlines in the name are escaped as "\012".
 *
 * Return: 1 if the name was written, 0 if it did not fit (nothing is
 * written then).
 */
int trace_seq_path(struct trace_seq *s, const struct path *path)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return 0;
	seq_buf_path(&s->seq, path, "\n");
	return ts_end(s, mark);
}
EXPORT_SYMBOL_GPL(trace_seq_path);

/**
 * trace_seq_hex_dump - append a hex dump in print_hex_dump()'s layout
 * @s: the trace_seq to write to
 * @prefix_str: text that starts each line
 * @prefix_type: DUMP_PREFIX_NONE, DUMP_PREFIX_OFFSET or DUMP_PREFIX_ADDRESS
 * @rowsize: bytes a line (16 or 32)
 * @groupsize: bytes a group (1, 2, 4 or 8)
 * @buf: the data
 * @len: its length
 * @ascii: also print the bytes as text at the end of each line
 *
 * Return: 1 if the whole dump was written, 0 if it did not fit (nothing
 * is written then).
 */
int trace_seq_hex_dump(struct trace_seq *s, const char *prefix_str,
		       int prefix_type, int rowsize, int groupsize,
		       const void *buf, size_t len, bool ascii)
{
	unsigned int mark;

	if (!ts_begin(s, &mark))
		return 0;
	seq_buf_hex_dump(&s->seq, prefix_str, prefix_type, rowsize, groupsize,
			 buf, len, ascii);
	return ts_end(s, mark);
}
EXPORT_SYMBOL(trace_seq_hex_dump);

/**
 * trace_seq_acquire - reserve room in a trace_seq to write into directly
 * @s: the trace_seq
 * @len: bytes to reserve
 *
 * For printers that build text in place (__get_buf() of event output):
 * the @len bytes at the returned address now belong to the text.  An
 * output function may call this several times.
 *
 * Return: where the reserved bytes start.  If @len bytes are not left,
 * this warns, marks @s full and reserves nothing; the address returned
 * then is only good for the bytes that are left.
 */
char *trace_seq_acquire(struct trace_seq *s, unsigned int len)
{
	char *start = trace_seq_buffer_ptr(s);

	if (WARN_ON_ONCE(seq_buf_buffer_left(&s->seq) < len))
		s->full = 1;
	else
		seq_buf_commit(&s->seq, len);
	return start;
}
EXPORT_SYMBOL(trace_seq_acquire);

/**
 * trace_print_seq - move the text of a trace_seq into a seq_file
 * @m: the seq_file
 * @s: the trace_seq
 *
 * On success @s is emptied for the next record.  If the seq_file has no
 * room, @s is left as it is so that the caller can offer it again.
 *
 * Return: 0 on success, -1 if the seq_file had no room.
 */
int trace_print_seq(struct seq_file *m, struct trace_seq *s)
{
	int ret;

	if (unlikely(!s->seq.size))
		trace_seq_init(s);
	ret = seq_buf_print_seq(m, &s->seq);
	if (!ret)
		trace_seq_init(s);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_print_seq);

/**
 * trace_seq_to_user - copy the unread text of a trace_seq to user space
 * @s: the trace_seq
 * @ubuf: user buffer
 * @cnt: its size
 *
 * Copies from where the last call stopped (s->readpos) up to @cnt bytes,
 * and moves readpos past them, so a record can be read in pieces.
 *
 * Return: bytes copied, 0 if @cnt is 0, -EBUSY if everything has been
 * read already (or there is nothing), -EFAULT if nothing could be copied.
 */
int trace_seq_to_user(struct trace_seq *s, char __user *ubuf, int cnt)
{
	int copied;

	if (unlikely(!s->seq.size))
		trace_seq_init(s);
	copied = seq_buf_to_user(&s->seq, ubuf, s->readpos, cnt);
	if (copied > 0)
		s->readpos += copied;
	return copied;
}
EXPORT_SYMBOL_GPL(trace_seq_to_user);
