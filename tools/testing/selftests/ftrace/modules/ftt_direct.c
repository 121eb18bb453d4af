// SPDX-License-Identifier: GPL-2.0
/*
 * ftt_direct: direct calls (register_ftrace_direct() and its family), run
 * once while loading, for test.d/function/direct-api.tc.
 *
 *   action=errors   what the API refuses: an empty filter, a 0 address,
 *                   an ops with a callback, registering twice, a second
 *                   direct ops on a function, unregistering or modifying
 *                   an ops that is not a registered direct ops
 *   action=solo     a direct ops alone on a function: its site calls the
 *                   trampoline ("solo site: e8 ... -> ftt_direct_tramp_a"),
 *                   which sees every call with the arguments intact; with
 *                   an ordinary ops on the same function the site calls
 *                   ftrace_regs_caller and both see every call; then back
 *                   to the trampoline, and to the NOP after unregistering
 *   action=modify   modify_ftrace_direct() between two trampolines, many
 *                   times, while a kthread on another CPU calls the
 *                   function: every call enters exactly one trampoline
 *                   (the two counts add up to the calls made), alone and
 *                   shared with an ordinary ops
 *
 * Each action ends with an "ftt_direct: ACTION ok" line in the kernel log,
 * or "ftt_direct: ACTION FAIL: what".
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/string.h>

#include <asm/ibt.h>
#include <asm/nospec-branch.h>

static char *action = "solo";
module_param(action, charp, 0444);
MODULE_PARM_DESC(action, "errors, solo or modify");

#define __ftt_noipa __attribute__((__noipa__))

/* The traced functions: never inlined, cloned or specialised. */
static __ftt_noipa __used int ftt_direct_target(int x)
{
	return x * 3;
}

static __ftt_noipa __used int ftt_direct_other(int x)
{
	return x * 5;
}

/* What the trampolines record: calls, and the first argument last seen. */
unsigned long ftt_direct_hits_a, ftt_direct_hits_b;
unsigned long ftt_direct_arg_a, ftt_direct_arg_b;

void ftt_direct_tramp_a(void);
void ftt_direct_tramp_b(void);

/*
 * Two direct trampolines: entered with the traced function's arguments
 * in their registers and its resume address on the stack, they count the
 * call, note %rdi, and return into the function.  Only the flags change.
 */
asm(
"	.pushsection .text, \"ax\", @progbits\n"
"	.type ftt_direct_tramp_a, @function\n"
"	.globl ftt_direct_tramp_a\n"
"ftt_direct_tramp_a:\n"
	ASM_ENDBR
	CALL_DEPTH_ACCOUNT
"	lock incq ftt_direct_hits_a(%rip)\n"
"	movq %rdi, ftt_direct_arg_a(%rip)\n"
	ASM_RET
"	.size ftt_direct_tramp_a, .-ftt_direct_tramp_a\n"
"	.type ftt_direct_tramp_b, @function\n"
"	.globl ftt_direct_tramp_b\n"
"ftt_direct_tramp_b:\n"
	ASM_ENDBR
	CALL_DEPTH_ACCOUNT
"	lock incq ftt_direct_hits_b(%rip)\n"
"	movq %rdi, ftt_direct_arg_b(%rip)\n"
	ASM_RET
"	.size ftt_direct_tramp_b, .-ftt_direct_tramp_b\n"
"	.popsection\n"
);

#define TRAMP_A	((unsigned long)ftt_direct_tramp_a)
#define TRAMP_B	((unsigned long)ftt_direct_tramp_b)

/* The call site of @fn: after its ENDBR64 when IBT is built in. */
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

/* Call @fn @n times with 41; the results must be right. */
static void call_n(int (*fn)(int), int mul, int n)
{
	int (*f)(int) = fn;

	while (n--) {
		OPTIMIZER_HIDE_VAR(f);
		CHECK(f(41) == 41 * mul, "a traced function returned a wrong value");
	}
}

/*
 * What the site of @fn calls: "e8 .. .. .. .. -> symbol" or the bytes.
 * It must be @want, or when @want is 1 the symbol @name (ftrace's own
 * trampolines are not exported).
 */
