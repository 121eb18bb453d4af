/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function profiler's per-CPU table (ftrace_profile.c), here so that
 * its KUnit tests (ftrace_profile_kunit.c) run the very code the
 * callbacks inline: a slot's claim and lookup, the table's sizing and
 * limit, and the variance the files print.
 */
#ifndef _KERNEL_TRACE_FTRACE_PROFILE_H
#define _KERNEL_TRACE_FTRACE_PROFILE_H

#include <linux/hash.h>
#include <linux/log2.h>
#include <linux/math64.h>

#include <asm/local.h>
#include <asm/local64.h>

#define PROF_MIN_SLOTS	1024
#define PROF_MAX_SLOTS	(1U << 16)
/* The ip of the slot after the last: where a walk of the table stops. */
#define PROF_END	(~0UL)

struct prof_slot {
	unsigned long	ip;	/* 0: free */
	local_t		hits;	/* calls entered on this CPU */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	local64_t	time;	/* ns of the calls that returned on this CPU */
	local64_t	time_sq; /* and the sum of their squares */
#endif
};

struct prof_table {
	local_t			used;	/* slots claimed */
	unsigned int		limit;	/* claim no more than this */
	unsigned int		bits;	/* log2 of the number of slots */
	struct prof_slot	slot[];	/* 1 << bits, then the PROF_END one */
};

/* What trace_stat/functionN shows: a copy of a slot. */
struct prof_entry {
	unsigned long	ip;
	unsigned long	hits;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	u64		time;
	u64		time_sq;
#endif
};

/*
 * Make a zeroed table of @slots slots (a power of two) ready: its size,
 * its limit (three quarters full) and the PROF_END slot after the last.
 */
static inline void prof_table_init(struct prof_table *t, unsigned int slots)
{
	t->bits = ilog2(slots);
	t->limit = slots / 4 * 3;
	t->slot[slots].ip = PROF_END;
}

/*
 * The slot of @ip in @t, claimed if need be and @claim says so; NULL when
 * @t is full, or (not claiming) has no slot for @ip: a free slot ends the
 * probe, as slots are never given back while counting.
 */
static __always_inline struct prof_slot *prof_slot_of(struct prof_table *t,
						      unsigned long ip, bool claim)
{
	unsigned int mask = (1U << t->bits) - 1;
	unsigned int i = hash_long(ip, t->bits);
	unsigned long have;

	for (;; i = (i + 1) & mask) {
		have = READ_ONCE(t->slot[i].ip);
		if (have == ip)
			return &t->slot[i];
		if (have)
			continue;
		if (!claim || local_read(&t->used) >= t->limit)
			return NULL;
		have = cmpxchg_local(&t->slot[i].ip, 0UL, ip);
		if (!have) {
			local_inc(&t->used);
			return &t->slot[i];
		}
		/* Someone nested on this CPU took it: for @ip, or probe on. */
		if (have == ip)
			return &t->slot[i];
	}
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The sample variance of the function's calls, in us^2 times 1000 (the
 * duration printer divides by 1000 once more):
 *
 *	s^2 = (n * sum(x^2) - sum(x)^2) / (n * (n - 1))
 *
 * in 64-bit arithmetic as upstream's.  Its sums are of the calls that
 * returned on this CPU while n counts the entries here, so the
 * numerator may come out negative: that shows as 0.
 */
static u64 prof_variance(const struct prof_entry *e)
{
	u64 n = e->hits;
	u64 num = n * e->time_sq, sq = e->time * e->time;

	if (n < 2 || num < sq)
		return 0;
	return div64_u64(num - sq, n * (n - 1) * 1000);
}
#endif

#endif /* _KERNEL_TRACE_FTRACE_PROFILE_H */
