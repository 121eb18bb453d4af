// SPDX-License-Identifier: GPL-2.0
/*
 * The nop tracer: what current_tracer holds when no tracer runs.
 *
 * It records nothing itself; events, markers and trace_printk() still
 * land in the buffer.  Its two options exist only so that the machinery
 * of tracer options (trace_options, options/NAME, set_flag) has a user
 * in every kernel: changing test_nop_accept succeeds, changing
 * test_nop_refuse is refused.
 *
 * The registry falls back to nop_trace, so this file only defines it:
 * boot registers it (trace_boot.c), keeping the calls one way.
 */
#include <linux/printk.h>

#include "trace.h"

#define NOP_OPT_ACCEPT	BIT(0)
#define NOP_OPT_REFUSE	BIT(1)

static struct tracer_opt nop_options[] = {
	{ .name = "test_nop_accept",	.bit = NOP_OPT_ACCEPT },
	{ .name = "test_nop_refuse",	.bit = NOP_OPT_REFUSE },
	{ }
};

static struct tracer_flags nop_flags = {
	.opts	= nop_options,
};

static int nop_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			int set)
{
	switch (bit) {
	case NOP_OPT_ACCEPT:
		pr_debug("nop: test_nop_accept %s, accepted\n",
			 set ? "set" : "cleared");
		return 0;
	case NOP_OPT_REFUSE:
		pr_debug("nop: test_nop_refuse %s, refused\n",
			 set ? "set" : "cleared");
		return -EINVAL;
	default:
		return 0;
	}
}

struct tracer nop_trace __read_mostly = {
	.name		= "nop",
	.set_flag	= nop_set_flag,
	.flags		= &nop_flags,
	.allow_instances = true,
};
