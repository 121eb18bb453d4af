/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function tracing's internal interfaces.
 *
 * The files, from the bottom up; each calls only the ones above it in
 * this list (Documentation/trace/callgraph.rst):
 *
 *   ftrace_sites.c    the call-site table: a group of sites for vmlinux
 *                     and one per module, each sorted by address; the
 *                     boot's and a module load's conversion of the
 *                     compiler's calls into NOPs; lookups by address
 *                     (ftrace_location()); ftrace_lock
 *   ftrace_filter.c   sets of call-site addresses (what an ops traces,
 *                     what it never traces) and the glob patterns of
 *                     set_ftrace_filter that build them; no state, no lock
 *   ftrace_dispatch.c the list of registered ops and the dispatcher the
 *                     trampolines call (ftrace_dispatch_op), ftrace_kill()
 *   ftrace_patch.c    which site calls which trampoline (the site states)
 *                     and the live patching that makes it so
 *   ftrace_ops.c      registering ops and committing their sets; the
 *                     kernel API (register_ftrace_function(),
 *                     ftrace_set_filter()...), kernel.ftrace_enabled, and
 *                     the hooks the rest of the kernel calls (boot,
 *                     modules, init memory)
 *   ftrace_mod.c      FUNC:mod:MODULE words of the filter files, kept
 *                     per array until the module comes when it is not
 *                     loaded
 *   ftrace_cmds.c     the function commands of set_ftrace_filter
 *                     (traceon, enable_event...): one ftrace_ops an
 *                     array and command
 *   ftrace_direct.c   direct calls: register_ftrace_direct() and its
 *                     family, on ftrace_ops.c (which patches direct
 *                     sites and serves shared ones)
 *   ftrace_profile.c  the function profiler: function_profile_enabled
 *                     and its per-CPU hit counts in trace_stat/functionN
 *                     (trace_stat.c)
 *   ftrace_pid.c      set_ftrace_pid and set_ftrace_notrace_pid (every
 *                     array): the pid lists and the per-CPU task the
 *                     function tracer may record (ftrace_pid_skip())
 *   ftrace_set_file.c what every file holding a set of functions shares
 *                     (set_ftrace_filter/notrace, set_graph_function/
 *                     notrace): the private set of an open, one word a
 *                     write, the commit at close; the boot lists' words
 *   ftrace_files.c    the tracefs files: available_filter_functions(_addrs),
 *                     enabled_functions, touched_functions (top level);
 *                     set_ftrace_filter and set_ftrace_notrace (every array);
 *                     a filter file for an ops with no array
 *                     (stack_trace_filter of trace_stack.c)
 *   ftrace_boot.c     ftrace_filter= and ftrace_notrace= (the top level)
 *   trace_functions.c the function tracer, on top of the kernel API, and
 *                     its options func_stack_trace and func-no-repeats
 *
 * Locking: ftrace_lock (a mutex) serialises every change of the table, of
 * the registered ops, of their sets and of the sites, and every walk of
 * the table that reads more than an address.  text_mutex is taken inside
 * it, only while patching.  The hot path (a traced function calling the
 * trampoline, the dispatcher walking the ops) takes no lock: the ops list
 * and the sets are read under preemption disabled (RCU-sched) and replaced,
 * never changed, while published.
 */
#ifndef _KERNEL_TRACE_FTRACE_INTERNAL_H
#define _KERNEL_TRACE_FTRACE_INTERNAL_H

#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>

/* ------------------------------------------------------------------ */
/* ftrace_sites.c                                                      */

extern struct mutex ftrace_lock;

/*
 * What a call site holds: exactly one of these at a time.  ftrace_patch.c
 * moves a site from one to another (site_move(), one case a transition);
 * the listings of ftrace_files.c read it.
 */
enum ftrace_site_state {
	FTRACE_SITE_NOP,	/* the 5-byte NOP: nothing traces it */
	FTRACE_SITE_CALL,	/* calls ftrace_caller */
	FTRACE_SITE_REGS,	/* calls ftrace_regs_caller (a full pt_regs) */
	FTRACE_SITE_DIRECT,	/* calls the trampoline of one direct ops */
};

