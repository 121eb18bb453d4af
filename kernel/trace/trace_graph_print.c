// SPDX-License-Identifier: GPL-2.0
/*
 * The text of the function_graph tracer: what its print_line and
 * print_header hooks make of TRACE_GRAPH_ENT and TRACE_GRAPH_RET records
 * and of whatever else shares the buffer.  A call nests as
 *
 *   # CPU  DURATION                  FUNCTION CALLS
 *   # |     |   |                     |   |   |   |
 *    1)               |  do_sys_openat2() {
 *    1)   0.290 us    |    getname();
 *    1) + 12.407 us   |  }
 *
 * An entry whose return is the very next record of its CPU prints as one
 * line, "func();", with the call's duration (a leaf).  Finding that out
 * needs a look at the record after the one being printed: a reader that
 * walks copies (trace) just peeks at its CPU's iterator, a consuming one
 * (trace_pipe, ftrace_dump()) has to take the entry out of the buffer
 * first.  The entry is then the printer's to print: if its line does not
 * fit in what is left of the reader's page, the printer keeps a copy and
 * prints it first thing on the reader's next call.
 *
 * Each reader has its state (graph_trace_open()): per CPU, the pid of the
 * last line (a change prints a context-switch block), the depth comments
 * indent to, which function each open "{" was for (a "}" without one
 * names its function), and how deep an interrupt being hidden started.
 * Without it (no memory, or records printed on behalf of another tracer)
 * lines still print, only without those.
 *
 * The format is upstream's to the byte (Documentation/trace/ftrace.rst,
 * "function_graph"); tools parse it.  Not here: the options themselves
 * and the records' writing (trace_functions_graph.c).
 */
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <asm/sections.h>

#include "trace_graph.h"

/* Spaces of indentation per level of depth. */
#define GRAPH_INDENT		2
/* The comm-pid column: comm cut to 7 characters, centred in 14. */
#define GRAPH_COMM_SHOWN	7
#define GRAPH_TASK_WIDTH	14

/* What a reader remembers of one CPU's records. */
struct graph_cpu {
	pid_t		last_pid;	/* of the last line; -1 before any */
	int		comment_depth;	/* comments indent one level deeper */
	int		irq_depth;	/* hiding an interrupt entered here; -1 */
	bool		skip_next;	/* the next record was printed already */
	/* The function of the "{" open at each depth, 0 for none. */
	unsigned long	open_funcs[FTRACE_RETFUNC_DEPTH];
};

/* iter->private of a function_graph reader. */
struct graph_reader {
	struct graph_cpu __percpu	*cpus;
	/* The record's CPU as it was before it: a line that overflows is undone. */
	struct graph_cpu		undo;
	/*
	 * A consuming reader's entry that was taken out of the buffer but did
	 * not fit, with the record that followed it on its CPU (a copy when
	 * it is a TRACE_GRAPH_RET, else only its type).
	 */
	bool				pending;
	int				pending_cpu;
	u64				pending_ts;
	struct ftrace_graph_ent_entry	pending_ent;
	struct ftrace_graph_ret_entry	pending_next;
};

/* The line being printed and everything its pieces need. */
struct graph_line {
	struct trace_iterator		*iter;
	struct trace_seq		*s;
	const struct trace_entry	*ent;	/* the record the line is for */
	struct graph_reader		*rd;	/* NULL: print without state */
	struct graph_cpu		*gc;	/* rd's state of @cpu */
	u64				ts;
	u64				trflags;	/* iter->tr->flags */
	u32				flags;		/* GRAPH_OPT_* */
	int				cpu;
};

/* What goes in the duration column. */
enum graph_column {
	GRAPH_COL_TIME,		/* a duration with its mark */
	GRAPH_COL_BLANK,	/* nothing: the column's width in spaces */
	GRAPH_COL_IRQ_OPEN,	/* around an interrupt arrow */
	GRAPH_COL_IRQ_CLOSE,
};

static void graph_line_start(struct graph_line *gl, struct trace_iterator *iter,
			     u32 flags, struct graph_reader *rd,
			     const struct trace_entry *ent, int cpu, u64 ts)
{
	gl->iter = iter;
	gl->s = &iter->seq;
	gl->ent = ent;
	gl->rd = rd;
	gl->gc = rd ? per_cpu_ptr(rd->cpus, cpu) : NULL;
	gl->ts = ts;
	gl->trflags = iter->tr->flags;
	gl->flags = flags;
	gl->cpu = cpu;
	if (gl->gc)
		rd->undo = *gl->gc;
}

