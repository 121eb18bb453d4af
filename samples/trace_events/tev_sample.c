// SPDX-License-Identifier: GPL-2.0
/*
 * tev_sample: fires the events of tev_sample_trace.h, a tour of the
 * TRACE_EVENT() language, on demand and with predictable values.
 *
 *   echo N > /sys/module/tev_sample/parameters/fire
 *
 * fires every event of the tev-sample system once with values computed
 * from N (each event's comment in the header says how), in the writer's
 * context.  Events with a condition are recorded only when it holds.
 *
 * tev_tick is the exception: enabling it starts a kernel thread,
 * "tev_ticker", which fires it every tick_ms milliseconds with a count from
 * 1; disabling it stops the thread.  The read-only parameters *_regs and
 * *_unregs count the calls of each _FN event's callbacks.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/string.h>

/*
 * Defining CREATE_TRACE_POINTS before the header makes this file the one
 * that instantiates its tracepoints and events.
 */
#define CREATE_TRACE_POINTS
#include "tev_sample_trace.h"

static unsigned int tick_ms = 100;
module_param(tick_ms, uint, 0644);
MODULE_PARM_DESC(tick_ms, "period of tev_tick while it is enabled (ms)");

/* Callback counts, one pair per _FN event. */
static int tick_regs, tick_unregs;
static int tock_regs, tock_unregs;
static int watch_regs, watch_unregs;
module_param(tick_regs, int, 0444);
module_param(tick_unregs, int, 0444);
module_param(tock_regs, int, 0444);
module_param(tock_unregs, int, 0444);
module_param(watch_regs, int, 0444);
module_param(watch_unregs, int, 0444);

