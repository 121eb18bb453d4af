// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events: the event itself (glossary in trace_synth.h) - its
 * description for the event core (fields, print fmt, output), the
 * arrays it is enabled in, and writing its records.
 *
 * A synthetic event has no tracepoint.  Enabling it in an array adds a
 * sub (that array's event file) to the event's RCU list; the writer,
 * a hist action running in some event's trigger, walks the list and
 * records into each sub's buffer through the ordinary reserve/commit,
 * so the event's own soft-disable, filter and triggers apply.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/ring_buffer.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_synth.h"

struct synth_sub {
	struct list_head		list;
	struct trace_event_file		*file;
	struct rcu_head			rcu;
};

/* The printf conversion of a number field, by its C type. */
static const char *num_fmt(const struct synth_field *f)
{
	static const struct {
		const char *type, *fmt;
	} fmts[] = {
		{ "s64", "%lld" }, { "u64", "%llu" }, { "s32", "%d" },
		{ "u32", "%u" }, { "s16", "%d" }, { "u16", "%u" },
		{ "s8", "%d" }, { "u8", "%u" }, { "char", "%d" },
		{ "unsigned char", "%u" }, { "int", "%d" },
		{ "unsigned int", "%u" }, { "long", "%ld" },
		{ "unsigned long", "%lu" }, { "bool", "%d" },
		{ "pid_t", "%d" }, { "gfp_t", "%x" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fmts); i++)
		if (!strcmp(f->type, fmts[i].type))
			return fmts[i].fmt;
	return "%llu";
}

static const char *field_fmt(const struct synth_field *f)
{
	return f->is_string || f->is_stack ? "%s" : num_fmt(f);
}

/* "a=%llu, b=%s", REC->a, __get_str(b) */
static char *make_print_fmt(struct synth_event *se)
{
	struct seq_buf s;
	unsigned int i;
	char *buf;
	size_t len = 64;

	for (i = 0; i < se->nr_fields; i++)
		len += 2 * strlen(se->fields[i].name) + 40;
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, len);
	seq_buf_putc(&s, '"');
	for (i = 0; i < se->nr_fields; i++)
		seq_buf_printf(&s, "%s%s=%s", i ? ", " : "", se->fields[i].name,
			       field_fmt(&se->fields[i]));
	seq_buf_putc(&s, '"');
	for (i = 0; i < se->nr_fields; i++) {
		const struct synth_field *f = &se->fields[i];

		if (f->is_stack)
			seq_buf_printf(&s, ", __get_stacktrace(%s)", f->name);
		else if (f->is_dynamic)
			seq_buf_printf(&s, ", __get_str(%s)", f->name);
		else
			seq_buf_printf(&s, ", REC->%s", f->name);
	}
	seq_buf_putc(&s, '\0');
	if (seq_buf_has_overflowed(&s)) {
		kfree(buf);
		return NULL;
	}
	return buf;
}

/* The value of number field @f of @rec, as upstream reads it. */
static u64 read_num(const struct synth_field *f, const void *rec)
{
	const void *p = rec + f->offset;

	switch (f->size) {
	case 1:
		return *(u8 *)p;
	case 2:
		return *(u16 *)p;
	case 4:
		return f->is_signed ? (u64)(s64)*(s32 *)p : *(u32 *)p;
	default:
		return *(u64 *)p;
	}
}

static enum print_line_t synth_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct synth_event *se = container_of(event, struct synth_event,
					      call.event);
	const void *rec = iter->ent;
	struct trace_seq *s = &iter->seq;
	const struct synth_field *f;
	const unsigned long *w;
	unsigned int i, n;
	u32 loc;

	trace_seq_printf(s, "%s: ", se->name);
	if (iter->ent_size < se->fixed_size)
		goto out;
	for (i = 0; i < se->nr_fields; i++) {
		const char *sep = i + 1 < se->nr_fields ? " " : "";

		f = &se->fields[i];
		if (!f->is_dynamic && f->is_string) {
			trace_seq_printf(s, "%s=%.*s%s", f->name, SYNTH_STR_MAX,
					 (const char *)rec + f->offset, sep);
			continue;
		}
		if (f->is_dynamic) {
			loc = *(u32 *)(rec + f->offset);
			/* A record of an older event of this type: no trust. */
			if ((loc & 0xffff) + (loc >> 16) > iter->ent_size) {
				trace_seq_printf(s, "%s=(bad)%s", f->name, sep);
				continue;
			}
			if (!f->is_stack) {
				trace_seq_printf(s, "%s=%.*s%s", f->name,
						 (int)(loc >> 16),
						 (const char *)rec + (loc & 0xffff),
						 sep);
				continue;
			}
			/* Word 0 counts the frames after it. */
			w = rec + (loc & 0xffff);
			trace_seq_printf(s, "%s=STACK:\n", f->name);
			for (n = 1; n <= w[0] && n < SYNTH_STACK_WORDS; n++)
				trace_seq_printf(s, "=> %pS\n", (void *)w[n]);
			continue;
		}
		trace_seq_printf(s, "%s=", f->name);
		trace_seq_printf(s, num_fmt(f), read_num(f, rec));
		trace_seq_puts(s, sep);
	}
