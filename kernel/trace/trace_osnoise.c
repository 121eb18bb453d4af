// SPDX-License-Identifier: GPL-2.0
/*
 * The core of the osnoise and timerlat tracers (trace_osnoise.h says who
 * does what): the osnoise/ settings, the arrays that receive records, the
 * accounting of what interrupts a measuring CPU, and the workload's start
 * and stop.
 *
 * Accounting.  While a CPU is sampling, every NMI, IRQ, softirq and
 * switch to another thread is counted, timed and reported by an event of
 * the osnoise system (nmi_noise, irq_noise, softirq_noise, thread_noise).
 * Times are net: when a source ends, what it took is pushed onto each
 * lower source in progress (NMI over IRQ over softirq over thread), which
 * subtracts it from its own duration.  Every entry also bumps the CPU's
 * interference counter; a gap the osnoise loop sees with the counter
 * unchanged was taken by nothing the kernel knows: hardware noise.
 *
 * The workload's life:
 *
 *	no user --init--> user, listed --tracing_on 0--> user, not listed
 *	   ^                   |    ^                          |
 *	   +-------reset-------+    +-------tracing_on 1-------+
 *
 * (init lists the array whatever its tracing_on, as upstream: rtla
 * selects the tracer in an instance that is off and opens timerlat_fd
 * before it turns recording on; reset from either state.)
 *
 * The workload runs while the list of arrays is not empty; the first
 * array listed starts it, the last one unlisted stops it.  One kind of
 * tracer at a time: timerlat while arrays use osnoise is refused with
 * -EBUSY, and the reverse.  A stop condition (stop_tracing_us, ...) only
 * turns the arrays' recording off; the workload goes on.
 */
#include <linux/cpu.h>
#include <linux/ftrace_irq.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>
#include <trace/events/irq.h>
#include <trace/events/sched.h>

#define CREATE_TRACE_POINTS
#include <trace/events/osnoise.h>

#include "trace_osnoise.h"

struct osnoise_settings osn_set = {
	.period_us		= 1000000,
	.runtime_us		= 1000000,
	.timerlat_period_us	= 1000,
	.options		= OSN_DEFAULT_OPTIONS,
};

/* The CPUs the workload runs on (osnoise/cpus); under osnoise_lock. */
cpumask_var_t osnoise_cpus;

DEFINE_PER_CPU(struct osnoise_cpu, osnoise_cpu);
DEFINE_MUTEX(osnoise_lock);
LIST_HEAD(osnoise_arrays);
struct dentry *osnoise_dir;

/* Under osnoise_lock; osn_kind_id is also read by the probes. */
static const struct osnoise_kind *osn_kind;
static enum osnoise_kind_id osn_kind_id;
static unsigned int osn_users;
static bool osn_tainted;

bool trace_osnoise_callback_enabled;

/**
 * osnoise_clock - the clock of noise records and events, in ns
 *
 * Return: trace_clock_local(), the CPU's sched_clock.
 */
u64 notrace osnoise_clock(void)
{
	return trace_clock_local();
}

/**
 * osnoise_current_kind - which tracer the arrays in use run
 *
 * Return: OSN_IDLE when no array uses osnoise or timerlat.
 */
enum osnoise_kind_id osnoise_current_kind(void)
{
	return READ_ONCE(osn_kind_id);
}

/**
 * osnoise_tainted - has a measurement been found inconsistent
 *
 * Return: true from the first osnoise_taint() on, until reboot.
 */
bool osnoise_tainted(void)
{
	return READ_ONCE(osn_tainted);
}

/* ------------------------------------------------------------------ */
/* Records into every listed array                                     */

/**
 * osnoise_any_on - does some listed array record
 *
 * Context: any; takes rcu_read_lock().
 * Return: true when at least one listed array has tracing_on set.
 */
bool osnoise_any_on(void)
{
	struct osnoise_array *oa;
	bool on = false;

	rcu_read_lock();
	osnoise_for_each_array(oa)
		if (tracer_tracing_is_on(oa->tr)) {
			on = true;
			break;
		}
	rcu_read_unlock();
	return on;
}

/**
 * osnoise_update_max - raise tracing_max_latency of the recording arrays
 * @latency_ns: a latency just measured
 *
 * Context: any but NMI.
 */
