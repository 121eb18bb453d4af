// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat-user: be the timerlat workload of one CPU, as rtla's user
 * threads are: pin to the CPU, open its timerlat_fd and read it.
 *
 *   timerlat-user [-u] [-r N] [-w] [-a US] FILE CPU
 *
 *   -u    do not pin first (the open must then fail with EPERM)
 *   -r N  read N times (default 10); each read must return 0
 *   -w    after the reads, wait with the file open until killed
 *   -a US before every other read, arm a signal (SIGALRM, caught) to
 *         come US microseconds later: that wait is cut short
 *
 * Prints "open: ok" or "open: <strerror>", then "reads: N" (how many
 * reads returned 0) or "read: <strerror>" for the first that did not.
 * Exits 0 when everything asked succeeded, 1 when the kernel refused,
 * 2 on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static void on_alarm(int sig)
{
}

int main(int argc, char **argv)
{
	int pin = 1, wait = 0, reads = 10, alarm_us = 0, opt, fd, cpu, i;
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = {};
	cpu_set_t set;
	char c;

	while ((opt = getopt(argc, argv, "ur:wa:")) != -1) {
		switch (opt) {
		case 'u':
			pin = 0;
			break;
		case 'r':
			reads = atoi(optarg);
			break;
		case 'w':
			wait = 1;
			break;
		case 'a':
			alarm_us = atoi(optarg);
			break;
		default:
			return 2;
		}
	}
	if (optind + 2 != argc) {
		fprintf(stderr, "usage: timerlat-user [-u] [-r N] [-w] [-a US] FILE CPU\n");
		return 2;
	}
	cpu = atoi(argv[optind + 1]);
	if (pin) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("sched_setaffinity");
			return 2;
		}
	}
	fd = open(argv[optind], O_RDONLY);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	printf("open: ok\n");
	fflush(stdout);
	/* No SA_RESTART: the signal ends the wait. */
	if (alarm_us && sigaction(SIGALRM, &sa, NULL)) {
		perror("sigaction");
		return 2;
	}
	for (i = 0; i < reads; i++) {
		if (alarm_us && i % 2) {
			it.it_value.tv_usec = alarm_us;
			setitimer(ITIMER_REAL, &it, NULL);
		}
		if (read(fd, &c, 1) != 0) {
			printf("read: %s\n", strerror(errno));
			return 1;
		}
	}
	printf("reads: %d\n", i);
	fflush(stdout);
	while (wait)
		pause();
	close(fd);
	return 0;
}
