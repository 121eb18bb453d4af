// SPDX-License-Identifier: GPL-2.0
/*
 * The text readers of a trace array's buffer, at the top of the array
 * and per CPU:
 *
 *   trace           text of every record, oldest first, without consuming,
 *                   under a header ("echo > trace" empties the buffer)
 *   trace_pipe      the same text, consumed as it is read; blocks
 *
 * Both walk records through the merge iterator of trace_iter.c, which
 * also describes the readers' locking, and print them through
 * trace_output.c.  Not here: the binary per-CPU readers trace_pipe_raw
 * and stats (trace_pipe_raw.c), and ftrace_dump() (trace_dump.c).
 */
#include <linux/slab.h>
#include <linux/uio.h>
#include <linux/utsname.h>

#include "trace.h"

/* What a file's private data points at, for the text readers. */
struct trace_reader {
	struct trace_iterator	iter;
	struct list_head	pipe_node;	/* on trace_pipe_readers */
	bool			paused;		/* pause-on-trace stopped recording */
	/* A view of another buffer: its header when it is empty. */
	void			(*empty_header)(struct seq_file *m,
						struct trace_iterator *iter);
	/* The max buffer of a latency tracer: swaps held off while open. */
	bool			latency_view;
};

static struct trace_reader *to_reader(struct trace_iterator *iter)
{
	return container_of(iter, struct trace_reader, iter);
}

/**
 * tracing_reset_online_cpus - empty a buffer on every online CPU
 * @buffer: the buffer (may be NULL)
 *
 * May sleep.
 */
static void tracing_reset_online_cpus(struct trace_buffer *buffer)
{
	if (buffer)
		ring_buffer_reset_online_cpus(buffer);
}

/* Drop the text added after @len: a record that did not fit whole. */
static void trace_seq_cut(struct trace_seq *s, unsigned int len)
{
	s->seq.len = len;
	s->full = 0;
}

/* ------------------------------------------------------------------ */
/* the header of the trace file                                       */

/* Records in the buffer now, and ever written to it (the lost included). */
/*
 * A latency tracer's saved section (trace_latency.c saves it): the max
 * buffer is what the trace file shows while the current tracer keeps its
 * sections there (print_max), from the section's start on.
 */
static struct trace_buffer *latency_buffer(struct trace_array *tr)
{
	struct tracer *t = tr->current_trace;

	lockdep_assert_held(&tracing_lock);
	if (!t || !t->print_max || !tr->max_allocated)
		return NULL;
	return tr->max_buffer;
}

/* Move @it past the records older than the section; return how many. */
static unsigned long latency_skip_old(struct trace_array *tr,
				      struct ring_buffer_iter *it)
{
	u64 start = READ_ONCE(tr->lat.time_start);
	unsigned long n = 0;
	u64 ts;

	while (ring_buffer_iter_peek(it, &ts) && ts < start) {
		ring_buffer_iter_advance(it);
		n++;
	}
	return n;
}

/*
 * The task and section lines of the latency header: the saved section's
 * for a print_max tracer, a task "-0" with zeros for another (the
 * latency format of function_graph, say).
 */
static void latency_print_task(struct seq_file *m, struct trace_iterator *iter)
{
	static const struct trace_latency_info none;
	struct tracer *t = iter->trace ?: iter->tr->current_trace;
	const struct trace_latency_info *l = t->print_max ? &iter->tr->lat : &none;

	seq_puts(m, "#    -----------------\n");
	seq_printf(m, "#    | task: %.16s-%d (uid:%d nice:%ld policy:%ld rt_prio:%ld)\n",
		   l->comm, l->pid, from_kuid_munged(seq_user_ns(m), l->uid),
		   l->nice, l->policy, l->rt_priority);
	seq_puts(m, "#    -----------------\n");
	if (l->start_ip) {
		seq_puts(m, "#  => started at: ");
		seq_print_ip_sym(&iter->seq, l->start_ip, global_trace.flags);
		trace_print_seq(m, &iter->seq);
		seq_puts(m, "\n#  => ended at:   ");
		seq_print_ip_sym(&iter->seq, l->end_ip, global_trace.flags);
		trace_print_seq(m, &iter->seq);
		seq_puts(m, "\n#\n");
	}
	seq_puts(m, "#\n");
}

