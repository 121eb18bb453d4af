/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the filter compiler (trace_filter.c) hands the evaluator
 * (trace_filter_eval.c): a flat program of typed tests.
 *
 * A filter is a row of ops, one per comparison the user wrote, in the
 * order written.  Each op tests one thing of the record and yields 0 or 1;
 * when that equals the op's branch_on the evaluator jumps to the op's
 * target, otherwise it goes on with the next op.  A jump always goes
 * forward, and past the last op there are two exits: index n means the
 * record is accepted, n + 1 that it is rejected.  "&&", "||", "!" and the
 * parentheses are all folded into the targets and branch_on values at
 * compile time, so running a filter is one loop over ops with a switch on
 * the op's code: no tree, no recursion, no indirect call, no allocation.
 */
#ifndef _KERNEL_TRACE_TRACE_FILTER_H
#define _KERNEL_TRACE_TRACE_FILTER_H

#include <linux/rcupdate.h>
#include <linux/types.h>

struct trace_array;
struct trace_event_call;

/* What an op tests. */
enum filter_code {
	/*
	 * A field of 1, 2, 4 or 8 bytes, read zero-extended into x, is in
	 * a range: (x ^ bias) - val <= val2, all unsigned.  Every numeric
	 * comparison, signed or not, compiles to one (a signed field's
	 * bias is its sign bit, which maps its order onto the unsigned
	 * one); "!=" is "==" with the test negated.  First, so that the
	 * evaluator can take them before its switch.
	 */
	FOP_IN8, FOP_IN16, FOP_IN32, FOP_IN64,
	FOP_FALSE,		/* nothing to test: always 0 */
	FOP_BAND,		/* a field of len bytes, & val, is not 0 */
	FOP_CPU,		/* the CPU running the filter, vs val */
	FOP_CPU_IN_MASK,	/* the running CPU, vs the mask */
	/* A field holding a CPU number (width in len), vs the mask. */
	FOP_FIELD_IN_MASK,
	FOP_MASK_VS_MASK,	/* a __data_loc cpumask field vs the mask */
	FOP_MASK_VS_CPU,	/* a __data_loc cpumask field vs CPU val */
	FOP_RANGE,		/* val <= field (a long) < val2 */
	/* Strings: the pattern in str, matched as str->how says. */
	FOP_STR_FIXED,		/* char name[len] in the record */
	FOP_STR_LOC,		/* __data_loc: offset and length in a u32 */
	FOP_STR_RELLOC,		/* __rel_loc: the same, from the field's end */
	FOP_STR_PTR,		/* a char * to kernel memory */
	FOP_STR_USER,		/* a char * to user memory (.ustring) */
	FOP_STR_COMM,		/* the running task's comm */
};

/*
 * The comparisons of FOP_CPU (and of the mask ops: EQ, NE, BAND); the
 * compiler also uses them on the way to a range.
 */
enum filter_cmp {
	FCMP_EQ, FCMP_NE, FCMP_LT, FCMP_LE, FCMP_GT, FCMP_GE, FCMP_BAND,
};

/* How a string pattern matches (the forms of upstream's globs). */
enum filter_match {
	FMATCH_FULL,		/* "abc" */
	FMATCH_FRONT,		/* "abc*" */
	FMATCH_MIDDLE,		/* "*abc*" */
	FMATCH_END,		/* "*abc" */
	FMATCH_GLOB,		/* anything else with * ? [ or \ */
};

struct filter_str {
	u8	how;		/* FMATCH_* */
	u16	len;		/* of pattern, without the NUL */
	char	pattern[];
};

struct filter_op {
	u8		code;		/* FOP_* */
	u8		cmp;		/* FCMP_*; pointer strings: NE negates */
	u8		branch_on;	/* jump when the test gives this */
	u16		offset;		/* of the field in the record */
	u16		len;		/* string field size, or field width */
	u16		target;		/* op to jump to; n: accept, n + 1: reject */
	u64		val;
	u64		val2;
	u64		bias;		/* range ops: x ^ bias */
	const void	*arg;		/* struct filter_str or struct cpumask */
};

