// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: the "hist" trigger command and the events/.../hist file
 * (glossary in trace_hist.h).
 *
 *	echo 'hist:keys=common_pid:vals=bytes_req' > events/kmem/kmalloc/trigger
 *	cat events/kmem/kmalloc/hist
 *
 * The command registers into the trigger table (trace_triggers.c) as a
 * SPEC command: the core splits off the filter, compiles it, keeps the
 * list and runs the triggers; this file reads the spec, makes the table
 * when the trigger is attached and fills it when the event fires.
 *
 * States of one trigger, and what moves it:
 *
 *	parsed --attach--> active <--pause / cont--> paused
 *	active|paused --clear--> same state, table emptied
 *	active|paused --'!' or O_TRUNC or event gone--> detached --> freed
 *
 * A named table (name=NAME) is shared: the first trigger of that name
 * makes it, later ones of a matching layout, on any event of any array,
 * fill the same table, and it goes with its last user.  Its list is kept
 * under event_mutex.
 *
 * The event path (hist_fire()) takes no lock and allocates nothing: it
 * builds the key in a per-CPU pad (one per interrupt level, so an NMI
 * does not write over the key of the code it interrupted), looks it up
 * or inserts it into the table (trace_hist_map.c) and adds the values.
 */

#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "trace_hist.h"

static LIST_HEAD(hist_named);	/* of struct hist_table; event_mutex */

/*
 * Keys are built one per nesting level: a count, not the interrupt
 * level, since an event may fire in interrupt entry before the level
 * changes (preemptirq:irq_disable) and interrupt a key being built at
 * the same level.  Deeper nesting is counted as a drop.
 */
struct hist_pads {
	unsigned int	depth;
	u64		key[HIST_NESTING][HIST_KEY_BYTES_MAX / sizeof(u64)];
	u64		vars[HIST_NESTING][HIST_VARS_MAX];
	u64		params[HIST_NESTING][HIST_PARAMS_MAX];
	u16		lens[HIST_NESTING][HIST_PARAMS_MAX];
};
static DEFINE_PER_CPU(struct hist_pads, hist_pads);

static void hist_save_comm(const struct hist_map *map, struct hist_entry *e)
{
	char comm[TASK_COMM_LEN];
	u64 v[2];

	if (!current->pid)
		strscpy(comm, "<idle>", sizeof(comm));
	else
		memcpy(comm, current->comm, sizeof(comm));
	memcpy(v, comm, sizeof(v));
	/* Racing first hits of one key may both write: either name is right. */
	hist_entry_var_set(map, e, 1, v[1]);
	hist_entry_var_set(map, e, 0, v[0]);
}

/* common_timestamp: the array's clock now, in microseconds if asked. */
static u64 hist_now(struct trace_array *tr, const struct hist_spec *spec)
{
	u64 ts = ring_buffer_time_stamp(tr->buffer);

	if (spec->ts_usecs && trace_clocks[READ_ONCE(tr->clock_id)].in_ns)
		ts = div_u64(ts + 500, 1000);
	return ts;
}

/*
 * The values of the spec's references for the entries of @key in
 * their tables: false, and the record is dropped uncounted, when one
 * has no entry or its variable is not set (or was taken).
 */
static bool hist_refs_read(const struct hist_spec *spec, const void *key,
			   u64 *vals)
{
	const struct hist_ref *ref;
	struct hist_entry *e;
	unsigned int i;

	for (i = 0; i < spec->nr_refs; i++) {
		ref = &spec->refs[i];
		e = hist_map_lookup(ref->table->map, key);
		if (!e || !hist_entry_var_get(ref->table->map, e, ref->slot,
					      ref->take, &vals[i]))
			return false;
	}
	return true;
}

