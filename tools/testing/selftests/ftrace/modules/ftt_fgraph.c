// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_fgraph - deep recursion and stack dumps under the graph tracer.
 *
 * Loading it calls ftt_fgraph_recurse() @depth levels deep; the deepest
 * call dumps its stack (what a WARN prints, without the warning) and
 * every level adds its own number to the result on the way back, so a
 * return that came back to the wrong place, or not at all, shows in the
 * sum the module logs:
 *
 *	ftt_fgraph: depth=200 sum=20100 expected=20100
 *
 * With function_graph on ftt_fgraph_recurse, the first calls are hooked
 * until the task's shadow stack is full; the deeper ones run unhooked
 * (overruns) and everything returns as it came.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/printk.h>

static unsigned int depth = 200;
module_param(depth, uint, 0444);
MODULE_PARM_DESC(depth, "levels of recursion (at most 1000)");

static unsigned int dump = 1;
module_param(dump, uint, 0444);
MODULE_PARM_DESC(dump, "dump the stack at the deepest level");

/* Not static and not inlinable: each level is a traced call. */
unsigned long ftt_fgraph_recurse(unsigned int level);
noinline unsigned long ftt_fgraph_recurse(unsigned int level)
{
	unsigned long sum;

	if (!level) {
		if (dump)
			dump_stack();
		return 0;
	}
	sum = ftt_fgraph_recurse(level - 1) + level;
	/* Keep the call a call, not a tail call. */
	asm volatile("" : "+r" (sum));
	return sum;
}

static int __init ftt_fgraph_init(void)
{
	unsigned long want, sum;

	if (depth > 1000)
		return -EINVAL;
	want = (unsigned long)depth * (depth + 1) / 2;
	sum = ftt_fgraph_recurse(depth);
	pr_info("ftt_fgraph: depth=%u sum=%lu expected=%lu\n", depth, sum, want);
	return sum == want ? 0 : -EIO;
}

static void __exit ftt_fgraph_exit(void)
{
}

module_init(ftt_fgraph_init);
module_exit(ftt_fgraph_exit);
MODULE_DESCRIPTION("Deep recursion and stack dumps for the graph tracer's tests");
MODULE_LICENSE("GPL");
