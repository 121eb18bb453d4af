// SPDX-License-Identifier: GPL-2.0
/*
 * Turning records into text: symbols, the context columns in front of
 * each record, the output modes, and the printers of the core's own
 * record types.
 *
 * A record comes out in one of four modes, picked from the options: the
 * normal text ("trace"), raw numbers, hex, or binary.  The context in
 * front of it (task, CPU, flags, time) has a form for each mode, and the
 * record's type supplies the rest through its trace_event_functions.
 *
 * The text formats are what user space parses, so they are upstream's to
 * the byte; see build/spec/upstream/trace*.txt for each of them.
 *
 * Not here: the table that finds a record type's printers
 * (trace_event_types.c), the runtime of events' TP_printk()
 * (trace_event_print.c), and the header of the trace file, which is the
 * trace file's own (trace_read.c).
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>

#include "trace.h"

/* ---- symbols -------------------------------------------------------------- */

/* Addresses print as wide as a pointer of the machine. */
#define IP_HEX_DIGITS	((int)(2 * sizeof(unsigned long)))

/**
 * trace_seq_print_sym - print the kernel symbol at an address
 * @s: where to print
 * @address: the address
 * @offset: print "name+off/size [module]" rather than only the name
 *
 * An address with no symbol prints as 0x followed by at least 8 hex
 * digits.
 */
static void trace_seq_print_sym(struct trace_seq *s, unsigned long address,
				bool offset)
{
#ifdef CONFIG_KALLSYMS
	char name[KSYM_SYMBOL_LEN];

	if (is_kretprobe_trampoline(address)) {
		trace_seq_puts(s, "[unknown/kretprobe'd]");
		return;
	}
	name[0] = '\0';
	if (offset)
		sprint_symbol(name, address);
	else
		kallsyms_lookup(address, NULL, NULL, NULL, name);
	if (name[0]) {
		trace_seq_puts(s, name);
		return;
	}
#endif
	trace_seq_printf(s, "0x%08lx", address);
}

/*
 * Print a code address as the sym-offset and sym-addr options in
 * @sym_flags say: the symbol, perhaps with its offset, perhaps followed
 * by the raw address.  A zero address is printed as "0".  Returns false
 * once @s is full.
 */
int seq_print_ip_sym(struct trace_seq *s, unsigned long ip, u64 sym_flags)
{
	if (!ip) {
		trace_seq_putc(s, '0');
	} else {
		trace_seq_print_sym(s, ip, sym_flags & TRACE_ITER(SYM_OFFSET));
		if (sym_flags & TRACE_ITER(SYM_ADDR))
			trace_seq_printf(s, " <%0*lx>", IP_HEX_DIGITS, ip);
	}
	return !trace_seq_has_overflowed(s);
}

/*
 * A user-space address: with @mm (sym-userobj), the file it is mapped
 * from and the offset into the mapping; the raw address as well when
 * there is no file or sym-addr asks for it.
 */
static void print_user_ip(struct trace_seq *s, struct mm_struct *mm,
			  unsigned long ip, int sym_flags)
{
	bool mapped = false;

	if (mm) {
		struct vm_area_struct *vma;

		mmap_read_lock(mm);
		vma = find_vma(mm, ip);
		if (vma && vma->vm_file) {
			mapped = true;
			if (trace_seq_path(s, file_user_path(vma->vm_file)))
				trace_seq_printf(s, "[+0x%lx]",
						 ip - vma->vm_start);
		}
		mmap_read_unlock(mm);
	}
	if (!mapped || (sym_flags & TRACE_ITER(SYM_ADDR)))
		trace_seq_printf(s, " <%0*lx>", IP_HEX_DIGITS, ip);
}

/* ---- the context columns -------------------------------------------------- */

/* Nanoseconds to microseconds, rounded to the nearest. */
static u64 ns_to_us_rounded(u64 ns)
{
	return div_u64(ns + NSEC_PER_USEC / 2, NSEC_PER_USEC);
}

/* irqs-off/BH-disabled column. */
static char irqs_off_char(unsigned char flags)
{
	bool irqs_off = flags & TRACE_FLAG_IRQS_OFF;
	bool bh_off = flags & TRACE_FLAG_BH_OFF;

	if (irqs_off)
		return bh_off ? 'D' : 'd';
	if (bh_off)
		return 'b';
	return (flags & TRACE_FLAG_IRQS_NOSUPPORT) ? 'X' : '.';
}

