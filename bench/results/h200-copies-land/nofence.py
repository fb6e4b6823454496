#!/usr/bin/env python3
"""Here: a measurement-only variant of a kernel's PTX, for fence.sh.

    nofence.py IN.ptx OUT.ptx

drops each `fence.proxy.async.shared::cta` that follows an mbarrier
try_wait within a few lines: the math waves' fence after a `full` wait on a
ring whose slots are signalled as the copies land. The result is for
timing only (the fence is what makes the copies visible to wgmma)."""
import sys


def main():
    lines = open(sys.argv[1]).read().split("\n")
    kept, since_wait, dropped = [], 99, 0
    for line in lines:
        if "mbarrier.try_wait" in line:
            since_wait = 0
        else:
            since_wait += 1
        if "fence.proxy.async.shared::cta" in line and since_wait < 8:
            dropped += 1
            continue
        kept.append(line)
    open(sys.argv[2], "w").write("\n".join(kept))
    print(f"{sys.argv[2]}: dropped {dropped} fences")


if __name__ == "__main__":
    main()
