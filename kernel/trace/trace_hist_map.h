/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table behind hist triggers: fixed-size keys mapped to entries of
 * u64 sums and u64 variables, filled from the event path in any context
 * (NMI included) without a lock, and read in process context.
 *
 * Glossary:
 *   shape   what one entry holds: the key's size, how many sums, how
 *           many variables; fixed when the table is made
 *   slot    one u64 of the open-addressed index: 0 while empty, else the
 *           key's 32-bit hash (high half) and its entry's index + 1 (low
 *           half).  A slot goes from 0 to a value once and never back,
 *           until hist_map_clear()
 *   pool    the entries, all allocated with the table; handed out in
 *           order by one counter (next)
 *   spare   a per-CPU entry index claimed by an insert that then lost its
 *           slot to an insert of the same key: the CPU's next insert
 *           takes it before the pool
 *   hit     an insert that found or placed its key
 *   drop    an insert of a new key into a full table
 *
 * The index has twice as many slots as the pool has entries, so at most
 * half of it is ever in use and every probe ends at an empty slot.
 */
#ifndef _TRACE_HIST_MAP_H
#define _TRACE_HIST_MAP_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/types.h>
#include <asm/local64.h>

#define HIST_MAP_MIN_ENTRIES	128
#define HIST_MAP_MAX_ENTRIES	131072
#define HIST_MAP_VARS_MAX	18	/* 16 variables and a saved comm */
#define HIST_MAP_KEY_MAX	1024

struct hist_map_shape {
	unsigned int key_size;	/* bytes, a multiple of 4, compared whole */
	unsigned int nr_sums;	/* atomic u64 sums */
	unsigned int nr_vars;	/* u64 variables, each with a set bit */
};

/* One entry: the header, then nr_sums sums, nr_vars variables, the key. */
struct hist_entry {
	unsigned long vars_set;	/* bit i: variable i holds a value */
	u64 data[];
};

/* What each CPU keeps of a table; the counters are safe from NMI. */
struct hist_map_cpu {
	local64_t hits;
	local64_t drops;
	unsigned int spare;	/* entry index + 1, or 0 */
};

struct hist_map {
	u64 *slots;
	unsigned int slot_mask;		/* slots - 1; slots = 2 * max_entries */
	unsigned int max_entries;
	unsigned int stride;		/* bytes from one entry to the next */
	struct hist_map_shape shape;
	atomic_t next;			/* entries handed out, <= max_entries */
	void *pool;
	struct hist_map_cpu __percpu *cpu;
};

struct hist_map *hist_map_create(unsigned int max_entries,
				 const struct hist_map_shape *shape);
void hist_map_destroy(struct hist_map *map);
void hist_map_clear(struct hist_map *map);

struct hist_entry *hist_map_insert(struct hist_map *map, const void *key);
struct hist_entry *hist_map_lookup(struct hist_map *map, const void *key);
struct hist_entry *__hist_map_find(struct hist_map *map, const void *key,
				   u32 hash, bool insert);

/* Count a record the table could not take.  Context: any. */
static inline void hist_map_count_drop(struct hist_map *map)
{
	local64_inc(this_cpu_ptr(&map->cpu->drops));
}

u64 hist_map_hits(struct hist_map *map);
u64 hist_map_drops(struct hist_map *map);
unsigned int hist_map_entries(struct hist_map *map);

struct hist_entry **hist_map_sorted(struct hist_map *map,
				    int (*cmp)(const void *, const void *, const void *),
				    const void *priv, unsigned int *nr);

static inline void *hist_entry_key(const struct hist_map *map,
				   struct hist_entry *e)
{
	return &e->data[map->shape.nr_sums + map->shape.nr_vars];
}

static inline atomic64_t *hist_entry_sums(struct hist_entry *e)
{
	return (atomic64_t *)e->data;
}

/* Add @v to sum @i of @e.  Context: any. */
static inline void hist_entry_add(struct hist_entry *e, unsigned int i, u64 v)
{
	atomic64_add(v, &hist_entry_sums(e)[i]);
}

static inline u64 hist_entry_sum(struct hist_entry *e, unsigned int i)
{
	return atomic64_read(&hist_entry_sums(e)[i]);
}

void hist_entry_var_set(const struct hist_map *map, struct hist_entry *e,
			unsigned int i, u64 v);
bool hist_entry_var_get(const struct hist_map *map, struct hist_entry *e,
			unsigned int i, bool take, u64 *v);

#endif /* _TRACE_HIST_MAP_H */
