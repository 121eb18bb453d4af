// SPDX-License-Identifier: GPL-2.0
/*
 * malformed-writes --seed S --count N [options]
 *
 * Does operations 0, 1, 2... until N writes are done; with --from I it
 * does operations I to I+N-1 instead (a replay).
 * Writes malformed input to every writable file of tracefs while events
 * fire, then checks that the kernel is still sound.  Operation I of a run
 * depends only on (S, I) and on the sorted list of files, so any window of
 * a run can be replayed alone: --from I --count K [-v].
 *
 * The files: every writable file under the tracing directory (top level,
 * per_cpu/cpuN, options, events/ including every event's enable and
 * filter, and the same in two instances ftt-mw-a and ftt-mw-b, made first),
 * bar the exclusions below.  Besides writes, one operation in 200 makes an
 * instance with a random (often malformed) name and removes it at once.
 *
 * What is written: random bytes; numbers at the edges (0, -1, 2^31, 2^32,
 * 2^63, 2^64, ...) in decimal, hex and octal, with leading blanks,
 * newlines or NULs and trailing junk; digit strings of up to 100000 digits;
 * 1 MiB and empty writes; a valid word of the file with one byte changed;
 * a valid word written in two writes split at each of its bytes, or a byte
 * a write; valid words as they are, so that the state keeps changing.  A
 * write goes through O_TRUNC (as "echo > file"), O_APPEND, a plain open,
 * or pwrite() at an odd offset.
 *
 * Exclusions (they would kill the guest or make the rest meaningless, not
 * find bugs):
 *  - free_buffer: closing it shrinks the buffer to its minimum, and with
 *    disable_on_free stops tracing: everything after records nothing.
 *  - buffer_size_kb: a number the kernel could take as a size above
 *    --size-cap KiB (8192 by default: 3 arrays x 2 CPUs x 8 MiB stays far
 *    from the 1 GiB guest's memory) is replaced by one below it.  Numbers
 *    of 2^64 and more (which must be refused) are kept, so is anything that
 *    does not parse.  The check is made on the whole write and on its first
 *    66 bytes (kstrtoul_from_user() reads no further).
 *  - function_profile_enabled (upstream's): "1" traces every function
 *    call, which slows the guest down by orders of magnitude under TCG.
 *  - current_tracer: the only valid words offered are nop and tracers that
 *    do not hog the CPUs (hwlat, osnoise, timerlat, function,
 *    function_graph and the latency tracers, which trace every function
 *    by default, are left out: under TCG they slow the guest down by
 *    orders of magnitude); malformed names still go to it.
 *  - --exclude SUBSTR leaves out the files whose path holds SUBSTR (for a
 *    known bug, so that the rest can run).
 * trace_marker and trace_marker_raw accept anything; they get 1 write in
 * 50 of the writes to the top level's files.
 *
 * Activity: sched:* is enabled in every array and a child process wakes
 * another through a pipe in a loop; every 4096 operations the fuzzer
 * turns tracing_on back on and sched:* back on, and all events off
 * (a fuzzed "1" to events/enable would otherwise trace everything with
 * stack traces for the rest of the run).
 *
 * The kernel log (/dev/kmsg) is read after every operation: a WARNING,
 * BUG, Oops... is printed with the operation that preceded it.
 *
 * At the end: everything is set back to the values read at the start,
 * the buffers cleared, caches dropped, and /proc/meminfo's SUnreclaim and
 * MemFree compared with the same measure taken before the run (tolerances
 * --slab-tol and --free-tol, KiB); then --markers markers are written to
 * each array and must all read back from trace, in order.
 *
 * Exit status 0 when the kernel log stayed clean, the settings could be
 * restored, memory came back within tolerance and every marker was read.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROG_NAME "malformed-writes"
#include "prog-util.h"

#define MIB (1 << 20)
#define MAXWORDS 4096
#define NARR 3

struct tfile {
	char *path;		/* relative to the tracing directory */
	const char *base;
	int events;		/* under events/ */
	int marker;		/* trace_marker, trace_marker_raw */
	int size;		/* buffer_size_kb */
	int slow;		/* a write that succeeds costs milliseconds */
	long touched;
};

static struct tfile *files;
static int nfiles, *core_idx, ncore, *ev_idx, nev, nplain, nfast;

/* Valid words, by what they are for. */
static char *clocks[64], *tracers[64], *optnames[256], *events[MAXWORDS];
static int nclocks, ntracers, noptnames, nevents;

static const char * const arrays[NARR] = { ".", "instances/ftt-mw-a", "instances/ftt-mw-b" };

static uint64_t seed = 1;
static long count = 50000, from, markers = 1000;
static unsigned long size_cap = 8192;
static long slab_tol = 1024, free_tol = 8192;
static int verbose, stop_on_warn, replay;
static const char *excl[64], *only[64];
static int nexcl, nonly;
static const char *top = "/sys/kernel/tracing";

static long writes, opens_failed, errnos[4096], ok_writes, mkdirs, mkdirs_ok;
static long complaints;
static char *payload;		/* MIB + 64 bytes */
static int kmsg = -1;
static pid_t bg[2];

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

static int put(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_TRUNC), ret = 0;
	size_t len = strlen(s);

	if (fd < 0)
		return -errno;
	if (write(fd, s, len) != (ssize_t)len)
		ret = -errno;
	close(fd);
	return ret;
}

static void put_append(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd < 0)
		return;
	if (write(fd, s, strlen(s)) < 0)
		fprintf(stderr, "restore: '%s' to %s: %s\n", s, path, strerror(errno));
	close(fd);
}

