"""Convolutions on PyTorch tensors with ck kernels, with autograd.

    import ck_mlir.torch as ckt
    y = ckt.conv2d(x, w, bias, stride=1, padding=1, groups=1)
    y.sum().backward()          # backward-data and backward-weight are ck's too

conv1d / conv2d / conv3d take PyTorch's arguments (padding an int, a tuple,
'valid' or 'same') and CUDA tensors of float16, bfloat16 or float32. They
are the custom operators ck_mlir::conv_forward, ck_mlir::conv_backward_data
and ck_mlir::conv_backward_weight (torch.library, with fake kernels for
tracing and autograd registered), running on PyTorch's current stream.
Tensors go to the kernels in channels-last layouts (copied when they are in
another memory format); results come back as channels-last tensors.

Bundles are found as ck_mlir.bundles says ($CK_MLIR_BUNDLES, else the
user's cache directory). A missing bundle is compiled through the
compiler's C API where libck_mlir_capi.so loads; elsewhere (a GPU machine
without LLVM) the error gives the ck-compile command that makes it;
ck_mlir.bundles.compile_bundles compiles a model's problems ahead of
time.
"""

import os
import threading
from typing import Dict, List, Optional, Sequence

import torch

from . import _capi
from .bundles import bundle_path, compile_bundle
from .conv_args import ConvArgs
from .runtime import LoadedPlan, Plan

_TORCH_DTYPES = {torch.float16: "float16", torch.bfloat16: "bfloat16",
                 torch.float32: "float32"}
_plans: Dict[tuple, LoadedPlan] = {}
_lock = threading.Lock()


class UnsupportedError(ValueError):
    """A convolution ck does not run; the message says what and why."""


def chip_of(device: torch.device) -> str:
    """ck's name of the GPU of `device` (sm_90a, sm_80, gfx942, ...)."""
    props = torch.cuda.get_device_properties(device)
    if getattr(torch.version, "hip", None):
        return props.gcnArchName.split(":")[0]
    major, minor = props.major, props.minor
    if major == 9:
        return "sm_90a"
    if major == 8:
        return "sm_80"
    raise UnsupportedError(f"ck compiles for sm_80 and sm_90a (compute "
                           f"capability 8.x and 9.x); this GPU is "
                           f"sm_{major}{minor}")


def _plan(flags: str, device: torch.device) -> LoadedPlan:
    chip = chip_of(device)
    bundle = bundle_path(flags, chip)
    key = (device.index, bundle)
    with _lock:
        if key not in _plans:
            if not os.path.exists(os.path.join(bundle, "plan.ckplan")):
                try:
                    compile_bundle(flags, chip, bundle)
                except _capi.CompilerError as e:
                    raise UnsupportedError(
                        f"no bundle {bundle} and it could not be compiled "
                        f"here ({e}); make it with: ck-compile --chip={chip} "
                        f"{flags} -o {bundle}") from e
            with torch.cuda.device(device):
                _plans[key] = LoadedPlan(Plan(os.path.join(bundle,
                                                           "plan.ckplan")))
        return _plans[key]


def _channels_last(t: torch.Tensor) -> torch.Tensor:
    """`t` (N, C, *spatial) as a contiguous (N, *spatial, C) tensor."""
    order = (0,) + tuple(range(2, t.dim())) + (1,)
    return t.permute(order).contiguous()


def _from_channels_last(t: torch.Tensor) -> torch.Tensor:
    """The (N, C, *spatial) view of a (N, *spatial, C) tensor."""
    order = (0, t.dim() - 1) + tuple(range(1, t.dim() - 1))
    return t.permute(order)


def _empty_channels_last(shape, like: torch.Tensor) -> torch.Tensor:
    """An uninitialized (N, C, *spatial) tensor stored channels-last, as
    the kernels write it (the fake kernels give the same strides);
    _channels_last of it is its own storage, not a copy."""
    shape = tuple(shape)
    return _from_channels_last(
        like.new_empty((shape[0],) + shape[2:] + (shape[1],)))


def _args(x_shape, w_shape, dtype, stride, pad_left, pad_right, dilation,
          groups) -> ConvArgs:
    return ConvArgs(x_shape, w_shape, _TORCH_DTYPES[dtype], stride,
                    tuple(pad_left), dilation, groups, pad_right=pad_right)


def _check_tensors(*tensors: torch.Tensor):
    device = tensors[0].device
    for t in tensors:
        if t.device.type != "cuda":
            raise UnsupportedError(f"ck convolutions run on CUDA tensors, got "
                                   f"one on {t.device}")
        if t.device != device:
            raise UnsupportedError("all tensors must be on one device")
        if t.dtype not in _TORCH_DTYPES:
            raise UnsupportedError(f"ck convolutions compute in float16, "
                                   f"bfloat16 or float32, not {t.dtype}")
        if t.dtype != tensors[0].dtype:
            raise UnsupportedError("input, weight and gradients must have one "
                                   "dtype")


