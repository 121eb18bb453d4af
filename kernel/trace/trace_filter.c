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
 *      trace_filter.h), numbered in the order written, and builds the
 *      tree of "&&", "||" and "!" above them with two explicit stacks
 *      (operators and operands), "&&" binding tighter than "||";
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

/* The messages of error_log and of a refused filter, as upstream's. */
enum {
	FERR_NONE,
	FERR_INVALID_OP,
	FERR_TOO_MANY_OPEN,
	FERR_TOO_MANY_CLOSE,
	FERR_MISSING_QUOTE,
	FERR_MISSING_BRACE_OPEN,
	FERR_MISSING_BRACE_CLOSE,
	FERR_OPERAND_TOO_LONG,
	FERR_EXPECT_STRING,
	FERR_EXPECT_DIGIT,
	FERR_ILLEGAL_FIELD_OP,
	FERR_FIELD_NOT_FOUND,
	FERR_ILLEGAL_INTVAL,
	FERR_BAD_SUBSYS_FILTER,
	FERR_TOO_MANY_PREDS,
	FERR_INVALID_FILTER,
	FERR_INVALID_CPULIST,
	FERR_IP_FIELD_ONLY,
	FERR_INVALID_VALUE,
	FERR_NO_FUNCTION,
	FERR_ERRNO,
	FERR_NO_FILTER,
};

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

/* The operators, longest first where one begins another. */
enum { TOK_GLOB, TOK_NE, TOK_EQ, TOK_LE, TOK_LT, TOK_GE, TOK_GT, TOK_BAND };
static const char * const filter_ops[] = {
	[TOK_GLOB] = "~", [TOK_NE] = "!=", [TOK_EQ] = "==", [TOK_LE] = "<=",
	[TOK_LT] = "<", [TOK_GE] = ">=", [TOK_GT] = ">", [TOK_BAND] = "&",
};
static const u8 tok_cmp[] = {
	[TOK_GLOB] = FCMP_EQ, [TOK_NE] = FCMP_NE, [TOK_EQ] = FCMP_EQ,
	[TOK_LE] = FCMP_LE, [TOK_LT] = FCMP_LT, [TOK_GE] = FCMP_GE,
	[TOK_GT] = FCMP_GT, [TOK_BAND] = FCMP_BAND,
};

/* A field as the compiler sees it: an event's, a common or a generic one. */
struct ffield {
	const char	*type;
	unsigned int	offset;
	int		size;
	int		ftype;		/* FILTER_* */
	bool		is_signed;
};

/* The names every event has on top of its record. */
static const struct {
	const char	*name;
	int		ftype;
	bool		is_signed;
} generic_fields[] = {
	{ "CPU", FILTER_CPU, true }, { "cpu", FILTER_CPU, true },
	{ "common_cpu", FILTER_CPU, true },
	{ "COMM", FILTER_COMM }, { "comm", FILTER_COMM },
	{ "stacktrace", FILTER_STACKTRACE }, { "STACKTRACE", FILTER_STACKTRACE },
};

/* What kind of field a C type is, for fields that do not say. */
static int ftype_of(const char *type)
{
	if (strstr(type, "__data_loc")) {
		if (strstr(type, "char"))
			return FILTER_DYN_STRING;
		if (strstr(type, "cpumask_t"))
			return FILTER_CPUMASK;
	}
	if (strstr(type, "__rel_loc") && strstr(type, "char"))
		return FILTER_RDYN_STRING;
	if (strchr(type, '[') && strstr(type, "char"))
		return FILTER_STATIC_STRING;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return FILTER_PTR_STRING;
	return FILTER_OTHER;
}

/* The event's own fields first, then the generic names, then common_*. */
static bool field_lookup(struct trace_event_call *call, const char *name,
			 struct ffield *out)
{
	const struct trace_event_fields *f;
	int i;

