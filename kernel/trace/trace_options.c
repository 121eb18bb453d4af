// SPDX-License-Identifier: GPL-2.0
/*
 * Options: the core's option bits of a trace array (TRACE_ITER_*) and the
 * options of its tracers, how they are changed (set_tracer_flag(),
 * trace_set_options(), shared by the files and trace_options= at boot),
 * and their files: trace_options, which lists and sets them all, and
 * options/NAME, one file per option.
 *
 * A tracer's option files are made in every array the tracer may run in
 * when it registers (trace_add_tracer_opts(), called by the tracer
 * registry) and removed when it unregisters; files still open then keep
 * their set alive through a reference count and answer -ENODEV.
 */
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

static const char * const trace_option_names[TRACE_OPTION_COUNT] = {
	[TOPT_PRINT_PARENT]		= "print-parent",
	[TOPT_SYM_OFFSET]		= "sym-offset",
	[TOPT_SYM_ADDR]			= "sym-addr",
	[TOPT_VERBOSE]			= "verbose",
	[TOPT_RAW]			= "raw",
	[TOPT_HEX]			= "hex",
	[TOPT_BIN]			= "bin",
	[TOPT_BLOCK]			= "block",
	[TOPT_FIELDS]			= "fields",
	[TOPT_PRINTK]			= "trace_printk",
	[TOPT_ANNOTATE]			= "annotate",
	[TOPT_USERSTACKTRACE]		= "userstacktrace",
	[TOPT_SYM_USEROBJ]		= "sym-userobj",
	[TOPT_PRINTK_MSGONLY]		= "printk-msg-only",
	[TOPT_CONTEXT_INFO]		= "context-info",
	[TOPT_LATENCY_FMT]		= "latency-format",
	[TOPT_RECORD_CMD]		= "record-cmd",
	[TOPT_RECORD_TGID]		= "record-tgid",
	[TOPT_OVERWRITE]		= "overwrite",
	[TOPT_STOP_ON_FREE]		= "disable_on_free",
	[TOPT_IRQ_INFO]			= "irq-info",
	[TOPT_MARKERS]			= "markers",
	[TOPT_EVENT_FORK]		= "event-fork",
	[TOPT_TRACE_PRINTK_DEST]	= "trace_printk_dest",
	[TOPT_PAUSE_ON_TRACE]		= "pause-on-trace",
	[TOPT_HASH_PTR]			= "hash-ptr",
#ifdef CONFIG_FUNCTION_TRACER
	[TOPT_FUNCTION_TRACE]		= "function-trace",
	[TOPT_FUNC_FORK]		= "function-fork",
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	[TOPT_DISPLAY_GRAPH]		= "display-graph",
#endif
	[TOPT_STACKTRACE]		= "stacktrace",
};

void trace_printk_dest_to(struct trace_array *tr)
{
	struct trace_array *old = printk_trace;

	if (old == tr)
		return;
	old->flags &= ~TRACE_ITER(TRACE_PRINTK_DEST);
	tr->flags |= TRACE_ITER(TRACE_PRINTK_DEST);
	WRITE_ONCE(printk_trace, tr);
}

/**
 * set_tracer_flag - set or clear core options of a trace array
 * @tr: the array
 * @mask: TRACE_ITER() bits (one, in practice)
 * @enabled: set or clear
 *
 * Return: 0, or -EINVAL when the option does not apply to @tr or the
 * tracer refuses the change.
 */
static int set_tracer_flag(struct trace_array *tr, u64 mask, int enabled)
{
	struct tracer *t = tr->current_trace;

	lockdep_assert_held(&tracing_lock);
	if (!!(tr->flags & mask) == !!enabled)
		return 0;
	if ((mask & TRACE_TOP_LEVEL_OPTIONS) && !trace_array_is_top(tr))
		return -EINVAL;
	if (t && t->flag_changed && t->flag_changed(tr, mask, !!enabled))
		return -EINVAL;

	if (mask & TRACE_ITER(TRACE_PRINTK_DEST)) {
		/* trace_printk() always has exactly one destination. */
		if (enabled)
			trace_printk_dest_to(tr);
		else if (printk_trace == tr && !trace_array_is_top(tr))
			trace_printk_dest_to(&global_trace);
		else if (printk_trace == tr)
			return -EINVAL;
		return 0;
	}
	if (enabled)
		tr->flags |= mask;
	else
		tr->flags &= ~mask;

	if ((mask & TRACE_ITER(OVERWRITE)) && tr->buffer) {
		/* Both buffers: the snapshot becomes the live one at a swap. */
		trace_swap_hold(tr);
		ring_buffer_change_overwrite(tr->buffer, enabled);
		if (tr->max_buffer)
			ring_buffer_change_overwrite(tr->max_buffer, enabled);
		trace_swap_release(tr);
	}
	if ((mask & TRACE_ITER(RECORD_TGID)) && enabled)
		tracing_record_tgid(current);
	return 0;
}

int trace_set_core_option(struct trace_array *tr, u64 mask, int enabled)
{
	return set_tracer_flag(tr, mask, enabled);
}

