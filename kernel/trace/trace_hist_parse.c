// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: reading a spec (glossary in trace_hist.h).
 *
 *	keys=K[,K...][:vals=V[,V...]][:sort=S[.descending][,S...]]
 *	[:size=N][:name=NAME][:clock=C][:pause|:cont|:continue|:clear]
 *	[:nohitcount|:NOHC]
 *
 * The attributes come in any order and a later one of a kind replaces an
 * earlier one.  A column is a field name with at most one modifier
 * (FIELD.MOD).  The checks run in upstream's order - values, keys, sort,
 * size - so that a line with several faults reports the one upstream
 * reports; the faults upstream explains in error_log are explained
 * there too, with the caret under the first place the offending text
 * occurs in the command, the others only return -EINVAL.
 *
 * Variables, expressions, common_timestamp and actions are not read
 * yet: such a spec is refused with -EINVAL.
 */

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/log2.h>
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

/* What a parse needs besides the text. */
struct hist_parse {
	struct trace_event_file	*file;
	const char		*cmd;
	struct hist_spec	*spec;
	char			*keys, *vals, *sort;
};

static int parse_err(struct hist_parse *p, unsigned int err, const char *at)
{
	hist_log_err(p->file, p->cmd, err, at);
	return err == HIST_ERR_NEED_NOHC_VAL ? -ENOENT : -EINVAL;
}

static const struct {
	const char	*name;
	enum hist_mod	mod;
	bool		prefix;		/* upstream takes "percentXYZ" too */
} hist_mods[] = {
	{ "hex", HIST_MOD_HEX },
	{ "sym", HIST_MOD_SYM },
	{ "sym-offset", HIST_MOD_SYM_OFFSET },
	{ "execname", HIST_MOD_EXECNAME },
	{ "syscall", HIST_MOD_SYSCALL },
	{ "log2", HIST_MOD_LOG2 },
	{ "usecs", HIST_MOD_USECS },
	{ "stacktrace", HIST_MOD_STACKTRACE },
	{ "percent", HIST_MOD_PERCENT, true },
	{ "graph", HIST_MOD_GRAPH, true },
};

/*
 * MOD of FIELD.MOD; "bucket=N" and "buckets=N" carry a width.  .percent
 * and .graph are for values: on a key they are refused here, before the
 * field is looked up, as upstream does.
 */
static int parse_mod(struct hist_parse *p, const char *field, char *text,
		     struct hist_col *col, bool key)
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
			return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		if (key && (col->mod == HIST_MOD_PERCENT ||
			    col->mod == HIST_MOD_GRAPH))
			return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
		return 0;
	}
	if (!str_has_prefix(text, "bucket"))
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, text);
	/* The caret goes where reading stopped, as upstream's. */
	num = text + strlen("bucket");
	if (*num == 's')
		num++;
	if (*num != '=')
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, num);
	num++;
	if (kstrtou64(num, 0, &col->buckets) || !col->buckets)
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, num);
	col->mod = HIST_MOD_BUCKETS;
	return 0;
}

