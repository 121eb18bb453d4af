// SPDX-License-Identifier: GPL-2.0
/*
 * What every reader of a trace array's buffer shares: the merge iterator,
 * the consumers' lock, and when a consuming file polls readable.
 *
 * All readers walk records through one merge iterator: each CPU's buffer
 * is in time order, so the next record is the oldest head among the CPUs.
 * The trace file walks with ring_buffer_iter (copies of pages: writers go
 * on, and pages they overwrite meanwhile show up as lost); the others
 * peek at and consume the CPUs' heads.  The printers look ahead through
 * it too (the latency format's delay column), so it sits below both the
 * readers and trace_output.c.
 *
 * Locking, for every reader:
 *  - tracing_lock (trace.c) covers opening and closing: the array's
 *    trace_ref, the tracer's open/close hooks and the list of open
 *    trace_pipe files.
 *  - A consumer peeks at a record, prints it from the buffer and only then
 *    consumes it.  Consumers of one array take turns through the array's
 *    consume_lock, so that none takes a record (or, for trace_pipe_raw,
 *    the whole page) another is still printing.  The lock is never held
 *    while waiting for data nor while touching user memory: a reader
 *    whose buffer faults slowly holds up only the readers of its own open
 *    file.  A change of the sub-buffer size takes it too
 *    (trace_consumers_lock()): it frees every page, the readers' own.
 *  - trace_pipe's iter->mutex keeps the readers of one open file from
 *    mixing their text; the seq_file lock does that for the trace file.
 *  - trace_event_sem is read-held while records are formatted, so that
 *    the printers of a record type stay registered.
 *  - ftrace_dump() takes none of these: it may run with a CPU stopped in
 *    the middle of any of them.
 *
 * Not here: the files.  trace and trace_pipe are in trace_read.c,
 * trace_pipe_raw and stats in trace_pipe_raw.c, the dump to the console
 * in trace_dump.c; this file creates no file and prints nothing.
 */
#include <linux/slab.h>

#include "trace.h"

/**
 * trace_consumers_lock - keep every consumer of an array's buffer out
 * @tr: the array
 *
 * Once it returns, no trace_pipe or trace_pipe_raw reader of @tr holds a
 * record or a page of the buffer, and none takes one until
 * trace_consumers_unlock().  For changes that free the buffer's pages,
 * such as its sub-buffer size, or empty it (a reset), which must not
 * fall between a reader's printing of a record and its consuming it.
 *
 * Context: process context; takes a mutex.  tracing_lock may be taken
 * inside it, not the other way round.
 */
void trace_consumers_lock(struct trace_array *tr)
{
	mutex_lock(&tr->consume_lock);
}

/**
 * trace_consumers_unlock - let the consumers of an array back in
 * @tr: the array
 */
void trace_consumers_unlock(struct trace_array *tr)
{
	mutex_unlock(&tr->consume_lock);
}

/* ------------------------------------------------------------------ */
/* The merge iterator                                                  */

static struct ring_buffer_event *peek_cpu(struct trace_iterator *iter, int cpu,
					  u64 *ts, unsigned long *lost)
{
	if (iter->buffer_iter) {
		struct ring_buffer_iter *it = iter->buffer_iter[cpu];

		return it ? ring_buffer_iter_peek(it, ts) : NULL;
	}
	return ring_buffer_peek(iter->buffer, cpu, ts, lost);
}

/*
 * The oldest record at the heads of the iterator's CPUs, without moving
 * past it.  @lost (consuming readers only) gets the count of records the
 * writer overwrote before it.
 */
static struct ring_buffer_event *find_oldest(struct trace_iterator *iter,
					     int *ent_cpu, u64 *ent_ts,
					     unsigned long *ent_lost)
{
	struct ring_buffer_event *ev, *best = NULL;
	unsigned long lost = 0, best_lost = 0;
	int cpu, best_cpu = iter->cpu_file;
	u64 ts, best_ts = 0;

	if (iter->cpu_file != RING_BUFFER_ALL_CPUS) {
		best = peek_cpu(iter, best_cpu, &best_ts, &best_lost);
	} else {
		for_each_possible_cpu(cpu) {
			ev = peek_cpu(iter, cpu, &ts, &lost);
			if (ev && (!best || ts < best_ts)) {
				best = ev;
				best_ts = ts;
				best_cpu = cpu;
				best_lost = lost;
			}
		}
	}
	*ent_cpu = best_cpu;
	*ent_ts = best_ts;
	if (ent_lost)
		*ent_lost = best ? best_lost : 0;
	return best;
}

/**
 * trace_find_next_entry_inc - make the next record the iterator's own
 * @iter: the iterator
 *
 * Sets iter->ent, ent_size, cpu, ts and lost_events.  A non-consuming
 * iterator moves past the record; a consuming reader calls
 * trace_consume() once it has printed it.
 *
 * Return: @iter, or NULL when there is no record.
 */
void *trace_find_next_entry_inc(struct trace_iterator *iter)
{
	struct ring_buffer_event *ev;
	unsigned long lost;

	ev = find_oldest(iter, &iter->cpu, &iter->ts, &lost);
	if (!ev) {
		iter->ent = NULL;
		iter->ent_size = 0;
		return NULL;
	}
	iter->ent = ring_buffer_event_data(ev);
	iter->ent_size = ring_buffer_event_length(ev);
	if (iter->buffer_iter) {
		struct ring_buffer_iter *it = iter->buffer_iter[iter->cpu];

		/* Pages were overwritten under the walk: how many is unknown. */
		lost = ring_buffer_iter_dropped(it) ? (unsigned long)-1 : 0;
		/* The page copy keeps the record until the next peek. */
		ring_buffer_iter_advance(it);
	}
	iter->lost_events = lost;
	iter->idx++;
	return iter;
}

