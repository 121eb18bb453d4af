/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events: the internal header of trace_synth*.c.
 *
 * Glossary:
 *   synth   a synthetic event: a name and typed fields defined at run
 *           time (the synthetic_events file), with no tracepoint; hist
 *           actions write its records (trace_synth_write())
 *   slot    a record's fixed part is made of u64 slots: one per field,
 *           but a char[N] takes SYNTH_STR_MAX bytes (upstream's layout,
 *           which the format file describes and tools read)
 *   dyn     a char[] or unsigned long[] field: its slot holds a data_loc
 *           word (length << 16 | offset from the record's start), its
 *           bytes follow the fixed part
 *   sub     an array in which the event is enabled: records go to the
 *           buffer of each sub
 *
 * Calls go one way: trace_synth.c (definitions, the synthetic_events
 * file) calls trace_synth_event.c (the event: registration, records,
 * output); the hist actions call both.
 */
#ifndef _TRACE_SYNTH_H
#define _TRACE_SYNTH_H

#include <linux/list.h>
#include <linux/trace_events.h>

#include "trace.h"

#define SYNTH_SYSTEM		"synthetic"
#define SYNTH_FIELDS_MAX	64
#define SYNTH_STR_MAX		256	/* a char[N] slot; a string's bound */
#define SYNTH_STACK_WORDS	16	/* a stack: frame count + 15 frames */

struct synth_field {
	char		*type;		/* as format shows it (__data_loc ...) */
	char		*name;
	unsigned int	size;		/* as format shows it */
	unsigned int	offset;		/* in the record */
	bool		is_signed;
	bool		is_string;	/* char[N] or char[] */
	bool		is_dynamic;	/* char[] or long[]: a data_loc */
	bool		is_stack;	/* long[] */
};

struct synth_event {
	struct list_head		list;	/* synth_list, event_mutex */
	char				*name;
	struct synth_field		*fields;
	unsigned int			nr_fields;
	unsigned int			fixed_size;	/* trace_entry included */
	unsigned int			nr_dynamic;
	int				ref;	/* hist actions naming it */
	struct module			*mod;	/* defined by, or NULL */
	struct list_head		subs;	/* RCU; event_mutex */
	struct trace_event_fields	*fields_array;
	struct trace_event_class	class;
	struct trace_event_call		call;
};

/*
 * trace_synth_event.c.  trace_synth_register() makes the event's
 * description (fields, print fmt) and adds it to every array;
 * trace_synth_unregister() takes it away again (-EBUSY while enabled).
 * Context: process, event_mutex not held.
 */
int trace_synth_register(struct synth_event *se);
int trace_synth_unregister(struct synth_event *se);
void trace_synth_describe_free(struct synth_event *se);

/**
 * trace_synth_write - write one record of @se into each array it is on
 * @se: the event
 * @vals: one value a field: a number, or for a string field a pointer
 *	to its text (cast to u64); a stack field takes a pointer to its
 *	words (count first)
 * @lens: for a string, the most bytes its text may have plus one (0:
 *	up to SYNTH_STR_MAX - 1); NULL: all 0
 *
 * Context: any, from an event's trigger (preemption disabled).
 */
void trace_synth_write(struct synth_event *se, const u64 *vals,
		       const u16 *lens);
void trace_synth_write_file(struct synth_event *se,
			    struct trace_event_file *file, const u64 *vals,
			    const u16 *lens);
struct synth_event *trace_synth_of(struct trace_event_file *file);
void trace_synth_put_num(const struct synth_field *f, void *rec, u64 v);

/*
 * trace_synth.c: finding an event by name, and the hold a hist action
 * keeps on one (a held event cannot be deleted).  Context: event_mutex.
 */
struct synth_event *trace_synth_find(const char *name);
void trace_synth_hold(struct synth_event *se);
void trace_synth_release(struct synth_event *se);

/*
 * trace_synth.c, for the in-kernel API: run one definition line (as
 * synthetic_events takes it) for @mod, delete an event by name.
 * Context: process; takes synth_mutex and event_mutex.
 */
int trace_synth_define(char *line, struct module *mod);
bool trace_synth_type_known(const char *type);
int trace_synth_delete(const char *name);

#endif /* _TRACE_SYNTH_H */
