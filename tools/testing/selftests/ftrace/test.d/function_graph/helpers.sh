# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the function_graph/*.tc tests.  A test sources this
# file after the runner put it in the tracefs directory under test.

. "$FTRACETEST_ROOT/test.d/function/helpers.sh"

# The function_graph tracer's options with their defaults, in the order
# trace_options lists them (upstream's trace_functions_graph.c).
FG_OPTS="funcgraph-overrun:0 funcgraph-cpu:1 funcgraph-overhead:1 funcgraph-proc:0
funcgraph-duration:1 funcgraph-abstime:0 funcgraph-irqs:1 funcgraph-tail:0
funcgraph-retval:0 funcgraph-retval-hex:0 sleep-time:1 graph-time:1"

# Put the graph tracer's state of this directory back as a boot has it.
# The options are shared by every instance, so the defaults go back
# wherever the test ran.
fg_reset() {
	local o
	echo nop > current_tracer
	for o in $FG_OPTS; do
		write_if_present "options/${o%:*}" "${o#*:}"
	done
	write_if_present options/context-info 1
	write_if_present options/latency-format 0
	# (perf ftrace clears irq-info and leaves it so.)
	write_if_present options/irq-info 1
	echo > set_ftrace_filter
	echo > set_ftrace_notrace
	write_if_present set_ftrace_pid ""
	write_if_present options/function-fork 0
	if ! in_instance; then
		write_if_present set_graph_function ""
		write_if_present set_graph_notrace ""
		write_if_present max_graph_depth 0
		write_if_present tracing_thresh 0
	fi
	echo 1 > tracing_on
	echo > trace
}

# Every name of FUNCS must be a traceable function.
need_funcs() { # func...
	local f
	for f in "$@"; do
		grep -q "^$f\$" "$AFF" || grep -q "^$f " "$AFF" ||
			fail "$f is not in available_filter_functions"
	done
}

# The test's own shell (PID, set by the runner) only, on CPU 0: a graph
# of its calls then has no other task, no migration and no context
# switch in it.  Children inherit the CPU.
pin_self() {
	taskset -p -c 0 "$PID" > /dev/null || fail "taskset -p -c 0 $PID"
}

# Record what the shell command CMD does, with the tracer already set.
# tracing_on is written through descriptor 7, which capture_fd opens
# before the tracer starts, and the buffer is emptied by a child: so
# the test's shell opens nothing while tracing is off.  (Upstream 6.12
# leaves a task marked as inside a set_graph_function function when it
# enters one while tracing is off, and then records the next call it
# makes outside.)
capture_fd() {
	exec 7> tracing_on
}
capture() { # cmd...
	echo 0 >&7
	sh -c 'echo > trace'
	echo 1 >&7
	"$@"
	echo 0 >&7
}

# Write VALUE to FILE from a child, which set_ftrace_pid leaves out (see
# capture).
put() { # file value
	sh -c 'printf "%s\n" "$2" > "$1"' put "$1" "$2"
}

# N opens by the shell itself (no fork): N calls of do_sys_openat2.
opens() { # n
	local i=0
	while [ $i -lt "$1" ]; do
		: < /dev/null
		i=$((i + 1))
	done
}

# The graph lines of a trace (no header, no context-switch block, no
# "CPU:N [LOST N EVENTS]" of a reader that fell behind).
# With the default columns a line is " C) " DURATION "|  " BODY.
graph_lines() { # [trace-file]
	grep -v -e '^#' -e '^ -\{42\}$' -e '^ *[0-9]*) .* => .*$' -e '^$' \
		-e '^CPU:[0-9]* \[LOST [0-9]* EVENTS\]$' "${1:-trace}" || true
}

# The bodies (indentation and call) of lines with the default columns.
bodies() { # [trace-file]
	graph_lines "${1:-trace}" | sed -E 's/^ *[0-9]+\) .{14}\|  //'
}

