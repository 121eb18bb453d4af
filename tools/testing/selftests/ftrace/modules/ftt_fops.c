// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_fops: the in-kernel function-tracing API (struct ftrace_ops), run
 * once while loading, for test.d/function/ops-api.tc and friends.
 *
 *   action=basic      one ops on one function: every call seen with the
 *                     right site and caller, none after unregistering;
 *                     repeated registration refused
 *   action=multi      four ops with overlapping filters and notrace sets
 *                     on the same functions, one unregistered half way
 *   action=regs       SAVE_REGS ops get a full pt_regs matching the call;
 *                     other ops get the argument registers only
 *   action=ipmodify   an IPMODIFY ops sends a function to a replacement
 *                     (with and without SAVE_REGS); a second one on the
 *                     same function is refused
 *   action=recursion  callbacks that call the function they trace, guarded
 *                     by FTRACE_OPS_FL_RECURSION or by hand: no runaway
 *   action=filter     ftrace_set_filter()/ftrace_set_notrace() globs, "!",
 *                     ftrace_set_filter_ip(), and their errors
 *   action=bytes      the five bytes of a call site at init ("bytes first:
 *                     0f 1f 44 00 00" unless something traces it already),
 *                     traced ("bytes call: e8 ... -> ftrace_caller") and
 *                     after ("bytes after: ...")
 *   action=none       nothing (the module's functions are there to trace)
 *   stay=plain|regs|ipmodify|permanent  (instead of an action) an ops on
 *                     ftt_fops_target1 registered until rmmod
 *
 * Each action ends with an "ftt_fops: ACTION ok" line in the kernel log,
 * or "ftt_fops: ACTION FAIL: what".
 */
#include <linux/atomic.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include <asm/ibt.h>

static char *action = "basic";
module_param(action, charp, 0444);
MODULE_PARM_DESC(action, "basic, multi, regs, ipmodify, recursion, filter, bytes or none");

static char *stay = "";
module_param(stay, charp, 0444);
MODULE_PARM_DESC(stay, "plain, regs, ipmodify or permanent: keep an ops until rmmod");

/* The traced functions: never inlined, cloned or specialised. */
#define __ftt_noipa __attribute__((__noipa__))

static __ftt_noipa __used int ftt_fops_target1(int x)
{
	return x + 1;
}

static __ftt_noipa __used int ftt_fops_target2(int x)
{
	return x + 2;
}

static __ftt_noipa __used int ftt_fops_target3(int x)
{
	return x + 3;
}

static __ftt_noipa __used int ftt_fops_target4(int x);

/* What an IPMODIFY ops sends ftt_fops_target3 to. */
static __ftt_noipa __used int ftt_fops_replacement(int x)
{
	return x * 100;
}

/* Calls of the targets from a known caller (the parent_ip to expect). */
static __ftt_noipa __used int ftt_fops_call(int (*fn)(int), int x)
{
	int r = fn(x);

	/* Not a tail call: the target must return here. */
	OPTIMIZER_HIDE_VAR(r);
	return r;
}

/*
 * The call site of @fn: after its ENDBR64 when IBT is built in.  Worked
 * out at run time: an address into a function's middle in the code would
 * be a relocation objtool's IBT check refuses.
 */
static unsigned long site_of(int (*fn)(int))
{
	unsigned long addr = (unsigned long)fn;

	OPTIMIZER_HIDE_VAR(addr);
	return addr + ENDBR_INSN_SIZE;
}

static const char *fail_msg;

#define CHECK(cond, fmt, ...) do {					\
	if (!(cond) && !fail_msg) {					\
		static char __buf[160];					\
		snprintf(__buf, sizeof(__buf), fmt, ##__VA_ARGS__);	\
		fail_msg = __buf;					\
	}								\
} while (0)

/* What one ops saw: calls per target, and the details of the last one. */
struct seen {
	atomic_t	calls[5];	/* targets 1-4, [0]: other functions */
	unsigned long	last_ip;
	unsigned long	last_parent;
	bool		bad_regs;	/* the registers did not match the call */
	bool		had_regs;
};

struct ftt_ops {
	struct ftrace_ops	ops;
	struct seen		seen;
};

/* The callbacks and what they call are not traced themselves. */
static notrace int target_index(unsigned long ip)
{
	if (ip == site_of(ftt_fops_target1))
		return 1;
	if (ip == site_of(ftt_fops_target2))
		return 2;
	if (ip == site_of(ftt_fops_target3))
		return 3;
	if (ip == site_of(ftt_fops_target4))
		return 4;
	return 0;
}

/* Checks the registers too: a target's first argument is always 77. */
static notrace void count_cb(unsigned long ip, unsigned long parent_ip,
		     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct ftt_ops *f = container_of(op, struct ftt_ops, ops);
	struct pt_regs *regs = ftrace_get_regs(fregs);
	int i = target_index(ip);

	atomic_inc(&f->seen.calls[i]);
	if (!i)
		return;
	f->seen.last_ip = ip;
	f->seen.last_parent = parent_ip;
	if (ftrace_regs_get_argument(fregs, 0) != 77)
		f->seen.bad_regs = true;
	if (ftrace_regs_get_instruction_pointer(fregs) != ip + MCOUNT_INSN_SIZE)
		f->seen.bad_regs = true;
	if (*(unsigned long *)ftrace_regs_get_stack_pointer(fregs) != parent_ip)
		f->seen.bad_regs = true;
	if (regs) {
		f->seen.had_regs = true;
		if (regs->di != 77 || regs->ip != ip + MCOUNT_INSN_SIZE ||
		    regs->cs != __KERNEL_CS ||
		    *(unsigned long *)regs->sp != parent_ip)
			f->seen.bad_regs = true;
	}
}

static int calls(struct ftt_ops *f, int i)
{
	return atomic_read(&f->seen.calls[i]);
}

static void reset_seen(struct ftt_ops *f)
{
	memset(&f->seen, 0, sizeof(f->seen));
}

/* Call target @i @n times (argument 77) through ftt_fops_call(). */
static int call_n(int i, int n)
{
	static int (* const fns[])(int) = {
		NULL, ftt_fops_target1, ftt_fops_target2, ftt_fops_target3,
		ftt_fops_target4,
	};
	int r = 0;

	while (n--)
		r = ftt_fops_call(READ_ONCE(fns[i]), 77);
	return r;
}

static int set_filter(struct ftrace_ops *ops, const char *s, int reset)
{
	return ftrace_set_filter(ops, (unsigned char *)s, strlen(s), reset);
}

static int set_notrace(struct ftrace_ops *ops, const char *s, int reset)
{
	return ftrace_set_notrace(ops, (unsigned char *)s, strlen(s), reset);
}

static struct ftt_ops fa = { .ops.func = count_cb };
static struct ftt_ops fb = { .ops.func = count_cb };
static struct ftt_ops fc = { .ops.func = count_cb };
static struct ftt_ops fd = { .ops.func = count_cb };

static void act_basic(void)
{
	char name[KSYM_SYMBOL_LEN];
	int ret;

	CHECK(!set_filter(&fa.ops, "ftt_fops_target1", 1), "set_filter");
	ret = register_ftrace_function(&fa.ops);
	CHECK(!ret, "register: %d", ret);
	call_n(1, 5);
	call_n(2, 2);
	CHECK(calls(&fa, 1) == 5, "target1 seen %d times, not 5", calls(&fa, 1));
	CHECK(calls(&fa, 2) == 0, "target2 seen %d times", calls(&fa, 2));
	CHECK(fa.seen.last_ip == site_of(ftt_fops_target1),
	      "ip %lx, site %lx", fa.seen.last_ip, site_of(ftt_fops_target1));
	/* "%ps" of a module's function: "name [module]". */
	snprintf(name, sizeof(name), "%ps", (void *)fa.seen.last_parent);
	CHECK(!strcmp(name, "ftt_fops_call [ftt_fops]"), "parent %s", name);
	CHECK(!fa.seen.bad_regs, "argument registers wrong");
	CHECK(!fa.seen.had_regs, "a full pt_regs without SAVE_REGS");
	CHECK(call_n(1, 1) == 78, "target1 returned the wrong value");
	ret = register_ftrace_function(&fa.ops);
	CHECK(ret == -EBUSY, "registering twice: %d", ret);
	ret = unregister_ftrace_function(&fa.ops);
	CHECK(!ret, "unregister: %d", ret);
	ret = unregister_ftrace_function(&fa.ops);
	CHECK(ret, "unregistering twice succeeded");
	reset_seen(&fa);
	call_n(1, 3);
	CHECK(calls(&fa, 1) == 0, "called %d times after unregistering",
	      calls(&fa, 1));
	/* Again, to see that an ops can come back. */
	ret = register_ftrace_function(&fa.ops);
	CHECK(!ret, "register again: %d", ret);
	call_n(1, 2);
	CHECK(calls(&fa, 1) == 2, "target1 seen %d times after re-registering",
	      calls(&fa, 1));
	unregister_ftrace_function(&fa.ops);
	ftrace_free_filter(&fa.ops);
}

static void act_multi(void)
{
	CHECK(!set_filter(&fa.ops, "ftt_fops_target1", 1), "filter a");
	CHECK(!set_filter(&fb.ops, "ftt_fops_target1 ftt_fops_target2", 1), "filter b");
	CHECK(!set_filter(&fc.ops, "ftt_fops_target2 ftt_fops_target3", 1), "filter c");
	CHECK(!set_notrace(&fc.ops, "ftt_fops_target3", 1), "notrace c");
	/* d traces every function of the kernel but target1. */
	CHECK(!set_notrace(&fd.ops, "ftt_fops_target1", 1), "notrace d");
	CHECK(!register_ftrace_function(&fa.ops), "register a");
	CHECK(!register_ftrace_function(&fb.ops), "register b");
	CHECK(!register_ftrace_function(&fc.ops), "register c");
	CHECK(!register_ftrace_function(&fd.ops), "register d");
	call_n(1, 2);
	call_n(2, 3);
	call_n(3, 4);
	CHECK(calls(&fa, 1) == 2 && calls(&fa, 2) == 0 && calls(&fa, 3) == 0,
	      "a saw %d %d %d", calls(&fa, 1), calls(&fa, 2), calls(&fa, 3));
	CHECK(calls(&fb, 1) == 2 && calls(&fb, 2) == 3 && calls(&fb, 3) == 0,
	      "b saw %d %d %d", calls(&fb, 1), calls(&fb, 2), calls(&fb, 3));
	CHECK(calls(&fc, 1) == 0 && calls(&fc, 2) == 3 && calls(&fc, 3) == 0,
	      "c saw %d %d %d", calls(&fc, 1), calls(&fc, 2), calls(&fc, 3));
	CHECK(calls(&fd, 1) == 0 && calls(&fd, 2) == 3 && calls(&fd, 3) == 4,
	      "d saw %d %d %d", calls(&fd, 1), calls(&fd, 2), calls(&fd, 3));
	CHECK(calls(&fd, 0) > 0, "d saw no other function");
	CHECK(!fa.seen.bad_regs && !fb.seen.bad_regs && !fc.seen.bad_regs &&
	      !fd.seen.bad_regs, "argument registers wrong");

	/* b goes: its functions stay traced for the others. */
	CHECK(!unregister_ftrace_function(&fb.ops), "unregister b");
	call_n(1, 1);
	call_n(2, 1);
	CHECK(calls(&fa, 1) == 3 && calls(&fb, 1) == 2 && calls(&fb, 2) == 3 &&
	      calls(&fc, 2) == 4 && calls(&fd, 2) == 4,
	      "after b went: a %d, b %d %d, c %d, d %d", calls(&fa, 1),
	      calls(&fb, 1), calls(&fb, 2), calls(&fc, 2), calls(&fd, 2));

	/* A filter change of a registered ops takes effect at once. */
	CHECK(!set_filter(&fa.ops, "ftt_fops_target2", 0), "add to a");
	call_n(2, 1);
	CHECK(calls(&fa, 2) == 1, "a saw target2 %d times after its filter grew",
	      calls(&fa, 2));
	CHECK(!unregister_ftrace_function(&fa.ops), "unregister a");
	CHECK(!unregister_ftrace_function(&fc.ops), "unregister c");
	CHECK(!unregister_ftrace_function(&fd.ops), "unregister d");
	ftrace_free_filter(&fa.ops);
	ftrace_free_filter(&fb.ops);
	ftrace_free_filter(&fc.ops);
	ftrace_free_filter(&fd.ops);
}

static void act_regs(void)
{
	fa.ops.flags = FTRACE_OPS_FL_SAVE_REGS;
	CHECK(!set_filter(&fa.ops, "ftt_fops_target1", 1), "filter");
	CHECK(!register_ftrace_function(&fa.ops), "register regs ops");
	call_n(1, 3);
	CHECK(calls(&fa, 1) == 3, "regs ops saw %d", calls(&fa, 1));
	CHECK(fa.seen.had_regs, "no pt_regs for a SAVE_REGS ops");
	CHECK(!fa.seen.bad_regs, "pt_regs do not match the call");

	/* With a second, plain ops on the same site: the list walk. */
	CHECK(!set_filter(&fb.ops, "ftt_fops_target1", 1), "filter b");
	CHECK(!register_ftrace_function(&fb.ops), "register plain ops");
	call_n(1, 2);
	CHECK(calls(&fa, 1) == 5 && calls(&fb, 1) == 2, "regs %d plain %d",
	      calls(&fa, 1), calls(&fb, 1));
	CHECK(!fb.seen.bad_regs, "argument registers wrong (plain ops)");
	CHECK(!fa.seen.bad_regs, "pt_regs wrong (several ops)");
	CHECK(!unregister_ftrace_function(&fa.ops), "unregister regs ops");
	reset_seen(&fb);
	call_n(1, 2);
	CHECK(calls(&fb, 1) == 2, "plain ops alone saw %d", calls(&fb, 1));
	CHECK(!fb.seen.bad_regs, "argument registers wrong (plain ops alone)");
	CHECK(!unregister_ftrace_function(&fb.ops), "unregister plain ops");
	fa.ops.flags = 0;
	ftrace_free_filter(&fa.ops);
	ftrace_free_filter(&fb.ops);
}

/* Send ftt_fops_target3 to ftt_fops_replacement. */
static notrace void redirect_cb(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	ftrace_regs_set_instruction_pointer(fregs,
					    (unsigned long)ftt_fops_replacement);
}

static struct ftrace_ops ipmod_ops = { .func = redirect_cb };
static struct ftrace_ops ipmod_ops2 = { .func = redirect_cb };

static void act_ipmodify(void)
{
	unsigned long flags[] = {
		FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
		FTRACE_OPS_FL_IPMODIFY,
	};
	int i, r, ret;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		ipmod_ops.flags = flags[i];
		ipmod_ops2.flags = flags[i];
		CHECK(!set_filter(&ipmod_ops, "ftt_fops_target3", 1), "filter");
		CHECK(!register_ftrace_function(&ipmod_ops), "register ipmodify");
		r = call_n(3, 1);
		CHECK(r == 7700, "target3(77) = %d, not the replacement's 7700 (%lx)",
		      r, flags[i]);
		/* Another ops may trace it, but not another IPMODIFY one. */
		CHECK(!set_filter(&ipmod_ops2, "ftt_fops_target3", 1), "filter 2");
		ret = register_ftrace_function(&ipmod_ops2);
		CHECK(ret == -EBUSY, "second IPMODIFY ops: %d", ret);
		if (!ret)
			unregister_ftrace_function(&ipmod_ops2);
		/* Nor may a registered one grow into the first one's functions. */
		CHECK(!set_filter(&ipmod_ops2, "ftt_fops_target2", 1), "filter 2b");
		CHECK(!register_ftrace_function(&ipmod_ops2), "register ipmodify 2");
		ret = set_filter(&ipmod_ops2, "ftt_fops_target3", 0);
		CHECK(ret == -EBUSY, "growing into another's function: %d", ret);
		r = call_n(2, 1);
		CHECK(r == 7700, "target2(77) = %d after its redirect", r);
		CHECK(!unregister_ftrace_function(&ipmod_ops2), "unregister 2");
		CHECK(!unregister_ftrace_function(&ipmod_ops), "unregister ipmodify");
		r = call_n(3, 1);
		CHECK(r == 80, "target3(77) = %d after unregistering", r);
		ftrace_free_filter(&ipmod_ops);
		ftrace_free_filter(&ipmod_ops2);
	}
}

/* Calls the function it traces: recursion the core must stop. */
static notrace void recurse_cb(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct ftt_ops *f = container_of(op, struct ftt_ops, ops);

	atomic_inc(&f->seen.calls[4]);
	ftt_fops_target4(1);
}

/* The same, guarding itself. */
static notrace void recurse_guarded_cb(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct ftt_ops *f = container_of(op, struct ftt_ops, ops);
	int bit;

	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	if (bit < 0)
		return;
	atomic_inc(&f->seen.calls[4]);
	ftt_fops_target4(1);
	ftrace_test_recursion_unlock(bit);
}

static __ftt_noipa __used int ftt_fops_target4(int x)
{
	return x + 4;
}

static struct ftt_ops fr1 = {
	.ops.func = recurse_cb,
	.ops.flags = FTRACE_OPS_FL_RECURSION,
};
static struct ftt_ops fr2 = { .ops.func = recurse_guarded_cb };

static void act_recursion(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		struct ftt_ops *f = i ? &fr2 : &fr1;

		CHECK(!set_filter(&f->ops, "ftt_fops_target4", 1), "filter");
		CHECK(!register_ftrace_function(&f->ops), "register");
		call_n(4, 10);
		/*
		 * Each outer call, and at most one nested level: the guard
		 * lets one call through at a level already marked (an
		 * interrupt not yet counted in preempt_count() looks like
		 * that), never two.
		 */
		CHECK(calls(f, 4) >= 10 && calls(f, 4) <= 20,
		      "callback %d ran %d times for 10 calls", i, calls(f, 4));
		CHECK(!unregister_ftrace_function(&f->ops), "unregister");
		ftrace_free_filter(&f->ops);
	}
	/* Both at once: the dispatcher of several ops in between. */
	reset_seen(&fr1);
	reset_seen(&fr2);
	CHECK(!set_filter(&fr1.ops, "ftt_fops_target4", 1), "filter 1");
	CHECK(!set_filter(&fr2.ops, "ftt_fops_target4", 1), "filter 2");
	CHECK(!register_ftrace_function(&fr1.ops), "register 1");
	CHECK(!register_ftrace_function(&fr2.ops), "register 2");
	call_n(4, 10);
	CHECK(calls(&fr1, 4) >= 10 && calls(&fr2, 4) >= 10 &&
	      calls(&fr1, 4) <= 40 && calls(&fr2, 4) <= 40,
	      "together: %d and %d", calls(&fr1, 4), calls(&fr2, 4));
	CHECK(!unregister_ftrace_function(&fr1.ops), "unregister 1");
	CHECK(!unregister_ftrace_function(&fr2.ops), "unregister 2");
	ftrace_free_filter(&fr1.ops);
	ftrace_free_filter(&fr2.ops);
}

