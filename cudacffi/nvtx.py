"""NVTX ranges and marks from Python: named spans of host time that Nsight Systems draws on its timeline
(and Nsight Compute can filter kernels by).

How NVTX reaches a tool: NVTX 3 is a C header whose calls go through a table of function pointers. On the
first call the table is filled from the tool's injection library, which the profiler names in the
``NVTX_INJECTION64_PATH`` environment variable of the process it starts; with none named, every entry is
an empty function. This module calls that C API in ``libnvtx3interop.so.1`` (the header built as a shared
library: CUDA 13 toolkits, and the ``nvidia-nvtx`` / ``nvidia-nvtx-cu12`` wheels, which PyTorch also
pulls in) or in the older ``libnvToolsExt.so.1``, opened with ctypes.

What it must not do: cost anything, or fail, where no tool listens. Where ``NVTX_INJECTION64_PATH`` is
unset, no library is opened and every function here checks its arguments and returns (so code that runs
without a profiler also runs under one). Where it is set but no NVTX library can be found, a
``RuntimeWarning`` says so once and the calls stay empty. The library is looked for, in order, at
``CUDACFFI_LIBNVTX``, in the NVIDIA wheels on ``sys.path``, in the toolkit (``CUDA_PATH``, ``CUDA_HOME``,
/usr/local/cuda), then by the system loader.

For example::

    from cudacffi import nvtx

    with nvtx.range("load data", color=0xFF2080FF):
        ...
    @nvtx.range()                           # the function's name
    def step(): ...
    solver = nvtx.Domain("solver")          # a named domain: its own row in Nsight Systems
    solver.mark("converged", payload=42)
"""

import ctypes
import functools
import os
import sys
import threading
import warnings

__all__ = ["Domain", "enabled", "end_range", "library_path", "mark", "pop_range", "push_range", "range",
           "start_range"]

NO_TOOL_LEVEL = -2  # what NVTX's push/pop return where no tool tracks ranges (NVTX_NO_PUSH_POP_TRACKING)

_NAMES = ("libnvtx3interop.so.1", "libnvToolsExt.so.1")
_WHEEL_DIRS = ("nvidia/cu13/lib", "nvidia/nvtx/lib")
_TOOLKIT_DIRS = ("lib64", "lib", "targets/x86_64-linux/lib")

# nvtxEventAttributes_t (version 3 of the header) and its enum values
_NVTX_VERSION = 3
_COLOR_ARGB = 1
_MESSAGE_ASCII = 1
_PAYLOAD_UINT64, _PAYLOAD_INT64, _PAYLOAD_DOUBLE = 1, 2, 3


class _Payload(ctypes.Union):
    _fields_ = [("ullValue", ctypes.c_uint64), ("llValue", ctypes.c_int64), ("dValue", ctypes.c_double)]


class _EventAttributes(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint16), ("size", ctypes.c_uint16), ("category", ctypes.c_uint32),
                ("colorType", ctypes.c_int32), ("color", ctypes.c_uint32), ("payloadType", ctypes.c_int32),
                ("reserved0", ctypes.c_int32), ("payload", _Payload), ("messageType", ctypes.c_int32),
                ("message", ctypes.c_char_p)]


_ATTR = ctypes.POINTER(_EventAttributes)
_HANDLE = ctypes.c_void_p
# name: (restype, argtypes)
_SIGNATURES = {
    "nvtxMarkEx": (None, [_ATTR]),
    "nvtxRangePushEx": (ctypes.c_int, [_ATTR]),
    "nvtxRangePop": (ctypes.c_int, []),
    "nvtxRangeStartEx": (ctypes.c_uint64, [_ATTR]),
    "nvtxRangeEnd": (None, [ctypes.c_uint64]),
    "nvtxDomainCreateA": (_HANDLE, [ctypes.c_char_p]),
    "nvtxDomainDestroy": (None, [_HANDLE]),
    "nvtxDomainMarkEx": (None, [_HANDLE, _ATTR]),
    "nvtxDomainRangePushEx": (ctypes.c_int, [_HANDLE, _ATTR]),
    "nvtxDomainRangePop": (ctypes.c_int, [_HANDLE]),
    "nvtxDomainRangeStartEx": (ctypes.c_uint64, [_HANDLE, _ATTR]),
    "nvtxDomainRangeEnd": (None, [_HANDLE, ctypes.c_uint64]),
}

_UNDECIDED = object()
_lib = _UNDECIDED  # the opened library, None where calls are empty, _UNDECIDED before the first call
_path = None
_lock = threading.Lock()


