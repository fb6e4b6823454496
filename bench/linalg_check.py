"""Upstream linalg ops, imported by ck-import-linalg, run on an NVIDIA GPU
and checked against PyTorch computing each linalg op's own definition.

    python3 bench/linalg_check.py compile DIR       # here, no GPU needed
    python3 bench/linalg_check.py run DIR [--json FILE]   # on the GPU machine

`compile` writes each case's linalg function (x, w, y as arguments) to
DIR/<case>/linalg.mlir, imports it with `ck-opt -ck-import-linalg` and
compiles the result for sm_90a with `ck-compile` into the bundle DIR/<case>.
`run` gives each bundle fresh random inputs in [-1, 1] (the seed is printed)
and an output that is NaN (where the op overwrites it) or random (where it
adds to it), launches the plan through ckrt, and compares the result with
the linalg definition evaluated by PyTorch in f32 on the original tensors,
by Composable Kernel's tolerance rule and a relative L2 bound
(bench/torchref.py). The reference never sees ck's layouts, so a wrong
layout, stride or pad in the import fails here even where ck's own
reference kernel (built from the imported op) would agree with it.
"""

import argparse
import json
import os
import subprocess
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_HERE)


class Case:
    """A linalg op on x, w -> y: its IR, its shapes and its definition."""

    def __init__(self, name, op, x, w, y, dtype, reduction, reference,
                 out_dtype=None, accumulate=False):
        self.name = name
        self.op = op
        self.shapes = (x, w, y)
        self.dtype = dtype
        self.out_dtype = out_dtype or dtype
        self.reduction = reduction
        self.reference = reference
        self.accumulate = accumulate

    def mlir(self):
        types = [f"memref<{'x'.join(map(str, s))}x{t}>"
                 for s, t in zip(self.shapes,
                                 (self.dtype, self.dtype, self.out_dtype))]
        fill = "" if self.accumulate else (
            f"  %zero = arith.constant 0.0 : {self.out_dtype}\n"
            f"  linalg.fill ins(%zero : {self.out_dtype}) "
            f"outs(%y : {types[2]})\n")
        return (f"func.func @{self.name}(%x: {types[0]}, %w: {types[1]}, "
                f"%y: {types[2]}) {{\n{fill}"
                f"  {self.op} ins(%x, %w : {types[0]}, {types[1]}) "
                f"outs(%y : {types[2]})\n  return\n}}\n")


def _attrs(strides, dilations):
    n = len(strides)
    return (f"{{dilations = dense<{list(dilations)}> : tensor<{n}xi64>, "
            f"strides = dense<{list(strides)}> : tensor<{n}xi64>}}")


def _conv(x, w, stride, dilation, groups=1):
    """PyTorch's convolution of channels-first x, w."""
    import torch
    rank = x.dim() - 2
    fn = {1: torch.nn.functional.conv1d, 2: torch.nn.functional.conv2d,
          3: torch.nn.functional.conv3d}[rank]
    return fn(x, w, stride=stride, dilation=dilation, groups=groups)


