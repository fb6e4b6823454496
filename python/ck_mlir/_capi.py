"""The compiler's C API (include/ck-c/Compiler.h) through ctypes.

The library is libck_mlir_capi.so: $CK_MLIR_CAPI names it, else ck's
library directory (the build's, or the install's: _locations.py), else the
system's library path.
"""

import ctypes
import json
import os
from typing import List

from . import _locations


class CompilerError(RuntimeError):
    """The compiler refused a problem or failed; the message says why."""


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class _LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
_lib = None


def _library_path() -> str:
    explicit = os.environ.get("CK_MLIR_CAPI")
    if explicit:
        return explicit
    built = os.path.join(_locations.lib_dir(), "libck_mlir_capi.so")
    return built if os.path.exists(built) else "libck_mlir_capi.so"


def library():
    """The loaded C API library."""
    global _lib
    if _lib is None:
        path = _library_path()
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            raise CompilerError(
                f"cannot load the compiler library {path}: {e}; build the "
                "project (scripts/build.sh) or set CK_MLIR_CAPI") from e
        for name, extra in (("ckParseProblems", [_CALLBACK]),
                            ("ckCompileProblem", [_StringRef, _StringRef])):
            fn = getattr(lib, name)
            fn.restype = _LogicalResult
            fn.argtypes = [_StringRef] + extra + [_CALLBACK, ctypes.c_void_p]
        _lib = lib
    return _lib


def _ref(text: str) -> _StringRef:
    data = text.encode()
    return _StringRef(data, len(data))


def _collector(into: List[str]):
    def call(ref, _):
        into.append(ctypes.string_at(ref.data, ref.length).decode())
    return _CALLBACK(call)


def parse_problems(args: List[str]) -> List[dict]:
    """Problems as ck-compile takes them (named flags, --csv FILE
    --direction D --type T, or --ckprofiler OP ARGS...), parsed by the
    compiler's own parser; one dict per problem (ckParseProblems' JSON)."""
    problems, errors = [], []
    on_problem, on_error = _collector(problems), _collector(errors)
    result = library().ckParseProblems(_ref("\n".join(args)), on_problem,
                                       on_error, None)
    if not result.value:
        raise ValueError("; ".join(errors) or "the problem does not parse")
    return [json.loads(p) for p in problems]


def compile_problem(chip: str, flags: str, output_dir: str) -> None:
    """Compiles the problem of ck-compile's named `flags` for `chip` into
    the bundle `output_dir` (through the compiler's cache)."""
    errors = []
    on_error = _collector(errors)
    result = library().ckCompileProblem(_ref(chip), _ref(flags),
                                        _ref(output_dir), on_error, None)
    if not result.value:
        raise CompilerError("\n".join(errors) or f"compiling {flags} failed")