static void act_filter(void)
{
	unsigned long data_addr = (unsigned long)&fail_msg;
	int ret, i;

	/* A glob: the four targets (ftt_fops_call and the replacement not). */
	CHECK(!set_filter(&fa.ops, "ftt_fops_target*", 1), "glob");
	CHECK(!register_ftrace_function(&fa.ops), "register");
	for (i = 1; i <= 4; i++)
		call_n(i, 1);
	for (i = 1; i <= 4; i++)
		CHECK(calls(&fa, i) == 1, "target%d seen %d times", i, calls(&fa, i));
	/* "!" takes one out; notrace takes another out. */
	CHECK(!set_filter(&fa.ops, "!ftt_fops_target1", 0), "!");
	CHECK(!set_notrace(&fa.ops, "*fops_target2", 1), "notrace");
	for (i = 1; i <= 4; i++)
		call_n(i, 1);
	CHECK(calls(&fa, 1) == 1 && calls(&fa, 2) == 1 && calls(&fa, 3) == 2 &&
	      calls(&fa, 4) == 2, "after ! and notrace: %d %d %d %d",
	      calls(&fa, 1), calls(&fa, 2), calls(&fa, 3), calls(&fa, 4));

	/* Errors change nothing. */
	ret = set_filter(&fa.ops, "ftt_no_such_function_at_all", 0);
	CHECK(ret == -EINVAL, "unknown function: %d", ret);
	ret = set_filter(&fa.ops, "ftt_fops_target1 ftt_no_such_function", 0);
	CHECK(ret == -EINVAL, "an unknown second word: %d", ret);
	ret = ftrace_set_filter_ip(&fa.ops, data_addr, 0, 0);
	CHECK(ret == -ENOENT, "filter_ip on data: %d", ret);
	call_n(1, 1);
	call_n(3, 1);
	CHECK(calls(&fa, 1) == 1 && calls(&fa, 3) == 3,
	      "a failed change changed the filter: %d %d", calls(&fa, 1),
	      calls(&fa, 3));

	/* By address: the function's own address or its call site. */
	ret = ftrace_set_filter_ip(&fa.ops, (unsigned long)ftt_fops_target1, 0, 1);
	CHECK(!ret, "filter_ip: %d", ret);
	ret = ftrace_set_filter_ip(&fa.ops, site_of(ftt_fops_target4), 0, 0);
	CHECK(!ret, "filter_ip of a site: %d", ret);
	for (i = 1; i <= 4; i++)
		call_n(i, 1);
	CHECK(calls(&fa, 1) == 2 && calls(&fa, 3) == 3 && calls(&fa, 4) == 3,
	      "by address: %d %d %d", calls(&fa, 1), calls(&fa, 3), calls(&fa, 4));
	ret = ftrace_set_filter_ip(&fa.ops, (unsigned long)ftt_fops_target1, 1, 0);
	CHECK(!ret, "filter_ip remove: %d", ret);
	call_n(1, 1);
	CHECK(calls(&fa, 1) == 2, "a removed address is still traced");

	/* An empty filter is every function. */
	CHECK(!ftrace_set_filter(&fa.ops, NULL, 0, 1), "reset");
	call_n(1, 1);
	CHECK(calls(&fa, 1) == 3 && calls(&fa, 0) > 0, "reset filter: %d %d",
	      calls(&fa, 1), calls(&fa, 0));
	CHECK(!unregister_ftrace_function(&fa.ops), "unregister");
	ftrace_free_filter(&fa.ops);
}

