// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: how deep the kernel stack is when a traced function
 * is entered, and the deepest stack seen so far, frame by frame.
 *
 * Switched by the kernel.stack_tracer_enabled sysctl, or at boot by
 * "stacktrace" (and "stacktrace_filter=LIST", which also sets the filter).
 * Its files, in the tracefs root:
 *
 *   stack_trace         the deepest stack: a line a frame, with its depth
 *                       (bytes from the top of the stack) and its size
 *   stack_max_size      frame 0's depth; writing a number sets it (0:
 *                       start over)
 *   stack_trace_filter  the functions watched (empty: all); a filter file
 *                       of set_ftrace_filter's kind (ftrace_files.c)
 *
 * Every watched call checks its depth against the deepest so far: the
 * stack pointer at the function's entry comes with the call (struct
 * ftrace_regs), so the check is a subtraction and a compare, with no
 * per-CPU or preemption toggling.  Only a call deeper than the record
 * goes on: it takes max_lock (interrupts off; never in NMI), takes a stack
 * trace and finds each return address on the stack (trace_stack.h),
 * which gives each frame's depth.  A stack trace calls functions that may
 * be watched too; the per-CPU disable_stack_tracer count turns those away
 * (and lets other code keep the tracer off a CPU for a while).
 *
 * The stacks of interrupts and exceptions are not the task's stack and
 * are not looked at.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/mutex.h>
#include <linux/sched/task_stack.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>
#include <asm/setup.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_stack.h"

int stack_tracer_enabled;
DEFINE_PER_CPU(int, disable_stack_tracer);

/* The record and its depth, read without the lock by every watched call. */
static struct stack_record deepest;
static arch_spinlock_t max_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/* Serialises switching the tracer on and off; stack_on is what it did. */
static DEFINE_MUTEX(stack_switch_lock);
static bool stack_on;

/* The bounds of current's stack around @sp, or false when @sp is not on it. */
static __always_inline bool task_stack_top(unsigned long sp,
					   unsigned long *top)
{
	unsigned long base = (unsigned long)task_stack_page(current);

	*top = base + THREAD_SIZE;
	return sp - base < THREAD_SIZE;
}

/* Say what the record is, then stop: the stack has run past its end. */
static void stack_overrun(const struct stack_record *r)
{
	unsigned int i;

	pr_emerg("stack tracer: %s/%d has written past the end of its stack\n",
		 current->comm, task_pid_nr(current));
	for (i = 0; i < r->nr; i++)
		pr_emerg("  %3u) %8u   %pS\n", i, r->depth[i], (void *)r->call[i]);
	BUG();
}

/*
 * Make a deeper stack the record: frame 0 is the return into the traced
 * function at @ret (the word just below @entry_sp), then the unwinder's
 * frames above it.
 */
static noinline void stack_take_record(unsigned long ret,
				       unsigned long entry_sp,
				       unsigned long top)
{
	unsigned long depth = top - entry_sp + sizeof(long);
	struct stack_record *r = &deepest;
	unsigned long flags;
	unsigned int n;

	local_irq_save(flags);
	arch_spin_lock(&max_lock);
	/* Another CPU may have taken a deeper one meanwhile. */
	if (depth <= r->max)
		goto out;

	/*
	 * The trace starts in our own frames: place all of it from here up,
	 * each address at its own word, and keep what lies from the traced
	 * function's caller up.
	 */
	n = stack_trace_save(r->call + 1, STACK_RECORD_FRAMES - 1, 0);
	r->call[0] = ret;
	r->depth[0] = depth;
	r->nr = 1 + stack_place_frames(r->call + 1, r->depth + 1, n,
				       (const unsigned long *)current_stack_pointer,
				       (const unsigned long *)entry_sp,
				       (const unsigned long *)top);
	WRITE_ONCE(r->max, depth);
	if (task_stack_end_corrupted(current))
		stack_overrun(r);
out:
	arch_spin_unlock(&max_lock);
	local_irq_restore(flags);
}

static void stack_trace_call(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long sp = ftrace_regs_get_stack_pointer(fregs);
	unsigned long top;

	/* The traced function's return address is at sp: it uses from sp on. */
	if (!task_stack_top(sp, &top) ||
	    top - sp + sizeof(long) <= READ_ONCE(deepest.max))
		return;

	preempt_disable_notrace();
	if (__this_cpu_inc_return(disable_stack_tracer) == 1 && !in_nmi() &&
	    rcu_is_watching())
		stack_take_record(ip + MCOUNT_INSN_SIZE, sp, top);
	__this_cpu_dec(disable_stack_tracer);
	preempt_enable_notrace();
}

static struct ftrace_ops stack_ops = {
	.func	= stack_trace_call,
};

/*
 * Run @fn(@arg) holding max_lock, with this CPU's watched calls turned
 * away first (one inside would wait for the lock forever).
 */
static void with_max_lock(void (*fn)(void *arg), void *arg)
{
	unsigned long flags;

	preempt_disable();
	__this_cpu_inc(disable_stack_tracer);
	local_irq_save(flags);
	arch_spin_lock(&max_lock);
	fn(arg);
	arch_spin_unlock(&max_lock);
	local_irq_restore(flags);
	__this_cpu_dec(disable_stack_tracer);
	preempt_enable();
}

/* ------------------------------------------------------------------ */
/* stack_max_size                                                      */

static void copy_max(void *arg)
{
	*(unsigned long *)arg = deepest.max;
}

static void set_max(void *arg)
{
	WRITE_ONCE(deepest.max, *(unsigned long *)arg);
}

static ssize_t max_size_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	unsigned long max;

	with_max_lock(copy_max, &max);
	return trace_read_line(ubuf, cnt, ppos, "%ld\n", max);
}

