// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests beside ftrace_filter.c and ftrace_cmds.c: the sets of call-site
 * addresses (add, look up, delete with its backward shift, growth, walk,
 * copy), the classification and matching of set_ftrace_filter's words,
 * and the count of a function command ("FUNC:cmd:N").
 *
 * The sets here are private ones, made and freed by the tests: no ops
 * points at them, so no lock is taken.  Addresses are made up (any
 * non-zero value is one); the tests that need collisions search for
 * addresses with the same home slot, hashed as ftrace_filter.c hashes.
 *
 * What this file does not hold: globs applied to the real call-site table
 * and the filter files, which the selftests test.d/function/filter-glob.tc
 * and filter-mod.tc cover.
 */
#include <kunit/test.h>
#include <linux/hash.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "ftrace_internal.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* A private set freed with the test (through *@setp, which may change). */
static struct ftrace_ip_set **fk_set(struct kunit *test, unsigned int hint)
{
	struct ftrace_ip_set **setp = kunit_kzalloc(test, sizeof(*setp), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, setp);
	*setp = ftrace_ip_set_new(hint);
	KUNIT_ASSERT_NOT_NULL(test, *setp);
	return setp;
}

static void fk_set_release(struct kunit *test, struct ftrace_ip_set **setp)
{
	ftrace_ip_set_free(*setp);
	*setp = NULL;
}

static unsigned int fk_home(const struct ftrace_ip_set *set, unsigned long ip)
{
	return hash_long(ip, 32) & set->mask;
}

/* @n addresses with the home slot of @first in @set, @first the first. */
static void fk_colliding(const struct ftrace_ip_set *set, unsigned long first,
			 unsigned long *ips, unsigned int n)
{
	unsigned long ip = first;
	unsigned int k = 0;

	for (; k < n; ip++)
		if (fk_home(set, ip) == fk_home(set, first))
			ips[k++] = ip;
}

static void fk_add_has_del(struct kunit *test)
{
	struct ftrace_ip_set **setp = fk_set(test, 0);
	unsigned long ip;

	for (ip = 0x1000; ip < 0x1000 + 100 * 8; ip += 8)
		KUNIT_ASSERT_EQ(test, ftrace_ip_set_add(setp, ip), 0);
	KUNIT_EXPECT_EQ(test, (*setp)->count, 100);
	/* Adding again changes nothing. */
	KUNIT_EXPECT_EQ(test, ftrace_ip_set_add(setp, 0x1000), 0);
	KUNIT_EXPECT_EQ(test, (*setp)->count, 100);
	for (ip = 0x1000; ip < 0x1000 + 100 * 8; ip += 8) {
		KUNIT_EXPECT_TRUE(test, ftrace_ip_set_has(*setp, ip));
		KUNIT_EXPECT_FALSE(test, ftrace_ip_set_has(*setp, ip + 1));
	}
	/* Every other one out; the rest still found. */
	for (ip = 0x1000; ip < 0x1000 + 100 * 8; ip += 16)
		ftrace_ip_set_del(*setp, ip);
	ftrace_ip_set_del(*setp, 0xdead);
	KUNIT_EXPECT_EQ(test, (*setp)->count, 50);
	for (ip = 0x1000; ip < 0x1000 + 100 * 8; ip += 8)
		KUNIT_EXPECT_EQ(test, ftrace_ip_set_has(*setp, ip), !!(ip & 8));
	fk_set_release(test, setp);
}

/*
 * A chain of addresses with one home: deleting from its head or middle
 * shifts the rest back, so each is still found before an empty slot, and
 * the slot freed at the end of the run is empty.
 */
static void fk_del_shifts_back(struct kunit *test)
{
	struct ftrace_ip_set **setp = fk_set(test, 0);
	unsigned long ips[5];
	unsigned int i, home;

	fk_colliding(*setp, 0x5000, ips, ARRAY_SIZE(ips));
	for (i = 0; i < ARRAY_SIZE(ips); i++)
		KUNIT_ASSERT_EQ(test, ftrace_ip_set_add(setp, ips[i]), 0);
	/* No growth happened: the run is five slots from the home. */
	home = fk_home(*setp, ips[0]);
	KUNIT_ASSERT_EQ(test, (*setp)->slot[home], ips[0]);

	ftrace_ip_set_del(*setp, ips[0]);
	ftrace_ip_set_del(*setp, ips[2]);
	for (i = 0; i < ARRAY_SIZE(ips); i++)
		KUNIT_EXPECT_EQ(test, ftrace_ip_set_has(*setp, ips[i]),
				i != 0 && i != 2);
	/* The three left fill the run from its home; the slot after is free. */
	KUNIT_EXPECT_EQ(test, (*setp)->slot[home], ips[1]);
	KUNIT_EXPECT_EQ(test, (*setp)->slot[(home + 3) & (*setp)->mask], 0UL);
	fk_set_release(test, setp);
}