static void hist_fire(struct event_trigger *t, const struct trigger_ctx *ctx)
{
	struct hist_trigger *h = t->private;
	const struct hist_spec *spec = h->spec;
	struct hist_map *map = h->table->map;
	u64 refs[HIST_REFS_MAX];
	struct hist_ev ev = { .rec = ctx->rec, .refs = refs };
	struct hist_pads *pads;
	struct hist_entry *e;
	unsigned int i, depth;
	u64 *vars;
	void *key;

	if (!ctx->rec)
		return;
	/* The runner has preemption off: interrupts nest, last in first out. */
	depth = this_cpu_inc_return(hist_pads.depth) - 1;
	if (depth >= HIST_NESTING) {
		hist_map_count_drop(map);
		goto out;
	}
	if (spec->timestamps)
		ev.ts = hist_now(t->file->tr, spec);
	pads = this_cpu_ptr(&hist_pads);
	key = pads->key[depth];
	vars = pads->vars[depth];
	ev.vars = vars;
	hist_key_build(spec, &ev, key, ctx);
	if (spec->nr_refs && !hist_refs_read(spec, key, refs))
		goto out;
	e = hist_map_insert(map, key);
	if (!e)
		goto out;
	for (i = 0; i < spec->nr_vals; i++)
		hist_entry_add(e, i, hist_col_eval(&spec->vals[i], &ev));
	for (i = 0; i < spec->nr_vars; i++) {
		vars[i] = hist_col_eval(&spec->vars[i].col, &ev);
		hist_entry_var_set(map, e, spec->var_base + i, vars[i]);
	}
	if (spec->execname && !test_bit(0, &e->vars_set))
		hist_save_comm(map, e);
	if (spec->nr_actions)
		hist_actions_run(spec, &ev, pads->params[depth],
				 pads->lens[depth]);
out:
	this_cpu_dec(hist_pads.depth);
}

static int hist_parse(struct event_trigger *t, char **param)
{
	struct hist_trigger *h;
	struct hist_spec *spec;

	spec = hist_spec_parse(t->file, t->text, *param, t->removing);
	*param = NULL;
	if (IS_ERR(spec))
		return PTR_ERR(spec);
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h) {
		hist_spec_free(spec);
		return -ENOMEM;
	}
	h->spec = spec;
	h->t = t;
	INIT_LIST_HEAD(&h->user);
	t->private = h;
	return 0;
}

static void hist_release(struct event_trigger *t)
{
	struct hist_trigger *h = t->private;

	if (!h)
		return;
	hist_spec_free(h->spec);
	kfree(h);
}

/* Upstream's identity: the layout, the name and the filter. */
static bool hist_same(const struct event_trigger *a,
		      const struct event_trigger *b)
{
	const struct hist_spec *sa = ((struct hist_trigger *)a->private)->spec;
	const struct hist_spec *sb = ((struct hist_trigger *)b->private)->spec;

	if (!sa->name != !sb->name || (sa->name && strcmp(sa->name, sb->name)))
		return false;
	if (!a->filter_str != !b->filter_str ||
	    (a->filter_str && strcmp(a->filter_str, b->filter_str)))
		return false;
	return hist_spec_same(sa, sb);
}

/*
 * A trigger joining a named table fills it the way its maker does: the
 * bucket widths and nohitcount are the maker's (its fields, at this
 * event's offsets, are the same by hist_spec_same()).
 */
static void hist_spec_adopt(struct hist_spec *spec, const struct hist_spec *owner)
{
	unsigned int i;

	for (i = 0; i < spec->nr_keys; i++)
		spec->keys[i].buckets = owner->keys[i].buckets;
	spec->nohitcount = owner->nohitcount;
	spec->size = owner->size;
}

static struct hist_table *hist_named_find(const char *name)
{
	struct hist_table *tb;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(tb, &hist_named, named)
		if (!strcmp(tb->spec->name, name))
			return tb;
	return NULL;
}

/*
 * Empty a table nobody may write while it happens: its users (on every
 * event, for a named table) are paused and the events that may still be
 * in hist_fire() are waited for.
 */
static void hist_table_clear(struct hist_table *tb)
{
	struct hist_trigger *h;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(h, &tb->user_list, user) {
		h->was_paused = READ_ONCE(h->t->paused);
		WRITE_ONCE(h->t->paused, true);
	}
	tracepoint_synchronize_unregister();
	hist_map_clear(tb->map);
	/* The emptied table before the triggers that fill it: pairs with the runner. */
	list_for_each_entry(h, &tb->user_list, user)
		smp_store_release(&h->t->paused, h->was_paused);
}

