// SPDX-License-Identifier: GPL-2.0
/*
 * Running a compiled event filter (see trace_filter.h for the program).
 *
 * This file knows records only as bytes at offsets: which event a
 * program belongs to, and how it came to be, is the compiler's business
 * (trace_filter.c).  Everything here runs in the probe of an event, in
 * any context up to NMI: no lock, no allocation, no sleeping, and no
 * indirect call (the kernel is built with retpolines), so an op is
 * dispatched by a switch on its code.
 *
 * Strings behind a char * are copied, without faulting, into a per-CPU
 * buffer of the current interrupt level before they are matched; the
 * buffers are made the first time a program needs them and kept.
 */

#include <linux/cpumask.h>
#include <linux/glob.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include <asm/tlb.h>

#include "trace.h"
#include "trace_filter.h"

struct filter_strbuf {
	bool	busy[TRACE_CTX_LEVELS];
	char	buf[TRACE_CTX_LEVELS][FILTER_STRBUF_SIZE];
};

static struct filter_strbuf __percpu *filter_strbufs;
static DEFINE_MUTEX(filter_strbuf_lock);

/**
 * filter_need_strbuf - make the buffers that pointer strings are read into
 *
 * Context: process, may sleep.  Once made they stay.
 *
 * Return: 0 or -ENOMEM.
 */
int filter_need_strbuf(void)
{
	struct filter_strbuf __percpu *bufs;
	int ret = 0;

	if (READ_ONCE(filter_strbufs))
		return 0;
	mutex_lock(&filter_strbuf_lock);
	if (!filter_strbufs) {
		bufs = alloc_percpu(struct filter_strbuf);
		if (bufs)
			smp_store_release(&filter_strbufs, bufs);
		else
			ret = -ENOMEM;
	}
	mutex_unlock(&filter_strbuf_lock);
	return ret;
}

/*
 * The string matchers.  @len is how many bytes of @s may be looked at (a
 * fixed array's size, or a dynamic string's length with its NUL); the
 * string need not end with a NUL within them.
 */
static bool str_full(const char *s, const struct filter_str *p, int len)
{
	if (len < p->len)
		return false;
	return !strncmp(s, p->pattern, len);
}

static bool str_front(const char *s, const struct filter_str *p, int len)
{
	if (len < p->len)
		return false;
	return !strncmp(s, p->pattern, p->len);
}

static bool str_middle(const char *s, const struct filter_str *p, int len)
{
	return strnstr(s, p->pattern, len);
}

static bool str_end(const char *s, const struct filter_str *p, int len)
{
	int slen = len - 1;

	return slen >= p->len &&
	       !memcmp(s + slen - p->len, p->pattern, p->len);
}

static __always_inline bool str_match(const char *s,
				      const struct filter_str *p, int len)
{
	if (len <= 0)
		return false;
	switch (p->how) {
	case FMATCH_FULL:
		return str_full(s, p, len);
	case FMATCH_FRONT:
		return str_front(s, p, len);
	case FMATCH_MIDDLE:
		return str_middle(s, p, len);
	case FMATCH_END:
		return str_end(s, p, len);
	default:
		return glob_match_len(p->pattern, s, len);
	}
}

/*
 * A string behind a pointer: copied first, as it may be anywhere.  One
 * that cannot be read matches nothing, whether the test is negated
 * (op->cmp FCMP_NE) or not.
 */
static noinline bool str_ptr_match(const struct filter_op *op,
				   const void *rec, bool user)
{
	const char *ptr = get_unaligned((const char **)(rec + op->offset));
	struct filter_strbuf __percpu *bufs = READ_ONCE(filter_strbufs);
	struct filter_strbuf *sb;
	int level = interrupt_context_level();
	bool ret = false;
	long n;

	/*
	 * An NMI that came in while the mm is being switched would read
	 * another task's memory at that address.
	 */
	if (!bufs || (user && !nmi_uaccess_okay()))
		return false;
	sb = this_cpu_ptr(bufs);
	/* A fault handler's event filtered inside ours gives up. */
	if (!trace_level_mark_enter(sb->busy))
		return false;
	if (user)
		n = strncpy_from_user_nofault(sb->buf[level],
					      (const char __user *)ptr,
					      FILTER_STRBUF_SIZE);
	else
		n = strncpy_from_kernel_nofault(sb->buf[level], ptr,
						FILTER_STRBUF_SIZE);
	if (n >= 0) {
		sb->buf[level][FILTER_STRBUF_SIZE - 1] = '\0';
		ret = str_match(sb->buf[level], op->arg,
				strlen(sb->buf[level]) + 1) ^
		      (op->cmp == FCMP_NE);
	}
	trace_level_mark_exit(sb->busy);
	return ret;
}