static void show_site(const char *what, int (*fn)(int), unsigned long want,
		      const char *name)
{
	unsigned long ip = site_of(fn);
	u8 b[MCOUNT_INSN_SIZE];
	unsigned long to = 0;
	char sym[KSYM_SYMBOL_LEN] = "";
	s32 rel;

	memcpy(b, (void *)ip, sizeof(b));
	if (b[0] == 0xe8) {
		memcpy(&rel, b + 1, sizeof(rel));
		to = ip + sizeof(b) + rel;
		snprintf(sym, sizeof(sym), "%ps", (void *)to);
		pr_info("ftt_direct: %s site: %*ph -> %s\n", what,
			(int)sizeof(b), b, sym);
	} else {
		pr_info("ftt_direct: %s site: %*ph\n", what, (int)sizeof(b), b);
	}
	if (want == 1)
		CHECK(to && !strcmp(sym, name), "%s site calls %s, not %s", what,
		      sym, name);
	else
		CHECK(to == want, "%s site calls %ps, not %ps", what,
		      (void *)to, (void *)want);
}

/* An ordinary ops, counting its calls. */
static atomic_t plain_calls = ATOMIC_INIT(0);

static notrace void plain_cb(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	if (ip == site_of(ftt_direct_target))
		atomic_inc(&plain_calls);
}

static struct ftrace_ops plain = { .func = plain_cb };
static struct ftrace_ops direct1, direct2;

static void reset_counts(void)
{
	WRITE_ONCE(ftt_direct_hits_a, 0);
	WRITE_ONCE(ftt_direct_hits_b, 0);
	WRITE_ONCE(ftt_direct_arg_a, 0);
	WRITE_ONCE(ftt_direct_arg_b, 0);
	atomic_set(&plain_calls, 0);
}

static int filter_on(struct ftrace_ops *ops, int (*fn)(int))
{
	return ftrace_set_filter_ip(ops, (unsigned long)fn, 0, 1);
}

static void act_errors(void)
{
	int ret;

	ret = register_ftrace_direct(&direct1, TRAMP_A);
	CHECK(ret == -EINVAL, "no filter: %d", ret);
	CHECK(!filter_on(&direct1, ftt_direct_target), "filter");
	ret = register_ftrace_direct(&direct1, 0);
	CHECK(ret == -EINVAL, "address 0: %d", ret);
	ret = register_ftrace_direct(&plain, TRAMP_A);
	CHECK(ret == -EINVAL, "an ops with a callback: %d", ret);
	ret = unregister_ftrace_direct(&direct1, TRAMP_A, false);
	CHECK(ret == -EINVAL, "unregister, not registered: %d", ret);
	ret = modify_ftrace_direct(&direct1, TRAMP_B);
	CHECK(ret == -EINVAL, "modify, not registered: %d", ret);

	ret = register_ftrace_direct(&direct1, TRAMP_A);
	CHECK(!ret, "register: %d", ret);
	ret = register_ftrace_direct(&direct1, TRAMP_A);
	CHECK(ret == -EINVAL, "registered twice: %d", ret);
	CHECK(!filter_on(&direct2, ftt_direct_target), "filter 2");
	ret = register_ftrace_direct(&direct2, TRAMP_B);
	CHECK(ret == -EBUSY, "two direct ops on a function: %d", ret);
	CHECK(!direct2.func && !(direct2.flags & FTRACE_OPS_FL_ENABLED),
	      "a refused ops was left changed");
	/* A direct ops on another function is fine meanwhile. */
	CHECK(!filter_on(&direct2, ftt_direct_other), "filter 2 other");
	ret = register_ftrace_direct(&direct2, TRAMP_B);
	CHECK(!ret, "direct ops on another function: %d", ret);
	reset_counts();
	call_n(ftt_direct_target, 3, 5);
	call_n(ftt_direct_other, 5, 7);
	CHECK(ftt_direct_hits_a == 5 && ftt_direct_hits_b == 7,
	      "two direct ops: %lu %lu", ftt_direct_hits_a, ftt_direct_hits_b);

	CHECK(!filter_on(&plain, ftt_direct_other), "plain filter");
	CHECK(!register_ftrace_function(&plain), "plain");
	call_n(ftt_direct_other, 5, 2);
	CHECK(ftt_direct_hits_b == 9, "shared with an ordinary ops: %lu",
	      ftt_direct_hits_b);
	ret = unregister_ftrace_direct(&plain, TRAMP_A, false);
	CHECK(ret == -EINVAL, "unregister_ftrace_direct of an ordinary ops: %d", ret);
	ret = modify_ftrace_direct(&plain, TRAMP_B);
	CHECK(ret == -EINVAL, "modify of an ordinary ops: %d", ret);
	ret = modify_ftrace_direct(&direct1, 0);
	CHECK(ret == -EINVAL, "modify to 0: %d", ret);
	CHECK(!unregister_ftrace_function(&plain), "plain off");

	CHECK(!unregister_ftrace_direct(&direct2, TRAMP_B, true), "unregister 2");
	CHECK(!unregister_ftrace_direct(&direct1, TRAMP_A, true), "unregister");
	ret = unregister_ftrace_direct(&direct1, TRAMP_A, true);
	CHECK(ret == -EINVAL, "unregistered twice: %d", ret);
	/* Filters freed: registering again needs a new one. */
	ret = register_ftrace_direct(&direct1, TRAMP_A);
	CHECK(ret == -EINVAL, "registered after its filter was freed: %d", ret);
	reset_counts();
	call_n(ftt_direct_target, 3, 3);
	CHECK(!ftt_direct_hits_a && !ftt_direct_hits_b, "calls after unregistering");
	ftrace_free_filter(&plain);
}

