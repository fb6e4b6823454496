#!/usr/bin/env python3
"""Deeper rings for the tuning database's wave-role kernels: every entry of
DB (default bench/results/h100-blocks/sm_90a.tuning) with --waves and
without a persistent partition, compiled with its own flags (`db`) and
again with --stages=S for each S of STAGES (default 5 6 8) that the LDS
holds with the same tiles (where it does not, the heuristic falls back to
mma.sync: another grid, no tensor maps; those are dropped): bundles KEY@db
and KEY@sS under OUT (default .device/stages), for ../h100-blocks/run.sh.
Run from the repository root."""
import os
import re
import subprocess
import sys

db = os.environ.get("DB", "bench/results/h100-blocks/sm_90a.tuning")
out = os.environ.get("OUT", ".device/stages")
stages = os.environ.get("STAGES", "5 6 8").split()
ckc = os.environ.get("CKC", "build/bin/ck-compile")

key_re = re.compile(r"(\w+)-(\w+)-G(\d+)-N(\d+)-C(\d+)-K(\d+)-in(\d+)x(\d+)-"
                    r"f(\d+)x(\d+)-s(\d+)x(\d+)-d(\d+)x(\d+)-pl(\d+)x(\d+)-"
                    r"pr(\d+)x(\d+)-")
subprocess.run(["rm", "-rf", out], check=True)
os.makedirs(out)
bundles, refused = [], 0


def kernels(bundle):
    """The plan's kernel lines without their LDS bytes."""
    with open(f"{bundle}/plan.ckplan") as plan:
        return [re.sub(r" lds \d+", "", l) for l in plan
                if l.startswith("kernel ")]


for line in open(db):
    fields = line.split()
    if not fields or fields[0] != "tuned":
        continue
    key, flags = fields[1], fields[4:]
    if not any(f.startswith("--waves") for f in flags) or any(
            "persistent" in f for f in flags):
        continue
    m = key_re.match(key)
    (direction, dtype, g, n, c, k, h, w, y, x, sh, sw, dh, dw, plh, plw, prh,
     prw) = m.groups()
    problem = ["--direction", direction, "--type", dtype, "-G", g, "-N", n,
               "-C", c, "-K", k, "--in", f"{h},{w}", "--filter", f"{y},{x}",
               "--stride", f"{sh},{sw}", "--dilation", f"{dh},{dw}",
               "--pad-left", f"{plh},{plw}", "--pad-right", f"{prh},{prw}"]
    for choice in ["db"] + [f"s{s}" for s in stages]:
        extra = [] if choice == "db" else ["--stages", choice[1:]]
        dest = f"{out}/{key}@{choice}"
        run = subprocess.run([ckc, "--chip=sm_90a", "--no-cache", "--no-tuning-db",
                              *problem, *flags, *extra, "-o", dest],
                             capture_output=True, text=True)
        if run.returncode == 0 and (choice == "db" or kernels(dest) == kernels(
                f"{out}/{key}@db")):
            bundles.append(f"{key}@{choice}")
        else:
            subprocess.run(["rm", "-rf", dest], check=True)
            refused += 1
with open(f"{out}/index.txt", "w") as index:
    index.writelines(f"{b}\t-\n" for b in bundles)
print(f"{len(bundles)} bundles, {refused} refused")
