// SPDX-License-Identifier: GPL-2.0
/*
 * filter-pread FILE SECONDS KALLSYMS
 *
 * One file of set_ftrace_filter (or set_ftrace_notrace) open for reading
 * and writing: the main thread writes glob after glob into it, each one
 * growing the set the file holds (the kernel may then move the set to a
 * bigger allocation and free the old one), while a second thread, a
 * real-time one on the same CPU, lists the file with pread(2) at offset 0.
 * pread() does not wait for the file position lock that write() holds, so
 * the listing runs whenever the writer lets go of the function tracer's
 * lock, which is when a freed set would be read if the listing kept a
 * pointer to it.  Every SETS words the file is opened again with O_TRUNC;
 * the last round's words are left in the set.
 *
 * Every listing read is checked line by line: each complete line must be
 * a comment or a function the kernel has, "name" or "name [module]" as
 * /proc/kallsyms (the third argument) spells its text symbols, so a
 * listing built from a freed set, or one that mangles names, fails even on
 * a kernel without KASAN.  (kallsyms, not available_filter_functions: that
 * file is printed by the same code as the listing.)
 *
 * Prints "writes W reads R lines L" and exits 1 when a write or a read
 * failed or a listing held a line that is no function.  The console
 * (KASAN, with the debug kernel) is the other half of the check.
 */
#define _GNU_SOURCE
#define PROG_NAME "filter-pread"
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#include "prog-util.h"

static const char *const words[] = {
	"vfs_*", "sched*", "*lock*", "*rcu*", "*irq*", "*page*", "*alloc*",
	"*free*", "*time*", "*work*",
};
#define SETS	(sizeof(words) / sizeof(words[0]))

static int fd;
static volatile int stop;
static long reads, read_errors, lines, bad_lines;

/* The text symbols of kallsyms, as a listing prints them, sorted for bsearch(). */
static char **names;
static size_t nnames;

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load_names(const char *path)
{
	static char line[512], name[512];
	char type, mod[256];
	size_t cap = 0;
	FILE *f = fopen(path, "r");
	int n;

	if (!f)
		die("%s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		/* "ADDRESS TYPE NAME" or "ADDRESS TYPE NAME\t[MODULE]" */
		mod[0] = 0;
		n = sscanf(line, "%*s %c %511s [%255[^]]]", &type, name, mod);
		if (n < 2 || !strchr("tTwW", type))
			continue;
		if (mod[0])
			snprintf(line, sizeof(line), "%.250s [%.250s]", name, mod);
		else
			snprintf(line, sizeof(line), "%.500s", name);
		if (nnames == cap) {
			cap = cap ? 2 * cap : 4096;
			names = realloc(names, cap * sizeof(*names));
			if (!names)
				die("out of memory");
		}
		names[nnames] = strdup(line);
		if (!names[nnames++])
			die("out of memory");
	}
	fclose(f);
	if (!nnames)
		die("%s is empty", path);
	qsort(names, nnames, sizeof(*names), cmp_name);
}

/* Check the complete lines of one listing; a cut last line is left out. */
static void check_listing(char *buf, ssize_t len)
{
	char *p = buf, *end = buf + len, *nl, *key;

	for (; p < end && (nl = memchr(p, '\n', end - p)); p = nl + 1) {
		*nl = 0;
		lines++;
		if (*p == '#')
			continue;
		key = p;
		if (bsearch(&key, names, nnames, sizeof(*names), cmp_name))
			continue;
		if (bad_lines++ < 3)
			fprintf(stderr, "filter-pread: listing line %ld is no function: '%.80s'\n",
				lines, p);
	}
}

static void *reader(void *arg)
{
	static char buf[1 << 16];
	struct sched_param sp = { .sched_priority = 10 };
	ssize_t len;

	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp))
		fprintf(stderr, "filter-pread: no SCHED_FIFO, reading anyway\n");
	while (!stop) {
		/* dup2() replaces the file under fd at once: always open. */
		len = pread(fd, buf, sizeof(buf), 0);
		if (len < 0)
			read_errors++;
		else
			check_listing(buf, len);
		reads++;
		usleep(20);
	}
	return NULL;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

int main(int argc, char **argv)
{
	long writes = 0, write_errors = 0;
	double end;
	pthread_t t;
	size_t i;
	int nfd;

	if (argc != 4)
		die("usage: filter-pread FILE SECONDS KALLSYMS");
	load_names(argv[3]);
	pin(0);
	fd = open(argv[1], O_RDWR | O_TRUNC);
	if (fd < 0)
		die("%s: %s", argv[1], strerror(errno));
	if (pthread_create(&t, NULL, reader, NULL))
		die("pthread_create failed");
	end = now() + atoi(argv[2]);
	for (;;) {
		for (i = 0; i < SETS; i++) {
			size_t len = strlen(words[i]);

			if (write(fd, words[i], len) != (ssize_t)len ||
			    write(fd, " ", 1) != 1)
				write_errors++;
			writes++;
		}
		/* The last round's words stay in the file's set. */
		if (now() >= end)
			break;
		/* The next round starts from an empty set again. */
		nfd = open(argv[1], O_RDWR | O_TRUNC);
		if (nfd < 0)
			die("%s: %s", argv[1], strerror(errno));
		/* dup2() swaps the open file under the reader's number. */
		dup2(nfd, fd);
		close(nfd);
	}
	stop = 1;
	pthread_join(t, NULL);
	close(fd);
	printf("writes %ld reads %ld lines %ld\n", writes, reads, lines);
	if (write_errors || read_errors || bad_lines) {
		fprintf(stderr, "filter-pread: %ld writes and %ld reads failed, %ld lines no function\n",
			write_errors, read_errors, bad_lines);
		return 1;
	}
	return 0;
}
