"""Median times per shape of chosen modes from one device run of
scripts/device-modes.sh.

    python3 bench/modes_table.py RESULTS MODE... [--title T]

RESULTS holds the run's ck-bench JSON lines per mode (MODE.json). The
table gives, per shape, ck-bench's median time (us) in each MODE (in the
order named, "-" where the shape failed or is missing) and the sums per
shape class (bench/partition_table.py's classes). Where RESULTS has
device_check's cudnn.json, a cuDNN column gives its time, timed as
device_check times ck (the method differs from ck-bench's). Markdown goes
to stdout.
"""

import argparse
import os

from partition_table import load, shape_class


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("modes", nargs="+")
    parser.add_argument("--title", default="Modes per shape")
    args = parser.parse_args()
    runs = [load(os.path.join(args.results, f"{m}.json")) for m in args.modes]
    cudnn_path = os.path.join(args.results, "cudnn.json")
    cudnn = load(cudnn_path) if os.path.exists(cudnn_path) else {}
    columns = list(args.modes) + (["cuDNN (device_check)"] if cudnn else [])
    keys = sorted(set().union(*runs), key=lambda k: (shape_class(k), k))

    print(f"# {args.title}\n")
    print("| shape | class | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    sums = {}
    fmt = lambda v: "-" if v is None else f"{v:.0f}"
    for key in keys:
        row = [run[key]["time_us_median"] if key in run else None for run in runs]
        if cudnn:
            row.append(cudnn[key]["cudnn_us"] if key in cudnn else None)
        total = sums.setdefault(shape_class(key), [0.0] * len(row))
        for i, value in enumerate(row):
            total[i] += value or 0.0
        short = key.split("-NHWGC")[0].replace("bwd_weight-", "")
        print(f"| {short} | {shape_class(key)} | "
              + " | ".join(fmt(v) for v in row) + " |")
    print("\n## Sums per class (us)\n")
    print("| class | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    for cls, total in sorted(sums.items()):
        print(f"| {cls} | " + " | ".join(fmt(v) for v in total) + " |")


if __name__ == "__main__":
    main()
