/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_TRACEPOINT_H
#define _LINUX_TRACEPOINT_H

/*
 * Tracepoints: named hooks in kernel code that cost a patched-out jump
 * while nothing listens, and call the attached probes in priority order
 * when something does.
 *
 * A tracepoint is declared in a header with DECLARE_TRACE() or one of the
 * TRACE_EVENT() family (second half of this file), and defined in exactly
 * one C file by including that header with CREATE_TRACE_POINTS defined
 * (see <trace/define_trace.h>).  Declaring tracepoint "foo" gives:
 *
 *   trace_foo(args)               fire it (inline; nothing happens while
 *                                 no probe is attached)
 *   trace_foo_enabled()           whether any probe is attached
 *   register_trace_foo(probe, data), register_trace_prio_foo(..., prio),
 *   unregister_trace_foo(probe, data)
 *
 * A probe is a function void probe(void *data, <the tracepoint's args>).
 * Probes run with preemption disabled and must not sleep.  After
 * unregistering, call tracepoint_synchronize_unregister() before freeing
 * anything the probe uses.
 *
 * Design: the call site tests the static key inline and, only when it is
 * on, calls the out-of-line __traceiter_foo(), which walks the probe array
 * under RCU-sched.  Keeping the loop out of line keeps every call site
 * small; the array and its ordering are maintained by kernel/tracepoint.c.
 */

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/types.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/stringify.h>
#include <linux/tracepoint-defs.h>

struct module;
struct notifier_block;

/* One TRACE_DEFINE_ENUM()/TRACE_DEFINE_SIZEOF() entry (for event formats). */
struct trace_eval_map {
	const char		*system;
	const char		*eval_string;
	unsigned long		eval_value;
};

#define TRACEPOINT_DEFAULT_PRIO	10

/* Visitors for the walkers over tracepoints below. */
typedef void (*tracepoint_visit_t)(struct tracepoint *tp, void *priv);
typedef void (*tracepoint_mod_visit_t)(struct tracepoint *tp, struct module *mod, void *priv);

extern int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data);
extern int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe, void *data,
					  int prio);
extern int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp, void *probe,
						    void *data, int prio);
extern int tracepoint_probe_unregister(struct tracepoint *tp, void *probe, void *data);
extern void for_each_kernel_tracepoint(tracepoint_visit_t fct, void *priv);

static inline int tracepoint_probe_register_may_exist(struct tracepoint *tp, void *probe,
						      void *data)
{
	return tracepoint_probe_register_prio_may_exist(tp, probe, data,
							TRACEPOINT_DEFAULT_PRIO);
}

#ifdef CONFIG_MODULES
/* Passed to the module notifier when a module with tracepoints comes or goes. */
struct tp_module {
	struct list_head	list;
	struct module		*mod;
};

bool trace_module_has_bad_taint(struct module *mod);
extern int register_tracepoint_module_notifier(struct notifier_block *nb);
extern int unregister_tracepoint_module_notifier(struct notifier_block *nb);
void for_each_module_tracepoint(tracepoint_mod_visit_t fct, void *priv);
void for_each_tracepoint_in_module(struct module *mod, tracepoint_mod_visit_t fct, void *priv);
#else
static inline bool trace_module_has_bad_taint(struct module *mod)
{
	return false;
}

static inline int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline int unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}

/* (Names in parentheses: checkpatch takes for_each_*( for a loop.) */
static inline void (for_each_module_tracepoint)(tracepoint_mod_visit_t fct, void *priv)
{
}

static inline void (for_each_tracepoint_in_module)(struct module *mod,
						   tracepoint_mod_visit_t fct, void *priv)
{
}
#endif /* CONFIG_MODULES */

/*
 * Probes run inside preempt-disabled regions, which a normal RCU grace
 * period waits for.
 */
#ifdef CONFIG_TRACEPOINTS
static inline void tracepoint_synchronize_unregister(void)
{
	synchronize_rcu();
}
#else
static inline void tracepoint_synchronize_unregister(void)
{
}
#endif

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS
extern int syscall_regfunc(void);
extern void syscall_unregfunc(void);
#endif

