// SPDX-License-Identifier: GPL-2.0
/*
 * The trace_stat/ directory: statistics that other parts of tracing keep
 * (the function profiler's per-CPU hit counts, and later others), each a
 * file of sorted lines.  See trace_stat.h for what a provider gives.
 *
 * Every open() takes a picture: it walks the provider's entries, keeps
 * them (pointers, or copies when the provider asks for copies) in an
 * array, and sorts the array biggest first, entries that compare equal
 * staying in the order of the walk.  The reads of that open file print
 * the picture, however the statistic changes meanwhile; two readers
 * never share one.  The walk runs under stat_lock, which also guards the
 * list of providers, so that a provider being unregistered is not walked.
 */

#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "trace_stat.h"

/* One registered provider and its file. */
struct stat_file {
	struct list_head	list;
	struct tracer_stat	*ts;
	struct dentry		*dentry;
};

static LIST_HEAD(stat_files);
static DEFINE_MUTEX(stat_lock);
static struct dentry *stat_dir;

/* One line of a picture: the entry, and its place in the walk. */
struct stat_item {
	void		*p;
	unsigned int	seq;
};

/* Copies are kept in chunks that never move (items point into them). */
#define STAT_CHUNK_SIZE	(64 * 1024)

struct stat_chunk {
	struct stat_chunk	*next;
	size_t			used;
	char			data[];
};

/* What one open file shows. */
struct stat_picture {
	struct tracer_stat	*ts;
	struct stat_item	*items;
	unsigned int		nr;
	unsigned int		cap;
	struct stat_chunk	*chunks;
};

static void picture_free(struct stat_picture *pic)
{
	struct tracer_stat *ts = pic->ts;
	unsigned int i;

	if (!ts->stat_size && ts->stat_release)
		for (i = 0; i < pic->nr; i++)
			ts->stat_release(pic->items[i].p);
	while (pic->chunks) {
		struct stat_chunk *c = pic->chunks;

		pic->chunks = c->next;
		kvfree(c);
	}
	kvfree(pic->items);
	kfree(pic);
}

/* Room for one more item.  Return: 0 or -ENOMEM. */
static int picture_grow(struct stat_picture *pic)
{
	struct stat_item *items;
	unsigned int cap;

	if (pic->nr < pic->cap)
		return 0;
	cap = pic->cap ? pic->cap * 2 : 64;
	items = kvmalloc_array(cap, sizeof(*items), GFP_KERNEL);
	if (!items)
		return -ENOMEM;
	if (pic->nr)
		memcpy(items, pic->items, pic->nr * sizeof(*items));
	kvfree(pic->items);
	pic->items = items;
	pic->cap = cap;
	return 0;
}

/* Where the copy of the next entry goes, or NULL on no memory. */
static void *picture_copy_slot(struct stat_picture *pic, size_t size)
{
	struct stat_chunk *c = pic->chunks;
	size_t room = max_t(size_t, STAT_CHUNK_SIZE, size);
	void *p;

	if (!c || c->used + size > room) {
		c = kvmalloc(struct_size(c, data, room), GFP_KERNEL);
		if (!c)
			return NULL;
		c->next = pic->chunks;
		c->used = 0;
		pic->chunks = c;
	}
	p = c->data + c->used;
	c->used += ALIGN(size, sizeof(long));
	return p;
}

static int picture_add(struct stat_picture *pic, void *entry)
{
	struct tracer_stat *ts = pic->ts;
	void *p = entry;

	if (picture_grow(pic))
		return -ENOMEM;
	if (ts->stat_size) {
		p = picture_copy_slot(pic, ts->stat_size);
		if (!p)
			return -ENOMEM;
		if (ts->stat_copy)
			ts->stat_copy(p, entry);
		else
			memcpy(p, entry, ts->stat_size);
	}
	pic->items[pic->nr].p = p;
	pic->items[pic->nr].seq = pic->nr;
	pic->nr++;
	return 0;
}

/* Biggest first; equal ones in walk order. */
static int item_cmp(const void *a, const void *b, const void *priv)
{
	const struct stat_item *x = a, *y = b;
	cmp_func_t cmp = priv;
	int r = cmp(y->p, x->p);

	if (r)
		return r;
	return x->seq < y->seq ? -1 : 1;
}

/* Walk and sort.  Context: stat_lock held. */
static int picture_take(struct stat_picture *pic)
{
	struct tracer_stat *ts = pic->ts;
	void *entry;
	int idx = 0;
	int ret;

	for (entry = ts->stat_start(ts); entry; entry = ts->stat_next(entry, ++idx)) {
		ret = picture_add(pic, entry);
		if (ret)
			return ret;
		if (!(idx & 1023))
			cond_resched();
	}
	if (ts->stat_cmp && pic->nr > 1)
		sort_r(pic->items, pic->nr, sizeof(*pic->items), item_cmp, NULL,
		       ts->stat_cmp);
	return 0;
}

