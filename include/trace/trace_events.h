/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event passes of an instantiated event header.
 *
 * <trace/define_trace.h> includes this file once per instantiated header,
 * after the tracepoints are defined.  Each pass maps the TRACE_EVENT()
 * language to one more artefact of the events (the record layout, the
 * field descriptions, the output function, the probe that records into the
 * ring buffer, the event class and call) and re-reads the header with
 * TRACE_INCLUDE(TRACE_INCLUDE_FILE).  Each pass lives in its own file under
 * include/trace/stages/ and leaves the language as it found it.
 *
 * Event tracing is not built yet (CONFIG_EVENT_TRACING is not offered), so
 * there is no pass: an event is its tracepoint.
 */
#ifdef CONFIG_EVENT_TRACING
#error "event passes are not implemented yet"
#endif