static void act_bytes(void)
{
	u8 b[MCOUNT_INSN_SIZE];
	s32 rel;

	/* At init: a NOP, unless something traced it before the init ran. */
	memcpy(b, (void *)site_of(ftt_fops_target1), sizeof(b));
	memcpy(&rel, b + 1, sizeof(rel));
	if (b[0] == 0xe8)
		pr_info("ftt_fops: bytes first: %*ph -> %ps\n", (int)sizeof(b), b,
			(void *)(site_of(ftt_fops_target1) + sizeof(b) + rel));
	else
		pr_info("ftt_fops: bytes first: %*ph\n", (int)sizeof(b), b);
	CHECK(!set_filter(&fa.ops, "ftt_fops_target1", 1), "filter");
	CHECK(!register_ftrace_function(&fa.ops), "register");
	memcpy(b, (void *)site_of(ftt_fops_target1), sizeof(b));
	memcpy(&rel, b + 1, sizeof(rel));
	pr_info("ftt_fops: bytes call: %*ph -> %ps\n", (int)sizeof(b), b,
		(void *)(site_of(ftt_fops_target1) + sizeof(b) + rel));
	CHECK(!unregister_ftrace_function(&fa.ops), "unregister");
	memcpy(b, (void *)site_of(ftt_fops_target1), sizeof(b));
	pr_info("ftt_fops: bytes after: %*ph\n", (int)sizeof(b), b);
	ftrace_free_filter(&fa.ops);
}