/*
 * A line that did not fit is printed again from scratch later: forget
 * what printing it changed, or the second try would see its own traces
 * (no context switch any more, a "{" already closed).
 */
static void graph_line_end(struct graph_line *gl, enum print_line_t ret)
{
	if (gl->gc && ret == TRACE_TYPE_PARTIAL_LINE)
		*gl->gc = gl->rd->undo;
}

static bool graph_context_info(struct graph_line *gl)
{
	return gl->trflags & TRACE_ITER(CONTEXT_INFO);
}

static bool graph_in_irqentry(unsigned long addr)
{
	return addr >= (unsigned long)__irqentry_text_start &&
	       addr < (unsigned long)__irqentry_text_end;
}

static void graph_indent(struct trace_seq *s, int levels)
{
	if (levels > 0)
		trace_seq_printf(s, "%*s", levels * GRAPH_INDENT, "");
}

/* ---- durations ------------------------------------------------------------ */


/**
 * trace_print_graph_duration - print a duration in microseconds
 * @duration: the duration in nanoseconds
 * @s: where to print
 *
 * Up to seven significant digits: as many decimals (truncated, at most
 * three) as the whole microseconds leave room for, then " us " and
 * spaces up to the column's width, so that "1.382 us    " and
 * "33998.59 us " line up.  A duration of 10^7 us or more prints whole and
 * widens the column.
 */
void trace_print_graph_duration(unsigned long long duration,
				struct trace_seq *s)
{
	char ns_digits[4];
	u32 ns;
	u64 us = div_u64_rem(duration, NSEC_PER_USEC, &ns);
	int len = snprintf(NULL, 0, "%llu", us);

	trace_seq_printf(s, "%llu", us);
	if (len < 7) {
		int decimals = min(3, 7 - len);

		snprintf(ns_digits, sizeof(ns_digits), "%03u", ns);
		trace_seq_printf(s, ".%.*s", decimals, ns_digits);
		len += 1 + decimals;
	}
	trace_seq_printf(s, " us %*s", max(0, 8 - len), "");
}

/*
 * The duration column, when funcgraph-duration and context-info are both
 * on: 17 characters for a duration of up to 8 (mark included).
 */
static void graph_duration_column(struct graph_line *gl, enum graph_column col,
				  u64 ns)
{
	struct trace_seq *s = gl->s;

	if (!(gl->flags & GRAPH_OPT_DURATION) || !graph_context_info(gl))
		return;

	switch (col) {
	case GRAPH_COL_BLANK:
		trace_seq_printf(s, "%14s|  ", "");
		return;
	case GRAPH_COL_IRQ_OPEN:
		trace_seq_puts(s, "  ");
		return;
	case GRAPH_COL_IRQ_CLOSE:
		trace_seq_puts(s, " |");
		return;
	case GRAPH_COL_TIME:
		break;
	}

	if (gl->flags & GRAPH_OPT_OVERHEAD)
		trace_seq_printf(s, "%c ", trace_delay_mark(ns));
	else
		trace_seq_puts(s, "  ");
	trace_print_graph_duration(ns, s);
	trace_seq_puts(s, "|  ");
}

/* ---- the context columns -------------------------------------------------- */

/* Digits of the highest CPU number: every CPU column is that wide. */
static int graph_cpu_digits(void)
{
	unsigned int n = nr_cpu_ids - 1;
	int digits = 1;

	while (n >= 10) {
		n /= 10;
		digits++;
	}
	return digits;
}

static void graph_cpu_column(struct trace_seq *s, int cpu)
{
	trace_seq_printf(s, " %*d) ", graph_cpu_digits(), cpu);
}

/* "comm-pid", the comm cut short, centred (the odd space on the right). */
static void graph_task_column(struct trace_seq *s, pid_t pid)
{
	char comm[TASK_COMM_LEN];
	char task[GRAPH_COMM_SHOWN + 16];
	int len, pad;

	trace_find_cmdline(pid, comm);
	len = scnprintf(task, sizeof(task), "%.*s-%d", GRAPH_COMM_SHOWN, comm,
			pid);
	pad = max(0, GRAPH_TASK_WIDTH - len);
	trace_seq_printf(s, "%*s%s%*s", pad / 2, "", task, pad - pad / 2, "");
}

/*
 * latency-format's five flag characters: irqs off (or bottom halves),
 * need-resched, hard/soft interrupt or NMI, preemption depth and
 * migrate-disable depth.
 */
