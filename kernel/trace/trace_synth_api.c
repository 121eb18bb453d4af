// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events from kernel code (glossary in trace_synth.h): the
 * API of include/linux/trace_events.h that upstream's modules use.
 *
 *	char buf[MAX_DYNEVENT_CMD_LEN];
 *	struct dynevent_cmd cmd;
 *
 *	synth_event_cmd_init(&cmd, buf, sizeof(buf));
 *	synth_event_gen_cmd_start(&cmd, "my_ev", THIS_MODULE,
 *				  "pid_t", "pid", "u64", "lat");
 *	synth_event_gen_cmd_end(&cmd);
 *	file = trace_get_event_file(NULL, "synthetic", "my_ev");
 *	trace_array_set_clr_event(file->tr, "synthetic", "my_ev", true);
 *	synth_event_trace(file, 2, (u64)pid, lat);
 *
 * A command builds the same line a write to synthetic_events would
 * carry, and runs it through the same reader, so both refuse the same
 * definitions with the same errnos and error_log entries.  Records are
 * written with the same writer as hist actions, into the one array of
 * the file given.  The start/add/end series holds its record, with
 * preemption off, from start to end: no sleeping in between.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_synth.h"

/**
 * dynevent_create - run a command built with a dynevent_cmd
 * @cmd: the command
 *
 * Return: what its type's run_command() returns.
 */
int dynevent_create(struct dynevent_cmd *cmd)
{
	return cmd->run_command(cmd);
}
EXPORT_SYMBOL_GPL(dynevent_create);

static int synth_run_command(struct dynevent_cmd *cmd)
{
	/* The text ends in the seq_buf; the reader cuts up a copy. */
	char *line = kstrndup(cmd->seq.buffer, seq_buf_used(&cmd->seq),
			      GFP_KERNEL);
	int ret;

	if (!line)
		return -ENOMEM;
	ret = trace_synth_define(line, cmd->private_data);
	kfree(line);
	return ret;
}

/**
 * synth_event_cmd_init - start a command that defines a synthetic event
 * @cmd: the command
 * @buf: where its text goes (MAX_DYNEVENT_CMD_LEN is enough)
 * @maxlen: @buf's size
 */
void synth_event_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen)
{
	memset(cmd, 0, sizeof(*cmd));
	seq_buf_init(&cmd->seq, buf, maxlen);
	cmd->type = DYNEVENT_TYPE_SYNTH;
	cmd->run_command = synth_run_command;
}
EXPORT_SYMBOL_GPL(synth_event_cmd_init);

static int cmd_append(struct dynevent_cmd *cmd, const char *fmt,
		      const char *a, const char *b)
{
	seq_buf_printf(&cmd->seq, fmt, a, b);
	return seq_buf_has_overflowed(&cmd->seq) ? -E2BIG : 0;
}

/* The field limit counts what was appended (upstream's order). */
static int count_field(struct dynevent_cmd *cmd)
{
	return ++cmd->n_fields > SYNTH_FIELDS_MAX ? -EINVAL : 0;
}

/**
 * synth_event_add_field - add TYPE NAME to a definition
 * @cmd: the command
 * @type: the field's type, as synthetic_events takes it
 * @name: its name
 *
 * Return: 0, -EINVAL (not a synthetic event command, a type that is no
 * type, 65 fields), -E2BIG when the buffer is full.
 */
int synth_event_add_field(struct dynevent_cmd *cmd, const char *type,
			  const char *name)
{
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type || !name)
		return -EINVAL;
	/* What end() would refuse anyway, refused here when it is plain. */
	if (!strchr(type, '[') && !trace_synth_type_known(type))
		return -EINVAL;
	ret = cmd_append(cmd, " %s %s;", type, name);
	return ret ? ret : count_field(cmd);
}
EXPORT_SYMBOL_GPL(synth_event_add_field);

/**
 * synth_event_add_field_str - add "TYPE NAME" as written
 * @cmd: the command
 * @type_name: the field, unchecked until the command runs
 *
 * Return: 0, -EINVAL or -E2BIG as synth_event_add_field().
 */
int synth_event_add_field_str(struct dynevent_cmd *cmd, const char *type_name)
{
	int ret;

	if (cmd->type != DYNEVENT_TYPE_SYNTH || !type_name)
		return -EINVAL;
	ret = cmd_append(cmd, " %s;%s", type_name, "");
	return ret ? ret : count_field(cmd);
}
EXPORT_SYMBOL_GPL(synth_event_add_field_str);

/**
 * synth_event_add_fields - add several fields to a definition
 * @cmd: the command
 * @fields: type and name of each
 * @n_fields: how many
 *
 * Return: 0, or the first error of synth_event_add_field().
 */
