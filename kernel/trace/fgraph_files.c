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
 * The set files take words as set_ftrace_filter does (a name, a glob, "!"
 * in front to take functions out), but no line numbers, no FUNC:mod:MODULE
 * and no commands: such a word names no function.  Each write(2) takes one
 * word, up to and including the blank that ends it, and reports just those
 * bytes; a word cut off by the end of a write goes on in the next one.  A
 * word that selects nothing fails its write with EINVAL; the words before
 * it stay.  Opening with O_TRUNC starts from an empty set, otherwise from
 * the current one; the new set replaces the old one when the file is
 * closed.  A reader always sees the set in use.
 */

#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

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

/* The longest word: a symbol as kallsyms prints it and a few wildcards. */
#define GRAPH_WORD_MAX		(KSYM_SYMBOL_LEN + 3)

/* What the listing of an empty set shows instead of functions. */
#define GRAPH_LIST_EMPTY	((void *)1)

/*
 * An open set file.  Its private_data is a seq_file (whatever the open
 * mode) whose private is this.
 */
struct graph_file {
	struct ftrace_ip_set __rcu **pub;	/* the set it shows and replaces */
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

	/* Open for writing: the set being built, private. */
	struct ftrace_ip_set	*set;
	struct mutex		wlock;		/* serialises the writes */
	bool			open_word;	/* @word goes on in the next write */
	bool			broken;		/* a word was refused unread: ignore the rest */
	size_t			wlen;
	char			word[GRAPH_WORD_MAX + 1];
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
	gf->shown = graph_set_get(gf->pub);
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
	gf->pub = pub;
	gf->empty_line = pub == &fgraph_filter_set ?
			 "#### all functions enabled ####\n" :
			 "#### no functions disabled ####\n";
	mutex_init(&gf->wlock);

	if (filp->f_mode & FMODE_WRITE) {
		mutex_lock(&ftrace_lock);
		gf->set = filp->f_flags & O_TRUNC ? ftrace_ip_set_new(0) :
			  ftrace_ip_set_copy(graph_set_get(pub));
		mutex_unlock(&ftrace_lock);
		ret = -ENOMEM;
		if (!gf->set)
			goto free;
	}
	ret = seq_open(filp, &graph_list_sops);
	if (ret)
		goto free;
	((struct seq_file *)filp->private_data)->private = gf;
	return 0;

free:
	ftrace_ip_set_free(gf->set);
	kfree(gf);
	return ret;
}

/* Apply the finished word of @gf to its set and forget the word. */
static int graph_apply_pending(struct graph_file *gf)
{
	int ret;

	gf->word[gf->wlen] = '\0';
	gf->wlen = 0;
	gf->open_word = false;
	mutex_lock(&ftrace_lock);
	ret = graph_apply_word(&gf->set, gf->word);
	mutex_unlock(&ftrace_lock);
	return ret;
}

/*
 * Read the next word of a write into gf->word.  With no word open, blanks
 * are skipped first, and a NUL there ends the write.  The word runs up to
 * a blank or NUL, which is consumed with it; if the buffer ends first the
 * word stays open for the next write.
 *
 * Return: the bytes consumed; -EINVAL for a word longer than
 * GRAPH_WORD_MAX, -EFAULT (after either, the file applies no more words).
 */
static ssize_t graph_read_word(struct graph_file *gf, const char __user *ubuf,
			       size_t cnt)
{
	bool in_word = gf->open_word;
	size_t i;
	char c;

	if (!in_word)
		gf->wlen = 0;
	for (i = 0; i < cnt; i++) {
		if (get_user(c, ubuf + i)) {
			gf->broken = true;
			return -EFAULT;
		}
		if (isspace(c) || !c) {
			if (!in_word && c)
				continue;
			gf->open_word = false;
			return i + 1;
		}
		if (gf->wlen >= GRAPH_WORD_MAX) {
			gf->broken = true;
			return -EINVAL;
		}
		gf->word[gf->wlen++] = c;
		in_word = true;
	}
	gf->open_word = in_word;
	return cnt;
}

static ssize_t graph_file_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct graph_file *gf = graph_file_of(filp);
	ssize_t used;
	int ret;

	if (!cnt)
		return 0;
	guard(mutex)(&gf->wlock);
	/* Writing at offset 0 (the first write, or after a seek) starts anew. */
	if (!*ppos) {
		gf->open_word = false;
		gf->wlen = 0;
	}
	used = graph_read_word(gf, ubuf, cnt);
	if (used < 0)
		return used;
	*ppos += used;
	if (gf->open_word || !gf->wlen || gf->broken)
		return used;
	ret = graph_apply_pending(gf);
	return ret ? ret : used;
}

static int graph_file_release(struct inode *inode, struct file *filp)
{
	struct graph_file *gf = graph_file_of(filp);

	if (gf->set) {
		/* A last word with no blank after it ("echo -n") counts. */
		if (gf->wlen && !gf->broken)
			graph_apply_pending(gf);
		mutex_lock(&ftrace_lock);
		graph_set_publish(gf->pub, gf->set);
		mutex_unlock(&ftrace_lock);
	}
	seq_release(inode, filp);
	mutex_destroy(&gf->wlock);
	kfree(gf);
	return 0;
}

static loff_t graph_file_lseek(struct file *filp, loff_t offset, int whence)
{
	/* A writer's seek ("echo >> file" may ask for the end) rewinds it. */
	if (!(filp->f_mode & FMODE_READ)) {
		filp->f_pos = 0;
		return 0;
	}
	return seq_lseek(filp, offset, whence);
}

/* Both set files: the set is the inode's (graph_file_open()). */
static const struct file_operations graph_set_fops = {
	.open		= graph_file_open,
	.read		= seq_read,
	.write		= graph_file_write,
	.llseek		= graph_file_lseek,
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

/*
 * Build a set from the comma-separated words of @list, one expression a
 * word, and publish it at @pub.  A word that selects nothing is logged
 * (at debug level, as upstream) and skipped.
 */
static void __init boot_graph_apply(char *list, struct ftrace_ip_set __rcu **pub)
{
	struct ftrace_ip_set *set;
	char *word;

	if (!*list)
		return;
	set = ftrace_ip_set_new(0);
	if (!set) {
		pr_warn("ftrace: no memory for the boot's graph functions\n");
		return;
	}
	mutex_lock(&ftrace_lock);
	while ((word = strsep(&list, ",")) != NULL)
		if (graph_apply_word(&set, word))
			printk(KERN_DEBUG "ftrace: function %s not traceable\n",
			       word);
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
	boot_graph_apply(boot_graph_lists[0], &fgraph_filter_set);
	boot_graph_apply(boot_graph_lists[1], &fgraph_notrace_set);
}
