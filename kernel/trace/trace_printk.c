// SPDX-License-Identifier: GPL-2.0
/*
 * Text the kernel writes into trace buffers:
 *
 *   - trace_printk(), trace_puts() and their variants;
 *   - printk_formats, which maps the format pointers that binary records
 *     carry back to their text.
 *
 * Not here: what user space writes (trace_marker, trace_marker.c), stack
 * records (trace_stackrec.c, which the stacktrace option asks for after
 * each of these records) and error_log (trace_err_log.c).
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
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>

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
 * record's size known.  Each CPU has one area per interrupt level (see
 * TRACE_CTX_LEVELS in trace.h), so no lock is needed.  The busy mark only
 * catches a writer re-entered from within itself (a tracer hooked into
 * vsnprintf(), say), which then drops its record.
 */
struct printk_scratch {
	bool	busy[TRACE_CTX_LEVELS];
	char	buf[TRACE_CTX_LEVELS][TRACE_BUF_SIZE] __aligned(sizeof(long));
};

static struct printk_scratch __percpu *printk_scratch;
static DEFINE_MUTEX(printk_scratch_lock);
static bool printk_notice_shown;

/* Called with preemption disabled; NULL if there is no area to use. */
static char *scratch_get(void)
{
	struct printk_scratch __percpu *all = READ_ONCE(printk_scratch);
	struct printk_scratch *s;

	if (unlikely(!all))
		return NULL;
	s = this_cpu_ptr(all);
	if (unlikely(!trace_level_mark_enter(s->busy)))
		return NULL;
	return s->buf[interrupt_context_level()];
}

static void scratch_put(void)
{
	trace_level_mark_exit(this_cpu_ptr(printk_scratch)->busy);
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
/* The writers                                                         */

/* The stack record after a trace_printk() record made at @ip. */
static inline void printk_stack(struct trace_array *tr,
				struct trace_buffer *buffer,
				unsigned int trace_ctx, unsigned long ip)
{
	if (tr->flags & TRACE_ITER(STACKTRACE))
		trace_record_kernel_stack(tr, buffer, trace_ctx, ip, 0);
}

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

static __printf(3, 0) int trace_array_vprintk(struct trace_array *tr,
					       unsigned long ip,
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

static const struct file_operations ftrace_formats_fops = {
	.open		= formats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_printk_create_files - create printk_formats
 * @tr: the top-level array (the file belongs to no array)
 * @dir: where it goes (the tracefs root)
 *
 * Context: at boot, under tracing_lock.
 */
void trace_printk_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("printk_formats", TRACE_MODE_READ, dir, NULL,
			  &ftrace_formats_fops);
}
