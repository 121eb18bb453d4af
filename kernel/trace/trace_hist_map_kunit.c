// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the hist trigger's table (trace_hist_map.c).
 *
 * They hold the table to what the hist trigger relies on: one entry per
 * key however many inserters race for it; keys that share a hash, or a
 * probe path that wraps past the end of the index, still land in their
 * own entries; a full table refuses only new keys and counts each refusal;
 * an entry that lost its slot is reused by the CPU's next insert rather
 * than lost; variables read once are read once; a cleared table is a new
 * one; the sorted listing holds every entry once in the order asked for.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/random.h>

#include "trace_hist_map.h"

KUNIT_DEFINE_ACTION_WRAPPER(hist_map_destroy_action, hist_map_destroy,
			    struct hist_map *);

/* Keys of the tests: a u64 and a word of padding to make 16 bytes. */
struct tkey {
	u64 id;
	u64 pad;
};

static const struct hist_map_shape shape = {
	.key_size = sizeof(struct tkey), .nr_sums = 2, .nr_vars = 2,
};

static struct hist_map *new_map(struct kunit *test, unsigned int size)
{
	struct hist_map *map = hist_map_create(size, &shape);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, map);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
				hist_map_destroy_action, map));
	return map;
}

static struct hist_entry *ins(struct hist_map *map, u64 id)
{
	struct tkey k = { .id = id, .pad = ~id };
	struct hist_entry *e;

	preempt_disable();
	e = hist_map_insert(map, &k);
	preempt_enable();
	return e;
}

static struct hist_entry *look(struct hist_map *map, u64 id)
{
	struct tkey k = { .id = id, .pad = ~id };
	struct hist_entry *e;

	preempt_disable();
	e = hist_map_lookup(map, &k);
	preempt_enable();
	return e;
}

static u64 key_id(struct hist_map *map, struct hist_entry *e)
{
	return ((struct tkey *)hist_entry_key(map, e))->id;
}

