/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing core's internal interfaces.
 *
 * A trace_array is one tracing context: the top-level one at the root of
 * tracefs, and one per directory made under instances/.  Each owns a ring
 * buffer, its option bits, its clock, its tracer and its tracefs files.
 *
 * The core is split by job:
 *   trace.c         the core: trace arrays, tracing_lock, pinning, the
 *                   recording switch, reserve, buffer allocation and
 *                   resize, the clock table, shared tracefs file helpers
 *   trace_tasks.c   the comm/tgid cache of record writers; saved_cmdlines,
 *                   saved_cmdlines_size, saved_tgids
 *   trace_options.c core and tracer options; trace_options, options/NAME
 *   trace_tracers.c the tracer registry; available_tracers, current_tracer,
 *                   tracing_max_latency, tracing_thresh
 *   trace_buffer_files.c  tracing_on, buffer_*, free_buffer,
 *                   tracing_cpumask, trace_clock, timestamp_mode
 *   trace_instances.c  making and removing arrays (instances/, the kernel
 *                   API); trace_create_array_files() wires every part's
 *                   files into an array's directory
 *   trace_boot.c    every boot parameter (trace_event= included) and the
 *                   init; the top: it calls down into the others and
 *                   nothing calls it
 *   trace_readme.c  the README file
 *   trace_iter.c    what the readers share: the merge iterator over the
 *                   CPUs' buffers, the consumers' lock, poll
 *   trace_read.c    the text readers: trace (and its header) and trace_pipe,
 *                   also per CPU
 *   trace_pipe_raw.c  per_cpu/cpuN/trace_pipe_raw (read, splice) and stats
 *   trace_dump.c    ftrace_dump(): the buffer to the console on panic,
 *                   oops and sysrq-z (ftrace_dump_on_oops)
 *   trace_output.c  turning one record into text: symbols, the context
 *                   columns, raw/hex/bin, printers of the core's records
 *   trace_event_types.c  the registry of record types and their printers
 *                   (register_trace_event()), trace_event_sem
 *   trace_event_print.c  the output side of TRACE_EVENT(): the runtime of
 *                   TP_printk() and the __print_*() helpers
 *   trace_seq.c     the trace_seq text buffer
 *   trace_printk.c  trace_printk()/trace_puts(), printk_formats
 *   trace_stackrec.c  kernel and user stack records (the stacktrace and
 *                   userstacktrace options, trace_dump_stack())
 *   trace_marker.c  trace_marker and trace_marker_raw
 *   trace_err_log.c error_log and tracing_log_err()
 *   trace_nop.c     the nop tracer
 *   trace_events.c  event tracing: the registry of trace_event_calls
 *                   (vmlinux, modules, dynamic), every array's event files
 *                   and their events/ directories (eventfs)
 *   trace_event_enable.c  switching events on and off (and the kernel
 *                   API for it), events/.../enable, event_mutex
 *   trace_event_format.c  events/.../format, id, header_page,
 *                   header_event; where a field is in a record
 *   trace_filter_term.c  event filters: one term into one op
 *   trace_filter.c  event filters: compiling one into a program
 *   trace_filter_files.c  events/.../filter and events/SYSTEM/filter
 *   trace_filter_eval.c  running a compiled filter on a record
 *   trace_triggers.c  events/.../trigger, the command table, the lists
 *   trace_trigger_run.c  running an event's triggers (the event path)
 *   trace_trigger_cmds.c  traceon/off, snapshot, stacktrace, enable_event
 *   trace_snapshot.c  the second buffer, the swap (snapshot and max
 *                   latency), the snapshot files and the kernel API
 *   trace_latency.c  what the latency tracers share: saving a section,
 *                   the trace file's view of it, the header's task lines
 *   trace_irqsoff.c  the irqsoff, preemptoff and preemptirqsoff tracers
 *   trace_event_eval.c  TRACE_DEFINE_ENUM()/SIZEOF() in print fmt
 *   trace_event_record.c  the probe's gate, reserve and commit; tp_printk
 *   trace_events_ctl.c  set_event, available_events, set_event_pid,
 *                   set_event_notrace_pid and the event-fork option
 *   trace_pid_set.c the pid set behind set_event_pid and
 *                   set_event_notrace_pid (a data structure, no files)
 *   trace_export.c  the core's records described as events/ftrace/NAME
 *   trace_event_perf.c  perf's tracepoint PMU on top of events
 *   FILE_kunit.c    KUnit tests of FILE.c, each a module of its own
 *                   (CONFIG_TRACING_KUNIT_TEST): trace_tasks_kunit.c...
 *
 * Function tracing has a header of its own, ftrace_internal.h, which
 * says what each of its files does; they are, each calling only those
 * listed before it: ftrace_sites.c (the call-site table, ftrace_lock),
 * ftrace_filter.c (sets of sites, globs), ftrace_dispatch.c (the ops list
 * and the trampolines' dispatcher), ftrace_patch.c (the site states and
 * the live patching), ftrace_ops.c (registering ops and their sets; the
 * kernel API), ftrace_mod.c (FUNC:mod:MODULE), ftrace_cmds.c (the function
 * commands), ftrace_direct.c (direct calls), ftrace_profile.c (the
 * function profiler, with trace_stat.c), ftrace_pid.c (set_ftrace_pid),
 * ftrace_files.c (the tracefs files), ftrace_boot.c (ftrace_filter=...)
 * and trace_functions.c (the function tracer).
 *
 * The function graph tracer's files are listed in trace_graph.h:
 * fgraph_stacks.c (shadow stacks), fgraph.c (the graph core),
 * fgraph_files.c (set_graph_function...), trace_graph_print.c (the text)
 * and trace_functions_graph.c (the tracer).
 *
 * Locking: event_mutex (trace_event_enable.c) guards the event registry and
 * every array's event files; when both are needed it is taken before
 * tracing_lock, never after.  tracing_lock (a mutex) serialises every
 * change of a trace array's settings, the list of arrays and the tracer
 * registry.  Arrays join and leave trace_arrays with both held, so either
 * one is enough to walk that list.  Writers of records take no lock: they
 * reserve in the ring buffer and commit.
 */
/*
 * Where the parts still to come will go, and which way they call:
 *   latency         trace_irqsoff.c, trace_sched_wakeup.c: tracers, known
 *                   to the core only through register_tracer().
 *   hist            trace_events_hist.c: a trigger command, registered.
 *   dynamic events  trace_dynevent.c and one file per kind of probe,
 *                   registering their events like any module's.
 * Each creates its own tracefs files with a *_create_files(tr, dir) that
 * trace_instances.c calls; none is called by the core it sits on.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/time64.h>
#include <linux/trace.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include <linux/tracefs.h>

/* Record types of the core.  The numbers are ABI: tools know them. */
enum trace_type {
	__TRACE_FIRST_TYPE = 0,
	TRACE_FN = 1,
	TRACE_CTX = 2,
	TRACE_WAKE = 3,
	TRACE_STACK = 4,
	TRACE_PRINT = 5,
	TRACE_BPRINT = 6,
	TRACE_MMIO_RW = 7,
	TRACE_MMIO_MAP = 8,
	TRACE_BRANCH = 9,
	TRACE_GRAPH_RET = 10,
	TRACE_GRAPH_ENT = 11,
	TRACE_USER_STACK = 12,
	TRACE_BLK = 13,
	TRACE_BPUTS = 14,
	TRACE_HWLAT = 15,
	TRACE_OSNOISE = 16,
	TRACE_TIMERLAT = 17,
	TRACE_RAW_DATA = 18,
	TRACE_FUNC_REPEATS = 19,
	__TRACE_LAST_TYPE = 20,	/* dynamic types start here */
};

/*
 * The core's records.  Their layouts are what events/ftrace/NAME/format
 * will describe, so fields keep upstream's order and types.
 */
struct ftrace_entry {		/* TRACE_FN: the function tracer */
	struct trace_entry	ent;
	unsigned long		ip;		/* the traced function */
	unsigned long		parent_ip;	/* where it was called from */
};

/* TRACE_CTX, TRACE_WAKE: a switch prev -> next, a wakeup prev wakes next */
struct ctx_switch_entry {
	struct trace_entry	ent;
	unsigned int		prev_pid;
	unsigned int		next_pid;
	unsigned int		next_cpu;
	unsigned char		prev_prio;
	unsigned char		prev_state;	/* task_state_index() */
	unsigned char		next_prio;
	unsigned char		next_state;
};

/* TRACE_HWLAT: a sample of the hwlat tracer with a gap over the threshold */
struct hwlat_entry {
	struct trace_entry	ent;
	u64			duration;	/* largest inner gap, us */
	u64			outer_duration;	/* largest outer gap, us */
	u64			nmi_total_ts;	/* time in NMIs, us */
	struct timespec64	timestamp;	/* wall clock of the first gap */
	unsigned int		nmi_count;
	unsigned int		seqnum;
	unsigned int		count;		/* gaps over the threshold */
};