# The function names of the calls in a trace: "f() {", "f();" and "} /* f */"
# ("} /* f = ret */" with funcgraph-retval).
call_names() { # [trace-file]
	bodies "${1:-trace}" | sed -nE \
		-e 's/^ *([^ ]+)\(\) \{$/\1/p' \
		-e 's/^ *([^ ]+)\(\);.*$/\1/p' \
		-e 's/^ *\} \/\* ([^ ]+)( = [^ ]+)? \*\/$/\1/p'
}

# The expected centred "comm-pid" column of a task: comm cut to 7
# characters, then padded to 14, the smaller half on the left.
proc_field() { # comm pid
	local s pad left
	s=$(printf '%.7s-%s' "$1" "$2")
	pad=$((14 - ${#s}))
	[ $pad -gt 0 ] || { printf '%s' "$s"; return; }
	left=$((pad / 2))
	printf '%*s%s%*s' $left '' "$s" $((pad - left)) ''
}

# Check the duration column of every line of FILE (default columns, or
# with funcgraph-proc when PROC=1): 14 characters, either blank or
# MARK " " N.NNN " us " padded, where MARK follows upstream's thresholds
# (strictly above 10 us "+", 100 us "!", 1 ms "#", 10 ms "*", 100 ms "@",
# 1 s "$") and the number has 8 characters of digits and dot at most (7
# significant digits).  With NOMARK=1 the mark must be blank.  Prints the
# first bad line and fails.
check_durations() { # file [proc] [nomark]
	local bad
	bad=$(graph_lines "$1" | awk -v proc="${2:-0}" -v nomark="${3:-0}" '
	function err(why) { print why ": [" $0 "]"; exit 1 }
	{
		line = $0
		if (!match(line, /^ *[0-9]+\) /)) err("no CPU column")
		rest = substr(line, RLENGTH + 1)
		if (proc) {
			if (substr(rest, 15, 3) != " | ") err("no proc column")
			rest = substr(rest, 18)
		}
		col = substr(rest, 1, 14)
		if (substr(rest, 15, 3) != "|  ") err("the duration column is not 14 characters and \"|  \"")
		body = substr(rest, 18)
		if (col ~ /^ +$/) {
			if (body ~ /\(\);/) err("a leaf with no duration")
			next
		}
		if (body ~ /\(\) \{$/) err("a nested entry with a duration")
		if (!match(col, /^[ +!#*@$] [0-9]+(\.[0-9]+)? us +$/)) err("bad duration")
		mark = substr(col, 1, 1)
		num = substr(col, 3); sub(/ us +$/, "", num)
		if (length(num) > 8) err("more than 8 characters of number")
		split(num, p, ".")
		l = length(p[1])
		if (l < 7 && length(p[2]) != ((7 - l) < 3 ? 7 - l : 3)) err("wrong number of decimals")
		if (l >= 7 && index(num, ".")) err("a dot with 7 digits")
		v = num + 0
		want = " "
		if (v > 1000000) want = "$"
		else if (v > 100000) want = "@"
		else if (v > 10000) want = "*"
		else if (v > 1000) want = "#"
		else if (v > 100) want = "!"
		else if (v > 10) want = "+"
		if (nomark) want = " "
		# A printed value equal to a threshold may hide a few ns more.
		if (mark != want && v != 10 && v != 100 && v != 1000 && v != 10000 && v != 100000 && v != 1000000)
			err("mark \"" mark "\" for " num " us, expected \"" want "\"")
	}') || fail "duration column: $bad"
}

# The two header lines after "# tracer: function_graph" and "#".
expect_header() { # file line3 line4
	local got
	got=$(head -n 4 "$1")
	[ "$got" = "$(printf '# tracer: function_graph\n#\n%s\n%s' "$2" "$3")" ] ||
		fail "header of $1:
$got
expected:
# tracer: function_graph
#
$2
$3"
}
