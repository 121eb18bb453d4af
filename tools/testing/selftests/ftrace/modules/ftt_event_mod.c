// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_event_mod - a module with events of its own, for the events/
 * selftests: they appear on load, record, and go on unload.
 *
 * Writing N to /sys/kernel/debug/ftt_event_mod fires, for i = 1..N,
 * ftt_evmod_tick(i, "hello"), ftt_evmod_open(i), ftt_evmod_close(-i) and
 * ftt_evmod_initcall(i).
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include "ftt_event_mod_trace.h"
#include "ftt_event_mod_initcall.h"

static ssize_t fire_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	unsigned int n, i;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 0, &n);
	if (ret)
		return ret;
	if (n > 1000000)
		return -ERANGE;
	for (i = 1; i <= n; i++) {
		trace_ftt_evmod_tick(i, "hello");
		trace_ftt_evmod_open(i);
		trace_ftt_evmod_close(-(int)i);
		trace_ftt_evmod_initcall(i);
	}
	return count;
}

static const struct file_operations fire_fops = {
	.write = fire_write,
	.llseek = noop_llseek,
};

static struct dentry *fire_file;

static int __init ftt_event_mod_init(void)
{
	fire_file = debugfs_create_file("ftt_event_mod", 0200, NULL, NULL,
					&fire_fops);
	return 0;
}

static void __exit ftt_event_mod_exit(void)
{
	debugfs_remove(fire_file);
}

module_init(ftt_event_mod_init);
module_exit(ftt_event_mod_exit);
MODULE_DESCRIPTION("Events of a module, for the event selftests");
MODULE_LICENSE("GPL");