/* pause, cont and clear act on the trigger there; nothing is added. */
static int hist_existing(struct event_trigger *t, struct event_trigger *old)
{
	struct hist_spec *spec = ((struct hist_trigger *)t->private)->spec;
	struct hist_table *named;

	lockdep_assert_held(&event_mutex);
	/* A named layout that does not match is that, before anything else. */
	named = spec->name ? hist_named_find(spec->name) : NULL;
	if (!old && named && !hist_spec_same(named->spec, spec)) {
		hist_log_err(t->file, t->text, HIST_ERR_NAMED_MISMATCH,
			     spec->name);
		return -EINVAL;
	}

	if (old) {
		if (spec->pause)
			WRITE_ONCE(old->paused, true);
		else if (spec->cont)
			WRITE_ONCE(old->paused, false);
		else if (spec->clear)
			hist_table_clear(((struct hist_trigger *)old->private)->table);
		else
			goto exists;
		return 1;
	}
	if (spec->cont || spec->clear) {
		hist_log_err(t->file, t->text, HIST_ERR_TRIGGER_ENOENT_CLEAR,
			     NULL);
		return -ENOENT;
	}
	t->paused = spec->pause;
	return 0;
exists:
	hist_log_err(t->file, t->text, HIST_ERR_TRIGGER_EEXIST, NULL);
	return -EEXIST;
}

/* Which table a new trigger fills: a named one's, or its own. */
static int hist_attach(struct event_trigger *t)
{
	struct hist_trigger *h = t->private;
	struct hist_spec *spec = h->spec;
	struct hist_map_shape shape = {};
	struct hist_table *tb;
	int ret;

	/* Times of one clock across CPUs; the buffer starts over, as upstream's. */
	if (spec->timestamps) {
		ret = tracing_set_clock(t->file->tr, spec->clock ?: "global");
		if (ret) {
			hist_log_err(t->file, t->text, HIST_ERR_SET_CLOCK_FAIL,
				     spec->clock);
			return ret;
		}
	}
	if (spec->name) {
		tb = hist_named_find(spec->name);
		if (tb) {
			if (!hist_spec_same(tb->spec, spec)) {
				hist_log_err(t->file, t->text,
					     HIST_ERR_NAMED_MISMATCH, spec->name);
				return -EINVAL;
			}
			hist_spec_adopt(spec, tb->spec);
			refcount_inc(&tb->users);
			list_add_tail(&h->user, &tb->user_list);
			h->table = tb;
			return 0;
		}
	}
	tb = kzalloc(sizeof(*tb), GFP_KERNEL);
	if (!tb)
		return -ENOMEM;
	shape.key_size = spec->key_size;
	shape.nr_sums = spec->nr_vals;
	shape.nr_vars = spec->var_base + spec->nr_vars;
	tb->map = hist_map_create(spec->size, &shape);
	if (IS_ERR(tb->map)) {
		ret = PTR_ERR(tb->map);
		kfree(tb);
		return ret;
	}
	tb->spec = spec;
	refcount_set(&tb->users, 1);
	INIT_LIST_HEAD(&tb->user_list);
	list_add_tail(&h->user, &tb->user_list);
	INIT_LIST_HEAD(&tb->named);
	if (spec->name)
		list_add(&tb->named, &hist_named);
	h->table = tb;
	return 0;
}

/*
 * No event runs the trigger any more.  A table outlives its maker's
 * trigger while others fill it (named) or read its variables, so it
 * keeps the spec it was made from.
 */
static void hist_detach(struct event_trigger *t)
{
	struct hist_trigger *h = t->private;
	struct hist_table *tb = h->table;

	h->table = NULL;
	list_del(&h->user);
	if (tb->spec == h->spec)
		h->spec = NULL;
	hist_table_put(tb);
}

/* Another trigger's expressions read our variables: '!' gets -EBUSY. */
static bool hist_busy(struct event_trigger *t)
{
	struct hist_trigger *h = t->private;

	return h->table && h->table->referrers;
}

static void hist_show(struct seq_file *m, struct event_trigger *t)
{
	hist_print_line(m, t);
}