/* need-resched column: N both, n the task's, p preemption's own. */
static char need_resched_char(unsigned char flags)
{
	bool task = flags & TRACE_FLAG_NEED_RESCHED;
	bool preempt = flags & TRACE_FLAG_PREEMPT_RESCHED;

	if (task)
		return preempt ? 'N' : 'n';
	return preempt ? 'p' : '.';
}

/* hardirq/softirq column: Z/z NMI, H/h hard interrupt, s softirq. */
static char irq_context_char(unsigned char flags)
{
	bool hard = flags & TRACE_FLAG_HARDIRQ;
	bool soft = flags & TRACE_FLAG_SOFTIRQ;

	if (flags & TRACE_FLAG_NMI)
		return hard ? 'Z' : 'z';
	if (hard)
		return soft ? 'H' : 'h';
	return soft ? 's' : '.';
}

/* A depth column: one hex digit, '.' for zero. */
static char depth_char(unsigned int depth)
{
	return depth ? hex_asc[depth & 0xf] : '.';
}

/*
 * The five flag columns: irqs-off, need-resched, hardirq/softirq,
 * preempt-depth and migrate-disable depth.
 */
static void print_flag_columns(struct trace_seq *s, struct trace_entry *entry)
{
	char cols[5];

	cols[0] = irqs_off_char(entry->flags);
	cols[1] = need_resched_char(entry->flags);
	cols[2] = irq_context_char(entry->flags);
	cols[3] = depth_char(entry->preempt_count & 0xf);
	cols[4] = depth_char(entry->preempt_count >> 4);
	trace_seq_putmem(s, cols, sizeof(cols));
}

/* A time stamp: seconds.micros if the clock counts ns, else the count. */
static void print_timestamp(struct trace_iterator *iter, u64 ts)
{
	struct trace_seq *s = &iter->seq;
	u32 us;
	u64 sec;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		trace_seq_printf(s, " %12llu", ts);
		return;
	}
	sec = div_u64_rem(ns_to_us_rounded(ts), USEC_PER_SEC, &us);
	trace_seq_printf(s, " %5llu.%06u", sec, us);
}

/**
 * trace_print_context - the columns in front of a record, normal format
 * @iter: the reader, on the record to print
 *
 * TASK-PID, the tgid when record-tgid is on, [CPU], the flag columns
 * when irq-info is on, and the time stamp.
 *
 * Return: 0 if iter->seq overflowed, 1 otherwise.
 */
static int trace_print_context(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *entry = iter->ent;
	u64 flags = iter->tr->flags;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(entry->pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, entry->pid);

	if (flags & TRACE_ITER(RECORD_TGID)) {
		int tgid = trace_find_tgid(entry->pid);

		if (tgid)
			trace_seq_printf(s, "(%7d) ", tgid);
		else
			trace_seq_puts(s, "(-------) ");
	}

	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (flags & TRACE_ITER(IRQ_INFO))
		print_flag_columns(s, entry);
	print_timestamp(iter, iter->ts);
	trace_seq_puts(s, ": ");

	return !trace_seq_has_overflowed(s);
}

/**
 * trace_delay_mark - the mark of a duration
 * @delay_ns: the duration
 *
 * The latency format's delay column (how long until the next record) and
 * function_graph's duration column mark a duration alike: '$' over a
 * second, '@' over 100ms, '*' over 10ms, '#' over 1ms, '!' over 100us,
 * '+' over 10us, else a blank.
 *
 * Return: the mark.
 */
char trace_delay_mark(u64 delay_ns)
{
	static const struct {
		u64	over_ns;
		char	mark;
	} marks[] = {
		{ NSEC_PER_SEC,		'$' },
		{ 100 * NSEC_PER_MSEC,	'@' },
		{ 10 * NSEC_PER_MSEC,	'*' },
		{ NSEC_PER_MSEC,	'#' },
		{ 100 * NSEC_PER_USEC,	'!' },
		{ 10 * NSEC_PER_USEC,	'+' },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++) {
		if (delay_ns > marks[i].over_ns)
			return marks[i].mark;
	}
	return ' ';
}

/*
 * The latency format's time: since the buffer was started (a latency
 * tracer's saved section: since the section began), and the delay to the
 * next record (verbose), or its mark.
 */
