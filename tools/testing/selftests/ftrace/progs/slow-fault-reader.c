// SPDX-License-Identifier: GPL-2.0
/*
 * slow-fault-reader: does a reader whose user buffer faults slowly hold up
 * anyone else?
 *
 *   slow-fault-reader DIR OTHER
 *
 * DIR and OTHER are two trace arrays (the tracefs top level or instances)
 * with at least two CPUs.  A thread reads DIR's per_cpu/cpu0/trace_pipe_raw
 * into memory registered with userfaultfd, so the kernel's copy to user
 * space stops in a page fault that this program answers only at the end.
 * While it hangs there, each of these must finish within a few seconds:
 *
 *   - a read of DIR's per_cpu/cpu1/trace_pipe_raw (same array, other CPU)
 *   - a read of DIR's trace_pipe
 *   - a write of DIR's buffer_subbuf_size_kb (which keeps consumers out)
 *   - a read of OTHER's per_cpu/cpu0/trace_pipe_raw
 *
 * Then the fault is answered and the stalled read must return a whole
 * sub-buffer header.  Exit 0 when all went so, 1 when something waited
 * for the stalled reader (it is named), 2 when the test could not run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define DEADLINE_S	5	/* what "at once" means under TCG */
#define PAGE		4096

static const char *dir, *other;
static char *stall_buf;		/* the userfaultfd-registered page */
static ssize_t stall_ret;
static int stall_errno;

static void die(const char *what)
{
	fprintf(stderr, "slow-fault-reader: %s: %s\n", what, strerror(errno));
	exit(2);
}

static char *path(const char *base, const char *file)
{
	char *p;

	if (asprintf(&p, "%s/%s", base, file) < 0)
		die("asprintf");
	return p;
}

static void write_file(const char *base, const char *file, const char *text)
{
	char *p = path(base, file);
	int fd = open(p, O_WRONLY | O_TRUNC);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		die(p);
	close(fd);
	free(p);
}

/* Leave @n markers in @base's buffer from CPU @cpu. */
static void markers_on(const char *base, int cpu, int n)
{
	cpu_set_t set, old;
	char line[64];
	int i;

	if (sched_getaffinity(0, sizeof(old), &old))
		die("sched_getaffinity");
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity");
	for (i = 0; i < n; i++) {
		snprintf(line, sizeof(line), "ftt-sfr cpu%d %d\n", cpu, i);
		write_file(base, "trace_marker", line);
	}
	if (sched_setaffinity(0, sizeof(old), &old))
		die("sched_setaffinity");
}

static void *stall_reader(void *arg)
{
	char *p = path(dir, "per_cpu/cpu0/trace_pipe_raw");
	int fd = open(p, O_RDONLY | O_NONBLOCK);

	if (fd < 0)
		die(p);
	stall_ret = read(fd, stall_buf, PAGE);
	stall_errno = errno;
	close(fd);
	free(p);
	return NULL;
}

/* One operation that must not wait for the stalled reader. */
struct probe {
	const char	*name;
	const char	*base;
	const char	*file;
	const char	*write;		/* NULL: read the file */
	ssize_t		ret;
	int		err;
	int		done;	/* set with release, read with acquire */
};

