# SPDX-License-Identifier: GPL-2.0
# trace-cmd helpers shared by the trace-cmd-*.tc tests and by
# trace-cmd-ref.sh, which makes trace-cmd-upstream.ref (compared by
# trace-cmd-record.tc) on the upstream flavour.  Plain functions: nothing
# here needs the test runner.

# The recording of the issue: the sched, irq and timer systems while
# "sleep 1" runs.  Extra arguments go to trace-cmd record (-B NAME...).
tc_record() { # dat [record-args...]
	local dat=$1
	shift
	# In the file's directory: trace-cmd puts its per-CPU files in the
	# current one, which for a test is tracefs.
	( { set +x; } 2>/dev/null
	  cd "$(dirname "$dat")" &&
	  trace-cmd record -q -o "$dat" "$@" -e sched -e irq -e timer sleep 1 ) \
		> "$dat.log" 2>&1
}

# Why trace-cmd record may have failed, for a test's message: it finds the
# events to enable by globbing events/SYSTEM/EVENT/filter, and clears the
# filters by writing 0 to events/SYSTEM/filter.  Run in tracefs.
tc_hint() {
	[ -e events/sched/sched_switch/filter ] && [ -e events/sched/filter ] ||
		echo " (this kernel has no events/SYSTEM/EVENT/filter or events/SYSTEM/filter files, which trace-cmd record needs)"
}

# The name of a "field:" line of a format: the last word before the ';',
# without its array size ("char comm[16]" is comm, "char buf[]" buf).
# awk, reading "trace-cmd dump --events" or format files.
TC_FORMAT_AWK='
function flush() {
	if (ev != "")
		print "format " ev fields
	ev = ""; fields = ""
}
/^name: / { flush(); ev = $2; next }
/^[ \t]*field:/ {
	decl = $0
	sub(/^[ \t]*field:/, "", decl)
	sub(/;.*/, "", decl)
	n = split(decl, w, " ")
	name = w[n]
	sub(/\[.*/, "", name)
	sub(/^\*+/, "", name)
	if (name !~ /^common_/)
		fields = fields " " name
	next
}
END { flush() }
'

# "format EVENT FIELD..." for every event whose format the file holds,
# fields in their order, events sorted.
tc_formats() { # dat
	trace-cmd dump --events -i "$1" 2>/dev/null | awk "$TC_FORMAT_AWK" | sort
}

# The same for the events/ftrace/ formats the file holds.
tc_ftrace_formats() { # dat
	trace-cmd dump --ftrace-events -i "$1" 2>/dev/null | awk "$TC_FORMAT_AWK" | sort
}

# "report EVENT FIELD..." for every event of the recording, with the
# field names "trace-cmd report -R" shows for it (all records together,
# names sorted).  A raw line is "comm-pid [cpu] secs: event: f=v f=v".
tc_report_fields() { # dat
	trace-cmd report -R -i "$1" 2>/dev/null |
	sed -nE 's/^.*\[[0-9]+\] +[0-9]+\.[0-9]+: ([A-Za-z0-9_]+): *(.*)$/\1 \2/p' |
	awk '{
		ev = $1
		for (i = 2; i <= NF; i++)
			if (match($i, /^[A-Za-z_][A-Za-z0-9_]*=/))
				seen[ev " " substr($i, 1, RLENGTH - 1)] = 1
	}
	END { for (k in seen) print k }' |
	sort | awk '
	$1 != ev { if (ev != "") print line; ev = $1; line = "report " ev }
	{ line = line " " $2 }
	END { if (ev != "") print line }'
}

# The events a recording of tc_record must show on any kernel: the
# switches, wakeups and timers of "sleep 1", the exec of sleep, softirqs.
TC_REQUIRED_EVENTS="sched_switch sched_waking sched_wakeup sched_process_exec
	hrtimer_start hrtimer_expire_entry hrtimer_expire_exit hrtimer_cancel
	softirq_raise softirq_entry softirq_exit"
