# SPDX-License-Identifier: GPL-2.0
# Helpers of the set_event, available_events and event-pid tests, sourced
# in the tracefs directory under test (the top level or an instance).

. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"

# The events whose enable file says they are on, as "system:event", sorted.
tree_enabled() {
	grep -l '^1' events/*/*/enable 2>/dev/null |
		sed -e 's|^events/||' -e 's|/enable$||' -e 's|/|:|' | sort
}

# Every event of a system that has an enable file, as "system:event", sorted.
tree_system() { # system
	local d
	for d in events/"$1"/*/; do
		d=${d%/}
		[ -e "$d/enable" ] && echo "$1:${d##*/}"
	done | sort
}

# Every event that has an enable file, sorted.
tree_all() {
	ls -d events/*/*/enable | sed -e 's|^events/||' -e 's|/enable$||' \
		-e 's|/|:|' | sort
}

# set_event must hold exactly the (sorted, newline-separated) events given,
# and the enable files must agree with it.
expect_set() { # expected message
	local got tree
	got=$(sort set_event)
	[ "$got" = "$1" ] ||
		fail "$2: set_event has [$(echo $got)], expected [$(echo $1)]"
	tree=$(tree_enabled)
	[ "$tree" = "$got" ] ||
		fail "$2: set_event has [$(echo $got)] but enable files say [$(echo $tree)]"
}

# Append VALUE and a newline to FILE in one write (O_APPEND, so nothing is
# cleared first); the write must fail with errno NAME.
expect_append_err() { # NAME file value
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

# The same with printf's FORMAT (exact bytes, no newline added).
expect_append_err_fmt() { # NAME file format
	local out want
	want=$(errno_text "$1")
	# shellcheck disable=SC2059
	if out=$( { set +x; } 2>/dev/null; { printf "$3" >> "$2"; } 2>&1 ); then
		fail "appending '$3' to $2 succeeded; expected $1"
	fi
	case $out in
	*"$want"*) ;;
	*) fail "appending '$3' to $2: '$out'; expected $1 ($want)" ;;
	esac
}

# The parent pids of the sched_process_fork records in the trace, sorted.
fork_parents() {
	records | sed -n 's/.*sched_process_fork: comm=.* pid=\([0-9]*\) child_comm=.*/\1/p' |
		sort -un
}

# The pids a pid file lists, on one line.
pids_of() { # file
	echo $(< "$1")
}