/* TRACE_OSNOISE: one window of the osnoise tracer (us, counts) */
struct osnoise_entry {
	struct trace_entry	ent;
	u64			noise;		/* the gaps' sum */
	u64			runtime;	/* the window */
	u64			max_sample;	/* the largest gap */
	unsigned int		hw_count;	/* gaps with no interference */
	unsigned int		nmi_count;
	unsigned int		irq_count;
	unsigned int		softirq_count;
	unsigned int		thread_count;
};

/* TRACE_TIMERLAT: how late a timerlat tick ran (ns) */
struct timerlat_entry {
	struct trace_entry	ent;
	unsigned int		seqnum;		/* the tick */
	int			context;	/* 0 irq, 1 thread, 2 user-ret */
	u64			timer_latency;
};

/* TRACE_FUNC_REPEATS: a function called again and again (func-no-repeats) */
struct func_repeats_entry {
	struct trace_entry	ent;
	unsigned long		ip;
	unsigned long		parent_ip;
	u16			count;		/* repeats after the first */
	u16			top_delta_ts;	/* time since the first: */
	u32			bottom_delta_ts; /* 48 bits, in two parts */
};

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* TRACE_GRAPH_ENT: a hooked call's entry (function_graph) */
struct ftrace_graph_ent_entry {
	struct trace_entry		ent;
	struct ftrace_graph_ent		graph_ent;
} __packed;

/* TRACE_GRAPH_RET: its return, with both times */
struct ftrace_graph_ret_entry {
	struct trace_entry		ent;
	struct ftrace_graph_ret		ret;
} __packed;
#endif

struct print_entry {		/* TRACE_PRINT: trace_marker, trace_printk */
	struct trace_entry	ent;
	unsigned long		ip;
	char			buf[];	/* NUL-terminated text */
};

struct bprint_entry {		/* TRACE_BPRINT: binary trace_printk */
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*fmt;
	u32			buf[];	/* arguments packed by vbin_printf() */
};

struct bputs_entry {		/* TRACE_BPUTS: trace_puts() of a constant */
	struct trace_entry	ent;
	unsigned long		ip;
	const char		*str;
};

struct raw_data_entry {		/* TRACE_RAW_DATA: trace_marker_raw */
	struct trace_entry	ent;
	unsigned int		id;
	char			buf[];
};

#define FTRACE_STACK_ENTRIES	8

struct stack_entry {		/* TRACE_STACK: the stacktrace option */
	struct trace_entry	ent;
	int			size;	/* number of valid caller[] slots */
	unsigned long		caller[FTRACE_STACK_ENTRIES];
};

struct userstack_entry {	/* TRACE_USER_STACK: userstacktrace */
	struct trace_entry	ent;
	unsigned int		tgid;
	unsigned long		caller[FTRACE_STACK_ENTRIES];
};

/* Longest trace_printk() text. */
#define TRACE_BUF_SIZE		1024

/*
 * Options: one bit each in trace_array.flags.  The order is the order
 * trace_options lists them in (and tools may rely on that); the names
 * are in trace_option_names[] (trace_options.c), indexed by these numbers.
 */
enum trace_option_bit {
	TOPT_PRINT_PARENT,
	TOPT_SYM_OFFSET,
	TOPT_SYM_ADDR,
	TOPT_VERBOSE,
	TOPT_RAW,
	TOPT_HEX,
	TOPT_BIN,
	TOPT_BLOCK,
	TOPT_FIELDS,
	TOPT_PRINTK,
	TOPT_ANNOTATE,
	TOPT_USERSTACKTRACE,
	TOPT_SYM_USEROBJ,
	TOPT_PRINTK_MSGONLY,
	TOPT_CONTEXT_INFO,
	TOPT_LATENCY_FMT,
	TOPT_RECORD_CMD,
	TOPT_RECORD_TGID,
	TOPT_OVERWRITE,
	TOPT_STOP_ON_FREE,
	TOPT_IRQ_INFO,
	TOPT_MARKERS,
	TOPT_EVENT_FORK,
	TOPT_TRACE_PRINTK_DEST,
	TOPT_PAUSE_ON_TRACE,
	TOPT_HASH_PTR,
#ifdef CONFIG_FUNCTION_TRACER
	TOPT_FUNCTION_TRACE,	/* latency tracers trace functions too */
	TOPT_FUNC_FORK,		/* set_ftrace_pid follows forks */
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	TOPT_DISPLAY_GRAPH,	/* latency tracers record function_graph records */
#endif
	TOPT_STACKTRACE,
	TRACE_OPTION_COUNT,
};

#define TRACE_ITER(name)	BIT_ULL(TOPT_##name)

/* Options only the top-level array has (instances have no files for them). */
#define TRACE_TOP_LEVEL_OPTIONS \
	(TRACE_ITER(PRINTK) | TRACE_ITER(PRINTK_MSGONLY) | TRACE_ITER(RECORD_CMD))

/* The options that decide how a symbol is printed. */
#define TRACE_SYM_OPTIONS \
	(TRACE_ITER(PRINT_PARENT) | TRACE_ITER(SYM_OFFSET) | TRACE_ITER(SYM_ADDR))

/* A tracer's own options, listed after the core's in trace_options. */
struct tracer_opt {
	const char	*name;
	u32		bit;
};

struct tracer_flags {
	u32			val;
	struct tracer_opt	*opts;	/* ends with an entry whose name is NULL */
	struct tracer		*trace;
};

/*
 * A tracer is what current_tracer selects.  Only name is required; every
 * hook may be NULL.  init() and reset() run under tracing_lock when the
 * tracer is selected for, or taken off, a trace array.
 */
struct tracer {
	const char		*name;
	/* Selection, and tracing_on going 1 / 0 while selected. */
	int			(*init)(struct trace_array *tr);
	void			(*reset)(struct trace_array *tr);
	void			(*start)(struct trace_array *tr);
	void			(*stop)(struct trace_array *tr);
	/* A reader of the trace file / of trace_pipe comes and goes. */
	void			(*open)(struct trace_iterator *iter);
	void			(*close)(struct trace_iterator *iter);
	void			(*pipe_open)(struct trace_iterator *iter);
	void			(*pipe_close)(struct trace_iterator *iter);
	/* Replaces the column header of the trace file. */
	void			(*print_header)(struct seq_file *m);
	/* First say on each record; TRACE_TYPE_UNHANDLED falls back. */
	enum print_line_t	(*print_line)(struct trace_iterator *iter);
	/*
	 * A tracer option of @tr is about to change, whether or not the
	 * tracer is @tr's current one; nonzero refuses.
	 */
	int			(*set_flag)(struct trace_array *tr, u32 old_flags,
					    u32 bit, int set);
	/* A core option is about to change; nonzero refuses. */
	int			(*flag_changed)(struct trace_array *tr, u64 mask,
						int set);
	/* tracing_thresh changed while current in @tr (tracing_lock held). */
	int			(*update_thresh)(struct trace_array *tr);
	struct tracer_flags	*flags;
	struct tracer		*next;
	bool			allow_instances;
	bool			print_max;
	bool			use_max_tr;
	int			enabled;	/* arrays using it */
	/* A tracer in a module: pinned while it is any array's current one. */
	struct module		*owner;
};

/*
 * What a file under options/ stands for: a core option (opt == NULL, bit
 * is its TOPT_ number) or an option of a tracer (opt and tracer set; the
 * tracer goes NULL when it is unregistered while the file is open).
 */
struct trace_option_file {
	struct trace_array	*tr;
	struct tracer		*tracer;
	struct tracer_opt	*opt;
	struct trace_tracer_opts *set;	/* what holds a tracer option */
	unsigned int		bit;
	struct dentry		*dentry;
};

/*
 * The option files of one tracer in one array.  They stay from the
 * tracer's registration (or the array's creation) until the array goes or
 * the tracer is unregistered, whichever tracer is current; each open file
 * holds a reference.
 */
struct trace_tracer_opts {
	struct list_head	list;		/* on tr->tracer_opts */
	struct tracer		*tracer;
	refcount_t		refs;
	unsigned int		n;
	struct trace_option_file files[] __counted_by(n);
};

/*
 * One tracing context (see the top of this file).  Which file owns which fields: the owner writes them (under the lock
 * named); others only read.  The hot fields, read by every writer of a
 * record, come first.
 */
/*
 * What a latency tracer saved with its worst (or, with tracing_thresh,
 * latest) section: the latency header shows it, and the trace file hides
 * the records of the max buffer older than time_start.
 */