static void graph_lat_columns(struct trace_seq *s, const struct trace_entry *ent)
{
	unsigned char f = ent->flags;
	unsigned char pc = ent->preempt_count;
	char c[5];

	if (f & TRACE_FLAG_IRQS_OFF)
		c[0] = (f & TRACE_FLAG_BH_OFF) ? 'D' : 'd';
	else if (f & TRACE_FLAG_BH_OFF)
		c[0] = 'b';
	else
		c[0] = (f & TRACE_FLAG_IRQS_NOSUPPORT) ? 'X' : '.';

	if (f & TRACE_FLAG_NEED_RESCHED)
		c[1] = (f & TRACE_FLAG_PREEMPT_RESCHED) ? 'N' : 'n';
	else
		c[1] = (f & TRACE_FLAG_PREEMPT_RESCHED) ? 'p' : '.';

	if (f & TRACE_FLAG_NMI)
		c[2] = (f & TRACE_FLAG_HARDIRQ) ? 'Z' : 'z';
	else if (f & TRACE_FLAG_HARDIRQ)
		c[2] = (f & TRACE_FLAG_SOFTIRQ) ? 'H' : 'h';
	else
		c[2] = (f & TRACE_FLAG_SOFTIRQ) ? 's' : '.';

	c[3] = (pc & 0xf) ? hex_asc[pc & 0xf] : '.';
	c[4] = (pc >> 4) ? hex_asc[pc >> 4] : '.';

	trace_seq_putc(s, ' ');
	trace_seq_putmem(s, c, sizeof(c));
	trace_seq_puts(s, " | ");
}

/*
 * What REL TIME counts from: a latency tracer's max buffer from its saved
 * section's start, any other buffer from its last reset.
 */
static u64 graph_rel_base(struct trace_iterator *iter)
{
	struct trace_array *tr = iter->tr;

	if (iter->buffer && iter->buffer == tr->max_buffer)
		return READ_ONCE(tr->lat.time_start);
	return tr->time_start;
}

/*
 * The columns in front of the duration, as the options ask: absolute
 * time (seconds.micros, truncated), time since the buffer started (the
 * latency tracers'), CPU, task, latency flags.
 */
static void graph_context_columns(struct graph_line *gl)
{
	struct trace_seq *s = gl->s;

	if (gl->flags & GRAPH_OPT_ABS_TIME) {
		u32 ns;
		u64 secs = div_u64_rem(gl->ts, NSEC_PER_SEC, &ns);

		trace_seq_printf(s, "%5llu.%06u |  ", secs, ns / 1000);
	}
	if (gl->flags & GRAPH_OPT_REL_TIME)
		trace_seq_printf(s, "%9llu us |  ",
				 div_u64(gl->ts - graph_rel_base(gl->iter),
					 NSEC_PER_USEC));
	if (gl->flags & GRAPH_OPT_CPU)
		graph_cpu_column(s, gl->cpu);
	if (gl->flags & GRAPH_OPT_PROC) {
		graph_task_column(s, gl->ent->pid);
		trace_seq_puts(s, " | ");
	}
	if (gl->trflags & TRACE_ITER(LATENCY_FMT))
		graph_lat_columns(s, gl->ent);
}

/*
 * A line of its own for an interrupt entry function's entry or return,
 * when the function is one (section .irqentry.text).
 */
static void graph_irq_arrow(struct graph_line *gl, unsigned long func,
			    bool entering)
{
	if (!graph_in_irqentry(func))
		return;
	if (graph_context_info(gl))
		graph_context_columns(gl);
	graph_duration_column(gl, GRAPH_COL_IRQ_OPEN, 0);
	trace_seq_puts(gl->s, entering ? "==========>" : "<==========");
	graph_duration_column(gl, GRAPH_COL_IRQ_CLOSE, 0);
	trace_seq_putc(gl->s, '\n');
}

/*
 * Another task on this CPU than on its last line: a block naming both
 * (with the CPU and the tasks whatever the options say).  Not before a
 * CPU's first line.
 */
static void graph_task_switch(struct graph_line *gl)
{
	static const char rule[] = " ------------------------------------------";
	pid_t pid = gl->ent->pid;
	pid_t prev;

	if (!gl->gc || gl->gc->last_pid == pid)
		return;
	prev = gl->gc->last_pid;
	gl->gc->last_pid = pid;
	if (prev < 0)
		return;

	trace_seq_printf(gl->s, "%s\n", rule);
	graph_cpu_column(gl->s, gl->cpu);
	graph_task_column(gl->s, prev);
	trace_seq_puts(gl->s, " => ");
	graph_task_column(gl->s, pid);
	trace_seq_printf(gl->s, "\n%s\n\n", rule);
}

