// SPDX-License-Identifier: GPL-2.0
/* Placeholder while the tracing core is written (see trace.h). */
#include <linux/kernel.h>
#include <linux/sysctl.h>
#include "trace.h"

char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

void disable_trace_on_warning(void)
{
}

void tracing_on(void)
{
}

void tracing_off(void)
{
}

int tracing_is_on(void)
{
	return 0;
}

void __init early_trace_init(void)
{
}

void __init trace_init(void)
{
}

unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	return irqs_status << 16;
}
