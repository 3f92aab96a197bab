"""Register-bank conflicts of the FMA block, read straight from a cubin.

The FP32 kernels spend most of their issue slots on `FFMA Rd, Ra, Rb, Rc`.
Since Volta the register file has two banks (register number mod 2); an
instruction whose source registers that are not served by the operand reuse
cache fall into the same bank needs one more cycle to read them, and Nsight
Compute counts that cycle as a *dispatch stall*. ptxas assigns the physical
registers; PTX has no say. This module decodes the FFMAs of a cubin (no
disassembler needed: the fields are at fixed bit positions of the 128-bit
instruction words of sm_70 and later) and estimates those extra cycles, so a
config's register allocation can be judged on the machine that compiles it.

    python3 -m tileopt banks ARTIFACT_OR_CUBIN... [--ncu-source CSV]

The decoder was checked against `cuobjdump -sass` of an sm_90 kernel: all
1024 FFMAs, their four registers and their reuse flags (the test fixture).
With `--ncu-source` (the CSV of `ncu --section SourceCounters` printed with
`ncu -i REP --page source --csv --print-source sass`), the warp-state samples
of each FFMA are averaged per conflict class: the evidence that a conflict
costs issue time.
"""

from __future__ import annotations

import collections
import csv
import dataclasses
import glob
import io
import os
import re
import struct

#: Low 12 bits of `FFMA R, R, R, R` (register operands only).
FFMA_OPCODE = 0x223
RZ = 255
BANKS = 2


@dataclasses.dataclass(frozen=True)
class Ffma:
    offset: int          #: byte offset in the kernel's .text section
    rd: int
    sources: tuple       #: (Ra, Rb, Rc)
    reuse: int           #: bit s set: source s is kept in the reuse cache


def text_sections(data: bytes) -> dict[str, bytes]:
    """The `.text.<kernel>` sections of an ELF (cubin) image."""
    if data[:4] != b"\x7fELF" or len(data) < 0x40 or data[4] != 2:
        raise ValueError("not a 64-bit ELF file (cubin)")
    try:
        return _text_sections(data)
    except (struct.error, IndexError, OverflowError, ValueError,
            UnicodeDecodeError) as e:
        raise ValueError(f"malformed ELF file (cubin): {e}") from None


def _text_sections(data: bytes) -> dict[str, bytes]:
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    names_at = headers[shstrndx][4]
    sections = {}
    for name, _type, _flags, _addr, offset, size in headers:
        end = data.index(b"\0", names_at + name)
        label = data[names_at + name:end].decode()
        if label.startswith(".text."):
            sections[label[len(".text."):]] = data[offset:offset + size]
    return sections


def decode(code: bytes) -> list[Ffma | None]:
    """One entry per 16-byte instruction: the FFMA's fields, or None."""
    out: list[Ffma | None] = []
    for at in range(0, len(code) - 15, 16):
        lo, hi = struct.unpack_from("<QQ", code, at)
        if lo & 0xFFF != FFMA_OPCODE:
            out.append(None)
            continue
        out.append(Ffma(offset=at, rd=(lo >> 16) & 0xFF,
                        sources=((lo >> 24) & 0xFF, (lo >> 32) & 0xFF, hi & 0xFF),
                        reuse=(hi >> 58) & 0xF))
    return out


def conflicts(instructions: list[Ffma | None]) -> list[tuple[Ffma, int, int]]:
    """(FFMA, registers read from the file, extra read cycles) per FFMA.

    A source is served by the reuse cache when the previous instruction is an
    FFMA that read the same register in the same slot with its reuse flag
    set (any other instruction in between clears the cache, conservatively).
    The registers read from the file cost one extra cycle per register beyond
    the first in the same bank."""
    result = []
    cached: dict[int, int] = {}
    for ins in instructions:
        if ins is None:
            cached = {}
            continue
        fresh = {r for slot, r in enumerate(ins.sources)
                 if r != RZ and cached.get(slot) != r}
        per_bank = collections.Counter(r % BANKS for r in fresh)
        extra = max(per_bank.values()) - 1 if per_bank else 0
        result.append((ins, len(fresh), extra))
        cached = {slot: r for slot, r in enumerate(ins.sources)
                  if ins.reuse >> slot & 1}
    return result


