// SPDX-License-Identifier: GPL-2.0
/*
 * The graph core: hooking the return of traced functions.
 *
 * A graph user (struct fgraph_ops) is an ftrace_ops of the function
 * tracer's core whose callback is fgraph_ops_func().  At a traced
 * function's entry it runs the user's entry handler; if the handler wants
 * the return, the function's return address (in the slot at the entry's
 * %rsp) is kept on the task's shadow stack and replaced by
 * return_to_handler's (arch/x86/kernel/ftrace_64.S).  The function's RET
 * then lands there, fgraph_return_hook() runs the return handlers, pops
 * the frame and gives back the real address, and the task goes on.
 *
 * Glossary:
 *   slot     where a hooked function's return address sits on the kernel
 *            stack: its %rsp at the entry
 *   frame    what the shadow stack keeps of one hooked call
 *   frame word  a frame's last word: which users want the return, the
 *            frame's size, the epoch it was pushed in
 *   epoch    bumped by each registration: a user accepts only returns of
 *            frames pushed since it registered, so a reused slot number
 *            never gets an old user's returns
 *
 * A task's shadow stack (task->ret_stack, one page, allocated for every
 * task when the first user registers and kept until the task is freed):
 *
 *	word 0 .. FGRAPH_ARRAY_SIZE-1	one word per user (fgraph_get_task_var())
 *	word FGRAPH_BASE ..		frames, growing up
 *
 * task->curr_ret_stack is the first free word and task->curr_ret_depth
 * the number of frames.  A frame is
 *
 *	struct ftrace_ret_stack		ret, func, calltime, subtime, retp
 *	data records			fgraph_reserve_data(): words, then a
 *					tag word (user, number of words)
 *	frame word
 *
 * so a walk goes from the top down, frame word to frame word.
 *
 * Several users may hook the same call: the dispatcher calls their ops
 * one after the other, and a user that finds the call already hooked (the
 * slot holds return_to_handler, the top frame is for this slot and this
 * function) adds itself to that frame rather than pushing another.  A
 * function that tail-calls another traced function gives it its own slot,
 * already hooked: the callee's frame then keeps return_to_handler as its
 * "real" address and the same slot, so its return goes through the
 * trampoline twice, popping both frames.  (A function that tail-calls
 * itself through its entry would look like one call with two users; the
 * compiler turns such calls into loops after the entry.)
 *
 * Only the task itself pushes and pops (with preemption off at the
 * entry, interrupts nesting above); other readers (unwinders of another
 * task, the scheduler's sleep-time walk of a task not running) check
 * every word they follow and stop at anything that does not look right.
 * The stack pointer moves first when growing and last when shrinking, so
 * an interrupt never writes over a frame being built.
 *
 * Locking: fgraph_mutex serialises registration; ftrace_lock is taken
 * inside it, by the ftrace_ops API.  The return handlers run with
 * preemption off, so unregistering waits for them with synchronize_rcu().
 */

#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/trace_clock.h>
#include <trace/events/sched.h>

#include "fgraph_frame.h"
#include "trace_graph.h"

static_assert(FGRAPH_STACK_WORDS <= FW_SIZE_MASK + 1);
static_assert(FGRAPH_ARRAY_SIZE <= 16);

static DEFINE_MUTEX(fgraph_mutex);
/* The registered users by slot; read under preemption disabled. */
static struct fgraph_ops __rcu *fgraph_users[FGRAPH_ARRAY_SIZE];
static unsigned int fgraph_nr_users;
/* The slot to try first: slots are reused as late as possible. */
static unsigned int fgraph_next_idx;
static u32 fgraph_epoch;
static bool fgraph_dead;
/* sleep-time: a task's time switched out counts in its calls' times. */
static bool fgraph_sleep_time = true;

/*
 * The call whose handler runs on this CPU, one per context level (task,
 * softirq, hardirq, NMI), for fgraph_reserve_data() and
 * fgraph_retrieve_data().  While it is set, no call of that level is
 * hooked: a function a handler calls (the ring buffer's, RCU's checks,
 * the clock) is not traced, or the handler would run inside itself.
 * Interrupts nest at the next level and are traced.
 */
struct fgraph_call {
	int	base;		/* the frame's first word */
	int	top;		/* the word after its frame word */
	int	idx;		/* the user whose handler runs */
	bool	reserved;	/* it reserved data already */
};

