// SPDX-License-Identifier: GPL-2.0
/*
 * The hwlat tracer: time the CPU cannot account for.  A kernel thread
 * spins with interrupts off for hwlat_detector/width microseconds of
 * every hwlat_detector/window, reading the clock again and again; a gap
 * between two readings (inner) or between one pass and the next (outer)
 * longer than tracing_thresh was taken by something the kernel does not
 * see: firmware (SMIs), the hypervisor, the hardware.
 *
 *   # echo hwlat > current_tracer
 *   # cat trace        (one record per window with a gap over the threshold)
 *
 * Words used here:
 *   sampler   a hwlatd thread; one (modes none and round-robin) or one per
 *             CPU (hwlatd/N, mode per-cpu)
 *   sample    one width's spin, with interrupts off
 *   gap       inner or outer, in microseconds
 *
 * The modes are an enum (enum hwlat_mode); the samplers live from the
 * tracer's start to its stop (tracing_on) or reset.  The settings are
 * global, under hwlat_lock; the samplers read them once a window, so a
 * change takes effect from the next one.  NMIs that hit during a sample
 * are counted and timed through trace_hwlat_callback(), which the NMI
 * entry and exit hooks call while trace_hwlat_callback_enabled is set.
 *
 * As upstream, tracing_max_latency receives the largest gap in
 * microseconds (the file shows it divided by 1000), and tracing_thresh is
 * set to 10 us for the run when it is 0.  One array runs hwlat at a time.
 */
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace.h"

enum hwlat_mode {
	HWLAT_NONE,		/* one sampler, where the scheduler puts it */
	HWLAT_ROUND_ROBIN,	/* one sampler, on the next CPU each window */
	HWLAT_PER_CPU,		/* a sampler bound to each CPU */
	HWLAT_MODES,
};

static const char * const hwlat_mode_names[HWLAT_MODES] = {
	[HWLAT_NONE]		= "none",
	[HWLAT_ROUND_ROBIN]	= "round-robin",
	[HWLAT_PER_CPU]		= "per-cpu",
};

struct hwlat_sampler {
	struct task_struct	*task;
	int			rr_cpu;		/* round-robin: where it moved */
	/* NMIs during its sample: trace_hwlat_callback() */
	u64			nmi_start;
	u64			nmi_total;	/* ns */
	unsigned int		nmi_count;
};

/* Settings and samplers; hwlat_tr is the array running hwlat (or NULL). */
static DEFINE_MUTEX(hwlat_lock);
static u64 hwlat_window_us = 1000000;
static u64 hwlat_width_us = 500000;
static enum hwlat_mode hwlat_mode = HWLAT_ROUND_ROBIN;
static struct trace_array *hwlat_tr;
static struct hwlat_sampler hwlat_single;
static DEFINE_PER_CPU(struct hwlat_sampler, hwlat_per_cpu);
static cpumask_var_t hwlat_rr_mask;	/* the round-robin sampler's */

/* tracing_thresh before hwlat set it, and what hwlat used last. */
static unsigned long hwlat_saved_thresh;
static unsigned long hwlat_last_thresh = 10 * NSEC_PER_USEC;
/* Numbers the records, from 1 at each init. */
static atomic64_t hwlat_seq;

bool trace_hwlat_callback_enabled;

/* The sampler an NMI of this CPU counts for. */
static struct hwlat_sampler *hwlat_nmi_sampler(void)
{
	if (READ_ONCE(hwlat_mode) == HWLAT_PER_CPU)
		return this_cpu_ptr(&hwlat_per_cpu);
	return &hwlat_single;
}

/**
 * trace_hwlat_callback - an NMI begins or ends during a sample
 * @enter: begins
 *
 * Called by ftrace_nmi_enter() and ftrace_nmi_exit() while
 * trace_hwlat_callback_enabled is set.  Context: NMI.
 */
void notrace trace_hwlat_callback(bool enter)
{
	struct hwlat_sampler *s = hwlat_nmi_sampler();

	if (!READ_ONCE(s->task))
		return;
	if (enter) {
		s->nmi_start = trace_clock_local();
		s->nmi_count++;
	} else {
		s->nmi_total += trace_clock_local() - s->nmi_start;
	}
}

