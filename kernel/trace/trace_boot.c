// SPDX-License-Identifier: GPL-2.0
/*
 * Boot: the kernel command-line parameters of tracing (trace_buf_size=,
 * trace_options=, trace_clock=, trace_instance= with its event lists,
 * trace_event=, ftrace=, ftrace_dump_on_oops, tp_printk,
 * traceoff_on_warning) and
 * the initialisation that applies them: early_trace_init() from
 * start_kernel(), trace_init() for events (vmlinux's, events/ftrace/ and
 * those of trace_event=), and tracer_init_tracefs() once tracefs can
 * take files.
 *
 * This is the top of the core: it calls into the files below it to set
 * them up, and nothing calls back into it.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/security.h>
#include <linux/string.h>

#include <asm/setup.h>

#include "trace.h"

/* Set by the kernel command line, consumed by the init functions below. */
static char boot_options[MAX_TRACER_SIZE] __initdata;
static char boot_clock[16] __initdata;
static char boot_instances[COMMAND_LINE_SIZE] __initdata;
static bool tracepoint_printk_stop_on_boot __initdata;
/* alloc_snapshot: the top level's; alloc_snapshot=NAME: instance NAME's. */
static bool boot_snapshot_top __initdata;
static char boot_snapshot_names[COMMAND_LINE_SIZE] __initdata;
/* ftrace_boot_snapshot: take the snapshots when the boot is over. */
static bool boot_snapshot_take __initdata;
/* The words of trace_event=, kept until the events are on. */
static char boot_events[COMMAND_LINE_SIZE] __initdata;

/* ftrace=NAME: the top level's tracer from the boot on. */
static char boot_tracer[MAX_TRACER_SIZE] __initdata;

/* traceoff_on_warning: a WARN() stops the top level's recording. */
int __disable_trace_on_warning;

static int __init set_boot_tracer(char *str)
{
	strscpy(boot_tracer, str, sizeof(boot_tracer));
	/* Whoever asks for a tracer at boot wants the full buffer. */
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("ftrace=", set_boot_tracer);

static int __init set_buf_size(char *str)
{
	unsigned long size;

	if (!str)
		return 0;
	size = memparse(str, &str);
	if (size)
		trace_buf_size = size;
	global_trace.buffer_expanded = size != 0;
	return 1;
}
__setup("trace_buf_size=", set_buf_size);

/* tracing_thresh=USECS: the tracing_thresh file's value from boot on. */
static int __init boot_tracing_thresh(char *str)
{
	unsigned long usecs;

	if (!str || kstrtoul(str, 0, &usecs))
		return 0;
	tracing_thresh = usecs * 1000;
	return 1;
}
__setup("tracing_thresh=", boot_tracing_thresh);

static int __init set_trace_boot_options(char *str)
{
	strscpy(boot_options, str, sizeof(boot_options));
	return 1;
}
__setup("trace_options=", set_trace_boot_options);

static int __init set_trace_boot_clock(char *str)
{
	strscpy(boot_clock, str, sizeof(boot_clock));
	return 1;
}
__setup("trace_clock=", set_trace_boot_clock);

/* Several trace_instance= options collect here, one per line. */
static int __init set_boot_instance(char *str)
{
	size_t len = strlen(boot_instances);

	if (len + strlen(str) + 2 > sizeof(boot_instances))
		return 0;
	if (len)
		boot_instances[len++] = '\n';
	strscpy(boot_instances + len, str, sizeof(boot_instances) - len);
	return 1;
}
__setup("trace_instance=", set_boot_instance);

/*
 * "alloc_snapshot" alone: the top level gets its snapshot buffer at boot
 * (and its full-sized live buffer), so that tracing_snapshot() works from
 * the start.  "alloc_snapshot=NAME" (repeatable) does it for the boot
 * instance NAME of trace_instance=.
 */
static int __init set_alloc_snapshot(char *str)
{
	size_t len = strlen(boot_snapshot_names);

	if (!*str) {
		boot_snapshot_top = true;
		global_trace.buffer_expanded = true;
		return 1;
	}
	if (*str != '=' || !str[1] ||
	    len + strlen(str) + 1 > sizeof(boot_snapshot_names))
		return 0;
	/* NAME\n per instance: a line each, like boot_instances. */
	snprintf(boot_snapshot_names + len, sizeof(boot_snapshot_names) - len,
		 "%s\n", str + 1);
	return 1;
}
__setup("alloc_snapshot", set_alloc_snapshot);

/*
 * "ftrace_boot_snapshot[=NAME]": alloc_snapshot[=NAME], and at the end of
 * the boot every array with an allocated snapshot takes one, so that what
 * the boot traced survives user space's start.
 */
static int __init set_ftrace_boot_snapshot(char *str)
{
	if (!set_alloc_snapshot(str))
		return 0;
	boot_snapshot_take = true;
	return 1;
}
__setup("ftrace_boot_snapshot", set_ftrace_boot_snapshot);

/* Did alloc_snapshot=NAME name the boot instance @name? */
static bool __init boot_snapshot_wanted(const char *name)
{
	const char *p = boot_snapshot_names;
	size_t len = strlen(name);

	while (*p) {
		const char *end = strchrnul(p, '\n');

		if (end - p == len && !strncmp(p, name, len))
			return true;
		p = *end ? end + 1 : end;
	}
	return false;
}

/*
 * "ftrace_dump_on_oops" alone means every CPU of the top level;
 * "=VALUE" gives the mode and instances; ",INSTANCE..." adds instances.
 */
static int __init set_ftrace_dump_on_oops(char *str)
{
	if (!*str)
		strscpy(ftrace_dump_on_oops, "1", MAX_TRACER_SIZE);
	else if (*str == ',')
		snprintf(ftrace_dump_on_oops, MAX_TRACER_SIZE, "1%s", str);
	else if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1, MAX_TRACER_SIZE);
	else
		return 0;
	return 1;
}
__setup("ftrace_dump_on_oops", set_ftrace_dump_on_oops);

