// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of event filters: the compiler (trace_filter.c) and the
 * evaluator (trace_filter_eval.c), on an event of our own whose fields
 * cover every kind a filter can test.
 *
 * Two tables.  The first gives expressions and which of three records
 * each must accept; the second expressions that must be refused, with
 * upstream's errno and the text the filter file then shows (the caret's
 * column and the message).  Both were checked against upstream 6.12 by
 * writing the same expressions to a real event's filter on the upstream
 * kernel (test.d/filter/filter-upstream-table.tc does so on both
 * flavours).  Then the shapes no table can list: long chains, deep
 * nesting, and every combination of three terms under "&&", "||" and "!"
 * compared with C's own evaluation.
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"

/* The record of the test event; the fields below describe it. */
struct kt_rec {
	struct trace_entry	ent;
	int			a;
	unsigned int		b;
	s64			c;
	u64			d;
	char			name[16];
	u32			dstr;	/* __data_loc char[] */
	u32			rstr;	/* __rel_loc char[] */
	const char		*ptr;
	unsigned long		ip;
	u8			small;
	s16			sh;
	u32			mask;	/* __data_loc cpumask_t */
	s8			tiny;
	u16			half;
	char			data[64];
};

static struct trace_event_fields kt_fields[] = {
	{ .type = "int", .name = "a", .size = 4, .align = 4, .is_signed = 1 },
	{ .type = "unsigned int", .name = "b", .size = 4, .align = 4 },
	{ .type = "s64", .name = "c", .size = 8, .align = 8, .is_signed = 1 },
	{ .type = "u64", .name = "d", .size = 8, .align = 8 },
	{ .type = "char[16]", .name = "name", .size = 16, .align = 1,
	  .len = 16, .is_signed = 1 },
	{ .type = "__data_loc char[]", .name = "dstr", .size = 4, .align = 4 },
	{ .type = "__rel_loc char[]", .name = "rstr", .size = 4, .align = 4 },
	{ .type = "const char *", .name = "ptr", .size = 8, .align = 8 },
	{ .type = "unsigned long", .name = "ip", .size = 8, .align = 8 },
	{ .type = "u8", .name = "small", .size = 1, .align = 1 },
	{ .type = "s16", .name = "sh", .size = 2, .align = 2, .is_signed = 1 },
	{ .type = "__data_loc cpumask_t", .name = "mask", .size = 4,
	  .align = 4 },
	{ .type = "s8", .name = "tiny", .size = 1, .align = 1, .is_signed = 1 },
	{ .type = "u16", .name = "half", .size = 2, .align = 2 },
	{}
};

static struct trace_event_class kt_class = {
	.system		= "kunit",
	.fields_array	= kt_fields,
};

static struct trace_event_call kt_call = {
	.class	= &kt_class,
	.name	= "kt_event",
};

/* A function for ".function" to find; the records point into it. */
static noinline int kt_target(int x)
{
	return x * 3 + 1;
}

static const char kt_kernel_str[] = "kernel";
static const char kt_kern_str[] = "kern";

#define NR_RECS	3

/* Put a string after the fixed part; @rel makes the offset __rel_loc's. */
static void put_str(struct kt_rec *r, u32 *field, unsigned int *at,
		    const char *s, bool rel)
{
	unsigned int len = strlen(s) + 1;
	unsigned int off = offsetof(struct kt_rec, data) + *at;

	memcpy(r->data + *at, s, len);
	if (rel)
		off -= (void *)(field + 1) - (void *)r;
	*field = off | (len << 16);
	*at += len;
}

static void put_mask(struct kt_rec *r, unsigned int *at,
		     const struct cpumask *m)
{
	unsigned int len = cpumask_size();

	if (*at + len > sizeof(r->data))
		len = sizeof(r->data) - *at;
	memcpy(r->data + *at, m, len);
	r->mask = (offsetof(struct kt_rec, data) + *at) | (len << 16);
	*at += len;
}