/* One key or value column: FIELD[.MOD]. */
static int parse_col(struct hist_parse *p, char *text, struct hist_col *col,
		     bool key)
{
	char *whole, *name, *mod, *dot;
	int ret;

	/*
	 * SYSTEM.EVENT.FIELD names another event's field; without
	 * variables only FIELD is looked at, as upstream does then.
	 */
	dot = strchr(text, '.');
	if (dot && strchr(dot + 1, '.')) {
		strsep(&text, ".");
		strsep(&text, ".");
	}
	/* A number is a constant column: not read yet. */
	if (isdigit(text[0]))
		return -EINVAL;
	whole = text;
	name = strsep(&text, ".");
	mod = text;
	if (mod) {
		ret = parse_mod(p, name, mod, col, key);
		if (ret)
			return ret;
	}
	ret = hist_col_resolve(p->file->event_call, name, col);
	if (ret == -ENOENT)
		return parse_err(p, HIST_ERR_FIELD_NOT_FOUND, name);
	if (ret)
		return ret;
	/* Only a stack field of a synthetic event takes .stacktrace. */
	if (col->mod == HIST_MOD_STACKTRACE) {
		/* Give the logged text back its dot. */
		mod[-1] = '.';
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, whole);
	}
	if (key)
		return 0;
	switch (col->mod) {
	case HIST_MOD_SYM_OFFSET:
		/*
		 * Upstream rewrites "sym-offset" before parsing, so the text
		 * it looks for is not in the command: its caret is at 0.
		 */
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, NULL);
	case HIST_MOD_LOG2:
	case HIST_MOD_BUCKETS:
	case HIST_MOD_SYM:
	case HIST_MOD_SYSCALL:
	case HIST_MOD_STACKTRACE:
		mod[-1] = '.';
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, whole);
	default:
		break;
	}
	if (col->src == HIST_SRC_STACK)
		return parse_err(p, HIST_ERR_BAD_FIELD_MODIFIER, whole);
	return 0;
}

static void col_free(struct hist_col *col)
{
	kfree(col->name);
	col->name = NULL;
	kfree_const(col->type);
	col->type = NULL;
}

static int parse_vals(struct hist_parse *p)
{
	struct hist_spec *spec = p->spec;
	bool implicit_seen = false;
	char *list = p->vals, *v;
	int ret;

	spec->vals[0].src = HIST_SRC_HITCOUNT;
	spec->vals[0].type = "u64";
	spec->vals[0].name = kstrdup("hitcount", GFP_KERNEL);
	if (!spec->vals[0].name)
		return -ENOMEM;
	spec->nr_vals = 1;
	while (list && (v = strsep(&list, ","))) {
		/* The first plain hitcount is the column every table has. */
		if (!implicit_seen && !strcmp(v, "hitcount")) {
			implicit_seen = true;
			continue;
		}
		if (spec->nr_vals == HIST_VALS_MAX) {
			/* A leftover plain hitcount at the end is let be. */
			if (!strcmp(v, "hitcount") && !list)
				break;
			return -EINVAL;
		}
		ret = parse_col(p, v, &spec->vals[spec->nr_vals], false);
		if (ret)
			return ret;
		spec->nr_vals++;
	}
	if (spec->nohitcount && spec->nr_vals == 1)
		return parse_err(p, HIST_ERR_NEED_NOHC_VAL, NULL);
	return 0;
}

static unsigned int key_bytes(const struct hist_col *col)
{
	switch (col->src) {
	case HIST_SRC_STR:
		return round_up(col->size, sizeof(u64));
	case HIST_SRC_DYN_STR:
	case HIST_SRC_REL_STR:
		return HIST_STR_KEY_BYTES;
	case HIST_SRC_STACK:
		return HIST_STACK_DEPTH * sizeof(u64);
	default:
		return sizeof(u64);
	}
}

static int parse_keys(struct hist_parse *p)
{
	struct hist_spec *spec = p->spec;
	char *list = p->keys, *k;
	struct hist_col *col;
	int ret;

	while ((k = strsep(&list, ","))) {
		if (spec->nr_keys == HIST_KEYS_MAX)
			return -EINVAL;
		col = &spec->keys[spec->nr_keys];
		ret = parse_col(p, k, col, true);
		if (ret)
			return ret;
		spec->nr_keys++;
		col->key_off = spec->key_size;
		col->key_size = key_bytes(col);
		spec->key_size += col->key_size;
		if (col->mod == HIST_MOD_EXECNAME)
			spec->execname = true;
	}
	return spec->key_size > HIST_KEY_BYTES_MAX ? -EINVAL : 0;
}

/*
 * A sort name is a value's or a key's name as the entries print it,
 * values first, as upstream looks them up.
 */
