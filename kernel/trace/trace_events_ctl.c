// SPDX-License-Identifier: GPL-2.0
/*
 * The files that steer an array's events as a whole, and the pid filters.
 *
 *   set_event              lists the events whose probe is on, one
 *                          "system:event" a line; a write turns events on
 *                          ("word") or off ("!word"), see ctl_apply_word()
 *   available_events       every event that can be turned on (top level)
 *   set_event_pid          when set, only these tasks' events are recorded
 *   set_event_notrace_pid  these tasks' events are never recorded
 *
 * Pid filtering costs the recording probes one per-CPU read: whether the
 * task on this CPU is filtered out is worked out when the CPU switches
 * tasks (and around a wake-up, which belongs to the woken task as much as
 * to the waker) by probes on the scheduler's tracepoints, and kept in
 * tr->ignore_pid.  While a list is set every event file of the array has
 * EVENT_FILE_FL_PID_FILTER, which sends its probe to the slow path where
 * trace_event_file_gate() reads the flag.  With the event-fork option the
 * lists follow forks and exits.
 *
 * Everything here changes under event_mutex.  The lists are read without
 * locks: a write builds a new list and swaps it in (RCU).  The lists
 * themselves are pid sets (trace_pid_set.c).
 */

#include <linux/ctype.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/threads.h>
#include <linux/uaccess.h>
#include <trace/events/sched.h>

#include "trace.h"

/* ------------------------------------------------------------------ */
/* Pid filtering                                                       */

/* @deny picks set_event_notrace_pid, else set_event_pid. */
static struct trace_pid_list __rcu **pid_slot(struct trace_array *tr,
					      bool deny)
{
	return deny ? &tr->filtered_no_pids : &tr->filtered_pids;
}

static struct trace_pid_list *pid_list_locked(struct trace_array *tr,
					      bool deny)
{
	return rcu_dereference_protected(*pid_slot(tr, deny),
					 lockdep_is_held(&event_mutex));
}

/* Would @pid's events be dropped?  With no list set, never. */
static bool pid_dropped(struct trace_pid_list *only,
			struct trace_pid_list *never, pid_t pid)
{
	if (only && !pid_set_has(only, pid))
		return true;
	return never && pid_set_has(never, pid);
}

/**
 * trace_event_pid_ignored - is a task filtered out by an array's pid lists
 * @tr: the trace array
 * @task: the task
 *
 * Call with preemption off (as probes run) or with event_mutex held.
 *
 * Return: true when set_event_pid is set and lacks @task, or when
 * set_event_notrace_pid has it.
 */
static bool trace_event_pid_ignored(struct trace_array *tr,
				    struct task_struct *task)
{
	struct trace_pid_list *only, *never;

	only = rcu_dereference_check(tr->filtered_pids,
				     rcu_read_lock_sched_held() ||
				     lockdep_is_held(&event_mutex));
	never = rcu_dereference_check(tr->filtered_no_pids,
				      rcu_read_lock_sched_held() ||
				      lockdep_is_held(&event_mutex));
	return pid_dropped(only, never, task->pid);
}

/*
 * The scheduler probes.  Those at INT_MAX run before any event's probe on
 * the same tracepoint and decide about that event; those at 0 run after
 * every event's probe and set the flag for the task that now runs.
 *
 * A switch is recorded when either task is wanted: dropped only when
 * neither is on set_event_pid, or both are on set_event_notrace_pid.
 */
static void pid_switch_first(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next,
			     unsigned int prev_state)
{
	struct trace_array *tr = data;
	struct trace_pid_list *only = rcu_dereference_sched(tr->filtered_pids);
	struct trace_pid_list *never = rcu_dereference_sched(tr->filtered_no_pids);
	bool drop;

	drop = (only && !pid_set_has(only, prev->pid) &&
		!pid_set_has(only, next->pid)) ||
	       (never && pid_set_has(never, prev->pid) &&
		pid_set_has(never, next->pid));
	this_cpu_write(*tr->ignore_pid, drop);
}

static void pid_switch_last(void *data, bool preempt,
			    struct task_struct *prev,
			    struct task_struct *next,
			    unsigned int prev_state)
{
	struct trace_array *tr = data;

	this_cpu_write(*tr->ignore_pid, trace_event_pid_ignored(tr, next));
}

