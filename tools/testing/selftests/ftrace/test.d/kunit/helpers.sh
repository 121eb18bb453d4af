# SPDX-License-Identifier: GPL-2.0
# Checking what KUnit suites report, shared by every test that loads a
# module of KUnit suites (kunit/beside-code.tc, ringbuffer/kunit.tc,
# tracefs/seq-kunit.tc).  A test sources it with
#	. "$FTRACETEST_ROOT/test.d/kunit/helpers.sh"
#
# KUnit runs a module's suites while the module loads and leaves each
# suite's KTAP report in $KUNIT_DIR/SUITE/results.  A suite passes when it
# ran, every case it planned reported, none failed and its summary line
# says ok.  A case that reports "# SKIP" did not test anything, so a run
# with skipped cases is not a pass either: kunit_finish makes it one.

KUNIT_DIR=/sys/kernel/debug/kunit
kunit_failed=0
kunit_skipped=
kunit_cases=0

# Print SUITE's report and check it; count its cases in kunit_cases.
# A failure sets kunit_failed, skipped cases go to kunit_skipped.
kunit_check_suite() { # suite
	local suite=$1 results=$KUNIT_DIR/$1/results plan cases skips

	if [ ! -r "$results" ]; then
		echo "suite $suite did not run: no $results"
		kunit_failed=1
		return
	fi
	cat "$results"
	# The plan of the suite's cases, the cases that report, and its verdict.
	plan=$(sed -n 's/^[[:space:]]\{1,\}1\.\.\([0-9]\{1,\}\)$/\1/p' "$results" | head -n 1)
	cases=$(grep -cE '^[[:space:]]+(not )?ok [0-9]+ ' "$results" || true)
	kunit_cases=$((kunit_cases + cases))
	if grep -qE '^[[:space:]]*not ok ' "$results"; then
		echo "suite $suite: a case failed"
		kunit_failed=1
	fi
	# Skipped cases, and a suite skipped as a whole, as "SUITE: CASE # SKIP why".
	skips=$(sed -n 's/^[[:space:]]*ok [0-9]\{1,\} \(.*#[[:space:]]*[Ss][Kk][Ii][Pp].*\)$/\1/p' "$results")
	if [ -n "$skips" ]; then
		kunit_skipped="$kunit_skipped$(printf '%s\n' "$skips" | sed "s/^/  $suite: /")
"
	fi
	if ! grep -qE "^ok [0-9]+ $suite( |\$)" "$results"; then
		echo "suite $suite: no 'ok' summary line"
		kunit_failed=1
	fi
	if [ -z "$plan" ] || [ "$plan" -eq 0 ] || [ "$cases" -ne "$plan" ]; then
		echo "suite $suite: ${cases} case results for a plan of ${plan:-none}"
		kunit_failed=1
	fi
}

# The suites KUnit has registered now, one a line.
kunit_suites() {
	ls "$KUNIT_DIR" 2>/dev/null | sort
}

# Load MODULE afresh (its suites run as it loads).  With SUITE names,
# check those; without, check every suite the module registered.  Then
# unload it.  Prints "MODULE: N suites, M cases".
kunit_run_module() { # module [suite...]
	local mod=$1 before suites suite n=0 cases0=$kunit_cases
	shift

	rmmod "$mod" 2>/dev/null || true
	before=$(kunit_suites)
	if ! modprobe "$mod"; then
		echo "$mod: modprobe failed"
		kunit_failed=1
		return
	fi
	if [ $# -gt 0 ]; then
		suites=$*
	else
		# The module's own: those that were not there before it.
		suites=$(kunit_suites | grep -vxF -e "$before" || true)
	fi
	if [ -z "$suites" ]; then
		echo "$mod: registered no KUnit suite"
		kunit_failed=1
	fi
	for suite in $suites; do
		kunit_check_suite "$suite"
		n=$((n + 1))
	done
	rmmod "$mod"
	echo "$mod: $n suites, $((kunit_cases - cases0)) cases"
}

# End the test: a failure fails it, skipped cases make it unsupported.
kunit_finish() {
	[ "$kunit_failed" = 0 ] || exit_fail
	if [ -n "$kunit_skipped" ]; then
		echo "KUnit cases skipped, so not everything was tested:"
		printf '%s' "$kunit_skipped"
		exit_unsupported
	fi
}