/*
 * Everything before the duration column: a context switch, an interrupt
 * arrow if @irq_func is an interrupt entry being entered (0: none), then
 * the context columns.
 */
static void graph_prologue(struct graph_line *gl, unsigned long irq_func)
{
	graph_task_switch(gl);
	if (irq_func)
		graph_irq_arrow(gl, irq_func, true);
	if (graph_context_info(gl))
		graph_context_columns(gl);
}

/* ---- interrupts hidden (funcgraph-irqs off) -------------------------------- */

/*
 * With funcgraph-irqs off, a reader with state skips everything from an
 * interrupt entry function's entry down to its return.  Records written
 * while the option was on may hold such calls.
 */
static bool graph_hide_irq_entry(struct graph_line *gl, unsigned long func,
				 int depth)
{
	if ((gl->flags & GRAPH_OPT_IRQS) || !gl->gc)
		return false;
	if (gl->gc->irq_depth >= 0)
		return true;
	if (!graph_in_irqentry(func))
		return false;
	gl->gc->irq_depth = depth;
	return true;
}

/* A return at or above the hidden interrupt's depth is its last record. */
static bool graph_hide_irq_return(struct graph_line *gl, int depth)
{
	if ((gl->flags & GRAPH_OPT_IRQS) || !gl->gc || gl->gc->irq_depth < 0)
		return false;
	if (depth <= gl->gc->irq_depth)
		gl->gc->irq_depth = -1;
	return true;
}

/* ---- calls and returns ----------------------------------------------------- */

static bool graph_show_retval(struct graph_line *gl)
{
	return IS_ENABLED(CONFIG_FUNCTION_GRAPH_RETVAL) &&
	       (gl->flags & GRAPH_OPT_RETVAL);
}

static unsigned long graph_retval(const struct ftrace_graph_ret *ret)
{
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	return ret->retval;
#else
	return 0;
#endif
}

/*
 * The return value, after "func();" (@leaf) or in the "}" line.
 * funcgraph-retval-hex: always hex.  Otherwise what looks like an error
 * code prints as a negative number, a 32-bit one (an int's) included,
 * and anything else in hex.
 */
static void graph_print_retval(struct graph_line *gl, unsigned long func,
			       unsigned long retval, bool leaf)
{
	const char *pre = leaf ? "" : "} /* ";
	const char *post = leaf ? "(); /* =" : " =";
	long err = 0;

	if (retval && !(gl->flags & GRAPH_OPT_RETVAL_HEX)) {
		err = retval;
		if (IS_ENABLED(CONFIG_64BIT) && (retval & BIT(31)) &&
		    !upper_32_bits(retval))
			err = (s32)retval;
		if (!IS_ERR_VALUE(err))
			err = 0;
	}
	if (err)
		trace_seq_printf(gl->s, "%s%ps%s %ld */\n", pre, (void *)func,
				 post, err);
	else
		trace_seq_printf(gl->s, "%s%ps%s 0x%lx */\n", pre,
				 (void *)func, post, retval);
}

/* Forget which function a "{" at @depth was for; return whether it was @func. */
static bool graph_close_depth(struct graph_cpu *gc, int depth,
			      unsigned long func)
{
	bool match;

	/* Deeper than tracked (or nonsense): take it as matching. */
	if (depth < 0 || depth >= FTRACE_RETFUNC_DEPTH)
		return true;
	match = gc->open_funcs[depth] == func;
	gc->open_funcs[depth] = 0;
	return match;
}

/* "func();" with the call's duration, for an entry and its return. */
static void graph_print_leaf(struct graph_line *gl,
			     const struct ftrace_graph_ent *call,
			     const struct ftrace_graph_ret *ret)
{
	if (gl->gc) {
		/* Comments after it belong to its caller. */
		gl->gc->comment_depth = call->depth - 1;
		graph_close_depth(gl->gc, call->depth, 0);
	}

	graph_duration_column(gl, GRAPH_COL_TIME, ret->rettime - ret->calltime);
	graph_indent(gl->s, call->depth);
	if (graph_show_retval(gl))
		graph_print_retval(gl, call->func, graph_retval(ret), true);
	else
		trace_seq_printf(gl->s, "%ps();\n", (void *)call->func);
	graph_irq_arrow(gl, ret->func, false);
}