/* ---- the files ---- */

static int excluded(const char *path)
{
	int i;

	if (!strcmp(path + strlen(path) - strlen("free_buffer"), "free_buffer"))
		return 1;
	/* Upstream's: "1" runs the function profiler, a CPU hog under TCG. */
	if (strstr(path, "function_profile_enabled"))
		return 1;
	for (i = 0; i < nexcl; i++)
		if (strstr(path, excl[i]))
			return 1;
	if (!nonly)
		return 0;
	for (i = 0; i < nonly; i++)
		if (strstr(path, only[i]))
			return 0;
	return 1;
}

static void add_file(const char *path)
{
	struct tfile *f;
	const char *b;

	if (excluded(path))
		return;
	files = realloc(files, (nfiles + 1) * sizeof(*files));
	if (!files)
		die("out of memory");
	f = &files[nfiles++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	b = strrchr(f->path, '/');
	f->base = b ? b + 1 : f->path;
	f->events = !strncmp(path, "events/", 7) || strstr(path, "/events/");
	f->marker = !strncmp(f->base, "trace_marker", 12);
	f->size = !strcmp(f->base, "buffer_size_kb");
	/*
	 * Accepted writes to these resize or reset buffers or register
	 * tracepoints, waiting for RCU grace periods: a few milliseconds each
	 * under TCG, against some 30 us for a refused write.  They get one
	 * operation in five of those their share would give them.
	 */
	f->slow = f->size || !strcmp(f->base, "trace") ||
		  !strcmp(f->base, "buffer_subbuf_size_kb") ||
		  !strcmp(f->base, "set_event") || !strcmp(f->base, "trace_clock") ||
		  !strcmp(f->base, "saved_cmdlines_size") ||
		  !strcmp(f->base, "current_tracer");
}

static void walk(const char *dir)
{
	struct dirent **ents;
	char path[PATH_MAX];
	struct stat st;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return;
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;

		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			goto next;
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if (!strcmp(dir, "."))
			snprintf(path, sizeof(path), "%s", name);
		if (lstat(path, &st))
			goto next;
		if (S_ISDIR(st.st_mode)) {
			/* Only our own instances. */
			if (!strcmp(path, "instances") || !strncmp(path, "instances/", 10)) {
				if (strcmp(path, "instances") &&
				    strcmp(path, arrays[1]) && strcmp(path, arrays[2]) &&
				    strncmp(path, "instances/ftt-mw-a/", 19) &&
				    strncmp(path, "instances/ftt-mw-b/", 19))
					goto next;
			}
			walk(path);
		} else if (S_ISREG(st.st_mode) && (st.st_mode & 0222)) {
			add_file(path);
		}
next:
		free(ents[i]);
	}
	free(ents);
}

static int words_of(const char *path, char **out, int max, int bracketed)
{
	static char buf[1 << 20];
	char *tok, *save;
	int n = 0;

	if (slurp(path, buf, sizeof(buf)) < 0)
		return 0;
	for (tok = strtok_r(buf, " \n", &save); tok && n < max; tok = strtok_r(NULL, " \n", &save)) {
		if (bracketed && *tok == '[') {
			tok++;
			tok[strcspn(tok, "]")] = 0;
		}
		out[n++] = xstrdup(tok);
	}
	return n;
}

static void load_words(void)
{
	char *t[64];
	int i, n;

	nclocks = words_of("trace_clock", clocks, 64, 1);
	n = words_of("available_tracers", t, 64, 0);
	for (i = 0; i < n; i++) {
		if (strstr(t[i], "hwlat") || strstr(t[i], "osnoise") ||
		    strstr(t[i], "timerlat") || !strncmp(t[i], "function", 8) ||
		    strstr(t[i], "irqsoff") || strstr(t[i], "preemptoff") ||
		    !strncmp(t[i], "wakeup", 6))
			continue;
		tracers[ntracers++] = t[i];
	}
	noptnames = words_of("trace_options", optnames, 256, 0);
	nevents = words_of("available_events", events, MAXWORDS, 0);
}

/* ---- the payloads ---- */

static const char * const numbers[] = {
	"0", "1", "-1", "+1", "-0", "2", "7", "127", "128", "255", "256",
	"1023", "1024", "4095", "4096", "4097", "65535", "65536", "32767",
	"32768", "2147483647", "2147483648", "-2147483648", "-2147483649",
	"4294967295", "4294967296", "-4294967296", "9223372036854775807",
	"9223372036854775808", "-9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616", "36893488147419103232",
	"99999999999999999999999999999", "0x0", "0x1", "0x7fffffff",
	"0x80000000", "0xffffffff", "0x100000000", "0x7fffffffffffffff",
	"0x8000000000000000", "0xffffffffffffffff", "0x10000000000000000",
	"0X1", "0x", "0b101", "0o17", "017", "08", "1e3", "1.5", "1,5",
	"1-", "-", "+", "0-1", "1-0", "3-1", "1,2,3", ",", ",,", "1 2",
	"00000000000000000000000000000000000000000000000000000000000000000001",
	"ff", "FF", "ffffffff,ffffffff", "1,00000000", "deadbeef", "x1",
};

static const char * const generic[] = {
	"0", "1", "nop", "local", "global", "sched", "sched:*", "*:*", "*",
	"!", "!*", "sched:sched_switch", "enable", "disable", "on", "off",
	"true", "false", "traceon", "traceoff", "snapshot", "stacktrace",
	"hist:keys=pid", "common_pid == 1", "prev_pid > 0 && next_pid < 10",
	"next_comm ~ \"sh*\"", "(", ")", "((((((((((", "%s%s%s%n%p",
	"\\", "'", "\"", "::", ":", "a:b:c", "noprint-parent", "overwrite",
};