struct fgraph_cur {
	struct fgraph_call	*call[4];
};

static DEFINE_PER_CPU(struct fgraph_cur, fgraph_cur_call);

static __always_inline struct fgraph_call **fgraph_cur_slot(void)
{
	return this_cpu_ptr(&fgraph_cur_call.call[interrupt_context_level()]);
}

/* Was the frame word @fw pushed while @gops was registered? */
static inline bool fw_is_users(unsigned long fw, struct fgraph_ops *gops)
{
	return (s32)(fw_epoch(fw) - gops->epoch) >= 0;
}

/* ------------------------------------------------------------------ */
/* The entry                                                           */

/*
 * Run @gops's entry handler for the frame at @base.  Return: its answer;
 * the data it reserved is dropped when it says no.
 */
static int fgraph_call_entry(struct fgraph_ops *gops, struct task_struct *t,
			     struct fgraph_call **cur, int base,
			     unsigned long ip, int depth)
{
	struct ftrace_graph_ent ent = { .func = ip, .depth = depth };
	unsigned long *stk = t->ret_stack;
	int top = t->curr_ret_stack;
	struct fgraph_call call = { .base = base, .top = top, .idx = gops->idx };
	unsigned long fw = stk[top - 1];
	int want;

	*cur = &call;
	want = gops->entryfunc(&ent, gops);
	*cur = NULL;
	if (!want && call.reserved) {
		/* Put the frame word back where it was, then shrink. */
		stk[top - 1] = fw;
		barrier();
		WRITE_ONCE(t->curr_ret_stack, top);
		stk[call.top - 1] = 0;
	}
	return want;
}

/*
 * The call of @ip at @slot is hooked already (its slot holds
 * return_to_handler): join the top frame if it is that call's and
 * @gops's handler wants the return.  A frame that has @gops already is
 * a call of the same function tail-called through its entry, which
 * gets a frame of its own.  Return: whether the call was dealt with.
 */
static __always_inline bool fgraph_join(struct fgraph_ops *gops,
					struct task_struct *t,
					struct fgraph_call **cur,
					unsigned long *stk, int top,
					unsigned long ip, unsigned long *slot)
{
	int base = frame_base(stk, top);
	struct ftrace_ret_stack *fr = base >= 0 ? frame_at(stk, base) : NULL;

	if (!fr || fr->retp != slot || fr->func != ip ||
	    (stk[top - 1] & BIT(gops->idx)) || !fw_is_users(stk[top - 1], gops))
		return false;
	if (fgraph_call_entry(gops, t, cur, base, ip, t->curr_ret_depth - 1))
		stk[t->curr_ret_stack - 1] |= BIT(gops->idx);
	return true;
}

/*
 * Hook the return of the call of @ip whose return address is at @slot,
 * for @gops, if its entry handler wants it.  Context: preemption off,
 * the recursion lock held.
 */
static void fgraph_hook(struct fgraph_ops *gops, unsigned long ip,
			unsigned long *slot)
{
	struct task_struct *t = current;
	struct fgraph_call **cur = fgraph_cur_slot();
	struct ftrace_ret_stack *fr;
	unsigned long ret = *slot;
	unsigned long *stk;
	int top;

	/* Called from a handler of this level, or for a user that went. */
	if (unlikely(*cur ||
		     rcu_dereference_raw(fgraph_users[gops->idx]) != gops))
		return;
	stk = smp_load_acquire(&t->ret_stack);
	if (unlikely(!stk || atomic_read(&t->tracing_graph_pause) ||
		     READ_ONCE(fgraph_dead)))
		return;
	top = t->curr_ret_stack;

	/* Another user hooked this very call already: join its frame. */
	if (ret == (unsigned long)return_to_handler &&
	    fgraph_join(gops, t, cur, stk, top, ip, slot))
		return;

	if (unlikely(top + FGRAPH_FRAME_WORDS > FGRAPH_STACK_WORDS)) {
		atomic_inc(&t->trace_overrun);
		return;
	}
	/* Claim the words first: an interrupt pushes above them. */
	WRITE_ONCE(t->curr_ret_stack, top + FGRAPH_FRAME_WORDS);
	barrier();
	fr = frame_at(stk, top);
	fr->ret = ret;
	fr->func = ip;
	fr->calltime = trace_clock_local();
	fr->subtime = 0;
	fr->retp = slot;
	stk[top + FGRAPH_HDR_WORDS] = fw_make(0, FGRAPH_FRAME_WORDS,
					      READ_ONCE(fgraph_epoch));
	barrier();
	t->curr_ret_depth++;

	if (fgraph_call_entry(gops, t, cur, top, ip, t->curr_ret_depth - 1)) {
		stk[t->curr_ret_stack - 1] |= BIT(gops->idx);
		*slot = (unsigned long)return_to_handler;
		return;
	}
	/* Nobody wants it. */
	t->curr_ret_depth--;
	stk[top + FGRAPH_HDR_WORDS] = 0;
	barrier();
	WRITE_ONCE(t->curr_ret_stack, top);
}

