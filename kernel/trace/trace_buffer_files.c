// SPDX-License-Identifier: GPL-2.0
/*
 * The files of an array's buffer and its recording switch: tracing_on,
 * buffer_size_kb (also per CPU), buffer_total_size_kb,
 * buffer_subbuf_size_kb, buffer_percent, free_buffer, tracing_cpumask,
 * trace_clock and timestamp_mode, and tracing_set_clock() behind
 * trace_clock.
 *
 * Changes that replace or reset the buffer's pages (a clock, a sub-buffer
 * size) first wait for the readers with trace_consumers_lock(), then take
 * tracing_lock, in that order.
 */
#include <linux/cpumask.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

static unsigned long trace_buffer_kb(struct trace_array *tr, int cpu)
{
	return ring_buffer_size(tr->buffer, cpu) >> 10;
}

/**
 * tracing_set_clock - change the clock of a trace array
 * @tr: the array
 * @clockstr: one of the names trace_clock lists
 *
 * The buffer is emptied (also when the clock stays): stamps of two
 * clocks cannot be ordered.
 *
 * Return: 0, or -EINVAL for an unknown clock.
 */
int tracing_set_clock(struct trace_array *tr, const char *clockstr)
{
	int id = trace_clock_lookup(clockstr);

	if (id < 0)
		return -EINVAL;
	/* The reset waits for consumers to finish the record in hand. */
	trace_consumers_lock(tr);
	mutex_lock(&tracing_lock);
	tr->clock_id = id;
	/* Even the same clock starts over, as users expect from a write. */
	if (tr->buffer) {
		trace_swap_hold(tr);
		ring_buffer_set_clock(tr->buffer, trace_clocks[id].func);
		ring_buffer_reset(tr->buffer);
		tr->time_start = ring_buffer_time_stamp(tr->buffer);
		/* The snapshot's stamps would not compare either. */
		if (tr->max_buffer) {
			ring_buffer_set_clock(tr->max_buffer, trace_clocks[id].func);
			ring_buffer_reset(tr->max_buffer);
		}
		trace_swap_release(tr);
	}
	mutex_unlock(&tracing_lock);
	trace_consumers_unlock(tr);
	return 0;
}

