"""The device test matrix: problems covering every direction and type,
1D/2D/3D, groups (depthwise too), strides, dilations, asymmetric pads, odd
sizes and channel counts, 1x1, tiny and large; and the RetinaNet shapes.

    python3 bench/matrix.py matrix  > problems.txt    # ck-compile flag lines
    python3 bench/matrix.py retinanet [--types f16,bf16]
    python3 bench/matrix.py compile problems.txt OUT [--chip sm_90a] [--jobs 2]
"""

import argparse
import concurrent.futures
import csv
import hashlib
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def out_size(i, f, s, d, pl, pr):
    return (i + pl + pr - d * (f - 1) - 1) // s + 1


def flags(direction, dtype, G, N, C, K, ins, filt, stride, dil, pl, pr):
    j = lambda v: ",".join(str(x) for x in v)  # noqa: E731
    return (f"--direction={direction} --type={dtype} -G {G} -N {N} -C {C} -K {K} "
            f"--in={j(ins)} --filter={j(filt)} --stride={j(stride)} "
            f"--dilation={j(dil)} --pad-left={j(pl)} --pad-right={j(pr)}")


def matrix(count_per_cell=36, seed=2026):
    rng = random.Random(seed)
    lines = []
    for direction in ("fwd", "bwd_data", "bwd_weight"):
        for dtype in ("f16", "bf16", "f32"):
            for case in range(count_per_cell):
                rank = (1, 2, 2, 3)[case % 4]
                kind = case % 6
                G = rng.choice([1, 1, 2, 3, 4])
                N = rng.choice([1, 2, 3, 4])
                C = rng.choice([1, 3, 8, 16, 17, 32, 64])
                K = rng.choice([1, 5, 8, 16, 24, 32, 64])
                if kind == 1:  # depthwise
                    G, C, K = rng.choice([4, 8, 32]), 1, 1
                while True:
                    big = kind == 5 and rank == 2
                    ins = [rng.randint(1, 9 if rank == 3 else 31) for _ in range(rank)]
                    if big:
                        ins = [rng.choice([28, 56]) for _ in range(rank)]
                        C, K, N, G = 64, 64, 4, 1
                    filt = [rng.choice([1, 2, 3, 5]) for _ in range(rank)]
                    stride = [rng.choice([1, 1, 2, 3]) for _ in range(rank)]
                    dil = [rng.choice([1, 1, 2]) for _ in range(rank)]
                    pl = [rng.randint(0, 2) for _ in range(rank)]
                    pr = [rng.randint(0, 2) for _ in range(rank)]
                    if kind == 2:  # 1x1, stride 1, pad 0
                        filt, stride, pl, pr = [1] * rank, [1] * rank, [0] * rank, [0] * rank
                    if kind == 3:  # filter larger than the input, with pads
                        ins = [rng.randint(1, 3) for _ in range(rank)]
                        filt = [i + 1 for i in ins]
                        pl = [2] * rank
                        pr = [1] * rank
                    if all(out_size(*a) >= 1 for a in zip(ins, filt, stride, dil, pl, pr)):
                        break
                lines.append(flags(direction, dtype, G, N, C, K, ins, filt, stride,
                                   dil, pl, pr))
    return lines + STRIDED_BWD_DATA + LONG_GEMMS + TALL_TILES


# Backward-data with strides above the filter: the input positions no filter
# tap reaches are filled as strided blocks (rows cut short at the end of the
# input too). Strides of 300 once made 89,999 fill kernels.
STRIDED_BWD_DATA = [
    flags("bwd_data", "f16", 1, 1, 1, 1, [300, 300], [1, 1], [300, 300], [1, 1],
          [0, 0], [0, 0]),
    flags("bwd_data", "f32", 1, 2, 3, 5, [7], [2], [4], [1], [0], [0]),
    flags("bwd_data", "bf16", 2, 2, 8, 8, [17, 23], [3, 2], [5, 7], [2, 1],
          [1, 0], [2, 3]),
    flags("bwd_data", "f16", 1, 2, 16, 16, [9, 10, 11], [2, 1, 3], [3, 4, 5],
          [1, 1, 1], [1, 0, 2], [0, 1, 1]),
    flags("bwd_data", "f16", 1, 4, 32, 64, [56, 56], [1, 1], [2, 2], [1, 1],
          [0, 0], [0, 0]),
]