/* The callback of every graph user's ftrace_ops. */
static void fgraph_ops_func(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fgraph_ops *gops = READ_ONCE(op->fgraph);
	unsigned long *slot;
	int bit;

	slot = (unsigned long *)ftrace_regs_get_stack_pointer(fregs);
	/* Not on a kernel stack: resuming from a real-mode trampoline. */
	if (unlikely((long)slot >= 0 || !gops))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	fgraph_hook(gops, ip, slot);
	ftrace_test_recursion_unlock(bit);
}

/**
 * fgraph_reserve_data - keep data with the call being hooked
 * @idx: the user (its fgraph_ops's idx)
 * @size_bytes: how much, at most FTRACE_RETSTACK_ALLOC_SIZE words
 *
 * Context: the entry handler of user @idx, once per call.
 * Return: the room (word-aligned), or NULL.
 */
void *fgraph_reserve_data(int idx, int size_bytes)
{
	struct fgraph_call *call = *fgraph_cur_slot();
	struct task_struct *t = current;
	unsigned long *stk = t->ret_stack;
	int words = DIV_ROUND_UP(size_bytes, sizeof(long));
	int top;
	unsigned long fw;

	if (!call || call->idx != idx || call->reserved || words <= 0 ||
	    words > FTRACE_RETSTACK_ALLOC_SIZE)
		return NULL;
	top = call->top;
	if (top + words + 1 > FGRAPH_STACK_WORDS)
		return NULL;
	fw = stk[top - 1];
	if (fw_size(fw) + words + 1 > FW_SIZE_MASK)
		return NULL;
	WRITE_ONCE(t->curr_ret_stack, top + words + 1);
	barrier();
	stk[top + words] = fw_make(fw & FW_USERS, fw_size(fw) + words + 1,
				   fw_epoch(fw));
	barrier();
	/* The old frame word's place is the record's first word. */
	stk[top + words - 1] = tag_make(idx, words);
	call->top = top + words + 1;
	call->reserved = true;
	return &stk[top - 1];
}

/*
 * The data record of user @idx in the frame at @base whose frame word is
 * at @top - 1, or NULL.
 */
static void *frame_data(unsigned long *stk, int base, int top, int idx,
			int *size_bytes)
{
	int p = top - 2;

	while (p >= base + (int)FGRAPH_HDR_WORDS) {
		unsigned long tag = stk[p];
		int words = tag_words(tag);

		if (!tag_valid(tag) || p - words < base + (int)FGRAPH_HDR_WORDS)
			return NULL;
		if (tag_user(tag) == idx) {
			if (size_bytes)
				*size_bytes = words * sizeof(long);
			return &stk[p - words];
		}
		p -= words + 1;
	}
	return NULL;
}

/**
 * fgraph_retrieve_data - the data the entry handler kept with this call
 * @idx: the user
 * @size_bytes: set to its size in bytes (rounded up to words); may be NULL
 *
 * Context: the return handler of user @idx.
 * Return: the data, or NULL when none was kept.
 */
void *fgraph_retrieve_data(int idx, int *size_bytes)
{
	struct fgraph_call *call = *fgraph_cur_slot();
	unsigned long *stk = current->ret_stack;

	if (!call || call->idx != idx || !stk)
		return NULL;
	return frame_data(stk, call->base, call->top, idx, size_bytes);
}

/**
 * fgraph_get_task_var - the current task's word for a user
 * @gops: the user
 *
 * Context: the user's handlers (the task has a shadow stack).
 * Return: the word, zero when @gops registered.
 */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	return &current->ret_stack[gops->idx];
}