/* tracing_on ------------------------------------------------------- */

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return trace_read_line(ubuf, cnt, ppos, "%d\n", tracer_tracing_is_on(tr));
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	mutex_lock(&tracing_lock);
	if (!!val != tracer_tracing_is_on(tr)) {
		struct tracer *t = tr->current_trace;

		if (val) {
			tracer_tracing_on(tr);
			if (t && t->start)
				t->start(tr);
		} else {
			tracer_tracing_off(tr);
			if (t && t->stop)
				t->stop(tr);
			/* Readers waiting in trace_pipe see the end now. */
			if (tr->buffer)
				ring_buffer_wake_waiters(tr->buffer, RING_BUFFER_ALL_CPUS);
		}
	}
	mutex_unlock(&tracing_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_on_fops = {
	.open		= tracing_open_generic_tr,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* buffer_size_kb, buffer_total_size_kb ----------------------------- */

static ssize_t buffer_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int cpu = tracing_get_cpu(file_inode(filp));
	unsigned long kb = 0;
	bool same = true;
	char buf[64];
	int i, len;

	mutex_lock(&tracing_lock);
	if (cpu != RING_BUFFER_ALL_CPUS) {
		kb = trace_buffer_kb(tr, cpu);
	} else {
		bool first = true;

		for_each_possible_cpu(i) {
			unsigned long k = trace_buffer_kb(tr, i);

			if (!first && k != kb)
				same = false;
			kb = k;
			first = false;
		}
	}
	if (!same)
		len = scnprintf(buf, sizeof(buf), "X");
	else
		len = scnprintf(buf, sizeof(buf), "%lu", kb);
	if (!tr->buffer_expanded && cpu == RING_BUFFER_ALL_CPUS)
		len += scnprintf(buf + len, sizeof(buf) - len, " (expanded: %lu)",
				 tr->buffer_size >> 10);
	len += scnprintf(buf + len, sizeof(buf) - len, "\n");
	mutex_unlock(&tracing_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t buffer_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	int cpu = tracing_get_cpu(file_inode(filp));
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (!val)
		return -EINVAL;
	if (val > (ULONG_MAX >> 10))
		return -ENOMEM;
	mutex_lock(&tracing_lock);
	ret = trace_resize_locked(tr, val << 10, cpu);
	if (!ret)
		tr->buffer_expanded = true;
	mutex_unlock(&tracing_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_size_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_size_read,
	.write		= buffer_size_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

static ssize_t buffer_total_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb = 0, expanded = 0;
	char buf[64];
	int cpu, len;

	mutex_lock(&tracing_lock);
	for_each_possible_cpu(cpu) {
		kb += trace_buffer_kb(tr, cpu);
		expanded += tr->buffer_size >> 10;
	}
	if (tr->buffer_expanded)
		len = scnprintf(buf, sizeof(buf), "%lu\n", kb);
	else
		len = scnprintf(buf, sizeof(buf), "%lu (expanded: %lu)\n",
				kb, expanded);
	mutex_unlock(&tracing_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations buffer_total_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_total_read,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* buffer_subbuf_size_kb -------------------------------------------- */

static ssize_t subbuf_size_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return trace_read_line(ubuf, cnt, ppos, "%d\n",
			       ring_buffer_subbuf_size_get(tr->buffer) >> 10);
}

static ssize_t subbuf_size_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long kb, pages;
	int order, ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &kb);
	if (ret)
		return ret;
	/* From one to 128 pages, rounded up to a power of two pages. */
	if (!kb || kb > (128 * PAGE_SIZE) >> 10)
		return -EINVAL;
	pages = DIV_ROUND_UP(kb << 10, PAGE_SIZE);
	order = fls(pages - 1);
	/*
	 * Every page is replaced and freed, the ones trace_pipe and
	 * trace_pipe_raw are reading from too: wait until no reader holds
	 * one.
	 */
	trace_consumers_lock(tr);
	mutex_lock(&tracing_lock);
	trace_swap_hold(tr);
	ret = ring_buffer_subbuf_order_set(tr->buffer, order);
	/* An allocated snapshot keeps the live buffer's shape. */
	if (!ret && tr->max_allocated) {
		ret = ring_buffer_subbuf_order_set(tr->max_buffer, order);
		if (!ret)
			ret = trace_resize_like(tr->max_buffer, tr->buffer,
						RING_BUFFER_ALL_CPUS);
	}
	trace_swap_release(tr);
	mutex_unlock(&tracing_lock);
	trace_consumers_unlock(tr);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations subbuf_size_fops = {
	.open		= tracing_open_generic_tr,
	.read		= subbuf_size_read,
	.write		= subbuf_size_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* free_buffer: whatever is written, closing the file frees ---------- */

static ssize_t free_buffer_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	mutex_lock(&tracing_lock);
	if (tr->flags & TRACE_ITER(STOP_ON_FREE))
		tracer_tracing_off(tr);
	/* The smallest buffer the ring buffer has: two sub-buffers a CPU. */
	trace_swap_hold(tr);
	if (tr->buffer && !ring_buffer_resize(tr->buffer, 1, RING_BUFFER_ALL_CPUS))
		tr->buffer_expanded = true;
	/* An allocated snapshot shrinks with it, as a resize would. */
	if (tr->max_allocated)
		ring_buffer_resize(tr->max_buffer, 1, RING_BUFFER_ALL_CPUS);
	trace_swap_release(tr);
	mutex_unlock(&tracing_lock);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations free_buffer_fops = {
	.open		= tracing_open_generic_tr,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
	.llseek		= default_llseek,
};

/* buffer_percent --------------------------------------------------- */

static ssize_t buffer_percent_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;

	return trace_read_line(ubuf, cnt, ppos, "%d\n", READ_ONCE(tr->buffer_percent));
}

static ssize_t buffer_percent_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 100)
		return -EINVAL;
	WRITE_ONCE(tr->buffer_percent, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations buffer_percent_fops = {
	.open		= tracing_open_generic_tr,
	.read		= buffer_percent_read,
	.write		= buffer_percent_write,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/* tracing_cpumask -------------------------------------------------- */

static ssize_t cpumask_read(struct file *filp, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	ssize_t ret;
	char *buf;
	int len;

	buf = kmalloc(nr_cpu_ids + 2, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&tracing_lock);
	len = scnprintf(buf, nr_cpu_ids + 2, "%*pb\n",
			cpumask_pr_args(tr->tracing_cpumask));
	mutex_unlock(&tracing_lock);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kfree(buf);
	return ret;
}

static ssize_t cpumask_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	cpumask_var_t mask;
	int cpu, ret;

	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpumask_parse_user(ubuf, cnt, mask);
	if (ret)
		goto out;
	mutex_lock(&tracing_lock);
	for_each_possible_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, tr->tracing_cpumask);
		bool now = cpumask_test_cpu(cpu, mask);

		if (was == now || !tr->buffer)
			continue;
		/*
		 * Both buffers, so that the count of each stays balanced
		 * whichever of them is live when the CPU comes back.
		 */
		trace_swap_hold(tr);
		if (now) {
			ring_buffer_record_enable_cpu(tr->buffer, cpu);
			if (tr->max_buffer)
				ring_buffer_record_enable_cpu(tr->max_buffer, cpu);
		} else {
			ring_buffer_record_disable_cpu(tr->buffer, cpu);
			if (tr->max_buffer)
				ring_buffer_record_disable_cpu(tr->max_buffer, cpu);
		}
		trace_swap_release(tr);
	}
	cpumask_copy(tr->tracing_cpumask, mask);
	mutex_unlock(&tracing_lock);
	*ppos += cnt;
	ret = cnt;
out:
	free_cpumask_var(mask);
	return ret;
}

static const struct file_operations tracing_cpumask_fops = {
	.open		= tracing_open_generic_tr,
	.read		= cpumask_read,
	.write		= cpumask_write,
	.release	= tracing_release_generic_tr,
	.llseek		= generic_file_llseek,
};

/* trace_clock, timestamp_mode -------------------------------------- */

static int trace_clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	int i;

	for (i = 0; i < trace_clock_count; i++)
		seq_printf(m, "%s%s%s%s", i ? " " : "",
			   i == tr->clock_id ? "[" : "", trace_clocks[i].name,
			   i == tr->clock_id ? "]" : "");
	seq_putc(m, '\n');
	return 0;
}

