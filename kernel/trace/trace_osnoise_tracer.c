// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer: on each CPU of osnoise/cpus a kernel thread
 * (osnoise/N) reads the clock in a tight loop for runtime_us of every
 * period_us.  Any gap between two readings of at least tracing_thresh
 * (1 us when 0) is noise: time the thread did not run.  The core
 * (trace_osnoise.c) accounts what interrupted it meanwhile, so that a
 * window's record says how much noise there was, the largest gap, how
 * many gaps had no known cause (HW) and how many NMIs, IRQs, softirqs
 * and threads came.
 *
 *   # echo 100000 > osnoise/runtime_us	(sample 100 ms ...)
 *   # echo 500000 > osnoise/period_us	(... of every 500 ms)
 *   # echo osnoise > current_tracer
 *   # cat trace
 *
 * With NO_OSNOISE_WORKLOAD there is no thread: every CPU of the set is
 * accounted all the time, and only the osnoise:* events report.
 */
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/sched.h>

#include <trace/events/osnoise.h>

#include "trace_osnoise.h"

static DEFINE_PER_CPU(struct task_struct *, osn_thread);

static void osn_write(const struct osnoise_entry *sample)
{
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct osnoise_array *oa;
	struct osnoise_entry *e;

	rcu_read_lock();
	osnoise_for_each_array(oa) {
		struct trace_buffer *buffer = oa->tr->buffer;

		event = trace_buffer_lock_reserve(buffer, TRACE_OSNOISE,
						  sizeof(*e), trace_ctx);
		if (!event)
			continue;
		e = ring_buffer_event_data(event);
		memcpy((char *)e + sizeof(e->ent),
		       (const char *)sample + sizeof(sample->ent),
		       sizeof(*e) - sizeof(e->ent));
		trace_buffer_unlock_commit(oa->tr, buffer, event, trace_ctx);
	}
	rcu_read_unlock();
}

/*
 * The clock, with the interference counter that held while it was read:
 * an interruption between the two would be charged to the wrong gap.
 */
static u64 osn_read(struct osnoise_cpu *o, u64 *interference)
{
	u64 before, now;

	do {
		before = READ_ONCE(o->interference);
		barrier();
		now = osnoise_clock();
		barrier();
		*interference = READ_ONCE(o->interference);
	} while (before != *interference);
	return now;
}

/* The counts of a source during the window. */
#define OSN_DELTA(o, start, src) ((unsigned int)((o)->src.count - (start)->src.count))

/* One window of sampling on @cpu, whose thread this is. */
static void osn_sample(unsigned int cpu)
{
	struct osnoise_cpu *o = per_cpu_ptr(&osnoise_cpu, cpu);
	bool irq_off = osnoise_opt(OSN_IRQ_DISABLE);
	bool preempt_off = !irq_off && osnoise_opt(OSN_PREEMPT_DISABLE);
	u64 thresh = READ_ONCE(tracing_thresh) ?: NSEC_PER_USEC;
	u64 runtime = osnoise_us_to_ns(READ_ONCE(osn_set.runtime_us));
	u64 stop_ns = osnoise_us_to_ns(READ_ONCE(osn_set.stop_us));
	u64 stop_total = READ_ONCE(osn_set.stop_total_us);
	u64 start, last, now, gap, last_int, cur_int, sum = 0, max = 0;
	struct osnoise_entry rec = {};
	struct osnoise_cpu before;

	if (irq_off)
		local_irq_disable();
	else if (preempt_off)
		preempt_disable();
	WRITE_ONCE(o->sampling, true);
	barrier();
	before = *o;
	start = last = osn_read(o, &last_int);
	do {
		now = osn_read(o, &cur_int);
		gap = now - last;
		if (gap >= thresh) {
			sum += gap;
			max = max(max, gap);
			if (cur_int == last_int)
				rec.hw_count++;
			trace_sample_threshold(last, gap, cur_int - last_int);
			if (stop_ns && gap > stop_ns)
				osnoise_stop_tracing(NULL);
		}
		last = now;
		last_int = cur_int;
		/* Let RCU see a quiescent state, and others run if allowed. */
		if (!irq_off)
			local_irq_disable();
		rcu_momentary_eqs();
		if (!irq_off)
			local_irq_enable();
		/* (an RCU-tasks quiescent state too: a spinning thread
		 * would hold synchronize_rcu_tasks() for as long as it runs)
		 */
		if (!irq_off && !preempt_off)
			cond_resched_tasks_rcu_qs();
	} while (now - start < runtime && !kthread_should_stop());
	barrier();
	WRITE_ONCE(o->sampling, false);
	rec.nmi_count = OSN_DELTA(o, &before, nmi);
	rec.irq_count = OSN_DELTA(o, &before, irq);
	rec.softirq_count = OSN_DELTA(o, &before, softirq);
	rec.thread_count = OSN_DELTA(o, &before, thread);
	if (irq_off)
		local_irq_enable();
	else if (preempt_off)
		preempt_enable();

	rec.runtime = div_u64(now - start, NSEC_PER_USEC);
	rec.noise = div_u64(sum, NSEC_PER_USEC);
	rec.max_sample = div_u64(max, NSEC_PER_USEC);
	if (sum > now - start)
		osnoise_taint("negative noise!");
	osn_write(&rec);
	osnoise_update_max(max);
	if (stop_total && rec.noise > stop_total)
		osnoise_stop_tracing(NULL);
}

