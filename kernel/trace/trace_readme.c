// SPDX-License-Identifier: GPL-2.0
/*
 * The text tracefs shows in its README file: a one-screen guide to the
 * tracing core's files.  Documentation/trace/tracefs.rst is the full story.
 *
 * Tools read this text to learn what the kernel offers: ftracetest's
 * "requires: PATTERN:README" lines run grep -F PATTERN on it.  So every
 * feature that exists must show its token here spelled exactly as they
 * search for it, and no token may appear for a feature that is not built
 * yet (that would turn a clean "unsupported" into a failure).  Today the
 * tokens that apply are the tracefs mount option "[gid=<gid>]" and, with
 * the function tracer, "accepts: ... glob-matching-pattern".
 * Whoever adds a feature with such a token adds its paragraph here.
 */
#include "trace.h"

static const char trace_readme_text[] =
	"tracefs: the tracing files in one screen\n"
	"\n"
	"Mounting (it is usually mounted at /sys/kernel/tracing already):\n"
	"  mount -t tracefs [-o [gid=<gid>]] nodev /sys/kernel/tracing\n"
	"  No file here is open to 'other'.  With gid=<gid>, group <gid>\n"
	"  gets the group permissions on every file and directory.\n"
	"\n"
	"First steps:\n"
	"  echo 0 > tracing_on          stop recording (1 starts it again)\n"
	"  echo hello > trace_marker    add a line of your own to the trace\n"
	"  cat trace                    everything the buffer holds, oldest first\n"
	"  echo > trace                 empty the buffer\n"
	"  cat trace_pipe               take records out as they come (waits)\n"
	"\n"
	"In every trace array (the top directory and each instances/NAME):\n"
	"  trace                  the buffer as text; open with O_TRUNC to clear\n"
	"  trace_pipe             consuming read, one reader at a time, pollable\n"
	"  tracing_on             1: records are kept, 0: they are not\n"
	"  current_tracer         the tracer at work; write a name to change it\n"
	"  available_tracers      the names current_tracer accepts\n"
	"  buffer_size_kb         KiB of buffer per CPU; X when CPUs differ\n"
	"  buffer_total_size_kb   KiB of buffer over all CPUs (read only)\n"
	"  buffer_subbuf_size_kb  KiB per sub-buffer, one page (4) up to 512\n"
	"  buffer_percent         how full (%) a CPU buffer gets before waiting\n"
	"                         trace_pipe_raw readers wake up (0: at once)\n"
	"  free_buffer            the buffer shrinks when this file is closed\n"
	"  tracing_cpumask        hex mask of the CPUs that record\n"
	"  trace_options          all options, 'no' in front of those unset;\n"
	"                         write NAME or noNAME to set or clear one\n"
	"  options/NAME           one file per option, reads and takes 0 or 1\n"
	"  trace_clock            clocks for timestamps, [current] in brackets\n"
	"  timestamp_mode         how the buffer stores time (read only)\n"
	"  trace_marker           a write becomes one text record (4096 max)\n"
	"  trace_marker_raw       a write becomes one binary record: an int id,\n"
	"                         then the payload\n"
	"  tracing_max_latency    worst latency a latency tracer saw, usecs\n"
	"  error_log              what went wrong with recent commands;\n"
	"                         'echo > error_log' forgets them\n"
	"  per_cpu/cpuN/          trace, trace_pipe, trace_pipe_raw (binary\n"
	"                         pages, splice works), buffer_size_kb, stats\n"
#ifdef CONFIG_TRACER_SNAPSHOT
	"  snapshot               the snapshot buffer, read like trace:\n"
	"                         echo 1: allocate it if needed and swap it\n"
	"                         with the live buffer; 0: free it; 2 (or any\n"
	"                         other number): empty it.  Read it for more\n"
	"  per_cpu/cpuN/snapshot  the same for CPU N alone (0 refused);\n"
	"                         snapshot_raw: its pages, like trace_pipe_raw\n"
#endif
#ifdef CONFIG_FUNCTION_TRACER
	"  set_ftrace_filter      functions the function tracer traces (none\n"
	"                         listed: all); write words to add, '!word'\n"
	"                         to take out, '>' starts afresh:\n"
	"    accepts: a func_full_name or a glob-matching-pattern\n"
	"             (sched*, *lock, *rcu*, a*b, [Ss]y?_*), or a line\n"
	"             number of available_filter_functions\n"
	"  set_ftrace_notrace     functions never traced; the same words\n"
	"  set_ftrace_pid         pids the function tracer records (none\n"
	"                         listed: all); '>' replaces, '>>' adds\n"
	"  set_ftrace_notrace_pid pids the function tracer never records\n"
#endif
	"\n"
	"Only in the top directory:\n"
	"  README                 this text\n"
	"  instances/             mkdir instances/NAME: a new trace array with\n"
	"                         its own buffer and settings; rmdir removes it\n"
	"                         (EBUSY while one of its files is open)\n"
	"  printk_formats         address : \"format\" of each trace_printk()\n"
	"  saved_cmdlines         'pid comm' pairs, to name tasks in the trace\n"
	"  saved_cmdlines_size    how many pairs saved_cmdlines may keep\n"
	"  saved_tgids            'pid tgid' pairs, kept while record-tgid is on\n"
	"  tracing_thresh         latency threshold in usecs (0: none)\n"