	f = call ? trace_event_field_find(call, name, &out->offset) : NULL;
	if (!f) {
		for (i = 0; i < ARRAY_SIZE(generic_fields); i++) {
			if (strcmp(generic_fields[i].name, name))
				continue;
			out->type = "";
			out->offset = 0;
			out->size = 0;
			out->ftype = generic_fields[i].ftype;
			out->is_signed = generic_fields[i].is_signed;
			return true;
		}
		f = trace_event_field_find(NULL, name, &out->offset);
		if (!f)
			return false;
	}
	out->type = f->type;
	out->size = f->size;
	out->is_signed = f->is_signed;
	out->ftype = f->filter_type;
	if (out->ftype == FILTER_OTHER)
		out->ftype = ftype_of(f->type);
	return true;
}

static bool is_string_ftype(int ftype)
{
	return ftype == FILTER_STATIC_STRING || ftype == FILTER_DYN_STRING ||
	       ftype == FILTER_RDYN_STRING || ftype == FILTER_PTR_STRING ||
	       ftype == FILTER_COMM;
}

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

struct fparse {
	struct trace_event_call	*call;
	const char		*str;
	int			err;	/* FERR_*, or -errno when none says it */
	int			pos;	/* where, in str */
	struct event_filter	*filter;
	int			nr_terms;	/* from the scan */
	int			max_open;	/* the scan's depth + 1 */
	/* Step 2's tree and stacks. */
	struct fnode		*nodes;
	int			nr_nodes;
	int			*leaf_node;	/* term -> its node */
	u8			*opstack;
	int			nr_ops;
	int			*valstack;
	int			nr_vals;
	int			depth;		/* '(' open */
};

static void perr(struct fparse *p, int err, int pos)
{
	p->err = err;
	p->pos = pos;
}

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
/* Step 2a: one term into one op                                       */

static void op_free_arg(struct filter_op *op)
{
	kfree(op->arg);
	op->arg = NULL;
}

/*
 * The forms of a "~" pattern: a leading '!' negates, a '*' at one end or
 * both makes a prefix/suffix/substring match, anything else with '*',
 * '?', '[' or '\' is a full glob.  @pat is changed in place.
 */
static u8 glob_form(char **patp, bool *neg)
{
	char *pat = *patp;
	u8 how = FMATCH_FULL;
	int len, i;

	*neg = pat[0] == '!';
	if (*neg)
		pat++;
	*patp = pat;
	if (isdigit(pat[0]))
		return FMATCH_FULL;
	len = strlen(pat);
	for (i = 0; i < len; i++) {
		if (pat[i] == '*') {
			if (i == 0) {
				how = FMATCH_END;
				continue;
			}
			if (i < len - 1)
				return FMATCH_GLOB;
			how = how == FMATCH_END ? FMATCH_MIDDLE : FMATCH_FRONT;
			pat[i] = '\0';
			break;
		}
		if (strchr("[?\\", pat[i]))
			return FMATCH_GLOB;
	}
	if (pat[0] == '*')
		*patp = pat + 1;
	return how;
}

static struct filter_str *make_str(const char *text, int len, bool glob,
				   bool *neg)
{
	struct filter_str *fs;
	char *buf, *pat;
	u8 how = FMATCH_FULL;

	buf = kmemdup_nul(text, len, GFP_KERNEL);
	if (!buf)
		return NULL;
	pat = buf;
	if (glob)
		how = glob_form(&pat, neg);
	len = strlen(pat);
	fs = kmalloc(struct_size(fs, pattern, len + 1), GFP_KERNEL);
	if (fs) {
		fs->how = how;
		fs->len = len;
		memcpy(fs->pattern, pat, len + 1);
	}
	kfree(buf);
	return fs;
}

struct term {
	struct filter_op	op;
	bool			neg;	/* the test's result is negated */
};

/*
 * A numeric comparison of a field of @size bytes with t->op.val, made a
 * range test (FOP_IN8 to FOP_IN64, see trace_filter.h); "!=" negates
 * the term.  The constant is taken at the field's width, as C would.
 */