/*
 * Set or clear option @opt of tracer @t, asking @t first, current or not
 * (as upstream: an option may act beyond the tracer's output, as
 * function_graph's sleep-time and graph-time do for the profiler).
 */
static int set_tracer_option(struct trace_array *tr, struct tracer *t,
			     struct tracer_opt *opt, int enabled)
{
	struct tracer_flags *tf = t->flags;
	int ret;

	lockdep_assert_held(&tracing_lock);
	if (!!(tf->val & opt->bit) == !!enabled)
		return 0;
	if (t->set_flag) {
		ret = t->set_flag(tr, tf->val, opt->bit, enabled);
		if (ret)
			return ret;
	}
	if (enabled)
		tf->val |= opt->bit;
	else
		tf->val &= ~opt->bit;
	return 0;
}

static struct tracer_opt *tracer_opt_find(struct tracer *t, const char *name)
{
	struct tracer_opt *opt;

	if (!t || !t->flags || !t->flags->opts)
		return NULL;
	for (opt = t->flags->opts; opt->name; opt++)
		if (!strcmp(opt->name, name))
			return opt;
	return NULL;
}

/**
 * trace_set_options - apply one "name" or "noname" option to an array
 * @tr: the array
 * @option: the option text (surrounding whitespace ignored)
 *
 * Return: 0, or -EINVAL for an unknown option or a refused change.
 */
int trace_set_options(struct trace_array *tr, char *option)
{
	struct tracer_opt *opt;
	char *name = strstrip(option);
	int enabled = 1;
	int i, ret = -EINVAL;

	if (!strncmp(name, "no", 2)) {
		name += 2;
		enabled = 0;
	}
	mutex_lock(&tracing_lock);
	for (i = 0; i < TRACE_OPTION_COUNT; i++) {
		if (!strcmp(name, trace_option_names[i])) {
			ret = set_tracer_flag(tr, BIT_ULL(i), enabled);
			goto out;
		}
	}
	opt = tracer_opt_find(tr->current_trace, name);
	if (opt)
		ret = set_tracer_option(tr, tr->current_trace, opt, enabled);
out:
	mutex_unlock(&tracing_lock);
	return ret;
}

/* trace_options ---------------------------------------------------- */

static int trace_options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = m->private;
	struct tracer *t;
	struct tracer_opt *opt;
	int i;

	mutex_lock(&tracing_lock);
	for (i = 0; i < TRACE_OPTION_COUNT; i++)
		seq_printf(m, "%s%s\n", tr->flags & BIT_ULL(i) ? "" : "no",
			   trace_option_names[i]);
	t = tr->current_trace;
	if (t && t->flags && t->flags->opts)
		for (opt = t->flags->opts; opt->name; opt++)
			seq_printf(m, "%s%s\n", t->flags->val & opt->bit ? "" : "no",
				   opt->name);
	mutex_unlock(&tracing_lock);
	return 0;
}

static int trace_options_open(struct inode *inode, struct file *filp)
{
	return trace_single_open(inode, filp, trace_options_show);
}

static ssize_t trace_options_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return trace_single_write_cmd(filp, ubuf, cnt, ppos, trace_set_options);
}

static const struct file_operations trace_options_fops = {
	.open		= trace_options_open,
	.read		= seq_read,
	.write		= trace_options_write,
	.llseek		= seq_lseek,
	.release	= trace_single_release,
};

/* options/NAME ----------------------------------------------------- */

/*
 * An option file's i_private lives inside its trace array or inside one
 * of the array's trace_tracer_opts: find it by address among the live
 * ones before touching it, as the instance may be going away under the
 * open, or the tracer being unregistered.
 */
static struct trace_array *option_file_array(struct trace_option_file *of)
{
	struct trace_tracer_opts *set;
	struct trace_array *tr;

	lockdep_assert_held(&tracing_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (of >= tr->core_options && of < tr->core_options + TRACE_OPTION_COUNT)
			return tr;
		list_for_each_entry(set, &tr->tracer_opts, list)
			if (of >= set->files && of < set->files + set->n)
				return tr;
	}
	return NULL;
}

static void trace_tracer_opts_put(struct trace_tracer_opts *set)
{
	if (refcount_dec_and_test(&set->refs))
		kfree(set);
}

static int option_file_open(struct inode *inode, struct file *filp)
{
	struct trace_option_file *of = inode->i_private;
	struct trace_array *tr;
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	mutex_lock(&tracing_lock);
	tr = option_file_array(of);
	if (tr) {
		tr->ref++;
		if (of->set)
			refcount_inc(&of->set->refs);
	}
	mutex_unlock(&tracing_lock);
	if (!tr)
		return -ENODEV;
	filp->private_data = of;
	return 0;
}

static int option_file_release(struct inode *inode, struct file *filp)
{
	struct trace_option_file *of = filp->private_data;
	struct trace_array *tr = of->tr;

	/* @of may be freed by the put: it was read first. */
	if (of->set)
		trace_tracer_opts_put(of->set);
	trace_array_put(tr);
	return 0;
}

