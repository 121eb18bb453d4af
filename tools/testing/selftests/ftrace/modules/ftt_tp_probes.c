// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_tp_probes - check the tracepoint core from a module.
 *
 * On load it attaches probes of three priorities to the kernel's
 * sched_switch tracepoint and checks that they run, in priority order,
 * that double registration and unregistering an absent probe fail with
 * -EEXIST and -ENOENT, and that once unregistered and synchronized no
 * probe runs.  Any failed check makes the load fail (the reason is in the
 * kernel log).
 *
 * It then follows the tracepoints of the ftt_tp_provider module through
 * the tracepoint module notifier, attaching a counting probe to each while
 * that module is loaded.  /sys/kernel/debug/ftt_tp_probes reports:
 *	attached N	probes currently attached to the provider
 *	gone N		times the provider went away
 *	ping N, even N	hits of ftt_ping and ftt_even
 */
#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#define PROVIDER "ftt_tp_provider"

/* ---- the sched_switch checks ---------------------------------------- */

struct order_probe {
	int id;			/* position expected in a hit: 1, 2, 3 */
	int prio;
	atomic_long_t hits;
};

static struct order_probe order_probes[] = {
	{ .id = 3, .prio = 5 },
	{ .id = 1, .prio = 20 },
	{ .id = 2, .prio = 10 },
};

/* Position of the last probe that ran in the current hit, per CPU. */
static DEFINE_PER_CPU(int, last_pos);
static atomic_t order_errors = ATOMIC_INIT(0);

/* sched_switch's probe type: (data, preempt, prev, next, prev_state). */
static void order_probe_fn(void *data, bool preempt, struct task_struct *prev,
			   struct task_struct *next, unsigned int prev_state)
{
	struct order_probe *p = data;
	int *last = this_cpu_ptr(&last_pos);

	if (p->id == 1)
		*last = 0;
	if (*last != p->id - 1)
		atomic_inc(&order_errors);
	*last = p->id;
	atomic_long_inc(&p->hits);
}

/* Never registered: unregistering it while others are changes nothing. */
static void absent_probe_fn(void *data, bool preempt, struct task_struct *prev,
			    struct task_struct *next, unsigned int prev_state)
{
}

static void find_tp(struct tracepoint *tp, void *priv)
{
	struct tracepoint **found = priv;

	if (!strcmp(tp->name, "sched_switch"))
		*found = tp;
}

static void let_tasks_switch(void)
{
	int i;

	for (i = 0; i < 20; i++)
		msleep(5);
}

static bool failed;

