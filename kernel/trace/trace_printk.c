// SPDX-License-Identifier: GPL-2.0
/*
 * Text written into trace buffers by the kernel and by user space.
 *
 *   - trace_printk(), trace_puts() and their variants, and the kernel's
 *     stack records (stacktrace and userstacktrace options);
 *   - printk_formats, which maps the format pointers that binary records
 *     carry back to their text;
 *   - trace_marker and trace_marker_raw;
 *   - error_log, the last errors of each trace array's control files.
 *
 * Which record a trace_printk() makes:
 *
 *   trace_printk("const %d", x)   TRACE_BPRINT: the format's address and
 *                                 the arguments packed by vbin_printf()
 *   trace_printk(str_var, x)      TRACE_PRINT: the formatted text
 *   trace_puts("const")           TRACE_BPUTS: the string's address
 *   trace_puts(str_var)           TRACE_PRINT: the string
 *
 * A binary record is only as good as the format it points to: the macros
 * keep every constant format in the __trace_printk_fmt section, and a
 * module's formats are copied here when it loads (the module's pointers
 * are redirected to the copies), so that records outlive the module.
 */
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/pagemap.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/sched/clock.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

/* Bounds of the sections vmlinux.lds.h gathers formats into. */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

/* ------------------------------------------------------------------ */
/* Scratch space of the formatting writers                             */

/*
 * trace_printk() formats into scratch space first: only then is the
 * record's size known.  Each CPU has one area per interrupt level (task,
 * softirq, hardirq, NMI).  A writer runs with preemption off and uses its
 * own level's area; a writer of the same level cannot interrupt it on
 * this CPU, so no lock is needed.  The busy mark only catches a writer
 * re-entered from within itself (a tracer hooked into vsnprintf(), say),
 * which then drops its record.
 */
#define PRINTK_LEVELS	4

struct printk_scratch {
	bool	busy[PRINTK_LEVELS];
	char	buf[PRINTK_LEVELS][TRACE_BUF_SIZE] __aligned(sizeof(long));
};

static struct printk_scratch __percpu *printk_scratch;
static DEFINE_MUTEX(printk_scratch_lock);
static bool printk_notice_shown;

/* Called with preemption disabled; NULL if there is no area to use. */
static char *scratch_get(void)
{
	struct printk_scratch __percpu *all = READ_ONCE(printk_scratch);
	int level = interrupt_context_level();
	struct printk_scratch *s;

	if (unlikely(!all))
		return NULL;
	s = this_cpu_ptr(all);
	if (unlikely(s->busy[level]))
		return NULL;
	s->busy[level] = true;
	/* An interrupt must see the mark before we touch the area. */
	barrier();
	return s->buf[level];
}

static void scratch_put(void)
{
	barrier();
	this_cpu_ptr(printk_scratch)->busy[interrupt_context_level()] = false;
}

static int scratch_alloc(void)
{
	struct printk_scratch __percpu *all;
	int ret = 0;

	mutex_lock(&printk_scratch_lock);
	if (!printk_scratch) {
		all = alloc_percpu(struct printk_scratch);
		if (all)
			WRITE_ONCE(printk_scratch, all);
		else
			ret = -ENOMEM;
	}
	mutex_unlock(&printk_scratch_lock);
	return ret;
}

static void printk_notice(void)
{
	static const char * const lines[] = {
		"****************************************************************",
		"**  NOTICE  NOTICE  NOTICE  NOTICE  NOTICE  NOTICE  NOTICE    **",
		"**                                                            **",
		"**  trace_printk() being used: extra memory is allocated for  **",
		"**  it.  trace_printk() is a debugging aid, so this kernel    **",
		"**  (or a module loaded into it) is a DEBUG build, not one    **",
		"**  fit for production use.                                   **",
		"**                                                            **",
		"**  If you did not build it to debug something, tell whoever **",
		"**  supplied it.                                              **",
		"**                                                            **",
		"**  NOTICE  NOTICE  NOTICE  NOTICE  NOTICE  NOTICE  NOTICE    **",
		"****************************************************************",
	};
	int i;

	pr_warn("\n");
	for (i = 0; i < ARRAY_SIZE(lines); i++)
		pr_warn("%s\n", lines[i]);
}

