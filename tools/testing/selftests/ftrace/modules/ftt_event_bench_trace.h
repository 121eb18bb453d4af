/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event of the ftt_event_bench module: two u64 fields, a 16-byte
 * payload, and nothing the recording path has to compute.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ftt_bench

#if !defined(_FTT_EVENT_BENCH_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FTT_EVENT_BENCH_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(ftt_bench_16b,
	TP_PROTO(u64 seq, u64 cookie),
	TP_ARGS(seq, cookie),
	TP_STRUCT__entry(
		__field(u64, seq)
		__field(u64, cookie)
	),
	TP_fast_assign(
		__entry->seq = seq;
		__entry->cookie = cookie;
	),
	TP_printk("seq=%llu cookie=0x%llx",
		  (unsigned long long)__entry->seq,
		  (unsigned long long)__entry->cookie)
);

#endif /* _FTT_EVENT_BENCH_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ftt_event_bench_trace
#include <trace/define_trace.h>
