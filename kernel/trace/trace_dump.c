// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace_dump(): a trace array's buffer printed to the console, from the
 * panic and oops notifiers (ftrace_dump_on_oops, which it also parses)
 * and sysrq-z.
 *
 * It reads through the same merge iterator (trace_iter.c) and prints
 * through the same printers (trace_output.c) as the files do, but takes
 * none of the readers' locks: it may run with a CPU stopped in the middle
 * of any of them.  Not here: the files that read the buffer.
 */
#include <linux/kdebug.h>
#include <linux/nmi.h>
#include <linux/panic_notifier.h>

#include "trace.h"

/*
 * ftrace_dump() runs from panic and oops notifiers and sysrq, with
 * interrupts off and other CPUs possibly stopped anywhere: it allocates
 * nothing (its iterator is static), takes no sleeping lock and never
 * waits.  Only the ring buffer's own reader lock is taken, per record.
 */
#define DUMP_LINE_MAX	1000	/* printk() would cut a longer line anyway */

static struct trace_iterator dump_iter;
static char dump_entry[128];

static void dump_text(struct trace_seq *s)
{
	unsigned int len = min_t(unsigned int, trace_seq_used(s), DUMP_LINE_MAX);

	s->buffer[len] = '\0';
	pr_emerg("%s", s->buffer);
	trace_seq_init(s);
}

static void dump_array(struct trace_array *tr, bool this_cpu_only)
{
	struct trace_iterator *iter = &dump_iter;
	unsigned long flags;
	u64 userobj;
	int lines = 0;

	if (!tr->buffer)	/* a panic before tracing was set up */
		return;
	/* For good: what matters is what led up to the dump. */
	tracer_tracing_off(tr);
	local_irq_save(flags);

	memset(iter, 0, sizeof(*iter));
	trace_iter_setup(iter, tr, this_cpu_only ? raw_smp_processor_id() :
			 RING_BUFFER_ALL_CPUS, true);
	iter->iter_flags |= TRACE_FILE_LAT_FMT;
	if (!cpumask_available(iter->started))
		iter->iter_flags &= ~TRACE_FILE_ANNOTATE;
	iter->temp = dump_entry;
	iter->temp_size = sizeof(dump_entry);
	trace_seq_init(&iter->seq);
	/* The tracer's reader state (function_graph's, allocated atomically). */
	if (iter->trace && iter->trace->open)
		iter->trace->open(iter);
	/* User memory is no place to look from here. */
	userobj = tr->flags & TRACE_ITER(SYM_USEROBJ);
	tr->flags &= ~TRACE_ITER(SYM_USEROBJ);

	if (trace_array_is_top(tr))
		pr_emerg("Dumping ftrace buffer:\n");
	else
		pr_emerg("Dumping ftrace instance %s buffer:\n", tr->name);
	while (trace_find_next_entry_inc(iter)) {
		if (!lines++)
			pr_emerg("---------------------------------\n");
		if (print_trace_line(iter) != TRACE_TYPE_NO_CONSUME)
			trace_consume(iter);
		dump_text(&iter->seq);
		touch_nmi_watchdog();
	}
	if (lines)
		pr_emerg("---------------------------------\n");
	else
		pr_emerg("   (ftrace buffer empty)\n");

	if (iter->trace && iter->trace->close)
		iter->trace->close(iter);
	tr->flags |= userobj;
	local_irq_restore(flags);
}

static bool is_orig_cpu(const char *mode)
{
	return !strcmp(mode, "2") || !strcmp(mode, "orig_cpu");
}

/*
 * No lock: tracing_lock may be held by the CPU that crashed.  Instances
 * are only freed after leaving the list; a dump racing with rmdir is a
 * risk taken in a dying kernel.
 */
static struct trace_array *dump_find_instance(const char *name)
{
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

/*
 * ftrace_dump_on_oops: "0", "1", "2" or "orig_cpu" for the top level,
 * then ",NAME" or ",NAME=orig_cpu" (or "=2") for instances.  A first
 * word that is none of the top-level values is an instance name.
 */
static void dump_by_param(void)
{
	char param[MAX_TRACER_SIZE], *rest = param, *word, *name;
	struct trace_array *tr;
	bool first = true;

	strscpy(param, ftrace_dump_on_oops, sizeof(param));
	while ((word = strsep(&rest, ",")) != NULL) {
		if (first) {
			first = false;
			if (!strcmp(word, "0"))
				continue;
			if (!strcmp(word, "1") || is_orig_cpu(word)) {
				dump_array(&global_trace, is_orig_cpu(word));
				continue;
			}
		}
		if (!*word)
			continue;
		name = strsep(&word, "=");
		tr = dump_find_instance(name);
		if (!tr) {
			pr_emerg("Instance %s not found\n", name);
			continue;
		}
		dump_array(tr, word && is_orig_cpu(word));
	}
}

/**
 * ftrace_dump - print the trace buffer to the console and stop tracing
 * @oops_dump_mode: DUMP_ALL (every CPU of the top level), DUMP_ORIG (the
 *	calling CPU's), DUMP_PARAM (what ftrace_dump_on_oops names) or
 *	DUMP_NONE
 *
 * For crashes and debugging: callable with interrupts off and from any
 * context that may printk.  The records printed are consumed, and the
 * dumped arrays stop recording (write 1 to tracing_on to resume).  A call
 * while another dump is running returns at once.
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	static atomic_t dumping = ATOMIC_INIT(0);

	if (atomic_cmpxchg_acquire(&dumping, 0, 1))
		return;
	switch (oops_dump_mode) {
	case DUMP_NONE:
		break;
	case DUMP_ALL:
		dump_array(&global_trace, false);
		break;
	case DUMP_ORIG:
		dump_array(&global_trace, true);
		break;
	case DUMP_PARAM:
		dump_by_param();
		break;
	default:
		pr_emerg("Bad dumping mode, switching to all CPUs dump\n");
		dump_array(&global_trace, false);
	}
	atomic_set_release(&dumping, 0);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

/**
 * ftrace_dump_on_oops_enabled - whether an oops or panic dumps the buffer
 *
 * Return: 1 unless ftrace_dump_on_oops is "0".
 */
int ftrace_dump_on_oops_enabled(void)
{
	return strcmp(ftrace_dump_on_oops, "0") != 0;
}

static struct notifier_block trace_panic_nb;
static struct notifier_block trace_die_nb;

static int trace_dump_notify(struct notifier_block *nb, unsigned long event,
			     void *data)
{
	if (!ftrace_dump_on_oops_enabled())
		return NOTIFY_DONE;
	if (nb == &trace_die_nb && event != DIE_OOPS)
		return NOTIFY_DONE;
	ftrace_dump(DUMP_PARAM);
	return NOTIFY_DONE;
}

/* Early among the notifiers, before others print over the evidence. */
static struct notifier_block trace_panic_nb = {
	.notifier_call	= trace_dump_notify,
	.priority	= INT_MAX - 1,
};

static struct notifier_block trace_die_nb = {
	.notifier_call	= trace_dump_notify,
	.priority	= INT_MAX - 1,
};

/**
 * trace_dump_init - hook ftrace_dump_on_oops into panic and oops
 */
void __init trace_dump_init(void)
{
	atomic_notifier_chain_register(&panic_notifier_list, &trace_panic_nb);
	register_die_notifier(&trace_die_nb);
}