/*
 * Keep the current record in iter->temp: a non-consuming peek may load
 * the next page over the copy iter->ent points into.
 */
static bool save_current_entry(struct trace_iterator *iter)
{
	if (iter->temp_size < iter->ent_size) {
		void *buf = kmalloc(iter->ent_size, GFP_KERNEL);

		if (!buf)
			return false;
		kfree(iter->temp);
		iter->temp = buf;
		iter->temp_size = iter->ent_size;
	}
	memcpy(iter->temp, iter->ent, iter->ent_size);
	iter->ent = iter->temp;
	return true;
}

/**
 * trace_find_next_entry - look at the record after the current one
 * @iter: the iterator, on a record (iter->ent)
 * @ent_cpu: where to put the next record's CPU (may be NULL)
 * @ent_ts: where to put its time stamp (may be NULL)
 *
 * The iterator stays on its record (iter->ent remains valid).  For a
 * consuming reader the current record is not consumed yet, so it may be
 * what this finds.
 *
 * Return: the next record, or NULL.
 */
struct trace_entry *trace_find_next_entry(struct trace_iterator *iter,
					  int *ent_cpu, u64 *ent_ts)
{
	struct ring_buffer_event *ev;
	int cpu;
	u64 ts;

	if (iter->buffer_iter && iter->ent && iter->ent != iter->temp &&
	    !save_current_entry(iter))
		return NULL;
	ev = find_oldest(iter, &cpu, &ts, NULL);
	if (ent_cpu)
		*ent_cpu = cpu;
	if (ent_ts)
		*ent_ts = ts;
	return ev ? ring_buffer_event_data(ev) : NULL;
}

/**
 * trace_consume - consume the record trace_find_next_entry_inc() found
 * @iter: a consuming iterator
 */
void trace_consume(struct trace_iterator *iter)
{
	if (!iter->buffer_iter)
		ring_buffer_consume(iter->buffer, iter->cpu, NULL, NULL);
}

static bool cpu_empty(struct trace_iterator *iter, int cpu)
{
	if (iter->buffer_iter)
		return !iter->buffer_iter[cpu] ||
		       ring_buffer_iter_empty(iter->buffer_iter[cpu]);
	return ring_buffer_empty_cpu(iter->buffer, cpu);
}

/**
 * trace_empty - whether the iterator has no record left
 * @iter: the iterator
 *
 * Return: 1 if every CPU it covers is empty, else 0.
 */
int trace_empty(struct trace_iterator *iter)
{
	int cpu;

	if (iter->cpu_file != RING_BUFFER_ALL_CPUS)
		return cpu_empty(iter, iter->cpu_file);
	for_each_possible_cpu(cpu)
		if (!cpu_empty(iter, cpu))
			return 0;
	return 1;
}

/**
 * trace_iter_setup - point an iterator at an array for reading
 * @iter: the iterator (zeroed, or set up before for the same reader)
 * @tr: the trace array
 * @cpu: the CPU to read, or RING_BUFFER_ALL_CPUS
 * @annotate: mark where each CPU's records start when older ones were
 *	lost (the annotate option; the trace file and ftrace_dump())
 *
 * Takes the tracer, buffer and the flags the output needs (time in ns,
 * latency format) from @tr as they are now.
 */
void trace_iter_setup(struct trace_iterator *iter, struct trace_array *tr,
		      int cpu, bool annotate)
{
	trace_iter_setup_buffer(iter, tr, tr->buffer, cpu, annotate);
}

/**
 * trace_iter_setup_buffer - trace_iter_setup() over a chosen buffer of @tr
 * @iter: the iterator
 * @tr: the trace array
 * @buffer: the buffer to read: @tr's live one or its snapshot
 * @cpu: the CPU to read, or RING_BUFFER_ALL_CPUS
 * @annotate: as for trace_iter_setup()
 */
void trace_iter_setup_buffer(struct trace_iterator *iter, struct trace_array *tr,
			     struct trace_buffer *buffer, int cpu, bool annotate)
{
	iter->tr = tr;
	iter->trace = tr->current_trace;
	iter->buffer = buffer;
	iter->cpu_file = cpu;
	iter->iter_flags = 0;
	if (trace_clocks[tr->clock_id].in_ns)
		iter->iter_flags |= TRACE_FILE_TIME_IN_NS;
	if (tr->flags & TRACE_ITER(LATENCY_FMT))
		iter->iter_flags |= TRACE_FILE_LAT_FMT;
	/* Mark where each CPU's records start when older ones were lost. */
	if (annotate && ring_buffer_overruns(buffer))
		iter->iter_flags |= TRACE_FILE_ANNOTATE;
}

/**
 * trace_poll - poll() of a consuming reader's file
 * @tr: the trace array
 * @cpu: the CPU the file reads, or RING_BUFFER_ALL_CPUS
 * @file: the file
 * @pt: the poll table
 *
 * The "block" option makes a pipe always look readable; otherwise the
 * ring buffer decides, with the array's buffer_percent as the fill level
 * to wait for.
 *
 * Return: the poll mask.
 */
__poll_t trace_poll(struct trace_array *tr, int cpu, struct file *file,
		     poll_table *pt)
{
	if (tr->flags & TRACE_ITER(BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(tr->buffer, cpu, file, pt,
				     READ_ONCE(tr->buffer_percent));
}
