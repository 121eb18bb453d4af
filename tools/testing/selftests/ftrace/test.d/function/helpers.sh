# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the function/*.tc tests (the function tracer and the
# function-tracing API).  A test sources this file after the runner put it
# in the tracefs directory under test: the top level, or an instance for
# "flags: instance" runs.

. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"

# The tracefs root, where the files kept only at the top level are
# (available_filter_functions, enabled_functions...).
TOP=$PWD
case $PWD/ in */instances/*) TOP=${PWD%%/instances/*} ;; esac
AFF=$TOP/available_filter_functions

# Put this directory's function tracing back as it was at boot.  (perf
# ftrace clears the irq-info option and leaves it so.)
fn_reset() {
	echo nop > current_tracer
	echo > set_ftrace_filter
	echo > set_ftrace_notrace
	write_if_present options/irq-info 1
	echo 1 > tracing_on
	echo > trace
}

# The test module of the API (modules/ftt_fops.c).
FOPS=ftt_fops
fops_unload() {
	[ ! -d /sys/module/$FOPS ] || rmmod $FOPS
}

# Load ftt_fops with PARAMS; its "ftt_fops: ACTION ok" line must follow.
fops_run() { # action [params...]
	local a=$1
	shift
	fops_unload
	dmesg -C
	modprobe $FOPS action="$a" "$@" || fail "modprobe $FOPS action=$a $*"
	if ! dmesg | grep -q "ftt_fops: $a ok"; then
		dmesg | grep ftt_fops
		fail "$FOPS action=$a"
	fi
}

# The function names a glob should select: available_filter_functions
# filtered by a grep pattern (the weak leftovers never match a name).
aff_names() { # grep-pattern
	cut -f1 -d' ' "$AFF" | grep -v '^__ftrace_invalid_address___' |
		grep -- "$1" || true
}

# The names set_ftrace_filter (or FILE) lists.
filter_names() { # [file]
	cut -f1 -d' ' "${1:-set_ftrace_filter}"
}

# A function tracer record of FUNC called from PARENT, in the default
# format ("            sleep-95      [001] .....    12.345678: do_nanosleep <-hrtimer_nanosleep").
fn_record_re() { # func parent
	echo "${REC_RE}$1 <-$2\$"
}

# The pids of the records of a trace file, one a line.
record_pids() { # [trace-file]
	records "${1:-trace}" | sed -nE 's/^.*-([0-9]+) +\[[0-9]{3}\] .*/\1/p'
}

# Put set_ftrace_pid, set_ftrace_notrace_pid and function-fork back.
fpid_reset() {
	echo > set_ftrace_pid
	echo > set_ftrace_notrace_pid
	echo 0 > options/function-fork
}
