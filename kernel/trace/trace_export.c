// SPDX-License-Identifier: GPL-2.0
/*
 * The core's own records, described as events: events/ftrace/NAME/ with a
 * format file, so that tools (trace-cmd, perf) can decode what
 * trace_printk(), trace_marker and the stack options write into a buffer.
 *
 * These events cannot be switched on or off (the core writes the records
 * itself, TRACE_EVENT_FL_IGNORE_ENABLE) and have no probe.  Their record
 * types are the fixed numbers of enum trace_type, whose printers
 * trace_output.c registers; so the classes have no raw_init, and the
 * event layer keeps the type we give.
 *
 * The field tables follow the record structs of trace.h member by member
 * (the build fails if a member's type is not the one named here); the
 * event layer lays fields out one after the other at their alignment,
 * which is where C puts them.
 */

#include <linux/build_bug.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/stringify.h>

#include "trace.h"

/* Zero, or a build error when @member of struct @st is not of type @t. */
#define CORE_TYPE_CHECK(st, member, t) \
	BUILD_BUG_ON_ZERO(!__same_type(((struct st *)NULL)->member, t))

/* A field of struct @st: the C type as the format file names it. */
#define CORE_FIELD(st, ctype, member) {					\
	.type = #ctype, .name = #member,				\
	.size = sizeof_field(struct st, member) +			\
		CORE_TYPE_CHECK(st, member, ctype),			\
	.align = __alignof__(ctype),					\
	.is_signed = is_signed_type(ctype),				\
	.filter_type = FILTER_OTHER,					\
}

/* A member of a struct inside the record, named by its own name. */
#define CORE_INNER(st, ctype, path, fname) {				\
	.type = #ctype, .name = #fname,					\
	.size = sizeof_field(struct st, path) +				\
		CORE_TYPE_CHECK(st, path, ctype),			\
	.align = __alignof__(ctype),					\
	.is_signed = is_signed_type(ctype),				\
	.filter_type = FILTER_OTHER,					\
}

/* A fixed-size array member: "unsigned long[8]" shows as caller[8]. */
#define CORE_ARRAY(st, ctype, member, n) {				\
	.type = #ctype "[" __stringify(n) "]", .name = #member,		\
	.size = sizeof_field(struct st, member) +			\
		CORE_TYPE_CHECK(st, member, ctype[n]),			\
	.align = __alignof__(ctype),					\
	.is_signed = is_signed_type(ctype),				\
	.filter_type = FILTER_OTHER,					\
	.len = n,							\
}

/* The flexible array that ends the record: size 0, "char buf[]". */
#define CORE_TAIL(st, ctype, member) {					\
	.type = #ctype "[]", .name = #member,				\
	.size = CORE_TYPE_CHECK(st, member[0], ctype) +			\
		BUILD_BUG_ON_ZERO(offsetof(struct st, member) !=	\
				  sizeof(struct st)),			\
	.align = __alignof__(ctype),					\
	.is_signed = is_signed_type(ctype),				\
	.filter_type = FILTER_OTHER,					\
}

static struct trace_event_fields function_fields[] = {
	CORE_FIELD(ftrace_entry, unsigned long, ip),
	CORE_FIELD(ftrace_entry, unsigned long, parent_ip),
	{}
};

static struct trace_event_fields func_repeats_fields[] = {
	CORE_FIELD(func_repeats_entry, unsigned long, ip),
	CORE_FIELD(func_repeats_entry, unsigned long, parent_ip),
	CORE_FIELD(func_repeats_entry, u16, count),
	CORE_FIELD(func_repeats_entry, u16, top_delta_ts),
	CORE_FIELD(func_repeats_entry, u32, bottom_delta_ts),
	{}
};

static struct trace_event_fields ctx_switch_fields[] = {
	CORE_FIELD(ctx_switch_entry, unsigned int, prev_pid),
	CORE_FIELD(ctx_switch_entry, unsigned int, next_pid),
	CORE_FIELD(ctx_switch_entry, unsigned int, next_cpu),
	CORE_FIELD(ctx_switch_entry, unsigned char, prev_prio),
	CORE_FIELD(ctx_switch_entry, unsigned char, prev_state),
	CORE_FIELD(ctx_switch_entry, unsigned char, next_prio),
	CORE_FIELD(ctx_switch_entry, unsigned char, next_state),
	{}
};

static struct trace_event_fields osnoise_fields[] = {
	CORE_FIELD(osnoise_entry, u64, noise),
	CORE_FIELD(osnoise_entry, u64, runtime),
	CORE_FIELD(osnoise_entry, u64, max_sample),
	CORE_FIELD(osnoise_entry, unsigned int, hw_count),
	CORE_FIELD(osnoise_entry, unsigned int, nmi_count),
	CORE_FIELD(osnoise_entry, unsigned int, irq_count),
	CORE_FIELD(osnoise_entry, unsigned int, softirq_count),
	CORE_FIELD(osnoise_entry, unsigned int, thread_count),
	{}
};

