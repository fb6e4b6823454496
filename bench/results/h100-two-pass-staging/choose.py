"""Writes sm_90a.tuning here: ../h100-persistent-lean/sm_90a.tuning with
the persistent 4,8 kernels of 4 stages (two-pass staging) taken for the
layers where they ran at most 0.97x the database kernel's time in both
types of the same direction (variants/*.json, from bench/variants.sh).

    python3 bench/results/h100-two-pass-staging/choose.py
"""

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
FLAGS = "--partition=data_parallel,dp=persistent --waves=4,8 --stages=4"
SUFFIX = "@two-pass"


def times(direction, dtype):
    """{key: (tuned us, two-pass us)} of one set's results."""
    records = {}
    with open(os.path.join(HERE, "variants", f"{direction}_{dtype}.json")) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                records[r["key"]] = r
    return {k[:-len(SUFFIX)]: (records[k[:-len(SUFFIX)] + "@tuned"]["ck_us"], r["ck_us"])
            for k, r in records.items() if k.endswith(SUFFIX) and r["pass"]}


def main():
    taken = {}
    for direction in ("fwd", "bwd_data", "bwd_weight"):
        by_type = {t: times(direction, t) for t in ("f16", "bf16")}
        layer = lambda key: re.sub(r"^(\w+?)-b?f16-", "", key)
        for key, (tuned, new) in by_type["f16"].items():
            other = next((k for k in by_type["bf16"] if layer(k) == layer(key)), None)
            if other is None:
                continue
            pair = [(key, tuned, new), (other, *by_type["bf16"][other])]
            if all(n <= 0.97 * t for _, t, n in pair):
                taken.update({k: n for k, _, n in pair})
    source = os.path.join(HERE, "..", "h100-persistent-lean", "sm_90a.tuning")
    lines = []
    with open(source) as f:
        for line in f:
            fields = line.split()
            if fields and fields[0] == "tuned" and fields[1] in taken:
                line = f"tuned {fields[1]} {taken[fields[1]]:.3f} {fields[3]} {FLAGS}\n"
            lines.append(line)
    header = [
        "# This copy of ../h100-persistent-lean/sm_90a.tuning takes\n",
        "# persistent 4,8 kernels of 4 stages (two-pass staging) for the\n",
        f"# {len(taken)} entries where they ran at most 0.97x the time of the\n",
        "# old entry's kernel in both types, in one run on an H200\n",
        "# (README.md here); the time given is that run's.\n",
    ]
    last_comment = max(i for i, l in enumerate(lines) if l.startswith("#"))
    lines[last_comment + 1:last_comment + 1] = header
    with open(os.path.join(HERE, "sm_90a.tuning"), "w") as f:
        f.writelines(lines)
    print(f"{len(taken)} entries taken")


if __name__ == "__main__":
    main()