static void act_solo(void)
{
	int ret;

	show_site("untraced", ftt_direct_target, 0, NULL);
	CHECK(!filter_on(&direct1, ftt_direct_target), "filter");
	ret = register_ftrace_direct(&direct1, TRAMP_A);
	CHECK(!ret, "register: %d", ret);
	show_site("solo", ftt_direct_target, TRAMP_A, NULL);
	reset_counts();
	call_n(ftt_direct_target, 3, 10);
	CHECK(ftt_direct_hits_a == 10 && ftt_direct_arg_a == 41,
	      "solo: %lu calls, argument %lu", ftt_direct_hits_a, ftt_direct_arg_a);

	/* Shared: both the ordinary callback and the trampoline run. */
	CHECK(!filter_on(&plain, ftt_direct_target), "plain filter");
	CHECK(!register_ftrace_function(&plain), "plain register");
	show_site("shared", ftt_direct_target, 1, "ftrace_regs_caller");
	reset_counts();
	call_n(ftt_direct_target, 3, 10);
	CHECK(ftt_direct_hits_a == 10 && ftt_direct_arg_a == 41 &&
	      atomic_read(&plain_calls) == 10, "shared: %lu calls, argument %lu, %d plain",
	      ftt_direct_hits_a, ftt_direct_arg_a, atomic_read(&plain_calls));
	/* Another function is untouched by all this. */
	call_n(ftt_direct_other, 5, 3);
	CHECK(ftt_direct_hits_a == 10, "another function entered the trampoline");

	CHECK(!unregister_ftrace_function(&plain), "plain unregister");
	ftrace_free_filter(&plain);
	show_site("alone again", ftt_direct_target, TRAMP_A, NULL);
	reset_counts();
	call_n(ftt_direct_target, 3, 4);
	CHECK(ftt_direct_hits_a == 4, "alone again: %lu", ftt_direct_hits_a);

	CHECK(!unregister_ftrace_direct(&direct1, TRAMP_A, true), "unregister");
	show_site("after", ftt_direct_target, 0, NULL);
	reset_counts();
	call_n(ftt_direct_target, 3, 4);
	CHECK(!ftt_direct_hits_a, "calls after unregistering: %lu", ftt_direct_hits_a);
}

/* The caller on another CPU, counting the calls it makes. */
static unsigned long made;

static int caller_fn(void *unused)
{
	int (*f)(int) = ftt_direct_target;

	while (!kthread_should_stop()) {
		OPTIMIZER_HIDE_VAR(f);
		if (f(41) != 123)
			WRITE_ONCE(fail_msg, "a wrong value while modifying");
		WRITE_ONCE(made, made + 1);
		if (!(made & 1023))
			cond_resched();
	}
	return 0;
}