void osnoise_update_max(u64 latency_ns)
{
	struct osnoise_array *oa;

	rcu_read_lock();
	osnoise_for_each_array(oa) {
		struct trace_array *tr = oa->tr;
		unsigned long old = READ_ONCE(tr->max_latency);

		if (!tracer_tracing_is_on(tr))
			continue;
		/* Two CPUs may raise it at once: the larger must stay. */
		while (latency_ns > old &&
		       !try_cmpxchg(&tr->max_latency, &old, latency_ns))
			;
	}
	rcu_read_unlock();
}

static void osnoise_puts_all(unsigned long ip, const char *msg, int len)
{
	struct osnoise_array *oa;

	rcu_read_lock();
	osnoise_for_each_array(oa)
		__trace_array_puts(oa->tr, ip, msg, len);
	rcu_read_unlock();
}

/**
 * osnoise_stop_tracing - a stop condition fired on this CPU
 * @why: the exception that stops, or NULL for a threshold
 *
 * Writes "stop tracing hit on cpu N" into every listed array and turns
 * their recording off (or panics with PANIC_ON_STOP).  The workload goes
 * on; tracing_on 1 records again.
 *
 * Context: any but NMI.
 */
void osnoise_stop_tracing(const char *why)
{
	int cpu = raw_smp_processor_id();
	struct osnoise_array *oa;
	char msg[128];
	int len;

	if (why)
		len = scnprintf(msg, sizeof(msg),
				"stop tracing hit on cpu %d due to exception: %s\n",
				cpu, why);
	else
		len = scnprintf(msg, sizeof(msg),
				"stop tracing hit on cpu %d\n", cpu);
	rcu_read_lock();
	osnoise_for_each_array(oa) {
		__trace_array_puts(oa->tr, _THIS_IP_, msg, len);
		tracer_tracing_off(oa->tr);
	}
	rcu_read_unlock();
	/* After the message: kdump's copy of the buffer shows why. */
	if (osnoise_opt(OSN_PANIC_ON_STOP))
		panic("tracer hit stop condition on CPU %d\n", cpu);
}

/**
 * osnoise_taint - a measurement was inconsistent
 * @msg: what, written into every listed array
 *
 * From then on the osnoise header starts with "# osnoise is tainted!".
 * Context: any but NMI.
 */
void osnoise_taint(const char *msg)
{
	osnoise_puts_all(_THIS_IP_, msg, strlen(msg));
	WRITE_ONCE(osn_tainted, true);
}

/* ------------------------------------------------------------------ */
/* Interference accounting                                             */

static inline void osn_enter(struct osnoise_cpu *o, struct osnoise_source *s)
{
	s->start = osnoise_clock();
	s->pushed = 0;
	s->count++;
	o->interference++;
}

/* How long the source in progress took itself; 0 ends nothing. */
static u64 osn_exit(struct osnoise_source *s, u64 *start)
{
	u64 now = osnoise_clock(), spent;

	*start = s->start;
	s->start = 0;
	if (!*start)
		return 0;
	spent = now - *start;
	if (unlikely(s->pushed > spent || (s64)spent < 0)) {
		if (!in_nmi())
			osnoise_taint("Negative duration!\n");
		return 0;
	}
	return spent - s->pushed;
}

static inline void osn_push(struct osnoise_source *s, u64 took)
{
	if (s->start)
		s->pushed += took;
}

/* Thread and softirq noise only count between a timerlat IRQ and its thread. */
static inline bool osn_quiet(struct osnoise_cpu *o)
{
	return READ_ONCE(osn_kind_id) == OSN_TIMERLAT && !o->tracing_thread;
}

/**
 * trace_osnoise_callback - an NMI begins or ends
 * @enter: begins
 *
 * Called by ftrace_nmi_enter() and ftrace_nmi_exit() while
 * trace_osnoise_callback_enabled is set.  Context: NMI.
 */
void notrace trace_osnoise_callback(bool enter)
{
	struct osnoise_cpu *o = this_cpu_ptr(&osnoise_cpu);
	u64 start, took;

	if (!o->sampling)
		return;
	if (enter) {
		osn_enter(o, &o->nmi);
		return;
	}
	took = osn_exit(&o->nmi, &start);
	if (!start)
		return;
	/* A sched_clock that is not NMI-safe cannot time them. */
	if (!IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))
		trace_nmi_noise(start, took);
	osn_push(&o->irq, took);
	osn_push(&o->softirq, took);
	osn_push(&o->thread, took);
}

/**
 * osnoise_trace_irq_entry - an interrupt handler begins
 * @id: the IRQ or vector number
 *
 * The architecture calls it from its vector tracepoints
 * (osnoise_arch_register()); device IRQs come through irq_handler_entry.
 * Context: hard IRQ.
 */
