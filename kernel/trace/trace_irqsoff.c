// SPDX-License-Identifier: GPL-2.0
/*
 * The irqsoff, preemptoff and preemptirqsoff tracers: the longest time a
 * CPU ran with interrupts off, with preemption off, or with either, and
 * what it did meanwhile.
 *
 *   # echo 0 > tracing_max_latency
 *   # echo irqsoff > current_tracer
 *   # cat trace        (the worst section so far, in the latency format)
 *
 * Words used here:
 *   section   a stretch of one CPU with the watched kind(s) of masking
 *             on, from the first one going on to the last going off
 *   kinds     LAT_IRQS, LAT_PREEMPT: what the tracer watches
 *   save      keep a section in the max buffer (trace_latency.c)
 *   seq       counts the saves; a section that began before another CPU
 *             saved one (under a max_latency now out of date) is not kept
 *
 * The hooks are probes on the preemptirq tracepoints that
 * trace_preemptirq.c fires on each real change of the interrupt flag and
 * of preemption, and start/stop_critical_timings(), which the idle loop
 * calls around the idle instruction so that waiting for an interrupt is
 * not a section.  Tracepoint probes run with preemption disabled once
 * more: the count the hooks judge by is one less than they see.
 *
 * Per CPU a section is a small state machine (enum section_state):
 * SEC_NONE -> SEC_OPEN when the first watched kind goes on, SEC_OPEN ->
 * SEC_NONE when the last goes off (then it is timed and perhaps saved).
 * A hook that runs inside another hook of the same CPU (a probe's own
 * interrupt masking) is turned away by that CPU's busy count.
 *
 * One latency tracer runs at a time, in one array (lat_tr), as upstream.
 * With the function-trace option, every function called inside a section
 * is recorded too (the array's ftrace_ops, as the function tracer's).
 */
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/trace_recursion.h>
#include <trace/events/preemptirq.h>

#include "trace.h"
#include "trace_graph.h"

enum {
	LAT_IRQS	= BIT(0),
	LAT_PREEMPT	= BIT(1),
};

enum section_state {
	SEC_NONE,	/* no section on this CPU */
	SEC_OPEN,	/* one began at start / start_ip */
};

struct lat_cpu {
	enum section_state	state;
	int			busy;		/* a hook of this CPU runs */
	unsigned int		seq;		/* lat_seq when it began */
	u64			start;		/* the buffer's clock then */
	unsigned long		start_ip;
};

static DEFINE_PER_CPU(struct lat_cpu, lat_cpus);

/* The running tracer: its array and kinds.  Set under tracing_lock. */
static struct trace_array *lat_tr;
static unsigned int lat_kinds;
/* Off while the array's tracing_on is 0, and around switching. */
static bool lat_on;
/* Serialises saves; lat_seq counts them. */
static DEFINE_RAW_SPINLOCK(lat_lock);
static unsigned int lat_seq;
/* The options it forces on, and their values before. */
#define LAT_FORCED	(TRACE_ITER(LATENCY_FMT) | TRACE_ITER(OVERWRITE) | \
			 TRACE_ITER(PAUSE_ON_TRACE))
static u64 lat_saved_flags;

/* The hooks of this CPU may act: on, and not inside one of them. */
static __always_inline struct lat_cpu *lat_enter(void)
{
	struct lat_cpu *c;

	/* An NMI could spin on lat_lock held by a CPU waiting for its swap. */
	if (!READ_ONCE(lat_on) || !tracer_tracing_is_on(&global_trace) ||
	    in_nmi())
		return NULL;
	c = this_cpu_ptr(&lat_cpus);
	if (c->busy)
		return NULL;
	c->busy++;
	return c;
}

static __always_inline void lat_exit(struct lat_cpu *c)
{
	c->busy--;
}

/*
 * SEC_NONE -> SEC_OPEN.  @trace_ctx: the context of the code that masked
 * (a probe's callers count the tracepoint's own preempt_disable out).
 */
static void section_start(unsigned long ip, unsigned long parent_ip,
			  unsigned int trace_ctx)
{
	struct trace_array *tr = READ_ONCE(lat_tr);
	struct lat_cpu *c;

	if (!tr || this_cpu_read(lat_cpus.state) != SEC_NONE)
		return;
	c = lat_enter();
	if (!c)
		return;
	c->seq = READ_ONCE(lat_seq);
	c->start = ring_buffer_time_stamp(tr->buffer);
	c->start_ip = parent_ip ?: ip;
	trace_latency_fn(tr, ip, parent_ip, trace_ctx);
	c->state = SEC_OPEN;
	lat_exit(c);
}