static const char * const decor[] = {
	"", "", "", "", "\n", "\n", " ", "  ", "\t", "\n\n", "\r\n", "\0",
	"\0\0", " \n", "\v", "\f", "x", "#",
};
static const int decor_len[] = {
	0, 0, 0, 0, 1, 1, 1, 2, 1, 2, 2, 1, 2, 2, 1, 1, 1, 1,
};

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/*
 * A size for buffer_size_kb: resizing is slow under TCG, so mostly small
 * ones, now and then up to the cap.
 */
static unsigned long a_size(void)
{
	int r = below(100);

	return below(r < 80 ? 64 : r < 97 ? 2048 : size_cap + 1);
}

/* A valid-looking word for file f. */
static const char *valid_word(const struct tfile *f)
{
	static char buf[64];
	const char *b = f->base;

	if (!strcmp(b, "trace_clock") && nclocks)
		return clocks[below(nclocks)];
	if (!strcmp(b, "current_tracer"))
		return ntracers ? tracers[below(ntracers)] : "nop";
	if (!strcmp(b, "trace_options") && noptnames)
		return optnames[below(noptnames)];
	if (!strcmp(b, "set_event") && nevents && chance(70)) {
		static char ev[256];

		snprintf(ev, sizeof(ev), "%s%s", chance(30) ? "!" : "", events[below(nevents)]);
		return ev;
	}
	if (!strcmp(b, "set_event_pid") || !strcmp(b, "set_event_notrace_pid")) {
		snprintf(buf, sizeof(buf), "%d", chance(50) ? getpid() : (int)below(70000));
		return buf;
	}
	if (!strcmp(b, "buffer_size_kb")) {
		snprintf(buf, sizeof(buf), "%lu", a_size());
		return buf;
	}
	if (!strcmp(b, "buffer_subbuf_size_kb")) {
		snprintf(buf, sizeof(buf), "%lu", 1UL << below(10));
		return buf;
	}
	if (!strncmp(b, "tracing_", 8) || f->events || strstr(f->path, "options/")) {
		if (chance(80))
			return chance(50) ? "1" : "0";
	}
	if (chance(50))
		return numbers[below(N(numbers))];
	return generic[below(N(generic))];
}

static size_t put_str(size_t len, const char *s, size_t n)
{
	if (len + n > MIB)
		n = MIB - len;
	memcpy(payload + len, s, n);
	return len + n;
}

static size_t put_decor(size_t len)
{
	int i = below(N(decor));

	return put_str(len, decor[i], decor_len[i]);
}

static size_t random_bytes(size_t len, size_t n)
{
	size_t i;
	int kind = below(4);

	for (i = 0; i < n && len < MIB; i++) {
		switch (kind) {
		case 0:
			payload[len++] = rnd();
			break;
		case 1:
			payload[len++] = 32 + below(95);
			break;
		case 2:
			payload[len++] = "0123456789abcdefx-+ ,:*!\n"[below(25)];
			break;
		default:
			payload[len++] = "\0\n \xff\x80\t"[below(6)];
			break;
		}
	}
	return len;
}

/* A number of the kernel's size files above the cap (but below 2^64). */
static int too_big(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		unsigned long long v = 0;
		int hex = 0, sat = 0, any = 0;

		if (s[i] < '0' || s[i] > '9') {
			i++;
			continue;
		}
		if (s[i] == '0' && i + 1 < len && (s[i + 1] | 0x20) == 'x') {
			hex = 1;
			i += 2;
		}
		for (; i < len; i++) {
			int d;
			char c = s[i];

			if (c >= '0' && c <= '9')
				d = c - '0';
			else if (hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
				d = (c | 0x20) - 'a' + 10;
			else
				break;
			any = 1;
			if (v > (ULLONG_MAX - d) / (hex ? 16 : 10))
				sat = 1;
			else
				v = v * (hex ? 16 : 10) + d;
		}
		if (any && !sat && v > size_cap)
			return 1;
	}
	return 0;
}

/* The kinds of payload. */
enum { P_RANDOM, P_NUMBER, P_DIGITS, P_HUGE, P_EMPTY, P_VALID, P_MUTATED,
	P_SPLIT, P_BYTEWISE, P_LIST, P_LONG };

static int pick_kind(void)
{
	/* Per mille, cumulative, in the order of the enum. */
	static const int upto[] = { 150, 330, 360, 362, 400, 560, 760, 840, 870, 960, 1000 };
	int r = below(1000), k = 0;

	while (r >= upto[k])
		k++;
	return k;
}

static const size_t long_lens[] = {
	63, 64, 127, 128, 255, 256, 511, 512, 1023, 1024, 4095, 4096, 4097,
	8191, 8192, 65536,
};

