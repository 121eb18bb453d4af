/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_TRACE_RING_BUFFER_H
#define __LINUX_TRACE_RING_BUFFER_H

/*
 * The per-CPU lockless ring buffer that all tracing writes into.  Its
 * interface arrives with the buffer itself; this header already carries
 * what its users include through it.
 */

#include <uapi/linux/trace_mmap.h>
#include <linux/poll.h>
#include <linux/mm.h>
#include <linux/seq_file.h>

struct trace_buffer;
struct ring_buffer_iter;

#endif /* __LINUX_TRACE_RING_BUFFER_H */
