// SPDX-License-Identifier: GPL-2.0
/*
 * filter-swap FILE COUNT
 *
 * Writes COUNT filters to an event's filter FILE, one write(2) each at
 * offset 0 of one open file: valid ones that differ each time, and every
 * seventh a refused one.  Prints "accepted A refused R seconds S" and
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
	struct timespec t0, t1;
	char buf[256];
	int fd, len;

	if (argc != 3) {
		fprintf(stderr, "usage: filter-swap FILE COUNT\n");
		return 2;
	}
	count = atol(argv[2]);
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < count; i++) {
		if (i % 7 == 6)
			len = snprintf(buf, sizeof(buf), "common_pid == %ld &&", i);
		else
			len = snprintf(buf, sizeof(buf),
				       "common_pid != %ld || (common_pid < %ld && common_flags & 1)",
				       i, i / 2);
		if (pwrite(fd, buf, len, 0) == len) {
			accepted++;
			if (i % 7 == 6)
				wrong++;
		} else {
			refused++;
			if (i % 7 != 6 || errno != EINVAL)
				wrong++;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	pwrite(fd, "0", 1, 0);
	close(fd);
	printf("accepted %ld refused %ld seconds %ld\n", accepted, refused,
	       (long)(t1.tv_sec - t0.tv_sec));
	return wrong ? 1 : 0;
}
