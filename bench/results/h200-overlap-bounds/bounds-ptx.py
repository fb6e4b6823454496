#!/usr/bin/env python3
"""Here: the bound variants of one kernel's PTX, for bounds.sh.

    bounds-ptx.py KERNELS.ptx OUTDIR [--one-box-b]

writes OUTDIR/<variant>.ptx, each the PTX with parts taken out:
  base      as compiled;
  nomma     without its wgmma.mma_async instructions: the copies and the
            epilogue set the pace;
  noload    without its TMA loads (cp.async.bulk.tensor ... global into
            shared), and every mbarrier.arrive.expect_tx expecting 0 bytes,
            so that the ring's `full` barriers complete on the arrival
            alone: the math and the epilogue set the pace;
  nostore   without the epilogue's global stores (st.global, or TMA stores
            and their bulk groups);
  mathonly  noload and nostore together.
With --one-box-b (backward-data's kernel whose B tile, N-major, comes in
four 64-column boxes): `onebox`, where the first of B's four tiled loads
becomes one 5-D load of all four (its plan's map needs the matching fifth
dimension, see README.md) and the other three go.
Only `base` and `onebox` compute the right result; time the others with
`device_check.py --no-verify`.
"""
import os
import re
import sys


def main():
    src, out = sys.argv[1], sys.argv[2]
    lines = open(src).read().split("\n")
    os.makedirs(out, exist_ok=True)

    def is_load(line):
        return "cp.async.bulk.tensor" in line and "shared::cluster.global" in line

    def is_store(line):
        return (("cp.async.bulk.tensor" in line and "global.shared::cta" in line)
                or "cp.async.bulk.wait_group.read" in line
                or "cp.async.bulk.commit_group" in line
                or re.match(r"\s*st\.global", line))

    def no_load(ls):
        kept = []
        for line in ls:
            if is_load(line):
                continue
            if "mbarrier.arrive.expect_tx" in line:
                line = re.sub(r"\], %r\d+;", "], 0;", line)
            kept.append(line)
        return kept

    variants = {
        "base": lines,
        "nomma": [l for l in lines if not l.startswith("wgmma.mma_async")],
        "noload": no_load(lines),
        "nostore": [l for l in lines if not is_store(l)],
        "mathonly": [l for l in no_load(lines) if not is_store(l)],
    }
    if "--one-box-b" in sys.argv:
        onebox, first = [], True
        for line in lines:
            if is_load(line) and ".4d" in line and ".tile." in line:
                if not first:
                    continue
                first = False
                line = line.replace("tensor.4d", "tensor.5d")
                line = re.sub(r"\{(%r\d+), ([^}]*)\}", r"{\1, \2, \1}", line)
            onebox.append(line)
        variants["onebox"] = onebox
    for name, body in variants.items():
        with open(os.path.join(out, name + ".ptx"), "w") as f:
            f.write("\n".join(body))


if __name__ == "__main__":
    main()
