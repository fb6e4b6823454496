"""GPU timing for the benchmarks: one method for ck, cuDNN and the ceilings.

`measure(launch, sets)` times `launch(set)`, a function that enqueues work
on PyTorch's current stream, without the host in the measurement:

1. every set is launched once (warm-up; cuDNN's benchmark mode picks its
   algorithm here), then once more back to back between two events, for
   an estimate of one launch;
2. n launches, cycling through the sets, are captured into one CUDA graph,
   n chosen so that a replay takes about `target_ms`;
3. the graph is replayed for at least `warm_ms` untimed, so that the GPU's
   clocks have left the idle they fall to while the host verifies a
   result: without it, of one 12 us kernel timed three times in a row the
   first read up to 27% slower, with 60 ms within 3%. Other kernels of
   7 us to 2.5 ms moved 1-11% between consecutive timings, warm-up or not
   (bench/results/h100-split-k-past-grid/timing-spread/);
4. the graph is replayed `repeats` times, each replay between two events;
   a launch's time is the replay's time over n.

The sets are copies of the problem's tensors, so many that a set is evicted
from the L2 before its next use (`rotating_sets`). Where a launch cannot be
captured, the n launches run back to back between the events instead and
the result's `method` says so and why.

`ceilings(dtype)` measures, with the same method, what the H100 (or any
GPU) reaches: mma.sync m16n8k16 from registers (a PTX kernel written here,
loaded through ckrt), cuBLAS GEMM through torch.matmul, and a device copy.
"""

import math
import os
import statistics
import sys
import tempfile

import torch

# The ck_mlir package of this repository.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "python"))
from ck_mlir.runtime import LoadedPlan, Plan  # noqa: E402