/**
 * trace_printk_init_buffers - get trace_printk() ready to record
 *
 * Allocates the per-CPU scratch space of trace_printk() and gives the
 * top-level buffer its full size.  The first call announces, loudly, that
 * trace_printk() is in use; later calls do nothing.  Called at boot when
 * the kernel itself contains trace_printk() calls, and when a module that
 * contains some is loaded.
 */
void trace_printk_init_buffers(void)
{
	if (READ_ONCE(printk_notice_shown))
		return;
	if (scratch_alloc())
		return;

	mutex_lock(&printk_scratch_lock);
	if (printk_notice_shown) {
		mutex_unlock(&printk_scratch_lock);
		return;
	}
	printk_notice();
	WRITE_ONCE(printk_notice_shown, true);
	mutex_unlock(&printk_scratch_lock);

	/* Before the core has set up, its own init sizes the buffer. */
	if (global_trace.buffer)
		tracing_update_buffers(&global_trace);
}
EXPORT_SYMBOL_GPL(trace_printk_init_buffers);

/**
 * trace_array_init_printk - get trace_array_printk() ready for an instance
 * @tr: the instance
 *
 * Must be called before trace_array_printk() writes into @tr.  Writing
 * into an instance is a normal thing for a subsystem to do, so unlike
 * trace_printk_init_buffers() this says nothing in the kernel log.
 *
 * Return: 0, -ENOENT for no array, -EINVAL for the top-level array (only
 * trace_printk() writes there), -ENOMEM.
 */
