"""NVML as this package calls it: initialised once per process, its functions raising ``_MissingFunction`` for a
function the loaded library lacks, and the raw calls on C arrays the package builds itself.

Everything the package asks of NVML goes through here: ``_nv.<binding>`` for ``cudacffi.nvml``'s functions,
``_raw`` for a C call through the seam (``cudacffi._direct.nvml``). Nothing here loads NVML at import time.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Callable

from cudacffi import FunctionNotFoundError, nvml
from cudacffi._direct import nvml as _seam


class _MissingFunction(nvml.FunctionNotFoundError, FunctionNotFoundError):
    """A function this process's libnvidia-ml lacks (an older driver): NVML's FunctionNotFoundError, an
    NvmlError as cuda.core.system raises it, and also cudacffi.FunctionNotFoundError, whose message it keeps."""

    def __new__(cls, message):
        return Exception.__new__(cls, message)

    def __init__(self, message):
        nvml.FunctionNotFoundError.__init__(self, nvml.Return.ERROR_FUNCTION_NOT_FOUND)
        self.args = (message,)

    def __str__(self):
        return self.args[0]


class _Bindings:
    """``cudacffi.nvml``'s functions, raising ``_MissingFunction`` for a function the library lacks."""

    def __getattr__(self, name):
        fn = getattr(nvml, name)

        def call(*args):
            try:
                return fn(*args)
            except FunctionNotFoundError as e:
                raise _MissingFunction(str(e)) from None

        call.__name__ = name
        setattr(self, name, call)
        return call


_nv = _Bindings()


def _nv_call(name, *args):
    """``_nv.<name>(*args)``, for a finalizer's deferred call (``_nv``'s lookup runs Python code: not there)."""
    return getattr(_nv, name)(*args)


# -- NVML, initialised once -------------------------------------------------------------------------------------

_init_lock = threading.Lock()
_initialized = [0]  # the pid of the process that initialized NVML (a forked child initializes it again)


def _init():
    """nvmlInit once per process, as cuda.core does; a failure (no driver: LibraryNotFoundError) is raised and
    retried next time."""
    if _initialized[0] != os.getpid():
        with _init_lock:
            if _initialized[0] != os.getpid():
                nvml.init_v2()
                _initialized[0] = os.getpid()


def _raw(name, *args):
    """Call NVML's C function ``name`` with cffi arguments built here; raises the call's NvmlError.

    For the calls whose arrays this package builds itself (field values, system event buffers) and whose missing
    symbol must read as this package's own error."""
    _init()
    try:
        status = _seam.call(name, *args)
    except FunctionNotFoundError as e:
        raise _MissingFunction(str(e)) from None
    nvml.check_status(status)


# cffi objects of NVML's declarations, for the calls made through ``_raw``
c_new = _seam.new
c_cast = _seam.cast
c_sizeof = _seam.sizeof


def _c_struct(obj, ctype):
    """The C struct behind a binding's struct object (``obj`` must stay alive while it is read): the bindings'
    elements of a nested array of anonymous structs (thermal sensors, P-state utilizations) read no fields."""
    return c_cast(ctype + " *", obj.getPtr())


def _version_of(ctype, version):
    """NVML's versioned-struct tag: sizeof(struct) | version << 24."""
    return c_sizeof(ctype) | (version << 24)


def _needs_13(name: str) -> Callable[..., Any]:
    """The NVML binding ``name``, or NotImplementedError where this build's headers predate it."""
    if not hasattr(nvml, name):
        raise NotImplementedError("%s needs cudacffi built with CUDA 13.0 or newer headers (this build: CUDA %s)"
                                  % (name, nvml.CUDA_VERSION))
    return getattr(_nv, name)