static int __init set_tracepoint_printk(char *str)
{
	/* "tp_printk_stop_on_boot" also lands here: "_stop_on_boot" left. */
	if (!strcmp(str, "_stop_on_boot")) {
		tracepoint_printk_stop_on_boot = true;
		return 1;
	}
	if (*str && *str != '=')
		return 0;
	tracepoint_printk = 1;
	return 1;
}
__setup("tp_printk", set_tracepoint_printk);

static int __init stop_trace_on_warning(char *str)
{
	if (!*str || !strcmp(str, "=1") || !strcmp(str, "=on"))
		__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", stop_trace_on_warning);

void disable_trace_on_warning(void)
{
	if (!__disable_trace_on_warning)
		return;
	trace_array_printk(&global_trace, _THIS_IP_,
			   "Disabling tracing due to warning\n");
	tracing_off();
}

/*
 * tp_printk_stop_on_boot: events stop going to the console once the boot
 * is over (late_initcall_sync runs after every other initcall).
 */
static int __init tracepoint_printk_boot_end(void)
{
	if (tracepoint_printk_stop_on_boot)
		tracepoint_printk = 0;
	return 0;
}
late_initcall_sync(tracepoint_printk_boot_end);

static void __init trace_apply_option_list(struct trace_array *tr, char *list)
{
	char *opt;

	while ((opt = strsep(&list, ",")) != NULL) {
		if (*opt && trace_set_options(tr, opt))
			pr_warn("tracing: unknown or refused option '%s'\n", opt);
	}
}

/* ------------------------------------------------------------------ */
/* Events: trace_event= and the event lists of trace_instance=         */

/*
 * One word of trace_event= or of a trace_instance= event list, as
 * set_event takes it: "system:event", "system:*" or "system:",
 * "*:event" or ":event", or a bare name that is a system or an event.
 */
static int __init boot_event_word(struct trace_array *tr, char *word, int set)
{
	char *sub = strsep(&word, ":");

	if (!word)
		return trace_set_clr_event_locked(tr, sub, NULL, NULL, set);
	return trace_set_clr_event_locked(tr, NULL, sub, word, set);
}

static void __init boot_enable_list(struct trace_array *tr, const char *list,
				    bool off_first)
{
	char *copy, *rest, *word;

	copy = kstrdup(list, GFP_KERNEL);
	if (!copy)
		return;
	mutex_lock(&event_mutex);
	rest = copy;
	while ((word = strsep(&rest, ",")) != NULL) {
		char *w = strim(word);
		char *again;

		if (!*w)
			continue;
		if (off_first) {
			again = kstrdup(w, GFP_KERNEL);
			if (again)
				boot_event_word(tr, again, 0);
			kfree(again);
		}
		if (boot_event_word(tr, w, 1))
			pr_warn("failed to enable trace event: %s\n", w);
	}
	mutex_unlock(&event_mutex);
	kfree(copy);
}

/**
 * trace_event_boot_enable - enable the event list of a trace_instance=
 * @tr: the instance
 * @list: comma-separated set_event words
 */
static void __init trace_event_boot_enable(struct trace_array *tr, char *list)
{
	if (list && *list && !tracing_update_buffers(tr))
		boot_enable_list(tr, list, false);
}

static int __init set_boot_events(char *str)
{
	strscpy(boot_events, str, sizeof(boot_events));
	/* The top-level buffer is then allocated at its full size. */
	global_trace.buffer_expanded = true;
	return 1;
}
__setup("trace_event=", set_boot_events);

/*
 * The raw_syscalls events flag every task when their probe comes; pid 1
 * did not exist at trace_init(), so the boot's events are switched off
 * and on again once it does.
 */
static int __init boot_events_again(void)
{
	if (boot_events[0] && global_trace.events.next)
		boot_enable_list(&global_trace, boot_events, true);
	return 0;
}
early_initcall(boot_events_again);

/*
 * One trace_instance= line: NAME[^traceoff][^traceprintk|^printk][,EVENTS].
 * EVENTS are set_event words separated by commas, enabled in the instance.
 */
static void __init trace_boot_instance(char *line)
{
	char *flags, *name, *flag;
	struct trace_array *tr;

	flags = strsep(&line, ",");
	name = strsep(&flags, "^");
	if (!name || !*name)
		return;
	tr = trace_array_get_by_name(name, NULL);
	if (!tr) {
		pr_warn("tracing: could not create boot instance '%s'\n", name);
		return;
	}
	while ((flag = strsep(&flags, "^")) != NULL) {
		mutex_lock(&tracing_lock);
		if (!strcmp(flag, "traceoff"))
			tracer_tracing_off(tr);
		else if (!strcmp(flag, "traceprintk") || !strcmp(flag, "printk"))
			trace_printk_dest_to(tr);
		else
			pr_warn("tracing: unknown instance flag '%s'\n", flag);
		mutex_unlock(&tracing_lock);
	}
	if (boot_snapshot_wanted(name) && tracing_alloc_snapshot_instance(tr))
		pr_warn("tracing: no snapshot buffer for boot instance '%s'\n", name);
	trace_event_boot_enable(tr, line);
	trace_array_put(tr);
}

/* ------------------------------------------------------------------ */
/* Initialisation                                                      */

/*
 * Called early in start_kernel(), once memory allocation works: the top
 * level can record (trace_printk(), tracing_on()) from here on, long
 * before tracefs exists.
 */
void __init early_trace_init(void)
{
	struct trace_array *tr = &global_trace;
	unsigned long size;
	int id;

	trace_tasks_init();
	if (!alloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL))
		goto fail;
	cpumask_copy(tr->tracing_cpumask, cpu_all_mask);
	INIT_LIST_HEAD(&tr->err_log);
	if (boot_clock[0]) {
		id = trace_clock_lookup(boot_clock);
		if (id >= 0)
			tr->clock_id = id;
		else
			pr_warn("tracing: unknown clock '%s'\n", boot_clock);
	}
	tr->buffer_size = trace_buf_size;
	/* Until someone traces, the top level holds a minimal buffer. */
	size = tr->buffer_expanded ? trace_buf_size : 1;
	if (trace_alloc_buffer(tr, size))
		goto fail;
	if (trace_max_buffer_init(tr, boot_snapshot_top))
		pr_warn("tracing: no memory for the snapshot buffer\n");
	list_add(&tr->list, &trace_arrays);

	register_tracer(&nop_trace);
	tr->current_trace = &nop_trace;
	nop_trace.enabled++;
	if (init_function_trace())
		pr_warn("tracing: could not register the function tracer\n");
	init_trace_output();
	if (boot_options[0])
		trace_apply_option_list(tr, boot_options);
	return;
fail:
	pr_err("tracing: no memory for the trace buffer, tracing disabled\n");
}