/* What else is known about a site (flags, independent of its state). */
enum {
	/* The address was checked against kallsyms (ftrace_site_valid()). */
	FTRACE_SITE_CHECKED	= BIT(0),
	/* Not at a function's start: a weak function's discarded body. */
	FTRACE_SITE_INVALID	= BIT(1),
	/* Held bytes the core did not put there: never touched again. */
	FTRACE_SITE_BROKEN	= BIT(2),
	/* An ops that may change the resume address traces it. */
	FTRACE_SITE_IPMODIFY	= BIT(3),
	/* The site was a call at some time since boot. */
	FTRACE_SITE_TOUCHED	= BIT(4),
	/* An IPMODIFY ops traced it at some time since boot. */
	FTRACE_SITE_MODIFIED	= BIT(5),
};

/* One call site: its address and what ftrace_patch.c keeps about it. */
struct ftrace_site {
	unsigned long	ip;
	unsigned int	refs;		/* ops that trace it */
	u16		flags;		/* FTRACE_SITE_CHECKED... */
	u8		state;		/* enum ftrace_site_state */
};

/*
 * The sites of one group, sorted by address.  Replaced whole (under RCU)
 * when sites go away; the state of a site is changed in place under
 * ftrace_lock.
 */
struct ftrace_site_vec {
	struct rcu_head		rcu;
	unsigned int		nr;
	struct ftrace_site	site[] __counted_by(nr);
};

/*
 * vmlinux's sites, or one module's.  A module's group is not live from
 * ftrace_module_init() (its text is still being formed) to
 * ftrace_module_enable(): its sites are NOPs and are not patched.
 */
struct ftrace_group {
	struct list_head		list;	/* on ftrace_groups (RCU) */
	struct rcu_head			rcu;
	struct module			*mod;	/* NULL: vmlinux */
	bool				live;
	struct ftrace_site_vec __rcu	*vec;
};

/* Every group, vmlinux's first, then the modules in load order. */
extern struct list_head ftrace_groups;
/* Bumped by every change of the groups or their vectors (ftrace_lock). */
extern unsigned long ftrace_sites_gen;
/* The number of sites in all groups (ftrace_lock). */
extern unsigned int ftrace_sites_total;

/* A group's vector.  Context: ftrace_lock held. */
static inline struct ftrace_site_vec *ftrace_group_vec(struct ftrace_group *g)
{
	return rcu_dereference_protected(g->vec, lockdep_is_held(&ftrace_lock));
}

/*
 * A walk of every site (vmlinux has tens of thousands) gives other tasks
 * a chance to run after this many: a root user's glob or commit must not
 * hold a CPU for long.
 */
#define FTRACE_SITES_PER_RESCHED	256

/* The linker's table of vmlinux's call sites (init data). */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/*
 * Make vmlinux's group from the linker's table (boot, before SMP): every
 * site becomes the NOP.  Return: 0 or -ENOMEM.
 */
int ftrace_sites_init_vmlinux(unsigned long *start, unsigned long *stop);
/*
 * Make @mod's group from its __mcount_loc (not live) and turn its sites
 * into NOPs.  Context: ftrace_lock held; @mod is not formed yet.
 */
struct ftrace_group *ftrace_sites_add_module(struct module *mod);
/* @mod's group, or NULL.  Context: ftrace_lock held. */
struct ftrace_group *ftrace_sites_group_of(struct module *mod);
/* Forget a group for good (its text is gone).  Context: ftrace_lock held. */
void ftrace_sites_remove_group(struct ftrace_group *g);
/*
 * Forget the sites of @g in [@start, @end) (init text being freed).
 * Return: how many went.  Context: ftrace_lock held.
 */
unsigned int ftrace_sites_drop_range(struct ftrace_group *g,
				     unsigned long start, unsigned long end);
/*
 * The site at @ip exactly, or NULL.  Context: ftrace_lock held, or RCU
 * (then only ip and the INVALID flag may be read).
 */