/* A wake-up is recorded when the waker or the woken task is wanted. */
static void pid_wake_first(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (this_cpu_read(*tr->ignore_pid))
		this_cpu_write(*tr->ignore_pid,
			       trace_event_pid_ignored(tr, task));
}

/* ...and afterwards the flag is the waker's again. */
static void pid_wake_last(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	/* Still set: the waker is filtered out, as before. */
	if (!this_cpu_read(*tr->ignore_pid))
		this_cpu_write(*tr->ignore_pid,
			       trace_event_pid_ignored(tr, current));
}

/*
 * event-fork: a child of a listed task joins its parent's lists; a task
 * that goes away leaves them.  The fork probe runs last, so that the
 * fork itself is judged by the parent; the free probe first.
 */
static void pid_fork(void *data, struct task_struct *parent,
		     struct task_struct *child)
{
	struct trace_array *tr = data;

	if (!(READ_ONCE(tr->flags) & TRACE_ITER(EVENT_FORK)))
		return;
	pid_set_fork(rcu_dereference_sched(tr->filtered_pids), parent, child);
	pid_set_fork(rcu_dereference_sched(tr->filtered_no_pids), parent, child);
}

static void pid_free(void *data, struct task_struct *task)
{
	struct trace_array *tr = data;

	if (!(READ_ONCE(tr->flags) & TRACE_ITER(EVENT_FORK)))
		return;
	pid_set_gone(rcu_dereference_sched(tr->filtered_pids), task);
	pid_set_gone(rcu_dereference_sched(tr->filtered_no_pids), task);
}

/* Detaching a probe that is not attached is harmless (0 or -ENOENT). */
static void pid_probes_off(struct trace_array *tr)
{
	unregister_trace_sched_switch(pid_switch_first, tr);
	unregister_trace_sched_switch(pid_switch_last, tr);
	unregister_trace_sched_waking(pid_wake_first, tr);
	unregister_trace_sched_waking(pid_wake_last, tr);
	unregister_trace_sched_wakeup(pid_wake_first, tr);
	unregister_trace_sched_wakeup(pid_wake_last, tr);
	unregister_trace_sched_wakeup_new(pid_wake_first, tr);
	unregister_trace_sched_wakeup_new(pid_wake_last, tr);
	unregister_trace_sched_process_fork(pid_fork, tr);
	unregister_trace_sched_process_free(pid_free, tr);
}

static int pid_probes_on(struct trace_array *tr)
{
	int ret;

	ret = register_trace_prio_sched_switch(pid_switch_first, tr, INT_MAX);
	ret = ret ?: register_trace_prio_sched_switch(pid_switch_last, tr, 0);
	ret = ret ?: register_trace_prio_sched_waking(pid_wake_first, tr, INT_MAX);
	ret = ret ?: register_trace_prio_sched_waking(pid_wake_last, tr, 0);
	ret = ret ?: register_trace_prio_sched_wakeup(pid_wake_first, tr, INT_MAX);
	ret = ret ?: register_trace_prio_sched_wakeup(pid_wake_last, tr, 0);
	ret = ret ?: register_trace_prio_sched_wakeup_new(pid_wake_first, tr,
							  INT_MAX);
	ret = ret ?: register_trace_prio_sched_wakeup_new(pid_wake_last, tr, 0);
	ret = ret ?: register_trace_prio_sched_process_fork(pid_fork, tr,
							    INT_MIN);
	ret = ret ?: register_trace_prio_sched_process_free(pid_free, tr,
							    INT_MAX);
	if (ret)
		pid_probes_off(tr);
	return ret;
}

static void pid_filter_flags(struct trace_array *tr, bool on)
{
	struct trace_event_file *file;
	int bit = ilog2(EVENT_FILE_FL_PID_FILTER);

	list_for_each_entry(file, &tr->events, list) {
		if (on)
			set_bit(bit, &file->flags);
		else
			clear_bit(bit, &file->flags);
	}
}

/* On each CPU: judge the task that a list change finds running there. */
static void pid_judge_current(void *data)
{
	struct trace_array *tr = data;

	this_cpu_write(*tr->ignore_pid, trace_event_pid_ignored(tr, current));
}

/*
 * Make @set (NULL: none) an array's set_event_pid or set_event_notrace_pid,
 * and bring the filtering in line: probes attached and files flagged while
 * either list is set, neither once both are gone.  The old list is freed.
 * On failure nothing changed and @set is still the caller's.
 */
