// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_rb_stress - write to a small ring buffer from every context at once,
 * read it back concurrently, and check every event and every counter.
 *
 * Each online CPU gets three writers: a kthread bound to it (task context,
 * through lock_reserve/unlock_commit), a pinned soft hrtimer (softirq
 * context, through ring_buffer_write) and a pinned hard hrtimer (hardirq
 * context, lock_reserve/unlock_commit again).  The timers fire while the
 * task writer is filling a reserved event, so writers nest three deep, and
 * now and then the hardirq writer writes more than the whole buffer in one
 * go, running into the event it interrupted.  One consumer kthread reads
 * all CPUs with ring_buffer_consume while they write, mostly keeping up,
 * sometimes pausing, so that the small buffer wraps (overwrite mode) or
 * fills up (stop-when-full mode) again and again.
 *
 * Every event names its CPU, its context, its length and a sequence number
 * counted per (CPU, context), carries a byte pattern derived from those,
 * and a check byte over all of it.  The reader checks each event whole,
 * that each stream's sequence numbers only go up, and that a CPU's
 * timestamps never go back.  Once the writers have stopped and the buffer
 * is drained, the buffer's counters must account for every attempt:
 *
 *   reserves that succeeded == events read + ring_buffer_overrun_cpu()
 *   reserves that failed    == ring_buffer_dropped_events_cpu()
 *                              + ring_buffer_commit_overrun_cpu()
 *   sequence numbers never read == overrun + failed reserves
 *
 * plus ring_buffer_read_events_cpu() == events read, no entries left, and
 * the lost-event counts that consume hands out adding up to the overrun.
 *
 * The test runs synchronously in module init (param mode: overwrite, stop
 * or both) and logs one verdict line per mode, "ftt_rb_stress: PASS ..." or
 * "ftt_rb_stress: FAIL ...", with details before it; init fails with -EIO
 * if any check failed, so a failed load is a failed test.
 */
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

static unsigned int duration_ms = 3000;
module_param(duration_ms, uint, 0444);
MODULE_PARM_DESC(duration_ms, "how long the writers run, per mode");

static char *mode = "both";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "overwrite, stop (stop writing when full) or both");

static unsigned int buf_kb = 32;
module_param(buf_kb, uint, 0444);
MODULE_PARM_DESC(buf_kb, "ring buffer size per CPU, in KiB");

static unsigned int hardirq_us = 50;
module_param(hardirq_us, uint, 0444);
MODULE_PARM_DESC(hardirq_us, "period of the hardirq writer's hrtimer (0: none)");

static unsigned int burst_every = 200;
module_param(burst_every, uint, 0444);
MODULE_PARM_DESC(burst_every, "every Nth hardirq write is a burst longer than the buffer (0: never)");

static unsigned int softirq_us = 120;
module_param(softirq_us, uint, 0444);
MODULE_PARM_DESC(softirq_us, "period of the softirq writer's hrtimer (0: none)");

enum { CTX_TASK, CTX_SOFT, CTX_HARD, NR_CTX };
static const char * const ctx_names[NR_CTX] = { "task", "softirq", "hardirq" };

#define REC_MIN		8
#define REC_MAX		200
/* Most messages about bad events one run prints; the rest are counted. */
#define MAX_REPORTS	10

/* The head of every event; the payload pattern follows up to len bytes. */
struct rec_head {
	u32 seq;
	u8 cpu;
	u8 ctx;
	u8 len;
	u8 check;
};

/* One writer, a (CPU, context) pair, as both sides see it. */
struct stream {
	/* writer side: attempts are the next sequence number */
	u32 next_seq;
	unsigned long ok;
	unsigned long failed;
	/* reader side */
	long last_seq;
	unsigned long seen;
	unsigned long gaps;
};

struct stress_run;

struct cpu_state {
	struct stress_run *run;
	int cpu;
	struct task_struct *writer;
	struct hrtimer hard;
	struct hrtimer soft;
	struct stream s[NR_CTX];
	/* set by each writer while it is in the middle of a write */
	int inside[NR_CTX];
	/* writes that interrupted a write of a lower context */
	unsigned long nested[NR_CTX];
	unsigned long hard_ticks;
	/* reader side */
	u64 last_ts;
	unsigned long read;
	unsigned long lost;
	unsigned long rounded;
};