# GEMMs of more than 384 rows and 64 K-tiles with fewer tiles than two
# rounds of the H100's SMs: the heuristic gives them wave roles and split-K
# (longGemmRoles in lib/Target/GemmConfig.cpp). Partial tiles along M and N,
# 4,4 below eight 128-row tiles, one split where it does.
LONG_GEMMS = [
    flags("bwd_weight", "bf16", 1, 2, 264, 520, [60, 60], [1, 1], [1, 1], [1, 1],
          [0, 0], [0, 0]),
    flags("bwd_weight", "f16", 1, 4, 40, 400, [45, 45], [3, 3], [1, 1], [1, 1],
          [1, 1], [1, 1]),
    flags("bwd_weight", "f16", 2, 2, 96, 450, [100, 100], [3, 3], [2, 2], [1, 1],
          [1, 1], [0, 0]),
    flags("bwd_data", "bf16", 1, 2, 72, 1000, [20, 20], [3, 3], [1, 1], [1, 1],
          [1, 1], [1, 1]),
    flags("bwd_weight", "f16", 1, 2, 128, 520, [60, 60], [1, 1], [1, 1], [1, 1],
          [0, 0], [0, 0]),
    flags("bwd_weight", "bf16", 1, 2, 2048, 2048, [60, 60], [1, 1], [1, 1], [1, 1],
          [0, 0], [0, 0]),
]

# GEMMs whose 128-row tiles fill more than half of the H100's SMs but not
# all, which the heuristic gives 192-row tiles of half the columns (roles
# 4,12; tallSmallGemmColumns), with partial tiles along M (and N).
TALL_TILES = [
    flags("fwd", "f16", 1, 2, 64, 480, [50, 50], [3, 3], [1, 1], [1, 1],
          [1, 1], [1, 1]),
    flags("bwd_data", "bf16", 1, 2, 256, 64, [71, 71], [3, 3], [1, 1], [1, 1],
          [1, 1], [1, 1]),
    flags("fwd", "bf16", 1, 16, 2048, 256, [25, 25], [1, 1], [1, 1], [1, 1],
          [0, 0], [0, 0]),
]


def retinanet(types):
    lines = []
    with open(os.path.join(HERE, "data", "retinanet_bwd_weight.csv")) as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        for row in rows:
            v = {k: int(x) for k, x in row.items()}
            for dtype in types:
                lines.append(flags("bwd_weight", dtype, v["G"], v["N"], v["C"], v["K"],
                                   [v["H"], v["W"]], [v["Y"], v["X"]],
                                   [v["stride_h"], v["stride_w"]],
                                   [v["dil_h"], v["dil_w"]],
                                   [v["pad_h"], v["pad_w"]], [v["pad_h"], v["pad_w"]]))
    return lines


def compile_all(problems, out, chip, jobs, extra):
    tool = os.path.join(ROOT, "build", "bin", "ck-compile")
    os.makedirs(out, exist_ok=True)

    def one(line):
        key = hashlib.sha1(line.encode()).hexdigest()[:12]
        target = os.path.join(out, key)
        if os.path.exists(os.path.join(target, "reference.ckplan")):
            return key, 0, ""
        cmd = [tool, f"--chip={chip}", "-o", target] + line.split() + extra
        r = subprocess.run(cmd, capture_output=True, text=True)
        return key, r.returncode, r.stderr + r.stdout

    failures = 0
    index = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for (key, code, log), line in zip(pool.map(one, problems), problems):
            if code:
                failures += 1
                print(f"FAILED {key}: {log.strip()}", file=sys.stderr)
            else:
                index.append(f"{key}\t{line}")
    # ck-bench --bundles OUT runs every bundle listed here.
    with open(os.path.join(out, "index.txt"), "w") as f:
        f.write("\n".join(index) + "\n")
    print(f"compiled {len(problems) - failures}/{len(problems)} problems into {out}")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("matrix")
    r = sub.add_parser("retinanet")
    r.add_argument("--types", default="f16,bf16")
    c = sub.add_parser("compile")
    c.add_argument("problems")
    c.add_argument("out")
    c.add_argument("--chip", default="sm_90a")
    c.add_argument("--jobs", type=int, default=2)
    args, extra = parser.parse_known_args()
    if args.cmd == "matrix":
        print("\n".join(matrix()))
    elif args.cmd == "retinanet":
        print("\n".join(retinanet(args.types.split(","))))
    else:
        with open(args.problems) as f:
            problems = [line.strip() for line in f if line.strip()]
        return compile_all(problems, args.out, args.chip, args.jobs, extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