struct event_filter {
	struct rcu_head		rcu;
	char			*string;	/* as written, or the error text */
	unsigned int		n;		/* ops; 0: a filter that failed */
	struct filter_op	ops[] __counted_by(n);
};

/*
 * trace_filter_eval.c: filter_need_strbuf() makes the per-CPU room that
 * FOP_STR_PTR and FOP_STR_USER copy a string into; the compiler calls it
 * before it hands out a program with such an op.  Context: may sleep.
 */
int filter_need_strbuf(void);

/*
 * trace_filter.c: compile @str for @call, for the filter files
 * (trace_filter_files.c).  0 or -errno; *@filterp is the filter, or, on
 * an error other than -ENOMEM, one without ops that holds the error text
 * the file then shows.  @subsystem: the write was to events/SYSTEM/filter.
 * Context: event_mutex held.
 */
int filter_compile(struct trace_array *tr, struct trace_event_call *call,
		   const char *str, struct event_filter **filterp,
		   bool subsystem);

/*
 * The compiler's own, shared by trace_filter.c (the whole expression)
 * and trace_filter_term.c (one term: FIELD OP VALUE into one op).
 */

/* The messages of error_log and of a refused filter, as upstream's. */
enum {
	FERR_NONE,
	FERR_INVALID_OP,
	FERR_TOO_MANY_OPEN,
	FERR_TOO_MANY_CLOSE,
	FERR_MISSING_QUOTE,
	FERR_MISSING_BRACE_OPEN,
	FERR_MISSING_BRACE_CLOSE,
	FERR_OPERAND_TOO_LONG,
	FERR_EXPECT_STRING,
	FERR_EXPECT_DIGIT,
	FERR_ILLEGAL_FIELD_OP,
	FERR_FIELD_NOT_FOUND,
	FERR_ILLEGAL_INTVAL,
	FERR_BAD_SUBSYS_FILTER,
	FERR_TOO_MANY_PREDS,
	FERR_INVALID_FILTER,
	FERR_INVALID_CPULIST,
	FERR_IP_FIELD_ONLY,
	FERR_INVALID_VALUE,
	FERR_NO_FUNCTION,
	FERR_ERRNO,
	FERR_NO_FILTER,
};

struct fparse {
	struct trace_event_call	*call;
	const char		*str;
	int			err;	/* FERR_*, or -errno when none says it */
	int			pos;	/* where, in str */
	struct event_filter	*filter;
	int			nr_terms;	/* from the scan */
	int			max_open;	/* the scan's depth + 1 */
	/* Step 2's tree and stacks. */
	struct fnode		*nodes;
	int			nr_nodes;
	int			*leaf_node;	/* term -> its node */
	u8			*opstack;
	int			nr_ops;
	int			*valstack;
	int			nr_vals;
	int			depth;		/* '(' open */
};

static inline void perr(struct fparse *p, int err, int pos)
{
	p->err = err;
	p->pos = pos;
}

/* One term, compiled: its op, and whether its result is negated. */
struct term {
	struct filter_op	op;
	bool			neg;	/* the test's result is negated */
};

/*
 * Compile the term "FIELD OP VALUE" at @at of p->str into @t.  Return:
 * the index after it, or -errno with the error's message and position
 * in p->err and p->pos (-1, with no message: no field name at all).
 */
int filter_parse_term(struct fparse *p, int at, struct term *t);
/* Free what a compiled op points to (a string, a cpumask). */
void filter_op_free_arg(struct filter_op *op);

/* The longest string constant a filter takes (as upstream). */
#define FILTER_STR_MAX		256
/* How much of a char * string is looked at. */
#define FILTER_STRBUF_SIZE	1024

#endif /* _KERNEL_TRACE_TRACE_FILTER_H */