#ifdef CONFIG_FUNCTION_TRACER
	"  available_filter_functions  the functions that can be traced;\n"
	"                         _addrs: with their call site's address\n"
	"  enabled_functions      the functions being traced, with how many\n"
	"                         callbacks each; touched_functions: ever\n"
	"  /proc/sys/kernel/ftrace_enabled  0: no function is traced\n"
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	"  set_graph_function     function_graph draws only these functions\n"
	"                         and what they call (none listed: all); the\n"
	"                         words of set_ftrace_filter, without commands\n"
	"  set_graph_notrace      function_graph never draws these functions\n"
	"                         nor anything they call\n"
	"  max_graph_depth        how many calls deep function_graph draws\n"
	"                         (0: no limit); all three act on every array\n"
#endif
#ifdef CONFIG_FUNCTION_PROFILER
	"  function_profile_enabled  1: count each function's calls per CPU\n"
	"                         (from zero) into trace_stat/functionN; 0: stop\n"
#endif
	"\n"
	"Clocks (echo NAME > trace_clock; this also empties the buffer):\n"
	"  local:     per CPU, the cheapest; CPUs may disagree a little\n"
	"  global:    one time line for all CPUs, costs more\n"
	"  counter:   a counter bumped on every read, not a time\n"
	"  uptime:    jiffies\n"
	"  perf:      the clock perf uses\n"
	"  mono:      monotonic time\n"
	"  mono_raw:  monotonic time without NTP correction\n"
	"  boot:      monotonic time that goes on during suspend\n"
	"  tai:       international atomic time\n"
	"  x86-tsc:   the CPU's time stamp counter (x86 only)\n"
	"\n"
	"Options (trace_options, options/):\n"
	"  context-info     task-pid, CPU and time before each line\n"
	"  irq-info         the irqs-off/need-resched/irq/preempt columns\n"
	"  record-tgid      a TGID column; fills saved_tgids\n"
	"  record-cmd       remember task names (top directory only)\n"
	"  latency-format   the latency tracers' line layout\n"
	"  verbose          no column header; wider lines in latency-format\n"
	"  raw, hex, bin    numbers instead of text, in that style\n"
	"  print-parent     show the caller too, where a record has one\n"
	"  sym-offset       function+offset/size for code addresses\n"
	"  sym-addr         the raw address next to the name\n"
	"  annotate         say where a CPU's data starts after overruns\n"
	"  overwrite        full buffer: drop oldest records (0: drop new)\n"
	"  disable_on_free  closing free_buffer also stops recording\n"
	"  markers          allow writes to trace_marker and trace_marker_raw\n"
	"  trace_printk     keep trace_printk() records (top directory only)\n"
	"  trace_printk_dest  trace_printk() writes into this trace array\n"
	"  printk-msg-only  print only the text of printk-style records\n"
	"                   (top directory only)\n"
	"  stacktrace       a kernel stack after each event and trace_printk()\n"
	"  userstacktrace   add a user-space stack after each event\n"
	"  sym-userobj      name the object file of user stack addresses\n"
	"  pause-on-trace   no recording while 'trace' is open for reading\n"
	"  hash-ptr         hash %p pointers printed by events\n"
#ifdef CONFIG_FUNCTION_TRACER
	"  function-trace   latency tracers also trace functions\n"
	"  function-fork    the children of set_ftrace_pid tasks follow\n"
#endif
	"  block, fields, event-fork: see Documentation/trace/tracefs.rst\n"
	"  A tracer's own options come after these.\n"
	"\n"
#ifdef CONFIG_HIST_TRIGGERS
	"Hist triggers (echo into events/SYS/EVENT/trigger; cat .../hist):\n"
	"  hist:keys=<field1[,field2,...]>\n"
	"      [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n"
	"      [:values=<field1[,field2,...]>] [:sort=<field1[,field2]>]\n"
	"      [:size=#entries] [:name=NAME] [:clock=CLOCK] [:nohitcount]\n"
	"      [:pause] [:continue] [:clear]\n"
	"      [:onmatch(<system>.<event>).trace(<synthetic_event>,<param>,...)]\n"
	"      [if <filter>]\n"
	"  A variable holds a field, $another_variable, a number, or + - * /\n"
	"  on those (three operators at most); other triggers read it as\n"
	"  $NAME or SYS.EVENT.$NAME.  Also common_timestamp[.usecs] and\n"
	"  common_cpu.  onmatch() writes a synthetic event (synthetic_events:\n"
	"  NAME TYPE FIELD[; TYPE FIELD...]) whenever the other event's\n"
	"  variables are there for this record's key; its params are\n"
	"  $variables and this event's fields.\n"
	"  Documentation/trace/histogram.rst has the rest.\n"
	"\n"
#endif
	"From kernel code:\n"
	"  trace_printk(fmt, ...), trace_puts(str)   write into the trace\n"
	"  tracing_on(), tracing_off()   flip tracing_on of the top directory\n"
	"  ftrace_dump(DUMP_ALL)         print the buffer on the console\n"
	"\n"
	"Boot options: trace_buf_size=SIZE  trace_options=OPT[,OPT...]\n"
	"  trace_clock=NAME  trace_instance=NAME[^traceoff][^traceprintk]\n"
	"  ftrace_dump_on_oops[=orig_cpu]  tp_printk\n";

static ssize_t readme_read(struct file *filp, char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, trace_readme_text,
				       strlen(trace_readme_text));
}

static int readme_open(struct inode *inode, struct file *filp)
{
	return tracing_check_open_get_tr(NULL);
}

static const struct file_operations readme_fops = {
	.open		= readme_open,
	.read		= readme_read,
	.llseek		= generic_file_llseek,
};

/**
 * trace_readme_create_files - create the README file
 * @dir: the tracefs root
 */
void trace_readme_create_files(struct dentry *dir)
{
	trace_create_file("README", TRACE_MODE_READ, dir, NULL, &readme_fops);
}
