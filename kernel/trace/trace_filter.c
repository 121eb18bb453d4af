// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: compiling what is written to events/SYSTEM/EVENT/filter
 * (and events/SYSTEM/filter, a trigger's "if", perf's set-filter) into a
 * program for trace_filter_eval.c.  The filter files are
 * trace_filter_files.c's.
 *
 * The language is upstream's (Documentation/trace/filters.rst): terms
 * "FIELD OP VALUE" joined with "&&" and "||", negated with "!", grouped
 * with parentheses.  Errors are reported as upstream reports them: the
 * same errno, the same message and caret position in error_log and in the
 * filter file.
 *
 * Compiling goes in three steps, none of them recursive, so that no input
 * can run the kernel stack out (a write is up to a page: 4095 '('):
 *   1. a scan of the text counts the terms and the depth of parentheses
 *      and checks quotes and parentheses pair up;
 *   2. one walk over the text turns each term into an op (see
 *      trace_filter.h; trace_filter_term.c compiles one term), numbered
 *      in the order written, and builds the tree of "&&", "||" and "!"
 *      above them with two explicit stacks (operators and operands),
 *      "&&" binding tighter than "||";
 *   3. for each term, climbing its tree from the leaf tells where the
 *      evaluation goes when the term is true and when it is false: one of
 *      the two is always the next term, so the op keeps only the other,
 *      as (branch_on, target).  The tree is then thrown away.
 *
 * A filter is swapped into its event file with RCU and the old one freed
 * after a grace period by call_rcu(), so a write never waits.
 *
 * Locking: event_mutex for the event files and their filters.
 */

#include <kunit/visibility.h>
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_filter.h"

static const char *filter_errs[] = {
	[FERR_NONE]		= "No error",
	[FERR_INVALID_OP]	= "Invalid operator",
	[FERR_TOO_MANY_OPEN]	= "Too many '('",
	[FERR_TOO_MANY_CLOSE]	= "Too few '('",
	[FERR_MISSING_QUOTE]	= "Missing matching quote",
	[FERR_MISSING_BRACE_OPEN] = "Missing '{'",
	[FERR_MISSING_BRACE_CLOSE] = "Missing '}'",
	[FERR_OPERAND_TOO_LONG]	= "Operand too long",
	[FERR_EXPECT_STRING]	= "Expecting string field",
	[FERR_EXPECT_DIGIT]	= "Expecting numeric field",
	[FERR_ILLEGAL_FIELD_OP]	= "Illegal operation for field type",
	[FERR_FIELD_NOT_FOUND]	= "Field not found",
	[FERR_ILLEGAL_INTVAL]	= "Illegal integer value",
	[FERR_BAD_SUBSYS_FILTER] =
		"Couldn't find or set field in one of a subsystem's events",
	[FERR_TOO_MANY_PREDS]	= "Too many terms in predicate expression",
	[FERR_INVALID_FILTER]	= "Meaningless filter expression",
	[FERR_INVALID_CPULIST]	= "Invalid cpulist",
	[FERR_IP_FIELD_ONLY]	= "Only 'ip' field is supported for function trace",
	[FERR_INVALID_VALUE]	= "Invalid value (did you forget quotes)?",
	[FERR_NO_FUNCTION]	= "Function not found",
	[FERR_ERRNO]		= "Error",
	[FERR_NO_FILTER]	= "No filter found",
};

#define FILTER_ERR_LOC	"event filter parse error"

/* ------------------------------------------------------------------ */
/* The compiler's state                                                */

/* A node of the expression tree (step 2), gone once the ops are made. */
enum { N_LEAF, N_NOT, N_AND, N_OR };

struct fnode {
	u8	kind;
	int	parent;		/* -1 at the root */
	int	left, right;	/* children (N_NOT: left only) */
	int	first;		/* the first term below, in written order */
};

/* The operator stack's entries. */
enum { S_PAREN, S_NOT, S_AND, S_OR };

/* ------------------------------------------------------------------ */
/* Step 1: the scan                                                    */

/*
 * Count the terms (runs of text between "&&", "||" and parentheses) and
 * the deepest nesting, and check that quotes close and parentheses pair.
 * Returns 0, or the (odd, but upstream's) errno of a mismatch: -1 for a
 * ')' too many, -2 for a '(' too many, -3 for an open quote.
 */
