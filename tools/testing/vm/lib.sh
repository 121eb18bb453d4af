# SPDX-License-Identifier: GPL-2.0
# Shared settings of the build-and-boot harness; sourced by the scripts
# beside it.  Everything it names is derived from two knobs:
#
#   FLAVOUR  ours (base + our overlay + patches, the default) or upstream
#            (the pristine base, for side-by-side comparisons)
#   DEBUG    empty, or a checker whose fragment kernel/configs/trace-vm-$DEBUG.config
#            is merged on top (lockdep, kasan, kcsan); it gets its own build dir

VM_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOP=$(cd "$VM_DIR/../../.." && pwd)
BUILD=${BUILD:-$TOP/build}
TARBALL=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# The extracted base, by its physical path: build/base may be a symlink to
# another checkout's (a worktree sharing one extraction), and a hard-linked
# copy of a symlink would be the symlink itself, letting a build write into
# the shared base.
BASE=$BUILD/base
if [ -L "$BASE" ]; then
	BASE=$(cd "$BASE" && pwd -P)
fi

FLAVOUR=${FLAVOUR:-ours}
DEBUG=${DEBUG:-}
case $FLAVOUR in
ours|upstream) ;;
*) echo "FLAVOUR must be 'ours' or 'upstream', not '$FLAVOUR'" >&2; exit 2 ;;
esac

VARIANT=$FLAVOUR${DEBUG:+-$DEBUG}
FDIR=$BUILD/$VARIANT
OBJ=$FDIR/obj
MODS=$FDIR/mods
# Each variant builds from its own hard-linked copy of the base, src/ beside
# obj/, so that ccache (with base_dir set) sees the same relative paths for
# every flavour and every checkout and shares their objects.
SRC=$FDIR/src
KIMAGE=$OBJ/arch/x86/boot/bzImage
FRAGMENTS=("$TOP/kernel/configs/trace-vm.config")
if [ -n "$DEBUG" ]; then
	FRAGMENTS+=("$TOP/kernel/configs/trace-vm-$DEBUG.config")
fi

# Upstream's own ftracetest suite, read from the pristine base tree.
UPSTREAM_FTRACETEST=$BASE/tools/testing/selftests/ftrace
OUR_FTRACETEST=$TOP/tools/testing/selftests/ftrace

JOBS=${JOBS:-$(($(nproc) + 1))}

say() { printf '  %-8s %s\n' "$1" "$2" >&2; }
die() { echo "error: $*" >&2; exit 1; }
# child_cpu: CHILD_CPU becomes the CPU seconds (user + system) of the
# children this shell has waited for so far, so the difference around a
# command is what it and all it waited for used, on every core.  It sets
# a variable: "times" in a command substitution would count the
# substitution's own children, none.
child_cpu() {
	local f=${TMPDIR:-/tmp}/child-cpu.$BASHPID
	times > "$f"
	CHILD_CPU=$(awk 'END { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); t += a[1] * 60 + a[2] } printf "%d\n", t }' "$f")
	rm -f "$f"
}

# The release string of a built kernel (what `uname -r` says in the guest).
kernel_release() {
	cat "$OBJ/include/config/kernel.release" 2>/dev/null
}

need_kernel() {
	[ -f "$KIMAGE" ] || die "no $VARIANT kernel at $KIMAGE; run 'FLAVOUR=$FLAVOUR${DEBUG:+ DEBUG=$DEBUG} make' first"
}

# The references made from the upstream flavour (guest-refs writes them,
# update-refs installs them, make check compares): "MADE REF" a line, MADE
# a file guest-refs writes, REF its reference below our test.d/.
upstream_ref_list() {
	cat <<-'REFS'
	formats.txt events/format-upstream.ref
	filter-table.txt filter/upstream.ref
	fuzz-short.txt filter/fuzz-upstream.ref
	REFS
}

# The claim file of a run in a shared queue (ftracetest --claim and
# upstream-cases --claim make it; ftracetest, which runs alone, spells the
# same rule out): the run's name below test.d/ (a file's own name when it
# is not under one), '/' as ':' and ' ' as '_'.
claim_name() { # run
	local l=$1
	case $l in
	*/test.d/*) l=${l##*/test.d/} ;;
	/*) l=${l##*/} ;;
	esac
	l=${l//\//:}
	echo "${l// /_}"
}
