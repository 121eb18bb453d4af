/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the osnoise and timerlat tracers share: trace_osnoise.c holds the
 * settings (the osnoise/ directory), the list of trace arrays the records
 * go to, the per-CPU interference accounting and the start and stop of
 * the workload; trace_osnoise_tracer.c and trace_timerlat.c are the two
 * tracers on top.  Calls go from the tracers to the core; the core calls
 * a tracer back only through the struct osnoise_kind it was started with.
 *
 * Words used here:
 *   workload   the per-CPU threads that measure: osnoise/N or timerlat/N
 *              kernel threads, or timerlat_fd users (timerlat, with
 *              NO_OSNOISE_WORKLOAD)
 *   sampling   a CPU whose noise is being accounted; the osnoise:* events
 *              fire only there
 *   noise      time the workload did not get: NMIs, IRQs, softirqs, other
 *              threads, and gaps nothing accounts for (hardware)
 *   user       a trace array whose current tracer is osnoise or timerlat;
 *              it receives records while its tracing_on is set (listed)
 */
#ifndef _TRACE_OSNOISE_H
#define _TRACE_OSNOISE_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/percpu.h>
#include <linux/rculist.h>

#include "trace.h"

/* osnoise/options, in the order the file shows them. */
enum osnoise_opt {
	OSN_DEFAULTS,
	OSN_WORKLOAD,		/* the kernel threads run (else events only) */
	OSN_PANIC_ON_STOP,
	OSN_PREEMPT_DISABLE,	/* osnoise samples with preemption off */
	OSN_IRQ_DISABLE,	/* osnoise samples with interrupts off */
	OSN_OPTS,
};

#define OSN_DEFAULT_OPTIONS	BIT(OSN_WORKLOAD)

/* The settings of osnoise/; written under osnoise_lock, read anywhere. */
struct osnoise_settings {
	u64		period_us;
	u64		runtime_us;
	u64		stop_us;		/* stop_tracing_us */
	u64		stop_total_us;		/* stop_tracing_total_us */
	u64		timerlat_period_us;
	u64		print_stack_us;
	unsigned long	options;
};

extern struct osnoise_settings osn_set;

static inline bool osnoise_opt(enum osnoise_opt opt)
{
	return test_bit(opt, &osn_set.options);
}

/* A setting in us as ns; a value too large for that is "never". */
static inline u64 osnoise_us_to_ns(u64 us)
{
	return us > U64_MAX / NSEC_PER_USEC ? U64_MAX : us * NSEC_PER_USEC;
}

/* One source of interference of one CPU. */
struct osnoise_source {
	u64	count;		/* entries since the workload started */
	u64	start;		/* of the one in progress, 0 for none */
	u64	pushed;		/* time higher sources took from it */
};

/*
 * A CPU's accounting.  Written by that CPU only (its workload, and the
 * probes that interrupt it), so plain stores; the remote readers are the
 * start and stop of the workload, which run with it quiet.
 */
struct osnoise_cpu {
	bool			sampling;
	bool			tracing_thread;	/* timerlat: IRQ fired, thread not run */
	pid_t			workload_pid;
	u64			interference;	/* bumped by every entry */
	struct osnoise_source	nmi, irq, softirq, thread;
};

DECLARE_PER_CPU(struct osnoise_cpu, osnoise_cpu);

/* Which tracer the workload serves; one at a time system-wide. */
enum osnoise_kind_id {
	OSN_IDLE,
	OSN_OSNOISE,
	OSN_TIMERLAT,
};

/*
 * A tracer's side of the workload, called under osnoise_lock and
 * cpus_read_lock().  With OSNOISE_WORKLOAD set, start_cpu() starts the
 * kernel thread of each CPU of osnoise/cpus that is online and
 * stop_cpu() stops the thread of any CPU (nothing if it has none);
 * without, start_user() and stop_user() stand for them.
 */
struct osnoise_kind {
	enum osnoise_kind_id	id;
	const char		*name;
	int			(*start_cpu)(unsigned int cpu);
	void			(*stop_cpu)(unsigned int cpu);
	void			(*start_user)(void);	/* no kernel threads */
	void			(*stop_user)(void);
};

/* A trace array receiving records (see osnoise_for_each_array()). */
struct osnoise_array {
	struct list_head	list;
	struct trace_array	*tr;
};

extern struct list_head osnoise_arrays;
extern struct mutex osnoise_lock;
extern struct dentry *osnoise_dir;
extern cpumask_var_t osnoise_cpus;

/*
 * A number file of osnoise/ (microseconds): its value and bounds, fixed
 * (lo, hi) or another setting's live value (lo_of, hi_of).
 */
struct osnoise_param {
	u64	*val;
	u64	*lo_of, *hi_of;
	u64	lo, hi;
};

extern const struct file_operations osnoise_param_fops;

/*
 * Visit every array that receives records.  Context: rcu_read_lock() or
 * preemption disabled (the list is freed after synchronize_rcu()).
 */
#define osnoise_for_each_array(oa) \
	list_for_each_entry_rcu(oa, &osnoise_arrays, list)

int osnoise_user_init(struct trace_array *tr, const struct osnoise_kind *k);
void osnoise_user_reset(struct trace_array *tr);
void osnoise_user_start(struct trace_array *tr);
void osnoise_user_stop(struct trace_array *tr);

enum osnoise_kind_id osnoise_current_kind(void);
bool osnoise_any_on(void);
void osnoise_update_max(u64 latency_ns);
void osnoise_stop_tracing(const char *why);
void osnoise_taint(const char *msg);
bool osnoise_tainted(void);
u64 osnoise_clock(void);

/* The header lines above the column names, both tracers. */
void osnoise_print_flags_legend(struct seq_file *m, const char *last);

#endif /* _TRACE_OSNOISE_H */
