"""Load a ck bundle (plan.ckplan + binary) and launch it on PyTorch tensors.

Loading and launching go through libckrt's C API (ctypes), so schedules,
workspaces and cooperative launches are ckrt's, as for ck-bench. The
library is the file $CKRT_LIBRARY names, else ck's library directory
(the build's or the install's, _locations.py: libckrt.so, or the file under
ckrt's SONAME), else the system's library path. Launches
go on PyTorch's current stream (wrapped with ckrt_stream_wrap), so they
order with PyTorch's work and can be captured into a CUDA graph.
"""

import ctypes
import glob
import os

from . import _locations
_BACKEND_CUDA = 1


class CkrtError(RuntimeError):
    pass


class _ScheduleInfo(ctypes.Structure):
    """The leading fields of ckrt_schedule_info (include/ck-c/Runtime.h),
    then room for the rest."""
    _fields_ = [("name", ctypes.c_char_p), ("kind", ctypes.c_int),
                ("cus", ctypes.c_uint32), ("occupancy", ctypes.c_uint32),
                ("occupancy_queried", ctypes.c_int),
                ("resident_workgroups", ctypes.c_uint64),
                ("grid", ctypes.c_uint32),
                ("workspace_bytes", ctypes.c_uint64),
                ("streamk_tiles", ctypes.c_int64),
                ("data_parallel_tiles", ctypes.c_int64),
                ("streamk_workgroups", ctypes.c_int64),
                ("iters_per_workgroup", ctypes.c_int64),
                ("extra_iters", ctypes.c_int64),
                ("k_batch", ctypes.c_int64),
                ("iters_per_split", ctypes.c_int64),
                ("max_contributors", ctypes.c_int64),
                ("rest", ctypes.c_char * 256)]


_lib = None


def _built_library():
    """libckrt.so in ck's library directory (the build's or the install's),
    or the file under ckrt's SONAME
    (libckrt.so.MAJOR.MINOR), which is all a GPU machine needs to be given;
    else libckrt.so from the system's library path."""
    lib_dir = _locations.lib_dir()
    candidates = [os.path.join(lib_dir, "libckrt.so")] + sorted(
        glob.glob(os.path.join(lib_dir, "libckrt.so.*")))
    return next((os.path.abspath(p) for p in candidates if os.path.exists(p)),
                "libckrt.so")


def _ckrt():
    global _lib
    if _lib is None:
        path = os.environ.get("CKRT_LIBRARY") or _built_library()
        lib = ctypes.CDLL(path)
        lib.ckrt_last_error.restype = ctypes.c_char_p
        lib.ckrt_plan_get_desc.restype = ctypes.c_void_p
        lib.ckrt_plan_desc_num_schedules.restype = ctypes.c_size_t
        lib.ckrt_plan_desc_num_schedules.argtypes = [ctypes.c_void_p]
        lib.ckrt_plan_get_desc.argtypes = [ctypes.c_void_p]
        lib.ckrt_plan_launch.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                         ctypes.c_size_t, ctypes.c_void_p]
        lib.ckrt_plan_schedule_info.argtypes = [
            ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(_ScheduleInfo)]
        lib.ckrt_context_create.argtypes = [ctypes.c_int, ctypes.c_int,
                                            ctypes.POINTER(ctypes.c_void_p)]
        lib.ckrt_plan_load_file.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                            ctypes.c_uint,
                                            ctypes.POINTER(ctypes.c_void_p)]
        lib.ckrt_stream_wrap.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                         ctypes.POINTER(ctypes.c_void_p)]
        lib.ckrt_stream_destroy.argtypes = [ctypes.c_void_p]
        lib.ckrt_plan_destroy.argtypes = [ctypes.c_void_p]
        lib.ckrt_context_destroy.argtypes = [ctypes.c_void_p]
        _lib = lib
    return _lib


def _check(status, what):
    if status != 0:
        raise CkrtError(f"{what}: {_ckrt().ckrt_last_error().decode()}")


class Plan:
    """The facts of a plan the harness reads: target, meta, tensors."""

    def __init__(self, path):
        self.path = path
        self.meta = {}
        self.tensors = {}
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                word, _, rest = line.partition(" ")
                if word == "target":
                    self.target = rest
                elif word == "meta":
                    key, _, value = rest.partition(" ")
                    self.meta[key] = value
                elif word == "tensor":
                    index, role, dtype, count = rest.split()
                    self.tensors[int(index)] = (role, dtype, int(count))

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
    """A plan ckrt loaded on the current CUDA device."""

    def __init__(self, plan):
        import torch
        lib = _ckrt()
        self.plan = plan
        self.context = ctypes.c_void_p()
        _check(lib.ckrt_context_create(_BACKEND_CUDA,
                                       torch.cuda.current_device(),
                                       ctypes.byref(self.context)),
               "ckrt_context_create")
        self.handle = ctypes.c_void_p()
        _check(lib.ckrt_plan_load_file(self.context, plan.path.encode(), 0,
                                       ctypes.byref(self.handle)),
               f"ckrt_plan_load_file({plan.path})")
        # ckrt wrappers of PyTorch's streams, by driver stream.
        self.streams = {}

    def __del__(self):
        lib = _ckrt()
        for stream in getattr(self, "streams", {}).values():
            lib.ckrt_stream_destroy(stream)
        if getattr(self, "handle", None):
            lib.ckrt_plan_destroy(self.handle)
        if getattr(self, "context", None):
            lib.ckrt_context_destroy(self.context)

    def max_contributors(self):
        """The most partial sums added into one output element, as the
        loaded schedules give it (CK's k_batch), or None without one."""
        lib = _ckrt()
        desc = lib.ckrt_plan_get_desc(self.handle)
        most = None
        for i in range(lib.ckrt_plan_desc_num_schedules(desc)):
            info = _ScheduleInfo()
            _check(lib.ckrt_plan_schedule_info(self.handle, i,
                                               ctypes.byref(info)),
                   "ckrt_plan_schedule_info")
            most = max(most or 1, info.max_contributors)
        return most

    def _current_stream(self):
        """ckrt's wrapper of PyTorch's current stream (None: the default
        stream, which is ckrt's NULL stream)."""
        import torch
        native = torch.cuda.current_stream().cuda_stream
        if not native:
            return None
        if native not in self.streams:
            stream = ctypes.c_void_p()
            _check(_ckrt().ckrt_stream_wrap(self.context, native,
                                            ctypes.byref(stream)),
                   "ckrt_stream_wrap")
            self.streams[native] = stream
        return self.streams[native]

    def launch(self, tensors):
        """Enqueues the plan on PyTorch's current stream; `tensors[i]` is a
        CUDA torch tensor."""
        pointers = (ctypes.c_void_p * len(tensors))(
            *[t.data_ptr() for t in tensors])
        _check(_ckrt().ckrt_plan_launch(self.handle, pointers, len(tensors),
                                        self._current_stream()),
               "ckrt_plan_launch")
