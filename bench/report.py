"""Tables (and a plot) from device_check.py results.

    python3 bench/report.py bench DIR [--no-plot]
    python3 bench/report.py compare --set LABEL BEFORE AFTER ... OUT.md
    python3 bench/report.py matrix RESULTS.json OUT.md
    python3 bench/report.py sweep SWEEP.json OUT.md

`sweep` reads `ck-bench --sweep --json` lines and writes OUT.md (per
problem, each choice's time against the heuristic's, the fastest marked)
and OUT.png beside it (per problem, the fastest choice's speedup over the
heuristic's, colored by choice).

`bench` reads a `scripts/device-bench.sh run` directory (ceilings.json and
one device_check JSON per direction and type) and writes bench.md,
bench.json and bench.png beside them: per shape, ck's and cuDNN's times
(median and quartiles), TFLOP/s, ck's share of the mma.sync ceiling and of
the roofline, and ck's speed against cuDNN; per direction and type, the
geometric mean of the speeds and the whole model's time, each shape
weighted by its `layers` count from bench/data/retinanet_bwd_weight.csv.
"""

import argparse
import collections
import csv
import json
import math
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def shape_key(problem):
    """(dtype, G, N, C, K, H, W, Y, X, stride, pad) from a problem summary."""
    f = dict(re.findall(r"(\w+)=([^ ]+)", problem))
    dtype = problem.split()[1]
    h, w = f["in"].split("x")
    y, x = f["filter"].split("x")
    stride = f["stride"].split("x")[0]
    pad = f["pad"].split("/")[0].split("x")[0]
    return (dtype, f["G"], f["N"], f["C"], f["K"], h, w, y, x, stride, pad)


def table_layers():
    """The RetinaNet table's rows in order, and each row's `layers`."""
    layers, order = {}, []
    with open(os.path.join(HERE, "data", "retinanet_bwd_weight.csv")) as f:
        for row in csv.DictReader(l for l in f if not l.startswith("#")):
            key = (row["G"], row["N"], row["C"], row["K"], row["H"], row["W"],
                   row["Y"], row["X"], row["stride_h"], row["pad_h"])
            layers[key] = int(row["layers"])
            order.append(key)
    return order, layers


def spread(r, name):
    return f"{r[name + '_us']:.1f} ({r[name + '_q1_us']:.1f}-{r[name + '_q3_us']:.1f})"