static void print_lat_times(struct trace_iterator *iter, u64 next_ts)
{
	bool verbose = iter->tr->flags & TRACE_ITER(VERBOSE);
	struct trace_seq *s = &iter->seq;
	u64 start = iter->skipped ? iter->tr->lat.time_start : iter->tr->time_start;
	u64 since = iter->ts > start ? iter->ts - start : 0;
	u64 delay = next_ts - iter->ts;
	u32 since_us, delay_us;

	if (!(iter->iter_flags & TRACE_FILE_TIME_IN_NS)) {
		if (verbose)
			trace_seq_printf(s, "[%016llx] %lld (+%lld): ",
					 iter->ts, since, delay);
		else
			trace_seq_printf(s, " %4lld: ", since);
		return;
	}

	since = ns_to_us_rounded(since);
	delay = ns_to_us_rounded(delay);
	if (!verbose) {
		trace_seq_printf(s, " %4lldus%c: ", since,
				 trace_delay_mark(delay * NSEC_PER_USEC));
		return;
	}
	since = div_u64_rem(since, USEC_PER_MSEC, &since_us);
	delay = div_u64_rem(delay, USEC_PER_MSEC, &delay_us);
	trace_seq_printf(s, "[%08llx] %llu.%03ums (+%llu.%03ums): ",
			 ns_to_us_rounded(iter->ts), since, since_us,
			 delay, delay_us);
}

/**
 * trace_print_lat_context - the columns in front of a record, latency format
 * @iter: the reader, on the record to print
 *
 * cmd-pid, CPU and the flag columns, then the time and the delay to the
 * next record.  With the verbose option the raw flags, preemption depth
 * and record index are shown as numbers instead.
 *
 * Return: 0 if iter->seq overflowed, 1 otherwise.
 */
static int trace_print_lat_context(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	char comm[TASK_COMM_LEN];
	struct trace_entry *entry;
	u64 next_ts;

	/* Peeking ahead may move iter->ent (to a copy): reload it after. */
	if (!trace_find_next_entry(iter, NULL, &next_ts))
		next_ts = iter->ts;
	entry = iter->ent;

	trace_find_cmdline(entry->pid, comm);
	if (iter->tr->flags & TRACE_ITER(VERBOSE)) {
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08lx ",
				 comm, entry->pid, iter->cpu, entry->flags,
				 entry->preempt_count & 0xf, iter->idx);
	} else {
		trace_seq_printf(s, "%8.8s-%-7d %3d", comm, entry->pid,
				 iter->cpu);
		print_flag_columns(s, entry);
	}
	print_lat_times(iter, next_ts);

	return !trace_seq_has_overflowed(s);
}

/**
 * trace_print_lost_events - the note that records were lost before this one
 * @iter: the reader, on a record
 *
 * "CPU:N [LOST M EVENTS]" (or without the count when it is unknown) if
 * the ring buffer dropped records of iter->cpu just before iter->ent.
 * print_trace_line() calls it first thing.
 */
static void trace_print_lost_events(struct trace_iterator *iter)
{
	if (!iter->lost_events)
		return;
	if (iter->lost_events == (unsigned long)-1)
		trace_seq_printf(&iter->seq, "CPU:%d [LOST EVENTS]\n",
				 iter->cpu);
	else
		trace_seq_printf(&iter->seq, "CPU:%d [LOST %lu EVENTS]\n",
				 iter->cpu, iter->lost_events);
}

/*
 * The annotate option: when a trace that lost records to overwriting
 * reaches the first record of another CPU, say where that CPU's records
 * start (not before the trace's first record).
 */
static void annotate_cpu_start(struct trace_iterator *iter)
{
	if (!(iter->tr->flags & TRACE_ITER(ANNOTATE)) ||
	    !(iter->iter_flags & TRACE_FILE_ANNOTATE) ||
	    !cpumask_available(iter->started) ||
	    cpumask_test_and_set_cpu(iter->cpu, iter->started))
		return;
	if (iter->idx > 1)
		trace_seq_printf(&iter->seq, "##### CPU %u buffer started ####\n",
				 iter->cpu);
}

/* ---- one record ----------------------------------------------------------- */

enum output_mode { OUT_TEXT, OUT_RAW, OUT_HEX, OUT_BIN };