int trace_array_init_printk(struct trace_array *tr)
{
	if (!tr)
		return -ENOENT;
	if (trace_array_is_top(tr))
		return -EINVAL;
	return scratch_alloc();
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/* ------------------------------------------------------------------ */
/* Stack records                                                       */

/*
 * How far down the stack the start of a trace is looked for: our own
 * frames, and what the unwinder reports between them, come first.
 */
#define STACK_SCAN_ENTRIES	32

/*
 * Taking a stack trace runs a lot of code; if any of it is traced with
 * stack traces on, the busy marks stop the recursion.  The trace is taken
 * into a per-CPU area, not into an array on the stack, which an unwinder
 * that scans the stack for text addresses would find itself writing.
 * One of each per interrupt level, for the reason the scratch areas above
 * are per level.
 */
struct kstack_area {
	bool		busy[PRINTK_LEVELS];
	unsigned long	calls[PRINTK_LEVELS][STACK_SCAN_ENTRIES];
};

struct level_marks {
	bool	busy[PRINTK_LEVELS];
};

static DEFINE_PER_CPU(struct kstack_area, kstack_area);
static DEFINE_PER_CPU(struct level_marks, ustack_marks);

static bool level_mark_enter(bool *busy)
{
	bool *mark = &busy[interrupt_context_level()];

	if (*mark)
		return false;
	*mark = true;
	barrier();
	return true;
}

static void level_mark_exit(bool *busy)
{
	barrier();
	busy[interrupt_context_level()] = false;
}

/* Index of the first entry that returns into the function holding @addr. */
static unsigned int stack_find_caller(const unsigned long *calls,
				      unsigned int n, unsigned long addr)
{
	unsigned long size, offset, start;
	unsigned int i;

	if (!kallsyms_lookup_size_offset(addr, &size, &offset))
		return 0;
	start = addr - offset;
	for (i = 0; i < n; i++)
		if (calls[i] > start && calls[i] <= start + size)
			return i;
	return 0;
}

/*
 * Records the kernel stack from the function that holds @from, leaving
 * out @skip callers after it.  Counting our own frames instead would be
 * fragile: inlining and tail calls change it, and an unwinder that guesses
 * reports more of them than there are.
 */
static void record_kernel_stack(struct trace_array *tr,
				struct trace_buffer *buffer,
				unsigned int trace_ctx, unsigned long from,
				int skip)
{
	struct ring_buffer_event *event;
	struct kstack_area *area;
	struct stack_entry *entry;
	unsigned int n, first;
	unsigned long *calls;

	if (unlikely(!buffer))
		return;
	preempt_disable_notrace();
	area = this_cpu_ptr(&kstack_area);
	if (!level_mark_enter(area->busy))
		goto out;

	calls = area->calls[interrupt_context_level()];
	n = stack_trace_save(calls, STACK_SCAN_ENTRIES, 0);
	first = stack_find_caller(calls, n, from) + max(skip, 0);
	n = first < n ? min(n - first, FTRACE_STACK_ENTRIES) : 0;

	event = trace_buffer_lock_reserve(buffer, TRACE_STACK, sizeof(*entry),
					  trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		memcpy(entry->caller, calls + first, n * sizeof(calls[0]));
		memset(entry->caller + n, 0,
		       (FTRACE_STACK_ENTRIES - n) * sizeof(calls[0]));
		entry->size = n;
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	level_mark_exit(area->busy);
out:
	preempt_enable_notrace();
}

/* The stack record after a trace_printk() record made at @ip. */
static inline void printk_stack(struct trace_array *tr,
				struct trace_buffer *buffer,
				unsigned int trace_ctx, unsigned long ip)
{
	if (tr->flags & TRACE_ITER(STACKTRACE))
		record_kernel_stack(tr, buffer, trace_ctx, ip, 0);
}

/**
 * ftrace_trace_stack - add a kernel stack record if the array wants one
 * @tr: the trace array of the record just written
 * @buffer: its buffer
 * @trace_ctx: the context of that record
 * @skip: callers to leave out; with 0 the trace starts at the function
 *	that called ftrace_trace_stack()
 *
 * Does nothing unless @tr's stacktrace option is set.
 */
noinline void ftrace_trace_stack(struct trace_array *tr,
				 struct trace_buffer *buffer,
				 unsigned int trace_ctx, int skip)
{
	if (tr->flags & TRACE_ITER(STACKTRACE))
		record_kernel_stack(tr, buffer, trace_ctx, _RET_IP_, skip);
}

/**
 * ftrace_trace_userstack - add a user stack record if the array wants one
 * @tr: the trace array of the record just written
 * @buffer: its buffer
 * @trace_ctx: the context of that record
 *
 * Does nothing unless @tr's userstacktrace option is set, in NMI context
 * (reading user memory may fault) or for a kernel thread's empty stack.
 */
void ftrace_trace_userstack(struct trace_array *tr, struct trace_buffer *buffer,
			    unsigned int trace_ctx)
{
#ifdef CONFIG_USER_STACKTRACE_SUPPORT
	struct ring_buffer_event *event;
	struct userstack_entry *entry;

	if (!(tr->flags & TRACE_ITER(USERSTACKTRACE)) || unlikely(in_nmi()))
		return;
	if (unlikely(!buffer))
		return;
	preempt_disable_notrace();
	if (!level_mark_enter(this_cpu_ptr(&ustack_marks)->busy))
		goto out;
	event = trace_buffer_lock_reserve(buffer, TRACE_USER_STACK,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->tgid = current->tgid;
		memset(entry->caller, 0, sizeof(entry->caller));
		stack_trace_save_user(entry->caller, FTRACE_STACK_ENTRIES);
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	level_mark_exit(this_cpu_ptr(&ustack_marks)->busy);
out:
	preempt_enable_notrace();
#endif
}

/**
 * trace_dump_stack - record the current kernel stack
 * @skip: callers to leave out; with 0 the trace starts at the function
 *	that called trace_dump_stack()
 *
 * The record goes where trace_printk() writes, whatever the stacktrace
 * option says.
 */
noinline void trace_dump_stack(int skip)
{
	struct trace_array *tr;

	preempt_disable_notrace();
	tr = READ_ONCE(printk_trace);
	record_kernel_stack(tr, tr->buffer, tracing_gen_ctx_dec(), _RET_IP_,
			    skip);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

/* ------------------------------------------------------------------ */
/* The writers                                                         */

/*
 * The writers below run with preemption disabled by their callers, from
 * before the trace array is picked: an array that stops being the one
 * trace_printk() writes to is only freed after an RCU grace period.
 */

/* The trace_printk option (top level only) switches trace_printk() off. */
static inline bool trace_printk_on(void)
{
	return global_trace.flags & TRACE_ITER(PRINTK);
}

static __printf(3, 0) int write_bprint(struct trace_array *tr, unsigned long ip,
					      const char *fmt, va_list args)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct bprint_entry *entry;
	unsigned int trace_ctx;
	u32 *words;
	int len = 0;

	if (unlikely(!fmt) || !tracer_tracing_is_recording(tr))
		return 0;

	pause_graph_tracing();
	trace_ctx = tracing_gen_ctx_dec();
	words = (u32 *)scratch_get();
	if (!words)
		goto out;

	len = vbin_printf(words, TRACE_BUF_SIZE / sizeof(u32), fmt, args);
	if (len < 0 || len > TRACE_BUF_SIZE / sizeof(u32)) {
		len = 0;
		goto put;
	}
	event = trace_buffer_lock_reserve(buffer, TRACE_BPRINT,
					  struct_size(entry, buf, len),
					  trace_ctx);
	if (!event) {
		len = 0;
		goto put;
	}
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->fmt = fmt;
	memcpy(entry->buf, words, len * sizeof(u32));
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	printk_stack(tr, buffer, trace_ctx, ip);
put:
	scratch_put();
out:
	unpause_graph_tracing();
	return len;
}

static __printf(3, 0) int write_print(struct trace_array *tr, unsigned long ip,
					     const char *fmt, va_list args)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int trace_ctx;
	char *text;
	int len = 0;

	if (!tracer_tracing_is_recording(tr))
		return 0;

	pause_graph_tracing();
	trace_ctx = tracing_gen_ctx_dec();
	text = scratch_get();
	if (!text)
		goto out;

	len = vscnprintf(text, TRACE_BUF_SIZE, fmt, args);
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  struct_size(entry, buf, len + 1),
					  trace_ctx);
	if (!event) {
		len = 0;
		goto put;
	}
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	memcpy(entry->buf, text, len + 1);
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	printk_stack(tr, buffer, trace_ctx, ip);
put:
	scratch_put();
out:
	unpause_graph_tracing();
	return len;
}

static int write_puts(struct trace_array *tr, unsigned long ip,
		      const char *str, int size)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int trace_ctx;
	int len = size;

	if (size < 0 || !tracer_tracing_is_recording(tr))
		return 0;

	trace_ctx = tracing_gen_ctx_dec();
	/* Room for a '\n' to end the line, and the NUL. */
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  struct_size(entry, buf, size + 2),
					  trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	memcpy(entry->buf, str, size);
	if (!len || entry->buf[len - 1] != '\n')
		entry->buf[len++] = '\n';
	entry->buf[len] = '\0';
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	printk_stack(tr, buffer, trace_ctx, ip);
	return size;
}

