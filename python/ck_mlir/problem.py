"""Grouped convolution problems and their ck dialect IR."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Iterable, List, Sequence

DIRECTIONS = ("fwd", "bwd_data", "bwd_weight")
ELEMENT_TYPES = ("f16", "bf16", "f32")

# Channels-last layouts by number of spatial dimensions.
_LAYOUTS = {
    1: ("NWGC", "GKXC", "NWGK"),
    2: ("NHWGC", "GKYXC", "NHWGK"),
    3: ("NDHWGC", "GKZYXC", "NDHWGK"),
}


def _output_size(size, filt, stride, dilation, pad_left, pad_right):
    span = size + pad_left + pad_right - dilation * (filt - 1) - 1
    return span // stride + 1 if span >= 0 else 0


@dataclass
class ConvProblem:
    """A grouped convolution: C and K are per group, sizes outermost first."""

    G: int
    N: int
    C: int
    K: int
    input_size: Sequence[int]
    filter_size: Sequence[int]
    stride: Sequence[int] = ()
    dilation: Sequence[int] = ()
    pad_left: Sequence[int] = ()
    pad_right: Sequence[int] = ()
    direction: str = "bwd_weight"
    dtype: str = "f16"
    layouts: Sequence[str] = field(default=())

    def __post_init__(self):
        rank = len(self.input_size)
        if rank not in (1, 2, 3):
            raise ValueError(f"expected 1, 2 or 3 spatial dimensions, got {rank}")
        if len(self.filter_size) != rank:
            raise ValueError("filter_size needs one size per spatial dimension")
        for name, default in (("stride", 1), ("dilation", 1),
                              ("pad_left", 0), ("pad_right", 0)):
            values = tuple(getattr(self, name)) or (default,) * rank
            if len(values) != rank:
                raise ValueError(f"{name} needs {rank} values, got {len(values)}")
            setattr(self, name, values)
        self.input_size = tuple(self.input_size)
        self.filter_size = tuple(self.filter_size)
        self.layouts = tuple(self.layouts) or _LAYOUTS[rank]
        if self.direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}, got {self.direction!r}")
        if self.dtype not in ELEMENT_TYPES:
            raise ValueError(f"dtype must be one of {ELEMENT_TYPES}, got {self.dtype!r}")
        if min(self.stride) < 1 or min(self.dilation) < 1:
            raise ValueError("strides and dilations must be >= 1")
        if min(self.pad_left + self.pad_right) < 0:
            raise ValueError("pads must be >= 0")
        if min(self.output_size) < 1:
            raise ValueError(f"the output would be empty: {self.output_size}")

    @property
    def output_size(self) -> tuple:
        return tuple(
            _output_size(*args)
            for args in zip(self.input_size, self.filter_size, self.stride,
                            self.dilation, self.pad_left, self.pad_right))

    def _shape(self, layout: str, spatial: Sequence[int], spatial_letters: str):
        sizes = {"G": self.G, "N": self.N, "C": self.C, "K": self.K}
        sizes.update(zip(spatial_letters[-len(spatial):], spatial))
        return [sizes[letter] for letter in layout]

    def shapes(self):
        """Memref shapes of input, filter and output, in their layouts."""
        in_layout, filter_layout, out_layout = self.layouts
        return (self._shape(in_layout, self.input_size, "DHW"),
                self._shape(filter_layout, self.filter_size, "ZYX"),
                self._shape(out_layout, self.output_size, "DHW"))

    def gemm_sizes(self):
        """(M, N, K) of the GEMM per group for forward and backward-weight
        (ck-conv-to-gemm with merge-groups=1; by default backward-weight
        may take several groups into one GEMM)."""
        out = 1
        for s in self.output_size:
            out *= s
        window = 1
        for s in self.filter_size:
            window *= s
        if self.direction == "fwd":
            return self.N * out, self.K, window * self.C
        if self.direction == "bwd_weight":
            return self.K, window * self.C, self.N * out
        raise ValueError("backward-data splits into several GEMMs")

    def flops(self) -> int:
        m, n, k = (self.N * _prod(self.output_size), self.K,
                   _prod(self.filter_size) * self.C)
        return 2 * self.G * m * n * k

    def to_mlir(self, name: str = "conv") -> str:
        """The problem as a func holding one ck convolution op."""
        def memref(shape):
            return "memref<" + "x".join(str(s) for s in shape) + f"x{self.dtype}>"

        def array(values):
            return "[" + ", ".join(str(v) for v in values) + "]"

        x, w, y = (memref(s) for s in self.shapes())
        return (
            f"func.func @{name}(%x: {x}, %w: {w}, %y: {y}) {{\n"
            f"  ck.conv_{self.direction} input(%x : {x}) filter(%w : {w}) "
            f"output(%y : {y})\n"
            f"      layouts({', '.join(self.layouts)}) strides {array(self.stride)} "
            f"dilations {array(self.dilation)}\n"
            f"      pad_left {array(self.pad_left)} pad_right {array(self.pad_right)}\n"
            f"  return\n}}\n")


def _prod(values):
    result = 1
    for v in values:
        result *= v
    return result


def read_problems(source, direction: str = "bwd_weight",
                  dtype: str = "f16") -> List[ConvProblem]:
    """Reads a problem table with the columns of the RetinaNet CSV
    (G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,dil_w[,layers]);
    lines starting with '#' are comments. `source` is a path or an iterable
    of lines."""
    if isinstance(source, str):
        with open(source, newline="") as f:
            lines = f.readlines()
    else:
        lines = list(source)
    rows = csv.DictReader(io.StringIO(
        "".join(line for line in lines if not line.lstrip().startswith("#"))))
    problems = []
    for number, row in enumerate(rows, start=1):
        try:
            v = {k: int(val) for k, val in row.items() if k}
            problems.append(ConvProblem(
                G=v["G"], N=v["N"], C=v["C"], K=v["K"],
                input_size=(v["H"], v["W"]), filter_size=(v["Y"], v["X"]),
                stride=(v["stride_h"], v["stride_w"]),
                dilation=(v["dil_h"], v["dil_w"]),
                pad_left=(v["pad_h"], v["pad_w"]),
                pad_right=(v["pad_h"], v["pad_w"]),
                direction=direction, dtype=dtype))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"problem table row {number}: {e}") from e
    return problems
