// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_dump: call ftrace_dump() once, while loading, the way a crash does
 * (interrupts off unless irqs_off=0), so that a test can read the dump
 * in the kernel log without crashing anything.
 *
 *   mode=all    DUMP_ALL: every CPU of the top-level buffer
 *   mode=orig   DUMP_ORIG: only the records of the CPU loading the module
 *   mode=param  DUMP_PARAM: what kernel.ftrace_dump_on_oops names
 *
 * The dump is bracketed by "ftt_dump: begin TAG on CPU N" and
 * "ftt_dump: end TAG" lines.
 */
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/smp.h>
#include <linux/string.h>

static char *mode = "all";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "all, orig or param");

static char *tag = "";
module_param(tag, charp, 0444);
MODULE_PARM_DESC(tag, "text for the begin and end lines");

static bool irqs_off = true;
module_param(irqs_off, bool, 0444);
MODULE_PARM_DESC(irqs_off, "dump with interrupts disabled");

static int __init ftt_dump_init(void)
{
	enum ftrace_dump_mode how;
	unsigned long flags = 0;

	if (!strcmp(mode, "all"))
		how = DUMP_ALL;
	else if (!strcmp(mode, "orig"))
		how = DUMP_ORIG;
	else if (!strcmp(mode, "param"))
		how = DUMP_PARAM;
	else
		return -EINVAL;

	/* Interrupts off also keeps us on the CPU named in the begin line. */
	local_irq_save(flags);
	pr_info("ftt_dump: begin %s on CPU %d\n", tag, raw_smp_processor_id());
	if (!irqs_off)
		local_irq_restore(flags);
	ftrace_dump(how);
	if (irqs_off)
		local_irq_restore(flags);
	pr_info("ftt_dump: end %s\n", tag);
	return 0;
}

static void __exit ftt_dump_exit(void)
{
}

module_init(ftt_dump_init);
module_exit(ftt_dump_exit);
MODULE_DESCRIPTION("Calls ftrace_dump() for the selftests");
MODULE_LICENSE("GPL");