void osnoise_trace_irq_entry(int id)
{
	struct osnoise_cpu *o = this_cpu_ptr(&osnoise_cpu);

	if (o->sampling)
		osn_enter(o, &o->irq);
}

/**
 * osnoise_trace_irq_exit - an interrupt handler ends
 * @id: the IRQ or vector number
 * @desc: its name, as irq_noise shows it
 *
 * Context: hard IRQ.
 */
void osnoise_trace_irq_exit(int id, const char *desc)
{
	struct osnoise_cpu *o = this_cpu_ptr(&osnoise_cpu);
	u64 start, took;

	if (!o->sampling)
		return;
	took = osn_exit(&o->irq, &start);
	if (!start)
		return;
	trace_irq_noise(id, desc, start, took);
	osn_push(&o->softirq, took);
	osn_push(&o->thread, took);
}

/* Architectures without vector tracepoints have nothing to hook. */
int __weak osnoise_arch_register(void)
{
	return 0;
}

void __weak osnoise_arch_unregister(void)
{
}

static void osn_probe_irq_entry(void *data, int irq, struct irqaction *action)
{
	osnoise_trace_irq_entry(irq);
}

static void osn_probe_irq_exit(void *data, int irq, struct irqaction *action,
			       int ret)
{
	osnoise_trace_irq_exit(irq, action->name);
}

/*
 * Softirqs run with interrupts on; an IRQ that ends (or a timerlat tick)
 * between the clock read and the update of a source would change it
 * underneath: the update is done with interrupts off.
 */
static void osn_probe_softirq_entry(void *data, unsigned int vec)
{
	struct osnoise_cpu *o;
	unsigned long flags;

	local_irq_save(flags);
	o = this_cpu_ptr(&osnoise_cpu);
	if (o->sampling)
		osn_enter(o, &o->softirq);
	local_irq_restore(flags);
}

static void osn_probe_softirq_exit(void *data, unsigned int vec)
{
	struct osnoise_cpu *o;
	unsigned long flags;
	u64 start, took;

	local_irq_save(flags);
	o = this_cpu_ptr(&osnoise_cpu);
	if (!o->sampling)
		goto out;
	took = osn_exit(&o->softirq, &start);
	if (!start || osn_quiet(o))
		goto out;
	osn_push(&o->thread, took);
	local_irq_restore(flags);
	trace_softirq_noise(vec, start, took);
	return;
out:
	local_irq_restore(flags);
}

/*
 * The CPU's own workload is not noise to itself, unless the kernel
 * threads are off (NO_OSNOISE_WORKLOAD): then every thread counts.
 */
static void osn_probe_switch(void *data, bool preempt, struct task_struct *p,
			     struct task_struct *n, unsigned int prev_state)
{
	struct osnoise_cpu *o = this_cpu_ptr(&osnoise_cpu);
	bool exempt_ok = osnoise_opt(OSN_WORKLOAD);
	u64 start, took;

	if (!o->sampling)
		return;
	if (!exempt_ok || p->pid != o->workload_pid) {
		took = osn_exit(&o->thread, &start);
		if (start && !osn_quiet(o))
			trace_thread_noise(p, start, took);
	}
	if (!exempt_ok || n->pid != o->workload_pid)
		osn_enter(o, &o->thread);
}

static void osn_unhook(void)
{
	osnoise_arch_unregister();
	unregister_trace_sched_switch(osn_probe_switch, NULL);
	unregister_trace_softirq_exit(osn_probe_softirq_exit, NULL);
	unregister_trace_softirq_entry(osn_probe_softirq_entry, NULL);
	unregister_trace_irq_handler_exit(osn_probe_irq_exit, NULL);
	unregister_trace_irq_handler_entry(osn_probe_irq_entry, NULL);
	tracepoint_synchronize_unregister();
}

