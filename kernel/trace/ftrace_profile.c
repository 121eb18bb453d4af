// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: how many times each traced function was called
 * and, with the function-graph tracer built in, how long the calls took,
 * counted per CPU.
 *
 *   echo 1 > function_profile_enabled    start (from zero)
 *   cat trace_stat/function0              CPU 0's functions
 *   echo 0 > function_profile_enabled    stop (the counts stay readable)
 *
 * It follows the top level's set_ftrace_filter and set_ftrace_notrace
 * (ftrace_register_global_follower()), so it counts the functions the
 * top-level function tracer would trace, whether or not that tracer runs.
 *
 * Without the graph tracer it is an ftrace_ops of its own, counting a hit
 * per call, and the files list the functions most hits first.  With it,
 * it is a graph user (fgraph.c) that follows the same sets: the entry
 * handler counts the hit on the entry CPU and asks for the return; the
 * return handler adds the call's time (rettime - calltime) and its square
 * to the function on the CPU the call returned on, if that CPU's table
 * has it (returns never claim a slot).  With the graph-time option off a
 * call's time leaves out its children's: each return adds its time to
 * its parent frame's subtime word, and takes its own subtime off.  The
 * files then show hits, total time, average and s^2 (the sample
 * variance, in us^2 though printed as "us"), most total time first, and
 * leave out the functions whose average is below tracing_thresh.
 *
 * Each CPU has a table of slots (function, hits, and for the graph
 * version time and time squared in ns), open addressing with linear
 * probing, allocated at the first start for every possible CPU and kept
 * for good (an open trace_stat file may be reading it).  Its size is
 * fixed then: a power of two about 4/3 of the number of call sites, 1024
 * slots at least and PROF_MAX_SLOTS at most, and at most three quarters
 * of it is used.  Once a CPU's table holds that many functions, the calls
 * of functions it does not hold yet are not counted on that CPU; the ones
 * it holds go on counting.  With every site of vmlinux in, that takes
 * modules with many thousands of functions.
 *
 * The callbacks take no lock and allocate nothing.  They run on one CPU
 * with preemption off; an interrupt or NMI on the same CPU may run them
 * again in the middle, so a slot is claimed with a CPU-local
 * compare-and-exchange (the loser probes on) and hits and times are
 * CPU-local additions: no count is lost, none is made up.  A reader on
 * another CPU may see a slot's hits and times from slightly different
 * moments, as upstream's may.
 *
 * Starting resets the counts: the tables are cleared while the profiler
 * is not registered and, since the last stop, every CPU has left the
 * callbacks (synchronize_rcu_tasks_rude()): so after "echo 0" returns no
 * count changes any more.  prof_mutex serialises starting and stopping.
 */

#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include <asm/local.h>
#include <asm/local64.h>

#include "ftrace_internal.h"
#include "ftrace_profile.h"
#include "trace.h"
#include "trace_stat.h"

/* One CPU's trace_stat file. */
struct prof_cpu_stat {
	struct tracer_stat	ts;
	int			cpu;
	char			name[16];
};

static DEFINE_PER_CPU(struct prof_table *, prof_tables);
static DEFINE_MUTEX(prof_mutex);
static bool prof_enabled;	/* what the file says (prof_mutex) */
static bool prof_on;		/* the callbacks count (read without lock) */

