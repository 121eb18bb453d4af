// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: what error_log says about a refused hist command
 * (glossary in trace_hist.h).  Every hist file reports through here:
 * the messages are upstream's, word for word, since scripts and the
 * selftests match them, and so is the caret rule - under the first
 * place in the logged command where the offending text occurs.
 */

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

static const char *hist_errs[] = {
	[HIST_ERR_EMPTY_ASSIGNMENT]	= "Empty assignment",
	[HIST_ERR_BAD_FIELD_MODIFIER]	= "Invalid field modifier",
	[HIST_ERR_FIELD_NOT_FOUND]	= "Couldn't find field",
	[HIST_ERR_INVALID_SORT_MODIFIER] = "Invalid sort modifier",
	[HIST_ERR_EMPTY_SORT_FIELD]	= "Empty sort field",
	[HIST_ERR_TOO_MANY_SORT_FIELDS]	= "Too many sort fields (Max = 2)",
	[HIST_ERR_INVALID_SORT_FIELD]	= "Sort field must be a key or a val",
	[HIST_ERR_NEED_NOHC_VAL] =
		"Non-hitcount value is required for 'nohitcount'",
	[HIST_ERR_TRIGGER_EEXIST]	= "Hist trigger already exists",
	[HIST_ERR_TRIGGER_ENOENT_CLEAR] =
		"Can't clear or continue a nonexistent hist trigger",
	[HIST_ERR_NAMED_MISMATCH] =
		"Named hist trigger doesn't match existing named trigger (includes variables)",
	[HIST_ERR_TOO_MANY_VARS]	= "Too many variables defined",
	[HIST_ERR_MALFORMED_ASSIGNMENT]	= "Malformed assignment",
	[HIST_ERR_DUPLICATE_VAR]	= "Variable already defined",
	[HIST_ERR_VAR_NOT_FOUND]	= "Couldn't find variable",
	[HIST_ERR_VAR_NOT_UNIQUE] =
		"Variable name not unique, need to use fully qualified name (subsys.event.var) for variable",
	[HIST_ERR_TOO_MANY_SUBEXPR]	= "Too many subexpressions (3 max)",
	[HIST_ERR_UNARY_MINUS_SUBEXPR] =
		"Unary minus not supported in sub-expressions",
	[HIST_ERR_DIVISION_BY_ZERO]	= "Division by zero",
	[HIST_ERR_EXPECT_NUMBER]	= "Expecting numeric literal",
	[HIST_ERR_INVALID_STR_OPERAND] =
		"String type can not be an operand in expression",
	[HIST_ERR_TIMESTAMP_MISMATCH] =
		"Timestamp units in expression don't match",
	[HIST_ERR_INVALID_REF_KEY] =
		"Using variable references in keys not supported",
	[HIST_ERR_SET_CLOCK_FAIL]	= "Couldn't set trace_clock",
	[HIST_ERR_NO_CLOSING_PAREN]	= "No closing paren found",
	[HIST_ERR_SUBSYS_NOT_FOUND]	= "Missing subsystem",
	[HIST_ERR_INVALID_SUBSYS_EVENT]	= "Invalid subsystem or event name",
	[HIST_ERR_ACTION_NOT_FOUND]	= "No action found",
	[HIST_ERR_ACTION_MISMATCH]	= "Handler doesn't support action",
	[HIST_ERR_INVALID_PARAM]	= "Invalid action param",
	[HIST_ERR_TOO_MANY_PARAMS]	= "Too many action params",
	[HIST_ERR_PARAM_NOT_FOUND]	= "Couldn't find param",
	[HIST_ERR_SYNTH_EVENT_NOT_FOUND] = "Couldn't find synthetic event",
	[HIST_ERR_SYNTH_TYPE_MISMATCH] =
		"Param type doesn't match synthetic event field type",
	[HIST_ERR_SYNTH_COUNT_MISMATCH] =
		"Param count doesn't match synthetic event field count",
};

/**
 * hist_log_err - explain a refused hist command in its array's error_log
 * @file: the event the command was written for
 * @cmd: the text written after "hist:" (the filter included)
 * @err: HIST_ERR_*
 * @at: the offending text; the caret goes under its first occurrence in
 *	the logged command, or under its start when @at is NULL or absent
 *
 * Context: process, event_mutex held.
 */
void hist_log_err(struct trace_event_file *file, const char *cmd,
		  unsigned int err, const char *at)
{
	struct trace_event_call *call = file->event_call;
	char *line, *loc, *hit;
	u16 pos = 0;

	line = kasprintf(GFP_KERNEL, "hist:%s", cmd ? cmd : "");
	loc = kasprintf(GFP_KERNEL, "hist:%s:%s", call->class->system,
			trace_event_name(call));
	if (line && loc) {
		hit = at && *at ? strstr(line, at) : NULL;
		if (hit)
			pos = hit - line;
		tracing_log_err(file->tr, loc, line, hist_errs, err, pos);
	}
	kfree(line);
	kfree(loc);
}

/**
 * hist_parse_err - explain a refused spec in error_log
 * @p: the parse
 * @err: HIST_ERR_*
 * @at: the offending text (see hist_log_err())
 *
 * Context: process, event_mutex held.
 * Return: the errno upstream gives for @err.
 */
int hist_parse_err(struct hist_parse *p, unsigned int err, const char *at)
{
	hist_log_err(p->file, p->cmd, err, at);
	return err == HIST_ERR_NEED_NOHC_VAL ? -ENOENT : -EINVAL;
}
