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
#include <linux/math64.h>
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
	{ "common_timestamp", HIST_SRC_TIMESTAMP },
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
	/*
	 * A module's event may go before a named table that names it.  An
	 * array is typed as upstream types it, with its length in figures:
	 * "char[16]", not "char[TASK_COMM_LEN]".
	 */
	if (f->len)
		col->type = kasprintf(GFP_KERNEL, "%.*s[%d]",
				      (int)strcspn(f->type, "["), f->type,
				      f->len);
	else
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
			col->type = col->src == HIST_SRC_CPU ? "int" :
				    col->src == HIST_SRC_TIMESTAMP ? "u64" : "";
			col->size = col->src == HIST_SRC_CPU ? sizeof(int) :
				    col->src == HIST_SRC_TIMESTAMP ? sizeof(u64) : 0;
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
 * hist_div - @a / @b as upstream's expressions divide
 * @col: the division (its constant divisor, if it has one)
 * @a: the dividend
 * @b: the divisor when it is not a constant
 *
 * By a variable: 0 gives -1, a power of two shifts.  By a constant: a
 * power of two shifts; one up to HIST_DIV_ONE multiplies and shifts
 * while @a is below HIST_DIV_ONE, which may come out one too high
 * (10/3 is 4), as upstream's does; else an exact division.
 *
 * Context: any, NMI included.
 * Return: the quotient.
 */
u64 hist_div(const struct hist_col *col, u64 a, u64 b)
{
	if (col->div_const) {
		b = col->value;
		if (col->div_mult && a < HIST_DIV_ONE)
			return (a * col->div_mult + HIST_DIV_ONE - 1) >>
			       HIST_DIV_SHIFT;
	} else if (!b) {
		return -1ULL;
	}
	if (is_power_of_2(b))
		return a >> __ffs64(b);
	return div64_u64(a, b);
}

/**
 * hist_col_eval - the number a column gives for one record
 * @col: a key, value or variable column (not a string or a stack)
 * @ev: the record, its time and the values of the spec's references
 *
 * An expression recurses once per operator: HIST_OPS_MAX deep at most.
 *
 * Context: any, NMI included.
 * Return: the number (strings and stacks give 0).
 */
u64 hist_col_eval(const struct hist_col *col, const struct hist_ev *ev)
{
	u64 a, b = 0;

	switch (col->src) {
	case HIST_SRC_CONST:
		return col->value;
	case HIST_SRC_TIMESTAMP:
		return ev->ts;
	case HIST_SRC_REF:
		return ev->refs[col->ref];
	case HIST_SRC_VAR:
		return ev->vars[col->ref];
	case HIST_SRC_EXPR:
		a = hist_col_eval(col->args[0], ev);
		if (col->op == HIST_OP_NEG)
			return -a;
		if (!col->div_const)
			b = hist_col_eval(col->args[1], ev);
		switch (col->op) {
		case HIST_OP_ADD:
			return a + b;
		case HIST_OP_SUB:
			return a - b;
		case HIST_OP_MUL:
			return a * b;
		default:
			return hist_div(col, a, b);
		}
	case HIST_SRC_HITCOUNT:
	case HIST_SRC_FIELD:
	case HIST_SRC_CPU:
		return num_of(col, ev->rec);
	default:
		return 0;
	}
}

/**
 * hist_key_build - the compound key of one record
 * @spec: the trigger's spec (its offsets are this event's)
 * @ev: the record and its time
 * @key: @spec->key_size bytes
 * @ctx: the trigger's context (where a stack key starts)
 *
 * Context: any, NMI included.
 */
void hist_key_build(const struct hist_spec *spec, const struct hist_ev *ev,
		    void *key, const struct trigger_ctx *ctx)
{
	const void *rec = ev->rec;
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
			*(u64 *)(key + col->key_off) = hist_col_eval(col, ev);
			break;
		}
	}
}