static int filter_scan(struct fparse *p)
{
	const char *s = p->str;
	int open = 1, max_open = 1, terms = 0;
	bool in_term = false;
	int quote_at = 0, i, level;
	char quote = 0;

	for (i = 0; s[i]; i++) {
		char c = s[i];

		if (isspace(c))
			continue;
		if (quote) {
			if (c == quote)
				quote = 0;
			continue;
		}
		if (c == '(' || c == ')' ||
		    ((c == '&' || c == '|') && s[i + 1] == c)) {
			in_term = false;
			if (c == '(') {
				open++;
				max_open = max(max_open, open);
			} else if (c == ')') {
				if (open == 1) {
					perr(p, FERR_TOO_MANY_CLOSE, i);
					return -1;
				}
				open--;
			}
			continue;
		}
		if (c == '\'' || c == '"') {
			quote = c;
			quote_at = i;
		}
		if (!in_term) {
			terms++;
			in_term = true;
		}
	}
	if (quote) {
		perr(p, FERR_MISSING_QUOTE, quote_at);
		return -3;
	}
	if (open != 1) {
		/* Point at the '(' that is not closed: walk back to it. */
		level = open;
		for (i--; i > 0; i--) {
			char c = s[i];

			if (quote) {
				if (c == quote)
					quote = 0;
			} else if (c == '\'' || c == '"') {
				quote = c;
			} else if (c == ')') {
				level++;
			} else if (c == '(') {
				if (level == open)
					break;
				level--;
			}
		}
		perr(p, FERR_TOO_MANY_OPEN, i > 0 ? i : 0);
		return -2;
	}
	p->nr_terms = terms;
	p->max_open = max_open;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Step 2b: the tree                                                   */

static int new_node(struct fparse *p, u8 kind, int left, int right)
{
	struct fnode *n = &p->nodes[p->nr_nodes];

	n->kind = kind;
	n->parent = -1;
	n->left = left;
	n->right = right;
	if (left >= 0) {
		p->nodes[left].parent = p->nr_nodes;
		n->first = p->nodes[left].first;
	}
	if (right >= 0)
		p->nodes[right].parent = p->nr_nodes;
	return p->nr_nodes++;
}

/* Apply the operator on top of the stack to the operands on top. */
static void reduce(struct fparse *p)
{
	u8 op = p->opstack[--p->nr_ops];
	int a, b;

	if (op == S_NOT) {
		a = p->valstack[p->nr_vals - 1];
		p->valstack[p->nr_vals - 1] = new_node(p, N_NOT, a, -1);
		return;
	}
	b = p->valstack[--p->nr_vals];
	a = p->valstack[p->nr_vals - 1];
	p->valstack[p->nr_vals - 1] = new_node(p, op == S_AND ? N_AND : N_OR,
					       a, b);
}

/* An operand is complete: the '!'s before it apply now. */
static void reduce_nots(struct fparse *p)
{
	while (p->nr_ops && p->opstack[p->nr_ops - 1] == S_NOT)
		reduce(p);
}

/* Close what is open down to the innermost '(' (or everything). */
static void reduce_group(struct fparse *p)
{
	while (p->nr_ops && p->opstack[p->nr_ops - 1] != S_PAREN)
		reduce(p);
}

static void add_term(struct fparse *p, struct term *t)
{
	int k = p->filter->n++;
	int leaf;

	p->filter->ops[k] = t->op;
	leaf = new_node(p, N_LEAF, -1, -1);
	p->nodes[leaf].first = k;
	p->leaf_node[k] = leaf;
	if (t->neg)
		leaf = new_node(p, N_NOT, leaf, -1);
	p->valstack[p->nr_vals++] = leaf;
	reduce_nots(p);
}

/* After a term or a ')': what may follow.  Returns 1 at the end, 0 to go on. */
static int after_operand(struct fparse *p, int *ip)
{
	const char *s = p->str;
	int i = *ip;
	char c;

	for (;;) {
		c = s[i++];
		if (isspace(c))
			continue;
		if ((c == '&' || c == '|') && s[i] == c) {
			i++;
			/* "&&" binds tighter than "||": both are left-assoc. */
			while (p->nr_ops &&
			       (p->opstack[p->nr_ops - 1] == S_AND ||
				(c == '|' && p->opstack[p->nr_ops - 1] == S_OR)))
				reduce(p);
			p->opstack[p->nr_ops++] = c == '&' ? S_AND : S_OR;
			*ip = i;
			return 0;
		}
		if (c != ')' && c) {
			perr(p, FERR_TOO_MANY_PREDS, i - 1);
			return -1;
		}
		reduce_group(p);
		if (!c) {
			*ip = i;
			return 1;
		}
		if (!p->depth) {
			perr(p, FERR_TOO_MANY_CLOSE, i);
			return -1;
		}
		p->nr_ops--;		/* the '(' */
		p->depth--;
		reduce_nots(p);
	}
}

static bool is_not(const char *s)
{
	return s[0] == '!' && s[1] != '=' && s[1] != '~';
}

/* Step 2: the whole text into terms and a tree.  0 or -errno. */
static int filter_parse(struct fparse *p)
{
	const char *s = p->str;
	int i = 0, ret = -ENOMEM;
	struct term t;

	while (s[i]) {
		int at = i++;

		if (isspace(s[at]))
			continue;
		if (s[at] == '(') {
			if (p->depth >= p->max_open - 1)
				return -EINVAL;
			p->depth++;
			p->opstack[p->nr_ops++] = S_PAREN;
			continue;
		}
		if (is_not(s + at)) {
			p->opstack[p->nr_ops++] = S_NOT;
			continue;
		}
		if (p->filter->n >= p->nr_terms) {
			perr(p, FERR_TOO_MANY_PREDS, at);
			return ret;
		}
		ret = filter_parse_term(p, at, &t);
		if (ret < 0) {
			if (ret != -1)
				filter_op_free_arg(&t.op);
			return ret;
		}
		i = ret;
		add_term(p, &t);
		ret = after_operand(p, &i);
		if (ret < 0)
			return ret;
		if (ret == 1) {
			ret = -1;
			goto end;
		}
		ret = -1;
	}
	if (p->filter->n) {
		perr(p, FERR_INVALID_FILTER, i);
		return -EINVAL;
	}
end:
	if (p->depth) {
		perr(p, FERR_TOO_MANY_OPEN, i);
		return ret;
	}
	if (!p->filter->n) {
		perr(p, FERR_NO_FILTER, i);
		return -EINVAL;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Step 3: the jumps                                                   */

/*
 * Where evaluation goes when term @k (of @n) comes out @v: climb until a
 * node whose value is not decided yet (then the next term is the next
 * sibling's first), or the root (accept or reject).
 */
static int term_exit(struct fparse *p, int k, int n, bool v)
{
	int node = p->leaf_node[k], up;

	while ((up = p->nodes[node].parent) >= 0) {
		struct fnode *u = &p->nodes[up];

		if (u->kind == N_NOT)
			v = !v;
		else if (u->left == node &&
			 v == (u->kind == N_AND))
			return p->nodes[u->right].first;
		node = up;
	}
	return v ? n : n + 1;
}

static int filter_link(struct fparse *p)
{
	struct event_filter *f = p->filter;
	int k, on_true, on_false;

	for (k = 0; k < f->n; k++) {
		struct filter_op *op = &f->ops[k];

		on_true = term_exit(p, k, f->n, true);
		on_false = term_exit(p, k, f->n, false);
		if (WARN_ON_ONCE(on_true != k + 1 && on_false != k + 1))
			return -EINVAL;
		if (on_false == k + 1) {
			op->branch_on = 1;
			op->target = on_true;
		} else {
			op->branch_on = 0;
			op->target = on_false;
		}
		if (WARN_ON_ONCE(op->target <= k))
			return -EINVAL;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Making and freeing filters                                          */

/**
 * trace_filter_free - free a filter no running event can see
 * @filter: the filter, or NULL
 */
void trace_filter_free(struct event_filter *filter)
{
	unsigned int i;

	if (!filter)
		return;
	for (i = 0; i < filter->n; i++)
		kfree(filter->ops[i].arg);
	kfree(filter->string);
	kfree(filter);
}
EXPORT_SYMBOL_GPL(trace_filter_free);

static void filter_free_rcu_cb(struct rcu_head *rcu)
{
	trace_filter_free(container_of(rcu, struct event_filter, rcu));
}

/**
 * trace_filter_free_rcu - free a filter once no event can be running it
 * @filter: the filter, or NULL
 *
 * Does not wait: the filter goes after the next grace period.
 */
void trace_filter_free_rcu(struct event_filter *filter)
{
	if (filter)
		call_rcu(&filter->rcu, filter_free_rcu_cb);
}
EXPORT_SYMBOL_GPL(trace_filter_free_rcu);

/**
 * trace_filter_string - the text a filter was made from
 * @filter: the filter
 *
 * Return: the text, or for a filter kept for its error, the error report.
 */
const char *trace_filter_string(const struct event_filter *filter)
{
	return filter->string;
}
EXPORT_SYMBOL_GPL(trace_filter_string);

/*
 * The text a refused filter shows in its file, and its error_log entry
 * (when @tr is given).
 */
static void filter_report(struct trace_array *tr, struct fparse *p,
			  struct event_filter *filter)
{
	int len = strlen(p->str), pos = min(p->pos, len);
	char *text;

	if (p->err > 0) {
		text = kasprintf(GFP_KERNEL, "%s\n%*s\nparse_error: %s\n",
				 p->str, pos ? pos + 1 : 0, "^",
				 filter_errs[p->err]);
		if (tr)
			tracing_log_err(tr, FILTER_ERR_LOC, p->str, filter_errs,
					p->err, p->pos);
	} else {
		text = kasprintf(GFP_KERNEL, "%s\nError: (%d)\n", p->str,
				 p->err);
		if (tr)
			tracing_log_err(tr, FILTER_ERR_LOC, p->str, filter_errs,
					FERR_ERRNO, 0);
	}
	if (filter && text) {
		kfree(filter->string);
		filter->string = text;
	} else {
		kfree(text);
	}
}

/*
 * Compile @str for @call.  Returns 0 or -errno; *@filterp is the filter,
 * or on error (but -ENOMEM) one with no ops holding the error report.
 * Declared in trace_filter.h for the filter files.
 */
int filter_compile(struct trace_array *tr, struct trace_event_call *call,
			  const char *str, struct event_filter **filterp,
			  bool subsystem)
{
	struct fparse p = { .call = call, .str = str };
	size_t len = strlen(str);
	int ret;

	*filterp = NULL;
	if (len >= 65536)
		return -E2BIG;
	ret = filter_scan(&p);
	if (!ret && !p.nr_terms)
		ret = -EINVAL;
	p.filter = kzalloc(struct_size(p.filter, ops, max(p.nr_terms, 1)),
			   GFP_KERNEL);
	if (!p.filter)
		return -ENOMEM;
	p.filter->string = kstrdup(str, GFP_KERNEL);
	if (!p.filter->string) {
		kfree(p.filter);
		return -ENOMEM;
	}
	if (ret)
		goto out;
	p.nodes = kcalloc(len + 2, sizeof(*p.nodes), GFP_KERNEL);
	p.leaf_node = kcalloc(p.nr_terms, sizeof(int), GFP_KERNEL);
	p.valstack = kcalloc(p.nr_terms + 1, sizeof(int), GFP_KERNEL);
	p.opstack = kmalloc(len + 1, GFP_KERNEL);
	ret = -ENOMEM;
	if (p.nodes && p.leaf_node && p.valstack && p.opstack) {
		ret = filter_parse(&p);
		if (!ret)
			ret = filter_link(&p);
	}
	kfree(p.nodes);
	kfree(p.leaf_node);
	kfree(p.valstack);
	kfree(p.opstack);
	if (ret) {
		/* Keep the error text only: the ops made so far go. */
		while (p.filter->n)
			filter_op_free_arg(&p.filter->ops[--p.filter->n]);
		if (ret == -ENOMEM && !p.err)
			p.err = -ENOMEM;
	}
out:
	/* A subsystem's filter says only that it did not fit this event. */
	if (ret && subsystem)
		perr(&p, FERR_BAD_SUBSYS_FILTER, 0);
	if (ret)
		filter_report(tr, &p, p.filter);
	*filterp = p.filter;
	return ret;
}

/**
 * trace_filter_create - compile a filter for an event
 * @tr: where to log a parse error (error_log), or NULL for no log
 * @call: the event whose records the filter will see
 * @str: the filter
 * @filterp: set to the filter, or NULL on error
 *
 * Context: process, may sleep; event_mutex held (the event stays).
 *
 * Return: 0 or upstream's negative errno for @str.
 */
int trace_filter_create(struct trace_array *tr, struct trace_event_call *call,
			const char *str, struct event_filter **filterp)
{
	int ret = filter_compile(tr, call, str, filterp, false);

	if (ret) {
		trace_filter_free(*filterp);
		*filterp = NULL;
	}
	return ret;
}
EXPORT_SYMBOL_GPL(trace_filter_create);

#if IS_ENABLED(CONFIG_KUNIT)
/* For trace_filter_kunit.c: the errno and the text a refused @str shows. */
int trace_filter_try(struct trace_event_call *call, const char *str,
		     char **report)
{
	struct event_filter *filter;
	int ret = filter_compile(NULL, call, str, &filter, false);

	*report = NULL;
	if (filter && ret) {
		*report = filter->string;
		filter->string = NULL;
	}
	trace_filter_free(filter);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(trace_filter_try);
#endif
