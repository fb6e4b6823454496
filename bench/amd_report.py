"""Compile the RetinaNet layers for AMD chips and record what the binaries
say: registers, LDS, scratch, occupancy, the main loop's (or each wave
role's loop's) instruction mix with LLVM MCA's cycle estimate, and the
compile time, per kernel (ck-compile --report).

    python3 bench/amd_report.py OUT.md [--chips gfx942,gfx950,gfx1100]
        [--types f16,bf16,f32] [--directions bwd_weight,fwd,bwd_data]
        [--waves auto|LOAD,MATH] [--jobs 2] [--table CSV] [--tool CK_COMPILE]

Covers the shapes of a problem table (by default the 37 of
bench/data/retinanet_bwd_weight.csv) in the given types (f32 only on
gfx942, MFMA, and gfx1100, the FMA path) and directions.
A GEMM kernel passes when it has no scratch and its main loop holds matrix
instructions (FMAs for f32 on gfx1100) and no division; with wave roles,
when its math waves' loop also holds no global loads and, for
backward-weight, at most 2 VALU per MFMA.
"""

import argparse
import concurrent.futures
import csv
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(os.path.dirname(HERE), "build", "bin", "ck-compile")


RETINANET = os.path.join(HERE, "data", "retinanet_bwd_weight.csv")


def shapes(table):
    with open(table) as f:
        for row in csv.DictReader(l for l in f if not l.startswith("#")):
            yield {k: int(v) for k, v in row.items()}


def jobs(table, chips, types, directions):
    for i, s in enumerate(shapes(table), start=1):
        for chip in chips:
            for dtype in types:
                if dtype == "f32" and chip not in ("gfx942", "gfx1100"):
                    continue
                for direction in directions:
                    yield i, s, chip, dtype, direction


