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

# "SYSTEM/EVENT SHA1" for every format file under EVENTS-DIR, sorted: the
# SHA1 of what format_normalize() gives, all files in one perl process
# (two programs a file took minutes under TCG).
format_hashes() { # events-dir
	perl -MDigest::SHA=sha1_hex -e '
		my $dir = shift;
		my @out;
		for my $f (glob("$dir/*/*/format")) {
			-f $f or next;
			open(my $fh, "<", $f) or die "$f: $!\n";
			my $text = "";
			while (my $line = <$fh>) {
				next if $line =~ /^ID: /;
				$line =~ s/__UNIQUE_ID_([a-z_]*[a-z])_[0-9]+/__UNIQUE_ID_$1_N/g;
				$text .= $line;
			}
			close($fh);
			(my $ev = substr($f, length($dir) + 1)) =~ s{/format$}{};
			push @out, "$ev " . sha1_hex($text) . "\n";
		}
		print sort @out;' "$1"
}
