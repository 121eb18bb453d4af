// SPDX-License-Identifier: GPL-2.0
/*
 * hist-fuzz --dir TRACEFS --seed S --count N [--verdicts FILE] [-v]
 *
 * Writes N generated hist trigger specs to the trigger files of a few
 * events while they fire, and checks what the kernel answers.  Spec I
 * depends only on (S, I) and the events' format files, and what the
 * kernel holds before it depends only on the verdicts before it, so two
 * kernels given the same seed get the same specs: --verdicts FILE writes
 *
 *   I EVENT ERRNO [LINE]
 *
 * per spec (LINE: the event's last hist trigger line after an accepted
 * write), for comparing two kernels; --short FILE writes the same in the
 * form test.d/trigger/hist-fuzz-upstream.ref keeps: "v I CHARS", the
 * verdicts of specs I to I+99 one character each (a accepted, i EINVAL,
 * n ENOENT, x EEXIST, p EPERM, ? another errno, - no such event), then
 * "h I HASH" for each accepted spec I, the FNV-1a hash of its LINE.
 *
 * What is written: specs built from the event's fields and the special
 * ones (common_pid, common_cpu, cpu, common_stacktrace, hitcount) with
 * every modifier, one to four keys, zero to three values, sort lists with
 * good and bad fields and directions, sizes in and out of range, names,
 * pause/cont/clear/nohitcount, filters good and broken, and then, for
 * a third of them, damage: a cut at a random byte, a character
 * dropped, doubled or replaced, a token doubled or emptied, '!' in front.
 * No variables or expressions are made (damage that would make a
 * NAME=VALUE token upstream reads as a variable is undone, and '+', '-',
 * '*', '/' and '$' are never inserted), so both kernels read the same
 * grammar.
 * Every few specs the event's hist triggers are removed with an O_TRUNC
 * open, and now and then its hist file is read.
 *
 * Checked: every refusal carries EINVAL, ENOENT, EEXIST, ENOSPC, E2BIG,
 * EPERM or ERANGE (never ENOMEM, EFAULT or anything else); an accepted
 * spec shows in the trigger file; at the end every trigger file reads
 * "# Available triggers" again and SUnreclaim comes back within
 * --slab-tol KiB.  Exit status 0 when everything held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROG_NAME "hist-fuzz"
#include "prog-util.h"

#define MAXF		48
#define SPEC_MAX	1024

struct event {
	const char *sys, *name;
	char trigger[512], hist[512];
	char field[MAXF][64];
	int nf, present;
	long written, accepted;
};

static struct event events[] = {
	{ .sys = "sched", .name = "sched_process_fork" },
	{ .sys = "sched", .name = "sched_switch" },
	{ .sys = "kmem", .name = "kmalloc" },
	{ .sys = "sched", .name = "sched_process_exec" },
	{ .sys = "ftrace", .name = "print" },
};
#define NR_EVENTS (sizeof(events) / sizeof(events[0]))

static const char * const specials[] = {
	"common_pid", "common_cpu", "cpu", "common_stacktrace", "hitcount",
	"common_flags", "comm", "nosuchfield",
};
static const char * const mods[] = {
	"hex", "sym", "sym-offset", "execname", "syscall", "log2", "usecs",
	"percent", "graph", "stacktrace", "buckets=10", "bucket=0x40",
	"buckets=0", "buckets", "junk", "", "percentage",
};
static const char * const dirs[] = { "ascending", "descending", "up", "" };
static const char * const words[] = {
	"pause", "cont", "continue", "clear", "nohitcount", "NOHC", "junk", "",
	"5", "keys", "clock=global",
};

static char dir[256];
static FILE *shortf;
static char vchars[101];
static long vstart;
static char (*hashes)[32];
static long nhashes;
static int verbose;
static long refused[256];

/* The fields of an event, from its format file. */
static void load_fields(struct event *e)
{
	char path[512], buf[16384], *p, *semi, *name;

	snprintf(path, sizeof(path), "%s/events/%s/%s/format", dir, e->sys, e->name);
	if (slurp(path, buf, sizeof(buf)) < 0)
		return;
	e->present = 1;
	snprintf(e->trigger, sizeof(e->trigger), "%s/events/%s/%s/trigger", dir,
		 e->sys, e->name);
	snprintf(e->hist, sizeof(e->hist), "%s/events/%s/%s/hist", dir, e->sys, e->name);
	for (p = strstr(buf, "field:"); p && e->nf < MAXF; p = strstr(p + 1, "field:")) {
		semi = strchr(p, ';');
		if (!semi)
			break;
		*semi = 0;
		name = strrchr(p, ' ');
		name = name ? name + 1 : p + 6;
		if (strchr(name, '['))
			*strchr(name, '[') = 0;
		snprintf(e->field[e->nf++], 64, "%s", name);
		*semi = ';';
	}
}

