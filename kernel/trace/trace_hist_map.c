// SPDX-License-Identifier: GPL-2.0
/*
 * The hist trigger's table (glossary in trace_hist_map.h).
 *
 * Why it is cheap on the event path:
 *
 *  - An event whose key is already in the table reads slots until its
 *    hash matches, compares the key and adds to the sums: no store to a
 *    shared line besides the sums themselves, no lock, no allocation.
 *    Hits and drops are counted per CPU.
 *  - Only a new key writes shared state: one compare-and-exchange on the
 *    pool counter (skipped when the CPU holds a spare) and one on its slot.
 *  - Everything is allocated when the trigger is set; a full table drops
 *    new keys and keeps counting those it has.
 *
 * Why it is correct from any context: an inserter fills its entry's key
 * before the compare-and-exchange that publishes the slot (a full
 * barrier), and readers load the slot with acquire, so a published slot
 * always names a complete key.  Slots are never emptied while the table
 * is in use, so the first empty slot on a key's probe path is where every
 * inserter of that key competes: one wins, the others find its key there.
 * A nested insert (an NMI in the middle of one) is just another inserter.
 */
#include <kunit/visibility.h>
#include <linux/jhash.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "trace_hist_map.h"

#define HIST_MAP_SEED	0x9e3779b9

static struct hist_entry *entry_at(const struct hist_map *map, unsigned int idx)
{
	return map->pool + (size_t)idx * map->stride;
}

/**
 * hist_map_create - make a table and everything it will ever use
 * @max_entries: how many keys it holds; rounded up to a power of two,
 *	which must lie in [HIST_MAP_MIN_ENTRIES, HIST_MAP_MAX_ENTRIES]
 * @shape: the key's size and the number of sums and variables per entry
 *
 * Context: process context; allocates.
 * Return: the table, ERR_PTR(-EINVAL) for a size or shape out of range,
 * ERR_PTR(-ENOMEM).
 */
struct hist_map *hist_map_create(unsigned int max_entries,
				 const struct hist_map_shape *shape)
{
	struct hist_map *map;
	size_t stride, pool;

	if (!max_entries || max_entries > HIST_MAP_MAX_ENTRIES)
		return ERR_PTR(-EINVAL);
	max_entries = roundup_pow_of_two(max_entries);
	if (max_entries < HIST_MAP_MIN_ENTRIES ||
	    !shape->key_size || shape->key_size > HIST_MAP_KEY_MAX ||
	    shape->key_size % sizeof(u32) || shape->nr_vars > HIST_MAP_VARS_MAX)
		return ERR_PTR(-EINVAL);

	stride = sizeof(struct hist_entry) +
		 (shape->nr_sums + shape->nr_vars) * sizeof(u64) +
		 round_up(shape->key_size, sizeof(u64));
	pool = array_size(max_entries, stride);

	map = kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return ERR_PTR(-ENOMEM);
	map->max_entries = max_entries;
	map->slot_mask = 2 * max_entries - 1;
	map->stride = stride;
	map->shape = *shape;
	map->slots = kvcalloc(2 * max_entries, sizeof(u64), GFP_KERNEL);
	map->pool = kvzalloc(pool, GFP_KERNEL);
	map->cpu = alloc_percpu(struct hist_map_cpu);
	if (!map->slots || !map->pool || !map->cpu) {
		hist_map_destroy(map);
		return ERR_PTR(-ENOMEM);
	}
	return map;
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_create);

/**
 * hist_map_destroy - free a table
 * @map: the table, or NULL
 *
 * Context: process context; nothing may insert or read any more (the
 * caller has detached the trigger and waited for its probes to finish).
 */
void hist_map_destroy(struct hist_map *map)
{
	if (!map)
		return;
	free_percpu(map->cpu);
	kvfree(map->pool);
	kvfree(map->slots);
	kfree(map);
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_destroy);

/**
 * hist_map_clear - forget every key, sum, variable and count
 * @map: the table
 *
 * Context: process context; no insert may run meanwhile (the caller has
 * paused the trigger and waited for its probes to finish).
 */
