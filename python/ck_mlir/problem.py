"""Grouped convolution problems and their ck dialect IR.

Problems are checked, completed (default strides, pads and layouts) and
read from tables by the compiler's own parser through its C API
(ckParseProblems), the one ck-compile and ck-bench use.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from typing import Iterable, List, Sequence, Union

from . import _capi

DIRECTIONS = ("fwd", "bwd_data", "bwd_weight")
ELEMENT_TYPES = ("f16", "bf16", "f32")


def _csv(values) -> str:
    return ",".join(str(v) for v in values)


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
        if self.direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {DIRECTIONS}, got {self.direction!r}")
        if self.dtype not in ELEMENT_TYPES:
            raise ValueError(f"dtype must be one of {ELEMENT_TYPES}, got {self.dtype!r}")
        flags = [f"--direction={self.direction}", f"--type={self.dtype}",
                 f"-G={self.G}", f"-N={self.N}", f"-C={self.C}", f"-K={self.K}",
                 f"--in={_csv(self.input_size)}",
                 f"--filter={_csv(self.filter_size)}"]
        for name in ("stride", "dilation", "pad_left", "pad_right", "layouts"):
            if getattr(self, name):
                flags.append(f"--{name.replace('_', '-')}={_csv(getattr(self, name))}")
        (parsed,) = _capi.parse_problems(flags)
        self._take(parsed)

    def _take(self, parsed: dict):
        """The compiler's view of the problem: completed fields and facts."""
        self.input_size = tuple(parsed["in"])
        self.filter_size = tuple(parsed["filter"])
        self.stride = tuple(parsed["stride"])
        self.dilation = tuple(parsed["dilation"])
        self.pad_left = tuple(parsed["pad_left"])
        self.pad_right = tuple(parsed["pad_right"])
        self.layouts = tuple(parsed["layouts"])
        self.output_size = tuple(parsed["out"])
        self.key = parsed["key"]
        self.summary = parsed["summary"]
        self.flags = parsed["flags"]
        self._flops = parsed["flops"]
        self._mlir = parsed["mlir"]

    @classmethod
    def _from_parsed(cls, parsed: dict) -> "ConvProblem":
        p = cls.__new__(cls)
        p.G, p.N, p.C, p.K = (parsed[k] for k in "GNCK")
        p.direction, p.dtype = parsed["direction"], parsed["dtype"]
        p._take(parsed)
        return p

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
        out = _prod(self.output_size)
        window = _prod(self.filter_size)
        if self.direction == "fwd":
            return self.N * out, self.K, window * self.C
        if self.direction == "bwd_weight":
            return self.K, window * self.C, self.N * out
        raise ValueError("backward-data splits into several GEMMs")

    def flops(self) -> int:
        return int(self._flops)

    def to_mlir(self) -> str:
        """The problem as a func holding one ck convolution op (@conv)."""
        return self._mlir

    def compile(self, chip: str, directory: str) -> None:
        """Compiles the problem for `chip` into the bundle `directory`
        (through the compiler's C API and its cache)."""
        _capi.compile_problem(chip, self.flags, directory)


def _prod(values):
    result = 1
    for v in values:
        result *= v
    return result


def read_problems(source: Union[str, Iterable[str]], direction: str = "bwd_weight",
                  dtype: str = "f16") -> List[ConvProblem]:
    """Reads a problem table with the columns of the RetinaNet CSV
    (G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,dil_w[,layers]);
    lines starting with '#' are comments. `source` is a path or an iterable
    of lines. The compiler's parser reads it, as ck-compile --csv does."""
    if isinstance(source, str):
        return _read_table(source, direction, dtype)
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.writelines(source)
    try:
        return _read_table(f.name, direction, dtype)
    finally:
        os.unlink(f.name)


def _read_table(path: str, direction: str, dtype: str) -> List[ConvProblem]:
    return [ConvProblem._from_parsed(p) for p in _capi.parse_problems(
        ["--csv", path, "--direction", direction, "--type", dtype])]
