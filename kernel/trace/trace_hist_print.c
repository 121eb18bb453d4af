// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: what the trigger and hist files show (glossary in
 * trace_hist.h).  The layout is upstream's, byte for byte, because
 * scripts and trace-cmd read it:
 *
 *	hist:keys=K:vals=hitcount,V:sort=S:size=N [if F] [active]
 *
 *	# event histogram
 *	#
 *	# trigger info: <the line above>
 *	#
 *
 *	{ K:        123 } hitcount:          4  V:         56
 *
 *	Totals:
 *	    Hits: 4
 *	    Entries: 1
 *	    Dropped: 0
 *
 * The entries are sorted here, when the file is read: by the sort keys,
 * then by the key bytes, so that equal sort keys come out in the same
 * order on every read.
 */

#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

static const char * const mod_names[] = {
	[HIST_MOD_HEX]		= "hex",
	[HIST_MOD_SYM]		= "sym",
	[HIST_MOD_SYM_OFFSET]	= "sym-offset",
	[HIST_MOD_EXECNAME]	= "execname",
	[HIST_MOD_SYSCALL]	= "syscall",
	[HIST_MOD_LOG2]		= "log2",
	[HIST_MOD_USECS]	= "usecs",
	[HIST_MOD_PERCENT]	= "percent",
	[HIST_MOD_GRAPH]	= "graph",
	[HIST_MOD_STACKTRACE]	= "stacktrace",
};

/* A column as the trigger line gives it back. */
static void print_col(struct seq_file *m, const struct hist_col *col)
{
	if (col->src == HIST_SRC_STACK) {
		/* Upstream gives a stack key back without its modifier. */
		seq_puts(m, "common_stacktrace");
		return;
	}
	/* An expression's, a number's or a reference's text is whole. */
	if (col->src == HIST_SRC_EXPR || col->src == HIST_SRC_CONST ||
	    col->src == HIST_SRC_REF || col->src == HIST_SRC_VAR) {
		seq_puts(m, col->name);
		return;
	}
	seq_puts(m, col->src == HIST_SRC_CPU ? "common_cpu" : col->name);
	if (col->mod == HIST_MOD_BUCKETS)
		seq_printf(m, ".buckets=%llu", col->buckets);
	else if (col->mod != HIST_MOD_NONE)
		seq_printf(m, ".%s", mod_names[col->mod]);
}

/**
 * hist_print_line - a hist trigger's line, after the command's name
 * @m: the trigger or hist file
 * @t: the trigger
 *
 * Context: event_mutex held.
 */
void hist_print_line(struct seq_file *m, const struct event_trigger *t)
{
	const struct hist_trigger *h = t->private;
	const struct hist_spec *spec = h->spec;
	const struct hist_sort *s;
	unsigned int i;

	seq_putc(m, ':');
	if (spec->name)
		seq_printf(m, "%s:", spec->name);
	seq_puts(m, "keys=");
	for (i = 0; i < spec->nr_keys; i++) {
		if (i)
			seq_putc(m, ',');
		print_col(m, &spec->keys[i]);
	}
	seq_puts(m, ":vals=");
	for (i = spec->nohitcount; i < spec->nr_vals; i++) {
		if (i > spec->nohitcount)
			seq_putc(m, ',');
		print_col(m, &spec->vals[i]);
	}
	/* The variables, however they were grouped, as one group. */
	for (i = 0; i < spec->nr_vars; i++) {
		seq_printf(m, "%c%s=", i ? ',' : ':', spec->vars[i].name);
		print_col(m, &spec->vars[i].col);
	}
	seq_puts(m, ":sort=");
	for (i = 0; i < spec->nr_sort; i++) {
		s = &spec->sort[i];
		if (i)
			seq_putc(m, ',');
		print_col(m, s->is_key ? &spec->keys[s->col] :
					 &spec->vals[s->col]);
		if (s->descending)
			seq_puts(m, ".descending");
	}
	seq_printf(m, ":size=%u", h->table ? h->table->map->max_entries :
						spec->size);
	if (spec->timestamps)
		seq_printf(m, ":clock=%s", spec->clock ?: "global");
	if (spec->nohitcount)
		seq_puts(m, ":nohitcount");
	for (i = 0; i < spec->nr_actions; i++)
		seq_printf(m, ":%s", spec->actions[i]->text);
	if (t->filter_str)
		seq_printf(m, " if %s", t->filter_str);
	seq_puts(m, READ_ONCE(t->paused) ? " [paused]" : " [active]");
}