/* Growth keeps the table a power of two and at most three quarters full. */
static void fk_growth(struct kunit *test)
{
	struct ftrace_ip_set **setp = fk_set(test, 0);
	struct rnd_state rnd;
	unsigned int i, slots;

	prandom_seed_state(&rnd, 42);
	for (i = 0; i < 5000; i++) {
		unsigned long ip = prandom_u32_state(&rnd) | 1UL << 40;

		KUNIT_ASSERT_EQ(test, ftrace_ip_set_add(setp, ip), 0);
		slots = (*setp)->mask + 1;
		KUNIT_ASSERT_TRUE(test, is_power_of_2(slots));
		KUNIT_ASSERT_LE(test, 4 * (*setp)->count, 3 * slots);
	}
	prandom_seed_state(&rnd, 42);
	for (i = 0; i < 5000; i++)
		KUNIT_EXPECT_TRUE(test, ftrace_ip_set_has(*setp,
				  prandom_u32_state(&rnd) | 1UL << 40));
	fk_set_release(test, setp);
}

/* The walk gives each address once; a copy is a set of its own. */
static void fk_walk_and_copy(struct kunit *test)
{
	struct ftrace_ip_set **setp = fk_set(test, 0);
	struct ftrace_ip_set **copyp;
	unsigned long ip, sum = 0;
	unsigned int i, n = 0;

	for (ip = 1; ip <= 300; ip++)
		KUNIT_ASSERT_EQ(test, ftrace_ip_set_add(setp, ip), 0);
	for (i = 0; (i = ftrace_ip_set_next(*setp, i, &ip)); n++)
		sum += ip;
	KUNIT_EXPECT_EQ(test, n, 300);
	KUNIT_EXPECT_EQ(test, sum, 300UL * 301 / 2);
	KUNIT_EXPECT_EQ(test, ftrace_ip_set_next(NULL, 0, &ip), 0);

	copyp = fk_set(test, 0);
	ftrace_ip_set_free(*copyp);
	*copyp = ftrace_ip_set_copy(*setp);
	KUNIT_ASSERT_NOT_NULL(test, *copyp);
	KUNIT_ASSERT_EQ(test, ftrace_ip_set_add(copyp, 1000), 0);
	ftrace_ip_set_del(*copyp, 1);
	KUNIT_EXPECT_TRUE(test, ftrace_ip_set_has(*setp, 1));
	KUNIT_EXPECT_FALSE(test, ftrace_ip_set_has(*setp, 1000));
	KUNIT_EXPECT_EQ(test, (*copyp)->count, 300);
	fk_set_release(test, copyp);

	/* A copy of no set is an empty one. */
	*copyp = ftrace_ip_set_copy(NULL);
	KUNIT_ASSERT_NOT_NULL(test, *copyp);
	KUNIT_EXPECT_EQ(test, (*copyp)->count, 0);
	fk_set_release(test, copyp);
	fk_set_release(test, setp);
}

/* How set_ftrace_filter's words are read. */
struct fk_word {
	const char		*word;
	int			ret;
	enum ftrace_glob_kind	kind;
	bool			remove;
	const char		*text;	/* what is compared */
	unsigned long		index;
};

static const struct fk_word fk_words[] = {
	{ "schedule", 0, FTRACE_GLOB_FULL, false, "schedule" },
	{ "sched*", 0, FTRACE_GLOB_PREFIX, false, "sched" },
	{ "*lock", 0, FTRACE_GLOB_SUFFIX, false, "lock" },
	{ "*rcu*", 0, FTRACE_GLOB_SUBSTR, false, "rcu" },
	{ "a*b", 0, FTRACE_GLOB_GLOB, false, "a*b" },
	{ "[Ss]y?_*", 0, FTRACE_GLOB_GLOB, false, "[Ss]y?_*" },
	{ "vfs\\_read", 0, FTRACE_GLOB_GLOB, false, "vfs\\_read" },
	{ "!do_*", 0, FTRACE_GLOB_PREFIX, true, "do_" },
	{ "*", 0, FTRACE_GLOB_SUFFIX, false, "" },
	{ "12", 0, FTRACE_GLOB_INDEX, false, NULL, 12 },
	{ "0x10", 0, FTRACE_GLOB_INDEX, false, NULL, 16 },
	{ "020", 0, FTRACE_GLOB_INDEX, false, NULL, 16 },
	{ "", -EINVAL },
	{ "!", -EINVAL },
	{ "0", -EINVAL },
	{ "12x", -EINVAL },
};

