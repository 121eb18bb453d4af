// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: one term, "FIELD OP VALUE", compiled into one op of the
 * program (trace_filter.h) for trace_filter.c, which compiles the whole
 * expression around the terms.
 *
 * A field is the event's own, one of the names every event has (cpu,
 * comm, stacktrace), or a common_* field; its type decides which values
 * and operators it takes: numbers (with "&"), strings and globs ("~"),
 * cpumasks and cpu lists ("& CPUS{...}"), and function names for
 * pointer-sized fields (".function").  A refusal carries upstream's
 * message and position.
 */

#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_filter.h"

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

/**
 * trace_field_ftype - what kind of field a field is
 * @field: the field's description
 *
 * Return: its filter type, or the one its C type implies when it gives
 * none (FILTER_OTHER).
 */
int trace_field_ftype(const struct trace_event_fields *field)
{
	return field->filter_type != FILTER_OTHER ? field->filter_type :
						     ftype_of(field->type);
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
	out->ftype = trace_field_ftype(f);
	return true;
}

static bool is_string_ftype(int ftype)
{
	return ftype == FILTER_STATIC_STRING || ftype == FILTER_DYN_STRING ||
	       ftype == FILTER_RDYN_STRING || ftype == FILTER_PTR_STRING ||
	       ftype == FILTER_COMM;
}

void filter_op_free_arg(struct filter_op *op)
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
int filter_parse_term(struct fparse *p, int at, struct term *t)
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