/*
 * Time the section that ends at @end_ip, and save it if it is worth it.
 * The end's records (a function and its stack; the stack is slow) are
 * written before lat_lock, into this CPU's part of the buffer, which only
 * this CPU writes: the lock serialises the saves only, so two CPUs that
 * both end long sections do not wait on each other's stack walks.
 */
static void section_check(struct trace_array *tr, struct lat_cpu *c,
			  unsigned long ip, unsigned long end_ip,
			  unsigned int trace_ctx)
{
	u64 now = ring_buffer_time_stamp(tr->buffer);
	u64 delta = now - c->start;
	int cpu = smp_processor_id();
	unsigned long flags;

	if (!trace_latency_over(tr, delta) || !trace_latency_savable(tr))
		goto out;
	trace_latency_fn(tr, ip, end_ip, trace_ctx);
	trace_record_kernel_stack(tr, tr->buffer, trace_ctx, ip, 0);
	raw_spin_lock_irqsave(&lat_lock, flags);
	/* Not if another CPU saved one since this section began. */
	if (c->seq == lat_seq && trace_latency_over(tr, delta)) {
		struct trace_latency_section sec = {
			.task = current, .cpu = cpu, .start = c->start,
			.delta = delta, .start_ip = c->start_ip,
			.end_ip = end_ip,
		};

		if (trace_latency_save(tr, cpu, &sec))
			lat_seq++;
	}
	raw_spin_unlock_irqrestore(&lat_lock, flags);
out:
	c->seq = READ_ONCE(lat_seq);
	c->start = ring_buffer_time_stamp(tr->buffer);
	trace_latency_fn(tr, ip, end_ip, trace_ctx);
}

/* SEC_OPEN -> SEC_NONE.  @trace_ctx: as for section_start(). */
static void section_stop(unsigned long ip, unsigned long parent_ip,
			 unsigned int trace_ctx)
{
	struct trace_array *tr = READ_ONCE(lat_tr);
	struct lat_cpu *c;

	if (this_cpu_read(lat_cpus.state) != SEC_OPEN)
		return;
	/* Whatever follows, the section is over. */
	this_cpu_write(lat_cpus.state, SEC_NONE);
	if (!tr)
		return;
	c = lat_enter();
	if (!c)
		return;
	trace_latency_fn(tr, ip, parent_ip, trace_ctx);
	section_check(tr, c, ip, parent_ip ?: ip, trace_ctx);
	lat_exit(c);
}

/* The preemption count of the code the probe runs for. */
static __always_inline unsigned int lat_preempt_count(void)
{
	return preempt_count() - 1;
}

static __always_inline bool lat_watch(unsigned int kind)
{
	return READ_ONCE(lat_kinds) & kind;
}

static void lat_irqs_off(void *data, unsigned long ip, unsigned long parent_ip)
{
	/* Preemption already off began the section (preemptirqsoff). */
	if (lat_watch(LAT_PREEMPT) && lat_preempt_count())
		return;
	if (lat_watch(LAT_IRQS) && irqs_disabled())
		section_start(ip, parent_ip, tracing_gen_ctx_dec());
}

static void lat_irqs_on(void *data, unsigned long ip, unsigned long parent_ip)
{
	if (lat_watch(LAT_PREEMPT) && lat_preempt_count())
		return;
	if (lat_watch(LAT_IRQS) && irqs_disabled())
		section_stop(ip, parent_ip, tracing_gen_ctx_dec());
}

static void lat_preempt_off(void *data, unsigned long ip,
			    unsigned long parent_ip)
{
	if (lat_watch(LAT_IRQS) && irqs_disabled())
		return;
	if (lat_watch(LAT_PREEMPT) && lat_preempt_count())
		section_start(ip, parent_ip, tracing_gen_ctx_dec());
}

static void lat_preempt_on(void *data, unsigned long ip,
			   unsigned long parent_ip)
{
	if (lat_watch(LAT_IRQS) && irqs_disabled())
		return;
	if (lat_watch(LAT_PREEMPT) && lat_preempt_count())
		section_stop(ip, parent_ip, tracing_gen_ctx_dec());
}

