// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: the events/SYSTEM/EVENT/trigger files, the table of
 * commands and the list of triggers each event file carries.
 *
 * A line written to a trigger file reads
 *
 *	[!]NAME[:PARAM][:N] [if FILTER]
 *
 * NAME picks a command from the table the commands register into
 * (trigger_cmd_register(); the basic ones are in trace_trigger_cmds.c).
 * PARAM is the command's own (enable_event's SYSTEM:EVENT), N a count of
 * firings, FILTER an event filter on the triggering event's fields.  '!'
 * removes the trigger of that command (the count and filter are not
 * looked at), and removing one that is not there is not an error.
 *
 * A SPEC command (hist) reads  NAME:SPEC [if FILTER]  instead: SPEC may
 * hold blanks, there is no count, its triggers are told apart by their
 * whole spec and filter (same()), and the command prints the line back
 * itself.  Opening the file with O_TRUNC removes the triggers of the
 * commands flagged TRIGGER_CMD_TRUNC (upstream's unreg_all).
 *
 * Each trigger is an event_trigger on its event file's list.  Writers of
 * the list hold event_mutex; the event path (trace_trigger_run.c) walks
 * it under RCU and takes no lock.  A trigger is complete (command
 * attached, filter compiled) before list_add_rcu() publishes it; one
 * taken off the list is freed only after
 * tracepoint_synchronize_unregister(), and its command's detach() runs
 * only then too, so a running event never sees a half-gone trigger or a
 * target being released under it.
 *
 * An event with triggers is in trigger mode (tm_ref counts its triggers):
 * its probe is registered in soft mode even when the event is off, so the
 * triggers run without the event recording anything.
 *
 * Not here: running the triggers (trace_trigger_run.c), the commands
 * (trace_trigger_cmds.c), filters (trace_filter.c), switching events
 * (trace_event_enable.c).
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include "trace.h"

/* The commands, in the order they registered; written only at boot. */
static LIST_HEAD(trigger_cmds);
static DEFINE_MUTEX(trigger_cmds_lock);

/**
 * trigger_cmd_register - add a command to the trigger table
 * @cmd: the command; lives for ever
 *
 * Return: 0, or -EBUSY when a command of that name is there already.
 */
int trigger_cmd_register(struct trigger_cmd *cmd)
{
	struct trigger_cmd *c;
	int ret = 0;

	mutex_lock(&trigger_cmds_lock);
	list_for_each_entry(c, &trigger_cmds, list) {
		if (!strcmp(c->name, cmd->name)) {
			ret = -EBUSY;
			break;
		}
	}
	if (!ret)
		list_add_tail(&cmd->list, &trigger_cmds);
	mutex_unlock(&trigger_cmds_lock);
	return ret;
}

static struct trigger_cmd *trigger_cmd_find(const char *name)
{
	struct trigger_cmd *c, *found = NULL;

	mutex_lock(&trigger_cmds_lock);
	list_for_each_entry(c, &trigger_cmds, list) {
		if (!strcmp(c->name, name)) {
			found = c;
			break;
		}
	}
	mutex_unlock(&trigger_cmds_lock);
	return found;
}

/* ------------------------------------------------------------------ */
/* Adding and removing                                                 */

/* No event can be running @t (never published, or past a grace period). */
static void trigger_free(struct event_trigger *t)
{
	if (t->cmd->release)
		t->cmd->release(t);
	trace_filter_free(t->filter);
	kfree(t->filter_str);
	kfree(t);
}

static bool trigger_needs_rec(struct event_trigger *t)
{
	return t->filter || (t->cmd->flags & TRIGGER_CMD_NEEDS_REC);
}

/* TRIGGER_COND follows the triggers that need the record. */
static void trigger_update_cond(struct trace_event_file *file)
{
	struct event_trigger *t;
	bool cond = false;

	list_for_each_entry(t, &file->triggers, list)
		cond |= trigger_needs_rec(t);
	event_file_flags(file, EVENT_FILE_FL_TRIGGER_COND,
			 cond ? EVENT_FILE_FL_TRIGGER_COND : 0);
}

/*
 * The first trigger puts its event in trigger mode (its probe registered
 * in soft mode), the last takes it out.
 */
static int trigger_mode_get(struct trace_event_file *file)
{
	int ret;

	if (atomic_inc_return(&file->tm_ref) > 1)
		return 0;
	event_file_flags(file, 0, EVENT_FILE_FL_TRIGGER_MODE);
	/* The core's records (events/ftrace/print) have no probe. */
	if (!event_switchable(file->event_call))
		return 0;
	ret = trace_event_enable_disable(file, 1, 1);
	if (ret) {
		atomic_dec(&file->tm_ref);
		event_file_flags(file, EVENT_FILE_FL_TRIGGER_MODE, 0);
	}
	return ret;
}

static void trigger_mode_put(struct trace_event_file *file)
{
	if (atomic_dec_return(&file->tm_ref) > 0)
		return;
	event_file_flags(file, EVENT_FILE_FL_TRIGGER_MODE, 0);
	if (event_switchable(file->event_call))
		trace_event_enable_disable(file, 0, 1);
}

static bool trigger_same(const struct event_trigger *a,
			 const struct event_trigger *b)
{
	if (a->cmd->kind != b->cmd->kind)
		return false;
	return !a->cmd->same || a->cmd->same(a, b);
}

static struct event_trigger *trigger_find(struct trace_event_file *file,
					  const struct event_trigger *like)
{
	struct event_trigger *t;

	list_for_each_entry(t, &file->triggers, list)
		if (trigger_same(t, like))
			return t;
	return NULL;
}

static int trigger_add(struct trace_event_file *file, struct event_trigger *t)
{
	int ret;

	/* Where the record is built for a trigger that reads it. */
	if (trigger_needs_rec(t)) {
		ret = trace_event_scratch_prepare();
		if (ret)
			return ret;
	}
	if (t->cmd->attach) {
		ret = t->cmd->attach(t);
		if (ret)
			return ret;
	}
	ret = trigger_mode_get(file);
	if (ret) {
		if (t->cmd->detach)
			t->cmd->detach(t);
		return ret;
	}
	/*
	 * An event that runs this one's filter builds its record first: no
	 * event sees the trigger before the flag saying so.
	 */
	if (trigger_needs_rec(t))
		event_file_flags(file, 0, EVENT_FILE_FL_TRIGGER_COND);
	/* Newest first, as upstream lists them; TAIL commands oldest first. */
	if (t->cmd->flags & TRIGGER_CMD_TAIL)
		list_add_tail_rcu(&t->list, &file->triggers);
	else
		list_add_rcu(&t->list, &file->triggers);
	trigger_update_cond(file);
	if (file->event_call->event.type == TRACE_PRINT)
		WRITE_ONCE(file->tr->marker_file, file);
	return 0;
}

/* Take triggers off their event; @gone gets them, to be freed. */
static void trigger_unlink(struct event_trigger *t, struct list_head *gone)
{
	list_del_rcu(&t->list);
	trigger_update_cond(t->file);
	trigger_mode_put(t->file);
	/* t->list stays intact for the events still walking past it. */
	list_add_tail(&t->dead, gone);
}

/*
 * Once no event can be running them, the triggers' commands let go of
 * what they hold and the triggers are freed.
 */
static void triggers_free(struct list_head *gone)
{
	struct event_trigger *t, *next;

	if (list_empty(gone))
		return;
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(t, next, gone, dead) {
		list_del(&t->dead);
		if (t->cmd->detach)
			t->cmd->detach(t);
		trigger_free(t);
	}
}

/**
 * trace_triggers_drop - remove every trigger of an event that is going
 * @file: the event file
 *
 * Context: event_mutex held; sleeps when there are triggers.
 */
void trace_triggers_drop(struct trace_event_file *file)
{
	struct event_trigger *t, *next;
	LIST_HEAD(gone);

	lockdep_assert_held(&event_mutex);
	list_for_each_entry_safe(t, next, &file->triggers, list)
		trigger_unlink(t, &gone);
	triggers_free(&gone);
}

/* ------------------------------------------------------------------ */
/* Parsing a line                                                      */

/*
 * "if FILTER": compiled for the triggering event's fields.  A filter that
 * does not compile is logged in the array's error_log, as the event's
 * own filter file does.  The text is kept as written after "if" and one
 * blank, as upstream shows it (trigger_add() makes the scratch area).
 */
static int trigger_set_filter(struct event_trigger *t, char *text)
{
	struct trace_event_file *file = t->file;
	char *word = strsep(&text, " \t");
	int ret;

	if (strcmp(word, "if") || !text)
		return -EINVAL;
	/* Kept as written after the first blank, as upstream shows it. */
	if (!*skip_spaces(text))
		return -EINVAL;
	ret = trace_filter_create(file->tr, file->event_call, text, &t->filter);
	if (ret)
		return ret;
	t->filter_str = kstrdup(text, GFP_KERNEL);
	return t->filter_str ? 0 : -ENOMEM;
}

/* N of NAME[:PARAM]:N; what follows another ':' is not looked at. */
static int trigger_set_count(struct event_trigger *t, char *param)
{
	char *number = strsep(&param, ":");
	unsigned long n;
	int ret;

	if (!*number)
		return -EINVAL;
	ret = kstrtoul(number, 0, &n);
	if (ret)
		return ret;
	t->count = n;
	return 0;
}

/*
 * A SPEC command's text: the filter begins at the first "if" with a blank
 * before and after it; the spec before it may hold blanks.  An "if" that
 * opens the text, or ends it with at most one character after it, is
 * malformed.
 */
static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int trigger_split_spec(char *text, char **filter)
{
	char *end = text + strlen(text), *p;

	*filter = NULL;
	for (p = strstr(text, "if"); p; p = strstr(p + 1, "if")) {
		if (p == text || (p + 3 >= end && is_blank(p[-1])))
			return -EINVAL;
		if (!is_blank(p[-1]) || !is_blank(p[2]))
			continue;
		p[-1] = '\0';
		*filter = strim(p);
		break;
	}
	return 0;
}

/* Split the rest of a line into PARAM (or a count) and the filter. */
static int trigger_split(const struct trigger_cmd *cmd, char *rest,
			 char **param, char **filter)
{
	*param = NULL;
	*filter = NULL;
	if (cmd->flags & TRIGGER_CMD_SPEC) {
		if (!rest)
			return -EINVAL;
		if (trigger_split_spec(rest, filter))
			return -EINVAL;
		*param = strim(rest);
		return 0;
	}
	/* PARAM (or a count) runs to the first blank; the filter follows. */
	if (cmd->flags & TRIGGER_CMD_PARAM) {
		if (!rest)
			return -EINVAL;
	} else if (rest && !isdigit(rest[0])) {
		*filter = rest;
		rest = NULL;
	}
	if (rest) {
		*param = strsep(&rest, " \t");
		if (rest) {
			*filter = skip_spaces(rest);
			if (!**filter)
				*filter = NULL;
		}
	}
	return 0;
}

static void trigger_remove(struct event_trigger *old)
{
	LIST_HEAD(gone);

	trigger_unlink(old, &gone);
	triggers_free(&gone);
}

/*
 * The generic lookup for '!': by command (and same()) alone.  A SPEC
 * command's filter takes part, so it is compiled first.
 */
static int trigger_write_line(struct trace_event_file *file, char *line)
{
	char *name, *rest, *param, *filter;
	const struct trigger_cmd *cmd;
	struct event_trigger *t, *old;
	bool remove, spec;
	int ret;

	rest = skip_spaces(line);
	name = strsep(&rest, ": \t");
	if (rest) {
		rest = skip_spaces(rest);
		if (!*rest)
			rest = NULL;
	}
	remove = name[0] == '!';
	cmd = trigger_cmd_find(name + remove);
	if (!cmd)
		return -EINVAL;
	spec = cmd->flags & TRIGGER_CMD_SPEC;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->cmd = cmd;
	t->file = file;
	t->count = -1;
	t->removing = remove;
	INIT_LIST_HEAD(&t->list);
	if (spec && rest) {
		t->text = kstrdup(rest, GFP_KERNEL);
		if (!t->text) {
			ret = -ENOMEM;
			goto out_free;
		}
	}
	ret = trigger_split(cmd, rest, &param, &filter);
	if (ret)
		goto out_free;

	if (cmd->parse) {
		ret = cmd->parse(t, &param);
		if (ret)
			goto out_free;
	}
	if (spec && filter) {
		ret = trigger_set_filter(t, filter);
		if (ret)
			goto out_free;
	}
	if (remove) {
		old = trigger_find(file, t);
		ret = 0;
		if (old && old->cmd->busy && old->cmd->busy(old))
			ret = -EBUSY;
		else if (old)
			trigger_remove(old);
		goto out_free;
	}
	if (param && !spec) {
		ret = trigger_set_count(t, param);
		if (ret)
			goto out_free;
	}
	if (filter && !spec) {
		ret = trigger_set_filter(t, filter);
		if (ret)
			goto out_free;
	}
	old = trigger_find(file, t);
	if (cmd->existing)
		ret = cmd->existing(t, old);
	else
		ret = old ? -EEXIST : 0;
	if (ret)
		goto out_free;
	ret = trigger_add(file, t);
	if (!ret) {
		kfree(t->text);
		t->text = NULL;
		return 0;
	}
out_free:
	kfree(t->text);
	t->text = NULL;
	trigger_free(t);
	return ret < 0 ? ret : 0;
}

/* ------------------------------------------------------------------ */
/* The trigger file                                                    */

/* The one line an event without triggers shows. */
#define TRIGGERS_NONE	((void *)1UL)

static void *trigger_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_file *file = m->private;

	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED)
		return ERR_PTR(-ENODEV);
	if (list_empty(&file->triggers))
		return *pos ? NULL : TRIGGERS_NONE;
	return seq_list_start(&file->triggers, *pos);
}

