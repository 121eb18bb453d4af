// SPDX-License-Identifier: GPL-2.0
/*
 * syscall-loop: a syscall-heavy loop for `make bench` (function-all): the
 * same mix of short system calls over and over, on one CPU, for a fixed
 * time.  One round is getppid(), a stat() of "/", a one-byte read of
 * /dev/zero and a close() of a bad descriptor: each enters the kernel,
 * walks a handful of functions and leaves.
 *
 *   syscall-loop CPU MS
 *
 * prints "rounds=N duration_ns=T ns_per_round=X".
 */
#define _GNU_SOURCE
#define PROG_NAME "syscall-loop"
#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/stat.h>
#include "prog-util.h"

int main(int argc, char **argv)
{
	unsigned long long rounds = 0;
	double t0, t, end;
	struct stat st;
	cpu_set_t set;
	char c;
	int fd, i;

	if (argc != 3)
		die("usage: syscall-loop CPU MS");
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[1]), &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity: %s", strerror(errno));
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0)
		die("/dev/zero: %s", strerror(errno));
	t0 = now();
	end = t0 + atoi(argv[2]) / 1000.0;
	do {
		for (i = 0; i < 64; i++) {
			getppid();
			stat("/", &st);
			if (read(fd, &c, 1) != 1)
				die("read: %s", strerror(errno));
			close(-1);
		}
		rounds += 64;
		t = now();
	} while (t < end);
	printf("rounds=%llu duration_ns=%.0f ns_per_round=%.3f\n",
	       rounds, (t - t0) * 1e9, (t - t0) * 1e9 / rounds);
	return 0;
}
