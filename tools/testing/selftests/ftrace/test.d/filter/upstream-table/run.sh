#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Write each filter of the tables beside this script to its event in the
# tracefs directory given (the top level or an instance) and print what
# came of it: the errno, what the filter file then reads, the error_log
# entry.  filter-upstream-table.tc compares the output with upstream.ref,
# which is this script's output on the upstream 6.12 kernel.
dir=$(cd "$(dirname "$0")" && pwd)
cd "$1" || exit 1

# A table line may end in '$' so that its trailing blanks show (and
# survive editors and checkpatch); the '$' is not part of the filter.
probe() { # system/event table
	local expr out
	while IFS= read -r expr; do
		expr=${expr%\$}
		echo "=== [$expr] on $1"
		echo > error_log
		if out=$(printf '%s' "$expr" 2>&1 > "events/$1/filter"); then
			echo ok
		else
			echo "${out##*: }"
		fi
		echo "--- file:"
		cat -A "events/$1/filter"
		echo "--- log:"
		sed 's/^\[[ 0-9.]*\] //' error_log
		echo 0 > "events/$1/filter"
	done < "$2"
}

probe sched/sched_process_exec "$dir/sched_process_exec.txt"
probe kmem/kmem_cache_free "$dir/kmem_cache_free.txt"
probe sched/sched_switch "$dir/sched_switch.txt"

echo "=== a subsystem filter some events do not fit"
echo > error_log
printf '%s' 'prev_pid == 0' > events/sched/filter && echo ok
cat events/sched/filter
cat -A events/sched/sched_switch/filter
cat -A events/sched/sched_process_exec/filter
sed -n '1,3s/^\[[ 0-9.]*\] //p' error_log
echo "=== one no event fits"
printf '%s' 'bogus ==' > events/sched/filter && echo ok
cat -A events/sched/sched_switch/filter
echo 0 > events/sched/filter
cat events/sched/sched_switch/filter
echo "=== an empty write"
out=$(echo 2>&1 > events/sched/sched_switch/filter) || echo "${out##*: }"
cat -A events/sched/sched_switch/filter
echo 0 > events/sched/sched_switch/filter
