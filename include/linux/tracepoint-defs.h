/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_TRACEPOINT_TYPES_H
#define __LINUX_TRACEPOINT_TYPES_H

/*
 * What a tracepoint is made of, and the two macros that let a header test
 * one without pulling in <linux/tracepoint.h>.  Kept free of heavy includes:
 * <linux/module.h> and many core headers include this file.
 */

#include <linux/types.h>
#include <linux/jump_label.h>

/* Name tables of __print_flags() and __print_symbolic() (also used by mm). */
struct trace_print_flags {
	unsigned long mask;		/* the flag's bits */
	const char *name;		/* and how to print them */
};

struct trace_print_flags_u64 {
	unsigned long long mask;	/* the same with 64-bit masks */
	const char *name;
};

/* One attached probe: called as func(data, <tracepoint arguments>). */
struct tracepoint_func {
	void	*func;
	void	*data;
	int	prio;
};

/*
 * A tracepoint.  @key is off while no probe is attached, which keeps the
 * call site a patched-out jump.  @funcs is an RCU-published array of the
 * attached probes, highest priority first, ended by an entry whose func is
 * NULL.  @regfunc runs before the first probe is attached and @unregfunc
 * after the last one is gone.  @iterator is the out-of-line function that
 * call sites use to run the probes (__traceiter_<name>) and @probestub an
 * empty function of the probe's type (__probestub_<name>).
 */
struct tracepoint {
	const char			*name;
	struct static_key_false		key;
	int				(*regfunc)(void);
	void				(*unregfunc)(void);
	struct tracepoint_func __rcu	*funcs;
	void				*iterator;
	void				*probestub;
};

/*
 * The __tracepoints_ptrs section lists every tracepoint of an image (the
 * module loader reads it too).  Where the architecture can, an entry is a
 * 32-bit offset from the entry itself, half the size of a pointer and free
 * of relocations.
 */
#ifdef CONFIG_HAVE_ARCH_PREL32_RELOCATIONS
typedef const int tracepoint_ptr_t;
#else
typedef struct tracepoint * const tracepoint_ptr_t;
#endif

/*
 * For headers: declare a tracepoint and test whether it has probes, so that
 * an inline fast path can call an out-of-line tracing helper only when it
 * matters.  The declaration is only that: the tracepoint may not exist in
 * this build as long as nothing tests it.
 */
#define DECLARE_TRACEPOINT(name)	extern struct tracepoint __tracepoint_##name

#ifdef CONFIG_TRACEPOINTS
#define tracepoint_enabled(name)	static_branch_unlikely(&__tracepoint_##name.key)
#else
#define tracepoint_enabled(name)	false
#endif

#endif /* __LINUX_TRACEPOINT_TYPES_H */
