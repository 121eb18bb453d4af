// SPDX-License-Identifier: GPL-2.0
/*
 * The second buffer of a trace array and the swap that trades it for the
 * live one.  The snapshot files (snapshot, per_cpu/cpuN/snapshot and
 * snapshot_raw) and the kernel's snapshot API use it to freeze what the
 * live buffer held at one moment while tracing goes on; the latency
 * tracers will use the same buffer and the same swap to keep the trace of
 * the worst latency seen (upstream calls it the max buffer).
 *
 * Design.  Every array gets its second buffer when it is made, at the
 * ring buffer's smallest size, and loses it only when it is freed; a
 * snapshot "allocates" by growing it to the live buffer's size and
 * "frees" by shrinking it back.  So no reader, writer or open file can
 * ever hold a pointer to a freed trace_buffer, whatever the swaps did
 * meanwhile.  A whole swap exchanges tr->buffer and tr->max_buffer under
 * tr->max_lock with interrupts off: an O(1) pointer exchange, usable from
 * a trigger in any context but NMI.  Writers take tr->buffer without a
 * lock and use the pointer they took from reserve to commit, so a writer
 * caught by a swap finishes its record in the buffer that has just become
 * the snapshot: nothing committed is lost, it is in one buffer or the
 * other.  The state a writer checks (tracing_on) travels with the live
 * buffer; per-CPU switches (tracing_cpumask) are kept on both buffers by
 * their owners.  A per-CPU swap trades one CPU's part of the two buffers
 * (ring_buffer_swap_cpu()), on that CPU with interrupts off, and fails
 * when a write is under way there.  Settings that act on both buffers
 * (size, clock, sub-buffer size) hold swaps off around them
 * (trace_swap_hold()), and whatever frees or empties pages of the second
 * buffer waits for the consumers first (trace_consumers_lock()).
 */
#include <linux/irq_work.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>

#include "trace.h"

#ifdef CONFIG_TRACER_MAX_TRACE

/* After a swap, readers blocked on either buffer look again. */
static void max_wake_fn(struct irq_work *work)
{
	struct trace_array *tr = container_of(work, struct trace_array, max_wake);

	ring_buffer_wake_waiters(READ_ONCE(tr->buffer), RING_BUFFER_ALL_CPUS);
	ring_buffer_wake_waiters(READ_ONCE(tr->max_buffer), RING_BUFFER_ALL_CPUS);
}

/* Both buffers trade places whole; max_lock held, interrupts off. */
static int max_swap_all(struct trace_array *tr, void *cond_data)
{
	struct trace_buffer *live = tr->buffer;
	struct trace_buffer *max = tr->max_buffer;

	if (tr->cond_snapshot && !tr->cond_snapshot->update(tr, cond_data))
		return -EBUSY;
	/* tracing_on belongs to the array, so it goes with the live buffer. */
	if (ring_buffer_record_is_set_on(live))
		ring_buffer_record_on(max);
	else
		ring_buffer_record_off(max);
	WRITE_ONCE(tr->max_buffer, live);
	WRITE_ONCE(tr->buffer, max);
	return 0;
}

/* One CPU's part trades places; on that CPU, interrupts off. */
static int max_swap_cpu(struct trace_array *tr, int cpu)
{
	if (!IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP))
		return -EINVAL;
	if (WARN_ON_ONCE(cpu != smp_processor_id()))
		return -EINVAL;
	return ring_buffer_swap_cpu(tr->max_buffer, tr->buffer, cpu);
}

/**
 * trace_max_swap - trade the live buffer of an array for its second one
 * @tr: the array
 * @cpu: RING_BUFFER_ALL_CPUS for the whole buffers, or the CPU (the
 *	current one) whose part alone is traded
 * @cond_data: what a conditional snapshot's update() is given
 *
 * See trace.h.  Context: any but NMI.
 *
 * Return: 0, or -ENODEV, -EBUSY, -EAGAIN or -EINVAL when nothing was
 * swapped.
 */
