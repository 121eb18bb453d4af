// SPDX-License-Identifier: GPL-2.0
/*
 * reconfig-stress [--dir D] [--seconds N] [--seed S] [--instances N]
 *                 [--pace MS] [--hang S] [--actions A,B...] [--readers R,S...] [-v]
 *
 * Readers on several trace arrays check every record they are handed
 * while one process reconfigures those arrays under them, for N seconds.
 *
 * The arrays: the one of --dir (the top level), --instances persistent
 * instances rcs-a, rcs-b... made at the start, and two instances rcs-x0
 * and rcs-x1 that the reconfigurer makes and removes as it goes.
 *
 * Readers, one process each, per persistent array:
 *  - pipe:  trace_pipe or per_cpu/cpuN/trace_pipe as text, by read() of
 *           1 byte to 64 KiB and by splice() into a pipe, blocking or not;
 *  - raw:   per_cpu/cpuN/trace_pipe_raw by read(), a whole sub-buffer at a
 *           time or in pieces whose length is not a power of two (so that
 *           a short read is where the sub-buffer ends);
 *  - splice: per_cpu/cpuN/trace_pipe_raw by splice() into a 1 MiB pipe,
 *           one sub-buffer or several at a time; their size is the one the
 *           reconfigurer published, when it changed none since the file
 *           was opened, else the largest size under which they all parse;
 *  - trace: trace or per_cpu/cpuN/trace, opened, read in part and closed
 *           again and again;
 * and one more (dyn) that opens any of these files in rcs-x0 and rcs-x1
 * when they exist, reads for a moment and closes them again, so that the
 * reconfigurer's rmdir meets open files (EBUSY) and the readers meet
 * instances that are gone (ENOENT, ENODEV).  Blocking calls are cut short
 * by a SIGALRM every 300 ms (EINTR).
 *
 * Producers: one process pinned to each CPU writes text markers to every
 * array's trace_marker ("RCSM:LEN:K:" and LEN characters that follow from
 * K) and binary ones to trace_marker_raw (an id, LEN, K and LEN bytes), and
 * fires every event of the tev_sample module when it is loaded (all kinds
 * of fields, __data_loc and __rel_loc among them); another forks and execs
 * /bin/true.  sched_switch, sched_wakeup, sched_process_{fork,exec,exit}
 * and tev-sample are enabled in every array at the start.
 *
 * The reconfigurer (seeded by --seed; the seed is printed) loops over:
 * buffer_size_kb of the array and of one CPU, buffer_subbuf_size_kb,
 * clearing trace and one CPU's trace, trace_clock, events/enable (all
 * events, briefly), single events' enable, set_event, tracing_on,
 * options (overwrite, pause-on-trace, record-cmd, record-tgid, irq-info,
 * annotate, markers, raw, hex, bin, fields, context-info, latency-format...),
 * buffer_percent, tracing_cpumask, and mkdir/rmdir of rcs-x0 and rcs-x1.
 * It pauses up to --pace ms between changes.  -v prints each change.
 * --actions keeps only the changes named (size cpusize subbuf clear
 * cpuclear clock allevents event setevent tracingon option fmtoption
 * instance percent cpumask tracer) and --readers only the readers named
 * (pipe raw splice trace dyn), to narrow a failure down.
 *
 * What is checked:
 *  - a trace_pipe_raw sub-buffer: its length is 4 KiB times a power of two
 *    up to 1 MiB; its commit word (events/header_page) has no bits above
 *    31 and a data length that fits; every entry (events/header_event:
 *    type_len 29 padding, 30 time extend, 31 time stamp, 0 length in the
 *    next word, 1-28 length 4 * type_len) ends inside the data; every data
 *    entry's common_type is the ID of a format in events/ (events/ftrace
 *    included), it is at least as long as that format's fixed fields, its
 *    pid is sane, each __data_loc and __rel_loc field points inside it, a
 *    print entry's text is NUL-terminated inside it, and our markers read
 *    back exactly as written;
 *  - text: no byte outside printable ASCII, tab, newline and well-formed
 *    UTF-8; no line over 16 KiB; every marker whole.  (Nothing is checked
 *    under the bin option, nor under fields, which prints arrays of bytes
 *    as they are.)  While the array's output is the default one (no raw,
 *    hex, latency-format or printk-msg-only; context-info on), every line
 *    must also be a comment
 *    ('#'), a lost-events note, "[LINE TOO BIG]", a record line (task-pid,
 *    optional tgid, [cpu] of an existing CPU, optional five flag columns,
 *    time stamp, ': ' and text), or a line that goes on a record of an
 *    event whose format prints over several lines; a line that starts like
 *    a record line but is not one fails.  Lines that follow other records
 *    are counted and shown as notes only.  Text read while an output option
 *    changed is not checked (the reconfigurer publishes a generation count
 *    around each change) and the file is opened again.
 *  - errors: EAGAIN, EINTR, EBUSY, ENOENT and ENODEV (the last two from
 *    dyn) are expected; so is EINVAL from a splice after the sub-buffer
 *    size changed since the file was opened (the file position is then not
 *    a multiple of the new size); the file is opened again.  Any other
 *    errno fails the run, and so does an errno of the reconfigurer other
 *    than EBUSY, ENOMEM, EEXIST, ENOENT and ENODEV.
 *  - every reader must have checked records; no process may go --hang
 *    seconds (60) without progress, nor fail to stop within --hang seconds
 *    at the end (its /proc stack is printed).
 *
 * Everything changed is set back at the end and the instances removed.
 * Exit status 0 when nothing failed; a failure prints the last changes of
 * the reconfigurer with it.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROG_NAME "reconfig-stress"
#include "prog-util.h"

#define MAX_ARR		8
#define NDYN		2
#define MAX_PROCS	40
#define MAX_CPUS	64
#define MAX_SUBBUF	(1 << 20)
#define BUF_SIZE	(2 * MAX_SUBBUF)
#define MAX_LINE	16384
#define LOG_LEN		64
#define PAGE_HDR	16
#define MISSED_EVENTS	(1UL << 31)
#define MISSED_STORED	(1UL << 30)
#define COMMIT_MASK	(MISSED_STORED - 1)
#define RAW_MAGIC	0x4d534352u	/* "RCSM" */
#define TAG		"RCSM:"
#define MAX_REPORTS	12
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * Output options whose change changes what the text readers see.  With
 * bin, or fields (which prints a dynamic array of bytes as characters),
 * the text is not checked at all.
 */
enum {
	F_BIN = 1, F_HEX = 2, F_RAW = 4, F_CONTEXT = 8, F_LAT = 16, F_MSGONLY = 32,
	F_FIELDS = 64
};
static const char * const fmt_opts[] = {
	"bin", "hex", "raw", "context-info", "latency-format", "printk-msg-only",
	"fields"
};

enum { LV_NONE, LV_LOOSE, LV_STRICT };

enum role { R_PIPE, R_RAW, R_SPLICE, R_TRACE, R_DYN, P_MARK, P_FORK, P_RECONF };

/* One array, as the reconfigurer last left it. */
struct arr_state {
	char name[32];			/* "" for the top level */
	int dynamic;
	unsigned int fmt_gen;		/* odd while an output option changes */
	unsigned int fmt_flags;
	unsigned int sb_gen;		/* odd while the sub-buffer size changes */
	unsigned int subbuf;		/* bytes */
};

struct pstat {
	char name[40];
	int role, arr, cpu;
	pid_t pid;
	long heartbeat;
	int exited, status;
	long records;		/* data entries, or lines checked strictly */
	long loose;		/* lines checked for printable text only */
	long markers;		/* of our markers, read back whole */
	long pages, bytes, unchecked, reads, zero_reads, ambiguous;
	long notes;		/* lines after a record of a one-line event */
	long eagain, eintr, ebusy, enoent, enodev, realign;
	long unexpected, malformed;
	long writes, write_errs;	/* producers, reconfigurer */
};

struct logent {
	double t;
	char text[88];
};

struct shared {
	int stop;
	int narr;
	struct arr_state arr[MAX_ARR];
	int nprocs;
	struct pstat ps[MAX_PROCS];
	unsigned int log_pos;
	struct logent log[LOG_LEN];
	int reports;
	long failures;
};

static struct shared *sh;
static struct pstat *me;
static const char *top = "/sys/kernel/tracing";
static uint64_t seed;
static int seconds = 30, ninst = 2, verbose, pace_ms = 20, hang_secs = 60;
static int ncpus;
static double t0;
static int have_tev;

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

/* Print with one write(2), so that the processes' lines do not mix. */
static void say(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = sizeof(buf) - 1;
	if (write(1, buf, n) < 0)
		return;
}

static unsigned int load(unsigned int *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void bump(unsigned int *p)
{
	__atomic_add_fetch(p, 1, __ATOMIC_SEQ_CST);
}

static void beat(void)
{
	__atomic_add_fetch(&me->heartbeat, 1, __ATOMIC_RELAXED);
}

static int stopping(void)
{
	return __atomic_load_n(&sh->stop, __ATOMIC_RELAXED);
}

/* Path of FILE in array A. */
static void apath(char *buf, size_t size, int a, const char *file)
{
	if (sh->arr[a].name[0])
		snprintf(buf, size, "%s/instances/%s/%s", top, sh->arr[a].name, file);
	else
		snprintf(buf, size, "%s/%s", top, file);
}

/* Write S to PATH with O_TRUNC (or O_APPEND); 0 or the errno. */
static int put_mode(const char *path, const char *s, int append)
{
	int fd = open(path, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	int err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, strlen(s)) < 0)
		err = errno;
	close(fd);
	return err;
}

static int put(const char *path, const char *s)
{
	return put_mode(path, s, 0);
}

static int aput(int a, const char *file, const char *s)
{
	char path[512];

	apath(path, sizeof(path), a, file);
	return put(path, s);
}

