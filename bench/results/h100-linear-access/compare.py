#!/usr/bin/env python3
"""Tables of run-passes.sh's results (or of device_check --rounds runs):
per layer, each variant's time (the mean of its passes' medians, us) and
its ratio to the base variant's; per direction and type, the geomean ratio
of each variant.

    compare.py DIR [BASE]      (BASE: the variant others are compared with,
                                default `before`)
"""
import collections
import glob
import json
import math
import sys

directory = sys.argv[1]
base = sys.argv[2] if len(sys.argv) > 2 else "before"
times = collections.defaultdict(lambda: collections.defaultdict(list))
for path in sorted(glob.glob(directory + "/*.json")):
    for line in open(path):
        result = json.loads(line)
        key, variant = result["key"].split("@")
        times[key][variant].append(result["ck_us"])

logs = collections.defaultdict(lambda: collections.defaultdict(list))
for key, variants in sorted(times.items()):
    short = key.split("-d1x1")[0]
    reference = sum(variants[base]) / len(variants[base])
    cells = []
    for variant, values in sorted(variants.items()):
        mean = sum(values) / len(values)
        passes = " ".join(f"{v:.1f}" for v in values)
        cells.append(f"{variant} {mean:.1f} ({passes}; {mean / reference:.3f})")
        if variant != base:
            logs["-".join(key.split("-")[:2])][variant].append(
                math.log(mean / reference))
    print(f"{short}: " + ", ".join(cells))
for group, variants in sorted(logs.items()):
    for variant, values in sorted(variants.items()):
        print(f"{group} {variant}/{base} geomean "
              f"{math.exp(sum(values) / len(values)):.3f} over {len(values)}")