static int write_bputs(struct trace_array *tr, unsigned long ip,
		       const char *str)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct bputs_entry *entry;
	unsigned int trace_ctx;

	if (!tracer_tracing_is_recording(tr))
		return 0;

	trace_ctx = tracing_gen_ctx_dec();
	event = trace_buffer_lock_reserve(buffer, TRACE_BPUTS, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->str = str;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	printk_stack(tr, buffer, trace_ctx, ip);
	return 1;
}

/**
 * __ftrace_vbprintk - binary trace_printk() with a va_list
 * @ip: the caller's address, which the record shows
 * @fmt: a format registered in the __trace_printk_fmt section
 * @ap: its arguments
 *
 * Return: the size of the packed arguments in 32-bit words, 0 if nothing
 * was recorded.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	int ret;

	if (!trace_printk_on())
		return 0;
	preempt_disable_notrace();
	ret = write_bprint(READ_ONCE(printk_trace), ip, fmt, ap);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

/**
 * __trace_bprintk - what trace_printk() calls for a constant format
 * @ip: the caller's address, which the record shows
 * @fmt: a format registered in the __trace_printk_fmt section
 *
 * Return: the size of the packed arguments in 32-bit words, 0 if nothing
 * was recorded.
 */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vbprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

/**
 * __ftrace_vprintk - text trace_printk() with a va_list
 * @ip: the caller's address, which the record shows
 * @fmt: the format
 * @ap: its arguments
 *
 * Return: the length of the recorded text, 0 if nothing was recorded.
 */
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	int ret;

	if (!trace_printk_on())
		return 0;
	preempt_disable_notrace();
	ret = write_print(READ_ONCE(printk_trace), ip, fmt, ap);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