static int pid_list_replace(struct trace_array *tr, bool deny,
			    struct trace_pid_list *set)
{
	struct trace_pid_list __rcu **slot = pid_slot(tr, deny);
	struct trace_pid_list *old = pid_list_locked(tr, deny);
	bool was = array_pid_filtered(tr);
	int cpu, ret;

	lockdep_assert_held(&event_mutex);
	if (set && !tr->ignore_pid) {
		tr->ignore_pid = alloc_percpu(bool);
		if (!tr->ignore_pid)
			return -ENOMEM;
	}
	rcu_assign_pointer(*slot, set);
	if (!was && set) {
		ret = pid_probes_on(tr);
		if (ret) {
			RCU_INIT_POINTER(*slot, NULL);
			tracepoint_synchronize_unregister();
			return ret;
		}
	}
	if (array_pid_filtered(tr)) {
		on_each_cpu(pid_judge_current, tr, 1);
		if (!was)
			pid_filter_flags(tr, true);
	} else if (was) {
		pid_filter_flags(tr, false);
		pid_probes_off(tr);
	}
	if (!old)
		return 0;
	/* No probe may be looking at the old list, nor at the flags. */
	tracepoint_synchronize_unregister();
	if (!array_pid_filtered(tr))
		for_each_possible_cpu(cpu)
			*per_cpu_ptr(tr->ignore_pid, cpu) = false;
	pid_set_free(old);
	return 0;
}

static void pid_list_clear(struct trace_array *tr, bool deny)
{
	mutex_lock(&event_mutex);
	if (pid_list_locked(tr, deny))
		pid_list_replace(tr, deny, NULL);
	mutex_unlock(&event_mutex);
}

/* ------------------------------------------------------------------ */
/* Writing words                                                       */

/* Longest word a write may hold, its NUL included (upstream's limit). */
#define CTL_WORD_MAX	128

/*
 * Copy the next word of the user's @cnt bytes into @word: whitespace (and
 * NUL bytes) before it are skipped, one after it ends it and is used up.
 * Return: the bytes used, with @word empty when only whitespace was left;
 * -EINVAL for a word too long, -EFAULT.
 */
static ssize_t ctl_get_word(const char __user *ubuf, size_t cnt,
			    char word[CTL_WORD_MAX])
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
		if (len == CTL_WORD_MAX - 1)
			return -EINVAL;
		word[len++] = c;
	}
	word[len] = '\0';
	return used;
}

/*
 * One word written to set_event, "!" in front to disable:
 *   system:event   that event     (either side "" or "*": any)
 *   name           every event called so, and every event of a system so
 *                  called
 * Return: 0, or -EINVAL when nothing matched.
 */
static int ctl_apply_word(struct trace_array *tr, char *word)
{
	int enable = 1;
	char *colon;

	if (*word == '!') {
		enable = 0;
		word++;
	}
	colon = strchr(word, ':');
	if (!colon) {
		/* No event or system is called "" or "*". */
		if (!any_if_star(word))
			return -EINVAL;
		return trace_set_clr_event_locked(tr, word, NULL, NULL, enable);
	}
	*colon = '\0';
	return trace_set_clr_event_locked(tr, NULL, any_if_star(word),
					  any_if_star(colon + 1), enable);
}

/* ------------------------------------------------------------------ */
/* set_event and available_events                                     */

/* The event file after @prev (the list head: the first) that a listing shows. */
static struct trace_event_file *ctl_next_file(struct trace_array *tr,
					      struct list_head *prev,
					      bool enabled_only)
{
	struct trace_event_file *file;

	for (prev = prev->next; prev != &tr->events; prev = prev->next) {
		file = list_entry(prev, struct trace_event_file, list);
		if (!event_switchable(file->event_call))
			continue;
		if (!enabled_only || (file->flags & EVENT_FILE_FL_ENABLED))
			return file;
	}
	return NULL;
}

static void *ctl_events_start(struct seq_file *m, loff_t *pos, bool enabled_only)
{
	struct trace_array *tr = m->private;
	struct trace_event_file *file;
	loff_t i;

	mutex_lock(&event_mutex);
	file = ctl_next_file(tr, &tr->events, enabled_only);
	for (i = 0; file && i < *pos; i++)
		file = ctl_next_file(tr, &file->list, enabled_only);
	return file;
}

static void *set_event_start(struct seq_file *m, loff_t *pos)
{
	return ctl_events_start(m, pos, true);
}