/* ------------------------------------------------------------------ */
/* The return                                                          */

/* The return handlers of the frame at @base..@top-1. */
static void fgraph_call_returns(struct task_struct *t, int base, int top,
				unsigned long retval)
{
	unsigned long *stk = t->ret_stack;
	struct ftrace_ret_stack *fr = frame_at(stk, base);
	unsigned long fw = stk[top - 1];
	unsigned long users = fw & FW_USERS;
	/* Reserving data is for entry handlers only. */
	struct fgraph_call call = { .base = base, .top = top, .reserved = true };
	struct ftrace_graph_ret trace = {
		.func		= fr->func,
		.depth		= t->curr_ret_depth - 1,
		.overrun	= atomic_read(&t->trace_overrun),
	};
	struct fgraph_call **cur, *outer;
	struct fgraph_ops *gops;
	int i;

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	trace.retval = retval;
#endif
	preempt_disable_notrace();
	trace.calltime = fr->calltime;
	trace.rettime = trace_clock_local();
	cur = fgraph_cur_slot();
	outer = *cur;
	*cur = &call;
	for_each_set_bit(i, &users, FGRAPH_ARRAY_SIZE) {
		/* Not rcu_dereference_sched(): its lockdep check is traced. */
		gops = rcu_dereference_raw(fgraph_users[i]);
		if (!gops || !fw_is_users(fw, gops))
			continue;
		call.idx = i;
		gops->retfunc(&trace, gops);
	}
	*cur = outer;
	preempt_enable_notrace();
}

/*
 * Drop the frames above @top, calls that will never return (the stack was
 * unwound past them), leaving @depth frames.  Their users' task words go
 * too: a state a dropped call set would never be cleared by its return.
 */
static void fgraph_drop_frames(struct task_struct *t, int top, int depth)
{
	unsigned long *stk = t->ret_stack;
	int pos = t->curr_ret_stack, base;
	unsigned long users = 0;
	int i;

	WRITE_ONCE(t->curr_ret_stack, top);
	barrier();
	t->curr_ret_depth = depth;
	while (pos > top && (base = frame_base(stk, pos)) >= top) {
		users |= stk[pos - 1] & FW_USERS;
		stk[pos - 1] = 0;
		pos = base;
	}
	for_each_set_bit(i, &users, FGRAPH_ARRAY_SIZE)
		WRITE_ONCE(stk[i], 0);
}

/**
 * fgraph_return_hook - where return_to_handler asks for the real address
 * @retval: the hooked function's return value
 * @sp: the stack pointer after its RET: its slot + 1
 *
 * Runs the return handlers of the call's frame and pops it.  Frames above
 * it whose calls will never return (the stack was unwound past them)
 * are dropped.  With no frame for the slot the task cannot go on: that
 * is a broken shadow stack, and the kernel panics.
 *
 * Return: the address the function really returns to.
 */