static void make_recs(struct kt_rec *r)
{
	unsigned int at;
	int i;

	memset(r, 0, sizeof(*r) * NR_RECS);
	for (i = 0; i < NR_RECS; i++)
		r[i].ent.pid = 100 + i;

	at = 0;
	r[0].a = -5;
	r[0].b = 10;
	r[0].c = -1;
	r[0].d = 0x100;
	strscpy(r[0].name, "bash", sizeof(r[0].name));
	put_str(&r[0], &r[0].dstr, &at, "hello", false);
	put_str(&r[0], &r[0].rstr, &at, "world", true);
	r[0].ptr = kt_kernel_str;
	r[0].ip = (unsigned long)kt_target + 1;
	r[0].small = 7;
	r[0].sh = -2;
	put_mask(&r[0], &at, cpumask_of(0));

	at = 0;
	r[1].a = 5;
	r[1].b = 0xffffffff;
	r[1].c = 1LL << 40;
	strscpy(r[1].name, "zsh", sizeof(r[1].name));
	put_str(&r[1], &r[1].dstr, &at, "", false);
	put_str(&r[1], &r[1].rstr, &at, "hello world", true);
	r[1].ptr = NULL;
	r[1].small = 255;
	r[1].sh = 300;
	put_mask(&r[1], &at, cpu_possible_mask);

	at = 0;
	r[2].d = ~0ULL;
	strscpy(r[2].name, "bash-5", sizeof(r[2].name));
	put_str(&r[2], &r[2].dstr, &at, "hello*", false);
	put_str(&r[2], &r[2].rstr, &at, "x", true);
	r[2].ptr = kt_kern_str;
	r[2].ip = (unsigned long)kt_target;
	put_mask(&r[2], &at, cpu_none_mask);
}

/* Expressions and the records (bit i: record i) each accepts. */
static const struct {
	const char	*expr;
	unsigned int	accepts;
} accept_table[] = {
	{ "a < 0", 0x1 },
	{ "a >= 0", 0x6 },
	{ "a<0||a>0", 0x3 },
	{ "b > 100", 0x2 },
	{ "b == 0xffffffff", 0x2 },
	{ "b != 10", 0x6 },
	{ "a == 4294967291", 0x1 },
	{ "a < 4294967295", 0x1 },
	{ "a == -5", 0x1 },
	{ "c < 0", 0x1 },
	{ "c >= 1099511627776", 0x2 },
	{ "d > 0x100", 0x4 },
	{ "d & 0x100", 0x5 },
	{ "d & 1", 0x4 },
	{ "small == 255", 0x2 },
	{ "small > 6", 0x3 },
	{ "small <= 7", 0x5 },
	{ "sh < 0", 0x1 },
	{ "sh == 300", 0x2 },
	{ "common_pid == 101", 0x2 },
	{ "common_pid != 101", 0x5 },
	{ "common_type == 0", 0x7 },
	{ "name == \"bash\"", 0x1 },
	{ "name == 'bash'", 0x1 },
	{ "name != \"zsh\"", 0x5 },
	{ "name ~ \"bash*\"", 0x5 },
	{ "name ~ \"*as*\"", 0x5 },
	{ "name ~ \"!zsh\"", 0x5 },
	{ "name ~ \"b?sh*\"", 0x5 },
	{ "name ~ \"[bz]*sh\"", 0x3 },
	{ "name ~ \"*\"", 0x7 },
	{ "name ~ \"\"", 0x0 },
	{ "name == \"bash*\"", 0x0 },
	{ "dstr == \"hello\"", 0x1 },
	{ "dstr ~ \"hel*\"", 0x5 },
	{ "dstr ~ \"*lo\"", 0x1 },
	{ "dstr == \"hello*\"", 0x4 },
	{ "dstr == \"\"", 0x2 },
	{ "dstr ~ \"*o*\"", 0x5 },
	{ "rstr == \"world\"", 0x1 },
	{ "rstr ~ \"hello *\"", 0x2 },
	{ "rstr ~ \"*d\"", 0x3 },
	{ "ptr == \"kernel\"", 0x1 },
	{ "ptr ~ \"kern*\"", 0x5 },
	{ "ptr != \"kern\"", 0x1 },
	{ "ip.function == kt_target", 0x5 },
	{ "ip.function != kt_target", 0x2 },
	{ "ip == 0", 0x2 },
	{ "a < 0 && b == 10", 0x1 },
	{ "a < 0 && b == 11", 0x0 },
	{ "a < 0 || b == 0", 0x5 },
	{ "!(a < 0)", 0x6 },
	{ "!a < 0", 0x6 },
	{ "!!(a < 0)", 0x1 },
	{ "! ! a < 0", 0x1 },
	{ "!(a < 0 || b == 0)", 0x2 },
	{ "!(a < 0 && b == 10) && !(a > 0)", 0x4 },
	{ "a > 0 || a < 0 && b == 10", 0x3 },
	{ "(a > 0 || a < 0) && b == 10", 0x1 },
	{ "a == 0 || a == 5 && small == 255 || sh < 0", 0x7 },
	{ "((((a == 5))))", 0x2 },
	{ "(a == 5) || (name ~ \"bash*\" && !(dstr == \"hello\"))", 0x6 },
};