static void count_entries(struct trace_iterator *iter, unsigned long *in_buf,
			  unsigned long *written)
{
	struct trace_buffer *buffer = iter->buffer ?: iter->tr->buffer;
	unsigned long n;
	int cpu;

	*in_buf = 0;
	*written = 0;
	if (!buffer)
		return;
	for_each_possible_cpu(cpu) {
		unsigned long skipped = 0;

		if (iter->skipped)
			skipped = iter->skipped[cpu];
		n = ring_buffer_entries_cpu(buffer, cpu) - skipped;
		*in_buf += n;
		/* What was skipped is not counted as lost either. */
		*written += skipped ? n : n + ring_buffer_overrun_cpu(buffer, cpu);
	}
}

static void print_entries_line(struct seq_file *m,
			       struct trace_iterator *iter)
{
	unsigned long in_buf, written;

	count_entries(iter, &in_buf, &written);
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n#\n",
		   in_buf, written, num_online_cpus());
}

/* Column header without the flag columns (irq-info off). */
static void print_plain_columns(struct seq_file *m, bool tgid)
{
	seq_printf(m, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
		   tgid ? "   TGID   " : "");
	seq_printf(m, "#              | |      %s   |         |         |\n",
		   tgid ? "     |    " : "");
}

/* Column header with the legend of the flag columns. */
static void print_irq_columns(struct seq_file *m, bool tgid)
{
	static const char * const legend[] = {
		"  _-----=> irqs-off/BH-disabled",
		" / _----=> need-resched",
		"| / _---=> hardirq/softirq",
		"|| / _--=> preempt-depth",
		"||| / _-=> migrate-disable",
		"|||| /     delay",
	};
	/* The tgid column is 10 characters wider. */
	const char *pad = tgid ? "            " : "  ";
	int i;

	for (i = 0; i < ARRAY_SIZE(legend); i++)
		seq_printf(m, "#%28s%s%s\n", "", pad, legend[i]);
	seq_printf(m, "#           TASK-PID  %s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		   tgid ? "     TGID   " : "  ");
	seq_printf(m, "#              | |    %s   |   |||||     |         |\n",
		   tgid ? "       |    " : "  ");
}

static const char *preempt_model_name(void)
{
	if (preempt_model_none())
		return "server";
	if (preempt_model_voluntary())
		return "desktop";
	if (preempt_model_full())
		return "preempt";
	if (preempt_model_rt())
		return "preempt_rt";
	return "unknown";
}

/* 68 dashes under the title of the latency format. */
#define LATENCY_RULE \
	"--------------------------------------------------------------------"

/**
 * trace_print_latency_block - the block the latency format starts with
 * @m: the trace file
 * @iter: its reader
 *
 * The latency, CPU and task are those of the section a latency tracer
 * saved (print_max: trace_latency.c), zeros for another tracer.  Also the
 * top of function_graph's header in the latency format.
 */
void trace_print_latency_block(struct seq_file *m, struct trace_iterator *iter)
{
	struct tracer *tracer = iter->trace ?: iter->tr->current_trace;
	unsigned long latency = 0;
	unsigned long in_buf, written;
	int cpu = 0;

	if (tracer->print_max) {
		latency = iter->tr->lat.latency / NSEC_PER_USEC;
		cpu = iter->tr->lat.cpu;
	}
	count_entries(iter, &in_buf, &written);

	seq_printf(m, "# %s latency trace v1.1.5 on %s\n", tracer->name,
		   init_utsname()->release);
	seq_printf(m, "# %s\n", LATENCY_RULE);
	/* The four numbers after the model are reserved: always 0. */
	seq_printf(m, "# latency: %lu us, #%lu/%lu, CPU#%d | (M:%s VP:0, KP:0, SP:0 HP:0",
		   latency, in_buf, written, cpu, preempt_model_name());
	if (IS_ENABLED(CONFIG_SMP))
		seq_printf(m, " #P:%d", num_online_cpus());
	seq_puts(m, ")\n");
	latency_print_task(m, iter);
}

static void print_latency_columns(struct seq_file *m)
{
	seq_puts(m,
		 "#                    _------=> CPU#            \n"
		 "#                   / _-----=> irqs-off/BH-disabled\n"
		 "#                  | / _----=> need-resched    \n"
		 "#                  || / _---=> hardirq/softirq \n"
		 "#                  ||| / _--=> preempt-depth   \n"
		 "#                  |||| / _-=> migrate-disable \n"
		 "#                  ||||| /     delay           \n"
		 "#  cmd     pid     |||||| time  |   caller     \n"
		 "#     \\   /        ||||||  \\    |    /       \n");
}

/**
 * trace_default_header - what follows "# tracer:" for most tracers
 * @m: the trace file's seq_file (its private is the reader's iterator)
 *
 * The counts and the column legend in the form the options ask for, or
 * the latency block.  A tracer's print_header may fall back on it.
 */
void trace_default_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;
	u64 flags = iter->tr->flags;
	bool verbose = flags & TRACE_ITER(VERBOSE);
	bool tgid = flags & TRACE_ITER(RECORD_TGID);

	if (!(flags & TRACE_ITER(CONTEXT_INFO)))
		return;

	if (iter->iter_flags & TRACE_FILE_LAT_FMT) {
		if (trace_empty(iter))
			return;
		trace_print_latency_block(m, iter);
		if (!verbose)
			print_latency_columns(m);
		return;
	}

	if (verbose)
		return;
	print_entries_line(m, iter);
	if (flags & TRACE_ITER(IRQ_INFO))
		print_irq_columns(m, tgid);
	else
		print_plain_columns(m, tgid);
}

