"""Geomean time ratios of A/B(/C) runs: python3 abstat.py DIR BASE [KEY...]

For each DIR/*.json (device_check --json, keys `<problem>@<variant>`),
prints every variant's time over BASE's on the kernels both ran (count,
geomean, range), and the times of the problems whose key holds a KEY."""
import glob
import json
import math
import os
import sys


def main():
    directory, base, wanted = sys.argv[1], sys.argv[2], sys.argv[3:]
    for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
        times = {}
        for line in open(path):
            r = json.loads(line)
            problem, variant = r["key"].rsplit("@", 1)
            if "ck_us" in r:
                times.setdefault(problem, {})[variant] = r["ck_us"]
        variants = sorted({v for t in times.values() for v in t} - {base})
        print(os.path.basename(path))
        for v in variants:
            ratios = [t[v] / t[base] for t in times.values() if v in t and base in t]
            if ratios:
                geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
                print(f"  {v}/{base}: {len(ratios)} kernels, geomean {geomean:.3f},"
                      f" {min(ratios):.3f}-{max(ratios):.3f}")
        for problem, t in times.items():
            if any(k in problem for k in wanted):
                print("   ", problem.split("-NHWGC")[0],
                      " ".join(f"{v}={us:.1f}" for v, us in sorted(t.items())))


if __name__ == "__main__":
    main()