static const char tev_alphabet[] = "abcdefghijklmnopqrstuvwxyz";
static const char tev_capitals[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

static __printf(2, 3) void tev_note(u32 n, const char *fmt, ...)
{
	struct va_format vaf;
	va_list ap;

	va_start(ap, fmt);
	vaf.fmt = fmt;
	vaf.va = &ap;
	trace_tev_vstring(n, &vaf);
	va_end(ap);
}

/* CPUs 0 and n % nr_cpu_ids. */
static void tev_cpus_of(u32 n, struct cpumask *mask)
{
	cpumask_clear(mask);
	cpumask_set_cpu(0, mask);
	cpumask_set_cpu(n % nr_cpu_ids, mask);
}

/* Fire every event once with the values of @n. */
static int tev_fire_all(u32 n)
{
	struct tev_span span = {
		.start	= n * 1000,
		.len	= n + 8,
		.kind	= n % 7,
		.tries	= n % 5,
	};
	struct sockaddr_in sin = {
		.sin_family	= AF_INET,
		.sin_port	= htons(7000 + n),
		.sin_addr	= { .s_addr = htonl(0xc0000200 | (n & 0xff)) },
	};
	struct sockaddr_in6 sin6 = {
		.sin6_family	= AF_INET6,
		.sin6_port	= htons(7000 + n),
	};
	DECLARE_BITMAP(bits72, 72);
	DECLARE_BITMAP(bits40, 40);
	cpumask_var_t cpus;
	u16 words[4];
	u8 blob[5];
	u32 ids[4];
	char name[32];
	char hex[32];
	unsigned int i, nwords = n % 4 + 1, nids = n % 3 + 2;

	if (!zalloc_cpumask_var(&cpus, GFP_KERNEL))
		return -ENOMEM;
	tev_cpus_of(n, cpus);

	trace_tev_scalars(n);

	trace_tev_struct(&span, (s8)(n % 40) - 20);

	trace_tev_array(n);

	for (i = 0; i < nwords; i++)
		words[i] = 1000 * n + i;
	for (i = 0; i < sizeof(blob); i++)
		blob[i] = 0x80 | (n + i);
	trace_tev_dynarray(words, nwords, blob, sizeof(blob));

	snprintf(name, sizeof(name), "sampler-%u", n);
	trace_tev_string(n, name, (n & 1) ? "odd" : NULL);

	trace_tev_string_len(tev_alphabet, n % 20 + 3);

	tev_note(n, "%u is %s", n, (n & 1) ? "odd" : "even");

	bitmap_zero(bits72, 72);
	__set_bit(0, bits72);
	__set_bit(n % 72, bits72);
	__set_bit(71, bits72);
	trace_tev_bitmask(bits72, 72);

	trace_tev_cpumask(cpus);

	trace_tev_sockaddr(&sin);

	snprintf(name, sizeof(name), "rel-%u", n);
	trace_tev_rel_string(name, tev_capitals, n % 5 + 1);

	for (i = 0; i < nids; i++)
		ids[i] = 0x100 * (i + 1) + n;
	trace_tev_rel_dynarray(ids, nids);

	bitmap_zero(bits40, 40);
	__set_bit(n % 40, bits40);
	__set_bit(39, bits40);
	trace_tev_rel_masks(bits40, 40, cpus);

	/* 2001:db8::N */
	sin6.sin6_addr.s6_addr16[0] = htons(0x2001);
	sin6.sin6_addr.s6_addr16[1] = htons(0xdb8);
	sin6.sin6_addr.s6_addr32[3] = htonl(n);
	trace_tev_rel_sockaddr(&sin6);

	trace_tev_flags(n);

	trace_tev_time((u64)n * NSEC_PER_SEC + n * 1000ULL + 7);

	snprintf(hex, sizeof(hex), "hexdump of event %u!", n);
	trace_tev_hexdump(hex, strlen(hex));

	trace_tev_job_start(n, 100 * n, "sampler");
	/* Of these two, only the first passes the condition (for 40 < N < 4096). */
	trace_tev_job_big(n, 100 * n, "sampler");
	trace_tev_job_big(n + 1000, n, "sampler");
	trace_tev_job_dump(n, 100 * n, "sampler");
	trace_tev_job_watch(n, 100 * n, "sampler");
	trace_tev_job_done(n, 100 * n, "sampler");

	trace_tev_odd(n);
	trace_tev_tock(n);

	/* Neither records anything: no event listens to them. */
	trace_tev_bare(n);
	trace_tev_gone(n);
	trace_tev_gone_too(n);

	free_cpumask_var(cpus);
	return 0;
}

static unsigned int tev_last_fired;

static int tev_fire_set(const char *val, const struct kernel_param *kp)
{
	u32 n;
	int ret;

	ret = kstrtou32(val, 0, &n);
	if (ret)
		return ret;
	ret = tev_fire_all(n);
	if (!ret)
		tev_last_fired = n;
	return ret;
}

static const struct kernel_param_ops tev_fire_ops = {
	.set	= tev_fire_set,
	.get	= param_get_uint,
};
module_param_cb(fire, &tev_fire_ops, &tev_last_fired, 0644);
MODULE_PARM_DESC(fire, "write N to fire every event once with the values of N");

/*
 * The ticker.  Its thread sleeps before each firing, so that the first
 * tick comes after the probe that asked for it is in place.
 */
static DEFINE_MUTEX(tev_ticker_lock);
static struct task_struct *tev_ticker;

static int tev_ticker_fn(void *unused)
{
	u64 count = 0;

	for (;;) {
		schedule_timeout_interruptible(msecs_to_jiffies(READ_ONCE(tick_ms)));
		if (kthread_should_stop())
			break;
		trace_tev_tick(++count);
	}
	return 0;
}

int tev_tick_reg(void)
{
	struct task_struct *task;

	task = kthread_run(tev_ticker_fn, NULL, "tev_ticker");
	if (IS_ERR(task))
		return PTR_ERR(task);
	mutex_lock(&tev_ticker_lock);
	tev_ticker = task;
	tick_regs++;
	mutex_unlock(&tev_ticker_lock);
	pr_info("tev_sample: ticker started\n");
	return 0;
}

void tev_tick_unreg(void)
{
	struct task_struct *task;

	mutex_lock(&tev_ticker_lock);
	task = tev_ticker;
	tev_ticker = NULL;
	tick_unregs++;
	mutex_unlock(&tev_ticker_lock);
	if (task)
		kthread_stop(task);
	pr_info("tev_sample: ticker stopped\n");
}

int tev_tock_reg(void)
{
	tock_regs++;
	return 0;
}

void tev_tock_unreg(void)
{
	tock_unregs++;
}

int tev_watch_reg(void)
{
	watch_regs++;
	return 0;
}

void tev_watch_unreg(void)
{
	watch_unregs++;
}

static int __init tev_sample_init(void)
{
	pr_info("tev_sample: loaded\n");
	return 0;
}

/*
 * Nothing to stop here: while tev_tick is enabled, the event layer detaches
 * its probe when the module goes (after this function), and that stops
 * the ticker through tev_tick_unreg().
 */
static void __exit tev_sample_exit(void)
{
	pr_info("tev_sample: unloading\n");
}

module_init(tev_sample_init);
module_exit(tev_sample_exit);

MODULE_DESCRIPTION("A tour of the TRACE_EVENT() language, with predictable values");
MODULE_LICENSE("GPL");