def _candidates():
    """(path or soname, where) of the NVTX library, in search order."""
    env = os.environ.get("CUDACFFI_LIBNVTX")
    if env:
        yield env, "CUDACFFI_LIBNVTX"
        return
    for entry in sys.path:
        for sub in _WHEEL_DIRS:
            for name in _NAMES:
                path = os.path.join(entry or ".", *sub.split("/"), name)
                if os.path.exists(path):
                    yield path, "NVIDIA wheel"
    for var, root in (("CUDA_PATH", os.environ.get("CUDA_PATH")), ("CUDA_HOME", os.environ.get("CUDA_HOME")),
                      ("default toolkit", "/usr/local/cuda")):
        for sub in _TOOLKIT_DIRS if root else ():
            for name in _NAMES:
                path = os.path.join(root, *sub.split("/"), name)
                if os.path.exists(path):
                    yield path, var
    for name in _NAMES:
        yield name, "system loader"


def _open():
    """The NVTX library with its signatures set, or None (and a warning) where none can be opened."""
    global _path
    tried = []
    for path, where in _candidates():
        try:
            lib = ctypes.CDLL(path)
            for name, (restype, argtypes) in _SIGNATURES.items():
                function = getattr(lib, name)
                function.restype, function.argtypes = restype, argtypes
        except (OSError, AttributeError) as e:
            tried.append("%s (%s): %s" % (path, where, e))
            continue
        _path = path
        return lib
    warnings.warn("cudacffi.nvtx: NVTX_INJECTION64_PATH names a tool, but no NVTX library could be opened, so "
                  "ranges and marks are not recorded (pip install nvidia-nvtx-cu12, or name the library in "
                  "CUDACFFI_LIBNVTX); tried: %s" % "; ".join(tried), RuntimeWarning, stacklevel=3)
    return None


def _library():
    """The library to call, or None: decided on the first call, once per process."""
    global _lib
    if _lib is _UNDECIDED:
        with _lock:
            if _lib is _UNDECIDED:
                _lib = _open() if os.environ.get("NVTX_INJECTION64_PATH") else None
    return _lib


def enabled():
    """Whether calls here reach a tool: one is named in NVTX_INJECTION64_PATH and the NVTX library opened."""
    return _library() is not None


def library_path():
    """The NVTX library the calls go through, or None where they are empty."""
    return _path if _library() is not None else None


def _argument_error(func, name, message, kind=TypeError):
    return kind("%s(): argument '%s' %s" % (func, name, message))


def _message(func, message, name="message"):
    if message.__class__ is str:
        data = message.encode("utf-8")
    elif isinstance(message, (bytes, bytearray)):
        data = bytes(message)
    else:
        raise _argument_error(func, name, "must be str or bytes, not %s" % type(message).__name__)
    if b"\0" in data:
        raise _argument_error(func, name, "must not contain a NUL character", ValueError)
    return data


