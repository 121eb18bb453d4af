// SPDX-License-Identifier: GPL-2.0
/*
 * The text and raw printers of the records of the tracers that measure
 * noise: hwlat (TRACE_HWLAT), osnoise (TRACE_OSNOISE) and timerlat
 * (TRACE_TIMERLAT).  trace_output.c registers them with the core's
 * other printers at boot; the layouts are upstream's, which rtla and
 * trace-cmd parse.
 */
#include <linux/math64.h>

#include "trace.h"

/* TRACE_HWLAT: the hwlat tracer's sample, the NMIs only when there were. */
static enum print_line_t print_hwlat_text(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct hwlat_entry *f = (struct hwlat_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%d",
			 f->seqnum, f->duration, f->outer_duration,
			 (long long)f->timestamp.tv_sec, f->timestamp.tv_nsec,
			 f->count);
	if (f->nmi_count) {
		if (!IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))
			trace_seq_printf(s, " nmi-total:%llu", f->nmi_total_ts);
		trace_seq_printf(s, " nmi-count:%u", f->nmi_count);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t print_hwlat_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct hwlat_entry *f = (struct hwlat_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%llu %lld %lld %09ld %u\n",
			 f->duration, f->outer_duration,
			 (long long)f->timestamp.tv_sec, f->timestamp.tv_nsec,
			 f->seqnum);
	return trace_handle_return(&iter->seq);
}

struct trace_event_functions trace_hwlat_funcs = {
	.trace	= print_hwlat_text,
	.raw	= print_hwlat_raw,
};

/*
 * TRACE_OSNOISE: runtime, noise, the share of the CPU left (to 1e-5 %),
 * the largest gap and the interference counts.
 */
static enum print_line_t print_osnoise_text(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct osnoise_entry *f = (struct osnoise_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	u64 left = 0;

	/* A window shorter than 1 us, or noisier than itself: 0 % left. */
	if (f->runtime && f->noise <= f->runtime)
		left = div64_u64((f->runtime - f->noise) * 10000000ULL,
				 f->runtime);
	trace_seq_printf(s, "%llu %10llu %3llu.%05llu %7llu",
			 f->runtime, f->noise, div_u64(left, 100000),
			 left % 100000, f->max_sample);
	trace_seq_printf(s, " %6u %6u %6u %6u %6u\n", f->hw_count,
			 f->nmi_count, f->irq_count, f->softirq_count,
			 f->thread_count);
	return trace_handle_return(s);
}

static enum print_line_t print_osnoise_raw(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct osnoise_entry *f = (struct osnoise_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lld %llu %llu %u %u %u %u %u\n",
			 (long long)f->runtime, f->noise, f->max_sample, f->hw_count,
			 f->nmi_count, f->irq_count, f->softirq_count,
			 f->thread_count);
	return trace_handle_return(&iter->seq);
}

struct trace_event_functions trace_osnoise_funcs = {
	.trace	= print_osnoise_text,
	.raw	= print_osnoise_raw,
};

/* TRACE_TIMERLAT: the tick, where it was measured, how late. */
static const char *const timerlat_where[] = { "irq", "thread", "user-ret" };

static enum print_line_t print_timerlat_text(struct trace_iterator *iter,
					     int flags, struct trace_event *event)
{
	struct timerlat_entry *f = (struct timerlat_entry *)iter->ent;
	const char *where = "unknown";

	if (f->context >= 0 && f->context < ARRAY_SIZE(timerlat_where))
		where = timerlat_where[f->context];
	trace_seq_printf(&iter->seq, "#%-5u context %6s timer_latency %9llu ns\n",
			 f->seqnum, where, f->timer_latency);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_timerlat_raw(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct timerlat_entry *f = (struct timerlat_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%u %d %llu\n", f->seqnum, f->context,
			 f->timer_latency);
	return trace_handle_return(&iter->seq);
}

struct trace_event_functions trace_timerlat_funcs = {
	.trace	= print_timerlat_text,
	.raw	= print_timerlat_raw,
};