/* Only loaded: its functions are there to be traced from outside. */
static void act_none(void)
{
}

static struct ftrace_ops *stay_ops;

static int stay_register(void)
{
	struct ftrace_ops *ops;

	if (!strcmp(stay, "plain")) {
		ops = &fa.ops;
	} else if (!strcmp(stay, "regs")) {
		ops = &fa.ops;
		ops->flags = FTRACE_OPS_FL_SAVE_REGS;
	} else if (!strcmp(stay, "ipmodify")) {
		ops = &ipmod_ops;
		ops->flags = FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY;
	} else if (!strcmp(stay, "permanent")) {
		ops = &fa.ops;
		ops->flags = FTRACE_OPS_FL_PERMANENT;
	} else {
		return -EINVAL;
	}
	if (set_filter(ops, ops == &ipmod_ops ? "ftt_fops_target3" :
		       "ftt_fops_target1", 1))
		return -EINVAL;
	stay_ops = ops;
	return register_ftrace_function(ops);
}

static int __init ftt_fops_init(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} actions[] = {
		{ "basic", act_basic },
		{ "multi", act_multi },
		{ "regs", act_regs },
		{ "ipmodify", act_ipmodify },
		{ "recursion", act_recursion },
		{ "filter", act_filter },
		{ "bytes", act_bytes },
		{ "none", act_none },
	};
	int i, ret;

	if (*stay) {
		ret = stay_register();
		pr_info("ftt_fops: stay %s %s (%d)\n", stay, ret ? "FAIL" : "ok", ret);
		if (ret)
			stay_ops = NULL;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(actions); i++) {
		if (strcmp(action, actions[i].name))
			continue;
		actions[i].fn();
		if (fail_msg)
			pr_info("ftt_fops: %s FAIL: %s\n", action, fail_msg);
		else
			pr_info("ftt_fops: %s ok\n", action);
		return 0;
	}
	pr_info("ftt_fops: %s FAIL: no such action\n", action);
	return 0;
}

static void __exit ftt_fops_exit(void)
{
	if (stay_ops) {
		unregister_ftrace_function(stay_ops);
		ftrace_free_filter(stay_ops);
	}
}

module_init(ftt_fops_init);
module_exit(ftt_fops_exit);
MODULE_DESCRIPTION("The function-tracing kernel API, exercised");
MODULE_LICENSE("GPL");