def summarize(code: bytes) -> dict:
    """FFMA count, extra read cycles and how many FFMAs pay them."""
    rows = conflicts(decode(code))
    n = len(rows)
    extra = sum(e for _, _, e in rows)
    return {
        "ffma": n,
        "extra_cycles": extra,
        "conflicting_ffma": sum(1 for _, _, e in rows if e),
        "three_fresh_ffma": sum(1 for _, f, _ in rows if f == 3),
        "extra_cycles_per_ffma": extra / n if n else None,
    }


def cubins(path: str) -> list[str]:
    """The cubins of an artifact directory, or the file itself."""
    if os.path.isdir(path):
        return sorted(glob.glob(os.path.join(path, "*.cubin")))
    return [path]


def analyze(path: str) -> dict[str, dict]:
    """{kernel: summary} over every cubin of an artifact (or one cubin)."""
    out = {}
    for cubin in cubins(path):
        with open(cubin, "rb") as f:
            for kernel, code in text_sections(f.read()).items():
                out[kernel] = summarize(code)
    return out


def samples_by_class(source_csv: str, code: bytes) -> dict[int, dict]:
    """Joins `ncu --page source --csv --print-source sass` rows with the
    FFMAs of the same kernel's code (addresses are relative to the first
    row): {extra cycles: {"ffma": n, "samples_per_ffma": ..., "dispatch_per_ffma": ...}}."""
    lines = source_csv.splitlines()
    start = next((i for i, line in enumerate(lines)
                  if line.startswith('"Address"')), None)
    if start is None:
        raise ValueError('no "Address" header in the ncu source CSV')
    samples: dict[int, tuple[float, float]] = {}
    base = None
    for row in csv.DictReader(io.StringIO("\n".join(lines[start:]))):
        try:
            address = int(row["Address"], 16)
        except (KeyError, ValueError):
            continue
        base = address if base is None else base
        number = lambda key: float(row.get(key) or 0)
        samples[address - base] = (number("Warp Stall Sampling (All Samples)"),
                                   number("stall_dispatch"))
    classes: dict[int, list[float]] = {}
    for ins, _, extra in conflicts(decode(code)):
        all_samples, dispatch = samples.get(ins.offset, (0.0, 0.0))
        c = classes.setdefault(extra, [0, 0.0, 0.0])
        c[0] += 1
        c[1] += all_samples
        c[2] += dispatch
    return {k: {"ffma": n, "samples_per_ffma": s / n, "dispatch_per_ffma": d / n}
            for k, (n, s, d) in sorted(classes.items())}


_SASS_LINE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(.*?);")


def loop_mix(lines, name: str = "kernel") -> str:
    """The opcode mix of the main loop (the longest backward branch) of a
    kernel in `cuobjdump -sass` output `lines`, as one line: instructions in
    the loop, FFMA count and share, the most frequent other opcodes."""
    insts = []
    for line in lines:
        m = _SASS_LINE.search(line)
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
        return f"{name}: no loop"
    ops = collections.Counter()
    for addr, text in insts:
        if best[0] <= addr <= best[1]:
            text = re.sub(r"^@!?U?P[T0-9]+\s+", "", text)
            ops[text.split()[0]] += 1
    total = sum(ops.values())
    ffma = sum(v for k, v in ops.items() if k.startswith("FFMA"))
    others = ", ".join(f"{k} {v}" for k, v in ops.most_common(12)
                       if not k.startswith("FFMA"))
    return (f"{name}: loop {total} instructions, FFMA {ffma} "
            f"({100.0 * ffma / max(total, 1):.1f} %); {others}")