static void *set_event_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = v;

	++*pos;
	return ctl_next_file(m->private, &file->list, true);
}

static void *avail_start(struct seq_file *m, loff_t *pos)
{
	return ctl_events_start(m, pos, false);
}

static void *avail_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = v;

	++*pos;
	return ctl_next_file(m->private, &file->list, false);
}

static void ctl_events_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int ctl_event_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call = ((struct trace_event_file *)v)->event_call;

	seq_printf(m, "%s:%s\n", call->class->system, trace_event_name(call));
	return 0;
}

static const struct seq_operations set_event_sops = {
	.start	= set_event_start,
	.next	= set_event_next,
	.stop	= ctl_events_stop,
	.show	= ctl_event_show,
};

static const struct seq_operations avail_sops = {
	.start	= avail_start,
	.next	= avail_next,
	.stop	= ctl_events_stop,
	.show	= ctl_event_show,
};

/* A seq_file over the array in i_private, pinned while open. */
static int ctl_seq_open(struct inode *inode, struct file *filp,
			const struct seq_operations *sops)
{
	struct trace_array *tr = inode->i_private;
	int ret = tracing_check_open_get_tr(tr);

	if (ret)
		return ret;
	ret = seq_open(filp, sops);
	if (ret) {
		trace_array_put(tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = tr;
	return 0;
}

static int ctl_seq_release(struct inode *inode, struct file *filp)
{
	trace_array_put(inode->i_private);
	return seq_release(inode, filp);
}

/* Opening for writing without O_APPEND ("echo x > set_event") starts afresh. */
static bool ctl_truncating(struct file *filp)
{
	return (filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC);
}

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct trace_array *tr = inode->i_private;
	int ret = ctl_seq_open(inode, filp, &set_event_sops);

	if (!ret && ctl_truncating(filp)) {
		mutex_lock(&event_mutex);
		trace_set_clr_event_locked(tr, NULL, NULL, NULL, 0);
		mutex_unlock(&event_mutex);
	}
	return ret;
}

/*
 * Words are applied in order until one fails.  A failure after some
 * words were applied is reported by the next write, which starts at the
 * failing word: the caller learns how far it got, as with a short write.
 */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = ((struct seq_file *)filp->private_data)->private;
	char word[CTL_WORD_MAX];
	size_t done = 0;
	ssize_t ret;

	if (!cnt)
		return 0;
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;

	mutex_lock(&event_mutex);
	while (done < cnt) {
		ret = ctl_get_word(ubuf + done, cnt - done, word);
		if (ret < 0)
			break;
		if (*word) {
			int err = ctl_apply_word(tr, word);

			if (err) {
				ret = err;
				break;
			}
		}
		done += ret;
	}
	mutex_unlock(&event_mutex);

	if (ret < 0 && !done)
		return ret;
	*ppos += done;
	return done;
}

static const struct file_operations set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= ctl_seq_release,
};

static int avail_open(struct inode *inode, struct file *filp)
{
	return ctl_seq_open(inode, filp, &avail_sops);
}

static const struct file_operations avail_fops = {
	.open		= avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= ctl_seq_release,
};

/* ------------------------------------------------------------------ */
/* set_event_pid and set_event_notrace_pid                             */

/*
 * A listing's position is the pid to look from: the pid shown plus one
 * after each line, so a read that stops half way resumes at the next pid.
 */
static void *ctl_pids_at(struct seq_file *m, loff_t *pos, bool deny)
{
	struct trace_pid_list *set = pid_list_locked(m->private, deny);
	long pid;

	if (!set || *pos < 0)
		return NULL;
	pid = pid_set_next(set, *pos);
	return pid < 0 ? NULL : (void *)(pid + 1);
}

static void *pid_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return ctl_pids_at(m, pos, false);
}

static void *notrace_pid_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return ctl_pids_at(m, pos, true);
}

static void *pid_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = (long)v;
	return ctl_pids_at(m, pos, false);
}

static void *notrace_pid_next(struct seq_file *m, void *v, loff_t *pos)
{
	*pos = (long)v;
	return ctl_pids_at(m, pos, true);
}

static void pid_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

static int pid_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%ld\n", (long)v - 1);
	return 0;
}

static const struct seq_operations pid_sops = {
	.start	= pid_start,
	.next	= pid_next,
	.stop	= pid_stop,
	.show	= pid_show,
};

