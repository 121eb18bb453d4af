// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_hang: stop the machine dead, for the harness's own tests.
 *
 * Loading it turns every CPU into a busy loop with interrupts off, so the
 * guest makes no progress at all: no timer, no task, no output.  That is
 * the hang tools/testing/vm/run --stall has to notice and make check has
 * to name (tools/testing/vm/hang.tc loads it).  Never load it by hand on
 * a machine you want back.
 */
#include <linux/module.h>
#include <linux/smp.h>
#include <linux/irqflags.h>
#include <linux/processor.h>

static void ftt_hang_here(void *unused)
{
	local_irq_disable();
	for (;;)
		cpu_relax();
}

static int __init ftt_hang_init(void)
{
	pr_info("ftt_hang: stopping every CPU\n");
	/* The others first, without waiting for them; then this one. */
	smp_call_function(ftt_hang_here, NULL, 0);
	ftt_hang_here(NULL);
	return 0;
}
module_init(ftt_hang_init);

MODULE_DESCRIPTION("Hang every CPU, for the test harness's hang detection");
MODULE_LICENSE("GPL");
