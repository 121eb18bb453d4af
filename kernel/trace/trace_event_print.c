// SPDX-License-Identifier: GPL-2.0
/*
 * The output side of TRACE_EVENT(): what the printers an event's
 * TP_printk() expands to call at run time.
 *
 * trace_raw_output_prep() starts a record ("name: ") and
 * trace_event_printf() prints the event's format, with %p made %px
 * unless the array hashes pointers; trace_output_call() does both in
 * one call.  The __print_*() helpers
 * (__print_flags(), __print_symbolic(), __print_hex(), __print_array()...)
 * turn a field into text in the scratch trace_seq iter->tmp_seq and hand
 * back a string for the format's %s.
 *
 * This file holds no state and registers nothing: the events' printers
 * are registered through trace_event_types.c, and what goes in front of
 * the text (the context columns) and the output modes are trace_output.c's.
 */
#include <linux/ctype.h>
#include <linux/slab.h>

#include "trace.h"

/* Room on the stack for a rewritten format; longer ones use iter->fmt. */
#define EVENT_FMT_ON_STACK	256

/*
 * The format an event prints with.  Unless the array hashes pointers
 * (the hash-ptr option), a plain %p becomes %px.  The rewritten format
 * goes into @buf (EVENT_FMT_ON_STACK bytes) or, when longer, into
 * iter->fmt, which the reader frees; that is allocated only where the
 * printer may sleep (not for tp_printk or ftrace_dump()), and where it
 * cannot be had pointers stay hashed.
 */
static const char *event_format(struct trace_iterator *iter, const char *fmt,
				char *buf)
{
	unsigned int need = 1;
	char *start, *out;
	const char *f;

	if (!iter->tr || (iter->tr->flags & TRACE_ITER(HASH_PTR)))
		return fmt;

	for (f = fmt; *f; f++)
		need += (f[0] == '%' && f[1] == 'p') ? 2 : 1;

	if (need <= EVENT_FMT_ON_STACK) {
		start = buf;
	} else if (need <= iter->fmt_size) {
		start = iter->fmt;
	} else {
		if (!preemptible())
			return fmt;
		start = krealloc(iter->fmt, need, GFP_KERNEL);
		if (!start)
			return fmt;
		iter->fmt = start;
		iter->fmt_size = need;
	}

	for (f = fmt, out = start; *f; f++) {
		*out++ = *f;
		if (*f != '%')
			continue;
		if (f[1] == '%') {
			*out++ = *++f;
		} else if (f[1] == 'p' && !isalnum(f[2])) {
			*out++ = *++f;
			*out++ = 'x';
		}
	}
	*out = '\0';
	return start;
}

/**
 * trace_raw_output_prep - start printing an event's record
 * @iter: the reader; iter->ent is the record
 * @trace_event: the event's trace_event (inside its trace_event_call)
 *
 * Writes "<event name>: " and empties iter->tmp_seq for the __print_*()
 * helpers of the event's TP_printk().
 *
 * Return: TRACE_TYPE_HANDLED to go on, or what to return instead: the
 * record is not of this event (TRACE_TYPE_UNHANDLED), or iter->seq is
 * full (TRACE_TYPE_PARTIAL_LINE).
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *trace_event)
{
	struct trace_event_call *call =
		container_of(trace_event, struct trace_event_call, event);

	if (WARN_ON_ONCE(iter->ent->type != trace_event->type))
		return TRACE_TYPE_UNHANDLED;

	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/**
 * trace_event_printf - print an event's TP_printk() into iter->seq
 * @iter: the reader
 * @fmt: the event's format
 *
 * %p in @fmt prints the raw address when the array does not hash pointers.
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	char buf[EVENT_FMT_ON_STACK];
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, event_format(iter, fmt, buf), ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_output_call - print a record as "<name>: <text>"
 * @iter: the reader
 * @name: the name to print in front
 * @fmt: format of the text
 *
 * Return: TRACE_TYPE_PARTIAL_LINE if iter->seq overflowed, otherwise
 * TRACE_TYPE_HANDLED.
 */
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
{
	struct trace_seq *s = &iter->seq;
	char buf[EVENT_FMT_ON_STACK];
	va_list ap;

	trace_seq_printf(s, "%s: ", name);
	va_start(ap, fmt);
	trace_seq_vprintf(s, event_format(iter, fmt, buf), ap);
	va_end(ap);
	return trace_handle_return(s);
}
EXPORT_SYMBOL_GPL(trace_output_call);

/*
 * The __print_*() helpers append a NUL-terminated text to the scratch
 * trace_seq and return where it starts.  If the scratch buffer ran full
 * the text may be cut anywhere, so they return "" then.
 */