/*
 * The top of the trace file: "# tracer: NAME" and then the tracer's own
 * header or the default one (counts and column legend, in the form the
 * options ask for).
 */
static void trace_print_header(struct seq_file *m,
			       struct trace_iterator *iter)
{
	struct tracer *tracer = iter->trace ?: iter->tr->current_trace;

	seq_printf(m, "# tracer: %s\n#\n", tracer->name);
	if (tracer->print_header)
		tracer->print_header(m);
	else
		trace_default_header(m);
}

/* ------------------------------------------------------------------ */
/* trace: the seq_file of every record                                 */

/*
 * Position 0 of the file is the header, position n the n-th record.
 * iter->pos is the position of the item the iterator is on (-1: not
 * started).  seq_file asks again for the item it could not fit, which is
 * the one the iterator is on; its text may already be in iter->seq
 * (iter->leftover).  Going back starts the walk over.
 */
static void trace_file_rewind(struct trace_iterator *iter)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!iter->buffer_iter[cpu])
			continue;
		ring_buffer_iter_reset(iter->buffer_iter[cpu]);
		/* A latency tracer's view starts at its section. */
		if (iter->skipped)
			iter->skipped[cpu] = latency_skip_old(iter->tr,
							      iter->buffer_iter[cpu]);
	}
	cpumask_clear(iter->started);
	iter->ent = NULL;
	iter->leftover = 0;
	iter->idx = -1;	/* the first record is number 0 */
	iter->pos = 0;
}

static bool trace_file_step(struct trace_iterator *iter)
{
	if (!trace_find_next_entry_inc(iter))
		return false;
	iter->leftover = 0;
	iter->pos++;
	return true;
}

static void *trace_file_item(struct trace_iterator *iter)
{
	if (!iter->pos)
		return SEQ_START_TOKEN;
	return iter->ent ? iter : NULL;
}

static void *trace_file_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iterator *iter = m->private;
	struct trace_array *tr = iter->tr;

	/* A tracer change shows from the next read on. */
	mutex_lock(&tracing_lock);
	if (iter->trace != tr->current_trace) {
		if (iter->trace->close)
			iter->trace->close(iter);
		iter->trace = tr->current_trace;
		if (iter->trace->open)
			iter->trace->open(iter);
	}
	mutex_unlock(&tracing_lock);

	down_read(&trace_event_sem);
	/* Past the end the record is gone: an lseek back to it rewinds. */
	if (iter->pos < 0 || *pos < iter->pos ||
	    (*pos == iter->pos && iter->pos && !iter->ent))
		trace_file_rewind(iter);
	while (iter->pos < *pos)
		if (!trace_file_step(iter))
			return NULL;
	return trace_file_item(iter);
}

