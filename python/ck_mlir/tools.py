"""Running the ck command-line tools."""

import os
import shutil
import subprocess
from typing import Sequence

from . import _locations


class CkOptError(RuntimeError):
    """ck-opt rejected its input; the message holds its diagnostics."""


def find_ck_opt() -> str:
    """ck-opt from $CK_OPT, ck's tool directory (the build's or the
    install's), or PATH."""
    candidates = [os.environ.get("CK_OPT")]
    candidates.append(os.path.join(_locations.bin_dir(), "ck-opt"))
    candidates.append(shutil.which("ck-opt"))
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
    raise FileNotFoundError(
        "ck-opt not found: set CK_OPT, build the project (scripts/build.sh) "
        "or put ck-opt on PATH")


def run_ck_opt(ir: str, passes: Sequence[str] = ()) -> str:
    """Runs ck-opt with `passes` (e.g. ["-ck-conv-to-gemm"]) on `ir`."""
    result = subprocess.run([find_ck_opt(), *passes], input=ir,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise CkOptError(result.stderr.strip())
    return result.stdout