static int aget(int a, const char *file, char *buf, int size)
{
	char path[512];

	apath(path, sizeof(path), a, file);
	return slurp(path, buf, size);
}

static int exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* The reconfigurer's log: the last LOG_LEN changes, shown with a failure. */
static void log_change(const char *fmt, ...)
{
	unsigned int i = __atomic_fetch_add(&sh->log_pos, 1, __ATOMIC_SEQ_CST);
	struct logent *e = &sh->log[i % LOG_LEN];
	va_list ap;

	e->t = now() - t0;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	va_end(ap);
	if (verbose)
		say("%9.3f reconfig: %s\n", e->t, e->text);
}

static void show_log(char *out, size_t size)
{
	unsigned int end = load(&sh->log_pos), i;
	size_t len = strlen(out);

	i = end > 16 ? end - 16 : 0;
	len += snprintf(out + len, size - len, "  last changes:\n");
	for (; i < end && len < size; i++) {
		struct logent *e = &sh->log[i % LOG_LEN];

		len += snprintf(out + len, size - len, "  %9.3f %s\n", e->t, e->text);
	}
}

/* ------------------------------------------------------------------ */
/* Failures                                                            */

static void hexdump(char *out, size_t size, const unsigned char *p, size_t n,
		    size_t base)
{
	size_t len = strlen(out), i;

	for (i = 0; i < n && len < size; i++) {
		if (!(i % 16))
			len += snprintf(out + len, size - len, "\n    %06zx:", base + i);
		len += snprintf(out + len, size - len, " %02x", p[i]);
	}
	if (len < size)
		snprintf(out + len, size - len, "\n");
}

/*
 * A malformed record: the reason, where, and some bytes of it.  Only the
 * first MAX_REPORTS of the run are printed in full.
 */
static void malformed(const char *what, const unsigned char *base, size_t len,
		      size_t at, const char *fmt, ...)
{
	char out[8192], why[512];
	size_t from;
	va_list ap;

	me->malformed++;
	__atomic_add_fetch(&sh->failures, 1, __ATOMIC_SEQ_CST);
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	if (__atomic_fetch_add(&sh->reports, 1, __ATOMIC_SEQ_CST) >= MAX_REPORTS) {
		say("MALFORMED %s %s: %s\n", me->name, what, why);
		return;
	}
	snprintf(out, sizeof(out), "MALFORMED %s (%s) at %.3fs: %s; %s",
		 me->name, what, now() - t0, why, base ? "bytes:" : "");
	if (base) {
		from = at > 64 ? (at - 64) & ~15UL : 0;
		hexdump(out, sizeof(out) - 2048, base + from,
			len - from < 192 ? len - from : 192, from);
	} else {
		strcat(out, "\n");
	}
	show_log(out, sizeof(out));
	say("%s", out);
}

/* An errno of a reader: expected ones are counted, others fail the run. */
static void reader_err(const char *what, int err)
{
	switch (err) {
	case EAGAIN:
		me->eagain++;
		return;
	case EINTR:
		me->eintr++;
		return;
	case EBUSY:
		me->ebusy++;
		return;
	case ENOENT:
		me->enoent++;
		return;
	case ENODEV:
		me->enodev++;
		return;
	}
	me->unexpected++;
	__atomic_add_fetch(&sh->failures, 1, __ATOMIC_SEQ_CST);
	if (me->unexpected <= 5)
		say("ERROR %s: %s: %s\n", me->name, what, strerror(err));
}

/* ------------------------------------------------------------------ */
/* Event formats                                                       */

struct evfmt {
	char name[64];
	unsigned int fixed;		/* end of the last fixed field */
	int ndl;
	unsigned short dl_off[16];	/* __data_loc / __rel_loc fields */
	unsigned char dl_rel[16];
	int multiline;			/* its text may take several lines */
};

static struct evfmt *fmts[65536];
static int print_id = -1, raw_data_id = -1;
static char multi_names[128][64];
static int nmulti;
static double last_rescan;

static void parse_format(const char *text)
{
	struct evfmt f = { .name = "" };
	const char *l;
	int id = -1;

	for (l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *p = l + strspn(l, " \t");
		unsigned int off, size;

		if (!strncmp(l, "name: ", 6)) {
			if (sscanf(l + 6, "%63s", f.name) != 1)
				return;
		} else if (!strncmp(l, "ID: ", 4)) {
			id = atoi(l + 4);
		} else if (!strncmp(l, "print fmt:", 10)) {
			/*
			 * The last section; the format string is shown as it
			 * is, so a newline in it makes it go over more lines.
			 */
			size_t n = strlen(l);

			while (n && l[n - 1] == '\n')
				n--;
			if (memchr(l, '\n', n) || memmem(l, n, "__print_hex_dump", 16) ||
			    memmem(l, n, "\\n", 2))
				f.multiline = 1;
			break;
		} else if (!strncmp(p, "field:", 6)) {
			const char *o = strstr(p, "offset:"), *s = strstr(p, "size:");
			const char *e = strchr(p, '\n');

			if (!o || !s || (e && (o > e || s > e)))
				continue;
			off = strtoul(o + 7, NULL, 10);
			size = strtoul(s + 5, NULL, 10);
			if (off + size > f.fixed)
				f.fixed = off + size;
			if (f.ndl < 16 && size == 4 &&
			    (!strncmp(p + 6, "__data_loc", 10) ||
			     !strncmp(p + 6, "__rel_loc", 9))) {
				f.dl_off[f.ndl] = off;
				f.dl_rel[f.ndl++] = p[8] == 'r';
			}
		}
	}
	if (id < 0 || id > 65535 || fmts[id])
		return;
	fmts[id] = malloc(sizeof(f));
	if (!fmts[id])
		die("out of memory");
	*fmts[id] = f;
	if (!strcmp(f.name, "print"))
		print_id = id;
	if (!strcmp(f.name, "raw_data"))
		raw_data_id = id;
	if (f.multiline && nmulti < 128)
		snprintf(multi_names[nmulti++], sizeof(multi_names[0]), "%s", f.name);
}

/* Every events/SYSTEM/EVENT/format; returns how many there are. */
static int load_formats(void)
{
	static char text[32768];
	char path[1024], evdir[512];
	struct dirent *s, *e;
	DIR *d, *ed;
	int n = 0;

	snprintf(path, sizeof(path), "%s/events", top);
	d = opendir(path);
	if (!d)
		die("no %s", path);
	while ((s = readdir(d))) {
		if (s->d_name[0] == '.' || s->d_type != DT_DIR)
			continue;
		snprintf(evdir, sizeof(evdir), "%s/events/%s", top, s->d_name);
		ed = opendir(evdir);
		if (!ed)
			continue;
		while ((e = readdir(ed))) {
			if (e->d_name[0] == '.' || e->d_type != DT_DIR)
				continue;
			snprintf(path, sizeof(path), "%s/%s/format", evdir, e->d_name);
			if (slurp(path, text, sizeof(text)) > 0) {
				parse_format(text);
				n++;
			}
		}
		closedir(ed);
	}
	closedir(d);
	/* The stack entries print one line a frame. */
	if (nmulti < 126) {
		snprintf(multi_names[nmulti++], sizeof(multi_names[0]), "<stack trace>");
		snprintf(multi_names[nmulti++], sizeof(multi_names[0]), "<user stack trace>");
	}
	return n;
}

static struct evfmt *find_fmt(unsigned int id)
{
	if (!fmts[id] && now() - last_rescan > 5) {
		/* A module loaded since the start? */
		last_rescan = now();
		load_formats();
	}
	return fmts[id];
}

