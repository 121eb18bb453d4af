// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_smoke - the harness's smallest test module.
 *
 * Loading it proves that modules built by the harness match the booted
 * kernel; its parameter and the line it logs let a selftest check that the
 * module really ran, and unloading it checks the exit path.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static int token = 42;
module_param(token, int, 0444);
MODULE_PARM_DESC(token, "number echoed in the load message");

static int __init ftt_smoke_init(void)
{
	pr_info("ftt_smoke: loaded, token=%d\n", token);
	return 0;
}

static void __exit ftt_smoke_exit(void)
{
	pr_info("ftt_smoke: unloaded\n");
}

module_init(ftt_smoke_init);
module_exit(ftt_smoke_exit);
MODULE_DESCRIPTION("Smoke-test module of the tracing test harness");
MODULE_LICENSE("GPL");