int trace_max_swap(struct trace_array *tr, int cpu, void *cond_data)
{
	unsigned long flags;
	int ret;

	/* raw_: the latency tracers swap from within the irq-flags hooks. */
	if (in_nmi())
		return -EBUSY;
	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	if (!tr->max_allocated)
		ret = -ENODEV;
	else if (tr->swap_hold || (trace_array_is_top(tr) && tr->stop_count))
		ret = -EBUSY;
	else if (cpu == RING_BUFFER_ALL_CPUS)
		ret = max_swap_all(tr, cond_data);
	else
		ret = max_swap_cpu(tr, cpu);
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
	/* Not from here: a trigger may run under the scheduler's locks. */
	if (!ret)
		irq_work_queue(&tr->max_wake);
	return ret;
}
/* For tracers in modules, and the selftests' module that drives it. */
EXPORT_SYMBOL_GPL(trace_max_swap);

/* Set max_allocated where the swap reads it. */
static void max_set_allocated(struct trace_array *tr, bool allocated)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	tr->max_allocated = allocated;
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
}

/* Grow the second buffer to the live one's shape.  tracing_lock held. */
static int max_alloc_locked(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&tracing_lock);
	if (tr->max_allocated)
		return 0;
	if (!tr->buffer || !tr->max_buffer)
		return -ENODEV;
	ret = ring_buffer_subbuf_order_set(tr->max_buffer,
					   ring_buffer_subbuf_order_get(tr->buffer));
	if (!ret)
		ret = trace_resize_like(tr->max_buffer, tr->buffer,
					RING_BUFFER_ALL_CPUS);
	if (ret) {
		ring_buffer_resize(tr->max_buffer, 1, RING_BUFFER_ALL_CPUS);
		return ret;
	}
	max_set_allocated(tr, true);
	return 0;
}

/**
 * trace_max_buffer_alloc - give an array's second buffer the live one's size
 * @tr: the array
 *
 * What a tracer that keeps its worst section there needs first.  Not
 * while a conditional snapshot holds the buffer: its update() would be
 * asked about every swap the tracer makes, as upstream refuses too.
 * Context: tracing_lock held.
 * Return: 0, -EBUSY, -ENODEV or the resize's error.
 */
int trace_max_buffer_alloc(struct trace_array *tr)
{
	int ret;

	if (READ_ONCE(tr->cond_snapshot))
		return -EBUSY;
	if (!tr->max_allocated)
		return max_alloc_locked(tr);
	/*
	 * A snapshot's: the live buffer's shape again, and recording on (a
	 * snapshot taken with tracing off leaves it off, and a per-CPU swap
	 * refuses a buffer that does not record).
	 */
	trace_swap_hold(tr);
	ret = ring_buffer_subbuf_order_set(tr->max_buffer,
					   ring_buffer_subbuf_order_get(tr->buffer));
	if (!ret)
		ret = trace_resize_like(tr->max_buffer, tr->buffer,
					RING_BUFFER_ALL_CPUS);
	ring_buffer_record_on(tr->max_buffer);
	trace_swap_release(tr);
	return ret;
}

/*
 * Shrink the second buffer back to nothing.  No swap reaches it once
 * max_allocated is clear.  Consumers lock and tracing_lock held.  A reader
 * of the snapshot that still iterates over it keeps the pages it has (the
 * ring buffer refuses to resize under an iterator), as upstream does.
 */
static void max_free_locked(struct trace_array *tr)
{
	lockdep_assert_held(&tracing_lock);
	max_set_allocated(tr, false);
	ring_buffer_subbuf_order_set(tr->max_buffer, 0);
	ring_buffer_resize(tr->max_buffer, 1, RING_BUFFER_ALL_CPUS);
	ring_buffer_reset(tr->max_buffer);
}

/**
 * trace_max_buffer_init - give a new array its second buffer
 * @tr: the array, being made
 * @full: make it the live buffer's size (alloc_snapshot at boot)
 *
 * Return: 0 or -ENOMEM.
 */