static void num_code(struct term *t, int size, bool is_signed)
{
	static const u8 code[] = { [1] = FOP_IN8, [2] = FOP_IN16,
				   [4] = FOP_IN32, [8] = FOP_IN64 };
	struct filter_op *op = &t->op;
	u64 max, c, lo, hi;

	if (size != 1 && size != 2 && size != 4 && size != 8) {
		op->code = FOP_FALSE;
		return;
	}
	max = size < 8 ? BIT_ULL(size * 8) - 1 : U64_MAX;
	c = op->val & max;
	if (op->cmp == FCMP_BAND) {
		op->code = FOP_BAND;
		op->len = size;
		op->val = c;
		return;
	}
	/* Ordered signed: the sign bit flipped orders them as unsigned. */
	op->bias = 0;
	if (is_signed && op->cmp != FCMP_EQ && op->cmp != FCMP_NE)
		op->bias = BIT_ULL(size * 8 - 1);
	c ^= op->bias;
	lo = 0;
	hi = max;
	switch (op->cmp) {
	case FCMP_NE:
		t->neg = !t->neg;
		fallthrough;
	case FCMP_EQ:
		lo = c;
		hi = c;
		break;
	case FCMP_LT:
		if (!c) {
			op->code = FOP_FALSE;
			return;
		}
		hi = c - 1;
		break;
	case FCMP_LE:
		hi = c;
		break;
	case FCMP_GT:
		if (c == max) {
			op->code = FOP_FALSE;
			return;
		}
		lo = c + 1;
		break;
	default:
		lo = c;
		break;
	}
	op->code = code[size];
	op->val = lo;
	op->val2 = hi - lo;
}


/* "CPUS{list}": @i is at "CPUS".  Returns the index after '}' or -errno. */
static int parse_cpus(struct fparse *p, const struct ffield *f, int tok,
		      int i, struct term *t)
{
	const char *s = p->str;
	struct cpumask *mask;
	int start, cpu, ret;
	bool single;
	char *list;

	if (f->ftype != FILTER_CPUMASK && f->ftype != FILTER_CPU &&
	    f->ftype != FILTER_OTHER) {
		perr(p, FERR_ILLEGAL_FIELD_OP, i + 1);
		return -EINVAL;
	}
	if (tok != TOK_EQ && tok != TOK_NE && tok != TOK_BAND) {
		perr(p, FERR_ILLEGAL_FIELD_OP, i + 1);
		return -EINVAL;
	}
	i += 4;
	if (s[i++] != '{') {
		perr(p, FERR_MISSING_BRACE_OPEN, i + 1);
		return -EINVAL;
	}
	start = i;
	while (s[i] && s[i] != '}')
		i++;
	if (s[i] != '}') {
		perr(p, FERR_MISSING_BRACE_CLOSE, i + 1);
		return -EINVAL;
	}
	if (i == start) {
		perr(p, FERR_INVALID_CPULIST, i + 1);
		return -EINVAL;
	}
	list = kmemdup_nul(s + start, i - start, GFP_KERNEL);
	mask = kzalloc(cpumask_size(), GFP_KERNEL);
	if (!list || !mask) {
		kfree(list);
		kfree(mask);
		return -ENOMEM;
	}
	ret = cpulist_parse(list, mask);
	kfree(list);
	if (ret) {
		kfree(mask);
		perr(p, FERR_INVALID_CPULIST, i + 1);
		return -EINVAL;
	}
	i++;
	single = cpumask_weight(mask) == 1;
	cpu = cpumask_first(mask);
	t->op.cmp = tok_cmp[tok];
	if (single) {
		kfree(mask);
		mask = NULL;
		t->op.val = cpu;
	}
	t->op.arg = mask;
	switch (f->ftype) {
	case FILTER_CPUMASK:
		t->op.code = single ? FOP_MASK_VS_CPU : FOP_MASK_VS_MASK;
		break;
	case FILTER_CPU:
		if (single && t->op.cmp == FCMP_BAND)
			t->op.cmp = FCMP_EQ;
		t->op.code = single ? FOP_CPU : FOP_CPU_IN_MASK;
		break;
	default:
		if (single) {
			if (t->op.cmp == FCMP_BAND)
				t->op.cmp = FCMP_EQ;
			num_code(t, f->size, false);
		} else if (f->size == 1 || f->size == 2 || f->size == 4 ||
			   f->size == 8) {
			t->op.code = FOP_FIELD_IN_MASK;
			t->op.len = f->size;
		} else {
			t->op.code = FOP_FALSE;
		}
	}
	return i;
}