/* "func() {" for an entry whose return is not next. */
static void graph_print_open(struct graph_line *gl,
			     const struct ftrace_graph_ent *call)
{
	if (gl->gc) {
		gl->gc->comment_depth = call->depth;
		if (call->depth >= 0 && call->depth < FTRACE_RETFUNC_DEPTH)
			gl->gc->open_funcs[call->depth] = call->func;
	}

	graph_duration_column(gl, GRAPH_COL_BLANK, 0);
	graph_indent(gl->s, call->depth);
	trace_seq_printf(gl->s, "%ps() {\n", (void *)call->func);
}

/*
 * The record after the entry on its CPU, into @next: a copy if it is a
 * return, else only its type (0 when there is none yet).  A consuming
 * reader shows the next record only once the entry is out of the buffer;
 * *@taken says it was taken out.
 */
static void graph_peek_next(struct graph_line *gl,
			    struct ftrace_graph_ret_entry *next, bool *taken)
{
	struct trace_iterator *iter = gl->iter;
	struct ring_buffer_event *ev;
	struct trace_entry *rec;

	next->ent.type = 0;
	if (iter->buffer_iter) {
		struct ring_buffer_iter *it = iter->buffer_iter[gl->cpu];

		ev = it ? ring_buffer_iter_peek(it, NULL) : NULL;
	} else {
		ring_buffer_consume(iter->buffer, gl->cpu, NULL, NULL);
		*taken = true;
		ev = ring_buffer_peek(iter->buffer, gl->cpu, NULL, NULL);
	}
	if (!ev)
		return;

	rec = ring_buffer_event_data(ev);
	if (rec->type != TRACE_GRAPH_RET)
		next->ent.type = rec->type;
	else if (ring_buffer_event_length(ev) >= sizeof(*next))
		memcpy(next, rec, sizeof(*next));
}

static bool graph_is_return_of(const struct ftrace_graph_ent_entry *call,
			       const struct ftrace_graph_ret_entry *next)
{
	return next->ent.type == TRACE_GRAPH_RET &&
	       next->ent.pid == call->ent.pid &&
	       next->ret.func == call->graph_ent.func;
}

/*
 * An entry, as a leaf or as an opening line.  @replay: it is the reader's
 * pending entry, whose next record was seen already.  *@leaf says which it
 * printed as.
 *
 * Return: TRACE_TYPE_HANDLED, or TRACE_TYPE_NO_CONSUME when the entry was
 * taken out of the buffer already and the record now at the head is still
 * to print, or TRACE_TYPE_PARTIAL_LINE.
 */
static enum print_line_t graph_print_entry(struct graph_line *gl,
					   const struct ftrace_graph_ent_entry *call,
					   bool replay, bool *leaf)
{
	const struct ftrace_graph_ent *ent = &call->graph_ent;
	struct ftrace_graph_ret_entry next;
	bool taken = false;

	*leaf = false;
	if (graph_hide_irq_entry(gl, ent->func, ent->depth))
		return TRACE_TYPE_HANDLED;

	graph_prologue(gl, ent->func);

	if (replay)
		next = gl->rd->pending_next;
	else
		graph_peek_next(gl, &next, &taken);
	*leaf = graph_is_return_of(call, &next);
	if (*leaf)
		graph_print_leaf(gl, ent, &next.ret);
	else
		graph_print_open(gl, ent);

	if (trace_seq_has_overflowed(gl->s)) {
		/* Out of the buffer and not printed: keep it for the next call. */
		if (taken && gl->rd) {
			gl->rd->pending = true;
			gl->rd->pending_cpu = gl->cpu;
			gl->rd->pending_ts = gl->ts;
			gl->rd->pending_ent = *call;
			gl->rd->pending_next = next;
		}
		return TRACE_TYPE_PARTIAL_LINE;
	}

	/* The walking reader steps over the return it printed. */
	if (*leaf && !replay && gl->iter->buffer_iter)
		ring_buffer_iter_advance(gl->iter->buffer_iter[gl->cpu]);
	if (taken && !*leaf)
		return TRACE_TYPE_NO_CONSUME;
	return TRACE_TYPE_HANDLED;
}

/* "}", maybe naming the function, its return value, its overruns. */
static enum print_line_t graph_print_return(struct graph_line *gl)
{
	const struct ftrace_graph_ret_entry *field = (const void *)gl->ent;
	const struct ftrace_graph_ret *ret = &field->ret;
	bool matched = true;

	if (graph_hide_irq_return(gl, ret->depth))
		return TRACE_TYPE_HANDLED;

	if (gl->gc) {
		/* Comments after it line up with the "}". */
		gl->gc->comment_depth = ret->depth - 1;
		matched = graph_close_depth(gl->gc, ret->depth, ret->func);
	}

