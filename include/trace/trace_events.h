/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event passes of an instantiated event header.
 *
 * <trace/define_trace.h> includes this file once per instantiated header,
 * after the header's tracepoints are defined.  The header is read twice
 * more:
 *
 * The code pass makes, per event class (DECLARE_EVENT_CLASS, or the
 * class half of TRACE_EVENT):
 *
 *	struct trace_event_raw_<class>		the record: struct trace_entry,
 *						the fields, then char __data[]
 *						holding the dynamic fields
 *	struct trace_event_data_offsets_<class>	the location words of the
 *						dynamic fields of one record
 *	trace_event_fields_<class>[]		the fields as the format file
 *						describes them
 *	trace_event_output_<class>()		the record as text (TP_printk)
 *	trace_event_record_<class>()		the probe that writes a record
 *						into a trace array's buffer
 *	perf_trace_<class>()			the probe perf registers
 *
 * and the TRACE_DEFINE_ENUM()/TRACE_DEFINE_SIZEOF() maps.  The text pass
 * makes the print_fmt strings, the trace_event_class of each class and
 * the trace_event_call of each event, whose address it puts into the
 * _ftrace_events section, where the event layer finds it.
 *
 * TP_STRUCT__entry() is walked once per artefact within the code pass;
 * see <trace/stages/layout.h>.  The passes differ in what TP_printk()
 * means: C code that prints in the code pass (stages/code.h), the quoted
 * format and its arguments as text in the text pass (stages/format.h).
 *
 * The probe is the hot path: it asks trace_trigger_soft_disabled(),
 * sizes the dynamic fields, reserves exactly the record in the ring
 * buffer, stores the location words, runs TP_fast_assign() on the
 * reserved record itself and commits it.
 */

#include <linux/trace_events.h>
#include <linux/math64.h>
#include <linux/stringify.h>
#include <linux/time64.h>

#include <trace/perf.h>

#include "stages/layout.h"

/*
 * What every pass agrees on: the condition of an event is tested at the
 * call site (<linux/tracepoint.h>), reg/unreg act on the tracepoint, and
 * the _NOP forms and bare tracepoints are no events at all.
 */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	__te_emit(DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),	\
				      PARAMS(tstruct), PARAMS(assign),	\
				      PARAMS(print))			\
		  DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args)))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, \
			    reg, unreg)					\
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef DECLARE_EVENT_CLASS_NOP
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)

/* ================================================================== */
/* The code pass                                                       */

#include "stages/code.h"

/*
 * One map per TRACE_DEFINE_ENUM()/TRACE_DEFINE_SIZEOF(), which the event
 * layer uses to replace the name by its value in print_fmt.  Only the
 * pointers are kept in a section; the maps themselves are init data.
 */
#define __te_eval_map(n, text, value)					\
	static struct trace_eval_map __initdata __te_eval_##n = {	\
		.system		= __stringify(TRACE_SYSTEM),		\
		.eval_string	= text,					\
		.eval_value	= value,				\
	};								\
	static struct trace_eval_map *__te_evalp_##n __used		\
		__section("_ftrace_eval_map") = &__te_eval_##n
#define __te_eval_map_n(n, text, value)	__te_eval_map(n, text, value)

#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)	__te_eval_map_n(__COUNTER__, #a, a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)						\
	__te_eval_map_n(__COUNTER__, "sizeof(" #a ")", sizeof(a))

#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(name, value)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(name, expr...)

/* The text of a record of class @rec, for the event(s) @fn stands for. */
#define __TE_OUTPUT(fn, rec, print)					\
static notrace __maybe_unused enum print_line_t				\
trace_event_output_##fn(struct trace_iterator *__te_iter, int __te_flags, \
			struct trace_event *__te_event)			\
{									\
	struct trace_event_raw_##rec __maybe_unused *entry =		\
		(void *)__te_iter->ent;					\
	struct trace_seq __maybe_unused *p = &__te_iter->tmp_seq;	\
	int __te_ret = trace_raw_output_prep(__te_iter, __te_event);	\
									\
	if (__te_ret != TRACE_TYPE_HANDLED)				\
		return __te_ret;					\
	trace_event_printf(__te_iter, print);				\
	return trace_handle_return(&__te_iter->seq);			\
}									\
static struct trace_event_functions __maybe_unused			\
trace_event_funcs_##fn = {						\
	.trace	= trace_event_output_##fn,				\
};

/*
 * The probe registered for a trace array, with its event file as data.
 * Its two structs are filled before use: they need no zeroing even where
 * the kernel zeroes every stack variable.
 */
