// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_func_bench - what one traced function call costs.
 *
 * The module has one function worth tracing, ftt_func_bench_target(): it
 * does nothing but keep its argument alive.  Point the function tracer at
 * it (or leave it untraced), then
 *
 *   echo 1 > /sys/module/ftt_func_bench/parameters/run
 *
 * runs one measurement: a kthread bound to @cpu calls the function in a
 * tight loop for @duration_ms, reading the clock once per batch of calls.
 * Reading the parameter back gives the last result as one line:
 *
 *   cpu=0 duration_ns=... calls=... ns_per_call=...
 *
 * With irqs_off set, each call runs inside a local_irq_save() /
 * local_irq_restore() pair of its own: the cost of a pair (and what a
 * latency tracer watching the pairs adds).
 *
 * The call site is the compiler's function-entry call (-pg -mfentry),
 * turned into a NOP at load and back into a call by whichever function
 * tracer the kernel has, so the same module measures both flavours.
 */
#include <linux/completion.h>
#include <linux/irqflags.h>
#include <linux/cpumask.h>
#include <linux/kstrtox.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>

static unsigned int duration_ms = 1000;
module_param(duration_ms, uint, 0644);
MODULE_PARM_DESC(duration_ms, "how long a run calls the function (1..60000)");

static int cpu;
module_param(cpu, int, 0644);
MODULE_PARM_DESC(cpu, "CPU the calling kthread is bound to");

static bool irqs_off;
module_param(irqs_off, bool, 0644);
MODULE_PARM_DESC(irqs_off, "each call inside its own interrupts-off pair");

/* Calls between two clock reads. */
#define BATCH		256

/*
 * The traced function.  noinline keeps the call (and its entry site); the
 * empty asm keeps the argument, so the body cannot be folded away either.
 * It is exported so the benchmark runs against a global symbol, as most
 * traced kernel functions are; the declaration keeps W=1 quiet.
 */
void ftt_func_bench_target(unsigned long x);
noinline void ftt_func_bench_target(unsigned long x)
{
	asm volatile("" : : "r" (x) : "memory");
}
EXPORT_SYMBOL_GPL(ftt_func_bench_target);

struct bench_run {
	struct completion done;
	bool irqs_off;
	unsigned int ms;
	u64 calls;
	u64 elapsed_ns;
};

/* The last result line; sysfs serialises a module's parameter accesses. */
static char last_result[160] = "none";

static int bench_thread(void *arg)
{
	struct bench_run *r = arg;
	ktime_t start, end, now;
	unsigned long n = 0, flags;
	int i;

	start = ktime_get();
	end = ktime_add_ms(start, r->ms);
	do {
		/* Two loops, so that the plain one stays as it was. */
		if (r->irqs_off) {
			for (i = 0; i < BATCH; i++) {
				local_irq_save(flags);
				ftt_func_bench_target(n++);
				local_irq_restore(flags);
			}
		} else {
			for (i = 0; i < BATCH; i++)
				ftt_func_bench_target(n++);
		}
		now = ktime_get();
		cond_resched();
	} while (ktime_before(now, end));

	r->calls = n;
	r->elapsed_ns = ktime_to_ns(ktime_sub(now, start));
	complete(&r->done);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int bench_run(void)
{
	struct bench_run r = { .ms = duration_ms, .irqs_off = irqs_off };
	struct task_struct *t;
	u64 ns_x1000;
	int c = cpu;

	if (!r.ms || r.ms > 60000)
		return -EINVAL;
	if (c < 0 || c >= nr_cpu_ids || !cpu_online(c))
		return -EINVAL;

	init_completion(&r.done);
	t = kthread_create(bench_thread, &r, "ftt_func_bench");
	if (IS_ERR(t))
		return PTR_ERR(t);
	kthread_bind(t, c);
	wake_up_process(t);
	wait_for_completion(&r.done);
	kthread_stop(t);

	if (!r.calls || !r.elapsed_ns)
		return -EIO;
	ns_x1000 = div64_u64(r.elapsed_ns * 1000, r.calls);
	snprintf(last_result, sizeof(last_result),
		 "cpu=%d duration_ns=%llu calls=%llu ns_per_call=%llu.%03llu",
		 c, r.elapsed_ns, r.calls, ns_x1000 / 1000, ns_x1000 % 1000);
	pr_info("ftt_func_bench: %s\n", last_result);
	return 0;
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	bool go;
	int ret;

	ret = kstrtobool(val, &go);
	if (ret)
		return ret;
	return go ? bench_run() : 0;
}

static int run_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n", last_result);
}

static const struct kernel_param_ops run_ops = {
	.set = run_set,
	.get = run_get,
};
module_param_cb(run, &run_ops, NULL, 0644);
MODULE_PARM_DESC(run, "write 1: run one measurement; read: the last result");

MODULE_DESCRIPTION("ftrace selftests: the cost of one traced function call");
MODULE_LICENSE("GPL");
