"""cudacffi: CUDA's host APIs (Driver, Runtime, NVRTC, ...) for CPython and PyPy, with cuda.bindings' conventions.

    from cudacffi import driver, runtime, nvrtc   # instead of: from cuda.bindings import ...

Importing loads no CUDA library; each family loads its library on its first call. ``check(result)``
turns a result tuple into its outputs or raises ``CUDAError``.
"""

from ._errors import CUDAError, FunctionNotFoundError, LibraryNotFoundError, LibraryVersionError

__version__ = "0.1.0"
__all__ = ["check", "CUDAError", "LibraryNotFoundError", "FunctionNotFoundError", "LibraryVersionError",
           "__version__"]


def _error_text(result):
    """(name, description) of a status enum member from the family that defined it."""
    module = type(result).__module__
    name = getattr(result, "name", str(int(result)))
    description = ""
    try:
        if module.endswith("driver"):
            from . import driver

            err, s = driver.cuGetErrorString(result)
            if not err and s:
                description = s.decode(errors="replace")
        elif module.endswith("runtime"):
            from . import runtime

            err, s = runtime.cudaGetErrorString(result)
            if not err and s:
                description = s.decode(errors="replace")
        elif module.endswith("nvrtc"):
            from . import nvrtc

            err, s = nvrtc.nvrtcGetErrorString(result)
            if s:
                description = s.decode(errors="replace")
    except Exception:  # describing an error must never hide it
        pass
    return name, description


def check(result):
    """The seeds' ``checkCudaErrors``: outputs of a result tuple, or ``CUDAError`` if its status failed.

    ``(SUCCESS,)`` -> None; ``(SUCCESS, x)`` -> x; ``(SUCCESS, x, y)`` -> (x, y).
    """
    if not isinstance(result, tuple) or not result:
        raise TypeError("check() expects the tuple a cudacffi call returns, not %s" % type(result).__name__)
    status = result[0]
    if int(status):
        name, description = _error_text(status)
        raise CUDAError(status, name, description)
    if len(result) == 1:
        return None
    if len(result) == 2:
        return result[1]
    return result[1:]
