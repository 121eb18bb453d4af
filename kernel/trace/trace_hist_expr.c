// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: what one key, value or variable says (glossary in
 * trace_hist.h) - a field with its modifier, a number, a reference to
 * another trigger's variable, or arithmetic on those.
 *
 *	keys=next_pid:lat=common_timestamp.usecs-$ts0:vals=hitcount,len*2
 *
 * Reading an expression: its root operator is the rightmost '+' or '-'
 * when it has one, else the rightmost '*' or '/'; the text left and
 * right of the root are read the same way.  So '*' and '/' bind harder
 * than '+' and '-', and a run of one rank groups from the left
 * (16-8-4 is (16-8)-4).  The only brackets are those of -(EXPR), which
 * must be a whole operand.  Three operators at most.  Each operand is
 * cut off in place, so that error_log's caret finds the text that
 * failed where upstream's does.
 *
 * Both operands constant: the operator is computed here (folded) and
 * the column is that number.  Division by a constant is prepared here
 * (a shift, a multiply and shift, or a division), by a constant 0
 * refused.
 *
 * The text a column gives back in the trigger line is made here, once,
 * without blanks: hist_print_line() prints it as it is.
 */

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

/*
 * The readers of an operand (not a root key, value or variable): of a
 * binary operator, whose references take their value, or of -(EXPR),
 * whose do not (as upstream's).
 */
#define HIST_USE_OPERAND	(HIST_USE_VAR + 1)
#define HIST_USE_NEG		(HIST_USE_VAR + 2)

static const struct {
	const char	*name;
	enum hist_mod	mod;
	bool		prefix;		/* upstream takes "percentXYZ" too */
} hist_mods[] = {
	{ "hex", HIST_MOD_HEX },
	{ "sym", HIST_MOD_SYM },
	/* ".sym-offset" is read as ".symXoffset": '-' is an operator. */
	{ "symXoffset", HIST_MOD_SYM_OFFSET },
	{ "execname", HIST_MOD_EXECNAME },
	{ "syscall", HIST_MOD_SYSCALL },
	{ "log2", HIST_MOD_LOG2 },
	{ "usecs", HIST_MOD_USECS },
	{ "stacktrace", HIST_MOD_STACKTRACE },
	{ "percent", HIST_MOD_PERCENT, true },
	{ "graph", HIST_MOD_GRAPH, true },
};

static const char *mod_text(enum hist_mod mod)
{
	unsigned int i;

	if (mod == HIST_MOD_SYM_OFFSET)
		return "sym-offset";
	for (i = 0; i < ARRAY_SIZE(hist_mods); i++)
		if (hist_mods[i].mod == mod)
			return hist_mods[i].name;
	return "";
}

/*
 * MOD of FIELD.MOD; "bucket=N" and "buckets=N" carry a width.  .percent
 * and .graph are for values: on a key or a variable they are refused
 * here, before the field is looked up, as upstream does.
 */
static int parse_mod(struct hist_parse *p, const char *field, char *text,
		     struct hist_col *col, unsigned int use)
{
	char *num;
	int i;

	for (i = 0; i < ARRAY_SIZE(hist_mods); i++) {
		const char *m = hist_mods[i].name;

		if (hist_mods[i].prefix ? str_has_prefix(text, m) :
					  !strcmp(text, m)) {
			col->mod = hist_mods[i].mod;
			break;
		}
	}
	if (i < ARRAY_SIZE(hist_mods)) {
		if (col->mod == HIST_MOD_EXECNAME &&
		    strcmp(field, "common_pid"))
			return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		if ((use == HIST_USE_KEY || use == HIST_USE_VAR) &&
		    (col->mod == HIST_MOD_PERCENT || col->mod == HIST_MOD_GRAPH))
			return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		col->usecs = col->mod == HIST_MOD_USECS;
		return 0;
	}
	if (!str_has_prefix(text, "bucket"))
		return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
	/* The caret goes where reading stopped, as upstream's. */
	num = text + strlen("bucket");
	if (*num == 's')
		num++;
	if (*num != '=')
		return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, num);
	num++;
	if (kstrtou64(num, 0, &col->buckets) || !col->buckets)
		return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, num);
	col->mod = HIST_MOD_BUCKETS;
	return 0;
}

