/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instantiate an event header's tracepoints (and, with event tracing, its
 * events).  Every event header ends by including this file, outside its
 * include guard:
 *
 *	#define CREATE_TRACE_POINTS		(in exactly one C file)
 *	#include <trace/events/foo.h>
 *
 * Without CREATE_TRACE_POINTS this file is empty and the header only
 * declared its tracepoints.  With it, the header is read again (with
 * TRACE_HEADER_MULTI_READ defined so that its guard lets it through) once
 * per expansion pass: here the tracepoint definitions, then the event
 * passes of <trace/trace_events.h>.
 *
 * The header is found as <trace/events/TRACE_INCLUDE_FILE.h>, or, when the
 * header sets TRACE_INCLUDE_PATH, as "TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h"
 * relative to this directory; TRACE_INCLUDE_FILE defaults to TRACE_SYSTEM.
 * Keep every file that re-includes event headers in include/trace/, which
 * is what those relative paths are written against.
 */

#ifdef CREATE_TRACE_POINTS

/*
 * Re-reads must not see CREATE_TRACE_POINTS: headers guard their one-time
 * helper definitions with it, and a nested event header must not be
 * instantiated by accident.
 */
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

#ifndef TRACE_INCLUDE_FILE
# define TRACE_INCLUDE_FILE TRACE_SYSTEM
# define __TP_DEFAULT_FILE
#endif
#ifndef TRACE_INCLUDE_PATH
# define __TP_INCLUDE(file) __stringify(trace/events/file.h)
# define __TP_DEFAULT_PATH
#else
# define __TP_INCLUDE(file) __stringify(TRACE_INCLUDE_PATH/file.h)
#endif
#define TRACE_INCLUDE(file) __TP_INCLUDE(file)

/* Pass 1: define each tracepoint. */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, \
			    reg, unreg)					\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(name, proto, args, tstruct, assign, print)
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#undef DECLARE_EVENT_CLASS_NOP
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)			\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(template, name, proto, args)
#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args)				\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#define TRACE_HEADER_MULTI_READ
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)

/*
 * Passes 2 and 3: the events (records, probes for trace arrays and perf,
 * output, formats); see <trace/trace_events.h>, which also brings in the
 * perf stage (<trace/perf.h>).
 */
#if defined(TRACEPOINTS_ENABLED) && defined(CONFIG_EVENT_TRACING)
#include <trace/trace_events.h>
#endif

/* Back to declaration mode for whatever the C file includes next. */
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DECLARE_EVENT_CLASS_NOP
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_NOP
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#undef TRACE_HEADER_MULTI_READ
#undef TRACE_INCLUDE
#undef __TP_INCLUDE

/* Forget only what this file chose; a header's own choices stay. */
#ifdef __TP_DEFAULT_FILE
# undef TRACE_INCLUDE_FILE
# undef __TP_DEFAULT_FILE
#endif
#ifdef __TP_DEFAULT_PATH
# undef __TP_DEFAULT_PATH
#endif

#define CREATE_TRACE_POINTS

#endif /* CREATE_TRACE_POINTS */
