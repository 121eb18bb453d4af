// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of record types: which printers decode a record of a given
 * type (trace_entry.type), for every reader.
 *
 * A type number is either one of the core's fixed ones (enum trace_type,
 * registered by trace_output.c at boot) or handed out here to an event
 * that asks for one (every TRACE_EVENT() class, through its raw_init).
 * Its trace_event_functions print the record in each output mode; modes
 * an event leaves out print "type: N".  trace_event_sem keeps printers
 * from going away (module unload) while a reader formats records.
 *
 * This file holds only the table, that fallback and the return
 * convention of printers (trace_handle_return()).  The record's context
 * and the output modes are in trace_output.c, the runtime of TP_printk()
 * (the __print_*() helpers) in trace_event_print.c.
 */
#include <linux/hashtable.h>
#include <linux/idr.h>
#include <linux/rwsem.h>

#include "trace.h"

/*
 * Readers hold trace_event_sem for reading while they print, so that a
 * record's printer cannot go away (module unload) under them.
 */
DECLARE_RWSEM(trace_event_sem);

#define TRACE_EVENT_HASH_BITS	7

static DEFINE_HASHTABLE(trace_event_table, TRACE_EVENT_HASH_BITS);
/* Type numbers for events that ask for one: after the core's own. */
static DEFINE_IDA(trace_event_types);
/*
 * Numbers are handed out in turn, not lowest first: the type of an event
 * that went away (module unload) is not given to the next event while its
 * records may still be in a buffer, where they would be decoded with the
 * new event's layout.  Guarded by trace_event_sem.
 */
static int next_event_type = __TRACE_LAST_TYPE;

/* The printer of a mode an event leaves out: names the type. */
static enum print_line_t print_type_only(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}

/**
 * ftrace_find_event - look up the printers of a record type
 * @type: the record type (trace_entry.type)
 *
 * The caller holds trace_event_sem (for reading or writing), or is the
 * dump of a dying kernel.
 *
 * Return: the registered event, or NULL if @type has none.
 */
struct trace_event *ftrace_find_event(int type)
{
	struct trace_event *event;

	hash_for_each_possible(trace_event_table, event, node, type) {
		if (event->type == type)
			return event;
	}
	return NULL;
}

/**
 * register_trace_event - give a record type its printers
 * @event: the type and its trace_event_functions
 *
 * With @event->type 0 a free type number past the core's is handed out
 * and stored in @event->type.  A nonzero type must be one of the core's
 * (enum trace_type) and not taken yet.  Printers left NULL in
 * @event->funcs are set to one that prints "type: N".
 *
 * Return: the type number, or 0 if the event could not be registered.
 */
int register_trace_event(struct trace_event *event)
{
	struct trace_event_functions *funcs;
	int type = 0;

	if (WARN_ON(!event || !event->funcs))
		return 0;

	down_write(&trace_event_sem);

	if (event->type) {
		if (WARN(event->type >= __TRACE_LAST_TYPE,
			 "trace event type %d is not a core type\n",
			 event->type) ||
		    ftrace_find_event(event->type))
			goto out;
	} else {
		int id = ida_alloc_range(&trace_event_types, next_event_type,
					 TRACE_EVENT_TYPE_MAX, GFP_KERNEL);

		/* Past the last number: wrap around, once every 65515. */
		if (id < 0 && next_event_type > __TRACE_LAST_TYPE)
			id = ida_alloc_range(&trace_event_types,
					     __TRACE_LAST_TYPE,
					     TRACE_EVENT_TYPE_MAX, GFP_KERNEL);
		if (id < 0)
			goto out;
		event->type = id;
		next_event_type = id + 1;
	}

	funcs = event->funcs;
	if (!funcs->trace)
		funcs->trace = print_type_only;
	if (!funcs->raw)
		funcs->raw = print_type_only;
	if (!funcs->hex)
		funcs->hex = print_type_only;
	if (!funcs->binary)
		funcs->binary = print_type_only;

	hash_add(trace_event_table, &event->node, event->type);
	type = event->type;
out:
	up_write(&trace_event_sem);
	return type;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/**
 * unregister_trace_event - take a record type's printers away
 * @event: an event registered with register_trace_event()
 *
 * A type number that was handed out is freed, to be handed out again
 * only after every other number was (see next_event_type).  Records of the
 * type still in a buffer print as "Unknown type" afterwards.
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	down_write(&trace_event_sem);
	hash_del(&event->node);
	if (event->type >= __TRACE_LAST_TYPE)
		ida_free(&trace_event_types, event->type);
	up_write(&trace_event_sem);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/**
 * trace_handle_return - what a printer returns after writing to @s
 * @s: the trace_seq the printer wrote its record into
 *
 * Return: TRACE_TYPE_PARTIAL_LINE if the text did not fit (the caller
 * retries with an empty trace_seq), TRACE_TYPE_HANDLED otherwise.
 */
enum print_line_t trace_handle_return(struct trace_seq *s)
{
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	return TRACE_TYPE_HANDLED;
}
EXPORT_SYMBOL_GPL(trace_handle_return);
