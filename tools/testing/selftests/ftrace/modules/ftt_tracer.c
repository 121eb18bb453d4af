// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_tracer - a tracer that lives in a module, for the tracer machinery's
 * tests (test.d/tracefs/tracer-options.tc).
 *
 * "ftt_opts" records nothing.  It has two options: ftt-alpha, which it
 * always accepts, and ftt-beta, which it refuses to change while it is an
 * array's current tracer.  Writing 1 to the fail_init parameter makes its
 * next selections fail with -ENOSPC.  The counters show how often the core
 * called it and how many arrays use it now.
 *
 * Only our flavour exports register_tracer(): the Makefile builds this
 * module where the kernel's Module.symvers lists it.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "trace.h"

#define FTT_OPT_ALPHA	BIT(0)
#define FTT_OPT_BETA	BIT(1)

static bool fail_init;
module_param(fail_init, bool, 0644);
MODULE_PARM_DESC(fail_init, "selecting the tracer fails with -ENOSPC");

static int inits;
module_param(inits, int, 0444);
MODULE_PARM_DESC(inits, "successful init() calls");

static int resets;
module_param(resets, int, 0444);
MODULE_PARM_DESC(resets, "reset() calls");

static int set_flags;
module_param(set_flags, int, 0444);
MODULE_PARM_DESC(set_flags, "set_flag() calls, refused ones included");

static struct tracer_opt ftt_options[] = {
	{ .name = "ftt-alpha",	.bit = FTT_OPT_ALPHA },
	{ .name = "ftt-beta",	.bit = FTT_OPT_BETA },
	{ }
};

static struct tracer_flags ftt_flags = {
	.opts	= ftt_options,
};

static int ftt_init(struct trace_array *tr)
{
	if (READ_ONCE(fail_init))
		return -ENOSPC;
	inits++;
	return 0;
}

static void ftt_reset(struct trace_array *tr)
{
	resets++;
}

static int ftt_set_flag(struct trace_array *tr, u32 old_flags, u32 bit, int set)
{
	set_flags++;
	return bit == FTT_OPT_BETA ? -EINVAL : 0;
}

static struct tracer ftt_tracer = {
	.name		= "ftt_opts",
	.init		= ftt_init,
	.reset		= ftt_reset,
	.set_flag	= ftt_set_flag,
	.flags		= &ftt_flags,
	.allow_instances = true,
	.owner		= THIS_MODULE,
};

/* The number of arrays whose current tracer ftt_opts is. */
static int users_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", READ_ONCE(ftt_tracer.enabled));
}

static const struct kernel_param_ops users_ops = {
	.get = users_get,
};
module_param_cb(users, &users_ops, NULL, 0444);
MODULE_PARM_DESC(users, "arrays that have ftt_opts as their current tracer");

static int __init ftt_tracer_init(void)
{
	return register_tracer(&ftt_tracer);
}

static void __exit ftt_tracer_exit(void)
{
	unregister_tracer(&ftt_tracer);
}

module_init(ftt_tracer_init);
module_exit(ftt_tracer_exit);
MODULE_DESCRIPTION("A tracer in a module, for the tests of tracer options");
MODULE_LICENSE("GPL");