/* "FIELD.function == SYMBOL|ADDRESS": @i is at the value. */
static int parse_function(struct fparse *p, const struct ffield *f, int tok,
			  int i, struct term *t)
{
	unsigned long ip, size, offset;
	const char *s = p->str;
	int start = i;
	char *name;

	if (f->size != sizeof(long)) {
		perr(p, FERR_ILLEGAL_FIELD_OP, i + 1);
		return -EINVAL;
	}
	if (tok != TOK_EQ && tok != TOK_NE) {
		perr(p, FERR_INVALID_OP, i + 1);
		return -EINVAL;
	}
	if (isdigit(s[i])) {
		while (isalnum(s[i]))
			i++;
		if (i - start >= 24) {
			perr(p, FERR_OPERAND_TOO_LONG, i + 1);
			return -EINVAL;
		}
		name = kmemdup_nul(s + start, i - start, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		if (kstrtoul(name, 0, &ip)) {
			kfree(name);
			perr(p, FERR_INVALID_VALUE, i + 1);
			return -EINVAL;
		}
	} else {
		while (s[i] && !isspace(s[i]))
			i++;
		name = kmemdup_nul(s + start, i - start, GFP_KERNEL);
		if (!name)
			return -ENOMEM;
		ip = kallsyms_lookup_name(name);
		if (!ip) {
			kfree(name);
			perr(p, FERR_NO_FUNCTION, i + 1);
			return -EINVAL;
		}
	}
	kfree(name);
	if (!kallsyms_lookup_size_offset(ip, &size, &offset)) {
		perr(p, FERR_NO_FUNCTION, i + 1);
		return -EINVAL;
	}
	t->op.code = FOP_RANGE;
	t->op.val = ip - offset;
	t->op.val2 = ip - offset + size;
	t->neg = tok == TOK_NE;
	return i;
}

/* A quoted string: @i is at the opening quote. */
static int parse_string(struct fparse *p, const struct ffield *f, int tok,
			int i, bool user, struct term *t)
{
	const char *s = p->str;
	char q = s[i];
	int start = i + 1;

	if (tok != TOK_EQ && tok != TOK_NE && tok != TOK_GLOB) {
		perr(p, FERR_ILLEGAL_FIELD_OP, i + 1);
		return -EINVAL;
	}
	if (!is_string_ftype(f->ftype)) {
		perr(p, FERR_EXPECT_DIGIT, i + 1);
		return -EINVAL;
	}
	for (i++; s[i] && s[i] != q; i++)
		;
	if (!s[i]) {
		perr(p, FERR_MISSING_QUOTE, i + 1);
		return -EINVAL;
	}
	if (i - start >= FILTER_STR_MAX) {
		perr(p, FERR_OPERAND_TOO_LONG, i + 1);
		return -EINVAL;
	}
	t->op.arg = make_str(s + start, i - start, tok == TOK_GLOB, &t->neg);
	if (!t->op.arg)
		return -ENOMEM;
	if (tok == TOK_NE)
		t->neg = true;
	switch (f->ftype) {
	case FILTER_COMM:
		t->op.code = FOP_STR_COMM;
		break;
	case FILTER_STATIC_STRING:
		t->op.code = FOP_STR_FIXED;
		t->op.len = f->size;
		break;
	case FILTER_DYN_STRING:
		t->op.code = FOP_STR_LOC;
		break;
	case FILTER_RDYN_STRING:
		t->op.code = FOP_STR_RELLOC;
		break;
	default:
		if (filter_need_strbuf())
			return -ENOMEM;
		t->op.code = user ? FOP_STR_USER : FOP_STR_PTR;
		/*
		 * A pointer that cannot be read matches nothing, negated or
		 * not: the op applies the negation itself.
		 */
		t->op.cmp = t->neg ? FCMP_NE : FCMP_EQ;
		t->neg = false;
	}
	return i + 1;
}

/* A number: @i is at its first character. */
static int parse_number(struct fparse *p, const struct ffield *f, int tok,
			int i, struct term *t)
{
	const char *s = p->str;
	int start = i, ret;
	char num[24];
	u64 val;

	if (is_string_ftype(f->ftype)) {
		perr(p, FERR_EXPECT_STRING, i + 1);
		return -EINVAL;
	}
	if (tok == TOK_GLOB) {
		perr(p, FERR_ILLEGAL_FIELD_OP, i + 1);
		return -EINVAL;
	}
	if (s[i] == '-')
		i++;
	while (isalnum(s[i]))
		i++;
	if (i - start >= sizeof(num)) {
		perr(p, FERR_OPERAND_TOO_LONG, i + 1);
		return -EINVAL;
	}
	memcpy(num, s + start, i - start);
	num[i - start] = '\0';
	if (f->is_signed)
		ret = kstrtoll(num, 0, (s64 *)&val);
	else
		ret = kstrtoull(num, 0, &val);
	if (ret) {
		perr(p, FERR_ILLEGAL_INTVAL, start + 1);
		return -EINVAL;
	}
	t->op.cmp = tok_cmp[tok];
	t->op.val = val;
	if (f->ftype == FILTER_CPU)
		t->op.code = t->op.cmp == FCMP_BAND ? FOP_FALSE : FOP_CPU;
	else
		num_code(t, f->size, f->is_signed);
	return i;
}

/*
 * One "FIELD OP VALUE" from @at.  Returns the index after it, or -errno
 * (-1, with no message, when there is no field name at all).  Positions
 * of errors are one past the offending character, as upstream's.
 */
static int parse_term(struct fparse *p, int at, struct term *t)
{
	const char *s = p->str;
	bool user = false, function = false;
	struct ffield f;
	int i = at, start, tok, len;
	char *name;

	memset(t, 0, sizeof(*t));
	while (isspace(s[i]))
		i++;
	start = i;
	while (isalnum(s[i]) || s[i] == '_')
		i++;
	if (i == start)
		return -1;
	name = kmemdup_nul(s + start, i - start, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	if (!field_lookup(p->call, name, &f)) {
		kfree(name);
		perr(p, FERR_FIELD_NOT_FOUND, i + 1);
		return -EINVAL;
	}
	kfree(name);
	len = str_has_prefix(s + i, ".ustring");
	if (len) {
		user = true;
		i += len;
	}
	len = str_has_prefix(s + i, ".function");
	if (len) {
		function = true;
		i += len;
	}
	while (isspace(s[i]))
		i++;
	for (tok = 0; tok < ARRAY_SIZE(filter_ops); tok++)
		if (str_has_prefix(s + i, filter_ops[tok]))
			break;
	if (tok == ARRAY_SIZE(filter_ops)) {
		perr(p, FERR_INVALID_OP, i + 1);
		return -EINVAL;
	}
	i += strlen(filter_ops[tok]);
	while (isspace(s[i]))
		i++;

	t->op.offset = f.offset;
	if (function)
		return parse_function(p, &f, tok, i, t);
	if (str_has_prefix(s + i, "CPUS"))
		return parse_cpus(p, &f, tok, i, t);
	if (s[i] == '\'' || s[i] == '"')
		return parse_string(p, &f, tok, i, user, t);
	if (isdigit(s[i]) || s[i] == '-')
		return parse_number(p, &f, tok, i, t);
	perr(p, FERR_INVALID_VALUE, i + 1);
	return -EINVAL;
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
		ret = parse_term(p, at, &t);
		if (ret < 0) {
			if (ret != -1)
				op_free_arg(&t.op);
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
			op_free_arg(&p.filter->ops[--p.filter->n]);
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
