#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Makes the references of the trace-cmd-*.tc tests on the upstream flavour:
#
#   trace-cmd-upstream.ref  what trace-cmd sees of tc_record's recording
#                           (trace-cmd-lib.sh): "format EVENT FIELD..." for
#                           every event of sched, irq and timer, "report
#                           EVENT FIELD..." for every event recorded
#   trace-cmd-ftrace.ref    the format files of events/ftrace/ that our
#                           core describes today
#
# Run on the host from anywhere in the repository, after the upstream
# flavour is built:
#	tools/testing/selftests/ftrace/test.d/events/trace-cmd-ref.sh
# It boots the upstream kernel (tools/testing/vm/run), records there, and
# rewrites both files beside this script.
set -euo pipefail

HERE=$(dirname "$(readlink -f "$0")")
# The events/ftrace/ records our core writes (trace_export.c).
FTRACE_EVENTS="kernel_stack user_stack bprint print raw_data bputs"

if [ "${1:-}" = --guest ]; then
	# In the guest: $2 is a directory under build/ to write into.
	. "$HERE/trace-cmd-lib.sh"
	out=$2
	cd "$out"
	tc_record "$out/t.dat" || { cat "$out/t.dat.log"; exit 1; }
	{
		echo "# trace-cmd view of: trace-cmd record -e sched -e irq -e timer sleep 1"
		echo "# made by trace-cmd-ref.sh on $(uname -r), $(trace-cmd --version 2>&1 | grep -m1 version)"
		tc_formats "$out/t.dat"
		tc_report_fields "$out/t.dat"
	} > "$out/upstream.ref"
	for e in $FTRACE_EVENTS; do
		cat "/sys/kernel/tracing/events/ftrace/$e/format"
	done > "$out/ftrace.ref"
	exit 0
fi

ROOT=$(cd "$HERE/../../../../../.." && pwd)
cd "$ROOT"
work=$ROOT/build/trace-cmd-ref.$$
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
tools/testing/vm/run --flavour upstream --timeout 300 -- \
	"$HERE/trace-cmd-ref.sh" --guest "$work"
grep -q '^report sched_switch ' "$work/upstream.ref" || {
	echo "trace-cmd-ref.sh: the recording has no sched_switch" >&2
	exit 1
}
cp "$work/upstream.ref" "$HERE/trace-cmd-upstream.ref"
cp "$work/ftrace.ref" "$HERE/trace-cmd-ftrace.ref"
echo "wrote $HERE/trace-cmd-upstream.ref and trace-cmd-ftrace.ref"