struct ftrace_site *ftrace_site_find(unsigned long ip);
/*
 * Is @s at a function's start?  Checked with kallsyms on first use.
 * Context: ftrace_lock held.
 */
bool ftrace_site_valid(struct ftrace_site *s);
/*
 * The name of the function of the site at @ip into @name
 * (KSYM_SYMBOL_LEN), its module's into *@modname (NULL for vmlinux).
 * Return: true for a function's start; false for a site that is not one,
 * whose name is then "__ftrace_invalid_address___OFFSET", as upstream
 * prints it.
 */
bool ftrace_site_name(unsigned long ip, char *name, char **modname);

/* ------------------------------------------------------------------ */
/* ftrace_filter.c                                                     */

/*
 * A set of call-site addresses: open addressing with linear probing in a
 * power-of-two table, 0 marking a free slot.  Built privately, then
 * published into an ops and never changed while published: a change
 * builds a copy and replaces it (ftrace_ops.c frees the old one after an
 * RCU grace period).  An empty set that an ops points at means "no
 * function"; an ops with no set (NULL) traces every function.
 */
struct ftrace_ip_set {
	struct rcu_head		rcu;
	unsigned int		count;	/* addresses held */
	unsigned int		mask;	/* slots - 1 */
	unsigned long		slot[];
};

/* An empty set with room for about @hint addresses; NULL on no memory. */
struct ftrace_ip_set *ftrace_ip_set_new(unsigned int hint);
/* A private copy of @set (NULL: an empty one); NULL on no memory. */
struct ftrace_ip_set *ftrace_ip_set_copy(const struct ftrace_ip_set *set);
void ftrace_ip_set_free(struct ftrace_ip_set *set);
/* Free once no CPU can be reading @set (after an RCU grace period). */
void ftrace_ip_set_free_rcu(struct ftrace_ip_set *set);
/* Add @ip to a private set, growing it.  Return: 0 or -ENOMEM. */
int ftrace_ip_set_add(struct ftrace_ip_set **setp, unsigned long ip);
/* Take @ip out of a private set (nothing if absent). */
void ftrace_ip_set_del(struct ftrace_ip_set *set, unsigned long ip);

/* Is @ip in @set?  Context: any (the tracing hot path). */
static __always_inline bool ftrace_ip_set_has(const struct ftrace_ip_set *set,
					      unsigned long ip)
{
	unsigned int i = hash_long(ip, 32) & set->mask;

	while (set->slot[i]) {
		if (set->slot[i] == ip)
			return true;
		i = (i + 1) & set->mask;
	}
	return false;
}

/*
 * Walk the addresses of @set (private, or under ftrace_lock):
 * for (i = 0; (i = ftrace_ip_set_next(set, i, &ip)); ) ...
 */
unsigned int ftrace_ip_set_next(const struct ftrace_ip_set *set, unsigned int i,
				unsigned long *ip);

/*
 * One word of set_ftrace_filter / set_ftrace_notrace: a function name or
 * glob ("sched*", "*lock", "*rcu*", "a*b", "[Ss]y?_*"), or a number (the
 * function on that line of available_filter_functions), with "!" in
 * front to take the matches out rather than add them.
 */
enum ftrace_glob_kind {
	FTRACE_GLOB_FULL,	/* the whole name */
	FTRACE_GLOB_PREFIX,	/* abc*: starts with */
	FTRACE_GLOB_SUFFIX,	/* *abc: ends with */
	FTRACE_GLOB_SUBSTR,	/* *abc*: contains */
	FTRACE_GLOB_GLOB,	/* anything else: glob_match() */
	FTRACE_GLOB_INDEX,	/* a line number */
};

struct ftrace_glob {
	enum ftrace_glob_kind	kind;
	bool			remove;	/* "!" in front */
	const char		*text;	/* what to compare (in the word) */
	size_t			len;
	unsigned long		index;	/* FTRACE_GLOB_INDEX: 1 for the first */
};

/*
 * Parse @word (changed in place: the trailing '*' is cut off).
 * Return: 0, or -EINVAL for an empty pattern or a bad number.
 */