/* Build one payload of a kind for file f; returns its length. */
static size_t make_payload(const struct tfile *f, int kind)
{
	size_t len = 0, n, i;
	const char *w;

	switch (kind) {
	case P_RANDOM:
		len = random_bytes(0, 1 + below(chance(90) ? 64 : 8192));
		break;
	case P_NUMBER:
		if (chance(30))
			for (i = below(4); i; i--)
				len = put_decor(len);
		w = numbers[below(N(numbers))];
		len = put_str(len, w, strlen(w));
		len = put_decor(len);
		if (chance(10))
			len = random_bytes(len, 1 + below(4));
		break;
	case P_DIGITS:
		n = 20 + below(chance(80) ? 200 : 100000);
		if (chance(30)) {
			for (i = 0; i + 1 < n; i++)
				payload[len++] = '0';
			payload[len++] = '1' + below(9);
		} else {
			char d = chance(50) ? '9' : 0;

			for (i = 0; i < n; i++)
				payload[len++] = d ? d : '0' + below(10);
		}
		len = put_decor(len);
		break;
	case P_HUGE: {
		char c = "09 \n\0a"[below(6)];

		memset(payload, c, MIB);
		len = MIB;
		break;
	}
	case P_EMPTY:
		len = put_decor(0);
		break;
	case P_VALID:
	case P_SPLIT:
	case P_BYTEWISE:
		w = valid_word(f);
		len = put_str(0, w, strlen(w));
		if (chance(60))
			len = put_str(len, "\n", 1);
		break;
	case P_MUTATED:
		w = valid_word(f);
		len = put_str(0, w, strlen(w));
		i = below(len + 1);
		switch (below(3)) {
		case 0:	/* replace */
			if (len) {
				payload[i < len ? i : len - 1] = chance(50) ? rnd() :
					"\0\n \xff:*!,-0"[below(10)];
				break;
			}
			/* fall through */
		case 1:	/* insert */
			memmove(payload + i + 1, payload + i, len - i);
			payload[i] = chance(50) ? rnd() : "\0\n \xff:*!,-0"[below(10)];
			len++;
			break;
		default: /* delete */
			if (len && i < len) {
				memmove(payload + i, payload + i + 1, len - i - 1);
				len--;
			}
		}
		if (chance(50))
			len = put_str(len, "\n", 1);
		break;
	case P_LIST:
		for (n = 1 + below(chance(90) ? 6 : 300); n; n--) {
			w = chance(60) ? valid_word(f) : numbers[below(N(numbers))];
			len = put_str(len, w, strlen(w));
			len = put_str(len, &" ,\n\t:;"[below(6)], 1);
		}
		break;
	case P_LONG:
		n = long_lens[below(N(long_lens))];
		if (chance(50)) {
			w = valid_word(f);
			for (i = 0; i < n; i++)
				payload[i] = w[i % (strlen(w) ? strlen(w) : 1)] ? : 'a';
		} else {
			memset(payload, "a9 ,*"[below(5)], n);
		}
		len = n;
		if (chance(50))
			payload[len - 1] = '\n';
		break;
	}
	if (f && f->size && (too_big(payload, len) || too_big(payload, len < 66 ? len : 66))) {
		len = snprintf(payload, 64, "%lu", a_size());
		len = put_decor(len);
	}
	return len;
}

/* ---- doing it ---- */

static const char * const mode_name[] = { "trunc", "append", "plain", "pwrite" };

static void note(ssize_t r, int err)
{
	if (verbose)
		fprintf(stderr, "  -> %zd %s\n", r, r < 0 ? strerrorname_np(err) : "");
	writes++;
	if (r >= 0)
		ok_writes++;
	else
		errnos[err < 4096 && err > 0 ? err : 0]++;
}

static void dump_op(long op, const struct tfile *f, const char *what, int mode,
		    size_t len, off_t off)
{
	size_t i;

	fprintf(stderr, "op %ld: %s %s mode %s off %lld len %zu:", op, what,
		f ? f->path : "-", mode_name[mode], (long long)off, len);
	for (i = 0; i < len && i < 48; i++)
		fprintf(stderr, " %02x", (unsigned char)payload[i]);
	fprintf(stderr, "%s \"", len > 48 ? " ..." : "");
	for (i = 0; i < len && i < 48; i++) {
		unsigned char c = payload[i];

		fputc(c >= 32 && c < 127 ? c : '.', stderr);
	}
	fprintf(stderr, "\"\n");
}

static int open_mode(const char *path, int mode)
{
	int flags = O_WRONLY;

	if (mode == 0)
		flags |= O_TRUNC;
	else if (mode == 1)
		flags |= O_APPEND;
	return open(path, flags);
}

static void do_write(struct tfile *f, size_t len, int mode, off_t off)
{
	int fd = open_mode(f->path, mode);
	ssize_t r;

	if (fd < 0) {
		opens_failed++;
		return;
	}
	if (mode == 3)
		r = pwrite(fd, payload, len, off);
	else
		r = write(fd, payload, len);
	note(r, errno);
	close(fd);
}

static void do_split(struct tfile *f, size_t len, int mode)
{
	size_t k;
	ssize_t r;
	int fd;

	for (k = 1; k < len; k++) {
		fd = open_mode(f->path, mode == 3 ? 2 : mode);
		if (fd < 0) {
			opens_failed++;
			return;
		}
		r = write(fd, payload, k);
		note(r, errno);
		r = write(fd, payload + k, len - k);
		note(r, errno);
		close(fd);
	}
}

static void do_bytewise(struct tfile *f, size_t len, int mode)
{
	int fd = open_mode(f->path, mode == 3 ? 2 : mode);
	size_t k;
	ssize_t r;

	if (fd < 0) {
		opens_failed++;
		return;
	}
	for (k = 0; k < len; k++) {
		r = write(fd, payload + k, 1);
		note(r, errno);
	}
	close(fd);
}

static char inst_left[16][320];
static int ninst_left;

