// SPDX-License-Identifier: GPL-2.0
/*
 * Which tasks the function tracer of an array records:
 *
 *   set_ftrace_pid          when set, only these tasks
 *   set_ftrace_notrace_pid  never these tasks
 *
 * The lists are pid sets (trace_pid_set.c, the structure behind
 * set_event_pid too), replaced whole by a write under ftrace_lock and
 * read under RCU-sched.
 *
 * The callback does not look a pid up.  Each array keeps, per CPU, the
 * task that may record there: a sched_switch probe judges the incoming
 * task against the lists and stores it, or NULL when it is filtered out.
 * The callback then compares one per-CPU word with current, which also
 * covers the few functions that run between the probe and the switch
 * itself (they belong to the outgoing task, which is not the one stored).
 *
 * With the function-fork option, the fork and free probes put a child of
 * a listed task on its parent's list and take a freed task off.
 */

#include <linux/ctype.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <trace/events/sched.h>

#include "ftrace_internal.h"
#include "trace.h"

/* The longest word a pid write takes, as upstream (127 characters). */
#define FPID_WORD_MAX	128

/* What "no list" lists as: a position past any pid. */
#define FPID_NONE	((void *)(PID_MAX_LIMIT + 2L))

static struct trace_pid_list __rcu **fpid_slot(struct trace_array *tr,
					       bool never)
{
	return never ? &tr->function_no_pids : &tr->function_pids;
}

static struct trace_pid_list *fpid_locked(struct trace_array *tr, bool never)
{
	return rcu_dereference_protected(*fpid_slot(tr, never),
					 lockdep_is_held(&ftrace_lock));
}

/* May @task record into @tr?  The lists are read under RCU-sched. */
static bool fpid_allowed(struct trace_array *tr, struct task_struct *task)
{
	struct trace_pid_list *only = rcu_dereference_sched(tr->function_pids);
	struct trace_pid_list *never = rcu_dereference_sched(tr->function_no_pids);

	if (only && !pid_set_has(only, task->pid))
		return false;
	return !(never && pid_set_has(never, task->pid));
}

static void fpid_judge(struct trace_array *tr, struct task_struct *task)
{
	struct task_struct *ok = fpid_allowed(tr, task) ? task : NULL;

	/*
	 * A plain variable: without named address spaces (KASAN builds) x86's
	 * this_cpu_write() casts its value unparenthesized.
	 */
	this_cpu_write(*tr->fpid_task, ok);
}

static void fpid_switch(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	fpid_judge(data, next);
}

static void fpid_judge_current(void *data)
{
	fpid_judge(data, current);
}

/* function-fork: a child joins the lists its parent is on. */
static void fpid_fork(void *data, struct task_struct *parent,
		      struct task_struct *child)
{
	struct trace_array *tr = data;

	if (!(READ_ONCE(tr->flags) & TRACE_ITER(FUNC_FORK)))
		return;
	pid_set_fork(rcu_dereference_sched(tr->function_pids), parent, child);
	pid_set_fork(rcu_dereference_sched(tr->function_no_pids), parent, child);
}

/* function-fork: a task that is gone leaves both lists. */
static void fpid_gone(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!(READ_ONCE(tr->flags) & TRACE_ITER(FUNC_FORK)))
		return;
	pid_set_gone(rcu_dereference_sched(tr->function_pids), task);
	pid_set_gone(rcu_dereference_sched(tr->function_no_pids), task);
}

static void fpid_probes_off(struct trace_array *tr)
{
	unregister_trace_sched_switch(fpid_switch, tr);
	unregister_trace_sched_process_fork(fpid_fork, tr);
	unregister_trace_sched_process_free(fpid_gone, tr);
}

static int fpid_probes_on(struct trace_array *tr)
{
	int ret;

	ret = register_trace_sched_switch(fpid_switch, tr);
	ret = ret ?: register_trace_sched_process_fork(fpid_fork, tr);
	ret = ret ?: register_trace_sched_process_free(fpid_gone, tr);
	if (ret)
		fpid_probes_off(tr);
	return ret;
}

