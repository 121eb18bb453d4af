// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs files of function tracing.
 *
 * In the top directory only:
 *   available_filter_functions        every call site's function, one a
 *                                     line ("name" or "name [module]"), in
 *                                     address order, vmlinux first
 *   available_filter_functions_addrs  the same with the site's address
 *                                     in front ("%lx name")
 *   enabled_functions                 the sites that are calls now, with
 *                                     how many ops trace each, " R" when a
 *                                     full pt_regs is saved, " I" when an
 *                                     IPMODIFY ops traces it
 *   touched_functions                 the sites that were calls at some
 *                                     time since boot (" M": an IPMODIFY
 *                                     ops traced it)
 *   function_profile_enabled,         the function profiler's
 *   trace_stat/functionN              (ftrace_profile.c)
 *
 * In every trace array (each has its own ftrace_ops, the one its function
 * tracer registers):
 *   set_ftrace_filter    what the array's function tracer traces (empty:
 *                        everything); each word written adds the matching
 *                        functions ("!word" takes them out); opening with
 *                        O_TRUNC (">") starts from an empty set, O_APPEND
 *                        (">>") from the current one; the new set takes
 *                        effect when the file is closed (the rules of
 *                        every set file: ftrace_set_file.c)
 *   set_ftrace_notrace   the functions it never traces, the same way
 *
 * The same kind of file for an ops with no array (the stack tracer's
 * stack_trace_filter): ftrace_ops_create_filter_file().
 *
 * A line with a name "__ftrace_invalid_address___N" is a call site that
 * is not at a function's start (N bytes into the symbol before it): the
 * body of a weak function that another definition replaced.  It is never
 * traced; it is listed (as upstream lists it) so that the line numbers
 * that set_ftrace_filter takes match.
 */

#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>

#include "ftrace_internal.h"
#include "trace.h"

/* ------------------------------------------------------------------ */
/* Listings                                                            */

enum listing_kind {
	LIST_AVAILABLE,
	LIST_ADDRS,
	LIST_ENABLED,
	LIST_TOUCHED,
	LIST_SET,
};

/* The "#### ..." line of an empty filter or notrace set. */
#define LIST_PRINT_ALL	((void *)1)
/* A line after the functions: a kept :mod: word or a probe (ftrace_cmds.c). */
#define LIST_CMD	((void *)2)

/*
 * A reader's place in the table: the next site to look at is site @i of
 * @g, which is the @pos-th line; valid while ftrace_sites_gen is @gen.
 */
struct listing {
	enum listing_kind	kind;
	enum ftrace_set_kind	set_kind;	/* LIST_SET */
	struct ftrace_ops	*ops;		/* LIST_SET: whose set */
	struct trace_array	*tr;		/* LIST_SET: the ops's array */
	/*
	 * LIST_SET of a file open for writing: where its private set is.
	 * Through the pointer, since a word may replace the set (and free
	 * the old one) under ftrace_lock, which the listing holds too.
	 */
	struct ftrace_ip_set	**setp;
	const struct ftrace_ip_set *shown;	/* LIST_SET: read under the lock */
	unsigned long		gen;
	loff_t			pos;
	struct ftrace_group	*g;
	unsigned int		i;
	loff_t			cmd_base;	/* LIST_SET: the first LIST_CMD line */
	struct ftrace_cmds_cursor cmd_cur;	/* LIST_SET: at the LIST_CMD lines */
};

static bool listing_wants(struct listing *l, struct ftrace_site *s)
{
	switch (l->kind) {
	case LIST_AVAILABLE:
	case LIST_ADDRS:
		return true;
	case LIST_ENABLED:
		return s->state != FTRACE_SITE_NOP;
	case LIST_TOUCHED:
		return s->flags & FTRACE_SITE_TOUCHED;
	case LIST_SET:
		return ftrace_ip_set_has(l->shown, s->ip);
	}
	return false;
}

/* The next live group after @g (NULL: the first), or NULL. */
static struct ftrace_group *next_live_group(struct ftrace_group *g)
{
	g = g ? list_next_entry(g, list) :
		list_first_entry(&ftrace_groups, struct ftrace_group, list);
	for (; !list_entry_is_head(g, &ftrace_groups, list);
	     g = list_next_entry(g, list))
		if (g->live)
			return g;
	return NULL;
}

/* The site at the cursor or after it that the listing shows, or NULL. */
static struct ftrace_site *listing_site(struct listing *l)
{
	while (l->g) {
		struct ftrace_site_vec *vec = ftrace_group_vec(l->g);

		for (; l->i < vec->nr; l->i++)
			if (listing_wants(l, &vec->site[l->i]))
				return &vec->site[l->i];
		l->g = next_live_group(l->g);
		l->i = 0;
	}
	return NULL;
}