static const struct seq_operations notrace_pid_sops = {
	.start	= notrace_pid_start,
	.next	= notrace_pid_next,
	.stop	= pid_stop,
	.show	= pid_show,
};

static int ctl_pid_open(struct inode *inode, struct file *filp, bool deny)
{
	int ret = ctl_seq_open(inode, filp,
			       deny ? &notrace_pid_sops : &pid_sops);

	if (!ret && ctl_truncating(filp))
		pid_list_clear(inode->i_private, deny);
	return ret;
}

static int pid_open(struct inode *inode, struct file *filp)
{
	return ctl_pid_open(inode, filp, false);
}

static int notrace_pid_open(struct inode *inode, struct file *filp)
{
	return ctl_pid_open(inode, filp, true);
}

/*
 * Pids (decimal, 0x hex or 0 octal) separated by whitespace are added to
 * the list.  A write is taken whole or not at all.
 */
static ssize_t ctl_pid_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos, bool deny)
{
	struct trace_array *tr = ((struct seq_file *)filp->private_data)->private;
	struct trace_pid_list *set = NULL;
	char word[CTL_WORD_MAX];
	unsigned long pid;
	size_t done = 0;
	ssize_t ret;

	if (!cnt)
		return 0;
	ret = tracing_update_buffers(tr);
	if (ret < 0)
		return ret;

	mutex_lock(&event_mutex);
	while (done < cnt) {
		ret = ctl_get_word(ubuf + done, cnt - done, word);
		if (ret < 0)
			goto fail;
		done += ret;
		if (!*word)
			break;
		ret = -EINVAL;
		if (kstrtoul(word, 0, &pid) || pid >= PID_MAX_LIMIT)
			goto fail;
		if (!set) {
			ret = -ENOMEM;
			set = pid_set_copy(pid_list_locked(tr, deny));
			if (!set)
				goto fail;
		}
		ret = pid_set_add(set, pid, GFP_KERNEL);
		if (ret)
			goto fail;
	}
	if (set) {
		ret = pid_list_replace(tr, deny, set);
		if (ret)
			goto fail;
	}
	mutex_unlock(&event_mutex);
	*ppos += done;
	return done;
fail:
	mutex_unlock(&event_mutex);
	pid_set_free(set);
	return ret;
}

static ssize_t pid_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	return ctl_pid_write(filp, ubuf, cnt, ppos, false);
}

static ssize_t notrace_pid_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return ctl_pid_write(filp, ubuf, cnt, ppos, true);
}

static const struct file_operations pid_fops = {
	.open		= pid_open,
	.read		= seq_read,
	.write		= pid_write,
	.llseek		= seq_lseek,
	.release	= ctl_seq_release,
};

static const struct file_operations notrace_pid_fops = {
	.open		= notrace_pid_open,
	.read		= seq_read,
	.write		= notrace_pid_write,
	.llseek		= seq_lseek,
	.release	= ctl_seq_release,
};

/* ------------------------------------------------------------------ */
/* An array's files                                                    */

/**
 * trace_events_ctl_create_files - make an array's event control files
 * @tr: the trace array
 * @parent: its directory
 *
 * set_event, set_event_pid and set_event_notrace_pid in every array;
 * available_events, which is the same for all, only at the top level.
 */
void trace_events_ctl_create_files(struct trace_array *tr,
				   struct dentry *parent)
{
	trace_create_file("set_event", TRACE_MODE_WRITE, parent, tr,
			  &set_event_fops);
	trace_create_file("set_event_pid", TRACE_MODE_WRITE, parent, tr,
			  &pid_fops);
	trace_create_file("set_event_notrace_pid", TRACE_MODE_WRITE, parent,
			  tr, &notrace_pid_fops);
	if (trace_array_is_top(tr))
		trace_create_file("available_events", TRACE_MODE_READ, parent,
				  tr, &avail_fops);
}

/**
 * trace_events_ctl_free - drop an array's pid filters
 * @tr: the trace array, going away
 *
 * Called with event_mutex held.
 */
void trace_events_ctl_free(struct trace_array *tr)
{
	lockdep_assert_held(&event_mutex);
	if (pid_list_locked(tr, false))
		pid_list_replace(tr, false, NULL);
	if (pid_list_locked(tr, true))
		pid_list_replace(tr, true, NULL);
	free_percpu(tr->ignore_pid);
	tr->ignore_pid = NULL;
}