static void hist_map_sizes(struct kunit *test)
{
	struct hist_map_shape odd = shape;
	struct hist_map *map;

	map = new_map(test, 100);
	KUNIT_EXPECT_EQ(test, map->max_entries, 128);
	map = new_map(test, 2048);
	KUNIT_EXPECT_EQ(test, map->max_entries, 2048);
	KUNIT_EXPECT_EQ(test, map->slot_mask, 4095);
	KUNIT_EXPECT_EQ(test, PTR_ERR(hist_map_create(64, &shape)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(hist_map_create(0, &shape)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(hist_map_create(HIST_MAP_MAX_ENTRIES + 1, &shape)),
			-EINVAL);
	odd.key_size = 6;
	KUNIT_EXPECT_EQ(test, PTR_ERR(hist_map_create(128, &odd)), -EINVAL);
	odd = shape;
	odd.nr_vars = HIST_MAP_VARS_MAX + 1;
	KUNIT_EXPECT_EQ(test, PTR_ERR(hist_map_create(128, &odd)), -EINVAL);
}

static void hist_map_one_entry_per_key(struct kunit *test)
{
	struct hist_map *map = new_map(test, 128);
	struct hist_entry *e[100];
	int i, j;

	for (i = 0; i < 100; i++) {
		e[i] = ins(map, i * 7919);
		KUNIT_ASSERT_NOT_NULL(test, e[i]);
		KUNIT_EXPECT_EQ(test, key_id(map, e[i]), i * 7919);
		hist_entry_add(e[i], 0, i);
	}
	for (i = 0; i < 100; i++) {
		KUNIT_EXPECT_PTR_EQ(test, ins(map, i * 7919), e[i]);
		KUNIT_EXPECT_PTR_EQ(test, look(map, i * 7919), e[i]);
		KUNIT_EXPECT_EQ(test, hist_entry_sum(e[i], 0), i);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_PTR_NE(test, e[i], e[j]);
	}
	KUNIT_EXPECT_NULL(test, look(map, 1));
	KUNIT_EXPECT_EQ(test, hist_map_entries(map), 100);
	KUNIT_EXPECT_EQ(test, hist_map_hits(map), 200);
	KUNIT_EXPECT_EQ(test, hist_map_drops(map), 0);
}

/* Distinct keys forced onto one hash, and onto the index's last slot. */
static void hist_map_collisions(struct kunit *test)
{
	struct hist_map *map = new_map(test, 128);
	u32 hashes[] = { 5, map->slot_mask };
	struct hist_entry *e[2][20], *f;
	struct tkey k = {};
	int h, i;

	for (h = 0; h < ARRAY_SIZE(hashes); h++) {
		for (i = 0; i < 20; i++) {
			k.id = h * 100 + i;
			preempt_disable();
			e[h][i] = __hist_map_find(map, &k, hashes[h], true);
			preempt_enable();
			KUNIT_ASSERT_NOT_NULL(test, e[h][i]);
		}
	}
	for (h = 0; h < ARRAY_SIZE(hashes); h++) {
		for (i = 0; i < 20; i++) {
			k.id = h * 100 + i;
			preempt_disable();
			f = __hist_map_find(map, &k, hashes[h], false);
			preempt_enable();
			KUNIT_EXPECT_PTR_EQ(test, f, e[h][i]);
			KUNIT_EXPECT_EQ(test, key_id(map, f), h * 100 + i);
		}
	}
	/* The last slot's chain wrapped to the start of the index. */
	KUNIT_EXPECT_NE(test, READ_ONCE(map->slots[0]), 0);
	KUNIT_EXPECT_EQ(test, hist_map_entries(map), 40);
}

static void hist_map_full(struct kunit *test)
{
	struct hist_map *map = new_map(test, 128);
	int i;

	for (i = 0; i < 128; i++)
		KUNIT_ASSERT_NOT_NULL(test, ins(map, i));
	KUNIT_EXPECT_NULL(test, ins(map, 1000));
	KUNIT_EXPECT_NULL(test, ins(map, 1001));
	KUNIT_EXPECT_EQ(test, hist_map_drops(map), 2);
	/* Known keys are still counted; a lookup of an absent one is no drop. */
	KUNIT_EXPECT_NOT_NULL(test, ins(map, 127));
	KUNIT_EXPECT_NULL(test, look(map, 1000));
	KUNIT_EXPECT_EQ(test, hist_map_drops(map), 2);
	KUNIT_EXPECT_EQ(test, hist_map_hits(map), 129);
	KUNIT_EXPECT_EQ(test, hist_map_entries(map), 128);
}

/*
 * An entry claimed but not published goes back to the CPU's spare and is
 * the next one handed out, keeping the pool whole (white box: the claim
 * is made as an insert that loses its slot makes it).
 */
static void hist_map_spare_reused(struct kunit *test)
{
	struct hist_map *map = new_map(test, 128);
	struct tkey k = { .id = 42 };
	struct hist_entry *e, *f;
	int i;

	e = ins(map, 1);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, atomic_read(&map->next), 1);
	/* Take entry 1 and give it back as a lost race would. */
	preempt_disable();
	KUNIT_EXPECT_EQ(test, atomic_fetch_inc(&map->next), 1);
	this_cpu_write(map->cpu->spare, 2);
	f = hist_map_insert(map, &k);
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_PTR_EQ(test, (void *)f, map->pool + map->stride);
	KUNIT_EXPECT_EQ(test, atomic_read(&map->next), 2);
	/* The rest of the pool is all there: 126 more keys fit. */
	for (i = 0; i < 126; i++)
		KUNIT_EXPECT_NOT_NULL(test, ins(map, 100 + i));
	KUNIT_EXPECT_NULL(test, ins(map, 999));
}

static void hist_map_vars(struct kunit *test)
{
	struct hist_map *map = new_map(test, 128);
	struct hist_entry *e = ins(map, 3);
	u64 v = 0;

	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_FALSE(test, hist_entry_var_get(map, e, 0, false, &v));
	hist_entry_var_set(map, e, 0, 1234);
	hist_entry_var_set(map, e, 1, 5678);
	KUNIT_EXPECT_TRUE(test, hist_entry_var_get(map, e, 0, false, &v));
	KUNIT_EXPECT_EQ(test, v, 1234);
	KUNIT_EXPECT_TRUE(test, hist_entry_var_get(map, e, 0, true, &v));
	KUNIT_EXPECT_EQ(test, v, 1234);
	KUNIT_EXPECT_FALSE(test, hist_entry_var_get(map, e, 0, true, &v));
	KUNIT_EXPECT_TRUE(test, hist_entry_var_get(map, e, 1, false, &v));
	KUNIT_EXPECT_EQ(test, v, 5678);
	/* Variables and sums live apart, and apart from the key. */
	hist_entry_add(e, 1, 9);
	KUNIT_EXPECT_EQ(test, hist_entry_sum(e, 1), 9);
	KUNIT_EXPECT_EQ(test, hist_entry_sum(e, 0), 0);
	KUNIT_EXPECT_EQ(test, key_id(map, e), 3);
}

static void hist_map_clear_is_new(struct kunit *test)
{
	struct hist_map *map = new_map(test, 128);
	struct hist_entry *e;
	u64 v;
	int i;

	for (i = 0; i < 130; i++)
		ins(map, i);
	e = look(map, 5);
	KUNIT_ASSERT_NOT_NULL(test, e);
	hist_entry_var_set(map, e, 1, 1);
	hist_entry_add(e, 0, 10);
	hist_map_clear(map);
	KUNIT_EXPECT_NULL(test, look(map, 5));
	KUNIT_EXPECT_EQ(test, hist_map_entries(map), 0);
	KUNIT_EXPECT_EQ(test, hist_map_hits(map), 0);
	KUNIT_EXPECT_EQ(test, hist_map_drops(map), 0);
	e = ins(map, 77);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_PTR_EQ(test, (void *)e, map->pool);
	KUNIT_EXPECT_EQ(test, hist_entry_sum(e, 0), 0);
	KUNIT_EXPECT_FALSE(test, hist_entry_var_get(map, e, 1, false, &v));
}

static int by_sum(const void *a, const void *b, const void *priv)
{
	u64 x = hist_entry_sum(*(struct hist_entry **)a, 0);
	u64 y = hist_entry_sum(*(struct hist_entry **)b, 0);

	return x < y ? -1 : x > y;
}

static int by_key(const void *a, const void *b, const void *priv)
{
	const struct hist_map *map = priv;
	u64 x = ((struct tkey *)hist_entry_key(map, *(struct hist_entry **)a))->id;
	u64 y = ((struct tkey *)hist_entry_key(map, *(struct hist_entry **)b))->id;

	return x < y ? -1 : x > y;
}

static void hist_map_sorted_listing(struct kunit *test)
{
	struct hist_map *map = new_map(test, 256);
	struct hist_entry **v;
	unsigned int n, i;
	u64 seen = 0;

	for (i = 0; i < 60; i++)
		hist_entry_add(ins(map, (i * 37) % 60), 0, (i * 37) % 60 + 1);
	v = hist_map_sorted(map, by_sum, NULL, &n);
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_EXPECT_EQ(test, n, 60);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, hist_entry_sum(v[i], 0), i + 1);
		KUNIT_EXPECT_EQ(test, key_id(map, v[i]), i);
		seen |= BIT_ULL(key_id(map, v[i]));
	}
	KUNIT_EXPECT_EQ(test, seen, GENMASK_ULL(59, 0));
	kvfree(v);
}