/**
 * __trace_printk - what trace_printk() calls for a format not constant
 * @ip: the caller's address, which the record shows
 * @fmt: the format
 *
 * Return: the length of the recorded text, 0 if nothing was recorded.
 */
int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/**
 * __trace_bputs - what trace_puts() calls for a constant string
 * @ip: the caller's address, which the record shows
 * @str: a string registered in the __trace_printk_fmt section
 *
 * Return: 1 if recorded, 0 if not.
 */
int __trace_bputs(unsigned long ip, const char *str)
{
	int ret;

	if (unlikely(!str) || !trace_printk_on())
		return 0;
	preempt_disable_notrace();
	ret = write_bputs(READ_ONCE(printk_trace), ip, str);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/**
 * __trace_puts - what trace_puts() calls for a string not constant
 * @ip: the caller's address, which the record shows
 * @str: the string
 * @size: its length; the record ends with a '\n', added if missing
 *
 * Return: @size if recorded, 0 if not.
 */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	int ret;

	if (!trace_printk_on())
		return 0;
	preempt_disable_notrace();
	ret = write_puts(READ_ONCE(printk_trace), ip, str, size);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_puts);

/**
 * __trace_array_puts - write a string into a trace array
 * @tr: the trace array
 * @ip: the caller's address, which the record shows
 * @str: the string
 * @size: its length; the record ends with a '\n', added if missing
 *
 * Return: @size if recorded, 0 if not.
 */
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	int ret;

	if (!tr || !(tr->flags & TRACE_ITER(PRINTK)))
		return 0;
	preempt_disable_notrace();
	ret = write_puts(tr, ip, str, size);
	preempt_enable_notrace();
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

__printf(3, 0) int trace_array_vprintk(struct trace_array *tr, unsigned long ip,
					const char *fmt, va_list args)
{
	int ret;

	preempt_disable_notrace();
	ret = write_print(tr, ip, fmt, args);
	preempt_enable_notrace();
	return ret;
}

/**
 * trace_array_printk - printf into a trace instance
 * @tr: the instance, from trace_array_get_by_name()
 * @ip: the caller's address, which the record shows (usually _THIS_IP_)
 * @fmt: the format
 *
 * Lets a subsystem write text into an instance of its own.  The top-level
 * array is reserved for trace_printk() and events, so writes to it are
 * ignored.  trace_array_init_printk() must have been called on @tr.
 *
 * Return: the length of the recorded text, 0 if nothing was recorded,
 * -ENOENT for no array.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (!tr)
		return -ENOENT;
	if (trace_array_is_top(tr) || !(tr->flags & TRACE_ITER(PRINTK)))
		return 0;

	va_start(ap, fmt);
	ret = trace_array_vprintk(tr, ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/* ------------------------------------------------------------------ */
/* Registered formats and printk_formats                               */

/*
 * A module's format, copied at load.  Copies are never freed: records
 * that point to them may sit in a buffer long after the module is gone.
 * The list only grows, so readers may walk it under RCU alone.
 */
struct module_format {
	struct list_head	list;
	const char		*fmt;	/* = text, what printk_formats walks */
	char			text[];
};

static LIST_HEAD(module_formats);
static DEFINE_MUTEX(module_formats_lock);
static unsigned int n_module_formats;

#ifdef CONFIG_MODULES
static const char *module_format_get(const char *fmt)
{
	struct module_format *mf;
	size_t len;

	lockdep_assert_held(&module_formats_lock);
	list_for_each_entry(mf, &module_formats, list)
		if (!strcmp(mf->fmt, fmt))
			return mf->fmt;

	len = strlen(fmt) + 1;
	mf = kmalloc(struct_size(mf, text, len), GFP_KERNEL);
	if (!mf)
		return NULL;
	memcpy(mf->text, fmt, len);
	mf->fmt = mf->text;
	list_add_tail_rcu(&mf->list, &module_formats);
	n_module_formats++;
	return mf->fmt;
}

