"""Experiment: a kernel's staged loop with its copies staggered by warp.

The two warps of a scheduler (warps w and w + 4 of a workgroup of 8) run
the same loop in lockstep behind one barrier per K-tile, so both issue
their copies' address arithmetic at once while the tensor pipe idles. In
the loop of KERNEL that copies (cp.async ... commit_group) before its MMAs,
this makes the first `--early` threads run the copies (everything from the
loop's start through the commit) where they were and the others run them
just before the loop's cp.async.wait_group, behind the step's MMAs: one
copy of the code on each side, under a warp-uniform branch. A register the
moved code defines may not be read before its new place, nor one it reads
be written on the way there; the script refuses such a loop.

  python3 stagger_ptx.py IN.ptx OUT.ptx [--kernel gemm_0] [--early 128]
"""

import argparse
import sys

from interleave_ptx import (copy_window, regs_defined, regs_used,
                             single_block_loops)


def stagger(body):
    window = copy_window(body)
    if window is None:
        return None
    commit, wait = window
    copies = body[:commit + 1]
    defs = set().union(*(regs_defined(s) for s in copies))
    uses = set().union(*(regs_used(s) for s in copies))
    for s in body[commit + 1:wait]:
        if regs_used(s) & defs or regs_defined(s) & uses:
            raise SystemExit("stagger_ptx: moving the copies past "
                             f"{s.strip()!r} changes what it computes")
    return (["\t@!%stagger_early bra \t$L__stagger_a;\n"] + copies +
            ["$L__stagger_a:\n"] + body[commit + 1:wait] +
            ["\t@%stagger_early bra \t$L__stagger_b;\n"] + copies +
            ["$L__stagger_b:\n"] + body[wait:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--kernel", default="gemm_0")
    parser.add_argument("--early", type=int, default=128)
    args = parser.parse_args()
    lines = open(args.input).read().splitlines(keepends=True)
    entry, end, loops = single_block_loops(lines, args.kernel)
    brace = next(i for i in range(entry, end) if lines[i].startswith("{"))
    for label, back, body in loops:
        order = stagger(body)
        if order is None:
            continue
        setup = ["\t.reg .pred \t%stagger_early;\n",
                 "\t.reg .b32 \t%stagger_tid;\n",
                 "\tmov.u32 \t%stagger_tid, %tid.x;\n",
                 f"\tsetp.lt.u32 \t%stagger_early, %stagger_tid, {args.early};\n"]
        out = (lines[:brace + 1] + setup + lines[brace + 1:label + 1] + order +
               lines[back:])
        open(args.output, "w").write("".join(out))
        print("stagger_ptx: one loop staggered", file=sys.stderr)
        return
    raise SystemExit("stagger_ptx: no loop copies before its MMAs")


if __name__ == "__main__":
    main()