static bool sort_find(struct hist_spec *spec, const char *name,
		      struct hist_sort *s)
{
	unsigned int i;

	if (!strcmp(name, "hitcount")) {
		s->is_key = false;
		s->col = 0;
		return true;
	}
	for (i = 1; i < spec->nr_vals; i++) {
		if (!strcmp(name, spec->vals[i].name)) {
			s->is_key = false;
			s->col = i;
			return true;
		}
	}
	for (i = 0; i < spec->nr_keys; i++) {
		if (!strcmp(name, spec->keys[i].name)) {
			s->is_key = true;
			s->col = i;
			return true;
		}
	}
	return false;
}

/*
 * sort=NAME[.DIR][,NAME[.DIR]]: the checks in upstream's order, which
 * decides the message: empty, one too many, the name, the direction.
 */
static int parse_sort(struct hist_parse *p)
{
	struct hist_spec *spec = p->spec;
	char *list = p->sort, *s, *name;
	struct hist_sort *sk;

	spec->sort[0] = (struct hist_sort){ .is_key = false, .col = 0 };
	spec->nr_sort = 1;
	if (!list)
		return 0;
	spec->nr_sort = 0;
	while ((s = strsep(&list, ","))) {
		if (!*s)
			return parse_err(p, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
		if (spec->nr_sort == HIST_SORT_MAX - 1 && list)
			return parse_err(p, HIST_ERR_TOO_MANY_SORT_FIELDS,
					 "sort=");
		sk = &spec->sort[spec->nr_sort];
		name = strsep(&s, ".");
		if (!*name)
			return parse_err(p, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
		if (!sort_find(spec, name, sk))
			return parse_err(p, HIST_ERR_INVALID_SORT_FIELD, name);
		if (s && !strcmp(s, "descending"))
			sk->descending = true;
		else if (s && strcmp(s, "ascending"))
			return parse_err(p, HIST_ERR_INVALID_SORT_MODIFIER, s);
		spec->nr_sort++;
	}
	return 0;
}

/* size=N is read where it stands: a bad one ends the parse there. */
static int parse_size(struct hist_parse *p, const char *text)
{
	unsigned long n;

	if (kstrtoul(text, 0, &n) || !n || n > HIST_MAP_MAX_ENTRIES)
		return -EINVAL;
	n = roundup_pow_of_two(n);
	if (n < HIST_MAP_MIN_ENTRIES)
		return -EINVAL;
	p->spec->size = n;
	return 0;
}

/* ATTR=VALUE; what is not one of ours is a variable (not read yet). */
static int parse_assignment(struct hist_parse *p, char *tok)
{
	static const struct {
		const char	*prefix;
		size_t		where;
	} attrs[] = {
		{ "key=", offsetof(struct hist_parse, keys) },
		{ "keys=", offsetof(struct hist_parse, keys) },
		{ "val=", offsetof(struct hist_parse, vals) },
		{ "vals=", offsetof(struct hist_parse, vals) },
		{ "values=", offsetof(struct hist_parse, vals) },
		{ "sort=", offsetof(struct hist_parse, sort) },
	};
	char *eq = strchr(tok, '=');
	int i;

	if (!eq[1])
		return parse_err(p, HIST_ERR_EMPTY_ASSIGNMENT, tok);
	for (i = 0; i < ARRAY_SIZE(attrs); i++) {
		if (str_has_prefix(tok, attrs[i].prefix)) {
			*(char **)((void *)p + attrs[i].where) =
				tok + strlen(attrs[i].prefix);
			return 0;
		}
	}
	if (str_has_prefix(tok, "size="))
		return parse_size(p, tok + strlen("size="));
	if (str_has_prefix(tok, "name=")) {
		kfree(p->spec->name);
		p->spec->name = kstrdup(tok, GFP_KERNEL);
		return p->spec->name ? 0 : -ENOMEM;
	}
	if (str_has_prefix(tok, "clock="))
		return 0;	/* matters only with timestamps */
	return -EINVAL;
}

static int parse_word(struct hist_parse *p, const char *tok)
{
	struct hist_spec *spec = p->spec;

	if (!strcmp(tok, "pause"))
		spec->pause = true;
	else if (!strcmp(tok, "cont") || !strcmp(tok, "continue"))
		spec->cont = true;
	else if (!strcmp(tok, "clear"))
		spec->clear = true;
	else if (!strcmp(tok, "nohitcount") || !strcmp(tok, "NOHC"))
		spec->nohitcount = true;
	else
		return -EINVAL;
	return 0;
}

/**
 * hist_spec_parse - read a hist trigger's spec
 * @file: the event it is written for
 * @cmd: the whole text written after "hist:", for error_log
 * @text: the spec (no filter); cut up in place
 *
 * Context: process, event_mutex held.
 * Return: the spec, or an ERR_PTR() with upstream's errno.
 */
struct hist_spec *hist_spec_parse(struct trace_event_file *file,
				  const char *cmd, char *text)
{
	struct hist_parse p = { .file = file, .cmd = cmd };
	char *tok;
	int ret = 0;

	p.spec = kzalloc(sizeof(*p.spec), GFP_KERNEL);
	if (!p.spec)
		return ERR_PTR(-ENOMEM);
	p.spec->size = HIST_DEFAULT_SIZE;
	while (!ret && (tok = strsep(&text, ":")))
		ret = strchr(tok, '=') ? parse_assignment(&p, tok) :
					 parse_word(&p, tok);
	if (!ret && !p.keys)
		ret = -EINVAL;
	if (!ret)
		ret = parse_vals(&p);
	if (!ret)
		ret = parse_keys(&p);
	if (!ret)
		ret = parse_sort(&p);
	if (ret) {
		hist_spec_free(p.spec);
		return ERR_PTR(ret);
	}
	return p.spec;
}

/** hist_spec_free - free a spec from hist_spec_parse() (NULL is fine) */
void hist_spec_free(struct hist_spec *spec)
{
	unsigned int i;

	if (IS_ERR_OR_NULL(spec))
		return;
	for (i = 0; i < HIST_KEYS_MAX; i++)
		col_free(&spec->keys[i]);
	for (i = 0; i < HIST_VALS_MAX; i++)
		col_free(&spec->vals[i]);
	kfree(spec->name);
	kfree(spec);
}

static bool str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static bool col_same(const struct hist_col *a, const struct hist_col *b)
{
	return a->src == b->src && a->mod == b->mod &&
	       a->size == b->size && a->is_signed == b->is_signed &&
	       a->key_off == b->key_off && a->key_size == b->key_size &&
	       str_same(a->name, b->name) && str_same(a->type, b->type);
}

/**
 * hist_spec_same - do two specs describe the same table?
 * @a: a spec
 * @b: another
 *
 * The columns (fields, modifiers, sizes, in order) and the sort order
 * count; the size, the bucket widths and pause/cont/clear do not, as
 * upstream tells two hist triggers apart.  The name and the filter are
 * the caller's business.
 *
 * Return: true when they do.
 */
bool hist_spec_same(const struct hist_spec *a, const struct hist_spec *b)
{
	unsigned int i;

	if (a->nr_keys != b->nr_keys || a->nr_vals != b->nr_vals ||
	    a->nr_sort != b->nr_sort)
		return false;
	for (i = 0; i < a->nr_keys; i++)
		if (!col_same(&a->keys[i], &b->keys[i]))
			return false;
	for (i = 0; i < a->nr_vals; i++)
		if (!col_same(&a->vals[i], &b->vals[i]))
			return false;
	for (i = 0; i < a->nr_sort; i++)
		if (a->sort[i].is_key != b->sort[i].is_key ||
		    a->sort[i].col != b->sort[i].col ||
		    a->sort[i].descending != b->sort[i].descending)
			return false;
	return true;
}
