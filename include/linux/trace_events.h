/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_EVENTS_H
#define _LINUX_TRACE_EVENTS_H

/*
 * The event layer's types for the rest of the kernel: what a record in the
 * trace buffer starts with, the iterator that output code formats from,
 * the registry of output functions per record type, and the event layer:
 * what a TRACE_EVENT() becomes (trace_event_call, its class and fields)
 * and what its generated probe calls to record and print.
 */

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/seq_buf.h>
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
struct event_filter;
struct eventfs_inode;
struct trace_subsystem_dir;
struct bpf_prog_array;

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
	/* A latency tracer's view: per CPU, the records older than its section. */
	unsigned long		*skipped;

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

/* ------------------------------------------------------------------ */
/* Events: what the TRACE_EVENT() stages generate and call             */

/* trace_event_call.flags */
enum {
	TRACE_EVENT_FL_TRACEPOINT	= BIT(0),	/* ->tp, not ->name */
	TRACE_EVENT_FL_IGNORE_ENABLE	= BIT(1),	/* format only (ftrace/) */
	TRACE_EVENT_FL_CAP_ANY		= BIT(2),	/* perf without privilege */
	TRACE_EVENT_FL_NO_SET_FILTER	= BIT(3),
	TRACE_EVENT_FL_DYNAMIC		= BIT(4),	/* made at run time */
	TRACE_EVENT_FL_KPROBE		= BIT(5),
	TRACE_EVENT_FL_UPROBE		= BIT(6),
	TRACE_EVENT_FL_EPROBE		= BIT(7),
	TRACE_EVENT_FL_FPROBE		= BIT(8),
	TRACE_EVENT_FL_CUSTOM		= BIT(9),
	TRACE_EVENT_FL_TEST_STR		= BIT(10),
};

#define TRACE_EVENT_FL_UKPROBE	(TRACE_EVENT_FL_KPROBE | TRACE_EVENT_FL_UPROBE)

/* What trace_event_class.reg is asked to do. */
enum trace_reg {
	TRACE_REG_REGISTER,
	TRACE_REG_UNREGISTER,
#ifdef CONFIG_PERF_EVENTS
	TRACE_REG_PERF_REGISTER,
	TRACE_REG_PERF_UNREGISTER,
	TRACE_REG_PERF_OPEN,
	TRACE_REG_PERF_CLOSE,
	/* ADD/DEL return 1 when they did the work themselves. */
	TRACE_REG_PERF_ADD,
	TRACE_REG_PERF_DEL,
#endif
};

/* Filter types of a field (the filter language comes later). */
enum {
	FILTER_OTHER = 0,
	FILTER_STATIC_STRING,
	FILTER_DYN_STRING,
	FILTER_RDYN_STRING,
	FILTER_PTR_STRING,
	FILTER_TRACE_FN,
	FILTER_CPUMASK,
	FILTER_COMM,
	FILTER_CPU,
	FILTER_STACKTRACE,
};

/*
 * One field of an event's record, as its format file describes it.  The
 * stages emit a static array of these per event class, ending with an
 * entry whose type is NULL; the array is never copied at run time.  An
 * entry with type TRACE_FUNCTION_TYPE instead calls define_fields()
 * (events whose layout is only known at run time).
 */
#define TRACE_FUNCTION_TYPE	((const char *)~0UL)

struct trace_event_fields {
	const char *type;	/* C type as the format file shows it */
	union {
		/* Run-time layouts: type == TRACE_FUNCTION_TYPE. */
		int (*define_fields)(struct trace_event_call *call);
		struct {
			const char	*name;
			const int	size, align;	/* bytes */
			const int	len;		/* array elements, else 0 */
			const int	filter_type;	/* FILTER_* */
			const unsigned int is_signed:1;
			unsigned int	needs_test:1;
			/* Bytes it takes in the record, if not size (synthetic). */
			unsigned int	stride;
		};
	};
};

/* What the events of one DECLARE_EVENT_CLASS() share. */
struct trace_event_class {
	const char		*system;
	void			*probe;		/* records into a trace array */
#ifdef CONFIG_PERF_EVENTS
	void			*perf_probe;	/* hands the record to perf */
#endif
	int			(*reg)(struct trace_event_call *event,
				       enum trace_reg type, void *data);
	struct trace_event_fields *fields_array;
	struct list_head	*(*get_fields)(struct trace_event_call *call);
	struct list_head	fields;		/* run-time fields (define_fields) */
	int			(*raw_init)(struct trace_event_call *call);
};

/*
 * One event.  The stages emit one per TRACE_EVENT()/DEFINE_EVENT() and put
 * a pointer to it in the _ftrace_events section (vmlinux and modules),
 * which is how the event layer finds them.
 */