static enum output_mode output_mode(u64 flags)
{
	if (flags & TRACE_ITER(BIN))
		return OUT_BIN;
	if (flags & TRACE_ITER(HEX))
		return OUT_HEX;
	if (flags & TRACE_ITER(RAW))
		return OUT_RAW;
	return OUT_TEXT;
}

/* The context in front of a record, in @mode's form. */
static void print_mode_context(struct trace_iterator *iter,
			       enum output_mode mode)
{
	struct trace_seq *s = &iter->seq;
	int pid = iter->ent->pid;

	switch (mode) {
	case OUT_TEXT:
		if (iter->iter_flags & TRACE_FILE_LAT_FMT)
			trace_print_lat_context(iter);
		else
			trace_print_context(iter);
		break;
	case OUT_RAW:
		trace_seq_printf(s, "%d %d %llu ", pid, iter->cpu, iter->ts);
		break;
	case OUT_HEX:
		trace_seq_putmem_hex(s, &pid, sizeof(pid));
		trace_seq_putmem_hex(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem_hex(s, &iter->ts, sizeof(iter->ts));
		break;
	case OUT_BIN:
		trace_seq_putmem(s, &pid, sizeof(pid));
		trace_seq_putmem(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem(s, &iter->ts, sizeof(iter->ts));
		break;
	}
}

/* A record whose type has no printers. */
static enum print_line_t print_unknown(struct trace_iterator *iter,
				       enum output_mode mode)
{
	struct trace_seq *s = &iter->seq;

	switch (mode) {
	case OUT_TEXT:
		trace_seq_printf(s, "Unknown type %d\n", iter->ent->type);
		break;
	case OUT_RAW:
		trace_seq_printf(s, "%d ?\n", iter->ent->type);
		break;
	case OUT_HEX:
		trace_seq_putc(s, '\n');
		break;
	case OUT_BIN:
		break;
	}
	return trace_handle_return(s);
}

static enum print_line_t print_in_mode(struct trace_iterator *iter,
				       enum output_mode mode)
{
	struct trace_array *tr = iter->tr;
	struct trace_event *event;
	enum print_line_t ret;

	if (mode == OUT_TEXT)
		annotate_cpu_start(iter);
	if (tr->flags & TRACE_ITER(CONTEXT_INFO))
		print_mode_context(iter, mode);
	if (trace_seq_has_overflowed(&iter->seq))
		return TRACE_TYPE_PARTIAL_LINE;

	event = ftrace_find_event(iter->ent->type);
	if (!event)
		return print_unknown(iter, mode);

	switch (mode) {
	case OUT_TEXT:
		return event->funcs->trace(iter, tr->flags & TRACE_SYM_OPTIONS,
					   event);
	case OUT_RAW:
		return event->funcs->raw(iter, 0, event);
	case OUT_BIN:
		return event->funcs->binary(iter, 0, event);
	case OUT_HEX:
		break;
	}
	/* Hex ends each record with a newline of its own. */
	ret = event->funcs->hex(iter, 0, event);
	if (ret != TRACE_TYPE_HANDLED)
		return ret;
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/* printk-msg-only: the text of a printk-like record and nothing else. */
static bool print_message_only(struct trace_iterator *iter)
{
	struct trace_seq *s = &iter->seq;
	struct trace_entry *ent = iter->ent;

	switch (ent->type) {
	case TRACE_PRINT:
		trace_seq_puts(s, ((struct print_entry *)ent)->buf);
		return true;
	case TRACE_BPRINT: {
		struct bprint_entry *bp = (struct bprint_entry *)ent;

		trace_seq_bprintf(s, bp->fmt, bp->buf);
		return true;
	}
	case TRACE_BPUTS:
		trace_seq_puts(s, ((struct bputs_entry *)ent)->str);
		return true;
	}
	return false;
}

/*
 * Print iter->ent into iter->seq as the options of iter->tr ask: after a
 * note of lost records, the tracer's own print_line() has first say; then
 * printk-msg-only, then the output mode.  The caller holds
 * trace_event_sem for reading.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter)
{
	u64 flags = iter->tr->flags;
	u64 msg_only = TRACE_ITER(PRINTK) | TRACE_ITER(PRINTK_MSGONLY);
	enum print_line_t ret;

	trace_print_lost_events(iter);
	if (trace_seq_has_overflowed(&iter->seq))
		return TRACE_TYPE_PARTIAL_LINE;

	if (iter->trace && iter->trace->print_line) {
		ret = iter->trace->print_line(iter);
		if (ret != TRACE_TYPE_UNHANDLED)
			return ret;
	}

	if ((flags & msg_only) == msg_only && print_message_only(iter))
		return trace_handle_return(&iter->seq);

	return print_in_mode(iter, output_mode(flags));
}

/* ---- printers of the core's record types ---------------------------------- */

/* TRACE_FN: the function tracer's "function <-caller". */
static enum print_line_t print_fn_text(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, field->ip, flags);
	if ((flags & TRACE_ITER(PRINT_PARENT)) && field->parent_ip) {
		trace_seq_puts(s, " <-");
		seq_print_ip_sym(s, field->parent_ip, flags);
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t print_fn_raw(struct trace_iterator *iter,
				      int flags, struct trace_event *event)
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %lx\n", field->ip, field->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_fn_hex(struct trace_iterator *iter,
				      int flags, struct trace_event *event)
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;

	trace_seq_putmem_hex(&iter->seq, &field->ip, sizeof(field->ip));
	trace_seq_putmem_hex(&iter->seq, &field->parent_ip,
			     sizeof(field->parent_ip));
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_fn_bin(struct trace_iterator *iter,
				      int flags, struct trace_event *event)
{
	struct ftrace_entry *field = (struct ftrace_entry *)iter->ent;

	trace_seq_putmem(&iter->seq, &field->ip, sizeof(field->ip));
	trace_seq_putmem(&iter->seq, &field->parent_ip, sizeof(field->parent_ip));
	return trace_handle_return(&iter->seq);
}

/*
 * TRACE_FUNC_REPEATS (func-no-repeats): the function line, then how often
 * it was called again and the time of the last of those calls.
 */
static u64 repeats_delta(const struct func_repeats_entry *field)
{
	return ((u64)field->top_delta_ts << 32) | field->bottom_delta_ts;
}

static enum print_line_t print_repeats_text(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct func_repeats_entry *field = (struct func_repeats_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	seq_print_ip_sym(s, field->ip, flags);
	if ((flags & TRACE_ITER(PRINT_PARENT)) && field->parent_ip) {
		trace_seq_puts(s, " <-");
		seq_print_ip_sym(s, field->parent_ip, flags);
	}
	trace_seq_printf(s, " (repeats: %u, last_ts:", field->count);
	print_timestamp(iter, iter->ts - repeats_delta(field));
	trace_seq_puts(s, ")\n");
	return trace_handle_return(s);
}

static enum print_line_t print_repeats_raw(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct func_repeats_entry *field = (struct func_repeats_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", field->ip,
			 field->parent_ip, field->count, repeats_delta(field));
	return trace_handle_return(&iter->seq);
}

/* TRACE_PRINT: trace_marker and trace_printk() with a string. */
static enum print_line_t print_print_text(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct print_entry *field = (struct print_entry *)iter->ent;

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_printf(&iter->seq, ": %s", field->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_print_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct print_entry *field = (struct print_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "# %lx %s", field->ip, field->buf);
	return trace_handle_return(&iter->seq);
}

/* TRACE_BPRINT: trace_printk() with its arguments packed. */
static enum print_line_t print_bprint_text(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct bprint_entry *field = (struct bprint_entry *)iter->ent;

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_bprintf(&iter->seq, field->fmt, field->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bprint_raw(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct bprint_entry *field = (struct bprint_entry *)iter->ent;

	trace_seq_printf(&iter->seq, ": %lx : ", field->ip);
	trace_seq_bprintf(&iter->seq, field->fmt, field->buf);
	return trace_handle_return(&iter->seq);
}

/* TRACE_BPUTS: trace_puts() of a string constant. */
static enum print_line_t print_bputs_text(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct bputs_entry *field = (struct bputs_entry *)iter->ent;

	seq_print_ip_sym(&iter->seq, field->ip, flags);
	trace_seq_puts(&iter->seq, ": ");
	trace_seq_puts(&iter->seq, field->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bputs_raw(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct bputs_entry *field = (struct bputs_entry *)iter->ent;

	trace_seq_printf(&iter->seq, ": %lx : ", field->ip);
	trace_seq_puts(&iter->seq, field->str);
	return trace_handle_return(&iter->seq);
}

/* TRACE_RAW_DATA: trace_marker_raw; the id, then each byte in hex. */
static enum print_line_t print_raw_data(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct raw_data_entry *field = (struct raw_data_entry *)iter->ent;
	int len = iter->ent_size - (int)offsetof(struct raw_data_entry, buf);
	struct trace_seq *s = &iter->seq;
	int i;

	trace_seq_printf(s, "# %x buf:", field->id);
	for (i = 0; i < len && !trace_seq_has_overflowed(s); i++)
		trace_seq_printf(s, " %02x", (unsigned char)field->buf[i]);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* Where a saved kernel stack went through an ftrace trampoline. */
#ifndef FTRACE_TRAMPOLINE_MARKER
#define FTRACE_TRAMPOLINE_MARKER	((unsigned long)INT_MAX)
#endif

/*
 * TRACE_STACK: one " => symbol" line a frame.  The writer may size the
 * record for more frames than caller[] declares: the record's length and
 * its size field bound the walk, and ULONG_MAX ends it early.
 */
static enum print_line_t print_kernel_stack(struct trace_iterator *iter,
					    int flags, struct trace_event *event)
{
	struct stack_entry *field = (struct stack_entry *)iter->ent;
	const unsigned long *ip = field->caller;
	const unsigned long *end = (void *)iter->ent + iter->ent_size;
	struct trace_seq *s = &iter->seq;

	if (field->size >= 0 && field->size < end - ip)
		end = ip + field->size;

	trace_seq_puts(s, "<stack trace>\n");
	for (; ip < end && *ip != ULONG_MAX; ip++) {
		if (trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		if (*ip == FTRACE_TRAMPOLINE_MARKER) {
			trace_seq_puts(s, "[FTRACE TRAMPOLINE]\n");
			continue;
		}
		seq_print_ip_sym(s, *ip, flags);
		trace_seq_putc(s, '\n');
	}
	return trace_handle_return(s);
}

/* TRACE_USER_STACK: one " => address" line a frame, 0 ends the list. */
static enum print_line_t print_user_stack(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct userstack_entry *field = (struct userstack_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	struct mm_struct *mm = NULL;
	int i;

	trace_seq_puts(s, "<user stack trace>\n");

	/* The thread group's leader: the thread itself may be gone. */
	if (iter->tr->flags & TRACE_ITER(SYM_USEROBJ)) {
		struct task_struct *task;

		rcu_read_lock();
		task = find_task_by_vpid(field->tgid);
		if (task)
			mm = get_task_mm(task);
		rcu_read_unlock();
	}

	for (i = 0; i < FTRACE_STACK_ENTRIES; i++) {
		unsigned long ip = field->caller[i];

		if (!ip || trace_seq_has_overflowed(s))
			break;
		trace_seq_puts(s, " => ");
		print_user_ip(s, mm, ip, flags);
		trace_seq_putc(s, '\n');
	}

	if (mm)
		mmput(mm);
	return trace_handle_return(s);
}

/*
 * TRACE_CTX and TRACE_WAKE: "prev:prio:S ==> [cpu] next:prio:T comm" for
 * a switch, "  +" in place of the arrow for a wakeup.  The raw, hex and
 * binary forms give a wakeup's prev state as '+'.
 */
static enum print_line_t print_ctxwake_text(struct trace_iterator *iter,
					    const char *arrow)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(f->next_pid, comm);
	trace_seq_printf(&iter->seq, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s\n",
			 f->prev_pid, f->prev_prio,
			 task_index_to_char(f->prev_state), arrow, f->next_cpu,
			 f->next_pid, f->next_prio,
			 task_index_to_char(f->next_state), comm);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_ctx_text(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	return print_ctxwake_text(iter, "==>");
}

static enum print_line_t print_wake_text(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	return print_ctxwake_text(iter, "  +");
}

/* The prev state's character: the record's, or '+' for a wakeup. */
static char ctxwake_prev_char(struct trace_iterator *iter,
			      const struct ctx_switch_entry *f)
{
	return iter->ent->type == TRACE_WAKE ? '+' :
	       task_index_to_char(f->prev_state);
}

static enum print_line_t print_ctxwake_raw(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;

	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c\n",
			 f->prev_pid, f->prev_prio, ctxwake_prev_char(iter, f),
			 f->next_cpu, f->next_pid, f->next_prio,
			 task_index_to_char(f->next_state));
	return trace_handle_return(&iter->seq);
}

#define PUT_HEX(s, v)	trace_seq_putmem_hex(s, &(v), sizeof(v))

static enum print_line_t print_ctxwake_hex(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;
	char prev = ctxwake_prev_char(iter, f);
	int next = task_index_to_char(f->next_state);

	PUT_HEX(s, f->prev_pid);
	PUT_HEX(s, f->prev_prio);
	PUT_HEX(s, prev);
	PUT_HEX(s, f->next_cpu);
	PUT_HEX(s, f->next_pid);
	PUT_HEX(s, f->next_prio);
	PUT_HEX(s, next);
	return trace_handle_return(s);
}

#define PUT_BIN(s, v)	trace_seq_putmem(s, &(v), sizeof(v))

static enum print_line_t print_ctxwake_bin(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct ctx_switch_entry *f = (struct ctx_switch_entry *)iter->ent;
	struct trace_seq *s = &iter->seq;

	PUT_BIN(s, f->prev_pid);
	PUT_BIN(s, f->prev_prio);
	PUT_BIN(s, f->prev_state);
	PUT_BIN(s, f->next_cpu);
	PUT_BIN(s, f->next_pid);
	PUT_BIN(s, f->next_prio);
	PUT_BIN(s, f->next_state);
	return trace_handle_return(s);
}

static struct trace_event_functions ctx_funcs = {
	.trace	= print_ctx_text,
	.raw	= print_ctxwake_raw,
	.hex	= print_ctxwake_hex,
	.binary	= print_ctxwake_bin,
};

static struct trace_event_functions wake_funcs = {
	.trace	= print_wake_text,
	.raw	= print_ctxwake_raw,
	.hex	= print_ctxwake_hex,
	.binary	= print_ctxwake_bin,
};

static struct trace_event_functions fn_funcs = {
	.trace	= print_fn_text,
	.raw	= print_fn_raw,
	.hex	= print_fn_hex,
	.binary	= print_fn_bin,
};

static struct trace_event_functions repeats_funcs = {
	.trace	= print_repeats_text,
	.raw	= print_repeats_raw,
};

static struct trace_event_functions print_funcs = {
	.trace	= print_print_text,
	.raw	= print_print_raw,
};

static struct trace_event_functions bprint_funcs = {
	.trace	= print_bprint_text,
	.raw	= print_bprint_raw,
};

static struct trace_event_functions bputs_funcs = {
	.trace	= print_bputs_text,
	.raw	= print_bputs_raw,
};

static struct trace_event_functions raw_data_funcs = {
	.trace	= print_raw_data,
	.raw	= print_raw_data,
};

static struct trace_event_functions stack_funcs = {
	.trace	= print_kernel_stack,
};

static struct trace_event_functions user_stack_funcs = {
	.trace	= print_user_stack,
};

static struct trace_event core_events[] = {
	{ .type = TRACE_FN,		.funcs = &fn_funcs },
	{ .type = TRACE_FUNC_REPEATS,	.funcs = &repeats_funcs },
	{ .type = TRACE_CTX,		.funcs = &ctx_funcs },
	{ .type = TRACE_WAKE,		.funcs = &wake_funcs },
	{ .type = TRACE_HWLAT,		.funcs = &trace_hwlat_funcs },
	{ .type = TRACE_OSNOISE,	.funcs = &trace_osnoise_funcs },
	{ .type = TRACE_TIMERLAT,	.funcs = &trace_timerlat_funcs },
	{ .type = TRACE_PRINT,		.funcs = &print_funcs },
	{ .type = TRACE_BPRINT,		.funcs = &bprint_funcs },
	{ .type = TRACE_BPUTS,		.funcs = &bputs_funcs },
	{ .type = TRACE_RAW_DATA,	.funcs = &raw_data_funcs },
	{ .type = TRACE_STACK,		.funcs = &stack_funcs },
	{ .type = TRACE_USER_STACK,	.funcs = &user_stack_funcs },
};

/* Registers the printers of the core's record types; once, at boot. */
int __init init_trace_output(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(core_events); i++)
		WARN(!register_trace_event(&core_events[i]),
		     "trace record type %d: no printer\n", core_events[i].type);
	return 0;
}