/* mkdir an instance with a random name, use it a little, remove it. */
static void do_mkdir(long op)
{
	char name[300], path[320];
	size_t n, i;

	n = chance(80) ? 1 + below(16) : 1 + below(260);
	memcpy(name, "ftt-mw-r", 8);
	for (i = 8; i < n + 8; i++) {
		char c = chance(85) ? 'a' + below(26) : (char)(1 + below(255));

		name[i] = c == '/' ? '_' : c;
	}
	name[i] = 0;
	if (chance(10))
		name[7 + below(n)] = '.';
	snprintf(path, sizeof(path), "instances/%s", name);
	mkdirs++;
	if (verbose)
		fprintf(stderr, "op %ld: mkdir %s\n", op, path);
	if (mkdir(path, 0755))
		return;
	mkdirs_ok++;
	if (chance(50)) {
		char p2[400];

		snprintf(p2, sizeof(p2), "%s/%s", path,
			 chance(50) ? "trace_marker" : "events/sched/enable");
		note(put(p2, "1") ? -1 : 1, EINVAL);
	}
	if (rmdir(path) && ninst_left < 16) {
		fprintf(stderr, "op %ld: cannot remove %s: %s\n", op, path, strerror(errno));
		snprintf(inst_left[ninst_left++], sizeof(inst_left[0]), "%s", path);
	}
}

static const char * const bad_words[] = {
	"WARNING:", "BUG:", "BUG ", "Oops", "general protection", "Call Trace",
	"KASAN", "UBSAN", "KCSAN", "refcount_t", "list_add corruption",
	"list_del corruption", "INFO: task", "lockdep", "possible recursive",
	"circular locking", "stack-protector", "kernel panic", "Kernel panic",
	"page allocation failure", "invoked oom-killer", "hung_task", "soft lockup",
	"rcu_sched self-detected", "rcu: INFO", "RCU stall",
};

/* New lines of the kernel log; returns how many complaints among them. */
static int scan_kmsg(long op, int quiet)
{
	char rec[8192];
	int bad = 0, i;
	ssize_t n;

	if (kmsg < 0)
		return 0;
	for (;;) {
		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			break;
		rec[n] = 0;
		for (i = 0; i < N(bad_words); i++) {
			if (strstr(rec, bad_words[i])) {
				char *msg = strchr(rec, ';');

				if (!quiet)
					fprintf(stderr, "KERNEL: after op %ld: %s", op, msg ? msg + 1 : rec);
				bad++;
				break;
			}
		}
	}
	return bad;
}

/* One operation; everything it does comes from (seed, op). */
static void run_op(long op)
{
	struct tfile *f;
	int kind, mode;
	size_t len;
	off_t off = 0;
	int bad;

	rs = seed * 0x2545f4914f6cdd1dULL + (uint64_t)op * 0x9e3779b97f4a7c15ULL;
	rnd();
	if (below(200) == 0 && !nonly) {
		do_mkdir(op);
		goto out;
	}
	if (nev && (below(100) < 40 || !ncore))
		f = &files[ev_idx[below(nev)]];
	else if (ncore)
		f = &files[core_idx[below(ncore)]];
	else
		return;
	/* Writes to the markers are valid whatever they hold: fewer of them. */
	if (f->marker && !chance(2) && nplain) {
		do
			f = &files[core_idx[below(ncore)]];
		while (f->marker);
	}
	if (f->slow && !chance(20) && nfast) {
		do
			f = &files[core_idx[below(ncore)]];
		while (f->marker || f->slow);
	}
	f->touched++;
	kind = pick_kind();
	len = make_payload(f, kind);
	mode = below(10);
	mode = mode < 7 ? 0 : mode - 6;
	if (mode == 3) {
		static const off_t offs[] = { 1, 2, 7, 4095, 4096, 65537,
					      (off_t)1 << 31, (off_t)1 << 32, LLONG_MAX - 1 };

		off = offs[below(N(offs))];
	}
	/* Opening trace with O_TRUNC clears it, whatever is written. */
	if (mode == 0 && !strcmp(f->base, "trace") && !chance(20))
		mode = 2;
	if (mode == 3 && (kind == P_SPLIT || kind == P_BYTEWISE))
		mode = 2;
	if (verbose)
		dump_op(op, f, kind == P_SPLIT ? "split" : kind == P_BYTEWISE ? "bytewise" : "write",
			mode, len, off);
	if (kind == P_SPLIT)
		do_split(f, len, mode);
	else if (kind == P_BYTEWISE)
		do_bytewise(f, len, mode);
	else
		do_write(f, len, mode, off);
out:
	bad = scan_kmsg(op, 0);
	if (bad) {
		complaints += bad;
		if (!verbose && op >= from) {
			/* Say what the operation was (it is regenerated the same). */
			fprintf(stderr, "KERNEL: the operation that preceded it: --seed %llu --from %ld --count 1 -v\n",
				(unsigned long long)seed, op);
		}
		if (stop_on_warn) {
			fprintf(stderr, "stopping at the first complaint\n");
			stop_on_warn = 2;
		}
	}
}

/* ---- the state: saved at the start, restored at the end ---- */

struct saved {
	char path[PATH_MAX];
	char val[128];
};
static struct saved saved[256];
static int nsaved;