static ssize_t max_size_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	unsigned long max;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &max);
	if (ret)
		return ret;
	with_max_lock(set_max, &max);
	return cnt;
}

static int max_size_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open_get_tr(NULL);
}

static const struct file_operations max_size_fops = {
	.open		= max_size_open,
	.read		= max_size_read,
	.write		= max_size_write,
	.llseek		= default_llseek,
};

/* ------------------------------------------------------------------ */
/* stack_trace                                                         */

/* A reader's copy of the record, taken whenever it reads from the start. */
struct stack_view {
	struct stack_record	r;
	bool			enabled;
};

static void copy_record(void *arg)
{
	struct stack_view *v = arg;

	v->r.nr = deepest.nr;
	v->r.max = deepest.max;
	memcpy(v->r.call, deepest.call, deepest.nr * sizeof(v->r.call[0]));
	memcpy(v->r.depth, deepest.depth, deepest.nr * sizeof(v->r.depth[0]));
}

/* Line 0 is the header; line i + 1 is frame i. */
static void *view_at(struct stack_view *v, loff_t *pos)
{
	return *pos <= v->r.nr ? pos : NULL;
}

static void *view_start(struct seq_file *m, loff_t *pos)
{
	struct stack_view *v = m->private;

	if (!*pos) {
		v->enabled = READ_ONCE(stack_tracer_enabled);
		with_max_lock(copy_record, v);
	}
	return view_at(v, pos);
}

static void *view_next(struct seq_file *m, void *p, loff_t *pos)
{
	++*pos;
	return view_at(m->private, pos);
}

static void view_stop(struct seq_file *m, void *p)
{
}

static int view_show(struct seq_file *m, void *p)
{
	struct stack_view *v = m->private;
	loff_t i = *(loff_t *)p - 1;
	unsigned int size;

	if (i < 0) {
		seq_printf(m, "        Depth    Size   Location    (%u entries)\n"
			   "        -----    ----   --------\n", v->r.nr);
		if (!v->enabled && !v->r.max)
			seq_puts(m, "#\n"
				 "#  Stack tracer disabled\n"
				 "#\n"
				 "# To enable the stack tracer, either add 'stacktrace' to the\n"
				 "# kernel command line\n"
				 "# or 'echo 1 > /proc/sys/kernel/stack_tracer_enabled'\n"
				 "#\n");
		return 0;
	}
	size = v->r.depth[i];
	if (i + 1 < v->r.nr)
		size -= v->r.depth[i + 1];
	seq_printf(m, "%3lld) %8u   %5u   %pS\n", i, v->r.depth[i], size,
		   (void *)v->r.call[i]);
	return 0;
}

static const struct seq_operations view_sops = {
	.start	= view_start,
	.next	= view_next,
	.stop	= view_stop,
	.show	= view_show,
};

static int view_open(struct inode *inode, struct file *filp)
{
	struct stack_view *v;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	v = __seq_open_private(filp, &view_sops, sizeof(*v));
	return v ? 0 : -ENOMEM;
}

static const struct file_operations view_fops = {
	.open		= view_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ------------------------------------------------------------------ */
/* Switching: the sysctl and the boot options                          */

/* Register or unregister stack_ops as @on says.  Context: stack_switch_lock. */
static int stack_switch(bool on)
{
	int ret = 0;

	lockdep_assert_held(&stack_switch_lock);
	if (on == stack_on)
		return 0;
	/* 0->1 */
	if (on)
		ret = register_ftrace_function(&stack_ops);
	/* 1->0 */
	else
		ret = unregister_ftrace_function(&stack_ops);
	if (!ret)
		stack_on = on;
	return ret;
}

/**
 * stack_trace_sysctl - kernel.stack_tracer_enabled
 * @table: the sysctl's entry (its data is stack_tracer_enabled)
 * @write: a write, not a read
 * @buffer: the text read or written
 * @lenp: its length
 * @ppos: the file position
 *
 * Any non-zero value switches the stack tracer on, 0 switches it off;
 * the value reads back as written.  When the switch fails, the value
 * goes back to what it was and the write fails.
 *
 * Return: 0 or -errno.
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	int was, ret;

	mutex_lock(&stack_switch_lock);
	was = stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write) {
		ret = stack_switch(stack_tracer_enabled != 0);
		if (ret)
			stack_tracer_enabled = was;
	}
	mutex_unlock(&stack_switch_lock);
	return ret;
}

static char boot_filter[COMMAND_LINE_SIZE] __initdata;

/* "stacktrace", or "stacktrace_filter=LIST" (which also switches it on). */
static int __init stack_boot_option(char *str)
{
	int len = str_has_prefix(str, "_filter=");

	if (len)
		strscpy(boot_filter, str + len, sizeof(boot_filter));
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", stack_boot_option);

static int __init boot_filter_word(void *ops, char *word)
{
	return ftrace_set_filter(ops, word, strlen(word), 0);
}

static __init int stack_trace_init(void)
{
	if (security_locked_down(LOCKDOWN_TRACEFS) || !global_trace.buffer)
		return 0;
	/* A module's going scrubs its functions from the filter, on or off. */
	ftrace_ops_keep_sets(&stack_ops);
	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			  &max_size_fops);
	trace_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL,
			  &view_fops);
	ftrace_ops_create_filter_file("stack_trace_filter", NULL, &stack_ops);

	ftrace_set_boot_words("stacktrace_filter=", boot_filter,
			      boot_filter_word, &stack_ops);
	mutex_lock(&stack_switch_lock);
	if (stack_tracer_enabled && stack_switch(true)) {
		pr_warn("stacktrace: could not start the stack tracer\n");
		stack_tracer_enabled = 0;
	}
	mutex_unlock(&stack_switch_lock);
	return 0;
}
device_initcall(stack_trace_init);