int trace_max_buffer_init(struct trace_array *tr, bool full)
{
	unsigned int rb_flags = tr->flags & TRACE_ITER(OVERWRITE) ? RB_FL_OVERWRITE : 0;

	unsigned long size = 1;

	tr->max_lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	init_irq_work(&tr->max_wake, max_wake_fn);
	/*
	 * Full-sized from the start rather than resized: at boot this runs
	 * with interrupts still off, where a resize (which waits for an RCU
	 * grace period) must not.  Every CPU's part of a new buffer has the
	 * same size.
	 */
	full = full && tr->buffer;
	if (full)
		size = ring_buffer_size(tr->buffer, cpumask_first(cpu_possible_mask));
	tr->max_buffer = ring_buffer_alloc(size, rb_flags);
	if (!tr->max_buffer)
		return -ENOMEM;
	ring_buffer_set_clock(tr->max_buffer, trace_clocks[tr->clock_id].func);
	tr->max_allocated = full;
	return 0;
}

/**
 * trace_max_buffer_free - free an array's second buffer with the array
 * @tr: the array, no longer listed nor written to
 */
void trace_max_buffer_free(struct trace_array *tr)
{
	if (!tr->max_buffer)
		return;
	irq_work_sync(&tr->max_wake);
	kfree(tr->cond_snapshot);
	tr->cond_snapshot = NULL;
	ring_buffer_free(tr->max_buffer);
	tr->max_buffer = NULL;
	tr->max_allocated = false;
}

#else /* !CONFIG_TRACER_MAX_TRACE */

int trace_max_swap(struct trace_array *tr, int cpu, void *cond_data)
{
	return -ENODEV;
}

int trace_max_buffer_init(struct trace_array *tr, bool full)
{
	return 0;
}

void trace_max_buffer_free(struct trace_array *tr)
{
}

#endif /* CONFIG_TRACER_MAX_TRACE */

#ifdef CONFIG_TRACER_SNAPSHOT

/* ------------------------------------------------------------------ */
/* The kernel API                                                      */

/*
 * Take a snapshot of @tr now, or say in the live buffer why not.  Without
 * a second buffer the trace stops instead, so that what led here stays.
 */
static void snapshot_take(struct trace_array *tr, void *cond_data)
{
	unsigned long flags;

	if (in_nmi()) {
		trace_array_puts(tr, "*** SNAPSHOT CALLED FROM NMI CONTEXT ***\n");
		trace_array_puts(tr, "*** snapshot is being ignored        ***\n");
		return;
	}
	if (!READ_ONCE(tr->max_allocated)) {
		trace_array_puts(tr, "*** SNAPSHOT NOT ALLOCATED ***\n");
		trace_array_puts(tr, "*** stopping trace here!   ***\n");
		tracer_tracing_off(tr);
		return;
	}
	if (READ_ONCE(tr->current_trace)->use_max_tr) {
		trace_array_puts(tr, "*** LATENCY TRACER ACTIVE ***\n");
		trace_array_puts(tr, "*** Can not use snapshot (sorry) ***\n");
		return;
	}
	/*
	 * trace_max_swap() disables interrupts behind lockdep's back (it is
	 * called from the irq-flags hooks); the update() of a conditional
	 * snapshot may take locks, so let lockdep know here.
	 */
	local_irq_save(flags);
	trace_max_swap(tr, RING_BUFFER_ALL_CPUS, cond_data);
	local_irq_restore(flags);
}

/**
 * tracing_snapshot_instance - swap an array's live buffer with its snapshot
 * @tr: the array
 *
 * Without an allocated snapshot, tracing in @tr stops instead (with a
 * note in its buffer).  Context: any; from NMI it only leaves a note.
 */
void tracing_snapshot_instance(struct trace_array *tr)
{
	snapshot_take(tr, NULL);
}

/**
 * tracing_alloc_snapshot_instance - give an array a snapshot buffer
 * @tr: the array
 *
 * Nothing happens when it has one already.  Context: process; takes
 * tracing_lock (event_mutex may be held).
 *
 * Return: 0, or -ENOMEM / -EBUSY from the ring buffer.
 */
int tracing_alloc_snapshot_instance(struct trace_array *tr)
{
	int ret;

	mutex_lock(&tracing_lock);
	ret = max_alloc_locked(tr);
	mutex_unlock(&tracing_lock);
	return ret;
}