#define PARAMS(args...) args

#if defined(CONFIG_TRACEPOINTS) && !defined(NOTRACE)
#define TRACEPOINTS_ENABLED
#endif

#ifdef TRACEPOINTS_ENABLED

#ifdef CONFIG_HAVE_ARCH_PREL32_RELOCATIONS
static inline struct tracepoint *tracepoint_ptr_deref(tracepoint_ptr_t *p)
{
	return offset_to_ptr(p);
}

/* A 4-byte offset from the entry to the tracepoint. */
#define __TRACEPOINT_ENTRY(name)					\
	asm("	.section \"__tracepoints_ptrs\", \"a\"\n"		\
	    "	.balign 4\n"						\
	    "	.long __tracepoint_" #name " - .\n"			\
	    "	.previous\n")
#else
static inline struct tracepoint *tracepoint_ptr_deref(tracepoint_ptr_t *p)
{
	return *p;
}

#define __TRACEPOINT_ENTRY(name)					\
	static tracepoint_ptr_t __tracepoint_ptr_##name __used		\
	__section("__tracepoints_ptrs") = &__tracepoint_##name
#endif

/*
 * The declarations every user of tracepoint @name sees.  @cond is tested
 * only once the key is on: probes never run on a CPU that is not online
 * (RCU does not watch it) nor when the tracepoint's own condition fails.
 */
#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	extern struct tracepoint __tracepoint_##name;			\
	extern int __traceiter_##name(data_proto);			\
	static inline void trace_##name(proto)				\
	{								\
		if (static_branch_unlikely(&__tracepoint_##name.key) &&	\
		    cpu_online(raw_smp_processor_id()) && (cond))	\
			__traceiter_##name(NULL, args);			\
	}								\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return static_branch_unlikely(&__tracepoint_##name.key); \
	}								\
	static inline int						\
	register_trace_prio_##name(void (*probe)(data_proto), void *data, \
				   int prio)				\
	{								\
		return tracepoint_probe_register_prio(&__tracepoint_##name, \
						      (void *)probe, data, prio); \
	}								\
	static inline int						\
	register_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return register_trace_prio_##name(probe, data,		\
						  TRACEPOINT_DEFAULT_PRIO); \
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return tracepoint_probe_unregister(&__tracepoint_##name, \
						   (void *)probe, data); \
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}

/*
 * The definition, emitted once by the C file that instantiates the header.
 * The iterator runs every attached probe with its own data pointer, under
 * RCU-sched: a probe array stays valid until a grace period after it was
 * replaced.
 */