struct trace_latency_info {
	u64		time_start;	/* the buffer's clock at the section's start */
	unsigned long	latency;	/* ns */
	unsigned long	start_ip;	/* "started at" (0: not a section) */
	unsigned long	end_ip;		/* "ended at" */
	int		cpu;
	pid_t		pid;
	kuid_t		uid;
	long		nice;
	long		policy;
	long		rt_priority;
	char		comm[TASK_COMM_LEN];
};

struct trace_array {
	/* --- trace.c: the array core; tracing_lock unless said --- */
	struct list_head	list;		/* on trace_arrays; trace_instances.c */
	const char		*name;		/* NULL for the top level */
	struct trace_buffer	*buffer;
	u64			flags;		/* TRACE_ITER() bits; trace_options.c */
	int			clock_id;	/* index into trace_clocks[] */
	/* Set once the buffer has its full size (see buffer_size_kb). */
	bool			buffer_expanded;
	/* Nonzero while tracing_on reads 0; writers check it first. */
	int			buffer_disabled;
	/* tracing_stop() nesting; recording is off while positive. */
	int			stop_count;
	/* Open files and kernel users; rmdir says -EBUSY while nonzero. */
	int			ref;
	/* Readers that pin the current tracer (trace_pipe; trace_read.c). */
	int			trace_ref;
	/* Consumers of the buffer take turns (trace_read.c). */
	struct mutex		consume_lock;
	/* The buffer's clock when it was last emptied (latency-format times). */
	u64			time_start;
	/* Per-CPU size in bytes to give the buffer once it is expanded. */
	unsigned long		buffer_size;

	/* --- trace_buffer_files.c: the buffer's settings files --- */
	cpumask_var_t		tracing_cpumask;
	/* buffer_percent: how full a sub-buffer wakes trace_pipe_raw readers */
	int			buffer_percent;

	/* --- trace_tracers.c: the current tracer; tracing_lock --- */
	struct tracer		*current_trace;
	unsigned long		max_latency;
	/* The section a latency tracer saved last (trace_latency.c). */
	struct trace_latency_info lat;
	/* Its records are graph records (display-graph, as it last saw it). */
	bool			lat_graph;

	/* --- trace_instances.c: the array's directory --- */
	struct dentry		*dir;
	struct dentry		*percpu_dir;

	/* --- trace_options.c: options/; tracing_lock --- */
	struct dentry		*options_dir;
	struct trace_option_file core_options[TRACE_OPTION_COUNT];
	/* trace_tracer_opts of every tracer the array may use. */
	struct list_head	tracer_opts;

	/* --- trace_err_log.c: error_log; its own err_log_lock --- */
	struct list_head	err_log;
	unsigned int		n_err_log;

	/* --- trace_events.c (the pid filters: trace_events_ctl.c) --- */
	struct list_head	events;		/* trace_event_files, event_mutex */
	struct list_head	systems;	/* trace_subsystem_dirs */
	struct eventfs_inode	*event_dir;
	struct trace_pid_list __rcu *filtered_pids;	/* set_event_pid */
	struct trace_pid_list __rcu *filtered_no_pids;	/* set_event_notrace_pid */
	/* Per CPU: the task running there is filtered out by the pid lists. */
	bool __percpu		*ignore_pid;
	/* events/ftrace/print once it had a trigger (trace_triggers.c). */
	struct trace_event_file	*marker_file;

	/*
	 * --- trace_snapshot.c: the second buffer (snapshot, max latency) ---
	 * max_buffer is allocated with the array (at its smallest) and freed
	 * with it; max_allocated says it has the live buffer's size and so
	 * can take a swap.  max_lock (irqs off) covers the swap of the two
	 * pointers, swap_hold and cond_snapshot.  Writers read tr->buffer
	 * without it.  A change that must act on both buffers alike holds
	 * the swaps off with trace_swap_hold() (trace.c).
	 */
	struct trace_buffer	*max_buffer;
	bool			max_allocated;
	arch_spinlock_t		max_lock;
	unsigned int		swap_hold;
	struct cond_snapshot	*cond_snapshot;
	/* Wakes the readers of both buffers after a swap. */
	struct irq_work		max_wake;

	/*
	 * --- the function tracer: ftrace_files.c makes ops with the array's
	 * files (the top level's is the global one); trace_functions.c
	 * registers it while the tracer is current ---
	 */
	struct ftrace_ops	*ops;
	bool			function_enabled;
#ifdef CONFIG_DYNAMIC_FTRACE
	/*
	 * FUNC:mod:MODULE words kept for modules not loaded yet, one list
	 * for set_ftrace_filter, one for set_ftrace_notrace (ftrace_mod.c)
	 */
	struct hlist_head	ftrace_mods[2];
	unsigned int		ftrace_mods_nr[2];
#endif
	/* The function tracer's options (func_stack_trace...; trace_functions.c). */
	u32			func_opts;
	/* func-no-repeats: the last function of each CPU (trace_functions.c). */
	struct func_repeat_state __percpu *func_repeats;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * The function_graph tracer's graph user: it hooks the functions of
	 * @ops (trace_functions_graph.c)
	 */
	struct fgraph_ops	gops;
#endif

	/*
	 * --- ftrace_pid.c: set_ftrace_pid and set_ftrace_notrace_pid;
	 * changed under ftrace_lock ---
	 */
	struct trace_pid_list __rcu *function_pids;
	struct trace_pid_list __rcu *function_no_pids;
	/* Either list is set: the callbacks look at fpid_task. */
	bool			fpid_on;
	/* Per CPU: the task allowed to record there, NULL for none. */
	struct task_struct * __percpu *fpid_task;
};

extern struct trace_array global_trace;
extern struct mutex tracing_lock;
extern struct list_head trace_arrays;

static inline bool trace_array_is_top(struct trace_array *tr)
{
	return tr == &global_trace;
}

/* Clocks: trace_clock lists them, trace_clock= picks one at boot. */
struct trace_clock_desc {
	u64		(*func)(void);
	const char	*name;
	bool		in_ns;	/* the trace shows seconds.micros */
};

extern const struct trace_clock_desc trace_clocks[];
extern const int trace_clock_count;

/*
 * Is tracing_on set?  This is the user's switch (tracing_on, tracing_off()):
 * a pause - tracing_stop(), pause-on-trace, a sub-buffer size change - nests
 * in the ring buffer's disable count and does not show here.
 */
static inline bool tracer_tracing_is_on(struct trace_array *tr)
{
	if (READ_ONCE(tr->buffer_disabled))
		return false;
	return !tr->buffer || ring_buffer_record_is_set_on(tr->buffer);
}

/*
 * Does the array take records right now: switched on and not paused?
 * A cheap early test for writers; the reservation checks it again.
 */
static inline bool tracer_tracing_is_recording(struct trace_array *tr)
{
	return tr->buffer && !READ_ONCE(tr->buffer_disabled) &&
	       ring_buffer_record_is_on(tr->buffer);
}

void tracer_tracing_on(struct trace_array *tr);
void tracer_tracing_off(struct trace_array *tr);

/*
 * Is @tr (still) on trace_arrays?  A pointer kept from an inode or by a
 * kernel user is only trusted once found there.  Context: tracing_lock
 * held.
 */
bool trace_array_listed(struct trace_array *tr);
/*
 * The instance named @name, or NULL.  Context: tracing_lock or event_mutex
 * held (either keeps trace_arrays still).
 */
struct trace_array *trace_array_find(const char *name);

/* Pin and unpin a trace array from a file's open and release. */
int trace_array_get(struct trace_array *tr);
void trace_array_put(struct trace_array *tr);
int tracing_check_open_get_tr(struct trace_array *tr);

/* Open/release for files whose i_private is the trace_array. */
int tracing_open_generic_tr(struct inode *inode, struct file *filp);
int tracing_release_generic_tr(struct inode *inode, struct file *filp);

/*
 * Per-CPU files store the CPU in i_cdev (CPU + 1 there, so that 0 means
 * "every CPU"), the array in i_private.
 */
static inline int tracing_get_cpu(struct inode *inode)
{
	if (inode->i_cdev)
		return (long)inode->i_cdev - 1;
	return RING_BUFFER_ALL_CPUS;
}

/*
 * A read of a short formatted line (at most 63 bytes), for the files
 * that show one value.
 */
ssize_t trace_read_line(char __user *ubuf, size_t cnt, loff_t *ppos,
			const char *fmt, ...) __printf(4, 5);

/*
 * A write of a short command (a clock, a tracer, an option) into @buf,
 * NUL-terminated; -EINVAL when it does not fit in @size.
 */
ssize_t trace_copy_cmd(char *buf, size_t size, const char __user *ubuf,
		       size_t cnt);