/*
 * Called from start_kernel() after early_trace_init(), before any initcall:
 * the events of vmlinux, the core's records as events/ftrace/ and the
 * events of trace_event= are there before the first user process.
 */
void __init trace_init(void)
{
	tp_printk_init();
	trace_event_init();
	if (trace_export_init())
		pr_warn("tracing: could not register events/ftrace\n");
	if (boot_events[0] && global_trace.events.next)
		boot_enable_list(&global_trace, boot_events, false);
}

static __init int tracer_init_tracefs(void)
{
	char *line, *lines = boot_instances;

	if (security_locked_down(LOCKDOWN_TRACEFS) || !global_trace.buffer)
		return 0;
	trace_instances_init();

	while ((line = strsep(&lines, "\n")) != NULL)
		if (*line)
			trace_boot_instance(line);
	trace_dump_init();
	return 0;
}
fs_initcall(tracer_init_tracefs);

/*
 * Start the tracer of ftrace=, once it is registered: the function tracer
 * is by early_initcall, the latency tracers and function_graph by
 * core_initcall (the order available_tracers lists them in is upstream's),
 * hwlat by late_initcall.  Until @last, a tracer not registered yet is
 * tried again at the next step.
 */
static __init void boot_tracer_try(bool last)
{
	int ret;

	if (!boot_tracer[0])
		return;
	ret = tracing_set_tracer(&global_trace, boot_tracer);
	if (ret == -EINVAL && !last)
		return;
	if (ret)
		pr_warn("tracing: could not start boot tracer '%s': %d\n",
			boot_tracer, ret);
	boot_tracer[0] = '\0';
}

/*
 * The functions of ftrace_filter= and ftrace_notrace=, then the tracer of
 * ftrace=: early, before the other CPUs come up, once text patching and
 * the scheduler work.
 */
static __init int trace_boot_tracer(void)
{
	ftrace_boot_apply_filters();
	fgraph_boot_apply_sets();
	boot_tracer_try(false);
	return 0;
}
early_initcall(trace_boot_tracer);

static __init int trace_boot_tracer_core(void)
{
	boot_tracer_try(false);
	return 0;
}
core_initcall_sync(trace_boot_tracer_core);

static __init int trace_boot_tracer_late(void)
{
	boot_tracer_try(true);
	return 0;
}
late_initcall_sync(trace_boot_tracer_late);

/* After every other initcall, just before the init memory goes. */
static __init int trace_boot_snapshots(void)
{
	struct trace_array *tr;

	if (!boot_snapshot_take)
		return 0;
	mutex_lock(&tracing_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (!tr->max_allocated)
			continue;
		tracing_snapshot_instance(tr);
		trace_array_puts(tr, "** Boot snapshot taken **\n");
	}
	mutex_unlock(&tracing_lock);
	return 0;
}
late_initcall_sync(trace_boot_snapshots);
