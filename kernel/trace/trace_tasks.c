// SPDX-License-Identifier: GPL-2.0
/*
 * The task cache: the name (record-cmd) and thread group (record-tgid) of
 * the tasks that wrote records, so that the output can print a pid's comm
 * and tgid long after the task is gone, and the tracefs files that show
 * and size it: saved_cmdlines, saved_tgids and saved_cmdlines_size.
 *
 * The commit helper (trace_buffer_unlock_commit() in trace.h) calls
 * trace_save_task() after every record; the output looks names up with
 * trace_find_cmdline() and trace_find_tgid().
 */
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>
#include <kunit/visibility.h>

#include "trace.h"

/* Slots at boot, and the most saved_cmdlines_size accepts. */
#define SAVED_TASKS_DEFAULT		128
#define SAVED_TASKS_MAX			PID_MAX_DEFAULT

/*
 * The cache (struct saved_tasks, in trace.h) holds exactly
 * saved_cmdlines_size tasks, the most recently saved ones: a ring of slots
 * replaced oldest first, and an index from pid to slot (open addressing,
 * linear probing, at most half full) so that finding a pid costs a probe
 * or two.  Writers run in any context and only ever trylock; readers
 * (output, tracefs) take the lock.  The whole cache is swapped when
 * saved_cmdlines_size changes.
 */
static struct saved_tasks *saved_tasks;
static arch_spinlock_t saved_tasks_lock = __ARCH_SPIN_LOCK_UNLOCKED;

VISIBLE_IF_KUNIT void saved_tasks_free(struct saved_tasks *st)
{
	if (!st)
		return;
	kvfree(st->index);
	kvfree(st);
}
EXPORT_SYMBOL_IF_KUNIT(saved_tasks_free);

VISIBLE_IF_KUNIT struct saved_tasks *saved_tasks_alloc(unsigned int size)
{
	unsigned int entries = roundup_pow_of_two(2 * size);
	struct saved_tasks *st;

	st = kvzalloc(struct_size(st, slot, size), GFP_KERNEL);
	if (!st)
		return NULL;
	st->index = kvmalloc_array(entries, sizeof(*st->index), GFP_KERNEL);
	if (!st->index) {
		kvfree(st);
		return NULL;
	}
	memset(st->index, 0xff, entries * sizeof(*st->index));
	st->size = size;
	st->mask = entries - 1;
	return st;
}
EXPORT_SYMBOL_IF_KUNIT(saved_tasks_alloc);

static unsigned int saved_hash(const struct saved_tasks *st, pid_t pid)
{
	return hash_32(pid, 32) & st->mask;
}

/*
 * The index entry that holds @pid, or the empty entry where it would go.
 * The index is never full, so the probe ends.
 */
static unsigned int saved_index_find(const struct saved_tasks *st, pid_t pid)
{
	unsigned int i = saved_hash(st, pid);

	while (st->index[i] != SAVED_NO_SLOT &&
	       st->slot[st->index[i]].pid != pid)
		i = (i + 1) & st->mask;
	return i;
}

/*
 * Take entry @i out of the index, moving later entries of its probe run
 * back so that every pid stays reachable from its hash without tombstones.
 */
static void saved_index_remove(struct saved_tasks *st, unsigned int i)
{
	unsigned int j = i, home;

	for (;;) {
		st->index[i] = SAVED_NO_SLOT;
		for (;;) {
			j = (j + 1) & st->mask;
			if (st->index[j] == SAVED_NO_SLOT)
				return;
			home = saved_hash(st, st->slot[st->index[j]].pid);
			/* Can j's entry live at i?  Only if i is on its run. */
			if (((j - home) & st->mask) >= ((j - i) & st->mask))
				break;
		}
		st->index[i] = st->index[j];
		i = j;
	}
}

/* The slot of @pid, or NULL.  Caller holds saved_tasks_lock. */
VISIBLE_IF_KUNIT struct saved_task *saved_task_lookup(struct saved_tasks *st,
						      pid_t pid)
{
	unsigned int i = saved_index_find(st, pid);

	return st->index[i] == SAVED_NO_SLOT ? NULL : &st->slot[st->index[i]];
}
EXPORT_SYMBOL_IF_KUNIT(saved_task_lookup);

/*
 * The slot of @pid (not 0), which a new task gets by taking the oldest
 * slot, and that task's index entry, with no name and no tgid yet.
 * Caller holds saved_tasks_lock.
 */
