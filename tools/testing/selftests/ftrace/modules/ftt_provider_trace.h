/* SPDX-License-Identifier: GPL-2.0 */
/* Tracepoints of the ftt_tp_provider test module. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ftt_provider

#if !defined(_FTT_PROVIDER_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FTT_PROVIDER_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(ftt_ping,
	TP_PROTO(int seq),
	TP_ARGS(seq),
	TP_STRUCT__entry(
		__field(int, seq)
	),
	TP_fast_assign(
		__entry->seq = seq;
	),
	TP_printk("seq=%d", __entry->seq)
);

/* Fires only for even values: checks that TP_CONDITION gates probes. */
TRACE_EVENT_CONDITION(ftt_even,
	TP_PROTO(int seq),
	TP_ARGS(seq),
	TP_CONDITION(!(seq & 1)),
	TP_STRUCT__entry(
		__field(int, seq)
	),
	TP_fast_assign(
		__entry->seq = seq;
	),
	TP_printk("seq=%d", __entry->seq)
);

#endif /* _FTT_PROVIDER_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ftt_provider_trace
#include <trace/define_trace.h>