def _cases():
    c = []
    # conv_2d_nhwc_fhwc: O[n,oh,ow,f] += I[n,oh+kh,ow+kw,c] * F[f,kh,kw,c].
    c.append(Case(
        "conv_2d_nhwc_fhwc", "linalg.conv_2d_nhwc_fhwc " + _attrs([1, 1], [1, 1]),
        [2, 18, 18, 32], [64, 3, 3, 32], [2, 16, 16, 64], "f16", 32 * 9,
        lambda x, w: _conv(x.permute(0, 3, 1, 2), w.permute(0, 3, 1, 2),
                           1, 1).permute(0, 2, 3, 1)))
    # conv_2d_nhwc_hwcf, stride 2, dilation 3: F[kh,kw,c,f].
    c.append(Case(
        "conv_2d_nhwc_hwcf", "linalg.conv_2d_nhwc_hwcf " + _attrs([2, 2], [3, 3]),
        [2, 21, 12, 16], [2, 2, 16, 24], [2, 9, 5, 24], "bf16", 16 * 4,
        lambda x, w: _conv(x.permute(0, 3, 1, 2), w.permute(3, 2, 0, 1),
                           2, 3).permute(0, 2, 3, 1)))
    # conv_2d_nchw_fchw, stride 2, adding to y.
    c.append(Case(
        "conv_2d_nchw_fchw_accumulate",
        "linalg.conv_2d_nchw_fchw " + _attrs([2, 2], [1, 1]),
        [2, 32, 17, 17], [64, 32, 3, 3], [2, 64, 8, 8], "f32", 32 * 9,
        lambda x, w: _conv(x, w, 2, 1), accumulate=True))
    # conv_2d_ngchw_fgchw: I[n,g,c,h,w], F[f,g,c,kh,kw], O[n,g,f,oh,ow].
    c.append(Case(
        "conv_2d_ngchw_fgchw", "linalg.conv_2d_ngchw_fgchw " + _attrs([1, 1], [1, 1]),
        [2, 4, 8, 10, 10], [16, 4, 8, 3, 3], [2, 4, 16, 8, 8], "f16", 8 * 9,
        lambda x, w: _conv(x.flatten(1, 2), w.permute(1, 0, 2, 3, 4).flatten(0, 1),
                           1, 1, groups=4).unflatten(1, (4, 16))))
    # conv_2d_nhwgc_gfhwc: ck's own layouts NHWGC, GKYXC, NHWGK.
    c.append(Case(
        "conv_2d_nhwgc_gfhwc", "linalg.conv_2d_nhwgc_gfhwc " + _attrs([1, 1], [1, 1]),
        [2, 10, 10, 4, 8], [4, 16, 3, 3, 8], [2, 8, 8, 4, 16], "f16", 8 * 9,
        lambda x, w: _conv(x.permute(0, 3, 4, 1, 2).flatten(1, 2),
                           w.permute(0, 1, 4, 2, 3).flatten(0, 1), 1, 1,
                           groups=4).unflatten(1, (4, 16)).permute(0, 3, 4, 1, 2)))
    # depthwise_conv_2d_nhwc_hwc: O[n,oh,ow,c] += I[n,oh+kh,ow+kw,c] * F[kh,kw,c].
    c.append(Case(
        "depthwise_conv_2d_nhwc_hwc",
        "linalg.depthwise_conv_2d_nhwc_hwc " + _attrs([1, 1], [1, 1]),
        [2, 12, 12, 32], [3, 3, 32], [2, 10, 10, 32], "f16", 9,
        lambda x, w: _conv(x.permute(0, 3, 1, 2), w.permute(2, 0, 1).unsqueeze(1),
                           1, 1, groups=32).permute(0, 2, 3, 1)))
    # depthwise_conv_2d_nhwc_hwcm, stride 2: F[kh,kw,c,m], O[n,oh,ow,c,m].
    c.append(Case(
        "depthwise_conv_2d_nhwc_hwcm",
        "linalg.depthwise_conv_2d_nhwc_hwcm " + _attrs([2, 2], [1, 1]),
        [2, 13, 13, 16], [3, 3, 16, 2], [2, 6, 6, 16, 2], "f16", 9,
        lambda x, w: _conv(x.permute(0, 3, 1, 2),
                           w.permute(2, 3, 0, 1).flatten(0, 1).unsqueeze(1),
                           2, 1, groups=16).unflatten(1, (16, 2)).permute(0, 3, 4, 1, 2)))
    # conv_1d_nwc_wcf: F[kw,c,f].
    c.append(Case(
        "conv_1d_nwc_wcf", "linalg.conv_1d_nwc_wcf " + _attrs([1], [2]),
        [4, 40, 24], [3, 24, 40], [4, 36, 40], "f32", 24 * 3,
        lambda x, w: _conv(x.permute(0, 2, 1), w.permute(2, 1, 0),
                           1, 2).permute(0, 2, 1)))
    # conv_3d_ndhwc_dhwcf: F[kd,kh,kw,c,f].
    c.append(Case(
        "conv_3d_ndhwc_dhwcf", "linalg.conv_3d_ndhwc_dhwcf " + _attrs([2, 1, 1], [1, 1, 1]),
        [2, 7, 6, 6, 16], [3, 3, 3, 16, 32], [2, 3, 4, 4, 32], "f16", 16 * 27,
        lambda x, w: _conv(x.permute(0, 4, 1, 2, 3), w.permute(4, 3, 0, 1, 2),
                           [2, 1, 1], 1).permute(0, 2, 3, 4, 1)))
    # GEMMs (no reference kernel in the bundle: ck's are built from
    # convolutions). matmul f16 -> f32 adding to C; batch_matmul bf16;
    # matmul with A given as K x M.
    c.append(Case(
        "matmul_accumulate", "linalg.matmul",
        [192, 320], [320, 160], [192, 160], "f16", 320,
        lambda a, b: a @ b, out_dtype="f32", accumulate=True))
    c.append(Case(
        "batch_matmul", "linalg.batch_matmul",
        [3, 128, 96], [3, 96, 80], [3, 128, 80], "bf16", 96,
        lambda a, b: a @ b))
    c.append(Case(
        "matmul_transposed_a",
        "linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, "
        "affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]",
        [256, 64], [256, 128], [64, 128], "f16", 256,
        lambda a, b: a.t() @ b))
    return c


