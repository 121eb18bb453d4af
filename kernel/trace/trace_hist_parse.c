// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers: reading a spec (glossary in trace_hist.h).
 *
 *	keys=K[,K...][:vals=V[,V...]][:sort=S[.descending][,S...]]
 *	[:size=N][:name=NAME][:clock=C][:pause|:cont|:continue|:clear]
 *	[:nohitcount|:NOHC][:VAR=EXPR[,VAR=EXPR...]...]
 *
 * The attributes come in any order and a later one of a kind replaces an
 * earlier one; every other NAME=... is a group of variables.  Keys,
 * values and variables are read by trace_hist_expr.c.  The checks run
 * in upstream's order - groups, values, variables, keys, sort - so that
 * a line with several faults reports the one upstream reports; the
 * faults upstream explains in error_log are explained there too, with
 * the caret under the first place the offending text occurs in the
 * command, the others only return -EINVAL.
 *
 * onmatch() actions are read last (trace_hist_action.c); onmax() and
 * onchange() are not read yet: a spec with one is refused (-EINVAL).
 */

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_hist.h"

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
		ret = hist_expr_parse(p, v, &spec->vals[spec->nr_vals],
				      HIST_USE_VAL);
		spec->nr_vals++;
		if (ret)
			return ret;
	}
	if (spec->nohitcount && spec->nr_vals == 1)
		return hist_parse_err(p, HIST_ERR_NEED_NOHC_VAL, NULL);
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
		col = &spec->keys[spec->nr_keys++];
		ret = hist_expr_parse(p, k, col, HIST_USE_KEY);
		if (ret)
			return ret;
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
			return hist_parse_err(p, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
		if (spec->nr_sort == HIST_SORT_MAX - 1 && list)
			return hist_parse_err(p, HIST_ERR_TOO_MANY_SORT_FIELDS,
					 "sort=");
		sk = &spec->sort[spec->nr_sort];
		name = strsep(&s, ".");
		if (!*name)
			return hist_parse_err(p, HIST_ERR_EMPTY_SORT_FIELD, "sort=");
		if (!sort_find(spec, name, sk))
			return hist_parse_err(p, HIST_ERR_INVALID_SORT_FIELD, name);
		if (s && !strcmp(s, "descending"))
			sk->descending = true;
		else if (s && strcmp(s, "ascending"))
			return hist_parse_err(p, HIST_ERR_INVALID_SORT_MODIFIER, s);
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

/* ATTR=VALUE; what is not one of ours is a group of variables. */
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
		return hist_parse_err(p, HIST_ERR_EMPTY_ASSIGNMENT, tok);
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
	if (str_has_prefix(tok, "clock=")) {
		kfree(p->spec->clock);
		p->spec->clock = kstrdup(strstrip(tok + strlen("clock=")),
					 GFP_KERNEL);
		return p->spec->clock ? 0 : -ENOMEM;
	}
	if (p->nr_groups == HIST_VARS_MAX)
		return hist_parse_err(p, HIST_ERR_TOO_MANY_VARS, tok);
	p->groups[p->nr_groups++] = tok;
	return 0;
}

/*
 * NAME=EXPR[,NAME=EXPR...] of every group, split before any column is
 * read: $NAME of a plain field may be used before its definition.
 */
static int split_vars(struct hist_parse *p)
{
	unsigned int i;
	char *list, *def, *name;

	for (i = 0; i < p->nr_groups; i++) {
		list = p->groups[i];
		while ((def = strsep(&list, ","))) {
			name = strsep(&def, "=");
			if (!def)
				return hist_parse_err(p, HIST_ERR_MALFORMED_ASSIGNMENT,
						      name);
			if (p->nr_var_text == HIST_VARS_MAX)
				return hist_parse_err(p, HIST_ERR_TOO_MANY_VARS,
						      name);
			p->var_text[p->nr_var_text][0] = name;
			p->var_text[p->nr_var_text][1] = def;
			p->nr_var_text++;
		}
	}
	return 0;
}

static int parse_vars(struct hist_parse *p)
{
	unsigned int i;
	int ret;

	for (i = 0; i < p->nr_var_text; i++) {
		/* A copy: $NAME's shortcut reads the text as written. */
		char *text = kstrdup(p->var_text[i][1], GFP_KERNEL);

		if (!text)
			return -ENOMEM;
		ret = hist_var_parse(p, p->var_text[i][0], text);
		kfree(text);
		if (ret)
			return ret;
	}
	p->spec->var_base = p->spec->execname ? HIST_COMM_VARS : 0;
	return 0;
}