static void modify_round(const char *what, int switches)
{
	struct task_struct *t;
	unsigned long addr = TRAMP_A;
	int i, ret;

	reset_counts();
	made = 0;
	t = kthread_create(caller_fn, NULL, "ftt_direct_caller");
	if (IS_ERR(t)) {
		CHECK(0, "kthread: %ld", PTR_ERR(t));
		return;
	}
	if (num_online_cpus() > 1)
		kthread_bind(t, cpumask_last(cpu_online_mask));
	wake_up_process(t);
	for (i = 0; i < switches; i++) {
		addr = addr == TRAMP_A ? TRAMP_B : TRAMP_A;
		ret = modify_ftrace_direct(&direct1, addr);
		CHECK(!ret, "%s: modify: %d", what, ret);
		usleep_range(200, 400);
	}
	kthread_stop(t);
	pr_info("ftt_direct: %s: %lu calls, %lu + %lu entries, %d switches\n",
		what, made, ftt_direct_hits_a, ftt_direct_hits_b, switches);
	CHECK(made > 0 && ftt_direct_hits_a + ftt_direct_hits_b == made,
	      "%s: %lu calls but %lu + %lu trampoline entries", what, made,
	      ftt_direct_hits_a, ftt_direct_hits_b);
	CHECK(ftt_direct_hits_a && ftt_direct_hits_b,
	      "%s: a trampoline never ran (%lu %lu)", what, ftt_direct_hits_a,
	      ftt_direct_hits_b);
	/* Back where it started for the next round. */
	if (addr != TRAMP_A)
		CHECK(!modify_ftrace_direct(&direct1, TRAMP_A), "modify back");
}

static void act_modify(void)
{
	int ret;

	CHECK(!filter_on(&direct1, ftt_direct_target), "filter");
	ret = register_ftrace_direct(&direct1, TRAMP_A);
	CHECK(!ret, "register: %d", ret);
	/* Modifying to the same trampoline changes nothing. */
	CHECK(!modify_ftrace_direct(&direct1, TRAMP_A), "modify to itself");
	show_site("modify", ftt_direct_target, TRAMP_A, NULL);
	modify_round("alone", 200);
	show_site("moved back", ftt_direct_target, TRAMP_A, NULL);

	CHECK(!filter_on(&plain, ftt_direct_target), "plain filter");
	CHECK(!register_ftrace_function(&plain), "plain register");
	modify_round("shared", 200);
	CHECK(!modify_ftrace_direct_nolock(&direct1, TRAMP_B), "modify nolock");
	reset_counts();
	call_n(ftt_direct_target, 3, 3);
	CHECK(ftt_direct_hits_b == 3 && !ftt_direct_hits_a, "after nolock: %lu %lu",
	      ftt_direct_hits_a, ftt_direct_hits_b);
	CHECK(!unregister_ftrace_function(&plain), "plain unregister");
	ftrace_free_filter(&plain);
	show_site("on b", ftt_direct_target, TRAMP_B, NULL);
	CHECK(!unregister_ftrace_direct(&direct1, TRAMP_B, true), "unregister");
	show_site("after", ftt_direct_target, 0, NULL);
}

static int __init ftt_direct_init(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} actions[] = {
		{ "errors", act_errors },
		{ "solo", act_solo },
		{ "modify", act_modify },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(actions); i++) {
		if (strcmp(action, actions[i].name))
			continue;
		actions[i].fn();
		if (fail_msg)
			pr_info("ftt_direct: %s FAIL: %s\n", action, fail_msg);
		else
			pr_info("ftt_direct: %s ok\n", action);
		return 0;
	}
	pr_info("ftt_direct: %s FAIL: no such action\n", action);
	return 0;
}

static void __exit ftt_direct_exit(void)
{
}

module_init(ftt_direct_init);
module_exit(ftt_direct_exit);
MODULE_DESCRIPTION("Direct calls of the function-tracing API, exercised");
MODULE_LICENSE("GPL");
