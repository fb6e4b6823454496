"""Partition comparison per shape from one device run of scripts/device-modes.sh.

    python3 bench/partition_table.py RESULTS [--bundles DIR] [--title T]

RESULTS holds the run's ck-bench JSON lines per mode (heuristic.json,
data_parallel_nodet.json, split_k*_nodet.json, stream_k_tree.json,
stream_k_linear_nodet.json) and device_check's cudnn.json. The table gives,
per shape, the median time (us) of data-parallel, the best split-K (with
its k_batch), StreamK linear and tree, cuDNN, and the heuristic's time and
choice (read from DIR/<key>/plan.ckplan, the heuristic's bundles, where
given). Each shape class (the K = 36 head, depthwise, many-group, other)
gets the sums of its shapes. The last column compares ck and cuDNN as
device_check timed both (one method for the two); the other columns are
ck-bench's. Markdown goes to stdout.
"""

import argparse
import glob
import json
import os
import re


def load(path):
    times = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                if r.get("status", "pass") == "pass" and r.get("pass", True):
                    times[r["key"]] = r
    return times


def shape_class(key):
    g, c, k = (int(re.search(rf"-{x}(\d+)-", key).group(1))
               for x in ("G", "C", "K"))
    if g > 1 and c == 1 and k == 1:
        return "depthwise"
    if g > 1:
        return "many-group"
    if k == 36:
        return "K=36 head"
    return "other"


def choice(bundles, key):
    if not bundles:
        return ""
    path = os.path.join(bundles, key, "plan.ckplan")
    if not os.path.exists(path):
        return "?"
    with open(path) as f:
        for line in f:
            if line.startswith("meta partition "):
                return line.split(" ", 2)[2].strip()
    return "?"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--bundles")
    parser.add_argument("--title", default="Partitions per shape")
    args = parser.parse_args()
    r = args.results
    heuristic = load(os.path.join(r, "heuristic.json"))
    dp = load(os.path.join(r, "data_parallel_nodet.json"))
    tree = load(os.path.join(r, "stream_k_tree.json"))
    linear = load(os.path.join(r, "stream_k_linear_nodet.json"))
    splits = [load(p) for p in sorted(glob.glob(os.path.join(r, "split_k*_nodet.json")))]
    cudnn = load(os.path.join(r, "cudnn.json"))

    print(f"# {args.title}\n")
    print("| shape | class | data-parallel | best split-K (k_batch) | StreamK linear "
          "| StreamK tree | cuDNN | heuristic | heuristic's choice | ck / cuDNN (device_check) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    sums = {}
    for key in sorted(heuristic, key=lambda k: (shape_class(k), k)):
        def t(d):
            return d[key]["time_us_median"] if key in d else None
        best = min((s[key] for s in splits if key in s),
                   key=lambda x: x["time_us_median"], default=None)
        row = {"dp": t(dp), "split": best and best["time_us_median"],
               "linear": t(linear), "tree": t(tree),
               "cudnn": cudnn[key]["cudnn_us"] if key in cudnn else None,
               "heuristic": t(heuristic),
               "ck_dc": cudnn[key]["ck_us"] if key in cudnn else None}
        cls = shape_class(key)
        total = sums.setdefault(cls, {})
        for name, value in row.items():
            if value is not None:
                total[name] = total.get(name, 0.0) + value
        fmt = lambda v: "-" if v is None else f"{v:.0f}"
        ratio = (f"{row['ck_dc'] / row['cudnn']:.2f}"
                 if row["ck_dc"] and row["cudnn"] else "-")
        split = f"{fmt(row['split'])} ({best['k_batch']})" if best else "-"
        short = key.split("-NHWGC")[0].replace("bwd_weight-", "")
        print(f"| {short} | {cls} | {fmt(row['dp'])} | {split} | "
              f"{fmt(row['linear'])} | {fmt(row['tree'])} | {fmt(row['cudnn'])} | "
              f"{fmt(row['heuristic'])} | {choice(args.bundles, key)} | {ratio} |")
    print("\n## Sums per class (us)\n")
    print("| class | data-parallel | best split-K | StreamK linear | StreamK tree "
          "| cuDNN | heuristic | ck / cuDNN (device_check) |")
    print("|---|---|---|---|---|---|---|---|")
    for cls, total in sorted(sums.items()):
        get = lambda n: f"{total[n]:.0f}" if n in total else "-"
        ratio = (f"{total['ck_dc'] / total['cudnn']:.2f}"
                 if "cudnn" in total and "ck_dc" in total else "-")
        print(f"| {cls} | {get('dp')} | {get('split')} | {get('linear')} | "
              f"{get('tree')} | {get('cudnn')} | {get('heuristic')} | {ratio} |")


if __name__ == "__main__":
    main()
