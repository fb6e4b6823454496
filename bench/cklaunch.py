"""Load a ck bundle (plan.ckplan + cubin) and launch it on PyTorch tensors.

Only for NVIDIA GPUs: the CUDA driver is called through ctypes, in the
CUDA context PyTorch made current. The plan format is described in
docs/Runtime.md.
"""

import ctypes
import os
import re


class CudaError(RuntimeError):
    pass


_cuda = None


def _driver():
    global _cuda
    if _cuda is None:
        _cuda = ctypes.CDLL("libcuda.so.1")
    return _cuda


def _check(result, what):
    if result != 0:
        name = ctypes.c_char_p()
        _driver().cuGetErrorString(result, ctypes.byref(name))
        raise CudaError(f"{what} failed: {result} {name.value.decode() if name.value else ''}")


class Plan:
    """A parsed plan: target, binary path, meta facts, tensors and kernels."""

    def __init__(self, path):
        self.path = path
        self.meta = {}
        self.tensors = {}
        self.workspaces = {}
        self.kernels = []
        base = os.path.dirname(path)
        with open(path) as f:
            for number, line in enumerate(f, start=1):
                line = line.split("#", 1)[0].strip()
                if not line:
                    continue
                word, _, rest = line.partition(" ")
                if word == "ck-plan":
                    assert rest == "1", f"{path}:{number}: unsupported plan version {rest}"
                elif word == "target":
                    self.target = rest
                elif word == "binary":
                    self.binary = os.path.join(base, rest)
                elif word == "meta":
                    key, _, value = rest.partition(" ")
                    self.meta[key] = value
                elif word == "tensor":
                    index, role, dtype, count = rest.split()
                    self.tensors[int(index)] = (role, dtype, int(count))
                elif word == "workspace":
                    index, size, _ = rest.split()
                    self.workspaces[int(index)] = int(size)
                elif word == "kernel":
                    parts = rest.split()
                    name = parts[0]
                    grid = tuple(int(v) for v in parts[2:5])
                    block = tuple(int(v) for v in parts[6:9])
                    lds = int(parts[10])
                    args = parts[12:]
                    self.kernels.append((name, grid, block, lds, args))
                else:
                    raise ValueError(f"{path}:{number}: unknown directive {word}")

    def problem(self):
        """The problem summary meta line as a dict of its fields."""
        text = self.meta["problem"]
        direction, dtype, *fields = text.split()
        p = {"direction": direction, "dtype": dtype}
        for field in fields:
            key, value = field.split("=")
            if key in ("G", "N", "C", "K"):
                p[key] = int(value)
            elif key == "pad":
                left, right = value.split("/")
                p["pad_left"] = [int(v) for v in left.split("x")]
                p["pad_right"] = [int(v) for v in right.split("x")]
            else:
                p[key] = [int(v) for v in value.split("x")]
        return p


class LoadedPlan:
    """A plan whose module is loaded in the current CUDA context."""

    def __init__(self, plan):
        self.plan = plan
        cuda = _driver()
        with open(plan.binary, "rb") as f:
            image = f.read()
        self._image = ctypes.create_string_buffer(image, len(image))
        self.module = ctypes.c_void_p()
        _check(cuda.cuModuleLoadData(ctypes.byref(self.module), self._image),
               f"cuModuleLoadData({plan.binary})")
        self.functions = []
        for name, grid, block, lds, args in plan.kernels:
            fn = ctypes.c_void_p()
            _check(cuda.cuModuleGetFunction(ctypes.byref(fn), self.module,
                                            name.encode()),
                   f"cuModuleGetFunction({name})")
            self.functions.append(fn)
        # Workspaces are written before they are read by every launch.
        import torch
        self.workspaces = [torch.empty(plan.workspaces[i], dtype=torch.uint8,
                                       device="cuda")
                           for i in sorted(plan.workspaces)]

    def launch(self, tensors, stream=0):
        """Launches every kernel; `tensors[i]` is a CUDA torch tensor."""
        cuda = _driver()
        for fn, (name, grid, block, lds, args) in zip(self.functions,
                                                     self.plan.kernels):
            buffers = {"t": tensors, "w": self.workspaces}
            pointers = [ctypes.c_uint64(buffers[a[0]][int(a[1:])].data_ptr())
                        for a in args]
            params = (ctypes.c_void_p * len(pointers))(
                *[ctypes.cast(ctypes.byref(p), ctypes.c_void_p) for p in pointers])
            _check(cuda.cuLaunchKernel(fn, grid[0], grid[1], grid[2],
                                       block[0], block[1], block[2], lds,
                                       ctypes.c_void_p(stream), params, None),
                   f"cuLaunchKernel({name})")
