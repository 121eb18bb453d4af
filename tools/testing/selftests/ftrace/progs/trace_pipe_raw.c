// SPDX-License-Identifier: GPL-2.0
/*
 * trace_pipe_raw: whole sub-buffers out of read() and splice().
 *
 * Writes numbered markers from CPU 0, then takes per_cpu/cpu0's pages by
 * splice (non-blocking), checks that every spliced chunk is a whole page,
 * and by read() (whole and in two pieces); parses each page in the
 * header_page/header_event layout and checks that every marker comes out
 * exactly once, in order, none torn.  Also: splice lengths smaller than a
 * page are refused with EINVAL, an empty CPU gives EAGAIN to non-blocking
 * readers, a blocked read() returns when a record comes, ioctl(fd, 0)
 * ends a blocked splice().
 *
 * Usage: trace_pipe_raw [TRACEFS_DIR]   (an instance directory works too)
 * Prints "ok N - ..." / "not ok N - ..." lines; exits 1 on any failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define TRACE_PRINT	5	/* record type of trace_marker text */
#define MARKERS		300
#define TAG		"ftt-raw-"

static const char *dir = "/sys/kernel/tracing";
static long page_size;
static int failures, tests;
static unsigned char seen[MARKERS];
static int last_seen = -1;

static void result(int ok, const char *what, const char *detail)
{
	tests++;
	if (!ok)
		failures++;
	printf("%sok %d - %s%s%s\n", ok ? "" : "not ", tests, what,
	       detail ? ": " : "", detail ? detail : "");
}

static void path_of(char *buf, size_t size, const char *file)
{
	snprintf(buf, size, "%s/%s", dir, file);
}

static int open_file(const char *file, int flags)
{
	char path[512];
	int fd;

	path_of(path, sizeof(path), file);
	fd = open(path, flags);
	if (fd < 0) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		exit(2);
	}
	return fd;
}

static void write_file(const char *file, const char *text)
{
	int fd = open_file(file, O_WRONLY | O_TRUNC);

	if (write(fd, text, strlen(text)) < 0) {
		fprintf(stderr, "write %s: %s\n", file, strerror(errno));
		exit(2);
	}
	close(fd);
}

static void pin_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		exit(2);
	}
}

/* Markers first..last-1, about 100 bytes each, from CPU 0. */
static void write_markers(int first, int last)
{
	int fd = open_file("trace_marker", O_WRONLY);
	char text[128];
	int i;

	for (i = first; i < last; i++) {
		int n = snprintf(text, sizeof(text),
				 TAG "%05d-%s", i,
				 "................................................"
				 "..........................");

		if (write(fd, text, n) != n) {
			perror("write trace_marker");
			exit(2);
		}
	}
	close(fd);
}

/*
 * Walk one sub-buffer: u64 time stamp, long commit (bit 31: events were
 * lost, bit 30: their count follows the data), then the entries.  Returns
 * the number of markers found, or -1 if the page does not parse.
 */
static int parse_page(const unsigned char *page, long size, char *why,
		      size_t why_size)
{
	unsigned long commit;
	long pos = 0, data_len;
	int found = 0;
	const unsigned char *data = page + 8 + sizeof(long);

	memcpy(&commit, page + 8, sizeof(commit));
	commit &= (1UL << 30) - 1;
	data_len = size - 8 - sizeof(long);
	if ((long)commit > data_len) {
		snprintf(why, why_size, "commit %lu past the page", commit);
		return -1;
	}
	while (pos < (long)commit) {
		uint32_t head, len, type_len;
		const unsigned char *payload;

		memcpy(&head, data + pos, 4);
		type_len = head & 0x1f;
		if (type_len == 29) {		/* padding */
			if (!(head >> 5))
				break;
			memcpy(&len, data + pos + 4, 4);
			pos += 4 + len;
			continue;
		}
		if (type_len == 30 || type_len == 31) {	/* time extend/stamp */
			pos += 8;
			continue;
		}
		if (type_len == 0) {
			memcpy(&len, data + pos + 4, 4);
			payload = data + pos + 8;
			len -= 4;
			pos += 8 + len;
		} else {
			len = type_len * 4;
			payload = data + pos + 4;
			pos += 4 + len;
		}
		if (pos > (long)commit) {
			snprintf(why, why_size, "entry runs past commit");
			return -1;
		}
		if (*(const uint16_t *)payload == TRACE_PRINT &&
		    len > 16 + strlen(TAG) + 5 &&
		    !memcmp(payload + 16, TAG, strlen(TAG))) {
			int n = atoi((const char *)payload + 16 + strlen(TAG));

			if (n < 0 || n >= MARKERS || seen[n]) {
				snprintf(why, why_size, "marker %d twice", n);
				return -1;
			}
			if (n < last_seen) {
				snprintf(why, why_size, "marker %d after %d",
					 n, last_seen);
				return -1;
			}
			seen[n] = 1;
			last_seen = n;
			found++;
		}
	}
	return found;
}

static int read_full(int fd, unsigned char *buf, long len)
{
	long done = 0;

	while (done < len) {
		ssize_t n = read(fd, buf + done, len - done);

		if (n <= 0)
			return -1;
		done += n;
	}
	return 0;
}