/* Expressions that must be refused: errno and what the filter file shows. */
static const struct {
	const char	*expr;
	int		err;
	const char	*report;
} refuse_table[] = {
	{ "a == 1 &&", -EINVAL,
	  "a == 1 &&\n         ^\nparse_error: Meaningless filter expression\n" },
	{ "(a == 1", -ENOENT, "(a == 1\n^\nparse_error: Too many '('\n" },
	{ "a == 1)", -EPERM, "a == 1)\n      ^\nparse_error: Too few '('\n" },
	{ "a == 'x", -ESRCH,
	  "a == 'x\n     ^\nparse_error: Missing matching quote\n" },
	{ "nosuch == 1", -EINVAL,
	  "nosuch == 1\n       ^\nparse_error: Field not found\n" },
	{ "a = 1", -EINVAL, "a = 1\n   ^\nparse_error: Invalid operator\n" },
	{ "a == 'x'", -EINVAL,
	  "a == 'x'\n      ^\nparse_error: Expecting numeric field\n" },
	{ "name == 1", -EINVAL,
	  "name == 1\n         ^\nparse_error: Expecting string field\n" },
	{ "name < 'x'", -EINVAL,
	  "name < 'x'\n        ^\nparse_error: Illegal operation for field type\n" },
	{ "a ~ 1", -EINVAL,
	  "a ~ 1\n     ^\nparse_error: Illegal operation for field type\n" },
	{ "a == 1x", -EINVAL,
	  "a == 1x\n      ^\nparse_error: Illegal integer value\n" },
	{ "a == x", -EINVAL,
	  "a == x\n      ^\nparse_error: Invalid value (did you forget quotes)?\n" },
	{ "a == 1 b == 2", -EPERM,
	  "a == 1 b == 2\n       ^\nparse_error: Too many terms in predicate expression\n" },
	{ "", -EINVAL, "\nError: (0)\n" },
	{ "== 1", -EPERM, "== 1\nError: (0)\n" },
	{ "()", -EINVAL, "()\nError: (0)\n" },
	{ "a == 1 && ()", -EPERM, "a == 1 && ()\nError: (0)\n" },
	{ "a == 1 !", -EPERM,
	  "a == 1 !\n       ^\nparse_error: Too many terms in predicate expression\n" },
	{ "a == CPUS0", -EINVAL,
	  "a == CPUS0\n          ^\nparse_error: Missing '{'\n" },
	{ "a == CPUS{0", -EINVAL,
	  "a == CPUS{0\n           ^\nparse_error: Missing '}'\n" },
	{ "a & CPUS{}", -EINVAL,
	  "a & CPUS{}\n          ^\nparse_error: Invalid cpulist\n" },
	{ "a < CPUS{0}", -EINVAL,
	  "a < CPUS{0}\n     ^\nparse_error: Illegal operation for field type\n" },
	{ "name == CPUS{0}", -EINVAL,
	  "name == CPUS{0}\n         ^\nparse_error: Illegal operation for field type\n" },
	{ "ip.function == kt_no_such_function", -EINVAL,
	  "ip.function == kt_no_such_function\n                                  ^\nparse_error: Function not found\n" },
	{ "a.function == kt_target", -EINVAL,
	  "a.function == kt_target\n               ^\nparse_error: Illegal operation for field type\n" },
	{ "ip.function > 0", -EINVAL,
	  "ip.function > 0\n               ^\nparse_error: Invalid operator\n" },
	{ "a == 1111111111111111111111111", -EINVAL,
	  "a == 1111111111111111111111111\n                              ^\nparse_error: Operand too long\n" },
	{ "a.foo == 1", -EINVAL,
	  "a.foo == 1\n  ^\nparse_error: Invalid operator\n" },
	{ "a == 1 || || a == 2", -EPERM, "a == 1 || || a == 2\nError: (0)\n" },
	{ "a&&b", -EINVAL,
	  "a&&b\n   ^\nparse_error: Invalid value (did you forget quotes)?\n" },
	{ "a == 1 && (a == 2", -ENOENT,
	  "a == 1 && (a == 2\n          ^\nparse_error: Too many '('\n" },
};

