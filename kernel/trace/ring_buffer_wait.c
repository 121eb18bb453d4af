// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting for a ring buffer to have data: ring_buffer_wait(), poll support
 * and ring_buffer_wake_waiters().
 *
 * The writer never wakes anybody directly (it may be in NMI context, or
 * hold the locks a wakeup takes).  A waiter sets the CPU's or the
 * buffer's wake_pending flag, and for one CPU the fill level it waits for
 * (buffer_percent).  A commit that sees the flag queues an irq_work: at
 * once for a waiter of any data, and for a level only when a new
 * sub-buffer has brought the CPU to it.  The callback (in ring_buffer.c,
 * which sets it up) disarms and wakes the queue.  Each queue also has a
 * generation count, so ring_buffer_wake_waiters() can end a wait even with
 * no data.
 */
#include <linux/export.h>
#include <linux/poll.h>

#include "ring_buffer_internal.h"

static bool rb_ready(struct trace_buffer *buffer, int cpu, int full)
{
	if (cpu == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(buffer);
	if (ring_buffer_empty_cpu(buffer, cpu))
		return false;
	if (!full)
		return true;
	return rb_filled_to(buffer->buffers[cpu], full);
}

static void rb_want_wakeup(struct trace_buffer *buffer, int cpu, int full)
{
	struct rb_cpu *cb;
	int old;

	if (cpu == RING_BUFFER_ALL_CPUS) {
		WRITE_ONCE(buffer->wake_pending, 1);
		goto look;
	}
	cb = buffer->buffers[cpu];
	/*
	 * The lowest level any armed waiter wants: a waiter for any data must
	 * not sleep until another's 50% is reached.
	 */
	old = READ_ONCE(cb->wake_full);
	while (full < old) {
		int seen = cmpxchg(&cb->wake_full, old, full);

		if (seen == old)
			break;
		old = seen;
	}
	/* The level before the flag: rb_wakeup_cpu() reads the flag first. */
	smp_wmb();
	WRITE_ONCE(cb->wake_pending, 1);
look:
	/*
	 * The flag before looking for data.  Writers read the flag after
	 * publishing without a full barrier (it would cost every write), so a
	 * wakeup can be missed until the next commit on that CPU.
	 */
	smp_mb();
}

/* Arm the wakeup first, then look: a commit after the look wakes us. */
static bool rb_wait_over(struct trace_buffer *buffer, int cpu, int full,
			 ring_buffer_cond_fn cond, void *data,
			 unsigned long *gen, unsigned long start)
{
	rb_want_wakeup(buffer, cpu, full);
	return READ_ONCE(*gen) != start || rb_ready(buffer, cpu, full) ||
	       (cond && cond(data));
}

/**
 * ring_buffer_wait - sleep until a CPU (or any CPU) has data
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 * @full: for one CPU, the percentage of sub-buffers that must hold data
 * @cond: extra condition ending the wait when it returns true (may be NULL)
 * @data: passed to @cond
 *
 * Return: 0, or -EINTR if a signal came first.
 */
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data)
{
	wait_queue_head_t *wq;
	unsigned long *gen, start;

	if (cpu != RING_BUFFER_ALL_CPUS) {
		if (!cpumask_test_cpu(cpu, buffer->cpumask))
			return -ENODEV;
		wq = &buffer->buffers[cpu]->waitq;
		gen = &buffer->buffers[cpu]->wake_gen;
	} else {
		wq = &buffer->waitq;
		gen = &buffer->wake_gen;
	}
	start = READ_ONCE(*gen);
	if (wait_event_interruptible(*wq, rb_wait_over(buffer, cpu, full, cond,
						       data, gen, start)))
		return -EINTR;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_wait);

/**
 * ring_buffer_poll_wait - poll support for readers of a CPU or of all CPUs
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 * @filp: the file polled
 * @poll_table: the poll table
 * @full: as for ring_buffer_wait()
 *
 * Return: EPOLLIN | EPOLLRDNORM when there is data, else 0.
 */
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full)
{
	wait_queue_head_t *wq;

	if (cpu != RING_BUFFER_ALL_CPUS) {
		if (!cpumask_test_cpu(cpu, buffer->cpumask))
			return EPOLLERR;
		wq = &buffer->buffers[cpu]->waitq;
	} else {
		wq = &buffer->waitq;
	}
	poll_wait(filp, wq, poll_table);
	rb_want_wakeup(buffer, cpu, full);
	if (rb_ready(buffer, cpu, full))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_poll_wait);

/**
 * ring_buffer_wake_waiters - end the waits on a CPU (or on all) now
 * @buffer: the buffer
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS for every waiter
 */
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu)
{
	int i;

	if (!buffer)
		return;
	for_each_cpu(i, buffer->cpumask) {
		struct rb_cpu *cb = buffer->buffers[i];

		if (cpu != RING_BUFFER_ALL_CPUS && cpu != i)
			continue;
		WRITE_ONCE(cb->wake_gen, cb->wake_gen + 1);
		wake_up_all(&cb->waitq);
	}
	WRITE_ONCE(buffer->wake_gen, buffer->wake_gen + 1);
	wake_up_all(&buffer->waitq);
}
EXPORT_SYMBOL_GPL(ring_buffer_wake_waiters);
