/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

/*
 * The function tracer's kernel-wide interface: the hooks the core kernel
 * calls at boot, on module load and unload, on fork and exit, and from the
 * unwinder; the ftrace_ops API other subsystems trace functions with; and
 * the caller-address helpers that tracing and lockdep use.
 *
 * The function-graph tracer is not built yet: its hooks are empty inlines.
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
struct fgraph_ops;
struct ftrace_ops;
struct ftrace_regs;

/*
 * Functions whose return must never be hooked: they switch stacks
 * (__switch_to), so a return through the graph trampoline would find
 * another task's shadow stack.
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
# define __notrace_funcgraph	notrace
#else
# define __notrace_funcgraph
#endif

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

static inline void ftrace_boot_snapshot(void)
{
}

#ifdef CONFIG_FUNCTION_TRACER
/*
 * Function tracing (kernel/trace/ftrace_*.c, Documentation/trace/
 * function-tracer.rst).  Every traceable function starts with a call site
 * that is a NOP until some callback wants the function; it is then patched
 * into a call of a trampoline, which saves the registers a callback may
 * read and calls the registered callbacks.
 */
#include <linux/ftrace_regs.h>

/* kernel.ftrace_enabled: 0 turns every call site back into a NOP. */
extern int ftrace_enabled;

/*
 * The registers a callback gets: read them only through the
 * ftrace_regs_*() accessors of <linux/ftrace_regs.h>.  On x86 they are a
 * pt_regs of which only the argument registers, the stack pointer and the
 * instruction pointer are always valid (see ftrace_get_regs()).
 */
struct ftrace_regs {
	/* The layout is the architecture's: use the accessors. */
};

#define ftrace_regs_size()	sizeof(struct __arch_ftrace_regs)

#ifndef CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS
static inline struct pt_regs *arch_ftrace_get_regs(struct ftrace_regs *fregs)
{
	return &arch_ftrace_regs(fregs)->regs;
}

#define ftrace_regs_set_instruction_pointer(fregs, ip) do { } while (0)
#endif

/*
 * The full pt_regs of the traced function's entry, or NULL unless the
 * callback's ftrace_ops asked for them (FTRACE_OPS_FL_SAVE_REGS).
 */
static __always_inline struct pt_regs *ftrace_get_regs(struct ftrace_regs *fregs)
{
	return fregs ? arch_ftrace_get_regs(fregs) : NULL;
}

#ifndef arch_ftrace_partial_regs
#define arch_ftrace_partial_regs(regs) do { } while (0)
#endif

/* The saved registers as a pt_regs, full or not. */
static __always_inline struct pt_regs *
ftrace_partial_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
	regs = &arch_ftrace_regs(fregs)->regs;
	arch_ftrace_partial_regs(regs);
	return regs;
}

/* @regs filled in from @fregs as perf wants a caller's registers. */
static __always_inline struct pt_regs *
ftrace_fill_perf_regs(struct ftrace_regs *fregs, struct pt_regs *regs)
{
#ifdef arch_ftrace_fill_perf_regs
	arch_ftrace_fill_perf_regs(fregs, regs);
#endif
	return regs;
}

/* May the ftrace_regs_get_*() accessors be used on @fregs? */
static __always_inline bool ftrace_regs_has_args(struct ftrace_regs *fregs)
{
	return IS_ENABLED(CONFIG_HAVE_DYNAMIC_FTRACE_WITH_ARGS) ||
	       ftrace_get_regs(fregs);
}

/*
 * A callback: @ip is the traced function's call site (its address, or
 * just past its ENDBR64), @parent_ip the address the function returns to.
 */
typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * ftrace_ops flags.  A user sets the attribute flags before registering
 * and leaves them alone while registered; the state flags are the core's.
 *
 * Attributes:
 *  SAVE_REGS	the callback gets a full pt_regs (ftrace_get_regs()) and
 *		may change any register the function resumes with
 *  SAVE_REGS_IF_SUPPORTED  the same, when the architecture can (it can)
 *  RECURSION	the core guards the callback against recursion; without
 *		it the callback must guard itself
 *		(ftrace_test_recursion_trylock())
 *  STUB	a placeholder: registered, it traces nothing
 *  IPMODIFY	the callback may change where the function resumes; only
 *		one such ops may trace a function at a time
 *  RCU		the callback is called only where RCU is watching
 *  PERMANENT	kernel.ftrace_enabled cannot be set to 0 while this ops is
 *		registered (nor can it register while it is 0)
 *  PID		used by the function tracer for its own ops
 *  TRACE_ARRAY	the ops of a trace array's function tracer: the array
 *		waits for it to be unused before freeing it, so
 *		unregistering it does not wait
 *  DIRECT	set by register_ftrace_direct(): the ops stands for a direct
 *		trampoline (@direct_call), not a callback of its own
 *  SUBOP, ALLOC_TRAMP  not implemented (refused)
 *
 * State: ENABLED (registered), DYNAMIC (not in core kernel data, so it may
 * be freed after unregistering: the core then waits for every CPU and
 * task to be out of it), INITIALIZED, DELETED, ADDING, REMOVING,
 * MODIFYING (the last ones during registration changes).
 */
enum {
	/* Attributes. */
	FTRACE_OPS_FL_SAVE_REGS			= 1UL << 2,
	FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED	= 1UL << 3,
	FTRACE_OPS_FL_RECURSION			= 1UL << 4,
	FTRACE_OPS_FL_STUB			= 1UL << 5,
	FTRACE_OPS_FL_IPMODIFY			= 1UL << 12,
	FTRACE_OPS_FL_PID			= 1UL << 13,
	FTRACE_OPS_FL_RCU			= 1UL << 14,
	FTRACE_OPS_FL_TRACE_ARRAY		= 1UL << 15,
	FTRACE_OPS_FL_PERMANENT			= 1UL << 16,
	FTRACE_OPS_FL_DIRECT			= 1UL << 17,
	FTRACE_OPS_FL_SUBOP			= 1UL << 18,
	FTRACE_OPS_FL_ALLOC_TRAMP		= 1UL << 11,
	/* State. */
	FTRACE_OPS_FL_ENABLED			= 1UL << 0,
	FTRACE_OPS_FL_DYNAMIC			= 1UL << 1,
	FTRACE_OPS_FL_INITIALIZED		= 1UL << 6,
	FTRACE_OPS_FL_DELETED			= 1UL << 7,
	FTRACE_OPS_FL_ADDING			= 1UL << 8,
	FTRACE_OPS_FL_REMOVING			= 1UL << 9,
	FTRACE_OPS_FL_MODIFYING			= 1UL << 10,
};

/* Asking for the argument registers: every ops gets them on x86-64. */
#define FTRACE_OPS_FL_SAVE_ARGS						\
	(IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) ? 0 : FTRACE_OPS_FL_SAVE_REGS)

/* What the core may ask of an ops (for direct calls; never asked here). */
enum ftrace_ops_cmd {
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF,
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER,
	FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER,
};

typedef int (*ftrace_ops_func_t)(struct ftrace_ops *op, enum ftrace_ops_cmd cmd);

/* A set of call-site addresses (kernel/trace/ftrace_filter.c). */
struct ftrace_ip_set;

/**
 * struct ftrace_ops - a function-tracing callback and what it traces
 * @entry: the core's: what the trampoline calls for this ops (@func, or
 *	a guard around it); first, so that the trampoline finds it at 0
 * @func: the callback
 * @flags: FTRACE_OPS_FL_*
 * @private: the user's
 * @list: the core's: on the list of registered ops
 * @filter_set: the core's: the functions traced (NULL: all of them); set with
 *	ftrace_set_filter() and friends
 * @notrace_set: the core's: the functions never traced; ftrace_set_notrace()
 * @ops_func: the core's requests to the ops (direct calls; unused)
 * @trampoline: a trampoline of this ops alone (never: always 0)
 * @trampoline_size: its size (0)
 * @direct_call: the direct trampoline of a direct ops
 *	(register_ftrace_direct()); read locklessly by the callback
 * @fgraph: the graph user this ops hooks the functions of, while
 *	register_ftrace_graph() has it registered
 *
 * An ops may be registered from core kernel data or allocated; an
 * allocated one may be freed once unregister_ftrace_function() returned.
 */