static int parse_word(struct hist_parse *p, char *tok)
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
	else if (str_has_prefix(tok, "onmatch(") &&
		 p->nr_act_text < HIST_ACTIONS_MAX)
		p->act_text[p->nr_act_text++] = tok;
	else
		return -EINVAL;	/* onmax() and onchange() included, for now */
	return 0;
}

/**
 * hist_spec_parse - read a hist trigger's spec
 * @file: the event it is written for
 * @cmd: the whole text written after "hist:", for error_log
 * @text: the spec (no filter); cut up in place
 * @removing: for a '!' line (its variables are those of the trigger it
 *	names, not duplicates)
 *
 * Context: process, event_mutex held.
 * Return: the spec, or an ERR_PTR() with upstream's errno.
 */
struct hist_spec *hist_spec_parse(struct trace_event_file *file,
				  const char *cmd, char *text, bool removing)
{
	struct hist_parse p = {
		.file = file, .cmd = cmd, .removing = removing,
	};
	char *tok, *so;
	unsigned int i;
	int ret = 0;

	p.spec = kzalloc(sizeof(*p.spec), GFP_KERNEL);
	if (!p.spec)
		return ERR_PTR(-ENOMEM);
	p.spec->size = HIST_DEFAULT_SIZE;
	/* The '-' of .sym-offset is not an operator (the log shows it). */
	for (so = text; (so = strstr(so, ".sym-offset")); so += 4)
		so[4] = 'X';
	while (!ret && (tok = strsep(&text, ":")))
		ret = strchr(tok, '=') ? parse_assignment(&p, tok) :
					 parse_word(&p, tok);
	if (!ret && !p.keys)
		ret = -EINVAL;
	if (!ret)
		ret = split_vars(&p);
	if (!ret)
		ret = parse_vals(&p);
	if (!ret)
		ret = parse_vars(&p);
	if (!ret)
		ret = parse_keys(&p);
	if (!ret)
		ret = parse_sort(&p);
	for (i = 0; !ret && i < p.nr_act_text; i++)
		ret = hist_action_parse(&p, p.act_text[i]);
	if (ret) {
		hist_spec_free(p.spec);
		return ERR_PTR(ret);
	}
	p.spec->var_base = p.spec->execname ? HIST_COMM_VARS : 0;
	return p.spec;
}

/**
 * hist_spec_free - free a spec from hist_spec_parse()
 * @spec: the spec (NULL is fine)
 *
 * The tables its references read lose it as a user.
 *
 * Context: process, event_mutex held.
 */
void hist_spec_free(struct hist_spec *spec)
{
	unsigned int i;

	if (IS_ERR_OR_NULL(spec))
		return;
	for (i = 0; i < HIST_KEYS_MAX; i++)
		hist_col_release(&spec->keys[i]);
	for (i = 0; i < HIST_VALS_MAX; i++)
		hist_col_release(&spec->vals[i]);
	for (i = 0; i < spec->nr_vars; i++) {
		kfree(spec->vars[i].name);
		hist_col_release(&spec->vars[i].col);
	}
	for (i = 0; i < spec->nr_actions; i++)
		hist_action_free(spec->actions[i]);
	for (i = 0; i < spec->nr_refs; i++) {
		kfree(spec->refs[i].name);
		spec->refs[i].table->referrers--;
		hist_table_put(spec->refs[i].table);
	}
	kfree(spec->clock);
	kfree(spec->name);
	kfree(spec);
}

/**
 * hist_table_put - a user of a table is done with it
 * @tb: the table
 *
 * The last user frees it, with the spec it was made from.
 *
 * Context: process, event_mutex held; no event may still fill it (its
 * users' triggers are gone, waited for).
 */
void hist_table_put(struct hist_table *tb)
{
	lockdep_assert_held(&event_mutex);
	if (!refcount_dec_and_test(&tb->users))
		return;
	list_del(&tb->named);
	hist_map_destroy(tb->map);
	hist_spec_free(tb->spec);
	kfree(tb);
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
	if (a->nr_vars != b->nr_vars || a->nr_actions != b->nr_actions)
		return false;
	for (i = 0; i < a->nr_actions; i++)
		if (strcmp(a->actions[i]->text, b->actions[i]->text))
			return false;
	for (i = 0; i < a->nr_vars; i++)
		if (strcmp(a->vars[i].name, b->vars[i].name) ||
		    !col_same(&a->vars[i].col, &b->vars[i].col))
			return false;
	return true;
}