/* Line 0 is the headers, when the provider has some. */
static struct stat_item *picture_line(struct seq_file *m, loff_t pos)
{
	struct stat_picture *pic = m->private;

	if (pic->ts->stat_headers) {
		if (!pos)
			return SEQ_START_TOKEN;
		pos--;
	}
	return pos < pic->nr ? &pic->items[pos] : NULL;
}

static void *stat_seq_start(struct seq_file *m, loff_t *pos)
{
	return picture_line(m, *pos);
}

static void *stat_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return picture_line(m, ++*pos);
}

static void stat_seq_stop(struct seq_file *m, void *v)
{
}

static int stat_seq_show(struct seq_file *m, void *v)
{
	struct stat_picture *pic = m->private;
	struct stat_item *item = v;

	if (v == SEQ_START_TOKEN)
		return pic->ts->stat_headers(m);
	return pic->ts->stat_show(m, item->p);
}

static const struct seq_operations stat_seq_ops = {
	.start	= stat_seq_start,
	.next	= stat_seq_next,
	.stop	= stat_seq_stop,
	.show	= stat_seq_show,
};

static int stat_open(struct inode *inode, struct file *file)
{
	struct stat_file *sf = inode->i_private, *pos;
	struct stat_picture *pic;
	bool live = false;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	pic = kzalloc(sizeof(*pic), GFP_KERNEL);
	if (!pic)
		return -ENOMEM;

	mutex_lock(&stat_lock);
	list_for_each_entry(pos, &stat_files, list)
		if (pos == sf)
			live = true;
	ret = -ENODEV;
	if (live) {
		pic->ts = sf->ts;
		ret = picture_take(pic);
	}
	mutex_unlock(&stat_lock);
	if (!ret)
		ret = seq_open(file, &stat_seq_ops);
	if (ret) {
		if (pic->ts)
			picture_free(pic);
		else
			kfree(pic);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = pic;
	return 0;
}

static int stat_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	picture_free(m->private);
	return seq_release(inode, file);
}

static const struct file_operations stat_fops = {
	.open		= stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= stat_release,
};

/**
 * register_stat_tracer - add a file to trace_stat/
 * @trace: the provider; it must stay valid until unregistered
 *
 * The directory is made with the first file.
 *
 * Context: process; may sleep.
 * Return: 0; -EINVAL when @trace lacks a name, stat_start, stat_next or
 * stat_show, or is registered already; -ENOMEM.
 */
int register_stat_tracer(struct tracer_stat *trace)
{
	struct stat_file *sf, *pos;
	int ret = -EINVAL;

	if (!trace || !trace->name || !trace->stat_start ||
	    !trace->stat_next || !trace->stat_show)
		return -EINVAL;
	sf = kzalloc(sizeof(*sf), GFP_KERNEL);
	if (!sf)
		return -ENOMEM;
	sf->ts = trace;

	mutex_lock(&stat_lock);
	list_for_each_entry(pos, &stat_files, list)
		if (pos->ts == trace)
			goto out;
	ret = -ENOMEM;
	if (!stat_dir)
		stat_dir = tracefs_create_dir("trace_stat", NULL);
	if (!stat_dir)
		goto out;
	/* Mode 0640 as upstream's, though nothing can be written. */
	sf->dentry = tracefs_create_file(trace->name, TRACE_MODE_WRITE, stat_dir,
					 sf, &stat_fops);
	if (!sf->dentry)
		goto out;
	list_add_tail(&sf->list, &stat_files);
	sf = NULL;
	ret = 0;
out:
	mutex_unlock(&stat_lock);
	kfree(sf);
	return ret;
}

/**
 * unregister_stat_tracer - remove a file of trace_stat/
 * @trace: a registered provider (nothing happens for another)
 *
 * Files already open keep their picture; with pointers (no stat_size)
 * the provider's entries must outlive them.
 *
 * Context: process; may sleep.
 */
void unregister_stat_tracer(struct tracer_stat *trace)
{
	struct stat_file *sf, *n;

	mutex_lock(&stat_lock);
	list_for_each_entry_safe(sf, n, &stat_files, list) {
		if (sf->ts != trace)
			continue;
		list_del(&sf->list);
		tracefs_remove(sf->dentry);
		kfree(sf);
	}
	mutex_unlock(&stat_lock);
}