struct stress_run {
	const char *name;
	bool overwrite;
	struct trace_buffer *buf;
	struct cpumask cpus;
	struct cpu_state *cs;
	struct task_struct *reader;
	/* events in a hardirq burst: enough to go round the whole buffer */
	unsigned int burst;
	bool stop;
	atomic_t writer_errors;
	unsigned long read_errors;
	unsigned long check_errors;
	unsigned int reports;
};

/* What a record of this stream and sequence number looks like. */
static unsigned int rec_len(u32 seq, int cpu, int ctx)
{
	u32 h = (seq + 1) * 2654435761u ^ (cpu << 8 | ctx) * 40503u;

	return REC_MIN + (h >> 7) % (REC_MAX - REC_MIN + 1);
}

static u8 rec_byte(u32 seq, int cpu, int ctx, unsigned int i)
{
	return seq * 7 + i * 13 + cpu * 31 + ctx * 101;
}

static u8 rec_check(const u8 *p, unsigned int len)
{
	const struct rec_head *h = (const void *)p;
	u32 x = h->seq * 2246822519u ^ (h->cpu << 16 | h->ctx << 8 | h->len);
	unsigned int i;

	for (i = sizeof(*h); i < len; i++)
		x = (x << 5 | x >> 27) ^ p[i];
	return x ^ x >> 8 ^ x >> 16 ^ x >> 24;
}

static void rec_fill(void *p, u32 seq, int cpu, int ctx, unsigned int len)
{
	struct rec_head *h = p;
	u8 *b = p;
	unsigned int i;

	h->seq = seq;
	h->cpu = cpu;
	h->ctx = ctx;
	h->len = len;
	for (i = sizeof(*h); i < len; i++)
		b[i] = rec_byte(seq, cpu, ctx, i);
	h->check = rec_check(p, len);
}

/* One write attempt of a stream; runs on its CPU in its context. */
static void write_one(struct cpu_state *cs, int ctx)
{
	struct stress_run *run = cs->run;
	struct stream *s = &cs->s[ctx];
	struct ring_buffer_event *ev;
	unsigned int len;
	u8 tmp[REC_MAX];
	u32 seq;

	if (raw_smp_processor_id() != cs->cpu) {
		atomic_inc(&run->writer_errors);
		return;
	}
	if ((ctx > CTX_TASK && READ_ONCE(cs->inside[CTX_TASK])) ||
	    (ctx > CTX_SOFT && READ_ONCE(cs->inside[CTX_SOFT])))
		cs->nested[ctx]++;

	seq = s->next_seq++;
	len = rec_len(seq, cs->cpu, ctx);

	if (ctx == CTX_SOFT) {
		/* the copying interface, for variety */
		rec_fill(tmp, seq, cs->cpu, ctx, len);
		WRITE_ONCE(cs->inside[ctx], 1);
		if (ring_buffer_write(run->buf, len, tmp))
			s->failed++;
		else
			s->ok++;
		WRITE_ONCE(cs->inside[ctx], 0);
		return;
	}

	ev = ring_buffer_lock_reserve(run->buf, len);
	if (!ev) {
		s->failed++;
		return;
	}
	/* from reserve to commit: the window nested writers must respect */
	WRITE_ONCE(cs->inside[ctx], 1);
	rec_fill(ring_buffer_event_data(ev), seq, cs->cpu, ctx, len);
	WRITE_ONCE(cs->inside[ctx], 0);
	ring_buffer_unlock_commit(run->buf);
	s->ok++;
}

static enum hrtimer_restart hard_writer(struct hrtimer *t)
{
	struct cpu_state *cs = container_of(t, struct cpu_state, hard);