/* FIELD[.MOD], the special names included. */
static int parse_field(struct hist_parse *p, char *text, struct hist_col *col,
		       unsigned int use)
{
	char *whole = text, *name, *mod;
	int ret;

	name = strsep(&text, ".");
	mod = text;
	if (mod) {
		ret = parse_mod(p, name, mod, col, use);
		if (ret)
			return ret;
	}
	ret = hist_col_resolve(p->file->event_call, name, col);
	if (ret == -ENOENT)
		return hist_parse_err(p, HIST_ERR_FIELD_NOT_FOUND, name);
	if (ret)
		return ret;
	if (mod)
		mod[-1] = '.';	/* the logged text has its dot back */
	/* Only a stack field of a synthetic event takes .stacktrace. */
	if (col->mod == HIST_MOD_STACKTRACE)
		return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, whole);
	if (col->src == HIST_SRC_TIMESTAMP) {
		p->spec->timestamps = true;
		if (col->usecs)
			p->spec->ts_usecs = true;
	}
	return 0;
}

/* A number: its text is given back in decimal. */
static int parse_const(struct hist_parse *p, char *text, struct hist_col *col)
{
	if (kstrtou64(text, 0, &col->value))
		return hist_parse_err(p, HIST_ERR_EXPECT_NUMBER, text);
	col->src = HIST_SRC_CONST;
	col->type = "u64";
	col->size = sizeof(u64);
	col->name = kasprintf(GFP_KERNEL, "%llu", col->value);
	return col->name ? 0 : -ENOMEM;
}

/* Is NAME=TEXT of this spec a plain field, the target of $NAME's shortcut? */
static char *var_field_text(struct hist_parse *p, const char *name)
{
	unsigned int i;
	char *text;

	for (i = 0; i < p->nr_var_text; i++) {
		if (strcmp(p->var_text[i][0], name))
			continue;
		text = p->var_text[i][1];
		if (strpbrk(text, "+-*/") || text[0] == '$')
			continue;
		return text;
	}
	return NULL;
}

/* Variable @name of an attached hist trigger on @file. */
static struct hist_var *file_var(struct trace_event_file *file,
				 const char *name, struct hist_trigger **hp)
{
	struct event_trigger *t;
	struct hist_trigger *h;
	unsigned int i;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(t, &file->triggers, list) {
		if (t->cmd->kind != TRIGGER_KIND_HIST)
			continue;
		h = t->private;
		if (!h->table || !h->spec)
			continue;
		for (i = 0; i < h->spec->nr_vars; i++) {
			if (!strcmp(h->spec->vars[i].name, name)) {
				*hp = h;
				return &h->spec->vars[i];
			}
		}
	}
	return NULL;
}

/*
 * $NAME: the one variable of that name in the array, or, qualified,
 * the one on SYS.EVENT.  Logs and returns NULL when there is none or,
 * unqualified, when two events have one.
 */
static struct hist_var *find_var(struct hist_parse *p, const char *sys,
				 const char *event, const char *name,
				 struct hist_trigger **hp)
{
	struct trace_event_file *file, *found = NULL;
	struct hist_trigger *h;
	struct hist_var *v = NULL, *fv;

	if (sys) {
		file = __find_event_file(p->file->tr, sys, event);
		return file ? file_var(file, name, hp) : NULL;
	}
	list_for_each_entry(file, &p->file->tr->events, list) {
		if (list_empty(&file->triggers))
			continue;
		fv = file_var(file, name, &h);
		if (!fv || (found && h->table == (*hp)->table))
			continue;
		if (found) {
			hist_parse_err(p, HIST_ERR_VAR_NOT_UNIQUE, name);
			return NULL;
		}
		found = file;
		v = fv;
		*hp = h;
	}
	return v;
}

/*
 * A reference to @var of @h's table: the same one twice is one entry of
 * refs[], whose read is a take if any of its uses is an operand.
 */
static int add_ref(struct hist_parse *p, struct hist_trigger *h,
		   struct hist_var *var, const char *sys, const char *event,
		   struct hist_col *col, bool take)
{
	struct hist_spec *spec = p->spec;
	struct hist_table *tb = h->table;
	unsigned int slot = h->spec->var_base + (var - h->spec->vars);
	struct hist_ref *ref;
	unsigned int i;