static int osn_hook(void)
{
	int ret;

	ret = register_trace_irq_handler_entry(osn_probe_irq_entry, NULL);
	if (ret)
		return ret;
	ret = register_trace_irq_handler_exit(osn_probe_irq_exit, NULL);
	if (ret)
		goto no_irq_exit;
	ret = register_trace_softirq_entry(osn_probe_softirq_entry, NULL);
	if (ret)
		goto no_softirq_entry;
	ret = register_trace_softirq_exit(osn_probe_softirq_exit, NULL);
	if (ret)
		goto no_softirq_exit;
	ret = register_trace_sched_switch(osn_probe_switch, NULL);
	if (ret)
		goto no_switch;
	ret = osnoise_arch_register();
	if (ret)
		goto no_arch;
	return 0;
no_arch:
	unregister_trace_sched_switch(osn_probe_switch, NULL);
no_switch:
	unregister_trace_softirq_exit(osn_probe_softirq_exit, NULL);
no_softirq_exit:
	unregister_trace_softirq_entry(osn_probe_softirq_entry, NULL);
no_softirq_entry:
	unregister_trace_irq_handler_exit(osn_probe_irq_exit, NULL);
no_irq_exit:
	unregister_trace_irq_handler_entry(osn_probe_irq_entry, NULL);
	return ret;
}

/* ------------------------------------------------------------------ */
/* The workload                                                        */

/* Context: osnoise_lock held; the list just became non-empty. */
static void osn_workload_start(void)
{
	const struct osnoise_kind *k = osn_kind;
	unsigned int cpu;
	int err;

	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&osnoise_cpu, cpu), 0,
		       sizeof(struct osnoise_cpu));
	/* Tracepoints take cpus_read_lock() themselves: hook before. */
	err = osn_hook();
	if (err)
		goto fail;
	WRITE_ONCE(trace_osnoise_callback_enabled, true);
	/* (start_user may register a tracepoint: not under cpus_read_lock) */
	if (!osnoise_opt(OSN_WORKLOAD)) {
		k->start_user();
	} else {
		cpus_read_lock();
		for_each_cpu_and(cpu, osnoise_cpus, cpu_online_mask) {
			err = k->start_cpu(cpu);
			if (err)
				break;
		}
		cpus_read_unlock();
	}
	if (!err)
		return;
fail:
	pr_err("osnoise: Error starting %s tracer\n", k->name);
}

/* Context: osnoise_lock held; the list just became empty. */
static void osn_workload_stop(void)
{
	const struct osnoise_kind *k = osn_kind;
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		WRITE_ONCE(per_cpu_ptr(&osnoise_cpu, cpu)->sampling, false);
	if (!osnoise_opt(OSN_WORKLOAD)) {
		k->stop_user();
	} else {
		cpus_read_lock();
		for_each_possible_cpu(cpu)
			k->stop_cpu(cpu);
		cpus_read_unlock();
	}
	WRITE_ONCE(trace_osnoise_callback_enabled, false);
	osn_unhook();
}

/**
 * osnoise_user_init - an array selects osnoise or timerlat
 * @tr: the array
 * @k: its tracer's side of the workload
 *
 * Context: tracing_lock held (tracer init).
 * Return: 0, or -EBUSY while other arrays use the other tracer.
 */
int osnoise_user_init(struct trace_array *tr, const struct osnoise_kind *k)
{
	mutex_lock(&osnoise_lock);
	if (osn_users && osn_kind != k) {
		mutex_unlock(&osnoise_lock);
		return -EBUSY;
	}
	/* idle -> k, or one more user of k */
	osn_kind = k;
	WRITE_ONCE(osn_kind_id, k->id);
	osn_users++;
	mutex_unlock(&osnoise_lock);
	WRITE_ONCE(tr->max_latency, 0);
	/*
	 * Listed even with tracing_on 0, as upstream: rtla selects the
	 * tracer in an instance that is off, then opens timerlat_fd or
	 * moves the threads before it turns recording on.
	 */
	osnoise_user_start(tr);
	return 0;
}

/**
 * osnoise_user_reset - an array leaves osnoise or timerlat
 * @tr: the array
 *
 * Context: tracing_lock held (tracer reset).
 */
void osnoise_user_reset(struct trace_array *tr)
{
	osnoise_user_stop(tr);
	mutex_lock(&osnoise_lock);
	/* last user -> idle */
	if (!--osn_users) {
		osn_kind = NULL;
		WRITE_ONCE(osn_kind_id, OSN_IDLE);
	}
	mutex_unlock(&osnoise_lock);
}

static struct osnoise_array *osn_find(struct trace_array *tr)
{
	struct osnoise_array *oa;

	list_for_each_entry(oa, &osnoise_arrays, list)
		if (oa->tr == tr)
			return oa;
	return NULL;
}

/**
 * osnoise_user_start - a user array records: list it
 * @tr: the array
 *
 * The first array listed starts the workload.
 * Context: tracing_lock held (tracer init or start).
 */