unsigned long fgraph_return_hook(unsigned long retval, unsigned long *sp)
{
	struct task_struct *t = current;
	unsigned long *stk = t->ret_stack;
	unsigned long *slot = sp - 1;
	int top = t->curr_ret_stack;
	int base = -1, depth = t->curr_ret_depth;
	unsigned long ret;

	for (base = stk ? frame_base(stk, top) : -1; base >= 0;
	     top = base, base = frame_base(stk, top), depth--) {
		if (frame_at(stk, base)->retp == slot)
			break;
	}
	if (unlikely(base < 0)) {
		ftrace_graph_stop();
		panic("function graph: no shadow-stack frame for the return at %px\n",
		      slot);
	}
	if (unlikely(depth != t->curr_ret_depth))
		fgraph_drop_frames(t, top, depth);

	fgraph_call_returns(t, base, top, retval);

	ret = frame_at(stk, base)->ret;
	stk[top - 1] = 0;
	barrier();
	t->curr_ret_depth = depth - 1;
	WRITE_ONCE(t->curr_ret_stack, base);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Reading a task's frames                                             */

/**
 * ftrace_graph_get_ret_stack - a hooked call of a task
 * @task: the task (current, or one that is not running)
 * @skip: which call, 0 for the innermost
 *
 * Return: the call's frame on the shadow stack, or NULL.
 */
struct ftrace_ret_stack *ftrace_graph_get_ret_stack(struct task_struct *task,
						    int skip)
{
	unsigned long *stk = READ_ONCE(task->ret_stack);
	int top, base;

	if (!stk)
		return NULL;
	top = READ_ONCE(task->curr_ret_stack);
	for (base = frame_base(stk, top); base >= 0;
	     top = base, base = frame_base(stk, top)) {
		if (!skip--)
			return frame_at(stk, base);
	}
	return NULL;
}

/**
 * ftrace_graph_ret_addr - the return address behind return_to_handler
 * @task: whose stack is walked
 * @idx: the walk's cursor, or NULL: 0 at the start of a walk, then where
 *	the last hooked call found sits on the shadow stack (a position,
 *	not a count, so frames pushed or popped above it in between do not
 *	matter)
 * @ret: the return address found on the stack
 * @retp: where it was found
 *
 * Context: any; the frames of another task are read without a lock and
 * every step is checked.
 * Return: @ret, or the real address when @ret is return_to_handler's and
 * a hooked call of @task has its return address at @retp.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	unsigned long *stk;
	int top, base;

	if (ret != (unsigned long)return_to_handler || !idx)
		return ret;
	stk = READ_ONCE(task->ret_stack);
	if (!stk)
		return ret;
	top = READ_ONCE(task->curr_ret_stack);
	if (*idx > 0 && *idx < top)
		top = *idx;
	for (base = frame_base(stk, top); base >= 0;
	     top = base, base = frame_base(stk, top)) {
		struct ftrace_ret_stack *fr = frame_at(stk, base);
		unsigned long real = READ_ONCE(fr->ret);

		/* A tail call's frame: the caller's below has the address. */
		if (READ_ONCE(fr->retp) == retp &&
		    real != (unsigned long)return_to_handler) {
			*idx = base;
			return real;
		}
	}
	return ret;
}

/* ------------------------------------------------------------------ */
/* sleep-time                                                          */

/*
 * With sleep-time off, the time a task spends switched out does not
 * count: when it comes back, every call it has open started that much
 * later.
 */
static void fgraph_sched_switch(void *ignore, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	unsigned long *stk;
	u64 now, away;
	int top, base;

	/* Always noted, so that switching sleep-time off finds it fresh. */
	now = trace_clock_local();
	prev->ftrace_timestamp = now;
	stk = READ_ONCE(next->ret_stack);
	if (READ_ONCE(fgraph_sleep_time) || !stk || !next->ftrace_timestamp)
		return;
	away = now - next->ftrace_timestamp;
	top = next->curr_ret_stack;
	for (base = frame_base(stk, top); base >= 0;
	     top = base, base = frame_base(stk, top))
		frame_at(stk, base)->calltime += away;
}

static bool fgraph_graph_time_on = true;

/**
 * fgraph_set_graph_time - the graph-time option
 * @on: whether a call's time includes its children's (function profiler)
 */
void fgraph_set_graph_time(bool on)
{
	WRITE_ONCE(fgraph_graph_time_on, on);
}

/**
 * fgraph_graph_time - does a call's time include its children's?
 *
 * Return: the graph-time option.
 */
bool fgraph_graph_time(void)
{
	return READ_ONCE(fgraph_graph_time_on);
}

/**
 * fgraph_set_sleep_time - the sleep-time option
 * @on: whether time switched out counts
 */
void fgraph_set_sleep_time(bool on)
{
	WRITE_ONCE(fgraph_sleep_time, on);
}

/* ------------------------------------------------------------------ */
/* Users                                                               */

static struct ftrace_ops *gops_fops(struct fgraph_ops *gops)
{
	return gops->fops ?: &gops->ops;
}

/* Zero every task's word of user @idx.  Context: fgraph_mutex held. */
static void fgraph_clear_task_vars(int idx)
{
	struct task_struct *g, *t;
	int cpu;

	lockdep_assert_held(&fgraph_mutex);
	read_lock(&tasklist_lock);
	for_each_process_thread(g, t)
		if (t->ret_stack)
			WRITE_ONCE(t->ret_stack[idx], 0);
	read_unlock(&tasklist_lock);
	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		t = idle_task(cpu);
		if (t && t->ret_stack)
			WRITE_ONCE(t->ret_stack[idx], 0);
	}
	cpus_read_unlock();
}