struct ftrace_ops {
	ftrace_func_t			entry;
	ftrace_func_t			func;
	unsigned long			flags;
	void				*private;
	struct list_head		list;
#ifdef CONFIG_DYNAMIC_FTRACE
	struct ftrace_ip_set __rcu	*filter_set;
	struct ftrace_ip_set __rcu	*notrace_set;
	ftrace_ops_func_t		ops_func;
	unsigned long			trampoline;
	unsigned long			trampoline_size;
	/* On the core's list of ops whose sets outlive their registrations. */
	struct list_head		kept;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
	unsigned long			direct_call;
#endif
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	struct fgraph_ops		*fgraph;
#endif
};

/*
 * Register and unregister a callback.  Registering patches the call sites
 * of the functions @ops traces (its filter minus its notrace set) into
 * calls; unregistering patches back those no other ops traces, and
 * returns once no CPU can be running @ops->func any more.  Context:
 * process, may sleep.  Return: 0, -EBUSY (already registered, an IPMODIFY
 * conflict, PERMANENT while ftrace_enabled is 0), -EINVAL (flags not
 * supported), -ENODEV (function tracing was killed).
 */
int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

/* The callback that does nothing (the trampolines' idle target). */
void ftrace_stub(unsigned long ip, unsigned long parent_ip,
		 struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * Stop all function tracing for good (a call site was found in a state
 * the core did not leave it in).  Context: any.
 */
void ftrace_kill(void);

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}

/*
 * Choosing what an ops traces, by name (@buf: glob patterns as
 * set_ftrace_filter takes them, separated by blanks; @len its length) or
 * by call-site address (@ip: as ftrace_location() returns it).  @reset
 * empties the set first; @remove takes @ip out rather than adding it.  On
 * a registered ops the call sites are repatched at once.  Context:
 * process, may sleep.  Return: 0, -EINVAL (nothing matched, not a call
 * site), -ENOMEM, -EBUSY (an IPMODIFY conflict).
 */
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset);
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip, int remove,
			 int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset);
/* The same on the top-level function tracer's ops. */
void ftrace_set_global_filter(unsigned char *buf, int len, int reset);
void ftrace_set_global_notrace(unsigned char *buf, int len, int reset);
/* Forget @ops's filter and notrace sets (@ops not registered). */
void ftrace_free_filter(struct ftrace_ops *ops);

/*
 * The call site of the function at @ip: @ip itself if it is one, the
 * function's site if @ip is the function's address; else 0.  Context:
 * any.
 */
unsigned long ftrace_location(unsigned long ip);
/* The first call site in [@start, @end], or 0.  Context: any. */
unsigned long ftrace_location_range(unsigned long start, unsigned long end);
/* Does [@start, @end] hold a call site?  Context: any. */
int ftrace_text_reserved(const void *start, const void *end);

/* Call sites live in this section of every object. */
#define FTRACE_CALLSITE_SECTION	"__mcount_loc"

/* Boot, modules and init memory: the call sites come and go with them. */
void ftrace_init(void);
void ftrace_free_init_mem(void);
void ftrace_free_mem(struct module *mod, void *start, void *end);
void ftrace_module_init(struct module *mod);
void ftrace_module_enable(struct module *mod);
void ftrace_release_mod(struct module *mod);

/*
 * The architecture's side (arch/x86/kernel/ftrace.c, ftrace_64.S).
 *
 * The two trampolines a call site may call: ftrace_caller saves the
 * argument registers, ftrace_regs_caller a full pt_regs.  Both call the
 * entry of the ftrace_ops that ftrace_dispatch_op points at.
 *
 * ftrace_arch_site_init() turns the call of __fentry__ at @ip into a NOP,
 * on code that cannot be running (the boot before SMP, a module not yet
 * formed).  ftrace_arch_patch_site() makes the site at @ip call @to
 * instead of @from (0: the NOP), on live code; it checks that the site is
 * what @from says first.  Patches are queued between
 * ftrace_arch_patch_begin() and ftrace_arch_patch_end(), which apply them
 * (with breakpoints, so that no CPU runs a half-written instruction).
 * Both return 0 or -EINVAL (unexpected bytes: nothing written), -EFAULT.
 */
extern void ftrace_caller(void);
extern void ftrace_regs_caller(void);
extern struct ftrace_ops *ftrace_dispatch_op;
int ftrace_arch_site_init(unsigned long ip);
void ftrace_arch_patch_begin(void);
int ftrace_arch_patch_site(unsigned long ip, unsigned long from,
			   unsigned long to);