/*
 * The line at @pos after the functions, which end at l->cmd_base: in a
 * filter file, the kept :mod: words and the function commands.
 */
static void *listing_cmd(struct listing *l, loff_t pos)
{
	if (l->kind != LIST_SET || !l->tr ||
	    !ftrace_cmds_line(NULL, l->tr, l->set_kind, pos - l->cmd_base,
			      &l->cmd_cur))
		return NULL;
	return LIST_CMD;
}

/* The site at the cursor, or the first line after the sites. */
static void *listing_site_or_cmd(struct listing *l, loff_t pos)
{
	struct ftrace_site *s = listing_site(l);

	if (s)
		return s;
	l->cmd_base = pos;
	return listing_cmd(l, pos);
}

static void *listing_start(struct seq_file *m, loff_t *pos)
{
	struct listing *l = m->private;

	mutex_lock(&ftrace_lock);
	if (l->kind == LIST_SET) {
		l->shown = l->setp ? *l->setp : ftrace_ops_set(l->ops, l->set_kind);
		if (!l->shown || !l->shown->count) {
			l->cmd_base = 1;
			return *pos ? listing_cmd(l, *pos) : LIST_PRINT_ALL;
		}
	}
	if (l->gen != ftrace_sites_gen || l->pos != *pos || !l->g) {
		l->gen = ftrace_sites_gen;
		l->g = next_live_group(NULL);
		l->i = 0;
		for (l->pos = 0; l->pos < *pos; l->pos++) {
			if (!listing_site(l)) {
				l->cmd_base = l->pos;
				return listing_cmd(l, *pos);
			}
			l->i++;
		}
	}
	return listing_site_or_cmd(l, *pos);
}

static void *listing_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct listing *l = m->private;

	++*pos;
	if (v == LIST_PRINT_ALL || v == LIST_CMD)
		return listing_cmd(l, *pos);
	l->i++;
	l->pos++;
	return listing_site_or_cmd(l, *pos);
}

static void listing_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

/* "name" or "name [module]"; false for a site not at a function's start. */
static bool show_site_name(struct seq_file *m, unsigned long ip)
{
	char name[KSYM_SYMBOL_LEN];
	char *modname;
	bool ok;

	ok = ftrace_site_name(ip, name, &modname);
	seq_puts(m, name);
	if (modname)
		seq_printf(m, " [%s]", modname);
	return ok;
}

