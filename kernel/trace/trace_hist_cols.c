// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: columns (glossary in trace_hist.h) - which field of the
 * record a key or value names, and, on the event path, the compound key
 * and the values of one record.
 *
 * Names are looked up as the filters look them up: the event's own
 * fields first, then the names every event has (cpu, stacktrace), then
 * the common_* fields, so an event field called "cpu" wins.  comm has no
 * size in a record and cannot be a column, as upstream.
 *
 * Every key slot is written whole for each record (numbers 8 bytes,
 * strings NUL-padded, stacks zero-filled), so the compound key needs no
 * clearing first and equal records give equal bytes.
 */

#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

/* The names every event has, besides its fields. */
static const struct {
	const char	*name;
	enum hist_src	src;
	bool		legacy;
} hist_specials[] = {
	{ "common_cpu", HIST_SRC_CPU },
	{ "cpu", HIST_SRC_CPU, true },
	{ "CPU", HIST_SRC_CPU, true },
	{ "common_stacktrace", HIST_SRC_STACK },
	{ "stacktrace", HIST_SRC_STACK, true },
	{ "STACKTRACE", HIST_SRC_STACK, true },
};

static enum hist_src src_of(const struct trace_event_fields *f)
{
	switch (trace_field_ftype(f)) {
	case FILTER_STATIC_STRING:
		return HIST_SRC_STR;
	case FILTER_DYN_STRING:
		return HIST_SRC_DYN_STR;
	case FILTER_RDYN_STRING:
		return HIST_SRC_REL_STR;
	default:
		return HIST_SRC_FIELD;
	}
}

static int col_set_field(struct hist_col *col,
			 const struct trace_event_fields *f,
			 unsigned int offset)
{
	if (!f->size || trace_field_ftype(f) == FILTER_TRACE_FN)
		return -ENOENT;
	col->src = src_of(f);
	/* A module's event may go before a named table that names it. */
	col->type = kstrdup_const(f->type, GFP_KERNEL);
	if (!col->type)
		return -ENOMEM;
	col->offset = offset;
	col->size = f->size;
	col->is_signed = f->is_signed;
	/* An array that is not a string is read as the number it starts with. */
	if (col->src == HIST_SRC_FIELD &&
	    (col->size > 8 || !is_power_of_2(col->size)))
		col->size = col->size > 8 ? 8 : rounddown_pow_of_two(col->size);
	return 0;
}

/**
 * hist_col_resolve - find what a column's name stands for
 * @call: the event the trigger is on
 * @name: the name written, without its modifier
 * @col: filled in (its name is a copy the spec owns)
 *
 * Context: event_mutex held.
 * Return: 0, -ENOENT when there is no such field, -ENOMEM.
 */
int hist_col_resolve(struct trace_event_call *call, const char *name,
		     struct hist_col *col)
{
	const struct trace_event_fields *f;
	unsigned int offset, i;
	int ret = -ENOENT;

	f = trace_event_field_find(call, name, &offset);
	if (f) {
		ret = col_set_field(col, f, offset);
	} else if (!strcmp(name, "hitcount")) {
		col->src = HIST_SRC_HITCOUNT;
		col->type = "u64";
		col->size = sizeof(u64);
		ret = 0;
	} else {
		for (i = 0; i < ARRAY_SIZE(hist_specials); i++) {
			if (strcmp(name, hist_specials[i].name))
				continue;
			col->src = hist_specials[i].src;
			col->type = col->src == HIST_SRC_CPU ? "int" : "";
			col->size = col->src == HIST_SRC_CPU ? sizeof(int) : 0;
			col->is_signed = col->src == HIST_SRC_CPU;
			col->legacy_cpu = hist_specials[i].legacy &&
					  col->src == HIST_SRC_CPU;
			ret = 0;
			break;
		}
		if (ret) {
			f = trace_event_field_find(NULL, name, &offset);
			if (f)
				ret = col_set_field(col, f, offset);
		}
	}
	if (ret)
		return ret;
	/* "stacktrace" and "STACKTRACE" are common_stacktrace, as upstream. */
	col->name = kstrdup(col->src == HIST_SRC_STACK ? "common_stacktrace" :
			    name, GFP_KERNEL);
	return col->name ? 0 : -ENOMEM;
}

