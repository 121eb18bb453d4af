/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __TRACE_SYSCALL_SUPPORT_H
#define __TRACE_SYSCALL_SUPPORT_H

/*
 * System call tracing support shared with the core kernel: the hook fork
 * uses to pass the "syscall tracepoints are on" flag to a child.  The
 * per-syscall descriptions come with the syscall events.
 */

#include <asm/ptrace.h>
#include <linux/list.h>
#include <linux/thread_info.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>
#include <linux/unistd.h>

struct task_struct;
struct trace_event_call;

#if defined(CONFIG_TRACEPOINTS) && defined(CONFIG_HAVE_SYSCALL_TRACEPOINTS)
/* A new task traces its syscalls exactly when its parent does. */
static inline void syscall_tracepoint_update(struct task_struct *child)
{
	if (!test_syscall_work(SYSCALL_TRACEPOINT)) {
		clear_task_syscall_work(child, SYSCALL_TRACEPOINT);
		return;
	}
	set_task_syscall_work(child, SYSCALL_TRACEPOINT);
}
#else
static inline void syscall_tracepoint_update(struct task_struct *child)
{
}
#endif

#endif /* __TRACE_SYSCALL_SUPPORT_H */