static __always_inline bool cmp_u64(u8 cmp, u64 v, u64 c)
{
	switch (cmp) {
	case FCMP_EQ:
		return v == c;
	case FCMP_NE:
		return v != c;
	case FCMP_LT:
		return v < c;
	case FCMP_LE:
		return v <= c;
	case FCMP_GT:
		return v > c;
	case FCMP_GE:
		return v >= c;
	default:
		return v & c;
	}
}

static __always_inline bool cmp_s64(u8 cmp, s64 v, s64 c)
{
	switch (cmp) {
	case FCMP_LT:
		return v < c;
	case FCMP_LE:
		return v <= c;
	case FCMP_GT:
		return v > c;
	case FCMP_GE:
		return v >= c;
	default:
		return cmp_u64(cmp, v, c);
	}
}

/* A lone CPU against a mask of two or more: never equal. */
static bool cpu_vs_mask(u8 cmp, unsigned int cpu, const struct cpumask *m)
{
	switch (cmp) {
	case FCMP_EQ:
		return false;
	case FCMP_NE:
		return true;
	default:
		return cpu < nr_cpu_ids && cpumask_test_cpu(cpu, m);
	}
}

static const struct cpumask *loc_mask(const struct filter_op *op,
				      const void *rec)
{
	u32 loc = get_unaligned((const u32 *)(rec + op->offset));

	return rec + (loc & 0xffff);
}

static bool mask_vs_mask(const struct filter_op *op, const void *rec)
{
	const struct cpumask *m = loc_mask(op, rec);

	switch (op->cmp) {
	case FCMP_EQ:
		return cpumask_equal(m, op->arg);
	case FCMP_NE:
		return !cpumask_equal(m, op->arg);
	default:
		return cpumask_intersects(m, op->arg);
	}
}

static bool mask_vs_cpu(const struct filter_op *op, const void *rec)
{
	const struct cpumask *m = loc_mask(op, rec);
	unsigned int cpu = op->val;
	bool in = cpu < nr_cpu_ids && cpumask_test_cpu(cpu, m);

	switch (op->cmp) {
	case FCMP_EQ:
		return in && cpumask_weight(m) == 1;
	case FCMP_NE:
		return !in || cpumask_weight(m) != 1;
	default:
		return in;
	}
}

static __always_inline u64 field_u(const void *p, unsigned int width)
{
	switch (width) {
	case 1:
		return *(const u8 *)p;
	case 2:
		return get_unaligned((const u16 *)p);
	case 4:
		return get_unaligned((const u32 *)p);
	default:
		return get_unaligned((const u64 *)p);
	}
}

/* The numeric test every comparison compiles to (see FOP_IN8). */
static __always_inline bool op_in_range(const struct filter_op *op, u64 x)
{
	return (x ^ op->bias) - op->val <= op->val2;
}

