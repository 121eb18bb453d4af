/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events of the tev_sample module: a guided tour of the TRACE_EVENT()
 * header language, one event for each kind of field and each form.
 *
 * Every event here is fired by tev_sample.c with values computed from one
 * number N (written to the module's "fire" parameter), so that a test can
 * predict each printed field; the comment above each event says how its
 * values follow from N.
 *
 * How this file is read: like every event header, it is included once
 * plainly (the declarations of the trace_<event>() functions) and, by the
 * one C file that defines CREATE_TRACE_POINTS, many more times by
 * <trace/define_trace.h>, each time with the macros below meaning something
 * else (the tracepoint, the record layout, the output function, the field
 * list of the format file...).  That is why the guard lets the file through
 * again when TRACE_HEADER_MULTI_READ is set, and why plain C definitions
 * (types, constants, prototypes) sit in a section of their own that is only
 * compiled once.
 *
 * Left out on purpose: TRACE_EVENT_FLAGS() and TRACE_EVENT_PERF_PERM()
 * register an initcall, which a module cannot have next to its own
 * module_init(); __field_packed() is not in 6.12's language; __get_buf()
 * and __perf_task() are for output helpers and scheduler events.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tev-sample

/*
 * The system name appears in events/tev-sample/ and in "tev-sample:event"
 * for set_event.  A dash is fine there but not in a C identifier, and the
 * stages build identifiers from the system name: TRACE_SYSTEM_VAR gives the
 * spelling for C.
 */
#undef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR tev_sample

#if !defined(_TEV_SAMPLE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TEV_SAMPLE_TRACE_H

#include <linux/tracepoint.h>
#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/printk.h>

#ifndef _TEV_SAMPLE_TYPES_ONCE
#define _TEV_SAMPLE_TYPES_ONCE

/*
 * Enumerators reach user space as names in a format file's print fmt or
 * field types; TRACE_DEFINE_ENUM() below tells the event layer their
 * values, and it rewrites the names into numbers when the module loads.
 */
enum tev_color {
	TEV_RED = 10,
	TEV_GREEN,
	TEV_BLUE,
};

enum {
	TEV_TAG_LEN	= 8,	/* bytes in tev_array's tag */
	TEV_NVALS	= 3,	/* entries in tev_array's vals */
};

/* Plain macros are expanded by the preprocessor before a pass sees them. */
#define TEV_F_READ	0x1
#define TEV_F_WRITE	0x2
#define TEV_F_SYNC	0x8
#define TEV_F_NOWAIT	0x10

#define TEV_W_LOW	0x1ULL
#define TEV_W_HIGH	0x100000000ULL

#define TEV_M_SMALL	0x10ULL
#define TEV_M_HUGE	0x1000000000ULL

/* Jobs of tev_job_big are "big" from this size on. */
#define TEV_BIG_JOB	4096

/*
 * A small structure recorded whole by __field_struct().  No padding: every
 * byte of it in the record is written, so tools reading the record raw see
 * the same bytes each time.
 */
struct tev_span {
	u32	start;
	u16	len;
	u8	kind;
	u8	tries;
};

/* The callbacks of the _FN events (tev_sample.c). */
int tev_tick_reg(void);
void tev_tick_unreg(void);
int tev_tock_reg(void);
void tev_tock_unreg(void);
int tev_watch_reg(void);
void tev_watch_unreg(void);

#endif /* _TEV_SAMPLE_TYPES_ONCE */

TRACE_DEFINE_ENUM(TEV_RED);
TRACE_DEFINE_ENUM(TEV_GREEN);
TRACE_DEFINE_ENUM(TEV_BLUE);
TRACE_DEFINE_ENUM(TEV_TAG_LEN);
TRACE_DEFINE_ENUM(TEV_NVALS);
TRACE_DEFINE_SIZEOF(s32);

/*
 * Scalars, signed and unsigned, of every width.  The record pads where C
 * would: the format file shows each field's offset, size and signedness.
 * For N: neg8 = -(N % 128), pos8 = 0x80 | N, neg16 = -(700 * N),
 * pos16 = 0xf000 | N, neg32 = -(100000 * N), pos32 = 0xfedc0000 | N,
 * neg_long = -(N << 32), pos64 = N << 48 | N, odd = N & 1,
 * letter = 'a' + N % 26, neg64 = S64_MIN + N (all truncated to the type).
 */
TRACE_EVENT(tev_scalars,

	TP_PROTO(u32 n),

	TP_ARGS(n),

	TP_STRUCT__entry(
		__field(s8,		neg8)
		__field(u8,		pos8)
		__field(short,		neg16)
		__field(unsigned short,	pos16)
		__field(int,		neg32)
		__field(unsigned int,	pos32)
		__field(long,		neg_long)
		__field(u64,		pos64)
		__field(bool,		odd)
		__field(char,		letter)
		__field(s64,		neg64)
	),

	TP_fast_assign(
		__entry->neg8		= -(s8)(n % 128);
		__entry->pos8		= 0x80 | n;
		__entry->neg16		= -(short)(700 * n);
		__entry->pos16		= 0xf000 | n;
		__entry->neg32		= -(int)(100000 * n);
		__entry->pos32		= 0xfedc0000 | n;
		__entry->neg_long	= -((long)n << 32);
		__entry->pos64		= (u64)n << 48 | n;
		__entry->odd		= n & 1;
		__entry->letter		= 'a' + n % 26;
		__entry->neg64		= S64_MIN + n;
	),

	TP_printk("neg8=%d pos8=%u neg16=%d pos16=%u neg32=%d pos32=%#x neg_long=%ld pos64=%#llx odd=%d letter=%c neg64=%lld",
		  __entry->neg8, __entry->pos8, __entry->neg16, __entry->pos16,
		  __entry->neg32, __entry->pos32, __entry->neg_long,
		  __entry->pos64, __entry->odd, __entry->letter, __entry->neg64)
);

/*
 * A structure as one field (__field_struct: never "signed"), and the _ext
 * forms that also name the filter type of the field.
 * For N: span = { N * 1000, N + 8, N % 7, N % 5 }, prio = N % 40 - 20,
 * next = { span.start + span.len, 2 * span.len, span.kind + 1,
 * span.tries + 1 }.
 */
TRACE_EVENT(tev_struct,

	TP_PROTO(const struct tev_span *span, s8 prio),

	TP_ARGS(span, prio),

	TP_STRUCT__entry(
		__field_struct(struct tev_span, span)
		__field_ext(s8, prio, FILTER_OTHER)
		__field_struct_ext(struct tev_span, next, FILTER_OTHER)
	),

	TP_fast_assign(
		__entry->span		= *span;
		__entry->prio		= prio;
		__entry->next.start	= span->start + span->len;
		__entry->next.len	= 2 * span->len;
		__entry->next.kind	= span->kind + 1;
		__entry->next.tries	= span->tries + 1;
	),

	TP_printk("span=%u+%u kind=%u tries=%u prio=%d next=%u+%u kind=%u tries=%u",
		  __entry->span.start, __entry->span.len, __entry->span.kind,
		  __entry->span.tries, __entry->prio, __entry->next.start,
		  __entry->next.len, __entry->next.kind, __entry->next.tries)
);

/*
 * Fixed-size arrays, two of them sized by enumerators (the format file
 * first says "char[TEV_TAG_LEN]", then the number once the enum map is
 * applied), printed as a string, as hex bytes and as an array.
 * For N: tag = "t" N, raw[i] = 0xa0 + N % 16 + 0x10 * i, vals = { -N, 0, N }.
 */
TRACE_EVENT(tev_array,

	TP_PROTO(u32 n),

	TP_ARGS(n),

	TP_STRUCT__entry(
		__array(char,	tag,	TEV_TAG_LEN)
		__array(u8,	raw,	6)
		__array(s32,	vals,	TEV_NVALS)
	),

	TP_fast_assign(
		int i;

		snprintf(__entry->tag, TEV_TAG_LEN, "t%u", n);
		for (i = 0; i < 6; i++)
			__entry->raw[i] = 0xa0 + (n & 0xf) + 0x10 * i;
		for (i = 0; i < TEV_NVALS; i++)
			__entry->vals[i] = (i - 1) * (s32)n;
	),

	TP_printk("tag=%s raw=%s hex=%s vals=%s", __entry->tag,
		  __print_hex(__entry->raw, 6),
		  __print_hex_str(__entry->raw, 6),
		  __print_array(__entry->vals, TEV_NVALS, sizeof(s32)))
);

/*
 * Arrays whose length is known only when the event fires: the record holds
 * a 32-bit data_loc (length << 16 | offset from the record's start) and
 * the data itself after the fixed fields.
 * For N: N % 4 + 1 words, words[i] = 1000 * N + i; 5 bytes,
 * blob[i] = 0x80 | (N + i).
 */
TRACE_EVENT(tev_dynarray,

	TP_PROTO(const u16 *words, unsigned int nwords,
		 const u8 *blob, unsigned int nblob),

	TP_ARGS(words, nwords, blob, nblob),

	TP_STRUCT__entry(
		__dynamic_array(u16,	words,	nwords)
		__dynamic_array(u8,	blob,	nblob)
	),

	TP_fast_assign(
		memcpy(__get_dynamic_array(words), words, nwords * sizeof(u16));
		memcpy(__get_dynamic_array(blob), blob, nblob);
	),

	TP_printk("nwords=%u words=%s blob=%s",
		  __get_dynamic_array_len(words) / 2,
		  __print_dynamic_array(words, 2),
		  __print_hex(__get_dynamic_array(blob),
			      __get_dynamic_array_len(blob)))
);

/*
 * Strings, copied whole into the record; a NULL source records "(null)".
 * For N: name = "sampler-" N, note = "odd" for odd N and NULL for even N.
 */
TRACE_EVENT(tev_string,

	TP_PROTO(u32 n, const char *name, const char *note),

	TP_ARGS(n, name, note),

	TP_STRUCT__entry(
		__field(u32,	n)
		__string(name,	name)
		__string(note,	note)
	),

	TP_fast_assign(
		__entry->n = n;
		__assign_str(name);
		__assign_str(note);
	),

	TP_printk("n=%u name=%s note=%s", __entry->n, __get_str(name),
		  __get_str(note))
);

/*
 * The first len bytes of a longer, unterminated buffer, recorded as a
 * string.  For N: the first N % 20 + 3 letters of the alphabet.
 */
TRACE_EVENT(tev_string_len,

	TP_PROTO(const char *text, unsigned int len),

	TP_ARGS(text, len),

	TP_STRUCT__entry(
		__field(unsigned int,	len)
		__string_len(head,	text,	len)
	),

	TP_fast_assign(
		__entry->len = len;
		__assign_str(head);
	),

	TP_printk("len=%u head=%s", __entry->len, __get_str(head))
);

/*
 * A string made from a format and its arguments (a struct va_format, as
 * printk's %pV takes), sized when the event fires.
 * For N: "N is odd" or "N is even".
 */
TRACE_EVENT(tev_vstring,

	TP_PROTO(u32 n, struct va_format *vaf),

	TP_ARGS(n, vaf),

	TP_STRUCT__entry(
		__field(u32,	n)
		__vstring(msg,	vaf->fmt,	vaf->va)
	),

	TP_fast_assign(
		__entry->n = n;
		__assign_vstr(msg, vaf->fmt, vaf->va);
	),

	TP_printk("n=%u msg=%s", __entry->n, __get_str(msg))
);

/*
 * A bitmap of nbits bits, stored in whole longs and printed as 32-bit
 * hex groups, most significant first.
 * For N: 72 bits with bits 0, N % 72 and 71 set.
 */
TRACE_EVENT(tev_bitmask,

	TP_PROTO(const unsigned long *bits, unsigned int nbits),

	TP_ARGS(bits, nbits),

	TP_STRUCT__entry(
		__field(unsigned int,	nbits)
		__bitmask(map,		nbits)
	),

	TP_fast_assign(
		__entry->nbits = nbits;
		__assign_bitmask(map, bits, nbits);
	),

	TP_printk("nbits=%u map=%s", __entry->nbits, __get_bitmask(map))
);

/*
 * A CPU mask (nr_cpumask_bits bits, rounded up to longs).
 * For N: CPUs 0 and N % nr_cpu_ids.
 */
TRACE_EVENT(tev_cpumask,

	TP_PROTO(const struct cpumask *mask),

	TP_ARGS(mask),

	TP_STRUCT__entry(
		__field(unsigned int,	weight)
		__cpumask(cpus)
	),

	TP_fast_assign(
		__entry->weight = cpumask_weight(mask);
		__assign_cpumask(cpus, cpumask_bits(mask));
	),

	TP_printk("weight=%u cpus=%s", __entry->weight, __get_cpumask(cpus))
);

/*
 * A socket address, recorded as bytes and printed with %pISpc.
 * For N: 192.0.2.(N % 256), port 7000 + N.
 */
TRACE_EVENT(tev_sockaddr,

	TP_PROTO(const struct sockaddr_in *sin),

	TP_ARGS(sin),

	TP_STRUCT__entry(
		__sockaddr(addr, sizeof(struct sockaddr_in))
	),

	TP_fast_assign(
		__assign_sockaddr(addr, sin, sizeof(struct sockaddr_in));
	),

	TP_printk("addr=%pISpc", __get_sockaddr(addr))
);

/*
 * The __rel_ forms keep a rel_loc instead of a data_loc: the offset is
 * counted from the end of the 32-bit rel_loc field itself, not from the
 * start of the record.
 *
 * Strings.  For N: name = "rel-" N, part = the first N % 5 + 1 letters of
 * the alphabet in capitals.
 */
TRACE_EVENT(tev_rel_string,

	TP_PROTO(const char *name, const char *text, unsigned int len),

	TP_ARGS(name, text, len),

	TP_STRUCT__entry(
		__rel_string(name,	name)
		__rel_string_len(part,	text,	len)
	),

	TP_fast_assign(
		__assign_rel_str(name);
		__assign_rel_str(part);
	),

	TP_printk("name=%s part=%s", __get_rel_str(name), __get_rel_str(part))
);

/*
 * A relative dynamic array.
 * For N: N % 3 + 2 ids, ids[i] = 0x100 * (i + 1) + N.
 */
TRACE_EVENT(tev_rel_dynarray,

	TP_PROTO(const u32 *ids, unsigned int count),

	TP_ARGS(ids, count),

	TP_STRUCT__entry(
		__field(unsigned int,		count)
		__rel_dynamic_array(u32,	ids,	count)
	),

	TP_fast_assign(
		__entry->count = count;
		memcpy(__get_rel_dynamic_array(ids), ids,
		       __get_rel_dynamic_array_len(ids));
	),

	/*
	 * Counted with the count field: a print fmt that uses
	 * __get_rel_dynamic_array_len() crashes libtraceevent 1.7 (and with
	 * it "trace-cmd report").
	 */
	TP_printk("count=%u ids=%s", __entry->count,
		  __print_array(__get_rel_dynamic_array(ids), __entry->count, 4))
);

/*
 * A relative bitmap and a relative CPU mask.
 * For N: 40 bits with bits N % 40 and 39 set; CPUs as in tev_cpumask.
 */
TRACE_EVENT(tev_rel_masks,

	TP_PROTO(const unsigned long *bits, unsigned int nbits,
		 const struct cpumask *mask),

	TP_ARGS(bits, nbits, mask),

	TP_STRUCT__entry(
		__rel_bitmask(map,	nbits)
		__rel_cpumask(cpus)
	),

	TP_fast_assign(
		__assign_rel_bitmask(map, bits, nbits);
		__assign_rel_cpumask(cpus, cpumask_bits(mask));
	),

	TP_printk("map=%s cpus=%s", __get_rel_bitmask(map),
		  __get_rel_cpumask(cpus))
);

/*
 * A relative socket address (IPv6 this time).
 * For N: [2001:db8::N], port 7000 + N.
 */
TRACE_EVENT(tev_rel_sockaddr,

	TP_PROTO(const struct sockaddr_in6 *sin6),

	TP_ARGS(sin6),

	TP_STRUCT__entry(
		__rel_sockaddr(addr, sizeof(struct sockaddr_in6))
	),

	TP_fast_assign(
		__assign_rel_sockaddr(addr, sin6, sizeof(struct sockaddr_in6));
	),

	TP_printk("addr=%pISpc", __get_rel_sockaddr(addr))
);

/*
 * Numbers printed as names: flag sets and symbols, in unsigned long and in
 * 64 bits.  The symbols of color are enumerators, which the print fmt
 * shows as numbers once the module's enum map is applied.
 * For N: flags = N, color = TEV_RED + N % 4,
 * wide = TEV_W_HIGH plus TEV_W_LOW for odd N,
 * mode = TEV_M_HUGE for odd N, else TEV_M_SMALL.
 */
TRACE_EVENT(tev_flags,

	TP_PROTO(u32 n),

	TP_ARGS(n),

	TP_STRUCT__entry(
		__field(unsigned long,	flags)
		__field(enum tev_color,	color)
		__field(u64,		wide)
		__field(u64,		mode)
	),

	TP_fast_assign(
		__entry->flags	= n;
		__entry->color	= TEV_RED + n % 4;
		__entry->wide	= TEV_W_HIGH | ((n & 1) ? TEV_W_LOW : 0);
		__entry->mode	= (n & 1) ? TEV_M_HUGE : TEV_M_SMALL;
	),

	TP_printk("flags=%s color=%s wide=%s mode=%s",
		  __print_flags(__entry->flags, "|",
				{ TEV_F_READ, "READ" },
				{ TEV_F_WRITE, "WRITE" },
				{ TEV_F_SYNC, "SYNC" },
				{ TEV_F_NOWAIT, "NOWAIT" }),
		  __print_symbolic(__entry->color,
				   { TEV_RED, "red" },
				   { TEV_GREEN, "green" },
				   { TEV_BLUE, "blue" }),
		  __print_flags_u64(__entry->wide, ",",
				    { TEV_W_LOW, "low" },
				    { TEV_W_HIGH, "high" }),
		  __print_symbolic_u64(__entry->mode,
				       { TEV_M_SMALL, "small" },
				       { TEV_M_HUGE, "huge" }))
);

/*
 * A time in nanoseconds printed as seconds.nanoseconds.
 * For N: ns = N * 10^9 + N * 1000 + 7.
 */
TRACE_EVENT(tev_time,

	TP_PROTO(u64 ns),

	TP_ARGS(ns),

	TP_STRUCT__entry(
		__field(u64,	ns)
	),

	TP_fast_assign(
		__entry->ns = ns;
	),

	TP_printk("ns=%llu at=%llu.%09u", __entry->ns,
		  __print_ns_to_secs(__entry->ns),
		  __print_ns_without_secs(__entry->ns))
);

/*
 * A buffer shown as a hex dump, on lines of 16 bytes after the event's own
 * line.  For N: the bytes of "hexdump of event N!" (no NUL).
 */
TRACE_EVENT(tev_hexdump,

	TP_PROTO(const void *buf, unsigned int len),

	TP_ARGS(buf, len),

	TP_STRUCT__entry(
		__dynamic_array(u8,	buf,	len)
	),

	TP_fast_assign(
		memcpy(__get_dynamic_array(buf), buf, len);
	),

	TP_printk("len=%u%s", __get_dynamic_array_len(buf),
		  __print_hex_dump("row ", DUMP_PREFIX_OFFSET, 16, 1,
				   __get_dynamic_array(buf),
				   __get_dynamic_array_len(buf), true))
);

/*
 * A class: one record layout and output shared by several events, each
 * with its own tracepoint, ID and enable switch.  __perf_count() marks the
 * argument that perf adds to its count of the event (instead of 1), so
 * perf counts bytes here.
 * For N (tev_sample.c): id = N, size = 100 * N, owner = "sampler".
 */
DECLARE_EVENT_CLASS(tev_job,

	TP_PROTO(u32 id, u32 size, const char *owner),

	TP_ARGS(id, __perf_count(size), owner),

	TP_STRUCT__entry(
		__field(u32,	id)
		__field(u32,	size)
		__string(owner,	owner)
	),

	TP_fast_assign(
		__entry->id	= id;
		__entry->size	= size;
		__assign_str(owner);
	),

	TP_printk("job=%u size=%u owner=%s", __entry->id, __entry->size,
		  __get_str(owner))
);

DEFINE_EVENT(tev_job, tev_job_start,
	TP_PROTO(u32 id, u32 size, const char *owner),
	TP_ARGS(id, size, owner)
);

DEFINE_EVENT(tev_job, tev_job_done,
	TP_PROTO(u32 id, u32 size, const char *owner),
	TP_ARGS(id, size, owner)
);

/* The class's record with an output of its own. */
DEFINE_EVENT_PRINT(tev_job, tev_job_dump,
	TP_PROTO(u32 id, u32 size, const char *owner),
	TP_ARGS(id, size, owner),
	TP_printk("job #%u: %u bytes for %s", __entry->id, __entry->size,
		  __get_str(owner))
);

/*
 * A class member with a condition: the call site tests it before any
 * probe runs.  tev_sample.c fires it twice for each N, once big enough.
 */
DEFINE_EVENT_CONDITION(tev_job, tev_job_big,
	TP_PROTO(u32 id, u32 size, const char *owner),
	TP_ARGS(id, size, owner),
	TP_CONDITION(size >= TEV_BIG_JOB)
);

/* A class member whose tracepoint calls back when probes come and go. */
DEFINE_EVENT_FN(tev_job, tev_job_watch,
	TP_PROTO(u32 id, u32 size, const char *owner),
	TP_ARGS(id, size, owner),
	tev_watch_reg, tev_watch_unreg
);

/* An event of its own with a condition: only odd N are recorded. */
TRACE_EVENT_CONDITION(tev_odd,

	TP_PROTO(u32 n),

	TP_ARGS(n),

	TP_CONDITION(n & 1),

	TP_STRUCT__entry(
		__field(u32,	n)
		__field(u32,	half)
	),

	TP_fast_assign(
		__entry->n	= n;
		__entry->half	= n / 2;
	),

	TP_printk("n=%u half=%u", __entry->n, __entry->half)
);

/*
 * Registration callbacks: the first probe attached starts a kernel thread
 * that fires this event every tick_ms milliseconds, counting from 1, and
 * removing the last probe stops it.
 */
TRACE_EVENT_FN(tev_tick,

	TP_PROTO(u64 count),

	TP_ARGS(count),

	TP_STRUCT__entry(
		__field(u64,	count)
	),

	TP_fast_assign(
		__entry->count = count;
	),

	TP_printk("count=%llu", __entry->count),

	tev_tick_reg, tev_tick_unreg
);

/* Both: callbacks and a condition (N divisible by 3). */
TRACE_EVENT_FN_COND(tev_tock,

	TP_PROTO(u32 n),

	TP_ARGS(n),

	TP_CONDITION(n % 3 == 0),

	TP_STRUCT__entry(
		__field(u32,	n)
		__field(u32,	third)
	),

	TP_fast_assign(
		__entry->n	= n;
		__entry->third	= n / 3;
	),

	TP_printk("n=%u third=%u", __entry->n, __entry->third),

	tev_tock_reg, tev_tock_unreg
);

/* A bare tracepoint: probes may attach to it, but it is no event. */
DECLARE_TRACE(tev_bare,
	TP_PROTO(u32 n),
	TP_ARGS(n)
);

/*
 * The _NOP forms: what a header writes for events that the configuration
 * leaves out.  trace_tev_gone() and trace_tev_gone_too() still compile,
 * and do nothing; neither is an event or a tracepoint.
 */
TRACE_EVENT_NOP(tev_gone,
	TP_PROTO(u32 n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(u32, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n=%u", __entry->n)
);

DECLARE_EVENT_CLASS_NOP(tev_gone_class,
	TP_PROTO(u32 n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(u32, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n=%u", __entry->n)
);

DEFINE_EVENT_NOP(tev_gone_class, tev_gone_too,
	TP_PROTO(u32 n),
	TP_ARGS(n)
);

#endif /* _TEV_SAMPLE_TRACE_H */

/*
 * This header is not under include/trace/events/, so tell define_trace.h
 * where to find it again: TRACE_INCLUDE_PATH is searched on the include
 * path, and the Makefile adds this directory (-I$(src)) for tev_sample.o.
 */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE tev_sample_trace
#include <trace/define_trace.h>
