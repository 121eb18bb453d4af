// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last TRACE_ERR_LOG_MAX errors of each trace array's
 * control files, each with where it happened, the command written and a
 * caret under the offending part.  A file that refuses a write with a
 * reason to give calls tracing_log_err(); removing an array empties its
 * log with tracing_err_log_clear().
 *
 * The messages stay in the tables of the files that log them: this file
 * keeps only pointers to them, and knows nothing of any file's commands.
 */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"

/* error_log keeps this many entries per trace array, dropping the oldest. */
#define TRACE_ERR_LOG_MAX	8

/*
 * One logged error.  The message itself stays in its file's table (errs
 * is static); where it happened and the command are copied into text[]:
 * loc, a NUL, then cmd.
 */
struct err_log_entry {
	struct list_head	list;
	u64			ts;
	const char		**errs;
	u8			type;
	u16			pos;
	const char		*cmd;	/* into text[] */
	char			text[];	/* loc */
};

/* Upstream's caret line lines up with the text after this prefix. */
#define ERR_LOG_CMD_PREFIX	"  Command: "

static DEFINE_MUTEX(err_log_lock);

/**
 * tracing_log_err - add an entry to a trace array's error_log
 * @tr: the trace array (NULL for the top level)
 * @loc: where the error was met, e.g. the file written
 * @cmd: the command that was written
 * @errs: the table of messages of @loc
 * @type: which message of @errs applies
 * @pos: the offset in @cmd of what the error is about
 *
 * error_log shows the entry as "[time] loc: error: message", then the
 * command, then a caret under the offending part.  @errs must stay valid
 * (a static table): only the pointer is kept.  Each array keeps its last
 * TRACE_ERR_LOG_MAX errors.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char **errs, u8 type, u16 pos)
{
	size_t loc_len = strlen(loc) + 1, cmd_len = strlen(cmd) + 1;
	struct err_log_entry *e, *old = NULL;

	if (!tr)
		tr = &global_trace;

	e = kmalloc(struct_size(e, text, loc_len + cmd_len), GFP_KERNEL);
	if (!e)
		return;
	memcpy(e->text, loc, loc_len);
	memcpy(e->text + loc_len, cmd, cmd_len);
	e->cmd = e->text + loc_len;
	e->errs = errs;
	e->type = type;
	e->pos = pos;
	e->ts = local_clock();

	mutex_lock(&err_log_lock);
	if (tr->n_err_log >= TRACE_ERR_LOG_MAX) {
		old = list_first_entry(&tr->err_log, struct err_log_entry, list);
		list_del(&old->list);
		tr->n_err_log--;
	}
	list_add_tail(&e->list, &tr->err_log);
	tr->n_err_log++;
	mutex_unlock(&err_log_lock);
	kfree(old);
}

/**
 * tracing_err_log_clear - empty a trace array's error_log
 * @tr: the trace array
 */
void tracing_err_log_clear(struct trace_array *tr)
{
	struct err_log_entry *e, *next;
	LIST_HEAD(gone);

	mutex_lock(&err_log_lock);
	list_splice_init(&tr->err_log, &gone);
	tr->n_err_log = 0;
	mutex_unlock(&err_log_lock);

	list_for_each_entry_safe(e, next, &gone, list)
		kfree(e);
}

static void *err_log_start(struct seq_file *m, loff_t *pos)
{
	struct trace_array *tr = m->private;

	mutex_lock(&err_log_lock);
	return seq_list_start(&tr->err_log, *pos);
}

static void *err_log_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_array *tr = m->private;

	return seq_list_next(v, &tr->err_log, pos);
}

static void err_log_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&err_log_lock);
}

static int err_log_show(struct seq_file *m, void *v)
{
	struct err_log_entry *e = list_entry(v, struct err_log_entry, list);
	u64 sec = e->ts;
	u32 nsec = do_div(sec, NSEC_PER_SEC);

	seq_printf(m, "[%5llu.%06u] %s: error: %s\n",
		   sec, nsec / 1000, e->text, e->errs[e->type]);
	seq_printf(m, ERR_LOG_CMD_PREFIX "%s\n", e->cmd);
	seq_printf(m, "%*s^\n",
		   (int)(sizeof(ERR_LOG_CMD_PREFIX) - 1 + e->pos), "");
	return 0;
}

static const struct seq_operations err_log_seq_ops = {
	.start	= err_log_start,
	.next	= err_log_next,
	.stop	= err_log_stop,
	.show	= err_log_show,
};

static int err_log_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;

	/* "echo > error_log" empties it; what is written is ignored. */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		tracing_err_log_clear(tr);

	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &err_log_seq_ops);
		if (ret) {
			trace_array_put(tr);
			return ret;
		}
		((struct seq_file *)file->private_data)->private = tr;
	}
	return 0;
}

static int err_log_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = inode->i_private;

	if (file->f_mode & FMODE_READ)
		seq_release(inode, file);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations tracing_err_log_fops = {
	.open		= err_log_open,
	.read		= seq_read,
	.write		= trace_write_ignore,
	.llseek		= trace_truncate_lseek,
	.release	= err_log_release,
};

/**
 * trace_err_log_create_files - create an array's error_log file
 * @tr: the array whose errors it shows
 * @dir: its directory
 *
 * Context: tracing_lock held.
 */
void trace_err_log_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("error_log", TRACE_MODE_WRITE, dir, tr,
			  &tracing_err_log_fops);
}
