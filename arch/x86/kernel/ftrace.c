// SPDX-License-Identifier: GPL-2.0
/*
 * Patching the function-entry call sites of x86.
 *
 * A site is five bytes, always in one of four states (the core's enum
 * ftrace_site_state, kernel/trace/ftrace_patch.c):
 *
 *	0f 1f 44 00 00		the 5-byte NOP (x86_nops[5]): not traced
 *	e8 <ftrace_caller>	traced
 *	e8 <ftrace_regs_caller>	traced, some callback wants a full pt_regs
 *	e8 <a trampoline>	traced by one direct ops alone, whose own
 *				trampoline it calls (register_ftrace_direct())
 *
 * (the compiler leaves "e8 <__fentry__>", which the boot turns into the
 * NOP while no other CPU runs and the text is still writable).
 *
 * On live code a five-byte instruction cannot be written in one go: a CPU
 * could fetch it half old, half new.  text_poke_queue() and
 * text_poke_finish() (arch/x86/kernel/alternative.c) change a batch of
 * sites with a breakpoint protocol: an int3 goes over the first byte of
 * each, every CPU is made to serialise, the other four bytes are written,
 * every CPU serialises again, the first byte is written, and a last
 * serialisation ends it.  A CPU that hits one of the int3s meanwhile has
 * the new instruction emulated by the breakpoint handler (the call made,
 * or the NOP skipped), so every CPU at every moment runs either the old or
 * the new instruction, never a mix.
 *
 * Before queueing, each site is read back and compared with what the core
 * says it is: a site that holds anything else is left alone and the
 * change refused, for the core to report.
 */

#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <asm/nops.h>
#include <asm/text-patching.h>

#define CALL_OPCODE	0xe8

/* The five bytes of a call of @target at @ip, or the NOP if @target is 0. */
static void site_insn(u8 insn[MCOUNT_INSN_SIZE], unsigned long ip,
		      unsigned long target)
{
	s32 rel;

	if (!target) {
		memcpy(insn, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
		return;
	}
	rel = (s32)(target - (ip + MCOUNT_INSN_SIZE));
	insn[0] = CALL_OPCODE;
	memcpy(&insn[1], &rel, sizeof(rel));
}

/* Does the site at @ip hold the instruction for @target? */
static int site_check(unsigned long ip, unsigned long target)
{
	u8 want[MCOUNT_INSN_SIZE], have[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(have, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	site_insn(want, ip, target);
	return memcmp(have, want, MCOUNT_INSN_SIZE) ? -EINVAL : 0;
}

/**
 * ftrace_arch_site_init - turn a compiled call site into the NOP
 * @ip: the site
 *
 * For code that cannot be running: the boot before the other CPUs start,
 * or a module that is not formed yet.  A site that is the NOP already is
 * left as it is.
 *
 * Return: 0, -EINVAL when the site is neither the compiler's call nor the
 * NOP, -EFAULT when it cannot be read.
 */
int ftrace_arch_site_init(unsigned long ip)
{
	u8 nop[MCOUNT_INSN_SIZE];
	int ret;

	ret = site_check(ip, 0);
	if (ret != -EINVAL)
		return ret;
	ret = site_check(ip, MCOUNT_ADDR);
	if (ret)
		return ret;
	site_insn(nop, ip, 0);
	text_poke_early((void *)ip, nop, MCOUNT_INSN_SIZE);
	return 0;
}

/**
 * ftrace_arch_patch_begin - start a batch of site changes
 *
 * Takes text_mutex until ftrace_arch_patch_end().  Context: process.
 */
void ftrace_arch_patch_begin(void)
{
	mutex_lock(&text_mutex);
}

/**
 * ftrace_arch_patch_site - queue the change of one live call site
 * @ip: the site
 * @from: the trampoline it calls now, 0 if it is the NOP
 * @to: the trampoline it is to call, 0 for the NOP
 *
 * Sites must be queued in increasing address order for the batch to stay
 * one batch (a lower address flushes what is queued first, which is
 * correct but slower).  Context: between ftrace_arch_patch_begin() and
 * ftrace_arch_patch_end().
 *
 * Return: 0, or -EINVAL / -EFAULT when the site does not hold @from (it is
 * then not changed).
 */
int ftrace_arch_patch_site(unsigned long ip, unsigned long from,
			   unsigned long to)
{
	u8 insn[MCOUNT_INSN_SIZE];
	int ret;

	lockdep_assert_held(&text_mutex);
	ret = site_check(ip, from);
	if (ret)
		return ret;
	site_insn(insn, ip, to);
	/* The breakpoint handler emulates the new instruction. */
	text_poke_queue((void *)ip, insn, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/**
 * ftrace_arch_patch_end - apply the queued changes and end the batch
 *
 * Returns once every CPU runs the new instructions.
 */
void ftrace_arch_patch_end(void)
{
	text_poke_finish();
	mutex_unlock(&text_mutex);
}