static int listing_show(struct seq_file *m, void *v)
{
	struct listing *l = m->private;
	struct ftrace_site *s = v;

	if (v == LIST_CMD) {
		ftrace_cmds_line(m, l->tr, l->set_kind, m->index - l->cmd_base,
				 &l->cmd_cur);
		return 0;
	}
	if (v == LIST_PRINT_ALL) {
		seq_puts(m, l->set_kind == FTRACE_SET_FILTER ?
			 "#### all functions enabled ####\n" :
			 "#### no functions disabled ####\n");
		return 0;
	}
	if (l->kind == LIST_ADDRS)
		seq_printf(m, "%lx ", s->ip);
	if (show_site_name(m, s->ip) &&
	    (l->kind == LIST_ENABLED || l->kind == LIST_TOUCHED))
		seq_printf(m, " (%u)%s%s%s%s%s", s->refs,
			   s->state == FTRACE_SITE_REGS ? " R" : "  ",
			   s->flags & FTRACE_SITE_IPMODIFY ? " I" : "  ",
			   s->state == FTRACE_SITE_DIRECT ? " D" : "  ", "  ",
			   s->flags & FTRACE_SITE_MODIFIED ? " M " : "   ");
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations listing_sops = {
	.start	= listing_start,
	.next	= listing_next,
	.stop	= listing_stop,
	.show	= listing_show,
};

static int listing_open(struct inode *inode, struct file *filp,
			enum listing_kind kind)
{
	struct listing *l;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	l = __seq_open_private(filp, &listing_sops, sizeof(*l));
	if (!l)
		return -ENOMEM;
	l->kind = kind;
	return 0;
}

static int available_open(struct inode *inode, struct file *filp)
{
	return listing_open(inode, filp, LIST_AVAILABLE);
}

static int addrs_open(struct inode *inode, struct file *filp)
{
	return listing_open(inode, filp, LIST_ADDRS);
}

static int enabled_open(struct inode *inode, struct file *filp)
{
	return listing_open(inode, filp, LIST_ENABLED);
}

static int touched_open(struct inode *inode, struct file *filp)
{
	return listing_open(inode, filp, LIST_TOUCHED);
}

#define LISTING_FOPS(name, open_fn)				\
static const struct file_operations name = {			\
	.open		= open_fn,				\
	.read		= seq_read,				\
	.llseek		= seq_lseek,				\
	.release	= seq_release_private,			\
}

LISTING_FOPS(available_fops, available_open);
LISTING_FOPS(addrs_fops, addrs_open);
LISTING_FOPS(enabled_fops, enabled_open);
LISTING_FOPS(touched_fops, touched_open);

/* ------------------------------------------------------------------ */
/* set_ftrace_filter and set_ftrace_notrace                            */

/*
 * An open filter file: a set file (ftrace_set_file.c) of one array's ops,
 * or of an ops of its own with no array (@tr NULL: stack_trace_filter).
 * The file's private_data is a seq_file (also when it is open for writing
 * only) whose private is the listing here.
 */
struct filter_file {
	struct listing		l;
	struct ftrace_set_file	sf;
	struct trace_array	*tr;
	struct ftrace_ops	*ops;
	enum ftrace_set_kind	kind;
};

static struct filter_file *filter_file_of(struct file *filp)
{
	struct seq_file *seq = filp->private_data;

	return container_of(seq->private, struct filter_file, l);
}

static struct filter_file *filter_file_sf(struct ftrace_set_file *sf)
{
	return container_of(sf, struct filter_file, sf);
}

static const struct ftrace_ip_set *filter_current(struct ftrace_set_file *sf)
{
	struct filter_file *ff = filter_file_sf(sf);

	return ftrace_ops_set(ff->ops, ff->kind);
}

/*
 * A word: a name, glob or line number (ftrace_filter.c), or, with a ':',
 * a command or FUNC:mod:MODULE (ftrace_cmds.c).
 */
static int filter_apply(struct ftrace_set_file *sf, char *word)
{
	struct filter_file *ff = filter_file_sf(sf);
	int ret;

	if (strchr(word, ':'))
		return ftrace_cmd_word(ff->tr, ff->kind, &sf->set, word);
	mutex_lock(&ftrace_lock);
	ret = ftrace_apply_word(&sf->set, word);
	mutex_unlock(&ftrace_lock);
	return ret;
}

/* The ops takes the set (an empty filter kept for :mod: words traces nothing). */
static void filter_commit(struct ftrace_set_file *sf)
{
	struct filter_file *ff = filter_file_sf(sf);

	if (ff->tr)
		ftrace_mod_seal(ff->tr, ff->kind, &sf->set);
	ftrace_ops_commit_set(ff->ops, ff->kind, sf->set);
	sf->set = NULL;
}

/* Only an open that succeeds forgets the kept :mod: words. */
static void filter_truncated(struct ftrace_set_file *sf)
{
	struct filter_file *ff = filter_file_sf(sf);

	if (ff->tr)
		ftrace_mod_truncate(ff->tr, ff->kind);
}

static const struct ftrace_set_file_ops filter_set_ops = {
	.current_set	= filter_current,
	.apply		= filter_apply,
	.commit		= filter_commit,
	.truncated	= filter_truncated,
};

/* An open of a set of @ops, which is @tr's (NULL: an ops of its own). */
static int filter_open(struct file *filp, struct trace_array *tr,
		       struct ftrace_ops *ops, enum ftrace_set_kind kind)
{
	struct filter_file *ff;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ret = -ENOMEM;
	ff = kzalloc(sizeof(*ff), GFP_KERNEL);
	if (!ff)
		goto put;
	ff->tr = tr;
	ff->ops = tr ? tr->ops : ops;
	ff->kind = kind;
	ret = -ENODEV;
	if (!ff->ops)
		goto free;
	ff->sf.ops = &filter_set_ops;
	ff->sf.owner = tr;
	ret = ftrace_set_file_open(&ff->sf, filp);
	if (ret)
		goto free;

	ff->l.kind = LIST_SET;
	ff->l.set_kind = kind;
	ff->l.ops = ff->ops;
	ff->l.tr = tr;
	/* A reader of a file open for writing sees what is being written. */
	if (ff->sf.set)
		ff->l.setp = &ff->sf.set;

	ret = seq_open(filp, &listing_sops);
	if (ret)
		goto abort;
	((struct seq_file *)filp->private_data)->private = &ff->l;
	return 0;

abort:
	ftrace_set_file_abort(&ff->sf);
free:
	kfree(ff);
put:
	trace_array_put(tr);
	return ret;
}

static int filter_open_filter(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	return filter_open(filp, tr, NULL, FTRACE_SET_FILTER);
}

static int filter_open_notrace(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	return filter_open(filp, tr, NULL, FTRACE_SET_NOTRACE);
}

static int filter_open_ops(struct inode *inode, struct file *filp)
{
	return filter_open(filp, NULL, inode->i_private, FTRACE_SET_FILTER);
}

static ssize_t filter_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	return ftrace_set_file_write(&filter_file_of(filp)->sf, ubuf, cnt, ppos);
}