static const char *scratch_text(struct trace_seq *p, const char *start)
{
	trace_seq_putc(p, '\0');
	return trace_seq_has_overflowed(p) ? "" : start;
}

/**
 * trace_print_flags_seq - the names of the flags set in a value
 * @p: scratch trace_seq
 * @delim: put between two names (may be NULL)
 * @flags: the value
 * @flag_array: masks and their names, ended by a NULL name
 *
 * Each mask all of whose bits are still set in @flags prints its name and
 * takes its bits out; bits no mask took print as one hex number.
 *
 * Return: the text.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	const char *sep = "";

	for (; flag_array->name && flags; flag_array++) {
		if ((flags & flag_array->mask) != flag_array->mask)
			continue;
		flags &= ~flag_array->mask;
		trace_seq_printf(p, "%s%s", sep, flag_array->name);
		sep = delim ? delim : "";
	}
	if (flags)
		trace_seq_printf(p, "%s0x%lx", sep, flags);
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq - the name of a value
 * @p: scratch trace_seq
 * @val: the value
 * @symbol_array: values and their names, ended by a NULL name
 *
 * Return: the name of the first entry equal to @val, or @val in hex.
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *start = trace_seq_buffer_ptr(p);

	for (; symbol_array->name; symbol_array++) {
		if (symbol_array->mask == val) {
			trace_seq_puts(p, symbol_array->name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == start)
		trace_seq_printf(p, "0x%lx", val);
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
/**
 * trace_print_flags_seq_u64 - trace_print_flags_seq() for 64-bit values
 * @p: scratch trace_seq
 * @delim: put between two names (may be NULL)
 * @flags: the value
 * @flag_array: masks and their names, ended by a NULL name
 *
 * Return: the text.
 */
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
		      unsigned long long flags,
		      const struct trace_print_flags_u64 *flag_array)
{
	const char *start = trace_seq_buffer_ptr(p);
	const char *sep = "";

	for (; flag_array->name && flags; flag_array++) {
		if ((flags & flag_array->mask) != flag_array->mask)
			continue;
		flags &= ~flag_array->mask;
		trace_seq_printf(p, "%s%s", sep, flag_array->name);
		sep = delim ? delim : "";
	}
	if (flags)
		trace_seq_printf(p, "%s0x%llx", sep, flags);
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

/**
 * trace_print_symbols_seq_u64 - trace_print_symbols_seq() for 64-bit values
 * @p: scratch trace_seq
 * @val: the value
 * @symbol_array: values and their names, ended by a NULL name
 *
 * Return: the name of the first entry equal to @val, or @val in hex.
 */
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *start = trace_seq_buffer_ptr(p);

	for (; symbol_array->name; symbol_array++) {
		if (symbol_array->mask == val) {
			trace_seq_puts(p, symbol_array->name);
			break;
		}
	}
	if (trace_seq_buffer_ptr(p) == start)
		trace_seq_printf(p, "0x%llx", val);
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq - a bitmask as a list of hex words ("%*pb")
 * @p: scratch trace_seq
 * @bitmask_ptr: the bitmask
 * @bitmask_size: its size in bytes
 *
 * Return: the text.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, bitmask_size * BITS_PER_BYTE);
	return scratch_text(p, start);
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq - bytes in hex
 * @p: scratch trace_seq
 * @buf: the bytes
 * @len: how many
 * @concatenate: no space between two bytes
 *
 * Return: the text.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int len, bool concatenate)
{
	const char *start = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; i < len; i++)
		trace_seq_printf(p, (concatenate || !i) ? "%02x" : " %02x",
				 buf[i]);
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_hex_seq);

/**
 * trace_print_array_seq - an array of integers as "{0x1,0x2,...}"
 * @p: scratch trace_seq
 * @buf: the array
 * @count: number of elements
 * @el_size: bytes per element: 1, 2, 4 or 8
 *
 * Return: the text.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *start = trace_seq_buffer_ptr(p);
	const u8 *at = buf, *end = at + count * el_size;
	const char *sep = "";

	trace_seq_putc(p, '{');
	while (at < end) {
		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", sep, *at);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)at);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)at);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)at);
			break;
		default:
			/* Say so, and go on byte by byte. */
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size, *at);
			el_size = 1;
			break;
		}
		sep = ",";
		at += el_size;
	}
	trace_seq_putc(p, '}');
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq - a hex dump, on lines of its own
 * @p: scratch trace_seq
 * @prefix_str: put in front of each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line, 16 or 32
 * @groupsize: bytes printed as one number
 * @buf: the data
 * @len: its length
 * @ascii: also print the bytes as characters
 *
 * Return: the text: a newline, then the dump as print_hex_dump() lays it
 * out.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *start = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	return scratch_text(p, start);
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);
