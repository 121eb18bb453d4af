// SPDX-License-Identifier: GPL-2.0
/*
 * perf-tp-open: open one tracepoint perf event by its id, the way perf
 * does, and say what the kernel answered.
 *
 *   perf-tp-open [-u UID] [-r] [-a] [-s N] ID
 *
 *   -u UID  drop to this user (and its group) first: no capabilities left
 *   -r      sample raw records (PERF_SAMPLE_RAW), as perf record does;
 *           without it the event only counts, as perf stat does
 *   -a      every task on CPU 0 instead of this task only
 *   -s N    then sleep 1 ms N times with the event enabled, and print
 *           the count ("count=C")
 *
 * Prints "open: ok" or "open: <strerror>" and exits 0 when the open
 * succeeded, 1 when it failed, 2 on a usage or set-up error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct perf_event_attr attr;
	int raw = 0, all = 0, sleeps = -1, opt, fd;
	long uid = -1;
	uint64_t count;

	while ((opt = getopt(argc, argv, "u:ras:")) != -1) {
		switch (opt) {
		case 'u':
			uid = strtol(optarg, NULL, 0);
			break;
		case 'r':
			raw = 1;
			break;
		case 'a':
			all = 1;
			break;
		case 's':
			sleeps = atoi(optarg);
			break;
		default:
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: %s [-u UID] [-r] [-a] [-s N] ID\n", argv[0]);
		return 2;
	}

	if (uid >= 0 && (setresgid(uid, uid, uid) || setresuid(uid, uid, uid))) {
		perror("setresuid");
		return 2;
	}

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = strtoull(argv[optind], NULL, 0);
	attr.disabled = 1;
	if (raw) {
		attr.sample_period = 1;
		attr.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_TIME;
	}

	fd = syscall(SYS_perf_event_open, &attr, all ? -1 : 0, all ? 0 : -1, -1, 0);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	printf("open: ok\n");
	fflush(stdout);

	if (sleeps >= 0) {
		struct timespec ms = { 0, 1000000 };

		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		while (sleeps-- > 0)
			nanosleep(&ms, NULL);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		if (read(fd, &count, sizeof(count)) != sizeof(count)) {
			perror("read");
			return 2;
		}
		printf("count=%llu\n", (unsigned long long)count);
	}
	close(fd);
	return 0;
}
