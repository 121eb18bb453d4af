/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers: the internal header of trace_hist_*.c.
 *
 * Glossary:
 *   spec    what one trigger line says once parsed (struct hist_spec):
 *           its keys, values, sort order, size, name and the modifiers
 *           pause/cont/clear; made by trace_hist_parse.c, never changed
 *   column  a key or a value of a spec (struct hist_col): where its
 *           number comes from in the record and how it is shown
 *   table   the aggregation a spec fills (struct hist_table): a hist_map
 *           (trace_hist_map.c) and the spec that shaped it; a named
 *           table is shared by every trigger of that name
 *   pad     a per-CPU buffer the compound key is built in, one per
 *           nesting level (task, softirq, irq, NMI)
 *   var     NAME=EXPR of a spec: a number kept per entry of the table,
 *           set on every hit, read by other triggers but never summed
 *   ref     $NAME in an expression: another trigger's variable, read
 *           from the entry of its table whose key is this record's key
 *   fold    an expression of constants computed once, when parsed
 *
 * Calls go one way: trace_hist_cmd.c (the trigger command and the hist
 * file) calls the parser (trace_hist_parse.c: the attributes), which
 * calls the expression reader (trace_hist_expr.c: columns, variables,
 * references); both use the columns (trace_hist_cols.c: resolving
 * fields, building keys, evaluating) and the printer
 * (trace_hist_print.c); all of them use the table and report errors
 * through trace_hist_err.c.
 */
#ifndef _TRACE_HIST_H
#define _TRACE_HIST_H

#include <linux/list.h>
#include <linux/refcount.h>
#include <linux/seq_file.h>

#include "trace.h"
#include "trace_hist_map.h"

#define HIST_KEYS_MAX		3
#define HIST_VALS_MAX		3	/* hitcount and two more */
#define HIST_SORT_MAX		2
#define HIST_KEY_BYTES_MAX	384	/* compound key */
#define HIST_STR_KEY_BYTES	256	/* a dynamic string's slot */
#define HIST_STACK_DEPTH	16
#define HIST_DEFAULT_SIZE	2048
#define HIST_NESTING		4
#define HIST_VARS_MAX		16	/* NAME=EXPR per trigger */
#define HIST_REFS_MAX		16	/* distinct $NAME per trigger */
#define HIST_OPS_MAX		3	/* operators in one expression */
#define HIST_TEXT_MAX		256	/* an expression's text, as upstream's */
#define HIST_ACTIONS_MAX	8
#define HIST_PARAMS_MAX		64	/* a synthetic event's fields */
/* Division by a small constant multiplies by HIST_DIV_ONE / d, shifts. */
#define HIST_DIV_SHIFT		20
#define HIST_DIV_ONE		(1ULL << HIST_DIV_SHIFT)

/* Where a column's number comes from. */
enum hist_src {
	HIST_SRC_HITCOUNT,	/* 1 per hit */
	HIST_SRC_FIELD,		/* a numeric field of the record */
	HIST_SRC_STR,		/* char[N] in the record */
	HIST_SRC_DYN_STR,	/* __data_loc char[] */
	HIST_SRC_REL_STR,	/* __rel_loc char[] */
	HIST_SRC_CPU,		/* the CPU the event ran on */
	HIST_SRC_STACK,		/* the kernel stack at the event */
	HIST_SRC_TIMESTAMP,	/* common_timestamp: the array's clock */
	HIST_SRC_CONST,		/* a number (written, or folded) */
	HIST_SRC_EXPR,		/* op applied to args[] */
	HIST_SRC_REF,		/* another trigger's variable: refs[ref] */
	HIST_SRC_VAR,		/* this trigger's variable: vars[ref] */
};

enum hist_op {
	HIST_OP_ADD,
	HIST_OP_SUB,
	HIST_OP_MUL,
	HIST_OP_DIV,
	HIST_OP_NEG,		/* -(args[0]) */
};

/* One modifier per column (the text after the first '.'). */
enum hist_mod {
	HIST_MOD_NONE,
	HIST_MOD_HEX,
	HIST_MOD_SYM,
	HIST_MOD_SYM_OFFSET,
	HIST_MOD_EXECNAME,
	HIST_MOD_SYSCALL,
	HIST_MOD_LOG2,
	HIST_MOD_BUCKETS,
	HIST_MOD_USECS,
	HIST_MOD_PERCENT,
	HIST_MOD_GRAPH,
	HIST_MOD_STACKTRACE,
};