def compile_cases(directory, tools):
    failed = 0
    for case in _cases():
        bundle = os.path.join(directory, case.name)
        os.makedirs(bundle, exist_ok=True)
        source = os.path.join(bundle, "linalg.mlir")
        imported = os.path.join(bundle, "ck.mlir")
        with open(source, "w") as f:
            f.write(case.mlir())
        gemm = case.op.startswith("linalg.matmul") or "batch_matmul" in case.op
        steps = [[os.path.join(tools, "ck-opt"), source, "-ck-import-linalg",
                  "-o", imported],
                 [os.path.join(tools, "ck-compile"), "--chip=sm_90a", imported,
                  "-o", bundle] + (["--no-reference"] if gemm else [])]
        for step in steps:
            done = subprocess.run(step, capture_output=True, text=True)
            if done.returncode != 0:
                print(f"{case.name}: {' '.join(step)} failed:\n{done.stderr}")
                failed += 1
                break
        else:
            print(f"{case.name}: compiled")
    return failed


def run_cases(directory, json_path, seed):
    import torch
    sys.path.insert(0, _HERE)
    sys.path.insert(0, os.path.join(_ROOT, "python"))
    from ck_mlir.runtime import LoadedPlan, Plan  # noqa: E402
    from torchref import DTYPES, aten_kernels, compare

    generator = torch.Generator(device="cuda").manual_seed(seed)
    print(f"seed {seed}")
    results, failed = [], 0
    for case in _cases():
        plan = Plan(os.path.join(directory, case.name, "plan.ckplan"))
        x, w = (torch.empty(s, dtype=DTYPES[case.dtype], device="cuda")
                .uniform_(-1.0, 1.0, generator=generator)
                for s in case.shapes[:2])
        y = torch.empty(case.shapes[2], dtype=DTYPES[case.out_dtype],
                        device="cuda")
        if case.accumulate:
            y.uniform_(-1.0, 1.0, generator=generator)
        else:
            y.fill_(float("nan"))
        y0 = y.float().clone()
        loaded = LoadedPlan(plan)
        loaded.launch([x, w, y])
        torch.cuda.synchronize()
        with aten_kernels():
            ref = case.reference(x.float(), w.float())
        if case.accumulate:
            ref = ref + y0
        compute = plan.meta.get("compute") or case.dtype
        verdict = compare(y, ref.contiguous(), case.out_dtype, case.reduction,
                          loaded.max_contributors() or 1,
                          compute=None if compute in DTYPES else compute)
        verdict["case"] = case.name
        results.append(verdict)
        failed += not verdict["pass"]
        print(f"{case.name}: {'PASS' if verdict['pass'] else 'FAIL'} "
              f"rel_l2={verdict['rel_l2']:.2e} "
              f"mismatches={verdict['mismatches']}")
    print(f"linalg_check: {len(results) - failed} passed, {failed} failed")
    if json_path:
        with open(json_path, "w") as f:
            json.dump({"seed": seed, "results": results}, f, indent=1)
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["compile", "run"])
    parser.add_argument("directory")
    parser.add_argument("--tools", default=os.path.join(_ROOT, "build", "bin"),
                        help="where ck-opt and ck-compile are (compile)")
    parser.add_argument("--json", help="results as JSON (run)")
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    args = parser.parse_args()
    if args.mode == "compile":
        return 1 if compile_cases(args.directory, args.tools) else 0
    return 1 if run_cases(args.directory, args.json, args.seed) else 0


if __name__ == "__main__":
    sys.exit(main())
