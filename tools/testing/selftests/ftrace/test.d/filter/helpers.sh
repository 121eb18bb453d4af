# SPDX-License-Identifier: GPL-2.0
# Helpers of the filter/*.tc tests: those of tracefs/, and the errnos
# only upstream's filter parser gives (it answers an unbalanced quote
# with ESRCH).
. "$FTRACETEST_ROOT/test.d/tracefs/helpers.sh"

errno_text() { # NAME
	case $1 in
	ESRCH) echo "No such process" ;;
	EINVAL) echo "Invalid argument" ;;
	ENOMEM) echo "Cannot allocate memory" ;;
	ENOENT) echo "No such file or directory" ;;
	EPERM) echo "Operation not permitted" ;;
	ENODEV) echo "No such device" ;;
	*) echo "$1" ;;
	esac
}

# The text the filter file FILE shows must be exactly WANT (printf format).
expect_filter_text() { # file printf-format [args...]
	local f=$1
	shift
	# shellcheck disable=SC2059
	printf "$@" > "$TMPDIR/want"
	cat "$f" > "$TMPDIR/got"
	cmp -s "$TMPDIR/want" "$TMPDIR/got" ||
		{ cat -A "$TMPDIR/got"; fail "$f reads wrong"; }
}