static int trace_clock_open(struct inode *inode, struct file *filp)
{
	return trace_single_open(inode, filp, trace_clock_show);
}

static int trace_clock_apply(struct trace_array *tr, char *cmd)
{
	return tracing_set_clock(tr, strstrip(cmd));
}

static ssize_t trace_clock_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return trace_single_write_cmd(filp, ubuf, cnt, ppos, trace_clock_apply);
}

static const struct file_operations trace_clock_fops = {
	.open		= trace_clock_open,
	.read		= seq_read,
	.write		= trace_clock_write,
	.llseek		= seq_lseek,
	.release	= trace_single_release,
};

static ssize_t timestamp_mode_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = filp->private_data;
	bool abs = tr->buffer && ring_buffer_time_stamp_abs(tr->buffer);

	return trace_read_line(ubuf, cnt, ppos, abs ? "delta [absolute]\n" :
			       "[delta] absolute\n");
}

static const struct file_operations timestamp_mode_fops = {
	.open		= tracing_open_generic_tr,
	.read		= timestamp_mode_read,
	.release	= tracing_release_generic_tr,
	.llseek		= default_llseek,
};

/**
 * trace_buffer_create_files - create an array's buffer files
 * @tr: the array
 * @dir: its directory
 *
 * Context: tracing_lock held.
 */
void trace_buffer_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("tracing_cpumask", TRACE_MODE_WRITE, dir, tr,
			  &tracing_cpumask_fops);
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, dir, tr,
			  &buffer_size_fops);
	trace_create_file("buffer_total_size_kb", TRACE_MODE_READ, dir, tr,
			  &buffer_total_fops);
	trace_create_file("buffer_subbuf_size_kb", TRACE_MODE_WRITE, dir, tr,
			  &subbuf_size_fops);
	trace_create_file("buffer_percent", TRACE_MODE_WRITE, dir, tr,
			  &buffer_percent_fops);
	trace_create_file("free_buffer", 0200, dir, tr, &free_buffer_fops);
	trace_create_file("trace_clock", TRACE_MODE_WRITE, dir, tr,
			  &trace_clock_fops);
	trace_create_file("tracing_on", TRACE_MODE_WRITE, dir, tr,
			  &tracing_on_fops);
	trace_create_file("timestamp_mode", TRACE_MODE_READ, dir, tr,
			  &timestamp_mode_fops);
}

/**
 * trace_buffer_create_cpu_files - create the buffer files of one CPU
 * @tr: the array
 * @dir: its per_cpu/cpuN directory
 * @cpu: the CPU
 *
 * Context: tracing_lock held.
 */
void trace_buffer_create_cpu_files(struct trace_array *tr, struct dentry *dir,
				   long cpu)
{
	trace_create_cpu_file("buffer_size_kb", TRACE_MODE_WRITE, dir, tr,
			      cpu, &buffer_size_fops);
}
