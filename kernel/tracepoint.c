// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tracepoint core: attaching probes to tracepoints and detaching them,
 * for the tracepoints built into the kernel and those of modules.
 *
 * Each tracepoint publishes its probes as one array (struct tracepoint's
 * funcs), highest priority first and ended by a NULL func.  Readers, the
 * __traceiter_<name>() functions, walk it with preemption disabled and take
 * no lock.  Writers hold tracepoints_mutex, build a new array, publish it
 * with rcu_assign_pointer() and free the old one after a grace period, so a
 * reader always sees either the old set or the new one, whole.
 *
 * The static key of a tracepoint is on exactly while its array is
 * non-empty: the first probe turns it on (after the tracepoint's regfunc),
 * the last one off (before its unregfunc).
 *
 * Failing to allocate never changes what is attached: registering then
 * fails with -ENOMEM and the old array stays.  Unregistering must not fail,
 * so when it cannot allocate the smaller array it neutralises the probe in
 * place instead: the entry's function becomes the tracepoint's empty
 * probestub, which the next successful change drops.
 */

#include <linux/tracepoint.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>

/* The linker script brackets the built-in tracepoints' list with these. */
extern tracepoint_ptr_t __start___tracepoints_ptrs[];
extern tracepoint_ptr_t __stop___tracepoints_ptrs[];

/* Serialises every change of a probe array. */
static DEFINE_MUTEX(tracepoints_mutex);

/* A probe array as allocated; readers only ever see @probes. */
struct tp_probes {
	struct rcu_head		rcu;
	struct tracepoint_func	probes[];
};

static struct tracepoint_func *tp_funcs(struct tracepoint *tp)
{
	return rcu_dereference_protected(tp->funcs,
					 lockdep_is_held(&tracepoints_mutex));
}

/* The live entries of an array: neither the terminator nor neutralised ones. */
static bool tp_entry_live(struct tracepoint *tp, const struct tracepoint_func *f)
{
	return f->func != tp->probestub;
}

static int tp_count_live(struct tracepoint *tp, const struct tracepoint_func *funcs)
{
	int n = 0;

	for (; funcs && funcs->func; funcs++)
		n += tp_entry_live(tp, funcs);
	return n;
}

static struct tracepoint_func *tp_find(struct tracepoint *tp, struct tracepoint_func *funcs,
				       void *func, void *data)
{
	for (; funcs && funcs->func; funcs++)
		if (funcs->func == func && funcs->data == data)
			return funcs;
	return NULL;
}

static void tp_release(struct tracepoint_func *funcs)
{
	if (funcs)
		kfree_rcu(container_of(funcs, struct tp_probes, probes[0]), rcu);
}

/*
 * Build the array that @tp should have: its live probes, minus @drop if
 * given, plus @add if given (placed after every probe of the same or a
 * higher priority).  Returns NULL when nothing remains, an ERR_PTR on
 * allocation failure.
 */
static struct tracepoint_func *tp_rebuild(struct tracepoint *tp, struct tracepoint_func *old,
					  const struct tracepoint_func *drop,
					  const struct tracepoint_func *add)
{
	int n = tp_count_live(tp, old) - !!drop + !!add;
	struct tracepoint_func *out;
	struct tp_probes *p;
	bool placed = !add;

	if (!n)
		return NULL;
	p = kmalloc(struct_size(p, probes, n + 1), GFP_KERNEL);
	if (!p)
		return ERR_PTR(-ENOMEM);
	out = p->probes;
	for (; old && old->func; old++) {
		if (old == drop || !tp_entry_live(tp, old))
			continue;
		if (!placed && old->prio < add->prio) {
			*out++ = *add;
			placed = true;
		}
		*out++ = *old;
	}
	if (!placed)
		*out++ = *add;
	out->func = NULL;
	out->data = NULL;
	return p->probes;
}

static int tp_attach(struct tracepoint *tp, void *func, void *data, int prio)
{
	struct tracepoint_func add = { .func = func, .data = data, .prio = prio };
	struct tracepoint_func *old, *new;
	bool first;
	int ret;

	if (!func)
		return -EINVAL;
	mutex_lock(&tracepoints_mutex);
	old = tp_funcs(tp);
	if (tp_find(tp, old, func, data)) {
		ret = -EEXIST;
		goto out;
	}
	first = !tp_count_live(tp, old);
	if (first && tp->regfunc) {
		ret = tp->regfunc();
		if (ret < 0)
			goto out;
	}
	new = tp_rebuild(tp, old, NULL, &add);
	if (IS_ERR(new)) {
		if (first && tp->unregfunc)
			tp->unregfunc();
		ret = PTR_ERR(new);
		goto out;
	}
	rcu_assign_pointer(tp->funcs, new);
	if (first)
		static_branch_enable(&tp->key);
	tp_release(old);
	ret = 0;
out:
	mutex_unlock(&tracepoints_mutex);
	return ret;
}

static int tp_detach(struct tracepoint *tp, void *func, void *data)
{
	struct tracepoint_func *old, *new, *victim;
	int ret = 0;

	mutex_lock(&tracepoints_mutex);
	old = tp_funcs(tp);
	if (!old) {
		ret = -ENOENT;
		goto out;
	}
	/*
	 * Detaching a pair that is not attached while other probes are is
	 * no error: the set is already what the caller asks for, and
	 * upstream's core answers 0 there too.
	 */
	victim = tp_find(tp, old, func, data);
	if (!victim || !tp_entry_live(tp, victim))
		goto out;
	new = tp_rebuild(tp, old, victim, NULL);
	if (IS_ERR(new)) {
		/* Readers may hold the array: swap the function atomically. */
		WRITE_ONCE(victim->func, tp->probestub);
		goto out;
	}
	if (!new)
		static_branch_disable(&tp->key);
	rcu_assign_pointer(tp->funcs, new);
	if (!new && tp->unregfunc)
		tp->unregfunc();
	tp_release(old);
out:
	mutex_unlock(&tracepoints_mutex);
	return ret;
}

/**
 * tracepoint_probe_register_prio - attach a probe with a priority
 * @tp: the tracepoint
 * @probe: function called as probe(@data, <the tracepoint's arguments>)
 * @data: first argument of every call
 * @prio: probes with a higher priority run first; equal ones in
 *	  registration order
 *
 * Return: 0, -EEXIST if this (@probe, @data) pair is already attached,
 * -ENOMEM (nothing changed), -EINVAL for a NULL probe, or the error of the
 * tracepoint's regfunc.
 */
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe, void *data, int prio)
{
	return tp_attach(tp, probe, data, prio);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio);

