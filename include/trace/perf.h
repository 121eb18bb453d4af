/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf stage of an event class: the probe that perf's tracepoint PMU
 * registers (class->perf_probe, with the event's trace_event_call as its
 * data), and the class member that names it.
 *
 * <trace/trace_events.h> expands __TE_PERF_PROBE() in its code pass next
 * to the ring-buffer probe, so perf costs no extra read of the event
 * header.  The record is built the same way, in perf's per-CPU buffer
 * instead of a ring buffer, and handed to perf (and the BPF programs on
 * the event) with the count and task that __perf_count()/__perf_task()
 * chose in the class's TP_ARGS().
 */
#ifndef _TRACE_PERF_H
#define _TRACE_PERF_H

#ifdef CONFIG_PERF_EVENTS

/*
 * perf wants the raw sample, with its u32 size in front, to fill whole
 * u64s.  Without a __perf_task() the probe has nothing to do on a CPU
 * where no perf event listens; with one the sample may be for the
 * context of another task, so it always goes on.
 */
#define __TE_PERF_PROBE(call, proto, args, tstruct, assign)		\
static notrace __maybe_unused void					\
perf_trace_##call(void *__data, proto)					\
{									\
	struct trace_event_call *__te_call = __data;			\
	struct trace_event_data_offsets_##call __te_off __maybe_unused	\
		__uninitialized;					\
	struct trace_event_raw_##call *entry;				\
	struct task_struct *__te_task = NULL;				\
	struct hlist_head *__te_head;					\
	struct pt_regs *__te_regs;					\
	u64 __te_count = 1;						\
	int __te_size, __te_rctx;					\
									\
	__te_size = offsetof(typeof(*entry), __data) +		\
		    __te_dyn_size_##call(&__te_off, args);		\
	__te_head = this_cpu_ptr(__te_call->perf_events);		\
	if (__builtin_constant_p(!__te_task) && !__te_task &&		\
	    hlist_empty(__te_head) && !bpf_prog_array_valid(__te_call))	\
		return;							\
									\
	__te_size = ALIGN(__te_size + sizeof(u32), sizeof(u64)) -	\
		    sizeof(u32);					\
	entry = perf_trace_buf_alloc(__te_size, &__te_regs, &__te_rctx); \
	if (unlikely(!entry))						\
		return;							\
	perf_fetch_caller_regs(__te_regs);				\
									\
	__te_walk(LOC, tstruct)						\
	{ assign; }							\
									\
	perf_trace_run_bpf_submit(entry, __te_size, __te_rctx,	\
				  __te_call, __te_count, __te_regs,	\
				  __te_head, __te_task);		\
}

#define __TE_PERF_INIT(call)	.perf_probe = perf_trace_##call,

#else /* !CONFIG_PERF_EVENTS */

#define __TE_PERF_PROBE(call, proto, args, tstruct, assign)
#define __TE_PERF_INIT(call)

#endif /* CONFIG_PERF_EVENTS */

#endif /* _TRACE_PERF_H */
