"""The rate an ideal sm_80 main loop reaches on this GPU, by warps per SM.

Each warp of the generated PTX kernel runs the inner loop of a GEMM wave
tile of WM x WN with nothing else: per k-step of 16 it reads its A and B
fragments from shared memory by ldmatrix.x4 (conflict-free addresses) into
one of two fragment buffers while the m16n8k16 MMAs of the other buffer
run, optionally with a workgroup barrier every two k-steps (a K-tile of
32). No global memory is touched in the loop, so the rate is what the
tensor pipe reaches with that many warps and that fragment traffic: the
ceiling of a kernel of that shape whose copies were free.

Timed like every ck kernel (bench/gputime.py: CUDA graphs); the kernel is
loaded through ckrt from a plan written here.

  python3 mainloop_peak.py --json OUT.json
"""

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
from gputime import measure_ptx_kernel  # noqa: E402

SHARED_BYTES = 32768


def kernel_ptx(mt, nt, barrier):
    """A warp tile of mt x nt MMAs (16 x 8 each) per k-step of 16."""
    assert nt % 2 == 0
    a_loads, b_loads = mt, nt // 2
    acc = [[f"%c{m}_{n}_{j}" for j in range(4)]
           for m in range(mt) for n in range(nt)]
    frag_a = [[[f"%a{buf}_{m}_{j}" for j in range(4)] for m in range(mt)]
              for buf in range(2)]
    frag_b = [[[f"%b{buf}_{n}_{j}" for j in range(2)] for n in range(nt)]
              for buf in range(2)]
    regs = [r for t in acc for r in t]
    frags = [r for buf in frag_a for t in buf for r in t] + \
            [r for buf in frag_b for t in buf for r in t]
    out = [
        ".version 7.0", ".target sm_80", ".address_size 64", "",
        f".shared .align 16 .b8 smem[{SHARED_BYTES}];",
        ".visible .entry mainloop(.param .u64 out, .param .u32 iters)", "{",
        "  .reg .pred %p;",
        "  .reg .b32 %i, %n, %t, %g, %w, %lane, %base, %addr, %v;",
        "  .reg .b64 %gaddr, %off;",
        "  .reg .f32 " + ", ".join(regs) + ", %s;",
        "  .reg .b32 " + ", ".join(frags) + ";",
        "  mov.u32 %t, %tid.x;", "  mov.u32 %g, %ctaid.x;",
        "  mov.u32 %w, %ntid.x;", "  mad.lo.u32 %g, %g, %w, %t;",
        "  and.b32 %lane, %t, 31;",
        # Fill shared memory with f16 pairs near 1.0 (every thread a stride).
        "  mov.u32 %base, smem;", "  shl.b32 %addr, %t, 2;",
        "  or.b32 %v, %lane, 0x3c003c00;",
        "FILL:", "  add.u32 %n, %base, %addr;",
        "  st.shared.b32 [%n], %v;",
        "  mad.lo.u32 %addr, %w, 4, %addr;",
        f"  setp.lt.u32 %p, %addr, {SHARED_BYTES};", "  @%p bra FILL;",
        "  bar.sync 0;",
        # Lane l reads the 16 bytes at l * 16 of each 512-byte matrix group.
        "  shl.b32 %addr, %lane, 4;", "  add.u32 %base, %base, %addr;",
    ]
    out += [f"  mov.f32 {r}, 0f00000000;" for r in regs]

    def loads(buf):
        lines = []
        for m in range(a_loads):
            r = ", ".join(frag_a[buf][m])
            off = (buf * (a_loads + b_loads) + m) * 512
            lines.append("  ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                         f"{{{r}}}, [%base+{off}];")
        for n in range(b_loads):
            r = ", ".join(frag_b[buf][2 * n] + frag_b[buf][2 * n + 1])
            off = (buf * (a_loads + b_loads) + a_loads + n) * 512
            lines.append("  ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                         f"{{{r}}}, [%base+{off}];")
        return lines

    def mmas(buf):
        lines = []
        for m in range(mt):
            for n in range(nt):
                c = ", ".join(acc[m * nt + n])
                a = ", ".join(frag_a[buf][m])
                b = ", ".join(frag_b[buf][n])
                lines.append(
                    "  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                    f"{{{c}}}, {{{a}}}, {{{b}}}, {{{c}}};")
        return lines

    out += loads(0)
    out += ["  ld.param.u32 %n, [iters];", "  mov.u32 %i, 0;", "LOOP:"]
    out += loads(1) + mmas(0)
    out += loads(0) + mmas(1)
    if barrier:
        out.append("  bar.sync 0;")
    out += ["  add.u32 %i, %i, 1;", "  setp.lt.u32 %p, %i, %n;",
            "  @%p bra LOOP;", "  mov.f32 %s, 0f00000000;"]
    out += [f"  add.f32 %s, %s, {r};" for r in regs]
    out += ["  ld.param.u64 %gaddr, [out];", "  mul.wide.u32 %off, %g, 4;",
            "  add.u64 %gaddr, %gaddr, %off;", "  st.global.f32 [%gaddr], %s;",
            "  ret;", "}", ""]
    return "\n".join(out)


def run(workdir, wm, wn, warps_per_block, blocks_per_sm, barrier, iters):
    mt, nt = wm // 16, wn // 8
    tag = f"w{wm}x{wn}-t{warps_per_block}-b{blocks_per_sm}-s{int(barrier)}"
    t, threads = measure_ptx_kernel(workdir, tag, kernel_ptx(mt, nt, barrier),
                                    "mainloop", warps_per_block,
                                    blocks_per_sm, iters)
    flops = threads // 32 * iters * 2 * mt * nt * 16 * 8 * 16 * 2
    return dict(t, tag=tag, warp_tile=[wm, wn],
                warps_per_sm=warps_per_block * blocks_per_sm,
                barrier_per_32=barrier,
                tflops=flops / (t["us"] * 1e-6) / 1e12)


# (warp tile, warps per block, blocks per SM): ck's sm_80 kernels of the
# large layers run 8 warps of 64 x 64 per SM (255 registers).
CONFIGS = [
    ((64, 64), 8, 1), ((64, 64), 4, 2), ((64, 64), 4, 1),
    ((64, 32), 8, 2), ((64, 32), 16, 1), ((64, 32), 8, 1),
    ((32, 64), 16, 1), ((32, 32), 8, 3), ((32, 32), 8, 1),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", required=True)
    parser.add_argument("--iters", type=int, default=512)
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as workdir:
        for (wm, wn), warps, blocks in CONFIGS:
            for barrier in (False, True):
                r = run(workdir, wm, wn, warps, blocks, barrier, args.iters)
                print(f"{r['tag']}: {r['tflops']:.0f} TFLOP/s "
                      f"({r['us']:.1f} us, {r['method']})", flush=True)
                results.append(r)
    with open(args.json, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
