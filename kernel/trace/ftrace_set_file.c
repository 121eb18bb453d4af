// SPDX-License-Identifier: GPL-2.0
/*
 * A tracefs file holding a set of functions.  Four files are one:
 * set_ftrace_filter and set_ftrace_notrace of every trace array
 * (ftrace_files.c), set_graph_function and set_graph_notrace of the top
 * level (fgraph_files.c).  What they share lives here:
 *
 *   open     for writing, a private copy of the set in use is made to
 *            edit, or an empty set when the file is opened with O_TRUNC
 *            ("> file"); nothing changes for a reader
 *   write    each write(2) takes one word (blanks before it skipped, the
 *            blank or NUL that ends it taken with it) and reports those
 *            bytes; a word that the buffer cuts off goes on in the next
 *            write; a word the file refuses fails its write, and the
 *            words before it stay in the private set
 *   close    a last word with no blank after it ("echo -n") is applied,
 *            then the private set replaces the one in use
 *   boot     the kernel command line's lists are the same words with
 *            commas between them
 *
 * The file's kind says which words it takes and where the set goes at
 * close (struct ftrace_set_file_ops); each kind lists its set itself,
 * since upstream lists them differently (the filter files in call-site
 * order followed by their commands, showing the private set to a reader
 * of a file open for writing too; the graph's files in set order, always
 * the set in use).  Those are the only differences; the write rules above
 * are upstream's for all four, which share one parser there as well.
 *
 * A word longer than FTRACE_WORD_MAX bytes fails its write with EINVAL;
 * the later writes of that open are taken and dropped, as upstream's are:
 * what follows in the stream is the rest of a word nobody read, not a word
 * of its own.  The private set is still put in use at close.
 */

#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ftrace_internal.h"
#include "trace.h"

/**
 * ftrace_set_file_open - start an open of a set file
 * @sf: the kind's part of the open file, its ops and owner filled in
 * @filp: the file being opened
 *
 * Open for writing, @sf gets its private set: empty with O_TRUNC, else a
 * copy of the set in use; then the kind's truncated() hook runs, if any.
 * The caller opens its listing (seq_open()) and, if that fails, undoes
 * this with ftrace_set_file_abort().
 *
 * Return: 0, -ENOMEM, or -ENODEV once function tracing is dead.
 * Context: process; none of our locks held.
 */
int ftrace_set_file_open(struct ftrace_set_file *sf, struct file *filp)
{
	bool trunc = filp->f_flags & O_TRUNC;

	sf->set = NULL;
	sf->state = FTRACE_WORD_NONE;
	sf->len = 0;
	mutex_init(&sf->wlock);
	if (!(filp->f_mode & FMODE_WRITE))
		return 0;
	if (ftrace_dead)
		return -ENODEV;

	mutex_lock(&ftrace_lock);
	sf->set = trunc ? ftrace_ip_set_new(0) :
		  ftrace_ip_set_copy(sf->ops->current_set(sf));
	mutex_unlock(&ftrace_lock);
	if (!sf->set)
		return -ENOMEM;
	if (trunc && sf->ops->truncated)
		sf->ops->truncated(sf);
	return 0;
}

/**
 * ftrace_set_file_abort - undo ftrace_set_file_open() of an open that failed
 * @sf: the file's part
 */
void ftrace_set_file_abort(struct ftrace_set_file *sf)
{
	ftrace_ip_set_free(sf->set);
	sf->set = NULL;
	mutex_destroy(&sf->wlock);
}

/*
 * Read from @ubuf into sf->word until a word ends (a blank or NUL, taken
 * with it) or the buffer does.  Blanks before a word are skipped; a NUL
 * between words ends the write.
 *
 * Return: the bytes taken, or -EINVAL (a word longer than FTRACE_WORD_MAX)
 * or -EFAULT, after which the file is FTRACE_WORD_BROKEN.
 */