def bench(directory, plot):
    """bench.md, bench.json and (with matplotlib) bench.png in `directory`
    from its ceilings.json and the device_check results beside it."""
    with open(os.path.join(directory, "ceilings.json")) as f:
        ceilings = json.load(f)
    mma = ceilings["mma_sync"]["tflops"]
    copy = ceilings["copy"]["tb_per_s"]
    # One set of results per file, each of one direction and type.
    sets = {}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json") and not name.startswith(("ceilings", "bench.")):
            results = [r for r in load(os.path.join(directory, name)) if "problem" in r]
            if results:
                direction, dtype = results[0]["problem"].split()[:2]
                sets[(direction, dtype)] = {shape_key(r["problem"])[1:]: r
                                            for r in results}
    order, layers = table_layers()

    def cublas_share(r, dtype):
        cublas = ceilings.get(f"cublas_{dtype}")
        return f"{100 * r['ck_tflops'] / cublas['tflops']:.0f}%" if cublas else ""

    rows, summary, lines = [], [], []
    for (direction, dtype), by_key in sorted(sets.items()):
        logs, ck_total, cudnn_total, passed = [], 0.0, 0.0, 0
        lines += [f"### {direction} {dtype}", "",
                  "| # | G | C | K | H x W | Y x X | stride | layers | ck us "
                  "(quartiles) | ck TFLOP/s | of mma.sync | of cuBLAS | of roofline "
                  "| cuDNN us (quartiles) | cuDNN TFLOP/s | ck speed / cuDNN | "
                  "verified |", "|" + "---|" * 17]
        for i, key in enumerate(order, start=1):
            r = by_key.get(key)
            if r is None:
                continue
            passed += bool(r["pass"])
            if "ck_us" not in r:
                lines.append(f"| {i} | | | | | | | | | | | | | | | | NO: "
                             f"{r.get('error', 'not timed')} |")
                continue
            G, N, C, K, H, W, Y, X, st, pd = key
            # The least time the ceilings allow: tensor cores at the
            # mma.sync rate or the tensors moved at the copy rate.
            bound_us = max(r["flops"] / (mma * 1e6), r["bytes"] / (copy * 1e6))
            row = {"direction": direction, "dtype": dtype, "problem": r["problem"],
                   "layers": layers[key], "ck_us": r["ck_us"],
                   "ck_tflops": r["ck_tflops"], "bound_us": bound_us,
                   "pass": r["pass"]}
            speed = ""
            cudnn = "| | |"
            if "cudnn_us" in r:
                row.update(cudnn_us=r["cudnn_us"], cudnn_tflops=r["cudnn_tflops"],
                           speedup=r["cudnn_us"] / r["ck_us"])
                logs.append(math.log(row["speedup"]))
                ck_total += r["ck_us"] * layers[key]
                cudnn_total += r["cudnn_us"] * layers[key]
                speed = f"{row['speedup']:.2f}x"
                cudnn = f"{spread(r, 'cudnn')} | {r['cudnn_tflops']:.1f} |"
            rows.append(row)
            lines.append(
                f"| {i} | {G} | {C} | {K} | {H}x{W} | {Y}x{X} | {st} | {layers[key]} "
                f"| {spread(r, 'ck')} | {r['ck_tflops']:.1f} | "
                f"{100 * r['ck_tflops'] / mma:.0f}% | {cublas_share(r, dtype)} | "
                f"{100 * bound_us / r['ck_us']:.0f}% "
                f"| {cudnn} {speed} | {'yes' if r['pass'] else 'NO'} |")
        lines.append("")
        entry = {"direction": direction, "dtype": dtype, "shapes": len(by_key),
                 "passed": passed,
                 "best_ck_tflops": max((r["ck_tflops"] for r in rows
                                        if (r["direction"], r["dtype"]) ==
                                        (direction, dtype)), default=0)}
        if logs:
            entry.update(geomean_speedup=math.exp(sum(logs) / len(logs)),
                         model_ck_ms=ck_total / 1e3, model_cudnn_ms=cudnn_total / 1e3)
        summary.append(entry)

    text = ["# ck against cuDNN on one GPU: RetinaNet layers", "",
            f"Generated by `bench/report.py bench` from the results in this "
            f"directory (`scripts/device-bench.sh run`), device: "
            f"{ceilings['device']}. Every time is the median over replays of a "
            "CUDA graph of many launches that rotate through copies of the "
            "tensors beyond the L2 (`bench/gputime.py`), quartiles in "
            "parentheses; ck and cuDNN (PyTorch's `convolution_backward` or "
            "`convolution`, channels-last, computing only the direction's "
            "gradient) in the same run with the same method; every ck result "
            "verified against ATen first (`bench/device_check.py`).", "",
            "Ceilings measured by the same script and method:", "",
            "| ceiling | rate |", "|---|---|",
            f"| mma.sync m16n8k16 f16->f32 from registers | {mma:.0f} TFLOP/s |"]
    for dtype in ("f16", "bf16"):
        if f"cublas_{dtype}" in ceilings:
            text.append(f"| cuBLAS {dtype} GEMM 8192^3 | "
                        f"{ceilings[f'cublas_{dtype}']['tflops']:.0f} TFLOP/s |")
    text += [f"| device copy (1 GiB) | {copy:.2f} TB/s |", "",
             "'of roofline' is the least time these ceilings allow (the FLOPs at "
             "the mma.sync rate or the tensors' bytes at the copy rate, the "
             "larger) over ck's time. The model's time weights each shape by "
             "its `layers`. A speed above 1x means ck is faster.", "",
             "| direction | type | verified | geomean ck speed / cuDNN | model "
             "ck ms | model cuDNN ms | best ck TFLOP/s |", "|---|---|---|---|---|---|---|"]
    for e in summary:
        if "geomean_speedup" in e:
            text.append(f"| {e['direction']} | {e['dtype']} | {e['passed']}/{e['shapes']} "
                        f"| {e['geomean_speedup']:.2f}x | {e['model_ck_ms']:.2f} | "
                        f"{e['model_cudnn_ms']:.2f} | {e['best_ck_tflops']:.0f} |")
        else:
            text.append(f"| {e['direction']} | {e['dtype']} | {e['passed']}/{e['shapes']} "
                        f"| | | | {e['best_ck_tflops']:.0f} |")
    text += [""] + lines
    with open(os.path.join(directory, "bench.md"), "w") as f:
        f.write("\n".join(text))
    with open(os.path.join(directory, "bench.json"), "w") as f:
        json.dump({"ceilings": ceilings, "summary": summary, "shapes": rows}, f,
                  indent=1)
    if not plot:
        return
    try:
        import matplotlib
    except ImportError:
        print("report: matplotlib is not installed; no bench.png")
        return
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (speed_ax, rate_ax) = plt.subplots(2, 1, figsize=(10, 7))
    row_number = {key: i for i, key in enumerate(order, start=1)}
    for direction, dtype in sorted(sets):
        mine = [r for r in rows if (r["direction"], r["dtype"]) == (direction, dtype)]
        xs = [row_number[shape_key(r["problem"])[1:]] for r in mine]
        label = f"{direction} {dtype}"
        speed_ax.scatter(xs, [r.get("speedup", math.nan) for r in mine], s=12,
                         label=label)
        rate_ax.scatter(xs, [r["ck_tflops"] for r in mine], s=12, label=f"ck {label}")
        if (direction, dtype) == ("bwd_weight", "f16"):
            rate_ax.scatter(xs, [r.get("cudnn_tflops", math.nan) for r in mine], s=12,
                            marker="x", color="black", label="cuDNN bwd_weight f16")
    speed_ax.axhline(1.0, color="gray", linewidth=0.8)
    speed_ax.set_yscale("log")
    speed_ax.set_ylabel("ck speed / cuDNN")
    speed_ax.legend(fontsize=7)
    rate_ax.axhline(mma, color="gray", linestyle="--", linewidth=0.8)
    rate_ax.text(1, mma, "mma.sync", fontsize=7, va="bottom")
    rate_ax.set_ylabel("TFLOP/s")
    rate_ax.set_xlabel("RetinaNet shape (row of the tables)")
    rate_ax.legend(fontsize=7)
    fig.suptitle(f"ck vs cuDNN, {ceilings['device']}")
    fig.tight_layout()
    fig.savefig(os.path.join(directory, "bench.png"), dpi=110)


