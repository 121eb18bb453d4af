// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_tp_provider - a module with tracepoints of its own.
 *
 * Writing a number N to /sys/kernel/debug/ftt_tp_provider fires the
 * tracepoints ftt_ping(i) and ftt_even(i) for i = 1..N.  Selftests use it
 * to check that module tracepoints appear on load, reach probes, honour
 * TP_CONDITION, and disappear on unload.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kstrtox.h>
#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include "ftt_provider_trace.h"

EXPORT_TRACEPOINT_SYMBOL_GPL(ftt_ping);

static ssize_t fire_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	unsigned int n, i;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 0, &n);
	if (ret)
		return ret;
	if (n > 1000000)
		return -ERANGE;
	for (i = 1; i <= n; i++) {
		trace_ftt_ping(i);
		trace_ftt_even(i);
	}
	return count;
}

static const struct file_operations fire_fops = {
	.write = fire_write,
	.llseek = noop_llseek,
};

static struct dentry *fire_file;

static int __init ftt_tp_provider_init(void)
{
	fire_file = debugfs_create_file("ftt_tp_provider", 0200, NULL, NULL, &fire_fops);
	return 0;
}

static void __exit ftt_tp_provider_exit(void)
{
	debugfs_remove(fire_file);
}

module_init(ftt_tp_provider_init);
module_exit(ftt_tp_provider_exit);
MODULE_DESCRIPTION("Test module with tracepoints of its own");
MODULE_LICENSE("GPL");