void hist_map_clear(struct hist_map *map)
{
	int cpu;

	memset(map->slots, 0, (map->slot_mask + 1) * sizeof(u64));
	memset(map->pool, 0, (size_t)map->max_entries * map->stride);
	for_each_possible_cpu(cpu) {
		struct hist_map_cpu *c = per_cpu_ptr(map->cpu, cpu);

		local64_set(&c->hits, 0);
		local64_set(&c->drops, 0);
		c->spare = 0;
	}
	atomic_set(&map->next, 0);
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_clear);

/*
 * An entry for a new key: this CPU's spare, else the next of the pool.
 * Returns its index, or -1 when the pool is used up.
 */
static int claim_entry(struct hist_map *map)
{
	unsigned int spare = this_cpu_xchg(map->cpu->spare, 0);
	int idx;

	if (spare)
		return spare - 1;
	idx = atomic_fetch_add_unless(&map->next, 1, map->max_entries);
	return idx < map->max_entries ? idx : -1;
}

/*
 * Give back an entry that did not get a slot.  It keeps the key it was
 * given; the next claim overwrites it.  If this CPU already holds a spare
 * (a nested insert lost a race too), the entry stays unused.
 */
static void release_entry(struct hist_map *map, unsigned int idx)
{
	this_cpu_cmpxchg(map->cpu->spare, 0, idx + 1);
}

/**
 * __hist_map_find - find a key, placing it if asked to
 * @map: the table
 * @key: shape.key_size bytes
 * @hash: the key's hash (hist_map_insert() and hist_map_lookup() compute
 *	it; the tests pass their own to force collisions)
 * @insert: place the key if it is not there yet
 *
 * Context: any, with preemption disabled (the CPU's spare and counters).
 * Return: the key's entry, or NULL if it is not there and (@insert) the
 * table is full.  With @insert, a hit or a drop is counted.
 */