static void kt_accepts(struct kunit *test)
{
	struct kt_rec *recs;
	struct event_filter *f;
	unsigned int got;
	int i, j, ret;

	recs = kunit_kcalloc(test, NR_RECS, sizeof(*recs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, recs);
	make_recs(recs);
	for (i = 0; i < ARRAY_SIZE(accept_table); i++) {
		ret = trace_filter_create(NULL, &kt_call, accept_table[i].expr,
					  &f);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s", accept_table[i].expr);
		if (ret)
			continue;
		got = 0;
		for (j = 0; j < NR_RECS; j++)
			if (trace_filter_match(f, &recs[j]))
				got |= BIT(j);
		KUNIT_EXPECT_EQ_MSG(test, got, accept_table[i].accepts, "%s",
				    accept_table[i].expr);
		KUNIT_EXPECT_STREQ(test, trace_filter_string(f),
				   accept_table[i].expr);
		trace_filter_free(f);
	}
}

static void kt_refuses(struct kunit *test)
{
	char *report;
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(refuse_table); i++) {
		ret = trace_filter_try(&kt_call, refuse_table[i].expr, &report);
		KUNIT_EXPECT_EQ_MSG(test, ret, refuse_table[i].err, "%s",
				    refuse_table[i].expr);
		KUNIT_EXPECT_STREQ_MSG(test, report ? report : "(null)",
				       refuse_table[i].report, "%s",
				       refuse_table[i].expr);
		kfree(report);
	}
}

/* The running task's comm and CPU. */
static void kt_generic_fields(struct kunit *test)
{
	struct kt_rec *recs;
	struct event_filter *f;
	char *expr;

	recs = kunit_kcalloc(test, NR_RECS, sizeof(*recs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, recs);
	make_recs(recs);
	expr = kasprintf(GFP_KERNEL, "COMM == \"%s\" && comm ~ \"%.3s*\"",
			 current->comm, current->comm);
	KUNIT_ASSERT_NOT_NULL(test, expr);
	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	KUNIT_EXPECT_TRUE(test, trace_filter_match(f, recs));
	trace_filter_free(f);
	kfree(expr);

	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call,
						  "comm == \"no-such-task\"", &f), 0);
	KUNIT_EXPECT_FALSE(test, trace_filter_match(f, recs));
	trace_filter_free(f);

	migrate_disable();
	expr = kasprintf(GFP_KERNEL, "CPU == %d && cpu <= %d && common_cpu >= %d",
			 raw_smp_processor_id(), raw_smp_processor_id(),
			 raw_smp_processor_id());
	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	KUNIT_EXPECT_TRUE(test, trace_filter_match(f, recs));
	trace_filter_free(f);
	kfree(expr);
	expr = kasprintf(GFP_KERNEL, "cpu & CPUS{%d}", raw_smp_processor_id());
	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	KUNIT_EXPECT_TRUE(test, trace_filter_match(f, recs));
	trace_filter_free(f);
	kfree(expr);
	migrate_enable();

	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, "cpu < 0", &f), 0);
	KUNIT_EXPECT_FALSE(test, trace_filter_match(f, recs));
	trace_filter_free(f);
}