int synth_event_add_fields(struct dynevent_cmd *cmd,
			   struct synth_field_desc *fields,
			   unsigned int n_fields)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; !ret && i < n_fields; i++)
		ret = synth_event_add_field(cmd, fields[i].type,
					    fields[i].name);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_add_fields);

static int gen_start(struct dynevent_cmd *cmd, const char *name,
		     struct module *mod)
{
	cmd->event_name = name;
	cmd->private_data = mod;
	if (cmd->type != DYNEVENT_TYPE_SYNTH)
		return -EINVAL;
	return cmd_append(cmd, " %s %s", name, "");
}

/**
 * __synth_event_gen_cmd_start - start a definition with (type, name) pairs
 * @cmd: the command, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module defining it, or NULL
 * @...: type and name strings, in pairs, ending with NULL (the
 *	synth_event_gen_cmd_start() macro adds it)
 *
 * Return: 0 or the first error (see synth_event_add_field()).
 */
int __synth_event_gen_cmd_start(struct dynevent_cmd *cmd, const char *name,
				struct module *mod, ...)
{
	const char *type, *fname;
	va_list args;
	int ret;

	ret = gen_start(cmd, name, mod);
	va_start(args, mod);
	while (!ret) {
		type = va_arg(args, const char *);
		if (!type)
			break;
		fname = va_arg(args, const char *);
		if (!fname)
			break;
		ret = synth_event_add_field(cmd, type, fname);
	}
	va_end(args);
	return ret;
}
EXPORT_SYMBOL_GPL(__synth_event_gen_cmd_start);

/**
 * synth_event_gen_cmd_array_start - start a definition from an array
 * @cmd: the command, from synth_event_cmd_init()
 * @name: the event's name
 * @mod: the module defining it, or NULL
 * @fields: type and name of each field
 * @n_fields: how many (64 at most)
 *
 * Return: 0 or the first error (see synth_event_add_field()).
 */
int synth_event_gen_cmd_array_start(struct dynevent_cmd *cmd, const char *name,
				    struct module *mod,
				    struct synth_field_desc *fields,
				    unsigned int n_fields)
{
	int ret;

	if (n_fields > SYNTH_FIELDS_MAX)
		return -EINVAL;
	ret = gen_start(cmd, name, mod);
	return ret ? ret : synth_event_add_fields(cmd, fields, n_fields);
}
EXPORT_SYMBOL_GPL(synth_event_gen_cmd_array_start);

/**
 * synth_event_create - define a synthetic event in one call
 * @name: its name
 * @fields: type and name of each field
 * @n_fields: how many
 * @mod: the module defining it (enabling the event pins it), or NULL
 *
 * Context: process, may sleep.
 * Return: 0 or the errno synthetic_events would give the definition.
 */
int synth_event_create(const char *name, struct synth_field_desc *fields,
		       unsigned int n_fields, struct module *mod)
{
	struct dynevent_cmd cmd;
	char *buf;
	int ret;

	buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_array_start(&cmd, name, mod, fields,
					      n_fields);
	if (!ret)
		ret = synth_event_gen_cmd_end(&cmd);
	kfree(buf);
	return ret;
}
EXPORT_SYMBOL_GPL(synth_event_create);

/**
 * synth_event_delete - delete a synthetic event
 * @name: its name
 *
 * Context: process, may sleep.
 * Return: 0, -ENOENT, or -EBUSY while it is enabled, used by a hist
 * action or held by trace_get_event_file().
 */
int synth_event_delete(const char *name)
{
	return trace_synth_delete(name);
}
EXPORT_SYMBOL_GPL(synth_event_delete);

/* The event of @file if it is to be written now, else NULL. */
static struct synth_event *writable(struct trace_event_file *file)
{
	if (!(READ_ONCE(file->flags) & EVENT_FILE_FL_ENABLED) ||
	    trace_trigger_soft_disabled(file))
		return NULL;
	return trace_synth_of(file);
}

/**
 * synth_event_trace_array - write one record from an array of values
 * @file: the event's file (from trace_get_event_file())
 * @vals: one value a field; a string field's is a pointer to its text
 * @n_vals: how many; must be the event's number of fields
 *
 * Return: 0 (also when the event is off: nothing is written), -EINVAL
 * for @n_vals or a file that is not a synthetic event's.
 */
int synth_event_trace_array(struct trace_event_file *file, u64 *vals,
			    unsigned int n_vals)
{
	struct synth_event *se;

	if (!trace_synth_of(file))
		return -EINVAL;
	if (n_vals != trace_synth_of(file)->nr_fields)
		return -EINVAL;
	preempt_disable_notrace();
	se = writable(file);
	if (se)
		trace_synth_write_file(se, file, vals, NULL);
	preempt_enable_notrace();
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_array);

/**
 * synth_event_trace - write one record from a list of values
 * @file: the event's file (from trace_get_event_file())
 * @n_vals: how many values follow; must be the number of fields
 * @...: one u64 a field (a string field's: a pointer to its text)
 *
 * Return: as synth_event_trace_array().
 */
