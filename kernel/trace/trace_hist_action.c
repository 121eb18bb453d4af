// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: actions (glossary in trace_hist.h) - what a hist
 * trigger does besides counting, here onmatch(SYS.EVENT) with a trace
 * action: on every hit of its event, after the entry was updated and
 * its variables set, a record of a synthetic event is written with the
 * params' values.
 *
 *	echo 'wakeup_latency u64 lat; pid_t pid' >> synthetic_events
 *	echo 'hist:keys=pid:ts0=common_timestamp.usecs' >> events/sched/sched_waking/trigger
 *	echo 'hist:keys=next_pid:lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).trace(wakeup_latency,$lat,next_pid)' \
 *		>> events/sched/sched_switch/trigger
 *
 * "Matching" is the references' doing: a record whose key has no value
 * of $ts0 set is dropped before it gets here.  The older form names
 * the synthetic event as the action: .wakeup_latency($lat,next_pid).
 * A param is $NAME (this trigger's variable, or another's on the
 * onmatch event) or a field of this event; each must suit its field of
 * the synthetic event as upstream decides (same type, or same size and
 * signedness; any string into a char[]).
 */

#include <linux/kernel.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"
#include "trace_synth.h"

/**
 * hist_action_free - free an action and let its synthetic event go
 * @a: the action (NULL is fine)
 *
 * Context: process, event_mutex held.
 */
void hist_action_free(struct hist_action *a)
{
	unsigned int i;

	if (!a)
		return;
	if (a->se)
		trace_synth_release(a->se);
	for (i = 0; a->params && i < a->nr_params; i++)
		hist_col_release(&a->params[i]);
	kfree(a->params);
	kfree(a->text);
	kfree(a);
}

/* Does @col suit field @i of @se (upstream's rule)? */
static bool param_fits(const struct synth_event *se, unsigned int i,
		       const struct hist_col *col)
{
	const struct synth_field *f = &se->fields[i];
	bool string = col->src == HIST_SRC_STR ||
		      col->src == HIST_SRC_DYN_STR ||
		      col->src == HIST_SRC_REL_STR;

	if (col->type && strstr(col->type, "char[") && f->is_string &&
	    f->is_dynamic)
		return true;
	/* Stacks come with stack variables, not yet. */
	if (f->is_stack || col->src == HIST_SRC_STACK)
		return false;
	if (col->type && !strcmp(f->type, col->type))
		return !string || f->is_string;
	/* A string param counts as 256 bytes, as upstream's string vars. */
	if (f->size != (string ? SYNTH_STR_MAX : col->size))
		return false;
	return f->is_string ? string : !string && f->is_signed == col->is_signed;
}

/*
 * PARAM[,PARAM...] of @a: trimmed, two characters at least; with the
 * trace keyword the first is the event's name.
 */
static int split_params(struct hist_parse *p, char *list, bool keyword,
			char **synth, char **params, unsigned int *nr)
{
	char *param;

	while (list) {
		if (*nr >= HIST_PARAMS_MAX)
			return hist_parse_err(p, HIST_ERR_TOO_MANY_PARAMS, NULL);
		param = strstrip(strsep(&list, ","));
		if (strlen(param) < 2)
			return hist_parse_err(p, HIST_ERR_INVALID_PARAM, param);
		if (keyword && !*synth)
			*synth = param;
		else
			params[(*nr)++] = param;
	}
	return 0;
}

/* The text the trigger line gives back for @a. */
static int action_text(struct hist_action *a, const char *sys,
		       const char *event, const char *name, const char *synth,
		       char **params)
{
	size_t len = strlen(sys) + strlen(event) + strlen(name) + 24;
	struct seq_buf s;
	unsigned int i;

	len += synth ? strlen(synth) : 0;
	for (i = 0; i < a->nr_params; i++)
		len += strlen(params[i]) + 1;
	a->text = kmalloc(len, GFP_KERNEL);
	if (!a->text)
		return -ENOMEM;
	seq_buf_init(&s, a->text, len);
	seq_buf_printf(&s, "onmatch(%s.%s).%s(%s", sys, event, name,
		       synth ? synth : "");
	for (i = 0; i < a->nr_params; i++)
		seq_buf_printf(&s, "%s%s", i || synth ? "," : "", params[i]);
	seq_buf_puts(&s, ")");
	return 0;
}

