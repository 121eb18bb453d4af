// SPDX-License-Identifier: GPL-2.0
/*
 * The timerlat tracer: how late a thread wakes for a timer.  Each CPU of
 * osnoise/cpus has a SCHED_FIFO 95 thread (timerlat/N) that sleeps until
 * the next multiple of osnoise/timerlat_period_us on a hard-IRQ hrtimer.
 * The timer's IRQ records how late it ran (context irq); the thread,
 * once it runs, records how late it is (context thread).  In between,
 * the core (trace_osnoise.c) reports every IRQ, softirq and thread that
 * delayed it as osnoise:* events.
 *
 *   # echo timerlat > current_tracer
 *   # cat trace
 *
 * With NO_OSNOISE_WORKLOAD there are no kernel threads: a program pinned
 * to CPU N opens osnoise/per_cpu/cpuN/timerlat_fd and calls read() in a
 * loop; each read returns at the next period (context thread), and the
 * next read records how long the program took to come back (user-ret).
 *
 * Words used here: a tick is one period's timer; its number (seqnum)
 * pairs the records of one activation.
 */
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/stacktrace.h>
#include <uapi/linux/sched/types.h>
#include <trace/events/sched.h>

#include "trace_osnoise.h"

enum timerlat_context {
	TIMERLAT_IRQ,
	TIMERLAT_THREAD,
	TIMERLAT_USER_RET,
};

#define TIMERLAT_STACK_MAX	32

/*
 * A timer and the task it wakes.  Each CPU has one for its kernel thread
 * (timerlat_cpu; task set and cleared under osnoise_lock, with the timer
 * cancelled); each open timerlat_fd has its own (user set), so that a
 * reader killed by a restart may still be closing while the kernel
 * thread starts on the same CPU.
 */
struct timerlat_cpu {
	struct hrtimer		timer;
	struct rcu_head		rcu;		/* user: freed after readers */
	u64			abs_period;	/* ns, CLOCK_MONOTONIC */
	unsigned int		count;		/* ticks so far */
	struct task_struct	*task;
	unsigned int		cpu;
	bool			user;
	bool			started;	/* user: first read done */
	bool			migrated;	/* user: left its CPU */
	unsigned int		nr_stack;	/* saved by the IRQ */
	unsigned long		stack[TIMERLAT_STACK_MAX];
};

static DEFINE_PER_CPU(struct timerlat_cpu, timerlat_cpu);
/* The timerlat_fd reader of each CPU; under osnoise_lock, RCU to read. */
static DEFINE_PER_CPU(struct timerlat_cpu *, timerlat_user);

static inline u64 tl_now(void)
{
	return ktime_get_ns();
}

static void tl_write(unsigned int seq, enum timerlat_context ctx, u64 lat)
{
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct osnoise_array *oa;
	struct timerlat_entry *e;

	rcu_read_lock();
	osnoise_for_each_array(oa) {
		struct trace_buffer *buffer = oa->tr->buffer;

		event = trace_buffer_lock_reserve(buffer, TRACE_TIMERLAT,
						  sizeof(*e), trace_ctx);
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		e->seqnum = seq;
		e->context = ctx;
		e->timer_latency = lat;
		trace_buffer_unlock_commit(oa->tr, buffer, event, trace_ctx);
	}
	rcu_read_unlock();
}

/* The stack the IRQ saved, as a kernel_stack record, if late enough. */
static void tl_dump_stack(struct timerlat_cpu *tl, u64 lat)
{
	u64 limit = READ_ONCE(osn_set.print_stack_us);
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct osnoise_array *oa;
	struct stack_entry *e;
	unsigned int n;

	if (!limit || div_u64(lat, NSEC_PER_USEC) < limit || !tl->nr_stack)
		return;
	n = min_t(unsigned int, tl->nr_stack, FTRACE_STACK_ENTRIES);
	rcu_read_lock();
	osnoise_for_each_array(oa) {
		struct trace_buffer *buffer = oa->tr->buffer;

		event = trace_buffer_lock_reserve(buffer, TRACE_STACK,
						  sizeof(*e), trace_ctx);
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		memset(e->caller, 0, sizeof(e->caller));
		memcpy(e->caller, tl->stack, n * sizeof(tl->stack[0]));
		e->size = n;
		trace_buffer_unlock_commit(oa->tr, buffer, event, trace_ctx);
	}
	rcu_read_unlock();
}