/* Sorting: what the comparison needs besides the two entries. */
struct hist_order {
	const struct hist_spec	*spec;
	const struct hist_map	*map;
};

static int cmp_u64(u64 a, u64 b, bool is_signed)
{
	if (is_signed)
		return (s64)a < (s64)b ? -1 : (s64)a > (s64)b;
	return a < b ? -1 : a > b;
}

static int cmp_entries(const void *pa, const void *pb, const void *priv)
{
	const struct hist_order *o = priv;
	struct hist_entry *a = *(struct hist_entry **)pa;
	struct hist_entry *b = *(struct hist_entry **)pb;
	const void *ka = hist_entry_key(o->map, a);
	const void *kb = hist_entry_key(o->map, b);
	const struct hist_col *col;
	unsigned int i;
	int r;

	for (i = 0; i < o->spec->nr_sort; i++) {
		const struct hist_sort *s = &o->spec->sort[i];

		if (!s->is_key) {
			r = cmp_u64(hist_entry_sum(a, s->col),
				    hist_entry_sum(b, s->col), false);
		} else {
			col = &o->spec->keys[s->col];
			switch (col->src) {
			case HIST_SRC_STR:
			case HIST_SRC_DYN_STR:
			case HIST_SRC_REL_STR:
				r = strcmp(ka + col->key_off, kb + col->key_off);
				break;
			case HIST_SRC_STACK:
				r = 0;
				break;
			default:
				r = cmp_u64(*(u64 *)(ka + col->key_off),
					    *(u64 *)(kb + col->key_off),
					    col->is_signed);
				break;
			}
		}
		if (r)
			return s->descending ? -r : r;
	}
	return memcmp(ka, kb, o->spec->key_size);
}

static void print_stack(struct seq_file *m, const unsigned long *calls)
{
	unsigned int i;

	for (i = 0; i < HIST_STACK_DEPTH && calls[i]; i++)
		seq_printf(m, "%*c%pS\n", 9, ' ', (void *)calls[i]);
}

static void print_comm(struct seq_file *m, const struct hist_map *map,
		       struct hist_entry *e)
{
	char comm[TASK_COMM_LEN] = "";
	u64 v;

	if (hist_entry_var_get(map, e, 0, false, &v)) {
		memcpy(comm, &v, sizeof(v));
		if (hist_entry_var_get(map, e, 1, false, &v))
			memcpy(comm + sizeof(v), &v, sizeof(v));
		comm[TASK_COMM_LEN - 1] = '\0';
	}
	seq_printf(m, "%-16s", comm);
}

static void print_key(struct seq_file *m, const struct hist_map *map,
		      struct hist_entry *e, const struct hist_col *col)
{
	const void *slot = hist_entry_key(map, e) + col->key_off;
	u64 v = *(u64 *)slot;

	if (col->src == HIST_SRC_STACK) {
		seq_puts(m, "common_stacktrace:\n");
		print_stack(m, slot);
		return;
	}
	seq_printf(m, "%s: ", col->name);
	switch (col->mod) {
	case HIST_MOD_HEX:
		seq_printf(m, "%llx", v);
		return;
	case HIST_MOD_SYM:
		seq_printf(m, "[%llx] %-45ps", v, (void *)(long)v);
		return;
	case HIST_MOD_SYM_OFFSET:
		seq_printf(m, "[%llx] %-55pS", v, (void *)(long)v);
		return;
	case HIST_MOD_EXECNAME:
		print_comm(m, map, e);
		seq_printf(m, "[%10llu]", v);
		return;
	case HIST_MOD_SYSCALL:
		/* No syscall metadata without FTRACE_SYSCALLS, as upstream. */
		seq_printf(m, "%-30s[%3llu]", "unknown_syscall", v);
		return;
	case HIST_MOD_LOG2:
		seq_printf(m, "~ 2^%-2llu", v);
		return;
	case HIST_MOD_BUCKETS:
		seq_printf(m, "~ %llu-%llu", v, v + col->buckets - 1);
		return;
	default:
		break;
	}
	if (col->src == HIST_SRC_STR || col->src == HIST_SRC_DYN_STR ||
	    col->src == HIST_SRC_REL_STR)
		seq_printf(m, "%-50s", (const char *)slot);
	else
		seq_printf(m, "%10llu", v);
}

