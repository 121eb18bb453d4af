# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the tracefs/*.tc tests.  A test sources this file with
#	. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"
# after the runner has put it in the tracefs directory under test (the top
# level, or an instance for "flags: instance" runs).

fail() { # message...
	echo "FAIL: $*"
	exit_fail
}

# Files our kernel has: a missing one fails the test.  ("requires:" turns
# a missing file into a skip; it is kept for what is not built yet.)
need() { # file...
	local f
	for f in "$@"; do
		[ -e "$f" ] || fail "no $f in $PWD, and our kernel has one"
	done
}

# Whether the test runs in an instance (a "flags: instance" run), where
# the files and options upstream keeps at the top level are absent.
in_instance() {
	case $PWD/ in */instances/*) return 0 ;; esac
	return 1
}

# The strerror() texts the tests expect, by errno name.
errno_text() { # NAME
	case $1 in
	EINVAL) echo "Invalid argument" ;;
	ENOMEM) echo "Cannot allocate memory" ;;
	ERANGE) echo "Numerical result out of range" ;;
	EOVERFLOW) echo "Value too large for defined data type" ;;
	EBUSY) echo "Device or resource busy" ;;
	EBADF) echo "Bad file descriptor" ;;
	EAGAIN) echo "Resource temporarily unavailable" ;;
	EEXIST) echo "File exists" ;;
	ENOENT) echo "No such file or directory" ;;
	EPERM) echo "Operation not permitted" ;;
	ESRCH) echo "No such process" ;;
	ENAMETOOLONG) echo "File name too long" ;;
	EACCES) echo "Permission denied" ;;
	EDOM) echo "Numerical argument out of domain" ;;
	*) echo "$1" ;;
	esac
}

# Write VALUE plus a newline to FILE in one write(2) (FILE is opened with
# O_TRUNC, as "echo VALUE > FILE" does); the write must fail with errno NAME.
expect_err() { # NAME file value
	local out want
	want=$(errno_text "$1")
	if out=$( { set +x; } 2>/dev/null; { printf '%s\n' "$3" > "$2"; } 2>&1 ); then
		fail "writing '$3' to $2 succeeded; expected $1"
	fi
	case $out in
	*"$want"*) ;;
	*) fail "writing '$3' to $2: '$out'; expected $1 ($want)" ;;
	esac
}

# The same, but the write must succeed.
expect_ok() { # file value
	local out
	if ! out=$( { set +x; } 2>/dev/null; { printf '%s\n' "$2" > "$1"; } 2>&1 ); then
		fail "writing '$2' to $1 failed: $out"
	fi
}

# FILE must read back exactly as EXPECTED.
expect_content() { # file expected
	local got
	got=$(< "$1")
	[ "$got" = "$2" ] || fail "$1 reads '$got', expected '$2'"
}

# Write exactly the bytes printf makes of FORMAT to FILE, in one write(2).
write_exact() { # file printf-format [args...]
	local f=$1 tmp n
	shift
	tmp=$(mktemp "${TMPDIR:-/tmp}/wx.XXXXXX")
	# shellcheck disable=SC2059
	printf "$@" > "$tmp"
	n=$(stat -c %s "$tmp")
	dd if="$tmp" of="$f" bs="$n" count=1 iflag=fullblock status=none
	local rc=$?
	rm -f "$tmp"
	return $rc
}

# Lines of the trace that are records (not the header).
records() { # [trace-file]
	grep -v '^#' "${1:-trace}" || true
}

# Number of trace_marker records in a trace file.
count_markers() { # [trace-file]
	grep -c 'tracing_mark_write: ' "${1:-trace}" || true
}

# One record of the default output, as build/spec/upstream/trace.txt shows it:
#   "           <...>-70      [000] .....     6.996266: tracing_mark_write: hello"
# The task is "<...>" while no comm was saved for the pid.
REC_RE='^ *.{1,16}-[0-9]+ +\[[0-9]{3}\] [.a-zA-Z0-9]{5} +[0-9]+\.[0-9]{6}: '

# Compile progs/NAME.c into $TMPDIR; prints the binary's path.  One the
# harness compiled already ($FTT_PROGS/NAME, newer than its sources) is
# taken as it is.
build_prog() { # name
	local bin=${TMPDIR:-/tmp}/$1 pre=${FTT_PROGS:-/nonexistent}/$1
	if [ -x "$pre" ] && [ "$pre" -nt "$FTRACETEST_ROOT/progs/$1.c" ] &&
	   [ "$pre" -nt "$FTRACETEST_ROOT/progs/prog-util.h" ]; then
		echo "$pre"
		return
	fi
	if ! gcc -O2 -Wall -o "$bin" "$FTRACETEST_ROOT/progs/$1.c" -lpthread >&2; then
		echo "cannot compile progs/$1.c" >&2
		exit_unresolved
	fi
	echo "$bin"
}

# The number of possible CPUs that have a per_cpu directory.
ncpus() {
	ls -d per_cpu/cpu* | wc -l
}

# Run a command that must fail with errno NAME (its stderr shows strerror).
expect_cmd_err() { # NAME command...
	local want=$(errno_text "$1") out
	shift
	if out=$( { set +x; } 2>/dev/null; "$@" 2>&1); then
		fail "'$*' succeeded; expected $want"
	fi
	case $out in
	*"$want"*) ;;
	*) fail "'$*': '$out'; expected $want" ;;
	esac
}

# Set buffer_size_kb for the test and put the old size back at exit.  An
# unexpanded top-level buffer ("7 (expanded: 1408)") comes back expanded.
set_buffer_kb() { # kb
	local old
	old=$(< buffer_size_kb)
	case $old in
	*expanded:*) old=${old##*expanded: }; old=${old%)} ;;
	X) old= ;;
	esac
	[ -n "$FTT_OLD_BUFFER_KB" ] || FTT_OLD_BUFFER_KB=${old:-1408}
	echo "$1" > buffer_size_kb
}
restore_buffer_kb() {
	[ -z "$FTT_OLD_BUFFER_KB" ] || echo "$FTT_OLD_BUFFER_KB" > buffer_size_kb
}
FTT_OLD_BUFFER_KB=

# Run COMMAND every fifth of a second until it succeeds (status 0) or
# SECONDS have passed (status 1): a test waits as long as the kernel
# needs, not a fixed time chosen for the slowest machine.
poll_until() { # seconds command...
	local end=$(($(cut -d. -f1 /proc/uptime) + $1))
	shift
	until "$@"; do
		[ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ] || return 1
		sleep 0.2
	done
}
