# SPDX-License-Identifier: GPL-2.0
# The verdicts of a filter-fuzz run (progs/filter-fuzz.c --verdicts) in the
# short form that filter/fuzz-upstream.ref keeps for seed 1 and 10,000
# expressions: a line "v I CHARS" holds the verdicts of expressions I to
# I+99, one character each (a accepted, r refused, - no such file), and a
# line "k I K" says that accepted expression I kept K of the counted ticks.
# Sourced by filter/filter-fuzz.tc and by tools/testing/vm/guest-refs.

fuzz_verdicts_short() { # verdicts-file
	awk '
		function flush() { if (line != "") print "v " start " " line; line = "" }
		{
			if ($1 % 100 == 0) { flush(); start = $1 }
			v = $3
			if (v == "absent") c = "-"
			else if (v ~ /^0(\/|$)/) c = "a"
			else c = "r"
			line = line c
			if (v ~ /^0\//) { split(v, kv, "/"); kept[++nk] = "k " $1 " " kv[2] }
		}
		END { flush(); for (i = 1; i <= nk; i++) print kept[i] }' "$1"
}

# The expressions whose verdicts differ between two short forms, with
# the text of each from the full verdicts file: "I TARGET: want W, got G: EXPR".
fuzz_verdicts_diff() { # want-short got-short got-verdicts
	awk '
		FILENAME == ARGV[1] || FILENAME == ARGV[2] {
			which = FILENAME == ARGV[1] ? "w" : "g"
			if ($1 == "v") {
				for (i = 1; i <= length($3); i++) v[which, $2 + i - 1] = substr($3, i, 1)
				if ($2 + length($3) > n) n = $2 + length($3)
			} else if ($1 == "k") {
				v[which, $2] = v[which, $2] "/" $3
			}
			next
		}
		{ text[$1] = $0 }
		END {
			for (i = 0; i < n; i++)
				if (v["w", i] != v["g", i])
					printf "%d: want %s, got %s: %s\n", i, v["w", i], v["g", i], text[i]
		}' "$1" "$2" "$3"
}