static void *trigger_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = m->private;

	if (v == TRIGGERS_NONE) {
		++*pos;
		return NULL;
	}
	return seq_list_next(v, &file->triggers, pos);
}

static void trigger_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int trigger_seq_show(struct seq_file *m, void *v)
{
	struct event_trigger *t;
	struct trigger_cmd *cmd;
	long count;

	if (v == TRIGGERS_NONE) {
		seq_puts(m, "# Available triggers:\n#");
		mutex_lock(&trigger_cmds_lock);
		list_for_each_entry(cmd, &trigger_cmds, list)
			seq_printf(m, " %s", cmd->name);
		mutex_unlock(&trigger_cmds_lock);
		seq_putc(m, '\n');
		return 0;
	}
	t = list_entry(v, struct event_trigger, list);
	seq_puts(m, t->cmd->name);
	if (t->cmd->flags & TRIGGER_CMD_SPEC) {
		t->cmd->show(m, t);
		seq_putc(m, '\n');
		return 0;
	}
	if (t->cmd->show)
		t->cmd->show(m, t);
	count = READ_ONCE(t->count);
	if (count < 0)
		seq_puts(m, ":unlimited");
	else
		seq_printf(m, ":count=%ld", count);
	if (t->filter_str)
		seq_printf(m, " if %s", t->filter_str);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations trigger_seq_ops = {
	.start	= trigger_seq_start,
	.next	= trigger_seq_next,
	.stop	= trigger_seq_stop,
	.show	= trigger_seq_show,
};

/* Is some trigger of @cmd on @file busy (then none of them goes)? */
static bool trigger_cmd_busy(struct trace_event_file *file,
			     const struct trigger_cmd *cmd)
{
	struct event_trigger *t;

	if (!cmd->busy)
		return false;
	list_for_each_entry(t, &file->triggers, list)
		if (t->cmd == cmd && cmd->busy(t))
			return true;
	return false;
}

/*
 * An O_TRUNC open for writing (echo ... > trigger) removes the triggers
 * of the commands that ask for it (TRIGGER_CMD_TRUNC), and only those;
 * a command with a busy trigger there keeps all of its triggers, without
 * an error, as upstream's hist does.
 */
static void trigger_truncate(struct trace_event_file *file)
{
	struct event_trigger *t, *next;
	LIST_HEAD(gone);

	mutex_lock(&event_mutex);
	if (!(file->flags & EVENT_FILE_FL_FREED)) {
		list_for_each_entry_safe(t, next, &file->triggers, list)
			if ((t->cmd->flags & TRIGGER_CMD_TRUNC) &&
			    !trigger_cmd_busy(file, t->cmd))
				trigger_unlink(t, &gone);
		triggers_free(&gone);
	}
	mutex_unlock(&event_mutex);
}

static int event_trigger_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	int ret = trace_event_file_pin(file);

	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		trigger_truncate(file);
	if (filp->f_mode & FMODE_READ) {
		ret = seq_open(filp, &trigger_seq_ops);
		if (ret) {
			trace_array_put(file->tr);
			return ret;
		}
		((struct seq_file *)filp->private_data)->private = file;
	} else {
		filp->private_data = file;
	}
	return 0;
}

static struct trace_event_file *trigger_filp_file(struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return ((struct seq_file *)filp->private_data)->private;
	return filp->private_data;
}

static int event_trigger_apply(struct trace_event_file *file, char *buf)
{
	return trigger_write_line(file, strim(buf));
}

static ssize_t event_trigger_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	if (!cnt)
		return 0;
	return trace_event_file_write(trigger_filp_file(filp), ubuf, cnt, ppos,
				      event_trigger_apply);
}

static int event_trigger_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trigger_filp_file(filp);

	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	trace_array_put(file->tr);
	return 0;
}

static loff_t event_trigger_lseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

const struct file_operations event_trigger_fops = {
	.open		= event_trigger_open,
	.read		= seq_read,
	.write		= event_trigger_write,
	.llseek		= event_trigger_lseek,
	.release	= event_trigger_release,
};
