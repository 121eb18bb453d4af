/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_EVENTS_H
#define _LINUX_TRACE_EVENTS_H

/*
 * The event layer's types for the rest of the kernel (perf's tracepoint
 * PMU, BPF, modules with events).  Event tracing is not built yet
 * (CONFIG_EVENT_TRACING is not offered): this header carries what its
 * users include through it, and the declarations arrive with the events.
 */

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/percpu.h>
#include <linux/hardirq.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

struct trace_array;
struct trace_buffer;
struct tracer;
struct dentry;
struct bpf_prog;
struct trace_event_call;
struct trace_event_file;
struct bpf_raw_tp_link;
struct bpf_raw_event_map;

#ifdef CONFIG_PERF_EVENTS
/* perf attaches BPF programs to its events; defined by perf. */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog, u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
#endif

/* BPF programs on trace events and raw tracepoints: not available yet. */
static inline unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx)
{
	return 1;
}

static inline int perf_event_attach_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return -EOPNOTSUPP;
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event)
{
}

static inline int perf_event_query_prog_array(struct perf_event *event, void __user *info)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_register(struct bpf_raw_event_map *btp,
				     struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *btp,
				       struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
}

#endif /* _LINUX_TRACE_EVENTS_H */