int ftrace_glob_parse(char *word, struct ftrace_glob *g);
/* Does the function name @name match @g (not an INDEX glob)? */
bool ftrace_glob_match(const struct ftrace_glob *g, const char *name);
/*
 * Add the sites whose function matches @g to the private set *@setp, or
 * take them out of it ("!").  Return: the number of sites that matched,
 * or -ENOMEM.  Context: ftrace_lock held.
 */
int ftrace_glob_apply(const struct ftrace_glob *g, struct ftrace_ip_set **setp);
/*
 * Apply one word to the private set *@setp, as written to
 * set_ftrace_filter.  Return: 0, or -EINVAL when the word is malformed
 * or matches nothing, -ENOMEM.  Context: ftrace_lock held.
 */
int ftrace_apply_word(struct ftrace_ip_set **setp, char *word);

/* ------------------------------------------------------------------ */
/* ftrace_dispatch.c                                                   */

/*
 * Stands in a filter set that must trace nothing: its every function went
 * away (module unload), or it waits for a module not loaded yet.
 */
#define FTRACE_IP_GONE	1UL

/* Function tracing was killed (ftrace_kill()): nothing changes any more. */
extern bool ftrace_dead;

/* The registered ops (RCU-sched for the dispatcher; ftrace_lock). */
extern struct list_head ftrace_ops_list;
extern unsigned int ftrace_ops_nr;

/*
 * Does @op trace @ip, with @filter and @skip as its filter and notrace
 * sets?  (An empty or missing filter traces every function.)
 * Context: any.
 */
static __always_inline bool ftrace_ops_traces_with(struct ftrace_ops *op,
						   unsigned long ip,
						   const struct ftrace_ip_set *filter,
						   const struct ftrace_ip_set *skip)
{
	if (op->flags & FTRACE_OPS_FL_STUB)
		return false;
	if (filter && filter->count && !ftrace_ip_set_has(filter, ip))
		return false;
	return !skip || !skip->count || !ftrace_ip_set_has(skip, ip);
}

/* Does @op trace @ip with its published sets?  Context: any. */
static __always_inline bool ftrace_ops_traces(struct ftrace_ops *op,
					      unsigned long ip)
{
	return ftrace_ops_traces_with(op, ip, rcu_dereference_raw(op->filter_set),
				      rcu_dereference_raw(op->notrace_set));
}

/*
 * Around every change of the ops or the sites (ftrace_lock held): the
 * trampolines walk the list from transition() until settle() picks the
 * cheapest dispatch again.  add() and del() change the list itself.
 */
void ftrace_dispatch_transition(bool strands);
void ftrace_dispatch_settle(void);
void ftrace_dispatch_add(struct ftrace_ops *ops);
void ftrace_dispatch_del(struct ftrace_ops *ops);

/* ------------------------------------------------------------------ */
/* ftrace_patch.c                                                      */

/*
 * Patch the sites of @only (every live group if NULL) to call what the
 * registered ops ask for.  Context: ftrace_lock held; may sleep.
 */
void ftrace_sites_update(struct ftrace_group *only);
/* Forget what is kept about sites that went.  Context: ftrace_lock held. */
void ftrace_patch_scrub(void);
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/* Serve @op's sites by ftrace_regs_caller (NULL: stop).  ftrace_lock. */
void ftrace_patch_direct_moving(struct ftrace_ops *op);
#endif

/* ------------------------------------------------------------------ */
/* ftrace_ops.c                                                        */

/* The top-level function tracer's ops (ftrace_set_global_filter()). */
extern struct ftrace_ops ftrace_global_ops;

/* Which set of an ops a change is for. */
enum ftrace_set_kind {
	FTRACE_SET_FILTER,
	FTRACE_SET_NOTRACE,
};

void ftrace_ops_keep_sets(struct ftrace_ops *ops);
void ftrace_ops_forget_sets(struct ftrace_ops *ops);

/*
 * The published set of @ops (filter or notrace), NULL for none.
 * Context: ftrace_lock held.
 */