static ssize_t option_file_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_option_file *of = filp->private_data;
	int val;

	mutex_lock(&tracing_lock);
	if (!of->opt)
		val = !!(of->tr->flags & BIT_ULL(of->bit));
	else if (of->tracer)
		val = !!(of->tracer->flags->val & of->opt->bit);
	else
		val = -1;	/* the tracer was unregistered */
	mutex_unlock(&tracing_lock);
	if (val < 0)
		return -ENODEV;
	return trace_read_line(ubuf, cnt, ppos, "%d\n", val);
}

static ssize_t option_file_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_option_file *of = filp->private_data;
	int val, ret;

	ret = trace_read_switch(ubuf, cnt, &val);
	if (ret)
		return ret;
	mutex_lock(&tracing_lock);
	if (!of->opt)
		ret = set_tracer_flag(of->tr, BIT_ULL(of->bit), val);
	else if (of->tracer)
		ret = set_tracer_option(of->tr, of->tracer, of->opt, val);
	else
		ret = -ENODEV;
	mutex_unlock(&tracing_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations option_file_fops = {
	.open		= option_file_open,
	.read		= option_file_read,
	.write		= option_file_write,
	.release	= option_file_release,
	.llseek		= generic_file_llseek,
};

static void trace_create_core_options(struct trace_array *tr)
{
	int i;

	for (i = 0; i < TRACE_OPTION_COUNT; i++) {
		struct trace_option_file *of = &tr->core_options[i];

		if ((BIT_ULL(i) & TRACE_TOP_LEVEL_OPTIONS) && !trace_array_is_top(tr))
			continue;
		of->tr = tr;
		of->bit = i;
		of->dentry = trace_create_file(trace_option_names[i], TRACE_MODE_WRITE,
					       tr->options_dir, of, &option_file_fops);
	}
}

/* Is there a file called @name under @tr's options/ already? */
static bool option_name_taken(struct trace_array *tr, const char *name)
{
	struct trace_tracer_opts *set;
	unsigned int i;

	for (i = 0; i < TRACE_OPTION_COUNT; i++)
		if (tr->core_options[i].dentry && !strcmp(trace_option_names[i], name))
			return true;
	list_for_each_entry(set, &tr->tracer_opts, list)
		for (i = 0; i < set->n; i++)
			if (set->files[i].dentry && !strcmp(set->files[i].opt->name, name))
				return true;
	return false;
}

/*
 * Give @tr the option files of tracer @t, if @t has options and may run
 * in @tr.  A name another tracer's option (or a core option) already has
 * keeps its first file.
 */
void trace_add_tracer_opts(struct trace_array *tr, struct tracer *t)
{
	struct trace_tracer_opts *set;
	struct trace_option_file *of;
	unsigned int i, n = 0;

	lockdep_assert_held(&tracing_lock);
	if (!tr->options_dir || !t->flags || !t->flags->opts)
		return;
	if (!trace_array_is_top(tr) && !t->allow_instances)
		return;
	while (t->flags->opts[n].name)
		n++;
	set = kzalloc(struct_size(set, files, n), GFP_KERNEL);
	if (!set)
		return;
	set->n = n;
	set->tracer = t;
	refcount_set(&set->refs, 1);
	for (i = 0; i < n; i++) {
		of = &set->files[i];
		of->tr = tr;
		of->tracer = t;
		of->opt = &t->flags->opts[i];
		of->set = set;
		if (option_name_taken(tr, of->opt->name))
			continue;
		of->dentry = trace_create_file(of->opt->name, TRACE_MODE_WRITE,
					       tr->options_dir, of, &option_file_fops);
	}
	list_add_tail(&set->list, &tr->tracer_opts);
}

/* Remove @tr's option files of tracer @t; open ones answer -ENODEV. */
void trace_del_tracer_opts(struct trace_array *tr, struct tracer *t)
{
	struct trace_tracer_opts *set;
	unsigned int i;

	lockdep_assert_held(&tracing_lock);
	list_for_each_entry(set, &tr->tracer_opts, list) {
		if (set->tracer != t)
			continue;
		list_del(&set->list);
		for (i = 0; i < set->n; i++) {
			tracefs_remove(set->files[i].dentry);
			set->files[i].tracer = NULL;
		}
		trace_tracer_opts_put(set);
		return;
	}
}

/* The array is going and no file of it is open: drop its option sets. */
void trace_free_tracer_opts(struct trace_array *tr)
{
	struct trace_tracer_opts *set, *next;

	list_for_each_entry_safe(set, next, &tr->tracer_opts, list) {
		list_del(&set->list);
		trace_tracer_opts_put(set);
	}
}

/**
 * trace_options_create_files - create an array's option files
 * @tr: the array
 * @dir: its directory
 *
 * Makes trace_options and options/ with a file per core option that
 * applies to @tr; the tracers' files are added by trace_add_tracer_opts().
 *
 * Context: tracing_lock held.
 */
void trace_options_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("trace_options", TRACE_MODE_WRITE, dir, tr,
			  &trace_options_fops);
	tr->options_dir = tracefs_create_dir("options", dir);
	if (tr->options_dir)
		trace_create_core_options(tr);
}