/**
 * tracing_snapshot - take a snapshot of the top-level buffer
 *
 * The live buffer and the snapshot buffer trade places; tracing goes on in
 * the former snapshot buffer.  The snapshot must have been allocated
 * (tracing_alloc_snapshot(), tracing_snapshot_alloc() or "echo 1 >
 * snapshot"); without one tracing stops here instead, keeping the trace.
 * Context: any but NMI.
 */
void tracing_snapshot(void)
{
	tracing_snapshot_instance(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_cond - take a snapshot if the array's condition agrees
 * @tr: the array
 * @cond_data: handed to the update() given to tracing_snapshot_cond_enable()
 *
 * Like tracing_snapshot_instance(), but while a conditional snapshot is
 * enabled the swap happens only if its update() returns true for
 * @cond_data.  Context: any but NMI.
 */
void tracing_snapshot_cond(struct trace_array *tr, void *cond_data)
{
	snapshot_take(tr, cond_data);
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond);

/**
 * tracing_cond_snapshot_data - the data of an array's conditional snapshot
 * @tr: the array
 *
 * Not from within update(), which runs under the lock this takes.
 *
 * Return: the cond_data given to tracing_snapshot_cond_enable(), or NULL.
 */
void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	void *data = NULL;
	unsigned long flags;

	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	if (tr->cond_snapshot)
		data = tr->cond_snapshot->cond_data;
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
	return data;
}
EXPORT_SYMBOL_GPL(tracing_cond_snapshot_data);

/**
 * tracing_alloc_snapshot - allocate the top level's snapshot buffer
 *
 * For code that will call tracing_snapshot() where it cannot sleep.
 * Context: process.
 *
 * Return: 0 or a negative errno (and a warning).
 */
int tracing_alloc_snapshot(void)
{
	int ret = tracing_alloc_snapshot_instance(&global_trace);

	WARN_ON(ret < 0);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

/**
 * tracing_snapshot_alloc - allocate the top level's snapshot and take one
 *
 * tracing_alloc_snapshot() then tracing_snapshot().  Context: process.
 */
void tracing_snapshot_alloc(void)
{
	if (tracing_alloc_snapshot() < 0)
		return;
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/**
 * tracing_snapshot_cond_enable - make an array's snapshots conditional
 * @tr: the array
 * @cond_data: kept with it (tracing_cond_snapshot_data())
 * @update: asked, under the snapshot lock with interrupts off, before
 *	each swap of @tr; false keeps the buffers as they are
 *
 * The snapshot buffer is allocated too.  While it is set, writes to the
 * snapshot file are refused with -EBUSY.  Context: process.
 *
 * Return: 0, -EBUSY when one is set already or a latency tracer owns the
 * second buffer, -ENOMEM.
 */
int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update)
{
	struct cond_snapshot *cs;
	unsigned long flags;
	int ret;

	cs = kzalloc(sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return -ENOMEM;
	cs->cond_data = cond_data;
	cs->update = update;

	mutex_lock(&tracing_lock);
	ret = -EBUSY;
	if (tr->current_trace->use_max_tr || tr->cond_snapshot)
		goto out;
	ret = max_alloc_locked(tr);
	if (ret)
		goto out;
	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	tr->cond_snapshot = cs;
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
	cs = NULL;
out:
	mutex_unlock(&tracing_lock);
	kfree(cs);
	return ret;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_enable);

/**
 * tracing_snapshot_cond_disable - make an array's snapshots unconditional
 * @tr: the array
 *
 * The snapshot buffer stays.  Context: process.
 *
 * Return: 0, or -EINVAL when no conditional snapshot was set.
 */
int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	struct cond_snapshot *cs;
	unsigned long flags;

	raw_local_irq_save(flags);
	arch_spin_lock(&tr->max_lock);
	cs = tr->cond_snapshot;
	tr->cond_snapshot = NULL;
	arch_spin_unlock(&tr->max_lock);
	raw_local_irq_restore(flags);
	kfree(cs);
	return cs ? 0 : -EINVAL;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_disable);

/* ------------------------------------------------------------------ */
/* snapshot, per_cpu/cpuN/snapshot                                     */

/* What an empty snapshot file shows under "# tracer:". */
static void snapshot_help(struct seq_file *m, struct trace_iterator *iter)
{
	const char *more = "#                      (Doesn't have to be '2' works with any number that\n"
			   "#                       is not a '0' or '1')\n";

	seq_printf(m, "#\n# * Snapshot is %s *\n#\n",
		   iter->tr->max_allocated ? "allocated" : "freed");
	seq_puts(m, "# Snapshot commands:\n");
	if (iter->cpu_file == RING_BUFFER_ALL_CPUS) {
		seq_puts(m, "# echo 0 > snapshot : Clears and frees snapshot buffer\n");
		seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n");
		seq_puts(m, "#                      Takes a snapshot of the main buffer.\n");
		seq_puts(m, "# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)\n");
		seq_puts(m, more);
		return;
	}
	seq_puts(m, "# echo 0 > snapshot : Invalid for per_cpu snapshot file.\n");
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP)) {
		seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n");
		seq_puts(m, "#                      Takes a snapshot of the main buffer for this cpu.\n");
	} else {
		seq_puts(m, "# echo 1 > snapshot : Not supported with this kernel.\n");
		seq_puts(m, "#                     Must use main snapshot file to allocate.\n");
	}
	seq_puts(m, "# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)\n");
	seq_puts(m, more);
}

