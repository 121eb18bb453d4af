// SPDX-License-Identifier: GPL-2.0
/*
 * A module that keeps interrupts or preemption off for a set time, for
 * the latency tracers' tests (preemptirq/irqsoff_tracer.tc):
 *
 *   # modprobe preemptirq_delay_test test_mode=preempt delay=500000
 *   # echo 1 > /sys/kernel/preemptirq_delay_test/trigger   (again)
 *
 * Parameters (read-only once loaded):
 *   delay         the section's length in microseconds (100)
 *   test_mode     irq, preempt, or alternate (irq, preempt, irq...) (irq)
 *   burst_size    how many sections, one after the other, at most 10 (1)
 *   cpu_affinity  the CPU to run them on, or -1 for any (-1)
 *
 * A kernel thread named after the mode ("irq_test") runs them; loading
 * the module waits for it, and so does each write to trigger.  Section i
 * of a burst runs in a function of its own (preemptirqtest_i), so that
 * each leaves a stack of its own in the trace.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/kobject.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/trace_clock.h>

static ulong delay = 100;
static char test_mode[12] = "irq";
static uint burst_size = 1;
static int cpu_affinity = -1;

module_param_named(delay, delay, ulong, 0444);
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
module_param_named(burst_size, burst_size, uint, 0444);
module_param_named(cpu_affinity, cpu_affinity, int, 0444);
MODULE_PARM_DESC(delay, "section length in microseconds");
MODULE_PARM_DESC(test_mode, "irq, preempt or alternate");
MODULE_PARM_DESC(burst_size, "sections in a row (at most 10)");
MODULE_PARM_DESC(cpu_affinity, "CPU to run on (-1: any)");

#define DELAY_BURST_MAX	10

/* Spin for @us microseconds, by the tracers' own clock. */
static void delay_spin(ulong us)
{
	u64 start = trace_clock_local();

	while (trace_clock_local() - start < (u64)us * NSEC_PER_USEC) {
		if (kthread_should_stop())
			break;
		cpu_relax();
	}
}

enum delay_kind { DELAY_NONE, DELAY_IRQ, DELAY_PREEMPT };

static enum delay_kind delay_kind_of(unsigned int i)
{
	if (!strcmp(test_mode, "irq"))
		return DELAY_IRQ;
	if (!strcmp(test_mode, "preempt"))
		return DELAY_PREEMPT;
	if (!strcmp(test_mode, "alternate"))
		return i % 2 ? DELAY_PREEMPT : DELAY_IRQ;
	return DELAY_NONE;
}

static void delay_section(enum delay_kind kind)
{
	unsigned long flags;

	switch (kind) {
	case DELAY_IRQ:
		local_irq_save(flags);
		delay_spin(delay);
		local_irq_restore(flags);
		break;
	case DELAY_PREEMPT:
		preempt_disable();
		delay_spin(delay);
		preempt_enable();
		break;
	case DELAY_NONE:
		break;
	}
}

/* One function a section of the burst: each its own stack. */
#define DELAY_FN(n)							\
static noinline void preemptirqtest_##n(enum delay_kind kind)		\
{									\
	delay_section(kind);						\
}
DELAY_FN(0) DELAY_FN(1) DELAY_FN(2) DELAY_FN(3) DELAY_FN(4)
DELAY_FN(5) DELAY_FN(6) DELAY_FN(7) DELAY_FN(8) DELAY_FN(9)

static void (* const delay_fns[DELAY_BURST_MAX])(enum delay_kind) = {
	preemptirqtest_0, preemptirqtest_1, preemptirqtest_2,
	preemptirqtest_3, preemptirqtest_4, preemptirqtest_5,
	preemptirqtest_6, preemptirqtest_7, preemptirqtest_8,
	preemptirqtest_9,
};

static int delay_thread(void *arg)
{
	struct completion *done = arg;
	unsigned int i, n = min_t(uint, burst_size, DELAY_BURST_MAX);

	if (cpu_affinity >= 0) {
		if (cpu_affinity >= nr_cpu_ids ||
		    set_cpus_allowed_ptr(current, cpumask_of(cpu_affinity)))
			pr_err("cpu_affinity:%d, failed\n", cpu_affinity);
	}
	for (i = 0; i < n; i++)
		delay_fns[i](delay_kind_of(i));
	complete(done);
	/* Stay until stopped, so that the stop finds the thread. */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

/* Run one burst and wait for it.  Return: 0 or the thread's error. */
static int delay_run(void)
{
	DECLARE_COMPLETION_ONSTACK(done);
	struct task_struct *t;

	t = kthread_run(delay_thread, &done, "%s_test", test_mode);
	if (IS_ERR(t))
		return PTR_ERR(t);
	wait_for_completion(&done);
	kthread_stop(t);
	return 0;
}

static ssize_t trigger_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	int ret = delay_run();

	return ret ? ret : count;
}

static struct kobj_attribute trigger_attr = __ATTR_WO(trigger);
static struct kobject *delay_kobj;

static int __init delay_init(void)
{
	int ret = delay_run();

	if (ret) {
		pr_err("preemptirq_delay_test: could not run: %d\n", ret);
		return ret;
	}
	delay_kobj = kobject_create_and_add("preemptirq_delay_test", kernel_kobj);
	if (!delay_kobj)
		return -ENOMEM;
	ret = sysfs_create_file(delay_kobj, &trigger_attr.attr);
	if (ret)
		kobject_put(delay_kobj);
	return ret;
}

static void __exit delay_exit(void)
{
	kobject_put(delay_kobj);
}

module_init(delay_init);
module_exit(delay_exit);
MODULE_AUTHOR("The tracing overlay's authors");
MODULE_DESCRIPTION("Preempt / IRQ disable delay thread to test latency tracers");
MODULE_LICENSE("GPL");
