// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_event_bench - what one event costs, from the call site to the ring
 * buffer.
 *
 * The module defines one event, ftt_bench:ftt_bench_16b, whose record
 * carries two u64 fields.  Enable it (or not) through tracefs, then
 *
 *   echo 1 > /sys/module/ftt_event_bench/parameters/run
 *
 * runs one measurement and returns when it is done: a kthread bound to
 * @cpu fires the event in a tight loop for @duration_ms, in batches, with
 * ktime_get() taken after each batch.  The result is logged and can be
 * read back from the same parameter as one line,
 *
 *   enabled=1 cpu=0 duration_ns=... events=... ns_per_event=...
 *     mevents_per_s=...
 *
 * (all on one line).  enabled= says whether the tracepoint had a probe
 * when the run started.  Nothing here depends on how the event layer is
 * built: the module uses only the TRACE_EVENT language and kernel APIs.
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/kstrtox.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>

#define CREATE_TRACE_POINTS
#include "ftt_event_bench_trace.h"

static unsigned int duration_ms = 1000;
module_param(duration_ms, uint, 0644);
MODULE_PARM_DESC(duration_ms, "how long a run fires the event (1..60000)");

static int cpu;
module_param(cpu, int, 0644);
MODULE_PARM_DESC(cpu, "CPU the firing kthread is bound to");

/* Calls between two clock reads; small enough for timely cond_resched(). */
#define BATCH		256
#define COOKIE		0x5eedf00dcafe1234ULL

struct bench_run {
	struct completion done;
	unsigned int ms;
	bool enabled;
	u64 events;
	u64 elapsed_ns;
};

/* The last result line; sysfs serialises a module's parameter accesses. */
static char last_result[192] = "none";

static int bench_thread(void *arg)
{
	struct bench_run *r = arg;
	ktime_t start, end, now;
	u64 n = 0;
	int i;

	r->enabled = trace_ftt_bench_16b_enabled();
	start = ktime_get();
	end = ktime_add_ms(start, r->ms);
	do {
		for (i = 0; i < BATCH; i++) {
			trace_ftt_bench_16b(n, n ^ COOKIE);
			n++;
		}
		now = ktime_get();
		cond_resched();
	} while (ktime_before(now, end));

	r->events = n;
	r->elapsed_ns = ktime_to_ns(ktime_sub(now, start));
	complete(&r->done);
	/* kthread_stop() wants the thread to be still there. */
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
	struct bench_run r = { .ms = duration_ms };
	struct task_struct *t;
	u64 ns_x1000, mev_x1000;
	int c = cpu;

	if (!r.ms || r.ms > 60000)
		return -EINVAL;
	if (c < 0 || c >= nr_cpu_ids || !cpu_online(c))
		return -EINVAL;

	init_completion(&r.done);
	t = kthread_create(bench_thread, &r, "ftt_event_bench");
	if (IS_ERR(t))
		return PTR_ERR(t);
	kthread_bind(t, c);
	wake_up_process(t);
	wait_for_completion(&r.done);
	kthread_stop(t);

	if (!r.events || !r.elapsed_ns)
		return -EIO;
	ns_x1000 = div64_u64(r.elapsed_ns * 1000, r.events);
	mev_x1000 = div64_u64(r.events * 1000000ULL, r.elapsed_ns);
	snprintf(last_result, sizeof(last_result),
		 "enabled=%d cpu=%d duration_ns=%llu events=%llu ns_per_event=%llu.%03llu mevents_per_s=%llu.%03llu",
		 r.enabled, c, r.elapsed_ns, r.events, ns_x1000 / 1000, ns_x1000 % 1000,
		 mev_x1000 / 1000, mev_x1000 % 1000);
	pr_info("ftt_event_bench: %s\n", last_result);
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

static int __init ftt_event_bench_init(void)
{
	return 0;
}

static void __exit ftt_event_bench_exit(void)
{
}

module_init(ftt_event_bench_init);
module_exit(ftt_event_bench_exit);
MODULE_DESCRIPTION("Cost of firing one event, enabled or disabled");
MODULE_LICENSE("GPL");