/* Cpumask fields and masks against numbers. */
static void kt_cpumasks(struct kunit *test)
{
	static const struct {
		const char	*expr;
		unsigned int	accepts;
	} t[] = {
		{ "mask & CPUS{0}", 0x3 },
		{ "mask == CPUS{0}", 0x1 },
		{ "mask != CPUS{0}", 0x6 },
		{ "b & CPUS{10}", 0x1 },
		{ "b == CPUS{10}", 0x1 },
		{ "a == CPUS{0}", 0x4 },
		{ "a != CPUS{0}", 0x3 },
	};
	struct kt_rec *recs;
	struct event_filter *f;
	unsigned int got;
	int i, j;

	if (cpumask_weight(cpu_possible_mask) < 2)
		kunit_skip(test, "needs more CPUs");
	recs = kunit_kcalloc(test, NR_RECS, sizeof(*recs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, recs);
	make_recs(recs);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		if (strstr(t[i].expr, "{10}") && nr_cpu_ids <= 10)
			continue;
		KUNIT_ASSERT_EQ_MSG(test, trace_filter_create(NULL, &kt_call,
							      t[i].expr, &f),
				    0, "%s", t[i].expr);
		got = 0;
		for (j = 0; j < NR_RECS; j++)
			if (trace_filter_match(f, &recs[j]))
				got |= BIT(j);
		KUNIT_EXPECT_EQ_MSG(test, got, t[i].accepts, "%s", t[i].expr);
		trace_filter_free(f);
	}
}

/* What C says of the expression kt_shape() writes, for terms x, y, z. */
static bool kt_want(int shape, int ops, int nots, int v)
{
	bool x = (v & 1) ^ !!(nots & 1), y = !!(v & 2) ^ !!(nots & 2);
	bool z = !!(v & 4) ^ !!(nots & 4), g;

	switch (shape) {
	case 0:
		/* "&&" binds tighter than "||". */
		if (ops == 0)
			return x && y && z;
		if (ops == 1)
			return x || (y && z);
		if (ops == 2)
			return (x && y) || z;
		return x || y || z;
	case 1:
		g = ops & 1 ? x || y : x && y;
		g ^= !!(nots & 8);
		return ops & 2 ? g || z : g && z;
	default:
		g = ops & 2 ? y || z : y && z;
		g ^= !!(nots & 16);
		return ops & 1 ? x || g : x && g;
	}
}

/* Three terms: X o1 Y o2 Z, (X o1 Y) o2 Z or X o1 (Y o2 Z), with "!"s. */
static void kt_shape(char *buf, size_t size, int shape, int ops, int nots)
{
	static const char * const term[] = {
		"small & 1", "small & 2", "small & 4",
	};
	const char *o1 = ops & 1 ? "||" : "&&";
	const char *o2 = ops & 2 ? "||" : "&&";
	const char *n[5];
	int k;

	for (k = 0; k < 5; k++)
		n[k] = nots & BIT(k) ? "!" : "";
	if (shape == 0)
		snprintf(buf, size, "%s%s %s %s%s %s %s%s", n[0], term[0], o1,
			 n[1], term[1], o2, n[2], term[2]);
	else if (shape == 1)
		snprintf(buf, size, "%s(%s%s %s %s%s) %s %s%s", n[3], n[0],
			 term[0], o1, n[1], term[1], o2, n[2], term[2]);
	else
		snprintf(buf, size, "%s%s %s %s(%s%s %s %s%s)", n[0], term[0],
			 o1, n[4], n[1], term[1], o2, n[2], term[2]);
}

/*
 * Every expression of three terms with two of "&&"/"||", each grouping,
 * and "!" in any of five places, against C's answer for every truth
 * assignment of the terms.
 */