static int is_multiline(const char *rest)
{
	int i;

	for (i = 0; i < nmulti; i++) {
		size_t n = strlen(multi_names[i]);

		if (!strncmp(rest, multi_names[i], n) && (rest[n] == ':' || !rest[n]))
			return 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Markers                                                             */

static const char alpha[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static char mark_char(unsigned int k, unsigned int i)
{
	return alpha[(k + i * 7u) % 62];
}

static unsigned char raw_byte(unsigned int k, unsigned int i)
{
	return (unsigned char)(k * 31u + i * 13u);
}

/*
 * A text marker at S (AVAIL bytes there): "RCSM:LEN:K:" and LEN characters.
 * In a record (raw) it ends with "\n\0", in a line it ends the line.
 * Returns NULL if whole, else why not.
 */
static const char *check_marker(const char *s, size_t avail, int raw)
{
	unsigned int len, k, i;
	const char *p = s + strlen(TAG);
	char *end;

	len = strtoul(p, &end, 10);
	if (end == p || *end != ':' || len > 4096)
		return "marker header";
	p = end + 1;
	k = strtoul(p, &end, 10);
	if (end == p || *end != ':')
		return "marker header";
	p = end + 1;
	if ((size_t)(p - s) + len + (raw ? 2 : 0) > avail)
		return "marker cut short";
	for (i = 0; i < len; i++)
		if (p[i] != mark_char(k, i))
			return "marker text changed";
	if (raw && (p[len] != '\n' || p[len + 1] != 0))
		return "marker not ended by newline and NUL";
	if (!raw && (size_t)(p - s) + len != avail)
		return "marker line goes on after the marker";
	return NULL;
}

/* ------------------------------------------------------------------ */
/* Sub-buffers                                                         */

static int pid_max = 4194304;

/* One data entry of PLEN payload bytes at P.  Returns NULL or why not. */
static const char *check_record(const unsigned char *p, size_t plen, char *why,
				size_t wsize, int *marker)
{
	unsigned int type, i;
	struct evfmt *f;
	int pid;

	if (plen < 8)
		return "data entry shorter than the common fields";
	type = p[0] | p[1] << 8;
	f = find_fmt(type);
	if (!f) {
		snprintf(why, wsize, "common_type %u is no event's ID", type);
		return why;
	}
	if (plen < f->fixed) {
		snprintf(why, wsize, "%s entry of %zu bytes, its fields take %u",
			 f->name, plen, f->fixed);
		return why;
	}
	memcpy(&pid, p + 4, 4);
	if (pid < 0 || pid > pid_max) {
		snprintf(why, wsize, "%s entry with common_pid %d", f->name, pid);
		return why;
	}
	for (i = 0; i < (unsigned int)f->ndl; i++) {
		unsigned int v, off, len;

		memcpy(&v, p + f->dl_off[i], 4);
		off = v & 0xffff;
		len = v >> 16;
		if (f->dl_rel[i])
			off += f->dl_off[i] + 4;
		if (off + len > plen) {
			snprintf(why, wsize,
				 "%s: dynamic field at %u points at %u+%u, past the entry's %zu bytes",
				 f->name, f->dl_off[i], off, len, plen);
			return why;
		}
	}
	if ((int)type == print_id) {
		const unsigned char *nul = memchr(p + 16, 0, plen - 16);
		const char *bad;

		if (!nul)
			return "print entry without a NUL";
		if (!memcmp(p + 16, TAG, strlen(TAG))) {
			bad = check_marker((const char *)p + 16, plen - 16, 1);
			if (bad)
				return bad;
			(*marker)++;
		}
	}
	if ((int)type == raw_data_id && plen >= 20) {
		unsigned int id, len, k;

		memcpy(&id, p + 8, 4);
		memcpy(&len, p + 12, 4);
		memcpy(&k, p + 16, 4);
		if (id == RAW_MAGIC) {
			if (len > 4096 || 20 + len > plen)
				return "raw marker cut short";
			for (i = 0; i < len; i++)
				if (p[20 + i] != raw_byte(k, i))
					return "raw marker bytes changed";
			(*marker)++;
		}
	}
	return NULL;
}

/*
 * Walk a sub-buffer of SIZE bytes.  Returns the number of data entries, or
 * -1 (reported unless QUIET) if it is malformed.
 */
static long check_page(const unsigned char *pg, size_t size, const char *how,
		       int quiet)
{
	char why[256], what[96];
	const unsigned char *data = pg + PAGE_HDR;
	uint64_t word;
	size_t room = size - PAGE_HDR, used, pos = 0;
	long n = 0;
	int markers = 0;
	const char *bad = NULL;

	snprintf(what, sizeof(what), "%s, cpu%d, %zu-byte sub-buffer", how, me->cpu, size);
	if (size < 4096 || size > MAX_SUBBUF || (size & (size - 1))) {
		if (!quiet)
			malformed(what, NULL, 0, 0, "a sub-buffer of %zu bytes", size);
		return -1;
	}
	memcpy(&word, pg + 8, 8);
	used = word & COMMIT_MASK;
	if (word >> 32) {
		snprintf(why, sizeof(why), "commit word %#llx has bits above 31",
			 (unsigned long long)word);
		bad = why;
	} else if (used > room ||
		   ((word & MISSED_STORED) && used + 8 > room)) {
		snprintf(why, sizeof(why), "commit %#llx: %zu bytes of data in %zu",
			 (unsigned long long)word, used, room);
		bad = why;
	}
	while (!bad && pos < used) {
		uint32_t head, len = 0;
		unsigned int type_len, delta;
		size_t esize;

		if (used - pos < 4) {
			bad = "entry header past the data";
			break;
		}
		memcpy(&head, data + pos, 4);
		type_len = head & 0x1f;
		delta = head >> 5;
		if (type_len == 29 && !delta)
			break;		/* padding to the end */
		if (type_len >= 29 || type_len == 0) {
			if (used - pos < 8) {
				bad = "entry past the data";
				break;
			}
			memcpy(&len, data + pos + 4, 4);
		}
		if (type_len == 30 || type_len == 31) {
			pos += 8;
			continue;
		}
		if (type_len == 29 || type_len == 0) {
			if (len % 4 || len < 4 || len > used - pos - 4) {
				snprintf(why, sizeof(why),
					 "%s entry of length word %u at %zu, %zu bytes left",
					 type_len ? "padding" : "data", len, pos, used - pos);
				bad = why;
				break;
			}
			esize = 4 + len;
		} else {
			esize = 4 + 4 * type_len;
			if (esize > used - pos) {
				snprintf(why, sizeof(why),
					 "entry of type_len %u at %zu, %zu bytes left",
					 type_len, pos, used - pos);
				bad = why;
				break;
			}
		}
		if (type_len != 29) {
			const unsigned char *pl = data + pos + (type_len ? 4 : 8);
			size_t plen = type_len ? 4 * type_len : len - 4;

			bad = check_record(pl, plen, why, sizeof(why), &markers);
			if (bad)
				break;
			n++;
		}
		pos += esize;
	}
	if (bad) {
		if (!quiet)
			malformed(what, pg, size, PAGE_HDR + pos, "%s (entry at data offset %zu)",
				  bad, pos);
		return -1;
	}
	if (!quiet) {
		me->records += n;
		me->markers += markers;
		me->pages++;
		me->bytes += used;
	}
	return n;
}

/* ------------------------------------------------------------------ */
/* Text                                                                */

struct linechk {
	char *line;
	size_t len;
	int discard;		/* drop what comes before the next newline */
	int multi;		/* the last record may go on over more lines */
	int level;
	char what[128];
};

/* Printable ASCII, tab, or a well-formed UTF-8 sequence; else the column. */
static long bad_byte(const unsigned char *s, size_t n)
{
	size_t i = 0, k, more;

	while (i < n) {
		unsigned char c = s[i];

		if ((c >= 0x20 && c < 0x7f) || c == '\t') {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			more = 1;
		else if (c >= 0xe0 && c <= 0xef)
			more = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			more = 3;
		else
			return i;
		for (k = 1; k <= more; k++)
			if (i + k >= n || (s[i + k] & 0xc0) != 0x80)
				return i;
		i += more + 1;
	}
	return -1;
}

/*
 * The context columns of a record line in the default format:
 *   "%16s-%-7d " [ "(%7d) " | "(-------) " ] "[%03d] " [5 flags]
 *   " %5llu.%06u" or " %12llu", then ": ".
 * Returns what follows, or NULL.
 */
static const char *parse_context(const char *l, size_t len, int *cpu)
{
	size_t p = 17, q;
	int i;

	if (len < 30 || l[16] != '-' || !isdigit((unsigned char)l[17]))
		return NULL;
	while (p < len && isdigit((unsigned char)l[p]))
		p++;
	if (p - 17 > 10 || p >= len || l[p] != ' ')
		return NULL;
	while (p < len && l[p] == ' ')
		p++;
	if (p < len && l[p] == '(') {
		q = p + 1;
		while (q < len && (l[q] == ' ' || isdigit((unsigned char)l[q]) || l[q] == '-'))
			q++;
		if (q >= len || l[q] != ')' || q + 1 >= len || l[q + 1] != ' ')
			return NULL;
		p = q + 2;
	}
	if (p + 5 >= len || l[p] != '[')
		return NULL;
	*cpu = 0;
	for (q = p + 1; q < len && isdigit((unsigned char)l[q]); q++)
		*cpu = *cpu * 10 + (l[q] - '0');
	if (q - p - 1 < 3 || q + 1 >= len || l[q] != ']' || l[q + 1] != ' ')
		return NULL;
	p = q + 2;
	if (p < len && l[p] != ' ') {
		for (i = 0; i < 5; i++, p++)
			if (p >= len || !(isalnum((unsigned char)l[p]) || l[p] == '.'))
				return NULL;
	}
	if (p >= len || l[p] != ' ')
		return NULL;
	while (p < len && l[p] == ' ')
		p++;
	q = p;
	while (p < len && isdigit((unsigned char)l[p]))
		p++;
	if (p == q)
		return NULL;
	if (p < len && l[p] == '.') {
		for (i = 0, p++; i < 6; i++, p++)
			if (p >= len || !isdigit((unsigned char)l[p]))
				return NULL;
	}
	if (p + 2 >= len || l[p] != ':' || l[p + 1] != ' ')
		return NULL;
	return l + p + 2;
}

/* Starts like a record line: "...comm-PID " or a "[NNN] " CPU column. */
static int looks_like_record(const char *l, size_t len)
{
	size_t i;

	if (len > 18 && l[16] == '-' && isdigit((unsigned char)l[17]))
		return 1;
	for (i = 0; i + 6 <= len && i < 64; i++)
		if (l[i] == '[' && isdigit((unsigned char)l[i + 1]) &&
		    isdigit((unsigned char)l[i + 2]) && isdigit((unsigned char)l[i + 3]) &&
		    l[i + 4] == ']' && l[i + 5] == ' ' && i > 16)
			return 1;
	return 0;
}

static void text_bad(struct linechk *lc, const char *why, long col)
{
	char what[192];

	snprintf(what, sizeof(what), "%s, line of %zu bytes, column %ld", lc->what,
		 lc->len, col);
	malformed(what, (unsigned char *)lc->line, lc->len, col > 0 ? col : 0, "%s: \"%.200s\"",
		  why, lc->line);
}

static void check_line(struct linechk *lc)
{
	const char *l = lc->line, *rest, *m, *bad;
	size_t len = lc->len;
	long col;
	int cpu;

	lc->line[len] = 0;
	if (lc->level == LV_NONE)
		return;
	col = bad_byte((const unsigned char *)l, len);
	if (col >= 0) {
		char why[64];

		snprintf(why, sizeof(why), "byte %#x is no text",
			 (unsigned char)l[col]);
		text_bad(lc, why, col);
		return;
	}
	m = memmem(l, len, TAG, strlen(TAG));
	if (m) {
		bad = check_marker(m, len - (m - l), 0);
		if (bad) {
			text_bad(lc, bad, m - l);
			return;
		}
		me->markers++;
	}
	if (lc->level == LV_LOOSE) {
		if (len && l[0] != '#')
			me->loose++;
		return;
	}
	if (!len) {
		if (!lc->multi)
			me->notes++;
		return;
	}
	if (l[0] == '#') {
		lc->multi = 0;
		return;
	}
	if (!strncmp(l, "CPU:", 4)) {
		char tail[32];
		int c, n = 0;

		if (sscanf(l, "CPU:%d [LOST %*u EVENTS%1[]]%n", &c, tail, &n) >= 2 && n == (int)len)
			;
		else if (sscanf(l, "CPU:%d [LOST EVENTS%1[]]%n", &c, tail, &n) >= 2 && n == (int)len)
			;
		else
			text_bad(lc, "malformed lost-events line", 0);
		lc->multi = 0;
		return;
	}
	if (!strcmp(l, "[LINE TOO BIG]")) {
		lc->multi = 0;
		return;
	}
	rest = parse_context(l, len, &cpu);
	if (rest) {
		if (cpu >= ncpus) {
			text_bad(lc, "record of a CPU that does not exist", 0);
			return;
		}
		me->records++;
		lc->multi = is_multiline(rest);
		return;
	}
	if (lc->multi)
		return;
	if (looks_like_record(l, len)) {
		text_bad(lc, "garbled record line", 0);
		return;
	}
	if (++me->notes <= 3)
		say("note: %s: a line that is no record, after a one-line event: \"%.160s\"\n",
		    lc->what, l);
}

static void lc_feed(struct linechk *lc, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char c = buf[i];

		if (c == '\n') {
			if (!lc->discard)
				check_line(lc);
			lc->len = 0;
			lc->discard = 0;
			continue;
		}
		if (lc->discard)
			continue;
		if (lc->len >= MAX_LINE - 1) {
			if (lc->level != LV_NONE)
				text_bad(lc, "a line of more than 16 KiB", 0);
			lc->discard = 1;
			lc->len = 0;
			continue;
		}
		lc->line[lc->len++] = c;
	}
}

static int text_level(unsigned int f)
{
	if (f & (F_BIN | F_FIELDS))
		return LV_NONE;
	if ((f & (F_HEX | F_RAW | F_LAT | F_MSGONLY)) || !(f & F_CONTEXT))
		return LV_LOOSE;
	return LV_STRICT;
}

/* ------------------------------------------------------------------ */
/* Readers                                                             */

static unsigned char *buf;
static char linebuf[MAX_LINE];

static void on_alarm(int sig)
{
}

/* SIGALRM every 300 ms without SA_RESTART: blocking calls end in EINTR. */
static void arm_alarm(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = { { 0, 300000 }, { 0, 300000 } };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
}

static int open_expect(const char *path, int flags)
{
	int fd = open(path, flags);

	if (fd < 0)
		reader_err(path, errno);
	return fd;
}

static void set_nonblock(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl >= 0)
		fcntl(fd, F_SETFL, on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK);
}

/* Read N bytes out of a pipe. */
static int drain(int pfd, unsigned char *dst, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(pfd, dst + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			reader_err("read from the splice pipe", r < 0 ? errno : EIO);
			return -1;
		}
		got += r;
	}
	return 0;
}

/* A text file of an array being read. */
struct tstream {
	int fd, arr, pipe;
	unsigned int gen;
	int pfd[2];
	struct linechk lc;
};

static void ts_close(struct tstream *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/* Open trace_pipe or trace (IS_PIPE), all CPUs or one, of array A. */
static int ts_open(struct tstream *t, int a, int is_pipe)
{
	struct arr_state *as = &sh->arr[a];
	char file[64], path[512];
	unsigned int g, flags;

	g = load(&as->fmt_gen);
	if (g & 1)
		return -1;
	flags = load(&as->fmt_flags);
	if (chance(70))
		snprintf(file, sizeof(file), is_pipe ? "trace_pipe" : "trace");
	else
		snprintf(file, sizeof(file), "per_cpu/cpu%lu/%s", below(ncpus),
			 is_pipe ? "trace_pipe" : "trace");
	apath(path, sizeof(path), a, file);
	t->fd = open_expect(path, O_RDONLY | (is_pipe && chance(50) ? O_NONBLOCK : 0));
	if (t->fd < 0)
		return -1;
	if (load(&as->fmt_gen) != g) {
		ts_close(t);
		return -1;
	}
	t->arr = a;
	t->pipe = is_pipe;
	t->gen = g;
	t->lc.line = linebuf;
	t->lc.len = 0;
	t->lc.discard = 0;
	t->lc.multi = 0;
	t->lc.level = text_level(flags);
	snprintf(t->lc.what, sizeof(t->lc.what), "%s/%s", as->name[0] ? as->name : "top",
		 file);
	return 0;
}

static const size_t text_sizes[] = { 1, 7, 100, 1000, 4095, 4096, 8192, 65536 };

/*
 * One read (or splice) of an open text file.  Returns the bytes read, 0 at
 * the end, -1 on an error or when the output options changed under it (the
 * file is closed then).
 */
static ssize_t ts_read(struct tstream *t)
{
	struct arr_state *as = &sh->arr[t->arr];
	size_t size = text_sizes[below(8)];
	unsigned int g1, g2;
	ssize_t n;

	if (size < 100 && chance(70))
		size = 65536;
	g1 = load(&as->fmt_gen);
	if (t->pipe && chance(15)) {
		n = splice(t->fd, NULL, t->pfd[1], NULL, size,
			   chance(50) ? SPLICE_F_NONBLOCK : 0);
		if (n > 0 && drain(t->pfd[0], buf, n))
			return -1;
	} else {
		n = read(t->fd, buf, size);
	}
	g2 = load(&as->fmt_gen);
	me->reads++;
	if (n < 0) {
		reader_err(t->pipe ? "read trace_pipe" : "read trace", errno);
		return -1;
	}
	if (!n) {
		me->zero_reads++;
		return 0;
	}
	if (g1 != t->gen || g2 != t->gen) {
		/* Text of another format may be in there: not checked. */
		me->unchecked += n;
		ts_close(t);
		return -1;
	}
	me->bytes += n;
	lc_feed(&t->lc, (char *)buf, n);
	return n;
}

static void pipe_reader(int a)
{
	struct tstream t = { .fd = -1 };

	if (pipe(t.pfd))
		die("pipe");
	while (!stopping()) {
		beat();
		if (t.fd < 0 && ts_open(&t, a, 1)) {
			sleep_ms(20);
			continue;
		}
		if (ts_read(&t) <= 0 && t.fd >= 0)
			sleep_ms(5);
		if (t.fd >= 0 && chance(10))
			set_nonblock(t.fd, chance(50));
		if (t.fd >= 0 && chance(1))
			ts_close(&t);
	}
}

/* Open trace, read up to some KiB of it, close; for a while. */
static void trace_once(int a, double until)
{
	struct tstream t = { .fd = -1 };
	size_t limit = 4096 << below(6), total = 0;
	ssize_t n;

	if (ts_open(&t, a, 0))
		return;
	while (total < limit && now() < until && !stopping()) {
		n = ts_read(&t);
		if (n <= 0)
			break;
		total += n;
		beat();
	}
	ts_close(&t);
}

static void trace_reader(int a)
{
	while (!stopping()) {
		beat();
		trace_once(a, now() + 0.5);
		sleep_ms(20 + below(150));
	}
}

/* A per_cpu/cpuN/trace_pipe_raw file of an array. */
struct rawfd {
	int fd, arr, cpu;
	unsigned int sb_gen;		/* sb_gen when it was opened */
};

static int raw_open(struct rawfd *r, int a, int cpu)
{
	char file[64], path[512];

	snprintf(file, sizeof(file), "per_cpu/cpu%d/trace_pipe_raw", cpu);
	apath(path, sizeof(path), a, file);
	r->sb_gen = load(&sh->arr[a].sb_gen);
	r->fd = open_expect(path, O_RDONLY | (chance(50) ? O_NONBLOCK : 0));
	r->arr = a;
	r->cpu = cpu;
	return r->fd < 0 ? -1 : 0;
}

static void raw_close(struct rawfd *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

/* Lengths with an odd factor: no sub-buffer is a multiple of them. */
static const size_t pieces[] = { 100, 1000, 1500, 3000, 5000, 12000 };

/* One sub-buffer by read(), whole or in pieces. */
static void raw_read_page(struct rawfd *r)
{
	size_t piece = chance(60) ? BUF_SIZE : pieces[below(6)];
	size_t total;
	ssize_t n;

	me->cpu = r->cpu;
	n = read(r->fd, buf, piece);
	me->reads++;
	if (n < 0) {
		reader_err("read trace_pipe_raw", errno);
		return;
	}
	if (!n) {
		me->zero_reads++;
		return;
	}
	total = n;
	/* A whole piece: the sub-buffer may go on. */
	while (piece < BUF_SIZE && n == (ssize_t)piece) {
		if (total + piece > BUF_SIZE) {
			malformed("read trace_pipe_raw", NULL, 0, 0,
				  "a sub-buffer of more than %d bytes", BUF_SIZE);
			return;
		}
		do {
			n = read(r->fd, buf + total, piece);
		} while (n < 0 && errno == EINTR);
		if (n < 0) {
			reader_err("read trace_pipe_raw, rest of a sub-buffer", errno);
			return;
		}
		total += n;
	}
	check_page(buf, total, piece < BUF_SIZE ? "read in pieces" : "read", 0);
}

static void raw_reader(int a)
{
	struct rawfd r[MAX_CPUS];
	int c;

	for (c = 0; c < ncpus; c++)
		r[c].fd = -1;
	while (!stopping()) {
		beat();
		c = below(ncpus);
		if (r[c].fd < 0 && raw_open(&r[c], a, c)) {
			sleep_ms(20);
			continue;
		}
		if (chance(10))
			set_nonblock(r[c].fd, chance(50));
		raw_read_page(&r[c]);
		if (chance(1))
			raw_close(&r[c]);
	}
}

/*
 * Sub-buffers by splice() into a pipe.  Generic splice code cuts the
 * length to 4 KiB a free slot of the pipe, and each sub-buffer takes one
 * slot, so the pipe is made 1 MiB (256 slots) for 1 MiB sub-buffers to
 * fit.  The length asked for is the sub-buffer size the reconfigurer
 * published (one sub-buffer is spliced then) or a few times it; the size
 * of what comes back is that one if it changed nothing meanwhile.  When it
 * did, 1 MiB is asked for and the largest size under which every
 * sub-buffer parses is taken.
 */
static long pipe_size;

static int splice_pages(struct rawfd *r, int pfd[2])
{
	struct arr_state *as = &sh->arr[r->arr];
	int flags = chance(50) ? SPLICE_F_NONBLOCK : 0, stable, k;
	unsigned int g1, g2, known;
	size_t len, size, off;
	ssize_t n;

	me->cpu = r->cpu;
	g1 = load(&as->sb_gen);
	known = load(&as->subbuf);
	stable = !(g1 & 1) && g1 == r->sb_gen && known >= 4096 && known <= pipe_size;
	k = chance(50) ? 1 : 2 + below(8);
	len = stable ? (size_t)known * k : (size_t)pipe_size;
	if (len > (size_t)pipe_size)
		len = pipe_size;
	n = splice(r->fd, NULL, pfd[1], NULL, len, flags);
	g2 = load(&as->sb_gen);
	stable = stable && g1 == g2;
	me->reads++;
	if (n < 0) {
		int err = errno;

		/*
		 * The file position is a multiple of the sub-buffer size it
		 * was: after a change of size it may be none of the new one.
		 * Then the file is opened again.
		 */
		if (err == EINVAL && !stable) {
			me->realign++;
			return -1;
		}
		reader_err("splice trace_pipe_raw", err);
		return err == EINVAL ? -1 : 0;
	}
	if (!n) {
		me->zero_reads++;
		return 0;
	}
	if (n > pipe_size) {
		malformed("splice", NULL, 0, 0, "splice of %zu bytes returned %zd", len, n);
		return -1;
	}
	if (drain(pfd[0], buf, n))
		return -1;
	if (stable) {
		size = known;
		if (n % size || (k == 1 && n != (ssize_t)size)) {
			malformed("splice", NULL, 0, 0,
				  "%zd bytes for a splice of %zu, the sub-buffer size being %zu",
				  n, len, size);
			return 0;
		}
	} else {
		for (size = MAX_SUBBUF; size >= 4096; size >>= 1) {
			if (n % size)
				continue;
			for (off = 0; off < (size_t)n; off += size)
				if (check_page(buf + off, size, "", 1) < 0)
					break;
			if (off >= (size_t)n)
				break;
		}
		me->ambiguous++;
		if (size < 4096)
			size = 4096;	/* none parses: report against 4 KiB */
	}
	for (off = 0; off < (size_t)n; off += size)
		check_page(buf + off, size, stable ? "splice" : "splice, size guessed", 0);
	return 0;
}

static void splice_pipe(int pfd[2])
{
	if (pipe(pfd))
		die("pipe");
	fcntl(pfd[1], F_SETPIPE_SZ, MAX_SUBBUF);
	pipe_size = fcntl(pfd[1], F_GETPIPE_SZ);
	if (pipe_size < 4096)
		die("F_GETPIPE_SZ: %s", strerror(errno));
	if (pipe_size > MAX_SUBBUF)
		pipe_size = MAX_SUBBUF;
}

static void splice_reader(int a)
{
	struct rawfd r[MAX_CPUS];
	int pfd[2], c;

	splice_pipe(pfd);
	for (c = 0; c < ncpus; c++)
		r[c].fd = -1;
	while (!stopping()) {
		beat();
		c = below(ncpus);
		/* A file opened before a change of size may be misaligned. */
		if (r[c].fd >= 0 && load(&sh->arr[a].sb_gen) != r[c].sb_gen)
			raw_close(&r[c]);
		if (r[c].fd < 0 && raw_open(&r[c], a, c)) {
			sleep_ms(20);
			continue;
		}
		if (splice_pages(&r[c], pfd) < 0 || chance(1))
			raw_close(&r[c]);
	}
}

/* Files of rcs-x0 and rcs-x1, opened for a moment when they exist. */
static void dyn_reader(int first_dyn)
{
	struct tstream t = { .fd = -1 };
	struct rawfd r = { .fd = -1 };
	int pfd[2], a, kind, i, ops;
	double until;

	if (pipe(t.pfd))
		die("pipe");
	splice_pipe(pfd);
	while (!stopping()) {
		beat();
		a = first_dyn + below(NDYN);
		kind = below(4);
		ops = 1 + below(20);
		until = now() + 0.2 + below(300) / 1000.0;
		me->arr = a;
		if (kind == 0 && !ts_open(&t, a, 1)) {
			for (i = 0; i < ops && now() < until && t.fd >= 0; i++, beat())
				ts_read(&t);
			ts_close(&t);
		} else if (kind == 1 && !raw_open(&r, a, below(ncpus))) {
			for (i = 0; i < ops && now() < until; i++, beat())
				raw_read_page(&r);
			raw_close(&r);
		} else if (kind == 2 && !raw_open(&r, a, below(ncpus))) {
			for (i = 0; i < ops && now() < until; i++, beat())
				if (splice_pages(&r, pfd) < 0)
					break;
			raw_close(&r);
		} else if (kind == 3) {
			trace_once(a, until);
		}
		sleep_ms(below(60));
	}
}

/* ------------------------------------------------------------------ */
/* Producers                                                           */

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void prod_err(int err)
{
	me->write_errs++;
}

static int write_marker(int fd, int text)
{
	static unsigned char m[4096];
	unsigned int len, k = rnd(), i, n;

	len = chance(80) ? below(100) : below(1000);
	if (text) {
		n = snprintf((char *)m, sizeof(m), TAG "%u:%u:", len, k);
		for (i = 0; i < len; i++)
			m[n + i] = mark_char(k, i);
		n += len;
	} else {
		unsigned int hdr[3] = { RAW_MAGIC, len, k };

		len = len > 200 ? len / 5 : len;
		hdr[1] = len;
		memcpy(m, hdr, sizeof(hdr));
		for (i = 0; i < len; i++)
			m[12 + i] = raw_byte(k, i);
		n = 12 + len;
	}
	me->writes++;
	if (write(fd, m, n) < 0) {
		prod_err(errno);
		return -1;
	}
	return 0;
}

static void marker_writer(int cpu)
{
	int fds[MAX_ARR][2], a, fd, k;
	char path[512], num[32];

	pin(cpu);
	for (a = 0; a < sh->narr; a++)
		fds[a][0] = fds[a][1] = -1;
	while (!stopping()) {
		beat();
		for (a = 0; a < sh->narr; a++) {
			for (k = 0; k < 2; k++) {
				const char *file = k ? "trace_marker_raw" : "trace_marker";

				if (k && chance(50))
					continue;
				fd = fds[a][k];
				if (fd < 0) {
					apath(path, sizeof(path), a, file);
					fd = open(path, O_WRONLY);
					if (fd < 0) {
						prod_err(errno);
						continue;
					}
				}
				write_marker(fd, !k);
				/* Keep no file of rcs-x0/1 open: rmdir would fail. */
				if (sh->arr[a].dynamic)
					close(fd);
				else
					fds[a][k] = fd;
			}
		}
		if (have_tev && chance(25)) {
			snprintf(num, sizeof(num), "%lu", below(5000));
			if (put("/sys/module/tev_sample/parameters/fire", num))
				me->write_errs++;
		}
		sleep_ms(2 + below(15));
	}
}

static void forker(void)
{
	pid_t pid;

	while (!stopping()) {
		beat();
		pid = fork();
		if (!pid) {
			execl("/bin/true", "true", NULL);
			_exit(0);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
		me->writes++;
		sleep_ms(10 + below(40));
	}
}

/* ------------------------------------------------------------------ */
/* The reconfigurer                                                    */

enum act {
	A_SIZE, A_CPU_SIZE, A_SUBBUF, A_CLEAR, A_CPU_CLEAR, A_CLOCK, A_ALL_EVENTS,
	A_EVENT, A_SET_EVENT, A_TRACING_ON, A_OPTION, A_FMT_OPTION, A_INSTANCE,
	A_PERCENT, A_CPUMASK, A_TRACER, A_REVERT, NACT
};
static const char * const act_name[NACT] = {
	"buffer_size_kb", "cpu buffer_size_kb", "buffer_subbuf_size_kb", "clear",
	"clear cpu", "trace_clock", "events/enable", "event enable", "set_event",
	"tracing_on", "option", "output option", "mkdir/rmdir", "buffer_percent",
	"tracing_cpumask", "current_tracer", "revert"
};
/* Names for --actions. */
static const char * const act_short[NACT] = {
	"size", "cpusize", "subbuf", "clear", "cpuclear", "clock", "allevents",
	"event", "setevent", "tracingon", "option", "fmtoption", "instance",
	"percent", "cpumask", "tracer", "revert"
};
static int act_weight[NACT] = {
	8, 5, 10, 6, 4, 6, 1, 8, 5, 4, 8, 4, 6, 3, 2, 1, 0
};

static long act_count[NACT], act_errs[NACT][4];	/* EBUSY ENOMEM EEXIST ENOENT/ENODEV */
static char clocks[16][16];
static int nclocks;

static const char * const plain_opts[] = {
	"overwrite", "pause-on-trace", "record-cmd", "record-tgid", "irq-info",
	"annotate", "markers", "event-fork", "sym-offset", "sym-addr", "print-parent",
	"block", "verbose", "hash-ptr"
};
#define NPLAIN	ARRAY_SIZE(plain_opts)

/* Of these, the ones the kernel has (tev-sample is a module). */
static const char * const ev_files[] = {
	"sched/sched_switch", "sched/sched_wakeup", "sched/sched_waking",
	"sched/sched_process_exec", "sched/sched_process_fork", "sched/sched_process_exit",
	"sched/enable", "tev-sample/enable", "tev-sample/tev_hexdump",
	"tev-sample/tev_rel_string", "tev-sample/tev_string", "tev-sample/tev_dynarray"
};
static unsigned int ev_ok[ARRAY_SIZE(ev_files)], nev_ok;

static const char * const set_events[] = {
	"sched:sched_switch", "!sched:sched_switch", "sched:sched_wakeup",
	"!sched:sched_wakeup", "sched:sched_process_exec", "sched:*", "!sched:*",
	"tev-sample:*", "!tev-sample:*", "tev-sample:tev_rel_masks"
};
static unsigned int set_ok[ARRAY_SIZE(set_events)], nset_ok;

/* Keep the events of the lists that exist, in the same order. */
static void keep_existing_events(void)
{
	char path[512], sys[64], ev[64];
	unsigned int i, n;

	for (i = n = 0; i < ARRAY_SIZE(ev_files); i++) {
		snprintf(path, sizeof(path), "%s/events/%s", top, ev_files[i]);
		if (exists(path))
			ev_ok[n++] = i;
	}
	nev_ok = n;
	for (i = n = 0; i < ARRAY_SIZE(set_events); i++) {
		const char *e = set_events[i] + (set_events[i][0] == '!');

		if (sscanf(e, "%63[^:]:%63s", sys, ev) != 2)
			continue;
		if (strcmp(ev, "*"))
			snprintf(path, sizeof(path), "%s/events/%s/%s", top, sys, ev);
		else
			snprintf(path, sizeof(path), "%s/events/%s", top, sys);
		if (exists(path))
			set_ok[n++] = i;
	}
	nset_ok = n;
}

/* Undo a change after a few more changes. */
struct revert {
	int arr, due;
	char file[96], value[32];
	int fmt;			/* an output option: bump fmt_gen around it */
	int events;			/* then the producers' events on again */
};
static struct revert reverts[32];
static int nreverts;
static long nchanges;
static int dyn_exists[NDYN];
static double last_all_events;
static int first_dyn;

static int errno_slot(int err)
{
	switch (err) {
	case EBUSY:
		return 0;
	case ENOMEM:
		return 1;
	case EEXIST:
		return 2;
	case ENOENT:
	case ENODEV:
		return 3;
	}
	return -1;
}

static void act_result(int act, const char *what, int err)
{
	int slot;

	act_count[act]++;
	me->writes++;
	if (!err)
		return;
	me->write_errs++;
	slot = errno_slot(err);
	if (slot >= 0) {
		act_errs[act][slot]++;
		return;
	}
	me->unexpected++;
	__atomic_add_fetch(&sh->failures, 1, __ATOMIC_SEQ_CST);
	say("ERROR reconfig: %s: %s\n", what, strerror(err));
}

/* Write VALUE to FILE of array A, as change ACT. */
static int change(int act, int a, const char *file, const char *value)
{
	char what[160];
	int err;

	err = aput(a, file, value);
	snprintf(what, sizeof(what), "%s: %s <- '%s'", sh->arr[a].name[0] ?
		 sh->arr[a].name : "top", file, value);
	log_change("%s%s%s", what, err ? ": " : "", err ? strerror(err) : "");
	act_result(act, what, err);
	return err;
}

static void publish_subbuf(int a)
{
	char v[32];

	if (aget(a, "buffer_subbuf_size_kb", v, sizeof(v)) > 0)
		__atomic_store_n(&sh->arr[a].subbuf, atoi(v) * 1024, __ATOMIC_SEQ_CST);
}

static unsigned int read_fmt_flags(int a)
{
	unsigned int f = 0, i;
	char file[64], v[8];

	for (i = 0; i < ARRAY_SIZE(fmt_opts); i++) {
		snprintf(file, sizeof(file), "options/%s", fmt_opts[i]);
		if (aget(a, file, v, sizeof(v)) > 0) {
			if (v[0] == '1')
				f |= 1u << i;
		} else if (i == 3) {
			f |= F_CONTEXT;
		}
	}
	return f;
}

static void fmt_change(int act, int a, const char *file, const char *value)
{
	struct arr_state *as = &sh->arr[a];

	bump(&as->fmt_gen);
	change(act, a, file, value);
	__atomic_store_n(&as->fmt_flags, read_fmt_flags(a), __ATOMIC_SEQ_CST);
	bump(&as->fmt_gen);
}

/* The events the producers make, enabled in every array at the start. */
static const char * const base_events[] = {
	"sched/sched_switch", "sched/sched_wakeup", "sched/sched_process_exec",
	"sched/sched_process_fork", "sched/sched_process_exit", "tev-sample"
};

static void base_events_on(int a)
{
	char file[96];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(base_events); i++) {
		snprintf(file, sizeof(file), "events/%s/enable", base_events[i]);
		aput(a, file, "1");
	}
}

static struct revert *later(int a, const char *file, const char *value, int in, int fmt)
{
	struct revert *r;

	static struct revert none;

	if (nreverts >= 32)
		return &none;
	r = &reverts[nreverts++];
	r->arr = a;
	r->due = nchanges + in;
	r->fmt = fmt;
	r->events = 0;
	snprintf(r->file, sizeof(r->file), "%s", file);
	snprintf(r->value, sizeof(r->value), "%s", value);
	return r;
}

static int do_revert(void)
{
	int i;

	for (i = 0; i < nreverts; i++) {
		struct revert r = reverts[i];

		if (r.due > nchanges)
			continue;
		reverts[i] = reverts[--nreverts];
		if (sh->arr[r.arr].dynamic && !dyn_exists[r.arr - first_dyn])
			return 0;
		if (r.fmt)
			fmt_change(A_REVERT, r.arr, r.file, r.value);
		else
			change(A_REVERT, r.arr, r.file, r.value);
		if (r.events)
			base_events_on(r.arr);
		return 1;
	}
	return 0;
}

static const char * const dyn_events[] = {
	"sched:sched_switch", "sched:sched_wakeup", "tev-sample:*"
};

static void toggle_instance(int a)
{
	struct arr_state *as = &sh->arr[a];
	int d = a - first_dyn, err;
	char path[512];
	unsigned int i;

	snprintf(path, sizeof(path), "%s/instances/%s", top, as->name);
	bump(&as->fmt_gen);
	bump(&as->sb_gen);
	if (dyn_exists[d]) {
		err = rmdir(path) ? errno : 0;
		log_change("rmdir %s%s%s", as->name, err ? ": " : "", err ? strerror(err) : "");
		if (!err)
			dyn_exists[d] = 0;
	} else {
		err = mkdir(path, 0755) ? errno : 0;
		log_change("mkdir %s%s%s", as->name, err ? ": " : "", err ? strerror(err) : "");
		if (!err || err == EEXIST) {
			dyn_exists[d] = 1;
			for (i = 0; i < ARRAY_SIZE(dyn_events); i++) {
				snprintf(path, sizeof(path), "%s/instances/%s/set_event",
					 top, as->name);
				put_mode(path, dyn_events[i], 1);
			}
		}
	}
	act_result(A_INSTANCE, dyn_exists[d] ? "mkdir" : "rmdir", err);
	__atomic_store_n(&as->fmt_flags, read_fmt_flags(a), __ATOMIC_SEQ_CST);
	publish_subbuf(a);
	bump(&as->sb_gen);
	bump(&as->fmt_gen);
}

static const int sizes_kb[] = { 16, 32, 64, 128, 256, 512, 1024, 1408, 2048 };
static const int subbufs_kb[] = { 4, 4, 8, 8, 16, 32, 64, 128, 512 };

static int pick_weighted(void)
{
	int total = 0, i, r;

	for (i = 0; i < NACT; i++)
		total += act_weight[i];
	r = below(total);
	for (i = 0; i < NACT; i++) {
		r -= act_weight[i];
		if (r < 0)
			return i;
	}
	return 0;
}

static void one_change(void)
{
	char file[128], v[64];
	int a, act, c;

	if (do_revert())
		return;
	/* The top level, a persistent instance, or rcs-x0/1. */
	a = chance(30) ? 0 : chance(70) ? 1 + below(ninst) : first_dyn + below(NDYN);
	act = pick_weighted();
	if (sh->arr[a].dynamic && !dyn_exists[a - first_dyn] && act_weight[A_INSTANCE])
		act = A_INSTANCE;
	if (sh->arr[a].dynamic && !dyn_exists[a - first_dyn])
		a = 0;
	/* Keep one of rcs-x0/1 around most of the time. */
	if (act == A_INSTANCE && !sh->arr[a].dynamic)
		a = first_dyn + below(NDYN);
	if (act == A_INSTANCE && dyn_exists[a - first_dyn] && chance(50))
		return;
	c = below(ncpus);
	switch (act) {
	case A_SIZE:
		snprintf(v, sizeof(v), "%d", sizes_kb[below(9)]);
		change(act, a, "buffer_size_kb", v);
		break;
	case A_CPU_SIZE:
		snprintf(file, sizeof(file), "per_cpu/cpu%d/buffer_size_kb", c);
		snprintf(v, sizeof(v), "%d", sizes_kb[below(9)]);
		change(act, a, file, v);
		break;
	case A_SUBBUF:
		snprintf(v, sizeof(v), "%d", subbufs_kb[below(chance(90) ? 7 : 9)]);
		bump(&sh->arr[a].sb_gen);
		change(act, a, "buffer_subbuf_size_kb", v);
		publish_subbuf(a);
		bump(&sh->arr[a].sb_gen);
		break;
	case A_CLEAR:
		change(act, a, "trace", "");
		break;
	case A_CPU_CLEAR:
		snprintf(file, sizeof(file), "per_cpu/cpu%d/trace", c);
		change(act, a, file, "");
		break;
	case A_CLOCK:
		if (nclocks)
			change(act, a, "trace_clock", clocks[below(nclocks)]);
		break;
	case A_ALL_EVENTS:
		/*
		 * Every event of the kernel: seconds of patching under TCG,
		 * and a flood of records.  Once a minute at most.
		 */
		if (now() - last_all_events < 60)
			break;
		last_all_events = now();
		if (!change(act, a, "events/enable", "1"))
			later(a, "events/enable", "0", 1 + below(2), 0)->events = 1;
		break;
	case A_EVENT:
		if (!nev_ok)
			break;
		snprintf(file, sizeof(file), "events/%s", ev_files[ev_ok[below(nev_ok)]]);
		if (!strstr(file, "/enable"))
			strcat(file, "/enable");
		change(act, a, file, chance(60) ? "1" : "0");
		break;
	case A_SET_EVENT: {
		const char *e;
		char path[512];
		int err;

		if (!nset_ok)
			break;
		e = set_events[set_ok[below(nset_ok)]];
		apath(path, sizeof(path), a, "set_event");
		err = put_mode(path, e, 1);
		log_change("%s: set_event <<- '%s'%s%s", sh->arr[a].name[0] ?
			   sh->arr[a].name : "top", e, err ? ": " : "",
			   err ? strerror(err) : "");
		act_result(act, "set_event", err);
		break;
	}
	case A_TRACING_ON:
		if (!change(act, a, "tracing_on", "0"))
			later(a, "tracing_on", "1", 1 + below(4), 0);
		break;
	case A_OPTION: {
		const char *o = plain_opts[below(NPLAIN)];

		snprintf(file, sizeof(file), "options/%s", o);
		if (aget(a, file, v, sizeof(v)) <= 0)
			break;
		if (change(act, a, file, v[0] == '1' ? "0" : "1"))
			break;
		/* Markers off stops the producers: not for long. */
		if (!strcmp(o, "markers") && v[0] == '1')
			later(a, file, "1", 1 + below(3), 0);
		break;
	}
	case A_FMT_OPTION: {
		const char *o = fmt_opts[below(ARRAY_SIZE(fmt_opts))];

		snprintf(file, sizeof(file), "options/%s", o);
		if (aget(a, file, v, sizeof(v)) <= 0)
			break;
		fmt_change(act, a, file, v[0] == '1' ? "0" : "1");
		/* The checks are weaker meanwhile: back soon. */
		later(a, file, v[0] == '1' ? "1" : "0", 2 + below(6), 1);
		break;
	}
	case A_INSTANCE:
		toggle_instance(a);
		break;
	case A_PERCENT: {
		static const char * const pc[] = { "0", "1", "25", "50", "100" };

		change(act, a, "buffer_percent", pc[below(5)]);
		break;
	}
	case A_CPUMASK:
		snprintf(v, sizeof(v), "%x", 1 << c);
		if (ncpus > 1 && ncpus < 32 && !change(act, a, "tracing_cpumask", v)) {
			snprintf(v, sizeof(v), "%x", (1 << ncpus) - 1);
			later(a, "tracing_cpumask", v, 1 + below(3), 0);
		}
		break;
	case A_TRACER:
		change(act, a, "current_tracer", "nop");
		break;
	}
}

static void reconfigurer(void)
{
	int i;

	last_all_events = now() - 50;	/* not in the first ten seconds */
	while (!stopping()) {
		beat();
		one_change();
		nchanges++;
		if (pace_ms)
			sleep_ms(below(pace_ms + 1));
	}
	/* Undo what is pending, and leave the output options as they were. */
	nchanges += 1000;
	while (nreverts)
		if (!do_revert())
			break;
	say("reconfig: %ld changes\n", nchanges - 1000);
	for (i = 0; i < NACT; i++)
		if (act_count[i])
			say("reconfig: %-22s %5ld\n", act_name[i], act_count[i]);
	for (i = 0; i < NACT; i++)
		if (act_errs[i][0] || act_errs[i][1] || act_errs[i][2] || act_errs[i][3])
			say("reconfig: %s refused: EBUSY %ld, ENOMEM %ld, EEXIST %ld, ENOENT/ENODEV %ld\n",
			    act_name[i], act_errs[i][0], act_errs[i][1], act_errs[i][2],
			    act_errs[i][3]);
}

/* ------------------------------------------------------------------ */
/* Setup, restore, the run                                             */

struct saved {
	int arr;
	char file[96];
	char value[64];
};
static struct saved saved[256];
static int nsaved;

static void save(int a, const char *file)
{
	char v[64], *e;

	if (nsaved >= 256 || aget(a, file, v, sizeof(v)) <= 0)
		return;
	/* "7 (expanded: 1408)": the size it expands to. */
	e = strstr(v, "expanded: ");
	if (e)
		memmove(v, e + 10, strlen(e + 10) + 1);
	if (!strcmp(file, "trace_clock")) {
		char *b = strchr(v, '['), *c;

		if (!b)
			return;
		c = strchr(b, ']');
		if (!c)
			return;
		*c = 0;
		memmove(v, b + 1, strlen(b + 1) + 1);
	}
	v[strcspn(v, "\n )")] = 0;
	saved[nsaved].arr = a;
	snprintf(saved[nsaved].file, sizeof(saved[0].file), "%s", file);
	snprintf(saved[nsaved].value, sizeof(saved[0].value), "%s", v);
	nsaved++;
}

static void save_array(int a)
{
	char file[96];
	unsigned int i;

	save(a, "buffer_subbuf_size_kb");
	save(a, "buffer_size_kb");
	save(a, "trace_clock");
	save(a, "buffer_percent");
	save(a, "tracing_cpumask");
	save(a, "tracing_on");
	for (i = 0; i < NPLAIN; i++) {
		snprintf(file, sizeof(file), "options/%s", plain_opts[i]);
		save(a, file);
	}
	for (i = 0; i < ARRAY_SIZE(fmt_opts); i++) {
		snprintf(file, sizeof(file), "options/%s", fmt_opts[i]);
		save(a, file);
	}
}

static int restore(void)
{
	int i, err, bad = 0;

	for (i = 0; i < nsaved; i++) {
		err = aput(saved[i].arr, saved[i].file, saved[i].value);
		if (err) {
			say("setting back %s/%s <- %s: %s\n", sh->arr[saved[i].arr].name,
			    saved[i].file, saved[i].value, strerror(err));
			bad++;
		}
	}
	aput(0, "events/enable", "0");
	aput(0, "trace", "");
	return bad;
}

static void remove_instances(void)
{
	char path[512];
	int a, tries;

	for (a = 1; a < sh->narr; a++) {
		snprintf(path, sizeof(path), "%s/instances/%s", top, sh->arr[a].name);
		for (tries = 0; tries < 50 && exists(path) && rmdir(path); tries++)
			sleep_ms(100);
		if (exists(path))
			say("cannot remove %s: %s\n", path, strerror(errno));
	}
}

static void start(int role, int a, int cpu, const char *name)
{
	struct pstat *p;
	pid_t pid;

	if (sh->nprocs >= MAX_PROCS)
		die("too many processes");
	p = &sh->ps[sh->nprocs++];
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->role = role;
	p->arr = a;
	p->cpu = cpu;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid) {
		p->pid = pid;
		return;
	}
	me = p;
	rs = seed * 1000003 + sh->nprocs * 7919;
	buf = malloc(BUF_SIZE + 64);
	if (!buf)
		die("out of memory");
	if (role <= R_DYN) {
		arm_alarm();
	} else {
		struct sigaction sa = { .sa_handler = on_alarm };

		sigemptyset(&sa.sa_mask);
		sigaction(SIGUSR1, &sa, NULL);
	}
	switch (role) {
	case R_PIPE:
		pipe_reader(a);
		break;
	case R_RAW:
		raw_reader(a);
		break;
	case R_SPLICE:
		splice_reader(a);
		break;
	case R_TRACE:
		trace_reader(a);
		break;
	case R_DYN:
		dyn_reader(first_dyn);
		break;
	case P_MARK:
		marker_writer(cpu);
		break;
	case P_FORK:
		forker();
		break;
	case P_RECONF:
		rs = seed;
		reconfigurer();
		break;
	}
	exit(0);
}

static void show_stack(struct pstat *p)
{
	char path[64], text[4096];

	snprintf(path, sizeof(path), "/proc/%d/wchan", p->pid);
	if (slurp(path, text, sizeof(text)) > 0)
		say("  %s (pid %d) waits in %s\n", p->name, p->pid, text);
	snprintf(path, sizeof(path), "/proc/%d/stack", p->pid);
	if (slurp(path, text, sizeof(text)) > 0)
		say("%s", text);
}

static int reap(int block)
{
	int status, i, n = 0;
	pid_t pid;

	while ((pid = waitpid(-1, &status, block ? 0 : WNOHANG)) > 0) {
		for (i = 0; i < sh->nprocs; i++) {
			struct pstat *p = &sh->ps[i];

			if (p->pid != pid)
				continue;
			p->exited = 1;
			p->status = status;
			n++;
			if (!sh->stop || !WIFEXITED(status) || WEXITSTATUS(status)) {
				say("FAIL: %s (pid %d) ended early: status %#x\n", p->name, pid,
				    status);
				__atomic_add_fetch(&sh->failures, 1, __ATOMIC_SEQ_CST);
			}
		}
		block = 0;
	}
	return n;
}

static int running(void)
{
	int i, n = 0;

	for (i = 0; i < sh->nprocs; i++)
		n += !sh->ps[i].exited;
	return n;
}

/* Stop on time, on a failure, or on a process that stopped moving. */
static int watch(void)
{
	long last[MAX_PROCS] = { 0 };
	double seen[MAX_PROCS], end = t0 + seconds, next = t0 + 10;
	int i, hung = 0;

	for (i = 0; i < sh->nprocs; i++)
		seen[i] = now();
	while (now() < end && !hung) {
		sleep_ms(250);
		reap(0);
		for (i = 0; i < sh->nprocs; i++) {
			struct pstat *p = &sh->ps[i];
			long hb = __atomic_load_n(&p->heartbeat, __ATOMIC_RELAXED);

			if (hb != last[i] || p->exited) {
				last[i] = hb;
				seen[i] = now();
			} else if (now() - seen[i] > hang_secs) {
				say("FAIL: %s (pid %d) made no progress for %d s\n", p->name,
				    p->pid, hang_secs);
				show_stack(p);
				hung = 1;
			}
		}
		if (now() > next) {
			next += 10;
			say("%.0fs: %ld failures so far\n", now() - t0, sh->failures);
		}
	}
	return hung;
}

static int stop_all(void)
{
	double end;
	int i, hung = 0;

	__atomic_store_n(&sh->stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < sh->nprocs; i++)
		if (!sh->ps[i].exited)
			kill(sh->ps[i].pid, SIGUSR1);
	end = now() + hang_secs;
	while (running() && now() < end) {
		reap(0);
		sleep_ms(100);
	}
	for (i = 0; i < sh->nprocs; i++) {
		struct pstat *p = &sh->ps[i];

		if (p->exited)
			continue;
		say("FAIL: %s (pid %d) did not stop within %d s\n", p->name, p->pid, hang_secs);
		show_stack(p);
		kill(p->pid, SIGKILL);
		hung++;
	}
	end = now() + 10;
	while (running() && now() < end) {
		reap(0);
		sleep_ms(100);
	}
	return hung;
}

static int report(void)
{
	long total = 0;
	int i, zero = 0;

	for (i = 0; i < sh->nprocs; i++) {
		struct pstat *p = &sh->ps[i];

		if (p->role > R_DYN) {
			say("%-16s %ld writes, %ld refused\n", p->name, p->writes, p->write_errs);
			continue;
		}
		say("%-16s %7ld records (%ld strict, %ld text-only), %ld markers, %ld pages, %ld bytes, %ld unchecked; reads %ld, empty %ld; EAGAIN %ld EINTR %ld EBUSY %ld ENOENT %ld ENODEV %ld realign %ld ambiguous %ld; notes %ld; malformed %ld, unexpected %ld\n",
		    p->name, p->records + p->loose, p->records, p->loose, p->markers,
		    p->pages, p->bytes, p->unchecked, p->reads, p->zero_reads, p->eagain,
		    p->eintr, p->ebusy, p->enoent, p->enodev, p->realign, p->ambiguous,
		    p->notes, p->malformed, p->unexpected);
		total += p->records + p->loose;
		if (!p->records && !p->loose) {
			say("FAIL: %s checked no record\n", p->name);
			zero++;
		}
	}
	say("records checked: %ld\n", total);
	return zero;
}

static const struct option longopts[] = {
	{ "dir", required_argument, NULL, 'd' },
	{ "seconds", required_argument, NULL, 't' },
	{ "seed", required_argument, NULL, 's' },
	{ "instances", required_argument, NULL, 'i' },
	{ "pace", required_argument, NULL, 'p' },
	{ "hang", required_argument, NULL, 'H' },
	{ "actions", required_argument, NULL, 'a' },
	{ "readers", required_argument, NULL, 'r' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ }
};

/* --actions: the changes to make, all others left out. */
static void only_actions(const char *list)
{
	int keep[NACT] = { 0 }, i, n = 0;
	char *copy = strdup(list), *tok, *save_ptr;

	for (tok = strtok_r(copy, ",", &save_ptr); tok; tok = strtok_r(NULL, ",", &save_ptr)) {
		for (i = 0; i < NACT; i++)
			if (!strcmp(tok, act_short[i]))
				break;
		if (i == NACT)
			die("--actions: no action '%s'", tok);
		keep[i] = 1;
		n++;
	}
	for (i = 0; i < NACT; i++)
		if (!keep[i])
			act_weight[i] = 0;
		else if (!act_weight[i])
			act_weight[i] = 1;
	if (!n)
		die("--actions: none given");
	free(copy);
}

/* --readers: whether readers of ROLE run. */
static const char *readers = "pipe,raw,splice,trace,dyn";

static int reader_on(const char *role)
{
	size_t n = strlen(role);
	const char *p;

	for (p = readers; (p = strstr(p, role)); p += n)
		if ((p == readers || p[-1] == ',') && (!p[n] || p[n] == ','))
			return 1;
	return 0;
}

static void usage(void)
{
	fprintf(stderr,
		"reconfig-stress [--dir D] [--seconds N] [--seed S] [--instances N]\n"
		"\t[--pace MS] [--hang S] [--actions A,B...] [--readers R,S...] [-v]\n"
		"actions: size cpusize subbuf clear cpuclear clock allevents event setevent\n"
		"\ttracingon option fmtoption instance percent cpumask tracer\n"
		"readers: pipe raw splice trace dyn\n");
	exit(2);
}

int main(int argc, char **argv)
{
	char path[512], v[4096], name[32], *tok, *save_ptr;
	int i, a, c, nfmt, hung, zero, bad;

	seed = time(NULL);
	while ((i = getopt_long(argc, argv, "v", longopts, NULL)) != -1) {
		switch (i) {
		case 'd':
			top = optarg;
			break;
		case 't':
			seconds = atoi(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'i':
			ninst = atoi(optarg);
			break;
		case 'p':
			pace_ms = atoi(optarg);
			break;
		case 'H':
			hang_secs = atoi(optarg);
			break;
		case 'a':
			only_actions(optarg);
			break;
		case 'r':
			readers = optarg;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
		}
	}
	if (ninst < 1 || ninst > MAX_ARR - 1 - NDYN)
		die("--instances: 1 to %d", MAX_ARR - 1 - NDYN);
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	for (c = 0; c < MAX_CPUS; c++) {
		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d", top, c);
		if (!exists(path))
			break;
	}
	ncpus = c;
	if (!ncpus)
		die("no %s/per_cpu/cpu0", top);
	if (slurp("/proc/sys/kernel/pid_max", v, sizeof(v)) > 0)
		pid_max = atoi(v);
	have_tev = exists("/sys/module/tev_sample/parameters/fire");

	/* The arrays: the top level, rcs-a..., rcs-x0 and rcs-x1. */
	sh->narr = 1 + ninst + NDYN;
	first_dyn = 1 + ninst;
	for (a = 1; a < sh->narr; a++) {
		if (a < first_dyn)
			snprintf(sh->arr[a].name, sizeof(sh->arr[a].name), "rcs-%c", 'a' + a - 1);
		else
			snprintf(sh->arr[a].name, sizeof(sh->arr[a].name), "rcs-x%d",
				 a - first_dyn);
		sh->arr[a].dynamic = a >= first_dyn;
	}
	remove_instances();
	save_array(0);
	for (a = 1; a < first_dyn; a++) {
		snprintf(path, sizeof(path), "%s/instances/%s", top, sh->arr[a].name);
		if (mkdir(path, 0755))
			die("mkdir %s: %s", path, strerror(errno));
	}
	/* Producers' events everywhere but in rcs-x0/1 (made later). */
	for (a = 0; a < first_dyn; a++) {
		base_events_on(a);
		aput(a, "tracing_on", "1");
		sh->arr[a].fmt_flags = read_fmt_flags(a);
		publish_subbuf(a);
	}
	if (aget(0, "trace_clock", v, sizeof(v)) > 0) {
		for (tok = strtok_r(v, "\n []", &save_ptr); tok && nclocks < 16;
		     tok = strtok_r(NULL, "\n []", &save_ptr))
			snprintf(clocks[nclocks++], sizeof(clocks[0]), "%s", tok);
	}
	keep_existing_events();
	nfmt = load_formats();
	if (print_id < 0 || raw_data_id < 0)
		die("no events/ftrace/print or raw_data format");
	say("reconfig-stress: seed %llu, %d s, %d CPUs, %d persistent instances, %d formats (%d multi-line), %d clocks, tev_sample %s\n",
	    (unsigned long long)seed, seconds, ncpus, ninst, nfmt, nmulti - 2, nclocks,
	    have_tev ? "loaded" : "absent");

	t0 = now();
	for (a = 0; a < first_dyn; a++) {
		const char *n = a ? sh->arr[a].name : "top";

		static const char * const kinds[] = { "pipe", "raw", "splice", "trace" };

		for (i = 0; i < 4; i++) {
			if (!reader_on(kinds[i]))
				continue;
			snprintf(name, sizeof(name), "%s/%s", kinds[i], n);
			start(R_PIPE + i, a, -1, name);
		}
	}
	if (reader_on("dyn"))
		start(R_DYN, first_dyn, -1, "dyn/rcs-x*");
	for (c = 0; c < ncpus && c < 4; c++) {
		snprintf(name, sizeof(name), "marker/cpu%d", c);
		start(P_MARK, -1, c, name);
	}
	start(P_FORK, -1, -1, "fork");
	start(P_RECONF, -1, -1, "reconfig");

	hung = watch();
	hung += stop_all();
	for (a = 0; a < first_dyn; a++)
		aput(a, "events/enable", "0");
	remove_instances();
	bad = restore();
	zero = report();
	say("reconfig-stress: seed %llu: %ld malformed records or unexpected errors, %d hung, %d readers without records, %d settings not restored: %s\n",
	    (unsigned long long)seed, sh->failures, hung, zero, bad,
	    sh->failures || hung || zero || bad ? "FAIL" : "PASS");
	return sh->failures || hung || zero || bad ? 1 : 0;
}