static void *trace_file_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_iterator *iter = m->private;

	(*pos)++;
	if (!trace_file_step(iter))
		return NULL;
	return iter;
}

static void trace_file_stop(struct seq_file *m, void *v)
{
	up_read(&trace_event_sem);
}

static int trace_file_show(struct seq_file *m, void *v)
{
	struct trace_iterator *iter = m->private;

	if (v == SEQ_START_TOKEN) {
		struct trace_reader *rd = to_reader(iter);

		if (rd->empty_header && trace_empty(iter)) {
			seq_printf(m, "# tracer: %s\n#\n", iter->trace->name);
			rd->empty_header(m, iter);
		} else {
			trace_print_header(m, iter);
		}
		return 0;
	}
	if (!iter->leftover) {
		trace_seq_init(&iter->seq);
		if (print_trace_line(iter) == TRACE_TYPE_PARTIAL_LINE) {
			iter->seq.full = 0;
			trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
		}
	}
	/* Text that does not fit stays in iter->seq for the next try. */
	iter->leftover = trace_print_seq(m, &iter->seq);
	if (!iter->leftover)
		trace_seq_init(&iter->seq);
	return 0;
}

static const struct seq_operations trace_file_seq_ops = {
	.start	= trace_file_start,
	.next	= trace_file_next,
	.stop	= trace_file_stop,
	.show	= trace_file_show,
};

static void trace_reader_free_content(struct trace_iterator *iter)
{
	free_cpumask_var(iter->started);
	kfree(iter->buffer_iter);
	kfree(iter->temp);
	kfree(iter->fmt);
}

static int trace_file_open_read(struct file *file, struct trace_array *tr,
				int cpu, struct trace_buffer *buffer,
				void (*empty_header)(struct seq_file *m,
						     struct trace_iterator *iter))
{
	struct trace_iterator *iter;
	struct trace_reader *rd;
	int i;

	rd = __seq_open_private(file, &trace_file_seq_ops, sizeof(*rd));
	if (!rd)
		return -ENOMEM;
	iter = &rd->iter;
	iter->buffer_iter = kcalloc(nr_cpu_ids, sizeof(*iter->buffer_iter),
				    GFP_KERNEL);
	if (!iter->buffer_iter || !zalloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto fail;
	iter->pos = -1;

	mutex_lock(&tracing_lock);
	/*
	 * pause-on-trace: hold the writers off while the file is open, and
	 * the swaps too (as upstream refuses them while tracing is stopped):
	 * else a snapshot would hand the writers a buffer that is not paused
	 * and this reader the snapshot.  Held before the live buffer is
	 * looked up, so that it is the one paused.
	 */
	if (!buffer) {
		buffer = latency_buffer(tr);
		rd->latency_view = buffer != NULL;
	}
	rd->paused = !buffer && (tr->flags & TRACE_ITER(PAUSE_ON_TRACE));
	if (rd->paused || rd->latency_view)
		trace_swap_hold(tr);
	trace_iter_setup_buffer(iter, tr, buffer ?: tr->buffer, cpu, true);
	iter->snapshot = buffer != NULL && !rd->latency_view;
	rd->empty_header = empty_header;
	if (iter->trace->open)
		iter->trace->open(iter);
	if (rd->paused)
		ring_buffer_record_disable(iter->buffer);
	mutex_unlock(&tracing_lock);

	if (rd->latency_view)
		iter->skipped = kcalloc(nr_cpu_ids, sizeof(*iter->skipped),
					GFP_KERNEL);
	/* (A latency view skips what predates its section at each rewind.) */
	for_each_possible_cpu(i)
		if (cpu == RING_BUFFER_ALL_CPUS || cpu == i)
			iter->buffer_iter[i] = ring_buffer_read_start(iter->buffer,
								      i, GFP_KERNEL);
	return 0;
fail:
	trace_reader_free_content(iter);
	seq_release_private(file_inode(file), file);
	return -ENOMEM;
}

static int tracing_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	/*
	 * "echo > trace" empties the buffer (per_cpu/cpuN/trace: that CPU),
	 * between two records of a consumer, never while one is printing a
	 * record it has yet to consume.
	 */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		struct trace_buffer *lat;

