// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_irq_events - check the preemptirq irq_disable/irq_enable tracepoints.
 *
 * On load it attaches probes to both tracepoints, lets the system run for
 * a moment, toggles interrupts itself in a known pattern, detaches and
 * reports in the kernel log ("ftt_irq_events: ok: ..." or "FAIL: ...").
 * It checks that
 *   - both events fire, always with interrupts disabled (and, with lockdep,
 *     while lockdep too considers them disabled);
 *   - on each CPU the two alternate: never two disables or two enables in
 *     a row, so only real transitions are reported;
 *   - local_irq_disable(), a nested save/restore and local_irq_enable()
 *     give exactly one irq_disable and one irq_enable, reported at the
 *     caller.
 * Load fails with -ENODEV when the kernel has no such tracepoints (built
 * without CONFIG_TRACE_IRQFLAGS), and with -EINVAL when a check failed.
 */
#include <linux/atomic.h>
#include <linux/debug_locks.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

enum { IRQEV_NONE, IRQEV_DISABLE, IRQEV_ENABLE };

#define MAX_RECORDED 16

struct cpu_state {
	int last;				/* IRQEV_*: the previous event here */
	bool recording;				/* ftt_irq_toggle() is running here */
	int nr_recorded;
	int kind[MAX_RECORDED];
	unsigned long ip[MAX_RECORDED];
};

static DEFINE_PER_CPU(struct cpu_state, cpu_state);
static bool active;
static atomic_long_t nr_disable, nr_enable;
static atomic_t twice_in_a_row, irqs_were_on, lockdep_said_on;

static void note_event(int kind, unsigned long ip)
{
	struct cpu_state *s = this_cpu_ptr(&cpu_state);

	if (!READ_ONCE(active))
		return;
	atomic_long_inc(kind == IRQEV_DISABLE ? &nr_disable : &nr_enable);
	if (!irqs_disabled())
		atomic_inc(&irqs_were_on);
#ifdef CONFIG_PROVE_LOCKING
	if (READ_ONCE(debug_locks) && lockdep_hardirqs_enabled())
		atomic_inc(&lockdep_said_on);
#endif
	if (s->last == kind)
		atomic_inc(&twice_in_a_row);
	s->last = kind;
	if (s->recording && s->nr_recorded < MAX_RECORDED) {
		s->kind[s->nr_recorded] = kind;
		s->ip[s->nr_recorded] = ip;
		s->nr_recorded++;
	}
}

static void probe_disable(void *data, unsigned long ip, unsigned long parent_ip)
{
	note_event(IRQEV_DISABLE, ip);
}

static void probe_enable(void *data, unsigned long ip, unsigned long parent_ip)
{
	note_event(IRQEV_ENABLE, ip);
}

struct found {
	struct tracepoint *disable, *enable;
};

static void find_tps(struct tracepoint *tp, void *priv)
{
	struct found *f = priv;

	if (!strcmp(tp->name, "irq_disable"))
		f->disable = tp;
	else if (!strcmp(tp->name, "irq_enable"))
		f->enable = tp;
}

/* One real disable, a nested save/restore that changes nothing, one enable. */
static noinline void ftt_irq_toggle(void)
{
	unsigned long flags;

	local_irq_disable();
	local_irq_save(flags);
	local_irq_restore(flags);
	local_irq_enable();
}

static int check(bool ok, const char *what)
{
	pr_info("ftt_irq_events: %s: %s\n", ok ? "ok" : "FAIL", what);
	return ok ? 0 : 1;
}

/* The events ftt_irq_toggle() itself caused, among those recorded meanwhile. */
static int check_toggle(struct cpu_state *s)
{
	int i, disables = 0, enables = 0, order_ok = 1;
	char sym[KSYM_SYMBOL_LEN];

	for (i = 0; i < s->nr_recorded; i++) {
		sprint_symbol_no_offset(sym, s->ip[i]);
		if (strcmp(sym, "ftt_irq_toggle") && strncmp(sym, "ftt_irq_toggle ", 15))
			continue;
		if (s->kind[i] == IRQEV_DISABLE) {
			disables++;
			order_ok &= !enables;
		} else {
			enables++;
		}
	}
	pr_info("ftt_irq_events: toggle: %d disable, %d enable of %d recorded\n",
		disables, enables, s->nr_recorded);
	return check(disables == 1 && enables == 1 && order_ok,
		     "local_irq_disable/save/restore/enable gave one irq_disable then one irq_enable at the caller");
}

static int __init ftt_irq_events_init(void)
{
	struct found f = { };
	struct cpu_state *s;
	int cpu, ret, failed = 0;

	for_each_kernel_tracepoint(find_tps, &f);
	if (!f.disable || !f.enable) {
		pr_info("ftt_irq_events: no irq_disable/irq_enable tracepoints in this kernel\n");
		return -ENODEV;
	}
	ret = tracepoint_probe_register(f.disable, probe_disable, NULL);
	if (ret)
		return ret;
	ret = tracepoint_probe_register(f.enable, probe_enable, NULL);
	if (ret) {
		tracepoint_probe_unregister(f.disable, probe_disable, NULL);
		tracepoint_synchronize_unregister();
		return ret;
	}
	WRITE_ONCE(active, true);

	/* Whatever the system does meanwhile: timer ticks, RCU, this sleep. */
	msleep(200);

	/* Our own pattern, with this CPU's events recorded around it. */
	preempt_disable();
	s = this_cpu_ptr(&cpu_state);
	s->nr_recorded = 0;
	WRITE_ONCE(s->recording, true);
	ftt_irq_toggle();
	WRITE_ONCE(s->recording, false);
	preempt_enable();

	WRITE_ONCE(active, false);
	tracepoint_probe_unregister(f.enable, probe_enable, NULL);
	tracepoint_probe_unregister(f.disable, probe_disable, NULL);
	tracepoint_synchronize_unregister();

	pr_info("ftt_irq_events: %ld irq_disable, %ld irq_enable\n",
		atomic_long_read(&nr_disable), atomic_long_read(&nr_enable));
	failed += check(atomic_long_read(&nr_disable) > 0 &&
			atomic_long_read(&nr_enable) > 0, "both events fired");
	failed += check(!atomic_read(&irqs_were_on),
			"probes ran with interrupts disabled");
	failed += check(!atomic_read(&lockdep_said_on),
			"lockdep considered interrupts disabled in the probes");
	failed += check(!atomic_read(&twice_in_a_row),
			"irq_disable and irq_enable alternate on each CPU");
	failed += check_toggle(s);
	for_each_possible_cpu(cpu)
		per_cpu_ptr(&cpu_state, cpu)->last = IRQEV_NONE;
	return failed ? -EINVAL : 0;
}

static void __exit ftt_irq_events_exit(void)
{
}

module_init(ftt_irq_events_init);
module_exit(ftt_irq_events_exit);
MODULE_DESCRIPTION("Checks of the preemptirq irq_disable/irq_enable tracepoints");
MODULE_LICENSE("GPL");