void osnoise_user_start(struct trace_array *tr)
{
	struct osnoise_array *oa;

	mutex_lock(&osnoise_lock);
	if (osn_find(tr))
		goto out;
	oa = kzalloc(sizeof(*oa), GFP_KERNEL);
	if (!oa) {
		pr_err("osnoise: Error starting %s tracer\n", osn_kind->name);
		goto out;
	}
	oa->tr = tr;
	list_add_tail_rcu(&oa->list, &osnoise_arrays);
	/* unlisted -> listed; the first one starts the workload */
	if (list_is_singular(&osnoise_arrays))
		osn_workload_start();
out:
	mutex_unlock(&osnoise_lock);
}

/**
 * osnoise_user_stop - a user array stops recording: unlist it
 * @tr: the array
 *
 * The last array unlisted stops the workload.
 * Context: tracing_lock held (tracer stop or reset).
 */
void osnoise_user_stop(struct trace_array *tr)
{
	struct osnoise_array *oa;

	mutex_lock(&osnoise_lock);
	oa = osn_find(tr);
	if (!oa) {
		mutex_unlock(&osnoise_lock);
		return;
	}
	/* listed -> unlisted; the last one stops the workload */
	list_del_rcu(&oa->list);
	if (list_empty(&osnoise_arrays))
		osn_workload_stop();
	mutex_unlock(&osnoise_lock);
	synchronize_rcu();
	kfree(oa);
}

/* A setting the workload reads at its start changes: stop, apply, start. */
static void osn_restart_begin(bool *running)
{
	mutex_lock(&osnoise_lock);
	*running = !list_empty(&osnoise_arrays);
	if (*running)
		osn_workload_stop();
}

static void osn_restart_end(bool running)
{
	if (running)
		osn_workload_start();
	mutex_unlock(&osnoise_lock);
}

/* ------------------------------------------------------------------ */
/* osnoise/: numbers, cpus, options                                    */

static ssize_t osn_param_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct osnoise_param *p = filp->private_data;

	return trace_read_line(ubuf, cnt, ppos, "%llu\n", READ_ONCE(*p->val));
}

static ssize_t osn_param_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct osnoise_param *p = filp->private_data;
	ssize_t ret = cnt;
	u64 val, lo, hi;
	int err;

	err = kstrtoull_from_user(ubuf, cnt, 10, &val);
	if (err)
		return err;
	mutex_lock(&osnoise_lock);
	lo = p->lo_of ? *p->lo_of : p->lo;
	hi = p->hi_of ? *p->hi_of : p->hi;
	if (val < lo || val > hi)
		ret = -EINVAL;
	else
		WRITE_ONCE(*p->val, val);
	mutex_unlock(&osnoise_lock);
	if (ret > 0)
		*ppos += cnt;
	return ret;
}

const struct file_operations osnoise_param_fops = {
	.open		= simple_open,
	.read		= osn_param_read,
	.write		= osn_param_write,
	.llseek		= generic_file_llseek,
};

static struct osnoise_param osn_period = {
	.val = &osn_set.period_us, .lo_of = &osn_set.runtime_us, .hi = U64_MAX,
};

static struct osnoise_param osn_runtime = {
	.val = &osn_set.runtime_us, .hi_of = &osn_set.period_us,
};

static struct osnoise_param osn_stop = {
	.val = &osn_set.stop_us, .hi = U64_MAX,
};

static struct osnoise_param osn_stop_total = {
	.val = &osn_set.stop_total_us, .hi = U64_MAX,
};

static ssize_t osn_cpus_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	ssize_t ret;
	char *buf;
	int len;

	mutex_lock(&osnoise_lock);
	len = snprintf(NULL, 0, "%*pbl\n", cpumask_pr_args(osnoise_cpus));
	buf = kmalloc(len + 1, GFP_KERNEL);
	if (buf)
		snprintf(buf, len + 1, "%*pbl\n", cpumask_pr_args(osnoise_cpus));
	mutex_unlock(&osnoise_lock);
	if (!buf)
		return -ENOMEM;
	/* The whole list or nothing, as upstream. */
	if (len >= cnt)
		ret = -EINVAL;
	else
		ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kfree(buf);
	return ret;
}

static ssize_t osn_cpus_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	cpumask_var_t mask;
	bool running;
	char *buf;
	int err;

	if (cnt >= 256)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (!zalloc_cpumask_var(&mask, GFP_KERNEL)) {
		kfree(buf);
		return -ENOMEM;
	}
	err = cpulist_parse(buf, mask);
	kfree(buf);
	if (!err) {
		osn_restart_begin(&running);
		cpumask_copy(osnoise_cpus, mask);
		osn_restart_end(running);
	}
	free_cpumask_var(mask);
	if (err)
		return err;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations osn_cpus_fops = {
	.open		= simple_open,
	.read		= osn_cpus_read,
	.write		= osn_cpus_write,
	.llseek		= generic_file_llseek,
};