struct hist_col {
	char		*name;		/* as the entries print it */
	const char	*type;		/* the field's C type, "" for specials */
	enum hist_src	src;
	enum hist_mod	mod;
	u64		buckets;	/* HIST_MOD_BUCKETS: the width */
	unsigned int	offset;		/* in the record */
	unsigned int	size;		/* in the record */
	bool		is_signed;
	bool		legacy_cpu;	/* typed "cpu"/"CPU": printed back as common_cpu */
	unsigned int	key_off;	/* keys: where in the compound key */
	unsigned int	key_size;
	/* Expressions: name is the text the trigger line gives back. */
	enum hist_op	op;
	struct hist_col	*args[2];	/* EXPR: owned */
	u64		value;		/* CONST, REF to a constant; DIV: divisor */
	u64		div_mult;	/* DIV by value: HIST_DIV_ONE / value */
	unsigned int	ref;		/* REF */
	bool		usecs;		/* counts microseconds (.usecs) */
	bool		div_const;	/* DIV: by value, args[1] not read */
	bool		ref_const;	/* REF: the variable holds a constant */
};

/*
 * onmatch(SYS.EVENT).trace(SYNTH,PARAM,...) or .SYNTH(PARAM,...): on
 * every hit, a record of the synthetic event with the params' values.
 */
struct hist_action {
	char			*text;	/* as the trigger line gives it */
	struct synth_event	*se;	/* held while the action exists */
	struct hist_col		*params;
	unsigned int		nr_params;
};

/* NAME=EXPR: kept in variable slot var_base + its index. */
struct hist_var {
	char		*name;
	struct hist_col	col;
};

/*
 * $NAME of another trigger: the table its value is in (the spec holds
 * a reference to that table from its parse to its free) and the slot.
 * An operand of an operator reads once: the value is taken, not copied.
 */
struct hist_table;
struct hist_ev;
struct synth_event;
struct hist_ref {
	char			*name;	/* as printed: $NAME or SYS.EVENT.$NAME */
	struct hist_table	*table;
	unsigned int		slot;
	bool			take;
};

struct hist_sort {
	bool		is_key;
	unsigned int	col;		/* index into keys[] or vals[] */
	bool		descending;
};

struct hist_spec {
	struct hist_col	keys[HIST_KEYS_MAX];
	struct hist_col	vals[HIST_VALS_MAX];	/* vals[0]: hitcount */
	struct hist_sort sort[HIST_SORT_MAX];
	unsigned int	nr_keys, nr_vals, nr_sort;
	unsigned int	key_size;	/* bytes, a multiple of 8 */
	unsigned int	size;		/* entries, a power of two */
	char		*name;		/* "name=NAME", or NULL */
	bool		nohitcount;
	bool		pause, cont, clear;
	bool		execname;	/* a key keeps its creator's comm */
	struct hist_var	vars[HIST_VARS_MAX];
	struct hist_ref	refs[HIST_REFS_MAX];
	struct hist_action *actions[HIST_ACTIONS_MAX];
	unsigned int	nr_vars, nr_refs, nr_actions;
	unsigned int	var_base;	/* first variable slot of vars[] */
	bool		timestamps;	/* common_timestamp is read */
	bool		ts_usecs;	/* ... and given in microseconds */
	char		*clock;		/* clock=, or NULL: "global" */
};

/* The comm saved with an entry lives in its first two variables. */
#define HIST_COMM_VARS		2

struct hist_table {
	struct hist_map		*map;
	struct hist_spec	*spec;	/* the owner's: shapes map, prints */
	refcount_t		users;
	struct list_head	user_list;	/* of hist_trigger.user */
	struct list_head	named;	/* on the named list, if named */
	unsigned int		referrers;	/* specs whose refs read it */
};

/* t->private of a hist trigger. */
struct hist_trigger {
	struct hist_spec	*spec;	/* as written on this event */
	struct hist_table	*table;	/* set by attach */
	struct event_trigger	*t;
	struct list_head	user;	/* on table->user_list */
	bool			was_paused;	/* while a clear runs */
};

/* A parse in progress: what the readers of its parts need. */
struct hist_parse {
	struct trace_event_file	*file;
	const char		*cmd;
	struct hist_spec	*spec;
	char			*keys, *vals, *sort;
	char			*groups[HIST_VARS_MAX];	/* NAME=EXPR,... */
	unsigned int		nr_groups;
	char			*act_text[HIST_ACTIONS_MAX];
	unsigned int		nr_act_text;
	/* NAME and EXPR as written, for the $NAME shortcut to a field */
	char			*var_text[HIST_VARS_MAX][2];
	unsigned int		nr_var_text;
	bool			removing;	/* a '!' line: no duplicate check */
};

/*
 * trace_hist_parse.c.  hist_spec_parse() reads @text (the spec without
 * the filter) for @file's event; errors that upstream logs go to the
 * event's array's error_log, with @cmd (what was written after the
 * command name) as the command.  Context: event_mutex held.
 */
struct hist_spec *hist_spec_parse(struct trace_event_file *file,
				  const char *cmd, char *text, bool removing);
void hist_spec_free(struct hist_spec *spec);
/* Drop a user of a table; the last one frees it and its spec. */
void hist_table_put(struct hist_table *tb);
/* Would two specs fill tables of the same layout and order? */
bool hist_spec_same(const struct hist_spec *a, const struct hist_spec *b);
void hist_log_err(struct trace_event_file *file, const char *cmd,
		  unsigned int err, const char *at);

