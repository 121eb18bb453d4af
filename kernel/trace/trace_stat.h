/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_stat/: one read-only file per registered statistic, listing its
 * entries one a line, biggest first.
 *
 * A provider describes its entries with a struct tracer_stat: how to walk
 * them (stat_start, then stat_next until NULL), how to order them
 * (stat_cmp, optional: without it they stay in walk order) and how to
 * print one (stat_show) and the lines above them (stat_headers, optional).
 * Each open() of the file walks the entries once and sorts them; reads
 * then print that sorted list.  With stat_size set, each entry is copied
 * (stat_size bytes, by stat_copy when given) during the walk, and
 * stat_cmp and stat_show see the copies: one consistent picture of
 * counters that keep changing.  Otherwise they get the provider's own
 * pointers, which must stay valid while the file is open; stat_release,
 * if given, is called on each of them at close.
 */
#ifndef _KERNEL_TRACE_TRACE_STAT_H
#define _KERNEL_TRACE_TRACE_STAT_H

#include <linux/seq_file.h>
#include <linux/types.h>

struct tracer_stat {
	/* The file's name under trace_stat/. */
	const char	*name;
	/* The first entry, or NULL for none. */
	void		*(*stat_start)(struct tracer_stat *trace);
	/* The entry after @prev, the @idx-th one (1 for the second), or NULL. */
	void		*(*stat_next)(void *prev, int idx);
	/* <0, 0, >0 as @a is smaller than, equal to, bigger than @b. */
	cmp_func_t	stat_cmp;
	/* Print one entry. */
	int		(*stat_show)(struct seq_file *s, void *p);
	/* Done with an entry (not called for copies). */
	void		(*stat_release)(void *stat);
	/* Print the lines above the entries. */
	int		(*stat_headers)(struct seq_file *s);
	/* Copy entries of this size at open (0: keep the pointers). */
	size_t		stat_size;
	/* How to copy one (NULL: memcpy()). */
	void		(*stat_copy)(void *dst, const void *src);
};

int register_stat_tracer(struct tracer_stat *trace);
void unregister_stat_tracer(struct tracer_stat *trace);

#endif /* _KERNEL_TRACE_TRACE_STAT_H */