/*
 * A seq_file of one record over the array in i_private, which stays
 * pinned until trace_single_release().  For a file of no array (i_private
 * NULL) only the lockdown check is made.  m->private is the array.
 */
int trace_single_open(struct inode *inode, struct file *filp,
		      int (*show)(struct seq_file *m, void *v));
int trace_single_release(struct inode *inode, struct file *filp);
/*
 * For the files that a write empties (trace, error_log): the open did the
 * emptying when it saw O_TRUNC, so the text written is taken and dropped,
 * and a seek is a seq_file seek for readers and a rewind for writers.
 */
ssize_t trace_write_ignore(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos);
loff_t trace_truncate_lseek(struct file *filp, loff_t offset, int whence);
/* A write of 0 or 1 to a switch file (enable, options/NAME). */
int trace_read_switch(const char __user *ubuf, size_t cnt, int *on);
/*
 * The write of such a file that takes one short command (a clock, an
 * option): @apply gets the array and the command, NUL-terminated.
 */
ssize_t trace_single_write_cmd(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos,
			       int (*apply)(struct trace_array *tr, char *cmd));

/* Create a file in tracefs; logs a warning and returns NULL on failure. */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops);
/* The same, for a per-CPU file: the CPU lands in i_cdev (see above). */
struct dentry *trace_create_cpu_file(const char *name, umode_t mode,
				     struct dentry *parent, void *data,
				     long cpu, const struct file_operations *fops);

/* The permission sets upstream uses (tracefs strips "other"). */
#define TRACE_MODE_WRITE	0640
#define TRACE_MODE_READ		0440

/*
 * Recording.  trace_buffer_lock_reserve() reserves len bytes of record of
 * the given type and fills its trace_entry from trace_ctx; NULL when the
 * buffer is off or full.  trace_buffer_unlock_commit() commits it.
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx);

/*
 * trace_tasks.c: the task cache, which the output reads the comm and tgid
 * of a record's pid from, and its files (saved_cmdlines, saved_tgids,
 * saved_cmdlines_size).
 *
 * trace_save_task() notes the current task after a commit, as record-cmd
 * and @tr's record-tgid ask.  Context: any, NMI included (it only ever
 * trylocks).  tracing_record_cmdline() and tracing_record_tgid() save one
 * detail of any task unconditionally; trace_find_cmdline() and
 * trace_find_tgid() look a pid up.  Context: any but NMI (they take the
 * cache's arch spinlock).
 */
void trace_save_task(struct trace_array *tr);
void tracing_record_cmdline(struct task_struct *task);
void tracing_record_tgid(struct task_struct *task);
void trace_find_cmdline(int pid, char comm[]);
int trace_find_tgid(int pid);
/* Context: boot, before the first record (early_trace_init()). */
void trace_tasks_init(void);
/* Context: tracing_lock held; @dir is the tracefs root. */
void trace_tasks_create_files(struct trace_array *tr, struct dentry *dir);

/*
 * The task cache itself, trace_tasks.c's alone (here only so that
 * trace_tasks_kunit.c can look inside): a ring of slots, replaced oldest
 * first, and an index from a pid's hash to its slot.
 */
struct saved_task {
	pid_t	pid;		/* 0: slot unused */
	pid_t	tgid;
	char	comm[TASK_COMM_LEN];
};

#define SAVED_NO_SLOT	U32_MAX

struct saved_tasks {
	unsigned int		size;	/* slots, what saved_cmdlines_size reads */
	unsigned int		next;	/* the slot replaced next (the oldest) */
	unsigned int		mask;	/* index entries - 1 */
	u32			*index;	/* pid hash -> slot, SAVED_NO_SLOT if none */
	struct saved_task	slot[];
};

#if IS_ENABLED(CONFIG_KUNIT)
/*
 * For trace_tasks_kunit.c.  Context: saved_tasks_lock held for the
 * kernel's cache; none for a cache of the caller's own.
 */
struct saved_tasks *saved_tasks_alloc(unsigned int size);
void saved_tasks_free(struct saved_tasks *st);
struct saved_task *saved_task_lookup(struct saved_tasks *st, pid_t pid);
struct saved_task *saved_tasks_claim(struct saved_tasks *st, pid_t pid);
#endif

/*
 * trace_buffer_unlock_commit - commit a record and note who wrote it
 *
 * After the commit the writer's name (record-cmd) and thread group
 * (record-tgid) are saved for the output, if those options ask for it.
 * Inline so that the writers call the task cache themselves: the core
 * below them never calls up into it.
 */
static inline void trace_buffer_unlock_commit(struct trace_array *tr,
					      struct trace_buffer *buffer,
					      struct ring_buffer_event *event,
					      unsigned int trace_ctx)
{
	ring_buffer_unlock_commit(buffer);
	trace_save_task(tr);
}

/*
 * Per-CPU scratch state of the writers (trace_printk()'s text, a stack
 * being taken) comes one per interrupt level: task, softirq, hardirq, NMI.
 * A writer runs with preemption off and uses its own level's slot; a
 * writer of the same level cannot interrupt it on this CPU, so no lock is
 * needed.  The busy marks only catch a writer re-entered from within
 * itself (a tracer hooked into what it calls), which then gives up.
 */
#define TRACE_CTX_LEVELS	4

/*
 * Take this level's slot of @busy (TRACE_CTX_LEVELS marks); false when it
 * is already taken.  Context: preemption disabled.
 */
static inline bool trace_level_mark_enter(bool *busy)
{
	bool *mark = &busy[interrupt_context_level()];

	if (*mark)
		return false;
	*mark = true;
	/* An interrupt must see the mark before we touch the slot. */
	barrier();
	return true;
}

/* Give back the slot trace_level_mark_enter() took. */
static inline void trace_level_mark_exit(bool *busy)
{
	barrier();
	busy[interrupt_context_level()] = false;
}

/*
 * trace_stackrec.c: stack records.  ftrace_trace_stack() and
 * ftrace_trace_userstack() add one after a record when @tr's stacktrace /
 * userstacktrace option asks for it; trace_record_kernel_stack() adds one
 * unconditionally, starting at the function that holds @from.
 * Context: any (userstack: not NMI, where it records nothing).
 */
void ftrace_trace_stack(struct trace_array *tr, struct trace_buffer *buffer,
			unsigned int trace_ctx, int skip);
void ftrace_trace_userstack(struct trace_array *tr, struct trace_buffer *buffer,
			    unsigned int trace_ctx);
void trace_record_kernel_stack(struct trace_array *tr,
			       struct trace_buffer *buffer,
			       unsigned int trace_ctx, unsigned long from,
			       int skip);
unsigned int trace_kernel_stack_save(unsigned long *store, unsigned int size,
				     unsigned long from, int skip);

/*
 * The top-level buffer starts tiny and gets its full size the first time
 * something is going to trace (a tracer, a size written, trace_printk).
 * Context: process; takes tracing_lock.
 */
int tracing_update_buffers(struct trace_array *tr);
/* trace_tracers.c: select a tracer by name (takes tracing_lock). */
int tracing_set_tracer(struct trace_array *tr, const char *name);
/* The size of a new array's buffer (trace_buf_size=). */
extern unsigned long trace_buf_size;
/*
 * Give @tr a ring buffer of @size bytes a CPU, with its clock and
 * overwrite mode.  Context: process, while @tr is being set up.
 */
int trace_alloc_buffer(struct trace_array *tr, unsigned long size);
/*
 * Resize @tr's buffer (all CPUs or one); the size of all CPUs is kept as
 * the array's.  Context: tracing_lock held.
 */
int trace_resize_locked(struct trace_array *tr, unsigned long size, int cpu);
/* Resize @buffer to @like's size on @cpu (or every CPU); may sleep. */
int trace_resize_like(struct trace_buffer *buffer, struct trace_buffer *like,
		      int cpu);
/* The index of a clock in trace_clocks[] by its name, or -1. */
int trace_clock_lookup(const char *name);
/*
 * Switch @tr to the clock of that name, emptying its buffers (hist
 * triggers reading common_timestamp do it too).  Context: process; takes
 * the array's consumer lock and tracing_lock (after event_mutex).
 */
int tracing_set_clock(struct trace_array *tr, const char *clockstr);

/*
 * trace_buffer_files.c: the buffer's files (trace_clock's write takes the
 * readers' lock and then tracing_lock).
 * trace_buffer_create_files() and trace_buffer_create_cpu_files() make an
 * array's files and one CPU's.  Context: tracing_lock held.
 */
void trace_buffer_create_files(struct trace_array *tr, struct dentry *dir);
void trace_buffer_create_cpu_files(struct trace_array *tr, struct dentry *dir,
				   long cpu);