/**
 * tracepoint_probe_register_prio_may_exist - attach a probe that may be attached
 * @tp: the tracepoint
 * @probe: probe function
 * @data: probe data
 * @prio: priority
 *
 * For callers for which an existing registration is a normal outcome: as
 * tracepoint_probe_register_prio(), which never warns about it either.
 *
 * Return: as tracepoint_probe_register_prio().
 */
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp, void *probe, void *data,
					     int prio)
{
	return tp_attach(tp, probe, data, prio);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register_prio_may_exist);

/**
 * tracepoint_probe_register - attach a probe with the default priority
 * @tp: the tracepoint
 * @probe: probe function
 * @data: probe data
 *
 * Return: as tracepoint_probe_register_prio().
 */
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data)
{
	return tp_attach(tp, probe, data, TRACEPOINT_DEFAULT_PRIO);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_register);

/**
 * tracepoint_probe_unregister - detach a probe
 * @tp: the tracepoint
 * @probe: probe function
 * @data: the data it was registered with
 *
 * The probe may still be running on another CPU when this returns; call
 * tracepoint_synchronize_unregister() before freeing what it uses.
 *
 * Return: 0, also when the pair is not attached but other probes are, or
 * -ENOENT when the tracepoint has no probe at all.
 */
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data)
{
	return tp_detach(tp, probe, data);
}
EXPORT_SYMBOL_GPL(tracepoint_probe_unregister);

static void tp_walk(tracepoint_ptr_t *begin, tracepoint_ptr_t *end, tracepoint_mod_visit_t fct,
		    struct module *mod, void *priv)
{
	tracepoint_ptr_t *p;

