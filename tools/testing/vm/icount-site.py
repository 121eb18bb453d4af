# SPDX-License-Identifier: GPL-2.0
# icount-site.py: gdb script of event-icount and function-icount.  Given
# TARGET (a call site), BACK (the instruction after it) and SAMPLES, it
# steps SAMPLES times from TARGET to BACK, after letting the loop run a
# while, and prints per sample the count and the functions in entry order.
# BACK = 0 means the address TARGET's function returns to (read from the
# stack at TARGET, which must then be the function's first instruction or
# the site right after its ENDBR): the count then covers the whole call,
# its return included.
import gdb

def sym(pc):
    s = gdb.execute("info symbol %#x" % pc, to_string=True).split()
    return s[0] if s and s[0] != "No" else "?"

def pc():
    return int(gdb.parse_and_eval("$pc")) & (2**64 - 1)

gdb.execute("set pagination off")
# Let the loop run a while (past the buffer's first pages) before sampling.
gdb.execute("hbreak *%#x" % TARGET, to_string=True)
gdb.execute("continue", to_string=True)
gdb.execute("ignore 1 2000", to_string=True)
gdb.execute("continue", to_string=True)
gdb.execute("delete", to_string=True)
for i in range(SAMPLES):
    gdb.execute("hbreak *%#x" % TARGET, to_string=True)
    gdb.execute("continue", to_string=True)
    gdb.execute("delete", to_string=True)
    back = BACK
    if not back:
        back = int(gdb.parse_and_eval("*(unsigned long *)$sp")) & (2**64 - 1)
    n, where, order = 0, {}, []
    while pc() != back and n < 20000:
        f = sym(pc())
        if f not in where:
            order.append(f)
        where[f] = where.get(f, 0) + 1
        gdb.execute("stepi", to_string=True)
        n += 1
    print("icount sample %d: total %d (%s)" % (i, n,
          ", ".join("%s %d" % (f, where[f]) for f in order)))
gdb.execute("detach", to_string=True)