def load_build(path):
    """device_check results by key: PATH, or PATH@NAME for the bundles of an
    A/B folder (keys KEY@NAME, bench/results/h100-load-cursors/ab.sh) that
    NAME's build compiled, keyed without the suffix."""
    path, _, name = path.partition("@")
    if not name:
        return {r["key"]: r for r in load(path)}
    return {r["key"][:-len(name) - 1]: r for r in load(path)
            if r["key"].endswith("@" + name)}


def compare(pairs, out, title):
    """A table of two builds' ck times per shape, from device_check results
    of the same bundles' problems: `pairs` is [(label, before, after)], each
    a path for load_build."""
    text = [f"# {title}", "",
            "Generated by `bench/report.py compare` from device_check results "
            "(`--time`, bench/gputime.py's method) of the same problems compiled "
            "by two builds. A speedup above 1x means the second build is "
            "faster.", "",
            "| set | shapes | geomean speedup | least | most | sum before (ms) | "
            "sum after (ms) | verified |", "|---|---|---|---|---|---|---|---|"]
    details = []
    for label, before_path, after_path in pairs:
        before = load_build(before_path)
        after = load_build(after_path)
        keys = sorted(k for k in after if "ck_us" in after[k] and "ck_us" in before.get(k, {}))
        speed = {k: before[k]["ck_us"] / after[k]["ck_us"] for k in keys}
        passed = sum(after[k]["pass"] and before[k]["pass"] for k in keys)
        geo = math.exp(sum(math.log(v) for v in speed.values()) / len(speed))
        text.append(f"| {label} | {len(keys)} | {geo:.3f}x | {min(speed.values()):.2f}x "
                    f"| {max(speed.values()):.2f}x | "
                    f"{sum(before[k]['ck_us'] for k in keys) / 1e3:.2f} | "
                    f"{sum(after[k]['ck_us'] for k in keys) / 1e3:.2f} | {passed}/{len(keys)} |")
        details += ["", f"## {label}", "", "| problem | before (us) | after (us) | speedup |",
                    "|---|---|---|---|"]
        for k in keys:
            details.append(f"| {k} | {before[k]['ck_us']:.1f} | {after[k]['ck_us']:.1f} "
                           f"| {speed[k]:.2f}x |")
    with open(out, "w") as f:
        f.write("\n".join(text + details) + "\n")