out:
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions synth_funcs = {
	.trace	= synth_print,
};

static int synth_reg(struct trace_event_call *call, enum trace_reg type,
		     void *data)
{
	struct synth_event *se = container_of(call, struct synth_event, call);
	struct trace_event_file *file = data;
	struct synth_sub *sub;

	lockdep_assert_held(&event_mutex);
	switch (type) {
	case TRACE_REG_REGISTER:
		/* An event a module defined keeps it while enabled. */
		if (se->mod && !try_module_get(se->mod))
			return -EBUSY;
		sub = kzalloc(sizeof(*sub), GFP_KERNEL);
		if (!sub) {
			module_put(se->mod);
			return -ENOMEM;
		}
		sub->file = file;
		list_add_tail_rcu(&sub->list, &se->subs);
		return 0;
	case TRACE_REG_UNREGISTER:
		list_for_each_entry(sub, &se->subs, list) {
			if (sub->file == file) {
				list_del_rcu(&sub->list);
				kfree_rcu(sub, rcu);
				module_put(se->mod);
				break;
			}
		}
		return 0;
	default:
		/* perf: not for synthetic events here */
		return -EOPNOTSUPP;
	}
}

/* The format's view of the fields: every slot 8 bytes, strings 256. */
static struct trace_event_fields *make_fields(struct synth_event *se)
{
	struct trace_event_fields *fa;
	unsigned int i;

	fa = kcalloc(se->nr_fields + 1, sizeof(*fa), GFP_KERNEL);
	if (!fa)
		return NULL;
	for (i = 0; i < se->nr_fields; i++) {
		const struct synth_field *f = &se->fields[i];
		int ftype = FILTER_OTHER;

		if (f->is_stack)
			ftype = FILTER_STACKTRACE;
		else if (f->is_dynamic)
			ftype = FILTER_DYN_STRING;
		else if (f->is_string)
			ftype = FILTER_STATIC_STRING;
		struct trace_event_fields one = {
			.type = f->type, .name = f->name, .size = f->size,
			.align = 1, .filter_type = ftype,
			.is_signed = f->is_signed,
			.stride = f->is_string && !f->is_dynamic ?
				  SYNTH_STR_MAX : sizeof(u64),
		};

		memcpy(&fa[i], &one, sizeof(one));
	}
	return fa;
}

/**
 * trace_synth_describe_free - free what trace_synth_register() made
 * @se: the event (not registered, or no longer)
 */
void trace_synth_describe_free(struct synth_event *se)
{
	kfree(se->fields_array);
	se->fields_array = NULL;
	kfree(se->call.print_fmt);
	se->call.print_fmt = NULL;
}

/**
 * trace_synth_register - make @se an event of every array
 * @se: the event, its fields laid out
 *
 * Context: process; takes event_mutex.
 * Return: 0, -ENOMEM or -ENODEV (no record type left).
 */
int trace_synth_register(struct synth_event *se)
{
	int ret;

	INIT_LIST_HEAD(&se->subs);
	se->fields_array = make_fields(se);
	se->call.print_fmt = make_print_fmt(se);
	if (!se->fields_array || !se->call.print_fmt) {
		trace_synth_describe_free(se);
		return -ENOMEM;
	}
	se->class.system = SYNTH_SYSTEM;
	se->class.reg = synth_reg;
	se->class.raw_init = trace_event_raw_init;
	se->class.fields_array = se->fields_array;
	INIT_LIST_HEAD(&se->class.fields);
	se->call.class = &se->class;
	se->call.name = se->name;
	se->call.event.funcs = &synth_funcs;
	se->call.flags = TRACE_EVENT_FL_DYNAMIC;
	ret = trace_add_event_call(&se->call);
	if (ret)
		trace_synth_describe_free(se);
	return ret;
}

/**
 * trace_synth_unregister - take @se out of every array
 * @se: the event
 *
 * Context: process; takes event_mutex.
 * Return: 0, or -EBUSY while it is enabled (or soft-enabled) somewhere.
 */
int trace_synth_unregister(struct synth_event *se)
{
	int ret = trace_remove_event_call(&se->call);

	if (!ret)
		trace_synth_describe_free(se);
	return ret;
}