struct ftrace_ip_set *ftrace_ops_set(struct ftrace_ops *ops,
				     enum ftrace_set_kind kind);
/*
 * Publish @set (private, taken over whatever the outcome; NULL: no set)
 * as @ops's filter or notrace set and repatch the sites.
 * Return: 0, or -EBUSY (an IPMODIFY conflict: nothing changed).
 * Context: ftrace_lock held.
 */
int ftrace_ops_commit_set(struct ftrace_ops *ops, enum ftrace_set_kind kind,
			  struct ftrace_ip_set *set);

/*
 * Register @ops as register_ftrace_function() does.
 * Return: as register_ftrace_function(); also -EBUSY when @ops is a
 * direct ops (FTRACE_OPS_FL_DIRECT) and another one traces one of its
 * functions.  Context: ftrace_lock held.
 */
int ftrace_ops_register_locked(struct ftrace_ops *ops);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Move the sites of @ops, a registered direct ops, to the trampoline
 * @addr: each goes through ftrace_regs_caller while ->direct_call
 * changes, so that every call runs the old trampoline or the new one.
 * Context: ftrace_lock held.
 */
void ftrace_ops_direct_move(struct ftrace_ops *ops, unsigned long addr);
#endif

/*
 * unregister_ftrace_function() in two halves, for a caller that frees
 * several ops after one wait: unregister each with _nowait(), then
 * ftrace_ops_wait_out() once.  Context: process.
 */
int ftrace_ops_unregister_nowait(struct ftrace_ops *ops);
void ftrace_ops_wait_out(void);

/*
 * Register @ops with copies of the top-level function tracer's filter and
 * notrace sets, copied again on each change of them until it is
 * unregistered with ftrace_unregister_global_follower() (the function
 * profiler traces what set_ftrace_filter says, as upstream's does).
 * Return: 0, -EBUSY (no room: a few followers at most), -ENOMEM, or
 * register_ftrace_function()'s error.  Context: process.
 */
int ftrace_register_global_follower(struct ftrace_ops *ops);
int ftrace_unregister_global_follower(struct ftrace_ops *ops);

/* ------------------------------------------------------------------ */
/* ftrace_mod.c and ftrace_cmds.c                                      */

struct seq_file;
struct trace_array;

/*
 * A reader's place among the lines after a filter file's functions, so
 * that a listing walks them once (valid while nothing changed them).
 */
struct ftrace_cmds_cursor {
	unsigned long		gen;
	loff_t			idx;
	struct hlist_node	*node;
};

/*
 * FUNC:mod:MODULE written to a filter file of @tr (@func with its "!"),
 * applied to *@setp or kept for the module.  Return: 0 or -errno.
 * Context: none of our locks held.
 */
int ftrace_mod_word(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp, char *func, char *module);
/*
 * Before a written set is committed: an empty filter with :mod: words kept
 * for it traces nothing.  Context: ftrace_lock held.
 */
int ftrace_mod_seal(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp);
/* A filter file of @tr opened with O_TRUNC: its kept :mod: words go. */
void ftrace_mod_truncate(struct trace_array *tr, enum ftrace_set_kind kind);
/* @tr is going: its kept words go.  Context: event_mutex held. */
void ftrace_mod_array_clear(struct trace_array *tr);
/*
 * Print kept word *@idx of a filter file (NULL @m: only say whether it
 * exists); when it does not, *@idx is made relative to the lines after
 * them.  Context: ftrace_lock held.
 */
bool ftrace_mod_line(struct seq_file *m, struct trace_array *tr,
		     enum ftrace_set_kind kind, loff_t *idx,
		     struct ftrace_cmds_cursor *cur);

/*
 * Apply a word with a ':' written to a filter file of @tr (NULL: none): a function
 * command, or FUNC:mod:MODULE (which changes *@setp, the set being
 * written).  Return: 0 or -errno.  Context: none of our locks held.
 */
int ftrace_cmd_word(struct trace_array *tr, enum ftrace_set_kind kind,
		    struct ftrace_ip_set **setp, char *word);
