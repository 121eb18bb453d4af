// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events: their definitions and the synthetic_events file
 * (glossary in trace_synth.h).
 *
 *	echo 'wakeup_latency u64 lat; pid_t pid; char comm[16]' >> synthetic_events
 *	echo '!wakeup_latency' >> synthetic_events
 *
 * A line is NAME FIELD[;FIELD]... with FIELD = [unsigned] TYPE NAME[[N]];
 * fields may also follow each other without ';'.  Types: s8..s64,
 * u8..u64, char, int, long (and their unsigned forms), bool, pid_t,
 * gfp_t, char[N] (N <= 256), char[] (a dynamic string) and
 * unsigned long[] (a stack).  Refusals are upstream's, with its
 * error_log lines (location "synthetic_events", top level) and carets.
 *
 * States of one event, and what moves it:
 *
 *	free --a hist action names it--> held
 *	held --its last action goes--> free
 *	free, not enabled anywhere --'!' or O_TRUNC--> gone
 *	held or enabled --'!'--> -EBUSY
 *
 * synth_mutex orders the writers of definitions (it is taken before
 * event_mutex); the list itself is read and changed under event_mutex,
 * so that hist triggers, parsed under event_mutex, can look names up.
 */

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace_synth.h"

#define SYNTH_LINE_MAX	4096	/* one line of a write, its '\n' included */

static DEFINE_MUTEX(synth_mutex);
static LIST_HEAD(synth_list);		/* event_mutex */

enum {
	SYNTH_ERR_BAD_NAME,
	SYNTH_ERR_INVALID_CMD,
	SYNTH_ERR_INVALID_DYN_CMD,
	SYNTH_ERR_EVENT_EXISTS,
	SYNTH_ERR_TOO_MANY_FIELDS,
	SYNTH_ERR_INCOMPLETE_TYPE,
	SYNTH_ERR_INVALID_TYPE,
	SYNTH_ERR_INVALID_FIELD,
	SYNTH_ERR_INVALID_ARRAY_SPEC,
};

static const char *synth_errs[] = {
	[SYNTH_ERR_BAD_NAME]		= "Illegal name",
	[SYNTH_ERR_INVALID_CMD] =
		"Command must be of the form: <name> field[;field] ...",
	[SYNTH_ERR_INVALID_DYN_CMD] =
		"Command must be of the form: s or -:[synthetic/]<name> field[;field] ...",
	[SYNTH_ERR_EVENT_EXISTS]	= "Event already exists",
	[SYNTH_ERR_TOO_MANY_FIELDS]	= "Too many fields",
	[SYNTH_ERR_INCOMPLETE_TYPE]	= "Incomplete type",
	[SYNTH_ERR_INVALID_TYPE]	= "Invalid type",
	[SYNTH_ERR_INVALID_FIELD]	= "Invalid field",
	[SYNTH_ERR_INVALID_ARRAY_SPEC]	= "Invalid array specification",
};

/* One definition being read: the line as written, for error_log. */
struct synth_def {
	const char		*cmd;
	struct synth_event	*se;
};

/* Log @err with the caret under the first @at in the command (0: none). */
static int synth_err(struct synth_def *d, unsigned int err, const char *at)
{
	const char *hit = at && *at ? strstr(d->cmd, at) : NULL;

	tracing_log_err(NULL, "synthetic_events", d->cmd, synth_errs, err,
			hit ? hit - d->cmd : 0);
	return err == SYNTH_ERR_EVENT_EXISTS ? -EEXIST : -EINVAL;
}

static bool good_name(const char *s)
{
	if (!*s || !(isalpha(*s) || *s == '_'))
		return false;
	while (*++s)
		if (!isalnum(*s) && *s != '_')
			return false;
	return true;
}

/* Sizes of the number types, as upstream's table has them. */
static const struct {
	const char	*type;
	unsigned int	size;
} synth_types[] = {
	{ "s64", 8 }, { "u64", 8 }, { "s32", 4 }, { "u32", 4 },
	{ "s16", 2 }, { "u16", 2 }, { "s8", 1 }, { "u8", 1 },
	{ "char", 1 }, { "unsigned char", 1 }, { "int", 4 },
	{ "unsigned int", 4 }, { "long", sizeof(long) },
	{ "unsigned long", sizeof(long) }, { "bool", 1 },
	{ "pid_t", 4 }, { "gfp_t", 4 },
};

