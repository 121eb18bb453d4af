/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_TRACE_API_H
#define __LINUX_TRACE_API_H

/*
 * Interfaces of the tracing core for other kernel code: mirroring trace
 * output to another sink (trace_export), writing into a named trace
 * instance, and the OS-noise tracer's architecture hooks.  Without
 * CONFIG_TRACING the calls are inline no-ops that report failure where
 * they return a value; exports are not offered yet.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/compiler.h>

#define TRACE_EXPORT_FUNCTION	BIT(0)
#define TRACE_EXPORT_EVENT	BIT(1)
#define TRACE_EXPORT_MARKER	BIT(2)

/*
 * A sink that receives a copy of trace records: @write is called with each
 * record of the kinds in @flags (TRACE_EXPORT_*).  Sinks are kept in an
 * RCU list through @next.
 */
struct trace_export {
	struct trace_export __rcu	*next;
	void (*write)(struct trace_export *export, const void *data, unsigned int size);
	int flags;
};

struct trace_array;

static inline int register_ftrace_export(struct trace_export *sink)
{
	return -EINVAL;
}

static inline int unregister_ftrace_export(struct trace_export *sink)
{
	return 0;
}

#ifdef CONFIG_TRACING
/*
 * Kernel users of named instances: get (creating it if need be) and put
 * an instance, write into it, and remove it.  See kernel/trace/trace.c.
 */
void trace_printk_init_buffers(void);
__printf(3, 4) int trace_array_printk(struct trace_array *tr, unsigned long ip,
				      const char *fmt, ...);
int trace_array_init_printk(struct trace_array *tr);
void trace_array_put(struct trace_array *tr);
struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems);
int trace_array_destroy(struct trace_array *tr);
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size);

#define trace_array_puts(tr, str)					\
	({								\
		str ? __trace_array_puts(tr, _THIS_IP_, str, strlen(str)) : -1; \
	})

/*
 * The osnoise tracer's interrupt accounting (kernel/trace/trace_osnoise.c):
 * an architecture whose vectors have their own tracepoints hooks them in
 * osnoise_arch_register() and reports each through the entry and exit
 * calls; the defaults hook nothing.
 */
int osnoise_arch_register(void);
void osnoise_arch_unregister(void);
void osnoise_trace_irq_entry(int id);
void osnoise_trace_irq_exit(int id, const char *desc);
#else
static inline void trace_printk_init_buffers(void)
{
}

static inline __printf(3, 4) int trace_array_printk(struct trace_array *inst, unsigned long ip,
						 const char *fmt, ...)
{
	return 0;
}

static inline int trace_array_init_printk(struct trace_array *inst)
{
	return -EINVAL;
}

static inline void trace_array_put(struct trace_array *inst)
{
}

static inline struct trace_array *trace_array_get_by_name(const char *inst_name,
							  const char *event_systems)
{
	return NULL;
}

static inline int trace_array_destroy(struct trace_array *inst)
{
	return 0;
}
#endif

#endif /* __LINUX_TRACE_API_H */