static void *run_probe(void *arg)
{
	struct probe *pr = arg;
	char *p = path(pr->base, pr->file);
	static char buf[PAGE];
	int fd;

	fd = open(p, (pr->write ? O_WRONLY | O_TRUNC : O_RDONLY) | O_NONBLOCK);
	if (fd < 0) {
		pr->ret = -1;
	} else if (pr->write) {
		pr->ret = write(fd, pr->write, strlen(pr->write));
	} else {
		pr->ret = read(fd, buf, sizeof(buf));
	}
	pr->err = errno;
	if (fd >= 0)
		close(fd);
	free(p);
	__atomic_store_n(&pr->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* Run @pr in a thread; false if it is still running after the deadline. */
static bool probe_in_time(struct probe *pr, pthread_t *th)
{
	struct timespec t0, t;

	if (pthread_create(th, NULL, run_probe, pr))
		die("pthread_create");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if (__atomic_load_n(&pr->done, __ATOMIC_ACQUIRE))
			return pthread_join(*th, NULL) == 0;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if (t.tv_sec - t0.tv_sec >= DEADLINE_S)
			return false;
		usleep(10000);
	}
}

int main(int argc, char **argv)
{
	struct probe probes[] = {
		{ "read of per_cpu/cpu1/trace_pipe_raw, same array", NULL,
		  "per_cpu/cpu1/trace_pipe_raw" },
		{ "read of trace_pipe, same array", NULL, "trace_pipe" },
		{ "write of buffer_subbuf_size_kb, same array", NULL,
		  "buffer_subbuf_size_kb", "8\n" },
		{ "write of buffer_subbuf_size_kb back, same array", NULL,
		  "buffer_subbuf_size_kb", "4\n" },
		{ "read of per_cpu/cpu0/trace_pipe_raw, other array", NULL,
		  "per_cpu/cpu0/trace_pipe_raw" },
	};
	pthread_t stall, th[sizeof(probes) / sizeof(probes[0])];
	struct uffdio_register reg = { 0 };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_copy copy = { 0 };
	struct uffd_msg msg;
	struct pollfd pfd;
	unsigned long commit;
	int uffd, failed = 0;
	char *src;
	size_t i;

	if (argc != 3) {
		fprintf(stderr, "usage: slow-fault-reader DIR OTHER\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	dir = argv[1];
	other = argv[2];
	for (i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
		probes[i].base = i == 4 ? other : dir;

	uffd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	if (uffd < 0)
		die("userfaultfd (CONFIG_USERFAULTFD?)");
	if (ioctl(uffd, UFFDIO_API, &api))
		die("UFFDIO_API");
	stall_buf = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (stall_buf == MAP_FAILED)
		die("mmap");
	reg.range.start = (uintptr_t)stall_buf;
	reg.range.len = PAGE;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	if (ioctl(uffd, UFFDIO_REGISTER, &reg))
		die("UFFDIO_REGISTER");

	write_file(dir, "buffer_subbuf_size_kb", "4\n");
	write_file(dir, "trace", "");
	write_file(other, "trace", "");
	markers_on(dir, 0, 20);
	markers_on(dir, 1, 20);
	markers_on(other, 0, 20);

	if (pthread_create(&stall, NULL, stall_reader, NULL))
		die("pthread_create");
	pfd.fd = uffd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, DEADLINE_S * 1000) != 1 ||
	    read(uffd, &msg, sizeof(msg)) != sizeof(msg) ||
	    msg.event != UFFD_EVENT_PAGEFAULT) {
		fprintf(stderr, "slow-fault-reader: the reader of %s/per_cpu/cpu0/trace_pipe_raw never faulted (ret %zd)\n",
			dir, stall_ret);
		return 2;
	}
	printf("reader of cpu0's trace_pipe_raw stalled in a fault at %#llx\n",
	       (unsigned long long)msg.arg.pagefault.address);

	for (i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		struct probe *pr = &probes[i];

		/* trace_pipe needs something left once cpu1's page is gone. */
		if (i == 1)
			markers_on(dir, 1, 5);
		if (!probe_in_time(pr, &th[i])) {
			printf("FAIL: %s waited more than %d s for the stalled reader\n",
			       pr->name, DEADLINE_S);
			failed = 1;
			/* The rest would wait behind it: answer the fault. */
			break;
		}
		if (pr->ret <= 0) {
			printf("FAIL: %s returned %zd (%s)\n", pr->name, pr->ret,
			       pr->ret < 0 ? strerror(pr->err) : "nothing");
			failed = 1;
		} else {
			printf("ok: %s: %zd bytes while the reader stalled\n",
			       pr->name, pr->ret);
		}
	}

	/* Answer the fault with a page of 0xa5, which the copy then overwrites. */
	src = aligned_alloc(PAGE, PAGE);
	if (!src)
		die("aligned_alloc");
	memset(src, 0xa5, PAGE);
	copy.dst = (uintptr_t)stall_buf;
	copy.src = (uintptr_t)src;
	copy.len = PAGE;
	if (ioctl(uffd, UFFDIO_COPY, &copy))
		die("UFFDIO_COPY");
	pthread_join(stall, NULL);
	/* A probe that timed out finishes now; those after it never ran. */
	if (failed && i < sizeof(probes) / sizeof(probes[0]))
		pthread_join(th[i], NULL);
	if (stall_ret != PAGE) {
		printf("FAIL: the stalled read returned %zd (%s), not a %d-byte sub-buffer\n",
		       stall_ret, stall_ret < 0 ? strerror(stall_errno) : "short",
		       PAGE);
		return 1;
	}
	/* Header: u64 time stamp, then the commit word; its low bits are the size. */
	memcpy(&commit, stall_buf + 8, sizeof(commit));
	commit &= (1UL << 30) - 1;
	if (!commit || commit > PAGE - 16) {
		printf("FAIL: the stalled read's sub-buffer says %lu bytes of data\n", commit);
		return 1;
	}
	printf("ok: the stalled read returned its sub-buffer, %lu bytes of records\n", commit);
	return failed;
}