static bool fgraph_registered(struct fgraph_ops *gops)
{
	int i;

	for (i = 0; i < FGRAPH_ARRAY_SIZE; i++)
		if (rcu_access_pointer(fgraph_users[i]) == gops)
			return true;
	return false;
}

/**
 * register_ftrace_graph - start a graph user
 * @gops: the user: entryfunc and retfunc set, its ops's (or fops's)
 *	functions chosen
 *
 * The first user gives every task a shadow stack.
 *
 * Context: process, may sleep; takes fgraph_mutex and ftrace_lock.
 * Return: 0, -EBUSY (registered already), -ENOSPC (FGRAPH_ARRAY_SIZE
 * users already), -ENODEV (graph tracing is dead), -ENOMEM, or the
 * ftrace_ops registration's error.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	struct ftrace_ops *fops = gops_fops(gops);
	unsigned int i, idx;
	int ret;

	if (!gops->entryfunc || !gops->retfunc)
		return -EINVAL;
	mutex_lock(&fgraph_mutex);
	ret = -ENODEV;
	if (fgraph_dead)
		goto out;
	ret = -EBUSY;
	if (fgraph_registered(gops))
		goto out;
	ret = -ENOSPC;
	for (i = 0; i < FGRAPH_ARRAY_SIZE; i++) {
		idx = (fgraph_next_idx + i) % FGRAPH_ARRAY_SIZE;
		if (!rcu_access_pointer(fgraph_users[idx]))
			break;
	}
	if (i == FGRAPH_ARRAY_SIZE)
		goto out;

	if (!fgraph_nr_users) {
		ret = fgraph_stacks_alloc_all();
		if (ret)
			goto out;
		ret = register_trace_sched_switch(fgraph_sched_switch, NULL);
		if (ret)
			goto out;
	}
	fgraph_clear_task_vars(idx);
	gops->idx = idx;
	gops->epoch = ++fgraph_epoch;
	fops->func = fgraph_ops_func;
	WRITE_ONCE(fops->fgraph, gops);
	rcu_assign_pointer(fgraph_users[idx], gops);
	ret = gops->follow_global ? ftrace_register_global_follower(fops) :
				    register_ftrace_function(fops);
	if (ret) {
		RCU_INIT_POINTER(fgraph_users[idx], NULL);
		synchronize_rcu();
		if (!fgraph_nr_users)
			unregister_trace_sched_switch(fgraph_sched_switch, NULL);
		goto out;
	}
	fgraph_nr_users++;
	fgraph_next_idx = (idx + 1) % FGRAPH_ARRAY_SIZE;
out:
	mutex_unlock(&fgraph_mutex);
	return ret;
}

/**
 * unregister_ftrace_graph - stop a graph user
 * @gops: the user
 *
 * Returns once none of @gops's handlers runs any more.  Calls it hooked
 * that have not returned yet return without calling it; the shadow
 * stacks stay.
 *
 * Context: process, may sleep.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	struct ftrace_ops *fops = gops_fops(gops);

	mutex_lock(&fgraph_mutex);
	if (gops->idx < 0 || gops->idx >= FGRAPH_ARRAY_SIZE ||
	    rcu_access_pointer(fgraph_users[gops->idx]) != gops)
		goto out;
	if (gops->follow_global)
		ftrace_unregister_global_follower(fops);
	else
		unregister_ftrace_function(fops);
	RCU_INIT_POINTER(fgraph_users[gops->idx], NULL);
	WRITE_ONCE(fops->fgraph, NULL);
	/* The return handlers run with preemption off. */
	synchronize_rcu();
	if (!--fgraph_nr_users) {
		unregister_trace_sched_switch(fgraph_sched_switch, NULL);
		tracepoint_synchronize_unregister();
	}
out:
	mutex_unlock(&fgraph_mutex);
}

/**
 * ftrace_graph_is_dead - was graph tracing stopped for good?
 *
 * Return: true after ftrace_graph_stop().
 */
bool ftrace_graph_is_dead(void)
{
	return READ_ONCE(fgraph_dead);
}

/**
 * ftrace_graph_stop - stop graph tracing for good
 *
 * No call is hooked any more; calls already hooked still return through
 * their frames.  Context: any.
 */
void ftrace_graph_stop(void)
{
	WRITE_ONCE(fgraph_dead, true);
}