static void save(const char *arr, const char *name)
{
	char path[PATH_MAX], buf[4096], *p;
	struct saved *s;

	snprintf(path, sizeof(path), "%s/%s", arr, name);
	if (slurp(path, buf, sizeof(buf)) < 0 || nsaved >= N(saved))
		return;
	s = &saved[nsaved++];
	snprintf(s->path, sizeof(s->path), "%s", path);
	if (strchr(buf, '[')) {
		/* trace_clock: the bracketed word. */
		p = strchr(buf, '[') + 1;
		p[strcspn(p, "]")] = 0;
	} else if (strstr(buf, "expanded: ")) {
		/* A top-level buffer not yet expanded: its expanded size. */
		p = strstr(buf, "expanded: ") + 10;
		p[strcspn(p, ")")] = 0;
	} else {
		p = buf;
		p[strcspn(p, "\n")] = 0;
	}
	snprintf(s->val, sizeof(s->val), "%.127s", p);
}

static void save_all(void)
{
	static const char * const names[] = {
		"tracing_on", "current_tracer", "trace_clock", "buffer_percent",
		"buffer_subbuf_size_kb", "buffer_size_kb", "tracing_cpumask",
		"tracing_thresh", "tracing_max_latency", "saved_cmdlines_size",
		/* Global, the top level's only; the window before the width. */
		"hwlat_detector/mode", "hwlat_detector/window",
		"hwlat_detector/width",
		/* Global too; the period before the runtime (see restore). */
		"osnoise/period_us", "osnoise/runtime_us",
		"osnoise/stop_tracing_us", "osnoise/stop_tracing_total_us",
		"osnoise/timerlat_period_us", "osnoise/print_stack",
		"osnoise/cpus", "osnoise/options",
	};
	char dir[PATH_MAX];
	struct dirent *d;
	DIR *dp;
	int a, i;

	for (a = 0; a < NARR; a++) {
		for (i = 0; i < N(names); i++)
			save(arrays[a], names[i]);
		snprintf(dir, sizeof(dir), "%s/options", arrays[a]);
		dp = opendir(dir);
		while (dp && (d = readdir(dp)) != NULL) {
			char name[300];

			if (d->d_name[0] == '.')
				continue;
			snprintf(name, sizeof(name), "options/%s", d->d_name);
			save(arrays[a], name);
		}
		if (dp)
			closedir(dp);
	}
}

static int truncate_file(const char *arr, const char *name)
{
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", arr, name);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/*
 * Remove the triggers a trigger file lists ("traceoff:unlimited",
 * "hist:keys=pid:... [active]"): "!" and the command, or for hist the
 * whole specification.  A fuzzed traceoff left on a sched event would turn
 * tracing off again after the restore.
 */
static void clear_triggers(const char *path)
{
	char buf[8192], cmd[1100], *line, *save;

	if (slurp(path, buf, sizeof(buf)) <= 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#')
			continue;
		if (strncmp(line, "hist", 4))
			line[strcspn(line, ":")] = 0;
		else
			line[strcspn(line, " ")] = 0;
		snprintf(cmd, sizeof(cmd), "!%.1024s", line);
		put_append(path, cmd);
	}
}

/*
 * osnoise/options reads as one line of every option (NAME or NO_NAME) but
 * takes one a write: the defaults, then each option as it was.
 */
static int restore_osnoise_options(const char *path, const char *line,
				   int quiet)
{
	char buf[256], *tok, *save;
	int bad = 0, r;

	snprintf(buf, sizeof(buf), "%s", line);
	put(path, "DEFAULTS");
	for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		if (!strcmp(tok, "DEFAULTS") || !strcmp(tok, "NO_DEFAULTS"))
			continue;
		r = put(path, tok);
		if (r) {
			if (!quiet)
				fprintf(stderr, "restore: writing '%s' to %s: %s\n",
					tok, path, strerror(-r));
			bad++;
		}
	}
	return bad;
}

/* Everything back as it was at the start; returns the number of failures. */
static int restore_all(int quiet)
{
	char path[PATH_MAX];
	int a, i, bad = 0, r;

	for (a = 0; a < NARR; a++) {
		snprintf(path, sizeof(path), "%s/events/enable", arrays[a]);
		put(path, "0");
		truncate_file(arrays[a], "set_event");
		truncate_file(arrays[a], "set_event_pid");
		truncate_file(arrays[a], "set_event_notrace_pid");
		/*
		 * A "1" written to snapshot (or a snapshot trigger) leaves a
		 * full second buffer allocated: free it, or the memory check
		 * counts it as lost.
		 */
		snprintf(path, sizeof(path), "%s/snapshot", arrays[a]);
		put(path, "0");
	}
	/* Event filters back to none (where filters exist and take "0"). */
	for (i = 0; i < nfiles; i++) {
		if (files[i].events && !strcmp(files[i].base, "filter"))
			put(files[i].path, "0");
		if (files[i].events && !strcmp(files[i].base, "trigger"))
			clear_triggers(files[i].path);
	}
	/* A width of 0 fits any window: the saved window can go back first. */
	snprintf(path, sizeof(path), "%s/hwlat_detector/width", arrays[0]);
	if (access(path, W_OK) == 0)
		put(path, "0");
	/* The same for osnoise's runtime and period. */
	snprintf(path, sizeof(path), "%s/osnoise/runtime_us", arrays[0]);
	if (access(path, W_OK) == 0)
		put(path, "0");
	for (i = 0; i < nsaved; i++) {
		if (strstr(saved[i].path, "osnoise/options")) {
			bad += restore_osnoise_options(saved[i].path,
						       saved[i].val, quiet);
			continue;
		}
		r = put(saved[i].path, saved[i].val);
		if (r) {
			if (!quiet)
				fprintf(stderr, "restore: writing '%s' to %s: %s\n",
					saved[i].val, saved[i].path, strerror(-r));
			bad++;
		}
	}
	for (a = 0; a < NARR; a++) {
		truncate_file(arrays[a], "error_log");
		truncate_file(arrays[a], "trace");
	}
	return bad;
}