/* N of char[N]: at most three characters, 1..256; 0 or none: dynamic. */
static int string_size(const char *type)
{
	const char *start = strstr(type, "char[") + strlen("char[");
	const char *end = strchr(type, ']');
	char num[4];
	unsigned int n;

	if (!end || end < start || end[1])
		return -EINVAL;
	if (end - start > 3)
		return -EINVAL;
	if (end == start)
		return 0;
	memcpy(num, start, end - start);
	num[end - start] = '\0';
	if (kstrtouint(num, 0, &n) || n > SYNTH_STR_MAX)
		return -EINVAL;
	return n;
}

/* A type's size: >0 fixed, 0 dynamic or unknown, <0 a bad array. */
static int type_size(const char *type)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(synth_types); i++)
		if (!strcmp(type, synth_types[i].type))
			return synth_types[i].size;
	if (strstr(type, "char["))
		return string_size(type);
	return 0;
}

/*
 * One field from the words @argv[0..argc): [unsigned] TYPE NAME[[N]].
 * Return: the words used, or a negative errno.
 */
static int parse_field(struct synth_def *d, char **argv, int argc,
		       struct synth_field *f)
{
	char *type = argv[0], *name, *bracket, *full;
	bool is_unsigned = !strcmp(type, "unsigned");
	int used = 2, size;

	if (is_unsigned) {
		if (argc < 3)
			return synth_err(d, SYNTH_ERR_INCOMPLETE_TYPE, type);
		type = argv[1];
		used = 3;
	} else if (argc < 2) {
		return synth_err(d, SYNTH_ERR_INVALID_FIELD, type);
	}
	name = argv[used - 1];
	bracket = strchr(name, '[');
	full = kasprintf(GFP_KERNEL, "%s%s%s", is_unsigned ? "unsigned " : "",
			 type, bracket ? bracket : "");
	if (!full)
		return -ENOMEM;
	f->name = kstrndup(name, bracket ? bracket - name : strlen(name),
			   GFP_KERNEL);
	f->type = full;
	if (!f->name)
		return -ENOMEM;
	if (!good_name(f->name))
		return synth_err(d, SYNTH_ERR_BAD_NAME, f->name);
	size = type_size(full);
	if (size < 0)
		return synth_err(d, bracket ? SYNTH_ERR_INVALID_ARRAY_SPEC :
				 SYNTH_ERR_INVALID_TYPE, bracket ? name : type);
	f->is_string = strstr(full, "char[");
	f->is_stack = !f->is_string && strstr(full, "long[");
	if (!size && !f->is_string && !f->is_stack)
		return synth_err(d, SYNTH_ERR_INVALID_TYPE, type);
	f->size = size;
	if (!size) {
		f->is_dynamic = true;
		f->size = sizeof(u64);
		f->type = kasprintf(GFP_KERNEL, "__data_loc %s", full);
		kfree(full);
		if (!f->type)
			return -ENOMEM;
	}
	/* bool is signed and every __data_loc too, as upstream decides. */
	f->is_signed = f->type[0] != 'u' && strcmp(f->type, "gfp_t");
	return used;
}

static void synth_free(struct synth_event *se)
{
	unsigned int i;

	if (!se)
		return;
	for (i = 0; i < se->nr_fields; i++) {
		kfree(se->fields[i].type);
		kfree(se->fields[i].name);
	}
	kfree(se->fields);
	kfree(se->name);
	kfree(se);
}

/* Where each field's slot is: 8 bytes each, 256 for a char[N]. */
static void layout(struct synth_event *se)
{
	unsigned int i, off = sizeof(struct trace_entry);

	for (i = 0; i < se->nr_fields; i++) {
		se->fields[i].offset = off;
		off += se->fields[i].is_string && !se->fields[i].is_dynamic ?
		       SYNTH_STR_MAX : sizeof(u64);
		se->nr_dynamic += se->fields[i].is_dynamic;
	}
	se->fixed_size = off;
}

static struct synth_event *find_locked(const char *name)
{
	struct synth_event *se;

	lockdep_assert_held(&event_mutex);
	list_for_each_entry(se, &synth_list, list)
		if (!strcmp(se->name, name))
			return se;
	return NULL;
}

/* The fields of NAME's line: ';'-separated chunks of words. */
static int parse_fields(struct synth_def *d, char *text)
{
	struct synth_event *se = d->se;
	char *chunk, **argv;
	int argc, i, ret = 0;

	se->fields = kcalloc(SYNTH_FIELDS_MAX, sizeof(*se->fields), GFP_KERNEL);
	if (!se->fields)
		return -ENOMEM;
	while (!ret && (chunk = strsep(&text, ";"))) {
		argv = argv_split(GFP_KERNEL, chunk, &argc);
		if (!argv)
			return -ENOMEM;
		for (i = 0; i < argc; ) {
			if (se->nr_fields == SYNTH_FIELDS_MAX) {
				ret = synth_err(d, SYNTH_ERR_TOO_MANY_FIELDS, NULL);
				break;
			}
			ret = parse_field(d, argv + i, argc - i,
					  &se->fields[se->nr_fields++]);
			if (ret < 0)
				break;
			i += ret;
			ret = 0;
		}
		argv_free(argv);
	}
	if (!ret && !se->nr_fields)
		ret = synth_err(d, SYNTH_ERR_INVALID_CMD, NULL);
	return ret;
}