def _compute(direction: str, args: ConvArgs, x, w, y,
             like: torch.Tensor) -> torch.Tensor:
    """Runs `direction` on the (N, C, *spatial) input, weight and output,
    of which the one the direction writes is None: that one is allocated
    here (channels-last, like `like`) and returned."""
    tensors = [x, w, y]
    written = tensors.index(None)
    tensors[written] = _empty_channels_last(
        (args.x_shape, args.w_shape, args.y_shape)[written], like)
    cl = [_channels_last(t) for t in tensors]
    _plan(args.flags(direction), like.device).launch(cl)
    return tensors[written]


@torch.library.custom_op("ck_mlir::conv_forward", mutates_args=())
def conv_forward(x: torch.Tensor, w: torch.Tensor, stride: List[int],
                 pad_left: List[int], pad_right: List[int],
                 dilation: List[int], groups: int) -> torch.Tensor:
    _check_tensors(x, w)
    args = _args(x.shape, w.shape, x.dtype, stride, pad_left, pad_right,
                 dilation, groups)
    return _compute("fwd", args, x, w, None, x)


@conv_forward.register_fake
def _(x, w, stride, pad_left, pad_right, dilation, groups):
    args = _args(x.shape, w.shape, x.dtype, stride, pad_left, pad_right,
                 dilation, groups)
    return _empty_channels_last(args.y_shape, x)


@torch.library.custom_op("ck_mlir::conv_backward_data", mutates_args=())
def conv_backward_data(dy: torch.Tensor, w: torch.Tensor,
                       x_shape: List[int], stride: List[int],
                       pad_left: List[int], pad_right: List[int],
                       dilation: List[int], groups: int) -> torch.Tensor:
    _check_tensors(dy, w)
    args = _args(x_shape, w.shape, dy.dtype, stride, pad_left, pad_right,
                 dilation, groups)
    return _compute("bwd_data", args, None, w, dy, dy)


@conv_backward_data.register_fake
def _(dy, w, x_shape, stride, pad_left, pad_right, dilation, groups):
    return _empty_channels_last(x_shape, dy)


@torch.library.custom_op("ck_mlir::conv_backward_weight", mutates_args=())
def conv_backward_weight(x: torch.Tensor, dy: torch.Tensor,
                         w_shape: List[int], stride: List[int],
                         pad_left: List[int], pad_right: List[int],
                         dilation: List[int], groups: int) -> torch.Tensor:
    _check_tensors(x, dy)
    args = _args(x.shape, w_shape, x.dtype, stride, pad_left, pad_right,
                 dilation, groups)
    return _compute("bwd_weight", args, x, None, dy, x)


@conv_backward_weight.register_fake
def _(x, dy, w_shape, stride, pad_left, pad_right, dilation, groups):
    return _empty_channels_last(w_shape, x)


def _setup_context(ctx, inputs, output):
    x, w, stride, pad_left, pad_right, dilation, groups = inputs
    ctx.save_for_backward(x, w)
    ctx.params = (stride, pad_left, pad_right, dilation, groups)


def _backward(ctx, dy):
    x, w = ctx.saved_tensors
    dx = dw = None
    if ctx.needs_input_grad[0]:
        dx = conv_backward_data(dy, w, list(x.shape), *ctx.params)
    if ctx.needs_input_grad[1]:
        dw = conv_backward_weight(x, dy, list(w.shape), *ctx.params)
    return dx, dw, None, None, None, None, None


conv_forward.register_autograd(_backward, setup_context=_setup_context)


def _conv(x, w, bias, stride, padding, dilation, groups):
    if x.dim() != w.dim():
        raise UnsupportedError("input and weight need the same rank")
    _check_tensors(x, w)
    args = ConvArgs(x.shape, w.shape, _TORCH_DTYPES[x.dtype], stride,
                    padding, dilation, groups)
    y = conv_forward(x, w, list(args.stride), list(args.pad_left),
                     list(args.pad_right), list(args.dilation), groups)
    if bias is not None:
        y = y + bias.view((1, -1) + (1,) * args.rank)
    return y


def conv1d(x, w, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.nn.functional.conv1d on ck kernels."""
    _rank(x, 3)
    return _conv(x, w, bias, stride, padding, dilation, groups)


def conv2d(x, w, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.nn.functional.conv2d on ck kernels."""
    _rank(x, 4)
    return _conv(x, w, bias, stride, padding, dilation, groups)


def conv3d(x, w, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """torch.nn.functional.conv3d on ck kernels."""
    _rank(x, 5)
    return _conv(x, w, bias, stride, padding, dilation, groups)


def _rank(x, rank):
    if x.dim() != rank:
        raise UnsupportedError(f"expected a {rank}-D input (N, C, "
                               f"{rank - 2} spatial), got {x.dim()}-D")