def matrix(results, out):
    cells = collections.Counter()
    passed = collections.Counter()
    for r in results:
        direction, dtype = r.get("problem", "? ?").split()[:2]
        cells[(direction, dtype)] += 1
        passed[(direction, dtype)] += bool(r["pass"])
    lines = ["# Device test matrix on one H100", "",
             "Generated by `bench/report.py` from `bench/results/h100-matrix.json` "
             "(`bench/device_check.py`: fresh random inputs, poisoned output, "
             "compared with ATen in f32 by Composable Kernel's tolerance rule and "
             "a relative L2 bound; ck's reference kernel checked too).", "",
             "| direction | type | passed | problems |", "|---|---|---|---|"]
    for (direction, dtype), n in sorted(cells.items()):
        lines.append(f"| {direction} | {dtype} | {passed[(direction, dtype)]} | {n} |")
    lines.append(f"| all | all | {sum(passed.values())} | {sum(cells.values())} |")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def sweep(results, out):
    """Table and plot of a ck-bench sweep: each choice's speed against the
    heuristic's, per problem."""
    def choice(bundle):
        parts = os.path.basename(bundle).split("@")[1:]
        return " ".join(parts) if parts else "heuristic"
    times = collections.defaultdict(dict)
    order = []
    for r in results:
        if r["key"] not in times:
            order.append(r["key"])
        if r["status"] == "pass" and "time_us_median" in r:
            times[r["key"]][choice(r["bundle"])] = r["time_us_median"]
    choices = ["heuristic"]
    for key in order:
        for c in times[key]:
            if c not in choices:
                choices.append(c)
    lines = ["# Sweep of kernel choices", "",
             "Generated by `bench/report.py sweep` from `ck-bench --sweep --json` "
             "(verified bundles only; median time of ck-bench's timing). Each "
             "cell: the choice's speed against the heuristic's (above 1x is "
             "faster); **bold** is the problem's fastest.", "",
             "| problem | heuristic (us) | " + " | ".join(choices[1:]) + " |",
             "|---|---|" + "---|" * (len(choices) - 1)]
    best_speedups, best_choices = [], []
    for key in order:
        t = times[key]
        base = t.get("heuristic")
        if not base:
            continue
        best = min(t, key=t.get)
        cells = []
        for c in choices[1:]:
            if c not in t:
                cells.append("-")
                continue
            text = f"{base / t[c]:.2f}x"
            cells.append(f"**{text}**" if c == best else text)
        lines.append(f"| {key} | {base:.1f} | " + " | ".join(cells) + " |")
        best_speedups.append(base / t[best])
        best_choices.append(best)
    if best_speedups:
        geomean = math.exp(sum(math.log(v) for v in best_speedups) / len(best_speedups))
        lines += ["", f"Geomean speedup of the fastest choice over the heuristic's: "
                      f"{geomean:.3f}x over {len(best_speedups)} problems."]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    colors = {c: plt.cm.tab10(i % 10) for i, c in enumerate(choices)}
    fig, ax = plt.subplots(figsize=(max(8, len(best_speedups) * 0.3), 4))
    ax.bar(range(len(best_speedups)), best_speedups,
           color=[colors[c] for c in best_choices])
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_ylabel("fastest choice / heuristic (speedup)")
    ax.set_xlabel("problem (table order)")
    ax.set_title("Sweep: the fastest verified choice per problem")
    handles = [plt.Rectangle((0, 0), 1, 1, color=colors[c]) for c in choices
               if c in best_choices]
    ax.legend(handles, [c for c in choices if c in best_choices], fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.splitext(out)[0] + ".png", dpi=120)


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="kind", required=True)
    b = sub.add_parser("bench", help="tables, JSON and plot of a device-bench run")
    b.add_argument("directory")
    b.add_argument("--no-plot", action="store_true")
    c = sub.add_parser("compare", help="two builds' ck times, set by set")
    c.add_argument("--set", nargs=3, action="append", required=True,
                   metavar=("LABEL", "BEFORE", "AFTER"),
                   help="results files, or FILE@NAME for an A/B folder's")
    c.add_argument("--title", default="Two builds compared")
    c.add_argument("out")
    m = sub.add_parser("matrix", help="the device matrix's verdicts")
    m.add_argument("results")
    m.add_argument("out")
    w = sub.add_parser("sweep", help="a ck-bench sweep's choices per problem")
    w.add_argument("results")
    w.add_argument("out")
    args = parser.parse_args()
    if args.kind == "bench":
        bench(args.directory, not args.no_plot)
    elif args.kind == "compare":
        compare(args.set, args.out, args.title)
    elif args.kind == "sweep":
        sweep(load(args.results), args.out)
    else:
        matrix(load(args.results), args.out)


if __name__ == "__main__":
    main()
