// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer's choice of functions, in the tracefs root:
 *
 *   set_graph_function  the functions whose calls, and everything they
 *                       call, the graph is drawn for (empty: all of them)
 *   set_graph_notrace   the functions that, with all they call, are never
 *                       drawn
 *   max_graph_depth     how deep a graph goes (0: no limit)
 *
 * and the kernel command line's ftrace_graph_filter=, ftrace_graph_notrace=
 * and ftrace_graph_max_depth=.  The two sets and the depth are global: every
 * function_graph instance obeys them.
 *
 * The set files are set files (ftrace_set_file.c: the private set of an
 * open, one word a write, the commit at close) whose words are those of
 * set_ftrace_filter without line numbers, FUNC:mod:MODULE or commands:
 * such a word names no function here.  A word that selects nothing fails
 * its write with EINVAL.  As upstream's, the listing is in the set's own
 * order and always shows the set in use, even to a reader of a file open
 * for writing.
 */

#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include <asm/setup.h>

#include "trace_graph.h"

struct ftrace_ip_set __rcu *fgraph_filter_set;
struct ftrace_ip_set __rcu *fgraph_notrace_set;
unsigned int fgraph_max_depth;

/*
 * Bumped under ftrace_lock each time either set is replaced: a reader's
 * saved place in a listing is good only while this has not moved.
 */
static unsigned long graph_sets_gen;

/* The set published at @pub.  Context: ftrace_lock held. */
static struct ftrace_ip_set *graph_set_get(struct ftrace_ip_set __rcu **pub)
{
	return rcu_dereference_protected(*pub, lockdep_is_held(&ftrace_lock));
}

/*
 * Make the private @set the one at @pub (an empty set is published as
 * NULL) and free the one it replaces once no entry handler can be looking
 * at it.  Context: ftrace_lock held.
 */
static void graph_set_publish(struct ftrace_ip_set __rcu **pub,
			      struct ftrace_ip_set *set)
{
	struct ftrace_ip_set *old = graph_set_get(pub);

	lockdep_assert_held(&ftrace_lock);
	if (set && !set->count) {
		ftrace_ip_set_free(set);
		set = NULL;
	}
	rcu_assign_pointer(*pub, set);
	graph_sets_gen++;
	ftrace_ip_set_free_rcu(old);
}

/*
 * Apply one word to the private set *@setp.  Unlike set_ftrace_filter's
 * words, a digit in front is no line number: nothing is named so.  A "!"
 * word must take out at least one function that the set holds.
 *
 * Return: 0; -EINVAL when the word adds or takes out nothing; -ENOMEM;
 * -ENODEV once function tracing is dead.  Context: ftrace_lock held.
 */
static int graph_apply_word(struct ftrace_ip_set **setp, char *word)
{
	unsigned int had = (*setp)->count;
	struct ftrace_glob g;
	int matched;

	lockdep_assert_held(&ftrace_lock);
	if (ftrace_dead)
		return -ENODEV;
	if (ftrace_glob_parse(word, &g) || g.kind == FTRACE_GLOB_INDEX)
		return -EINVAL;
	matched = ftrace_glob_apply(&g, setp);
	if (matched < 0)
		return matched;
	if (g.remove)
		matched = had != (*setp)->count;
	return matched ? 0 : -EINVAL;
}

/* ------------------------------------------------------------------ */
/* set_graph_function and set_graph_notrace                            */

/* What the listing of an empty set shows instead of functions. */
#define GRAPH_LIST_EMPTY	((void *)1)

/*
 * An open set file.  Its private_data is a seq_file (whatever the open
 * mode) whose private is this.
 */
struct graph_file {
	struct ftrace_set_file	sf;	/* owner: the set's fgraph_*_set */
	const char		*empty_line;	/* the listing of an empty set */

	/*
	 * The listing's place: the next address to show is the first one
	 * at or after slot @slot of @shown, and it is line @pos.  @shown is
	 * only valid from ->start to ->stop (ftrace_lock held); @slot and
	 * @pos last while graph_sets_gen stays @gen.
	 */
	const struct ftrace_ip_set *shown;
	unsigned long		gen;
	loff_t			pos;
	unsigned int		slot;
};

static struct ftrace_ip_set __rcu **graph_pub(struct ftrace_set_file *sf)
{
	return sf->owner;
}

static const struct ftrace_ip_set *graph_current(struct ftrace_set_file *sf)
{
	return graph_set_get(graph_pub(sf));
}