void ftrace_arch_patch_end(void);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Direct calls (kernel/trace/ftrace_direct.c): the call sites of the
 * functions in @ops's filter call the trampoline @addr instead of
 * ftrace's.  @addr is entered as if the traced function's first
 * instruction had called it: the arguments in their registers, the
 * address after the call site at the top of the stack; it must preserve
 * what a function entry needs and return there.  A site that other ops
 * trace too calls ftrace_regs_caller, which enters @addr on its way out.
 *
 * register_ftrace_direct() makes @ops (its filter set, not registered,
 * ->func unset) a direct ops and registers it; unregister_ftrace_direct()
 * undoes that (@free_filters: forget the filter too);
 * modify_ftrace_direct() moves every site of @ops to a new trampoline,
 * each call running the old one or the new one, never neither.
 * modify_ftrace_direct_nolock() is the same for callers that serialise
 * their direct ops themselves.  Context: process, may sleep.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters);
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr);

/* A direct trampoline that only returns (a placeholder for users). */
void ftrace_stub_direct_tramp(void);
#else
static inline int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
					   bool free_filters)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	return -ENODEV;
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/* What the linker script points ftrace_ops_list_func at. */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs);

#else /* !CONFIG_FUNCTION_TRACER */

static inline void ftrace_init(void)
{
}

static inline void ftrace_free_init_mem(void)
{
}

static inline void ftrace_free_mem(struct module *mod, void *start, void *end)
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

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}

/* Registering function-entry callbacks: not available. */
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

static inline unsigned long ftrace_location(unsigned long ip)
{
	return 0;
}

static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}
#endif /* CONFIG_FUNCTION_TRACER */

/*
 * Symbols of trampolines that tracing allocates (for kallsyms): every call
 * site calls one of the two built-in trampolines, so there are none.
 */
static inline bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

static inline struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	return NULL;
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

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Function-graph tracing (kernel/trace/fgraph.c, Documentation/trace/
 * function-graph.rst): a graph user's entry handler runs at the entry of
 * the functions its ftrace_ops traces and may ask for the return; the
 * function's return address is then replaced by return_to_handler's and
 * kept on the task's shadow stack, and when the function returns the
 * user's return handler runs and the task goes on at the real address.
 */

/* How deep the function_graph tracer's output matches returns to entries. */
#define FTRACE_RETFUNC_DEPTH		50
/* The most words a user may reserve per call (fgraph_reserve_data()). */
#define FTRACE_RETSTACK_ALLOC_SIZE	32
/* The most graph users registered at once. */
#define FGRAPH_ARRAY_SIZE		16

/* A hooked call's entry, as its entry handler sees it (packed: ABI). */
struct ftrace_graph_ent {
	unsigned long	func;		/* the function's call site */
	int		depth;		/* frames below it on the shadow stack */
} __packed;

/* Its return (the layout of the funcgraph_exit record). */
struct ftrace_graph_ret {
	unsigned long	func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	unsigned long	retval;		/* %rax at the return */
#endif
	int		depth;
	unsigned int	overrun;	/* the task's calls refused: stack full */
	unsigned long long calltime;	/* trace_clock_local() at the entry */
	unsigned long long rettime;	/* and at the return */
} __packed;

struct fgraph_ops;

/* Nonzero: call the return handler for this call.  Context: preempt off. */
typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *trace,
				      struct fgraph_ops *gops);
typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *trace,
				       struct fgraph_ops *gops);

/**
 * struct fgraph_ops - a graph user
 * @entryfunc: the entry handler
 * @retfunc: the return handler
 * @ops: the functions hooked: set them with ftrace_set_filter() and
 *	friends on it before registering (none set: every function)
 * @private: the user's
 * @idx: the core's: the user's slot, 0 .. FGRAPH_ARRAY_SIZE - 1
 * @fops: when set, the ftrace_ops to register instead of @ops (the
 *	function_graph tracer uses its trace array's, whose sets
 *	set_ftrace_filter edits); its ->func and ->fgraph are the core's
 * @follow_global: @ops (or @fops) follows the top level's
 *	set_ftrace_filter and set_ftrace_notrace (the function profiler)
 * @epoch: the core's: which shadow-stack frames are this user's
 */
