// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core: the trace arrays every other file works on (the top
 * level, global_trace, and the list of arrays with tracing_lock), pinning
 * them from open files, the recording switch (tracing_on() and friends),
 * the reserve helper of the record path, the buffers' allocation and
 * resize, the clock table, and the small helpers the tracefs files of
 * the other parts share.
 *
 * This file is the bottom of the core: it calls the ring buffer and
 * trace_clock, never the files built on it.  Which part lives where is
 * listed at the top of trace.h.
 */
#include <linux/kernel.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace.h"

/* The per-CPU buffer's size once expanded. */
#define TRACE_BUF_SIZE_DEFAULT		1441792UL

DEFINE_MUTEX(tracing_lock);
LIST_HEAD(trace_arrays);

#ifdef CONFIG_FUNCTION_TRACER
#define TRACE_DEFAULT_FN_OPTIONS	TRACE_ITER(FUNCTION_TRACE)
#else
#define TRACE_DEFAULT_FN_OPTIONS	0
#endif

/* Options the top level starts with; instances copy them (trace_instances.c). */
#define TRACE_DEFAULT_OPTIONS						\
	(TRACE_ITER(PRINT_PARENT) | TRACE_ITER(PRINTK) |		\
	 TRACE_ITER(ANNOTATE) | TRACE_ITER(CONTEXT_INFO) |		\
	 TRACE_ITER(RECORD_CMD) | TRACE_ITER(OVERWRITE) |		\
	 TRACE_ITER(IRQ_INFO) | TRACE_ITER(MARKERS) |			\
	 TRACE_ITER(HASH_PTR) | TRACE_ITER(TRACE_PRINTK_DEST) |		\
	 TRACE_DEFAULT_FN_OPTIONS)

struct trace_array global_trace = {
	.flags		= TRACE_DEFAULT_OPTIONS,
	.buffer_percent	= 50,
	.consume_lock	= __MUTEX_INITIALIZER(global_trace.consume_lock),
	.tracer_opts	= LIST_HEAD_INIT(global_trace.tracer_opts),
	.max_lock	= (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED,
};
struct trace_array *printk_trace = &global_trace;

/* The size of a new array's buffer; trace_buf_size= changes it at boot. */
unsigned long trace_buf_size = TRACE_BUF_SIZE_DEFAULT;

char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int tracepoint_printk;


const struct trace_clock_desc trace_clocks[] = {
	{ trace_clock_local,		"local",	true },
	{ trace_clock_global,		"global",	true },
	{ trace_clock_counter,		"counter",	false },
	{ trace_clock_jiffies,		"uptime",	false },
	{ trace_clock,			"perf",		true },
	{ ktime_get_mono_fast_ns,	"mono",		true },
	{ ktime_get_raw_fast_ns,	"mono_raw",	true },
	{ ktime_get_boot_fast_ns,	"boot",		true },
	{ ktime_get_tai_fast_ns,	"tai",		true },
	ARCH_TRACE_CLOCKS
};
const int trace_clock_count = ARRAY_SIZE(trace_clocks);

/* ------------------------------------------------------------------ */
/* Record context and the recording helpers                            */

/**
 * tracing_gen_ctx_irq_test - pack the current context for a record
 * @irqs_status: TRACE_FLAG_IRQS_OFF, TRACE_FLAG_IRQS_NOSUPPORT or 0
 *
 * Return: the trace context tracing_generic_entry_update() stores: the
 * TRACE_FLAG_* bits in bits 16-23, migrate-disable depth in bits 4-7 and
 * preemption depth in bits 0-3 (both capped at 15).
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	unsigned int pc = preempt_count();
	unsigned int flags = irqs_status;
	unsigned int migrate = 0;

	if (pc & NMI_MASK)
		flags |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		flags |= TRACE_FLAG_HARDIRQ;
	if (in_serving_softirq())
		flags |= TRACE_FLAG_SOFTIRQ;
	/* Softirqs disabled by local_bh_disable(), not by running one. */
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		flags |= TRACE_FLAG_BH_OFF;
	if (tif_need_resched())
		flags |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		flags |= TRACE_FLAG_PREEMPT_RESCHED;
#ifdef CONFIG_SMP
	migrate = min_t(unsigned int, current->migration_disabled, 0xf);
#endif
	return (flags << 16) | (migrate << 4) | min_t(unsigned int, pc & 0xff, 0xf);
}
EXPORT_SYMBOL_GPL(tracing_gen_ctx_irq_test);