/* tracing_thresh, in nanoseconds (the file shows microseconds). */
extern unsigned long tracing_thresh;

/*
 * trace_tracers.c: the tracer registry and the tracer files.
 * register_tracer() and unregister_tracer() take tracing_lock.  tracer_put() drops an array's use of its tracer (and the
 * module pin); Context: tracing_lock held.
 */
int register_tracer(struct tracer *type);
void unregister_tracer(struct tracer *type);
/* trace_nop.c: the tracer of every array that runs none. */
extern struct tracer nop_trace;
void tracer_put(struct tracer *t);
/* Context: tracing_lock held. */
void trace_tracers_create_files(struct trace_array *tr, struct dentry *dir);

/*
 * trace_options.c: option changes (trace_options, options/NAME,
 * trace_options=) and the option files.  trace_set_options() takes
 * tracing_lock.
 * trace_printk_dest_to() makes @tr the one array trace_printk() writes
 * to.  Context: tracing_lock held.
 * trace_add_tracer_opts() and trace_del_tracer_opts() make and remove
 * @tr's files of tracer @t's options.  Context: tracing_lock held.
 * trace_free_tracer_opts() drops an array's option sets when it is freed,
 * no file of it being open any more.
 */
int trace_set_options(struct trace_array *tr, char *option);
void trace_printk_dest_to(struct trace_array *tr);
void trace_add_tracer_opts(struct trace_array *tr, struct tracer *t);
void trace_del_tracer_opts(struct trace_array *tr, struct tracer *t);
void trace_free_tracer_opts(struct trace_array *tr);
/* Context: tracing_lock held. */
void trace_options_create_files(struct trace_array *tr, struct dentry *dir);

/*
 * trace_iter.c: what every reader shares.  The iterator walks every CPU's
 * buffer in timestamp order; a peeked record is in
 * iter->ent/cpu/ts/ent_size.  trace_iter_setup() points an iterator at an
 * array.  The consumers of an array's buffer (trace_pipe, trace_pipe_raw)
 * take turns through trace_consumers_lock(); so does whatever frees or
 * empties the buffer's pages.  Context: process, may sleep (the trace
 * file's iterator allocates); ftrace_dump() uses the iterator with
 * interrupts off and a buffer of its own.
 */
void trace_iter_setup(struct trace_iterator *iter, struct trace_array *tr,
		      int cpu, bool annotate);
void trace_iter_setup_buffer(struct trace_iterator *iter, struct trace_array *tr,
			     struct trace_buffer *buffer, int cpu, bool annotate);
void *trace_find_next_entry_inc(struct trace_iterator *iter);
struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts);
void trace_consume(struct trace_iterator *iter);
int trace_empty(struct trace_iterator *iter);
void trace_consumers_lock(struct trace_array *tr);
void trace_consumers_unlock(struct trace_array *tr);
__poll_t trace_poll(struct trace_array *tr, int cpu, struct file *file,
		    poll_table *pt);

/*
 * trace_read.c: the trace and trace_pipe files of an array and of one of
 * its CPUs (per_cpu/cpuN).  Context: tracing_lock held.
 */
void trace_read_create_files(struct trace_array *tr, struct dentry *dir);
void trace_read_create_cpu_files(struct trace_array *tr, struct dentry *d_cpu,
				 long cpu);
/*
 * A file that reads another buffer of an array like trace does (the
 * snapshot): trace_file_open_buffer() at open, seq_read(),
 * trace_file_release().  Context: process; takes tracing_lock.
 */
int trace_file_open_buffer(struct file *file, struct trace_array *tr, int cpu,
			   struct trace_buffer *buffer,
			   void (*empty_header)(struct seq_file *m,
						struct trace_iterator *iter));
int trace_file_release(struct inode *inode, struct file *file);
/* The latency format's opening block of the trace file (also function_graph's). */
void trace_print_latency_block(struct seq_file *m, struct trace_iterator *iter);

/*
 * trace_pipe_raw.c: per_cpu/cpuN/trace_pipe_raw and stats.
 * Context: tracing_lock held.
 */
void trace_pipe_raw_create_cpu_files(struct trace_array *tr,
				     struct dentry *d_cpu, long cpu);
/*
 * A trace_pipe_raw of another buffer (snapshot_raw): the operations of
 * trace_raw_fops with trace_raw_open_buffer() called from its own open.
 */
extern const struct file_operations trace_raw_fops;
int trace_raw_open_buffer(struct inode *inode, struct file *file,
			  struct trace_buffer *buffer);

/* trace_dump.c: sets up the die/panic notifiers of ftrace_dump_on_oops. */
void trace_dump_init(void);

/*
 * trace_output.c: one record at a time into iter->seq.
 * print_trace_line() picks the mode from the options (bin, hex, raw,
 * printk-msg-only, latency-format) and returns what the printer did.
 * Context: trace_event_sem held for reading (ftrace_dump() excepted).
 */
enum print_line_t print_trace_line(struct trace_iterator *iter);
/* Registers the printers of the core's record types at boot. */
int init_trace_output(void);
/* The mark of a duration: '$' '@' '*' '#' '!' '+' or blank (latency, graph). */
char trace_delay_mark(u64 delay_ns);

/*
 * trace_event_types.c: the registry of record types (register_trace_event(),
 * ftrace_find_event() in <linux/trace_events.h>).  Readers hold
 * trace_event_sem for reading while they format records, so that no
 * type's printers are unregistered under them; registering takes it for
 * writing.
 */
extern struct rw_semaphore trace_event_sem;

/*
 * trace_printk.c: the printk-like writers and printk_formats.
 * trace_printk_create_files() makes printk_formats in the tracefs root.
 * Context: at boot, tracing_lock held.
 */
void trace_printk_create_files(struct trace_array *tr, struct dentry *dir);
/*
 * The array trace_printk() writes to: the top level unless an instance
 * has set its trace_printk_dest option (trace_options.c keeps it up to date).
 */
extern struct trace_array *printk_trace;

/*
 * trace_marker.c: trace_marker and trace_marker_raw in an array's
 * directory.  Context: tracing_lock held.
 */
void trace_marker_create_files(struct trace_array *tr, struct dentry *dir);

/*
 * trace_err_log.c: error_log.  A failing write that has a message for its
 * failure records it with tracing_log_err().  loc is the command's source
 * ("trace_clock", "set_event"...), cmd the text written, errs the file's
 * message table, type the index into it, pos the offset of the offending
 * token in cmd.  Context: process (both take error_log's mutex).
 * trace_err_log_create_files() makes an array's error_log.  Context:
 * tracing_lock held.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos);
void tracing_err_log_clear(struct trace_array *tr);
void trace_err_log_create_files(struct trace_array *tr, struct dentry *dir);

/*
 * Event tracing (trace_events.c).  The events/ tree of an array is made
 * by event_trace_add_tracer() when the array's files are, and removed by
 * event_trace_del_tracer() before the array goes; both with event_mutex
 * held.
 */
struct trace_pid_list;
int event_trace_add_tracer(struct dentry *parent, struct trace_array *tr);
/*
 * At trace_init(): registers vmlinux's events, gives the top level its
 * event files and follows the events of modules from then on.  Context:
 * boot, once; takes event_mutex.
 */
void trace_event_init(void);
int event_trace_del_tracer(struct trace_array *tr);

/*
 * One system's directory in one array.  It lives while it is on the
 * array's list or its eventfs directory is in use (ref counts both).
 */
struct trace_subsystem_dir {
	struct list_head	list;		/* in trace_array.systems */
	const char		*name;
	struct trace_array	*tr;
	struct eventfs_inode	*ei;
	unsigned int		nr_events;
	atomic_t		ref;
	bool			no_enable;	/* format-only events (ftrace/) */
	bool			removed;
};

static inline const char *event_system(struct trace_event_call *call)
{
	return call->class->system;
}

/* Clear, then set, bits of an event file's flags, atomically. */
static inline void event_file_flags(struct trace_event_file *file,
				    unsigned long clear, unsigned long set)
{
	set_mask_bits(&file->flags, clear, set);
}

/*
 * trace_event_eval.c: eval_maps_apply() rewrites an event's print fmt
 * with the TRACE_DEFINE_ENUM()/TRACE_DEFINE_SIZEOF() maps of its system,
 * before the event is registered.
 */
void eval_maps_apply(struct trace_event_call *call,
		     struct trace_eval_map **start,
		     struct trace_eval_map **stop);
#if IS_ENABLED(CONFIG_KUNIT)
void eval_map_apply(char *fmt, const struct trace_eval_map *map);
#endif

