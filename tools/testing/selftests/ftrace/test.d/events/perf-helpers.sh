# SPDX-License-Identifier: GPL-2.0
# Helpers of the perf-*.tc tests: perf's tracepoint PMU on our events.
# perf reads the events' ids and formats from tracefs itself; the tests
# run it with its files in $TMPDIR and no pager.

. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"

export PAGER=cat

# The count perf stat gives EVENT while COMMAND runs (extra perf stat
# options may come before the event: -a for every CPU).
perf_count() { # [perf-stat-options...] EVENT -- COMMAND...
	local opts=() ev out=$TMPDIR/perf-stat.$$
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	ev=${opts[${#opts[@]}-1]}
	unset "opts[${#opts[@]}-1]"
	perf stat -x, -o "$out" "${opts[@]}" -e "$ev" -- "$@" > /dev/null ||
		fail "perf stat -e $ev failed: $(cat "$out")"
	# CSV: "count,unit,event,..."; "<not counted>" is no count at all.
	awk -F, -v ev="$ev" '$3 == ev { print $1 }' "$out" | grep -x '[0-9][0-9]*' ||
		fail "perf stat has no count for $ev: $(cat "$out")"
}

# Records of "perf script" for a perf.data file: "comm pid [cpu] secs:
# system:event: fields", the fields as the event's print fmt makes them.
PERF_LINE_RE='^ *[^ ].* +[0-9]+ +\[[0-9]{3}\] +[0-9]+\.[0-9]+: +'

perf_script() { # data-file [perf script options...]
	local data=$1
	shift
	perf script -i "$data" "$@" 2> "$TMPDIR/perf-script.err" ||
		fail "perf script failed: $(cat "$TMPDIR/perf-script.err")"
}
