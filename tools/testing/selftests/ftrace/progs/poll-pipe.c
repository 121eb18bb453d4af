// SPDX-License-Identifier: GPL-2.0
/*
 * poll-pipe FILE TIMEOUT_MS [nonblock]
 *
 * Open FILE (a trace_pipe), poll it for input for at most TIMEOUT_MS and
 * print "ready" or "timeout".  When ready, read once and print the number
 * of bytes read (or the errno name of a failed read) as "read N".  With
 * "nonblock" the file is opened O_NONBLOCK.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	static char buf[65536];
	struct pollfd pfd;
	int flags = O_RDONLY;
	ssize_t n;
	int ret;

	if (argc < 3) {
		fprintf(stderr, "usage: %s FILE TIMEOUT_MS [nonblock]\n", argv[0]);
		return 2;
	}
	if (argc > 3 && !strcmp(argv[3], "nonblock"))
		flags |= O_NONBLOCK;
	pfd.fd = open(argv[1], flags);
	if (pfd.fd < 0) {
		printf("open %s\n", strerrorname_np(errno));
		return 1;
	}
	pfd.events = POLLIN;
	ret = poll(&pfd, 1, atoi(argv[2]));
	if (ret < 0) {
		printf("poll %s\n", strerrorname_np(errno));
		return 1;
	}
	if (ret == 0) {
		printf("timeout\n");
		return 0;
	}
	printf("ready%s\n", (pfd.revents & POLLIN) ? "" : " (no POLLIN)");
	n = read(pfd.fd, buf, sizeof(buf));
	if (n < 0)
		printf("read %s\n", strerrorname_np(errno));
	else
		printf("read %zd\n", n);
	return 0;
}