/*
 * trace_event_format.c: the operations of events/SYSTEM/EVENT/{format,id}
 * and events/header_{page,event}, which trace_events.c puts in the eventfs
 * directories.  trace_event_field_find() finds a field of @call's records
 * (@call NULL: the common_* fields) and its offset, as the format file
 * lays them out.  Context: event_mutex held.
 */
extern const struct file_operations event_id_fops;
extern const struct file_operations event_format_fops;
extern const struct file_operations header_page_fops;
extern const struct file_operations header_event_fops;
const struct trace_event_fields *
trace_event_field_find(struct trace_event_call *call, const char *name,
		       unsigned int *offset);

/*
 * trace_filter.c: the operations of events/SYSTEM/EVENT/filter and
 * events/SYSTEM/filter, which trace_events.c puts in the eventfs
 * directories (the filters themselves: see the end of this file).
 */
extern const struct file_operations event_filter_fops;
extern const struct file_operations system_filter_fops;

/*
 * trace_event_enable.c: switching events, event_mutex, and the operations
 * of the enable files events/enable, events/SYSTEM/enable and
 * events/SYSTEM/EVENT/enable.
 *
 * trace_set_clr_event_locked() enables (set 1) or disables (0) the
 * events matching the three names in one array; NULL, "" or "*" matches
 * anything, and match is compared with both the system and the event
 * name (set_event's word without a colon).  Returns 0 when at least one
 * event matched, else -EINVAL.  find_event_file() finds a switchable
 * event's file by system and name, __find_event_file() any event's (hist
 * triggers are on ftrace/print too).  Context: event_mutex held.
 */
int trace_set_clr_event_locked(struct trace_array *tr, const char *match,
			       const char *sub, const char *event, int set);
struct trace_event_file *find_event_file(struct trace_array *tr,
					 const char *system, const char *event);
struct trace_event_file *__find_event_file(struct trace_array *tr,
					   const char *system, const char *event);
extern const struct file_operations event_enable_fops;
extern const struct file_operations system_enable_fops;

/*
 * For the tracefs files of one event (enable, filter, trigger...):
 * trace_event_file_pin() is their open's check and reference, and
 * trace_event_file_write() their write path (see the kernel-doc).
 */
int trace_event_file_pin(struct trace_event_file *file);
ssize_t trace_event_file_write(struct trace_event_file *file,
			       const char __user *ubuf, size_t cnt,
			       loff_t *ppos,
			       int (*apply)(struct trace_event_file *, char *));
extern const struct file_operations events_enable_fops;

/*
 * Can set_event, the enable files and the kernel API switch @call?  (The
 * core's records of events/ftrace/ cannot, nor can events without reg.)
 */