/**
 * trace_buffer_lock_reserve - reserve a record of the tracing core
 * @buffer: the trace array's ring buffer
 * @type: the record type (TRACE_* or a registered event type)
 * @len: bytes of record, trace_entry included
 * @trace_ctx: the context from tracing_gen_ctx()
 *
 * Return: the reserved event with its trace_entry filled in, or NULL when
 * the buffer is off or cannot take it.  Commit with
 * trace_buffer_unlock_commit().
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, len);
	if (likely(event))
		tracing_generic_entry_update(ring_buffer_event_data(event),
					     type, trace_ctx);
	return event;
}

/* ------------------------------------------------------------------ */
/* Trace arrays: lookup, pinning, on/off                               */

/*
 * A pointer from an inode is only trusted once it is found on the list:
 * an instance may have been removed while its file was being opened.
 */
bool trace_array_listed(struct trace_array *tr)
{
	struct trace_array *t;

	lockdep_assert_held(&tracing_lock);
	list_for_each_entry(t, &trace_arrays, list)
		if (t == tr)
			return true;
	return false;
}

/**
 * trace_array_find - the instance of a name
 * @name: the instance's name (its directory under instances/)
 *
 * Context: tracing_lock or event_mutex held (arrays join and leave the
 * list with both), or a dying kernel's ftrace_dump(), which takes its
 * chances without.
 *
 * Return: the array, or NULL.  The top level, which has no name, is
 * never found.
 */
struct trace_array *trace_array_find(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

/**
 * trace_array_get - pin a trace array against removal
 * @tr: the array (possibly already removed)
 *
 * Return: 0, or -ENODEV when @tr is no longer a trace array.
 */
int trace_array_get(struct trace_array *tr)
{
	int ret = -ENODEV;

	mutex_lock(&tracing_lock);
	if (trace_array_listed(tr)) {
		tr->ref++;
		ret = 0;
	}
	mutex_unlock(&tracing_lock);
	return ret;
}

/**
 * trace_array_put - drop a pin taken by trace_array_get()
 * @tr: the array, or NULL
 */
void trace_array_put(struct trace_array *tr)
{
	if (!tr)
		return;
	mutex_lock(&tracing_lock);
	if (!WARN_ON_ONCE(tr->ref <= 0))
		tr->ref--;
	mutex_unlock(&tracing_lock);
}
EXPORT_SYMBOL_GPL(trace_array_put);

int tracing_check_open_get_tr(struct trace_array *tr)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	if (tr && trace_array_get(tr) < 0)
		return -ENODEV;
	return 0;
}

int tracing_open_generic_tr(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	filp->private_data = tr;
	return 0;
}

int tracing_release_generic_tr(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return 0;
}

/**
 * tracer_tracing_on - let a trace array record again
 * @tr: the array
 */
void tracer_tracing_on(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_on(tr->buffer);
	/* Writers check buffer_disabled first; order it after the buffer. */
	smp_wmb();
	WRITE_ONCE(tr->buffer_disabled, 0);
}

/**
 * tracer_tracing_off - stop a trace array from recording
 * @tr: the array
 *
 * Records already committed stay; readers still see them.
 */
void tracer_tracing_off(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_off(tr->buffer);
	WRITE_ONCE(tr->buffer_disabled, 1);
	smp_wmb();
}

/**
 * tracing_on - turn the top-level buffer's recording on
 *
 * The same as writing 1 to /sys/kernel/tracing/tracing_on.
 */
void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off - turn the top-level buffer's recording off
 *
 * Cheap enough to call from the spot where a bug is noticed, so that the
 * events leading to it stay in the buffer.  Same as writing 0 to tracing_on.
 */
