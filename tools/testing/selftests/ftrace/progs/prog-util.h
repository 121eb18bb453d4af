/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers the programs of progs/ share: a seeded generator, a clock, the
 * fatal-error exit and the small-file reader.  Each program keeps a single
 * generator state, rs, that it seeds as it needs (per operation, per
 * process...): a run is then replayable from its seed alone.
 *
 * Define PROG_NAME (the prefix of die()'s message) before including this.
 */
#ifndef FTT_PROG_UTIL_H
#define FTT_PROG_UTIL_H

#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#ifndef PROG_NAME
#error "define PROG_NAME before including prog-util.h"
#endif

/* Seconds on the monotonic clock. */
static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The generator's state: splitmix64, so any value of it is a good seed. */
static uint64_t rs;

static inline uint64_t rnd(void)
{
	uint64_t z = (rs += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A number in [0, n); 0 when n is 0. */
static inline unsigned long below(unsigned long n)
{
	return n ? rnd() % n : 0;
}

/* True pct times in a hundred. */
static inline int chance(int pct)
{
	return (int)below(100) < pct;
}

static inline void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Print "PROG_NAME: message" and exit with status 2 (a broken setup). */
static inline __attribute__((noreturn, format(printf, 1, 2)))
void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, PROG_NAME ": ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(2);
}

/*
 * Read a small file whole into buf (NUL-terminated, at most size - 1
 * bytes); its length, or -1 when it cannot be opened.
 */
static inline int slurp(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), n, got = 0;

	if (fd < 0)
		return -1;
	while (got < size - 1 && (n = read(fd, buf + got, size - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = 0;
	return got;
}

#endif /* FTT_PROG_UTIL_H */
