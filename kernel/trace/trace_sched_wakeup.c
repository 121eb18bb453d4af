// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup, wakeup_rt and wakeup_dl tracers: the longest time the most
 * urgent task woken waited before it ran, and what happened meanwhile.
 *
 *   # echo 0 > tracing_max_latency
 *   # echo wakeup_rt > current_tracer
 *   # chrt -f 5 sleep 1
 *   # cat trace        (the worst wait so far, in the latency format)
 *
 * Words used here:
 *   wakee     the task being timed: woken, not yet switched in
 *   urgent    more urgent than the wakee (if any) and than the task that
 *             wakes it: a lower prio number, or a deadline task
 *   watch     what is known of the wakee (struct wake_watch, wk_lock)
 *   save      keep a wait in the max buffer (trace_latency.c)
 *
 * The watch is a small state machine (enum watch_state): WATCH_IDLE ->
 * WATCH_WAKEE when an urgent task is woken (a more urgent one replaces
 * it, WATCH_WAKEE -> WATCH_WAKEE), WATCH_WAKEE -> WATCH_IDLE when it is
 * switched in (then the wait is timed and perhaps saved), or when the
 * tracer starts over.  A deadline task, once watched, is not replaced.
 *
 * The wait spans two CPUs (the waker's, the one the wakee runs on), so a
 * save swaps the whole buffers, not one CPU's part.  The header's CPU#
 * is where the wakee was woken.
 *
 * The wakee's task_struct is compared, never dereferenced after its
 * wakeup, so no reference is held (dropping the last one is not possible
 * under the scheduler's locks, where the probes run); its pid is compared
 * too, against a task_struct freed and reused meanwhile.
 *
 * With the function-trace option, the functions the wakee's CPU calls
 * while it waits are recorded too.
 *
 * One wakeup tracer runs at a time, in one array (wk_tr), as upstream;
 * it may run beside the irqsoff family in another array.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/spinlock.h>
#include <linux/trace_recursion.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_graph.h"

enum wake_mode {
	WAKE_ANY,	/* wakeup: any task */
	WAKE_RT,	/* wakeup_rt: real-time and deadline tasks */
	WAKE_DL,	/* wakeup_dl: deadline tasks */
};

enum watch_state {
	WATCH_IDLE,	/* no wakee */
	WATCH_WAKEE,	/* task was woken at start, not yet switched in */
};

struct wake_watch {
	enum watch_state	state;
	struct task_struct	*task;	/* compared only */
	pid_t			pid;
	int			prio;	/* WAKE_PRIO_NONE while idle */
	bool			dl;	/* a deadline task: not replaced */
	int			wake_cpu;	/* where it was woken */
	int			run_cpu;	/* where it is queued now */
	u64			start;	/* the buffer's clock at the wakeup */
};

#define WAKE_PRIO_NONE	INT_MAX

/* Written under wk_lock; the probes' first looks read it without. */
static struct wake_watch watch = {
	.state = WATCH_IDLE, .prio = WAKE_PRIO_NONE, .wake_cpu = -1,
	.run_cpu = -1,
};
static DEFINE_RAW_SPINLOCK(wk_lock);

/* The running tracer: its array and mode.  Set under tracing_lock. */
static struct trace_array *wk_tr;
static enum wake_mode wk_mode;
/* Off while the array's tracing_on is 0, and around switching. */
static bool wk_on;
/* A probe of this CPU runs (the records' own wakeups are not timed). */
static DEFINE_PER_CPU(int, wk_busy);

#define WAKE_FORCED	(TRACE_ITER(LATENCY_FMT) | TRACE_ITER(OVERWRITE))
static u64 wk_saved_flags;

/* WATCH_WAKEE -> WATCH_IDLE.  Context: wk_lock held. */
static void watch_forget(void)
{
	WRITE_ONCE(watch.state, WATCH_IDLE);
	WRITE_ONCE(watch.task, NULL);
	watch.pid = 0;
	WRITE_ONCE(watch.prio, WAKE_PRIO_NONE);
	WRITE_ONCE(watch.dl, false);
	watch.wake_cpu = -1;
	WRITE_ONCE(watch.run_cpu, -1);
}

/* Is @p, woken by current, to be timed instead of what is watched? */
static bool wake_urgent(struct task_struct *p)
{
	if (READ_ONCE(watch.dl))
		return false;
	if (dl_task(p))
		return true;
	if (wk_mode == WAKE_DL || (wk_mode == WAKE_RT && !rt_task(p)))
		return false;
	return p->prio < READ_ONCE(watch.prio) && p->prio < current->prio;
}

/* A TRACE_WAKE or TRACE_CTX record: @prev wakes or gives way to @next. */
static void wake_write_ctx(struct trace_array *tr, int type,
			   struct task_struct *prev, struct task_struct *next,
			   unsigned int trace_ctx)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct ctx_switch_entry *entry;

	event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->prev_pid = prev->pid;
	entry->prev_prio = prev->prio;
	entry->prev_state = task_state_index(prev);
	entry->next_pid = next->pid;
	entry->next_prio = next->prio;
	entry->next_state = task_state_index(next);
	entry->next_cpu = task_cpu(next);
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/*
 * The probes of this CPU may act: on, and not inside one of them.  Pair
 * with wake_exit() whatever it says.  Context: interrupts off.
 */
static __always_inline bool wake_enter(void)
{
	return this_cpu_inc_return(wk_busy) == 1 && READ_ONCE(wk_on);
}

static __always_inline void wake_exit(void)
{
	this_cpu_dec(wk_busy);
}

/* sched_wakeup, sched_wakeup_new: current wakes @p. */
static void wake_probe_wakeup(void *data, struct task_struct *p)
{
	struct trace_array *tr = READ_ONCE(wk_tr);
	unsigned int trace_ctx;
	unsigned long flags;

	if (!tr || !READ_ONCE(wk_on))
		return;
	tracing_record_cmdline(p);
	tracing_record_cmdline(current);
	if (!wake_urgent(p))
		return;

	local_irq_save(flags);
	if (!wake_enter())
		goto out;
	raw_spin_lock(&wk_lock);
	if (!READ_ONCE(wk_on) || !wake_urgent(p))
		goto unlock;
	/* 0->1, or 1->1: a more urgent task takes the watch over */
	watch.task = p;
	watch.pid = p->pid;
	WRITE_ONCE(watch.prio, p->prio);
	WRITE_ONCE(watch.dl, dl_task(p));
	watch.wake_cpu = task_cpu(p);
	WRITE_ONCE(watch.run_cpu, task_cpu(p));
	watch.start = ring_buffer_time_stamp(tr->buffer);
	WRITE_ONCE(watch.state, WATCH_WAKEE);

	trace_ctx = tracing_gen_ctx_flags(flags);
	wake_write_ctx(tr, TRACE_WAKE, current, p, trace_ctx);
	trace_record_kernel_stack(tr, tr->buffer, trace_ctx, _RET_IP_, 0);
	trace_latency_fn(tr, CALLER_ADDR0, CALLER_ADDR1, trace_ctx);
unlock:
	raw_spin_unlock(&wk_lock);
out:
	wake_exit();
	local_irq_restore(flags);
}

/* sched_switch: @next runs now; if it is the wakee, its wait is over. */
static void wake_probe_switch(void *data, bool preempt,
			      struct task_struct *prev,
			      struct task_struct *next,
			      unsigned int prev_state)
{
	struct trace_array *tr = READ_ONCE(wk_tr);
	unsigned int trace_ctx;
	unsigned long flags;
	u64 now;

	tracing_record_cmdline(prev);
	if (!tr || !READ_ONCE(wk_on) || READ_ONCE(watch.task) != next)
		return;

	local_irq_save(flags);
	if (!wake_enter())
		goto out;
	raw_spin_lock(&wk_lock);
	if (!READ_ONCE(wk_on) || watch.state != WATCH_WAKEE ||
	    watch.task != next || watch.pid != next->pid)
		goto unlock;

	trace_ctx = tracing_gen_ctx_flags(flags);
	trace_latency_fn(tr, CALLER_ADDR0, CALLER_ADDR1, trace_ctx);
	wake_write_ctx(tr, TRACE_CTX, prev, next, trace_ctx);
	trace_record_kernel_stack(tr, tr->buffer, trace_ctx, _RET_IP_, 0);

	/* The clocks of two CPUs may disagree a little: never below 0. */
	now = ring_buffer_time_stamp(tr->buffer);
	if (now > watch.start && trace_latency_over(tr, now - watch.start)) {
		struct trace_latency_section sec = {
			.task = next, .cpu = watch.wake_cpu,
			.start = watch.start, .delta = now - watch.start,
		};

		trace_latency_save(tr, RING_BUFFER_ALL_CPUS, &sec);
	}
	/* 1->0 */
	watch_forget();
unlock:
	raw_spin_unlock(&wk_lock);
out:
	wake_exit();
	local_irq_restore(flags);
}

/*
 * sched_migrate_task: the wakee is queued on another CPU now.  Under the
 * lock, so that a new wakee's CPU is not overwritten with the old one's.
 */
static void wake_probe_migrate(void *data, struct task_struct *p, int cpu)
{
	unsigned long flags;

	if (READ_ONCE(watch.task) != p)
		return;
	raw_spin_lock_irqsave(&wk_lock, flags);
	if (watch.task == p && watch.pid == p->pid)
		WRITE_ONCE(watch.run_cpu, cpu);
	raw_spin_unlock_irqrestore(&wk_lock, flags);
}

NOKPROBE_SYMBOL(wake_probe_wakeup);
NOKPROBE_SYMBOL(wake_probe_switch);

/* Does this CPU run what the wakee waits behind? */
static __always_inline bool wake_cpu_watched(void)
{
	return READ_ONCE(watch.state) == WATCH_WAKEE &&
	       READ_ONCE(watch.run_cpu) == smp_processor_id();
}

#ifdef CONFIG_FUNCTION_TRACER
/* function-trace: what the wakee's CPU calls while the wakee waits. */
static void wake_function_call(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_array *tr = op->private;
	unsigned int trace_ctx;
	unsigned long flags;
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	if (wake_cpu_watched()) {
		/* The caller's context, before the guard turns irqs off. */
		trace_ctx = tracing_gen_ctx_dec();
		local_irq_save(flags);
		if (wake_enter())
			trace_latency_fn(tr, ip, parent_ip, trace_ctx);
		wake_exit();
		local_irq_restore(flags);
	}
	ftrace_test_recursion_unlock(bit);
}
#else
#define wake_function_call NULL
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* function-trace with display-graph: entries and returns instead. */
static int wake_graph_entry(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops)
{
	unsigned int trace_ctx = tracing_gen_ctx();
	unsigned long flags;
	int ret = 0;

	if (!wake_cpu_watched())
		return 0;
	local_irq_save(flags);
	if (wake_enter())
		ret = __trace_graph_entry(gops->private, trace, trace_ctx);
	wake_exit();
	local_irq_restore(flags);
	return ret;
}

static void wake_graph_return(struct ftrace_graph_ret *trace,
			      struct fgraph_ops *gops)
{
	unsigned int trace_ctx = tracing_gen_ctx_dec();
	unsigned long flags;

	if (!wake_cpu_watched())
		return;
	local_irq_save(flags);
	if (wake_enter())
		__trace_graph_return(gops->private, trace, trace_ctx);
	wake_exit();
	local_irq_restore(flags);
}
#endif

static void wake_start_over(struct trace_array *tr);

/* display-graph changed: forget the wakee, empty the buffer. */
static void wake_restart(struct trace_array *tr)
{
	WRITE_ONCE(wk_on, false);
	/* The probes run with preemption off: wait for those under way. */
	synchronize_rcu();
	wake_start_over(tr);
	WRITE_ONCE(wk_on, tracer_tracing_is_on(tr));
}

static struct trace_latency_hooks wake_hooks = {
	.func		= wake_function_call,
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	.graph_entry	= wake_graph_entry,
	.graph_return	= wake_graph_return,
#endif
	.restart	= wake_restart,
};

static void wake_functions_set(struct trace_array *tr, bool on)
{
	trace_latency_functions(tr, &wake_hooks, on);
}

static void wake_unregister_probes(void)
{
	unregister_trace_sched_migrate_task(wake_probe_migrate, NULL);
	unregister_trace_sched_switch(wake_probe_switch, NULL);
	unregister_trace_sched_wakeup_new(wake_probe_wakeup, NULL);
	unregister_trace_sched_wakeup(wake_probe_wakeup, NULL);
	tracepoint_synchronize_unregister();
}

/* All four or none. */
static int wake_register_probes(void)
{
	int ret;

	ret = register_trace_sched_wakeup(wake_probe_wakeup, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_wakeup_new(wake_probe_wakeup, NULL);
	if (ret)
		goto no_new;
	ret = register_trace_sched_switch(wake_probe_switch, NULL);
	if (ret)
		goto no_switch;
	ret = register_trace_sched_migrate_task(wake_probe_migrate, NULL);
	if (!ret)
		return 0;
	unregister_trace_sched_switch(wake_probe_switch, NULL);
no_switch:
	unregister_trace_sched_wakeup_new(wake_probe_wakeup, NULL);
no_new:
	unregister_trace_sched_wakeup(wake_probe_wakeup, NULL);
	tracepoint_synchronize_unregister();
	return ret;
}

/*
 * Start over: no wakee, an empty live buffer.  Context: tracing_lock,
 * the probes off (wk_on false) or not yet registered.
 */
static void wake_start_over(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wk_lock, flags);
	watch_forget();
	raw_spin_unlock_irqrestore(&wk_lock, flags);
	trace_swap_hold(tr);
	ring_buffer_reset_online_cpus(tr->buffer);
	tr->time_start = ring_buffer_time_stamp(tr->buffer);
	trace_swap_release(tr);
}

/* Context: tracing_lock (init is called under it). */
static int wake_init(struct trace_array *tr, enum wake_mode mode)
{
	int ret;

	if (wk_tr)
		return -EBUSY;
	ret = trace_max_buffer_alloc(tr);
	if (ret)
		return ret;
	WRITE_ONCE(tr->max_latency, 0);
	memset(&tr->lat, 0, sizeof(tr->lat));
	tr->lat.time_start = ring_buffer_time_stamp(tr->buffer);
	wake_start_over(tr);
	wk_mode = mode;
	WRITE_ONCE(wk_tr, tr);
	ret = wake_register_probes();
	if (ret) {
		WRITE_ONCE(wk_tr, NULL);
		return ret;
	}
	trace_latency_options(tr, WAKE_FORCED, &wk_saved_flags, true);
#ifdef CONFIG_FUNCTION_TRACER
	if (tr->flags & TRACE_ITER(FUNCTION_TRACE))
		wake_functions_set(tr, true);
#endif
	WRITE_ONCE(wk_on, tracer_tracing_is_on(tr));
	return 0;
}

static void wake_reset(struct trace_array *tr)
{
	WRITE_ONCE(wk_on, false);
	wake_functions_set(tr, false);
	wake_unregister_probes();
	wake_start_over(tr);
	WRITE_ONCE(wk_tr, NULL);
	trace_latency_options(tr, WAKE_FORCED, &wk_saved_flags, false);
}

/* tracing_on 0->1: a wait begun while off would be timed wrong. */
static void wake_start(struct trace_array *tr)
{
	wake_start_over(tr);
	WRITE_ONCE(wk_on, true);
}

static void wake_stop(struct trace_array *tr)
{
	WRITE_ONCE(wk_on, false);
}

static int wake_flag_changed(struct trace_array *tr, u64 mask, int set)
{
	if (tr != READ_ONCE(wk_tr))
		return 0;
	return trace_latency_flag_changed(tr, mask, set, &wake_hooks);
}

static int wakeup_init(struct trace_array *tr)
{
	return wake_init(tr, WAKE_ANY);
}

static int wakeup_rt_init(struct trace_array *tr)
{
	return wake_init(tr, WAKE_RT);
}

static int wakeup_dl_init(struct trace_array *tr)
{
	return wake_init(tr, WAKE_DL);
}

#define WAKE_TRACER(tname, init_fn)				\
	{							\
		.name		= tname,			\
		.init		= init_fn,			\
		.reset		= wake_reset,			\
		.start		= wake_start,			\
		.stop		= wake_stop,			\
		.flag_changed	= wake_flag_changed,		\
		.print_line	= trace_latency_print_line,	\
		.print_header	= trace_latency_print_header,	\
		.open		= trace_latency_open,		\
		.close		= trace_latency_close,		\
		.print_max	= true,				\
		.use_max_tr	= true,				\
		.allow_instances = true,			\
	}

static struct tracer wake_tracers[] = {
	WAKE_TRACER("wakeup", wakeup_init),
	WAKE_TRACER("wakeup_rt", wakeup_rt_init),
	WAKE_TRACER("wakeup_dl", wakeup_dl_init),
};

static __init int init_wakeup_tracers(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(wake_tracers); i++)
		register_tracer(&wake_tracers[i]);
	return 0;
}
core_initcall(init_wakeup_tracers);
