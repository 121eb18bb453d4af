// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of print fmt rewriting by eval maps (trace_event_eval.c):
 * what TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() do to an event's
 * format as tools read it.
 *
 * eval_map_apply() is given a print fmt and one map, and must replace the
 * map's name by its value where the name is a whole identifier of the C
 * expression: every occurrence, not inside string literals, not as a
 * member (REC->NAME, s.NAME), not as part of a longer name or a number;
 * and never write past the format, whose length can only shrink.  Which
 * maps apply to which events (eval_maps_apply()) is left to the selftests
 * (the format files are compared with upstream's).
 */

#include <kunit/test.h>
#include <linux/module.h>
#include <linux/string.h>

#include "trace.h"

/* Bytes after the format's NUL that must stay as they were. */
#define GUARD		16
#define GUARD_BYTE	0x5a

/* Apply the map NAME=VALUE to a copy of FMT; expect WANT. */
static void expect_rewrite(struct kunit *test, const char *fmt,
			   const char *name, long value, const char *want)
{
	struct trace_eval_map map = {
		.system		= "kunit",
		.eval_string	= name,
		.eval_value	= value,
	};
	size_t len = strlen(fmt) + 1;
	char *buf = kunit_kmalloc(test, len + GUARD, GFP_KERNEL);
	int i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, fmt, len);
	memset(buf + len, GUARD_BYTE, GUARD);
	eval_map_apply(buf, &map);
	KUNIT_EXPECT_STREQ_MSG(test, buf, want, "fmt %s, %s=%ld", fmt, name,
			       value);
	for (i = 0; i < GUARD; i++)
		KUNIT_EXPECT_EQ_MSG(test, buf[len + i], (char)GUARD_BYTE,
				    "byte %zu written past the format",
				    len + i);
}

static void eval_replaces_identifier(struct kunit *test)
{
	expect_rewrite(test, "REC->state == TASK_RUNNING", "TASK_RUNNING", 0,
		       "REC->state == 0");
	expect_rewrite(test, "TASK_RUNNING", "TASK_RUNNING", 0, "0");
	expect_rewrite(test, "(TASK_RUNNING)", "TASK_RUNNING", 0, "(0)");
	/* An empty format and one without the name stay as they are. */
	expect_rewrite(test, "", "TASK_RUNNING", 0, "");
	expect_rewrite(test, "REC->state", "TASK_RUNNING", 0, "REC->state");
}

static void eval_whole_identifiers_only(struct kunit *test)
{
	/* Longer names that start or end with it, or contain it. */
	expect_rewrite(test, "FOOX + XFOO + FOO_1 + _FOO + xFOOx", "FOO", 7,
		       "FOOX + XFOO + FOO_1 + _FOO + xFOOx");
	/* Members of that name belong to structs, not to the enum. */
	expect_rewrite(test, "REC->FOO + s.FOO + a.b->FOO", "FOO", 7,
		       "REC->FOO + s.FOO + a.b->FOO");
	/* Nor is it a name inside a number or its suffix. */
	expect_rewrite(test, "0xFOO + 10FOO + FOO", "FOO", 7,
		       "0xFOO + 10FOO + 7");
	/* A name ending the format, after one it is part of. */
	expect_rewrite(test, "FOOFOO ? FOO", "FOO", 7, "FOOFOO ? 7");
}

static void eval_every_occurrence(struct kunit *test)
{
	expect_rewrite(test, "A, A | (A), A", "A", 1, "1, 1 | (1), 1");
	expect_rewrite(test,
		       "__print_symbolic(REC->s, { S_ONE, \"one\" }, { S_TWO, \"two\" }), S_ONE",
		       "S_ONE", 1,
		       "__print_symbolic(REC->s, { 1, \"one\" }, { S_TWO, \"two\" }), 1");
}

static void eval_strings_left_alone(struct kunit *test)
{
	expect_rewrite(test, "\"FOO=%d\", FOO", "FOO", 3, "\"FOO=%d\", 3");
	/* An escaped quote does not end the string. */
	expect_rewrite(test, "\"a\\\"FOO\\\" FOO\", FOO", "FOO", 3,
		       "\"a\\\"FOO\\\" FOO\", 3");
	/* Between two strings it is code again. */
	expect_rewrite(test, "\"x\" FOO \"FOO\"", "FOO", 3,
		       "\"x\" 3 \"FOO\"");
}

static void eval_values(struct kunit *test)
{
	/* A value as long as the name fills its place exactly. */
	expect_rewrite(test, "AB + 1", "AB", 42, "42 + 1");
	/* Negative values print signed. */
	expect_rewrite(test, "REC->x == NEG_ONE", "NEG_ONE", -1,
		       "REC->x == -1");
	/* TRACE_DEFINE_SIZEOF(): the "name" is a sizeof() expression. */
	expect_rewrite(test, "REC->n * sizeof(struct foo)",
		       "sizeof(struct foo)", 24, "REC->n * 24");
}

/* A value longer than its name would make the format grow: left alone. */
static void eval_no_overflow(struct kunit *test)
{
	expect_rewrite(test, "X", "X", 12345, "X");
	expect_rewrite(test, "REC->a == X, X", "X", 100, "REC->a == X, X");
	expect_rewrite(test, "AB", "AB", LONG_MIN, "AB");
}

static struct kunit_case eval_cases[] = {
	KUNIT_CASE(eval_replaces_identifier),
	KUNIT_CASE(eval_whole_identifiers_only),
	KUNIT_CASE(eval_every_occurrence),
	KUNIT_CASE(eval_strings_left_alone),
	KUNIT_CASE(eval_values),
	KUNIT_CASE(eval_no_overflow),
	{}
};

static struct kunit_suite eval_suite = {
	.name = "trace_event_eval",
	.test_cases = eval_cases,
};

kunit_test_suite(eval_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests of eval map rewriting in event print fmt");
MODULE_LICENSE("GPL");
