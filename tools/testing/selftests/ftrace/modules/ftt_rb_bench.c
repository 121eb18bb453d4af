// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_rb_bench - how fast one CPU can write fixed-size events into the
 * ring buffer, with or without a reader consuming them on another CPU.
 *
 * Module init runs one measurement and logs it as one line,
 *
 *   ftt_rb_bench: payload=8 reader=1 writer_cpu=0 reader_cpu=1 duration_ns=...
 *     events=... failed=... read=... overrun=... entries=... ns_per_event=...
 *     mevents_per_s=...
 *
 * (all on one line; entries: what the buffer still holds at the end, so
 * that read + entries + overrun accounts for every event written).  A producer kthread bound to @writer_cpu reserves an
 * event of @payload bytes, fills it and commits it, as fast as it can for
 * @duration_ms; the time is taken with ktime_get() around the whole loop.
 * With @reader set, a consumer kthread bound to @reader_cpu consumes the
 * same CPU's buffer meanwhile.  The buffer is in overwrite mode, @buf_kb
 * per CPU.  The method is the same whatever ring buffer implements the API.
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/string.h>

static unsigned int payload = 8;
module_param(payload, uint, 0444);
MODULE_PARM_DESC(payload, "bytes of data per event");

static bool reader;
module_param(reader, bool, 0444);
MODULE_PARM_DESC(reader, "consume the events on another CPU while writing");

static unsigned int duration_ms = 1000;
module_param(duration_ms, uint, 0444);
MODULE_PARM_DESC(duration_ms, "how long the producer writes");

static unsigned int buf_kb = 1024;
module_param(buf_kb, uint, 0444);
MODULE_PARM_DESC(buf_kb, "ring buffer size per CPU, in KiB");

static int writer_cpu;
module_param(writer_cpu, int, 0444);
MODULE_PARM_DESC(writer_cpu, "CPU of the producer");

static int reader_cpu = -1;
module_param(reader_cpu, int, 0444);
MODULE_PARM_DESC(reader_cpu, "CPU of the reader (-1: another online CPU)");

#define BATCH	256

struct bench {
	struct trace_buffer *buf;
	struct completion done;
	u64 events;
	u64 failed;
	u64 elapsed_ns;
	u64 read;
	u64 sink;
};

static int producer(void *arg)
{
	struct bench *b = arg;
	struct ring_buffer_event *ev;
	u64 n = 0, failed = 0;
	ktime_t start, end, now;
	u64 *data;
	int i;

	start = ktime_get();
	end = ktime_add_ms(start, duration_ms);
	do {
		for (i = 0; i < BATCH; i++) {
			ev = ring_buffer_lock_reserve(b->buf, payload);
			if (unlikely(!ev)) {
				failed++;
				continue;
			}
			data = ring_buffer_event_data(ev);
			/* a sequence number, then the rest of the payload */
			if (payload >= sizeof(*data)) {
				*data = n;
				memset(data + 1, (u8)n, payload - sizeof(*data));
			} else {
				memset(data, (u8)n, payload);
			}
			ring_buffer_unlock_commit(b->buf);
			n++;
		}
		now = ktime_get();
		cond_resched();
	} while (ktime_before(now, end));

	b->events = n;
	b->failed = failed;
	b->elapsed_ns = ktime_to_ns(ktime_sub(now, start));
	complete(&b->done);
	/* Wait for kthread_stop(), which wants a thread that is still there. */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int consumer(void *arg)
{
	struct bench *b = arg;
	struct ring_buffer_event *ev;
	u64 sum = 0, n = 0;
	u64 *data;

	while (!kthread_should_stop()) {
		ev = ring_buffer_consume(b->buf, writer_cpu, NULL, NULL);
		if (!ev) {
			usleep_range(20, 50);
			continue;
		}
		/* Touch the data, as a real reader would. */
		data = ring_buffer_event_data(ev);
		if (payload >= sizeof(*data))
			sum += *data;
		n++;
		if (!(n % BATCH))
			cond_resched();
	}
	b->read = n;
	WRITE_ONCE(b->sink, sum);
	return 0;
}

static int __init ftt_rb_bench_init(void)
{
	struct task_struct *prod, *cons = NULL;
	u64 ns_x10, mev_x1000;
	struct bench b = { };
	int ret = 0;

	if (!payload || payload > 1024 || !duration_ms || !buf_kb)
		return -EINVAL;
	if (writer_cpu < 0 || writer_cpu >= nr_cpu_ids || !cpu_online(writer_cpu))
		return -EINVAL;
	if (reader && reader_cpu < 0) {
		reader_cpu = cpumask_any_but(cpu_online_mask, writer_cpu);
		if (reader_cpu >= nr_cpu_ids)
			reader_cpu = writer_cpu;
	}
	if (reader && (reader_cpu >= nr_cpu_ids || !cpu_online(reader_cpu)))
		return -EINVAL;

	init_completion(&b.done);
	b.buf = ring_buffer_alloc(buf_kb * 1024UL, RB_FL_OVERWRITE);
	if (!b.buf)
		return -ENOMEM;

	prod = kthread_create(producer, &b, "ftt_rb_bench_w");
	if (IS_ERR(prod)) {
		ret = PTR_ERR(prod);
		goto out;
	}
	kthread_bind(prod, writer_cpu);
	if (reader) {
		cons = kthread_create(consumer, &b, "ftt_rb_bench_r");
		if (IS_ERR(cons)) {
			kthread_stop(prod);
			ret = PTR_ERR(cons);
			goto out;
		}
		kthread_bind(cons, reader_cpu);
		wake_up_process(cons);
	}
	wake_up_process(prod);
	wait_for_completion(&b.done);
	kthread_stop(prod);
	if (cons)
		kthread_stop(cons);

	if (!b.events || !b.elapsed_ns) {
		pr_err("ftt_rb_bench: payload=%u reader=%d wrote nothing (%llu failed)\n",
		       payload, reader, b.failed);
		ret = -EIO;
		goto out;
	}
	ns_x10 = div64_u64(b.elapsed_ns * 10, b.events);
	mev_x1000 = div64_u64(b.events * 1000000ULL, b.elapsed_ns);
	pr_info("ftt_rb_bench: payload=%u reader=%d writer_cpu=%d reader_cpu=%d duration_ns=%llu events=%llu failed=%llu read=%llu overrun=%lu entries=%lu ns_per_event=%llu.%llu mevents_per_s=%llu.%03llu\n",
		payload, reader, writer_cpu, reader ? reader_cpu : -1, b.elapsed_ns,
		b.events, b.failed, b.read, ring_buffer_overrun_cpu(b.buf, writer_cpu),
		ring_buffer_entries_cpu(b.buf, writer_cpu),
		ns_x10 / 10, ns_x10 % 10, mev_x1000 / 1000, mev_x1000 % 1000);
out:
	ring_buffer_free(b.buf);
	return ret;
}

static void __exit ftt_rb_bench_exit(void)
{
}

module_init(ftt_rb_bench_init);
module_exit(ftt_rb_bench_exit);
MODULE_DESCRIPTION("Ring buffer write (and write+read) throughput benchmark");
MODULE_LICENSE("GPL");
