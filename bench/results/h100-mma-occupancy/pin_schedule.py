"""Variants of StreamK bundles whose plans pin a schedule value, for A/B runs.

  python3 pin_schedule.py occupancy SETS OUT   # @auto, @occ1 .. @occ(N-1)
  python3 pin_schedule.py min_iters SETS OUT   # @base, @mi4, @mi8, @mi16

SETS is a folder of bundle sets (ck-compile --csv outputs, one folder per
set). Only StreamK plans with `occupancy auto` and `min_iters 1` are taken:
for `occupancy`, those whose kernel fits at least 2 workgroups per SM by the
registers ptxas reports (sm_90 PTX compiled here) and its LDS, pinned to
each smaller count; for `min_iters`, those whose T * I / 16 is under 5
workgroups per SM of 132 SMs (the values could change their grid). Each set
gets an index.txt for bench/device_check.py; on the device:
  python3 bench/device_check.py OUT/<set> --time --rounds 3 --json F
"""
import os
import re
import shutil
import subprocess
import sys

PTXAS = "/usr/local/cuda/bin/ptxas"
SMS = 132


def registers(ptx):
    log = subprocess.run([PTXAS, "-arch=sm_90", "-v", ptx, "-o", os.devnull],
                         capture_output=True, text=True).stderr
    m = re.search(r"for gemm_0\n.*\n.*Used (\d+) registers", log)
    if not m:
        m = re.search(r"Used (\d+) registers", log)
    return int(m.group(1))


def fits(regs, threads, lds):
    """Workgroups per H100 SM by registers (8-register granules), warps and LDS."""
    warps = (threads + 31) // 32
    n = min(65536 // ((regs + 7) // 8 * 8 * 32 * warps), 64 // warps, 32)
    return min(n, 228 * 1024 // (lds + 1024)) if lds else n


def variants(mode, bundle, plan):
    if "occupancy auto" not in plan or "min_iters 1 " not in plan:
        return []
    if mode == "occupancy":
        m = re.search(r"kernel gemm_0 grid schedule:\S+ 1 1 block (\d+) 1 1 lds (\d+)", plan)
        most = fits(registers(os.path.join(bundle, "kernels.ptx")), int(m.group(1)), int(m.group(2)))
        return [("auto", plan)] + [(f"occ{n}", plan.replace("occupancy auto", f"occupancy {n}"))
                                   for n in range(1, most)] if most > 1 else []
    m = re.search(r"stream_k tiles (\d+) iters (\d+)", plan)
    if int(m.group(1)) * int(m.group(2)) / 16 >= SMS * 5:
        return []
    return [("base", plan)] + [(f"mi{n}", plan.replace("min_iters 1 ", f"min_iters {n} "))
                               for n in (4, 8, 16)]


def main():
    mode, sets, out = sys.argv[1:4]
    assert mode in ("occupancy", "min_iters"), mode
    shutil.rmtree(out, ignore_errors=True)
    for name in sorted(os.listdir(sets)):
        for key in sorted(os.listdir(os.path.join(sets, name))):
            bundle = os.path.join(sets, name, key)
            path = os.path.join(bundle, "plan.ckplan")
            if not os.path.isfile(path) or "stream_k" not in open(path).read():
                continue
            for tag, text in variants(mode, bundle, open(path).read()):
                target = os.path.join(out, name, f"{key}@{tag}")
                shutil.copytree(bundle, target)
                with open(os.path.join(target, "plan.ckplan"), "w") as f:
                    f.write(text)
    for name in os.listdir(out):
        keys = sorted(k for k in os.listdir(os.path.join(out, name)) if "@" in k)
        with open(os.path.join(out, name, "index.txt"), "w") as f:
            f.writelines(f"{k}\t-\n" for k in keys)
        print(name, len(keys), "bundles")


if __name__ == "__main__":
    main()