static void kt_logic_exhaustive(struct kunit *test)
{
	struct kt_rec *rec;
	struct event_filter *f;
	int shape, ops, nots, v;
	char expr[160];

	rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	for (shape = 0; shape < 3; shape++) {
		for (ops = 0; ops < 4; ops++) {
			for (nots = 0; nots < 32; nots++) {
				kt_shape(expr, sizeof(expr), shape, ops, nots);
				KUNIT_ASSERT_EQ_MSG(test,
					trace_filter_create(NULL, &kt_call,
							    expr, &f),
					0, "%s", expr);
				for (v = 0; v < 8; v++) {
					rec->small = v;
					KUNIT_EXPECT_EQ_MSG(test,
						trace_filter_match(f, rec),
						kt_want(shape, ops, nots, v),
						"%s with %d", expr, v);
				}
				trace_filter_free(f);
			}
		}
	}
}

/* Long chains and deep nesting compile, run and stay bounded. */
static void kt_big(struct kunit *test)
{
	struct kt_rec *rec;
	struct event_filter *f;
	char *expr, *p;
	int i;

	rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	expr = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	KUNIT_ASSERT_NOT_NULL(test, expr);

	/* 100 levels of parentheses. */
	p = expr;
	for (i = 0; i < 100; i++)
		*p++ = '(';
	p += sprintf(p, "a == 5");
	for (i = 0; i < 100; i++)
		*p++ = ')';
	*p = '\0';
	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	rec->a = 5;
	KUNIT_EXPECT_TRUE(test, trace_filter_match(f, rec));
	rec->a = 4;
	KUNIT_EXPECT_FALSE(test, trace_filter_match(f, rec));
	trace_filter_free(f);

	/* As deep as a page allows, with "!" at every level. */
	p = expr;
	for (i = 0; i < 1000; i++) {
		*p++ = '!';
		*p++ = '(';
	}
	p += sprintf(p, "a == 5");
	for (i = 0; i < 1000; i++)
		*p++ = ')';
	*p = '\0';
	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	rec->a = 5;
	KUNIT_EXPECT_TRUE(test, trace_filter_match(f, rec));
	trace_filter_free(f);

	/* 500 terms alternating "||" and "&&". */
	p = expr;
	for (i = 0; i < 500; i++)
		p += sprintf(p, "%sa==%d", i ? (i & 1 ? "||" : "&&") : "",
			     i % 7);
	KUNIT_ASSERT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	rec->a = 6;
	KUNIT_EXPECT_FALSE(test, trace_filter_match(f, rec));
	trace_filter_free(f);

	/* Unbalanced at depth, and garbage: refused, nothing leaks. */
	memset(expr, '(', PAGE_SIZE - 1);
	expr[PAGE_SIZE - 1] = '\0';
	KUNIT_EXPECT_EQ(test, trace_filter_create(NULL, &kt_call, expr, &f),
			-ENOENT);
	KUNIT_EXPECT_NULL(test, f);
	for (i = 0; i < PAGE_SIZE - 1; i++)
		expr[i] = 1 + (i * 37) % 255;
	KUNIT_EXPECT_LT(test, trace_filter_create(NULL, &kt_call, expr, &f), 0);
	KUNIT_EXPECT_NULL(test, f);
}

/* The numeric fields of each width and signedness. */
static const struct {
	const char	*name;
	unsigned int	offset;
	int		size;
	bool		is_signed;
} kt_nums[] = {
	{ "small", offsetof(struct kt_rec, small), 1, false },
	{ "tiny", offsetof(struct kt_rec, tiny), 1, true },
	{ "half", offsetof(struct kt_rec, half), 2, false },
	{ "sh", offsetof(struct kt_rec, sh), 2, true },
	{ "b", offsetof(struct kt_rec, b), 4, false },
	{ "a", offsetof(struct kt_rec, a), 4, true },
	{ "d", offsetof(struct kt_rec, d), 8, false },
	{ "c", offsetof(struct kt_rec, c), 8, true },
};

static const char * const kt_cmps[] = { "==", "!=", "<", "<=", ">", ">=", "&" };