def rotating_sets(tensors, l2_multiple=2, max_bytes=4 << 30, max_sets=1024):
    """`tensors` and copies of them, together at least `l2_multiple` times
    the L2 (within `max_bytes` and `max_sets`)."""
    l2 = torch.cuda.get_device_properties(0).L2_cache_size
    size = max(1, sum(t.numel() * t.element_size() for t in tensors))
    count = math.ceil(l2_multiple * l2 / size) + 1
    count = max(2, min(count, max_sets, max(1, max_bytes // size)))
    return [tensors] + [[t.clone() for t in tensors] for _ in range(count - 1)]


def _elapsed_ms(run):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    run()
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def measure(launch, sets, repeats=11, target_ms=3.0, max_launches=2000,
            warm_ms=60.0):
    """Microseconds per `launch(set)`: median, quartiles and extremes over
    `repeats` timed replays (see the module's description)."""
    for s in sets:
        launch(s)
    estimate = _elapsed_ms(lambda: [launch(s) for s in sets]) / len(sets)
    n = int(min(max_launches, max(len(sets), target_ms / max(estimate, 1e-4))))

    def back_to_back():
        for i in range(n):
            launch(sets[i % len(sets)])

    method = "graph"
    graph = torch.cuda.CUDAGraph()
    try:
        with torch.cuda.graph(graph):
            back_to_back()
        run = graph.replay
    except RuntimeError as e:
        torch.cuda.synchronize()
        graph = None
        run = back_to_back
        method = f"back-to-back (graph capture failed: {str(e).splitlines()[0]})"
    warmed = 0.0
    while True:
        warmed += _elapsed_ms(run)
        if warmed >= warm_ms:
            break
    times = sorted(_elapsed_ms(run) * 1e3 / n for _ in range(repeats))
    quartiles = statistics.quantiles(times, n=4)
    return {"us": statistics.median(times), "q1_us": quartiles[0],
            "q3_us": quartiles[2], "min_us": times[0], "max_us": times[-1],
            "launches": n, "repeats": repeats, "sets": len(sets),
            "warm_ms": warmed, "method": method}


def _mma_ptx(chains):
    """A kernel whose warps issue `chains` independent mma.sync m16n8k16
    f16 -> f32 chains, `iters` times each, and store the sums."""
    acc = [[f"%c{c}_{j}" for j in range(4)] for c in range(chains)]
    lines = [
        ".version 7.0", ".target sm_80", ".address_size 64", "",
        ".visible .entry mma_peak(.param .u64 out, .param .u32 iters)", "{",
        "  .reg .pred %p;", "  .reg .b32 %a<4>, %b<2>, %i, %n, %t, %g, %w;",
        "  .reg .b64 %addr, %off;",
        "  .reg .f32 " + ", ".join(r for chain in acc for r in chain) + ", %s;",
        "  mov.u32 %t, %tid.x;",
        "  mov.u32 %g, %ctaid.x;",
        "  mov.u32 %w, %ntid.x;",
        "  mad.lo.u32 %g, %g, %w, %t;",
        # Operands that differ per thread (f16 pairs near 1.0).
        "  and.b32 %t, %t, 7;",
        "  or.b32 %a0, %t, 0x3c003c00;", "  or.b32 %a1, %t, 0x3c013c00;",
        "  or.b32 %a2, %t, 0x3c023c00;", "  or.b32 %a3, %t, 0x3c033c00;",
        "  or.b32 %b0, %t, 0x38003800;", "  or.b32 %b1, %t, 0x38013800;",
    ]
    lines += [f"  mov.f32 {r}, 0f00000000;" for chain in acc for r in chain]
    lines += ["  ld.param.u32 %n, [iters];", "  mov.u32 %i, 0;", "LOOP:"]
    for chain in acc:
        regs = ", ".join(chain)
        lines.append("  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                     f"{{{regs}}}, {{%a0, %a1, %a2, %a3}}, {{%b0, %b1}}, "
                     f"{{{regs}}};")
    lines += ["  add.u32 %i, %i, 1;", "  setp.lt.u32 %p, %i, %n;",
              "  @%p bra LOOP;", "  mov.f32 %s, 0f00000000;"]
    lines += [f"  add.f32 %s, %s, {r};" for chain in acc for r in chain]
    lines += ["  ld.param.u64 %addr, [out];", "  mul.wide.u32 %off, %g, 4;",
              "  add.u64 %addr, %addr, %off;", "  st.global.f32 [%addr], %s;",
              "  ret;", "}", ""]
    return "\n".join(lines)


def measure_ptx_kernel(workdir, name, ptx, kernel, warps, blocks_per_sm,
                       iters):
    """`measure` of a PTX kernel `kernel(f32 *out, u32 iters)` (loaded
    through ckrt from a plan written into `workdir` as `name`), launched as
    `blocks_per_sm` workgroups of `warps` warps per compute unit, each
    thread storing one float; and that grid's thread count."""
    props = torch.cuda.get_device_properties(0)
    arch = f"sm_{props.major}{props.minor}"
    with open(os.path.join(workdir, name + ".ptx"), "w") as f:
        f.write(ptx)
    plan_path = os.path.join(workdir, name + ".ckplan")
    threads = props.multi_processor_count * blocks_per_sm * warps * 32
    with open(plan_path, "w") as f:
        f.write(f"ck-plan 1\ntarget {arch}\nbinary {name}.ptx\n"
                f"tensor 0 output f32 {threads}\n"
                f"kernel {kernel} grid cus*{blocks_per_sm} 1 1 "
                f"block {warps * 32} 1 1 args t0 i32:{iters}\n")
    plan = LoadedPlan(Plan(plan_path))
    out = torch.empty(threads, dtype=torch.float32, device="cuda")
    return measure(plan.launch, [[out]], repeats=5), threads


def _mma_sync_ceiling(workdir, chains=16, iters=1024, blocks_per_sm=4,
                      warps=4):
    t, threads = measure_ptx_kernel(workdir, "mma_peak", _mma_ptx(chains),
                                    "mma_peak", warps, blocks_per_sm, iters)
    flops = threads // 32 * iters * chains * 16 * 8 * 16 * 2
    return dict(t, tflops=flops / (t["us"] * 1e-6) / 1e12)


def ceilings(dtypes=("f16", "bf16")):
    """What this GPU reaches, with `measure`: mma.sync from registers,
    cuBLAS GEMM (8192^3, each type) and a 1 GiB device copy."""
    result = {"device": torch.cuda.get_device_name(0)}
    with tempfile.TemporaryDirectory() as workdir:
        result["mma_sync"] = _mma_sync_ceiling(workdir)
    n = 8192
    for dtype in dtypes:
        torch_dtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
        a = torch.randn(n, n, device="cuda", dtype=torch_dtype)
        b = torch.randn(n, n, device="cuda", dtype=torch_dtype)
        c = torch.empty(n, n, device="cuda", dtype=torch_dtype)
        t = measure(lambda s: torch.matmul(s[0], s[1], out=s[2]), [[a, b, c]],
                    repeats=5)
        result[f"cublas_{dtype}"] = dict(t, tflops=2 * n**3 / (t["us"] * 1e-6) / 1e12)
        del a, b, c
    src = torch.empty(1 << 29, device="cuda", dtype=torch.float16).uniform_()
    dst = torch.empty_like(src)
    t = measure(lambda s: s[1].copy_(s[0]), [[src, dst]], repeats=5)
    moved = 2 * src.numel() * src.element_size()
    result["copy"] = dict(t, tb_per_s=moved / (t["us"] * 1e-6) / 1e12)
    return result


def main():
    import argparse
    import json
    parser = argparse.ArgumentParser(
        description="Measure this GPU's ceilings (mma.sync, cuBLAS, copy).")
    parser.add_argument("--json", required=True)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        raise SystemExit("gputime: no CUDA GPU visible to PyTorch")
    result = ceilings()
    for name, value in result.items():
        if isinstance(value, dict):
            rate = value.get("tflops") or value.get("tb_per_s")
            unit = "TFLOP/s" if "tflops" in value else "TB/s"
            print(f"{name}: {rate:.1f} {unit} ({value['us']:.1f} us, "
                  f"{value['method']})")
    with open(args.json, "w") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
