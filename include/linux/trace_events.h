/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_EVENTS_H
#define _LINUX_TRACE_EVENTS_H

/*
 * The event layer's types for the rest of the kernel: what a record in the
 * trace buffer starts with, the iterator that output code formats from,
 * and the registry of output functions per record type.  Event tracing
 * proper (trace_event_call and friends) arrives with CONFIG_EVENT_TRACING.
 */

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/percpu.h>
#include <linux/hardirq.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

struct trace_array;
struct trace_buffer;
struct tracer;
struct dentry;
struct bpf_prog;
struct trace_event_call;
struct trace_event_file;
struct bpf_raw_tp_link;
struct bpf_raw_event_map;

/*
 * Every record in a tracing buffer starts with this header.  Its layout is
 * what tools read as the "common_" fields of every event, so it is fixed.
 */
struct trace_entry {
	unsigned short		type;
	unsigned char		flags;		/* TRACE_FLAG_* */
	unsigned char		preempt_count;	/* depth | migrate-disable << 4 */
	int			pid;
};

#define TRACE_EVENT_TYPE_MAX \
	((1 << (sizeof(((struct trace_entry *)0)->type) * 8)) - 1)

/* Context bits a record carries in trace_entry.flags. */
enum trace_flag_type {
	TRACE_FLAG_IRQS_OFF		= 0x01,
	TRACE_FLAG_IRQS_NOSUPPORT	= 0x02,
	TRACE_FLAG_NEED_RESCHED		= 0x04,
	TRACE_FLAG_HARDIRQ		= 0x08,
	TRACE_FLAG_SOFTIRQ		= 0x10,
	TRACE_FLAG_PREEMPT_RESCHED	= 0x20,
	TRACE_FLAG_NMI			= 0x40,
	TRACE_FLAG_BH_OFF		= 0x80,
};

/*
 * A "trace context" packs what tracing_generic_entry_update() stores:
 * bits 0-3 preemption depth, 4-7 migrate-disable depth (both capped at
 * 15), bits 16-23 the TRACE_FLAG_* bits.
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status);

#ifdef CONFIG_TRACE_IRQFLAGS_SUPPORT
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	return tracing_gen_ctx_irq_test(irqs_disabled_flags(irqflags) ?
					TRACE_FLAG_IRQS_OFF : 0);
}
#else
static inline unsigned int tracing_gen_ctx_flags(unsigned long irqflags)
{
	return tracing_gen_ctx_irq_test(TRACE_FLAG_IRQS_NOSUPPORT);
}
#endif

static inline unsigned int tracing_gen_ctx(void)
{
	unsigned long irqflags;

	local_save_flags(irqflags);
	return tracing_gen_ctx_flags(irqflags);
}

/* The context of our caller: the preemption we took ourselves removed. */
static inline unsigned int tracing_gen_ctx_dec(void)
{
	return tracing_gen_ctx() - (IS_ENABLED(CONFIG_PREEMPTION) ? 1 : 0);
}

static inline void tracing_generic_entry_update(struct trace_entry *entry,
						unsigned short type,
						unsigned int trace_ctx)
{
	entry->type = type;
	entry->flags = trace_ctx >> 16;
	entry->preempt_count = trace_ctx & 0xff;
	entry->pid = current->pid;
}

/*
 * The state of one reader of a trace (the trace file, trace_pipe,
 * ftrace_dump()).  Output functions format iter->ent into iter->seq;
 * iter->tmp_seq is scratch space for helpers such as __print_flags().
 */
struct trace_iterator {
	struct trace_array	*tr;
	struct tracer		*trace;		/* tracer when the reader opened */
	struct trace_buffer	*buffer;
	void			*private;
	int			cpu_file;	/* one CPU or RING_BUFFER_ALL_CPUS */
	struct mutex		mutex;
	struct ring_buffer_iter	**buffer_iter;	/* non-consuming readers */
	unsigned long		iter_flags;	/* TRACE_FILE_* */
	void			*temp;		/* copy of an entry (ftrace_dump) */
	unsigned int		temp_size;
	char			*fmt;		/* rewritten format (hash-ptr) */
	unsigned int		fmt_size;
	struct trace_seq	tmp_seq;
	cpumask_var_t		started;	/* CPUs whose overrun was annotated */
	bool			closed;		/* file released: stop waiting */
	bool			snapshot;

	/* Per record; trace_pipe clears from here on between reads. */
	struct trace_seq	seq;
	struct trace_entry	*ent;
	unsigned long		lost_events;
	int			leftover;
	int			ent_size;
	int			cpu;
	u64			ts;

	loff_t			pos;
	long			idx;
};

enum trace_iter_flags {
	TRACE_FILE_LAT_FMT	= 1,
	TRACE_FILE_ANNOTATE	= 2,
	TRACE_FILE_TIME_IN_NS	= 4,
};

/* What an output function did with the record. */
enum print_line_t {
	TRACE_TYPE_PARTIAL_LINE	= 0,	/* seq overflowed: retry with room */
	TRACE_TYPE_HANDLED	= 1,
	TRACE_TYPE_UNHANDLED	= 2,	/* let the generic printer try */
	TRACE_TYPE_NO_CONSUME	= 3,	/* printed, but leave it in the pipe */
};

struct trace_event;

typedef enum print_line_t (*trace_print_func)(struct trace_iterator *iter,
					      int flags, struct trace_event *event);

/* One formatter per output mode (normal, raw, hex, bin). */
struct trace_event_functions {
	trace_print_func	trace;
	trace_print_func	raw;
	trace_print_func	hex;
	trace_print_func	binary;
};

/*
 * A record type and how to print it.  register_trace_event() with type 0
 * hands out a free dynamic type number; a fixed type is checked for
 * clashes.  Returns the type, or 0 on failure.
 */
struct trace_event {
	struct hlist_node		node;
	int				type;
	struct trace_event_functions	*funcs;
};

int register_trace_event(struct trace_event *event);
int unregister_trace_event(struct trace_event *event);
struct trace_event *ftrace_find_event(int type);

enum print_line_t trace_handle_return(struct trace_seq *s);

#ifdef CONFIG_PERF_EVENTS
/* perf attaches BPF programs to its events; defined by perf. */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog, u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
#endif

/* BPF programs on trace events and raw tracepoints: not available yet. */
static inline unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx)
{
	return 1;
}

static inline int perf_event_attach_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return -EOPNOTSUPP;
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event)
{
}

static inline int perf_event_query_prog_array(struct perf_event *event, void __user *info)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_register(struct bpf_raw_event_map *btp,
				     struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *btp,
				       struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
}

#endif /* _LINUX_TRACE_EVENTS_H */