struct hist_entry *__hist_map_find(struct hist_map *map, const void *key,
				   u32 hash, bool insert)
{
	unsigned int key_size = map->shape.key_size;
	unsigned int i = hash & map->slot_mask;
	struct hist_entry *mine = NULL, *e;
	unsigned int n;
	int idx = -1;
	u64 slot;

	for (n = 0; n <= map->slot_mask; n++, i = (i + 1) & map->slot_mask) {
		/* Pairs with the cmpxchg below: a set slot has its key. */
		slot = smp_load_acquire(&map->slots[i]);
		if (!slot) {
			if (!insert)
				break;
			if (idx < 0) {
				idx = claim_entry(map);
				if (idx < 0)
					break;
				mine = entry_at(map, idx);
				memcpy(hist_entry_key(map, mine), key, key_size);
			}
			/* Publishes the key: cmpxchg orders it before. */
			slot = cmpxchg(&map->slots[i], 0, (u64)hash << 32 | (idx + 1));
			if (!slot) {
				local64_inc(this_cpu_ptr(&map->cpu->hits));
				return mine;
			}
			/* Another inserter took the slot: is it our key? */
		}
		if ((u32)(slot >> 32) != hash)
			continue;
		e = entry_at(map, (u32)slot - 1);
		if (memcmp(hist_entry_key(map, e), key, key_size))
			continue;
		if (idx >= 0)
			release_entry(map, idx);
		if (insert)
			local64_inc(this_cpu_ptr(&map->cpu->hits));
		return e;
	}
	if (idx >= 0)
		release_entry(map, idx);
	if (insert)
		local64_inc(this_cpu_ptr(&map->cpu->drops));
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(__hist_map_find);

/**
 * hist_map_insert - the entry of a key, placed if new
 * @map: the table
 * @key: shape.key_size bytes
 *
 * Context: any, with preemption disabled; no lock, no allocation.
 * Return: the entry, or NULL (counted as a drop) when the key is new and
 * the table full.
 */
struct hist_entry *hist_map_insert(struct hist_map *map, const void *key)
{
	u32 hash = jhash2(key, map->shape.key_size / sizeof(u32), HIST_MAP_SEED);

	return __hist_map_find(map, key, hash, true);
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_insert);

/**
 * hist_map_lookup - the entry of a key, if it is there
 * @map: the table
 * @key: shape.key_size bytes
 *
 * Context: any, with preemption disabled.  Counts nothing.
 * Return: the entry or NULL.
 */
struct hist_entry *hist_map_lookup(struct hist_map *map, const void *key)
{
	u32 hash = jhash2(key, map->shape.key_size / sizeof(u32), HIST_MAP_SEED);

	return __hist_map_find(map, key, hash, false);
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_lookup);

/**
 * hist_entry_var_set - give a variable of an entry a value
 * @map: the entry's table
 * @e: the entry
 * @i: which variable, below shape.nr_vars
 * @v: the value
 *
 * Context: any.  The value is stored before the variable reads as set.
 */
void hist_entry_var_set(const struct hist_map *map, struct hist_entry *e,
			unsigned int i, u64 v)
{
	WRITE_ONCE(e->data[map->shape.nr_sums + i], v);
	/* The value before its bit: pairs with smp_rmb() in the getter. */
	smp_mb__before_atomic();
	set_bit(i, &e->vars_set);
}
EXPORT_SYMBOL_IF_KUNIT(hist_entry_var_set);

/**
 * hist_entry_var_get - read a variable of an entry
 * @map: the entry's table
 * @e: the entry
 * @i: which variable, below shape.nr_vars
 * @take: read it once: the variable is unset by the read, and of two
 *	concurrent takers only one gets the value
 * @v: where the value goes
 *
 * Context: any.
 * Return: true if the variable was set (and *@v holds its value).
 */
bool hist_entry_var_get(const struct hist_map *map, struct hist_entry *e,
			unsigned int i, bool take, u64 *v)
{
	if (take) {
		if (!test_and_clear_bit(i, &e->vars_set))
			return false;
	} else {
		if (!test_bit(i, &e->vars_set))
			return false;
		smp_rmb();	/* the value after its set bit */
	}
	*v = READ_ONCE(e->data[map->shape.nr_sums + i]);
	return true;
}
EXPORT_SYMBOL_IF_KUNIT(hist_entry_var_get);

static u64 sum_counter(struct hist_map *map, size_t offset)
{
	u64 sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += local64_read((local64_t *)((void *)per_cpu_ptr(map->cpu, cpu) + offset));
	return sum;
}

/** hist_map_hits - inserts that found or placed their key, all CPUs */
u64 hist_map_hits(struct hist_map *map)
{
	return sum_counter(map, offsetof(struct hist_map_cpu, hits));
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_hits);

/** hist_map_drops - inserts of a new key refused by a full table */
u64 hist_map_drops(struct hist_map *map)
{
	return sum_counter(map, offsetof(struct hist_map_cpu, drops));
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_drops);

/** hist_map_entries - how many keys the table holds */
unsigned int hist_map_entries(struct hist_map *map)
{
	unsigned int i, n = 0;

	for (i = 0; i <= map->slot_mask; i++)
		n += !!READ_ONCE(map->slots[i]);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_entries);

/**
 * hist_map_sorted - the entries in a reader's order
 * @map: the table
 * @cmp: compares two (struct hist_entry **) with @priv, as sort_r() wants
 * @priv: passed to @cmp
 * @nr: set to the number of entries
 *
 * Takes the entries whose slots are published when each slot is read;
 * inserts may go on meanwhile (a sum read later may have grown).
 *
 * Context: process context; allocates.
 * Return: an array of *@nr entries to kvfree(), or NULL (out of memory,
 * or *@nr is 0).
 */
struct hist_entry **hist_map_sorted(struct hist_map *map,
				    int (*cmp)(const void *, const void *, const void *),
				    const void *priv, unsigned int *nr)
{
	struct hist_entry **v;
	unsigned int i, n = 0;
	u64 slot;

	*nr = 0;
	v = kvmalloc_array(map->max_entries, sizeof(*v), GFP_KERNEL);
	if (!v)
		return NULL;
	for (i = 0; i <= map->slot_mask && n < map->max_entries; i++) {
		/* As in __hist_map_find(): the entry's key is complete. */
		slot = smp_load_acquire(&map->slots[i]);
		if (slot)
			v[n++] = entry_at(map, (u32)slot - 1);
	}
	if (!n) {
		kvfree(v);
		return NULL;
	}
	sort_r(v, n, sizeof(*v), cmp, NULL, priv);
	*nr = n;
	return v;
}
EXPORT_SYMBOL_IF_KUNIT(hist_map_sorted);