#if IS_ENABLED(CONFIG_KUNIT)
/* N of FUNC:cmd:N into *@count (-1: no limit).  For the KUnit tests. */
int ftrace_cmd_parse_count(char *text, long *count);
#endif
/*
 * Print line @idx after the functions of a filter file (kept :mod: words,
 * then the probes), or with @m NULL only say whether it exists.
 * Context: ftrace_lock held.
 */
bool ftrace_cmds_line(struct seq_file *m, struct trace_array *tr,
		      enum ftrace_set_kind kind, loff_t idx,
		      struct ftrace_cmds_cursor *cur);

/* ------------------------------------------------------------------ */
/* ftrace_set_file.c                                                   */

/*
 * The longest word a set file or a boot list takes: a symbol as kallsyms
 * prints it and some pattern characters (upstream's bound, 669 bytes).
 */
#define FTRACE_WORD_MAX		(KSYM_SYMBOL_LEN + 3)

/* Where a set file's writes are in the word they carry. */
enum ftrace_word_state {
	FTRACE_WORD_NONE,	/* between words */
	FTRACE_WORD_OPEN,	/* in a word: the next write may go on with it */
	FTRACE_WORD_DONE,	/* a blank or NUL ended the word: apply it */
	FTRACE_WORD_BROKEN,	/* a word was too long: drop the rest */
};

struct file;
struct ftrace_set_file;

/* What one kind of set file does with its set. */
struct ftrace_set_file_ops {
	/* The set in use (NULL: empty).  Context: ftrace_lock held. */
	const struct ftrace_ip_set *(*current_set)(struct ftrace_set_file *sf);
	/*
	 * Apply @word to sf->set (which it may replace).  Return: 0, or
	 * -errno to fail the write.  Context: none of our locks held.
	 */
	int (*apply)(struct ftrace_set_file *sf, char *word);
	/*
	 * Put sf->set in use, taking it (setting sf->set to NULL) or
	 * leaving it to be freed.  Context: ftrace_lock held.
	 */
	void (*commit)(struct ftrace_set_file *sf);
	/* Optional: an open with O_TRUNC succeeded.  No lock held. */
	void (*truncated)(struct ftrace_set_file *sf);
};

/*
 * The shared part of an open set file, inside the kind's own.  @ops and
 * @owner are the kind's; the rest is ftrace_set_file.c's.
 */
struct ftrace_set_file {
	const struct ftrace_set_file_ops *ops;
	void			*owner;		/* what @ops act on */
	struct ftrace_ip_set	*set;		/* open for writing: private */
	struct mutex		wlock;		/* serialises the writes */
	enum ftrace_word_state	state;
	size_t			len;		/* of @word so far */
	char			word[FTRACE_WORD_MAX + 1];
};

int ftrace_set_file_open(struct ftrace_set_file *sf, struct file *filp);
void ftrace_set_file_abort(struct ftrace_set_file *sf);
ssize_t ftrace_set_file_write(struct ftrace_set_file *sf,
			      const char __user *ubuf, size_t cnt,
			      loff_t *ppos);
void ftrace_set_file_close(struct ftrace_set_file *sf);
loff_t ftrace_set_file_lseek(struct file *filp, loff_t offset, int whence);
void __init ftrace_set_boot_words(const char *param, char *list,
				  int (*apply)(void *arg, char *word),
				  void *arg);

/* ------------------------------------------------------------------ */
/* ftrace_files.c                                                      */

struct dentry *ftrace_ops_create_filter_file(const char *name,
					     struct dentry *dir,
					     struct ftrace_ops *ops);

/* ------------------------------------------------------------------ */
/* ftrace_profile.c                                                    */

#ifdef CONFIG_FUNCTION_PROFILER
/*
 * function_profile_enabled and trace_stat/functionN in the tracefs root.
 * Context: tracing_lock held (boot).
 */
void ftrace_profile_create_files(struct dentry *dir);
#else
static inline void ftrace_profile_create_files(struct dentry *dir)
{
}
#endif

#endif /* _KERNEL_TRACE_FTRACE_INTERNAL_H */