int synth_event_trace(struct trace_event_file *file, unsigned int n_vals, ...)
{
	u64 vals[SYNTH_FIELDS_MAX];
	unsigned int i;
	va_list args;

	if (n_vals > SYNTH_FIELDS_MAX)
		return -EINVAL;
	va_start(args, n_vals);
	for (i = 0; i < n_vals; i++)
		vals[i] = va_arg(args, u64);
	va_end(args);
	return synth_event_trace_array(file, vals, n_vals);
}
EXPORT_SYMBOL_GPL(synth_event_trace);

/**
 * synth_event_trace_start - reserve a record to fill field by field
 * @file: the event's file
 * @trace_state: the state, filled in here
 *
 * With the event off, the state says so and the adds do nothing.
 * Preemption stays off until synth_event_trace_end().
 *
 * Return: 0, -EINVAL (no state, no room), -ENOTSUPP for an event with
 * char[] fields (their sizes must be known at the start).
 */
int synth_event_trace_start(struct trace_event_file *file,
			    struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;
	struct synth_event *se;
	void *rec;

	if (!st)
		return -EINVAL;
	memset(st, 0, sizeof(*st));
	se = trace_synth_of(file);
	if (!se)
		return -EINVAL;
	if (se->nr_dynamic)
		return -ENOTSUPP;
	preempt_disable_notrace();
	if (!writable(file)) {
		preempt_enable_notrace();
		st->disabled = true;
		return 0;
	}
	st->event = se;
	st->buffer = file->tr->buffer;
	ring_buffer_nest_start(st->buffer);
	rec = trace_event_buffer_reserve(&st->fbuffer, file, se->fixed_size);
	if (!rec) {
		ring_buffer_nest_end(st->buffer);
		preempt_enable_notrace();
		st->event = NULL;
		return -EINVAL;
	}
	memset(rec + sizeof(struct trace_entry), 0,
	       se->fixed_size - sizeof(struct trace_entry));
	st->entry = rec;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_start);

static int add_val(struct synth_event_trace_state *st, unsigned int i, u64 val)
{
	const struct synth_field *f = &st->event->fields[i];
	void *slot = (void *)st->entry + f->offset;

	if (f->is_dynamic)
		return -EINVAL;
	if (f->is_string) {
		if (!val)
			return -EINVAL;
		strscpy(slot, (const char *)(long)val, SYNTH_STR_MAX);
		return 0;
	}
	trace_synth_put_num(f, st->entry, val);
	return 0;
}

/**
 * synth_event_add_next_val - set the next field of a started record
 * @val: its value (a string field's: a pointer to its text)
 * @trace_state: the state from synth_event_trace_start()
 *
 * Return: 0 (also with the event off), -EINVAL past the last field, or
 * after synth_event_add_val() on the same record.
 */
int synth_event_add_next_val(u64 val,
			     struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;

	if (!st || st->add_name)
		return -EINVAL;
	st->add_next = true;
	if (st->disabled)
		return 0;
	if (!st->event || st->cur_field >= st->event->nr_fields)
		return -EINVAL;
	return add_val(st, st->cur_field++, val);
}
EXPORT_SYMBOL_GPL(synth_event_add_next_val);

/**
 * synth_event_add_val - set a field of a started record by its name
 * @field_name: the field
 * @val: its value (a string field's: a pointer to its text)
 * @trace_state: the state from synth_event_trace_start()
 *
 * Return: 0 (also with the event off), -EINVAL for an unknown field or
 * after synth_event_add_next_val() on the same record.
 */
int synth_event_add_val(const char *field_name, u64 val,
			struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;
	unsigned int i;

	if (!st || st->add_next)
		return -EINVAL;
	st->add_name = true;
	if (st->disabled)
		return 0;
	if (!st->event || !field_name)
		return -EINVAL;
	for (i = 0; i < st->event->nr_fields; i++)
		if (!strcmp(st->event->fields[i].name, field_name))
			return add_val(st, i, val);
	return -EINVAL;
}
EXPORT_SYMBOL_GPL(synth_event_add_val);

/**
 * synth_event_trace_end - commit a started record
 * @trace_state: the state from synth_event_trace_start()
 *
 * Return: 0, -EINVAL without a state.
 */
int synth_event_trace_end(struct synth_event_trace_state *trace_state)
{
	struct synth_event_trace_state *st = trace_state;

	if (!st)
		return -EINVAL;
	/* Nothing was reserved: nothing to commit (upstream would try). */
	if (st->disabled || !st->event)
		return 0;
	trace_event_buffer_commit(&st->fbuffer);
	ring_buffer_nest_end(st->buffer);
	preempt_enable_notrace();
	st->event = NULL;
	return 0;
}
EXPORT_SYMBOL_GPL(synth_event_trace_end);
