// SPDX-License-Identifier: GPL-2.0
/*
 * The basic trigger commands, registered into trace_triggers.c's table:
 *
 *   traceon, traceoff      switch the event's array's tracing_on
 *   snapshot               swap the array's live buffer with its snapshot
 *                          (trace_snapshot.c), which the trigger allocates
 *   stacktrace             record the kernel stack after the event
 *   enable_event:S:E       switch event S:E of the same array on or off;
 *   disable_event:S:E      S:E stays in soft mode while the trigger is
 *                          there, and its module cannot unload
 *
 * Each takes an optional count and filter (trace_triggers.c handles
 * both).  traceon and traceoff are one kind, as are enable_event and
 * disable_event of one target: an event has at most one of each.  A
 * trigger that would change nothing (traceon while tracing is on, an
 * enable of an event already on) does not use up its count.
 */

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/slab.h>

#include "trace.h"

/*
 * The actions, shared with the function commands of set_ftrace_filter
 * (ftrace_cmds.c) through trace.h.
 */

/**
 * trace_onoff_would_change - would switching @tr's recording change it?
 * @tr: the trace array
 * @on: the state wanted
 *
 * Context: any.
 * Return: true when @tr's recording is not in state @on.
 */
bool trace_onoff_would_change(struct trace_array *tr, bool on)
{
	return !tracer_tracing_is_on(tr) == on;
}

/**
 * trace_onoff_switch - switch @tr's recording on or off
 * @tr: the trace array
 * @on: the state wanted
 *
 * Context: any.
 */
void trace_onoff_switch(struct trace_array *tr, bool on)
{
	if (on)
		tracer_tracing_on(tr);
	else
		tracer_tracing_off(tr);
}

/**
 * trace_event_switch_would_change - would switching an event change it?
 * @file: the event, in soft mode
 * @enable: the state wanted
 *
 * Context: any.
 * Return: true when the event's soft state is not @enable.
 */
bool trace_event_switch_would_change(struct trace_event_file *file,
				     bool enable)
{
	return !!(READ_ONCE(file->flags) & EVENT_FILE_FL_SOFT_DISABLED) == enable;
}

/**
 * trace_event_switch - switch an event in soft mode on or off
 * @file: the event, in soft mode (trace_event_switch_get())
 * @enable: the state wanted
 *
 * Context: any.
 */
void trace_event_switch(struct trace_event_file *file, bool enable)
{
	if (enable)
		event_file_flags(file, EVENT_FILE_FL_SOFT_DISABLED, 0);
	else
		event_file_flags(file, 0, EVENT_FILE_FL_SOFT_DISABLED);
}

/**
 * trace_event_switch_get - make an event a target of enable/disable commands
 * @file: the event
 *
 * The event goes into soft mode (registered, recording only when switched
 * on) and its module, or dynamic event, cannot go, until
 * trace_event_switch_put().
 *
 * Context: event_mutex held.
 * Return: 0, -EBUSY when the event is going, or the enable's error.
 */
int trace_event_switch_get(struct trace_event_file *file)
{
	int ret;

	if (!event_call_hold(file->event_call))
		return -EBUSY;
	ret = trace_event_enable_disable(file, 1, 1);
	if (ret)
		event_call_release(file->event_call);
	return ret;
}

/**
 * trace_event_switch_put - undo trace_event_switch_get()
 * @file: the event
 *
 * Context: event_mutex held.
 */
void trace_event_switch_put(struct trace_event_file *file)
{
	trace_event_enable_disable(file, 0, 1);
	event_call_release(file->event_call);
}

/* traceon, traceoff */

static bool traceon_ready(struct event_trigger *t)
{
	return trace_onoff_would_change(t->file->tr, true);
}

static void traceon_fire(struct event_trigger *t, const struct trigger_ctx *ctx)
{
	trace_onoff_switch(t->file->tr, true);
}

static bool traceoff_ready(struct event_trigger *t)
{
	return trace_onoff_would_change(t->file->tr, false);
}

static void traceoff_fire(struct event_trigger *t,
			  const struct trigger_ctx *ctx)
{
	trace_onoff_switch(t->file->tr, false);
}

static struct trigger_cmd traceon_cmd = {
	.name	= "traceon",
	.kind	= TRIGGER_KIND_TRACE_ONOFF,
	.ready	= traceon_ready,
	.fire	= traceon_fire,
};

/* After the record, so that the event that stops tracing is in the trace. */
static struct trigger_cmd traceoff_cmd = {
	.name	= "traceoff",
	.kind	= TRIGGER_KIND_TRACE_ONOFF,
	.flags	= TRIGGER_CMD_POST,
	.ready	= traceoff_ready,
	.fire	= traceoff_fire,
};

/*
 * snapshot: before the record, so that the record of the event that takes
 * the snapshot ends in the buffer it was reserved in, the one that has just
 * become the snapshot (the swap leaves a writer in its buffer).  The buffer
 * is allocated when the trigger is set, as upstream does; freeing it from
 * the snapshot file while the trigger is there is allowed, and a firing
 * then stops tracing with a note, as tracing_snapshot() does.
 */