	graph_prologue(gl, 0);
	graph_duration_column(gl, GRAPH_COL_TIME, ret->rettime - ret->calltime);
	graph_indent(gl->s, ret->depth);

	if (graph_show_retval(gl))
		graph_print_retval(gl, ret->func, graph_retval(ret), false);
	else if (matched && !(gl->flags & GRAPH_OPT_TAIL))
		trace_seq_puts(gl->s, "}\n");
	else
		/* Its entry was not seen (lost, or tracing_thresh): say whose. */
		trace_seq_printf(gl->s, "} /* %ps */\n", (void *)ret->func);

	if (gl->flags & GRAPH_OPT_OVERRUN)
		trace_seq_printf(gl->s, " (Overruns: %u)\n", ret->overrun);
	graph_irq_arrow(gl, ret->func, false);
	return trace_handle_return(gl->s);
}

/* ---- other records: comments ----------------------------------------------- */

/* The text of a record that is not the graph's own, as its printer has it. */
static enum print_line_t graph_comment_text(struct graph_line *gl)
{
	struct trace_iterator *iter = gl->iter;
	struct trace_seq *s = gl->s;
	struct trace_event *event;

	switch (gl->ent->type) {
	case TRACE_PRINT:
		trace_seq_puts(s, ((struct print_entry *)iter->ent)->buf);
		return trace_handle_return(s);
	case TRACE_BPRINT: {
		struct bprint_entry *bp = (struct bprint_entry *)iter->ent;

		trace_seq_bprintf(s, bp->fmt, bp->buf);
		return trace_handle_return(s);
	}
	case TRACE_BPUTS:
		trace_seq_puts(s, ((struct bputs_entry *)iter->ent)->str);
		return trace_handle_return(s);
	}

	event = ftrace_find_event(gl->ent->type);
	if (!event)
		return TRACE_TYPE_UNHANDLED;
	return event->funcs->trace(iter, gl->trflags & TRACE_SYM_OPTIONS, event);
}

/*
 * Any other record (trace_printk(), trace_marker, events) prints its
 * text as a C comment, indented one level below the calls around it;
 * around calls at depth 0 (or before any) it is not indented at all.
 */
static enum print_line_t graph_print_comment(struct graph_line *gl)
{
	int depth = gl->gc ? gl->gc->comment_depth : 0;
	struct trace_seq *s = gl->s;
	enum print_line_t ret;
	unsigned int used;

	graph_prologue(gl, 0);
	graph_duration_column(gl, GRAPH_COL_BLANK, 0);
	if (depth > 0)
		graph_indent(s, depth + 1);
	trace_seq_puts(s, "/* ");

	ret = graph_comment_text(gl);
	if (ret != TRACE_TYPE_HANDLED)
		return ret;
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;

	/* The text's own line end goes: the comment closes on its line. */
	used = trace_seq_used(s);
	if (used && s->buffer[used - 1] == '\n')
		s->seq.len--;
	trace_seq_puts(s, " */\n");
	return trace_handle_return(s);
}

/* ---- one record ------------------------------------------------------------ */

/*
 * The reader's pending entry, printed before the record the iterator is
 * on now.  If it printed as a leaf, its return is the head of its CPU:
 * consumed with the current record if that is it, else skipped when it
 * comes up.
 */
static enum print_line_t graph_print_pending(struct trace_iterator *iter,
					     u32 flags, struct graph_reader *rd)
{
	struct graph_line gl;
	enum print_line_t ret;
	bool leaf;

	graph_line_start(&gl, iter, flags, rd, &rd->pending_ent.ent,
			 rd->pending_cpu, rd->pending_ts);
	ret = graph_print_entry(&gl, &rd->pending_ent, true, &leaf);
	graph_line_end(&gl, ret);
	if (ret == TRACE_TYPE_PARTIAL_LINE)
		return ret;

	rd->pending = false;
	if (!leaf)
		return TRACE_TYPE_NO_CONSUME;
	if (iter->cpu == rd->pending_cpu)
		return TRACE_TYPE_HANDLED;
	per_cpu_ptr(rd->cpus, rd->pending_cpu)->skip_next = true;
	return TRACE_TYPE_NO_CONSUME;
}

static enum print_line_t graph_print(struct trace_iterator *iter, u32 flags,
				     struct graph_reader *rd)
{
	struct ftrace_graph_ent_entry call;
	struct graph_line gl;
	enum print_line_t ret;
	bool leaf;