	for (p = begin; p < end; p++)
		fct(tracepoint_ptr_deref(p), mod, priv);
}

struct tp_kernel_walk {
	tracepoint_visit_t fct;
	void *priv;
};

static void tp_kernel_one(struct tracepoint *tp, struct module *mod, void *priv)
{
	struct tp_kernel_walk *w = priv;

	w->fct(tp, w->priv);
}

/**
 * for_each_kernel_tracepoint - call a function for each built-in tracepoint
 * @fct: called as fct(tracepoint, @priv)
 * @priv: passed through
 */
/* (Names in parentheses: checkpatch takes for_each_*( for a loop.) */
void (for_each_kernel_tracepoint)(tracepoint_visit_t fct, void *priv)
{
	struct tp_kernel_walk w = { .fct = fct, .priv = priv };

	tp_walk(__start___tracepoints_ptrs, __stop___tracepoints_ptrs, tp_kernel_one, NULL, &w);
}
EXPORT_SYMBOL_GPL(for_each_kernel_tracepoint);

#ifdef CONFIG_MODULES

/*
 * Modules whose tracepoints are usable, each with a struct tp_module, and
 * the listeners told about them.  Listeners attach probes from their
 * callbacks, so this lock is taken before tracepoints_mutex, never inside.
 */
static DEFINE_MUTEX(tp_modules_mutex);
static LIST_HEAD(tp_modules);
static BLOCKING_NOTIFIER_HEAD(tp_module_notifiers);

/**
 * trace_module_has_bad_taint - whether a module's tracepoints are unusable
 * @mod: the module
 *
 * Out-of-tree, staging, unsigned, test and live-patch modules may be traced;
 * a module with any other taint (forced load, for instance) may not.
 *
 * Return: true if the module's tracepoints must be ignored.
 */
bool trace_module_has_bad_taint(struct module *mod)
{
	const unsigned long tolerated = BIT(TAINT_OOT_MODULE) | BIT(TAINT_CRAP) |
					BIT(TAINT_UNSIGNED_MODULE) | BIT(TAINT_TEST) |
					BIT(TAINT_LIVEPATCH);

	return mod->taints & ~tolerated;
}

/**
 * register_tracepoint_module_notifier - follow modules' tracepoints
 * @nb: called with MODULE_STATE_COMING or MODULE_STATE_GOING and a
 *	struct tp_module for every module with usable tracepoints
 *
 * Modules already loaded are announced to @nb (COMING) before this returns.
 *
 * Return: 0 or a negative errno.
 */
