"""ck-mlir from Python.

- ConvProblem, read_problems: convolution problems and problem tables, read
  and checked by the compiler's own parser (its C API, libck_mlir_capi.so);
  ConvProblem.compile(chip, directory) compiles one into a bundle.
- ck_mlir.runtime: bundles loaded and launched through libckrt on PyTorch
  tensors and PyTorch's current stream.
- ck_mlir.torch: conv1d/2d/3d as PyTorch custom operators with autograd.
- ck_mlir.bundles: where bundles live, and compiling them ahead of time.
- run_ck_opt: ck-opt on IR text.
"""

from ._capi import CompilerError
from ._version import __version__
from .problem import ConvProblem, read_problems
from .tools import CkOptError, find_ck_opt, run_ck_opt

__all__ = [
    "__version__",
    "CkOptError",
    "CompilerError",
    "ConvProblem",
    "find_ck_opt",
    "read_problems",
    "run_ck_opt",
]