void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on - whether the top-level buffer is switched on
 *
 * What tracing_on reads: a pause (tracing_stop(), pause-on-trace) does not
 * count as off, recording resumes when it ends.
 *
 * Return: 1 when switched on, 0 after tracing_off() or a write of 0.
 */
int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/*
 * tracing_stop()/tracing_start() nest: the top-level buffer records only
 * while every stop has been matched by a start.
 */
static DEFINE_RAW_SPINLOCK(tracing_start_lock);

void tracing_stop(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tracing_start_lock, flags);
	if (global_trace.stop_count++ == 0 && global_trace.buffer)
		ring_buffer_record_disable(global_trace.buffer);
	raw_spin_unlock_irqrestore(&tracing_start_lock, flags);
}

void tracing_start(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tracing_start_lock, flags);
	if (WARN_ON_ONCE(global_trace.stop_count <= 0))
		goto out;
	if (--global_trace.stop_count == 0 && global_trace.buffer)
		ring_buffer_record_enable(global_trace.buffer);
out:
	raw_spin_unlock_irqrestore(&tracing_start_lock, flags);
}

/**
 * trace_swap_hold - keep the two buffers of an array where they are
 * @tr: the array
 *
 * Until trace_swap_release(), trace_max_swap() refuses, so that a change
 * made to tr->buffer and tr->max_buffer in turn reaches each once.
 */
void trace_swap_hold(struct trace_array *tr)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	tr->swap_hold++;
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
}

/**
 * trace_swap_release - undo one trace_swap_hold()
 * @tr: the array
 */
void trace_swap_release(struct trace_array *tr)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	if (!WARN_ON_ONCE(!tr->swap_hold))
		tr->swap_hold--;
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
}

int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int ret;

	mutex_lock(&tracing_lock);
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write)
		tracepoint_printk = !!tracepoint_printk;
	mutex_unlock(&tracing_lock);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Buffers                                                             */

/**
 * trace_resize_like - give a buffer another's size, CPU by CPU
 * @buffer: the buffer to resize
 * @like: the buffer whose size it takes
 * @cpu: one CPU, or RING_BUFFER_ALL_CPUS
 *
 * CPUs where the sizes match already are left alone (and so not refused
 * for an open iterator).
 *
 * Return: 0 or the first error of ring_buffer_resize().
 */
int trace_resize_like(struct trace_buffer *buffer, struct trace_buffer *like,
		      int cpu)
{
	int c, ret = 0;

	for_each_possible_cpu(c) {
		if ((cpu != RING_BUFFER_ALL_CPUS && cpu != c) ||
		    ring_buffer_size(buffer, c) == ring_buffer_size(like, c))
			continue;
		ret = ring_buffer_resize(buffer, ring_buffer_size(like, c), c);
		if (ret)
			break;
	}
	return ret;
}

int trace_resize_locked(struct trace_array *tr, unsigned long size, int cpu)
{
	int ret;

	lockdep_assert_held(&tracing_lock);
	if (!tr->buffer)
		return -ENODEV;
	trace_swap_hold(tr);
	ret = ring_buffer_resize(tr->buffer, size, cpu);
	/* An allocated snapshot keeps the live buffer's size. */
	if (!ret && tr->max_allocated) {
		ret = ring_buffer_resize(tr->max_buffer, size, cpu);
		if (ret)
			trace_resize_like(tr->buffer, tr->max_buffer, cpu);
	}
	trace_swap_release(tr);
	if (!ret && cpu == RING_BUFFER_ALL_CPUS)
		tr->buffer_size = size;
	return ret;
}

int tracing_update_buffers(struct trace_array *tr)
{
	int ret = 0;

	mutex_lock(&tracing_lock);
	if (!tr->buffer_expanded) {
		ret = trace_resize_locked(tr, tr->buffer_size, RING_BUFFER_ALL_CPUS);
		if (!ret)
			tr->buffer_expanded = true;
	}
	mutex_unlock(&tracing_lock);
	return ret;
}