static ssize_t set_file_read_word(struct ftrace_set_file *sf,
				  const char __user *ubuf, size_t cnt)
{
	size_t i;
	char c;

	for (i = 0; i < cnt; i++) {
		if (get_user(c, ubuf + i)) {
			sf->state = FTRACE_WORD_BROKEN;
			return -EFAULT;
		}
		if (!isspace(c) && c) {
			/* OPEN -> BROKEN: a word no parser would keep. */
			if (sf->len >= FTRACE_WORD_MAX) {
				sf->state = FTRACE_WORD_BROKEN;
				return -EINVAL;
			}
			/* NONE -> OPEN, or OPEN goes on. */
			sf->word[sf->len++] = c;
			sf->state = FTRACE_WORD_OPEN;
			continue;
		}
		/* A blank or a NUL. */
		if (sf->state == FTRACE_WORD_OPEN) {
			/* OPEN -> DONE: the word is whole. */
			sf->state = FTRACE_WORD_DONE;
			return i + 1;
		}
		/* NONE: a blank before any word is skipped, a NUL stops. */
		if (!c)
			return i + 1;
	}
	return cnt;
}

/* Apply the whole word of @sf and forget it: NONE again. */
static int set_file_apply(struct ftrace_set_file *sf)
{
	sf->word[sf->len] = '\0';
	sf->len = 0;
	sf->state = FTRACE_WORD_NONE;
	if (ftrace_dead)
		return -ENODEV;
	return sf->ops->apply(sf, sf->word);
}

/**
 * ftrace_set_file_write - a write(2) to a set file
 * @sf: the file's part
 * @ubuf: the bytes written
 * @cnt: how many
 * @ppos: the file position (a write at 0 starts a new word)
 *
 * Takes at most one word (see the top of this file).
 *
 * Return: the bytes taken; -EINVAL for a word too long; the kind's error
 * for a word it refuses; -EFAULT.
 * Context: process; none of our locks held (the kind's apply() takes
 * them).
 */
ssize_t ftrace_set_file_write(struct ftrace_set_file *sf,
			      const char __user *ubuf, size_t cnt,
			      loff_t *ppos)
{
	ssize_t used;
	int ret;

	if (!cnt)
		return 0;
	guard(mutex)(&sf->wlock);
	/* As upstream's parser: after a word too long, the rest is dropped. */
	if (sf->state == FTRACE_WORD_BROKEN)
		return cnt;
	/* Writing at offset 0 (the first write, or after a seek) starts anew. */
	if (!*ppos) {
		sf->state = FTRACE_WORD_NONE;
		sf->len = 0;
	}
	used = set_file_read_word(sf, ubuf, cnt);
	if (used < 0)
		return used;
	*ppos += used;
	if (sf->state != FTRACE_WORD_DONE)
		return used;
	ret = set_file_apply(sf);
	return ret ? ret : used;
}

/**
 * ftrace_set_file_close - finish an open of a set file
 * @sf: the file's part
 *
 * Open for writing: a word still open is applied (its error is lost, as
 * close(2) reports none), then the kind's commit() puts the private set in
 * use.  Whatever commit() leaves in sf->set is freed.
 *
 * Context: process; none of our locks held.
 */
void ftrace_set_file_close(struct ftrace_set_file *sf)
{
	if (sf->set) {
		if (sf->state == FTRACE_WORD_OPEN)
			set_file_apply(sf);
		mutex_lock(&ftrace_lock);
		sf->ops->commit(sf);
		mutex_unlock(&ftrace_lock);
	}
	ftrace_set_file_abort(sf);
}

/**
 * ftrace_set_file_lseek - llseek of a set file
 * @filp: the file
 * @offset: as llseek(2)
 * @whence: as llseek(2)
 *
 * A reader seeks in its listing (a seq_file).  A writer has no place to
 * seek to ("echo >> file" asks for the end): it goes back to 0.
 *
 * Return: the new position, or -errno.
 */
loff_t ftrace_set_file_lseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

/**
 * ftrace_set_boot_words - apply a kernel command line list of words
 * @param: the parameter, for the log ("ftrace_filter=")
 * @list: its value: words with commas between them; changed
 * @apply: applies one word, returns 0 or -errno
 * @arg: what @apply acts on
 *
 * An empty word is skipped; a word that @apply refuses is logged and
 * skipped.  Context: boot.
 */
void __init ftrace_set_boot_words(const char *param, char *list,
				  int (*apply)(void *arg, char *word),
				  void *arg)
{
	char *word;
	int ret;

	while ((word = strsep(&list, ",")) != NULL) {
		if (!*word)
			continue;
		ret = apply(arg, word);
		if (ret)
			pr_warn("ftrace: %s%s: error %d, skipped\n", param,
				word, ret);
	}
}