/*
 * Make @set (NULL: none) @tr's set_ftrace_pid or set_ftrace_notrace_pid.
 * The probes run while either list is set.  The old list is freed.  On
 * failure nothing changed and @set is still the caller's.
 * Context: ftrace_lock held.
 */
static int fpid_replace(struct trace_array *tr, bool never,
			struct trace_pid_list *set)
{
	struct trace_pid_list *old = fpid_locked(tr, never);
	bool was = tr->fpid_on;
	bool now = set || fpid_locked(tr, !never);
	int ret;

	lockdep_assert_held(&ftrace_lock);
	if (now && !tr->fpid_task) {
		tr->fpid_task = alloc_percpu(struct task_struct *);
		if (!tr->fpid_task)
			return -ENOMEM;
	}
	if (now && !was) {
		ret = fpid_probes_on(tr);
		if (ret)
			return ret;
	}
	rcu_assign_pointer(*fpid_slot(tr, never), set);
	if (now) {
		/* The tasks running now were judged by no switch yet. */
		on_each_cpu(fpid_judge_current, tr, 1);
		WRITE_ONCE(tr->fpid_on, true);
	} else if (was) {
		WRITE_ONCE(tr->fpid_on, false);
		fpid_probes_off(tr);
	}
	if (old) {
		/* No probe nor callback may still be reading it. */
		tracepoint_synchronize_unregister();
		pid_set_free(old);
	}
	return 0;
}

/**
 * ftrace_pid_free - drop an array's set_ftrace_pid and set_ftrace_notrace_pid
 * @tr: the array, going away
 */
void ftrace_pid_free(struct trace_array *tr)
{
	mutex_lock(&ftrace_lock);
	if (fpid_locked(tr, false))
		fpid_replace(tr, false, NULL);
	if (fpid_locked(tr, true))
		fpid_replace(tr, true, NULL);
	mutex_unlock(&ftrace_lock);
	free_percpu(tr->fpid_task);
	tr->fpid_task = NULL;
}

/* ------------------------------------------------------------------ */
/* The files                                                           */

struct fpid_file {
	struct trace_array	*tr;
	bool			never;
};

/*
 * A listing's position is the pid to look from; the value shown is the
 * pid plus one (NULL ends a listing).  Without a list the one line is
 * "no pid".
 */
static void *fpid_at(struct seq_file *m, loff_t *pos)
{
	struct fpid_file *ff = m->private;
	struct trace_pid_list *set = fpid_locked(ff->tr, ff->never);
	long pid;

	if (!set)
		return *pos == 0 ? FPID_NONE : NULL;
	if (*pos < 0 || *pos >= PID_MAX_LIMIT)
		return NULL;
	pid = pid_set_next(set, *pos);
	return pid < 0 ? NULL : (void *)(pid + 1);
}

static void *fpid_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ftrace_lock);
	return fpid_at(m, pos);
}

static void *fpid_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = v == FPID_NONE ? PID_MAX_LIMIT : (long)v;
	return fpid_at(m, pos);
}

static void fpid_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ftrace_lock);
}

static int fpid_show(struct seq_file *m, void *v)
{
	if (v == FPID_NONE)
		seq_puts(m, "no pid\n");
	else
		seq_printf(m, "%ld\n", (long)v - 1);
	return 0;
}

static const struct seq_operations fpid_sops = {
	.start	= fpid_start,
	.next	= fpid_next,
	.stop	= fpid_stop,
	.show	= fpid_show,
};

static int fpid_open(struct inode *inode, struct file *filp, bool never)
{
	struct trace_array *tr = inode->i_private;
	struct fpid_file *ff;
	int ret;

	ret = tracing_check_open_get_tr(tr);
	if (ret)
		return ret;
	ff = __seq_open_private(filp, &fpid_sops, sizeof(*ff));
	if (!ff) {
		trace_array_put(tr);
		return -ENOMEM;
	}
	ff->tr = tr;
	ff->never = never;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&ftrace_lock);
		if (fpid_locked(tr, never))
			fpid_replace(tr, never, NULL);
		mutex_unlock(&ftrace_lock);
	}
	return 0;
}