static int snapshot_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if (!READ_ONCE(tr->max_buffer)) {
		trace_array_put(tr);
		return -ENODEV;
	}
	if (file->f_mode & FMODE_READ) {
		ret = trace_file_open_buffer(file, tr, tracing_get_cpu(inode),
					     READ_ONCE(tr->max_buffer),
					     snapshot_help);
		if (ret)
			trace_array_put(tr);
	}
	return ret;
}

static void snapshot_swap_here(void *tr)
{
	trace_max_swap(tr, smp_processor_id(), NULL);
}

/* One command written to a snapshot file; consumers lock and tracing_lock. */
static int snapshot_command(struct trace_array *tr, int cpu, unsigned long val)
{
	int ret;

	if (tr->current_trace->use_max_tr || READ_ONCE(tr->cond_snapshot))
		return -EBUSY;

	switch (val) {
	case 0:
		/* Only the whole buffer can be freed. */
		if (cpu != RING_BUFFER_ALL_CPUS)
			return -EINVAL;
		if (tr->max_allocated)
			max_free_locked(tr);
		return 0;
	case 1:
		if (cpu != RING_BUFFER_ALL_CPUS &&
		    !IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP))
			return -EINVAL;
		/* The live buffer may have been resized since. */
		if (tr->max_allocated) {
			trace_swap_hold(tr);
			ret = trace_resize_like(tr->max_buffer, tr->buffer, cpu);
			trace_swap_release(tr);
		} else {
			ret = max_alloc_locked(tr);
		}
		if (ret)
			return ret;
		/* A swap that cannot be made now (a write under way) is skipped. */
		if (cpu == RING_BUFFER_ALL_CPUS)
			trace_max_swap(tr, cpu, NULL);
		else
			smp_call_function_single(cpu, snapshot_swap_here, tr, 1);
		return 0;
	default:
		/* Any other number empties the snapshot, allocated or not. */
		if (!tr->max_allocated)
			return 0;
		trace_swap_hold(tr);
		if (cpu == RING_BUFFER_ALL_CPUS)
			ring_buffer_reset_online_cpus(tr->max_buffer);
		else
			ring_buffer_reset_cpu(tr->max_buffer, cpu);
		trace_swap_release(tr);
		return 0;
	}
}

static ssize_t snapshot_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct inode *inode = file_inode(filp);
	struct trace_array *tr = inode->i_private;
	unsigned long val;
	int ret;

	/* As upstream: a write expands the top-level buffer first. */
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;
	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;

	/* Freeing and emptying pages waits for readers of either buffer. */
	trace_consumers_lock(tr);
	mutex_lock(&tracing_lock);
	ret = snapshot_command(tr, tracing_get_cpu(inode), val);
	mutex_unlock(&tracing_lock);
	trace_consumers_unlock(tr);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* A latency tracer's max buffer is the trace file's, not a snapshot. */
