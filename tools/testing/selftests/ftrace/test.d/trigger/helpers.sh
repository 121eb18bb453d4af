# SPDX-License-Identifier: GPL-2.0
# Helpers of the trigger tests, sourced in the tracefs directory under test
# (the top level, or an instance for "flags: instance" runs).

. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"

# The commands a trigger file lists while it has no trigger, in order.
# snapshot comes after traceoff where the kernel has snapshots.
if [ -e snapshot ]; then
	TRIGGER_CMDS="traceon traceoff snapshot stacktrace enable_event disable_event"
else
	TRIGGER_CMDS="traceon traceoff stacktrace enable_event disable_event"
fi

# The trigger file of an event without triggers.
TRIGGER_NONE="# Available triggers:
# $TRIGGER_CMDS"

# Remove every trigger of FILE, one '!' line each (what a user would do).
trigger_clear() { # file
	local line
	grep -v '^#' "$1" | while read -r line; do
		echo "!${line%% if *}" >> "$1"
	done
	return 0
}

# Remove the triggers of every event of the directory under test.
trigger_clear_all() {
	local f
	# A file with triggers has no '#' line; one grep looks at them all.
	for f in $(grep -L '^#' events/*/*/trigger); do
		trigger_clear "$f"
	done
	return 0
}

# Fork N short-lived children: sched_process_fork fires once for each.
forks() { # n
	local i=0
	while [ "$i" -lt "$1" ]; do
		( : )
		i=$((i + 1))
	done
}
