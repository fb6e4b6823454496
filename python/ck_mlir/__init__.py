"""ck-mlir from Python: describe convolution problems and compile them.

The package grows with the compiler; today it describes grouped
convolutions, reads problem tables (the columns of the RetinaNet CSV), writes
them as ck dialect IR and runs `ck-opt` on them.
"""

from ._version import __version__
from .problem import ConvProblem, read_problems
from .tools import CkOptError, find_ck_opt, run_ck_opt

__all__ = [
    "__version__",
    "CkOptError",
    "ConvProblem",
    "find_ck_opt",
    "read_problems",
    "run_ck_opt",
]