/* Log one check; a failed one makes the module refuse to load. */
#define CHECK(cond, fmt, ...)						\
	do {								\
		bool __ok = (cond);					\
									\
		pr_info("ftt_tp_probes: %s: " fmt "\n", __ok ? "ok" : "FAIL", \
			##__VA_ARGS__);					\
		failed |= !__ok;					\
	} while (0)

static int check_sched_switch(void)
{
	struct tracepoint *tp = NULL;
	long before[ARRAY_SIZE(order_probes)];
	bool registered[ARRAY_SIZE(order_probes)] = { };
	int i, ret;

	for_each_kernel_tracepoint(find_tp, &tp);
	CHECK(tp, "sched_switch is a kernel tracepoint");
	if (!tp)
		return -EINVAL;
	CHECK(!static_key_enabled(&tp->key), "sched_switch starts without probes");
	/*
	 * Unregistering from a tracepoint without any probe gives -ENOENT on
	 * both kernels, but upstream's also warns (it is the caller's bug),
	 * so it is not tried here: the console must stay clean.
	 */

	for (i = 0; i < ARRAY_SIZE(order_probes); i++) {
		ret = tracepoint_probe_register_prio(tp, order_probe_fn, &order_probes[i],
						     order_probes[i].prio);
		registered[i] = !ret;
		CHECK(!ret, "register probe of priority %d (%d)", order_probes[i].prio, ret);
	}
	CHECK(static_key_enabled(&tp->key), "the static key is on with probes attached");

	ret = tracepoint_probe_register_prio_may_exist(tp, order_probe_fn, &order_probes[1],
						       order_probes[1].prio);
	CHECK(ret == -EEXIST, "registering a probe twice gives -EEXIST (%d)", ret);
	ret = tracepoint_probe_unregister(tp, absent_probe_fn, NULL);
	CHECK(!ret, "unregistering an absent probe among others gives 0 (%d)", ret);

	/*
	 * Hits that saw a partial set while the probes were being attached are
	 * out of order by nature: wait until none can be running, then count.
	 */
	tracepoint_synchronize_unregister();
	atomic_set(&order_errors, 0);
	for (i = 0; i < ARRAY_SIZE(order_probes); i++)
		atomic_long_set(&order_probes[i].hits, 0);
	let_tasks_switch();
	ret = atomic_read(&order_errors);
	for (i = 0; i < ARRAY_SIZE(order_probes); i++)
		CHECK(atomic_long_read(&order_probes[i].hits) > 0,
		      "probe of priority %d ran (%ld times)", order_probes[i].prio,
		      atomic_long_read(&order_probes[i].hits));
	CHECK(!ret, "probes ran in priority order (%d errors)", ret);

	for (i = 0; i < ARRAY_SIZE(order_probes); i++) {
		if (!registered[i])
			continue;
		ret = tracepoint_probe_unregister(tp, order_probe_fn, &order_probes[i]);
		CHECK(!ret, "unregister probe of priority %d (%d)", order_probes[i].prio, ret);
	}
	tracepoint_synchronize_unregister();
	CHECK(!static_key_enabled(&tp->key), "the static key is off without probes");
	for (i = 0; i < ARRAY_SIZE(order_probes); i++)
		before[i] = atomic_long_read(&order_probes[i].hits);
	let_tasks_switch();
	for (i = 0; i < ARRAY_SIZE(order_probes); i++)
		CHECK(atomic_long_read(&order_probes[i].hits) == before[i],
		      "no call after unregister and synchronize (priority %d)",
		      order_probes[i].prio);
	return failed ? -EINVAL : 0;
}

/* ---- the provider module's tracepoints -------------------------------- */

static DEFINE_MUTEX(provider_lock);
static atomic_long_t ping_hits, even_hits;
static int attached, gone;

static void ping_probe(void *data, int seq)
{
	atomic_long_inc(&ping_hits);
}

static void even_probe(void *data, int seq)
{
	atomic_long_inc(&even_hits);
}

static void *probe_for(struct tracepoint *tp)
{
	if (!strcmp(tp->name, "ftt_ping"))
		return ping_probe;
	if (!strcmp(tp->name, "ftt_even"))
		return even_probe;
	return NULL;
}

static void attach_one(struct tracepoint *tp)
{
	void *probe = probe_for(tp);

	if (probe && !tracepoint_probe_register(tp, probe, NULL))
		attached++;
}

static void detach_one(struct tracepoint *tp)
{
	void *probe = probe_for(tp);

	if (probe && !tracepoint_probe_unregister(tp, probe, NULL))
		attached--;
}

/* The walker over a module's tracepoints is not exported to modules. */
static void each_tp_of(struct module *mod, void (*fct)(struct tracepoint *tp))
{
	unsigned int i;

	for (i = 0; i < mod->num_tracepoints; i++)
		fct(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]));
}

static int provider_notify(struct notifier_block *nb, unsigned long state, void *data)
{
	struct tp_module *tpm = data;

	if (strcmp(tpm->mod->name, PROVIDER))
		return NOTIFY_OK;
	mutex_lock(&provider_lock);
	if (state == MODULE_STATE_COMING) {
		each_tp_of(tpm->mod, attach_one);
	} else if (state == MODULE_STATE_GOING) {
		each_tp_of(tpm->mod, detach_one);
		gone++;
	}
	mutex_unlock(&provider_lock);
	return NOTIFY_OK;
}

static struct notifier_block provider_nb = {
	.notifier_call = provider_notify,
};

static int status_show(struct seq_file *m, void *unused)
{
	mutex_lock(&provider_lock);
	seq_printf(m, "attached %d\ngone %d\nping %ld\neven %ld\n", attached, gone,
		   atomic_long_read(&ping_hits), atomic_long_read(&even_hits));
	mutex_unlock(&provider_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(status);

static struct dentry *status_file;

static int __init ftt_tp_probes_init(void)
{
	int ret = check_sched_switch();

	if (ret)
		return ret;
	ret = register_tracepoint_module_notifier(&provider_nb);
	if (ret)
		return ret;
	status_file = debugfs_create_file("ftt_tp_probes", 0444, NULL, NULL, &status_fops);
	return 0;
}

static void __exit ftt_tp_probes_exit(void)
{
	debugfs_remove(status_file);
	unregister_tracepoint_module_notifier(&provider_nb);
	tracepoint_synchronize_unregister();
}

module_init(ftt_tp_probes_init);
module_exit(ftt_tp_probes_exit);
MODULE_DESCRIPTION("Checks of the tracepoint core: priorities, errors, modules");
MODULE_LICENSE("GPL");
