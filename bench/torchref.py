"""PyTorch views of ck tensors and the ATen reference convolution.

ck's default layouts (NWGC/NHWGC/NDHWGC, GKXC/GKYXC/GKZYXC, NWGK/...) are
PyTorch's channels-last layouts with the groups folded into the channels,
so a flat ck buffer is viewed as an N x (G*C) x spatial tensor by a
permutation of strides, without copying.
"""

import contextlib
import math

import torch
import torch.nn.functional as F

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}
MANTISSA = {"f16": 10, "bf16": 7, "f32": 23, "tf32": 10}
# Relative L2 error a correct kernel stays under: f16/bf16 inputs with f32
# accumulation and rounding of the output; f32 inputs go through tf32.
REL_L2_LIMIT = {"f16": 2e-3, "bf16": 1e-2, "f32": 5e-3}


def out_sizes(p):
    return [(i + pl + pr - d * (f - 1) - 1) // s + 1
            for i, f, s, d, pl, pr in zip(p["in"], p["filter"], p["stride"],
                                          p["dilation"], p["pad_left"],
                                          p["pad_right"])]


def channels_last(flat, batch, spatial, channels):
    """(batch, channels, *spatial) view of a (batch, *spatial, channels) buffer."""
    rank = len(spatial)
    t = flat.view(batch, *spatial, channels)
    return t.permute(0, rank + 1, *range(1, rank + 1))


def logical(p, flats):
    """Input, filter and output of problem `p` as PyTorch NC* tensors."""
    G, N, C, K = p["G"], p["N"], p["C"], p["K"]
    x = channels_last(flats[0], N, p["in"], G * C)
    w = channels_last(flats[1], G * K, p["filter"], C)
    y = channels_last(flats[2], N, out_sizes(p), G * K)
    return x, w, y


def to_flat(t):
    """The channels-last buffer of an NC* tensor, as a flat tensor."""
    rank = t.dim() - 2
    return t.permute(0, *range(2, rank + 2), 1).contiguous().view(-1)


def written_index(p):
    return {"fwd": 2, "bwd_data": 0, "bwd_weight": 1}[p["direction"]]


@contextlib.contextmanager
def aten_kernels():
    """Within it, PyTorch's convolutions run ATen's own kernels in full f32
    (no cuDNN, no TF32): the references' arithmetic. On an H200 (cuDNN
    9.19) the algorithm cuDNN's heuristics chose for the f32 forward
    convolution of the K = 2376 head at 100x100 was wrong (rel_l2 0.55
    against ATen's kernels and cuDNN's timed choice, which agreed with ck
    and ck's reference kernels; bench/results/h100-persistent-heuristic/)."""
    matmul_tf32 = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        with torch.backends.cudnn.flags(enabled=False, allow_tf32=False):
            yield
    finally:
        torch.backends.cuda.matmul.allow_tf32 = matmul_tf32


def reference(p, flats):
    """The written tensor, computed by ATen in f32 from the same inputs, in
    ck's memory order (aten_kernels). The written tensor's contents are not
    read."""
    with aten_kernels():
        return _reference(p, flats)


def _reference(p, flats):
    flats = list(flats)
    flats[written_index(p)] = torch.zeros_like(flats[written_index(p)])
    x, w, y = (t.float() for t in logical(p, flats))
    rank = len(p["in"])
    # Asymmetric pads: pad the input explicitly, convolve without padding.
    pads = []
    for pl, pr in zip(reversed(p["pad_left"]), reversed(p["pad_right"])):
        pads += [pl, pr]
    conv = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[rank]
    direction = p["direction"]
    if direction == "fwd":
        out = conv(F.pad(x, pads), w, stride=p["stride"], dilation=p["dilation"],
                   groups=p["G"])
        return to_flat(out)
    xp = F.pad(x, pads)
    grads = torch.ops.aten.convolution_backward(
        y, xp, w, None, p["stride"], [0] * rank, p["dilation"], False,
        [0] * rank, p["G"], [direction == "bwd_data", direction == "bwd_weight",
                             False])
    if direction == "bwd_weight":
        return to_flat(grads[1])
    dxp = grads[0]
    crop = [slice(None), slice(None)] + [
        slice(pl, pl + size) for pl, size in zip(p["pad_left"], p["in"])]
    return to_flat(dxp[tuple(crop)])


def ck_thresholds(dtype, reduction, k_batch=1, max_input=1.0, compute=None):
    """Composable Kernel's split-K-aware relative and absolute thresholds:
    half an ulp of the compute/output types, or the f32 accumulator's half
    ulp times the number of accumulations, whichever is larger; the absolute
    one scaled to the largest possible accumulated value. A split GEMM's are
    no tighter than the unsplit one's (ck-bench's benchTolerance)."""
    m = MANTISSA[dtype]
    mc = MANTISSA[compute or dtype]
    accumulations = max(1, reduction // k_batch)
    max_value = max_input * max_input * reduction

    def rel(mant_compute, mant_out, mant_acc, n):
        midway = max(2.0 ** -mant_compute * 0.5, 2.0 ** -mant_out * 0.5)
        return max(2.0 ** -mant_acc * 0.5 * n, midway)

    def abs_(mant_compute, mant_out, mant_acc, value, n):
        e = math.log2(abs(value))
        midway = max(2.0 ** (e - mant_compute) * 0.5, 2.0 ** (e - mant_out) * 0.5)
        return max(2.0 ** (e - mant_acc) * 0.5 * n, midway)

    rtol = rel(mc, m, 23, accumulations)
    atol = abs_(mc, m, 23, max_value / k_batch, accumulations)
    # Summing k_batch partial results in the output type.
    rtol = max(rtol, rel(m, m, m, k_batch))
    atol = max(atol, abs_(m, m, m, max_value, k_batch))
    if k_batch > 1:
        # No tighter than the unsplit GEMM's, as ck-bench's benchTolerance:
        # inputs rounded to a narrower compute type (f32 to tf32) err per
        # product over the whole reduction, however it is split.
        whole = ck_thresholds(dtype, reduction, 1, max_input, compute)
        rtol, atol = max(rtol, whole[0]), max(atol, whole[1])
    return rtol, atol


def compare(out, ref, dtype, reduction, k_batch=1, compute=None):
    """Verdict of `out` (ck's result, any float dtype) against `ref` (f32).
    `compute` is the type the matrix unit multiplies in (tf32 for f32 inputs
    on NVIDIA tensor cores)."""
    out = out.float()
    rtol, atol = ck_thresholds(dtype, reduction, k_batch, compute=compute)
    finite = bool(torch.isfinite(out).all())
    diff = (out - ref).abs()
    bad = diff > atol + rtol * ref.abs()
    if not finite:
        bad |= ~torch.isfinite(out)
    mismatches = int(bad.sum())
    norm = float(ref.norm())
    rel_l2 = float((out - ref).norm() / norm) if norm > 0 else float(diff.max())
    return {
        "pass": finite and mismatches == 0 and rel_l2 <= REL_L2_LIMIT[dtype],
        "mismatches": mismatches,
        "max_abs_err": float(diff[torch.isfinite(diff)].max()) if finite else float("nan"),
        "rel_l2": rel_l2,
        "rtol": rtol,
        "atol": atol,
        "finite": finite,
    }