static int module_formats_notify(struct notifier_block *nb,
				 unsigned long state, void *data)
{
	struct module *mod = data;
	const char **slot = mod->trace_bprintk_fmt_start;
	const char **end = slot + mod->num_trace_bprintk_fmt;

	if (state != MODULE_STATE_COMING || slot == end)
		return NOTIFY_OK;

	trace_printk_init_buffers();

	/*
	 * The module's trace_printk() calls read their format from these
	 * slots: point them at the copies.  A copy that could not be made
	 * leaves NULL, which the writers take as "record nothing".
	 */
	mutex_lock(&module_formats_lock);
	for (; slot < end; slot++)
		if (*slot)
			*slot = module_format_get(*slot);
	mutex_unlock(&module_formats_lock);
	return NOTIFY_OK;
}

static struct notifier_block module_formats_nb = {
	.notifier_call = module_formats_notify,
};

static int __init module_formats_init(void)
{
	return register_module_notifier(&module_formats_nb);
}
early_initcall(module_formats_init);
#endif /* CONFIG_MODULES */

static int __init core_formats_init(void)
{
	if (__stop___trace_bprintk_fmt - __start___trace_bprintk_fmt)
		trace_printk_init_buffers();
	return 0;
}
/* After the core has made its buffers, which it does at early_initcall. */
core_initcall(core_formats_init);

/*
 * printk_formats lists, in this order, the kernel's trace_printk()
 * formats, its tracepoint_string()s and the modules' formats.  Each
 * position is a pointer to the slot holding the string's address; a
 * NULL slot (a non-constant format) prints nothing.
 */
static const char **format_slot(loff_t pos)
{
	size_t n_core = __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
	size_t n_tp = __stop___tracepoint_str - __start___tracepoint_str;
	struct module_format *mf;

	if (pos < n_core)
		return __start___trace_bprintk_fmt + pos;
	pos -= n_core;
	if (pos < n_tp)
		return __start___tracepoint_str + pos;
	pos -= n_tp;
	if (pos >= n_module_formats)
		return NULL;
	list_for_each_entry(mf, &module_formats, list)
		if (!pos--)
			return &mf->fmt;
	return NULL;
}

static void *formats_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&module_formats_lock);
	return format_slot(*pos);
}

static void *formats_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct module_format *mf;
	const char **slot = v;

	++*pos;
	/* Past the sections, follow the list rather than count along it. */
	if (slot < __start___trace_bprintk_fmt ||
	    slot >= __stop___trace_bprintk_fmt) {
		if (slot < __start___tracepoint_str ||
		    slot >= __stop___tracepoint_str) {
			mf = container_of(slot, struct module_format, fmt);
			if (list_is_last(&mf->list, &module_formats))
				return NULL;
			return &list_next_entry(mf, list)->fmt;
		}
	}
	return format_slot(*pos);
}

static void formats_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&module_formats_lock);
}