	if (rd) {
		struct graph_cpu *gc = per_cpu_ptr(rd->cpus, iter->cpu);

		if (gc->skip_next) {
			gc->skip_next = false;
			return TRACE_TYPE_HANDLED;
		}
		if (rd->pending)
			return graph_print_pending(iter, flags, rd);
	}

	switch (iter->ent->type) {
	case TRACE_FN:
	case TRACE_STACK:
		/* Not comments: they keep their usual lines. */
		return TRACE_TYPE_UNHANDLED;
	case TRACE_GRAPH_ENT:
		/* A copy: looking past it may reuse the memory it is in. */
		memcpy(&call, iter->ent, sizeof(call));
		graph_line_start(&gl, iter, flags, rd, &call.ent, iter->cpu,
				 iter->ts);
		ret = graph_print_entry(&gl, &call, false, &leaf);
		break;
	case TRACE_GRAPH_RET:
		graph_line_start(&gl, iter, flags, rd, iter->ent, iter->cpu,
				 iter->ts);
		ret = graph_print_return(&gl);
		break;
	default:
		graph_line_start(&gl, iter, flags, rd, iter->ent, iter->cpu,
				 iter->ts);
		ret = graph_print_comment(&gl);
		break;
	}
	graph_line_end(&gl, ret);
	return ret;
}

/**
 * print_graph_function_flags - print the reader's record in graph form
 * @iter: the reader, on a record
 * @flags: GRAPH_OPT_* bits saying what to show
 *
 * Graph entries and returns print as calls, TRACE_FN and TRACE_STACK
 * records are left to the generic printer, and anything else prints as
 * a comment.  iter->private is the state graph_trace_open() set up, or
 * NULL.  A consuming reader must not consume the record when this
 * returns TRACE_TYPE_NO_CONSUME (the record it had was taken already and
 * the one at the head is still to print).
 *
 * Return: what print_line hooks return.
 */
enum print_line_t print_graph_function_flags(struct trace_iterator *iter,
					     u32 flags)
{
	return graph_print(iter, flags, iter->private);
}

/*
 * The options of the reader's tracer: for the hooks of the function_graph
 * tracer, its own (graph_tracer_flags, which this file leaves to
 * trace_functions_graph.c).
 */
static u32 graph_reader_opts(struct trace_iterator *iter)
{
	struct tracer *t = iter->trace ?: iter->tr->current_trace;

	return t && t->flags ? t->flags->val : 0;
}

/**
 * print_graph_function - the function_graph tracer's print_line
 * @iter: the reader, on a record
 *
 * print_graph_function_flags() with the options of the reader's tracer.
 *
 * Return: what print_line hooks return.
 */
enum print_line_t print_graph_function(struct trace_iterator *iter)
{
	return print_graph_function_flags(iter, graph_reader_opts(iter));
}

/**
 * print_graph_function_stateless - print a graph record without reader state
 * @iter: the reader, on a record
 * @flags: GRAPH_OPT_* bits saying what to show
 *
 * print_graph_function_flags() for readers whose iter->private is not
 * graph_trace_open()'s: the printers of the TRACE_GRAPH_ENT and
 * TRACE_GRAPH_RET trace_events, which print the records when the
 * reader's tracer is not function_graph.  No context switches, no names
 * on unmatched returns, comments not indented.
 *
 * Return: what print_line hooks return.
 */
enum print_line_t print_graph_function_stateless(struct trace_iterator *iter,
						 u32 flags)
{
	return graph_print(iter, flags, NULL);
}

/* ---- the header ------------------------------------------------------------ */

/*
 * The header's columns, in line order: the title and the tick marks of
 * each.  The latency flags column follows latency-format, the others
 * their option; the function column is always there.
 */
enum {
	GRAPH_HDR_ABS,
	GRAPH_HDR_REL,
	GRAPH_HDR_CPU,
	GRAPH_HDR_PROC,
	GRAPH_HDR_LAT,
	GRAPH_HDR_DURATION,
	GRAPH_HDR_FUNC,
	GRAPH_HDR_COLUMNS
};

static const char * const graph_hdr_text[GRAPH_HDR_COLUMNS][2] = {
	[GRAPH_HDR_ABS]		= { "     TIME       ", "      |         " },
	[GRAPH_HDR_REL]		= { "   REL TIME     ", "      |         " },
	[GRAPH_HDR_CPU]		= { " CPU", " |  " },
	[GRAPH_HDR_PROC]	= { "  TASK/PID       ", "   |    |        " },
	[GRAPH_HDR_LAT]		= { "||||   ", "||||   " },
	[GRAPH_HDR_DURATION]	= { "  DURATION   ", "   |   |      " },
	[GRAPH_HDR_FUNC]	= { "               FUNCTION CALLS",
				    "               |   |   |   |" },
};