/* The ops that are not range tests. */
static bool op_test_other(const struct filter_op *op,
				   const void *rec)
{
	const void *f = rec + op->offset;
	u32 loc;

	switch (op->code) {
	case FOP_BAND:
		return field_u(f, op->len) & op->val;
	case FOP_CPU:
		return cmp_s64(op->cmp, (int)raw_smp_processor_id(),
			       (int)op->val);
	case FOP_CPU_IN_MASK:
		return cpu_vs_mask(op->cmp, raw_smp_processor_id(), op->arg);
	case FOP_FIELD_IN_MASK: {
		unsigned int cpu = field_u(f, op->len);

		return cpu < nr_cpu_ids && cpu_vs_mask(op->cmp, cpu, op->arg);
	}
	case FOP_MASK_VS_MASK:
		return mask_vs_mask(op, rec);
	case FOP_MASK_VS_CPU:
		return mask_vs_cpu(op, rec);
	case FOP_RANGE: {
		unsigned long ip = get_unaligned((const unsigned long *)f);

		return ip >= op->val && ip < op->val2;
	}
	case FOP_STR_FIXED:
		/* Size 0: the NUL-terminated text ending the record (print). */
		return str_match(f, op->arg, op->len ?: strlen(f) + 1);
	case FOP_STR_LOC:
		loc = get_unaligned((const u32 *)f);
		return str_match(rec + (loc & 0xffff), op->arg, loc >> 16);
	case FOP_STR_RELLOC:
		loc = get_unaligned((const u32 *)f);
		return str_match(f + sizeof(u32) + (loc & 0xffff), op->arg,
				 loc >> 16);
	case FOP_STR_PTR:
		return str_ptr_match(op, rec, false);
	case FOP_STR_USER:
		return str_ptr_match(op, rec, true);
	case FOP_STR_COMM:
		return str_match(current->comm, op->arg, TASK_COMM_LEN);
	default:
		return false;
	}
}

/* One op's test. */
static __always_inline bool op_test(const struct filter_op *op,
				    const void *rec)
{
	const void *f = rec + op->offset;

	switch (op->code) {
	case FOP_IN64:
		return op_in_range(op, get_unaligned((const u64 *)f));
	case FOP_IN32:
		return op_in_range(op, get_unaligned((const u32 *)f));
	case FOP_IN16:
		return op_in_range(op, get_unaligned((const u16 *)f));
	case FOP_IN8:
		return op_in_range(op, *(const u8 *)f);
	default:
		return op_test_other(op, rec);
	}
}

/* filter_run() from @op on, once it met an op that is not a range test. */
static noinline bool filter_run_slow(const struct filter_op *ops,
				     const struct filter_op *op,
				     const struct filter_op *end,
				     const void *rec)
{
	do {
		if (op_test(op, rec) == op->branch_on)
			op = ops + op->target;
		else
			op++;
	} while (op < end);
	return op == end;
}

/*
 * Run the program @ops of @n ops (at least one) on @rec; true when it
 * accepts.  A jump is always forward, so the loop ends; one to an exit
 * ends it at once.  The range ops, which is what nearly every filter is
 * made of, are done here, inline and without a call (so without saving
 * registers): a load, an xor, a subtraction and a compare.  At the
 * first op of another kind the rest of the run goes to filter_run_slow().
 */
static __always_inline bool filter_run(const struct filter_op *ops,
				       unsigned int n, const void *rec)
{
	const struct filter_op *op = ops, *end = ops + n;
	const void *f;
	bool yes;

	do {
		f = rec + op->offset;
		switch (op->code) {
		case FOP_IN32:
			yes = op_in_range(op, get_unaligned((const u32 *)f));
			break;
		case FOP_IN64:
			yes = op_in_range(op, get_unaligned((const u64 *)f));
			break;
		case FOP_IN16:
			yes = op_in_range(op, get_unaligned((const u16 *)f));
			break;
		case FOP_IN8:
			yes = op_in_range(op, *(const u8 *)f);
			break;
		default:
			return filter_run_slow(ops, op, end, rec);
		}
		if (yes != op->branch_on) {
			op++;
		} else {
			/* A jump to an exit ends the run there. */
			if (op->target >= n)
				return op->target == n;
			op = ops + op->target;
		}
	} while (op < end);
	return true;
}

/**
 * trace_filter_match - does a record pass a filter?
 * @filter: the filter, or NULL
 * @rec: the record
 *
 * A missing filter, or one that failed to compile (it only holds its
 * error text), accepts everything.
 *
 * Context: any, NMI included.
 *
 * Return: true when the record is to be kept.
 */
bool trace_filter_match(const struct event_filter *filter, const void *rec)
{
	if (!filter || !filter->n)
		return true;
	return filter_run(filter->ops, filter->n, rec);
}
EXPORT_SYMBOL_GPL(trace_filter_match);