	for (i = 0; i < spec->nr_refs; i++)
		if (spec->refs[i].table == tb && spec->refs[i].slot == slot)
			break;
	if (i == HIST_REFS_MAX)
		return -ENOENT;
	ref = &spec->refs[i];
	if (i == spec->nr_refs) {
		ref->name = sys ? kasprintf(GFP_KERNEL, "%s.%s.$%s", sys, event,
					    var->name) :
				  kasprintf(GFP_KERNEL, "$%s", var->name);
		if (!ref->name)
			return -ENOMEM;
		ref->table = tb;
		ref->slot = slot;
		refcount_inc(&tb->users);
		tb->referrers++;
		spec->nr_refs++;
	}
	ref->take |= take;
	col->src = HIST_SRC_REF;
	col->ref = i;
	col->type = kstrdup_const(var->col.type ?: "u64", GFP_KERNEL);
	if (!col->type)
		return -ENOMEM;
	col->size = var->col.size ? var->col.size : sizeof(u64);
	col->is_signed = var->col.is_signed;
	col->usecs = var->col.usecs;
	/* A variable that holds a constant folds like one. */
	if (var->col.src == HIST_SRC_CONST) {
		col->ref_const = true;
		col->value = var->col.value;
	}
	col->name = kstrdup(ref->name, GFP_KERNEL);
	return col->name ? 0 : -ENOMEM;
}

/* NUMBER, [SYS.EVENT.]$NAME, [SYS.EVENT.]FIELD[.MOD]. */
static int parse_atom(struct hist_parse *p, char *text, struct hist_col *col,
		      unsigned int use)
{
	char *sys = NULL, *event = NULL, *name = text, *dot, *copy;
	struct hist_trigger *h;
	struct hist_var *var;
	int ret;

	if (isdigit(text[0]))
		return parse_const(p, text, col);
	dot = strchr(text, '.');
	if (dot && strchr(dot + 1, '.')) {
		sys = strsep(&name, ".");
		event = strsep(&name, ".");
	}
	if (name[0] == '$') {
		struct trace_event_call *call = p->file->event_call;
		bool here = !sys || (!strcmp(sys, call->class->system) &&
				     !strcmp(event, trace_event_name(call)));
		char *field = here ? var_field_text(p, name + 1) : NULL;

		if (field) {
			/* $NAME of this spec's NAME=FIELD is FIELD. */
			copy = kstrdup(field, GFP_KERNEL);
			if (!copy)
				return -ENOMEM;
			ret = parse_field(p, copy, col, use);
			kfree(copy);
			return ret;
		}
		var = find_var(p, sys, event, name + 1, &h);
		if (var) {
			ret = add_ref(p, h, var, sys, event, col,
				      use == HIST_USE_OPERAND);
			if (ret != -ENOENT)
				return ret;
		}
		hist_parse_err(p, HIST_ERR_VAR_NOT_FOUND, name + 1);
		/* Upstream then tries it as a field, and says so too. */
	}
	return parse_field(p, name, col, use);
}

static bool col_is_string(const struct hist_col *col)
{
	return col->src == HIST_SRC_STR || col->src == HIST_SRC_DYN_STR ||
	       col->src == HIST_SRC_REL_STR || col->src == HIST_SRC_STACK;
}

/* The text an operand gives back inside an expression. */
static int operand_text(struct seq_buf *s, const struct hist_col *col)
{
	switch (col->src) {
	case HIST_SRC_CONST:
	case HIST_SRC_REF:
		seq_buf_puts(s, col->name);
		break;
	case HIST_SRC_EXPR:
		/* Upstream's text names a sub-expression's unit too. */
		seq_buf_printf(s, "%s%s", col->name, col->usecs ? ".usecs" : "");
		break;
	case HIST_SRC_CPU:
		seq_buf_puts(s, "common_cpu");
		break;
	default:
		seq_buf_puts(s, col->name);
		if (col->mod == HIST_MOD_BUCKETS)
			seq_buf_puts(s, ".buckets");
		else if (col->mod != HIST_MOD_NONE)
			seq_buf_printf(s, ".%s", mod_text(col->mod));
		break;
	}
	return seq_buf_has_overflowed(s) ? -E2BIG : 0;
}