#ifdef CONFIG_TRACER_SNAPSHOT
static int snapshot_attach(struct event_trigger *t)
{
	return tracing_alloc_snapshot_instance(t->file->tr);
}

static void snapshot_fire(struct event_trigger *t,
			  const struct trigger_ctx *ctx)
{
	tracing_snapshot_instance(t->file->tr);
}

static struct trigger_cmd snapshot_cmd = {
	.name	= "snapshot",
	.kind	= TRIGGER_KIND_SNAPSHOT,
	.attach	= snapshot_attach,
	.fire	= snapshot_fire,
};
#endif

/* stacktrace */

static void stacktrace_fire(struct event_trigger *t,
			    const struct trigger_ctx *ctx)
{
	struct trace_array *tr = t->file->tr;

	trace_record_kernel_stack(tr, tr->buffer, ctx->trace_ctx, ctx->from,
				  ctx->skip);
}

static struct trigger_cmd stacktrace_cmd = {
	.name	= "stacktrace",
	.kind	= TRIGGER_KIND_STACKTRACE,
	.flags	= TRIGGER_CMD_POST,
	.fire	= stacktrace_fire,
};

/*
 * enable_event, disable_event: t->private is the target's file.  The
 * hist commands enable_hist and disable_hist (trace_hist_cmd.c) target
 * an event the same way and share these (trace.h).
 */

/**
 * trigger_target_parse - SYSTEM:EVENT, in the triggering event's array
 * @t: the trigger; t->private is set to the target's file
 * @param: the parameter; left at what follows SYSTEM:EVENT
 *
 * Context: event_mutex held.
 * Return: 0, or -EINVAL when there is no such event.
 */
int trigger_target_parse(struct event_trigger *t, char **param)
{
	char *system, *event;

	system = strsep(param, ":");
	if (!*param)
		return -EINVAL;
	event = strsep(param, ":");
	t->private = find_event_file(t->file->tr, system, event);
	return t->private ? 0 : -EINVAL;
}

/**
 * trigger_target_same - do two triggers target the same event?
 * @a: a trigger
 * @b: another, of the same kind
 *
 * Return: true when they do.
 */
bool trigger_target_same(const struct event_trigger *a,
			 const struct event_trigger *b)
{
	return a->private == b->private;
}

/**
 * trigger_target_attach - keep the target in soft mode and its module loaded
 * @t: the trigger
 *
 * Context: event_mutex held.
 * Return: 0 or -errno.
 */
int trigger_target_attach(struct event_trigger *t)
{
	return trace_event_switch_get(t->private);
}

/**
 * trigger_target_detach - let the target go
 * @t: the trigger
 *
 * Context: event_mutex held.
 */
void trigger_target_detach(struct event_trigger *t)
{
	trace_event_switch_put(t->private);
}

static bool event_enable_ready(struct event_trigger *t)
{
	return trace_event_switch_would_change(t->private, true);
}

static void event_enable_fire(struct event_trigger *t,
			      const struct trigger_ctx *ctx)
{
	trace_event_switch(t->private, true);
}

static bool event_disable_ready(struct event_trigger *t)
{
	return trace_event_switch_would_change(t->private, false);
}

static void event_disable_fire(struct event_trigger *t,
			       const struct trigger_ctx *ctx)
{
	trace_event_switch(t->private, false);
}

/**
 * trigger_target_show - the target in the trigger file's line
 * @m: the trigger file
 * @t: the trigger
 *
 * Prints ":SYSTEM:EVENT".
 */
void trigger_target_show(struct seq_file *m, struct event_trigger *t)
{
	struct trace_event_file *target = t->private;
	struct trace_event_call *call = target->event_call;

	seq_printf(m, ":%s:%s", event_system(call), trace_event_name(call));
}

static struct trigger_cmd enable_event_cmd = {
	.name	= "enable_event",
	.kind	= TRIGGER_KIND_EVENT_ENABLE,
	.flags	= TRIGGER_CMD_PARAM,
	.parse	= trigger_target_parse,
	.same	= trigger_target_same,
	.attach	= trigger_target_attach,
	.detach	= trigger_target_detach,
	.ready	= event_enable_ready,
	.fire	= event_enable_fire,
	.show	= trigger_target_show,
};

static struct trigger_cmd disable_event_cmd = {
	.name	= "disable_event",
	.kind	= TRIGGER_KIND_EVENT_ENABLE,
	.flags	= TRIGGER_CMD_PARAM,
	.parse	= trigger_target_parse,
	.same	= trigger_target_same,
	.attach	= trigger_target_attach,
	.detach	= trigger_target_detach,
	.ready	= event_disable_ready,
	.fire	= event_disable_fire,
	.show	= trigger_target_show,
};

/* Registered in the order the trigger file lists them (upstream's). */
static struct trigger_cmd *const basic_cmds[] __initconst = {
	&traceon_cmd,
	&traceoff_cmd,
#ifdef CONFIG_TRACER_SNAPSHOT
	&snapshot_cmd,
#endif
	&stacktrace_cmd,
	&enable_event_cmd,
	&disable_event_cmd,
};

static int __init trigger_cmds_init(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(basic_cmds); i++)
		WARN_ON(trigger_cmd_register(basic_cmds[i]));
	return 0;
}
core_initcall(trigger_cmds_init);
