// SPDX-License-Identifier: GPL-2.0
/*
 * set-file-write FILE append|trunc CHUNK...
 *
 * Opens FILE for writing (with O_APPEND, or with O_TRUNC), makes exactly
 * one write(2) of each CHUNK, in order, and closes it.  For each write it
 * prints what write(2) returned: the byte count, or the errno's name
 * (EINVAL...).  A shell's echo or printf retries a short write, so it
 * cannot show how much of a write a file took; this can.
 *
 * A CHUNK may hold \n, \t, \0 and \\ escapes, and "A*N" stands for N bytes
 * 'a' (a word too long to type).  Exits 1 when the file cannot be opened.
 */
#define PROG_NAME "set-file-write"
#include <errno.h>
#include <string.h>

#include "prog-util.h"

static char buf[65536];

/* Decode @arg into buf; return its length. */
static size_t decode(const char *arg)
{
	size_t n = 0;
	long rep;

	if (sscanf(arg, "A*%ld", &rep) == 1) {
		if (rep < 0 || (size_t)rep > sizeof(buf))
			die("bad repeat %s", arg);
		memset(buf, 'a', rep);
		return rep;
	}
	for (; *arg && n < sizeof(buf); arg++) {
		if (*arg != '\\' || !arg[1]) {
			buf[n++] = *arg;
			continue;
		}
		switch (*++arg) {
		case 'n':
			buf[n++] = '\n';
			break;
		case 't':
			buf[n++] = '\t';
			break;
		case '0':
			buf[n++] = '\0';
			break;
		default:
			buf[n++] = *arg;
			break;
		}
	}
	return n;
}

static const char *errname(int err)
{
	switch (err) {
	case EINVAL: return "EINVAL";
	case ENODEV: return "ENODEV";
	case ENOMEM: return "ENOMEM";
	case EBUSY: return "EBUSY";
	case EFAULT: return "EFAULT";
	case ENOSPC: return "ENOSPC";
	default: return strerror(err);
	}
}

int main(int argc, char **argv)
{
	int fd, flags = O_WRONLY;
	ssize_t ret;
	size_t len;
	int i;

	if (argc < 3)
		die("usage: set-file-write FILE append|trunc CHUNK...");
	if (!strcmp(argv[2], "trunc"))
		flags |= O_TRUNC;
	else if (!strcmp(argv[2], "append"))
		flags |= O_APPEND;
	else
		die("mode must be append or trunc, not %s", argv[2]);
	fd = open(argv[1], flags);
	if (fd < 0)
		die("%s: %s", argv[1], strerror(errno));
	for (i = 3; i < argc; i++) {
		len = decode(argv[i]);
		ret = write(fd, buf, len);
		if (ret < 0)
			printf("%s\n", errname(errno));
		else
			printf("%zd\n", ret);
	}
	if (close(fd))
		printf("close: %s\n", errname(errno));
	return 0;
}