/* Count a call of @ip on this CPU.  Context: any, not preemptible or not. */
static __always_inline void prof_hit(unsigned long ip)
{
	struct prof_table *t;
	struct prof_slot *s;

	preempt_disable_notrace();
	t = this_cpu_read(prof_tables);
	if (likely(t && READ_ONCE(prof_on))) {
		s = prof_slot_of(t, ip, true);
		if (s)
			local_inc(&s->hits);
	}
	preempt_enable_notrace();
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The entry: a hit on this CPU, and the return wanted.  The frame's
 * subtime starts at zero: the core clears it when it pushes the frame,
 * and a frame joined from another user is this same call's, whose
 * children have not run yet.
 */
static int prof_graph_entry(struct ftrace_graph_ent *trace,
			    struct fgraph_ops *gops)
{
	if (!READ_ONCE(prof_on))
		return 0;
	prof_hit(trace->func);
	return 1;
}

/*
 * The return: the call's time goes to the function's slot on this CPU
 * (the exit CPU), if it has one.  Context: preemption off (the core's).
 */
static void prof_graph_return(struct ftrace_graph_ret *trace,
			      struct fgraph_ops *gops)
{
	struct prof_table *t = this_cpu_read(prof_tables);
	struct ftrace_ret_stack *fr;
	struct prof_slot *s;
	u64 ns = 0;

	if (unlikely(!t || !READ_ONCE(prof_on)))
		return;
	/* Clocks of two CPUs may disagree a little: no negative times. */
	if (likely(trace->rettime > trace->calltime))
		ns = trace->rettime - trace->calltime;

	if (!fgraph_graph_time()) {
		/*
		 * Frame 0 is this call's (popped only after the return
		 * handlers), frame 1 its caller's.  The caller's own time
		 * leaves out all of this call's; this call's leaves out
		 * what its children put in its subtime.
		 */
		fr = ftrace_graph_get_ret_stack(current, 1);
		if (fr)
			fr->subtime += ns;
		fr = ftrace_graph_get_ret_stack(current, 0);
		if (fr && fr->subtime < ns)
			ns -= fr->subtime;
		else
			ns = 0;
	}

	s = prof_slot_of(t, trace->func, false);
	if (!s)
		return;
	local64_add(ns, &s->time);
	local64_add(ns * ns, &s->time_sq);
}

static struct fgraph_ops prof_gops = {
	.entryfunc	= prof_graph_entry,
	.retfunc	= prof_graph_return,
	.follow_global	= true,
};

static int prof_register(void)
{
	return register_ftrace_graph(&prof_gops);
}

static void prof_unregister(void)
{
	unregister_ftrace_graph(&prof_gops);
}
#else /* !CONFIG_FUNCTION_GRAPH_TRACER */
static void prof_call(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	prof_hit(ip);
}

static struct ftrace_ops prof_ops = {
	.func	= prof_call,
};

static int prof_register(void)
{
	return ftrace_register_global_follower(&prof_ops);
}

static void prof_unregister(void)
{
	ftrace_unregister_global_follower(&prof_ops);
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* ------------------------------------------------------------------ */
/* Tables                                                              */

static unsigned int prof_slots_wanted(void)
{
	unsigned int sites;

	mutex_lock(&ftrace_lock);
	sites = ftrace_sites_total;
	mutex_unlock(&ftrace_lock);
	sites += sites / 3;
	return roundup_pow_of_two(clamp(sites, PROF_MIN_SLOTS, PROF_MAX_SLOTS));
}

/* Make the tables that are missing.  Context: prof_mutex held. */
static int prof_tables_alloc(void)
{
	unsigned int slots = 0;
	int cpu;

	lockdep_assert_held(&prof_mutex);
	for_each_possible_cpu(cpu) {
		struct prof_table *t;

		if (per_cpu(prof_tables, cpu))
			continue;
		if (!slots)
			slots = prof_slots_wanted();
		t = kvzalloc_node(struct_size(t, slot, slots + 1), GFP_KERNEL,
				  cpu_to_node(cpu));
		if (!t)
			return -ENOMEM;
		prof_table_init(t, slots);
		/* Read by the callbacks only once they are registered. */
		per_cpu(prof_tables, cpu) = t;
	}
	return 0;
}

/* Forget every count.  Context: prof_mutex held, no callback running. */
static void prof_tables_reset(void)
{
	int cpu;

	lockdep_assert_held(&prof_mutex);
	for_each_possible_cpu(cpu) {
		struct prof_table *t = per_cpu(prof_tables, cpu);

		memset(t->slot, 0, sizeof(t->slot[0]) << t->bits);
		local_set(&t->used, 0);
	}
}

/* ------------------------------------------------------------------ */
/* Starting and stopping                                               */

static int prof_start(void)
{
	int ret;

	ret = prof_tables_alloc();
	if (ret)
		return ret;
	prof_tables_reset();
	WRITE_ONCE(prof_on, true);
	ret = prof_register();
	if (ret)
		WRITE_ONCE(prof_on, false);
	return ret;
}

static void prof_stop(void)
{
	WRITE_ONCE(prof_on, false);
	prof_unregister();
	/* Every CPU that was in a callback has left it. */
	synchronize_rcu_tasks_rude();
}

static ssize_t prof_enabled_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	/* Upstream's parse: decimal, one trailing newline, any non-zero is 1. */
	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;

	mutex_lock(&prof_mutex);
	if (!!val != prof_enabled) {
		if (val) {
			ret = prof_start();
		} else {
			prof_stop();
			ret = 0;
		}
		if (!ret)
			prof_enabled = !!val;
	}
	mutex_unlock(&prof_mutex);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static ssize_t prof_enabled_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	char buf[4];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(prof_enabled));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static int prof_enabled_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open_get_tr(NULL);
}

static const struct file_operations prof_enabled_fops = {
	.open		= prof_enabled_open,
	.read		= prof_enabled_read,
	.write		= prof_enabled_write,
	.llseek		= default_llseek,
};

/* ------------------------------------------------------------------ */
/* trace_stat/functionN                                                */

/* The first slot at @s or after it that has hits, or NULL at the end. */
static struct prof_slot *prof_scan(struct prof_slot *s)
{
	unsigned long ip;