#define DEFINE_TRACE_FN(_name, _reg, _unreg, proto, args)		\
	static const char __tpstrtab_##_name[]				\
	__section("__tracepoints_strings") = #_name;			\
	extern int __traceiter_##_name(void *__data, proto);		\
	void __probestub_##_name(void *__data, proto);			\
	struct tracepoint __tracepoint_##_name __used			\
	__section("__tracepoints") = {					\
		.name = __tpstrtab_##_name,				\
		.key = STATIC_KEY_FALSE_INIT,				\
		.regfunc = _reg,					\
		.unregfunc = _unreg,					\
		.funcs = NULL,						\
		.iterator = &__traceiter_##_name,			\
		.probestub = &__probestub_##_name,			\
	};								\
	__TRACEPOINT_ENTRY(_name);					\
	int notrace __traceiter_##_name(void *__data, proto)		\
	{								\
		struct tracepoint_func *__tp_probe;			\
									\
		preempt_disable_notrace();				\
		__tp_probe = rcu_dereference_raw(__tracepoint_##_name.funcs); \
		if (likely(__tp_probe)) {				\
			for (; __tp_probe->func; __tp_probe++)		\
				((void (*)(void *, proto))__tp_probe->func) \
					(__tp_probe->data, args);	\
		}							\
		preempt_enable_notrace();				\
		return 0;						\
	}								\
	void __probestub_##_name(void *__data, proto)			\
	{								\
	}

#define DEFINE_TRACE(name, proto, args)					\
	DEFINE_TRACE_FN(name, NULL, NULL, PARAMS(proto), PARAMS(args))

/*
 * Let modules fire and probe tracepoint @name: they need the tracepoint
 * (its key and probes) and its iterator.  The declaration makes a name that
 * is not a tracepoint fail here rather than at link time.
 */
#define __EXPORT_TRACEPOINT(name, export)				\
	extern struct tracepoint __tracepoint_##name;			\
	export(__tracepoint_##name);					\
	export(__traceiter_##name)
#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)	__EXPORT_TRACEPOINT(name, EXPORT_SYMBOL_GPL)
#define EXPORT_TRACEPOINT_SYMBOL(name)		__EXPORT_TRACEPOINT(name, EXPORT_SYMBOL)

#else /* !TRACEPOINTS_ENABLED */

#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	static inline void trace_##name(proto)				\
	{								\
	}								\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return false;						\
	}								\
	static inline int						\
	register_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return -ENOSYS;						\
	}								\
	static inline int						\
	register_trace_prio_##name(void (*probe)(data_proto), void *data, \
				   int prio)				\
	{								\
		return -ENOSYS;						\
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return -ENOSYS;						\
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}

#define DEFINE_TRACE_FN(name, reg, unreg, proto, args)
#define DEFINE_TRACE(name, proto, args)
#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)
#define EXPORT_TRACEPOINT_SYMBOL(name)

#endif /* TRACEPOINTS_ENABLED */

/*
 * tracepoint_string("text"): a constant string that an event may record by
 * pointer.  With the tracing core a pointer to it is also kept in the
 * __tracepoint_str section, which printk_formats lists, so that tools can
 * turn the recorded address back into the text.
 */
#ifdef CONFIG_TRACING
#define __tracepoint_string \
	__attribute__((__used__, __section__("__tracepoint_str")))
#define tracepoint_string(str)						\
	({								\
		static const char *__tp_str_ref __tracepoint_string = (str); \
		__tp_str_ref;						\
	})
#else
#define __tracepoint_string
#define tracepoint_string(str) (str)
#endif

#endif /* _LINUX_TRACEPOINT_H */

/*
 * The TRACE_EVENT() language, declaration mode.
 *
 * These definitions stand outside the include guard on purpose: while
 * <trace/define_trace.h> instantiates a header, it defines these macros
 * its own way and the header's "#include <linux/tracepoint.h>" must leave
 * them alone; once it has undefined them again, the next include of this
 * file brings declaration mode back.  In declaration mode an event is just
 * its tracepoint, and everything about its record and output is dropped.
 */
#ifndef DECLARE_TRACE

#define DECLARE_TRACE(name, proto, args)				\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), 1,		\
			PARAMS(void *__data, proto))

#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args), PARAMS(cond), \
			PARAMS(void *__data, proto))

#define TRACE_DEFINE_ENUM(x)
#define TRACE_DEFINE_SIZEOF(x)

#endif /* DECLARE_TRACE */

#ifndef TRACE_EVENT

#define TP_PROTO(args...)	args
#define TP_ARGS(args...)	args
#define TP_CONDITION(args...)	args

#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT(template, name, proto, args)			\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))

#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, \
			    reg, unreg)					\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))

#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)

/*
 * The _NOP forms keep an event's name callable while configuration has
 * switched the event off: trace_<name>() does nothing and no tracepoint
 * exists.
 */
#define DECLARE_EVENT_NOP(name, proto, args)				\
	static inline void trace_##name(proto)				\
	{								\
	}								\
	static inline bool trace_##name##_enabled(void)			\
	{								\
		return false;						\
	}
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)	\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT_NOP(template, name, proto, args)			\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))

#endif /* TRACE_EVENT */
