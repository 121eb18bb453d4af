// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_snapshot: the kernel's snapshot API, called once while loading, for
 * test.d/snapshot/snapshot-api.tc.
 *
 *   action=alloc       tracing_alloc_snapshot()
 *   action=snap        tracing_snapshot() (irqs_off=1: with interrupts off)
 *   action=alloc_snap  tracing_snapshot_alloc()
 *   action=cond        in instance "instance": tracing_snapshot_cond_enable(),
 *                      then three trace_array_printk() lines "TAG-cond-1..3"
 *                      with a refused and an accepted tracing_snapshot_cond()
 *                      between them; the condition stays set until rmmod.
 *   action=maxswap     (our kernel) trace_max_swap() of instance "instance":
 *                      whole (cpu=-1) or the loading CPU's part (cpu=N, the
 *                      CPU the module is loaded on), interrupts off; the
 *                      log line gives its return value: "maxswap ret=R".
 *
 * Each load ends with a "ftt_snapshot: ACTION ok" line in the kernel log,
 * or "ftt_snapshot: ACTION FAIL: what".
 */
#include <linux/errno.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/trace.h>

/*
 * The conditional API is exported but declared only in kernel/trace/trace.h
 * (upstream's and ours alike): its prototypes, as both declare them.
 */
typedef bool (*ftt_cond_fn)(struct trace_array *tr, void *cond_data);
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data);
void *tracing_cond_snapshot_data(struct trace_array *tr);
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 ftt_cond_fn update);
int tracing_snapshot_cond_disable(struct trace_array *tr);
int tracing_alloc_snapshot(void);

static char *action = "snap";
module_param(action, charp, 0444);
MODULE_PARM_DESC(action, "alloc, snap, alloc_snap or cond");

static char *instance = "ftt_snap_api";
module_param(instance, charp, 0444);
MODULE_PARM_DESC(instance, "the instance of action=cond");

static char *tag = "api";
module_param(tag, charp, 0444);
MODULE_PARM_DESC(tag, "prefix of the lines action=cond writes");


static bool irqs_off;
module_param(irqs_off, bool, 0444);
MODULE_PARM_DESC(irqs_off, "take the snapshot with interrupts off");

static struct trace_array *cond_tr;
/* What the condition was set up with, and how it was asked. */
static int cond_cookie = 42;
static int cond_calls;
static bool cond_bad_data;

static bool ftt_update(struct trace_array *tr, void *cond_data)
{
	cond_calls++;
	if (tr != cond_tr || !cond_data)
		cond_bad_data = true;
	/* Take the snapshot when asked with a nonzero int. */
	return cond_data && *(int *)cond_data;
}

static const char *run_cond(void)
{
	static int no, yes = 1;
	int ret;

	cond_tr = trace_array_get_by_name(instance, NULL);
	if (!cond_tr)
		return "no instance";
	if (trace_array_init_printk(cond_tr))
		return "trace_array_init_printk";
	ret = tracing_snapshot_cond_enable(cond_tr, &cond_cookie, ftt_update);
	if (ret)
		return "enable failed";
	if (tracing_snapshot_cond_enable(cond_tr, &cond_cookie, ftt_update) != -EBUSY)
		return "a second enable was not refused with -EBUSY";
	if (tracing_cond_snapshot_data(cond_tr) != &cond_cookie)
		return "tracing_cond_snapshot_data() is not the cond_data";
	trace_array_printk(cond_tr, _THIS_IP_, "%s-cond-1\n", tag);
	tracing_snapshot_cond(cond_tr, &no);
	trace_array_printk(cond_tr, _THIS_IP_, "%s-cond-2\n", tag);
	tracing_snapshot_cond(cond_tr, &yes);
	trace_array_printk(cond_tr, _THIS_IP_, "%s-cond-3\n", tag);
	if (cond_calls != 2)
		return "update() was not asked once per tracing_snapshot_cond()";
	if (cond_bad_data)
		return "update() got the wrong array or data";
	return NULL;
}

#ifdef FTT_HAVE_MAX_SWAP
int trace_max_swap(struct trace_array *tr, int cpu, void *cond_data);

static int cpu = -1;
module_param(cpu, int, 0444);
MODULE_PARM_DESC(cpu, "action=maxswap: -1 whole, else the loading CPU");

static void run_maxswap(void)
{
	struct trace_array *tr = trace_array_get_by_name(instance, NULL);
	unsigned long flags;
	int ret, here;

	if (!tr) {
		pr_info("ftt_snapshot: maxswap FAIL: no instance\n");
		return;
	}
	local_irq_save(flags);
	here = smp_processor_id();
	if (cpu >= 0 && cpu != here)
		ret = -EXDEV;	/* loaded on another CPU than asked */
	else
		ret = trace_max_swap(tr, cpu < 0 ? -1 : here, NULL);
	local_irq_restore(flags);
	trace_array_put(tr);
	pr_info("ftt_snapshot: maxswap ret=%d\n", ret);
}
#endif

static int __init ftt_snapshot_init(void)
{
	const char *err = NULL;
	unsigned long flags;

	if (!strcmp(action, "alloc")) {
		if (tracing_alloc_snapshot())
			err = "tracing_alloc_snapshot failed";
	} else if (!strcmp(action, "snap")) {
		local_irq_save(flags);
		if (!irqs_off)
			local_irq_restore(flags);
		tracing_snapshot();
		if (irqs_off)
			local_irq_restore(flags);
	} else if (!strcmp(action, "alloc_snap")) {
		tracing_snapshot_alloc();
	} else if (!strcmp(action, "cond")) {
		err = run_cond();
#ifdef FTT_HAVE_MAX_SWAP
	} else if (!strcmp(action, "maxswap")) {
		run_maxswap();
		return 0;
#endif
	} else {
		return -EINVAL;
	}
	if (err)
		pr_info("ftt_snapshot: %s FAIL: %s\n", action, err);
	else
		pr_info("ftt_snapshot: %s ok\n", action);
	return 0;
}

static void __exit ftt_snapshot_exit(void)
{
	if (!cond_tr)
		return;
	if (tracing_snapshot_cond_disable(cond_tr))
		pr_info("ftt_snapshot: cond_disable FAIL\n");
	else if (tracing_snapshot_cond_disable(cond_tr) != -EINVAL)
		pr_info("ftt_snapshot: a second cond_disable FAIL\n");
	else
		pr_info("ftt_snapshot: cond_disable ok\n");
	trace_array_put(cond_tr);
}

module_init(ftt_snapshot_init);
module_exit(ftt_snapshot_exit);
MODULE_DESCRIPTION("Calls the kernel's snapshot API for the ftrace selftests");
MODULE_LICENSE("GPL");