int trace_alloc_buffer(struct trace_array *tr, unsigned long size)
{
	unsigned int rb_flags = tr->flags & TRACE_ITER(OVERWRITE) ? RB_FL_OVERWRITE : 0;

	tr->buffer = ring_buffer_alloc(size, rb_flags);
	if (!tr->buffer)
		return -ENOMEM;
	ring_buffer_set_clock(tr->buffer, trace_clocks[tr->clock_id].func);
	tr->time_start = ring_buffer_time_stamp(tr->buffer);
	if (tr->buffer_disabled)
		ring_buffer_record_off(tr->buffer);
	return 0;
}

/* Clocks ----------------------------------------------------------- */

int trace_clock_lookup(const char *name)
{
	int i;

	for (i = 0; i < trace_clock_count; i++)
		if (!strcmp(trace_clocks[i].name, name))
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* tracefs files                                                       */

/**
 * trace_create_file - create a tracefs file, warning when that fails
 * @name: file name
 * @mode: TRACE_MODE_READ, TRACE_MODE_WRITE or another mode
 * @parent: directory (NULL for the tracefs root)
 * @data: the inode's i_private
 * @fops: its file operations
 *
 * Return: the dentry, or NULL.
 */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (!d)
		pr_warn("tracing: could not create tracefs file '%s'\n", name);
	return d;
}

struct dentry *trace_create_cpu_file(const char *name, umode_t mode,
				     struct dentry *parent, void *data,
				     long cpu, const struct file_operations *fops)
{
	struct dentry *d = trace_create_file(name, mode, parent, data, fops);

	if (d)
		d_inode(d)->i_cdev = (void *)(cpu + 1);
	return d;
}

/* Copy a formatted line to the reader. */
ssize_t trace_read_line(char __user *ubuf, size_t cnt, loff_t *ppos,
			       const char *fmt, ...)
{
	char buf[64];
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/*
 * Short text commands (a clock, a tracer, an option) are copied whole;
 * anything that does not fit is refused rather than cut.
 */
ssize_t trace_copy_cmd(char *buf, size_t size, const char __user *ubuf,
			      size_t cnt)
{
	if (cnt >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	return cnt;
}

/* A one-record seq_file over a trace array, which it pins while open. */
int trace_single_open(struct inode *inode, struct file *filp,
			     int (*show)(struct seq_file *m, void *v))
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	ret = single_open(filp, show, tr);
	if (ret)
		trace_array_put(tr);
	return ret;
}

/* The release of trace_single_open(): unpins the array. */
int trace_single_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return single_release(inode, filp);
}

/* The write of a file a write empties: the open emptied it already. */
ssize_t trace_write_ignore(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	return cnt;
}

/* Readers seek in their seq_file; a writer has nothing to seek in. */
loff_t trace_truncate_lseek(struct file *filp, loff_t offset, int whence)
{
	if (!(filp->f_mode & FMODE_READ)) {
		filp->f_pos = 0;
		return 0;
	}
	return seq_lseek(filp, offset, whence);
}

/**
 * trace_read_switch - what a 0/1 switch file (enable, options/NAME) is written
 * @ubuf: what user space writes
 * @cnt: its length
 * @on: set to 0 or 1
 *
 * Return: 0, or -EINVAL for a number other than 0 or 1, or the parse error.
 */
int trace_read_switch(const char __user *ubuf, size_t cnt, int *on)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*on = val;
	return 0;
}

/**
 * trace_single_write_cmd - the write of a trace_single_open() file
 * @filp: the file
 * @ubuf: what user space writes: one short command
 * @cnt: its length
 * @ppos: the file position
 * @apply: what carries the command out on the file's array
 *
 * The command is copied whole (see trace_copy_cmd()) and NUL-terminated.
 *
 * Return: @cnt when @apply succeeds, else its error or the copy's.
 */
ssize_t trace_single_write_cmd(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos,
			       int (*apply)(struct trace_array *tr, char *cmd))
{
	struct seq_file *m = filp->private_data;
	char buf[64];
	ssize_t ret;

	ret = trace_copy_cmd(buf, sizeof(buf), ubuf, cnt);
	if (ret < 0)
		return ret;
	ret = apply(m->private, buf);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}
