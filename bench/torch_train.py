"""A small convolutional net trained with ck_mlir.torch, against cuDNN.

    python3 bench/torch_train.py compile DIR     # here: compile its bundles
    python3 bench/torch_train.py run DIR [--json FILE]   # on the GPU machine

The net (LAYERS: a 3-channel stem, a strided convolution, a grouped one
with padding='same', a depthwise one and a 1x1 head) is built twice from
the same initial weights: once on torch.nn.functional.conv2d (cuDNN), once
on ck_mlir.torch.conv2d, whose backward pass runs ck's backward-data and
backward-weight kernels. Both train for STEPS steps of SGD with momentum
on the same random batch; the run checks every step's loss and, at the
first step, every parameter's gradient against the same step in float64
(LOSS_TOLERANCE, GRAD_TOLERANCE below; cuDNN's errors are printed beside
ck's). PyTorch's opcheck tests the three custom operators too. `compile` writes the bundles of every convolution of a
training step (forward, backward-data, backward-weight) into DIR for
sm_90a; `run` uses them through $CK_MLIR_BUNDLES, so the GPU machine needs
no compiler.
"""

import argparse
import json
import os
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(_HERE), "python"))

from ck_mlir.conv_args import ConvArgs  # noqa: E402

BATCH, IMAGE, CLASSES = 8, (32, 32), 10
STEPS = 5
# Each step's loss within LOSS_TOLERANCE (relative) of cuDNN's.
LOSS_TOLERANCE = 1e-3
# Step 0's gradients within GRAD_TOLERANCE (relative L2) of float64's:
# both float32 runs multiply on TF32 tensor cores (unit roundoff 2^-11,
# about 4.9e-4), and the first layer's gradient passes through five such
# convolutions with sums up to 8192 long. A wrong index or a lost tile is
# an error of order one.
GRAD_TOLERANCE = 5e-2
# (in channels, out channels, filter, stride, padding, groups)
LAYERS = [
    (3, 16, 3, 1, 1, 1),
    (16, 32, 3, 2, 1, 1),
    (32, 32, 3, 1, "same", 4),
    (32, 32, 3, 1, 1, 32),
    (32, CLASSES, 1, 1, 0, 1),
]


# Single convolutions beyond the net's: 1-D and 3-D, other types, a
# dilation, asymmetric 'same' padding. (name, dtype, x shape, w shape,
# keyword arguments). Each one's output and both gradients are checked
# against PyTorch's in float64, within CK's tolerance for its type.
OPS = [
    ("conv1d_f16_dilated", "float16", (4, 24, 40), (32, 24, 3),
     {"stride": 1, "padding": 2, "dilation": 2}),
    ("conv1d_bf16_same_even", "bfloat16", (2, 16, 33), (16, 4, 4),
     {"padding": "same", "groups": 4}),
    ("conv3d_f16", "float16", (2, 16, 6, 9, 9), (32, 16, 3, 3, 3),
     {"stride": (1, 2, 2), "padding": 1}),
    ("conv3d_bf16_depthwise", "bfloat16", (2, 16, 5, 8, 8), (16, 1, 3, 3, 3),
     {"padding": 1, "groups": 16}),
]
OP_TOLERANCE = {"float16": 1e-2, "bfloat16": 4e-2}


def op_args(dtype, x_shape, w_shape, kwargs):
    return ConvArgs(x_shape, w_shape, dtype, kwargs.get("stride", 1),
                    kwargs.get("padding", 0), kwargs.get("dilation", 1),
                    kwargs.get("groups", 1))