struct splicer {
	int fd, pipe_out;
	ssize_t ret;
	int err;
};

static void *blocked_splice(void *arg)
{
	struct splicer *s = arg;

	s->ret = splice(s->fd, NULL, s->pipe_out, NULL, page_size, 0);
	s->err = errno;
	return NULL;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	char why[128], detail[160];
	int fd, bfd, p[2], i, n, missing;
	long total = 0, pages = 0;
	unsigned char *buf;
	ssize_t ret;
	pthread_t th;
	struct splicer sp;
	double t0;

	if (argc > 1)
		dir = argv[1];
	page_size = sysconf(_SC_PAGESIZE);
	buf = malloc(page_size * 64);
	if (!buf || pipe(p))
		return 2;
	pin_cpu0();
	write_file("buffer_subbuf_size_kb", "4");
	/* Room for every marker: none may be overwritten. */
	write_file("buffer_size_kb", "256");
	write_file("tracing_on", "1");
	write_file("trace", "");

	fd = open_file("per_cpu/cpu0/trace_pipe_raw", O_RDONLY | O_NONBLOCK);

	/* Empty: non-blocking read and splice say EAGAIN. */
	ret = read(fd, buf, page_size);
	result(ret < 0 && errno == EAGAIN, "empty CPU: read gives EAGAIN",
	       ret < 0 ? strerror(errno) : "returned data");
	ret = splice(fd, NULL, p[1], NULL, page_size, SPLICE_F_NONBLOCK);
	result(ret < 0 && errno == EAGAIN, "empty CPU: splice gives EAGAIN",
	       ret < 0 ? strerror(errno) : "returned data");

	write_markers(0, MARKERS);

	/* Less than a page: EINVAL, like upstream. */
	ret = splice(fd, NULL, p[1], NULL, 100, SPLICE_F_NONBLOCK);
	result(ret < 0 && errno == EINVAL, "splice of 100 bytes gives EINVAL",
	       ret < 0 ? strerror(errno) : "accepted");

	/* Whole pages by splice: the finished ones. */
	for (;;) {
		ret = splice(fd, NULL, p[1], NULL, page_size * 8,
			     SPLICE_F_NONBLOCK);
		if (ret <= 0)
			break;
		if (ret % page_size) {
			snprintf(detail, sizeof(detail), "%zd bytes", ret);
			result(0, "splice returns whole pages", detail);
			return 1;
		}
		for (i = 0; i < ret / page_size; i++) {
			if (read_full(p[0], buf, page_size))
				return 2;
			n = parse_page(buf, page_size, why, sizeof(why));
			if (n < 0) {
				result(0, "spliced page parses", why);
				return 1;
			}
			total += n;
			pages++;
		}
	}
	snprintf(detail, sizeof(detail), "%ld pages, %ld markers", pages, total);
	result(pages >= 3 && total > 0, "splice took whole finished pages", detail);

	/*
	 * The rest by read(): first a page in two pieces (the second read
	 * continues the first), then whole pages until EAGAIN.
	 */
	ret = read(fd, buf, 1000);
	if (ret == 1000) {
		ret = read(fd, buf + 1000, page_size - 1000);
		result(ret == page_size - 1000, "second read finishes the page",
		       NULL);
		n = parse_page(buf, page_size, why, sizeof(why));
		result(n >= 0, "page read in two pieces parses", why);
		total += n > 0 ? n : 0;
	} else {
		result(0, "short read returns what was asked",
		       ret < 0 ? strerror(errno) : "short");
	}
	while ((ret = read(fd, buf, page_size)) > 0) {
		n = parse_page(buf, ret, why, sizeof(why));
		if (n < 0) {
			result(0, "read page parses", why);
			return 1;
		}
		total += n;
	}
	for (i = 0, missing = 0; i < MARKERS; i++)
		missing += !seen[i];
	snprintf(detail, sizeof(detail), "%ld of %d, %d missing", total,
		 MARKERS, missing);
	result(!missing && total == MARKERS, "every marker exactly once, in order",
	       detail);

	/* A blocking read returns once a record arrives. */
	bfd = open_file("per_cpu/cpu0/trace_pipe_raw", O_RDONLY);
	if (!fork()) {
		usleep(300000);
		write_markers(0, 1);
		_exit(0);
	}
	t0 = now();
	ret = read(bfd, buf, page_size);
	snprintf(detail, sizeof(detail), "%zd after %.2fs", ret, now() - t0);
	result(ret == page_size && now() - t0 > 0.2, "blocked read wakes on data",
	       detail);

	/* ioctl(fd, 0) ends a blocked splice (it returns 0). */
	sp.fd = bfd;
	sp.pipe_out = p[1];
	pthread_create(&th, NULL, blocked_splice, &sp);
	usleep(300000);
	ioctl(bfd, 0);
	pthread_join(th, NULL);
	snprintf(detail, sizeof(detail), "ret %zd%s%s", sp.ret,
		 sp.ret < 0 ? " " : "", sp.ret < 0 ? strerror(sp.err) : "");
	result(sp.ret == 0, "ioctl 0 wakes a blocked splice", detail);

	close(bfd);
	close(fd);
	printf("# %d tests, %d failed\n", tests, failures);
	return failures ? 1 : 0;
}