static int expr_name(struct hist_col *col)
{
	static const char ops[] = { '+', '-', '*', '/' };
	struct seq_buf s;
	char *buf;
	int ret;

	buf = kzalloc(HIST_TEXT_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	seq_buf_init(&s, buf, HIST_TEXT_MAX);
	if (col->op == HIST_OP_NEG) {
		seq_buf_puts(&s, "-(");
		/* The operand's own text, without a unit after it. */
		if (col->args[0]->src == HIST_SRC_EXPR)
			seq_buf_puts(&s, col->args[0]->name);
		else
			ret = operand_text(&s, col->args[0]);
		seq_buf_putc(&s, ')');
	} else {
		ret = operand_text(&s, col->args[0]);
		seq_buf_putc(&s, ops[col->op]);
		if (!ret)
			ret = operand_text(&s, col->args[1]);
	}
	/* Full to the last byte is too long too: the text needs its NUL. */
	if (!ret && seq_buf_used(&s) >= HIST_TEXT_MAX)
		ret = -E2BIG;
	if (ret) {
		kfree(buf);
		return ret;
	}
	col->name = buf;
	return 0;
}

/* The root operator of @s, rightmost of the weakest rank, or NULL. */
static char *root_op(char *s, enum hist_op *op)
{
	char *minus = strrchr(s, '-'), *plus = strrchr(s, '+');
	char *div, *mul;

	if (minus && minus == s) {
		*op = HIST_OP_NEG;
		return minus;
	}
	if (plus || minus) {
		*op = plus > minus ? HIST_OP_ADD : HIST_OP_SUB;
		return plus > minus ? plus : minus;
	}
	div = strrchr(s, '/');
	mul = strrchr(s, '*');
	if (!div && !mul)
		return NULL;
	*op = mul > div ? HIST_OP_MUL : HIST_OP_DIV;
	return mul > div ? mul : div;
}

static int parse_expr(struct hist_parse *p, char *text, struct hist_col *col,
		      unsigned int use, unsigned int *nops);

static struct hist_col *operand_parse(struct hist_parse *p, char *text,
				      unsigned int *nops, unsigned int use)
{
	struct hist_col *a = kzalloc(sizeof(*a), GFP_KERNEL);
	int ret;

	if (!a)
		return ERR_PTR(-ENOMEM);
	ret = parse_expr(p, text, a, use, nops);
	if (!ret && col_is_string(a))
		ret = hist_parse_err(p, HIST_ERR_INVALID_STR_OPERAND, text);
	if (ret) {
		hist_col_release(a);
		kfree(a);
		return ERR_PTR(ret);
	}
	return a;
}

/* -(EXPR), the whole of @text. */
static int parse_neg(struct hist_parse *p, char *text, struct hist_col *col,
		     unsigned int *nops)
{
	struct hist_col *a;
	char *close;

	if (++*nops > HIST_OPS_MAX)
		return hist_parse_err(p, HIST_ERR_TOO_MANY_SUBEXPR, text);
	text++;
	if (!strchr(text, '('))
		return -EINVAL;
	text++;
	close = strrchr(text, ')');
	if (!close)
		return -EINVAL;
	if (close[1])
		return hist_parse_err(p, HIST_ERR_UNARY_MINUS_SUBEXPR, text);
	*close = '\0';
	a = operand_parse(p, text, nops, HIST_USE_NEG);
	if (IS_ERR(a))
		return PTR_ERR(a);
	/* Upstream cannot name -(-(X)): refused, unlogged. */
	if (a->src == HIST_SRC_EXPR && a->op == HIST_OP_NEG) {
		hist_col_release(a);
		kfree(a);
		return -EINVAL;
	}
	col->src = HIST_SRC_EXPR;
	col->op = HIST_OP_NEG;
	col->args[0] = a;
	col->size = a->size;
	col->is_signed = a->is_signed;
	col->usecs = a->usecs;
	col->type = kstrdup_const(a->type, GFP_KERNEL);
	if (!col->type)
		return -ENOMEM;
	return expr_name(col);
}

static bool col_const(const struct hist_col *col)
{
	return col->src == HIST_SRC_CONST ||
	       (col->src == HIST_SRC_REF && col->ref_const);
}

/* Division by the constant @d, prepared as upstream's (results included). */
static void div_prepare(struct hist_col *col, u64 d)
{
	col->div_const = true;
	col->value = d;
	col->div_mult = is_power_of_2(d) || d > HIST_DIV_ONE ? 0 :
			div64_u64(HIST_DIV_ONE, d);
}

static int parse_binary(struct hist_parse *p, char *text, char *at,
			enum hist_op op, struct hist_col *col,
			unsigned int *nops)
{
	struct hist_ev ev = {};
	struct hist_col *a, *b;
	char *rhs = at + 1;
	u64 v;

	++*nops;
	*at = '\0';
	if (!*text || !*rhs)
		return -EINVAL;
	a = operand_parse(p, text, nops, HIST_USE_OPERAND);
	if (IS_ERR(a))
		return PTR_ERR(a);
	col->args[0] = a;
	b = operand_parse(p, rhs, nops, HIST_USE_OPERAND);
	if (IS_ERR(b))
		return PTR_ERR(b);
	col->args[1] = b;
	if (a->usecs != b->usecs)
		return hist_parse_err(p, HIST_ERR_TIMESTAMP_MISMATCH, NULL);
	col->src = HIST_SRC_EXPR;
	col->op = op;
	col->size = a->size;
	col->is_signed = a->is_signed;
	col->usecs = a->usecs;
	if (op == HIST_OP_DIV && col_const(b)) {
		if (!b->value) {
			hist_parse_err(p, HIST_ERR_DIVISION_BY_ZERO, rhs);
			return -EDOM;
		}
		div_prepare(col, b->value);
	}
	if (col_const(a) && col_const(b)) {
		/*
		 * Fold.  A reference folded away stays in refs[]: the
		 * record still needs its variable set, as upstream's does.
		 */
		a->src = HIST_SRC_CONST;
		b->src = HIST_SRC_CONST;
		v = hist_col_eval(col, &ev);
		hist_col_release(col);
		memset(col, 0, sizeof(*col));
		col->src = HIST_SRC_CONST;
		col->value = v;
		col->type = "u64";
		col->size = sizeof(u64);
		col->name = kasprintf(GFP_KERNEL, "%llu", v);
		return col->name ? 0 : -ENOMEM;
	}
	col->type = kstrdup_const(a->type, GFP_KERNEL);
	if (!col->type)
		return -ENOMEM;
	return expr_name(col);
}

static int parse_expr(struct hist_parse *p, char *text, struct hist_col *col,
		      unsigned int use, unsigned int *nops)
{
	enum hist_op op;
	char *at;

	if (*nops > HIST_OPS_MAX)
		return hist_parse_err(p, HIST_ERR_TOO_MANY_SUBEXPR, text);
	at = root_op(text, &op);
	if (!at)
		return parse_atom(p, text, col, use);
	if (op == HIST_OP_NEG)
		return parse_neg(p, text, col, nops);
	return parse_binary(p, text, at, op, col, nops);
}

static bool col_has_ref(const struct hist_col *col)
{
	if (col->src == HIST_SRC_REF)
		return true;
	return col->src == HIST_SRC_EXPR &&
	       (col_has_ref(col->args[0]) ||
		(col->args[1] && col_has_ref(col->args[1])));
}

/*
 * What a key, value or variable may not be, checked on the whole of it
 * (an expression's operands are not: upstream's checks look at the
 * root only).  @text is what was written, for the caret.
 */
static int check_use(struct hist_parse *p, struct hist_col *col,
		     const char *text, enum hist_use use)
{
	bool atom = col->src != HIST_SRC_EXPR && col->src != HIST_SRC_CONST &&
		    col->src != HIST_SRC_REF;

	switch (use) {
	case HIST_USE_KEY:
		if (col_has_ref(col))
			return hist_parse_err(p, HIST_ERR_INVALID_REF_KEY, text);
		return 0;
	case HIST_USE_VAL:
		if (!atom)
			return 0;
		switch (col->mod) {
		case HIST_MOD_LOG2:
		case HIST_MOD_BUCKETS:
		case HIST_MOD_SYM:
		case HIST_MOD_SYM_OFFSET:
		case HIST_MOD_SYSCALL:
			return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		default:
			break;
		}
		if (col->src == HIST_SRC_STACK)
			return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		return 0;
	default:
		if (atom && (col->mod == HIST_MOD_LOG2 ||
			     col->mod == HIST_MOD_BUCKETS))
			return hist_parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		/* Variables of strings, names and stacks: not yet. */
		if (col_is_string(col) || col->mod == HIST_MOD_EXECNAME)
			return -EINVAL;
		return 0;
	}
}

/**
 * hist_expr_parse - read one key, value or variable definition
 * @p: the parse
 * @text: what was written; cut up in place
 * @col: filled in; hist_col_release() frees what it holds, also after
 *	a failure
 * @use: what it is for (what may not be in it depends on that)
 *
 * Context: process, event_mutex held.
 * Return: 0 or upstream's errno (-EDOM for a division by a constant 0).
 */
int hist_expr_parse(struct hist_parse *p, char *text, struct hist_col *col,
		    enum hist_use use)
{
	unsigned int nops = 0;
	int ret;

	ret = parse_expr(p, text, col, use, &nops);
	return ret ? ret : check_use(p, col, text, use);
}

/**
 * hist_var_parse - read NAME=EXPR into the spec's next variable
 * @p: the parse
 * @name: NAME
 * @text: EXPR; cut up in place
 *
 * A name may be defined once per event, over all its hist triggers
 * (a '!' line, which names the variables of the trigger it removes, is
 * not checked).
 *
 * Context: process, event_mutex held.
 * Return: 0 or upstream's errno.
 */
int hist_var_parse(struct hist_parse *p, char *name, char *text)
{
	struct hist_spec *spec = p->spec;
	struct hist_trigger *h;
	struct hist_var *var;
	unsigned int i;

	if (!p->removing) {
		for (i = 0; i < spec->nr_vars; i++)
			if (!strcmp(spec->vars[i].name, name))
				break;
		if (i < spec->nr_vars || file_var(p->file, name, &h))
			return hist_parse_err(p, HIST_ERR_DUPLICATE_VAR, name);
	}
	if (spec->nr_vars == HIST_VARS_MAX)
		return -EINVAL;
	var = &spec->vars[spec->nr_vars++];
	var->name = kstrdup(name, GFP_KERNEL);
	if (!var->name)
		return -ENOMEM;
	return hist_expr_parse(p, text, &var->col, HIST_USE_VAR);
}

/**
 * hist_col_release - free what a column holds (not the column)
 * @col: a column from hist_expr_parse(), or zeroed
 *
 * Context: process.
 */
void hist_col_release(struct hist_col *col)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(col->args); i++) {
		if (col->args[i]) {
			hist_col_release(col->args[i]);
			kfree(col->args[i]);
			col->args[i] = NULL;
		}
	}
	kfree(col->name);
	col->name = NULL;
	kfree_const(col->type);
	col->type = NULL;
}

