#!/usr/bin/env python3
"""Opcode mix of a kernel's main loop, from `cuobjdump -sass` output.

    cuobjdump -sass KERNEL.cubin | scripts/sass-histogram.py [NAME]

The main loop is the longest backward branch (BRA to a lower address). Prints
one line: instructions in the loop, FFMA count and share, then the most
frequent other opcodes. Used to see what besides FMAs a kernel issues."""

import collections
import re
import sys

LINE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?);")


def main() -> int:
    name = sys.argv[1] if len(sys.argv) > 1 else "kernel"
    insts = []
    for line in sys.stdin:
        m = LINE.search(line)
        if m:
            insts.append((int(m.group(1), 16), m.group(2).strip()))
    best = None
    for addr, text in insts:
        m = re.search(r"\bBRA\b.*?(0x[0-9a-f]+)", text)
        if m:
            target = int(m.group(1), 16)
            if target < addr and (best is None or addr - target > best[1] - best[0]):
                best = (target, addr)
    if best is None:
        print(f"{name}: no loop")
        return 0
    ops = collections.Counter()
    for addr, text in insts:
        if best[0] <= addr <= best[1]:
            text = re.sub(r"^@!?U?P[T0-9]+\s+", "", text)
            ops[text.split()[0]] += 1
    total = sum(ops.values())
    ffma = sum(v for k, v in ops.items() if k.startswith("FFMA"))
    others = ", ".join(f"{k} {v}" for k, v in ops.most_common(12)
                       if not k.startswith("FFMA"))
    print(f"{name}: loop {total} instructions, FFMA {ffma} "
          f"({100.0 * ffma / max(total, 1):.1f} %); {others}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
