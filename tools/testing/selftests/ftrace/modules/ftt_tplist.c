// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_tplist - list every tracepoint the running kernel has.
 *
 * /sys/kernel/debug/ftt_tplist reads, one line each, "kernel NAME" for the
 * built-in tracepoints and "module MOD NAME" for those of loaded modules,
 * taken afresh at every read.  The harness compares this list between the
 * two flavours, and selftests use it to see module tracepoints come and go.
 */
#include <linux/debugfs.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

/*
 * Modules with tracepoints, as the tracepoint module notifier announces
 * them (the walkers over all modules are not exported to modules).
 */
struct tp_mod {
	struct list_head list;
	struct module *mod;
};
static LIST_HEAD(tp_mods);
static DEFINE_MUTEX(tp_mods_lock);

static int tp_mods_notify(struct notifier_block *nb, unsigned long state, void *data)
{
	struct tp_module *tpm = data;
	struct tp_mod *m, *tmp;

	mutex_lock(&tp_mods_lock);
	if (state == MODULE_STATE_COMING) {
		m = kmalloc(sizeof(*m), GFP_KERNEL);
		if (m) {
			m->mod = tpm->mod;
			list_add_tail(&m->list, &tp_mods);
		}
	} else if (state == MODULE_STATE_GOING) {
		list_for_each_entry_safe(m, tmp, &tp_mods, list) {
			if (m->mod == tpm->mod) {
				list_del(&m->list);
				kfree(m);
			}
		}
	}
	mutex_unlock(&tp_mods_lock);
	return NOTIFY_OK;
}

static struct notifier_block tp_mods_nb = {
	.notifier_call = tp_mods_notify,
};

static void show_kernel_tp(struct tracepoint *tp, void *priv)
{
	seq_printf(priv, "kernel %s\n", tp->name);
}

static int tplist_show(struct seq_file *s, void *unused)
{
	struct tp_mod *m;
	unsigned int i;

	for_each_kernel_tracepoint(show_kernel_tp, s);
	mutex_lock(&tp_mods_lock);
	list_for_each_entry(m, &tp_mods, list)
		for (i = 0; i < m->mod->num_tracepoints; i++)
			seq_printf(s, "module %s %s\n", m->mod->name,
				   tracepoint_ptr_deref(&m->mod->tracepoints_ptrs[i])->name);
	mutex_unlock(&tp_mods_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tplist);

static struct dentry *tplist_file;

static int __init ftt_tplist_init(void)
{
	int ret = register_tracepoint_module_notifier(&tp_mods_nb);

	if (ret)
		return ret;
	tplist_file = debugfs_create_file("ftt_tplist", 0444, NULL, NULL, &tplist_fops);
	return 0;
}

static void __exit ftt_tplist_exit(void)
{
	debugfs_remove(tplist_file);
	unregister_tracepoint_module_notifier(&tp_mods_nb);
}

module_init(ftt_tplist_init);
module_exit(ftt_tplist_exit);
MODULE_DESCRIPTION("List the kernel's and modules' tracepoints in debugfs");
MODULE_LICENSE("GPL");