	for (; (ip = READ_ONCE(s->ip)) != PROF_END; s++)
		if (ip && local_read(&s->hits))
			return s;
	return NULL;
}

static void *prof_stat_start(struct tracer_stat *ts)
{
	struct prof_cpu_stat *ps = container_of(ts, struct prof_cpu_stat, ts);
	struct prof_table *t = per_cpu(prof_tables, ps->cpu);

	return t ? prof_scan(t->slot) : NULL;
}

static void *prof_stat_next(void *prev, int idx)
{
	return prof_scan((struct prof_slot *)prev + 1);
}

static void prof_stat_copy(void *dst, const void *src)
{
	const struct prof_slot *s = src;
	struct prof_entry *e = dst;

	e->ip = READ_ONCE(s->ip);
	e->hits = local_read(&s->hits);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	e->time = local64_read(&s->time);
	e->time_sq = local64_read(&s->time_sq);
#endif
}

/* Three-way comparison of two counts, bigger first once sorted. */
#define PROF_CMP(x, y) ((x) == (y) ? 0 : (x) < (y) ? -1 : 1)

/*
 * The bigger entry is listed first: the one with more total time with
 * the graph tracer (upstream's order), more hits without it.  Ties go to
 * more hits, then the lower address, so a listing is always the same.
 */
static int prof_stat_cmp(const void *a, const void *b)
{
	const struct prof_entry *x = a, *y = b;

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (x->time != y->time)
		return PROF_CMP(x->time, y->time);
#endif
	if (x->hits != y->hits)
		return PROF_CMP(x->hits, y->hits);
	return PROF_CMP(y->ip, x->ip);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static int prof_stat_headers(struct seq_file *m)
{
	/* Upstream's columns with the function-graph tracer's timings. */
	seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n"
		    "  --------                               ---    ----            ---             ---\n");
	return 0;
}

/* Formatting the time columns: one reader at a time. */
static DEFINE_MUTEX(prof_seq_mutex);
static struct trace_seq prof_seq;

/* A row's time, average and s^2 columns. */
static void prof_stat_times(struct seq_file *m, const struct prof_entry *e,
			    u64 avg)
{
	mutex_lock(&prof_seq_mutex);
	trace_seq_init(&prof_seq);
	trace_seq_puts(&prof_seq, "    ");
	trace_print_graph_duration(e->time, &prof_seq);
	trace_seq_puts(&prof_seq, "    ");
	trace_print_graph_duration(avg, &prof_seq);
	trace_seq_puts(&prof_seq, "    ");
	trace_print_graph_duration(prof_variance(e), &prof_seq);
	trace_print_seq(m, &prof_seq);
	mutex_unlock(&prof_seq_mutex);
}
#else
static int prof_stat_headers(struct seq_file *m)
{
	/* Upstream's columns without the function-graph tracer's timings. */
	seq_puts(m, "  Function                               Hit\n"
		    "  --------                               ---\n");
	return 0;
}
#endif

static int prof_stat_show(struct seq_file *m, void *v)
{
	struct prof_entry *e = v;
	char name[KSYM_SYMBOL_LEN];
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	u64 avg;
#endif

	/* Cleared by a restart while the file was being opened. */
	if (!e->hits || !e->ip)
		return 0;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	avg = div64_u64(e->time, e->hits);
	/* Upstream leaves out the functions faster than tracing_thresh. */
	if (avg < READ_ONCE(tracing_thresh))
		return 0;
#endif
	if (!kallsyms_lookup(e->ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%lx", e->ip);
	seq_printf(m, "  %-30.30s  %10lu", name, e->hits);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	prof_stat_times(m, e, avg);
#endif
	seq_putc(m, '\n');
	return 0;
}

/**
 * ftrace_profile_create_files - the function profiler's tracefs files
 * @dir: the tracefs root
 *
 * function_profile_enabled there, and trace_stat/functionN for every
 * possible CPU N.
 */
void ftrace_profile_create_files(struct dentry *dir)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct prof_cpu_stat *ps = kzalloc(sizeof(*ps), GFP_KERNEL);

		if (!ps)
			break;
		ps->cpu = cpu;
		snprintf(ps->name, sizeof(ps->name), "function%d", cpu);
		ps->ts = (struct tracer_stat) {
			.name		= ps->name,
			.stat_start	= prof_stat_start,
			.stat_next	= prof_stat_next,
			.stat_cmp	= prof_stat_cmp,
			.stat_show	= prof_stat_show,
			.stat_headers	= prof_stat_headers,
			.stat_size	= sizeof(struct prof_entry),
			.stat_copy	= prof_stat_copy,
		};
		if (register_stat_tracer(&ps->ts)) {
			kfree(ps);
			break;
		}
	}
	trace_create_file("function_profile_enabled", TRACE_MODE_WRITE, dir,
			  NULL, &prof_enabled_fops);
}