		/* A latency tracer's: the saved section goes, not the live. */
		mutex_lock(&tracing_lock);
		lat = latency_buffer(tr);
		if (lat) {
			trace_swap_hold(tr);
			if (cpu == RING_BUFFER_ALL_CPUS)
				tracing_reset_online_cpus(tr->max_buffer);
			else
				ring_buffer_reset_cpu(tr->max_buffer, cpu);
			trace_swap_release(tr);
		}
		mutex_unlock(&tracing_lock);
		if (!lat) {
			trace_consumers_lock(tr);
			if (tr->buffer)
				tr->time_start = ring_buffer_time_stamp(tr->buffer);
			if (cpu == RING_BUFFER_ALL_CPUS)
				tracing_reset_online_cpus(tr->buffer);
			else
				ring_buffer_reset_cpu(tr->buffer, cpu);
			trace_consumers_unlock(tr);
		}
	}
	if (file->f_mode & FMODE_READ) {
		ret = trace_file_open_read(file, tr, cpu, NULL, NULL);
		if (ret)
			trace_array_put(tr);
	}
	return ret;
}

/**
 * trace_file_open_buffer - open a reader of another buffer of an array
 * @file: the file being opened for reading
 * @tr: the array, pinned by the caller
 * @cpu: the CPU to read, or RING_BUFFER_ALL_CPUS
 * @buffer: the buffer to read (the snapshot), not the live one
 * @empty_header: what the file shows under "# tracer:" while @buffer is
 *	empty (the default header otherwise)
 *
 * The file then reads like trace, with trace_file_release() as its
 * release (which also drops the caller's pin) and seq_read() as its read.
 * pause-on-trace does not apply: the writers do not write to @buffer.
 *
 * Return: 0 or -ENOMEM (the caller then drops its pin).
 */
int trace_file_open_buffer(struct file *file, struct trace_array *tr, int cpu,
			   struct trace_buffer *buffer,
			   void (*empty_header)(struct seq_file *m,
						struct trace_iterator *iter))
{
	return trace_file_open_read(file, tr, cpu, buffer, empty_header);
}

static int tracing_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	struct trace_iterator *iter;
	struct trace_reader *rd;
	int cpu;

	if (file->f_mode & FMODE_READ) {
		iter = ((struct seq_file *)file->private_data)->private;
		rd = to_reader(iter);
		for_each_possible_cpu(cpu)
			if (iter->buffer_iter[cpu])
				ring_buffer_read_finish(iter->buffer_iter[cpu]);
		mutex_lock(&tracing_lock);
		if (iter->trace->close)
			iter->trace->close(iter);
		mutex_unlock(&tracing_lock);
		if (rd->paused) {
			ring_buffer_record_enable(iter->buffer);
			trace_swap_release(tr);
		}
		if (rd->latency_view)
			trace_swap_release(tr);
		kfree(iter->skipped);
		trace_reader_free_content(iter);
		seq_release_private(inode, file);
	}
	trace_array_put(tr);
	return 0;
}

/**
 * trace_file_release - release of a file opened by trace_file_open_buffer()
 * @inode: its inode (i_private is the array)
 * @file: the file
 *
 * Return: 0.
 */
int trace_file_release(struct inode *inode, struct file *file)
{
	return tracing_release(inode, file);
}

static const struct file_operations tracing_fops = {
	.open		= tracing_open,
	.read		= seq_read,
	.read_iter	= seq_read_iter,
	.splice_read	= copy_splice_read,
	.write		= trace_write_ignore,
	.llseek		= trace_truncate_lseek,
	.release	= tracing_release,
};

/* ------------------------------------------------------------------ */
/* trace_pipe: consuming text reads                                    */

