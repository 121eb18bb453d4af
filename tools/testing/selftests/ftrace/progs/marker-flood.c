// SPDX-License-Identifier: GPL-2.0
/*
 * marker-flood [-n COUNT] [-d TRACEFS_DIR] [-t TIMEOUT_S]
 *
 * One process writes COUNT markers "ftt-flood-NNNNNNNNN" to trace_marker,
 * one write(2) each, while a second process reads trace_pipe.  The reader
 * checks that every marker arrives exactly once and in order.  The writer
 * runs on CPU 0 and the reader on CPU 1 when there are two CPUs.
 *
 * Prints the writer's rate (markers/s) and the end-to-end rate; exits 0
 * only when the reader got all COUNT markers, in order, with no
 * duplicate and no gap, and every write succeeded.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TAG "ftt-flood-"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void pin(int cpu)
{
	cpu_set_t set;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* The reader: returns 0 when all COUNT markers came, once each, in order. */
static int consume(const char *dir, long count, int timeout_s, int ready_fd)
{
	static char buf[1 << 20];
	long expect = 0, bad_lines = 0, foreign = 0;
	char path[4096], *line;
	size_t have = 0;
	int fd;

	pin(1);
	snprintf(path, sizeof(path), "%s/trace_pipe", dir);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		fprintf(stderr, "reader: %s: %s\n", path, strerror(errno));
		return 2;
	}
	if (write(ready_fd, "r", 1) != 1)
		return 2;
	close(ready_fd);

	while (expect < count) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		ssize_t n;
		char *end;

		if (poll(&pfd, 1, timeout_s * 1000) == 0) {
			fprintf(stderr, "reader: nothing for %d s\n", timeout_s);
			break;
		}
		n = read(fd, buf + have, sizeof(buf) - 1 - have);
		if (n < 0 && errno == EAGAIN)
			continue;
		if (n <= 0) {
			fprintf(stderr, "reader: read: %s\n", n ? strerror(errno) : "EOF");
			break;
		}
		have += n;
		buf[have] = '\0';
		line = buf;
		while ((end = strchr(line, '\n'))) {
			char *tag;

			*end = '\0';
			tag = strstr(line, "tracing_mark_write: " TAG);
			if (!tag) {
				foreign++;
			} else {
				char *num = tag + strlen("tracing_mark_write: " TAG), *stop;
				long v = strtol(num, &stop, 10);

				if (*stop || stop == num) {
					if (bad_lines++ < 5)
						fprintf(stderr, "reader: malformed line: %s\n", line);
				} else if (v != expect) {
					fprintf(stderr, "reader: got marker %ld, expected %ld (%s)\n",
						v, expect, v < expect ? "duplicate or reordered" : "lost");
					return 1;
				} else {
					expect++;
				}
			}
			line = end + 1;
		}
		have -= line - buf;
		memmove(buf, line, have);
	}
	printf("reader: %ld of %ld markers, in order, none twice; %ld malformed, %ld other lines\n",
	       expect, count, bad_lines, foreign);
	fflush(stdout);
	return expect == count && !bad_lines ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *dir = "/sys/kernel/tracing";
	long count = 1000000, i, failed = 0;
	int timeout_s = 30, opt, fd, status, sync[2];
	double t0, t1, t2;
	char path[4096];
	pid_t child;

	while ((opt = getopt(argc, argv, "n:d:t:")) != -1) {
		switch (opt) {
		case 'n':
			count = atol(optarg);
			break;
		case 'd':
			dir = optarg;
			break;
		case 't':
			timeout_s = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: %s [-n COUNT] [-d DIR] [-t TIMEOUT_S]\n", argv[0]);
			return 2;
		}
	}
	if (pipe(sync))
		return 2;
	child = fork();
	if (child < 0)
		return 2;
	if (!child) {
		close(sync[0]);
		_exit(consume(dir, count, timeout_s, sync[1]));
	}
	close(sync[1]);
	if (read(sync[0], path, 1) != 1) {
		waitpid(child, &status, 0);
		fprintf(stderr, "the reader did not start\n");
		return 2;
	}

	pin(0);
	snprintf(path, sizeof(path), "%s/trace_marker", dir);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		kill(child, 9);
		return 2;
	}
	t0 = now();
	for (i = 0; i < count; i++) {
		char msg[64];
		int len = snprintf(msg, sizeof(msg), TAG "%09ld\n", i);

		if (write(fd, msg, len) != len) {
			if (failed++ < 5)
				fprintf(stderr, "writer: marker %ld: %s\n", i, strerror(errno));
		}
	}
	t1 = now();
	close(fd);
	waitpid(child, &status, 0);
	t2 = now();
	printf("writer: %ld markers in %.2f s: %.0f markers/s; %ld writes failed\n",
	       count, t1 - t0, count / (t1 - t0), failed);
	printf("end to end: %.2f s: %.0f markers/s\n", t2 - t0, count / (t2 - t0));
	if (failed || !WIFEXITED(status) || WEXITSTATUS(status))
		return 1;
	printf("PASS\n");
	return 0;
}