int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	struct tp_module *tpm;
	int ret;

	mutex_lock(&tp_modules_mutex);
	ret = blocking_notifier_chain_register(&tp_module_notifiers, nb);
	if (!ret) {
		list_for_each_entry(tpm, &tp_modules, list)
			(void)nb->notifier_call(nb, MODULE_STATE_COMING, tpm);
	}
	mutex_unlock(&tp_modules_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(register_tracepoint_module_notifier);

/**
 * unregister_tracepoint_module_notifier - stop following modules' tracepoints
 * @nb: the notifier block given to register_tracepoint_module_notifier()
 *
 * Modules still loaded are announced to @nb as GOING first, so that it can
 * drop what it attached to them.
 *
 * Return: 0 or a negative errno.
 */
int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	struct tp_module *tpm;
	int ret;

	mutex_lock(&tp_modules_mutex);
	ret = blocking_notifier_chain_unregister(&tp_module_notifiers, nb);
	if (!ret) {
		list_for_each_entry(tpm, &tp_modules, list)
			(void)nb->notifier_call(nb, MODULE_STATE_GOING, tpm);
	}
	mutex_unlock(&tp_modules_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(unregister_tracepoint_module_notifier);

/**
 * for_each_tracepoint_in_module - call a function for each tracepoint of a module
 * @mod: the module
 * @fct: called as fct(tracepoint, @mod, @priv)
 * @priv: passed through
 */
void (for_each_tracepoint_in_module)(struct module *mod, tracepoint_mod_visit_t fct, void *priv)
{
	if (!mod->num_tracepoints)
		return;
	tp_walk(mod->tracepoints_ptrs, mod->tracepoints_ptrs + mod->num_tracepoints,
		fct, mod, priv);
}
EXPORT_SYMBOL_GPL(for_each_tracepoint_in_module);

/**
 * for_each_module_tracepoint - call a function for each usable module tracepoint
 * @fct: called as fct(tracepoint, module, @priv)
 * @priv: passed through
 */
void (for_each_module_tracepoint)(tracepoint_mod_visit_t fct, void *priv)
{
	struct tp_module *tpm;

	mutex_lock(&tp_modules_mutex);
	list_for_each_entry(tpm, &tp_modules, list)
		for_each_tracepoint_in_module(tpm->mod, fct, priv);
	mutex_unlock(&tp_modules_mutex);
}
EXPORT_SYMBOL_GPL(for_each_module_tracepoint);

static int tp_module_coming(struct module *mod)
{
	struct tp_module *tpm;

	if (!mod->num_tracepoints || trace_module_has_bad_taint(mod))
		return 0;
	tpm = kmalloc(sizeof(*tpm), GFP_KERNEL);
	if (!tpm)
		return -ENOMEM;
	tpm->mod = mod;
	mutex_lock(&tp_modules_mutex);
	list_add_tail(&tpm->list, &tp_modules);
	blocking_notifier_call_chain(&tp_module_notifiers, MODULE_STATE_COMING, tpm);
	mutex_unlock(&tp_modules_mutex);
	return 0;
}

/* Whoever attached to a module's tracepoint must have let go by GOING. */
static void tp_check_detached(struct tracepoint *tp, struct module *mod, void *priv)
{
	WARN_ONCE(rcu_access_pointer(tp->funcs),
		  "module %s unloads with probes on tracepoint %s\n", mod->name, tp->name);
}

static void tp_module_going(struct module *mod)
{
	struct tp_module *tpm;

	mutex_lock(&tp_modules_mutex);
	list_for_each_entry(tpm, &tp_modules, list) {
		if (tpm->mod != mod)
			continue;
		blocking_notifier_call_chain(&tp_module_notifiers, MODULE_STATE_GOING, tpm);
		list_del(&tpm->list);
		kfree(tpm);
		for_each_tracepoint_in_module(mod, tp_check_detached, NULL);
		break;
	}
	mutex_unlock(&tp_modules_mutex);
}

static int tp_module_notify(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;

	switch (state) {
	case MODULE_STATE_COMING:
		return notifier_from_errno(tp_module_coming(mod));
	case MODULE_STATE_GOING:
		tp_module_going(mod);
		break;
	default:
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block tp_module_nb = {
	.notifier_call = tp_module_notify,
	/* After jump labels (priority 1) have set up the module's keys. */
	.priority = 0,
};

static __init int tracepoints_init(void)
{
	int ret = register_module_notifier(&tp_module_nb);

	if (ret)
		pr_warn("tracepoint: cannot follow module tracepoints (%d)\n", ret);
	return ret;
}
core_initcall(tracepoints_init);

#endif /* CONFIG_MODULES */

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS

/*
 * The raw_syscalls tracepoints sit on the syscall work path, which a task
 * takes only with SYSCALL_WORK_SYSCALL_TRACEPOINT set.  Their regfunc and
 * unregfunc (called under tracepoints_mutex) flag every task while any of
 * them has a probe; fork copies the flag (syscall_tracepoint_update()).
 */
static int syscall_tp_users;

static void syscall_tp_flag_all(bool on)
{
	struct task_struct *p, *t;

	read_lock(&tasklist_lock);
	for_each_process_thread(p, t) {
		if (on)
			set_task_syscall_work(t, SYSCALL_TRACEPOINT);
		else
			clear_task_syscall_work(t, SYSCALL_TRACEPOINT);
	}
	read_unlock(&tasklist_lock);
}

int syscall_regfunc(void)
{
	if (!syscall_tp_users++)
		syscall_tp_flag_all(true);
	return 0;
}

void syscall_unregfunc(void)
{
	if (!--syscall_tp_users)
		syscall_tp_flag_all(false);
}

#endif /* CONFIG_HAVE_SYSCALL_TRACEPOINTS */