static struct trigger_cmd hist_cmd = {
	.name		= "hist",
	.kind		= TRIGGER_KIND_HIST,
	.flags		= TRIGGER_CMD_PARAM | TRIGGER_CMD_SPEC |
			  TRIGGER_CMD_NEEDS_REC | TRIGGER_CMD_TAIL |
			  TRIGGER_CMD_TRUNC,
	.parse		= hist_parse,
	.same		= hist_same,
	.existing	= hist_existing,
	.attach		= hist_attach,
	.detach		= hist_detach,
	.release	= hist_release,
	.busy		= hist_busy,
	.fire		= hist_fire,
	.show		= hist_show,
};

/*
 * enable_hist:SYS:EVENT and disable_hist:SYS:EVENT continue or pause
 * every hist trigger of the target event (same array).  The target stays
 * in soft mode, and its module loaded, while the trigger is there, as
 * with enable_event; the count is used up by every firing.
 */
/* Context: any, from the triggering event; the target's list under RCU. */
static void hist_switch(struct event_trigger *t, bool pause)
{
	struct trace_event_file *target = t->private;
	struct event_trigger *h;

	list_for_each_entry_rcu(h, &target->triggers, list)
		if (h->cmd->kind == TRIGGER_KIND_HIST)
			WRITE_ONCE(h->paused, pause);
}

static void hist_enable_fire(struct event_trigger *t,
			     const struct trigger_ctx *ctx)
{
	hist_switch(t, false);
}

static void hist_disable_fire(struct event_trigger *t,
			      const struct trigger_ctx *ctx)
{
	hist_switch(t, true);
}

static struct trigger_cmd enable_hist_cmd = {
	.name	= "enable_hist",
	.kind	= TRIGGER_KIND_HIST_ENABLE,
	.flags	= TRIGGER_CMD_PARAM | TRIGGER_CMD_TRUNC,
	.parse	= trigger_target_parse,
	.same	= trigger_target_same,
	.attach	= trigger_target_attach,
	.detach	= trigger_target_detach,
	.fire	= hist_enable_fire,
	.show	= trigger_target_show,
};

static struct trigger_cmd disable_hist_cmd = {
	.name	= "disable_hist",
	.kind	= TRIGGER_KIND_HIST_ENABLE,
	.flags	= TRIGGER_CMD_PARAM | TRIGGER_CMD_TRUNC,
	.parse	= trigger_target_parse,
	.same	= trigger_target_same,
	.attach	= trigger_target_attach,
	.detach	= trigger_target_detach,
	.fire	= hist_disable_fire,
	.show	= trigger_target_show,
};

/* ------------------------------------------------------------------ */
/* events/SYSTEM/EVENT/hist                                            */

static int hist_file_show(struct seq_file *m, void *v)
{
	struct trace_event_file *file = m->private;
	struct event_trigger *t;
	bool first = true;
	int ret = 0;

	mutex_lock(&event_mutex);
	if (file->flags & EVENT_FILE_FL_FREED) {
		ret = -ENODEV;
		goto out;
	}
	list_for_each_entry(t, &file->triggers, list) {
		if (t->cmd != &hist_cmd)
			continue;
		if (!first)
			seq_puts(m, "\n\n");
		first = false;
		hist_print_table(m, t);
	}
out:
	mutex_unlock(&event_mutex);
	return ret;
}

static int hist_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;
	int ret = trace_event_file_pin(file);

	if (ret)
		return ret;
	ret = single_open(filp, hist_file_show, file);
	if (ret)
		trace_array_put(file->tr);
	return ret;
}

static int hist_file_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = inode->i_private;

	trace_array_put(file->tr);
	return single_release(inode, filp);
}

static const struct file_operations event_hist_fops = {
	.open		= hist_file_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= hist_file_release,
};

/* After the basic commands, in upstream's order. */
static __init int hist_cmd_init(void)
{
	WARN_ON(trigger_cmd_register(&enable_hist_cmd));
	WARN_ON(trigger_cmd_register(&disable_hist_cmd));
	WARN_ON(trigger_cmd_register(&hist_cmd));
	trace_event_hist_register(&event_hist_fops);
	return 0;
}
core_initcall(hist_cmd_init);
