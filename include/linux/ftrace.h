/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

/*
 * The function tracer's kernel-wide interface: the hooks the core kernel
 * calls at boot, on module load and unload, on fork and exit, and from the
 * unwinder, plus the caller-address helpers that tracing and lockdep use.
 *
 * Function tracing is not built yet (CONFIG_FUNCTION_TRACER and the
 * options under it are not offered), so every hook below is an empty
 * inline: the callers compile to nothing.  The real versions replace these
 * as the features land.
 */

/* What users have long got through this header, in alphabetical order. */
#include <linux/bitops.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/ktime.h>
#include <linux/linkage.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/trace_clock.h>
#include <linux/trace_recursion.h>
#include <linux/types.h>

#include <asm/ftrace.h>

struct module;
struct ftrace_ops;
struct ftrace_regs;

/* Functions the graph tracer must not hook (none is hooked yet). */
#define __notrace_funcgraph

/*
 * Caller addresses: CALLER_ADDR0 is the address the current function
 * returns to, CALLER_ADDRn the one n frames further up (0 where the
 * compiler cannot tell).
 */
#ifndef ftrace_return_address0
# define ftrace_return_address0 __builtin_return_address(0)
#endif
#ifndef ftrace_return_address
# ifdef CONFIG_FRAME_POINTER
#  define ftrace_return_address(n) __builtin_return_address(n)
# else
#  define ftrace_return_address(n) 0UL
# endif
#endif

#define __tp_caller(n)	((unsigned long)ftrace_return_address(n))
#define CALLER_ADDR0	((unsigned long)ftrace_return_address0)
#define CALLER_ADDR1	__tp_caller(1)
#define CALLER_ADDR2	__tp_caller(2)
#define CALLER_ADDR3	__tp_caller(3)
#define CALLER_ADDR4	__tp_caller(4)
#define CALLER_ADDR5	__tp_caller(5)
#define CALLER_ADDR6	__tp_caller(6)

/*
 * The address that took a lock on behalf of the current function: one frame
 * further up when the current function is itself a locking primitive.
 */
static __always_inline unsigned long get_lock_parent_ip(void)
{
	unsigned long ip = CALLER_ADDR0;

	if (in_lock_functions(ip)) {
		ip = CALLER_ADDR1;
		if (in_lock_functions(ip))
			ip = CALLER_ADDR2;
	}
	return ip;
}

/* Boot: set up tracing as early as memory allows, then the rest. */
static inline void ftrace_init(void)
{
}

#ifdef CONFIG_TRACING
/* Boot: allocate the top-level buffer early, create tracefs files later. */
void early_trace_init(void);
void trace_init(void);
#else
static inline void early_trace_init(void)
{
}

static inline void trace_init(void)
{
}
#endif

static inline void ftrace_free_init_mem(void)
{
}

static inline void ftrace_free_mem(struct module *mod, void *start, void *end)
{
}

static inline void ftrace_boot_snapshot(void)
{
}

/* Modules: their function-entry call sites come and go with them. */
static inline void ftrace_module_init(struct module *mod)
{
}

static inline void ftrace_module_enable(struct module *mod)
{
}

static inline void ftrace_release_mod(struct module *mod)
{
}

/* Symbols of trampolines that tracing allocates (for kallsyms). */
static inline bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

static inline int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
					    unsigned long *off, char **modname,
					    const unsigned char **modbuildid, char *sym)
{
	return 0;
}

static inline int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
					 char *type, char *name, char *module_name,
					 int *exported)
{
	return -1;
}

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}

/* Registering function-entry callbacks: not available yet. */
static inline int register_ftrace_function(struct ftrace_ops *ops)
{
	return -ENODEV;
}

static inline int unregister_ftrace_function(struct ftrace_ops *ops)
{
	return -ENODEV;
}

static inline void ftrace_kill(void)
{
}

static inline int ftrace_location(unsigned long ip)
{
	return 0;
}

static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}

/*
 * Function-graph tracing hooks tasks' return addresses; a task's shadow
 * stack is set up on fork and released on exit, and the unwinder asks for
 * the real return address behind a hooked one.
 */
static inline void ftrace_graph_init_task(struct task_struct *t)
{
}

static inline void ftrace_graph_exit_task(struct task_struct *t)
{
}

static inline void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
}

static inline unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
						  unsigned long ret, unsigned long *retp)
{
	return ret;
}

static inline void pause_graph_tracing(void)
{
}

static inline void unpause_graph_tracing(void)
{
}

static inline bool ftrace_graph_is_dead(void)
{
	return true;
}

static inline void ftrace_graph_stop(void)
{
}

#ifdef CONFIG_TRACING
enum ftrace_dump_mode;
struct ctl_table;

/*
 * ftrace_dump_on_oops: "0" (off), "1" (every CPU), "2"/"orig_cpu" (the
 * CPU that oopsed), optionally followed by ",INSTANCE[=orig_cpu]..."; the
 * kernel.ftrace_dump_on_oops sysctl writes the string directly.
 */
#define MAX_TRACER_SIZE		100
extern char ftrace_dump_on_oops[];
int ftrace_dump_on_oops_enabled(void);

/* kernel.tracepoint_printk: events also go to printk (tp_printk). */
extern int tracepoint_printk;
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos);

/* Stop tracing on the first WARN() if asked to (traceoff_on_warning). */
extern int __disable_trace_on_warning;
void disable_trace_on_warning(void);
#else
static inline void disable_trace_on_warning(void)
{
}
#endif

/*
 * The scheduler's reports of preemption going off and back on, for the
 * preemptirq tracepoints (kernel/trace/trace_preemptirq.c).
 */
#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
void trace_preempt_on(unsigned long a0, unsigned long a1);
void trace_preempt_off(unsigned long a0, unsigned long a1);
#else
static inline void trace_preempt_on(unsigned long a0, unsigned long a1)
{
}

static inline void trace_preempt_off(unsigned long a0, unsigned long a1)
{
}
#endif

#endif /* _LINUX_FTRACE_H */