	if (READ_ONCE(cs->run->stop))
		return HRTIMER_NORESTART;
	if (!in_hardirq())
		atomic_inc(&cs->run->writer_errors);
	/*
	 * Now and then write more than the buffer holds at once: if this
	 * interrupted a write, the buffer comes round to the event still
	 * being written and must neither overwrite it nor lose count.
	 */
	if (burst_every && !(++cs->hard_ticks % burst_every)) {
		unsigned int i;

		for (i = 0; i < cs->run->burst; i++)
			write_one(cs, CTX_HARD);
	} else {
		write_one(cs, CTX_HARD);
	}
	hrtimer_forward_now(t, ns_to_ktime(hardirq_us * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static enum hrtimer_restart soft_writer(struct hrtimer *t)
{
	struct cpu_state *cs = container_of(t, struct cpu_state, soft);

	if (READ_ONCE(cs->run->stop))
		return HRTIMER_NORESTART;
	if (!in_serving_softirq())
		atomic_inc(&cs->run->writer_errors);
	write_one(cs, CTX_SOFT);
	hrtimer_forward_now(t, ns_to_ktime(softirq_us * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static int task_writer(void *arg)
{
	struct cpu_state *cs = arg;
	unsigned int round = 0;
	int i;

	/* Pinned timers go to the CPU that starts them: this one. */
	if (!READ_ONCE(cs->run->stop)) {
		if (hardirq_us)
			hrtimer_start(&cs->hard, ns_to_ktime(hardirq_us * NSEC_PER_USEC),
				      HRTIMER_MODE_REL_PINNED_HARD);
		if (softirq_us)
			hrtimer_start(&cs->soft, ns_to_ktime(softirq_us * NSEC_PER_USEC),
				      HRTIMER_MODE_REL_PINNED_SOFT);
	}
	while (!kthread_should_stop()) {
		if (READ_ONCE(cs->run->stop)) {
			usleep_range(100, 200);
			continue;
		}
		for (i = 0; i < 32; i++)
			write_one(cs, CTX_TASK);
		/* Pause now and then to let the reader catch up with us. */
		if (!(++round % 128))
			usleep_range(300, 600);
		else
			cond_resched();
	}
	return 0;
}

static __printf(2, 3) void report(struct stress_run *run, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	if (run->reports++ >= MAX_REPORTS)
		return;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_err("ftt_rb_stress: %s: %pV\n", run->name, &vaf);
	va_end(args);
}

/* Check one consumed event of @cpu's buffer. */
static void check_event(struct stress_run *run, int cpu,
			struct ring_buffer_event *ev, u64 ts, unsigned long lost)
{
	struct cpu_state *cs = &run->cs[cpu];
	unsigned int evlen = ring_buffer_event_length(ev);
	const u8 *p = ring_buffer_event_data(ev);
	const struct rec_head *h = (const void *)p;
	struct stream *s;
	unsigned int i;

	cs->read++;
	cs->lost += lost;

	if (ts < cs->last_ts) {
		run->read_errors++;
		report(run, "cpu%d: timestamp went back from %llu to %llu",
		       cpu, cs->last_ts, ts);
	}
	cs->last_ts = ts;

	if (evlen < sizeof(*h) || evlen > REC_MAX + 8) {
		run->read_errors++;
		report(run, "cpu%d: event of impossible length %u", cpu, evlen);
		return;
	}
	if (h->cpu != cpu || h->ctx >= NR_CTX || h->len < REC_MIN ||
	    h->len > REC_MAX || h->len > evlen || evlen >= h->len + 8 ||
	    h->len != rec_len(h->seq, h->cpu, h->ctx)) {
		run->read_errors++;
		report(run, "cpu%d: bad head: cpu %u ctx %u seq %u len %u, event length %u",
		       cpu, h->cpu, h->ctx, h->seq, h->len, evlen);
		return;
	}
	/* The buffer may round the length up; the head has the exact one. */
	if (evlen != h->len)
		cs->rounded++;
	for (i = sizeof(*h); i < h->len; i++)
		if (p[i] != rec_byte(h->seq, h->cpu, h->ctx, i))
			break;
	if (i < h->len || rec_check(p, h->len) != h->check) {
		run->read_errors++;
		report(run, "cpu%d %s seq %u: payload damaged (byte %u of %u)",
		       cpu, ctx_names[h->ctx], h->seq, i, h->len);
		return;
	}

	s = &cs->s[h->ctx];
	if (s->last_seq >= 0 && h->seq <= s->last_seq) {
		run->read_errors++;
		report(run, "cpu%d %s: sequence %u read after %ld",
		       cpu, ctx_names[h->ctx], h->seq, s->last_seq);
		return;
	}
	s->gaps += h->seq - (s->last_seq + 1);
	s->last_seq = h->seq;
	s->seen++;
}

/* Consume up to @budget events of each CPU (0: all); returns how many. */
static unsigned long drain(struct stress_run *run, unsigned long budget)
{
	struct ring_buffer_event *ev;
	unsigned long n, total = 0, lost;
	u64 ts;
	int cpu;

	for_each_cpu(cpu, &run->cpus) {
		for (n = 0; !budget || n < budget; n++) {
			lost = 0;
			ev = ring_buffer_consume(run->buf, cpu, &ts, &lost);
			if (!ev)
				break;
			check_event(run, cpu, ev, ts, lost);
		}
		total += n;
	}
	return total;
}

static int reader_thread(void *arg)
{
	struct stress_run *run = arg;
	unsigned int round = 0;

	while (!kthread_should_stop()) {
		/*
		 * Mostly race the writers page by page, but now and then
		 * let the buffer wrap or fill.
		 */
		if (!(++round % 16))
			usleep_range(2000, 3000);
		else if (!drain(run, 1024))
			usleep_range(20, 60);
		else
			cond_resched();
	}
	return 0;
}

/* Compare what the writers did with what was read and what the buffer says. */
static void account(struct stress_run *run, int cpu)
{
	struct trace_buffer *buf = run->buf;
	struct cpu_state *cs = &run->cs[cpu];
	unsigned long ok = 0, failed = 0, gaps = 0, attempts = 0;
	unsigned long overrun, commit_overrun, dropped, rb_read, entries;
	int c;

	for (c = 0; c < NR_CTX; c++) {
		struct stream *s = &cs->s[c];

		/* sequence numbers after the last one read were lost too */
		s->gaps += s->next_seq - (s->last_seq + 1);
		ok += s->ok;
		failed += s->failed;
		gaps += s->gaps;
		attempts += s->next_seq;
		pr_info("ftt_rb_stress: %s: cpu%d %s: attempts %u ok %lu failed %lu read %lu missing %lu nested-in-lower %lu\n",
			run->name, cpu, ctx_names[c], s->next_seq, s->ok,
			s->failed, s->seen, s->gaps, cs->nested[c]);
	}
	overrun = ring_buffer_overrun_cpu(buf, cpu);
	commit_overrun = ring_buffer_commit_overrun_cpu(buf, cpu);
	dropped = ring_buffer_dropped_events_cpu(buf, cpu);
	rb_read = ring_buffer_read_events_cpu(buf, cpu);
	entries = ring_buffer_entries_cpu(buf, cpu);
	pr_info("ftt_rb_stress: %s: cpu%d: read %lu (length rounded up in %lu), overrun %lu, commit_overrun %lu, dropped %lu, read_events %lu, entries %lu, lost reported %lu\n",
		run->name, cpu, cs->read, cs->rounded, overrun, commit_overrun,
		dropped, rb_read, entries, cs->lost);

#define EXPECT(cond, fmt, ...) do {					\
	if (!(cond)) {							\
		run->check_errors++;					\
		pr_err("ftt_rb_stress: %s: cpu%d: " fmt "\n",		\
		       run->name, cpu, ##__VA_ARGS__);			\
	}								\
} while (0)

	EXPECT(ok == cs->read + overrun,
	       "successful reserves %lu != events read %lu + overrun %lu (off by %ld)",
	       ok, cs->read, overrun, (long)(ok - cs->read - overrun));
	EXPECT(failed == dropped + commit_overrun,
	       "failed reserves %lu != dropped %lu + commit_overrun %lu (off by %ld)",
	       failed, dropped, commit_overrun, (long)(failed - dropped - commit_overrun));
	EXPECT(gaps == overrun + failed,
	       "missing sequence numbers %lu != overrun %lu + failed reserves %lu (off by %ld)",
	       gaps, overrun, failed, (long)(gaps - overrun - failed));
	EXPECT(attempts == ok + failed, "attempts %lu != ok %lu + failed %lu",
	       attempts, ok, failed);
	EXPECT(rb_read == cs->read, "read_events_cpu %lu != events read %lu",
	       rb_read, cs->read);
	EXPECT(entries == 0, "entries_cpu is %lu after draining", entries);
	EXPECT(cs->lost == overrun,
	       "consume reported %lu lost events, overrun is %lu", cs->lost, overrun);
	if (run->overwrite)
		EXPECT(dropped == 0, "dropped %lu events in overwrite mode", dropped);
	else
		EXPECT(overrun == 0, "overran %lu events in stop-when-full mode", overrun);
#undef EXPECT
}

/* The failure counters of all CPUs together. */
static void failure_counters(struct stress_run *run, unsigned long *c)
{
	int cpu;

	c[0] = c[1] = c[2] = c[3] = 0;
	for_each_cpu(cpu, &run->cpus) {
		c[0] += ring_buffer_overrun_cpu(run->buf, cpu);
		c[1] += ring_buffer_dropped_events_cpu(run->buf, cpu);
		c[2] += ring_buffer_commit_overrun_cpu(run->buf, cpu);
		c[3] += ring_buffer_entries_cpu(run->buf, cpu);
	}
}

/*
 * Writes the buffer must refuse, counting them nowhere: while recording is
 * disabled, and too long for a sub-buffer.
 */
static void refused_writes(struct stress_run *run)
{
	unsigned long before[4], after[4];
	struct ring_buffer_event *ev;
	u8 tmp[16] = { 0 };
	int ret;

	failure_counters(run, before);
	ring_buffer_record_disable(run->buf);
	ret = ring_buffer_write(run->buf, sizeof(tmp), tmp);
	ring_buffer_record_enable(run->buf);
	ev = ring_buffer_lock_reserve(run->buf, 2 * PAGE_SIZE);
	if (ev)
		ring_buffer_unlock_commit(run->buf);
	failure_counters(run, after);

	if (!ret) {
		run->check_errors++;
		pr_err("ftt_rb_stress: %s: ring_buffer_write succeeded with recording disabled\n",
		       run->name);
	}
	if (ev) {
		run->check_errors++;
		pr_err("ftt_rb_stress: %s: a reserve of two pages succeeded\n", run->name);
	}
	if (memcmp(before, after, sizeof(before))) {
		run->check_errors++;
		pr_err("ftt_rb_stress: %s: refused writes changed the counters: overrun %lu->%lu dropped %lu->%lu commit_overrun %lu->%lu entries %lu->%lu\n",
		       run->name, before[0], after[0], before[1], after[1],
		       before[2], after[2], before[3], after[3]);
	}
}

/* Stop everything that was started; safe on partly set up runs. */
static void stop_all(struct stress_run *run)
{
	int cpu;

	WRITE_ONCE(run->stop, true);
	for_each_cpu(cpu, &run->cpus) {
		struct cpu_state *cs = &run->cs[cpu];

		/* Once its writer is gone, nobody (re)starts a CPU's timers. */
		if (cs->writer)
			kthread_stop(cs->writer);
		cs->writer = NULL;
		hrtimer_cancel(&cs->hard);
		hrtimer_cancel(&cs->soft);
	}
	if (run->reader)
		kthread_stop(run->reader);
	run->reader = NULL;
}

static int run_one(const char *name, bool overwrite)
{
	unsigned long written = 0, read = 0, overrun = 0, dropped = 0;
	unsigned long commit_overrun = 0, failed = 0, nested = 0;
	struct stress_run *run;
	int cpu, c, ret = 0;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return -ENOMEM;
	run->name = name;
	run->overwrite = overwrite;
	atomic_set(&run->writer_errors, 0);
	cpumask_copy(&run->cpus, cpu_online_mask);
	run->burst = buf_kb * 1024 * 3 / 2 / ((REC_MIN + REC_MAX) / 2 + 8);
	run->cs = kcalloc(nr_cpu_ids, sizeof(*run->cs), GFP_KERNEL);
	run->buf = ring_buffer_alloc(buf_kb * 1024UL, overwrite ? RB_FL_OVERWRITE : 0);
	if (!run->cs || !run->buf) {
		ret = -ENOMEM;
		goto out_free;
	}

	for_each_cpu(cpu, &run->cpus) {
		struct cpu_state *cs = &run->cs[cpu];

		cs->run = run;
		cs->cpu = cpu;
		for (c = 0; c < NR_CTX; c++)
			cs->s[c].last_seq = -1;
		hrtimer_init(&cs->hard, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		cs->hard.function = hard_writer;
		hrtimer_init(&cs->soft, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_SOFT);
		cs->soft.function = soft_writer;
	}

	run->reader = kthread_run(reader_thread, run, "ftt_rb_reader");
	if (IS_ERR(run->reader)) {
		ret = PTR_ERR(run->reader);
		run->reader = NULL;
		goto out_stop;
	}
	for_each_cpu(cpu, &run->cpus) {
		struct task_struct *t;

		t = kthread_create(task_writer, &run->cs[cpu], "ftt_rb_writer/%d", cpu);
		if (IS_ERR(t)) {
			ret = PTR_ERR(t);
			goto out_stop;
		}
		kthread_bind(t, cpu);
		run->cs[cpu].writer = t;
		wake_up_process(t);
	}

	msleep(duration_ms);

	stop_all(run);
	/* Writers are all gone: read what is left. */
	drain(run, 0);

	for_each_cpu(cpu, &run->cpus) {
		struct cpu_state *cs = &run->cs[cpu];

		account(run, cpu);
		for (c = 0; c < NR_CTX; c++) {
			written += cs->s[c].ok;
			failed += cs->s[c].failed;
			nested += cs->nested[c];
		}
		read += cs->read;
		overrun += ring_buffer_overrun_cpu(run->buf, cpu);
		dropped += ring_buffer_dropped_events_cpu(run->buf, cpu);
		commit_overrun += ring_buffer_commit_overrun_cpu(run->buf, cpu);
	}
	refused_writes(run);

	if (atomic_read(&run->writer_errors)) {
		run->check_errors++;
		pr_err("ftt_rb_stress: %s: %d writes ran on the wrong CPU or in the wrong context\n",
		       name, atomic_read(&run->writer_errors));
	}
	if (run->read_errors)
		pr_err("ftt_rb_stress: %s: %lu bad events read (first %d shown)\n",
		       name, run->read_errors, MAX_REPORTS);
	if (!read) {
		run->check_errors++;
		pr_err("ftt_rb_stress: %s: nothing was read\n", name);
	}
	/* Not failures, but the run did not stress what it should have. */
	if (overwrite && !overrun)
		pr_warn("ftt_rb_stress: %s: note: the buffer never wrapped\n", name);
	if (!overwrite && !dropped)
		pr_warn("ftt_rb_stress: %s: note: the buffer never filled up\n", name);
	if (!nested)
		pr_warn("ftt_rb_stress: %s: note: no write nested inside another\n", name);

	pr_info("ftt_rb_stress: %s mode=%s cpus=%u duration_ms=%u buf_kb=%u written=%lu failed=%lu read=%lu overrun=%lu dropped=%lu commit_overrun=%lu nested=%lu bad_events=%lu failed_checks=%lu\n",
		run->read_errors || run->check_errors ? "FAIL" : "PASS",
		name, cpumask_weight(&run->cpus), duration_ms, buf_kb, written,
		failed, read, overrun, dropped, commit_overrun, nested,
		run->read_errors, run->check_errors);
	if (run->read_errors || run->check_errors)
		ret = -EIO;
	goto out_free;

out_stop:
	stop_all(run);
	pr_err("ftt_rb_stress: FAIL mode=%s could not start its threads (%d)\n", name, ret);
out_free:
	if (run->buf)
		ring_buffer_free(run->buf);
	kfree(run->cs);
	kfree(run);
	return ret;
}

static int __init ftt_rb_stress_init(void)
{
	bool ow = !strcmp(mode, "both") || !strcmp(mode, "overwrite");
	bool stop = !strcmp(mode, "both") || !strcmp(mode, "stop");
	int ret = 0, r;

	if (!ow && !stop) {
		pr_err("ftt_rb_stress: FAIL unknown mode '%s' (overwrite, stop or both)\n", mode);
		return -EINVAL;
	}
	if (!buf_kb || !duration_ms) {
		pr_err("ftt_rb_stress: FAIL buf_kb and duration_ms must not be 0\n");
		return -EINVAL;
	}
	if (ow) {
		r = run_one("overwrite", true);
		ret = ret ?: r;
	}
	if (stop) {
		r = run_one("stop", false);
		ret = ret ?: r;
	}
	return ret;
}

static void __exit ftt_rb_stress_exit(void)
{
}

module_init(ftt_rb_stress_init);
module_exit(ftt_rb_stress_exit);
MODULE_DESCRIPTION("Stress test of the ring buffer from task, softirq and hardirq writers");
MODULE_LICENSE("GPL");
