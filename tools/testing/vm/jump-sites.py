#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""jump-sites.py VMLINUX SYMBOL: list the jump-label sites whose static key
lies inside SYMBOL (e.g. __tracepoint_sched_switch), from __jump_table.

x86-64 with CONFIG_HAVE_ARCH_JUMP_LABEL_RELATIVE: an entry is
{ s32 code; s32 target; s64 key; }, each relative to its own address, the
key's two low bits being flags.  Prints "code target key flags" in hex,
one site a line."""
import struct
import subprocess
import sys


def sections(data):
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum = struct.unpack_from('<HH', data, 0x3a)
    for i in range(shnum):
        (_, stype, _, addr, off, size) = struct.unpack_from(
            '<IIQQQQ', data, shoff + i * shentsize)
        if addr and stype != 8:		# allocated, not NOBITS
            yield addr, off, size


def reader(data):
    secs = list(sections(data))

    def read(vma, n):
        for addr, off, size in secs:
            if addr <= vma and vma + n <= addr + size:
                return data[off + vma - addr:off + vma - addr + n]
        raise KeyError(hex(vma))
    return read


def symbols(path, names):
    out = subprocess.run(['nm', '-S', path], check=True, capture_output=True,
                         text=True).stdout
    found = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 3 and f[-1] in names:
            found[f[-1]] = (int(f[0], 16), int(f[1], 16) if len(f) == 4 else 0)
    return found


def main():
    path, sym = sys.argv[1], sys.argv[2]
    with open(path, 'rb') as fh:
        data = fh.read()
    read = reader(data)
    syms = symbols(path, {sym, '__start___jump_table', '__stop___jump_table'})
    start = syms['__start___jump_table'][0]
    stop = syms['__stop___jump_table'][0]
    lo, size = syms[sym]
    for e in range(start, stop, 16):
        code, target, key = struct.unpack('<iiq', read(e, 16))
        code += e
        target += e + 4
        key += e + 8
        flags = key & 3
        key &= ~3
        if lo <= key < lo + max(size, 1):
            print('%x %x %x %d' % (code, target, key, flags))


main()
