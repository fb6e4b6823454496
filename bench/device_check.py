"""Verify (and time) ck bundles on an NVIDIA GPU against PyTorch.

    python3 bench/device_check.py BUNDLES [--time] [--cudnn] [--json FILE]

BUNDLES holds one directory per problem (plan.ckplan, reference.ckplan and
the kernels.cubin both name), as ck-compile writes them. For each:
fresh random inputs in [-1, 1] (the seed is printed), the written tensor
poisoned with NaN, the plan launched, and the result compared with ATen's
f32 convolution by Composable Kernel's tolerance rule and a relative L2
bound; ck's own reference kernel is checked the same way. With --time,
the plan is timed by bench/gputime.py (CUDA graphs of many launches over
rotating copies of the tensors, beyond the L2; median and quartiles of
the replays), and with --cudnn PyTorch's cuDNN convolution of the same
problem (the one gradient the direction asks for) is timed the same way
in the same run.

With --rounds R (R > 1) every bundle is verified first, then timed in R
rounds, each a pass over the bundles that passed (every other round in
reverse order), on fresh random inputs each time: a bundle's time is the
median of its rounds' medians (`ck_rounds_us` lists them), so that the
clocks' drift over a long run falls on every variant of a sweep alike
instead of on whichever ran last. --no-verify launches and times without
comparing (bounds: kernels that skip their copies or their MMAs).
"""

import argparse
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "python"))
from ck_mlir.runtime import LoadedPlan, Plan  # noqa: E402
from gputime import measure, rotating_sets  # noqa: E402
from timing_rounds import merge_rounds, round_order  # noqa: E402
from torchref import (DTYPES, compare, logical, reference,  # noqa: E402
                      written_index)


def make_tensors(plan, generator, written):
    flats = []
    for index in sorted(plan.tensors):
        role, dtype, count = plan.tensors[index]
        t = torch.empty(count, dtype=DTYPES[dtype], device="cuda")
        if index == written:
            t.fill_(float("nan"))
        else:
            t.uniform_(-1.0, 1.0, generator=generator)
        flats.append(t)
    return flats


def cudnn_launcher(p):
    """A function running PyTorch's cuDNN convolution of `p` on ck buffers."""
    rank = len(p["in"])
    symmetric = p["pad_left"] == p["pad_right"]
    if not symmetric:
        return None
    torch.backends.cudnn.benchmark = True

    def run(flats):
        x, w, y = logical(p, flats)
        if p["direction"] == "fwd":
            torch.ops.aten.convolution(x, w, None, p["stride"], p["pad_left"],
                                       p["dilation"], False, [0] * rank, p["G"])
        else:
            mask = [p["direction"] == "bwd_data", p["direction"] == "bwd_weight", False]
            torch.ops.aten.convolution_backward(
                y, x, w, None, p["stride"], p["pad_left"], p["dilation"], False,
                [0] * rank, p["G"], mask)
    return run


def time_plan(plan, loaded, flats, args):
    """The timing fields of `plan` (launched by `loaded` on tensors shaped as
    `flats`): ck's, and with --cudnn cuDNN's, by bench/gputime.py."""
    p = plan.problem()
    sets = rotating_sets(flats)
    flops = float(plan.meta.get("flops", "0"))
    result = {"flops": flops, "bytes": float(plan.meta.get("bytes", "0"))}
    timed = {"ck": loaded.launch}
    if args.cudnn:
        timed["cudnn"] = cudnn_launcher(p)
    for name, launch in timed.items():
        if launch is None:
            continue
        t = measure(launch, sets, warm_ms=args.warm_ms)
        result.update({f"{name}_{k}": v for k, v in t.items()})
        result[f"{name}_tflops"] = flops / (t["us"] * 1e-6) / 1e12
    return result


def time_round(directory, args, seed):
    """One round's timing of the bundle in `directory` on fresh inputs."""
    plan = Plan(os.path.join(directory, "plan.ckplan"))
    generator = torch.Generator(device="cuda").manual_seed(seed)
    flats = make_tensors(plan, generator, written_index(plan.problem()))
    return time_plan(plan, LoadedPlan(plan), flats, args)