static void fk_glob_parse(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fk_words); i++) {
		const struct fk_word *w = &fk_words[i];
		char *word = kunit_kstrdup(test, w->word, GFP_KERNEL);
		struct ftrace_glob g;

		KUNIT_ASSERT_NOT_NULL(test, word);
		KUNIT_EXPECT_EQ_MSG(test, ftrace_glob_parse(word, &g), w->ret,
				    "word '%s'", w->word);
		if (w->ret)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, g.kind, w->kind, "word '%s'", w->word);
		KUNIT_EXPECT_EQ_MSG(test, g.remove, w->remove, "word '%s'", w->word);
		if (w->kind == FTRACE_GLOB_INDEX) {
			KUNIT_EXPECT_EQ(test, g.index, w->index);
			continue;
		}
		KUNIT_EXPECT_EQ(test, g.len, strlen(w->text));
		KUNIT_EXPECT_EQ_MSG(test, strncmp(g.text, w->text, g.len), 0,
				    "word '%s'", w->word);
	}
}

/* A pattern, and which of a few names it matches. */
static void fk_glob_match(struct kunit *test)
{
	static const char * const names[] = {
		"schedule", "schedule_timeout", "preempt_schedule", "sys_read",
		"Sy1_x", "ab", "axxb", "abc",
	};
	static const struct {
		const char	*word;
		unsigned int	matches;	/* a bit for each name */
	} cases[] = {
		{ "schedule", 0x01 },
		{ "schedule*", 0x03 },
		{ "*schedule", 0x05 },
		{ "*sched*", 0x07 },
		{ "a*b", 0x60 },
		{ "[Ss]y?_*", 0x18 },
		{ "*", 0xff },
		{ "**", 0xff },
		{ "nomatch", 0x00 },
	};
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *word = kunit_kstrdup(test, cases[i].word, GFP_KERNEL);
		struct ftrace_glob g;

		KUNIT_ASSERT_NOT_NULL(test, word);
		KUNIT_ASSERT_EQ(test, ftrace_glob_parse(word, &g), 0);
		for (j = 0; j < ARRAY_SIZE(names); j++)
			KUNIT_EXPECT_EQ_MSG(test, ftrace_glob_match(&g, names[j]),
					    !!(cases[i].matches & BIT(j)),
					    "'%s' against '%s'", cases[i].word,
					    names[j]);
	}
}

/* The N of FUNC:cmd:N, as upstream reads it. */
static void fk_cmd_count(struct kunit *test)
{
	static const struct {
		const char	*text;
		int		ret;
		long		count;
	} cases[] = {
		{ "5", 0, 5 },
		{ "0x10", 0, 16 },
		{ "020", 0, 16 },
		{ "0", 0, 0 },
		{ "", 0, -1 },			/* counted, no limit */
		{ "7:junk", 0, 7 },		/* past the next ':' is ignored */
		{ "18446744073709551615", 0, -1 },	/* above LONG_MAX */
		{ "99999999999999999999999", -ERANGE },
		{ "abc", -EINVAL },
		{ "-1", -EINVAL },
		{ "1x", -EINVAL },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *text = kunit_kstrdup(test, cases[i].text, GFP_KERNEL);
		long count = 12345;

		KUNIT_ASSERT_NOT_NULL(test, text);
		KUNIT_EXPECT_EQ_MSG(test, ftrace_cmd_parse_count(text, &count),
				    cases[i].ret, "N '%s'", cases[i].text);
		if (!cases[i].ret)
			KUNIT_EXPECT_EQ_MSG(test, count, cases[i].count,
					    "N '%s'", cases[i].text);
	}
}

static struct kunit_case ftrace_filter_cases[] = {
	KUNIT_CASE(fk_add_has_del),
	KUNIT_CASE(fk_del_shifts_back),
	KUNIT_CASE(fk_growth),
	KUNIT_CASE(fk_walk_and_copy),
	KUNIT_CASE(fk_glob_parse),
	KUNIT_CASE(fk_glob_match),
	KUNIT_CASE(fk_cmd_count),
	{}
};

static struct kunit_suite ftrace_filter_suite = {
	.name = "ftrace_filter",
	.test_cases = ftrace_filter_cases,
};
kunit_test_suite(ftrace_filter_suite);

MODULE_DESCRIPTION("KUnit tests of the function tracer's sets, globs and command counts");
MODULE_LICENSE("GPL");
