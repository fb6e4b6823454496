"""PyTorch convolution arguments as ck problems, without PyTorch.

ck_mlir.torch takes PyTorch's convolution arguments (NC... tensors,
stride, padding, dilation, groups); this module checks them and states the
ck problem each direction computes, as ck-compile's named flags, with the
tensors in channels-last layouts (NHWGC, GKYXC, NHWGK and their 1-D and
3-D forms), which are PyTorch's channels-last memory formats. Every
unsupported case is a ValueError that says what and why.
"""

from typing import List, Optional, Sequence, Tuple, Union

DTYPES = {"float16": "f16", "bfloat16": "bf16", "float32": "f32"}
DIRECTIONS = ("fwd", "bwd_data", "bwd_weight")


def _per_dim(name: str, value, rank: int) -> Tuple[int, ...]:
    values = (value,) * rank if isinstance(value, int) else tuple(value)
    if len(values) != rank or not all(isinstance(v, int) for v in values):
        raise ValueError(f"{name} must be an int or {rank} ints, got {value!r}")
    return values


class ConvArgs:
    """A convolution y = conv(x, w) as PyTorch states it, checked."""

    def __init__(self, x_shape: Sequence[int], w_shape: Sequence[int],
                 dtype: str, stride=1, padding: Union[int, Sequence[int], str] = 0,
                 dilation=1, groups: int = 1,
                 pad_right: Optional[Sequence[int]] = None):
        """`padding` as PyTorch takes it; with `pad_right`, `padding` pads
        the start of each spatial dimension and `pad_right` its end."""
        x_shape, w_shape = tuple(x_shape), tuple(w_shape)
        rank = len(x_shape) - 2
        if rank not in (1, 2, 3) or len(w_shape) != len(x_shape):
            raise ValueError(
                "ck convolutions take (N, C, *spatial) inputs and (K, C/groups, "
                f"*filter) weights with 1, 2 or 3 spatial dimensions; got input "
                f"{list(x_shape)} and weight {list(w_shape)}")
        if dtype not in DTYPES:
            raise ValueError(f"ck convolutions compute in float16, bfloat16 or "
                             f"float32, not {dtype}")
        if not isinstance(groups, int) or groups < 1:
            raise ValueError(f"groups must be a positive int, got {groups!r}")
        n, channels = x_shape[:2]
        filters, group_channels = w_shape[:2]
        if channels != groups * group_channels or filters % groups:
            raise ValueError(
                f"input channels ({channels}) must be groups ({groups}) times the "
                f"weight's input channels ({group_channels}), and the weight's "
                f"filters ({filters}) a multiple of groups")
        if min(x_shape + w_shape) < 1:
            raise ValueError(f"tensors must not be empty: input {list(x_shape)}, "
                             f"weight {list(w_shape)}")
        self.rank, self.dtype, self.groups = rank, DTYPES[dtype], groups
        self.x_shape, self.w_shape = x_shape, w_shape
        self.stride = _per_dim("stride", stride, rank)
        self.dilation = _per_dim("dilation", dilation, rank)
        if min(self.stride + self.dilation) < 1:
            raise ValueError("strides and dilations must be >= 1")
        filt = w_shape[2:]
        if padding == "valid":
            self.pad_left = self.pad_right = (0,) * rank
        elif padding == "same":
            if self.stride != (1,) * rank:
                raise ValueError("padding='same' needs unit strides")
            # As PyTorch: the extra pad of an even window goes to the end.
            total = [d * (f - 1) for d, f in zip(self.dilation, filt)]
            self.pad_left = tuple(t // 2 for t in total)
            self.pad_right = tuple(t - t // 2 for t in total)
        else:
            self.pad_left = self.pad_right = _per_dim("padding", padding, rank)
            if pad_right is not None:
                self.pad_right = _per_dim("pad_right", pad_right, rank)
            if min(self.pad_left + self.pad_right) < 0:
                raise ValueError("padding must be >= 0")
        self.out_size = tuple(
            (size + pl + pr - d * (f - 1) - 1) // s + 1
            for size, f, s, d, pl, pr in zip(x_shape[2:], filt, self.stride,
                                              self.dilation, self.pad_left,
                                              self.pad_right))
        if min(self.out_size) < 1:
            raise ValueError(
                f"the output would be empty: input {list(x_shape[2:])}, filter "
                f"{list(filt)}, stride {list(self.stride)}, dilation "
                f"{list(self.dilation)}, padding {list(self.pad_left)}/"
                f"{list(self.pad_right)}")
        self.n, self.c = n, group_channels
        self.k = filters // groups

    @property
    def y_shape(self) -> Tuple[int, ...]:
        return (self.n, self.groups * self.k) + self.out_size

    def flags(self, direction: str) -> str:
        """ck-compile's named flags of the problem `direction` computes."""
        if direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}")
        def csv(values):
            return ",".join(str(v) for v in values)
        return (f"--direction={direction} --type={self.dtype} -G={self.groups} "
                f"-N={self.n} -C={self.c} -K={self.k} --in={csv(self.x_shape[2:])} "
                f"--filter={csv(self.w_shape[2:])} --stride={csv(self.stride)} "
                f"--dilation={csv(self.dilation)} --pad-left={csv(self.pad_left)} "
                f"--pad-right={csv(self.pad_right)}")


def problems_of(args: ConvArgs, grads: bool = True) -> List[str]:
    """The flags of the problems a training step of `args` runs: forward
    and, with `grads`, backward-data and backward-weight."""
    return [args.flags(d) for d in (DIRECTIONS if grads else ("fwd",))]