/* The hooks run where a kprobe would recurse (interrupt-flag changes). */
NOKPROBE_SYMBOL(lat_irqs_off);
NOKPROBE_SYMBOL(lat_irqs_on);
NOKPROBE_SYMBOL(lat_preempt_off);
NOKPROBE_SYMBOL(lat_preempt_on);
NOKPROBE_SYMBOL(section_start);
NOKPROBE_SYMBOL(section_stop);
NOKPROBE_SYMBOL(section_check);

/* Either kind of masking on while the kinds are watched. */
static bool lat_masked(void)
{
	return (lat_watch(LAT_PREEMPT) && preempt_count()) ||
	       (lat_watch(LAT_IRQS) && irqs_disabled());
}

/**
 * start_critical_timings - the idle loop is back from waiting
 *
 * A section starts here again if the watched masking is still on.
 */
void start_critical_timings(void)
{
	if (lat_masked())
		section_start(CALLER_ADDR0, CALLER_ADDR1, tracing_gen_ctx());
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

/**
 * stop_critical_timings - the idle loop is about to wait
 *
 * Ends the section here, so that the wait for an interrupt is not timed.
 */
void stop_critical_timings(void)
{
	if (lat_masked())
		section_stop(CALLER_ADDR0, CALLER_ADDR1, tracing_gen_ctx());
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

#ifdef CONFIG_FUNCTION_TRACER
/* function-trace: the functions called inside this CPU's section. */
static void lat_function_call(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	struct lat_cpu *c;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (this_cpu_read(lat_cpus.state) == SEC_OPEN) {
		c = lat_enter();
		if (c) {
			trace_latency_fn(tr, ip, parent_ip, tracing_gen_ctx_dec());
			lat_exit(c);
		}
	}
	ftrace_test_recursion_unlock(bit);
}
#else
#define lat_function_call NULL
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* function-trace with display-graph: entries and returns instead. */
static int lat_graph_entry(struct ftrace_graph_ent *trace,
			   struct fgraph_ops *gops)
{
	struct lat_cpu *c;
	int ret = 0;

	if (this_cpu_read(lat_cpus.state) != SEC_OPEN)
		return 0;
	c = lat_enter();
	if (c) {
		ret = __trace_graph_entry(gops->private, trace,
					  tracing_gen_ctx());
		lat_exit(c);
	}
	return ret;
}

static void lat_graph_return(struct ftrace_graph_ret *trace,
			     struct fgraph_ops *gops)
{
	struct lat_cpu *c;

	if (this_cpu_read(lat_cpus.state) != SEC_OPEN)
		return;
	c = lat_enter();
	if (c) {
		__trace_graph_return(gops->private, trace,
				     tracing_gen_ctx_dec());
		lat_exit(c);
	}
}
#endif

/* display-graph changed: the sections in progress are forgotten. */
static void lat_restart(struct trace_array *tr)
{
	int cpu;

	for_each_possible_cpu(cpu)
		per_cpu(lat_cpus, cpu).state = SEC_NONE;
}

static struct trace_latency_hooks lat_hooks = {
	.func		= lat_function_call,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	.graph_entry	= lat_graph_entry,
	.graph_return	= lat_graph_return,
#endif
	.restart	= lat_restart,
};

static void lat_functions_set(struct trace_array *tr, bool on)
{
	trace_latency_functions(tr, &lat_hooks, on);
}

/* The preemptirq tracepoints there are: irq_* and preempt_* come apart. */
#ifdef CONFIG_TRACE_IRQFLAGS
static int lat_irq_probes(bool on)
{
	int ret;

	if (!on) {
		unregister_trace_irq_enable(lat_irqs_on, NULL);
		return unregister_trace_irq_disable(lat_irqs_off, NULL);
	}
	ret = register_trace_irq_disable(lat_irqs_off, NULL);
	if (ret)
		return ret;
	ret = register_trace_irq_enable(lat_irqs_on, NULL);
	if (ret)
		unregister_trace_irq_disable(lat_irqs_off, NULL);
	return ret;
}
#else
static int lat_irq_probes(bool on)
{
	return 0;
}
#endif

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
static int lat_preempt_probes(bool on)
{
	int ret;

	if (!on) {
		unregister_trace_preempt_enable(lat_preempt_on, NULL);
		return unregister_trace_preempt_disable(lat_preempt_off, NULL);
	}
	ret = register_trace_preempt_disable(lat_preempt_off, NULL);
	if (ret)
		return ret;
	ret = register_trace_preempt_enable(lat_preempt_on, NULL);
	if (ret)
		unregister_trace_preempt_disable(lat_preempt_off, NULL);
	return ret;
}
#else
static int lat_preempt_probes(bool on)
{
	return 0;
}
#endif

static void lat_unregister_probes(void)
{
	lat_irq_probes(false);
	lat_preempt_probes(false);
	tracepoint_synchronize_unregister();
}

/* All four or none. */
static int lat_register_probes(void)
{
	int ret = lat_irq_probes(true);

	if (ret)
		return ret;
	ret = lat_preempt_probes(true);
	if (ret) {
		lat_irq_probes(false);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

/* Context: tracing_lock (init is called under it). */
static int lat_init(struct trace_array *tr, unsigned int kinds)
{
	int cpu, ret;

	if (lat_tr)
		return -EBUSY;
	ret = trace_max_buffer_alloc(tr);
	if (ret)
		return ret;
	WRITE_ONCE(tr->max_latency, 0);
	memset(&tr->lat, 0, sizeof(tr->lat));
	/* What the max buffer holds from before is not this run's. */
	tr->lat.time_start = ring_buffer_time_stamp(tr->buffer);
	for_each_possible_cpu(cpu)
		per_cpu(lat_cpus, cpu).state = SEC_NONE;
	WRITE_ONCE(lat_kinds, kinds);
	WRITE_ONCE(lat_tr, tr);
	ret = lat_register_probes();
	if (ret) {
		WRITE_ONCE(lat_kinds, 0);
		WRITE_ONCE(lat_tr, NULL);
		return ret;
	}
	trace_latency_options(tr, LAT_FORCED, &lat_saved_flags, true);
#ifdef CONFIG_FUNCTION_TRACER
	if (tr->flags & TRACE_ITER(FUNCTION_TRACE))
		lat_functions_set(tr, true);
#endif
	WRITE_ONCE(lat_on, tracer_tracing_is_on(tr));
	return 0;
}

static void lat_reset(struct trace_array *tr)
{
	WRITE_ONCE(lat_on, false);
	lat_functions_set(tr, false);
	lat_unregister_probes();
	WRITE_ONCE(lat_kinds, 0);
	WRITE_ONCE(lat_tr, NULL);
	/* Put back the options as they were (lat_tr is NULL: allowed). */
	trace_latency_options(tr, LAT_FORCED, &lat_saved_flags, false);
}

static void lat_start(struct trace_array *tr)
{
	WRITE_ONCE(lat_on, true);
}

static void lat_stop(struct trace_array *tr)
{
	WRITE_ONCE(lat_on, false);
}

static int lat_flag_changed(struct trace_array *tr, u64 mask, int set)
{
	if (tr != READ_ONCE(lat_tr))
		return 0;
	return trace_latency_flag_changed(tr, mask, set, &lat_hooks);
}

static int irqsoff_init(struct trace_array *tr)
{
	return lat_init(tr, LAT_IRQS);
}

static int preemptoff_init(struct trace_array *tr)
{
	return lat_init(tr, LAT_PREEMPT);
}

static int preemptirqsoff_init(struct trace_array *tr)
{
	return lat_init(tr, LAT_IRQS | LAT_PREEMPT);
}

#define LAT_TRACER(tname, init_fn)				\
	{							\
		.name		= tname,			\
		.init		= init_fn,			\
		.reset		= lat_reset,			\
		.start		= lat_start,			\
		.stop		= lat_stop,			\
		.flag_changed	= lat_flag_changed,		\
		.print_line	= trace_latency_print_line,	\
		.print_header	= trace_latency_print_header,	\
		.open		= trace_latency_open,		\
		.close		= trace_latency_close,		\
		.print_max	= true,				\
		.use_max_tr	= true,				\
		.allow_instances = true,			\
	}

static struct tracer lat_tracers[] = {
#ifdef CONFIG_IRQSOFF_TRACER
	LAT_TRACER("irqsoff", irqsoff_init),
#endif
#ifdef CONFIG_PREEMPT_TRACER
	LAT_TRACER("preemptoff", preemptoff_init),
#endif
#if defined(CONFIG_IRQSOFF_TRACER) && defined(CONFIG_PREEMPT_TRACER)
	LAT_TRACER("preemptirqsoff", preemptirqsoff_init),
#endif
};

static __init int init_irqsoff_tracers(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(lat_tracers); i++)
		register_tracer(&lat_tracers[i]);
	return 0;
}
core_initcall(init_irqsoff_tracers);