static int add(char *s, int len, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (len >= SPEC_MAX - 1)
		return len;
	va_start(ap, fmt);
	n = vsnprintf(s + len, SPEC_MAX - len, fmt, ap);
	va_end(ap);
	return len + n < SPEC_MAX ? len + n : SPEC_MAX - 1;
}

static const char *pick_field(struct event *e)
{
	if (!e->nf || chance(15))
		return specials[below(sizeof(specials) / sizeof(specials[0]))];
	return e->field[below(e->nf)];
}

static int add_col(char *s, int len, struct event *e)
{
	len = add(s, len, "%s", pick_field(e));
	if (chance(25))
		len = add(s, len, ".%s", mods[below(sizeof(mods) / sizeof(mods[0]))]);
	return len;
}

static int add_list(char *s, int len, struct event *e, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		if (i)
			len = add(s, len, ",");
		len = add_col(s, len, e);
	}
	return len;
}

/*
 * Would upstream read a token of @s as a variable (NAME=...)?  Damage
 * that makes one is undone: variables are not part of what is compared.
 */
static int var_like(const char *s)
{
	static const char * const attrs[] = {
		"key=", "keys=", "val=", "vals=", "values=", "sort=", "size=",
		"name=", "clock=",
	};
	char buf[SPEC_MAX + 2], *p, *tok, *cut;
	unsigned int i;

	snprintf(buf, sizeof(buf), "%s", s);
	cut = strstr(buf, "if");
	if (cut)
		*cut = 0;
	p = strpbrk(buf, ": \t");
	while (p && (tok = strsep(&p, ":"))) {
		if (!strchr(tok, '='))
			continue;
		for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
			if (!strncmp(tok, attrs[i], strlen(attrs[i])))
				break;
		if (i == sizeof(attrs) / sizeof(attrs[0]))
			return 1;
	}
	return 0;
}

/* Spec I for event E. */
static void make_spec(struct event *e, char *s)
{
	char undamaged[SPEC_MAX + 1];
	int len = 0, i, n;

	if (chance(3))
		len = add(s, len, "!");
	len = add(s, len, chance(3) ? "hist " : "hist:");
	if (chance(5))
		len = add(s, len, "name=n%d:", (int)below(3));
	if (!chance(5)) {
		len = add(s, len, chance(10) ? "key=" : "keys=");
		len = add_list(s, len, e, chance(5) ? 4 : 1 + below(3));
	}
	if (chance(50)) {
		len = add(s, len, chance(10) ? ":values=" : ":vals=");
		n = below(4);
		if (chance(30))
			len = add(s, len, "hitcount%s", n ? "," : "");
		len = add_list(s, len, e, n);
	}
	if (chance(40)) {
		len = add(s, len, ":sort=");
		n = chance(10) ? 3 : 1 + below(2);
		for (i = 0; i < n; i++) {
			len = add(s, len, "%s%s", i ? "," : "",
				  chance(30) ? "hitcount" : pick_field(e));
			if (chance(40))
				len = add(s, len, ".%s", dirs[below(4)]);
		}
	}
	if (chance(20)) {
		static const char * const sizes[] = {
			"128", "100", "2048", "0x800", "131072", "262144", "64",
			"0", "-1", "abc", "",
		};
		len = add(s, len, ":size=%s", sizes[below(11)]);
	}
	n = chance(20) ? 1 + below(2) : 0;
	for (i = 0; i < n; i++)
		len = add(s, len, ":%s", words[below(sizeof(words) / sizeof(words[0]))]);
	if (chance(20)) {
		static const char * const filters[] = {
			" if common_pid > 0", " if common_pid != 1", " if", " ifx",
			" if nosuch == 1", " if common_pid > ", "\tif\tcommon_cpu < 8",
			" if common_pid == 0 && common_cpu < 64",
		};
		len = add(s, len, "%s", filters[below(8)]);
	}
	s[len] = 0;
	memcpy(undamaged, s, len + 1);
	/* Damage, a third of the time. */
	if (chance(33) && len > 6) {
		static const char safe[] = "abcdefghijklmnopqrstuvwxyz_0123456789.,: ";
		int at = 1 + below(len - 1);

		switch (below(5)) {
		case 0:		/* cut */
			len = at;
			break;
		case 1:		/* drop a character */
			memmove(s + at, s + at + 1, len - at);
			len--;
			break;
		case 2:		/* double a character */
			if (len < SPEC_MAX - 2) {
				memmove(s + at + 1, s + at, len - at + 1);
				len++;
			}
			break;
		case 3:		/* replace one */
			s[at] = safe[below(sizeof(safe) - 1)];
			break;
		default:	/* an empty token */
			if (len < SPEC_MAX - 2) {
				memmove(s + at + 1, s + at, len - at + 1);
				s[at] = ':';
				len++;
			}
			break;
		}
	}
	s[len] = 0;
	if (var_like(s))
		memcpy(s, undamaged, strlen(undamaged) + 1);
}