struct fgraph_ops {
	trace_func_graph_ent_t		entryfunc;
	trace_func_graph_ret_t		retfunc;
	struct ftrace_ops		ops;
	void				*private;
	int				idx;
	struct ftrace_ops		*fops;
	bool				follow_global;
	u32				epoch;
};

/*
 * One hooked call on a task's shadow stack (the first words of its frame,
 * ftrace_graph_get_ret_stack()).
 */
struct ftrace_ret_stack {
	unsigned long		ret;		/* the real return address */
	unsigned long		func;		/* the function's call site */
	unsigned long long	calltime;
	unsigned long long	subtime;	/* its children's time (profiler) */
	unsigned long		*retp;		/* where the return address is */
};

/*
 * Register and unregister a graph user.  Return: 0, -ENOSPC (16 users
 * already), -EBUSY (already registered), -ENOMEM, -ENODEV (function
 * tracing is dead), or register_ftrace_function()'s error.
 * Unregistering returns once no handler of @gops runs any more; calls
 * it hooked that have not returned yet return without it.  Context:
 * process, may sleep.
 */
int register_ftrace_graph(struct fgraph_ops *gops);
void unregister_ftrace_graph(struct fgraph_ops *gops);

/*
 * From an entry handler: room for @size_bytes (at most
 * FTRACE_RETSTACK_ALLOC_SIZE words) kept with this call, which the return
 * handler gets back with fgraph_retrieve_data().  Once per call and user.
 * Return: the room, NULL when there is none (then nothing is kept).
 */
void *fgraph_reserve_data(int idx, int size_bytes);
void *fgraph_retrieve_data(int idx, int *size_bytes);
/* A word per task for @gops, zero when it registers.  Context: current. */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops);

/* A copy of the @skip-th hooked call of @task from the top (0), or NULL. */
struct ftrace_ret_stack *ftrace_graph_get_ret_stack(struct task_struct *task,
						    int skip);

/*
 * The unwinders' question: @ret, found at @retp on @task's stack, is the
 * return address to report, unless it is return_to_handler's; then the
 * real one behind it.  *@idx is the walk's cursor: 0 at the start of a
 * stack walk, advanced past each hooked call found.  Context: any; for
 * another task, the answer may be stale but is never unsafe.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp);

/* Where a hooked function's return lands (arch/x86/kernel/ftrace_64.S). */
void return_to_handler(void);
/* Called from return_to_handler: the real return address. */
unsigned long fgraph_return_hook(unsigned long retval, unsigned long *sp);

/* Fork, exit, idle tasks: the shadow stacks come and go with the tasks. */
void ftrace_graph_init_task(struct task_struct *t);
void ftrace_graph_exit_task(struct task_struct *t);
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu);

/*
 * No new hooks on the current task until unpaused (nested); returns
 * already hooked still go through.
 */
static inline void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

static inline void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}

/* Graph tracing stopped for good (a shadow stack was found corrupt). */
bool ftrace_graph_is_dead(void);
void ftrace_graph_stop(void);
#else /* !CONFIG_FUNCTION_GRAPH_TRACER */
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
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

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
 * The stack tracer (kernel/trace/trace_stack.c): the deepest kernel stack
 * seen at a function's entry.  stack_tracer_enabled is the
 * kernel.stack_tracer_enabled sysctl's value.
 */
#ifdef CONFIG_STACK_TRACER
struct ctl_table;

extern int stack_tracer_enabled;
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos);

/* Non-zero: the stack tracer is busy on this CPU, or kept off it. */
DECLARE_PER_CPU(int, disable_stack_tracer);

/**
 * stack_tracer_disable - keep the stack tracer off this CPU for a while
 *
 * For code that the stack tracer must not look at; end the section soon
 * with stack_tracer_enable().
 *
 * Context: preemption disabled.
 */
static inline void stack_tracer_disable(void)
{
	lockdep_assert_preemption_disabled();
	this_cpu_inc(disable_stack_tracer);
}

/**
 * stack_tracer_enable - end a stack_tracer_disable() section
 *
 * Context: preemption disabled, on the CPU that disabled it.
 */
static inline void stack_tracer_enable(void)
{
	lockdep_assert_preemption_disabled();
	this_cpu_dec(disable_stack_tracer);
}
#else
static inline void stack_tracer_disable(void) { }
static inline void stack_tracer_enable(void) { }
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