static int fpid_open_only(struct inode *inode, struct file *filp)
{
	return fpid_open(inode, filp, false);
}

static int fpid_open_never(struct inode *inode, struct file *filp)
{
	return fpid_open(inode, filp, true);
}

static int fpid_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;

	seq_release_private(inode, filp);
	trace_array_put(tr);
	return 0;
}

/*
 * Copy the next whitespace-separated word of the user's @cnt bytes into
 * @word.  Return: the bytes used (@word empty when only whitespace was
 * left), -EINVAL for a word too long, -EFAULT.
 */
static ssize_t fpid_get_word(const char __user *ubuf, size_t cnt,
			     char word[FPID_WORD_MAX])
{
	size_t used = 0, len = 0;
	char c;

	while (used < cnt) {
		if (get_user(c, ubuf + used))
			return -EFAULT;
		used++;
		if (isspace(c) || !c) {
			if (len)
				break;
			continue;
		}
		if (len == FPID_WORD_MAX - 1)
			return -EINVAL;
		word[len++] = c;
	}
	word[len] = '\0';
	return used;
}

/*
 * Pids (decimal, 0x hex, 0 octal) separated by whitespace join the list.
 * A write is taken whole or not at all: -EINVAL for a word that is no
 * number, -EPERM for a pid no task can have (PID_MAX_LIMIT or more), as
 * upstream answers.
 */
static ssize_t fpid_write(struct file *filp, const char __user *ubuf,
			  size_t cnt, loff_t *ppos)
{
	struct fpid_file *ff = ((struct seq_file *)filp->private_data)->private;
	struct trace_array *tr = ff->tr;
	struct trace_pid_list *set = NULL;
	char word[FPID_WORD_MAX];
	unsigned long pid;
	size_t done = 0;
	ssize_t ret;

	if (!cnt)
		return 0;
	mutex_lock(&ftrace_lock);
	while (done < cnt) {
		ret = fpid_get_word(ubuf + done, cnt - done, word);
		if (ret < 0)
			goto fail;
		done += ret;
		if (!*word)
			break;
		ret = -EINVAL;
		if (kstrtoul(word, 0, &pid))
			goto fail;
		ret = -EPERM;
		if (pid >= PID_MAX_LIMIT)
			goto fail;
		if (!set) {
			ret = -ENOMEM;
			set = pid_set_copy(fpid_locked(tr, ff->never));
			if (!set)
				goto fail;
		}
		ret = pid_set_add(set, pid, GFP_KERNEL);
		if (ret)
			goto fail;
	}
	if (set) {
		ret = fpid_replace(tr, ff->never, set);
		if (ret)
			goto fail;
	}
	mutex_unlock(&ftrace_lock);
	*ppos += done;
	return done;
fail:
	mutex_unlock(&ftrace_lock);
	pid_set_free(set);
	return ret;
}

static const struct file_operations fpid_only_fops = {
	.open		= fpid_open_only,
	.read		= seq_read,
	.write		= fpid_write,
	.llseek		= trace_truncate_lseek,
	.release	= fpid_release,
};

static const struct file_operations fpid_never_fops = {
	.open		= fpid_open_never,
	.read		= seq_read,
	.write		= fpid_write,
	.llseek		= trace_truncate_lseek,
	.release	= fpid_release,
};

/**
 * ftrace_pid_create_files - make set_ftrace_pid and set_ftrace_notrace_pid
 * @tr: the array the files steer
 * @dir: its directory (NULL: the tracefs root)
 *
 * Context: tracing_lock held.
 */
void ftrace_pid_create_files(struct trace_array *tr, struct dentry *dir)
{
	lockdep_assert_held(&tracing_lock);
	trace_create_file("set_ftrace_pid", TRACE_MODE_WRITE, dir, tr,
			  &fpid_only_fops);
	trace_create_file("set_ftrace_notrace_pid", TRACE_MODE_WRITE, dir, tr,
			  &fpid_never_fops);
}
