// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the task cache, beside trace_tasks.c: its hash index
 * (insert, look up, the oldest slot replaced when the ring is full, the
 * deletion that keeps every pid reachable without tombstones), its sizes,
 * pids of any value, and the answers the output gets for the idle task
 * and for pids never saved.
 *
 * The index tests run on caches of their own, made and freed here, that
 * no writer sees, so they take no lock; only trace_tasks_global looks at
 * the kernel's cache, through the functions the output calls.
 *
 * What this file does not hold: the saved_cmdlines, saved_tgids and
 * saved_cmdlines_size files, which the selftest
 * tools/testing/selftests/ftrace/test.d/tracefs/saved-cmdlines.tc covers.
 */
#include <kunit/test.h>
#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/pid.h>
#include <linux/prandom.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/threads.h>

#include "trace.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static void ttk_free(void *st)
{
	saved_tasks_free(st);
}

static struct saved_tasks *ttk_alloc(struct kunit *test, unsigned int size)
{
	struct saved_tasks *st = saved_tasks_alloc(size);

	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, ttk_free, st), 0);
	return st;
}

/* Where the index looks for @pid first (as trace_tasks.c hashes). */
static unsigned int ttk_home(struct saved_tasks *st, pid_t pid)
{
	return hash_32(pid, 32) & st->mask;
}

/* The @n-th pid from @from on whose home entry is @home. */
static pid_t ttk_pid_at(struct saved_tasks *st, unsigned int home,
			pid_t from, unsigned int n)
{
	pid_t pid;

	for (pid = from; pid < from + 100000000; pid++)
		if (ttk_home(st, pid) == home && !n--)
			return pid;
	return 0;
}

/*
 * The cache is coherent: each used slot is found by its pid through the
 * index, and the index holds one entry per used slot and nothing else.
 */
static void ttk_check(struct kunit *test, struct saved_tasks *st)
{
	unsigned int i, used = 0, entries = 0;

	for (i = 0; i < st->size; i++) {
		if (!st->slot[i].pid)
			continue;
		used++;
		KUNIT_EXPECT_PTR_EQ_MSG(test, saved_task_lookup(st, st->slot[i].pid),
					&st->slot[i], "pid %d in slot %u",
					st->slot[i].pid, i);
	}
	for (i = 0; i <= st->mask; i++) {
		if (st->index[i] == SAVED_NO_SLOT)
			continue;
		entries++;
		KUNIT_EXPECT_LT(test, st->index[i], st->size);
	}
	KUNIT_EXPECT_EQ(test, entries, used);
}

/* ---- trace_tasks_index: the cache on its own ---------------------------- */

static void ttk_alloc_sizes(struct kunit *test)
{
	static const unsigned int sizes[] = { 1, 2, 3, 100, 128, PID_MAX_DEFAULT };
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		struct saved_tasks *st = ttk_alloc(test, sizes[i]);

		KUNIT_EXPECT_EQ(test, st->size, sizes[i]);
		KUNIT_EXPECT_EQ(test, st->next, 0U);
		/* At most half full: the probes stay short and end. */
		KUNIT_EXPECT_EQ(test, st->mask + 1, roundup_pow_of_two(2 * sizes[i]));
		KUNIT_EXPECT_GE(test, st->mask + 1, 2 * sizes[i]);
		for (j = 0; j <= st->mask; j++)
			KUNIT_ASSERT_EQ(test, st->index[j], SAVED_NO_SLOT);
		for (j = 0; j < st->size; j++)
			KUNIT_ASSERT_EQ(test, st->slot[j].pid, 0);
		KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 1));
	}
}

static void ttk_insert_lookup(struct kunit *test)
{
	struct saved_tasks *st = ttk_alloc(test, 8);
	struct saved_task *s;
	pid_t pid;

	for (pid = 100; pid < 108; pid++) {
		s = saved_tasks_claim(st, pid);
		KUNIT_ASSERT_NOT_NULL(test, s);
		/* Slots are handed out in ring order, empty. */
		KUNIT_EXPECT_PTR_EQ(test, s, &st->slot[pid - 100]);
		KUNIT_EXPECT_EQ(test, s->pid, pid);
		KUNIT_EXPECT_EQ(test, s->tgid, 0);
		KUNIT_EXPECT_STREQ(test, s->comm, "");
		snprintf(s->comm, sizeof(s->comm), "task-%d", pid);
		s->tgid = pid - 50;
	}
	KUNIT_EXPECT_EQ(test, st->next, 0U);
	ttk_check(test, st);

	for (pid = 100; pid < 108; pid++) {
		char want[TASK_COMM_LEN];

		s = saved_task_lookup(st, pid);
		KUNIT_ASSERT_NOT_NULL(test, s);
		snprintf(want, sizeof(want), "task-%d", pid);
		KUNIT_EXPECT_STREQ(test, s->comm, want);
		KUNIT_EXPECT_EQ(test, s->tgid, pid - 50);
	}
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 99));
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 108));

	/* A task saved again keeps its slot, its name and its tgid. */
	s = saved_tasks_claim(st, 103);
	KUNIT_EXPECT_PTR_EQ(test, s, &st->slot[3]);
	KUNIT_EXPECT_STREQ(test, s->comm, "task-103");
	KUNIT_EXPECT_EQ(test, s->tgid, 53);
	KUNIT_EXPECT_EQ(test, st->next, 0U);
}