static inline bool event_switchable(struct trace_event_call *call)
{
	return trace_event_name(call) && call->class && call->class->reg &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

/* "*" and the empty string mean "any" in the event-matching words: NULL. */
static inline const char *any_if_star(const char *s)
{
	return s && (!*s || !strcmp(s, "*")) ? NULL : s;
}

/* Does any pid list of @tr (set_event_pid, set_event_notrace_pid) filter? */
static inline bool array_pid_filtered(struct trace_array *tr)
{
	return rcu_access_pointer(tr->filtered_pids) ||
	       rcu_access_pointer(tr->filtered_no_pids);
}

/*
 * trace_event_record.c: tp_printk_init() turns on printing every event's
 * commit when the kernel booted with tp_printk.  Context: trace_init().
 *
 * An event file with EVENT_FILE_FL_DEFERRED flags set has its probe build
 * the record in a per-CPU scratch area instead of the ring buffer; the
 * commit decides (filter, conditional triggers, soft-disable) whether it
 * goes into the buffer at all.  trace_event_scratch_prepare() makes that
 * scratch area; call it before setting any of those flags.  Context:
 * process, may sleep; 0 or -ENOMEM.
 */
void tp_printk_init(void);
int trace_event_scratch_prepare(void);

#define EVENT_FILE_FL_DEFERRED \
	(EVENT_FILE_FL_FILTERED | EVENT_FILE_FL_TRIGGER_COND)

/*
 * trace_pid_set.c: a set of pids (set_event_pid, set_event_notrace_pid).
 * pid_set_copy(NULL) makes an empty set; pid_set_has(), pid_set_add() and
 * pid_set_del() may run concurrently on a live set (probes, any context;
 * pid_set_add() allocates with the gfp given); pid_set_next() walks it.
 * Replacing a set under its readers is the user's job (RCU).
 */
void pid_set_free(struct trace_pid_list *set);
bool pid_set_has(struct trace_pid_list *set, unsigned int pid);
int pid_set_add(struct trace_pid_list *set, unsigned int pid, gfp_t gfp);
void pid_set_del(struct trace_pid_list *set, unsigned int pid);
void pid_set_fork(struct trace_pid_list *set, struct task_struct *parent,
		  struct task_struct *child);
void pid_set_gone(struct trace_pid_list *set, struct task_struct *task);
long pid_set_next(struct trace_pid_list *set, unsigned long from);
struct trace_pid_list *pid_set_copy(struct trace_pid_list *set);

/*
 * trace_events_ctl.c: the control files of an array's events, made in the
 * array's directory (set_event, available_events, set_event_pid,
 * set_event_notrace_pid), and the pid filters' state.  The wiring file
 * (trace_instances.c) makes them after events/ and frees the pid filters
 * before event_trace_del_tracer(); both with event_mutex held.
 */
void trace_events_ctl_create_files(struct trace_array *tr,
				   struct dentry *parent);
void trace_events_ctl_free(struct trace_array *tr);

/*
 * trace_export.c: registers events/ftrace/ (the core's record formats).
 * Context: trace_init(), after trace_event_init().
 */
int trace_export_init(void);

/*
 * trace_instances.c: making the top level's files and instances/ at boot.
 * Context: takes event_mutex, then tracing_lock.
 */
void trace_instances_init(void);


/* trace_readme.c: the README file.  Context: tracing_lock held. */
void trace_readme_create_files(struct dentry *dir);

/*
 * Function tracing (ftrace_*.c, see ftrace_internal.h).
 * ftrace_array_create_files() gives an array its ftrace_ops and its
 * function-tracing files (set_ftrace_filter...; the top level also
 * available_filter_functions...); ftrace_array_free() drops an
 * instance's ops once its tracer is reset.  Context: tracing_lock held.
 * ftrace_cmds_array_clear() drops an instance's function commands
 * (set_ftrace_filter's traceon...) before its events go; event_mutex held.
 * init_function_trace() registers the function tracer (trace_functions.c).
 */
#ifdef CONFIG_FUNCTION_TRACER
void ftrace_array_create_files(struct trace_array *tr, struct dentry *dir);
void ftrace_array_free(struct trace_array *tr);
void ftrace_cmds_array_clear(struct trace_array *tr);
int init_function_trace(void);

/*
 * ftrace_pid.c: set_ftrace_pid and set_ftrace_notrace_pid.
 * ftrace_pid_create_files() makes them in @dir (tracing_lock held);
 * ftrace_pid_free() drops an array's lists once no callback of the array
 * can run.  ftrace_pid_skip() is the callbacks' check: the task on this
 * CPU is not to be recorded.  Context: preemption off (the callback).
 */
void ftrace_pid_create_files(struct trace_array *tr, struct dentry *dir);
void ftrace_pid_free(struct trace_array *tr);

static __always_inline bool ftrace_pid_skip(struct trace_array *tr)
{
	return READ_ONCE(tr->fpid_on) &&
	       this_cpu_read(*tr->fpid_task) != current;
}

/*
 * ftrace_boot.c: ftrace_filter= and ftrace_notrace= applied to the
 * top-level tracer's ops.  Context: boot, before the boot tracer starts.
 */
void ftrace_boot_apply_filters(void);
#else
static inline void ftrace_array_create_files(struct trace_array *tr,
					     struct dentry *dir)
{
}

static inline void ftrace_array_free(struct trace_array *tr)
{
}

static inline void ftrace_cmds_array_clear(struct trace_array *tr)
{
}

static inline int init_function_trace(void)
{
	return 0;
}

static inline void ftrace_boot_apply_filters(void)
{
}
#endif

/*
 * What the tracing core, the boot options and the function tracer's files
 * ask of the function_graph tracer (its own interface is trace_graph.h,
 * which only its files include): fgraph_boot_apply_sets() applies ftrace_graph_filter= and
 * ftrace_graph_notrace= before the boot tracer starts; fgraph_create_files()
 * makes set_graph_function, set_graph_notrace and max_graph_depth in the
 * top level's @dir.  The function profiler times calls with the graph:
 * fgraph_graph_time() is the graph-time option (0: a call's children's
 * time is taken off its own), trace_print_graph_duration() prints a
 * duration as the trace's duration column does ("1.382 us", padded).
 * Context: boot, except the last two (any).
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
void fgraph_boot_apply_sets(void);
void fgraph_create_files(struct dentry *dir);
bool fgraph_graph_time(void);
void trace_print_graph_duration(unsigned long long duration,
				struct trace_seq *s);
#else
static inline void fgraph_boot_apply_sets(void)
{
}

static inline void fgraph_create_files(struct dentry *dir)
{
}
#endif

/*
 * What filters, triggers and snapshots offer each other (and perf).
 *
 * Filters (trace_filter.c compiles, trace_filter_eval.c runs).  A filter
 * is compiled once, when written, for one event's fields; running it
 * parses and allocates nothing.  trace_filter_create() returns 0 and the
 * filter, or a negative errno (upstream's) and, with @tr non-NULL, an
 * error_log entry in @tr as upstream writes it.  trace_filter_match() is
 * safe in any context, NMI included.  A filter that a running event may
 * still see is freed with trace_filter_free_rcu(), which does not wait;
 * trace_filter_free() is for one nobody else ever saw.
 */
struct event_filter;

int trace_filter_create(struct trace_array *tr, struct trace_event_call *call,
			const char *str, struct event_filter **filterp);
bool trace_filter_match(const struct event_filter *filter, const void *rec);
void trace_filter_free(struct event_filter *filter);
void trace_filter_free_rcu(struct event_filter *filter);
/* What kind of field (FILTER_*) a field of C type @type is. */
int trace_field_ftype(const struct trace_event_fields *field);
/* The text @filter was made from (trace_filter.c). */
const char *trace_filter_string(const struct event_filter *filter);
#if IS_ENABLED(CONFIG_KUNIT)
int trace_filter_try(struct trace_event_call *call, const char *str,
		     char **report);
#endif

/*
 * Snapshots (trace_snapshot.c).  tracing_alloc_snapshot_instance() gives
 * @tr its second buffer (may sleep; takes tracing_lock, so event_mutex
 * may be held but not tracing_lock; 0 or -errno);
 * tracing_snapshot_instance() swaps it with the live one, in any context
 * but NMI, as the snapshot trigger and tracing_snapshot() do.
 */
int tracing_alloc_snapshot_instance(struct trace_array *tr);
void tracing_snapshot_instance(struct trace_array *tr);

/*
 * Triggers (trace_triggers.c): events/SYSTEM/EVENT/trigger and the list of
 * triggers hung on each trace_event_file; trace_trigger_run.c runs them
 * (event_triggers_call(), event_triggers_post()).  The commands
 * are not known to it: each registers a struct trigger_cmd into its table
 * (trace_trigger_cmds.c the basic ones; hist later).
 *
 * A trigger is "post" when it runs after its event's record is committed
 * (or dropped: soft-disabled, filtered out); the others run before.  One
 * with a filter, or of a command that needs the record, makes its event
 * EVENT_FILE_FL_TRIGGER_COND: such an event builds its record even when it
 * keeps none (in the filters' scratch area), and runs all its triggers
 * from the commit.  Otherwise the triggers run from the probe's gate
 * (the post ones from the commit when a record is written).
 */
struct event_trigger;

/* What the running trigger may look at. */
struct trigger_ctx {
	void			*rec;		/* the record, or NULL */
	unsigned int		trace_ctx;	/* the record's context */
	unsigned long		from;		/* a stack trace starts past */
	int			skip;		/* ... this function and skip more */
};

enum {
	TRIGGER_CMD_POST	= BIT(0),	/* runs after the record */
	TRIGGER_CMD_PARAM	= BIT(1),	/* cmd:PARAM[:N], PARAM required */
	TRIGGER_CMD_NEEDS_REC	= BIT(2),	/* always needs the record */
	/*
	 * PARAM is a spec that may hold blanks: it ends where " if " starts
	 * the filter, there is no count, and show() prints the whole line
	 * after the name (filter included).
	 */
	TRIGGER_CMD_SPEC	= BIT(3),
	TRIGGER_CMD_TAIL	= BIT(4),	/* listed after the others, oldest first */
	TRIGGER_CMD_TRUNC	= BIT(5),	/* removed by an O_TRUNC open */
};

/* Kinds of the commands the tracing core registers. */
enum {
	TRIGGER_KIND_TRACE_ONOFF = 1,
	TRIGGER_KIND_SNAPSHOT,
	TRIGGER_KIND_STACKTRACE,
	TRIGGER_KIND_EVENT_ENABLE,
	TRIGGER_KIND_HIST,
	TRIGGER_KIND_HIST_ENABLE,
};

/*
 * A trigger command.  kind: two triggers of one kind on one event are
 * the same trigger (a second is refused with -EEXIST, '!' of either
 * removes it); same() narrows that (enable_event: the same target).
 * parse() takes PARAM (TRIGGER_CMD_PARAM) and leaves what follows it
 * (the count) in *param.  attach() runs before the trigger goes live,
 * detach() once no event can run it any more; both under event_mutex.
 * ready() says whether the trigger would change anything (a count is not
 * used up when it would not).  show() prints what comes between the name
 * and the count when the trigger file is read.  Only name and fire are
 * required.
 *
 * For TRIGGER_CMD_SPEC commands: t->text holds the line as written after
 * the name while parse() runs (for error_log); the filter is compiled
 * before the lookups, so same() may compare it; show() is required and
 * prints everything after the name.  existing() decides what adding @t
 * means when @old (the same trigger, or NULL) is there: 0 adds it, 1
 * means done (it changed @old), a negative errno refuses; it runs under
 * event_mutex and may sleep.  release() frees what parse() made (after
 * detach() if attached).
 */
struct trigger_cmd {
	struct list_head	list;
	const char		*name;
	unsigned int		kind;
	unsigned int		flags;		/* TRIGGER_CMD_* */
	int			(*parse)(struct event_trigger *t, char **param);
	bool			(*same)(const struct event_trigger *a,
					const struct event_trigger *b);
	int			(*attach)(struct event_trigger *t);
	void			(*detach)(struct event_trigger *t);
	bool			(*ready)(struct event_trigger *t);
	void			(*fire)(struct event_trigger *t,
					const struct trigger_ctx *ctx);
	void			(*show)(struct seq_file *m,
					struct event_trigger *t);
	int			(*existing)(struct event_trigger *t,
					    struct event_trigger *old);
	void			(*release)(struct event_trigger *t);
	/* May it not be removed now ('!' gets -EBUSY)?  event_mutex held. */
	bool			(*busy)(struct event_trigger *t);
};

/* One trigger on one event, on file->triggers (RCU; event_mutex). */
struct event_trigger {
	struct list_head	list;
	const struct trigger_cmd *cmd;
	struct trace_event_file	*file;		/* the event it is on */
	long			count;		/* fires left; -1: no limit */
	struct event_filter	*filter;	/* NULL: always */
	char			*filter_str;
	void			*private;	/* the command's */
	const char		*text;		/* SPEC: during parse() only */
	bool			removing;	/* parsed for a '!' line */
	/*
	 * Skipped, filter not run.  Written under event_mutex, and by
	 * enable_hist/disable_hist from event context: READ_ONCE/WRITE_ONCE.
	 */
	bool			paused;
	struct list_head	dead;		/* waiting to be freed */
};

/* Which triggers event_triggers_call() runs. */
#define TRIGGERS_PRE	BIT(0)
#define TRIGGERS_POST	BIT(1)

/*
 * Run @file's triggers of @which.  Those with a filter run only with a
 * record (ctx->rec) that matches.  Called with TRIGGERS_PRE alone and a
 * record that the commit may take away, it returns the post triggers
 * due, for event_triggers_post() after the commit.  Context: any, NMI
 * included; no lock.
 */
unsigned long event_triggers_call(struct trace_event_file *file,
				  const struct trigger_ctx *ctx,
				  unsigned int which);
void event_triggers_post(struct trace_event_file *file,
			 const struct trigger_ctx *ctx, unsigned long due);
/* Context: boot (commands register once, before any trigger file opens). */
int trigger_cmd_register(struct trigger_cmd *cmd);
/*
 * Remove every trigger of @file: its event is going (module unload,
 * instance removal).  Context: event_mutex held; may sleep.
 */
void trace_triggers_drop(struct trace_event_file *file);
/* events/SYSTEM/EVENT/trigger, which trace_events.c puts in place. */
extern const struct file_operations event_trigger_fops;
/* events/SYSTEM/EVENT/hist: trace_hist_cmd.c gives its operations. */
void trace_event_hist_register(const struct file_operations *fops);

/*
 * trace_event_enable.c, for triggers: switch @file on or off for a plain
 * user or a soft-mode one (see there); pin and unpin an event's module
 * (or dynamic event).  Context: event_mutex held.
 */
int trace_event_enable_disable(struct trace_event_file *file, int enable,
			       int soft_disable);
bool event_call_hold(struct trace_event_call *call);
void event_call_release(struct trace_event_call *call);

/*
 * trace_trigger_cmds.c: the actions of the basic commands, run by the event
 * triggers and by the function commands of set_ftrace_filter
 * (ftrace_cmds.c).  The *_would_change() tests say whether an action would
 * change anything (a count is used up only then); they and the actions
 * run in any context.  trace_event_switch_get() puts an event in soft mode
 * and pins its module for as long as a command may switch it;
 * trace_event_switch_put() lets it go (both with event_mutex held).
 */
bool trace_onoff_would_change(struct trace_array *tr, bool on);
void trace_onoff_switch(struct trace_array *tr, bool on);
bool trace_event_switch_would_change(struct trace_event_file *file,
				     bool enable);
void trace_event_switch(struct trace_event_file *file, bool enable);
/*
 * The parameter, identity, hold and line of commands that target an
 * event by SYSTEM:EVENT (enable_event and disable_event, enable_hist and
 * disable_hist): t->private is the target's file.
 */
int trigger_target_parse(struct event_trigger *t, char **param);
bool trigger_target_same(const struct event_trigger *a,
			 const struct event_trigger *b);
int trigger_target_attach(struct event_trigger *t);
void trigger_target_detach(struct event_trigger *t);
void trigger_target_show(struct seq_file *m, struct event_trigger *t);
int trace_event_switch_get(struct trace_event_file *file);
void trace_event_switch_put(struct trace_event_file *file);

/*
 * The rest of trace_snapshot.c.
 *
 * trace_max_swap() is the one swap of the two buffers, for the snapshot
 * and for the latency tracers' maximum-latency buffer: with @cpu
 * RING_BUFFER_ALL_CPUS the live buffer and max_buffer change places
 * whole (tracing_on's state goes with the live one); with a CPU, only
 * that CPU's part is exchanged, and the caller must run on that CPU
 * (TRACER_SNAPSHOT_PER_CPU_SWAP).  While a conditional snapshot is set
 * (tracing_snapshot_cond_enable()), a whole swap happens only when its
 * update() says yes to @cond_data.  Context: any but NMI; takes
 * max_lock with interrupts off.  Return: 0, -ENODEV when the second
 * buffer is not allocated, -EBUSY while swaps are held off (a resize, a
 * tracing_stop(), a refusing conditional snapshot) or a write is under
 * way on @cpu, -EAGAIN/-EINVAL from the per-CPU swap.
 *
 * trace_max_buffer_init() gives a new array its (smallest) second buffer,
 * full-sized when @full; trace_max_buffer_free() frees it with the array.
 * Context: process, the array being made or freed.
 *
 * trace_snapshot_create_files() and trace_snapshot_create_cpu_files()
 * make snapshot and per_cpu/cpuN/{snapshot,snapshot_raw}.  Context:
 * tracing_lock held.
 */
int trace_max_swap(struct trace_array *tr, int cpu, void *cond_data);
int trace_max_buffer_init(struct trace_array *tr, bool full);
int trace_max_buffer_alloc(struct trace_array *tr);
void trace_max_buffer_free(struct trace_array *tr);
void trace_snapshot_create_files(struct trace_array *tr, struct dentry *dir);
void trace_snapshot_create_cpu_files(struct trace_array *tr,
				     struct dentry *d_cpu, long cpu);

/*
 * The kernel API of conditional snapshots (upstream's): a snapshot taken
 * with tracing_snapshot_cond() happens only when update() returns true;
 * it runs under max_lock with interrupts off.
 */
typedef bool (*cond_update_fn_t)(struct trace_array *tr, void *cond_data);

struct cond_snapshot {
	void			*cond_data;
	cond_update_fn_t	update;
};

void tracing_snapshot_cond(struct trace_array *tr, void *cond_data);
void *tracing_cond_snapshot_data(struct trace_array *tr);
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update);
int tracing_snapshot_cond_disable(struct trace_array *tr);
int tracing_alloc_snapshot(void);