static ssize_t snapshot_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_inode(filp)->i_private;

	if (READ_ONCE(tr->current_trace)->use_max_tr)
		return -EBUSY;
	return seq_read(filp, ubuf, cnt, ppos);
}

static const struct file_operations snapshot_fops = {
	.open		= snapshot_open,
	.read		= snapshot_read,
	.write		= snapshot_write,
	.llseek		= trace_truncate_lseek,
	.release	= trace_file_release,
};

/* ------------------------------------------------------------------ */
/* per_cpu/cpuN/snapshot_raw                                           */

static int snapshot_raw_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	/* Pinned while we look at it; the reader pins it for itself. */
	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	if (!READ_ONCE(tr->max_buffer))
		ret = -ENODEV;
	/* A latency tracer's buffer is not a snapshot to consume. */
	else if (READ_ONCE(tr->current_trace)->use_max_tr)
		ret = -EBUSY;
	else
		ret = trace_raw_open_buffer(inode, file, READ_ONCE(tr->max_buffer));
	trace_array_put(tr);
	return ret;
}

/* trace_raw_fops with the open above; filled in once, at the first use. */
static struct file_operations snapshot_raw_fops;

/**
 * trace_snapshot_create_files - make an array's snapshot file
 * @tr: the array
 * @dir: its directory
 *
 * Context: tracing_lock held.
 */
void trace_snapshot_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("snapshot", TRACE_MODE_WRITE, dir, tr, &snapshot_fops);
}

/**
 * trace_snapshot_create_cpu_files - make per_cpu/cpuN/snapshot and snapshot_raw
 * @tr: the array
 * @d_cpu: its per_cpu/cpuN directory
 * @cpu: N
 *
 * Context: tracing_lock held.
 */
void trace_snapshot_create_cpu_files(struct trace_array *tr,
				     struct dentry *d_cpu, long cpu)
{
	lockdep_assert_held(&tracing_lock);
	if (!snapshot_raw_fops.open) {
		snapshot_raw_fops = trace_raw_fops;
		snapshot_raw_fops.open = snapshot_raw_open;
	}
	trace_create_cpu_file("snapshot", TRACE_MODE_WRITE, d_cpu, tr, cpu,
			      &snapshot_fops);
	trace_create_cpu_file("snapshot_raw", TRACE_MODE_READ, d_cpu, tr, cpu,
			      &snapshot_raw_fops);
}

#else /* !CONFIG_TRACER_SNAPSHOT */

/* Without snapshots, users of the API get a warning, as upstream's do. */
void tracing_snapshot_instance(struct trace_array *tr)
{
	WARN_ONCE(1, "tracing: snapshots are not configured (CONFIG_TRACER_SNAPSHOT)\n");
}

int tracing_alloc_snapshot_instance(struct trace_array *tr)
{
	return -ENODEV;
}

void tracing_snapshot(void)
{
	tracing_snapshot_instance(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

void tracing_snapshot_cond(struct trace_array *tr, void *cond_data)
{
	tracing_snapshot_instance(tr);
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond);

int tracing_alloc_snapshot(void)
{
	WARN_ONCE(1, "tracing: snapshots are not configured (CONFIG_TRACER_SNAPSHOT)\n");
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(tracing_alloc_snapshot);

void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

void *tracing_cond_snapshot_data(struct trace_array *tr)
{
	return NULL;
}
EXPORT_SYMBOL_GPL(tracing_cond_snapshot_data);

int tracing_snapshot_cond_enable(struct trace_array *tr, void *cond_data,
				 cond_update_fn_t update)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_enable);

int tracing_snapshot_cond_disable(struct trace_array *tr)
{
	return -ENODEV;
}
EXPORT_SYMBOL_GPL(tracing_snapshot_cond_disable);

void trace_snapshot_create_files(struct trace_array *tr, struct dentry *dir)
{
}

void trace_snapshot_create_cpu_files(struct trace_array *tr,
				     struct dentry *d_cpu, long cpu)
{
}

#endif /* CONFIG_TRACER_SNAPSHOT */
