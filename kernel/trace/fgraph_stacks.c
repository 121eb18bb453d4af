// SPDX-License-Identifier: GPL-2.0
/*
 * The graph core's shadow stacks: one page a task, given to every task
 * (idle tasks included) when the first graph user registers, to every
 * task forked after, and kept until the task is freed; and what CPU
 * hotplug does to an idle task's stack.  The layout of a stack and the
 * frames pushed on it are fgraph.c's.
 */

#include <linux/cpuhotplug.h>
#include <linux/ftrace.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "fgraph_frame.h"
#include "trace_graph.h"

/* Every task has a shadow stack; new ones get one (set once, for good). */
static bool fgraph_stacks_on;

static unsigned long *fgraph_stack_alloc(gfp_t gfp)
{
	/* Zeroed: the walks may read words no frame wrote yet. */
	return kzalloc(PAGE_SIZE, gfp);
}

/* Give @t the stack @stk, empty.  Context: @t does not hook yet. */
static void fgraph_stack_give(struct task_struct *t, unsigned long *stk)
{
	t->curr_ret_stack = FGRAPH_BASE;
	t->curr_ret_depth = 0;
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
	/* fgraph_hook() reads the fields above only after the pointer. */
	smp_store_release(&t->ret_stack, stk);
}

/**
 * ftrace_graph_init_task - a forked task's shadow stack
 * @t: the new task, a copy of its parent
 *
 * Context: copy_process(), before @t runs.
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	unsigned long *stk;

	t->ret_stack = NULL;
	t->curr_ret_stack = FGRAPH_BASE;
	t->curr_ret_depth = 0;
	atomic_set(&t->tracing_graph_pause, 0);
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
	if (!READ_ONCE(fgraph_stacks_on))
		return;
	/* Without one the task is simply not graph traced. */
	stk = fgraph_stack_alloc(GFP_KERNEL);
	if (stk)
		fgraph_stack_give(t, stk);
}

/**
 * ftrace_graph_exit_task - free a task's shadow stack
 * @t: the task, being freed (nothing reads its stack any more)
 */
void ftrace_graph_exit_task(struct task_struct *t)
{
	unsigned long *stk = t->ret_stack;

	t->ret_stack = NULL;
	kfree(stk);
}

/**
 * ftrace_graph_init_idle_task - an idle task at boot
 * @t: the idle task
 * @cpu: its CPU
 *
 * Idle tasks get their stacks with every other task's, at the first
 * registration, and keep them.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	t->curr_ret_stack = FGRAPH_BASE;
	t->curr_ret_depth = 0;
	atomic_set(&t->tracing_graph_pause, 0);
	atomic_set(&t->trace_overrun, 0);
	t->ftrace_timestamp = 0;
}

/**
 * fgraph_stacks_alloc_all - give every task a shadow stack
 *
 * From now on, new tasks get one too.  Context: the first registration
 * of a graph user (fgraph.c's mutex held).
 * Return: 0, or -ENOMEM (the tasks given one keep it).
 */
int fgraph_stacks_alloc_all(void)
{
	struct task_struct *g, *t;
	unsigned long **spare, *stk;
	int want, have, cpu;
	int ret = 0;

	/* New tasks get stacks from now on. */
	WRITE_ONCE(fgraph_stacks_on, true);
	for (;;) {
		want = 0;
		rcu_read_lock();
		for_each_process_thread(g, t)
			want += !t->ret_stack;
		rcu_read_unlock();
		if (!want)
			break;
		spare = kvcalloc(want, sizeof(*spare), GFP_KERNEL);
		if (!spare)
			return -ENOMEM;
		for (have = 0; have < want; have++) {
			spare[have] = fgraph_stack_alloc(GFP_KERNEL);
			if (!spare[have]) {
				ret = -ENOMEM;
				break;
			}
		}
		read_lock(&tasklist_lock);
		for_each_process_thread(g, t) {
			if (t->ret_stack || !have)
				continue;
			fgraph_stack_give(t, spare[--have]);
		}
		read_unlock(&tasklist_lock);
		while (have)
			kfree(spare[--have]);
		kvfree(spare);
		if (ret)
			return ret;
	}

	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		t = idle_task(cpu);
		if (!t || t->ret_stack)
			continue;
		stk = fgraph_stack_alloc(GFP_KERNEL);
		if (!stk) {
			ret = -ENOMEM;
			break;
		}
		fgraph_stack_give(t, stk);
	}
	cpus_read_unlock();
	return ret;
}

/*
 * CPU hotplug.  A CPU that goes down abandons its idle task's stack in the
 * middle of calls that will never return; when it comes up again, the
 * idle task starts afresh on that stack.  So the idle task is paused from
 * the moment its CPU starts going down (no new frame; returns still pop
 * theirs), and once the CPU is up again, if it died meanwhile, its stale
 * frames and user words are dropped and it is unpaused.  The reset runs
 * in the new CPU's hotplug thread, while the idle task (which pushed
 * nothing since) is switched out; the CPU's old life ended at its death,
 * so nothing can still be returning through those frames.  A CPU whose
 * going down was rolled back before it died keeps its frames.
 */
static DEFINE_PER_CPU(bool, fgraph_idle_stale);

static int fgraph_cpu_prepare(unsigned int cpu)
{
	struct task_struct *t = idle_task(cpu);
	unsigned long *stk;

	if (!t || t->ret_stack || !READ_ONCE(fgraph_stacks_on))
		return 0;
	stk = fgraph_stack_alloc(GFP_KERNEL);
	if (stk)
		fgraph_stack_give(t, stk);
	return 0;
}

static int fgraph_cpu_dead(unsigned int cpu)
{
	per_cpu(fgraph_idle_stale, cpu) = true;
	return 0;
}

static int fgraph_cpu_online(unsigned int cpu)
{
	struct task_struct *t = idle_task(cpu);

	if (!t)
		return 0;
	if (per_cpu(fgraph_idle_stale, cpu) && t->ret_stack) {
		t->curr_ret_depth = 0;
		WRITE_ONCE(t->curr_ret_stack, FGRAPH_BASE);
		memset(t->ret_stack, 0, FGRAPH_BASE * sizeof(long));
	}
	per_cpu(fgraph_idle_stale, cpu) = false;
	/* Paused by fgraph_cpu_offline(), unless it ran before our init. */
	if (atomic_read(&t->tracing_graph_pause) > 0)
		atomic_dec(&t->tracing_graph_pause);
	return 0;
}

static int fgraph_cpu_offline(unsigned int cpu)
{
	struct task_struct *t = idle_task(cpu);

	if (t)
		atomic_inc(&t->tracing_graph_pause);
	return 0;
}

static int __init fgraph_init(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "trace/fgraph:prepare",
					fgraph_cpu_prepare, fgraph_cpu_dead);
	if (ret < 0)
		return ret;
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "trace/fgraph:online",
					fgraph_cpu_online, fgraph_cpu_offline);
	return ret < 0 ? ret : 0;
}
core_initcall(fgraph_init);