struct trace_event_call {
	struct list_head	list;		/* ftrace_events, under event_mutex */
	struct trace_event_class *class;
	union {
		const char		*name;
		struct tracepoint	*tp;	/* TRACE_EVENT_FL_TRACEPOINT */
	};
	struct trace_event	event;		/* event.type is the event's id */
	char			*print_fmt;
	struct event_filter	*filter;
	union {
		void		*module;	/* owning module, NULL for vmlinux */
		atomic_t	refcnt;		/* TRACE_EVENT_FL_DYNAMIC */
	};
	void			*data;
	int			flags;		/* TRACE_EVENT_FL_* */
#ifdef CONFIG_PERF_EVENTS
	int				perf_refcount;
	struct hlist_head __percpu	*perf_events;
	struct bpf_prog_array __rcu	*prog_array;
	int (*perf_perm)(struct trace_event_call *call, struct perf_event *p_event);
#endif
};

static inline const char *trace_event_name(struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_TRACEPOINT)
		return call->tp ? call->tp->name : NULL;
	return call->name;
}

static inline bool bpf_prog_array_valid(struct trace_event_call *call)
{
#ifdef CONFIG_PERF_EVENTS
	return !!READ_ONCE(call->prog_array);
#else
	return false;
#endif
}

/* trace_event_file.flags */
enum {
	EVENT_FILE_FL_ENABLED		= BIT(0),	/* probe registered */
	EVENT_FILE_FL_RECORDED_CMD	= BIT(1),
	EVENT_FILE_FL_RECORDED_TGID	= BIT(2),
	EVENT_FILE_FL_FILTERED		= BIT(3),
	EVENT_FILE_FL_NO_SET_FILTER	= BIT(4),
	EVENT_FILE_FL_SOFT_MODE		= BIT(5),	/* enabled for triggers */
	EVENT_FILE_FL_SOFT_DISABLED	= BIT(6),	/* probe on, not recording */
	EVENT_FILE_FL_TRIGGER_MODE	= BIT(7),
	EVENT_FILE_FL_TRIGGER_COND	= BIT(8),
	EVENT_FILE_FL_PID_FILTER	= BIT(9),	/* set_event_pid is set */
	EVENT_FILE_FL_WAS_ENABLED	= BIT(10),
	EVENT_FILE_FL_FREED		= BIT(11),
};

/*
 * The flags that send a probe off its straight path: with none of them
 * set, an enabled event reserves, assigns and commits, nothing else.
 */
#define EVENT_FILE_FL_SLOW_PATH \
	(EVENT_FILE_FL_TRIGGER_MODE | EVENT_FILE_FL_SOFT_DISABLED | \
	 EVENT_FILE_FL_PID_FILTER)

/*
 * One event in one trace array: what events/SYSTEM/EVENT/ shows, and the
 * data the event's probe is registered with for that array.
 */
struct trace_event_file {
	struct list_head		list;	/* in trace_array.events */
	struct trace_event_call		*event_call;
	struct event_filter __rcu	*filter;
	struct eventfs_inode		*ei;
	struct trace_array		*tr;
	struct trace_subsystem_dir	*system;
	struct list_head		triggers;
	unsigned long			flags;	/* EVENT_FILE_FL_* */
	atomic_t			ref;	/* open files; freed at 0 */
	atomic_t			sm_ref;	/* soft-mode users */
	atomic_t			tm_ref;	/* trigger-mode users */
};

/*
 * The slow half of the probe's gate (trace_event_record.c).  Returns true when the record must not be written (soft-disabled, or the
 * current task is filtered out by set_event_pid/set_event_notrace_pid).
 * Also runs the event's triggers in trigger mode.
 */
bool trace_event_file_gate(struct trace_event_file *file);

/* The probe's first question: is this event to be recorded at all? */
static __always_inline bool
trace_trigger_soft_disabled(struct trace_event_file *file)
{
	if (likely(!(READ_ONCE(file->flags) & EVENT_FILE_FL_SLOW_PATH)))
		return false;
	return trace_event_file_gate(file);
}

/*
 * A record being written by an event's probe: reserve fills it in and
 * returns entry (the record, trace_entry first); commit publishes it.
 */
struct trace_event_buffer {
	void				*entry;
	struct trace_event_file		*trace_file;
	struct trace_buffer		*buffer;
	struct ring_buffer_event	*event;
	struct pt_regs			*regs;
	unsigned int			trace_ctx;
};

/*
 * Synthetic events from kernel code (kernel/trace/trace_synth_api.c):
 * define one (synth_event_create(), or a dynevent_cmd built field by
 * field and run with synth_event_gen_cmd_end()), get its file with
 * trace_get_event_file(NULL, "synthetic", name), enable it, and write
 * records with synth_event_trace*() or the start/add/end series.
 */
#define MAX_DYNEVENT_CMD_LEN	2048

enum dynevent_type {
	DYNEVENT_TYPE_SYNTH = 1,
	DYNEVENT_TYPE_KPROBE,
	DYNEVENT_TYPE_NONE,
};

struct dynevent_cmd;
typedef int (*dynevent_create_fn_t)(struct dynevent_cmd *cmd);

