# SPDX-License-Identifier: GPL-2.0
# Helpers of the snapshot/*.tc tests (sourced after tracefs/helpers.sh).

# Leave the snapshot freed and the buffers empty, also when a test fails.
snap_reset() {
	echo 0 > snapshot 2>/dev/null || true
	echo > trace || true
	echo 1 > tracing_on || true
}

# A marker written from CPU $1.
marker_on_cpu() { # cpu text
	taskset -c "$1" sh -c "echo '$2' > trace_marker" ||
		fail "cannot write a marker on CPU $1"
}

# The snapshot file's help text is there (or not: "!").
expect_help() { # file allocated|freed [!]
	if grep -q "^# \* Snapshot is $2 \*\$" "$1"; then
		[ "$3" != "!" ] || { cat "$1"; fail "$1 shows the help though not empty"; }
	else
		[ "$3" = "!" ] || { cat "$1"; fail "$1 does not say 'Snapshot is $2'"; }
	fi
}
