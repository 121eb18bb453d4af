# SPDX-License-Identifier: GPL-2.0
# Helpers of the sample-*.tc tests, which drive tev_sample.ko, the module of
# samples/trace_events/ (tev_sample.c, tev_sample_trace.h): one event for
# each kind of field and each form of the TRACE_EVENT() language, fired on
# demand with values computed from a number N:
#
#	echo N > /sys/module/tev_sample/parameters/fire
#
# Sourced in the tracefs directory under test (the top level or an
# instance).

. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"

TEV_MOD=tev_sample
TEV_SYS=events/tev-sample
TEV_PARAMS=/sys/module/$TEV_MOD/parameters

# The module's events, in the order tev_fire_all() fires them (tev_tick is
# fired by its own thread).  The class tev_job, the bare tracepoint
# tev_bare and the _NOP events tev_gone and tev_gone_too are not events.
TEV_EVENTS="tev_scalars tev_struct tev_array tev_dynarray tev_string
tev_string_len tev_vstring tev_bitmask tev_cpumask tev_sockaddr
tev_rel_string tev_rel_dynarray tev_rel_masks tev_rel_sockaddr tev_flags
tev_time tev_hexdump tev_job_start tev_job_big tev_job_dump tev_job_watch
tev_job_done tev_odd tev_tick tev_tock"

tev_unload() {
	if [ -d /sys/module/$TEV_MOD ]; then
		rmmod $TEV_MOD
	fi
	return 0
}

# Load the module afresh.  It is built with our kernel
# (CONFIG_SAMPLE_TRACE_EVENTS); for another kernel, such as the upstream
# flavour (which builds upstream's samples), TEV_SAMPLE_KO may name a
# tev_sample.ko built against it.  Without either the test is unsupported.
tev_load() {
	tev_unload
	if modprobe -q $TEV_MOD 2>/dev/null; then
		return 0
	fi
	if [ -n "${TEV_SAMPLE_KO:-}" ] && [ -f "$TEV_SAMPLE_KO" ]; then
		insmod "$TEV_SAMPLE_KO"
		return 0
	fi
	# Both flavours build the sample: a missing module is a failure.
	echo "no $TEV_MOD module for $(uname -r)"
	exit_fail
}

tev_fire() { # N
	echo "$1" > $TEV_PARAMS/fire
}

tev_param() { # name
	cat $TEV_PARAMS/"$1"
}

# The output of each record of EVENT in a trace file: what follows
# "EVENT: ", one line per record.
tev_records() { # event [trace-file]
	grep -v '^#' "${2:-trace}" | sed -n "s/^.*[0-9]: $1: //p"
}

# The records of EVENT must read exactly EXPECTED (lines, in order).
expect_records() { # event expected
	local got
	got=$(tev_records "$1")
	[ "$got" = "$2" ] || fail "$1 printed
$got
expected
$2"
}

# The task whose comm is NAME, if any.
tev_thread() { # name
	grep -lx "$1" /proc/[0-9]*/comm 2>/dev/null | sed 's|/proc/\([0-9]*\)/comm|\1|'
}