static void hwlat_write(struct trace_array *tr, struct hwlat_sampler *s,
			u64 inner, u64 outer, struct timespec64 *when,
			unsigned int count)
{
	struct trace_buffer *buffer = tr->buffer;
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ring_buffer_event *event;
	struct hwlat_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_HWLAT, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->duration = inner;
	entry->outer_duration = outer;
	entry->nmi_total_ts = div_u64(s->nmi_total, NSEC_PER_USEC);
	entry->timestamp = *when;
	entry->nmi_count = s->nmi_count;
	entry->seqnum = atomic64_inc_return(&hwlat_seq);
	entry->count = count;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/*
 * One sample: spin for width us reading the clock; keep the largest gap
 * inside a pair of readings (inner) and between pairs (outer).  Context:
 * interrupts off.
 */
static void hwlat_sample(struct trace_array *tr, struct hwlat_sampler *s)
{
	u64 thresh = READ_ONCE(tracing_thresh) / NSEC_PER_USEC;
	u64 width = READ_ONCE(hwlat_width_us);
	u64 start, t1, t2, prev = 0, total, gap;
	u64 inner_max = 0, outer_max = 0;
	struct timespec64 when = {};
	unsigned int count = 0;

	s->nmi_count = 0;
	s->nmi_total = 0;
	WRITE_ONCE(trace_hwlat_callback_enabled, true);
	barrier();
	start = trace_clock_local();
	do {
		bool over = false;

		t1 = trace_clock_local();
		t2 = trace_clock_local();
		if (prev) {
			gap = div_u64(t1 - prev, NSEC_PER_USEC);
			outer_max = max(outer_max, gap);
			over = gap > thresh;
		}
		prev = t2;
		total = div_u64(t2 - start, NSEC_PER_USEC);
		gap = div_u64(t2 - t1, NSEC_PER_USEC);
		inner_max = max(inner_max, gap);
		if (over || gap > thresh) {
			if (!count)
				ktime_get_real_ts64(&when);
			count++;
		}
	} while (total <= width && !kthread_should_stop());
	barrier();
	WRITE_ONCE(trace_hwlat_callback_enabled, false);

	if (inner_max <= thresh && outer_max <= thresh)
		return;
	hwlat_write(tr, s, inner_max, outer_max, &when, count);
	/* In us, as upstream (tracing_max_latency shows it / 1000). */
	if (max(inner_max, outer_max) > READ_ONCE(tr->max_latency))
		WRITE_ONCE(tr->max_latency, max(inner_max, outer_max));
}

/*
 * Round-robin: go to the CPU after this one in the array's cpumask.  A
 * sampler whose affinity someone else changed, or with no CPU left,
 * stays where it is from then on (mode none).
 */
static void hwlat_move(struct trace_array *tr, struct hwlat_sampler *s)
{
	struct cpumask *mask = hwlat_rr_mask;
	int next;

	cpus_read_lock();
	cpumask_and(mask, cpu_online_mask, tr->tracing_cpumask);
	cpus_read_unlock();
	if (cpumask_empty(mask) || (s->rr_cpu >= 0 &&
	    !cpumask_equal(current->cpus_ptr, cpumask_of(s->rr_cpu)))) {
		WRITE_ONCE(hwlat_mode, HWLAT_NONE);
		pr_info("hwlat_detector: cpumask changed while in round-robin mode, switching to mode none\n");
		return;
	}
	next = cpumask_next(raw_smp_processor_id(), mask);
	if (next >= nr_cpu_ids)
		next = cpumask_first(mask);
	s->rr_cpu = next;
	set_cpus_allowed_ptr(current, cpumask_of(next));
}

static int hwlat_sampler_fn(void *data)
{
	struct hwlat_sampler *s = data;
	struct trace_array *tr = READ_ONCE(hwlat_tr);
	u64 window, width, sleep_ms;

	while (!kthread_should_stop()) {
		if (s == &hwlat_single &&
		    READ_ONCE(hwlat_mode) == HWLAT_ROUND_ROBIN)
			hwlat_move(tr, s);
		local_irq_disable();
		hwlat_sample(tr, s);
		local_irq_enable();
		/*
		 * The rest of the window, in whole ms, at least one.  The two
		 * are read apart: a write between may make width the larger.
		 */
		window = READ_ONCE(hwlat_window_us);
		width = READ_ONCE(hwlat_width_us);
		sleep_ms = window > width ?
			   div_u64(window - width, USEC_PER_MSEC) : 0;
		/* A stop wakes it: a long window does not hold the stopper. */
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule_timeout(msecs_to_jiffies(clamp_t(u64, sleep_ms,
								  1, UINT_MAX)));
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static void hwlat_stop_samplers(void)
{
	int cpu;

	if (hwlat_single.task) {
		kthread_stop(hwlat_single.task);
		WRITE_ONCE(hwlat_single.task, NULL);
	}
	for_each_possible_cpu(cpu) {
		struct hwlat_sampler *s = per_cpu_ptr(&hwlat_per_cpu, cpu);

		if (s->task) {
			kthread_stop(s->task);
			WRITE_ONCE(s->task, NULL);
		}
	}
}

/* Context: hwlat_lock and tracing_lock held. */
static int hwlat_start_samplers(struct trace_array *tr)
{
	struct task_struct *t;
	int cpu;

	if (hwlat_mode != HWLAT_PER_CPU) {
		if (hwlat_single.task)
			return 0;
		t = kthread_create(hwlat_sampler_fn, &hwlat_single, "hwlatd");
		if (IS_ERR(t))
			goto fail;
		cpumask_and(hwlat_rr_mask, cpu_online_mask, tr->tracing_cpumask);
		hwlat_single.rr_cpu = -1;
		if (hwlat_mode == HWLAT_ROUND_ROBIN &&
		    !cpumask_empty(hwlat_rr_mask)) {
			hwlat_single.rr_cpu = cpumask_first(hwlat_rr_mask);
			set_cpus_allowed_ptr(t, cpumask_of(hwlat_single.rr_cpu));
		} else if (!cpumask_empty(hwlat_rr_mask)) {
			set_cpus_allowed_ptr(t, hwlat_rr_mask);
		}
		WRITE_ONCE(hwlat_single.task, t);
		wake_up_process(t);
		return 0;
	}
	cpus_read_lock();
	for_each_cpu_and(cpu, cpu_online_mask, tr->tracing_cpumask) {
		struct hwlat_sampler *s = per_cpu_ptr(&hwlat_per_cpu, cpu);

		/* tracing_on may have gone 0 without a stop (a trigger). */
		if (s->task)
			continue;
		t = kthread_run_on_cpu(hwlat_sampler_fn, s, cpu, "hwlatd/%u");
		if (IS_ERR(t)) {
			cpus_read_unlock();
			hwlat_stop_samplers();
			goto fail;
		}
		WRITE_ONCE(s->task, t);
	}
	cpus_read_unlock();
	return 0;
fail:
	pr_err("hwlat_detector: could not start sampling thread\n");
	pr_err("hwlat_detector: Cannot start hwlat kthread\n");
	return -ENOMEM;
}

/* Context: tracing_lock (init is called under it). */
static int hwlat_init(struct trace_array *tr)
{
	mutex_lock(&hwlat_lock);
	if (hwlat_tr) {
		mutex_unlock(&hwlat_lock);
		return -EBUSY;
	}
	WRITE_ONCE(hwlat_tr, tr);
	atomic64_set(&hwlat_seq, 0);
	WRITE_ONCE(tr->max_latency, 0);
	hwlat_saved_thresh = tracing_thresh;
	if (!tracing_thresh)
		WRITE_ONCE(tracing_thresh, hwlat_last_thresh);
	if (tracer_tracing_is_on(tr))
		hwlat_start_samplers(tr);
	mutex_unlock(&hwlat_lock);
	return 0;
}

static void hwlat_reset(struct trace_array *tr)
{
	mutex_lock(&hwlat_lock);
	hwlat_stop_samplers();
	hwlat_last_thresh = tracing_thresh;
	WRITE_ONCE(tracing_thresh, hwlat_saved_thresh);
	WRITE_ONCE(hwlat_tr, NULL);
	mutex_unlock(&hwlat_lock);
}

static void hwlat_start(struct trace_array *tr)
{
	mutex_lock(&hwlat_lock);
	hwlat_start_samplers(tr);
	mutex_unlock(&hwlat_lock);
}

static void hwlat_stop(struct trace_array *tr)
{
	mutex_lock(&hwlat_lock);
	hwlat_stop_samplers();
	mutex_unlock(&hwlat_lock);
}

static struct tracer hwlat_tracer __read_mostly = {
	.name		= "hwlat",
	.init		= hwlat_init,
	.reset		= hwlat_reset,
	.start		= hwlat_start,
	.stop		= hwlat_stop,
	.allow_instances = true,
};

/* ------------------------------------------------------------------ */
/* hwlat_detector/: width, window, mode                                */

static ssize_t hwlat_us_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	u64 *val = filp->private_data;

	return trace_read_line(ubuf, cnt, ppos, "%llu\n", READ_ONCE(*val));
}

/* width <= window, whichever is written. */
static ssize_t hwlat_us_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	u64 *field = filp->private_data;
	ssize_t ret = cnt;
	u64 val;
	int err;

	err = kstrtoull_from_user(ubuf, cnt, 10, &val);
	if (err)
		return err;
	mutex_lock(&hwlat_lock);
	if (field == &hwlat_width_us ? val > hwlat_window_us :
				       val < hwlat_width_us)
		ret = -EINVAL;
	else
		WRITE_ONCE(*field, val);
	mutex_unlock(&hwlat_lock);
	if (ret > 0)
		*ppos += cnt;
	return ret;
}

static const struct file_operations hwlat_us_fops = {
	.open		= simple_open,
	.read		= hwlat_us_read,
	.write		= hwlat_us_write,
	.llseek		= generic_file_llseek,
};

static ssize_t hwlat_mode_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	enum hwlat_mode cur = READ_ONCE(hwlat_mode);
	char buf[48];
	int i, len = 0;

	for (i = 0; i < HWLAT_MODES; i++)
		len += scnprintf(buf + len, sizeof(buf) - len,
				 i == cur ? "%s[%s]" : "%s%s", i ? " " : "",
				 hwlat_mode_names[i]);
	len += scnprintf(buf + len, sizeof(buf) - len, "\n");
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* A running hwlat restarts its samplers in the new mode. */
static ssize_t hwlat_mode_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char buf[64];
	int mode;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	mode = match_string(hwlat_mode_names, HWLAT_MODES, strim(buf));
	if (mode < 0)
		return -EINVAL;

	mutex_lock(&tracing_lock);
	mutex_lock(&hwlat_lock);
	if (hwlat_tr)
		hwlat_stop_samplers();
	WRITE_ONCE(hwlat_mode, mode);
	if (hwlat_tr && tracer_tracing_is_on(hwlat_tr))
		hwlat_start_samplers(hwlat_tr);
	mutex_unlock(&hwlat_lock);
	mutex_unlock(&tracing_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations hwlat_mode_fops = {
	.open		= simple_open,
	.read		= hwlat_mode_read,
	.write		= hwlat_mode_write,
	.llseek		= generic_file_llseek,
};

static __init int init_hwlat_tracer(void)
{
	struct dentry *dir;

	if (!zalloc_cpumask_var(&hwlat_rr_mask, GFP_KERNEL))
		return -ENOMEM;
	register_tracer(&hwlat_tracer);
	if (security_locked_down(LOCKDOWN_TRACEFS) || !global_trace.buffer)
		return 0;
	dir = tracefs_create_dir("hwlat_detector", NULL);
	if (!dir)
		return 0;
	if (!trace_create_file("window", TRACE_MODE_WRITE, dir,
			       &hwlat_window_us, &hwlat_us_fops) ||
	    !trace_create_file("width", TRACE_MODE_WRITE, dir,
			       &hwlat_width_us, &hwlat_us_fops) ||
	    !trace_create_file("mode", TRACE_MODE_WRITE, dir, NULL,
			       &hwlat_mode_fops))
		tracefs_remove(dir);
	return 0;
}
late_initcall(init_hwlat_tracer);
