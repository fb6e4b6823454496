"""Times of runs/*/SET.json (device_check --time --json), us, and each
variant's over the mean of the database kernel's two copies (@db, @db2)."""
import collections
import glob
import json
import re
import sys

for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    times = collections.defaultdict(dict)
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            key, variant = r["key"].split("@")
            assert r["pass"], r["key"]
            times[key][variant] = r["ck_us"]
    for key, by_variant in times.items():
        base = (by_variant["db"] + by_variant["db2"]) / 2
        short = re.sub(r"-d1x1.*", "", key)
        print(short, " ".join(f"{v}={us:.1f} ({us / base:.3f})"
                              for v, us in sorted(by_variant.items())))