/*
 * Inserts nested in inserts: an hrtimer interrupt, every few
 * microseconds, inserts the key that the interrupted thread is inserting
 * (and the next one), as an NMI in the middle of an insert would.  Each
 * time it lands between the thread's read of an empty slot and its
 * compare-and-exchange, the thread loses the slot to its own key.
 */
#define NEST_KEYS	30000

struct nest {
	struct hrtimer timer;
	struct hist_map *map;
	u64 cur;
	unsigned long fired;
};

static enum hrtimer_restart nest_fire(struct hrtimer *t)
{
	struct nest *n = container_of(t, struct nest, timer);
	u64 id = READ_ONCE(n->cur);

	ins(n->map, id);
	ins(n->map, id + 1);
	n->fired++;
	hrtimer_forward_now(t, ns_to_ktime(3000));
	return HRTIMER_RESTART;
}

static void hist_map_nested(struct kunit *test)
{
	struct nest n = { .map = new_map(test, 32768) };
	struct hist_entry **v;
	unsigned int nr, i;
	u64 id;

	hrtimer_init(&n.timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	n.timer.function = nest_fire;
	hrtimer_start(&n.timer, ns_to_ktime(3000), HRTIMER_MODE_REL_HARD);
	for (id = 0; id < NEST_KEYS; id++) {
		WRITE_ONCE(n.cur, id);
		KUNIT_ASSERT_NOT_NULL(test, ins(n.map, id));
	}
	hrtimer_cancel(&n.timer);
	kunit_info(test, "%lu nested inserts\n", n.fired);
	KUNIT_EXPECT_GT(test, n.fired, 0);

	/* Each key once, and the pool lost nothing to the races. */
	v = hist_map_sorted(n.map, by_key, n.map, &nr);
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_EXPECT_GE(test, nr, NEST_KEYS);
	KUNIT_EXPECT_LE(test, nr, NEST_KEYS + 1);
	for (i = 0; i < nr; i++)
		KUNIT_ASSERT_EQ(test, key_id(n.map, v[i]), i);
	kvfree(v);
	KUNIT_EXPECT_LE(test, atomic_read(&n.map->next), nr + num_possible_cpus());
	KUNIT_EXPECT_EQ(test, hist_map_hits(n.map), NEST_KEYS + 2 * n.fired);
}

/* Threads on every CPU insert the same keys, each in its own order. */
#define RACE_KEYS	200
#define RACE_ROUNDS	50

struct race {
	struct hist_map *map;
	atomic_t left;
	struct completion done;
	unsigned int nr;
};

static int race_fn(void *arg)
{
	struct race *r = arg;
	unsigned int start = get_random_u32_below(RACE_KEYS);
	unsigned int round, i;
	struct hist_entry *e;

	for (round = 0; round < RACE_ROUNDS; round++) {
		for (i = 0; i < RACE_KEYS; i++) {
			e = ins(r->map, (start + i * 7) % RACE_KEYS);
			if (e)
				hist_entry_add(e, 0, 1);
		}
		cond_resched();
	}
	if (atomic_dec_and_test(&r->left))
		complete(&r->done);
	return 0;
}

static void hist_map_race(struct kunit *test)
{
	struct race r = { .map = new_map(test, 256) };
	struct hist_entry **v;
	struct task_struct *t;
	unsigned int n, i, threads = 0;
	int cpu;

	init_completion(&r.done);
	atomic_set(&r.left, 1);
	for_each_online_cpu(cpu) {
		for (i = 0; i < 2; i++) {
			atomic_inc(&r.left);
			t = kthread_create(race_fn, &r, "hist_race/%d", cpu);
			KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
			kthread_bind(t, cpu);
			wake_up_process(t);
			threads++;
		}
	}
	if (!atomic_dec_and_test(&r.left))
		wait_for_completion(&r.done);

	KUNIT_EXPECT_EQ(test, hist_map_entries(r.map), RACE_KEYS);
	KUNIT_EXPECT_EQ(test, hist_map_drops(r.map), 0);
	KUNIT_EXPECT_EQ(test, hist_map_hits(r.map), (u64)threads * RACE_ROUNDS * RACE_KEYS);
	v = hist_map_sorted(r.map, by_sum, NULL, &n);
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_EXPECT_EQ(test, n, RACE_KEYS);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, hist_entry_sum(v[i], 0), (u64)threads * RACE_ROUNDS);
	kvfree(v);
}

static struct kunit_case hist_map_cases[] = {
	KUNIT_CASE(hist_map_sizes),
	KUNIT_CASE(hist_map_one_entry_per_key),
	KUNIT_CASE(hist_map_collisions),
	KUNIT_CASE(hist_map_full),
	KUNIT_CASE(hist_map_spare_reused),
	KUNIT_CASE(hist_map_vars),
	KUNIT_CASE(hist_map_clear_is_new),
	KUNIT_CASE(hist_map_sorted_listing),
	KUNIT_CASE(hist_map_nested),
	KUNIT_CASE(hist_map_race),
	{}
};

static struct kunit_suite hist_map_suite = {
	.name = "trace_hist_map",
	.test_cases = hist_map_cases,
};
kunit_test_suite(hist_map_suite);

MODULE_DESCRIPTION("KUnit tests of the hist trigger's table");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