/**
 * hist_param_parse - read one param of an action into a column
 * @p: the parse
 * @msys: the system of onmatch(SYS.EVENT): where an unqualified $NAME
 *	that is not this trigger's is looked for
 * @mevent: its event
 * @param: [SYS.EVENT.]$NAME or [SYS.EVENT.]FIELD; cut up in place
 * @col: filled in (hist_col_release() frees it, also after a failure)
 *
 * A $NAME of this trigger reads the value it was just given; another
 * trigger's is a reference (read, not taken).  A field is one of this
 * event's (fields of other events are not read yet).
 *
 * Context: process, event_mutex held.
 * Return: 0 or upstream's errno.
 */
int hist_param_parse(struct hist_parse *p, const char *msys,
		     const char *mevent, char *param, struct hist_col *col)
{
	struct trace_event_call *call = p->file->event_call;
	const char *sys = NULL, *event = NULL;
	struct hist_spec *spec = p->spec;
	char *name = param;
	struct hist_trigger *h;
	struct hist_var *var;
	unsigned int i;
	bool here;
	int ret;

	if (strchr(param, '.')) {
		sys = strsep(&name, ".");
		event = strsep(&name, ".");
		if (!name)
			return -EINVAL;
	}
	here = !sys || (!strcmp(sys, call->class->system) &&
			!strcmp(event, trace_event_name(call)));
	if (name[0] == '$') {
		name++;
		for (i = 0; here && i < spec->nr_vars; i++) {
			if (strcmp(spec->vars[i].name, name))
				continue;
			col->src = HIST_SRC_VAR;
			col->ref = i;
			col->size = spec->vars[i].col.size ?: sizeof(u64);
			col->is_signed = spec->vars[i].col.is_signed;
			col->type = kstrdup_const(spec->vars[i].col.type ?: "u64",
						  GFP_KERNEL);
			col->name = kasprintf(GFP_KERNEL, "$%s", name);
			return col->type && col->name ? 0 : -ENOMEM;
		}
		if (!sys) {
			sys = msys;
			event = mevent;
		}
		var = find_var(p, sys, event, name, &h);
		if (var) {
			ret = add_ref(p, h, var, sys, event, col, false);
			if (ret != -ENOENT)
				return ret;
		}
		return hist_parse_err(p, HIST_ERR_PARAM_NOT_FOUND, name);
	}
	if (!here)
		return hist_parse_err(p, HIST_ERR_FIELD_NOT_FOUND, name);
	ret = hist_col_resolve(call, name, col);
	if (ret == -ENOENT)
		return hist_parse_err(p, HIST_ERR_FIELD_NOT_FOUND, name);
	if (!ret && col->src == HIST_SRC_TIMESTAMP)
		spec->timestamps = true;
	return ret;
}
