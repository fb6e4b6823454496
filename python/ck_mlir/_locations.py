"""Where ck_mlir finds ck's libraries and tools.

In the source tree, the repository's build directory (build/lib, build/bin).
Installed by `cmake --install`, the directories of the same install: the
install writes `_installed.py` beside this file with their paths relative
to the package.
"""

import os

_HERE = os.path.dirname(os.path.abspath(__file__))

try:
    from . import _installed
    _LIB = os.path.normpath(os.path.join(_HERE, _installed.LIB_DIR))
    _BIN = os.path.normpath(os.path.join(_HERE, _installed.BIN_DIR))
except ImportError:
    _LIB = os.path.normpath(os.path.join(_HERE, "..", "..", "build", "lib"))
    _BIN = os.path.normpath(os.path.join(_HERE, "..", "..", "build", "bin"))


def lib_dir() -> str:
    """The directory of libckrt and libck_mlir_capi."""
    return _LIB


def bin_dir() -> str:
    """The directory of ck-opt, ck-compile and ck-bench."""
    return _BIN
