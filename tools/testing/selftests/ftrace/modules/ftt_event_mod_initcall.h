/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An event of the ftt_event_mod test module in a system vmlinux has too
 * (initcall): the system's directory must outlive the module's event.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM initcall

#if !defined(_FTT_EVENT_MOD_INITCALL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FTT_EVENT_MOD_INITCALL_H

#include <linux/tracepoint.h>

TRACE_EVENT(ftt_evmod_initcall,
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

#endif /* _FTT_EVENT_MOD_INITCALL_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ftt_event_mod_initcall
#include <trace/define_trace.h>