/* A full cache gives the oldest task's slot to a new one. */
static void ttk_replace_oldest(struct kunit *test)
{
	struct saved_tasks *st = ttk_alloc(test, 4);
	struct saved_task *s;
	pid_t pid;

	for (pid = 1; pid <= 4; pid++)
		saved_tasks_claim(st, pid)->tgid = pid;
	/* Saving a known task again does not make it younger. */
	saved_tasks_claim(st, 1);

	s = saved_tasks_claim(st, 5);
	KUNIT_EXPECT_PTR_EQ(test, s, &st->slot[0]);
	KUNIT_EXPECT_EQ(test, s->tgid, 0);
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 1));
	for (pid = 2; pid <= 5; pid++)
		KUNIT_EXPECT_NOT_NULL(test, saved_task_lookup(st, pid));
	KUNIT_EXPECT_EQ(test, st->next, 1U);

	s = saved_tasks_claim(st, 6);
	KUNIT_EXPECT_PTR_EQ(test, s, &st->slot[1]);
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 2));
	ttk_check(test, st);

	/* An evicted task comes back as a new one, in the next slot. */
	s = saved_tasks_claim(st, 1);
	KUNIT_EXPECT_PTR_EQ(test, s, &st->slot[2]);
	KUNIT_EXPECT_EQ(test, s->tgid, 0);
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 3));
	ttk_check(test, st);

	/* A cache of one slot holds the last task alone. */
	st = ttk_alloc(test, 1);
	saved_tasks_claim(st, 7);
	saved_tasks_claim(st, 8);
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 7));
	KUNIT_EXPECT_PTR_EQ(test, saved_task_lookup(st, 8), &st->slot[0]);
	ttk_check(test, st);
}

/*
 * Pids that share a home entry form one probe run.  Taking one out of the
 * middle of the run, or the first, must leave the others reachable; so
 * must a run that wraps from the last index entry to the first.
 */
static void ttk_delete_in_run(struct kunit *test)
{
	unsigned int homes[2], h, k;

	for (h = 0; h < ARRAY_SIZE(homes); h++) {
		struct saved_tasks *st = ttk_alloc(test, 4);
		pid_t pids[4];

		homes[0] = 3;
		homes[1] = st->mask;	/* the run wraps round to entry 0 */
		for (k = 0; k < 4; k++) {
			pids[k] = ttk_pid_at(st, homes[h], 1, k);
			KUNIT_ASSERT_NE(test, pids[k], 0);
			saved_tasks_claim(st, pids[k]);
		}
		for (k = 0; k < 4; k++)
			KUNIT_EXPECT_EQ(test, st->index[(homes[h] + k) & st->mask], k);
		ttk_check(test, st);

		/* The next task takes slot 0 and removes pids[0], the run's head. */
		saved_tasks_claim(st, ttk_pid_at(st, (homes[h] + 2) & st->mask, 1, 0));
		KUNIT_EXPECT_NULL(test, saved_task_lookup(st, pids[0]));
		for (k = 1; k < 4; k++)
			KUNIT_EXPECT_PTR_EQ(test, saved_task_lookup(st, pids[k]),
					    &st->slot[k]);
		ttk_check(test, st);

		/* And the next one removes pids[1]. */
		saved_tasks_claim(st, ttk_pid_at(st, homes[h], 1, 10));
		KUNIT_EXPECT_NULL(test, saved_task_lookup(st, pids[1]));
		KUNIT_EXPECT_NOT_NULL(test, saved_task_lookup(st, pids[2]));
		KUNIT_EXPECT_NOT_NULL(test, saved_task_lookup(st, pids[3]));
		ttk_check(test, st);
	}
}

/*
 * Many tasks through a small cache, pids chosen to collide often: after
 * every save the cache holds exactly the last `size` distinct tasks.
 */
