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

# enable_hist, disable_hist and hist follow where the kernel has hist triggers.
if [ -e events/ftrace/print/hist ]; then
	TRIGGER_CMDS="$TRIGGER_CMDS enable_hist disable_hist hist"
fi

# The trigger file of an event without triggers.
TRIGGER_NONE="# Available triggers:
# $TRIGGER_CMDS"

# Remove every trigger of FILE, one '!' line each (what a user would do): a
# hist trigger is named by its whole line, filter included, without the
# state in brackets; the others by their command and parameter.  A hist
# trigger whose variables another one reads refuses (EBUSY) until that
# one has gone: trigger_clear_all goes round again.
trigger_clear() { # file
	local line
	grep -v '^#' "$1" | while read -r line; do
		case $line in
		hist:*) echo "!${line% \[*\]}" >> "$1" 2>/dev/null || : ;;
		*) echo "!${line%% if *}" >> "$1" ;;
		esac
	done
	return 0
}

# Remove the triggers of every event of the directory under test.
trigger_clear_all() {
	local f round=0 left
	while [ $round -lt 4 ]; do
		# A file with triggers has no '#' line; one grep looks at them all.
		left=$(grep -L '^#' events/*/*/trigger || :)
		[ -n "$left" ] || return 0
		for f in $left; do
			trigger_clear "$f"
		done
		round=$((round + 1))
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

# As expect_err, but appending (>>): an O_TRUNC open removes hist triggers.
expect_err_add() { # NAME file value
	local out want
	want=$(errno_text "$1")
	if out=$( { set +x; } 2>/dev/null; { printf '%s\n' "$3" >> "$2"; } 2>&1 ); then
		fail "appending '$3' to $2 succeeded; expected $1"
	fi
	case $out in
	*"$want"*) ;;
	*) fail "appending '$3' to $2: '$out'; expected $1 ($want)" ;;
	esac
}

# Fork N children from a process of its own, named histfork (its pid is
# then in $TMPDIR/histfork.pid): a hist trigger filtered on
# parent_comm == "histfork" counts these forks and none of the test
# shell's own (every command substitution and external command forks).
HIST_FORKER='parent_comm == "histfork"'
hist_forks() { # n
	if [ ! -x "$TMPDIR/histfork" ]; then
		printf '#!/bin/sh\necho $$ > "$0.pid"\ni=0\nwhile [ "$i" -lt "$1" ]; do ( : ); i=$((i + 1)); done\n' \
			> "$TMPDIR/histfork"
		chmod +x "$TMPDIR/histfork"
	fi
	"$TMPDIR/histfork" "$1"
}