static int formats_show(struct seq_file *m, void *v)
{
	const char *str = *(const char **)v;

	if (!str)
		return 0;

	seq_printf(m, "0x%lx : \"", (unsigned long)str);
	for (; *str; str++) {
		switch (*str) {
		case '\n':
			seq_puts(m, "\\n");
			break;
		case '\t':
			seq_puts(m, "\\t");
			break;
		case '"':
			seq_puts(m, "\\\"");
			break;
		default:
			seq_putc(m, *str);
		}
	}
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations formats_seq_ops = {
	.start	= formats_start,
	.next	= formats_next,
	.stop	= formats_stop,
	.show	= formats_show,
};

static int formats_open(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	return seq_open(file, &formats_seq_ops);
}

const struct file_operations ftrace_formats_fops = {
	.open		= formats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* ------------------------------------------------------------------ */
/* trace_marker and trace_marker_raw                                   */

static int tracing_mark_open(struct inode *inode, struct file *filp)
{
	stream_open(inode, filp);
	return tracing_open_generic_tr(inode, filp);
}

/*
 * Copying from user space is done with page faults off, straight into
 * the reserved record.  If the copy faults, the record is given back, the
 * pages are faulted in and the copy tried again; an address that cannot
 * be read gives -EFAULT and no record at all.
 *
 * Return: the record, with @cnt bytes from @ubuf at @offset in its data;
 * ERR_PTR(-EBADF) when recording is off, ERR_PTR(-EFAULT).
 */
#define MARKER_COPY_TRIES	3

static struct ring_buffer_event *
marker_fill(struct trace_buffer *buffer, int type, unsigned long len,
	    unsigned int trace_ctx, size_t offset,
	    const char __user *ubuf, size_t cnt)
{
	struct ring_buffer_event *event;
	int tries;

	for (tries = 1; ; tries++) {
		event = trace_buffer_lock_reserve(buffer, type, len, trace_ctx);
		if (!event)
			return ERR_PTR(-EBADF);
		if (!copy_from_user_nofault(ring_buffer_event_data(event) + offset,
					    ubuf, cnt))
			return event;
		ring_buffer_discard_commit(buffer, event);
		if (tries == MARKER_COPY_TRIES || fault_in_readable(ubuf, cnt))
			return ERR_PTR(-EFAULT);
	}
}

static ssize_t tracing_mark_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int trace_ctx;
	size_t room;

	if (!(tr->flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	if (!buffer)
		return -EBADF;
	if (!cnt)
		return 0;

	/*
	 * What does not fit in one record is left for the writer's next
	 * write(): the short count tells it where to go on from.
	 */
	room = ring_buffer_max_event_size(buffer);
	if (room <= sizeof(*entry) + 2)
		return -EBADF;
	room -= sizeof(*entry) + 2;	/* a '\n' may be added, and the NUL */
	cnt = min3(cnt, room, (size_t)TRACE_MARKER_MAX_SIZE);

	trace_ctx = tracing_gen_ctx();
	event = marker_fill(buffer, TRACE_PRINT, struct_size(entry, buf, cnt + 2),
			    trace_ctx, offsetof(typeof(*entry), buf), ubuf, cnt);
	if (IS_ERR(event))
		return PTR_ERR(event);

	entry = ring_buffer_event_data(event);
	entry->ip = _THIS_IP_;
	if (entry->buf[cnt - 1] == '\n') {
		entry->buf[cnt] = '\0';
	} else {
		entry->buf[cnt] = '\n';
		entry->buf[cnt + 1] = '\0';
	}
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	return cnt;
}

/* The smallest buf a trace_marker_raw record has (upstream's size). */
#define RAW_MIN_DATA	13

static ssize_t tracing_mark_raw_write(struct file *filp,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	unsigned int trace_ctx, len, size;

	if (!(tr->flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	/* The record's id comes first, and is required. */
	if (cnt < sizeof(entry->id))
		return -EINVAL;
	if (!buffer)
		return -EBADF;
	/* Binary data is not cut: it all fits in one record, or nothing. */
	if (cnt > ring_buffer_max_event_size(buffer) - sizeof(*entry))
		return -EINVAL;

	/*
	 * The id and the data after it are copied as they come.  The record
	 * is sized as upstream sizes it, which readers see as the length of
	 * buf: four bytes over the data, and at least RAW_MIN_DATA.
	 */
	len = sizeof(*entry) + max_t(size_t, cnt, RAW_MIN_DATA);
	trace_ctx = tracing_gen_ctx();
	event = marker_fill(buffer, TRACE_RAW_DATA, len, trace_ctx,
			    offsetof(typeof(*entry), id), ubuf, cnt);
	if (IS_ERR(event))
		return PTR_ERR(event);

	/* Clear what the data does not fill, up to the record's real end. */
	entry = ring_buffer_event_data(event);
	size = ring_buffer_event_length(event);
	len = offsetof(typeof(*entry), id) + cnt;
	if (size > len)
		memset((char *)entry + len, 0, size - len);
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	return cnt;
}

const struct file_operations tracing_mark_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_write,
	.release	= tracing_release_generic_tr,
};

const struct file_operations tracing_mark_raw_fops = {
	.open		= tracing_mark_open,
	.write		= tracing_mark_raw_write,
	.release	= tracing_release_generic_tr,
};

/* ------------------------------------------------------------------ */
/* error_log                                                           */

/*
 * One logged error.  The message itself stays in its file's table (errs
 * is static); where it happened and the command are copied into text[]:
 * loc, a NUL, then cmd.
 */
struct err_log_entry {
	struct list_head	list;
	u64			ts;
	const char		**errs;
	u8			type;
	u16			pos;
	const char		*cmd;	/* into text[] */
	char			text[];	/* loc */
};

/* Upstream's caret line lines up with the text after this prefix. */
#define ERR_LOG_CMD_PREFIX	"  Command: "

static DEFINE_MUTEX(err_log_lock);

/**
 * tracing_log_err - add an entry to a trace array's error_log
 * @tr: the trace array (NULL for the top level)
 * @loc: where the error was met, e.g. the file written
 * @cmd: the command that was written
 * @errs: the table of messages of @loc
 * @type: which message of @errs applies
 * @pos: the offset in @cmd of what the error is about
 *
 * error_log shows the entry as "[time] loc: error: message", then the
 * command, then a caret under the offending part.  @errs must stay valid
 * (a static table): only the pointer is kept.  Each array keeps its last
 * TRACE_ERR_LOG_MAX errors.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos)
{
	size_t loc_len = strlen(loc) + 1, cmd_len = strlen(cmd) + 1;
	struct err_log_entry *e, *old = NULL;

	if (!tr)
		tr = &global_trace;

	e = kmalloc(struct_size(e, text, loc_len + cmd_len), GFP_KERNEL);
	if (!e)
		return;
	memcpy(e->text, loc, loc_len);
	memcpy(e->text + loc_len, cmd, cmd_len);
	e->cmd = e->text + loc_len;
	e->errs = errs;
	e->type = type;
	e->pos = pos;
	e->ts = local_clock();

	mutex_lock(&err_log_lock);
	if (tr->n_err_log >= TRACE_ERR_LOG_MAX) {
		old = list_first_entry(&tr->err_log, struct err_log_entry, list);
		list_del(&old->list);
		tr->n_err_log--;
	}
	list_add_tail(&e->list, &tr->err_log);
	tr->n_err_log++;
	mutex_unlock(&err_log_lock);
	kfree(old);
}

/**
 * tracing_err_log_clear - empty a trace array's error_log
 * @tr: the trace array
 */
void tracing_err_log_clear(struct trace_array *tr)
{
	struct err_log_entry *e, *next;
	LIST_HEAD(gone);

	mutex_lock(&err_log_lock);
	list_splice_init(&tr->err_log, &gone);
	tr->n_err_log = 0;
	mutex_unlock(&err_log_lock);

	list_for_each_entry_safe(e, next, &gone, list)
		kfree(e);
}

static void *err_log_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&err_log_lock);
	return seq_list_start(&tr->err_log, *pos);
}

static void *err_log_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;

	return seq_list_next(v, &tr->err_log, pos);
}

static void err_log_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&err_log_lock);
}