/* ---- activity ---- */

static void start_activity(void)
{
	int p[2], q[2], i;
	char c = 0;

	if (pipe(p) || pipe(q))
		die("pipe: %s", strerror(errno));
	for (i = 0; i < 2; i++) {
		bg[i] = fork();
		if (bg[i] < 0)
			die("fork: %s", strerror(errno));
		if (bg[i] == 0) {
			struct timespec ts = { 0, 200000 };
			int in = i ? q[0] : p[0], out = i ? p[1] : q[1];

			if (i == 0 && write(out, &c, 1) < 0)
				_exit(1);
			for (;;) {
				if (read(in, &c, 1) <= 0)
					_exit(0);
				nanosleep(&ts, NULL);
				if (write(out, &c, 1) < 0)
					_exit(0);
			}
		}
	}
	close(p[0]); close(p[1]); close(q[0]); close(q[1]);
}

static void stop_activity(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		if (bg[i] > 0) {
			kill(bg[i], SIGKILL);
			waitpid(bg[i], NULL, 0);
			bg[i] = 0;
		}
	}
}

static void arm(void)
{
	char path[PATH_MAX];
	int a;

	for (a = 0; a < NARR; a++) {
		snprintf(path, sizeof(path), "%s/events/enable", arrays[a]);
		put(path, "0");
		snprintf(path, sizeof(path), "%s/events/sched/enable", arrays[a]);
		put(path, "1");
		snprintf(path, sizeof(path), "%s/tracing_on", arrays[a]);
		put(path, "1");
	}
}

/* ---- the checks ---- */

struct mem { long slab, sunreclaim, memfree; };

static void meminfo(struct mem *m)
{
	char buf[8192], *p;

	slurp("/proc/meminfo", buf, sizeof(buf));
	m->slab = (p = strstr(buf, "\nSlab:")) ? atol(p + 6) : -1;
	m->sunreclaim = (p = strstr(buf, "\nSUnreclaim:")) ? atol(p + 12) : -1;
	m->memfree = (p = strstr(buf, "MemFree:")) ? atol(p + 8) : -1;
}

static void quiesce(struct mem *m)
{
	int i;

	for (i = 0; i < 3; i++) {
		sync();
		put("/proc/sys/vm/drop_caches", "3");
		usleep(300000);
	}
	meminfo(m);
}

/* N markers into each array; all must read back from trace, in order. */
static int check_markers(void)
{
	static char buf[8 << 20];
	char path[PATH_MAX], line[128];
	int a, bad = 0;
	long i;

	for (a = 0; a < NARR; a++) {
		long next = 0, got = 0, disorder = 0;
		char *p;
		int fd, n;

		truncate_file(arrays[a], "trace");
		snprintf(path, sizeof(path), "%s/trace_marker", arrays[a]);
		fd = open(path, O_WRONLY);
		if (fd < 0) {
			fprintf(stderr, "markers: %s: %s\n", path, strerror(errno));
			bad++;
			continue;
		}
		for (i = 0; i < markers; i++) {
			n = snprintf(line, sizeof(line), "ftt-mw-final-%ld\n", i);
			if (write(fd, line, n) != n) {
				fprintf(stderr, "markers: write %ld to %s: %s\n", i, path, strerror(errno));
				bad++;
				break;
			}
		}
		close(fd);
		snprintf(path, sizeof(path), "%s/trace", arrays[a]);
		if (slurp(path, buf, sizeof(buf)) < 0) {
			fprintf(stderr, "markers: cannot read %s\n", path);
			bad++;
			continue;
		}
		for (p = buf; (p = strstr(p, "tracing_mark_write: ftt-mw-final-")) != NULL; p++) {
			long v = atol(p + 33);

			if (v != next)
				disorder++;
			next = v + 1;
			got++;
		}
		printf("markers %s: %ld written, %ld read, %ld out of order\n",
		       arrays[a], markers, got, disorder);
		if (got != markers || disorder)
			bad++;
	}
	return bad;
}

static const struct option longopts[] = {
	{ "seed", required_argument, NULL, 's' },
	{ "count", required_argument, NULL, 'c' },
	{ "from", required_argument, NULL, 'f' },
	{ "dir", required_argument, NULL, 'd' },
	{ "exclude", required_argument, NULL, 'x' },
	{ "only", required_argument, NULL, 'o' },
	{ "size-cap", required_argument, NULL, 'C' },
	{ "markers", required_argument, NULL, 'm' },
	{ "slab-tol", required_argument, NULL, 'T' },
	{ "free-tol", required_argument, NULL, 'F' },
	{ "stop", no_argument, NULL, 'S' },
	{ "list", no_argument, NULL, 'l' },
	{ NULL, 0, NULL, 0 },
};