/*
 * A string value's length: bounded by the slot and by its source
 * (lens[i] is the source's bound + 1; 0: none).
 */
static unsigned int str_len(const u64 *vals, const u16 *lens, unsigned int i)
{
	unsigned int max = SYNTH_STR_MAX - 1;

	if (lens && lens[i] && lens[i] - 1 < max)
		max = lens[i] - 1;
	return strnlen((const char *)(long)vals[i], max);
}

/* Bytes the dynamic fields of one record take. */
static unsigned int dyn_size(struct synth_event *se, const u64 *vals,
			     const u16 *lens)
{
	unsigned int i, len = 0;

	for (i = 0; i < se->nr_fields; i++) {
		const struct synth_field *f = &se->fields[i];

		if (!f->is_dynamic)
			continue;
		if (f->is_stack)
			len += sizeof(long) *
			       (1 + min_t(unsigned long,
					  *(unsigned long *)(long)vals[i],
					  SYNTH_STACK_WORDS - 1));
		else
			len += str_len(vals, lens, i) + 1;
	}
	return len;
}

/**
 * trace_synth_put_num - store a number field's value, cut to its size
 * @f: the field
 * @rec: the record
 * @v: the value
 */
void trace_synth_put_num(const struct synth_field *f, void *rec, u64 v)
{
	void *slot = rec + f->offset;

	switch (f->size) {
	case 1:
		*(u8 *)slot = v;
		break;
	case 2:
		*(u16 *)slot = v;
		break;
	case 4:
		*(u32 *)slot = v;
		break;
	default:
		*(u64 *)slot = v;
		break;
	}
}

static void fill(struct synth_event *se, void *rec, const u64 *vals,
		 const u16 *lens)
{
	unsigned int i, top = se->fixed_size, len, n;
	const char *str;

	for (i = 0; i < se->nr_fields; i++) {
		const struct synth_field *f = &se->fields[i];
		void *slot = rec + f->offset;

		if (f->is_stack) {
			const unsigned long *w = (void *)(long)vals[i];

			n = min_t(unsigned long, w[0], SYNTH_STACK_WORDS - 1);
			len = (n + 1) * sizeof(long);
			memcpy(rec + top, w, len);
			((unsigned long *)(rec + top))[0] = n;
			*(u32 *)slot = len << 16 | top;
			top += len;
		} else if (f->is_dynamic) {
			str = (const char *)(long)vals[i];
			len = str_len(vals, lens, i);
			memcpy(rec + top, str, len);
			((char *)rec)[top + len] = '\0';
			*(u32 *)slot = (len + 1) << 16 | top;
			top += len + 1;
		} else if (f->is_string) {
			/* The slot was zeroed: the copy stays terminated. */
			memcpy(slot, (const char *)(long)vals[i],
			       str_len(vals, lens, i));
		} else {
			trace_synth_put_num(f, rec, vals[i]);
		}
	}
}

/**
 * trace_synth_write_file - write one record of @se into @file's array
 * @se: the event
 * @file: its file in that array (enabled, and not soft-disabled)
 * @vals: as for trace_synth_write()
 * @lens: as for trace_synth_write()
 *
 * Context: preemption disabled.
 */
void trace_synth_write_file(struct synth_event *se,
			    struct trace_event_file *file, const u64 *vals,
			    const u16 *lens)
{
	struct trace_event_buffer fbuffer;
	unsigned int size = se->fixed_size + dyn_size(se, vals, lens);
	void *rec;

	/* Inside the record of the event whose trigger this may be. */
	ring_buffer_nest_start(file->tr->buffer);
	rec = trace_event_buffer_reserve(&fbuffer, file, size);
	if (rec) {
		memset(rec + sizeof(struct trace_entry), 0,
		       size - sizeof(struct trace_entry));
		fill(se, rec, vals, lens);
		trace_event_buffer_commit(&fbuffer);
	}
	ring_buffer_nest_end(file->tr->buffer);
}

void trace_synth_write(struct synth_event *se, const u64 *vals,
		       const u16 *lens)
{
	struct synth_sub *sub;

	list_for_each_entry_rcu(sub, &se->subs, list)
		if (!trace_trigger_soft_disabled(sub->file))
			trace_synth_write_file(se, sub->file, vals, lens);
}

/**
 * trace_synth_of - the synthetic event of an event file
 * @file: any event's file
 *
 * Return: the event, or NULL when @file is not a synthetic event's.
 */
struct synth_event *trace_synth_of(struct trace_event_file *file)
{
	struct trace_event_call *call = file->event_call;

	if (call->class->reg != synth_reg)
		return NULL;
	return container_of(call, struct synth_event, call);
}