#define __TE_PROBE(call, proto, args, tstruct, assign)			\
static notrace __maybe_unused void					\
trace_event_record_##call(void *__data, proto)				\
{									\
	struct trace_event_file *__te_file = __data;			\
	struct trace_event_data_offsets_##call __te_off __maybe_unused	\
		__uninitialized;					\
	struct trace_event_buffer __te_fb __uninitialized;		\
	struct trace_event_raw_##call *entry;				\
	struct task_struct __maybe_unused *__te_task;			\
	u64 __maybe_unused __te_count;					\
	u32 __te_dyn;							\
									\
	if (trace_trigger_soft_disabled(__te_file))			\
		return;							\
									\
	__te_dyn = __te_dyn_size_##call(&__te_off, args);		\
	entry = trace_event_buffer_reserve(&__te_fb, __te_file,	\
			offsetof(typeof(*entry), __data) + __te_dyn);	\
	if (unlikely(!entry))						\
		return;							\
									\
	__te_walk(LOC, tstruct)						\
	{ assign; }							\
									\
	trace_event_buffer_commit(&__te_fb);				\
}

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
struct trace_event_raw_##call {						\
	struct trace_entry	ent;					\
	__te_walk(REC, tstruct)						\
	char			__data[];				\
};									\
									\
struct trace_event_data_offsets_##call {				\
	__te_walk(OFF, tstruct)						\
};									\
									\
static struct trace_event_fields __maybe_unused				\
trace_event_fields_##call[] = {						\
	__te_walk(FLD, tstruct)						\
	{}								\
};									\
									\
static inline u32							\
__te_dyn_size_##call(struct trace_event_data_offsets_##call *__te_o,	\
		     proto)						\
{									\
	typedef struct trace_event_raw_##call __te_rec_t __maybe_unused; \
	u32 __te_sz = 0;						\
									\
	__te_walk(SIZE, tstruct)					\
	return __te_sz;							\
}									\
									\
__TE_OUTPUT(call, call, PARAMS(print))					\
__TE_PROBE(call, PARAMS(proto), PARAMS(args), PARAMS(tstruct),		\
	   PARAMS(assign))						\
__TE_PERF_PROBE(call, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		PARAMS(assign))

/*
 * The class's probe is registered on the event's tracepoint through a
 * void pointer: make sure it takes what the tracepoint passes.
 */
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
static inline void __maybe_unused __te_check_##name(void)		\
{									\
	check_trace_callback_type_##name(trace_event_record_##template); \
}

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	__te_emit(DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args)) \
		  __TE_OUTPUT(name, template, PARAMS(print)))

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/* ================================================================== */
/* The text pass                                                       */

#include "stages/format.h"

#undef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#undef TRACE_DEFINE_SIZEOF
#define TRACE_DEFINE_SIZEOF(a)

/*
 * Events whose flags or perf permission their header sets: the call is
 * defined by then, and the event layer reads both only once it runs.
 */
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(name, value)					\
	static int __init __te_flags_##name(void)			\
	{								\
		event_##name.flags |= (value);				\
		return 0;						\
	}								\
	early_initcall(__te_flags_##name);

#undef TRACE_EVENT_PERF_PERM
#ifdef CONFIG_PERF_EVENTS
#define TRACE_EVENT_PERF_PERM(name, expr...)				\
	static int __te_perm_##name(struct trace_event_call *tp_event,	\
				    struct perf_event *p_event)		\
	{								\
		return ({ expr; });					\
	}								\
	static int __init __te_perm_init_##name(void)			\
	{								\
		event_##name.perf_perm = __te_perm_##name;		\
		return 0;						\
	}								\
	early_initcall(__te_perm_init_##name);
#else
#define TRACE_EVENT_PERF_PERM(name, expr...)
#endif

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
static char __maybe_unused trace_event_fmt_##call[] = print;		\
static struct trace_event_class __maybe_unused trace_event_class_##call = { \
	.system		= __stringify(TRACE_SYSTEM),			\
	.probe		= trace_event_record_##call,			\
	__TE_PERF_INIT(call)						\
	.reg		= trace_event_reg,				\
	.fields_array	= trace_event_fields_##call,			\
	.fields		= LIST_HEAD_INIT(trace_event_class_##call.fields), \
	.raw_init	= trace_event_raw_init,				\
};

/* The event: its class, tracepoint, printer and print_fmt. */
#define __TE_CALL(cls, ev, out)						\
static struct trace_event_call event_##ev = {				\
	.class		= &trace_event_class_##cls,			\
	.tp		= &__tracepoint_##ev,				\
	.event.funcs	= &trace_event_funcs_##out,			\
	.print_fmt	= trace_event_fmt_##out,			\
	.flags		= TRACE_EVENT_FL_TRACEPOINT,			\
};									\
static struct trace_event_call *__te_event_##ev __used			\
	__section("_ftrace_events") = &event_##ev;

#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	__TE_CALL(template, name, template)

#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
static char trace_event_fmt_##name[] = print;				\
__TE_CALL(template, name, name)

#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/*
 * <linux/tracepoint.h> defines these for declaration mode when it is next
 * read; it must find them undefined.
 */
#undef TRACE_DEFINE_ENUM
#undef TRACE_DEFINE_SIZEOF
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM
#undef __TE_CALL
#undef __TE_OUTPUT
#undef __TE_PROBE
#undef __te_eval_map
#undef __te_eval_map_n