static struct trace_event_fields timerlat_fields[] = {
	CORE_FIELD(timerlat_entry, unsigned int, seqnum),
	CORE_FIELD(timerlat_entry, int, context),
	CORE_FIELD(timerlat_entry, u64, timer_latency),
	{}
};

static struct trace_event_fields hwlat_fields[] = {
	CORE_FIELD(hwlat_entry, u64, duration),
	CORE_FIELD(hwlat_entry, u64, outer_duration),
	CORE_FIELD(hwlat_entry, u64, nmi_total_ts),
	CORE_INNER(hwlat_entry, s64, timestamp.tv_sec, tv_sec),
	CORE_INNER(hwlat_entry, long, timestamp.tv_nsec, tv_nsec),
	CORE_FIELD(hwlat_entry, unsigned int, nmi_count),
	CORE_FIELD(hwlat_entry, unsigned int, seqnum),
	CORE_FIELD(hwlat_entry, unsigned int, count),
	{}
};

/* Both records print "prev:prio:state  ARROW next:prio:state [cpu]". */
#define CTX_FMT(arrow)							\
	"\"%u:%u:%u  " arrow " %u:%u:%u [%03u]\", REC->prev_pid,"	\
	" REC->prev_prio, REC->prev_state, REC->next_pid,"		\
	" REC->next_prio, REC->next_state, REC->next_cpu"

static struct trace_event_fields print_fields[] = {
	CORE_FIELD(print_entry, unsigned long, ip),
	CORE_TAIL(print_entry, char, buf),
	{}
};

static struct trace_event_fields bprint_fields[] = {
	CORE_FIELD(bprint_entry, unsigned long, ip),
	CORE_FIELD(bprint_entry, const char *, fmt),
	CORE_TAIL(bprint_entry, u32, buf),
	{}
};

static struct trace_event_fields bputs_fields[] = {
	CORE_FIELD(bputs_entry, unsigned long, ip),
	CORE_FIELD(bputs_entry, const char *, str),
	{}
};

static struct trace_event_fields raw_data_fields[] = {
	CORE_FIELD(raw_data_entry, unsigned int, id),
	CORE_TAIL(raw_data_entry, char, buf),
	{}
};

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static struct trace_event_fields funcgraph_entry_fields[] = {
	CORE_INNER(ftrace_graph_ent_entry, unsigned long, graph_ent.func, func),
	CORE_INNER(ftrace_graph_ent_entry, int, graph_ent.depth, depth),
	{}
};

static struct trace_event_fields funcgraph_exit_fields[] = {
	CORE_INNER(ftrace_graph_ret_entry, unsigned long, ret.func, func),
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	CORE_INNER(ftrace_graph_ret_entry, unsigned long, ret.retval, retval),
#endif
	CORE_INNER(ftrace_graph_ret_entry, int, ret.depth, depth),
	CORE_INNER(ftrace_graph_ret_entry, unsigned int, ret.overrun, overrun),
	CORE_INNER(ftrace_graph_ret_entry, unsigned long long, ret.calltime, calltime),
	CORE_INNER(ftrace_graph_ret_entry, unsigned long long, ret.rettime, rettime),
	{}
};
#endif

static struct trace_event_fields kernel_stack_fields[] = {
	CORE_FIELD(stack_entry, int, size),
	CORE_ARRAY(stack_entry, unsigned long, caller, FTRACE_STACK_ENTRIES),
	{}
};

static struct trace_event_fields user_stack_fields[] = {
	CORE_FIELD(userstack_entry, unsigned int, tgid),
	CORE_ARRAY(userstack_entry, unsigned long, caller, FTRACE_STACK_ENTRIES),
	{}
};

/* The print fmt of a stack record: one "\t=> symbol\n" line per slot. */
#define STACK_SLOT(i)	", (void *)REC->caller[" #i "]"
#define STACK_FMT							\
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\""			\
	" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\""			\
	" \"\\t=> %ps\\n\\t=> %ps\\n\""					\
	STACK_SLOT(0) STACK_SLOT(1) STACK_SLOT(2) STACK_SLOT(3)		\
	STACK_SLOT(4) STACK_SLOT(5) STACK_SLOT(6) STACK_SLOT(7)

static_assert(FTRACE_STACK_ENTRIES == 8, "STACK_FMT shows 8 callers");

/* One described record: its event and the class that holds its fields. */
struct core_record {
	struct trace_event_class	class;
	struct trace_event_call		call;
};

/*
 * There is no probe to attach: the core writes these records itself.  Only
 * print has this registration function, as upstream's has: it gives print
 * an id file, and perf may open ftrace:print (and counts nothing).  The
 * others have none, so they have no id file and perf does not know them.
 */
