// SPDX-License-Identifier: GPL-2.0
/*
 * Eval maps: TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() in print fmt.
 *
 * An event's print fmt is C that tools (trace-cmd, perf) evaluate, and
 * they cannot know the kernel's enum values or struct sizes.  Each
 * TRACE_DEFINE_ENUM(NAME) / TRACE_DEFINE_SIZEOF(TYPE) leaves a
 * trace_eval_map (its system, the name as written and its value) in
 * vmlinux or a module; before an event is registered, every use of a
 * mapped name in its print fmt is replaced by the number, in place.
 *
 * This file only rewrites strings.  Which events and which tables, and
 * when, is the registry's business (trace_events.c); nothing here keeps
 * the maps (there is no eval_map file yet).  The rewriting is tested by
 * trace_event_eval_kunit.c.
 */

#define pr_fmt(fmt) "tracing: " fmt

#include <kunit/visibility.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "trace.h"

static const char *skip_number(const char *p)
{
	/* Digits and suffixes or hex digits: 10, 0x1fUL, 3ULL. */
	while (isalnum(*p))
		p++;
	return p;
}

/* An identifier, with the members that follow it ("a.b", "REC->c"). */
static const char *skip_name_chain(const char *p)
{
	for (;;) {
		while (isalnum(*p) || *p == '_')
			p++;
		if (*p == '.')
			p++;
		else if (p[0] == '-' && p[1] == '>')
			p += 2;
		else
			return p;
	}
}

/*
 * Write @map's value over each use of its name in the C expressions of
 * @fmt (outside string literals, not as a member name, not as part of a
 * longer name).  The value is written in place; one that is longer than
 * the name it replaces is left alone, as the format then could not grow.
 */
VISIBLE_IF_KUNIT void eval_map_apply(char *fmt, const struct trace_eval_map *map)
{
	size_t name_len = strlen(map->eval_string);
	bool in_string = false;
	char value[24];
	size_t value_len;
	char *p = fmt;

	value_len = snprintf(value, sizeof(value), "%ld",
			     (long)map->eval_value);
	while (*p) {
		if (*p == '\\') {
			p += p[1] ? 2 : 1;
			continue;
		}
		if (*p == '"')
			in_string = !in_string;
		if (in_string || *p == '"') {
			p++;
			continue;
		}
		if (isdigit(*p)) {
			p = (char *)skip_number(p);
		} else if (isalpha(*p) || *p == '_') {
			if (strncmp(p, map->eval_string, name_len) ||
			    isalnum(p[name_len]) || p[name_len] == '_') {
				p = (char *)skip_name_chain(p);
				continue;
			}
			if (value_len > name_len) {
				pr_warn_once("%s: value of %s does not fit\n",
					     map->system, map->eval_string);
				return;
			}
			memcpy(p, value, value_len);
			memmove(p + value_len, p + name_len,
				strlen(p + name_len) + 1);
			p += value_len;
			continue;
		}
		if (*p)
			p++;
	}
}
EXPORT_SYMBOL_IF_KUNIT(eval_map_apply);

/**
 * eval_maps_apply - rewrite an event's print fmt with the maps of its system
 * @call: the event, not yet registered
 * @start: the first map pointer of vmlinux's or a module's table
 * @stop: the end of that table
 *
 * Only maps whose system is the event's are applied, in table order.
 *
 * Context: before @call is registered (nothing reads its print fmt yet).
 */
void eval_maps_apply(struct trace_event_call *call,
			    struct trace_eval_map **start,
			    struct trace_eval_map **stop)
{
	struct trace_eval_map **map;

	if (!call->print_fmt || !call->class || !call->class->system)
		return;
	for (map = start; map < stop; map++)
		if (*map && !strcmp((*map)->system, event_system(call)))
			eval_map_apply(call->print_fmt, *map);
}