struct dynevent_cmd {
	struct seq_buf		seq;
	const char		*event_name;
	unsigned int		n_fields;
	enum dynevent_type	type;
	dynevent_create_fn_t	run_command;
	void			*private_data;
};

int dynevent_create(struct dynevent_cmd *cmd);

struct synth_field_desc {
	const char *type;
	const char *name;
};

struct synth_event;
struct synth_trace_event;

/* A record being written field by field; the caller must not sleep. */
struct synth_event_trace_state {
	struct trace_event_buffer	fbuffer;
	struct synth_trace_event	*entry;
	struct trace_buffer		*buffer;
	struct synth_event		*event;
	unsigned int			cur_field;
	unsigned int			n_u64;
	bool				disabled;
	bool				add_next;
	bool				add_name;
};

#ifdef CONFIG_SYNTH_EVENTS
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod);
int synth_event_delete(const char *name);
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen);
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...);
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields);
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name);
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name);
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields);
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...);
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals);
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state);
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state);
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state);
int synth_event_trace_end(struct synth_event_trace_state *trace_state);
#endif

#define synth_event_gen_cmd_start(cmd, name, mod, ...)	\
	__synth_event_gen_cmd_start(cmd, name, mod, ## __VA_ARGS__, NULL)
#define synth_event_gen_cmd_end(cmd)	dynevent_create(cmd)

void *trace_event_buffer_reserve(struct trace_event_buffer *rec, struct trace_event_file *file,
				 unsigned long size);
void trace_event_buffer_commit(struct trace_event_buffer *rec);
/* The same reserve for callers that pick the buffer and context themselves. */
struct ring_buffer_event *trace_event_buffer_lock_reserve(struct trace_buffer **bufp,
							  struct trace_event_file *file,
							  int type, unsigned long size,
							  unsigned int ctx);

/*
 * Registering and describing events (trace_events.c; trace_event_reg()
 * and the switches below it in trace_event_enable.c,
 * trace_event_get_offsets() in trace_event_format.c).
 */
int trace_event_reg(struct trace_event_call *event, enum trace_reg type,
		    void *data);
int trace_event_raw_init(struct trace_event_call *call);
int trace_add_event_call(struct trace_event_call *call);
int trace_remove_event_call(struct trace_event_call *call);
int trace_event_get_offsets(struct trace_event_call *call);
int trace_set_clr_event(const char *system, const char *event, int set);
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable);
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event);
void trace_put_event_file(struct trace_event_file *file);

/* The output side of an event (trace_event_print.c). */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *trace_event);
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
	__printf(2, 3);
int trace_output_call(struct trace_iterator *iter, char *name, char *fmt, ...)
	__printf(3, 4);

/*
 * The __print_*() helpers of TP_printk(), each into iter->tmp_seq
 * (struct trace_print_flags is in <linux/tracepoint-defs.h>).
 */

const char *trace_print_flags_seq(struct trace_seq *s, const char *sep, unsigned long v,
				  const struct trace_print_flags *names);
const char *trace_print_symbols_seq(struct trace_seq *s, unsigned long v,
				    const struct trace_print_flags *names);
#if BITS_PER_LONG == 32
const char *trace_print_flags_seq_u64(struct trace_seq *s, const char *sep, unsigned long long v,
				      const struct trace_print_flags_u64 *names);
const char *trace_print_symbols_seq_u64(struct trace_seq *s, unsigned long long v,
					const struct trace_print_flags_u64 *names);
#endif
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size);
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int len, bool concatenate);
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size);
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii);

/*
 * The kernel's event list (trace_events.c) and the lock that guards it
 * (trace_event_enable.c).
 */
extern struct mutex event_mutex;
extern struct list_head ftrace_events;

#ifdef CONFIG_PERF_EVENTS
/* perf's side of events (trace_event_perf.c). */
DECLARE_PER_CPU(struct pt_regs, perf_trace_regs);

int perf_trace_init(struct perf_event *event);
void perf_trace_destroy(struct perf_event *event);
int perf_trace_add(struct perf_event *event, int flags);
void perf_trace_del(struct perf_event *event, int flags);
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str);
void ftrace_profile_free_filter(struct perf_event *event);
/* A scratch record for a perf probe, and its trace_entry filled in. */
void *perf_trace_buf_alloc(int size, struct pt_regs **regsp, int *ctxp);
void perf_trace_buf_update(void *rec, u16 type);
int filter_match_preds(struct event_filter *filter, void *rec);

/* Hand a perf probe's record to perf (kernel/events/core.c). */
void perf_trace_run_bpf_submit(void *rec, int size, int ctx, struct trace_event_call *call,
			       u64 count, struct pt_regs *regs, struct hlist_head *head,
			       struct task_struct *task);

static inline void perf_trace_buf_submit(void *rec, int size, int ctx, u16 type, u64 count,
					 struct pt_regs *regs, void *head,
					 struct task_struct *task)
{
	perf_tp_event(type, count, rec, size, regs, head, ctx, task);
}
#endif

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