/*
 * trace.c: hold swaps off while a change acts on both buffers of @tr
 * (a resize, a clock, the cpumask); trace_max_swap() refuses meanwhile.
 * Once trace_swap_hold() returns no swap is under way, and tr->buffer and
 * tr->max_buffer stay put until trace_swap_release().  Nests.
 * Context: any but NMI.
 */
void trace_swap_hold(struct trace_array *tr);
void trace_swap_release(struct trace_array *tr);

/*
 * trace_latency.c: what the latency tracers share.  Besides the two
 * below (see the file for each): trace_latency_savable() says whether a
 * save could be made now, trace_latency_fn() writes a function
 * record, trace_latency_options() forces the options a tracer needs and
 * puts them back, trace_latency_functions() is the function-trace option,
 * trace_latency_flag_changed() a tracer's flag_changed.
 *
 * trace_latency_over() says whether a section of @delta ns is to be
 * saved: over tracing_thresh when that is set, else over the array's
 * max_latency.  trace_latency_save() saves the section @sec describes:
 * it swaps the buffers (only @swap_cpu's part, or all of them with
 * RING_BUFFER_ALL_CPUS), then sets max_latency and tr->lat.  Nothing is
 * saved while the top-level array is stopped.  Context: interrupts off,
 * not NMI, on @swap_cpu when that is a CPU, the caller serialising its
 * saves.  Return: false when nothing was saved.
 *
 * The trace file shows what was saved (trace_read.c): the max buffer from
 * tr->lat.time_start on, while the current tracer is print_max.
 *
 * trace_set_core_option() (trace_options.c) sets or clears a core option
 * as the options files do (a tracer forcing the ones it needs).
 * Context: tracing_lock.
 */
struct trace_latency_section {
	struct task_struct	*task;		/* the header's task line */
	int			cpu;		/* the header's CPU# */
	u64			start;		/* the buffer's clock at its start */
	u64			delta;		/* its length, ns */
	unsigned long		start_ip;	/* 0: no started/ended lines */
	unsigned long		end_ip;
};

bool trace_latency_over(struct trace_array *tr, u64 delta);
bool trace_latency_savable(struct trace_array *tr);
bool trace_latency_save(struct trace_array *tr, int swap_cpu,
			const struct trace_latency_section *sec);
void trace_latency_fn(struct trace_array *tr, unsigned long ip,
		      unsigned long parent_ip, unsigned int trace_ctx);
void trace_latency_options(struct trace_array *tr, u64 mask, u64 *saved,
			   bool force);

/*
 * A latency tracer's records of the functions called in a section (the
 * function-trace option): plain function records, or entries and
 * returns with display-graph.  The tracer gives its callbacks; state is
 * what is registered now, on tr->ops or tr->gops.
 */
enum trace_latency_fn_state {
	LAT_FN_OFF,
	LAT_FN_FUNCTION,	/* func on tr->ops */
	LAT_FN_GRAPH,		/* graph_entry/graph_return on tr->gops */
};

struct ftrace_ops;
struct ftrace_regs;

/* func is an ftrace_func_t, spelled out: that type needs FUNCTION_TRACER. */
struct trace_latency_hooks {
	void				(*func)(unsigned long ip,
						unsigned long parent_ip,
						struct ftrace_ops *op,
						struct ftrace_regs *fregs);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	trace_func_graph_ent_t		graph_entry;
	trace_func_graph_ret_t		graph_return;
#endif
	/* Forget the section in progress (display-graph changes). */
	void				(*restart)(struct trace_array *tr);
	enum trace_latency_fn_state	state;
};

int trace_latency_flag_changed(struct trace_array *tr, u64 mask, int set,
			       struct trace_latency_hooks *hooks);
void trace_latency_functions(struct trace_array *tr,
			     struct trace_latency_hooks *hooks, bool on);
/* print_line, print_header, open and close of the latency tracers. */
enum print_line_t trace_latency_print_line(struct trace_iterator *iter);
void trace_latency_print_header(struct seq_file *m);
void trace_latency_open(struct trace_iterator *iter);
void trace_latency_close(struct trace_iterator *iter);
/* trace_output_noise.c: printers of the hwlat, osnoise, timerlat records. */
extern struct trace_event_functions trace_hwlat_funcs;
extern struct trace_event_functions trace_osnoise_funcs;
extern struct trace_event_functions trace_timerlat_funcs;
/* trace_read.c: the header of a tracer without its own. */
void trace_default_header(struct seq_file *m);
int trace_set_core_option(struct trace_array *tr, u64 mask, int enabled);
/* trace_output.c: a code address as the sym-offset/sym-addr flags say. */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip, u64 sym_flags);

#endif /* _KERNEL_TRACE_TRACE_H */