def run(job, waves, tool=TOOL):
    i, s, chip, dtype, direction = job
    out = (f"/tmp/ck-amd-report/{os.getpid()}/"
           f"{chip}-{dtype}-{direction}-{i}-{waves}")
    cmd = [tool, f"--chip={chip}", "--report", "--no-reference", "-o", out,
           f"--waves={waves}",
           f"--direction={direction}", f"--type={dtype}", "-G", str(s["G"]),
           "-N", str(s["N"]), "-C", str(s["C"]), "-K", str(s["K"]),
           f"--in={s['H']},{s['W']}", f"--filter={s['Y']},{s['X']}",
           f"--stride={s['stride_h']},{s['stride_w']}",
           f"--dilation={s['dil_h']},{s['dil_w']}",
           f"--pad={s['pad_h']},{s['pad_w']}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return job, r.returncode, r.stdout + r.stderr


def parse(text):
    """The compile time and, per kernel, its resources and loops: name ->
    {mix, cycles, busy} ("main loop", "math loop", "load loop" or "whole
    kernel"; cycles and busy are None without an MCA estimate)."""
    seconds = float(re.search(r"compile time: ([0-9.]+) s", text).group(1))
    kernels = []
    for line in text.splitlines():
        m = re.match(r"kernel (\S+): vgpr (\d+) agpr (\d+) sgpr (\d+) lds (\d+) B "
                     r"scratch (\d+) B spills (\d+)/(\d+) occupancy (\d+)", line)
        if m:
            kernels.append({"name": m.group(1), "vgpr": int(m.group(2)),
                            "agpr": int(m.group(3)), "sgpr": int(m.group(4)),
                            "lds": int(m.group(5)), "scratch": int(m.group(6)),
                            "occupancy": int(m.group(9)), "loops": {}})
            continue
        m = re.match(r"  (main loop|math loop|load loop|whole kernel):(.*)", line)
        if m and kernels:
            mix = {k: int(v) for k, v in (kv.split("=") for kv in m.group(2).split())}
            kernels[-1]["loops"][m.group(1)] = {"mix": mix, "cycles": None, "busy": None}
            last = kernels[-1]["loops"][m.group(1)]
            continue
        m = re.match(r"    mca: ([0-9.]+) cycles/iteration, matrix unit busy (\d+)%", line)
        if m and kernels:
            last["cycles"], last["busy"] = float(m.group(1)), int(m.group(2))
    return seconds, kernels


def cell(value, fmt="{}"):
    return "-" if value is None else fmt.format(value)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--chips", default="gfx942,gfx950,gfx1100")
    parser.add_argument("--types", default="f16,bf16,f32")
    parser.add_argument("--directions", default="bwd_weight,fwd,bwd_data")
    parser.add_argument("--waves", default="auto",
                        help="ck-compile --waves: auto (no roles) or LOAD,MATH")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--table", default=RETINANET,
                        help="problem table (CSV, as ck-compile --csv reads)")
    parser.add_argument("--tool", default=TOOL,
                        help="the ck-compile to run (to compare two builds)")
    args = parser.parse_args()
    roles = args.waves != "auto"
    rows, failures, loops, divides, estimates, worst = [], 0, 0, 0, 0, 0.0
    read_loops, wide_loops = 0, 0
    work = list(jobs(args.table, args.chips.split(","), args.types.split(","),
                     args.directions.split(",")))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for job, code, text in pool.map(lambda j: run(j, args.waves, args.tool), work):
            i, s, chip, dtype, direction = job
            if code != 0:
                failures += 1
                rows.append(f"| {i} | {chip} | {dtype} | {direction} | - | compile failed: "
                            f"{text.strip().splitlines()[-1] if text.strip() else ''} |")
                continue
            seconds, kernels = parse(text)
            for k in kernels:
                if "reduce" in k["name"] or k["name"].startswith("fill"):
                    continue
                fma_path = dtype == "f32" and chip == "gfx1100"
                compute = "fma" if fma_path else "mma"
                name = next(n for n in ("math loop", "main loop", "whole kernel")
                            if n in k["loops"])
                main_loop = k["loops"][name]
                load = k["loops"].get("load loop")
                mix = main_loop["mix"]
                valu_per = mix.get("valu", 0) / max(1, mix.get(compute, 0))
                in_loop = name != "whole kernel"
                ok = k["scratch"] == 0 and mix.get(compute, 0) > 0
                wide = mix.get("lds_read_b128", 0) + mix.get("lds_read_tr", 0)
                transpose_reads = (f"+{mix['lds_read_tr']} tr"
                                   if mix.get("lds_read_tr") else "")
                reads = mix.get("lds_read", 0) + wide
                if in_loop and reads:
                    read_loops += 1
                    wide_loops += wide == reads
                for loop in filter(None, (main_loop if in_loop else None, load)):
                    loops += 1
                    divides += loop["mix"].get("divide", 0) > 0
                    estimates += loop["cycles"] is not None
                    ok = ok and loop["mix"].get("divide", 0) == 0
                if roles and in_loop:
                    # Math waves: no global loads; bwd-weight at most 2 VALU per MFMA.
                    ok = ok and name == "math loop" and mix.get("vmem_load", 0) == 0
                    if direction == "bwd_weight":
                        worst = max(worst, valu_per)
                        ok = ok and valu_per <= 2
                failures += not ok
                load_cells = ""
                if roles:
                    lm = load["mix"] if load else {}
                    load_cells = (f" {lm.get('valu', 0)} | {lm.get('vmem_load', 0)} | "
                                  f"{lm.get('divide', 0)} | "
                                  f"{cell(load and load['cycles'], '{:.0f}')} |")
                rows.append(
                    f"| {i} | {chip} | {dtype} | {direction} | {k['name']} | "
                    f"{k['vgpr']} | {k['agpr']} | {k['sgpr']} | {k['lds']} | {k['scratch']} | "
                    f"{k['occupancy']} | {name} | "
                    f"{mix.get(compute, 0)} | {mix.get('valu', 0)} | {valu_per:.2f} | "
                    f"{mix.get('divide', 0)} | "
                    f"{mix.get('vmem_load', 0)} | "
                    f"{reads} ({mix.get('lds_read_b128', 0)}{transpose_reads})"
                    f"/{mix.get('lds_write', 0)} | "
                    f"{mix.get('waitcnt', 0)}/{mix.get('barrier', 0)} | "
                    f"{cell(main_loop['cycles'], '{:.0f}')} | {cell(main_loop['busy'], '{}%')} |"
                    f"{load_cells} {seconds:.2f} | {'yes' if ok else 'NO'} |")
    title = (f"with wave roles (--waves={args.waves})" if roles else "without wave roles")
    table = os.path.relpath(args.table, os.path.dirname(HERE))
    layers = ("the RetinaNet layers" if os.path.samefile(args.table, RETINANET)
              else f"the layers of {table}")
    command = " ".join(["python3 bench/amd_report.py OUT.md"] + [
        f"--{name}={value}" for name, value in
        (("chips", args.chips), ("types", args.types),
         ("directions", args.directions), ("waves", args.waves))]
        + ([] if layers == "the RetinaNet layers" else [f"--table={table}"]))
    header = [
        f"# AMD kernels for {layers} {title}: resources and main loops", "",
        f"Generated by `{command}` "
        "(ck-compile --report, which reads the kernels' assembly: metadata for "
        "registers/LDS/scratch, and the instructions of the innermost loop holding "
        "matrix instructions; with roles, of each role's loop). Occupancy is waves per "
        "SIMD from registers, LDS and the chip's limit. `loop` says which loop the mix "
        "is of: the main loop, the math waves' loop (roles), or the whole kernel "
        "where LLVM unrolled a short K loop. `divide` counts what integer division and "
        "remainder lower to (v_rcp_iflag_f32, 32-bit multiply-high without the low "
        "half of a 64-bit product beside it). `LDS reads (128-bit)` counts the "
        "loop's LDS reads and, in parentheses, those of 128 bits per lane "
        "(ds_read_b128) and, after `+`, gfx950's transpose reads of MN-major "
        "fragments (ds_read_b64_tr_b16, `tr`). MCA cycles per "
        "iteration and the matrix unit's busy share are LLVM MCA's estimates for one "
        "wave alone (`-` where LLVM 22's in-order model cannot finish the loop; its "
        "gfx11 model charges a WMMA one VALU cycle, so the busy share there is low). "
        "Compile time is the whole problem's on this 2-core machine. `ok` = no scratch, "
        "matrix instructions (FMAs for f32 on gfx1100) and no division in the loops"
        + ("; with roles, where a loop remains, also a math loop without global loads "
           "and at most 2 VALU per MFMA in bwd-weight's. The load loop's columns are "
           "`-` where LLVM unrolled it." if roles else "."), "",
        f"Kernels not ok or failed: {failures}. Loops holding a division: {divides} of "
        f"{loops}. MCA estimates: {estimates} of {loops} loops. Main (or math) "
        f"loops reading LDS only in 128-bit or transpose reads: {wide_loops} of "
        f"{read_loops}."
        + (f" Most VALU per MFMA in a bwd-weight math loop: {worst:.2f}." if roles else ""),
        "",
        "| # | chip | type | direction | kernel | VGPR | AGPR | SGPR | LDS (B) | "
        "scratch (B) | waves/SIMD | loop | mma/fma | valu | valu per mma | divide | "
        "vmem loads | LDS reads (128-bit)/writes | waitcnt/barriers | MCA cycles | matrix busy | "
        + ("load loop valu | load loop vmem | load loop divide | load loop MCA cycles | "
           if roles else "")
        + "compile (s) | ok |",
        "|" + "---|" * (23 + (4 if roles else 0))]
    with open(args.out, "w") as f:
        f.write("\n".join(header + rows) + "\n")
    print(f"amd_report: {len(rows)} rows, {failures} not ok -> {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