static int filter_release(struct inode *inode, struct file *filp)
{
	struct filter_file *ff = filter_file_of(filp);

	ftrace_set_file_close(&ff->sf);
	seq_release(inode, filp);
	trace_array_put(ff->tr);
	kfree(ff);
	return 0;
}

static const struct file_operations filter_fops = {
	.open		= filter_open_filter,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= ftrace_set_file_lseek,
	.release	= filter_release,
};

static const struct file_operations notrace_fops = {
	.open		= filter_open_notrace,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= ftrace_set_file_lseek,
	.release	= filter_release,
};

static const struct file_operations ops_filter_fops = {
	.open		= filter_open_ops,
	.read		= seq_read,
	.write		= filter_write,
	.llseek		= ftrace_set_file_lseek,
	.release	= filter_release,
};

/* ------------------------------------------------------------------ */
/* Wiring                                                              */

/**
 * ftrace_ops_create_filter_file - a filter file for an ops of its own
 * @name: the file's name
 * @dir: its directory (NULL: the tracefs root)
 * @ops: the ops whose filter set the file shows and writes; it outlives
 *	the file
 *
 * The file is set_ftrace_filter's kind with no array behind it: the same
 * words and listing, no commands.
 *
 * Return: the file's dentry, or NULL.
 */
struct dentry *ftrace_ops_create_filter_file(const char *name,
					     struct dentry *dir,
					     struct ftrace_ops *ops)
{
	return trace_create_file(name, TRACE_MODE_WRITE, dir, ops,
				 &ops_filter_fops);
}

/**
 * ftrace_array_create_files - the function-tracing files of a trace array
 * @tr: the array; gets its ftrace_ops here (the top level: the global one)
 * @dir: its directory (NULL: the tracefs root)
 *
 * Context: tracing_lock held.
 */
void ftrace_array_create_files(struct trace_array *tr, struct dentry *dir)
{
	lockdep_assert_held(&tracing_lock);
	if (!tr->ops) {
		if (trace_array_is_top(tr)) {
			tr->ops = &ftrace_global_ops;
		} else {
			tr->ops = kzalloc(sizeof(*tr->ops), GFP_KERNEL);
			if (!tr->ops)
				return;
			/* Its sets stay while its tracer is off. */
			ftrace_ops_keep_sets(tr->ops);
		}
		tr->ops->private = tr;
	}
	trace_create_file("set_ftrace_filter", TRACE_MODE_WRITE, dir, tr,
			  &filter_fops);
	trace_create_file("set_ftrace_notrace", TRACE_MODE_WRITE, dir, tr,
			  &notrace_fops);
	ftrace_pid_create_files(tr, dir);
	if (!trace_array_is_top(tr))
		return;
	trace_create_file("available_filter_functions", TRACE_MODE_READ, dir,
			  NULL, &available_fops);
	trace_create_file("available_filter_functions_addrs", TRACE_MODE_READ,
			  dir, NULL, &addrs_fops);
	trace_create_file("enabled_functions", TRACE_MODE_READ, dir, NULL,
			  &enabled_fops);
	trace_create_file("touched_functions", TRACE_MODE_READ, dir, NULL,
			  &touched_fops);
	ftrace_profile_create_files(dir);
	fgraph_create_files(dir);
}

/**
 * ftrace_array_free - drop an instance's ftrace_ops
 * @tr: the array, going; its tracer was reset (the ops is unregistered)
 */
void ftrace_array_free(struct trace_array *tr)
{
	struct ftrace_ops *ops = tr->ops;

	if (!ops || trace_array_is_top(tr))
		return;
	tr->ops = NULL;
	ftrace_ops_forget_sets(ops);
	ftrace_free_filter(ops);
	/*
	 * Unregistering a trace array's ops does not wait (see
	 * FTRACE_OPS_FL_TRACE_ARRAY): no CPU may still be in its callback,
	 * which writes into @tr, and no task may be about to call it.
	 */
	if (ops->flags & FTRACE_OPS_FL_INITIALIZED) {
		synchronize_rcu_tasks_rude();
		synchronize_rcu_tasks();
	}
	/* No callback can read the pid state now. */
	ftrace_pid_free(tr);
	free_percpu(tr->func_repeats);
	tr->func_repeats = NULL;
	kfree(ops);
}