static int core_record_reg(struct trace_event_call *call, enum trace_reg type,
			   void *data)
{
	return 0;
}

#define CORE_RECORD(_name, _type, _fields, _reg, _fmt) {		\
	.class = {							\
		.system		= "ftrace",				\
		.reg		= _reg,					\
		.fields_array	= _fields,				\
	},								\
	.call = {							\
		.name		= _name,				\
		.event.type	= _type,				\
		.print_fmt	= _fmt,					\
		.flags		= TRACE_EVENT_FL_IGNORE_ENABLE,		\
	},								\
}

static struct core_record core_records[] = {
#ifdef CONFIG_FUNCTION_TRACER
	CORE_RECORD("function", TRACE_FN, function_fields, core_record_reg,
		    "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip"),
	CORE_RECORD("func_repeats", TRACE_FUNC_REPEATS, func_repeats_fields,
		    NULL,
		    "\" %ps <-%ps\\t(repeats:%u  delta: -%llu)\", (void *)REC->ip, (void *)REC->parent_ip, REC->count, (((u64)(REC)->top_delta_ts << 32) | (REC)->bottom_delta_ts)"),
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	CORE_RECORD("funcgraph_entry", TRACE_GRAPH_ENT, funcgraph_entry_fields,
		    NULL, "\"--> %ps (%d)\", (void *)REC->func, REC->depth"),
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	CORE_RECORD("funcgraph_exit", TRACE_GRAPH_RET, funcgraph_exit_fields,
		    NULL,
		    "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth, REC->retval"),
#else
	CORE_RECORD("funcgraph_exit", TRACE_GRAPH_RET, funcgraph_exit_fields,
		    NULL,
		    "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth"),
#endif
#endif
	CORE_RECORD("context_switch", TRACE_CTX, ctx_switch_fields, NULL,
		    CTX_FMT("==>")),
	CORE_RECORD("wakeup", TRACE_WAKE, ctx_switch_fields, NULL,
		    CTX_FMT("==+")),
	CORE_RECORD("hwlat", TRACE_HWLAT, hwlat_fields, NULL,
		    "\"cnt:%u\\tts:%010llu.%010lu\\tinner:%llu\\touter:%llu\\tcount:%d\\tnmi-ts:%llu\\tnmi-count:%u\\n\", REC->seqnum, REC->tv_sec, REC->tv_nsec, REC->duration, REC->outer_duration, REC->count, REC->nmi_total_ts, REC->nmi_count"),
	CORE_RECORD("osnoise", TRACE_OSNOISE, osnoise_fields, NULL,
		    "\"noise:%llu\\tmax_sample:%llu\\thw:%u\\tnmi:%u\\tirq:%u\\tsoftirq:%u\\tthread:%u\\n\", REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, REC->irq_count, REC->softirq_count, REC->thread_count"),
	CORE_RECORD("timerlat", TRACE_TIMERLAT, timerlat_fields, NULL,
		    "\"seq:%u\\tcontext:%d\\ttimer_latency:%llu\\n\", REC->seqnum, REC->context, REC->timer_latency"),
	CORE_RECORD("kernel_stack", TRACE_STACK, kernel_stack_fields, NULL,
		    STACK_FMT),
	CORE_RECORD("user_stack", TRACE_USER_STACK, user_stack_fields, NULL,
		    STACK_FMT),
	CORE_RECORD("bprint", TRACE_BPRINT, bprint_fields, NULL,
		    "\"%ps: %s\", (void *)REC->ip, REC->fmt"),
	CORE_RECORD("print", TRACE_PRINT, print_fields, core_record_reg,
		    "\"%ps: %s\", (void *)REC->ip, REC->buf"),
	CORE_RECORD("raw_data", TRACE_RAW_DATA, raw_data_fields, NULL,
		    "\"id:%04x %08x\", REC->id, (int)REC->buf[0]"),
	CORE_RECORD("bputs", TRACE_BPUTS, bputs_fields, NULL,
		    "\"%ps: %s\", (void *)REC->ip, REC->str"),
};

/**
 * trace_export_init - register the events of events/ftrace/
 *
 * Called once by trace_init() (trace_boot.c), after vmlinux's events.
 *
 * Return: 0, or the first error of trace_add_event_call() (the other
 * records are still registered).
 */
int __init trace_export_init(void)
{
	struct core_record *rec;
	int ret, err = 0;

	for (rec = core_records; rec < core_records + ARRAY_SIZE(core_records); rec++) {
		INIT_LIST_HEAD(&rec->class.fields);
		rec->call.class = &rec->class;
		ret = trace_add_event_call(&rec->call);
		if (ret && !err)
			err = ret;
	}
	return err;
}
