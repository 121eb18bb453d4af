// SPDX-License-Identifier: GPL-2.0
/*
 * filter-swap FILE COUNT [valid]
 *
 * Writes COUNT filters to an event's filter FILE, one write(2) each at
 * offset 0 of one open file: valid ones that differ each time, and every
 * seventh a refused one (as upstream does, a refused filter leaves the
 * event unfiltered until the next good one); with "valid", no refused
 * ones.  Every valid filter keeps sched_process_exec records of a file
 * whose name ends in "true" and drops the rest, so in a "valid" run a
 * record of anything else kept meanwhile was let through by no filter.
 * The last filter written stays in force.  Prints "accepted A refused R seconds S" and
 * exits 1 when a valid filter was refused or a bad one accepted.  A
 * filter swap that waited for an RCU grace period would make this take
 * minutes; swaps that defer the free take a few seconds.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long count, i, accepted = 0, refused = 0, wrong = 0;
	int valid_only;
	struct timespec t0, t1;
	char buf[256];
	int fd, len;

	if (argc != 3 && !(argc == 4 && !strcmp(argv[3], "valid"))) {
		fprintf(stderr, "usage: filter-swap FILE COUNT [valid]\n");
		return 2;
	}
	valid_only = argc == 4;
	count = atol(argv[2]);
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < count; i++) {
		if (i % 7 == 6 && !valid_only)
			len = snprintf(buf, sizeof(buf), "common_pid == %ld &&", i);
		else
			len = snprintf(buf, sizeof(buf),
				       "filename ~ \"*true\" && (common_pid != %ld || common_flags & %ld)",
				       i, 1 + i % 2);
		if (pwrite(fd, buf, len, 0) == len) {
			accepted++;
			if (i % 7 == 6 && !valid_only)
				wrong++;
		} else {
			refused++;
			if (i % 7 != 6 || valid_only || errno != EINVAL)
				wrong++;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	close(fd);
	printf("accepted %ld refused %ld seconds %ld\n", accepted, refused,
	       (long)(t1.tv_sec - t0.tv_sec));
	return wrong ? 1 : 0;
}