/* A number of the record, sign-extended when its field is signed. */
static u64 read_num(const struct hist_col *col, const void *rec)
{
	const void *p = rec + col->offset;

	switch (col->size) {
	case 1:
		return col->is_signed ? (u64)(s64)*(s8 *)p : *(u8 *)p;
	case 2:
		return col->is_signed ? (u64)(s64)*(s16 *)p : *(u16 *)p;
	case 4:
		return col->is_signed ? (u64)(s64)*(s32 *)p : *(u32 *)p;
	default:
		return *(u64 *)p;
	}
}

/* Copy a string of at most @len bytes into a slot, NUL-padded. */
static void put_str(char *slot, unsigned int slot_size, const char *s,
		    unsigned int len)
{
	unsigned int i;

	len = min(len, slot_size - 1);
	for (i = 0; i < len && s[i]; i++)
		slot[i] = s[i];
	memset(slot + i, 0, slot_size - i);
}

static u64 num_of(const struct hist_col *col, const void *rec)
{
	u64 v;

	if (col->src == HIST_SRC_HITCOUNT)
		v = 1;
	else if (col->src == HIST_SRC_CPU)
		v = raw_smp_processor_id();
	else
		v = read_num(col, rec);

	if (col->mod == HIST_MOD_LOG2)
		return v > 1 ? ilog2(v - 1) + 1 : 0;
	if (col->mod == HIST_MOD_BUCKETS)
		return div64_u64(v, col->buckets) * col->buckets;
	return v;
}

/**
 * hist_key_build - the compound key of one record
 * @spec: the trigger's spec (its offsets are this event's)
 * @rec: the record
 * @key: @spec->key_size bytes
 * @ctx: the trigger's context (where a stack key starts)
 *
 * Context: any, NMI included.
 */
void hist_key_build(const struct hist_spec *spec, const void *rec, void *key,
		    const struct trigger_ctx *ctx)
{
	const struct hist_col *col;
	unsigned int i, n;
	u32 loc;

	for (i = 0; i < spec->nr_keys; i++) {
		col = &spec->keys[i];
		switch (col->src) {
		case HIST_SRC_STR:
			put_str(key + col->key_off, col->key_size,
				rec + col->offset, col->size);
			break;
		case HIST_SRC_DYN_STR:
		case HIST_SRC_REL_STR:
			loc = *(u32 *)(rec + col->offset);
			put_str(key + col->key_off, col->key_size,
				rec + (loc & 0xffff) +
				(col->src == HIST_SRC_REL_STR ?
				 col->offset + sizeof(u32) : 0),
				loc >> 16);
			break;
		case HIST_SRC_STACK:
			n = trace_kernel_stack_save(key + col->key_off,
						    HIST_STACK_DEPTH,
						    ctx->from, ctx->skip);
			memset(key + col->key_off + n * sizeof(long), 0,
			       (HIST_STACK_DEPTH - n) * sizeof(long));
			break;
		default:
			*(u64 *)(key + col->key_off) = num_of(col, rec);
			break;
		}
	}
}

/**
 * hist_val_read - what one record adds to a value column
 * @col: the column
 * @rec: the record
 *
 * Context: any, NMI included.
 * Return: the number (1 for hitcount; strings add nothing).
 */
u64 hist_val_read(const struct hist_col *col, const void *rec)
{
	switch (col->src) {
	case HIST_SRC_HITCOUNT:
	case HIST_SRC_FIELD:
	case HIST_SRC_CPU:
		return num_of(col, rec);
	default:
		return 0;
	}
}