enum {
	HIST_ERR_EMPTY_ASSIGNMENT,
	HIST_ERR_BAD_FIELD_MODIFIER,
	HIST_ERR_FIELD_NOT_FOUND,
	HIST_ERR_INVALID_SORT_MODIFIER,
	HIST_ERR_EMPTY_SORT_FIELD,
	HIST_ERR_TOO_MANY_SORT_FIELDS,
	HIST_ERR_INVALID_SORT_FIELD,
	HIST_ERR_NEED_NOHC_VAL,
	HIST_ERR_TRIGGER_EEXIST,
	HIST_ERR_TRIGGER_ENOENT_CLEAR,
	HIST_ERR_NAMED_MISMATCH,
	HIST_ERR_TOO_MANY_VARS,
	HIST_ERR_MALFORMED_ASSIGNMENT,
	HIST_ERR_DUPLICATE_VAR,
	HIST_ERR_VAR_NOT_FOUND,
	HIST_ERR_VAR_NOT_UNIQUE,
	HIST_ERR_TOO_MANY_SUBEXPR,
	HIST_ERR_UNARY_MINUS_SUBEXPR,
	HIST_ERR_DIVISION_BY_ZERO,
	HIST_ERR_EXPECT_NUMBER,
	HIST_ERR_INVALID_STR_OPERAND,
	HIST_ERR_TIMESTAMP_MISMATCH,
	HIST_ERR_INVALID_REF_KEY,
	HIST_ERR_SET_CLOCK_FAIL,
	HIST_ERR_NO_CLOSING_PAREN,
	HIST_ERR_SUBSYS_NOT_FOUND,
	HIST_ERR_INVALID_SUBSYS_EVENT,
	HIST_ERR_ACTION_NOT_FOUND,
	HIST_ERR_ACTION_MISMATCH,
	HIST_ERR_INVALID_PARAM,
	HIST_ERR_TOO_MANY_PARAMS,
	HIST_ERR_PARAM_NOT_FOUND,
	HIST_ERR_SYNTH_EVENT_NOT_FOUND,
	HIST_ERR_SYNTH_TYPE_MISMATCH,
	HIST_ERR_SYNTH_COUNT_MISMATCH,
};

int hist_parse_err(struct hist_parse *p, unsigned int err, const char *at);

/*
 * trace_hist_expr.c.  hist_expr_parse() reads one key (@use HIST_USE_KEY),
 * value or variable definition into @col; hist_col_release() frees what
 * a column owns.  hist_var_find() looks a variable up among the attached
 * hist triggers of @file's array.  Context: event_mutex held.
 */
enum hist_use { HIST_USE_KEY, HIST_USE_VAL, HIST_USE_VAR };
int hist_expr_parse(struct hist_parse *p, char *text, struct hist_col *col,
		    enum hist_use use);
int hist_var_parse(struct hist_parse *p, char *name, char *text);
int hist_param_parse(struct hist_parse *p, const char *msys,
		     const char *mevent, char *param, struct hist_col *col);
void hist_col_release(struct hist_col *col);

/*
 * trace_hist_action.c.  hist_action_parse() reads one onmatch(...)
 * token (called by the parser, after keys and values); the event path
 * runs a spec's actions with hist_actions_run(), @vals and @lens being
 * HIST_PARAMS_MAX long scratch of the caller's nesting level.
 */
int hist_action_parse(struct hist_parse *p, char *text);
void hist_action_free(struct hist_action *a);
void hist_actions_run(const struct hist_spec *spec, const struct hist_ev *ev,
		      u64 *vals, u16 *lens);

/*
 * trace_hist_cols.c.  hist_col_resolve() finds @name (without its
 * modifier) among @call's fields and the special ones.  The event path:
 * hist_key_build() writes the record's compound key into @key
 * (spec->key_size bytes) and hist_col_eval() computes a column's
 * number.  Context: any.
 */
int hist_col_resolve(struct trace_event_call *call, const char *name,
		     struct hist_col *col);
/* What evaluating a column needs besides the column. */
struct hist_ev {
	const void	*rec;
	u64		ts;		/* spec->timestamps: the event's time */
	const u64	*refs;		/* spec->refs[i]'s value */
	const u64	*vars;		/* spec->vars[i]'s value, once set */
};
void hist_key_build(const struct hist_spec *spec, const struct hist_ev *ev,
		    void *key, const struct trigger_ctx *ctx);
u64 hist_col_eval(const struct hist_col *col, const struct hist_ev *ev);
u64 hist_div(const struct hist_col *col, u64 a, u64 b);

/*
 * trace_hist_print.c: the trigger line (after "hist") and the tables
 * of the hist file.  Context: event_mutex held.
 */
void hist_print_line(struct seq_file *m, const struct event_trigger *t);
void hist_print_table(struct seq_file *m, const struct event_trigger *t);

#endif /* _TRACE_HIST_H */
