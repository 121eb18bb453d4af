/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The events of the ftt_event_mod test module (system ftt_evmod): one
 * event with a fixed field, an array, a string and a print fmt that uses
 * an enum and a sizeof (TRACE_DEFINE_ENUM/SIZEOF), and a class with two
 * events.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ftt_evmod

#if !defined(_FTT_EVENT_MOD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FTT_EVENT_MOD_TRACE_H

#include <linux/tracepoint.h>

#ifndef FTT_EVMOD_TYPES
#define FTT_EVMOD_TYPES
enum ftt_evmod_color {
	FTT_EVMOD_RED = 1,
	FTT_EVMOD_GREEN = 2,
	FTT_EVMOD_BLUE = 4,
};

/* TRACE_DEFINE_SIZEOF() takes a one-word type. */
typedef struct {
	u64 a;
	u32 b;
} ftt_evmod_pair_t;
#endif

TRACE_DEFINE_ENUM(FTT_EVMOD_RED);
TRACE_DEFINE_ENUM(FTT_EVMOD_GREEN);
TRACE_DEFINE_ENUM(FTT_EVMOD_BLUE);
TRACE_DEFINE_SIZEOF(ftt_evmod_pair_t);

TRACE_EVENT(ftt_evmod_tick,
	TP_PROTO(unsigned int n, const char *msg),
	TP_ARGS(n, msg),
	TP_STRUCT__entry(
		__field(unsigned int, n)
		__field(int, color)
		__array(char, tag, 6)
		__string(msg, msg)
	),
	TP_fast_assign(
		__entry->n = n;
		__entry->color = n % 3 == 0 ? FTT_EVMOD_RED :
				 n % 3 == 1 ? FTT_EVMOD_GREEN : FTT_EVMOD_BLUE;
		memcpy(__entry->tag, "ftt-0", 6);
		__entry->tag[4] = '0' + n % 10;
		__assign_str(msg);
	),
	TP_printk("n=%u color=%s tag=%s msg=%s pair=%d", __entry->n,
		  __print_symbolic(__entry->color,
				   { FTT_EVMOD_RED, "red" },
				   { FTT_EVMOD_GREEN, "green" },
				   { FTT_EVMOD_BLUE, "blue" }),
		  __entry->tag, __get_str(msg),
		  (int)sizeof(ftt_evmod_pair_t))
);

DECLARE_EVENT_CLASS(ftt_evmod_class,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

DEFINE_EVENT(ftt_evmod_class, ftt_evmod_open,
	TP_PROTO(int v),
	TP_ARGS(v)
);

DEFINE_EVENT(ftt_evmod_class, ftt_evmod_close,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _FTT_EVENT_MOD_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ftt_event_mod_trace
#include <trace/define_trace.h>
