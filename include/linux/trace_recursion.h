/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_RECURSION_H
#define _LINUX_TRACE_RECURSION_H

/*
 * Recursion protection for callbacks that can trace themselves (function
 * tracing callbacks above all).  It arrives with the function tracer; no
 * caller exists before it.
 */

#endif /* _LINUX_TRACE_RECURSION_H */