def check(directory, args, seed):
    plan = Plan(os.path.join(directory, "plan.ckplan"))
    p = plan.problem()
    written = written_index(p)
    reduction = int(plan.meta.get("reduction", "1"))
    k_batch = int(plan.meta.get("k_batch", "1"))
    # f32 GEMMs run on tensor cores in tf32 on NVIDIA.
    compute = plan.meta.get("compute")
    if compute is None and p["dtype"] == "f32" and plan.target.startswith("sm_"):
        compute = "tf32"
    generator = torch.Generator(device="cuda").manual_seed(seed)
    flats = make_tensors(plan, generator, written)
    loaded = LoadedPlan(plan)
    # A StreamK plan's k_batch is its schedule's, which ckrt evaluates at
    # load for this device.
    k_batch = loaded.max_contributors() or k_batch
    loaded.launch(flats)
    torch.cuda.synchronize()
    result = {"key": os.path.basename(directory), "problem": plan.meta["problem"],
              "seed": seed}
    if args.no_verify:
        result.update({"pass": True, "verified": False})
        if args.time and args.rounds == 1:
            result.update(time_plan(plan, loaded, flats, args))
        return result
    ref = reference(p, flats)
    result.update(compare(flats[written], ref, p["dtype"], reduction, k_batch,
                          compute))

    ref_plan_path = os.path.join(directory, "reference.ckplan")
    if os.path.exists(ref_plan_path):
        ref_plan = LoadedPlan(Plan(ref_plan_path))
        ref_flats = list(flats)
        ref_flats[written] = torch.full_like(flats[written], float("nan"))
        ref_plan.launch(ref_flats)
        torch.cuda.synchronize()
        verdict = compare(ref_flats[written], ref, p["dtype"], reduction, k_batch)
        result["reference_kernel_pass"] = verdict["pass"]
        result["reference_kernel_rel_l2"] = verdict["rel_l2"]
        result["pass"] = result["pass"] and verdict["pass"]

    if args.time and args.rounds == 1:
        result.update(time_plan(plan, loaded, flats, args))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bundles")
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--cudnn", action="store_true")
    parser.add_argument("--warm-ms", type=float, default=60.0,
                        help="untimed replays before each timing (ms)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="with --time: verify all, then time all in "
                             "this many rounds (median of the rounds)")
    parser.add_argument("--json")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--no-verify", action="store_true",
                        help="launch and time without comparing: for "
                             "variants wrong on purpose (a kernel without "
                             "its copies, say); each counts as passed, "
                             "with verified: false")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error(f"--rounds must be at least 1, got {args.rounds}")
    if not torch.cuda.is_available():
        print("device_check: no CUDA GPU visible to PyTorch", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else int(time.time()) % 100000
    print(f"device_check: seed {seed}, device {torch.cuda.get_device_name(0)}")
    keys = sorted(d for d in os.listdir(args.bundles)
                  if os.path.exists(os.path.join(args.bundles, d, "plan.ckplan")))
    results, failed = [], 0
    # Each result as it comes, where nothing is timed after it.
    out = open(args.json, "w") if args.json else None
    streamed = not (args.time and args.rounds > 1)
    for i, key in enumerate(keys):
        try:
            r = check(os.path.join(args.bundles, key), args, seed + i)
        except Exception as e:  # a failing problem must not hide the others
            r = {"key": key, "pass": False, "error": f"{type(e).__name__}: {e}"}
            try:
                r["problem"] = Plan(os.path.join(args.bundles, key,
                                                 "plan.ckplan")).meta["problem"]
            except Exception:  # the plan itself may be what failed
                pass
        results.append(r)
        failed += not r["pass"]
        line = f"{'PASS' if r['pass'] else 'FAIL'} {key}"
        if "rel_l2" in r:
            line += f" rel_l2={r['rel_l2']:.2e} mismatches={r['mismatches']}"
        if "ck_us" in r:
            line += f" ck={r['ck_us']:.1f}us"
        if "cudnn_us" in r:
            line += f" cudnn={r['cudnn_us']:.1f}us"
        if "error" in r:
            line += " " + r["error"]
        print(line, flush=True)
        if out and streamed:
            out.write(json.dumps(r) + "\n")
            out.flush()
    if args.time and not streamed:
        passed = [(i, r) for i, r in enumerate(results) if r["pass"]]
        rounds = {i: [] for i, _ in passed}
        for n in range(args.rounds):
            for i, r in round_order(passed, n):
                try:
                    rounds[i].append(time_round(
                        os.path.join(args.bundles, r["key"]), args,
                        seed + len(keys) * (n + 1) + i))
                except Exception as e:  # the others' rounds still count
                    r["pass"] = False
                    r["error"] = f"round {n}: {type(e).__name__}: {e}"
        failed = sum(not r["pass"] for r in results)
        for i, r in passed:
            if not r["pass"]:
                print(f"FAIL {r['key']} {r['error']}", flush=True)
                continue
            merge_rounds(r, rounds[i])
            line = f"TIME {r['key']} ck={r['ck_us']:.1f}us (rounds " + \
                " ".join(f"{us:.1f}" for us in r["ck_rounds_us"]) + ")"
            if "cudnn_us" in r:
                line += f" cudnn={r['cudnn_us']:.1f}us"
            print(line, flush=True)
    if out and not streamed:
        for r in results:
            out.write(json.dumps(r) + "\n")
    if out:
        out.close()
    print(f"device_check: {len(results) - failed}/{len(results)} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