static int err_log_show(struct seq_file *m, void *v)
{
	struct err_log_entry *e = list_entry(v, struct err_log_entry, list);
	u64 sec = e->ts;
	u32 nsec = do_div(sec, NSEC_PER_SEC);

	seq_printf(m, "[%5llu.%06u] %s: error: %s\n",
		   sec, nsec / 1000, e->text, e->errs[e->type]);
	seq_printf(m, ERR_LOG_CMD_PREFIX "%s\n", e->cmd);
	seq_printf(m, "%*s^\n",
		   (int)(sizeof(ERR_LOG_CMD_PREFIX) - 1 + e->pos), "");
	return 0;
}

static const struct seq_operations err_log_seq_ops = {
	.start	= err_log_start,
	.next	= err_log_next,
	.stop	= err_log_stop,
	.show	= err_log_show,
};

static int err_log_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;

	/* "echo > error_log" empties it; what is written is ignored. */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		tracing_err_log_clear(tr);

	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &err_log_seq_ops);
		if (ret) {
			trace_array_put(tr);
			return ret;
		}
		((struct seq_file *)file->private_data)->private = tr;
	}
	return 0;
}

static ssize_t err_log_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	return cnt;
}

static loff_t err_log_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

static int err_log_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	trace_array_put(tr);
	return 0;
}

const struct file_operations tracing_err_log_fops = {
	.open		= err_log_open,
	.read		= seq_read,
	.write		= err_log_write,
	.llseek		= err_log_llseek,
	.release	= err_log_release,
};