static int synth_create(struct synth_def *d, const char *name, char *fields,
			struct module *mod)
{
	struct synth_event *se;
	bool exists;
	int ret;

	if (!good_name(name))
		return synth_err(d, SYNTH_ERR_BAD_NAME, name);
	mutex_lock(&event_mutex);
	exists = find_locked(name);
	mutex_unlock(&event_mutex);
	if (exists)
		return synth_err(d, SYNTH_ERR_EVENT_EXISTS, name);
	se = kzalloc(sizeof(*se), GFP_KERNEL);
	if (!se)
		return -ENOMEM;
	d->se = se;
	se->mod = mod;
	se->name = kstrdup(name, GFP_KERNEL);
	ret = se->name ? parse_fields(d, fields) : -ENOMEM;
	if (!ret) {
		layout(se);
		ret = trace_synth_register(se);
	}
	if (ret) {
		synth_free(se);
		return ret;
	}
	mutex_lock(&event_mutex);
	list_add_tail(&se->list, &synth_list);
	mutex_unlock(&event_mutex);
	return 0;
}

/*
 * Delete @se: not while a hist action holds it, nor while it is enabled
 * in an array.  Context: synth_mutex held.
 */
static int synth_delete(struct synth_event *se)
{
	struct list_head *prev;
	int ret;

	mutex_lock(&event_mutex);
	if (se->ref) {
		mutex_unlock(&event_mutex);
		return -EBUSY;
	}
	/*
	 * Off the list first: no action can name it while it goes.  Only
	 * holders of synth_mutex change the list: prev stays.
	 */
	prev = se->list.prev;
	list_del(&se->list);
	mutex_unlock(&event_mutex);
	ret = trace_synth_unregister(se);
	if (ret) {
		mutex_lock(&event_mutex);
		list_add(&se->list, prev);
		mutex_unlock(&event_mutex);
		return ret;
	}
	synth_free(se);
	return 0;
}

static int synth_delete_name(const char *name)
{
	struct synth_event *se;

	mutex_lock(&event_mutex);
	se = find_locked(name);
	mutex_unlock(&event_mutex);
	return se ? synth_delete(se) : -ENOENT;
}

/* One line of synthetic_events.  Context: synth_mutex held. */
static int synth_command(char *line, struct module *mod)
{
	struct synth_def d = {};
	char *text = skip_spaces(line), *name, *copy, *first;
	int argc, ret;
	char **argv;

	if (!*text)
		return 0;
	if (*text == '!') {
		name = strsep(&text, " \t");
		return synth_delete_name(name + 1);
	}
	/* error_log shows the line as written; it is cut up below. */
	d.cmd = kstrdup(text, GFP_KERNEL);
	copy = kstrdup(text, GFP_KERNEL);
	if (!d.cmd || !copy) {
		ret = -ENOMEM;
		goto out;
	}
	/* NAME and a first field before any ';': three words at least. */
	first = copy;
	argv = argv_split(GFP_KERNEL, strsep(&first, ";"), &argc);
	if (!argv) {
		ret = -ENOMEM;
		goto out;
	}
	argv_free(argv);
	/* Words split at any blank, the name only at a space or a tab. */
	if (argc < 3 || !strpbrk(text, " \t")) {
		ret = synth_err(&d, SYNTH_ERR_INVALID_CMD, NULL);
		goto out;
	}
	name = strsep(&text, " \t");
	ret = synth_create(&d, name, skip_spaces(text), mod);
out:
	kfree(copy);
	kfree(d.cmd);
	return ret;
}

static ssize_t synth_events_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	size_t done = 0, len;
	char *buf, *nl, *hash;
	int ret = 0;

	buf = kmalloc(SYNTH_LINE_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&synth_mutex);
	while (!ret && done < cnt) {
		len = min_t(size_t, cnt - done, SYNTH_LINE_MAX - 1);
		if (copy_from_user(buf, ubuf + done, len)) {
			ret = -EFAULT;
			break;
		}
		buf[len] = '\0';
		nl = strchr(buf, '\n');
		if (nl) {
			*nl = '\0';
			len = nl - buf + 1;
		} else if (done + len < cnt) {
			ret = -EINVAL;	/* a line longer than upstream takes */
			break;
		}
		hash = strchr(buf, '#');
		if (hash)
			*hash = '\0';
		ret = synth_command(buf, NULL);
		done += len;
	}
	mutex_unlock(&synth_mutex);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += done;
	return done;
}

