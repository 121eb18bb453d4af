# SPDX-License-Identifier: GPL-2.0
# The hashes format-upstream.tc compares, for the test and for the script
# that makes its reference (tools/testing/vm/update-refs).  Plain functions.
#
# A format file is hashed without its "ID: N" line, which depends on the
# order of registration, and with the numbers of __UNIQUE_ID_x_NNN (from
# min() and the like in print fmt) made N, which depend on how often the
# compilation unit used __COUNTER__ before.

format_normalize() { # format-file
	sed -e '/^ID: /d' -e 's/__UNIQUE_ID_\([a-z_]*[a-z]\)_[0-9][0-9]*/__UNIQUE_ID_\1_N/g' "$1"
}

# "SYSTEM/EVENT SHA1" for every format file under EVENTS-DIR, sorted.
format_hashes() { # events-dir
	local f ev sum
	for f in "$1"/*/*/format; do
		[ -f "$f" ] || continue
		ev=${f#"$1"/}
		ev=${ev%/format}
		sum=$(format_normalize "$f" | sha1sum)
		echo "$ev ${sum%% *}"
	done | LC_ALL=C sort
}
