// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_printk - a module that uses trace_printk() and its relatives.
 *
 * Every "emit" writes one fixed set of records into the trace buffers,
 * tagged with a number: on load (the token parameter), and whenever a
 * number is written to /sys/module/ftt_printk/parameters/emit.  In order:
 *
 *   trace_printk("constant")           TRACE_BPUTS
 *   trace_printk(const fmt, args)      TRACE_BPRINT
 *   trace_printk(variable fmt, args)   TRACE_PRINT
 *   trace_puts(variable string)        TRACE_PRINT, '\n' added
 *   trace_puts("constant")             TRACE_BPUTS
 *   ftrace_vprintk() in ftt_vprintk()  TRACE_PRINT (format not constant)
 *   trace_dump_stack(0)                TRACE_STACK
 *
 * and trace_array_printk() into the instance "ftt_printk", which the
 * module creates on load and removes on unload.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/trace.h>

#define INSTANCE	"ftt_printk"

static int token = 1;
module_param(token, int, 0444);
MODULE_PARM_DESC(token, "number the records written on load carry");

static struct trace_array *inst;

/* Not const: the compiler must not see these as constants. */
static char dyn_fmt[] = "ftt_printk: print token=%d\n";
static char dyn_str[] = "ftt_printk: puts variable";

static noinline __printf(1, 2) void ftt_vprintk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ftrace_vprintk(fmt, ap);
	va_end(ap);
}

static noinline void ftt_printk_emit(int n)
{
	trace_printk("ftt_printk: constant\n");
	trace_printk("ftt_printk: bprint token=%d str=%s c=%c hex=%#x\n",
		     n, "hello", 'x', 0xbeef);
	trace_printk(dyn_fmt, n);
	trace_puts(dyn_str);
	trace_puts("ftt_printk: puts constant\n");
	ftt_vprintk("ftt_printk: vprintk token=%d\n", n);
	trace_dump_stack(0);
	if (inst)
		trace_array_printk(inst, _THIS_IP_,
				   "ftt_printk: instance token=%d\n", n);
}

static int emit_set(const char *val, const struct kernel_param *kp)
{
	int n, ret = kstrtoint(val, 0, &n);

	if (ret)
		return ret;
	ftt_printk_emit(n);
	return 0;
}

static const struct kernel_param_ops emit_ops = {
	.set = emit_set,
};
module_param_cb(emit, &emit_ops, NULL, 0200);
MODULE_PARM_DESC(emit, "write a number to emit the records again");

static int __init ftt_printk_init(void)
{
	inst = trace_array_get_by_name(INSTANCE, NULL);
	if (!inst)
		return -ENOMEM;
	if (trace_array_init_printk(inst)) {
		trace_array_put(inst);
		trace_array_destroy(inst);
		return -ENOMEM;
	}
	ftt_printk_emit(token);
	return 0;
}

static void __exit ftt_printk_exit(void)
{
	trace_array_put(inst);
	trace_array_destroy(inst);
}

module_init(ftt_printk_init);
module_exit(ftt_printk_exit);
MODULE_DESCRIPTION("trace_printk() user of the tracing test harness");
MODULE_LICENSE("GPL");