/* Sleep @us, or less when the thread is stopped. */
static void osn_sleep(u64 us)
{
	u64 ns = min_t(u64, osnoise_us_to_ns(us), KTIME_MAX);
	ktime_t until = ktime_add_safe(ktime_get(), ns_to_ktime(ns));

	set_current_state(TASK_INTERRUPTIBLE);
	if (!kthread_should_stop())
		schedule_hrtimeout(&until, HRTIMER_MODE_ABS);
	__set_current_state(TASK_RUNNING);
}

static int osn_main(void *data)
{
	unsigned int cpu = (unsigned long)data;
	u64 period, runtime;

	/* As upstream: a cpuset may take the thread (rtla -C). */
	current->flags &= ~PF_NO_SETAFFINITY;
	while (!kthread_should_stop()) {
		period = READ_ONCE(osn_set.period_us);
		/* Recording is off everywhere (a stop condition): idle. */
		if (!osnoise_any_on()) {
			osn_sleep(period);
			continue;
		}
		osn_sample(cpu);
		runtime = READ_ONCE(osn_set.runtime_us);
		if (period > runtime)
			osn_sleep(period - runtime);
		else
			cond_resched_tasks_rcu_qs();
	}
	return 0;
}

static int osn_start_cpu(unsigned int cpu)
{
	struct task_struct *t;

	t = kthread_create_on_cpu(osn_main, (void *)(unsigned long)cpu, cpu,
				  "osnoise/%u");
	if (IS_ERR(t))
		return PTR_ERR(t);
	per_cpu_ptr(&osnoise_cpu, cpu)->workload_pid = t->pid;
	per_cpu(osn_thread, cpu) = t;
	wake_up_process(t);
	return 0;
}

static void osn_stop_cpu(unsigned int cpu)
{
	struct task_struct *t = per_cpu(osn_thread, cpu);

	if (!t)
		return;
	kthread_stop(t);
	per_cpu(osn_thread, cpu) = NULL;
}

/* NO_OSNOISE_WORKLOAD: account every CPU of the set, for the events. */
static void osn_start_user(void)
{
	unsigned int cpu;

	for_each_cpu_and(cpu, osnoise_cpus, cpu_online_mask)
		WRITE_ONCE(per_cpu_ptr(&osnoise_cpu, cpu)->sampling, true);
}

static void osn_stop_user(void)
{
}

static const struct osnoise_kind osnoise_kind = {
	.id		= OSN_OSNOISE,
	.name		= "osnoise",
	.start_cpu	= osn_start_cpu,
	.stop_cpu	= osn_stop_cpu,
	.start_user	= osn_start_user,
	.stop_user	= osn_stop_user,
};

/* The column legend of upstream (the layout is what tools expect). */
static const char * const osnoise_columns[] = {
	"#                              |||| /     delay                                   SINGLE      Interference counters:",
	"#                              |||||               RUNTIME      NOISE  %% OF CPU  NOISE    +-----------------------------+",
	"#           TASK-PID      CPU# |||||   TIMESTAMP    IN US       IN US  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD",
	"#              | |         |   |||||      |           |             |    |            |      |      |      |      |      |",
};

static void osnoise_print_header(struct seq_file *m)
{
	int i;

	if (osnoise_tainted())
		seq_puts(m, "# osnoise is tainted!\n");
	osnoise_print_flags_legend(m, "                         MAX");
	for (i = 0; i < ARRAY_SIZE(osnoise_columns); i++) {
		seq_puts(m, osnoise_columns[i]);
		seq_putc(m, '\n');
	}
}

static int osnoise_tracer_init(struct trace_array *tr)
{
	return osnoise_user_init(tr, &osnoise_kind);
}

static struct tracer osnoise_tracer __read_mostly = {
	.name		= "osnoise",
	.init		= osnoise_tracer_init,
	.reset		= osnoise_user_reset,
	.start		= osnoise_user_start,
	.stop		= osnoise_user_stop,
	.print_header	= osnoise_print_header,
	.allow_instances = true,
};

static __init int init_osnoise_tracer(void)
{
	return register_tracer(&osnoise_tracer);
}
late_initcall(init_osnoise_tracer);