static void ttk_churn(struct kunit *test)
{
	const unsigned int size = 8, rounds = 20000;
	struct saved_tasks *st = ttk_alloc(test, size);
	struct rnd_state rnd;
	pid_t ring[8] = { };
	unsigned int r, k, next = 0;

	prandom_seed_state(&rnd, 15);
	for (r = 0; r < rounds; r++) {
		pid_t pid = 1 + prandom_u32_state(&rnd) % 40;
		bool known = false;

		for (k = 0; k < size; k++)
			known |= ring[k] == pid;
		saved_tasks_claim(st, pid);
		if (!known) {
			ring[next] = pid;
			next = (next + 1) % size;
		}
		for (k = 0; k < size; k++) {
			if (!ring[k])
				continue;
			KUNIT_ASSERT_PTR_EQ_MSG(test, saved_task_lookup(st, ring[k]),
						&st->slot[k], "round %u pid %d", r, ring[k]);
		}
		KUNIT_ASSERT_EQ(test, st->next, next);
		if (r % 1000 == 0)
			ttk_check(test, st);
	}
	/* Pids of the run never saved are not found. */
	KUNIT_EXPECT_NULL(test, saved_task_lookup(st, 41));
	ttk_check(test, st);
}

/* Any pid value hashes and is found, up to the largest pid_t. */
static void ttk_large_pids(struct kunit *test)
{
	static const pid_t pids[] = { 1, PID_MAX_DEFAULT, PID_MAX_DEFAULT + 1,
				      PID_MAX_LIMIT, PID_MAX_LIMIT + 1, INT_MAX };
	struct saved_tasks *st = ttk_alloc(test, ARRAY_SIZE(pids));
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(pids); k++)
		saved_tasks_claim(st, pids[k])->tgid = k + 1;
	for (k = 0; k < ARRAY_SIZE(pids); k++) {
		struct saved_task *s = saved_task_lookup(st, pids[k]);

		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ(test, s->pid, pids[k]);
		KUNIT_EXPECT_EQ(test, s->tgid, (pid_t)k + 1);
	}
	ttk_check(test, st);
}

static struct kunit_case ttk_index_cases[] = {
	KUNIT_CASE(ttk_alloc_sizes),
	KUNIT_CASE(ttk_insert_lookup),
	KUNIT_CASE(ttk_replace_oldest),
	KUNIT_CASE(ttk_delete_in_run),
	KUNIT_CASE(ttk_churn),
	KUNIT_CASE(ttk_large_pids),
	{}
};

static struct kunit_suite ttk_index_suite = {
	.name = "trace_tasks_index",
	.test_cases = ttk_index_cases,
};

/* ---- trace_tasks_global: what the output asks the kernel's cache ------- */

static void ttk_idle(struct kunit *test)
{
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(0, comm);
	KUNIT_EXPECT_STREQ(test, comm, "<idle>");
	KUNIT_EXPECT_EQ(test, trace_find_tgid(0), 0);
}

/* No task has a pid above PID_MAX_LIMIT, so none was saved. */
static void ttk_unknown(struct kunit *test)
{
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(PID_MAX_LIMIT + 1, comm);
	KUNIT_EXPECT_STREQ(test, comm, "<...>");
	KUNIT_EXPECT_EQ(test, trace_find_tgid(PID_MAX_LIMIT + 1), 0);
}

/*
 * The test's own task: saved, its name and thread group read back.  A
 * save gives up when another CPU holds the cache's lock, so try again.
 */
static void ttk_current(struct kunit *test)
{
	char comm[TASK_COMM_LEN], want[TASK_COMM_LEN];
	int tries;

	get_task_comm(want, current);
	for (tries = 0; tries < 100; tries++) {
		tracing_record_cmdline(current);
		tracing_record_tgid(current);
		trace_find_cmdline(current->pid, comm);
		if (!strcmp(comm, want) && trace_find_tgid(current->pid))
			break;
		cond_resched();
	}
	KUNIT_EXPECT_STREQ(test, comm, want);
	KUNIT_EXPECT_EQ(test, trace_find_tgid(current->pid), current->tgid);
}

static struct kunit_case ttk_global_cases[] = {
	KUNIT_CASE(ttk_idle),
	KUNIT_CASE(ttk_unknown),
	KUNIT_CASE(ttk_current),
	{}
};

static struct kunit_suite ttk_global_suite = {
	.name = "trace_tasks_global",
	.test_cases = ttk_global_cases,
};

kunit_test_suites(&ttk_index_suite, &ttk_global_suite);

MODULE_DESCRIPTION("KUnit tests of the tracing task cache (comm and tgid)");
MODULE_LICENSE("GPL");
