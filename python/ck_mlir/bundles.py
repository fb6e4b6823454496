"""Where ck_mlir keeps compiled bundles, and compiling them ahead of time.

A problem's bundle is DIR/<bundle_name(flags, chip)> (a hash of ck-mlir's
version, the chip and the flags), where DIR is
$CK_MLIR_BUNDLES or ck-mlir/bundles/<chip> in the user's cache directory
($XDG_CACHE_HOME or ~/.cache) and `flags` are its ck-compile named flags.
Naming bundles by their flags lets a GPU machine without the compiler use
bundles compiled elsewhere: compile_bundles() here, carry DIR, set
$CK_MLIR_BUNDLES there.
"""

import hashlib
import os
import shutil
import tempfile
from typing import List, Optional, Sequence

from . import _capi
from ._version import __version__


def bundle_name(flags: str, chip: str) -> str:
    """The directory name of the bundle of the problem `flags` states, for
    `chip`, by this version of ck-mlir."""
    text = f"{__version__}\n{chip}\n{flags}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def bundle_dir(chip: str) -> str:
    explicit = os.environ.get("CK_MLIR_BUNDLES")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ck-mlir", "bundles", chip)


def bundle_path(flags: str, chip: str, directory: Optional[str] = None) -> str:
    return os.path.join(directory or bundle_dir(chip), bundle_name(flags, chip))


def compile_bundle(flags: str, chip: str, bundle: str) -> None:
    """Compiles the problem into a fresh directory beside `bundle` and
    renames it into place, so that another process never sees a bundle
    half written; of two processes compiling one bundle, the first rename
    wins."""
    parent = os.path.dirname(bundle)
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".compiling-", dir=parent)
    try:
        _capi.compile_problem(chip, flags, staging)
        try:
            os.rename(staging, bundle)
        except OSError:
            if not os.path.exists(os.path.join(bundle, "plan.ckplan")):
                raise
    finally:
        if os.path.exists(staging):
            shutil.rmtree(staging)


def compile_bundles(flags: Sequence[str], chip: str,
                    directory: Optional[str] = None) -> List[str]:
    """Compiles each problem of `flags` for `chip` into its bundle under
    `directory` (bundle_dir's by default) unless it is there; returns the
    bundles' directories."""
    bundles = [bundle_path(f, chip, directory) for f in flags]
    missing = [(f, b) for f, b in zip(flags, bundles)
               if not os.path.exists(os.path.join(b, "plan.ckplan"))]
    for f, bundle in _progress(missing, f"compiling for {chip}"):
        compile_bundle(f, chip, bundle)
    return bundles


def _progress(items, what):
    """`items`, with a progress bar (tqdm, Debian's python3-tqdm) on a
    terminal where there are several."""
    try:
        from tqdm import tqdm
    except ImportError:
        return items
    return tqdm(items, desc=what, unit="bundle", disable=len(items) < 2 or None)