/* O_TRUNC open: the hist triggers of E go. */
static void truncate_hist(struct event *e)
{
	int fd = open(e->trigger, O_WRONLY | O_TRUNC);

	if (fd >= 0)
		close(fd);
}

static int write_spec(struct event *e, const char *s)
{
	int fd = open(e->trigger, O_WRONLY | O_APPEND), ret = 0;

	if (fd < 0)
		die("open %s: %m", e->trigger);
	if (write(fd, s, strlen(s)) < 0)
		ret = errno;
	close(fd);
	return ret;
}

/* The last hist line of E's trigger file, into line (may be empty). */
static void last_hist_line(struct event *e, char *line, int size)
{
	char buf[65536], *p, *nl, *last = NULL;

	line[0] = 0;
	if (slurp(e->trigger, buf, sizeof(buf)) < 0)
		return;
	for (p = buf; p && *p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		if (!strncmp(p, "hist:", 5))
			last = p;
	}
	if (last)
		snprintf(line, size, "%.*s", size - 1, last);
}

static long sunreclaim(void)
{
	char buf[8192], *p;

	if (slurp("/proc/meminfo", buf, sizeof(buf)) < 0)
		return -1;
	p = strstr(buf, "SUnreclaim:");
	return p ? atol(p + 11) : -1;
}

/* Forks, execs and trace_marker writes, so that the events fire. */
static pid_t start_activity(void)
{
	char path[512];
	pid_t pid = fork();

	if (pid)
		return pid;
	snprintf(path, sizeof(path), "%s/trace_marker", dir);
	for (;;) {
		int fd = open(path, O_WRONLY);
		pid_t c;

		if (fd >= 0) {
			ssize_t n = write(fd, "hist-fuzz", 9);

			(void)n;
			close(fd);
		}
		c = fork();
		if (!c) {
			if (chance(20))
				execl("/bin/true", "true", (char *)NULL);
			_exit(0);
		}
		if (c > 0)
			waitpid(c, NULL, 0);
		sleep_ms(2);
	}
}