/*
 * Open trace_pipe files, under tracing_lock.  Like upstream, one CPU's
 * records have one text consumer at a time: a second open of the same
 * CPU (or of all CPUs against any CPU) gets -EBUSY.
 */
static LIST_HEAD(trace_pipe_readers);

static int trace_pipe_claim(struct trace_reader *rd, struct trace_array *tr,
			    int cpu)
{
	struct trace_reader *other;

	lockdep_assert_held(&tracing_lock);
	list_for_each_entry(other, &trace_pipe_readers, pipe_node) {
		int ocpu = other->iter.cpu_file;

		if (other->iter.tr == tr &&
		    (cpu == ocpu || cpu == RING_BUFFER_ALL_CPUS ||
		     ocpu == RING_BUFFER_ALL_CPUS))
			return -EBUSY;
	}
	list_add(&rd->pipe_node, &trace_pipe_readers);
	return 0;
}

static int tracing_open_pipe(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int cpu = tracing_get_cpu(inode);
	struct trace_iterator *iter;
	struct trace_reader *rd;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = -ENOMEM;
	rd = kvzalloc(sizeof(*rd), GFP_KERNEL);
	if (!rd)
		goto fail_put;
	iter = &rd->iter;
	if (!alloc_cpumask_var(&iter->started, GFP_KERNEL))
		goto fail_free;
	/* No "buffer started" marks in a pipe. */
	cpumask_setall(iter->started);
	mutex_init(&iter->mutex);
	trace_seq_init(&iter->seq);

	mutex_lock(&tracing_lock);
	ret = trace_pipe_claim(rd, tr, cpu);
	if (ret) {
		mutex_unlock(&tracing_lock);
		goto fail_free;
	}
	trace_iter_setup(iter, tr, cpu, false);
	if (iter->trace->pipe_open)
		iter->trace->pipe_open(iter);
	tr->trace_ref++;
	mutex_unlock(&tracing_lock);

	file->private_data = iter;
	return nonseekable_open(inode, file);

fail_free:
	free_cpumask_var(iter->started);
	kvfree(rd);
fail_put:
	trace_array_put(tr);
	return ret;
}

static int tracing_release_pipe(struct inode *inode, struct file *file)
{
	struct trace_iterator *iter = file->private_data;
	struct trace_reader *rd = to_reader(iter);
	struct trace_array *tr = iter->tr;

	mutex_lock(&tracing_lock);
	list_del(&rd->pipe_node);
	tr->trace_ref--;
	if (iter->trace->pipe_close)
		iter->trace->pipe_close(iter);
	mutex_unlock(&tracing_lock);

	trace_reader_free_content(iter);
	mutex_destroy(&iter->mutex);
	kvfree(rd);
	trace_array_put(tr);
	return 0;
}

/*
 * Wait, iter->mutex held (dropped while asleep), until there is a record.
 * Return: 1 to go and read, 0 for end of file, or -EAGAIN / -EINTR.
 */
static int trace_pipe_wait(struct trace_iterator *iter, bool nonblock)
{
	int ret;

	/* A snapshot may have swapped the live buffer since the last read. */
	iter->buffer = READ_ONCE(iter->tr->buffer);
	while (trace_empty(iter)) {
		if (nonblock)
			return -EAGAIN;
		/*
		 * A reader that has had records sees the end once tracing is
		 * off and the buffer drained; one that has had none keeps
		 * waiting, so it can be started before tracing is.
		 */
		if (iter->pos && !tracer_tracing_is_on(iter->tr))
			return 0;
		mutex_unlock(&iter->mutex);
		ret = ring_buffer_wait(iter->buffer, iter->cpu_file, 0, NULL, NULL);
		mutex_lock(&iter->mutex);
		if (ret)
			return ret;
		iter->buffer = READ_ONCE(iter->tr->buffer);
	}
	iter->pos = 1;
	return 1;
}

/*
 * Format and consume records until @room bytes of text are in iter->seq
 * (or the buffer is empty).  A record whose line does not fit whole is
 * left for the next read, unless it is alone: then it is dropped for a
 * "[LINE TOO BIG]" note.
 */