/* The tick: record the IRQ's lateness and wake the task. */
static enum hrtimer_restart tl_irq(struct hrtimer *timer)
{
	struct timerlat_cpu *tl = container_of(timer, struct timerlat_cpu,
					       timer);
	struct osnoise_cpu *o = this_cpu_ptr(&osnoise_cpu);
	struct task_struct *task = READ_ONCE(tl->task);
	u64 lat = tl_now() - tl->abs_period;
	u64 stop_us = READ_ONCE(osn_set.stop_us);
	u64 from;

	if (!task)
		return HRTIMER_NORESTART;
	from = o->irq.start ?: osnoise_clock();

	/*
	 * Until the task runs, the threads and softirqs in its way are its
	 * noise, timed from this IRQ's start (whose own time the IRQ's end
	 * pushes onto them).
	 */
	o->tracing_thread = true;
	if (o->thread.start) {
		o->thread.start = from;
		o->thread.pushed = 0;
	}
	if (o->softirq.start) {
		o->softirq.start = from;
		o->softirq.pushed = 0;
	}
	tl->count++;
	tl_write(tl->count, TIMERLAT_IRQ, lat);
	tl->nr_stack = 0;
	if (READ_ONCE(osn_set.print_stack_us))
		tl->nr_stack = stack_trace_save(tl->stack, TIMERLAT_STACK_MAX, 0);
	if (stop_us && div_u64(lat, NSEC_PER_USEC) >= stop_us) {
		tl_dump_stack(tl, lat);
		osnoise_update_max(lat);
		osnoise_stop_tracing(NULL);
	}
	wake_up_process(task);
	return HRTIMER_NORESTART;
}

/*
 * Arm the timer for the next period after now (missed ones are skipped)
 * and sleep until it fires, the thread is stopped or a signal comes.
 */