static uint32_t fnv1a(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* One spec's verdict in the short form. */
static void short_verdict(long i, int present, int err, const char *line)
{
	char c;

	if (!shortf)
		return;
	if (i % 100 == 0) {
		if (vchars[0])
			fprintf(shortf, "v %ld %s\n", vstart, vchars);
		vstart = i;
		vchars[0] = 0;
	}
	c = !present ? '-' : !err ? 'a' : err == EINVAL ? 'i' : err == ENOENT ? 'n' :
	    err == EEXIST ? 'x' : err == EPERM ? 'p' : '?';
	vchars[strlen(vchars) + 1] = 0;
	vchars[strlen(vchars)] = c;
	if (present && !err)
		snprintf(hashes[nhashes++], sizeof(hashes[0]), "h %ld %08x", i,
			 fnv1a(line));
}

static int allowed(int err)
{
	return err == EINVAL || err == ENOENT || err == EEXIST ||
	       err == ENOSPC || err == E2BIG || err == EPERM || err == ERANGE;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", 1, NULL, 'd' }, { "seed", 1, NULL, 's' },
		{ "count", 1, NULL, 'c' }, { "verdicts", 1, NULL, 'V' },
		{ "slab-tol", 1, NULL, 't' }, { "short", 1, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	long seed = 1, count = 1000, i, bad = 0, slab_tol = 2048, slab0, slab1;
	char spec[SPEC_MAX + 2], line[SPEC_MAX * 2], buf[4096];
	FILE *verdicts = NULL;
	unsigned int k;
	double t0 = now();
	pid_t act;
	int c, err;

	while ((c = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			snprintf(dir, sizeof(dir), "%s", optarg);
			break;
		case 's':
			seed = atol(optarg);
			break;
		case 'c':
			count = atol(optarg);
			break;
		case 'V':
			verdicts = fopen(optarg, "w");
			if (!verdicts)
				die("cannot write %s", optarg);
			break;
		case 't':
			slab_tol = atol(optarg);
			break;
		case 'S':
			shortf = fopen(optarg, "w");
			if (!shortf)
				die("cannot write %s", optarg);
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			die("bad option");
		}
	}
	if (!dir[0])
		die("--dir is required");
	hashes = calloc(count + 1, sizeof(*hashes));
	if (!hashes)
		die("out of memory");
	for (k = 0; k < NR_EVENTS; k++) {
		load_fields(&events[k]);
		if (events[k].present)
			truncate_hist(&events[k]);
	}
	slab0 = sunreclaim();
	act = start_activity();

	for (i = 0; i < count; i++) {
		struct event *e;

		rs = (uint64_t)seed * 0x100000001b3ULL + (uint64_t)i * 0x9e3779b97f4a7c15ULL;
		e = &events[below(NR_EVENTS)];
		make_spec(e, spec);
		if (!e->present) {
			if (verdicts)
				fprintf(verdicts, "%ld %s absent\n", i, e->name);
			short_verdict(i, 0, 0, "");
			continue;
		}
		strcat(spec, "\n");
		err = write_spec(e, spec);
		spec[strlen(spec) - 1] = 0;
		e->written++;
		line[0] = 0;
		if (!err) {
			e->accepted++;
			last_hist_line(e, line, sizeof(line));
			if (spec[0] != '!' && !line[0] && strstr(spec, "hist")) {
				printf("spec %ld accepted but no hist line: %s\n", i, spec);
				bad++;
			}
		} else {
			refused[err & 255]++;
			if (!allowed(err)) {
				printf("spec %ld on %s refused with %s: %s\n", i, e->name,
				       strerror(err), spec);
				bad++;
			}
		}
		if (verbose)
			printf("%ld %s %d %s -> %s\n", i, e->name, err, spec, line);
		if (verdicts)
			fprintf(verdicts, "%ld %s %d %s\n", i, e->name, err, line);
		short_verdict(i, 1, err, line);
		if (chance(10))
			slurp(e->hist, buf, sizeof(buf));
		if (chance(30))
			truncate_hist(e);
	}
	kill(act, SIGKILL);
	waitpid(act, NULL, 0);

	for (k = 0; k < NR_EVENTS; k++) {
		struct event *e = &events[k];

		if (!e->present)
			continue;
		truncate_hist(e);
		/* enable_hist and the like are never made: nothing else stays. */
		if (slurp(e->trigger, buf, sizeof(buf)) < 0 ||
		    strncmp(buf, "# Available triggers", 20)) {
			printf("%s keeps triggers after the run:\n%s\n", e->name, buf);
			bad++;
		}
		printf("%-20s written %6ld accepted %6ld\n", e->name, e->written,
		       e->accepted);
	}
	for (k = 0; k < 256; k++)
		if (refused[k])
			printf("refused with %-24s %ld\n", strerror(k), refused[k]);
	sleep_ms(200);	/* let RCU free the last triggers */
	slab1 = sunreclaim();
	printf("SUnreclaim %ld -> %ld KiB\n", slab0, slab1);
	if (slab0 >= 0 && slab1 - slab0 > slab_tol) {
		printf("unreclaimable slab grew by %ld KiB (tolerance %ld)\n",
		       slab1 - slab0, slab_tol);
		bad++;
	}
	printf("%ld specs in %.1f s, %ld problems\n", count, now() - t0, bad);
	if (verdicts)
		fclose(verdicts);
	if (shortf) {
		if (vchars[0])
			fprintf(shortf, "v %ld %s\n", vstart, vchars);
		for (i = 0; i < nhashes; i++)
			fprintf(shortf, "%s\n", hashes[i]);
		fclose(shortf);
	}
	return bad ? 1 : 0;
}