static void trace_pipe_fill(struct trace_iterator *iter, unsigned int room)
{
	trace_seq_init(&iter->seq);
	trace_consumers_lock(iter->tr);
	/* The live buffer, as of now: a snapshot may have swapped it. */
	iter->buffer = READ_ONCE(iter->tr->buffer);
	down_read(&trace_event_sem);
	while (trace_find_next_entry_inc(iter)) {
		unsigned int before = trace_seq_used(&iter->seq);
		enum print_line_t ret = print_trace_line(iter);

		if (ret == TRACE_TYPE_PARTIAL_LINE) {
			if (before) {
				trace_seq_cut(&iter->seq, before);
				break;
			}
			trace_seq_init(&iter->seq);
			trace_seq_puts(&iter->seq, "[LINE TOO BIG]\n");
			trace_consume(iter);
			break;
		}
		if (ret != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		if (trace_seq_used(&iter->seq) >= room)
			break;
	}
	up_read(&trace_event_sem);
	trace_consumers_unlock(iter->tr);
}

static ssize_t trace_pipe_copy_out(struct trace_seq *s, struct iov_iter *to)
{
	size_t n = copy_to_iter(s->buffer + s->readpos,
				trace_seq_used(s) - s->readpos, to);

	if (!n)
		return -EFAULT;
	s->readpos += n;
	if (s->readpos >= trace_seq_used(s))
		trace_seq_init(s);
	return n;
}

/*
 * read_iter rather than read: it serves read(), readv() and, through
 * copy_splice_read(), splice().
 */
static ssize_t tracing_read_pipe(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *file = iocb->ki_filp;
	struct trace_iterator *iter = file->private_data;
	bool nonblock = (file->f_flags & O_NONBLOCK) ||
			(iocb->ki_flags & IOCB_NOWAIT);
	size_t want = iov_iter_count(to);
	ssize_t ret;

	if (!want)
		return 0;
	if (mutex_lock_interruptible(&iter->mutex))
		return -ERESTARTSYS;
	for (;;) {
		/* Text an earlier read formatted but could not return. */
		if (iter->seq.readpos < trace_seq_used(&iter->seq)) {
			ret = trace_pipe_copy_out(&iter->seq, to);
			break;
		}
		ret = trace_pipe_wait(iter, nonblock);
		if (ret <= 0)
			break;
		trace_pipe_fill(iter, min_t(size_t, want, TRACE_SEQ_BUFFER_SIZE - 1));
		/* Records that printed nothing: wait for more. */
	}
	mutex_unlock(&iter->mutex);
	return ret;
}

static __poll_t tracing_poll_pipe(struct file *file, poll_table *pt)
{
	struct trace_iterator *iter = file->private_data;

	return trace_poll(iter->tr, iter->cpu_file, file, pt);
}

static const struct file_operations tracing_pipe_fops = {
	.open		= tracing_open_pipe,
	.read_iter	= tracing_read_pipe,
	.splice_read	= copy_splice_read,
	.poll		= tracing_poll_pipe,
	.release	= tracing_release_pipe,
};

/**
 * trace_read_create_files - make an array's trace and trace_pipe files
 * @tr: the trace array
 * @dir: its directory
 *
 * Context: tracing_lock held.
 */
void trace_read_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("trace", TRACE_MODE_WRITE, dir, tr, &tracing_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, dir, tr,
			  &tracing_pipe_fops);
}

/**
 * trace_read_create_cpu_files - make per_cpu/cpuN/trace and trace_pipe
 * @tr: the trace array
 * @d_cpu: its per_cpu/cpuN directory
 * @cpu: N
 *
 * Context: tracing_lock held.
 */
void trace_read_create_cpu_files(struct trace_array *tr, struct dentry *d_cpu,
				 long cpu)
{
	trace_create_cpu_file("trace", TRACE_MODE_WRITE, d_cpu, tr, cpu,
			      &tracing_fops);
	trace_create_cpu_file("trace_pipe", TRACE_MODE_READ, d_cpu, tr, cpu,
			      &tracing_pipe_fops);
}