static const char * const osn_opt_names[OSN_OPTS] = {
	[OSN_DEFAULTS]		= "DEFAULTS",
	[OSN_WORKLOAD]		= "OSNOISE_WORKLOAD",
	[OSN_PANIC_ON_STOP]	= "PANIC_ON_STOP",
	[OSN_PREEMPT_DISABLE]	= "OSNOISE_PREEMPT_DISABLE",
	[OSN_IRQ_DISABLE]	= "OSNOISE_IRQ_DISABLE",
};

static ssize_t osn_options_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	unsigned long opts = READ_ONCE(osn_set.options);
	char buf[160];
	int i, len = 0;
	bool set;

	for (i = 0; i < OSN_OPTS; i++) {
		set = i == OSN_DEFAULTS ? opts == OSN_DEFAULT_OPTIONS :
					  test_bit(i, &opts);
		len += scnprintf(buf + len, sizeof(buf) - len, "%s%s ",
				 set ? "" : "NO_", osn_opt_names[i]);
	}
	len += scnprintf(buf + len, sizeof(buf) - len, "\n");
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* One option a write: NAME sets it, NO_NAME clears it. */
static ssize_t osn_options_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char buf[256], *name;
	bool clear, running;
	int opt;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	clear = !strncmp(buf, "NO_", 3);
	name = strim(buf + (clear ? 3 : 0));
	opt = match_string(osn_opt_names, OSN_OPTS, name);
	if (opt < 0)
		return -EINVAL;

	osn_restart_begin(&running);
	if (opt == OSN_DEFAULTS) {
		if (!clear)
			WRITE_ONCE(osn_set.options, OSN_DEFAULT_OPTIONS);
	} else if (clear) {
		clear_bit(opt, &osn_set.options);
	} else {
		set_bit(opt, &osn_set.options);
	}
	osn_restart_end(running);
	if (opt == OSN_DEFAULTS && clear)
		return -EINVAL;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations osn_options_fops = {
	.open		= simple_open,
	.read		= osn_options_read,
	.write		= osn_options_write,
	.llseek		= generic_file_llseek,
};

/* ------------------------------------------------------------------ */
/* Headers                                                             */

/**
 * osnoise_print_flags_legend - the flag columns' legend of both headers
 * @m: the trace file
 * @last: what follows "migrate-disable" on its line
 */
void osnoise_print_flags_legend(struct seq_file *m, const char *last)
{
	seq_puts(m, "#                                _-----=> irqs-off\n");
	seq_puts(m, "#                               / _----=> need-resched\n");
	seq_puts(m, "#                              | / _---=> hardirq/softirq\n");
	seq_puts(m, "#                              || / _--=> preempt-depth\n");
	seq_printf(m, "#                              ||| / _-=> migrate-disable%s\n",
		   last);
}

static __init int init_osnoise_core(void)
{
	if (!zalloc_cpumask_var(&osnoise_cpus, GFP_KERNEL))
		return -ENOMEM;
	cpumask_copy(osnoise_cpus, cpu_possible_mask);
	if (security_locked_down(LOCKDOWN_TRACEFS) || !global_trace.buffer)
		return 0;
	osnoise_dir = tracefs_create_dir("osnoise", NULL);
	if (!osnoise_dir)
		return 0;
	trace_create_file("period_us", TRACE_MODE_WRITE, osnoise_dir,
			  &osn_period, &osnoise_param_fops);
	trace_create_file("runtime_us", TRACE_MODE_WRITE, osnoise_dir,
			  &osn_runtime, &osnoise_param_fops);
	trace_create_file("stop_tracing_us", TRACE_MODE_WRITE, osnoise_dir,
			  &osn_stop, &osnoise_param_fops);
	trace_create_file("stop_tracing_total_us", TRACE_MODE_WRITE,
			  osnoise_dir, &osn_stop_total, &osnoise_param_fops);
	trace_create_file("cpus", TRACE_MODE_WRITE, osnoise_dir, NULL,
			  &osn_cpus_fops);
	trace_create_file("options", TRACE_MODE_WRITE, osnoise_dir, NULL,
			  &osn_options_fops);
	return 0;
}
late_initcall(init_osnoise_core);
