// SPDX-License-Identifier: GPL-2.0
/*
 * raw-pages FILE SUBBUF_SIZE read|splice [TEXT]
 *
 * Drain a per_cpu/cpuN/trace_pipe_raw file without blocking, one
 * sub-buffer at a time, with read(2) or with splice(2) through a pipe.
 * Every chunk must be exactly SUBBUF_SIZE bytes and start with the
 * sub-buffer header: a u64 timestamp and a commit word whose low 20 bits
 * are the length of the data that follows.  Prints
 *	pages N bytes B found F
 * where B is the sum of the data lengths and F the number of sub-buffers
 * holding TEXT.  Exits 1 on a malformed chunk.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define COMMIT_MASK	((1UL << 20) - 1)

static ssize_t get_chunk(int fd, int *pfd, char *buf, size_t size, int use_splice)
{
	ssize_t n, got = 0;

	if (!use_splice)
		return read(fd, buf, size);
	n = splice(fd, NULL, pfd[1], NULL, size, SPLICE_F_NONBLOCK);
	if (n <= 0)
		return n;
	while (got < n) {
		ssize_t r = read(pfd[0], buf + got, n - got);

		if (r <= 0)
			return -1;
		got += r;
	}
	return got;
}

int main(int argc, char **argv)
{
	long pages = 0, bytes = 0, found = 0;
	int pfd[2] = { -1, -1 };
	const char *text;
	size_t size;
	int use_splice;
	char *buf;
	int fd;

	if (argc < 4) {
		fprintf(stderr, "usage: %s FILE SUBBUF_SIZE read|splice [TEXT]\n", argv[0]);
		return 2;
	}
	size = strtoul(argv[2], NULL, 0);
	use_splice = !strcmp(argv[3], "splice");
	text = argc > 4 ? argv[4] : NULL;
	buf = malloc(size);
	fd = open(argv[1], O_RDONLY | O_NONBLOCK);
	if (!buf || fd < 0) {
		perror(argv[1]);
		return 2;
	}
	if (use_splice && pipe(pfd)) {
		perror("pipe");
		return 2;
	}
	for (;;) {
		ssize_t n = get_chunk(fd, pfd, buf, size, use_splice);
		uint64_t commit;

		if (n < 0 && errno == EAGAIN)
			break;
		if (n < 0) {
			printf("error %s\n", strerrorname_np(errno));
			return 1;
		}
		if (n == 0)
			break;
		if ((size_t)n != size) {
			printf("chunk of %zd bytes, expected %zu\n", n, size);
			return 1;
		}
		memcpy(&commit, buf + 8, sizeof(commit));
		commit &= COMMIT_MASK;
		if (commit > size - 16) {
			printf("commit %llu beyond the sub-buffer\n", (unsigned long long)commit);
			return 1;
		}
		pages++;
		bytes += commit;
		if (text && memmem(buf + 16, commit, text, strlen(text)))
			found++;
	}
	printf("pages %ld bytes %ld found %ld\n", pages, bytes, found);
	return 0;
}