/* An O_TRUNC open removes every event, or none while one is held. */
static int synth_release_all(void)
{
	struct synth_event *se, *next;
	int ret = 0;

	mutex_lock(&synth_mutex);
	mutex_lock(&event_mutex);
	list_for_each_entry(se, &synth_list, list)
		if (se->ref)
			ret = -EBUSY;
	mutex_unlock(&event_mutex);
	if (!ret) {
		list_for_each_entry_safe(se, next, &synth_list, list) {
			ret = synth_delete(se);
			if (ret)
				break;
		}
	}
	mutex_unlock(&synth_mutex);
	return ret;
}

static void *synth_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return seq_list_start(&synth_list, *pos);
}

static void *synth_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &synth_list, pos);
}

static void synth_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

/* NAME<tab>TYPE NAME; TYPE NAME, as written (no __data_loc). */
static int synth_seq_show(struct seq_file *m, void *v)
{
	struct synth_event *se = list_entry(v, struct synth_event, list);
	const char *type;
	unsigned int i;

	seq_printf(m, "%s\t", se->name);
	for (i = 0; i < se->nr_fields; i++) {
		type = se->fields[i].type;
		if (se->fields[i].is_dynamic)
			type += strlen("__data_loc ");
		seq_printf(m, "%s%s %s", i ? "; " : "", type,
			   se->fields[i].name);
	}
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations synth_seq_ops = {
	.start	= synth_seq_start,
	.next	= synth_seq_next,
	.stop	= synth_seq_stop,
	.show	= synth_seq_show,
};

static int synth_events_open(struct inode *inode, struct file *filp)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		ret = synth_release_all();
		if (ret)
			return ret;
	}
	return seq_open(filp, &synth_seq_ops);
}

static const struct file_operations synth_events_fops = {
	.open		= synth_events_open,
	.write		= synth_events_write,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_synth_find - a synthetic event by name
 * @name: its name
 *
 * Context: event_mutex held.
 * Return: the event, or NULL.
 */
struct synth_event *trace_synth_find(const char *name)
{
	return find_locked(name);
}

/**
 * trace_synth_hold - keep @se from being deleted
 * @se: an event trace_synth_find() returned
 *
 * Context: event_mutex held.
 */
void trace_synth_hold(struct synth_event *se)
{
	lockdep_assert_held(&event_mutex);
	se->ref++;
}

/**
 * trace_synth_release - end a trace_synth_hold()
 * @se: the event
 *
 * Context: event_mutex held.
 */
void trace_synth_release(struct synth_event *se)
{
	lockdep_assert_held(&event_mutex);
	se->ref--;
}

/**
 * trace_synth_type_known - is @type a field type (a size known)?
 * @type: a type as a definition writes it
 *
 * Return: true for the number types and a valid char[N].
 */
bool trace_synth_type_known(const char *type)
{
	return type_size(type) != 0;
}

/**
 * trace_synth_define - define an event from one line, for kernel code
 * @line: NAME FIELD[;FIELD]..., as synthetic_events takes it; cut up
 * @mod: the module defining it (enabling the event pins it), or NULL
 *
 * Context: process; takes synth_mutex and event_mutex.
 * Return: 0 or the errno a write of @line to synthetic_events gets.
 */
int trace_synth_define(char *line, struct module *mod)
{
	int ret;

	mutex_lock(&synth_mutex);
	ret = synth_command(line, mod);
	mutex_unlock(&synth_mutex);
	return ret;
}

/**
 * trace_synth_delete - delete an event by name, for kernel code
 * @name: its name
 *
 * Context: process; takes synth_mutex and event_mutex.
 * Return: 0, -ENOENT, or -EBUSY while it is used or enabled.
 */
int trace_synth_delete(const char *name)
{
	int ret;

	mutex_lock(&synth_mutex);
	ret = synth_delete_name(name);
	mutex_unlock(&synth_mutex);
	return ret;
}

static __init int synth_events_init(void)
{
	if (security_locked_down(LOCKDOWN_TRACEFS) || !global_trace.buffer)
		return 0;
	trace_create_file("synthetic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &synth_events_fops);
	return 0;
}
device_initcall(synth_events_init);