/* The legend of the latency flags, indented to stand over their column. */
static void graph_lat_legend(struct seq_file *m, const bool *shown)
{
	static const char * const legend[] = {
		"  _-----=> irqs-off        ",
		" / _----=> need-resched    ",
		"| / _---=> hardirq/softirq ",
		"|| / _--=> preempt-depth   ",
		"||| /                      ",
	};
	int pad = 0;
	int i;

	for (i = 0; i < GRAPH_HDR_LAT; i++)
		if (shown[i])
			pad += strlen(graph_hdr_text[i][0]);
	for (i = 0; i < ARRAY_SIZE(legend); i++)
		seq_printf(m, "#%*s%s\n", pad, "", legend[i]);
}

/**
 * print_graph_headers_flags - the column header of graph output
 * @m: the trace file's seq_file (its private is the reader's iterator)
 * @flags: GRAPH_OPT_* bits saying which columns the lines have
 *
 * Nothing without context-info.  With latency-format, the latency
 * block and a legend of the flags come first, or nothing at all while
 * the buffer is empty.
 */
void print_graph_headers_flags(struct seq_file *m, u32 flags)
{
	struct trace_iterator *iter = m->private;
	u64 trflags = iter->tr->flags;
	bool shown[GRAPH_HDR_COLUMNS] = {
		[GRAPH_HDR_ABS]		= flags & GRAPH_OPT_ABS_TIME,
		[GRAPH_HDR_REL]		= flags & GRAPH_OPT_REL_TIME,
		[GRAPH_HDR_CPU]		= flags & GRAPH_OPT_CPU,
		[GRAPH_HDR_PROC]	= flags & GRAPH_OPT_PROC,
		[GRAPH_HDR_LAT]		= trflags & TRACE_ITER(LATENCY_FMT),
		[GRAPH_HDR_DURATION]	= flags & GRAPH_OPT_DURATION,
		[GRAPH_HDR_FUNC]	= true,
	};
	int line, i;

	if (!(trflags & TRACE_ITER(CONTEXT_INFO)))
		return;
	if (shown[GRAPH_HDR_LAT]) {
		if (trace_empty(iter))
			return;
		trace_print_latency_block(m, iter);
		graph_lat_legend(m, shown);
	}

	for (line = 0; line < 2; line++) {
		seq_putc(m, '#');
		for (i = 0; i < GRAPH_HDR_COLUMNS; i++)
			if (shown[i])
				seq_puts(m, graph_hdr_text[i][line]);
		seq_putc(m, '\n');
	}
}

/**
 * print_graph_header - the function_graph tracer's print_header
 * @m: the trace file's seq_file
 *
 * print_graph_headers_flags() with the options of the reader's tracer.
 */
void print_graph_header(struct seq_file *m)
{
	struct trace_iterator *iter = m->private;

	print_graph_headers_flags(m, graph_reader_opts(iter));
}

/* ---- per-reader state ------------------------------------------------------ */

/**
 * graph_trace_open - set up a reader's state (open and pipe_open)
 * @iter: the reader
 *
 * Puts the state in iter->private; without memory it stays NULL and
 * lines print without it.  Also usable where sleeping is not
 * (ftrace_dump()): the allocation is atomic then.
 */
void graph_trace_open(struct trace_iterator *iter)
{
	gfp_t gfp = (in_atomic() || irqs_disabled()) ? GFP_ATOMIC : GFP_KERNEL;
	struct graph_reader *rd;
	int cpu;

	iter->private = NULL;
	rd = kzalloc(sizeof(*rd), gfp);
	if (!rd)
		goto fail;
	rd->cpus = alloc_percpu_gfp(struct graph_cpu, gfp);
	if (!rd->cpus) {
		kfree(rd);
		goto fail;
	}
	for_each_possible_cpu(cpu) {
		struct graph_cpu *gc = per_cpu_ptr(rd->cpus, cpu);

		gc->last_pid = -1;
		gc->irq_depth = -1;
	}
	iter->private = rd;
	return;
fail:
	pr_warn("function_graph: no memory for a reader, printing without nesting state\n");
}

/**
 * graph_trace_close - free what graph_trace_open() set up
 * @iter: the reader
 */
void graph_trace_close(struct trace_iterator *iter)
{
	struct graph_reader *rd = iter->private;

	if (!rd)
		return;
	free_percpu(rd->cpus);
	kfree(rd);
	iter->private = NULL;
}