/* Column totals and maxima, for .percent and .graph. */
struct hist_colstat {
	u64	total[HIST_VALS_MAX];
	u64	max[HIST_VALS_MAX];
};

/*
 * A value's label in an entry, as upstream's: a reference's variable
 * without its '$' (unless qualified), nothing for a number.
 */
static const char *val_label(const struct hist_col *col)
{
	if (col->src == HIST_SRC_CONST)
		return "";
	if (col->src == HIST_SRC_REF && col->name[0] == '$')
		return col->name + 1;
	return col->name;
}

static void print_val(struct seq_file *m, const struct hist_col *col, u64 v,
		      u64 total, u64 max)
{
	const char *name = val_label(col);
	unsigned int pct, n;

	switch (col->mod) {
	case HIST_MOD_PERCENT:
		seq_printf(m, "  %s (%%):", name);
		if (!total && v) {
			seq_puts(m, "[ERROR]");
			return;
		}
		pct = total ? mul_u64_u64_div_u64(v, 10000, total) : 0;
		seq_printf(m, " %3u.%02u", pct / 100, pct % 100);
		return;
	case HIST_MOD_GRAPH:
		n = max ? (unsigned int)mul_u64_u64_div_u64(v, 10000, max) * 20 / 10000 : 0;
		seq_printf(m, "  %s: %.*s%*s", name, n,
			   "####################", 20 - n, "");
		return;
	case HIST_MOD_HEX:
		seq_printf(m, "  %s: %10llx", name, v);
		return;
	default:
		seq_printf(m, "  %s: %10llu", name, v);
	}
}

static void print_entry(struct seq_file *m, const struct hist_spec *spec,
			const struct hist_map *map, struct hist_entry *e,
			const struct hist_colstat *st)
{
	bool stack = false;
	unsigned int i;

	seq_puts(m, "{ ");
	for (i = 0; i < spec->nr_keys; i++) {
		if (i)
			seq_puts(m, ", ");
		print_key(m, map, e, &spec->keys[i]);
		stack |= spec->keys[i].src == HIST_SRC_STACK;
	}
	seq_puts(m, stack ? "}" : " }");
	if (!spec->nohitcount)
		seq_printf(m, " hitcount: %10llu", hist_entry_sum(e, 0));
	/* Expressions are summed but, as upstream's, not shown. */
	for (i = 1; i < spec->nr_vals; i++)
		if (spec->vals[i].src != HIST_SRC_EXPR)
			print_val(m, &spec->vals[i], hist_entry_sum(e, i),
				  st->total[i], st->max[i]);
	seq_putc(m, '\n');
}

/**
 * hist_print_table - one hist trigger's part of the hist file
 * @m: the hist file
 * @t: the trigger
 *
 * Context: event_mutex held; allocates (the sorted list).
 */
void hist_print_table(struct seq_file *m, const struct event_trigger *t)
{
	const struct hist_trigger *h = t->private;
	struct hist_map *map = h->table->map;
	struct hist_order o = { .spec = h->table->spec, .map = map };
	struct hist_colstat st = {};
	struct hist_entry **v;
	unsigned int nr = 0, i, j;

	seq_puts(m, "# event histogram\n#\n# trigger info: hist");
	hist_print_line(m, t);
	seq_puts(m, "\n#\n\n");

	v = hist_map_sorted(map, cmp_entries, &o, &nr);
	for (i = 0; v && i < nr; i++) {
		for (j = 0; j < o.spec->nr_vals; j++) {
			u64 s = hist_entry_sum(v[i], j);

			st.total[j] += s;
			st.max[j] = max(st.max[j], s);
		}
	}
	for (i = 0; v && i < nr; i++)
		print_entry(m, o.spec, map, v[i], &st);

	/* Entries: those sorted and printed, as upstream counts them. */
	seq_printf(m, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		   hist_map_hits(map), v ? nr : hist_map_entries(map),
		   hist_map_drops(map));
	kvfree(v);
}