static void tl_wait(struct timerlat_cpu *tl)
{
	u64 period = READ_ONCE(osn_set.timerlat_period_us) * NSEC_PER_USEC;
	u64 now = tl_now(), next = tl->abs_period + period;

	while (next <= now)
		next += period;
	tl->abs_period = next;
	set_current_state(TASK_INTERRUPTIBLE);
	hrtimer_start(&tl->timer, ns_to_ktime(next),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	if (!(current->flags & PF_KTHREAD) || !kthread_should_stop())
		schedule();
	__set_current_state(TASK_RUNNING);
}

static void tl_timer_init(struct timerlat_cpu *tl)
{
	hrtimer_init(&tl->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	tl->timer.function = tl_irq;
}

/* The task of @tl woke at the tick: record, and maybe stop. */
static void tl_woken(struct timerlat_cpu *tl, struct osnoise_cpu *o)
{
	u64 lat = tl_now() - tl->abs_period;
	u64 total = READ_ONCE(osn_set.stop_total_us);

	tl_write(tl->count, TIMERLAT_THREAD, lat);
	osnoise_update_max(lat);
	tl_dump_stack(tl, lat);
	o->tracing_thread = false;
	if (total && div_u64(lat, NSEC_PER_USEC) >= total)
		osnoise_stop_tracing(NULL);
}

static int tl_main(void *data)
{
	unsigned int cpu = (unsigned long)data;
	struct timerlat_cpu *tl = per_cpu_ptr(&timerlat_cpu, cpu);
	struct osnoise_cpu *o = per_cpu_ptr(&osnoise_cpu, cpu);

	/* As upstream: a cpuset may take the thread (rtla -C). */
	current->flags &= ~PF_NO_SETAFFINITY;
	tl->abs_period = tl_now();
	tl_wait(tl);
	WRITE_ONCE(o->sampling, true);
	while (!kthread_should_stop()) {
		tl_woken(tl, o);
		tl_wait(tl);
	}
	hrtimer_cancel(&tl->timer);
	return 0;
}

static int tl_start_cpu(unsigned int cpu)
{
	struct timerlat_cpu *tl = per_cpu_ptr(&timerlat_cpu, cpu);
	struct sched_param sp = { .sched_priority = 95 };
	struct task_struct *t;

	t = kthread_create_on_cpu(tl_main, (void *)(unsigned long)cpu, cpu,
				  "timerlat/%u");
	if (IS_ERR(t))
		return PTR_ERR(t);
	sched_setscheduler_nocheck(t, SCHED_FIFO, &sp);
	tl->count = 0;
	tl->user = false;
	tl_timer_init(tl);
	per_cpu_ptr(&osnoise_cpu, cpu)->workload_pid = t->pid;
	WRITE_ONCE(tl->task, t);
	wake_up_process(t);
	return 0;
}

static void tl_stop_cpu(unsigned int cpu)
{
	struct timerlat_cpu *tl = per_cpu_ptr(&timerlat_cpu, cpu);

	if (!tl->task)
		return;
	kthread_stop(tl->task);
	hrtimer_cancel(&tl->timer);
	WRITE_ONCE(tl->task, NULL);
}

/* ------------------------------------------------------------------ */
/* User workload: osnoise/per_cpu/cpuN/timerlat_fd                     */

static void tl_user_migrated(struct timerlat_cpu *tl)
{
	if (tl->migrated)
		return;
	tl->migrated = true;
	osnoise_taint("timerlat user-thread migrated\n");
	osnoise_stop_tracing("timerlat user-thread migrated");
}

/* A user must stay on its CPU; moving it stops the run. */
static void tl_probe_migrate(void *data, struct task_struct *p, int dest)
{
	struct timerlat_cpu *tl = rcu_dereference_sched(per_cpu(timerlat_user,
								task_cpu(p)));

	if (tl && tl->task == p && dest != task_cpu(p))
		tl_user_migrated(tl);
}

static void tl_start_user(void)
{
	if (register_trace_sched_migrate_task(tl_probe_migrate, NULL))
		pr_err("timerlat: cannot watch user threads' migrations\n");
}

/* The users are killed: their next read would measure nothing. */
static void tl_stop_user(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct timerlat_cpu *tl = per_cpu(timerlat_user, cpu);

		if (tl)
			send_sig(SIGKILL, tl->task, 1);
	}
	unregister_trace_sched_migrate_task(tl_probe_migrate, NULL);
	tracepoint_synchronize_unregister();
}

static int tl_fd_open(struct inode *inode, struct file *file)
{
	unsigned int cpu = (unsigned long)inode->i_private;
	struct osnoise_cpu *o = per_cpu_ptr(&osnoise_cpu, cpu);
	struct timerlat_cpu *tl;
	int ret = 0;

	tl = kzalloc(sizeof(*tl), GFP_KERNEL);
	if (!tl)
		return -ENOMEM;
	mutex_lock(&osnoise_lock);
	if (osnoise_current_kind() != OSN_TIMERLAT ||
	    osnoise_opt(OSN_WORKLOAD) || list_empty(&osnoise_arrays)) {
		ret = -EINVAL;
		goto out;
	}
	if (per_cpu(timerlat_user, cpu)) {
		ret = -EBUSY;
		goto out;
	}
	migrate_disable();
	if (current->nr_cpus_allowed > 1 || smp_processor_id() != cpu)
		ret = -EPERM;
	migrate_enable();
	if (ret)
		goto out;
	tl_timer_init(tl);
	tl->cpu = cpu;
	tl->user = true;
	get_task_struct(current);
	tl->task = current;
	o->workload_pid = current->pid;
	o->tracing_thread = false;
	rcu_assign_pointer(per_cpu(timerlat_user, cpu), tl);
	file->private_data = tl;
out:
	mutex_unlock(&osnoise_lock);
	if (ret)
		kfree(tl);
	return ret;
}

static ssize_t tl_fd_read(struct file *file, char __user *ubuf, size_t cnt,
			  loff_t *ppos)
{
	struct timerlat_cpu *tl = file->private_data;
	struct osnoise_cpu *o = per_cpu_ptr(&osnoise_cpu, tl->cpu);
	u64 lat, total;

	if (tl->migrated)
		return -EINVAL;
	if (raw_smp_processor_id() != tl->cpu) {
		tl_user_migrated(tl);
		return -EINVAL;
	}
	if (!tl->started) {
		/* first read: the clock starts */
		tl->abs_period = tl_now();
		tl->started = true;
		WRITE_ONCE(o->sampling, true);
	} else if (tl_now() >= tl->abs_period) {
		/*
		 * back from user space after the last tick (not after a
		 * wait a signal cut short: that tick is still to come)
		 */
		lat = tl_now() - tl->abs_period;
		tl_write(tl->count, TIMERLAT_USER_RET, lat);
		osnoise_update_max(lat);
		o->tracing_thread = false;
		total = READ_ONCE(osn_set.stop_total_us);
		if (total && div_u64(lat, NSEC_PER_USEC) >= total)
			osnoise_stop_tracing(NULL);
	}
	tl_wait(tl);
	/* A signal before the tick: nothing to record. */
	if (tl_now() < tl->abs_period)
		return 0;
	lat = tl_now() - tl->abs_period;
	tl_write(tl->count, TIMERLAT_THREAD, lat);
	total = READ_ONCE(osn_set.stop_total_us);
	if (total && div_u64(lat, NSEC_PER_USEC) >= total) {
		tl_dump_stack(tl, lat);
		osnoise_update_max(lat);
		osnoise_stop_tracing(NULL);
	}
	return 0;
}

/* The reader goes: its CPU is free again, if it still is its. */
static int tl_fd_release(struct inode *inode, struct file *file)
{
	struct timerlat_cpu *tl = file->private_data;
	struct osnoise_cpu *o = per_cpu_ptr(&osnoise_cpu, tl->cpu);

	hrtimer_cancel(&tl->timer);
	mutex_lock(&osnoise_lock);
	if (per_cpu(timerlat_user, tl->cpu) == tl) {
		RCU_INIT_POINTER(per_cpu(timerlat_user, tl->cpu), NULL);
		WRITE_ONCE(o->sampling, false);
		o->tracing_thread = false;
		if (o->workload_pid == tl->task->pid)
			o->workload_pid = 0;
	}
	mutex_unlock(&osnoise_lock);
	put_task_struct(tl->task);
	/* The migration probe may still look at it. */
	kfree_rcu(tl, rcu);
	return 0;
}

static const struct file_operations tl_fd_fops = {
	.open		= tl_fd_open,
	.read		= tl_fd_read,
	.release	= tl_fd_release,
	.llseek		= noop_llseek,
};

/* ------------------------------------------------------------------ */
/* The tracer                                                          */

static const struct osnoise_kind timerlat_kind = {
	.id		= OSN_TIMERLAT,
	.name		= "timerlat",
	.start_cpu	= tl_start_cpu,
	.stop_cpu	= tl_stop_cpu,
	.start_user	= tl_start_user,
	.stop_user	= tl_stop_user,
};

static const char * const timerlat_columns[] = {
	"#                              |||| /     delay",
	"#                              |||||            ACTIVATION",
	"#           TASK-PID      CPU# |||||   TIMESTAMP   ID            CONTEXT                 LATENCY",
	"#              | |         |   |||||      |         |                  |                       |",
};

static void timerlat_print_header(struct seq_file *m)
{
	int i;

	osnoise_print_flags_legend(m, "");
	for (i = 0; i < ARRAY_SIZE(timerlat_columns); i++) {
		seq_puts(m, timerlat_columns[i]);
		seq_putc(m, '\n');
	}
}

static int timerlat_tracer_init(struct trace_array *tr)
{
	return osnoise_user_init(tr, &timerlat_kind);
}

static struct tracer timerlat_tracer __read_mostly = {
	.name		= "timerlat",
	.init		= timerlat_tracer_init,
	.reset		= osnoise_user_reset,
	.start		= osnoise_user_start,
	.stop		= osnoise_user_stop,
	.print_header	= timerlat_print_header,
	.allow_instances = true,
};

static struct osnoise_param tl_period = {
	.val = &osn_set.timerlat_period_us, .lo = 100, .hi = USEC_PER_SEC,
};

static struct osnoise_param tl_print_stack = {
	.val = &osn_set.print_stack_us, .hi = U64_MAX,
};

static __init void timerlat_create_files(void)
{
	struct dentry *per_cpu, *dir;
	unsigned long cpu;
	char name[16];

	trace_create_file("timerlat_period_us", TRACE_MODE_WRITE, osnoise_dir,
			  &tl_period, &osnoise_param_fops);
	if (IS_ENABLED(CONFIG_STACKTRACE))
		trace_create_file("print_stack", TRACE_MODE_WRITE, osnoise_dir,
				  &tl_print_stack, &osnoise_param_fops);
	per_cpu = tracefs_create_dir("per_cpu", osnoise_dir);
	if (!per_cpu)
		return;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%lu", cpu);
		dir = tracefs_create_dir(name, per_cpu);
		if (!dir)
			return;
		trace_create_file("timerlat_fd", TRACE_MODE_READ, dir,
				  (void *)cpu, &tl_fd_fops);
	}
}

static __init int init_timerlat_tracer(void)
{
	int ret = register_tracer(&timerlat_tracer);

	if (!ret && osnoise_dir)
		timerlat_create_files();
	return ret;
}
late_initcall(init_timerlat_tracer);
