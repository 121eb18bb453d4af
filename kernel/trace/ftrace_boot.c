// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel command line's choice of functions for the top-level
 * function tracer:
 *
 *   ftrace_filter=WORD[,WORD...]   set_ftrace_filter at boot
 *   ftrace_notrace=WORD[,WORD...]  set_ftrace_notrace at boot
 *
 * A WORD is anything set_ftrace_filter takes (a name, a glob, "!" in
 * front).  The lists are kept until trace_boot.c applies them, before it
 * starts the tracer of ftrace=, so that the first records already obey
 * them; a word that matches nothing is reported and skipped.
 */

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/string.h>

#include <asm/setup.h>

#include "ftrace_internal.h"
#include "trace.h"

static char boot_filter[COMMAND_LINE_SIZE] __initdata;
static char boot_notrace[COMMAND_LINE_SIZE] __initdata;

static int __init set_boot_filter(char *str)
{
	strscpy(boot_filter, str, sizeof(boot_filter));
	return 1;
}
__setup("ftrace_filter=", set_boot_filter);

static int __init set_boot_notrace(char *str)
{
	strscpy(boot_notrace, str, sizeof(boot_notrace));
	return 1;
}
__setup("ftrace_notrace=", set_boot_notrace);

/* One word of ftrace_filter= for the global ops (@ops). */
static int __init boot_filter_word(void *ops, char *word)
{
	return ftrace_set_filter(ops, word, strlen(word), 0);
}

/* One word of ftrace_notrace=. */
static int __init boot_notrace_word(void *ops, char *word)
{
	return ftrace_set_notrace(ops, word, strlen(word), 0);
}

/**
 * ftrace_boot_apply_filters - apply ftrace_filter= and ftrace_notrace=
 *
 * Also gives the top-level array its ops now, long before its tracefs
 * files are made, so that the tracer of ftrace= can start.
 *
 * Context: boot, once, before the boot tracer starts (trace_boot.c).
 */
void __init ftrace_boot_apply_filters(void)
{
	mutex_lock(&tracing_lock);
	if (!global_trace.ops) {
		global_trace.ops = &ftrace_global_ops;
		ftrace_global_ops.private = &global_trace;
	}
	mutex_unlock(&tracing_lock);
	/* A word that matches nothing is logged and skipped. */
	ftrace_set_boot_words("ftrace_filter=", boot_filter,
			      boot_filter_word, &ftrace_global_ops);
	ftrace_set_boot_words("ftrace_notrace=", boot_notrace,
			      boot_notrace_word, &ftrace_global_ops);
}