/* C's verdict on @x @cmp @c, both already at the field's width. */
static bool kt_cmp_want(int cmp, bool is_signed, u64 x, u64 c)
{
	s64 sx = x, sc = c;

	switch (cmp) {
	case 0:
		return x == c;
	case 1:
		return x != c;
	case 2:
		return is_signed ? sx < sc : x < c;
	case 3:
		return is_signed ? sx <= sc : x <= c;
	case 4:
		return is_signed ? sx > sc : x > c;
	case 5:
		return is_signed ? sx >= sc : x >= c;
	default:
		return x & c;
	}
}

/* The values around the ends and the middle of a width's range. */
static void kt_num_values(int size, bool is_signed, u64 *v)
{
	u64 max = size < 8 ? BIT_ULL(size * 8) - 1 : U64_MAX;
	s64 smax = max >> 1, smin = -smax - 1;
	int i = 0;

	if (is_signed) {
		v[i++] = smin;
		v[i++] = smin + 1;
		v[i++] = -2;
		v[i++] = -1;
		v[i++] = 0;
		v[i++] = 1;
		v[i++] = smax - 1;
		v[i++] = smax;
	} else {
		v[i++] = 0;
		v[i++] = 1;
		v[i++] = 2;
		v[i++] = max >> 1;
		v[i++] = (max >> 1) + 1;
		v[i++] = max - 2;
		v[i++] = max - 1;
		v[i++] = max;
	}
}

static void kt_put_num(struct kt_rec *r, unsigned int offset, int size, u64 x)
{
	void *p = (void *)r + offset;

	switch (size) {
	case 1:
		*(u8 *)p = x;
		break;
	case 2:
		*(u16 *)p = x;
		break;
	case 4:
		*(u32 *)p = x;
		break;
	default:
		*(u64 *)p = x;
	}
}

/*
 * Every comparison compiles to a range test, with the empty ranges
 * ("< min", "> max") folded: each one at the ends of each width, signed
 * and unsigned, against values at the ends, compared with C.
 */
static void kt_num_bounds(struct kunit *test)
{
	struct event_filter *f;
	struct kt_rec *rec;
	u64 vals[8], x, c;
	char expr[64];
	int n, op, i, j;
	bool want;

	rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	for (n = 0; n < ARRAY_SIZE(kt_nums); n++) {
		int size = kt_nums[n].size;
		bool sgn = kt_nums[n].is_signed;

		kt_num_values(size, sgn, vals);
		for (op = 0; op < ARRAY_SIZE(kt_cmps); op++) {
			for (j = 0; j < ARRAY_SIZE(vals); j++) {
				c = vals[j];
				if (sgn)
					snprintf(expr, sizeof(expr), "%s %s %lld",
						 kt_nums[n].name, kt_cmps[op],
						 (s64)c);
				else
					snprintf(expr, sizeof(expr), "%s %s %llu",
						 kt_nums[n].name, kt_cmps[op],
						 c);
				KUNIT_ASSERT_EQ_MSG(test, trace_filter_create(NULL,
						    &kt_call, expr, &f), 0, "%s", expr);
				for (i = 0; i < ARRAY_SIZE(vals); i++) {
					x = vals[i];
					kt_put_num(rec, kt_nums[n].offset, size, x);
					want = kt_cmp_want(op, sgn, x, c);
					KUNIT_EXPECT_EQ_MSG(test,
							    trace_filter_match(f, rec),
							    want, "%s on %lld", expr,
							    (s64)x);
				}
				trace_filter_free(f);
			}
		}
	}
}

static struct kunit_case filter_cases[] = {
	KUNIT_CASE(kt_accepts),
	KUNIT_CASE(kt_refuses),
	KUNIT_CASE(kt_generic_fields),
	KUNIT_CASE(kt_cpumasks),
	KUNIT_CASE(kt_logic_exhaustive),
	KUNIT_CASE(kt_big),
	KUNIT_CASE(kt_num_bounds),
	{}
};

static struct kunit_suite filter_suite = {
	.name = "trace_filter",
	.test_cases = filter_cases,
};

kunit_test_suite(filter_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests of event filters: compiler and evaluator");
MODULE_LICENSE("GPL");