def layer_args(dtype="float32"):
    """ConvArgs of each layer, with the activations' sizes."""
    size, args = IMAGE, []
    for cin, cout, f, stride, padding, groups in LAYERS:
        a = ConvArgs((BATCH, cin) + size, (cout, cin // groups, f, f), dtype,
                     stride, padding, 1, groups)
        args.append(a)
        size = a.out_size
    return args


def compile_bundles(directory):
    from ck_mlir.bundles import compile_bundles as compile_all
    args = layer_args() + [op_args(*op[1:]) for op in OPS]
    flags = [a.flags(d) for a in args
             for d in ("fwd", "bwd_data", "bwd_weight")]
    start = time.time()
    bundles = compile_all(flags, "sm_90a", directory)
    print(f"compiled {len(bundles)} bundles in {time.time() - start:.1f} s")


def run(json_path, seed):
    import torch
    import torch.nn.functional as F
    import ck_mlir.torch as ckt

    torch.manual_seed(seed)
    device = "cuda"
    weights = []
    for cin, cout, f, _, _, groups in LAYERS:
        w = torch.randn(cout, cin // groups, f, f, device=device)
        w *= (2.0 / (cin // groups * f * f)) ** 0.5
        weights.append((w, torch.randn(cout, device=device) * 0.1))
    x = torch.randn((BATCH, LAYERS[0][0]) + IMAGE, device=device)
    labels = torch.randint(0, CLASSES, (BATCH,), device=device)

    def make():
        return [torch.nn.Parameter(t.clone()) for pair in weights for t in pair]

    def forward(conv, params, h):
        for i, (_, _, _, stride, padding, groups) in enumerate(LAYERS):
            h = conv(h, params[2 * i], params[2 * i + 1], stride=stride,
                     padding=padding, groups=groups)
            if i + 1 < len(LAYERS):
                h = torch.relu(h)
        return F.cross_entropy(h.mean(dim=(2, 3)), labels)

    def rel_l2(a, b):
        return float((a - b).norm() / b.norm().clamp_min(1e-30))

    # The first step's gradients in float64 (cuDNN's kernels on doubles):
    # the reference both float32 runs (on TF32 tensor cores, ck always and
    # cuDNN by PyTorch's default) are measured against.
    exact = [torch.nn.Parameter(t.detach().double()) for pair in weights
             for t in pair]
    forward(F.conv2d, exact, x.double()).backward()
    exact_grads = [p.grad for p in exact]

    nets = {"cudnn": (F.conv2d, make()), "ck": (ckt.conv2d, make())}
    optimizers = {name: torch.optim.SGD(p, lr=0.05, momentum=0.9)
                  for name, (_, p) in nets.items()}
    losses = {name: [] for name in nets}
    grad_errors = []
    for step in range(STEPS):
        for name, (conv, params) in nets.items():
            optimizers[name].zero_grad()
            loss = forward(conv, params, x)
            loss.backward()
            losses[name].append(loss.item())
        if step == 0:
            for a, b, e in zip(nets["ck"][1], nets["cudnn"][1], exact_grads):
                grad_errors.append((rel_l2(a.grad.double(), e),
                                    rel_l2(b.grad.double(), e)))
        for opt in optimizers.values():
            opt.step()
    torch.cuda.synchronize()
    # PyTorch's own checks of the three custom operators (schema, fake
    # kernels, autograd registration, tracing) on the second layer.
    opcheck_failures = []
    _, _, _, stride, padding, groups = LAYERS[1]
    a = layer_args()[1]
    xs = torch.randn(a.x_shape, device=device, requires_grad=True)
    ws = torch.randn(a.w_shape, device=device, requires_grad=True)
    dy = torch.randn(a.y_shape, device=device)
    params = [list(a.stride), list(a.pad_left), list(a.pad_right),
              list(a.dilation), a.groups]
    for op, op_args in ((ckt.conv_forward, (xs, ws, *params)),
                        (ckt.conv_backward_data,
                         (dy, ws.detach(), list(a.x_shape), *params)),
                        (ckt.conv_backward_weight,
                         (xs.detach(), dy, list(a.w_shape), *params))):
        try:
            result = torch.library.opcheck(op, op_args)
            bad = {test: outcome for test, outcome in result.items()
                   if outcome != "SUCCESS"}
        except Exception as e:  # opcheck raises on the first failed test
            bad = {"error": str(e).splitlines()[0]}
        print(f"opcheck {op._qualname}: "
              f"{'all passed' if not bad else bad}")
        if bad:
            opcheck_failures.append(op._qualname)
    # The single convolutions: y, dx and dw against float64.
    op_failures = []
    for name, dtype, x_shape, w_shape, kwargs in OPS:
        rank = len(x_shape) - 2
        ck_conv = {1: ckt.conv1d, 3: ckt.conv3d}[rank]
        ref_conv = {1: F.conv1d, 3: F.conv3d}[rank]
        xs = torch.randn(x_shape, device=device).to(getattr(torch, dtype))
        ws = (torch.randn(w_shape, device=device) * 0.2).to(xs.dtype)
        xs.requires_grad_()
        ws.requires_grad_()
        y = ck_conv(xs, ws, **kwargs)
        dy = torch.randn_like(y)
        dx, dw = torch.autograd.grad(y, (xs, ws), dy)
        xd = xs.detach().double().requires_grad_()
        wd = ws.detach().double().requires_grad_()
        yd = ref_conv(xd, wd, **kwargs)
        dxd, dwd = torch.autograd.grad(yd, (xd, wd), dy.double())
        errors = {what: rel_l2(got.double(), want) for what, got, want in
                  (("y", y, yd), ("dx", dx, dxd), ("dw", dw, dwd))}
        bad = max(errors.values()) > OP_TOLERANCE[dtype]
        print(f"{name}: {'PASS' if not bad else 'FAIL'} rel. L2 against "
              f"float64: " + ", ".join(f"{k} {v:.2e}" for k, v in errors.items()))
        if bad:
            op_failures.append(name)
    loss_errors = [abs(a - b) / abs(b) for a, b in
                   zip(losses["ck"], losses["cudnn"])]
    grads_ok = all(ck <= GRAD_TOLERANCE for ck, _ in grad_errors)
    ok = (max(loss_errors) <= LOSS_TOLERANCE and grads_ok
          and not opcheck_failures and not op_failures)
    for step, (a, b) in enumerate(zip(losses["ck"], losses["cudnn"])):
        print(f"step {step}: loss ck {a:.6f} cudnn {b:.6f} "
              f"(rel. difference {abs(a - b) / abs(b):.2e})")
    names = [f"conv{i}.{kind}" for i in range(len(LAYERS))
             for kind in ("weight", "bias")]
    for name, (ck, cudnn) in zip(names, grad_errors):
        print(f"gradient {name}: rel. L2 error against float64: ck {ck:.2e}, "
              f"cuDNN {cudnn:.2e}")
    print(f"torch_train: {'PASS' if ok else 'FAIL'} (seed {seed}; losses "
          f"{'decrease' if losses['ck'][-1] < losses['ck'][0] else 'do not decrease'})")
    if json_path:
        with open(json_path, "w") as f:
            json.dump({"seed": seed, "pass": ok, "losses": losses,
                       "loss_rel_errors": loss_errors,
                       "grad_rel_l2_vs_float64": {
                           n: {"ck": ck, "cudnn": cudnn}
                           for n, (ck, cudnn) in zip(names, grad_errors)},
                       "opcheck_failures": opcheck_failures,
                       "op_failures": op_failures,
                       "loss_tolerance": LOSS_TOLERANCE,
                       "grad_tolerance": GRAD_TOLERANCE}, f, indent=1)
    return 0 if ok else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["compile", "run"])
    parser.add_argument("directory")
    parser.add_argument("--json")
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    args = parser.parse_args()
    os.environ["CK_MLIR_BUNDLES"] = os.path.abspath(args.directory)
    if args.mode == "compile":
        compile_bundles(args.directory)
        return 0
    return run(args.json, args.seed)


if __name__ == "__main__":
    sys.exit(main())
