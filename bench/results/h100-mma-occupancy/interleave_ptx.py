"""Experiment: a kernel's PTX with its staged loop's copies spread among
the MMAs, to measure what that order is worth before a pass makes it.

In each loop of KERNEL that copies (cp.async ... commit_group) and then,
before its cp.async.wait_group, runs MMAs, the copies move: each cp.async
and the instructions between it and the one before (its address
arithmetic) go behind every n-th MMA between the commit and the wait, so
that they issue among the MMAs instead of all at once. A register the
moved instructions define may not be read before its new place, nor one
they read be written on the way there; the script refuses such a loop.

  python3 interleave_ptx.py IN.ptx OUT.ptx [--kernel gemm_0]
"""

import argparse
import re
import sys

REG = re.compile(r"%[a-z]+[0-9]+")


def regs_defined(line):
    """The registers an instruction writes: its first operand (or the
    braced list of them), except for stores, copies and barriers."""
    body = line.strip()
    if not body or body.startswith(("st.", "cp.async", "bar.", "@", "//")) \
            or body.endswith(":") or body.startswith("bra"):
        return set()
    parts = body.split(None, 1)
    if len(parts) < 2:
        return set()
    ops = parts[1]
    if ops.startswith("{"):
        return set(REG.findall(ops[:ops.index("}")]))
    first = ops.split(",", 1)[0]
    return set(REG.findall(first))


def regs_used(line):
    return set(REG.findall(line)) - regs_defined(line)


def instructions(lines, start, end):
    """[start, end) as instructions: an mma.sync spans several lines."""
    out, i = [], start
    while i < end:
        j = i
        while not lines[j].rstrip().endswith(";") and \
                not lines[j].rstrip().endswith(":"):
            j += 1
        out.append("".join(lines[i:j + 1]))
        i = j + 1
    return out


def copy_window(body):
    """The places of a loop body's cp.async.commit_group and the
    cp.async.wait_group after it, or None where it has no such pair."""
    commit = next((i for i, s in enumerate(body)
                   if "cp.async.commit_group" in s), None)
    wait = next((i for i, s in enumerate(body)
                 if "cp.async.wait_group" in s), None)
    if commit is None or wait is None or wait < commit:
        return None
    return commit, wait


def single_block_loops(lines, kernel):
    """(label line, back-branch line, body) of each loop of `kernel` whose
    body is one block, and the kernel's entry and end lines."""
    entry = next(i for i, s in enumerate(lines)
                 if s.startswith(".visible .entry " + kernel + "("))
    end = next((i for i in range(entry + 1, len(lines))
                if lines[i].startswith(".visible .entry")), len(lines))
    loops = []
    for i in range(entry, end):
        m = re.match(r"(\$L__BB\d+_\d+):", lines[i])
        if not m:
            continue
        back = next((j for j in range(i + 1, end)
                     if re.search(r"bra(\.uni)?\s+" + re.escape(m.group(1)) +
                                  ";", lines[j])), None)
        if back is None:
            continue
        body = instructions(lines, i + 1, back)
        if not any(s.rstrip().endswith(":") for s in body):
            loops.append((i, back, body))
    return entry, end, loops


def interleave_loop(body):
    """body: a loop's instructions after its label. Returns the new order,
    or None where the loop has no copies before MMAs."""
    window = copy_window(body)
    if window is None:
        return None
    commit, wait = window
    mmas = [i for i in range(commit + 1, wait) if "mma.sync" in body[i]]
    if not mmas:
        return None
    chunks, chunk = [], []
    for s in body[:commit]:
        chunk.append(s)
        if "cp.async.ca" in s or "cp.async.cg" in s:
            chunks.append(chunk)
            chunk = []
    head = chunk  # what follows the last copy stays at the top
    if not chunks:
        return None
    step = max(1, len(mmas) // len(chunks))
    places = [mmas[min(len(mmas) - 1, (k + 1) * step - 1)]
              for k in range(len(chunks))]
    order = list(head)
    pending = {}
    for k, p in enumerate(places):
        pending.setdefault(p, []).extend(chunks[k])
    # The commit goes behind the last chunk.
    pending[places[-1]].append(body[commit])
    for i in range(commit + 1, len(body)):
        order.append(body[i])
        order.extend(pending.get(i, []))
    # Check: nothing between a moved instruction's old and new place reads
    # what it defines or writes what it reads.
    moved = {id(s) for c in chunks for s in c}
    for k, c in enumerate(chunks):
        defs = set().union(*(regs_defined(s) for s in c))
        uses = set().union(*(regs_used(s) for s in c))
        for s in body[commit + 1:places[k] + 1]:
            if id(s) in moved:
                continue
            if regs_used(s) & defs or regs_defined(s) & uses:
                raise SystemExit("interleave_ptx: moving a copy past "
                                 f"{s.strip()!r} changes what it computes")
    return order


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--kernel", default="gemm_0")
    args = parser.parse_args()
    lines = open(args.input).read().splitlines(keepends=True)
    _, _, loops = single_block_loops(lines, args.kernel)
    out, done, changed = [], 0, 0
    for label, back, body in loops:
        order = interleave_loop(body)
        if order is None:
            continue
        out += lines[done:label + 1] + order
        done = back
        changed += 1
    out += lines[done:]
    if not changed:
        raise SystemExit("interleave_ptx: no loop copies before its MMAs")
    open(args.output, "w").write("".join(out))
    print(f"interleave_ptx: {changed} loop(s) changed", file=sys.stderr)


if __name__ == "__main__":
    main()