static int graph_apply(struct ftrace_set_file *sf, char *word)
{
	int ret;

	mutex_lock(&ftrace_lock);
	ret = graph_apply_word(&sf->set, word);
	mutex_unlock(&ftrace_lock);
	return ret;
}

static void graph_commit(struct ftrace_set_file *sf)
{
	graph_set_publish(graph_pub(sf), sf->set);
	sf->set = NULL;
}

static const struct ftrace_set_file_ops graph_set_ops = {
	.current_set	= graph_current,
	.apply		= graph_apply,
	.commit		= graph_commit,
};

static struct graph_file *graph_file_of(struct file *filp)
{
	return ((struct seq_file *)filp->private_data)->private;
}

/* The address at the listing's place, or NULL after the last one. */
static void *graph_list_here(struct graph_file *gf)
{
	unsigned long ip;

	if (!ftrace_ip_set_next(gf->shown, gf->slot, &ip))
		return NULL;
	return (void *)ip;
}

/* Move the listing's place one address on; false at the end. */
static bool graph_list_step(struct graph_file *gf)
{
	unsigned long ip;
	unsigned int after = ftrace_ip_set_next(gf->shown, gf->slot, &ip);

	if (!after)
		return false;
	gf->slot = after;
	gf->pos++;
	return true;
}

static void *graph_list_start(struct seq_file *m, loff_t *pos)
{
	struct graph_file *gf = m->private;

	mutex_lock(&ftrace_lock);
	gf->shown = graph_current(&gf->sf);
	if (!gf->shown)
		return *pos ? NULL : GRAPH_LIST_EMPTY;

	/* Start over unless the saved place is in this set and not past *pos. */
	if (gf->gen != graph_sets_gen || gf->pos > *pos) {
		gf->gen = graph_sets_gen;
		gf->pos = 0;
		gf->slot = 0;
	}
	while (gf->pos < *pos)
		if (!graph_list_step(gf))
			return NULL;
	return graph_list_here(gf);
}

static void *graph_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct graph_file *gf = m->private;

	++*pos;
	if (v == GRAPH_LIST_EMPTY || !graph_list_step(gf))
		return NULL;
	return graph_list_here(gf);
}

static void graph_list_stop(struct seq_file *m, void *v)
{
	struct graph_file *gf = m->private;

	gf->shown = NULL;
	mutex_unlock(&ftrace_lock);
}

static int graph_list_show(struct seq_file *m, void *v)
{
	struct graph_file *gf = m->private;

	if (v == GRAPH_LIST_EMPTY)
		seq_puts(m, gf->empty_line);
	else
		seq_printf(m, "%ps\n", v);	/* "name [module]" for a module's */
	return 0;
}

static const struct seq_operations graph_list_sops = {
	.start	= graph_list_start,
	.next	= graph_list_next,
	.stop	= graph_list_stop,
	.show	= graph_list_show,
};

/* @inode's i_private is the set the file shows: fgraph_filter_set or fgraph_notrace_set. */
static int graph_file_open(struct inode *inode, struct file *filp)
{
	struct ftrace_ip_set __rcu **pub = inode->i_private;
	struct graph_file *gf;
	int ret;

	if (ftrace_dead)
		return -ENODEV;
	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;
	gf = kzalloc(sizeof(*gf), GFP_KERNEL);
	if (!gf)
		return -ENOMEM;
	gf->sf.ops = &graph_set_ops;
	gf->sf.owner = pub;
	gf->empty_line = pub == &fgraph_filter_set ?
			 "#### all functions enabled ####\n" :
			 "#### no functions disabled ####\n";
	ret = ftrace_set_file_open(&gf->sf, filp);
	if (ret)
		goto free;
	ret = seq_open(filp, &graph_list_sops);
	if (ret)
		goto abort;
	((struct seq_file *)filp->private_data)->private = gf;
	return 0;

abort:
	ftrace_set_file_abort(&gf->sf);
free:
	kfree(gf);
	return ret;
}

static ssize_t graph_file_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return ftrace_set_file_write(&graph_file_of(filp)->sf, ubuf, cnt, ppos);
}

static int graph_file_release(struct inode *inode, struct file *filp)
{
	struct graph_file *gf = graph_file_of(filp);

	ftrace_set_file_close(&gf->sf);
	seq_release(inode, filp);
	kfree(gf);
	return 0;
}