def _uint32(func, name, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise _argument_error(func, name, "must be an int, not %s" % type(value).__name__)
    if not 0 <= value <= 0xFFFFFFFF:
        raise _argument_error(func, name, "must be in [0, 0xFFFFFFFF], not %d" % value, OverflowError)
    return int(value)


def _checked(func, message, color, payload, category):
    """The event's arguments, checked: (message bytes, color or None, payload or None, category)."""
    data = _message(func, message)
    if color is not None:
        color = _uint32(func, "color", color)
    category = _uint32(func, "category", category)
    if payload is not None:
        if isinstance(payload, bool) or not isinstance(payload, (int, float)):
            raise _argument_error(func, "payload", "must be an int or a float, not %s" % type(payload).__name__)
        if isinstance(payload, int) and not -(1 << 63) <= payload < (1 << 64):
            raise _argument_error(func, "payload", "must fit in 64 bits, not %d" % payload, OverflowError)
    return data, color, payload, category


def _event(data, color, payload, category):
    """An nvtxEventAttributes_t of checked arguments."""
    attrs = _EventAttributes(version=_NVTX_VERSION, size=ctypes.sizeof(_EventAttributes), category=category,
                             messageType=_MESSAGE_ASCII, message=data)
    if color is not None:
        attrs.colorType, attrs.color = _COLOR_ARGB, color
    if isinstance(payload, float):
        attrs.payloadType, attrs.payload.dValue = _PAYLOAD_DOUBLE, payload
    elif payload is not None and payload >= (1 << 63):
        attrs.payloadType, attrs.payload.ullValue = _PAYLOAD_UINT64, payload
    elif payload is not None:
        attrs.payloadType, attrs.payload.llValue = _PAYLOAD_INT64, payload
    return attrs


def _domain_handle(func, domain):
    if domain is None:
        return None
    if not isinstance(domain, Domain):
        raise _argument_error(func, "domain", "must be a cudacffi.nvtx.Domain or None, not %s" % type(domain).__name__)
    if domain.handle is None and domain.destroyed:
        raise _argument_error(func, "domain", "was destroyed", ValueError)
    return domain.handle


def push_range(message, color=None, payload=None, category=0, domain=None):
    """Open a range on this thread, nested in the open ones; ``pop_range`` closes it. ``color`` is 0xAARRGGBB,
    ``payload`` an int or a float shown with the range. Returns the range's nesting level (from 0), or
    NO_TOOL_LEVEL (-2) where no tool tracks ranges."""
    handle = _domain_handle("push_range", domain)
    event = _checked("push_range", message, color, payload, category)
    if _library() is None:
        return NO_TOOL_LEVEL
    attrs = _event(*event)
    if handle is None:
        return _lib.nvtxRangePushEx(attrs)
    return _lib.nvtxDomainRangePushEx(handle, attrs)


def pop_range(domain=None):
    """Close the innermost range this thread opened (in ``domain``); returns the level it had, or
    NO_TOOL_LEVEL (-2) where no tool tracks ranges."""
    handle = _domain_handle("pop_range", domain)
    if _library() is None:
        return NO_TOOL_LEVEL
    if handle is None:
        return _lib.nvtxRangePop()
    return _lib.nvtxDomainRangePop(handle)


def mark(message, color=None, payload=None, category=0, domain=None):
    """An instant event on the timeline."""
    handle = _domain_handle("mark", domain)
    event = _checked("mark", message, color, payload, category)
    if _library() is None:
        return
    attrs = _event(*event)
    if handle is None:
        _lib.nvtxMarkEx(attrs)
    else:
        _lib.nvtxDomainMarkEx(handle, attrs)


def start_range(message, color=None, payload=None, category=0, domain=None):
    """Open a range that any thread may close with ``end_range(id)`` (ranges that do not nest); returns
    its id (0 where no tool listens)."""
    handle = _domain_handle("start_range", domain)
    event = _checked("start_range", message, color, payload, category)
    if _library() is None:
        return 0
    attrs = _event(*event)
    if handle is None:
        return _lib.nvtxRangeStartEx(attrs)
    return _lib.nvtxDomainRangeStartEx(handle, attrs)


def end_range(range_id, domain=None):
    """Close the range ``start_range`` returned ``range_id`` for."""
    handle = _domain_handle("end_range", domain)
    if isinstance(range_id, bool) or not isinstance(range_id, int):
        raise _argument_error("end_range", "range_id", "must be an int, not %s" % type(range_id).__name__)
    if not 0 <= range_id < (1 << 64):
        raise _argument_error("end_range", "range_id", "must be in [0, 2**64), not %d" % range_id, OverflowError)
    if _library() is None:
        return
    if handle is None:
        _lib.nvtxRangeEnd(range_id)
    else:
        _lib.nvtxDomainRangeEnd(handle, range_id)


class Domain:
    """A named NVTX domain: its ranges and marks are grouped apart from the default domain's. The methods
    are the module's functions with ``domain=self``."""

    def __init__(self, name):
        data = _message("Domain", name, "name")
        if not data:
            raise _argument_error("Domain", "name", "must not be empty", ValueError)
        self.name = data.decode("utf-8", errors="replace")
        self.destroyed = False
        self.handle = _lib.nvtxDomainCreateA(data) if _library() is not None else None

    def push_range(self, message, color=None, payload=None, category=0):
        return push_range(message, color, payload, category, domain=self)

    def pop_range(self):
        return pop_range(domain=self)

    def mark(self, message, color=None, payload=None, category=0):
        mark(message, color, payload, category, domain=self)

    def start_range(self, message, color=None, payload=None, category=0):
        return start_range(message, color, payload, category, domain=self)

    def end_range(self, range_id):
        end_range(range_id, domain=self)

    def range(self, message=None, color=None, payload=None, category=0):
        return range(message, color, payload, category, domain=self)

    def destroy(self):
        """Release the domain in the tool; its methods then raise ValueError."""
        if self.handle is not None:
            _lib.nvtxDomainDestroy(self.handle)
        self.handle, self.destroyed = None, True

    def __repr__(self):
        return "<cudacffi.nvtx.Domain %r%s>" % (self.name, " (destroyed)" if self.destroyed else "")


class range:  # noqa: N801  (named like the NVTX notion it stands for, as ``with nvtx.range(...)`` reads)
    """A range as a context manager (``with nvtx.range("step"):``) or a function decorator
    (``@nvtx.range()`` names the range after the function; ``@nvtx.range("name")`` names it)."""

    def __init__(self, message=None, color=None, payload=None, category=0, domain=None):
        _checked("range", b"" if message is None else message, color, payload, category)  # now, not at entry
        _domain_handle("range", domain)
        self.message, self.color, self.payload, self.category, self.domain = message, color, payload, category, domain

    def __enter__(self):
        if self.message is None:
            raise _argument_error("range", "message", "is needed where range is used in a with statement")
        push_range(self.message, self.color, self.payload, self.category, self.domain)
        return self

    def __exit__(self, *exc):
        pop_range(self.domain)
        return False

    def __call__(self, func):
        if not callable(func):
            raise TypeError("range(...) decorates a function, not %s" % type(func).__name__)
        named = range(self.message if self.message is not None else getattr(func, "__qualname__", repr(func)),
                      self.color, self.payload, self.category, self.domain)

        @functools.wraps(func)
        def ranged(*args, **kwargs):
            with named:
                return func(*args, **kwargs)
        return ranged