VISIBLE_IF_KUNIT struct saved_task *saved_tasks_claim(struct saved_tasks *st,
						      pid_t pid)
{
	unsigned int i = saved_index_find(st, pid);
	struct saved_task *s;

	if (st->index[i] != SAVED_NO_SLOT)
		return &st->slot[st->index[i]];
	s = &st->slot[st->next];
	if (s->pid)
		saved_index_remove(st, saved_index_find(st, s->pid));
	i = saved_index_find(st, pid);
	st->index[i] = st->next;
	st->next = st->next + 1 == st->size ? 0 : st->next + 1;
	s->pid = pid;
	s->tgid = 0;
	s->comm[0] = '\0';
	return s;
}
EXPORT_SYMBOL_IF_KUNIT(saved_tasks_claim);

static void saved_tasks_save(struct task_struct *task, bool cmd, bool tgid)
{
	struct saved_tasks *st;
	struct saved_task *s;
	unsigned long flags;
	pid_t pid = task->pid;

	if (!pid)
		return;
	local_irq_save(flags);
	if (!arch_spin_trylock(&saved_tasks_lock))
		goto out;
	st = saved_tasks;
	if (!st)
		goto unlock;
	s = saved_tasks_claim(st, pid);
	if (cmd)
		strscpy_pad(s->comm, task->comm, TASK_COMM_LEN);
	if (tgid)
		s->tgid = task->tgid;
unlock:
	arch_spin_unlock(&saved_tasks_lock);
out:
	local_irq_restore(flags);
}

/*
 * Whether a saved name is the task's: both are NUL-padded to their 16
 * bytes (set_task_comm() pads too), so two word compares decide.  A name
 * that is not padded only costs a redundant save.
 */
static __always_inline bool saved_comm_same(const char *a, const char *b)
{
	BUILD_BUG_ON(TASK_COMM_LEN != 2 * sizeof(u64));
	return !((get_unaligned((const u64 *)a) ^ get_unaligned((const u64 *)b)) |
		 (get_unaligned((const u64 *)a + 1) ^
		  get_unaligned((const u64 *)b + 1)));
}

/*
 * Called after every commit of the core.  The check is a racy peek at a
 * few index entries (a torn read only costs a redundant save, and the
 * probe gives up after a few steps); the common case, a task writing
 * again, takes no lock.
 */
void trace_save_task(struct trace_array *tr)
{
	bool cmd = global_trace.flags & TRACE_ITER(RECORD_CMD);
	bool tgid = tr->flags & TRACE_ITER(RECORD_TGID);
	struct saved_tasks *st;
	struct saved_task *s = NULL;
	pid_t pid = current->pid;
	unsigned int i, n, slot;
	bool known = false;

	if (!(cmd || tgid))
		return;
	/* The resizer frees the old cache only after an RCU grace period. */
	preempt_disable_notrace();
	st = READ_ONCE(saved_tasks);
	if (!st) {
		preempt_enable_notrace();
		return;
	}
	i = saved_hash(st, pid);
	for (n = 0; n < 4; n++, i = (i + 1) & st->mask) {
		slot = data_race(st->index[i]);
		if (slot >= st->size)
			break;
		if (data_race(st->slot[slot].pid) == pid) {
			s = &st->slot[slot];
			break;
		}
	}
	if (s)
		known = (!cmd || data_race(saved_comm_same(s->comm, current->comm))) &&
			(!tgid || data_race(s->tgid) == current->tgid);
	preempt_enable_notrace();
	if (!known)
		saved_tasks_save(current, cmd, tgid);
}

/**
 * tracing_record_cmdline - remember a task's name for the output
 * @task: the task
 */
void tracing_record_cmdline(struct task_struct *task)
{
	saved_tasks_save(task, true, false);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_record_cmdline);

/**
 * tracing_record_tgid - remember a task's thread group for the output
 * @task: the task
 */
void tracing_record_tgid(struct task_struct *task)
{
	saved_tasks_save(task, false, true);
}
EXPORT_SYMBOL_IF_KUNIT(tracing_record_tgid);

/**
 * trace_find_cmdline - the name to print for a pid
 * @pid: the pid of a record
 * @comm: TASK_COMM_LEN bytes to fill
 *
 * Unknown pids print as "<...>", the idle task as "<idle>".
 */
void trace_find_cmdline(int pid, char comm[])
{
	struct saved_task *s;

	if (!pid) {
		strcpy(comm, "<idle>");
		return;
	}
	if (WARN_ON_ONCE(pid < 0)) {
		strcpy(comm, "<XXX>");
		return;
	}
	strcpy(comm, "<...>");
	preempt_disable();
	arch_spin_lock(&saved_tasks_lock);
	s = saved_tasks ? saved_task_lookup(saved_tasks, pid) : NULL;
	if (s && s->comm[0])
		strscpy(comm, s->comm, TASK_COMM_LEN);
	arch_spin_unlock(&saved_tasks_lock);
	preempt_enable();
}
EXPORT_SYMBOL_IF_KUNIT(trace_find_cmdline);