/* Both set files: the set is the inode's (graph_file_open()). */
static const struct file_operations graph_set_fops = {
	.open		= graph_file_open,
	.read		= seq_read,
	.write		= graph_file_write,
	.llseek		= ftrace_set_file_lseek,
	.release	= graph_file_release,
};

/* ------------------------------------------------------------------ */
/* max_graph_depth                                                     */

static ssize_t graph_depth_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char text[16];
	int len;

	/* Printed signed, as upstream does: 4294967295 reads "-1". */
	len = scnprintf(text, sizeof(text), "%d\n",
			(int)READ_ONCE(fgraph_max_depth));
	return simple_read_from_buffer(ubuf, cnt, ppos, text, len);
}

static ssize_t graph_depth_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	unsigned long depth;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &depth);
	if (ret)
		return ret;
	/* Only the low 32 bits are kept; the entry handlers see it at once. */
	WRITE_ONCE(fgraph_max_depth, (unsigned int)depth);
	*ppos += cnt;
	return cnt;
}

static int graph_depth_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open_get_tr(NULL);
}

static const struct file_operations graph_depth_fops = {
	.open		= graph_depth_open,
	.read		= graph_depth_read,
	.write		= graph_depth_write,
	.llseek		= generic_file_llseek,
};

/**
 * fgraph_create_files - set_graph_function, set_graph_notrace, max_graph_depth
 * @dir: the tracefs root (NULL)
 *
 * Only the top level has them: they act on every function_graph instance.
 *
 * Context: boot, tracing_lock held.
 */
void fgraph_create_files(struct dentry *dir)
{
	lockdep_assert_held(&tracing_lock);
	trace_create_file("set_graph_function", TRACE_MODE_WRITE, dir,
			  &fgraph_filter_set, &graph_set_fops);
	trace_create_file("set_graph_notrace", TRACE_MODE_WRITE, dir,
			  &fgraph_notrace_set, &graph_set_fops);
	trace_create_file("max_graph_depth", TRACE_MODE_WRITE, dir, NULL,
			  &graph_depth_fops);
}

/* ------------------------------------------------------------------ */
/* The kernel command line                                             */

/* ftrace_graph_filter= and ftrace_graph_notrace=, kept until applied. */
static char boot_graph_lists[2][COMMAND_LINE_SIZE] __initdata;

static int __init boot_graph_keep(int which, const char *str)
{
	strscpy(boot_graph_lists[which], str, COMMAND_LINE_SIZE);
	return 1;
}

static int __init boot_graph_filter(char *str)
{
	return boot_graph_keep(0, str);
}
__setup("ftrace_graph_filter=", boot_graph_filter);

static int __init boot_graph_notrace(char *str)
{
	return boot_graph_keep(1, str);
}
__setup("ftrace_graph_notrace=", boot_graph_notrace);

/* C notation (0x10 is 16); a value that is not a number is not ours. */
static int __init boot_graph_depth(char *str)
{
	return !kstrtouint(str, 0, &fgraph_max_depth);
}
__setup("ftrace_graph_max_depth=", boot_graph_depth);

static int __init boot_graph_word(void *setp, char *word)
{
	return graph_apply_word(setp, word);
}

/*
 * Build a set from the words of @list (ftrace_set_boot_words() logs and
 * skips one that selects nothing) and publish it at @pub.
 */
static void __init boot_graph_apply(const char *param, char *list,
				    struct ftrace_ip_set __rcu **pub)
{
	struct ftrace_ip_set *set;

	if (!*list)
		return;
	set = ftrace_ip_set_new(0);
	if (!set) {
		pr_warn("ftrace: no memory for %s\n", param);
		return;
	}
	mutex_lock(&ftrace_lock);
	ftrace_set_boot_words(param, list, boot_graph_word, &set);
	graph_set_publish(pub, set);
	mutex_unlock(&ftrace_lock);
}

/**
 * fgraph_boot_apply_sets - apply ftrace_graph_filter= and ftrace_graph_notrace=
 *
 * Called by trace_boot.c when the call-site table exists, after the
 * ftrace_filter= words and before the boot tracer starts.
 */
void __init fgraph_boot_apply_sets(void)
{
	boot_graph_apply("ftrace_graph_filter=", boot_graph_lists[0],
			 &fgraph_filter_set);
	boot_graph_apply("ftrace_graph_notrace=", boot_graph_lists[1],
			 &fgraph_notrace_set);
}