static void usage(void)
{
	fprintf(stderr,
		"usage: malformed-writes [--seed S] [--count N] [--from I] [--dir D]\n"
		"         [--exclude SUBSTR]... [--only SUBSTR]... [--size-cap KB]\n"
		"         [--markers N] [--slab-tol KB] [--free-tol KB] [--stop] [-v] [--list]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct mem m0, m1;
	int i, list = 0, bad = 0, r;
	double t0, t;
	long op, nerr, next_report;
	char path[PATH_MAX];

	while ((i = getopt_long(argc, argv, "v", longopts, NULL)) != -1) {
		switch (i) {
		case 'v':
			verbose = 1;
			break;
		case 'S':
			stop_on_warn = 1;
			break;
		case 'l':
			list = 1;
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'c':
			count = atol(optarg);
			break;
		case 'f':
			from = atol(optarg);
			replay = 1;
			break;
		case 'd':
			top = optarg;
			break;
		case 'x':
			if (nexcl < N(excl))
				excl[nexcl++] = optarg;
			break;
		case 'o':
			if (nonly < N(only))
				only[nonly++] = optarg;
			break;
		case 'C':
			size_cap = strtoul(optarg, NULL, 0);
			break;
		case 'm':
			markers = atol(optarg);
			break;
		case 'T':
			slab_tol = atol(optarg);
			break;
		case 'F':
			free_tol = atol(optarg);
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
	if (chdir(top))
		die("%s: %s", top, strerror(errno));
	payload = malloc(MIB + 4096);
	if (!payload)
		die("out of memory");
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < NARR; i++)
		if (mkdir(arrays[i], 0755) && errno != EEXIST)
			die("mkdir %s: %s", arrays[i], strerror(errno));
	walk(".");
	if (!nfiles)
		die("no writable file under %s", top);
	core_idx = calloc(nfiles, sizeof(int));
	ev_idx = calloc(nfiles, sizeof(int));
	for (i = 0; i < nfiles; i++) {
		if (files[i].events)
			ev_idx[nev++] = i;
		else
			core_idx[ncore++] = i;
		nplain += !files[i].events && !files[i].marker;
		nfast += !files[i].events && !files[i].marker && !files[i].slow;
	}
	if (list) {
		for (i = 0; i < nfiles; i++)
			printf("%s\n", files[i].path);
		return 0;
	}
	load_words();
	save_all();
	printf("seed %llu, %s%ld %s from operation %ld, %d files (%d core, %d under events/), size cap %lu KiB\n",
	       (unsigned long long)seed, replay ? "replay of " : "", count,
	       replay ? "operations" : "writes", from, nfiles, ncore, nev, size_cap);

	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg >= 0)
		lseek(kmsg, 0, SEEK_END);
	else
		fprintf(stderr, "no /dev/kmsg (%s): the kernel log is not watched\n", strerror(errno));

	/* The baseline: the same state the end will be measured in. */
	if (restore_all(0))
		bad++;
	quiesce(&m0);

	start_activity();
	arm();
	t0 = now();
	/* Operations until COUNT writes are done (or COUNT operations for a replay). */
	next_report = count / 10;
	for (op = from; stop_on_warn < 2 && (replay ? op < from + count : writes < count); op++) {
		if ((op & 4095) == 4095)
			arm();
		run_op(op);
		if (count >= 100000 && writes >= next_report) {
			fprintf(stderr, "... op %ld, %ld writes, %.0f writes/s\n",
				op, writes, writes / (now() - t0));
			next_report += count / 10;
		}
	}
	t = now() - t0;
	stop_activity();

	printf("operations %ld to %ld: %ld writes in %.1f s (%.0f writes/s): %ld accepted, %ld refused, %ld opens failed\n",
	       from, op - 1, writes, t, t > 0 ? writes / t : 0.0, ok_writes, writes - ok_writes, opens_failed);
	for (i = 0; i < 4096; i++)
		if (errnos[i])
			printf("  errno %s (%d): %ld\n", i ? strerrorname_np(i) : "?", i, errnos[i]);
	printf("instances made with random names: %ld tried, %ld made\n", mkdirs, mkdirs_ok);
	for (i = 0, nerr = 0; i < nfiles; i++)
		nerr += files[i].touched > 0;
	printf("files touched: %ld of %d\n", nerr, nfiles);
	if (verbose)
		for (i = 0; i < nfiles; i++)
			printf("  %6ld %s\n", files[i].touched, files[i].path);
	for (i = 0; i < ninst_left; i++) {
		if (rmdir(inst_left[i])) {
			fprintf(stderr, "FAIL: instance %s left behind\n", inst_left[i]);
			bad++;
		}
	}

	r = restore_all(0);
	if (r) {
		fprintf(stderr, "FAIL: %d settings could not be restored\n", r);
		bad++;
	}
	quiesce(&m1);
	printf("memory before/after (KiB): Slab %ld/%ld, SUnreclaim %ld/%ld (%+ld, tolerance %ld), MemFree %ld/%ld (%+ld, tolerance -%ld)\n",
	       m0.slab, m1.slab, m0.sunreclaim, m1.sunreclaim, m1.sunreclaim - m0.sunreclaim,
	       slab_tol, m0.memfree, m1.memfree, m1.memfree - m0.memfree, free_tol);
	if (m1.sunreclaim - m0.sunreclaim > slab_tol) {
		fprintf(stderr, "FAIL: unreclaimable slab grew by %ld KiB\n", m1.sunreclaim - m0.sunreclaim);
		bad++;
	}
	if (m0.memfree - m1.memfree > free_tol) {
		fprintf(stderr, "FAIL: free memory shrank by %ld KiB\n", m0.memfree - m1.memfree);
		bad++;
	}
	if (markers && check_markers())
		bad++;

	r = scan_kmsg(op, 0);
	complaints += r;
	if (complaints) {
		fprintf(stderr, "FAIL: %ld kernel log complaints\n", complaints);
		bad++;
	}
	for (i = 1; i < NARR; i++) {
		snprintf(path, sizeof(path), "%s", arrays[i]);
		if (rmdir(path))
			fprintf(stderr, "rmdir %s: %s\n", path, strerror(errno));
	}
	printf("%s\n", bad ? "FAILED" : "ok");
	return bad ? 1 : 0;
}