/**
 * trace_find_tgid - the thread group saved for a pid
 * @pid: the pid of a record
 *
 * Return: the tgid, or 0 when none was saved.
 */
int trace_find_tgid(int pid)
{
	struct saved_task *s;
	int tgid = 0;

	preempt_disable();
	arch_spin_lock(&saved_tasks_lock);
	s = saved_tasks ? saved_task_lookup(saved_tasks, pid) : NULL;
	if (s)
		tgid = s->tgid;
	arch_spin_unlock(&saved_tasks_lock);
	preempt_enable();
	return tgid;
}
EXPORT_SYMBOL_IF_KUNIT(trace_find_tgid);

static int saved_tasks_resize(unsigned int asked)
{
	struct saved_tasks *st, *old;

	st = saved_tasks_alloc(asked);
	if (!st)
		return -ENOMEM;
	preempt_disable();
	arch_spin_lock(&saved_tasks_lock);
	old = saved_tasks;
	saved_tasks = st;
	arch_spin_unlock(&saved_tasks_lock);
	preempt_enable();
	/* A writer peeks at the table without the lock: let it finish. */
	synchronize_rcu();
	saved_tasks_free(old);
	return 0;
}


/* saved_cmdlines, saved_cmdlines_size, saved_tgids ----------------- */

static int saved_tasks_show(struct seq_file *m, bool tgids)
{
	struct saved_tasks *st;
	unsigned int i;

	preempt_disable();
	arch_spin_lock(&saved_tasks_lock);
	st = saved_tasks;
	for (i = 0; st && i < st->size; i++) {
		struct saved_task *s = &st->slot[i];

		if (!s->pid)
			continue;
		if (tgids && s->tgid)
			seq_printf(m, "%d %d\n", s->pid, s->tgid);
		else if (!tgids && s->comm[0])
			seq_printf(m, "%d %s\n", s->pid, s->comm);
	}
	arch_spin_unlock(&saved_tasks_lock);
	preempt_enable();
	return 0;
}

static int saved_cmdlines_show(struct seq_file *m, void *v)
{
	return saved_tasks_show(m, false);
}

static int saved_tgids_show(struct seq_file *m, void *v)
{
	return saved_tasks_show(m, true);
}

/* These files belong to no array: i_private is NULL, nothing is pinned. */
static int saved_cmdlines_open(struct inode *inode, struct file *filp)
{
	return trace_single_open(inode, filp, saved_cmdlines_show);
}

static int saved_tgids_open(struct inode *inode, struct file *filp)
{
	return trace_single_open(inode, filp, saved_tgids_show);
}

static const struct file_operations saved_cmdlines_fops = {
	.open		= saved_cmdlines_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= trace_single_release,
};

static const struct file_operations saved_tgids_fops = {
	.open		= saved_tgids_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= trace_single_release,
};

static ssize_t saved_cmdlines_size_read(struct file *filp, char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	unsigned int n;

	mutex_lock(&tracing_lock);
	n = saved_tasks ? saved_tasks->size : 0;
	mutex_unlock(&tracing_lock);
	return trace_read_line(ubuf, cnt, ppos, "%u\n", n);
}

static ssize_t saved_cmdlines_size_write(struct file *filp,
					 const char __user *ubuf,
					 size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (!val || val > SAVED_TASKS_MAX)
		return -EINVAL;
	mutex_lock(&tracing_lock);
	ret = saved_tasks_resize(val);
	mutex_unlock(&tracing_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations saved_cmdlines_size_fops = {
	.open		= tracing_open_generic_tr,
	.read		= saved_cmdlines_size_read,
	.write		= saved_cmdlines_size_write,
	.release	= tracing_release_generic_tr,
	.llseek		= generic_file_llseek,
};

/**
 * trace_tasks_create_files - create the task cache's files
 * @tr: the top-level array (saved_cmdlines_size pins it while open)
 * @dir: where the files go (the tracefs root)
 *
 * Context: at boot, under tracing_lock.
 */
void trace_tasks_create_files(struct trace_array *tr, struct dentry *dir)
{
	trace_create_file("saved_cmdlines", TRACE_MODE_READ, dir, NULL,
			  &saved_cmdlines_fops);
	trace_create_file("saved_cmdlines_size", TRACE_MODE_WRITE, dir, tr,
			  &saved_cmdlines_size_fops);
	trace_create_file("saved_tgids", TRACE_MODE_READ, dir, NULL,
			  &saved_tgids_fops);
}

/**
 * trace_tasks_init - allocate the cache with its default size
 *
 * Called from early_trace_init(), before the first record can be
 * written; until then (or when this fails) writers save nothing.
 */
void __init trace_tasks_init(void)
{
	saved_tasks = saved_tasks_alloc(SAVED_TASKS_DEFAULT);
}