static int parse_params(struct hist_parse *p, struct hist_action *a,
			const char *sys, const char *event, const char *synth,
			char **params)
{
	struct synth_event *se;
	unsigned int i;
	int ret;

	se = trace_synth_find(synth);
	if (!se)
		return hist_parse_err(p, HIST_ERR_SYNTH_EVENT_NOT_FOUND, synth);
	trace_synth_hold(se);
	a->se = se;
	a->params = kcalloc(a->nr_params, sizeof(*a->params), GFP_KERNEL);
	if (a->nr_params && !a->params)
		return -ENOMEM;
	for (i = 0; i < a->nr_params; i++) {
		/* The column is read from a copy: the text stays printable. */
		char *copy = kstrdup(params[i], GFP_KERNEL);

		if (!copy)
			return -ENOMEM;
		ret = hist_param_parse(p, sys, event, copy, &a->params[i]);
		kfree(copy);
		if (ret)
			return ret;
		if (i >= se->nr_fields || !param_fits(se, i, &a->params[i]))
			return hist_parse_err(p, HIST_ERR_SYNTH_TYPE_MISMATCH,
					      params[i]);
	}
	if (a->nr_params != se->nr_fields)
		return hist_parse_err(p, HIST_ERR_SYNTH_COUNT_MISMATCH, synth);
	return 0;
}

/**
 * hist_action_parse - read one onmatch(SYS.EVENT).ACTION(PARAMS) token
 * @p: the parse (keys, values and variables already read)
 * @text: the token; cut up in place
 *
 * Context: process, event_mutex held.
 * Return: 0 or upstream's errno, with its error_log entry.
 */
int hist_action_parse(struct hist_parse *p, char *text)
{
	char *params[HIST_PARAMS_MAX], *sys, *event, *name, *list;
	char *synth = NULL;
	unsigned int nr = 0;
	struct hist_action *a;
	bool keyword;
	int ret;

	text += strlen("onmatch(");
	event = strsep(&text, ")");
	if (!text)
		return hist_parse_err(p, HIST_ERR_NO_CLOSING_PAREN, event);
	sys = strsep(&event, ".");
	if (!event)
		return hist_parse_err(p, HIST_ERR_SUBSYS_NOT_FOUND, sys);
	if (!__find_event_file(p->file->tr, sys, event))
		return hist_parse_err(p, HIST_ERR_INVALID_SUBSYS_EVENT, event);
	strsep(&text, ".");
	if (!text)
		return hist_parse_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
	name = strsep(&text, "(");
	if (!text)
		return hist_parse_err(p, HIST_ERR_ACTION_NOT_FOUND, NULL);
	if (str_has_prefix(name, "save") || str_has_prefix(name, "snapshot")) {
		/* onmax and onchange have these; onmatch does not. */
		return hist_parse_err(p, HIST_ERR_ACTION_MISMATCH, name);
	}
	keyword = str_has_prefix(name, "trace");
	list = strsep(&text, ")");
	ret = split_params(p, list, keyword, &synth, params, &nr);
	if (ret)
		return ret;
	if (!keyword)
		synth = name;
	if (!synth)
		return hist_parse_err(p, HIST_ERR_SYNTH_EVENT_NOT_FOUND, NULL);
	if (p->spec->nr_actions == HIST_ACTIONS_MAX)
		return -EINVAL;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	p->spec->actions[p->spec->nr_actions++] = a;
	a->nr_params = nr;
	ret = action_text(a, sys, event, name, keyword ? synth : NULL, params);
	if (!ret)
		ret = parse_params(p, a, sys, event, synth, params);
	return ret;
}

/*
 * A param's value: a number, or where a string of this record is, with
 * its length + 1 in @len (0 would mean unbounded).
 */
static u64 param_value(const struct hist_col *col, const struct hist_ev *ev,
		       u16 *len)
{
	const void *rec = ev->rec;
	u32 loc;

	*len = 0;
	switch (col->src) {
	case HIST_SRC_STR:
		*len = col->size + 1;
		return (unsigned long)(rec + col->offset);
	case HIST_SRC_DYN_STR:
		loc = *(u32 *)(rec + col->offset);
		*len = (loc >> 16) + 1;
		return (unsigned long)(rec + (loc & 0xffff));
	case HIST_SRC_REL_STR:
		loc = *(u32 *)(rec + col->offset);
		*len = (loc >> 16) + 1;
		return (unsigned long)(rec + col->offset + sizeof(u32) +
				       (loc & 0xffff));
	default:
		return hist_col_eval(col, ev);
	}
}

/**
 * hist_actions_run - a hit's actions, in the order written
 * @spec: the trigger's spec
 * @ev: the record, its time, references and the variables just set
 * @vals: HIST_PARAMS_MAX values of scratch
 * @lens: HIST_PARAMS_MAX string bounds of scratch
 *
 * Context: any, NMI included (the synthetic event's writer reserves
 * and commits like any event).
 */
void hist_actions_run(const struct hist_spec *spec, const struct hist_ev *ev,
		      u64 *vals, u16 *lens)
{
	const struct hist_action *a;
	unsigned int i, j;

	for (i = 0; i < spec->nr_actions; i++) {
		a = spec->actions[i];
		for (j = 0; j < a->nr_params; j++)
			vals[j] = param_value(&a->params[j], ev, &lens[j]);
		trace_synth_write(a->se, vals, lens);
	}
}
